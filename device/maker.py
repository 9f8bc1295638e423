"""`make(**fields)`: a frozen dataclass instance at half the cost of its
constructor, for the values the unit makes every turn (its events, its view).

A frozen dataclass's own constructor is a keyword call of the class whose
`__init__` sets each field through `object.__setattr__`; `make` creates the
instance and fills its slots directly. Same fields, every one required, by
keyword only; the result is the very instance the constructor gives
(tests/device/test_maker.py checks every class that has one).
"""
from __future__ import annotations

from dataclasses import fields
from typing import TypeVar

T = TypeVar("T")


def add_make(cls: type[T]) -> type[T]:
    """Give the frozen, slotted dataclass `cls` a static `make(**fields)`.
    The function is written out for `cls`, as `dataclasses` writes `__init__`."""
    names = [f.name for f in fields(cls)]
    space = {"new": object.__new__, "cls": cls, **{f"set_{name}": getattr(cls, name).__set__ for name in names}}
    lines = [f"def make(*, {', '.join(names)}):", "    made = new(cls)",
             *(f"    set_{name}(made, {name})" for name in names), "    return made"]
    exec("\n".join(lines), space)
    cls.make = staticmethod(space["make"])
    return cls
