"""Why Go Fish refuses an ask, in the players' words (state.py keeps the turn flow)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from haudrauf.engine.games.go_fish.actions import Ask
from haudrauf.engine.games.go_fish.cards import RANK_INDEX, plural

if TYPE_CHECKING:
    from haudrauf.engine.games.go_fish.state import GoFish


def why_illegal(state: GoFish, seat: int, action) -> str:
    """Why `action` (a well-formed move that is not legal) is refused."""
    return WHY_NOT[type(action)](state, seat, action)


def _why_not_ask(state: GoFish, seat: int, action: Ask) -> str:
    if not 0 <= action.target < state.players:
        return f"there is no seat {action.target + 1} to ask"
    if action.target == seat:
        return "ask an opponent, not yourself"
    if action.rank not in RANK_INDEX:
        return f"{action.rank!r} is not a rank — ask for A, 2–10, J, Q or K"
    if action.rank in state.books[seat]:
        return (f"your {plural(action.rank)} are laid down as a book — "
                "ask for a rank you hold in your hand")
    return f"you hold no {plural(action.rank)} — you may only ask for a rank you hold in your hand"


WHY_NOT = {Ask: _why_not_ask}
