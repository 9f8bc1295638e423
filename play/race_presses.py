"""A slap race fair to every kind of button: keys, touches and phones.

A key or a touch reaches the table within a fast poll (~4 ms) of the press; a
phone's press arrives a Wi-Fi leg later, stamped with the moment it happened
(corrected onto the host's clock, ± its clock sync's bound). The unit takes
presses in time order and its time never runs backwards, so a late press
handed straight to it would lose to a key pressed after it. So while a race
runs with phones in it, the table runs `hold` seconds behind the wall clock —
the unit, the bots and every press — and a press is handed to the unit when
that lagged clock reaches the moment it happened. Without phones `hold` is 0
and nothing changes.

The result then says how sure it is: each press's ± (a key's is one fast
poll), and whether it is too close to call — whether any press's ± reaches
across the gap that decided who takes the cards (clock_sync.order_presses,
`RaceOrder.in_doubt`), wherever that press was placed: a forged stamp placed
first, with the wide ± it gets for it, cannot pass for a certain win. The
order stands — the unit needs one — but nobody is told a guess is certain.
"""
from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass, field
from typing import Callable

from haudrauf.device import events as uev
from haudrauf.play.clock_sync import Press, order_presses

KEY_PM = 1 / 240  # s: a key or touch is stamped when polled, up to one fast poll after it went down


@dataclass(frozen=True)
class RaceVerdict:
    pm: dict[int, float]  # seat → its phone press's ± (s); keys and bots are exact to a poll
    close_call: bool  # a press's ± reaches across the gap that decided who takes cards


@dataclass
class RacePresses:
    hold: float = 0.0  # s the table runs behind during this race
    racing: bool = False
    presses: dict[int, Press] = field(default_factory=dict)
    phones: set[int] = field(default_factory=set)  # the seats whose press came from a phone
    verdict: RaceVerdict | None = None  # the last race's, once it is over
    _held: list = field(default_factory=list)
    _order: itertools.count = field(default_factory=itertools.count)

    def note(self, event: uev.UnitEvent, hold: Callable[[tuple[int, ...]], float]) -> None:
        """Follow the unit: a race starts, held for `hold(racers)`, or ends with its verdict."""
        if isinstance(event, uev.SlapStarted):
            self.start(hold(event.racers))
            self.verdict = None
        elif isinstance(event, uev.SlapResult):
            self.verdict = self.judge(event)

    def start(self, hold: float) -> None:
        """A race began; `hold`: the slowest racing phone's round trip (0: no phones)."""
        self.hold, self.racing, self.presses, self.phones = hold, True, {}, set()

    def end(self) -> None:
        self.racing = False

    def clock(self, now: float) -> float:
        """The time the unit and the bots run on: behind by `hold` during a race."""
        return now - self.hold if self.racing else now

    def take(self, seat: int, t: float, pm: float | None = None) -> bool:
        """A seat's press at `t`, ± `pm` from a phone (None: a key or a touch,
        ± one fast poll): True if it is held for `due`, False if it goes to the
        unit now (no race, or a race without phones)."""
        if not self.racing:
            return False
        if seat not in self.presses:  # a second press is not the race's
            self.presses[seat] = Press(seat, t, KEY_PM if pm is None else pm)
            if pm is not None:
                self.phones.add(seat)
        if self.hold <= 0:
            return False
        heapq.heappush(self._held, (t, next(self._order), seat))
        return True

    def due(self, until: float) -> list[tuple[int, float]]:
        """The held presses up to `until` (everything once the race is over), as
        (seat, time), earliest first."""
        limit = until if self.racing else float("inf")
        out = []
        while self._held and self._held[0][0] <= limit:
            t, _, seat = heapq.heappop(self._held)
            out.append((seat, t))
        return out

    def step(self, now: float, press: Callable[[int, float], None], advance: Callable[[float], None],
             racing: Callable[[], bool]) -> None:
        """One frame: the held presses now due go to `press(seat, t)`, then the
        clock moves on (`advance(t)`, behind by `hold` during the race); once
        the race is over (`racing()` false) the rest count as they come."""
        clock = self.clock(now)
        for seat, t in self.due(clock):
            press(seat, t)
        advance(clock)
        if not racing():
            self.end()
            for seat, t in self.due(now):
                press(seat, t)

    def judge(self, result: uev.SlapResult) -> RaceVerdict:
        """How sure the race's result is, on the unit's reaction times and each
        press's ± (a bot's press is exact). Ends the race."""
        self.end()
        pm = {seat: press.uncertainty for seat, press in self.presses.items()}
        order = order_presses(Press(seat, ms / 1000, pm.get(seat, 0.0)) for seat, ms in result.times
                              if ms is not None)
        pm = {seat: value for seat, value in pm.items() if seat in self.phones}
        return RaceVerdict(pm, not result.window_expired and order.in_doubt(result.losers))
