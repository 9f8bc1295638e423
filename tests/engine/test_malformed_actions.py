"""Malformed moves are refused with a reason and change nothing, in every game.

Legal moves of real positions are bent out of shape — a field replaced by
None, a text, a float, a bool, an int out of range, or a move of another
game — and thrown at all five games, and so are malformed seats. Equality
alone would let `Discard(card, 0.0)` pass for `Discard(card, 0)` (0.0 == 0)
and crash half-way through the move."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from haudrauf.engine import registry
from haudrauf.engine.core import IllegalAction
from haudrauf.words import Message
from haudrauf.engine.games.sea_salt_paper.actions import PlayDuo
from haudrauf.engine.games.skip_bo.actions import Discard
from haudrauf.engine.games.uno_hau_drauf.actions import Play as UnoPlay
from tests.engine.positions import positions

GAMES = registry.available()
BAD_SEATS = (None, "0", 0.0, True, False, -1, 6, 1.5)


def bent(value) -> list:
    """Values of the wrong type or out of range to put in place of `value`."""
    wrong = [None, "1", 0.5, True, False, [], -1, 10**6]
    if type(value) is int:
        wrong += [float(value), value == 1]  # equal to the value, the wrong type
    if type(value) is tuple:
        wrong += [list(value), tuple(float(v) for v in value), tuple(bool(v) for v in value), value + (-1,)]
    if value is None:
        wrong.remove(None)
    return wrong


def malformed_versions(action) -> list:
    return [dataclasses.replace(action, **{field.name: bad})
            for field in dataclasses.fields(action) for bad in bent(getattr(action, field.name))]


def foreign_moves(game_id: str) -> list:
    """Moves of the other games (at their start): never a move of this one."""
    moves = []
    for other in GAMES:
        if other != game_id:
            state = registry.new_game(other, {"players": 2}, seed=0)
            moves += [a for seat in state.current_seats for a in state.legal_actions(seat)][:3]
    return moves


def assert_refused_unchanged(state, seat, action, before: dict | None = None) -> None:
    """`before`: the position's `to_dict()` when the caller throws many moves
    at one position (each refusal leaves it so: one snapshot serves them all)."""
    before = state.to_dict() if before is None else before
    with pytest.raises(IllegalAction) as refusal:
        state.apply(seat, action)
    assert isinstance(refusal.value.reason, (Message, str)) and str(refusal.value.reason).strip()
    assert state.to_dict() == before, f"{action!r} by {seat!r} changed the game"


@pytest.mark.soak
@pytest.mark.parametrize("game_id", GAMES)
def test_malformed_moves_are_refused_and_change_nothing(game_id):
    rng = np.random.default_rng(11)
    foreign = foreign_moves(game_id)
    tried = 0
    for seed in range(3):
        for state in positions(game_id, 3, seed, count=10):
            before = state.to_dict()
            for seat in state.current_seats:
                legal = state.legal_actions(seat)
                for action in [legal[int(i)] for i in rng.choice(len(legal), min(4, len(legal)), replace=False)]:
                    for bad in malformed_versions(action) + foreign:
                        assert_refused_unchanged(state, seat, bad, before)
                        tried += 1
                    for bad_seat in BAD_SEATS:
                        assert_refused_unchanged(state, bad_seat, action, before)
    assert tried > 200  # every game, UNO Hau drauf too (its many button presses have no fields)


def test_a_float_pile_is_not_pile_one_in_skip_bo():
    state = registry.new_game("skip-bo", {"players": 2}, seed=3)
    seat = state.current_seats[0]
    discard = next(a for a in state.legal_actions(seat) if isinstance(a, Discard) and a.pile == 0)
    assert_refused_unchanged(state, seat, Discard(discard.card, 0.0))
    with pytest.raises(IllegalAction, match="pile must be a whole number"):
        state.apply(seat, Discard(discard.card, 0.0))
    state.apply(seat, discard)  # the well-formed move still works
    assert sorted(state.cards()) == list(range(state.info.card_count))


def test_true_is_not_seat_one():
    state = registry.new_game("go-fish", {"players": 3}, seed=1)
    seat = state.current_seats[0]
    with pytest.raises(IllegalAction, match="not a seat"):
        state.apply(bool(seat == 1), state.legal_actions(seat)[0])


def test_the_reason_says_what_a_field_must_be():
    uno = registry.new_game("uno-hau-drauf", {"players": 2}, seed=1)
    with pytest.raises(IllegalAction, match="the target must be a whole number or nothing, not 'Bo'"):
        uno.apply(0, UnoPlay(3, None, "Bo"))
    ssp = registry.new_game("sea-salt-paper", {"players": 2}, seed=1)
    with pytest.raises(IllegalAction, match=r"the cards must be a tuple of whole numbers, not \[1, 2\]"):
        ssp.apply(ssp.current_seats[0], PlayDuo([1, 2]))
