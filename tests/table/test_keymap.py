"""Key bindings by name (play/keys.py, read without pygame) and the window's
key codes for them (table/keymap.py): the names play/ accepts, and which of
them mean the same key, are pygame's own."""
import warnings

import pygame
import pytest

from haudrauf.play.language import Language
from haudrauf.play.keys import ALIASES, DEFAULTS, NAMED_KEYS, KeyBindingError, KeyBindings, key_of
from haudrauf.table.keymap import KeyMap, key_code


def pygame_names() -> set[str]:
    """Every name pygame gives a key it knows, in its older and in SDL's words."""
    pygame.display.init()
    codes = {getattr(pygame, n) for n in dir(pygame) if n.startswith("K_")} | {s | 1 << 30 for s in range(512)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return {pygame.key.name(code, use_compat=compat) for code in codes for compat in (True, False)} - {""}


def test_every_key_pygame_names_can_be_bound_and_means_the_same_key():
    for name in pygame_names():
        assert key_code(key_of(name)) == key_code(name), name


def test_names_are_one_key_exactly_when_pygame_says_so():
    names = sorted(NAMED_KEYS | set(ALIASES) | {"a", "Q", "ä", "Ä", "€", "1", "[", "Return", "KEYPAD ENTER"})
    keys, codes = {n: key_of(n) for n in names}, {n: key_code(n) for n in names}
    for first in names:
        for second in names:
            assert (keys[first] == keys[second]) == (codes[first] == codes[second]), (first, second)


@pytest.mark.parametrize("name", ["banana", "", "\0", "ab", "keypad", 5, "ac bac\u212a"])
def test_what_pygame_refuses_is_refused_here_too(name):
    with pytest.raises(KeyBindingError):
        key_of(name)
    with pytest.raises((ValueError, TypeError)):
        key_code(name)


def test_rebinding_moves_a_key_and_refuses_nonsense():
    keys = KeyBindings().rebind("seat1", "w")
    assert keys.bindings["seat1"] == ("w",) and KeyMap(keys).action_for(pygame.K_w) == "seat1"
    swapped = keys.rebind("seat2", "w")  # seat 1 would be left without a key: it takes seat 2's X
    assert KeyMap(swapped).action_for(pygame.K_w) == "seat2" and swapped.bindings["seat1"] == ("x",)
    with pytest.raises(KeyBindingError, match="no key for seat1"):
        KeyBindings({**DEFAULTS, "seat1": ()})
    with pytest.raises(KeyBindingError, match="unknown key name"):
        KeyBindings().rebind("seat1", "not-a-key")
    loaded, problems = KeyBindings.from_dict({"seat1": "banana", "jump": "j"})
    assert loaded.bindings["seat1"] == DEFAULTS["seat1"]
    assert any("seat1" in p for p in problems) and any("jump" in p for p in problems)


def test_two_names_of_one_key_clash():
    with pytest.raises(KeyBindingError, match="bound to both"):
        KeyBindings({**DEFAULTS, "seat1": ("keypad enter",)})  # Play / Pause has Enter
    loaded, problems = KeyBindings.from_dict({"seat1": " "})  # the character Space types
    assert loaded.bindings["seat1"] == (" ",) and loaded.bindings["hau_drauf"] == ("f5",)
    assert problems == ["SPACE is one of your own keys, so HAU DRAUF is on F5"]


def test_a_newer_default_that_a_saved_key_uses_moves_aside_and_the_saved_keys_stay():
    saved = {**{a: list(k) for a, k in DEFAULTS.items() if a != "reaction_test"}, "seat3": ["r"]}  # an older file
    loaded, problems = KeyBindings.from_dict(saved)
    assert loaded.bindings["seat3"] == ("r",)  # the player's own key is kept…
    assert loaded.bindings["reaction_test"] == ("f5",)  # …and the new action found a free one
    assert problems == ["R is one of your own keys, so the reaction test is on F5"]
    assert KeyBindings.from_dict({a: list(k) for a, k in DEFAULTS.items()}) == (KeyBindings(), [])


def test_a_keys_name_is_said_in_the_readers_language_and_said_once():
    """Play / Pause is Return or Enter: English names both, German calls both "Enter" and says it once."""
    keys = KeyBindings()
    assert keys.label("play_pause") == "Return / Enter"
    assert keys.label("play_pause", Language("de")) == "Enter"
    assert keys.label("hau_drauf", Language("de")) == "Leertaste"
