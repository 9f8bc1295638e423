"""`make`, the unit's quick way to make an event or its view, must give
exactly what the dataclass's own constructor gives: equal, same repr and hash,
just as frozen, and refusing a missing or unknown field the same way."""
from __future__ import annotations

import dataclasses

import pytest

from haudrauf.device import events as uev
from haudrauf.device.machine import UnitState
from haudrauf.device.settings import UnitSettings
from haudrauf.device.view import UnitView
from haudrauf.words import msg

#: A value for every field name some event has.
VALUES = {"at": 12.5, "seat": 3, "seats": (0, 3, 5), "reason": msg("the unit is off"), "schedule": ((0.0, 3), (9.5, 5)),
          "duration_ms": 1500.0, "limit_ms": 6000.0, "seconds_left": 2, "elapsed_ms": 812.25, "cause": "slap",
          "waiting_for": (5,), "button": "seat", "slapper": 0, "racers": (0, 3), "window_ms": 5000.0,
          "reaction_ms": 301.5, "place": 2, "times": ((0, 301.5), (3, None)), "losers": (3,),
          "window_expired": True, "remaining_ms": 2500.0, "settings": UnitSettings(turn_time=4),
          "state": UnitState.PAUSED, "interrupted": UnitState.TURN, "current": 3, "lit": None,
          "reactions": ((3, 301.5),), "extra_time": (0.0, 1.5, 0.0, 0.0, 0.0, 2.0)}


def test_every_event_class_has_make():
    named = {name for name, value in vars(uev).items() if isinstance(value, type) and issubclass(value, uev.UnitEvent)}
    assert {event.__name__ for event in uev.EVENTS} == named - {"UnitEvent"}


@pytest.mark.parametrize("cls", [*uev.EVENTS, UnitView], ids=lambda cls: cls.__name__)
def test_make_gives_what_the_constructor_gives(cls):
    fields = {f.name: VALUES[f.name] for f in dataclasses.fields(cls)}
    made, built = cls.make(**fields), cls(**fields)
    assert type(made) is cls
    assert made == built and repr(made) == repr(built) and hash(made) == hash(built)
    name = next(iter(fields))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, name, 0)
    with pytest.raises(TypeError):
        cls.make(**{k: v for k, v in fields.items() if k != name})
    with pytest.raises(TypeError):
        cls.make(**fields, colour="red")
    with pytest.raises(TypeError):
        cls.make(*fields.values())
