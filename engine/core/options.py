"""Game options: declared per game with their defaults, validated in one place,
and worded for people (the menu shows `label` and `value_label`, never the
option's name or a raw value such as "lowest-wins" or 0)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import OptionError


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()  # allowed values (empty: see low/high)
    low: float | None = None  # numeric range, inclusive
    high: float | None = None
    label: str = ""  # the menu's words: "Who draws after +2 / +4"
    value_names: tuple[tuple[Any, str], ...] = ()  # values in words: ((0, "one game"),)
    value_format: str = "{}"  # any other value: "Seat {}", "{} points"

    def value_label(self, value: Any) -> str:
        """A value as people read it: "lowest score wins", "Seat 3", "on"."""
        for known, words in self.value_names:
            if type(known) is type(value) and known == value:  # False must not read as 0
                return words
        if isinstance(self.default, bool):
            return "on" if value else "off"
        return self.value_format.format(value)

    def check(self, value: Any) -> Any:
        if self.choices:
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise OptionError(f"option {self.name!r} must be one of {allowed}, got {value!r}")
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name!r} must be true or false, got {value!r}")
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option {self.name!r} must be a whole number, got {value!r}")
        if self.low is not None and not (self.low <= value <= self.high):
            raise OptionError(f"option {self.name!r} must be between {self.low:g} and {self.high:g}, got {value!r}")
        return value

    def parse(self, text: str) -> Any:
        """A value typed on the command line ("on", "3", "lowest-wins")."""
        if isinstance(self.default, bool):
            lowered = text.lower()
            if lowered in ("on", "yes", "true", "1"):
                return True
            if lowered in ("off", "no", "false", "0"):
                return False
            raise OptionError(f"option {self.name!r} must be on or off, got {text!r}")
        if isinstance(self.default, int):
            try:
                return int(text)
            except ValueError:
                raise OptionError(f"option {self.name!r} must be a whole number, got {text!r}") from None
        return text


def players_option(low: int, high: int, default: int) -> Option:
    return Option("players", default, f"number of seats ({low}–{high})", low=low, high=high, label="Players")


def resolve(declared: tuple[Option, ...], given: dict[str, Any] | None) -> dict[str, Any]:
    """Every declared option with its value: given ones checked, others default."""
    given = dict(given or {})
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise OptionError(f"unknown option {unknown[0]!r}; this game has: {', '.join(by_name)}")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in declared}
