"""Bots for UNO Hau drauf. They see only `view(seat)` and the legal list.

The table may add `None` to the legal list of a seat that need not act (only
optional moves such as catching a player without UNO): returning None means
"not now". How fast a bot thinks and slaps is not decided here but by its
`ReactionModel` (engine/bots/base.py), applied by whoever runs it.
"""
from __future__ import annotations

from collections import Counter

from haudrauf.engine.bots.base import RandomBot
from haudrauf.engine.games.uno_hau_drauf.actions import (
    Accept, CallUno, CatchUno, Challenge, ChooseColour, Draw, Play, PressButton, PressHauDrauf,
)
from haudrauf.engine.games.uno_hau_drauf.cards import CARDS, COLOURS, WILD_FOUR


#: The moves the bot looks for by value, made once (a move is compared by its fields).
CALL_UNO, HAU_DRAUF, CHALLENGE, ACCEPT = CallUno(), PressHauDrauf(), Challenge(), Accept()
FALLBACKS = (Draw(), PressButton())


def majority_colour(hand: list[int]) -> str:
    """The colour the bot holds most of (ties: the first in COLOURS)."""
    counts = Counter(CARDS[c].colour for c in hand if CARDS[c].colour)
    return max(COLOURS, key=lambda colour: (counts[colour], -COLOURS.index(colour)))


def listed(moves: list, wanted):
    """The move in `moves` equal to `wanted`: the list's own object."""
    return moves[moves.index(wanted)]


class HeuristicBot:
    """Plays like a sensible person: calls UNO, slaps, keeps wild cards for
    when nothing else fits, lays wild draw fours only legally, names the colour
    it holds most of, catches others some of the time."""

    def __init__(self, seat: int, catch_probability: float = 0.6, challenge_probability: float = 0.3) -> None:
        self.seat = seat
        self.catch_probability = catch_probability
        self.challenge_probability = challenge_probability

    def choose(self, view, legal, rng):
        """The move, always the legal list's own object (a driver then need not check it again)."""
        moves = [a for a in legal if a is not None]
        for wanted in (CALL_UNO, HAU_DRAUF):
            if wanted in moves:
                return listed(moves, wanted)
        catches = [a for a in moves if isinstance(a, CatchUno)]
        if catches and rng.random() < self.catch_probability:
            return catches[0]
        if CHALLENGE in moves:
            doubt = view["bluffing"] and rng.random() < self.challenge_probability
            return listed(moves, CHALLENGE if doubt else ACCEPT)
        colours = [a for a in moves if isinstance(a, ChooseColour)]
        if colours:
            return listed(colours, ChooseColour(majority_colour(view["hand"])))
        play = self._best_play(view, [a for a in moves if isinstance(a, Play)])
        if play is not None:
            return play
        for fallback in FALLBACKS:
            if fallback in moves:
                return listed(moves, fallback)
        return None if None in legal else moves[0]

    def _best_play(self, view, plays: list[Play]) -> Play | None:
        hand = view["hand"]
        held_colour = any(CARDS[c].colour == view["colour"] for c in hand)
        plays = [p for p in plays if not (CARDS[p.card].symbol == WILD_FOUR and held_colour)]
        if not plays:
            return None
        coloured = [p for p in plays if not CARDS[p.card].is_wild]
        if coloured:  # wilds are kept for when nothing else fits; dump the most points first
            return max(coloured, key=lambda p: (CARDS[p.card].points, p.card))
        rest = [c for c in hand if c != plays[0].card]
        colour = majority_colour(rest) if rest else COLOURS[0]
        wilds = [p for p in plays if p.colour == colour]
        victims = [p for p in wilds if p.target is not None]  # variant: the layer picks who draws
        if victims:
            counts = view["counts"]
            return min(victims, key=lambda p: (counts[p.target], p.target))
        return wilds[0]


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
