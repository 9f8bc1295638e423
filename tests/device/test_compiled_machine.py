"""The unit runs on `MachineTable`, a dict compiled from the declared
`transitions` machine. These tests hold the two to the same behaviour: on every
(state, trigger) pair, and in whole random sessions on a fake clock, where a
unit on the table and a unit on the `transitions` machine must emit the same
events, reach the same states and show the same views."""
from __future__ import annotations

import numpy as np
import pytest
from transitions import MachineError

from haudrauf.device.clock import FakeClock
from haudrauf.device.machine import TABLE, MachineTable, UnitState, build_machine
from haudrauf.device.settings import UnitSettings
from haudrauf.device.unit import Unit

TRIGGERS = sorted(build_machine().events)
#: Conditional triggers (resume, wake) take the state to go back to; others take nothing.
ARGUMENTS = [(), *((s,) for s in UnitState)]


class DeclaredMachine:
    """The `transitions` machine itself, behind the interface the unit uses."""

    def __init__(self, on_change) -> None:
        self._machine = build_machine(lambda *_: on_change())

    @property
    def state(self) -> UnitState:
        return self._machine.state

    def fire(self, trigger: str, *args) -> bool:
        return getattr(self._machine, trigger)(*args)


class DeclaredUnit(Unit):
    machine = DeclaredMachine


def outcome(machine, start: UnitState, trigger: str, args: tuple):
    """(what the trigger returned or raised, the state after, on_change calls)."""
    calls = []
    if isinstance(machine, MachineTable):
        machine._on_change = lambda: calls.append(1)
        machine.state = start
    else:
        machine = DeclaredMachine(lambda: calls.append(1))
        machine._machine.set_state(start)
        calls.clear()
    try:
        result = machine.fire(trigger, *args)
    except (MachineError, TypeError) as error:
        result = type(error)
    return result, machine.state, len(calls)


@pytest.mark.parametrize("start", list(UnitState), ids=lambda s: s.name)
def test_every_state_and_trigger_agree(start):
    for trigger in TRIGGERS:
        for args in ARGUMENTS:
            declared = outcome(None, start, trigger, args)
            assert outcome(MachineTable(lambda: None), start, trigger, args) == declared, (start, trigger, args)


def test_the_table_holds_every_declared_transition_and_no_other():
    declared = build_machine().events
    assert {(state, trigger) for trigger, sources in TABLE.items() for state in sources} == {
        (UnitState[source], trigger) for trigger, event in declared.items() for source in event.transitions}


SETTINGS = [
    UnitSettings(turn_time=2, countdown_warnings=1, slap_window=1, spin_duration=0.5, sleep_after=60),
    UnitSettings(turn_time=None, spin_duration=0, sleep_after=0, slapper_races=False, selection="shuffle-bag"),
    UnitSettings(turn_time=1, countdown_warnings=0, slap_window=0.5, spin_duration=1.5, sleep_after=60,
                 selection="no-repeat"),
]


def random_input(rng: np.random.Generator):
    """(name, call(unit, now)): a button, a hand-over, a speed change or a wait."""
    seat = int(rng.integers(6))
    k = int(rng.integers(14))
    if k < 6:
        return f"seat {seat}", lambda unit, now: unit.press_seat(seat, now)
    return [
        ("hau drauf", lambda unit, now: unit.press_hau_drauf(now)),
        ("play/pause", lambda unit, now: unit.press_play_pause(now)),
        ("power on", lambda unit, now: unit.power_on(now)),
        ("power off", lambda unit, now: unit.power_off(now)),
        ("new game", lambda unit, now: unit.new_game(now)),
        ("reset", lambda unit, now: unit.reset(now)),
        (f"hand over {seat}", lambda unit, now: unit.hand_over(seat, now)),
        ("speed 4", lambda unit, now: unit.set_speed(4, now)),
    ][k - 6]


def random_steps(rng: np.random.Generator, steps: int):
    """(name, call, now) of each of `steps` random inputs, each after a random wait on a fake clock."""
    clock = FakeClock()
    for _ in range(steps):
        clock.advance(float(rng.choice([0, 0.001, 0.3, 1, 2.5, 70])))
        name, call = random_input(rng)
        yield name, call, clock.now()


@pytest.mark.soak
@pytest.mark.parametrize("settings", SETTINGS, ids=range(len(SETTINGS)))
def test_random_sessions_agree(settings):
    for session in range(40):
        on_table = Unit(np.random.default_rng(session), settings)
        declared = DeclaredUnit(np.random.default_rng(session), settings)
        on_table.power_on(0)
        declared.power_on(0)
        for step, (name, call, now) in enumerate(random_steps(np.random.default_rng(session), 150)):
            events = [call(unit, now) + unit.tick(now) for unit in (on_table, declared)]
            assert events[0] == events[1], (session, step, name)
            assert on_table.state is declared.state
            assert on_table.view(now) == declared.view(now)
            assert on_table.next_event_at() == declared.next_event_at()


def test_the_sessions_reach_every_state():
    """The random sessions above are worth something only if they go everywhere."""
    seen = set()
    for settings in SETTINGS:
        for session in range(40):
            unit = Unit(np.random.default_rng(session), settings)
            unit.power_on(0)
            for _, call, now in random_steps(np.random.default_rng(session), 150):
                call(unit, now)
                unit.tick(now)
                seen.add(unit.state)
    assert seen == set(UnitState)
