"""The advanced game's war (`Wars`, a part of `CrazyOldFishWar`): declaring it,
laying cards face down, playing on blind from the draw pile, the reveal and
the three ways a war ends — won, two Old Mermaids cancelling, undecided. The
rules and our choices are in state.py's docstring."""
from __future__ import annotations

from haudrauf.engine.core import GameEvent
from haudrauf.engine.games.crazy_old_fish_war import events as ev
from haudrauf.engine.games.crazy_old_fish_war.actions import LayCard, War
from haudrauf.engine.games.crazy_old_fish_war.cards import CARD_COLOUR, CARD_NUMBER, is_mermaid, war_value
from haudrauf.engine.games.crazy_old_fish_war.phases import WAR


class Wars:
    """The war phase's moves and outcomes."""

    def war_seats(self) -> tuple[int, int]:
        return self.war["declarer"], self.war["challenged"]

    def _war_choices(self, seat: int) -> list[int]:
        """Cards `seat` may lay in the war: the declarer may not lay an Old Mermaid."""
        if seat == self.war["declarer"]:
            return [c for c in self.hands[seat] if not is_mermaid(c)]
        return list(self.hands[seat])

    def _on_war(self, seat: int, action: War) -> list[GameEvent]:
        self.phase = WAR
        self.war = {"declarer": seat, "challenged": action.target, "laid": [None, None],
                    "blind": [False, False], "tied": [[], []]}
        return [ev.WarDeclared(seat, action.target), *self._war_go_on()]

    def _on_lay_card(self, seat: int, action: LayCard) -> list[GameEvent]:
        side = self.war_seats().index(seat)
        self.hands[seat].remove(action.card)
        self.war["laid"][side] = action.card
        return [ev.WarCardLaid(seat), *self._war_go_on()]

    def _war_go_on(self) -> list[GameEvent]:
        """Sides that cannot choose play on from the draw pile; reveal once both
        cards are down (again and again while they tie)."""
        war = self.war
        events: list[GameEvent] = []
        while self.phase == WAR:
            for side, seat in enumerate(self.war_seats()):
                if war["laid"][side] is None and not self._war_choices(seat):
                    cards, reshuffle = self._take_from_draw(1)
                    events += reshuffle
                    if not cards:
                        return events + self._war_undecided()
                    war["laid"][side], war["blind"][side] = cards[0], True
                    events.append(ev.WarCardTurned(seat))
            if None in war["laid"]:
                return events
            events += self._war_reveal()
        return events

    def _war_reveal(self) -> list[GameEvent]:
        war = self.war
        declared, challenged = war["laid"]
        self.reveal = [*self.war_seats(), declared, challenged]
        events: list[GameEvent] = [ev.WarRevealed(*self.war_seats(), (declared, challenged))]
        if is_mermaid(declared) and is_mermaid(challenged):
            return events + self._war_cancelled()
        if war_value(declared) == war_value(challenged):
            war["tied"][0].append(declared)
            war["tied"][1].append(challenged)
            war["laid"], war["blind"] = [None, None], [False, False]
            return events + [ev.WarTied(war_value(declared))]
        return events + self._war_won(0 if war_value(declared) > war_value(challenged) else 1)

    def _war_won(self, side: int) -> list[GameEvent]:
        war, seats = self.war, self.war_seats()
        winner, loser, card = seats[side], seats[1 - side], war["laid"][side]
        taken = [war["laid"][1 - side]] + war["tied"][0] + war["tied"][1]
        self.pile.append(card)
        self.hands[loser] += taken
        self.war = None
        events = [ev.WarWon(winner, loser, card, len(taken)), *self._draw(loser, 1, "war")]
        next_turn = self._after_duel(*seats)
        if is_mermaid(card):
            self._ask_name(winner, False, 0, next_turn)
        else:
            self.colour, self.number = CARD_COLOUR[card], CARD_NUMBER[card]
            self._end_turn(next_turn)
        return events

    def _war_cancelled(self) -> list[GameEvent]:
        war, seats = self.war, self.war_seats()
        self.pile += war["laid"]
        for seat, tied in zip(seats, war["tied"]):
            self.hands[seat] += tied
        self.war = None
        self._ask_name(seats[1], False, 0, self._after_duel(*seats))
        return [ev.WarCancelled(*seats)]

    def _war_undecided(self) -> list[GameEvent]:
        war, seats = self.war, self.war_seats()
        for side, seat in enumerate(seats):
            laid = war["laid"][side]
            self.hands[seat] += war["tied"][side] + ([] if laid is None else [laid])
        self.war = None
        self._end_turn(self._after_duel(*seats))
        return [ev.WarUndecided(*seats)]
