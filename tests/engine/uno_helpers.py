"""Build UNO Hau drauf positions by hand and drive them with the unit's events."""
from __future__ import annotations

from haudrauf.device import events as uev
from haudrauf.engine.games.uno_hau_drauf import UnoHauDrauf
from haudrauf.engine.games.uno_hau_drauf.actions import PressButton
from haudrauf.engine.games.uno_hau_drauf.cards import CARDS

_used: set[int] = set()


def card(colour: str | None, symbol: str, nth: int = 0) -> int:
    """The id of the nth card with this colour and symbol ("red", "7"), (None, "wild")."""
    ids = [c.id for c in CARDS if c.colour == colour and c.symbol == symbol]
    return ids[nth]


def position(hands: list[list[int]], top: int, colour: str | None = None, stock: list[int] | None = None,
             seed: int = 1, **options) -> UnoHauDrauf:
    """A game in the unit's hands: seats hold `hands`, `top` is on the discard
    pile, every other card is in the stock (so every card still exists once)."""
    state = UnoHauDrauf({"players": len(hands), **options}, seed)
    placed = [c for h in hands for c in h] + [top] + list(stock or [])
    assert len(set(placed)) == len(placed), "a card placed twice"
    rest = [c for c in range(len(CARDS)) if c not in placed]
    state.hands = [list(h) for h in hands]
    state.discard = [top]
    state.stock = rest + list(reversed(stock or []))  # stock[0] given is drawn first
    state.colour = colour or CARDS[top].colour
    state.pending = None
    return state


def select(state, seat: int):
    return state.feed(uev.PlayerSelected(at=0, seat=seat, limit_ms=6000))


def end_turn(state, seat: int):
    """The seat presses its button (allowed by the engine) and the unit ends the turn."""
    events = state.apply(seat, PressButton())
    return events + state.feed(uev.TurnEnded(at=0, seat=seat, elapsed_ms=1000))


def timeout(state, seat: int):
    return state.feed(uev.TurnTimedOut(at=0, seat=seat, limit_ms=6000))


def acknowledge(state, seat: int, cause: str = "timeout"):
    events = state.apply(seat, PressButton())
    return events + state.feed(uev.PenaltyAcknowledged(at=0, seat=seat, cause=cause))


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]
