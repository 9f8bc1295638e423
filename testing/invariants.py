"""Checks every game must pass, shared by the per-game test files."""
from __future__ import annotations

import json

import numpy as np
import pytest

from haudrauf.engine.core import GameState, IllegalAction


def check_invariants(state: GameState) -> None:
    """Each card exactly once; whoever must act has something legal to do."""
    cards = sorted(state.cards())
    assert cards == list(range(state.info.card_count)), "cards lost or duplicated"
    if not state.is_over:
        assert state.current_seats or state.waiting_on_unit, "nobody may act in a running game"
        for seat in range(state.players):
            if seat in state.current_seats:
                assert state.legal_actions(seat), f"seat {seat} must act but has no legal action"
            else:  # the bots and the table ask only the current seats
                assert not state.legal_actions(seat), f"seat {seat} may not act but has legal actions"
    else:
        assert state.result is not None


def play_random(cls: type[GameState], options: dict, seed: int, *, check_every_action: bool = True,
                max_actions: int = 200_000) -> GameState:
    """Random legal play to the end (who acts among several current seats is random too)."""
    state = cls(options, seed)
    rng = np.random.default_rng(seed + 1_000_003)
    check_invariants(state)
    for _ in range(max_actions):
        if state.is_over:
            return state
        seats = state.current_seats
        seat = seats[int(rng.integers(len(seats)))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.integers(len(legal)))])
        if check_every_action:
            check_invariants(state)
    raise AssertionError(f"no end after {max_actions} actions (seed {seed})")


def assert_replays_and_round_trips(state: GameState) -> None:
    cls = type(state)
    saved = state.to_dict()
    assert json.loads(json.dumps(saved)) == saved, "to_dict() must be JSON-compatible"
    assert cls.replay(saved["options"], saved["seed"], saved["log"]).to_dict() == saved
    assert cls.from_dict(json.loads(json.dumps(saved))).to_dict() == saved


def assert_refused(state: GameState, seat: int, action, reason_part: str) -> str:
    """The action is refused with a reason containing `reason_part`, and nothing changed."""
    before = state.to_dict()
    with pytest.raises(IllegalAction) as refusal:
        state.apply(seat, action)
    assert reason_part in str(refusal.value.reason), str(refusal.value.reason)
    assert state.to_dict() == before, "a refused action changed the state"
    return refusal.value.reason
