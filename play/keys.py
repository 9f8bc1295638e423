"""Which key does what, by the keys' names: six seat keys spread over the
keyboard so six people round a laptop can each reach theirs at once; all
re-mappable and saved in the `[keys]` table of settings.toml. Names are checked
here without pygame (the settings are read by the terminal unit and the
simulator too); the window turns them into key codes (table/keymap.py).

The defaults sit in the same places on QWERTY and QWERTZ keyboards: Q and X on
the left, T at the top, B at the bottom, M and P on the right.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from haudrauf.play.language import Language
from haudrauf.words import msg

SEAT_ACTIONS = tuple(f"seat{n}" for n in range(1, 7))
ACTIONS = (*SEAT_ACTIONS, "hau_drauf", "play_pause", "fullscreen", "back", "help", "mute", "log", "reaction_test")
#: What each action does, said in the reader's language where it is shown (the help, Settings → Keys).
DESCRIPTIONS = {
    **{f"seat{n}": msg("seat {n} button (join, end turn, slap race; hold to see your hand)", n=n) for n in range(1, 7)},
    "hau_drauf": msg("HAU DRAUF (the big yellow button)"),
    "play_pause": msg("Play / Pause (start, pause, resume, wake)"),
    "fullscreen": msg("fullscreen on / off"),
    "back": msg("back / menu"),
    "help": msg("this help"),
    "mute": msg("sound on / off"),
    "log": msg("the whole game log (table mode)"),
    "reaction_test": msg("the reaction test: how fast is each of you (unit mode)"),
}
#: The keys whose names are words, as a person reads them in their language (others: "Q", "F1").
KEY_WORDS = {
    "space": msg("Space"), "return": msg("Return"), "enter": msg("Enter"), "escape": msg("Escape"),
    "backspace": msg("Backspace"), "tab": msg("Tab"), "delete": msg("Delete"), "insert": msg("Insert"),
    "home": msg("Home"), "end": msg("End"), "page up": msg("Page up"), "page down": msg("Page down"),
    "left": msg("Left"), "right": msg("Right"), "up": msg("Up"), "down": msg("Down"),
    "caps lock": msg("Caps lock"), "left shift": msg("Left shift"), "right shift": msg("Right shift"),
    "left ctrl": msg("Left ctrl"), "right ctrl": msg("Right ctrl"), "left alt": msg("Left alt"),
    "right alt": msg("Right alt"),
}
DEFAULTS: dict[str, tuple[str, ...]] = {
    "seat1": ("q",), "seat2": ("x",), "seat3": ("b",), "seat4": ("m",), "seat5": ("p",), "seat6": ("t",),
    "hau_drauf": ("space",), "play_pause": ("return", "enter"), "fullscreen": ("f11",),
    "back": ("escape",), "help": ("f1",), "mute": ("f2",), "log": ("l",),
    "reaction_test": ("r",),
}
#: Where an action's default goes when a saved key of the player's already has it.
SPARE_KEYS = ("f5", "f6", "f7", "f8", "f9", "f10", "f12")

# The names SDL (and so pygame) gives keys beyond single characters, in any
# case, as pygame.key.name says them; ALIASES are other names of the same keys
# (SDL's own beside pygame's older ones, and the characters some keys type).
# tests/table/test_keymap.py holds both against pygame.
NAMED_KEYS = frozenset({
    'backspace', 'tab', 'return', 'escape', 'space', 'delete', 'caps lock', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6',
    'f7', 'f8', 'f9', 'f10', 'f11', 'f12', 'print screen', 'scroll lock', 'break', 'insert', 'home', 'page up',
    'end', 'page down', 'right', 'left', 'down', 'up', 'numlock', '[/]', '[*]', '[-]', '[+]', 'enter', '[1]',
    '[2]', '[3]', '[4]', '[5]', '[6]', '[7]', '[8]', '[9]', '[0]', '[.]', 'application', 'power', 'equals', 'f13',
    'f14', 'f15', 'f16', 'f17', 'f18', 'f19', 'f20', 'f21', 'f22', 'f23', 'f24', 'execute', 'help', 'menu',
    'select', 'stop', 'again', 'undo', 'cut', 'copy', 'paste', 'find', 'mute', 'volumeup', 'volumedown',
    'keypad ,', 'keypad = (as400)', 'alterase', 'sys req', 'cancel', 'clear', 'prior', 'separator', 'out', 'oper',
    'clear / again', 'crsel', 'exsel', 'keypad 00', 'keypad 000', 'thousandsseparator', 'decimalseparator',
    'euro', 'currencysubunit', 'keypad (', 'keypad )', 'keypad {', 'keypad }', 'keypad tab', 'keypad backspace',
    'keypad a', 'keypad b', 'keypad c', 'keypad d', 'keypad e', 'keypad f', 'keypad xor', 'keypad ^', 'keypad %',
    'keypad <', 'keypad >', 'keypad &', 'keypad &&', 'keypad |', 'keypad ||', 'keypad :', 'keypad #',
    'keypad space', 'keypad @', 'keypad !', 'keypad memstore', 'keypad memrecall', 'keypad memclear',
    'keypad memadd', 'keypad memsubtract', 'keypad memmultiply', 'keypad memdivide', 'keypad +/-', 'keypad clear',
    'keypad clearentry', 'keypad binary', 'keypad octal', 'keypad decimal', 'keypad hexadecimal', 'left ctrl',
    'left shift', 'left alt', 'left meta', 'right ctrl', 'right shift', 'right alt', 'right meta', 'alt gr',
    'audionext', 'audioprev', 'audiostop', 'audioplay', 'audiomute', 'mediaselect', 'www', 'mail', 'calculator',
    'computer', 'ac search', 'ac home', 'ac back', 'ac forward', 'ac stop', 'ac refresh', 'ac bookmarks',
    'brightnessdown', 'brightnessup', 'displayswitch', 'kbdillumtoggle', 'kbdillumdown', 'kbdillumup', 'eject',
    'sleep', 'app1', 'app2', 'audiorewind', 'audiofastforward', 'softleft', 'softright', 'call', 'endcall',
})
ALIASES = {
    '\x08': 'backspace', '\t': 'tab', '\r': 'return', '\x1b': 'escape', ' ': 'space', '\x7f': 'delete',
    'capslock': 'caps lock', 'printscreen': 'print screen', 'scrolllock': 'scroll lock', 'pause': 'break',
    'pageup': 'page up', 'pagedown': 'page down', 'keypad /': '[/]', 'keypad *': '[*]', 'keypad -': '[-]',
    'keypad +': '[+]', 'keypad enter': 'enter', 'keypad 1': '[1]', 'keypad 2': '[2]', 'keypad 3': '[3]',
    'keypad 4': '[4]', 'keypad 5': '[5]', 'keypad 6': '[6]', 'keypad 7': '[7]', 'keypad 8': '[8]',
    'keypad 9': '[9]', 'keypad 0': '[0]', 'keypad .': '[.]', 'keypad =': 'equals', 'sysreq': 'sys req',
    'currencyunit': 'euro', 'left gui': 'left meta', 'right gui': 'right meta', 'modeswitch': 'alt gr',
}


class KeyBindingError(ValueError):
    pass


def key_of(name: str) -> str:
    """The key a name means, as one name: "Return", "\\r" and "return" are the
    same key, so are "keypad enter" and "enter". Any single character names
    the key that types it, as in SDL (only A–Z fold to lower case)."""
    if not isinstance(name, str):
        raise KeyBindingError(f"key name {name!r} is not text")
    if len(name) == 1 and name not in ALIASES and name != "\0":
        return name.lower() if name.isascii() else name
    lowered = name.lower() if name.isascii() else name
    key = ALIASES.get(lowered, lowered)
    if key not in NAMED_KEYS:
        raise KeyBindingError(f"unknown key name {name!r}")
    return key


def make_room(bindings: dict[str, tuple[str, ...]], saved: list[str]) -> list[str]:
    """A default (say a newer version's R for the reaction test) that one of
    the player's own saved keys already uses moves to a spare key, instead of
    the clash throwing every saved key away. Returns what moved, in words."""
    taken = {key_of(n) for action in saved for n in bindings[action]}
    moved = []
    for action in ACTIONS:
        if action in saved or not any(key_of(n) in taken for n in bindings[action]):
            continue
        free = tuple(n for n in bindings[action] if key_of(n) not in taken)
        if not free:
            in_use = {key_of(n) for names in bindings.values() for n in names}
            free = tuple(n for n in SPARE_KEYS if key_of(n) not in in_use)[:1]
            what = str(DESCRIPTIONS[action]).split(":")[0].split(" (")[0]
            moved.append(f"{bindings[action][0].upper()} is one of your own keys, so {what} is on "
                         f"{free[0].upper() if free else 'no key'}")
        bindings[action] = free
    return moved


def key_name(name: str, lang: Language | None = None) -> str:
    """A key as a person reads it: "Q", "F1", "Space" (in `lang`, English by default)."""
    if len(name) == 1:
        return name.upper()
    word = KEY_WORDS.get(name.lower())
    return (lang or Language()).say(word) if word else name.capitalize()


@dataclass
class KeyBindings:
    """Each action's keys, by name: every action has one, no key has two actions."""
    bindings: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(DEFAULTS))

    def __post_init__(self) -> None:
        self._owners = self._index()

    def _index(self) -> dict[str, str]:
        index: dict[str, str] = {}
        for action, names in self.bindings.items():
            if action not in ACTIONS:
                raise KeyBindingError(f"unknown action {action!r} in the key map")
            for name in names:
                key = key_of(name)
                if key in index and index[key] != action:
                    raise KeyBindingError(f"key {name!r} is bound to both {index[key]} and {action}")
                index[key] = action
        missing = [a for a in ACTIONS if not self.bindings.get(a)]
        if missing:
            raise KeyBindingError(f"no key for {', '.join(missing)}")
        return index

    def owner(self, name: str) -> str | None:
        """The action the named key does, if any."""
        return self._owners.get(key_of(name))

    def rebind(self, action: str, name: str) -> "KeyBindings":
        """New bindings with `name` as the only key of `action`. An action that
        had that key loses it; if it is left without any, it takes over the keys
        `action` had (the two swap), so no action is ever left unreachable."""
        key = key_of(name)
        old = self.bindings[action]
        bindings = {}
        for other, names in self.bindings.items():
            kept = tuple(n for n in names if key_of(n) != key)
            bindings[other] = kept if kept or kept == names else old
        bindings[action] = (name,)
        return KeyBindings(bindings)

    def label(self, action: str, lang: Language | None = None) -> str:
        """The action's keys as a person reads them: "Return / Enter" (German calls both "Enter": said once)."""
        return " / ".join(dict.fromkeys(key_name(n, lang) for n in self.bindings[action]))

    def to_dict(self) -> dict[str, Any]:
        return {action: list(names) for action, names in self.bindings.items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple["KeyBindings", list[str]]:
        """Bindings from saved data; anything unusable falls back to the defaults, with a reason."""
        bindings = dict(DEFAULTS)
        problems = []
        for action, names in data.items():
            if action not in ACTIONS:
                problems.append(f"unknown key action {action!r} ignored")
                continue
            if isinstance(names, str):
                names = [names]
            try:
                [key_of(n) for n in names]
            except (KeyBindingError, TypeError):
                problems.append(f"key {names!r} for {action} is not a key; default kept")
                continue
            bindings[action] = tuple(names)
        problems += make_room(bindings, saved=[a for a in data if a in bindings])
        try:
            return cls(bindings), problems
        except KeyBindingError as exc:
            return cls(), [*problems, f"{exc}; default keys used"]
