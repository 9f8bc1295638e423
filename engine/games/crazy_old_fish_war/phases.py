"""The phases of Crazy Old Fish War (`state.phase`): whom the table waits for.

A module of its own because the state, its events and its picture all name
them. The values are what saves and views hold."""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    #: The turn player: play a matching card (compulsory when holding one),
    #: else Ask someone (Go Fish) or, with option `war`, declare War.
    PLAY = "play"
    #: Whoever played a Crazy 8 / Old Mermaid (or won a war with a Mermaid, or
    #: was challenged when two Mermaids cancelled) names the colour.
    NAME = "name"
    #: The asked player, holding several matching cards, picks the one to give
    #: (with exactly one it is handed over at once, with none: go fish).
    GIVE = "give"
    #: Both warring seats still to lay a card, each chooses face down; nothing
    #: about a laid card is shown to others until both are down.
    WAR = "war"
    #: A seat just down to one card calls a fish (or stays quiet).
    CALL = "call"
    #: A move has finished the turn: settling it hands the turn on (never seen
    #: between moves).
    NEXT = "next"
    OVER = "over"


# The members' values again as module names, for the rules that compare phases
# several times a move: on Python 3.11 `Phase.PLAY` goes through
# EnumType.__getattr__ and costs ten times the lookup of a module name, and `==`
# takes its fast path only between plain strings. The state holds these plain
# strings (as a game loaded from a save does); they equal the members.
PLAY, NAME, GIVE, WAR, CALL, NEXT, OVER = (phase.value for phase in Phase)
