"""Asking why a move is refused, without making it: the table's way of
explaining a click on a card that has no move."""
import numpy as np
import pytest

from haudrauf.engine import registry
from haudrauf.engine.core import IllegalAction

TURN_BASED = [g for g in registry.available() if not registry.game_class(g).info.uses_unit]


def positions(game_id: str, seed: int, moves: int = 60):
    """Random positions of a game (a random legal move each time)."""
    state = registry.game_class(game_id)({"players": 3}, seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_over or not state.current_seats:
            return
        yield state
        seat = state.current_seats[int(rng.integers(len(state.current_seats)))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("game_id", TURN_BASED)
def test_refusal_says_what_apply_would_and_changes_nothing(game_id):
    checked = 0
    for state in positions(game_id, seed=1):
        for seat in range(state.players):
            for card in state.hands[seat][:3]:
                move = state.card_move(seat, card)
                if move is None:
                    continue
                before = state.to_dict()
                reason = state.refusal(seat, move)
                assert state.to_dict() == before
                if move in state.legal_actions(seat):
                    assert reason is None
                    continue
                with pytest.raises(IllegalAction) as refused:
                    state.apply(seat, move)
                assert refused.value.reason == reason and state.to_dict() == before
                checked += 1
    if game_id in ("skip-bo", "crazy-old-fish-war"):  # these name a card's own move
        assert checked > 10


def test_an_unmatched_uno_card_is_refused_with_both_cards_named():
    from haudrauf.engine.games.uno_hau_drauf.actions import Draw
    from tests.engine.uno_helpers import card, position, select
    red4, yellow7, green8 = card("red", "4"), card("yellow", "7"), card("green", "8")
    state = position([[red4, card("yellow", "2")], [card("blue", "1")]], top=yellow7, stock=[green8])
    select(state, 0)
    before = state.to_dict()
    assert str(state.refusal(0, state.card_move(0, red4))) == "a red 4 does not match a yellow 7"
    assert state.refusal(1, state.card_move(1, card("blue", "1"))) == state.not_your_turn(1)
    assert state.to_dict() == before
    state.apply(0, Draw())  # the drawn green 8 does not match either: that is the reason given for it
    assert str(state.refusal(0, state.card_move(0, green8))) == "a green 8 does not match a yellow 7"
    assert "only the card you drew" in str(state.refusal(0, state.card_move(0, red4)))
