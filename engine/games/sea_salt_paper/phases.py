"""The phases of a Sea Salt & Paper turn (`state.phase`): what the player on
turn (or choosing an event card) is asked to do; the words are `PHASE_TASKS`
in view.py. A module of its own because the state, its refusals and its
picture all name them. The values are what saves and views hold."""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    DRAW = "draw"  # two cards from the deck or a discard pile's top (stung: the deck's top only)
    KEEP = "keep"  # keep one of the two drawn cards, discard the other
    PLAY = "play"  # duos and a call in any order, until a call or "end turn"
    CRAB_PILE = "crab_pile"  # crab duo: choose the discard pile to look through
    PICK = "pick"  # take a card: crab, lobster, Angelfish or water rodeo (`pending["kind"]`)
    TARGET = "target"  # shark + swimmer or water rodeo: choose the opponent
    GIVE = "give"  # water rodeo: give a card back
    PAIR = "pair"  # two sharks: choose the played duo to steal
    EVENT = "event"  # a player awarded a second event card keeps one of the two
    ROUND_OVER = "round_over"  # scored, the next round not yet dealt (never seen between moves)
    OVER = "over"
