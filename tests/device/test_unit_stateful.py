"""Random input sequences, time jumps and settings changes; invariants checked
after every step."""
import dataclasses

import numpy as np
import pytest
from hypothesis import event, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from haudrauf.device import events as uev
from haudrauf.device.machine import FROZEN, UnitState
from haudrauf.device.settings import SELECTION_POLICIES, UnitSettings
from haudrauf.device.unit import Unit

SEAT = st.integers(0, 5)
#: Any valid settings: a change mid-run must never make time run backwards.
SETTINGS = st.builds(
    UnitSettings,
    turn_time=st.one_of(st.none(), st.floats(1, 60)), countdown_warnings=st.integers(0, 10),
    slap_window=st.floats(0.5, 30), slapper_races=st.booleans(), spin_duration=st.floats(0, 10),
    sleep_after=st.one_of(st.just(0), st.floats(60, 3600), st.just(60)),
    selection=st.sampled_from(SELECTION_POLICIES), max_in_a_row=st.integers(1, 10))


def check_well_formed(event, seats_ok):
    assert isinstance(event, uev.UnitEvent)
    assert dataclasses.is_dataclass(event)
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if field.name in ("seat", "slapper"):
            assert value is None or 0 <= value <= 5
        if field.name.endswith("_ms") and value is not None:
            assert value >= 0
        if field.name in ("seats", "racers", "losers", "waiting_for"):
            assert all(0 <= s <= 5 for s in value)
    if isinstance(event, uev.SlapResult):
        racers = {s for s, _ in event.times}
        assert event.losers and set(event.losers) <= racers
        if not event.window_expired:
            assert len(event.losers) == 1 and all(t is not None for _, t in event.times)
    if isinstance(event, uev.PlayerSelected):
        assert event.seat in seats_ok
    if isinstance(event, uev.SpinStarted):
        assert event.schedule[-1][0] == event.duration_ms or event.duration_ms == 0


class UnitMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.now = 0.0
        self.last_at = 0.0
        self.last_call = 0.0  # when the unit was last told the time
        self.paused_remaining = None
        self.turn = None  # (seat, real start) of the running turn
        self.frozen_since = None  # a pause or sleep began (real s)
        self.freezes = 0  # a sleep can come on top of a pause
        self.frozen_in_turn = 0.0  # real seconds the running turn stood still

    @initialize(seats=st.sets(SEAT, min_size=2), start=st.booleans(), spin=st.sampled_from([0, 0.5]),
                turn_time=st.sampled_from([None, 4]), slapper_races=st.booleans())
    def power_on_and_register(self, seats, start, spin, turn_time, slapper_races):
        self.unit = Unit(np.random.default_rng(0), UnitSettings(
            turn_time=turn_time, slap_window=2, spin_duration=spin, sleep_after=60, countdown_warnings=2,
            slapper_races=slapper_races))
        self._apply(self.unit.power_on(self.now))
        for seat in sorted(seats):
            self._apply(self.unit.press_seat(seat, self.now))
        if start:
            self._apply(self.unit.press_play_pause(self.now))

    def _apply(self, events):
        for e in events:
            check_well_formed(e, self.unit.seats)
            # times are kept in whole microseconds: allow the rounding
            assert self.last_at <= e.at <= self.now + 1e-6, f"{e} after an event at {self.last_at}"
            assert e.at >= self.last_call - 1e-6, f"{e} before the last input at {self.last_call}"
            self.last_at = e.at
            self._follow_the_turn(e)
            if isinstance(e, uev.Paused):
                self.paused_remaining = e.remaining_ms
            if isinstance(e, uev.Resumed):
                assert e.remaining_ms == self.paused_remaining
                self.paused_remaining = None

        self.last_call = self.now

    def _follow_the_turn(self, e):
        """A turn's elapsed time is the real time since it began, less its pauses and sleeps."""
        if isinstance(e, (uev.Paused, uev.FellAsleep)):
            self.freezes += 1
            if self.frozen_since is None:
                self.frozen_since = e.at
        elif isinstance(e, (uev.Resumed, uev.WokeUp)):
            self.freezes -= 1
            if self.freezes == 0:
                if self.turn is not None:
                    self.frozen_in_turn += e.at - self.frozen_since
                self.frozen_since = None
        elif isinstance(e, uev.TurnEnded):
            seat, start = self.turn
            assert e.seat == seat
            assert e.elapsed_ms == pytest.approx((e.at - start - self.frozen_in_turn) * 1000, abs=0.01)
        if isinstance(e, uev.PlayerSelected):
            self.turn, self.frozen_in_turn = (e.seat, e.at), 0.0
        elif isinstance(e, (uev.TurnEnded, uev.TurnTimedOut, uev.SlapStarted, uev.PoweredOff,
                            uev.GameStarted, uev.RegistrationOpened)):
            self.turn = None
        if isinstance(e, (uev.PoweredOff, uev.GameStarted, uev.RegistrationOpened)):
            self.frozen_since, self.freezes = None, 0  # a new game or reset leaves a pause behind

    def _input(self, call, *args):
        before_state = self.unit.state
        before_view = self.unit.view(self.now)
        events = call(*args, self.now)
        self._apply(events)
        if before_state in (UnitState.OFF, UnitState.ASLEEP):
            # nothing happens while off or asleep: presses are answered and ignored
            assert all(isinstance(e, uev.InputIgnored) for e in events)
            assert self.unit.state is before_state
            assert self.unit.view(self.now) == before_view

    @rule(dt=st.one_of(st.floats(0, 0.5), st.floats(0, 0.5), st.floats(0, 8),
                       st.sampled_from([0, 0.000001, 61, 300, 1000])))
    def wait(self, dt):
        self.now += dt
        before = self.unit.state
        events = self.unit.tick(self.now)
        self._apply(events)
        if before is UnitState.ASLEEP or before is UnitState.OFF:
            assert events == []

    @rule(seat=SEAT)
    def press_seat(self, seat):
        self._input(self.unit.press_seat, seat)

    @rule()
    def press_a_seat_the_unit_waits_for(self):
        view = self.unit.view(self.now)
        pressed = {s for s, _ in view.reactions}
        wanted = [s for s in view.racers if s not in pressed] or list(view.waiting_for)
        if view.current is not None and view.state is UnitState.TURN:
            wanted = [view.current]
        self._input(self.unit.press_seat, wanted[0] if wanted else 0)

    @rule(seat=SEAT)
    def hand_over(self, seat):
        self._input(self.unit.hand_over, seat)

    @rule()
    def slap(self):
        self._input(self.unit.press_hau_drauf)

    @rule()
    def play_pause(self):
        before = self.unit.state
        events = self.unit.press_play_pause(self.now)
        self._apply(events)
        if before is UnitState.ASLEEP:
            assert [type(e) for e in events] == [uev.WokeUp]

    @precondition(lambda self: self.unit.state is UnitState.OFF)
    @rule()
    def power_on(self):
        self._apply(self.unit.power_on(self.now))

    @rule()
    def power_off_rarely(self):
        if self.now % 7 < 0.2:
            self._apply(self.unit.power_off(self.now))
            self.paused_remaining = None

    @rule(speed=st.sampled_from([None, 6, 4, 1.5]))
    def speed_switch(self, speed):
        self._apply(self.unit.set_speed(speed, self.now))

    @rule(settings=SETTINGS)
    def change_settings(self, settings):
        """The Settings screen, at any moment: it takes effect from now."""
        before = self.unit.state
        events = self.unit.configure(settings, self.now)
        self._apply(events)
        if before is UnitState.ASLEEP or before is UnitState.OFF:
            assert [type(e) for e in events] == [uev.SettingsChanged]

    @rule()
    def new_game(self):
        if self.unit.state is not UnitState.ASLEEP:
            self._apply(self.unit.new_game(self.now))
            self.paused_remaining = None

    @rule()
    def reset(self):
        if self.unit.state is not UnitState.ASLEEP:
            self._apply(self.unit.reset(self.now))
            self.paused_remaining = None

    @invariant()
    def one_active_seat_in_a_turn(self):
        view = self.unit.view(self.now)
        event(f"state {view.state.value}")  # shown by --hypothesis-show-statistics
        if view.state is UnitState.TURN:
            assert view.current in view.seats and view.waiting_for == ()
        if view.state in (UnitState.TIMED_OUT, UnitState.SLAP_RESULT):
            assert view.waiting_for and set(view.waiting_for) <= set(view.seats)
        if view.state is UnitState.SLAP_RACE:
            assert len(view.racers) >= 2

    @invariant()
    def remaining_time_is_never_negative_nor_above_the_limit(self):
        view = self.unit.view(self.now)
        if view.remaining_ms is not None:
            assert 0 <= view.remaining_ms <= view.limit_ms

    @invariant()
    def frozen_clocks_keep_the_paused_remaining_time(self):
        view = self.unit.view(self.now)
        if self.paused_remaining is not None and view.state in FROZEN:
            assert view.remaining_ms == self.paused_remaining


TestUnitStateful = pytest.mark.soak(UnitMachine.TestCase)
TestUnitStateful.settings = settings(max_examples=250, stateful_step_count=60, deadline=None)
