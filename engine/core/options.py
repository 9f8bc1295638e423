"""Game options: declared per game with their defaults, validated in one place,
and worded for people (the menu shows `label` and `value_label`, never the
option's name or a raw value such as "lowest-wins" or 0). The words are
`Message`s, rendered in each reader's language."""
from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Any

from haudrauf.engine.core.errors import OptionError
from haudrauf.words import Message, msg


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    help: Message | str
    choices: tuple[Any, ...] = ()  # allowed values (empty: see low/high)
    low: float | None = None  # numeric range, inclusive
    high: float | None = None
    label: Message | str = ""  # the menu's words: "Who draws after +2 / +4"
    value_names: tuple[tuple[Any, Message], ...] = ()  # values in words: ((0, msg("one game")),)
    value_format: Message | None = None  # any other value: msg("Seat {value}"); None: the value itself

    def value_label(self, value: Any) -> Message | str:
        """A value as people read it: "lowest score wins", "Seat 3", "on"."""
        for known, words in self.value_names:
            if type(known) is type(value) and known == value:  # False must not read as 0
                return words
        if isinstance(self.default, bool):
            return msg("on") if value else msg("off")
        if self.value_format is None:
            return str(value)
        return Message(self.value_format.text, (("value", str(value)),))

    def check(self, value: Any) -> Any:
        """`value` if the option may take it, else OptionError saying what it may take."""
        if self.choices:
            fits = value in self.choices
        elif isinstance(self.default, bool):
            fits = isinstance(value, bool)
        else:
            whole = not isinstance(self.default, int) or (isinstance(value, int) and not isinstance(value, bool))
            fits = whole and (self.low is None or self.low <= value <= self.high)  # NaN fails the range test
        if not fits:
            raise OptionError(f"option {self.name!r} must be {self.allowed()}, got {reprlib.repr(value)}")
        return value

    def allowed(self) -> str:
        """The values the option takes, in words: "a whole number between 1 and 9"."""
        if self.choices:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if isinstance(self.default, bool):
            return "true or false"
        kind = "a whole number" if isinstance(self.default, int) else "a value"
        return kind if self.low is None else f"{kind} between {self.low:g} and {self.high:g}"

    def parse(self, text: str) -> Any:
        """A value typed on the command line ("on", "3", "lowest-wins")."""
        if isinstance(self.default, bool):
            lowered = text.lower()
            if lowered in ("on", "yes", "true", "1"):
                return True
            if lowered in ("off", "no", "false", "0"):
                return False
            raise OptionError(f"option {self.name!r} must be on or off, got {reprlib.repr(text)}")
        if isinstance(self.default, int):
            try:
                return int(text)
            except ValueError:  # "1e300", "nan", "inf", 5,000 digits
                raise OptionError(f"option {self.name!r} must be {self.allowed()}, got {reprlib.repr(text)}") from None
        return text


def players_option(low: int, high: int, default: int) -> Option:
    return Option("players", default, msg("number of seats ({low}–{high})", low=low, high=high), low=low, high=high,
                  label=msg("Players"))


def resolve(declared: tuple[Option, ...], given: dict[str, Any] | None) -> dict[str, Any]:
    """Every declared option with its value: given ones checked, others default."""
    values = {o.name: o.default for o in declared}
    if not given:
        return values
    unknown = given.keys() - values.keys()
    if unknown:
        raise OptionError(f"unknown option {min(unknown)!r}; this game has: {', '.join(values)}")
    for option in declared:
        if option.name in given:
            values[option.name] = option.check(given[option.name])
    return values
