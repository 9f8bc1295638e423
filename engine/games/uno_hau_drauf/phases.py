"""What the table waits for in UNO Hau drauf (`state.phase`). The values are
what saves and views hold, so they never change."""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    WAIT = "wait"  # the unit is choosing the next seat
    TURN = "turn"  # the selected seat may play or draw
    DRAWN = "drawn"  # it drew one card: may play only that one, or end the turn
    PLAYED = "played"  # it laid a card: press its button (after HAU DRAUF: the big button)
    SIT_OUT = "sit out"  # hit by draw two / skip / wild draw four: press the button
    CHALLENGE = "challenge"  # the victim of a wild draw four: challenge or accept
    COLOUR = "colour"  # a wild start card: the first selected seat names the colour
    RACE = "slap race"  # every racer presses its button
    PENALTY = "penalty"  # flashing buttons (timeout, slap losers) wait to be pressed
    WINNER = "winner selected"  # the unit picked the seat that went out with a draw card
    OVER = "over"


#: The phases as plain names for the rules' hot paths (reading `Phase.TURN`
#: costs an attribute look-up on the enum class every time). A phase is a
#: `str` (a save holds plain strings), so it is compared with `==` or looked
#: up by hash, never by identity.
WAIT, TURN, DRAWN, PLAYED, SIT_OUT, CHALLENGE, COLOUR, RACE, PENALTY, WINNER, OVER = Phase

#: Phases in which the seat on turn may press its button to end the turn.
PRESS_PHASES = frozenset((Phase.DRAWN, Phase.PLAYED, Phase.SIT_OUT, Phase.WINNER))
#: Phases in which a seat other than the one on turn may have to act (the legal moves ask once, by hash).
OTHERS_ACT = frozenset((Phase.CHALLENGE, Phase.RACE, Phase.PENALTY))
#: Phases in which the seat on turn must act (waiting_for), and may time out.
ON_TURN = frozenset((Phase.TURN, Phase.DRAWN, *PRESS_PHASES, Phase.COLOUR))
CAN_TIME_OUT = ON_TURN | {Phase.CHALLENGE}
#: `state.pending` after a wild start card (the other values are the symbols of
#: the cards whose effect waits): the next selected seat names the colour.
NAME_THE_COLOUR = "colour"
