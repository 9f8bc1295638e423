"""How turns, rounds and the game of Sea Salt & Paper end (`RoundEnds`, a part
of `SeaSaltPaper`): Angelfish at a turn's end, the empty deck, the calls'
scoring, the Extra Pepper event cards handed out after a round, the mermaids'
win and the points goal."""
from __future__ import annotations

from haudrauf.engine.core import GameEvent
from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper
from haudrauf.engine.games.sea_salt_paper.cards import COLOUR, MERMAID, ids_of
from haudrauf.engine.games.sea_salt_paper.events import EventAwarded, EventDiscarded, GameOver, RoundOver
from haudrauf.engine.games.sea_salt_paper.phases import Phase
from haudrauf.engine.games.sea_salt_paper.scoring import Breakdown, round_scores, score
from haudrauf.words import Message, nmsg

#: Points that win the game, by the number of players (doubled by option double_points).
GOALS = {2: 40, 3: 35, 4: 30}
MERMAIDS = frozenset(ids_of(MERMAID))
MERMAIDS_WIN, MERMAIDS_WIN_DANCING = 4, 3  # mermaids in hand that win at once (Dance of the mermaids: 3)


class RoundEnds:
    """The ends of turns, rounds and the game."""

    @property
    def goal(self) -> int:
        return GOALS[self.players] * (2 if self.options["double_points"] else 1)

    def _end_turn(self) -> list[GameEvent]:
        """A turn ends without a call: Angelfish first, then the usual checks."""
        seat = self.turn
        tops = [p[-1] for p in self.piles if p]
        if (pepper.ANGELFISH in self.active_events(seat) and len(tops) == 2
                and COLOUR[tops[0]] == COLOUR[tops[1]]):
            self._ask_pick({"kind": "angelfish"})
            return []
        return self._finish_turn()

    def _finish_turn(self) -> list[GameEvent]:
        seat = self.turn
        events = self._check_mermaids()
        if events:
            return events
        if not self.deck:
            if self.call == "last_chance":
                return self._score_round()
            return self._round_over(RoundOver(self.round, "deck", None, False, (0,) * self.players,
                                              self._breakdowns(), tuple(self.totals)))
        if self.extra_turn:
            self.extra_turn = False
            return self._start_turn(seat, extra=True)
        if self.call == "last_chance":
            if self.final_turns:
                return self._start_turn(self.final_turns.pop(0))
            return self._score_round()
        return self._start_turn((seat + 1) % self.players)

    def _breakdowns(self) -> tuple[Breakdown, ...]:
        return tuple(self.breakdown(s) for s in range(self.players))

    def _score_round(self) -> list[GameEvent]:
        breakdowns = self._breakdowns()
        points = [b.card_points for b in breakdowns]
        bonuses = [b.colour_bonus for b in breakdowns]
        scores, beaten = round_scores(points, bonuses, self.call, self.caller)
        for s, p in enumerate(scores):
            self.totals[s] += p
        self.last_scores = scores
        return self._round_over(RoundOver(self.round, self.call, self.caller, beaten, tuple(scores),
                                          breakdowns, tuple(self.totals)))

    def _round_over(self, summary: RoundOver) -> list[GameEvent]:
        events: list[GameEvent] = [summary]
        self.last_scored = [[sorted(self.hands[s]), [list(g) for g in self.fronts[s]], sorted(self.active_events(s))]
                            for s in range(self.players)]
        self.phase = Phase.ROUND_OVER
        if summary.how != "deck" and max(self.totals) >= self.goal:
            return events + self._game_over(self._points_winners(), "points")
        if self.options["extra_pepper"]:
            events += self._settle_events()
            if self.phase == Phase.EVENT:
                return events
        return events + self._start_round()

    def _points_winners(self) -> list[int]:
        """Most points; a tie goes to the most points in the last round."""
        top = max(self.totals)
        tied = [s for s, t in enumerate(self.totals) if t == top]
        best_last = max(self.last_scores[s] for s in tied)
        return [s for s in tied if self.last_scores[s] == best_last]

    def _settle_events(self) -> list[GameEvent]:
        """Hand out the event cards; a player who must choose between two gets
        the phase `EVENT`."""
        held, discarded, offer = pepper.settle(self.totals, self.held, self.round_event)
        self.round_event = None
        events: list[GameEvent] = []
        for card in discarded:
            events.append(EventDiscarded(card, tie=card not in self.held))
        self.event_discard += discarded
        self.held = held
        if offer is None:
            return events
        seat, card = offer
        events.append(EventAwarded(seat, card))
        if held[seat] is None:
            held[seat] = card
            return events
        self.offer = card
        self.pending = {"seat": seat}
        self.phase = Phase.EVENT
        return events

    def _check_mermaids(self) -> list[GameEvent]:
        """A seat with enough mermaids in hand wins at once (the game-over events, else none)."""
        for s in range(self.players):
            mermaids = len(MERMAIDS.intersection(self.hands[s]))
            if mermaids < MERMAIDS_WIN_DANCING:
                continue
            needed = MERMAIDS_WIN_DANCING if pepper.DANCE_OF_MERMAIDS in self.active_events(s) else MERMAIDS_WIN
            if mermaids >= needed:
                return self._game_over([s], "mermaids")
        return []

    def _game_over(self, winners: list[int], won_by: str) -> list[GameEvent]:
        self.winners = winners
        self.won_by = won_by
        self.phase = Phase.OVER
        return [GameOver(tuple(winners), tuple(self.totals), self.end_reason())]

    def end_reason(self) -> Message:
        """Why the game is over: "4 mermaids in hand", "41 points reached"."""
        if self.won_by == "mermaids":
            mermaids = len(MERMAIDS.intersection(self.hands[self.winners[0]]))
            return nmsg("{n} mermaid in hand", "{n} mermaids in hand", mermaids)
        return nmsg("{n} point reached", "{n} points reached", max(self.totals))

    def last_breakdowns(self) -> tuple[Breakdown, ...]:
        """What each seat's cards scored in the last round (kept as the cards, to say in any language)."""
        return tuple(score(hand, front, frozenset(events)) for hand, front, events in self.last_scored)
