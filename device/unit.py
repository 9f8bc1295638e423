"""The emulated UNO Hau drauf unit.

Its state machine (`machine.py`: the states and the transitions, declared as
data and compiled into a look-up table for the hot path) is driven by input
calls that carry their own timestamp and by `tick(now)` from the main loop;
a slap race is a `race.SlapRace`. Time is kept internally in whole
microseconds so that pausing and resuming preserve the remaining time
exactly. Every call returns the events it caused, in the order they
happened; timed events are stamped with the instant they were due, not the
instant a tick noticed them.

A timestamp earlier than the last one the unit saw is treated as "now": time
never runs backwards, so the front end must feed inputs before it ticks.
"""
from __future__ import annotations

import reprlib
from typing import Callable

import numpy as np

from haudrauf.device import events as uev
from haudrauf.device.clock import US, clocks_of, in_ms, whole_us
from haudrauf.device.machine import CAN_SLEEP, FROZEN, IN_GAME, MachineTable, UnitState, being
from haudrauf.device.race import SlapRace
from haudrauf.device.selection import Draws, make_policy
from haudrauf.device.settings import SEATS, UnitSettings
from haudrauf.device.spin import lit_seat, spin_schedule
from haudrauf.device.view import UnitView
from haudrauf.words import Message, msg

SEAT_COUNT = SEATS
S = UnitState
#: The states as plain names: a member looked up on its Enum class costs about
#: 0.15 µs (Python 3.11), and the unit asks its state a dozen times a turn.
OFF, REGISTERING, SPINNING, TURN, TIMED_OUT = S.OFF, S.REGISTERING, S.SPINNING, S.TURN, S.TIMED_OUT
SLAP_RACE, SLAP_RESULT, PAUSED, ASLEEP = S.SLAP_RACE, S.SLAP_RESULT, S.PAUSED, S.ASLEEP


def _checked(settings: UnitSettings) -> UnitSettings:
    """Only validated settings reach the clocks (UnitSettings checks every value)."""
    if not isinstance(settings, UnitSettings):
        raise TypeError(f"settings must be UnitSettings, got {reprlib.repr(settings)}")
    return settings


class Unit:
    """The unit. Inputs: `power_on`, `power_off`, `press_seat`, `press_hau_drauf`,
    `press_play_pause`, `set_speed`, `configure`, `new_game`, `reset`; time:
    `tick`. Each returns the list of events it caused."""

    #: What keeps the state: made with the callback to run after every
    #: transition; anything with `state` and `fire(trigger, *args)`.
    machine: Callable[[Callable[[], None]], MachineTable] = MachineTable

    def __init__(self, rng: np.random.Generator, settings: UnitSettings | None = None) -> None:
        if not isinstance(rng, np.random.Generator):
            raise TypeError(f"the unit needs a numpy Generator for its randomness, got {reprlib.repr(rng)}")
        self._draws = Draws(rng)
        self._use(_checked(settings or UnitSettings()))
        self._policy = make_policy(self._settings.selection, self._settings.max_in_a_row)
        self._m = self.machine(self._sync_freeze)
        self._now = 0  # µs, last time seen
        #: The next scheduled happening as (real µs, action), None if none: worked out
        #: after every change (`_reschedule`), so a tick with nothing due costs one comparison.
        self._due: tuple[int, Callable[[], list[uev.UnitEvent]]] | None = None
        self._clear()

    def _clear(self) -> None:
        """Forget everything but settings (power off)."""
        self._seats: tuple[int, ...] = ()
        self._last_input = self._now
        self._frozen_since: int | None = None
        self._frozen_total = 0
        self._interrupted: UnitState | None = None  # where resume returns
        self._slept_from: UnitState | None = None  # where wake returns
        self._clear_round()

    def _clear_round(self) -> None:
        self._current: int | None = None
        self._spin_start = self._spin_end = 0
        self._schedule: tuple[tuple[float, int], ...] = ()
        self._selected: int | None = None
        self._turn_start = 0
        self._limit: int | None = None
        self._deadline: int | None = None
        self._warnings: list[int] = []
        self._race: SlapRace | None = None  # the latest race, until the next spin
        self._waiting: list[int] = []
        self._penalty_cause = ""

    # --- read-only facts ----------------------------------------------------

    @property
    def state(self) -> UnitState:
        return self._m.state

    @property
    def seats(self) -> tuple[int, ...]:
        return self._seats

    @property
    def current(self) -> int | None:
        return self._current

    @property
    def turn_of(self) -> int | None:
        """The seat whose turn runs now (None: no turn runs): a driver asks before every press."""
        return self._current if self._m.state is TURN else None

    @property
    def settings(self) -> UnitSettings:
        return self._settings

    def view(self, now: float) -> UnitView:
        state, race, deadline = self._m.state, self._race, self._deadline
        active = self._active(max(self._now, whole_us(now)))
        lit = None
        if state is SPINNING or self._interrupted is SPINNING or self._slept_from is SPINNING:
            lit = lit_seat(self._schedule, in_ms(active - self._spin_start))
        return UnitView.make(
            state=state,
            interrupted=self._slept_from if state is ASLEEP else self._interrupted,
            seats=self._seats,
            current=self._current,
            lit=lit,
            waiting_for=tuple(self._waiting),
            remaining_ms=None if deadline is None else in_ms(max(0, deadline - active)),
            limit_ms=None if self._limit is None else in_ms(self._limit),
            racers=race.racers if race else (),
            reactions=tuple((s, in_ms(us)) for s, us in race.presses.items()) if race else (),
            extra_time=(0.0,) * SEAT_COUNT if self._settings.turn_time is None else self._settings.extra_time,
        )

    def next_event_at(self) -> float | None:
        """When the unit will next act on its own (spin end, countdown, timeout,
        race end, sleep), in clock seconds; None if it only waits for input.
        Lets a simulator jump straight there instead of ticking."""
        due = self._due
        return None if due is None else due[0] / US

    def remaining_ms(self, now: float) -> float | None:
        """Time left on the turn clock (None when no clock runs)."""
        return self.view(now).remaining_ms

    # --- inputs -------------------------------------------------------------

    def tick(self, now: float) -> list[uev.UnitEvent]:
        return self._advance(whole_us(now))

    def power_on(self, now: float) -> list[uev.UnitEvent]:
        return self._handle(now, self._on_power_on)

    def power_off(self, now: float) -> list[uev.UnitEvent]:
        return self._handle(now, self._on_power_off)

    @staticmethod
    def _check_seat(seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEAT_COUNT:
            raise ValueError(f"seat must be a whole number 0–{SEAT_COUNT - 1}, got {seat!r}")

    def press_seat(self, seat: int, now: float) -> list[uev.UnitEvent]:
        if type(seat) is not int or not 0 <= seat < SEAT_COUNT:  # the usual seat passes at once
            self._check_seat(seat)
        return self._handle(now, self._on_seat, seat)

    def press_hau_drauf(self, now: float) -> list[uev.UnitEvent]:
        return self._handle(now, self._on_hau_drauf)

    def press_play_pause(self, now: float) -> list[uev.UnitEvent]:
        return self._handle(now, self._on_play_pause)

    def new_game(self, now: float) -> list[uev.UnitEvent]:
        """Start again with the same seats."""
        return self._handle(now, self._on_new_game)

    def reset(self, now: float) -> list[uev.UnitEvent]:
        """End the game and go back to registration; the seats stay registered
        (press a seat's button to let it leave)."""
        return self._handle(now, self._on_reset)

    def hand_over(self, seat: int, now: float) -> list[uev.UnitEvent]:
        """Give the turn to `seat` at once, without spinning: for games with their
        own turn order that use the unit as a timer, and for resuming a saved
        game. Ends a running turn (`TurnEnded`) or clears a flashing timeout."""
        self._check_seat(seat)
        return self._handle(now, self._on_hand_over, seat)

    def set_speed(self, turn_time: float | None, now: float) -> list[uev.UnitEvent]:
        """The speed switch (None = unlimited, or 1–60 s); applies from the next turn."""
        return self.configure(self._settings.with_changes(turn_time=turn_time), now)

    def configure(self, settings: UnitSettings, now: float) -> list[uev.UnitEvent]:
        """New settings, from now on: a running turn or race keeps its limit, the
        next one uses them; a shorter sleep delay already over sends the unit
        to sleep now (not back when it would have been due)."""
        _checked(settings)

        def apply() -> list[uev.UnitEvent]:
            old = self._settings
            self._use(settings)
            if (old.selection, old.max_in_a_row) != (settings.selection, settings.max_in_a_row):
                self._policy = make_policy(settings.selection, settings.max_in_a_row)
            return [uev.SettingsChanged.make(at=self._now / US, settings=settings)]
        return self._handle(now, apply, wakes=False)

    # --- the time machinery -------------------------------------------------

    def _use(self, settings: UnitSettings) -> None:
        """Take `settings`, with their durations in the clocks' units (worked out once per settings)."""
        self._settings = settings
        self._clocks = clocks_of(settings)

    def _active(self, t: int | None = None) -> int:
        """Game-clock time: real time minus every pause and sleep."""
        t = self._now if t is None else t
        if self._frozen_since is not None:
            t = self._frozen_since
        return t - self._frozen_total

    def _sync_freeze(self) -> None:
        if self._m.state in FROZEN:
            if self._frozen_since is None:
                self._frozen_since = self._now
        elif self._frozen_since is not None:
            self._frozen_total += self._now - self._frozen_since
            self._frozen_since = None

    def _reschedule(self) -> None:
        """Work out `_due`: the running game clock's next happening (spin end,
        countdown beep, timeout, race end) in real µs — game time plus every
        pause and sleep — or falling asleep. At the same µs a game clock goes
        before sleep."""
        state, due = self._m.state, None
        if self._frozen_since is None:
            real = self._frozen_total
            if state is SPINNING:
                due = self._spin_end + real, self._on_spin_end
            elif state is TURN and self._deadline is not None:
                if self._warnings:  # each beep is a whole second or more before the deadline
                    due = self._deadline - self._warnings[0] * US + real, self._on_warning
                else:
                    due = self._deadline + real, self._on_deadline
            elif state is SLAP_RACE:
                due = self._race.end + real, self._on_window_closed
        sleep_us = self._clocks.sleep_us
        if sleep_us > 0 and state in CAN_SLEEP:
            sleep_at = self._last_input + sleep_us
            if due is None or sleep_at < due[0]:
                due = sleep_at, self._on_sleep
        self._due = due

    def _advance(self, t: int) -> list[uev.UnitEvent]:
        """Run everything due up to `t`, each at its own instant — or now, if
        a settings change moved it into the past: time never runs backwards."""
        if t < self._now:
            t = self._now
        out: list[uev.UnitEvent] = []
        while (due := self._due) is not None and due[0] <= t:
            if due[0] > self._now:
                self._now = due[0]
            out += due[1]()
            self._reschedule()
        self._now = t
        return out

    def _handle(self, now: float, action: Callable[..., list[uev.UnitEvent]], seat: int | None = None,
                wakes: bool = True) -> list[uev.UnitEvent]:
        """Catch up to `now`, then take the input: `action()`, or `action(seat)` for a seat's."""
        t = whole_us(now)
        if (due := self._due) is not None and due[0] <= t:
            out = self._advance(t)
        else:  # nothing was due: the usual press
            out = None
            if t > self._now:
                self._now = t
        if wakes and self._m.state is not OFF and self._m.state is not ASLEEP:
            self._last_input = self._now
        taken = action() if seat is None else action(seat)
        out = taken if out is None else out + taken
        self._reschedule()
        if (due := self._due) is not None and due[0] <= self._now:  # due at this very instant (a 0 s spin)
            out += self._advance(self._now)
        return out

    def _ignored(self, button: str, seat: int | None, reason: Message) -> list[uev.UnitEvent]:
        return [uev.InputIgnored.make(at=self._now / US, button=button, seat=seat, reason=reason)]

    # --- handlers -----------------------------------------------------------

    def _on_power_on(self) -> list[uev.UnitEvent]:
        if self._m.state is not OFF:
            return self._ignored("power", None, msg("the unit is already on"))
        self._last_input = self._now
        self._m.fire("power_on")
        return [uev.PoweredOn.make(at=self._now / US), uev.RegistrationOpened.make(at=self._now / US, seats=())]

    def _on_power_off(self) -> list[uev.UnitEvent]:
        if self._m.state is OFF:
            return self._ignored("power", None, msg("the unit is already off"))
        self._m.fire("power_off")
        self._clear()
        return [uev.PoweredOff.make(at=self._now / US)]

    def _on_seat(self, seat: int) -> list[uev.UnitEvent]:
        state, at = self._m.state, self._now / US
        if state is TURN and seat == self._current:  # the usual press: the seat on turn ends it
            active = self._active()
            self._deadline = None
            self._m.fire("end_turn")
            return [uev.TurnEnded.make(at=at, seat=seat, elapsed_ms=in_ms(active - self._turn_start)),
                    self._begin_spin(active)]
        if state is OFF:
            return self._ignored("seat", seat, msg("the unit is off"))
        if state is ASLEEP:
            return self._ignored("seat", seat, msg("the unit is asleep: press Play/Pause to wake it"))
        if state is PAUSED:
            return self._ignored("seat", seat, msg("the game is paused: press Play/Pause to go on"))
        if state is REGISTERING:
            if seat in self._seats:
                self._seats = tuple(s for s in self._seats if s != seat)
                return [uev.SeatLeft.make(at=at, seat=seat, seats=self._seats)]
            self._seats = tuple(sorted((*self._seats, seat)))
            return [uev.SeatRegistered.make(at=at, seat=seat, seats=self._seats)]
        if seat not in self._seats:
            return self._ignored("seat", seat, msg("seat {seat} is not playing in this game", seat=seat + 1))
        if state is SPINNING:
            return self._ignored("seat", seat, msg("wait until the light stops"))
        if state is TURN:
            return [uev.NotYourTurn.make(at=at, seat=seat, waiting_for=(self._current,))]
        if state is SLAP_RACE:
            race = self._race
            if seat not in race.racers:
                return self._ignored("seat", seat, msg("the player who slapped does not race"))
            if seat in race.presses:
                return self._ignored("seat", seat, msg("already pressed in this race"))
            pressed = uev.SlapPressed.make(at=at, seat=seat, reaction_ms=in_ms(race.press(seat, self._active())),
                                           place=len(race.presses))
            if race.everyone_pressed:
                return [pressed, *self._finish_race(window_expired=False)]
            return [pressed]
        # TIMED_OUT or SLAP_RESULT: flashing seats must press.
        if seat not in self._waiting:
            return [uev.NotYourTurn.make(at=at, seat=seat, waiting_for=tuple(self._waiting))]
        self._waiting.remove(seat)
        out: list[uev.UnitEvent] = [uev.PenaltyAcknowledged.make(at=at, seat=seat, cause=self._penalty_cause)]
        if not self._waiting:
            self._m.fire("penalty_taken")
            out.append(self._begin_spin(self._active()))
        return out

    def _on_hau_drauf(self) -> list[uev.UnitEvent]:
        if self._m.state is not TURN:
            reason = {
                OFF: msg("the unit is off"),
                ASLEEP: msg("the unit is asleep: press Play/Pause to wake it"),
                PAUSED: msg("the game is paused: press Play/Pause to go on"),
            }.get(self._m.state, msg("HAU DRAUF starts a slap race only during a player's turn"))
            return self._ignored("hau drauf", None, reason)
        window = round(self._settings.slap_window * US)
        race = self._race = SlapRace.begin(self._seats, self._current, self._settings.slapper_races,
                                           self._active(), window)
        self._deadline = None
        self._m.fire("slap")
        return [uev.SlapStarted.make(at=self._now / US, slapper=race.slapper, racers=race.racers,
                                     window_ms=in_ms(window))]

    def _on_play_pause(self) -> list[uev.UnitEvent]:
        state, at = self._m.state, self._now / US
        if state is OFF:
            return self._ignored("play/pause", None, msg("the unit is off"))
        if state is REGISTERING:
            if len(self._seats) < 2:
                n = len(self._seats)
                reason = msg("at least 2 players must press their buttons first ({n} registered)", n=n)
                return [uev.StartRefused.make(at=at, seats=self._seats, reason=reason)]
            return self._start_game("start")
        if state is ASLEEP:
            self._last_input = self._now
            self._m.fire("wake", self._slept_from)
            self._slept_from = None
            return [uev.WokeUp.make(at=at)]
        if state is PAUSED:
            self._m.fire("resume", self._interrupted)
            self._interrupted = None
            return [uev.Resumed.make(at=at, remaining_ms=self._remaining())]
        self._interrupted = state
        self._m.fire("pause")
        return [uev.Paused.make(at=at, remaining_ms=self._remaining())]

    def _on_hand_over(self, seat: int) -> list[uev.UnitEvent]:
        state, at = self._m.state, self._now / US
        if state not in (REGISTERING, SPINNING, TURN, TIMED_OUT):
            return self._ignored("hand over", seat, being(state))
        if seat not in self._seats:
            return self._ignored("hand over", seat, msg("seat {seat} is not registered", seat=seat + 1))
        out: list[uev.UnitEvent] = []
        if state is REGISTERING:
            if len(self._seats) < 2:
                return [uev.StartRefused.make(at=at, seats=self._seats,
                                              reason=msg("at least 2 players must press their buttons first"))]
            self._clear_round()
            self._policy.restart()
            out.append(uev.GameStarted.make(at=at, seats=self._seats))
        elif state is TURN:
            elapsed = self._active() - self._turn_start
            out.append(uev.TurnEnded.make(at=at, seat=self._current, elapsed_ms=in_ms(elapsed)))
        self._waiting = []
        self._selected = seat
        self._m.fire("hand_over")
        return out + self._begin_turn(self._active())

    def _on_new_game(self) -> list[uev.UnitEvent]:
        if self._m.state is REGISTERING:
            return self._on_play_pause()
        if self._m.state not in (*IN_GAME, PAUSED):
            return self._ignored("new game", None, being(self._m.state))
        self._interrupted = None
        return self._start_game("new_game")

    def _on_reset(self) -> list[uev.UnitEvent]:
        if self._m.state not in (*IN_GAME, PAUSED):
            return self._ignored("reset", None, being(self._m.state))
        self._interrupted = None
        self._m.fire("reset")
        self._clear_round()
        return [uev.RegistrationOpened.make(at=self._now / US, seats=self._seats)]

    def _remaining(self) -> float | None:
        return None if self._deadline is None else in_ms(max(0, self._deadline - self._active()))

    # --- game flow ----------------------------------------------------------

    def _start_game(self, trigger: str) -> list[uev.UnitEvent]:
        self._clear_round()
        self._policy.restart()
        self._m.fire(trigger)
        return [uev.GameStarted.make(at=self._now / US, seats=self._seats), self._begin_spin(self._active())]

    def _begin_spin(self, start: int) -> uev.SpinStarted:
        """Choose the next seat and start the light at game time `start` (now)."""
        seats = self._seats
        self._current = self._race = None
        selected = self._selected = self._policy.choose(seats, self._draws)
        clocks = self._clocks
        schedule = self._schedule = spin_schedule(seats, selected, clocks.spin_us / US)  # made once per value
        self._spin_start = start
        self._spin_end = start + clocks.spin_us
        return uev.SpinStarted.make(at=self._now / US, seats=seats, schedule=schedule, duration_ms=clocks.spin_ms)

    def _on_spin_end(self) -> list[uev.UnitEvent]:
        self._m.fire("select")
        return self._begin_turn(self._spin_end)

    def _begin_turn(self, start: int) -> list[uev.UnitEvent]:
        """The selected seat's turn begins at `start` (a spin's end, or a hand-over)."""
        seat = self._current = self._selected
        self._turn_start = start
        limit, limit_ms, beeps = self._clocks.turns[seat]
        self._limit = limit
        self._deadline = None if limit is None else start + limit
        self._warnings = [*beeps]
        return [uev.PlayerSelected.make(at=self._now / US, seat=seat, limit_ms=limit_ms)]

    def _on_warning(self) -> list[uev.UnitEvent]:
        return [uev.CountdownWarning.make(at=self._now / US, seat=self._current, seconds_left=self._warnings.pop(0))]

    def _on_deadline(self) -> list[uev.UnitEvent]:
        self._deadline = None
        self._waiting = [self._current]
        self._penalty_cause = "timeout"
        self._m.fire("time_out")
        return [uev.TurnTimedOut.make(at=self._now / US, seat=self._current, limit_ms=in_ms(self._limit))]

    def _finish_race(self, *, window_expired: bool) -> list[uev.UnitEvent]:
        race = self._race
        losers = race.losers(window_expired)
        times = tuple((s, None if us is None else in_ms(us)) for s, us in race.times())
        self._waiting = list(losers)
        self._penalty_cause = "slap"
        self._m.fire("race_over")
        return [uev.SlapResult.make(at=self._now / US, slapper=race.slapper, times=times, losers=losers,
                                    window_expired=window_expired)]

    def _on_window_closed(self) -> list[uev.UnitEvent]:
        return self._finish_race(window_expired=True)

    def _on_sleep(self) -> list[uev.UnitEvent]:
        self._slept_from = self._m.state
        self._m.fire("sleep")
        return [uev.FellAsleep.make(at=self._now / US)]
