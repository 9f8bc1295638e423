"""Is an action (or a unit event) well formed? Its class is one the game takes
and every field has exactly its declared type.

Dataclass equality compares values only (`0.0 == 0`, `True == 1`), so a
malformed action can equal a legal one and slip past the legality check; a
rule then indexes a list with the float and crashes half-way through a move.
Checking the declared types first makes equality exact: with ints that are
ints (not bools, not floats), equal means the same move. A `float` field takes
any finite number (an int too), never a bool, NaN or an infinity.
"""
from __future__ import annotations

import dataclasses
import math
import reprlib
import types
import typing
from dataclasses import dataclass
from functools import cache
from typing import Any, Callable

from haudrauf.words import Message, msg

_WORDS = {int: "a whole number", float: "a number", str: "a text", bool: "true or false", type(None): "nothing"}
_PLURALS = {int: "whole numbers", float: "numbers", str: "texts", bool: "true or false", type(None): "nothing"}


@dataclass(frozen=True)
class Field:
    """One field of an action or event class: a test of its value and, for the
    refusal, what the value must be in words."""
    name: str
    fits: Callable[[Any], bool]
    words: str


@dataclass(frozen=True)
class _Shape:
    fits: Callable[[Any], bool]
    words: str  # "a whole number"
    plural: str  # "whole numbers"


def _is_number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _is_none(value: Any) -> bool:
    return value is None


# Every event the unit sends is checked field by field (`feed` trusts none), so
# the tests below are plain loops and `map`: a generator per check cost more
# than the rest of the check.

def _any_of(tests: tuple[Callable[[Any], bool], ...]) -> Callable[[Any], bool]:
    if len(tests) == 2 and tests[1] is _is_none:  # `X | None`, the usual union: one call
        test = tests[0]
        return lambda value: value is None or test(value)

    def fits(value: Any) -> bool:
        for test in tests:
            if test(value):
                return True
        return False
    return fits


def _group_of(tests: tuple[Callable[[Any], bool], ...]) -> Callable[[Any], bool]:
    """A tuple of exactly len(tests) items, each passing its own test."""
    def fits(value: Any) -> bool:
        if type(value) is not tuple or len(value) != len(tests):
            return False
        for test, item in zip(tests, value):
            if not test(item):
                return False
        return True
    return fits


def _shape(hint: Any) -> _Shape:
    """The test and the words for one annotation: int, str, int | None,
    tuple[int, ...], tuple[int, float | None] …"""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        parts = tuple(_shape(a) for a in args)
        return _Shape(_any_of(tuple(p.fits for p in parts)),
                      " or ".join(p.words for p in parts), " or ".join(p.plural for p in parts))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _shape(args[0])
        fits = item.fits
        return _Shape(lambda v: type(v) is tuple and all(map(fits, v)),
                      f"a tuple of {item.plural}", f"tuples of {item.plural}")
    if origin is tuple and args:
        items = tuple(_shape(a) for a in args)
        kind = "pair" if len(items) == 2 else f"group of {len(items)}"
        inside = " and ".join(i.words for i in items)
        return _Shape(_group_of(tuple(i.fits for i in items)), f"a {kind} of {inside}", f"{kind}s of {inside}")
    if hint is float:
        return _Shape(_is_number, _WORDS[float], _PLURALS[float])
    if hint is type(None):
        return _Shape(_is_none, _WORDS[hint], _PLURALS[hint])
    if hint in _WORDS:
        return _Shape(lambda v: type(v) is hint, _WORDS[hint], _PLURALS[hint])
    raise TypeError(f"a field of type {hint!r} cannot be checked")


@cache
def _fields(cls: type) -> tuple[Field, ...]:
    """The checkable fields of an action or event class, worked out once."""
    hints = typing.get_type_hints(cls)
    fields = []
    for f in dataclasses.fields(cls):
        shape = _shape(hints[f.name])
        fields.append(Field(f.name, shape.fits, shape.words))
    return tuple(fields)


#: Field names that do not read as words ("the at must be …").
_FIELD_WORDS = {"at": "time"}


def wrong_field(obj: Any) -> Message | None:
    """Which field of a dataclass instance has a value of the wrong type, in words, or None.
    The kind of value wanted stays in English ("a tuple of whole numbers"): it is built from
    the type and only a forged move or event (a file, a phone) ever shows it."""
    for field in _fields(type(obj)):
        value = getattr(obj, field.name)
        if not field.fits(value):
            name = _FIELD_WORDS.get(field.name, field.name.replace("_", " "))
            return msg("the {field} must be {kind}, not {value}", field=name, kind=field.words,
                       value=reprlib.repr(value))
    return None


def malformed(action: Any, action_types: tuple[type, ...], game: str) -> Message | None:
    """Why `action` is not a well-formed move of the game, or None if it is."""
    if type(action) not in action_types:
        return msg("{value} is not a move in {game}", value=reprlib.repr(action), game=game)
    reason = wrong_field(action)
    return None if reason is None else msg("that is not a move: {reason}", reason=reason)
