"""A game driven by the unit, for any game whose turn order comes from the unit
(`GameInfo.uses_unit`): the unit's events go to the game, the button presses the
game allows (`GameState.seat_button`, `hau_drauf_button`) go to the unit, and
when a round ends the unit starts a new game for the next one. Used by the
table and by the simulator alike.

It lives in the table, not beside the engines: it joins the unit (its clock and
buttons, `device.unit`) to a game, and an engine knows the unit only by the
events it takes (`device.events`). No pygame here."""
from __future__ import annotations

from device import events as uev
from device.unit import Unit, UnitState
from engine.core import GameEnd, GameState, RoundEnd


class UnitDriver:
    def __init__(self, state: GameState, unit: Unit) -> None:
        self.state, self.unit = state, unit
        self.round_over = False  # set on a round's end until the next round's unit game starts

    def start(self, now: float, auto_next_round: bool = True, begin: bool = True) -> list:
        """Power the unit on, register seats 0…n-1 and (if `begin`) press Play.
        `auto_next_round`: the unit starts the next round at once (the
        simulator); otherwise when the table calls `next_round`."""
        self.auto_next_round = auto_next_round
        unit_events = self.unit.power_on(now)
        for seat in range(self.state.players):
            unit_events += self.unit.press_seat(seat, now)
        if begin:
            unit_events += self.unit.press_play_pause(now)
        return self._pump(unit_events, now)

    def resume(self, now: float) -> list:
        """Bring a fresh unit to where a replayed game stands: spin if the game
        waits for a selection, else give the seat on turn a new turn clock.
        The game already knows whose turn it is, so these events are shown,
        not fed to it."""
        if self.state.is_over:
            return []
        seat = self.state.unit_turn
        if self.state.waiting_on_unit or seat is None:
            return self._pump(self.unit.press_play_pause(now), now)
        return self.unit.hand_over(seat, now)

    def act(self, seat: int, action, now: float) -> list:
        """Apply a move; an allowed button press is passed on to the unit."""
        events = self.state.apply(seat, action)
        if self._ends_round(events):
            return events + self._stop_unit(now)
        if action == self.state.seat_button:
            events += self._pump(self.unit.press_seat(seat, now), now)
        elif action == self.state.hau_drauf_button:
            events += self._pump(self.unit.press_hau_drauf(now), now)
        return events

    def press_play_pause(self, now: float) -> list:
        return self._pump(self.unit.press_play_pause(now), now)

    def tick(self, now: float) -> list:
        return self._pump(self.unit.tick(now), now)

    def next_round(self, now: float) -> list:
        """Start the unit again for the round the game has dealt already —
        at once, even if the unit fell asleep while the results were read."""
        self.round_over = False
        wake_for_the_next_round(self.unit, now)
        return self._pump(self.unit.new_game(now), now)

    def _ends_round(self, game_events: list) -> bool:
        if any(isinstance(e, (RoundEnd, GameEnd)) for e in game_events):
            self.round_over = True
        return self.round_over

    def _stop_unit(self, now: float) -> list:
        """Stop the finished round's clocks at once (back to registration, seats
        kept); the next round's unit game starts now or when the table asks.
        The stop is the round's end, not news ("press a button to join" would
        mislead under the results): its events are dropped."""
        self.unit.reset(now)
        if self.auto_next_round and not self.state.is_over:
            return self.next_round(now)
        return []

    def _pump(self, unit_events: list[uev.UnitEvent], now: float) -> list:
        out: list = list(unit_events)
        for event in unit_events:
            if isinstance(event, self.state.unit_events):
                game_events = self.state.feed(event)
                out += game_events
                if self._ends_round(game_events):
                    # later events of this batch belong to the finished round's unit game
                    return out + self._stop_unit(now)
        return out


def wake_for_the_next_round(unit: Unit, now: float) -> None:
    """Between rounds the unit waits in registration, where its idle timer runs:
    left over a long results screen it falls asleep. Starting the next round
    wakes it without a word (its nap is nobody's news), so one press starts
    the round whatever the sleep setting."""
    unit.tick(now)
    if unit.state is UnitState.ASLEEP:
        unit.press_play_pause(now)
