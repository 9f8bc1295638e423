"""Which key does what. Six seat keys spread over the keyboard so six people
round a laptop can each reach theirs at once; all re-mappable and saved in the
`[keys]` table of settings.toml.

The defaults sit in the same places on QWERTY and QWERTZ keyboards: Q and X on
the left, T at the top, B at the bottom, M and P on the right.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any

import pygame

SEAT_ACTIONS = tuple(f"seat{n}" for n in range(1, 7))
ACTIONS = (*SEAT_ACTIONS, "hau_drauf", "play_pause", "fullscreen", "back", "help", "mute", "log", "reaction_test")
DESCRIPTIONS = {
    **{f"seat{n}": f"seat {n} button (join, end turn, slap race; hold to see your hand)" for n in range(1, 7)},
    "hau_drauf": "HAU DRAUF (the big yellow button)",
    "play_pause": "Play / Pause (start, pause, resume, wake)",
    "fullscreen": "fullscreen on / off",
    "back": "back / menu",
    "help": "this help",
    "mute": "sound on / off",
    "log": "the whole game log (table mode)",
    "reaction_test": "the reaction test: how fast is each of you (unit mode)",
}
DEFAULTS: dict[str, tuple[str, ...]] = {
    "seat1": ("q",), "seat2": ("x",), "seat3": ("b",), "seat4": ("m",), "seat5": ("p",), "seat6": ("t",),
    "hau_drauf": ("space",), "play_pause": ("return", "enter"), "fullscreen": ("f11",),
    "back": ("escape",), "help": ("f1",), "mute": ("f2",), "log": ("l",),
    "reaction_test": ("r",),
}


class KeyMapError(ValueError):
    pass


#: Where an action's default goes when a saved key of the player's already has it.
SPARE_KEYS = ("f5", "f6", "f7", "f8", "f9", "f10", "f12")


def make_room(bindings: dict[str, tuple[str, ...]], saved: list[str]) -> list[str]:
    """A default (say a newer version's R for the reaction test) that one of
    the player's own saved keys already uses moves to a spare key, instead of
    the clash throwing every saved key away. Returns what moved, in words."""
    taken = {key_code(n) for action in saved for n in bindings[action]}
    moved = []
    for action in ACTIONS:
        if action in saved or not any(key_code(n) in taken for n in bindings[action]):
            continue
        free = tuple(n for n in bindings[action] if key_code(n) not in taken)
        if not free:
            in_use = {key_code(n) for names in bindings.values() for n in names}
            free = tuple(n for n in SPARE_KEYS if key_code(n) not in in_use)[:1]
            what = DESCRIPTIONS[action].split(":")[0].split(" (")[0]
            moved.append(f"{bindings[action][0].upper()} is one of your own keys, so {what} is on "
                         f"{free[0].upper() if free else 'no key'}")
        bindings[action] = free
    return moved


def key_code(name: str) -> int:
    """The key's code from its SDL name. Reading the settings happens before the
    window opens (and in the terminal, without one): pygame then warns that it is
    not initialised, though names map to codes all the same."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return pygame.key.key_code(name)
        except ValueError:
            raise KeyMapError(f"unknown key name {name!r}") from None


@dataclass
class KeyMap:
    bindings: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(DEFAULTS))

    def __post_init__(self) -> None:
        self._by_code = self._index()

    def _index(self) -> dict[int, str]:
        index: dict[int, str] = {}
        for action, names in self.bindings.items():
            if action not in ACTIONS:
                raise KeyMapError(f"unknown action {action!r} in the key map")
            for name in names:
                code = key_code(name)
                if code in index and index[code] != action:
                    raise KeyMapError(f"key {name!r} is bound to both {index[code]} and {action}")
                index[code] = action
        missing = [a for a in ACTIONS if not self.bindings.get(a)]
        if missing:
            raise KeyMapError(f"no key for {', '.join(missing)}")
        return index

    def action_for(self, key: int) -> str | None:
        return self._by_code.get(key)

    def rebind(self, action: str, name: str) -> "KeyMap":
        """A new map with `name` as the only key of `action`. An action that had
        that key loses it; if it is left without any, it takes over the keys
        `action` had (the two swap), so no action is ever left unreachable."""
        code = key_code(name)
        old = self.bindings[action]
        bindings = {}
        for other, names in self.bindings.items():
            kept = tuple(n for n in names if key_code(n) != code)
            bindings[other] = kept if kept or kept == names else old
        bindings[action] = (name,)
        return KeyMap(bindings)

    def label(self, action: str) -> str:
        return " / ".join(n.upper() if len(n) == 1 else n.capitalize() for n in self.bindings[action])

    def to_dict(self) -> dict[str, Any]:
        return {action: list(names) for action, names in self.bindings.items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple["KeyMap", list[str]]:
        """A key map from saved data; anything unusable falls back to the defaults, with a reason."""
        bindings = dict(DEFAULTS)
        problems = []
        for action, names in data.items():
            if action not in ACTIONS:
                problems.append(f"unknown key action {action!r} ignored")
                continue
            if isinstance(names, str):
                names = [names]
            try:
                [key_code(n) for n in names]
            except (KeyMapError, TypeError):
                problems.append(f"key {names!r} for {action} is not a key; default kept")
                continue
            bindings[action] = tuple(names)
        problems += make_room(bindings, saved=[a for a in data if a in bindings])
        try:
            return cls(bindings), problems
        except KeyMapError as exc:
            return cls(), [*problems, f"{exc}; default keys used"]
