"""Why Go Fish refuses an ask, in the players' words (state.py keeps the turn flow)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from haudrauf.engine.games.go_fish.actions import Ask
from haudrauf.engine.games.go_fish.cards import RANK_INDEX, cards_of
from haudrauf.words import Message, msg

if TYPE_CHECKING:
    from haudrauf.engine.games.go_fish.state import GoFish


def why_illegal(state: GoFish, seat: int, action) -> Message:
    """Why `action` (a well-formed move that is not legal) is refused."""
    return WHY_NOT[type(action)](state, seat, action)


def _why_not_ask(state: GoFish, seat: int, action: Ask) -> Message:
    if not 0 <= action.target < state.players:
        return msg("there is no seat {seat} to ask", seat=action.target + 1)
    if action.target == seat:
        return msg("ask an opponent, not yourself")
    if action.rank not in RANK_INDEX:
        return msg("{rank} is not a rank — ask for A, 2–10, J, Q or K", rank=repr(action.rank))
    if action.rank in state.books[seat]:
        return msg("your {ranks} are laid down as a book — ask for a rank you hold in your hand",
                   ranks=cards_of(action.rank))
    return msg("you hold no {ranks} — you may only ask for a rank you hold in your hand", ranks=cards_of(action.rank))


WHY_NOT = {Ask: _why_not_ask}
