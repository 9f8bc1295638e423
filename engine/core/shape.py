"""Is an action well formed? Its class is one of the game's moves and every
field has exactly its declared type.

Dataclass equality compares values only (`0.0 == 0`, `True == 1`), so a
malformed action can equal a legal one and slip past the legality check; a
rule then indexes a list with the float and crashes half-way through a move.
Checking the declared types first makes equality exact: with ints that are
ints (not bools, not floats), equal means the same move.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from functools import cache
from typing import Any

_WORDS = {int: "a whole number", str: "a text", bool: "true or false", type(None): "nothing"}
_PLURALS = {int: "whole numbers", str: "texts"}


@dataclass(frozen=True)
class Field:
    """One field of an action class: the exact types its value may have and,
    for a tuple, the exact types of its items."""
    name: str
    types: frozenset[type]
    words: str
    items: frozenset[type] | None = None

    def fits(self, value: Any) -> bool:
        if type(value) not in self.types:
            return False
        return self.items is None or all(type(v) in self.items for v in value)


def _simple(hint: Any) -> tuple[type, ...]:
    """The exact types of a plain annotation, in its order: int, str, int | None …"""
    parts = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    if not all(p in _WORDS for p in parts):
        raise TypeError(f"an action field of type {hint!r} cannot be checked")
    return parts


def _field(name: str, hint: Any) -> Field:
    if typing.get_origin(hint) is not tuple:
        kinds = _simple(hint)
        return Field(name, frozenset(kinds), " or ".join(_WORDS[k] for k in kinds))
    item, more = typing.get_args(hint)
    if more is not Ellipsis:
        raise TypeError(f"an action field of type {hint!r} cannot be checked (use tuple[X, ...])")
    return Field(name, frozenset({tuple}), f"a tuple of {_PLURALS[item]}", frozenset(_simple(item)))


@cache
def _fields(cls: type) -> tuple[Field, ...]:
    """The checkable fields of an action class, worked out once."""
    hints = typing.get_type_hints(cls)
    return tuple(_field(f.name, hints[f.name]) for f in dataclasses.fields(cls))


def malformed(action: Any, action_types: tuple[type, ...], game: str) -> str | None:
    """Why `action` is not a well-formed move of the game, or None if it is."""
    if type(action) not in action_types:
        return f"{action!r} is not a move in {game}"
    for field in _fields(type(action)):
        value = getattr(action, field.name)
        if not field.fits(value):
            return f"that is not a move: the {field.name} must be {field.words}, not {value!r}"
    return None
