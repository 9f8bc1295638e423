"""Bots for Crazy Old Fish War. They decide from `view(seat)` and the legal list.

The heuristic bot:
- plays plain cards before Crazy 8s, and an Old Mermaid (five cards!) only when
  nothing else fits; among plain cards the one whose colour it holds most of
  (with war on it sheds low numbers first and keeps the high ones for wars);
- names the colour (and number) it holds most of;
- with no match declares war when it holds a 9 or better (on the opponent
  closest to going out: the loser draws), otherwise fishes at the player with
  the most cards (most likely to have a match; a gift helps them least);
- when asked gives an Old Mermaid if one fits (the asker must play it and draw
  five), else never a Crazy 8 while another card fits, else the card of the
  colour it holds fewest of (lowest number first);
- in a war lays an Old Mermaid when challenged (it wins outright), else its
  highest card (a lost card comes back anyway), sparing a Crazy 8 on equal value;
- always calls a fish when down to one card.
"""
from __future__ import annotations

from collections import Counter

from haudrauf.engine.bots.base import RandomBot
from haudrauf.engine.games.crazy_old_fish_war.actions import Ask, Give, LayCard, Name, Play, War
from haudrauf.engine.games.crazy_old_fish_war.cards import CARD_COLOUR, CARD_NUMBER, is_crazy8, is_mermaid, is_wild, \
    war_value

WAR_THRESHOLD = 9  # the lowest high card worth a war


def _colour_counts(hand) -> Counter:
    return Counter(CARD_COLOUR[c] for c in hand if not is_wild(c))


class HeuristicBot:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view, legal, rng):
        first = legal[0]
        if isinstance(first, Play):
            return self._play(view, legal)
        if isinstance(first, Ask):
            return self._no_match(view, legal)
        if isinstance(first, Name):
            return self._name(view, legal)
        if isinstance(first, Give):
            return self._give(view, legal)
        if isinstance(first, LayCard):
            return self._lay(view, legal)
        return first  # a fish call (StayQuiet comes last)

    def _play(self, view, legal):
        counts = _colour_counts(view["hand"])
        sign = -1 if view["options"]["war"] else 1

        def worth(action):
            card = action.card
            if is_mermaid(card):
                return -100
            if is_crazy8(card):
                return -50
            return counts[CARD_COLOUR[card]] + sign * CARD_NUMBER[card] / 20
        return max(legal, key=worth)

    def _name(self, view, legal):
        hand = [c for c in view["hand"] if not is_wild(c)]
        colours = _colour_counts(hand)
        numbers = Counter(CARD_NUMBER[c] for c in hand)
        return max(legal, key=lambda a: (colours[a.colour], numbers[a.number] if a.number else 0))

    def _no_match(self, view, legal):
        counts = view["hand_counts"]
        wars = [a for a in legal if isinstance(a, War)]
        if wars and max(war_value(c) for c in view["hand"]) >= WAR_THRESHOLD:
            return min(wars, key=lambda a: counts[a.target])
        return max((a for a in legal if isinstance(a, Ask)), key=lambda a: counts[a.target])

    def _give(self, view, legal):
        for action in legal:
            if is_mermaid(action.card):
                return action
        counts = _colour_counts(view["hand"])
        return min(legal, key=lambda a: (is_crazy8(a.card), counts[CARD_COLOUR[a.card]], CARD_NUMBER[a.card]))

    def _lay(self, view, legal):
        return max(legal, key=lambda a: (war_value(a.card), not is_crazy8(a.card)))


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
