"""Speed games: a turn-based game played against the unit as a turn clock.

The unit picks who starts (`PlayerSelected`, after a spin `SpinStarted` for a
game that `takes_the_spin`) and buzzes a seat that ran out of time
(`TurnTimedOut`). What is the same for every speed game lives here: when such
an event fits, and how a misfit is refused. A game says only what the events
do: `on_timeout` (what running out of time costs) and `on_starter` (how the
picked seat starts), plus `before_first_move` (the unit may pick the starter
only until then).
"""
from __future__ import annotations

from haudrauf.device import events as uev
from haudrauf.engine.core.errors import IllegalAction
from haudrauf.engine.core.state import GameEvent, GameState
from haudrauf.words import Message, msg

#: One wording for every speed game: the pick came after someone moved.
TOO_LATE_TO_PICK = msg("the unit can pick who starts only before the first move")


class SpeedGame(GameState):
    """A game the unit can time. `feed` has already checked that the event is
    one the game takes, well formed and naming only its seats."""

    unit_events = (uev.TurnTimedOut, uev.PlayerSelected)

    @property
    def before_first_move(self) -> bool:
        """True while nobody has moved (or timed out) in this deal."""
        raise NotImplementedError

    def on_timeout(self, seat: int) -> list[GameEvent]:
        """`seat`, one the game waits for, ran out of time: what it costs them."""
        raise NotImplementedError

    def on_starter(self, seat: int) -> list[GameEvent]:
        """The unit picked `seat` to start instead of the game's usual first player."""
        raise NotImplementedError

    def on_spin(self) -> list[GameEvent]:
        """The unit spins for the starter (only a game that `takes_the_spin`)."""
        raise NotImplementedError

    def _feed(self, event: uev.UnitEvent) -> list[GameEvent]:
        if isinstance(event, uev.TurnTimedOut):
            if event.seat not in self.current_seats:
                raise IllegalAction(msg("seat {seat} cannot time out: {why}", seat=event.seat + 1, why=self._whose_turn()))
            return self.on_timeout(event.seat)
        if not self.before_first_move:
            raise IllegalAction(TOO_LATE_TO_PICK)
        if isinstance(event, uev.SpinStarted):
            return self.on_spin()
        return self.on_starter(event.seat)

    def _whose_turn(self) -> Message:
        if not self.current_seats:
            return msg("it is nobody's turn")
        return msg("it is {seats}'s turn", seats=tuple(msg("seat {seat}", seat=s + 1) for s in self.current_seats))
