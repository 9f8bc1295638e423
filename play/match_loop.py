"""The one match loop: a game, its bots and the unit — driving the game
(`UnitDriver`), timing its turns (`TurnTimer`), or absent — moving on
whatever clock the caller keeps. The table's session steps it once a frame
on the real clock (`update`); the simulator lets it jump from one happening
to the next on a fake clock (`run_on_a_jumping_clock`). So when a bot
moves, what a refused move does and what a round's end does are decided by
the same code in the window, on the phones and in `simulate`.

A round's end either holds everything while the results show
(`hold_results`, the table: no bot moves, no move is taken, the unit's clock
stands until `next_round`) or deals the next round at once (the simulator)."""
from __future__ import annotations

from typing import Callable

from haudrauf.device.clock import FakeClock
from haudrauf.device.machine import UnitState
from haudrauf.engine.core import GameState, IllegalAction
from haudrauf.play.bot_runner import BotRunner
from haudrauf.play.unit_driver import TurnTimer, UnitDriver, ends_round

NEVER = float("inf")


class MatchLoop:
    def __init__(self, state: GameState, driver: UnitDriver | TurnTimer | None, bots: BotRunner,
                 hold_results: bool, noted: Callable[[list], None]) -> None:
        """`noted(events)`: told every batch of events (the table logs, plays
        sounds and saves; the simulator counts)."""
        self.state, self.driver, self.bots = state, driver, bots
        self.hold_results, self.noted = hold_results, noted
        self.round_over = False  # held while the results show (only with `hold_results`)
        self.bot_moves = 0  # bots' moves the rules took

    @property
    def first_pick(self) -> bool:
        """A speed game's unit is spinning for the first player: nobody moves yet."""
        return self.driver is not None and self.driver.first_pick

    @property
    def paused(self) -> bool:
        return self.driver is not None and self.driver.unit.state in (UnitState.PAUSED, UnitState.ASLEEP)

    def start(self, now: float) -> list:
        """Switch the unit on for the game (a resumed game continues its turn)."""
        if not self.driver:
            return []
        return self.after(self.driver.start(now, resuming=bool(self.state.log)), now)

    def act(self, seat: int, action, now: float) -> list:
        """A move (a person's, or a bot's gone stale), checked in full;
        IllegalAction (with the reason) if it is not allowed."""
        return self._act(seat, action, now, legal=False)

    def _act(self, seat: int, action, now: float, legal: bool) -> list:
        """`legal`: a bot's move taken from the legal list of this very
        position, made without checking it again (`act_legal`, `apply_legal`)."""
        if self.round_over:
            raise IllegalAction("the round is over: the next one starts from the results")
        if self.driver:
            events = (self.driver.act_legal if legal else self.driver.act)(seat, action, now)
        else:
            events = (self.state.apply_legal if legal else self.state.apply)(seat, action)
        return self.after(events, now)

    def update(self, now: float) -> list:
        """The unit's clock and the bots move on to `now` — not while results show."""
        if self.round_over or self.state.is_over:
            return []
        events = self.after(self.driver.tick(now), now) if self.driver else []
        paused = self.paused
        if paused:  # bots think again after the pause: its time is not thinking time
            self.bots.forget()
        if self.round_over or self.state.is_over or paused or self.first_pick:
            return events
        self.bots.plan(now)
        for seat, action, position in self.bots.due(now):
            if self.round_over:
                break
            try:  # a move gone stale since the bot chose it (the position moved on) is checked, and refused
                events += self._act(seat, action, now, legal=position == self.state.changes)
            except IllegalAction:
                continue
            self.bot_moves += 1
        return events

    def next_round(self, now: float) -> list:
        """After the results: the round the engine has dealt starts at once —
        the unit spins (UNO) or times its first player (a speed game)."""
        if not self.round_over:
            return []
        self.round_over = False
        if self.state.is_over or not self.driver:
            return []
        return self.after(self.driver.next_round(now), now)

    def after(self, events: list, now: float) -> list:
        """Every change: a round's end holds the table or deals the next round
        at once; a speed game's clock is kept on the right seat; `noted` is told."""
        if ends_round(events):
            if self.hold_results:
                self.round_over = True
            elif self.driver and not self.state.is_over:
                events = events + self.driver.next_round(now)
        if self.driver:
            events = events + self.driver.follow(now, self.round_over)
        self.noted(events)
        return events

    # --- a fake clock that jumps ----------------------------------------------------------
    def next_happening(self) -> float:
        """When a bot moves next or the unit's own timer runs out (NEVER: nothing will happen)."""
        bots = NEVER if self.first_pick else self.bots.next_time()
        unit = (self.driver.unit.next_event_at() or NEVER) if self.driver else NEVER
        return min(bots, unit)

    def run_on_a_jumping_clock(self, clock: FakeClock, stop: Callable[[int], str | None]) -> str | None:
        """Play the game to its end (without `hold_results`), the clock jumping
        straight to the next thing that happens; `stop(steps so far)` may end
        it early with its reason. Returns why it stopped, None when it ended."""
        self.start(clock.now())
        steps = 0
        while not self.state.is_over:
            stopped = stop(steps)
            if stopped:
                return stopped
            if not self.first_pick:
                self.bots.plan(clock.now())  # the bots see the last moves at once: the clock jumps past no decision
            next_at = self.next_happening()
            if next_at == NEVER:
                seats = [f"seat {s + 1}" for s in range(self.state.players)]
                return f"stuck: nobody acts and the unit waits ({self.state.table_view(None, seats).prompt})"
            steps += 1
            clock.advance(max(0.0, next_at - clock.now()))
            self.update(clock.now())
        return None
