"""The window's side of the key bindings (play/keys.py): pygame's key codes
for the names, so a pressed key finds its action."""
from __future__ import annotations

import warnings

import pygame

from haudrauf.play.keys import KeyBindings


def key_code(name: str) -> int:
    """The key's code from its SDL name. The key map is built before the window
    opens (and in tests, without one): pygame then warns that it is not
    initialised, though names map to codes all the same."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return pygame.key.key_code(name)


class KeyMap:
    def __init__(self, keys: KeyBindings) -> None:
        self._by_code = {key_code(name): action for action, names in keys.bindings.items() for name in names}

    def action_for(self, key: int) -> str | None:
        return self._by_code.get(key)
