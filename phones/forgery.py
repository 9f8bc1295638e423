"""Tampered phones: the ways we know for a phone to lie about time, so the
tests and `bench/bench_forged_presses.py` can race them against honest ones.
The table itself never uses this.

A phone's answer to a clock ping (t1: when it got the ping, t2: when it
answered) and the stamp on its press are its own word; only when a message
reaches the host is the host's own. A `Forger` is one strategy: how long it
holds each ping before answering, what it claims in the answer, and what it
stamps on a press. Times are the forger's own clock, in seconds.
"""
from __future__ import annotations

from dataclasses import dataclass, field

SLOW_PING = 0.28  # s a forger holds each ping: it wants the host to think its network is that slow


@dataclass
class Forger:
    name: str
    hold: float = 0.0  # s each ping is held before the answer goes
    lopsided: bool = False  # every other answer says the wait was on the way out, not on the way in
    replay_pong: bool = False  # every answer repeats its first answer's stamps
    replay_stamp: bool = False  # every press repeats its first press's stamp
    earliest: bool = True  # a press is stamped 0, the earliest time a phone may say
    _answers: list[tuple[float, float]] = field(default_factory=list, init=False, repr=False)
    _stamps: list[float] = field(default_factory=list, init=False, repr=False)

    def answer(self, got: float, sent: float) -> tuple[float, float]:
        """(t1, t2) claimed for a ping that reached the phone at `got` and is
        answered at `sent`, `hold` later (an honest phone answers at once)."""
        if self.replay_pong and self._answers:
            return self._answers[0]
        at = got if self.lopsided and len(self._answers) % 2 else sent  # the wait: on the way out, or in
        self._answers.append((at, at))
        return at, at

    def stamp(self, pressed: float) -> float:
        """The stamp sent for a press made at `pressed` on the phone's clock."""
        self._stamps.append(pressed)
        if self.replay_stamp:
            return self._stamps[0]
        return 0.0 if self.earliest else pressed


def forgers() -> dict[str, Forger]:
    """One fresh forger of each strategy, by name."""
    return {forger.name: forger for forger in (
        Forger("forged stamp"),
        Forger("slowed pings", hold=SLOW_PING),
        Forger("lopsided slowed pings", hold=SLOW_PING, lopsided=True),
        Forger("replayed stamp", replay_stamp=True, earliest=False),
        Forger("replayed pong", replay_pong=True),
    )}


def honest() -> Forger:
    """A phone that tells the truth, for comparison."""
    return Forger("honest", earliest=False)
