"""`next_event_at` is what the simulator jumps to while nobody can act: after
any input it must say exactly when the unit next acts by itself, and what
that is must fit what the unit shows — never late (the jump would skip a
beep, a timeout or a spin's end), never early, never nothing when a clock runs."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from haudrauf.device import events as uev
from haudrauf.device.machine import CAN_SLEEP, UnitState
from haudrauf.device.unit import Unit
from tests.device.test_compiled_machine import SETTINGS, random_steps

#: What the unit does by itself in each state where a game clock runs.
ON_ITS_OWN = {UnitState.SPINNING: (uev.PlayerSelected,), UnitState.SLAP_RACE: (uev.SlapResult,),
              UnitState.TURN: (uev.CountdownWarning, uev.TurnTimedOut)}


def expected(unit: Unit, now: float) -> tuple[type, ...]:
    """The events the unit may next emit by itself, judged from what it shows."""
    view = unit.view(now)
    kinds = ON_ITS_OWN.get(view.state, ()) if view.state is not UnitState.TURN or view.remaining_ms is not None else ()
    if unit.settings.sleep_after > 0 and view.state in CAN_SLEEP:
        kinds += (uev.FellAsleep,)
    return kinds


@pytest.mark.parametrize("settings", SETTINGS, ids=range(len(SETTINGS)))
def test_the_next_event_comes_exactly_when_announced(settings):
    for session in range(8):
        unit = Unit(np.random.default_rng(session), settings)
        unit.power_on(0)
        for step, (_, call, now) in enumerate(random_steps(np.random.default_rng(session), 120)):
            call(unit, now)
            at, kinds = unit.next_event_at(), expected(unit, now)
            assert (at is None) == (not kinds), (session, step, unit.state)
            if at is None:
                continue
            assert at > now
            assert copy.deepcopy(unit).tick(at - 1e-6) == [], (session, step)
            on_time = copy.deepcopy(unit).tick(at)
            assert on_time and isinstance(on_time[0], kinds) and on_time[0].at == pytest.approx(at), (session, step)
