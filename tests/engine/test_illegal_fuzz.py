"""Illegal moves thrown at real positions of every registered game (UNO Hau
drauf driven by its unit, the turn-based games also as speed games): before
each move of a played game, the mover tries moves that are not legal for it
now — moves made earlier in the game (by anyone: a card since played, a
question to itself), malformed versions of its legal moves, its moves under
seats that do not exist — and the other seats try the mover's moves (and the
mover theirs). Each is refused with a reason in words (`IllegalAction`) and
`to_dict()` is what it was."""
from __future__ import annotations

import numpy as np
import pytest

from haudrauf.engine import registry
from haudrauf.engine.core import IllegalAction
from haudrauf.words import Message
from tests.engine.make_playthroughs import Writer, play
from tests.engine.test_malformed_actions import BAD_SEATS, malformed_versions

GAMES = registry.available()
MOVES = 80  # steps of each game with illegal moves thrown at them
TRIES = 3  # of each kind, per position


class Fuzzer(Writer):
    """Before every move, throws illegal moves at the position; counts them by kind."""

    def __init__(self, state, rng: np.random.Generator) -> None:
        super().__init__(state, max_steps=MOVES)
        self.rng, self.earlier = rng, []
        self.tried = {"another seat's": 0, "earlier": 0, "malformed": 0, "no seat": 0}

    def before(self, seat: int, action):
        self.position = self.state.to_dict()  # every refusal leaves it so: one snapshot serves them all
        legal = {s: self.state.legal_actions(s) for s in range(self.state.players)}
        swapped = [(t, a) for t in legal if t != seat for a in legal[seat] if a not in legal[t]]
        swapped += [(seat, a) for t in legal if t != seat for a in legal[t] if a not in legal[seat]]
        self.throw("another seat's", swapped)
        self.throw("earlier", [(seat, a) for a in self.earlier if a not in legal[seat]])
        self.throw("malformed", [(seat, a) for a in malformed_versions(action)])
        self.throw("no seat", [(bad, action) for bad in BAD_SEATS])
        self.earlier.append(action)
        return super().before(seat, action)

    def sample(self, moves: list) -> list:
        picked = self.rng.choice(len(moves), min(TRIES, len(moves)), replace=False) if moves else []
        return [moves[int(i)] for i in picked]

    def throw(self, kind: str, moves: list[tuple]) -> None:
        """Try a few of the (seat, move) pairs."""
        for seat, move in self.sample(moves):
            assert_refused_unchanged(self.state, seat, move, self.position)
            self.tried[kind] += 1


def assert_refused_unchanged(state, seat, move, before: dict) -> None:
    with pytest.raises(IllegalAction) as refusal:
        state.apply(seat, move)
    reason = refusal.value.reason
    assert isinstance(reason, Message | str) and str(reason).strip(), f"{move!r} by {seat!r} refused without a reason"
    assert state.to_dict() == before, f"refusing {move!r} by {seat!r} ({reason}) changed the game"


@pytest.mark.soak
@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_moves_at_real_positions_are_refused_with_a_reason_and_change_nothing(game_id):
    tried = {}
    for seed in range(2):
        state = registry.game_class(game_id)({"players": 3}, seed)
        fuzzer = Fuzzer(state, np.random.default_rng(seed + 99))
        play(state, fuzzer, np.random.default_rng(seed), timer=seed == 1)
        for kind, count in fuzzer.tried.items():
            tried[kind] = tried.get(kind, 0) + count
    assert min(tried.values()) > 50, tried
