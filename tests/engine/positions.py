"""Positions from random games of every game: a game is played to its end
with random legal moves, then rebuilt from the start of its log at several
points. Every position is reached by real play (UNO Hau drauf with its unit)."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from haudrauf.engine import registry
from haudrauf.engine.core import GameState
from haudrauf.testing.invariants import play_random
from tests.engine.test_uno_play import random_game


def finished_game(game_id: str, players: int, seed: int, options: dict | None = None) -> GameState:
    if game_id == "uno-hau-drauf":
        return random_game(players, seed, check=False, **{"target": 1, **(options or {})})[0]
    return play_random(registry.game_class(game_id), {"players": players, **(options or {})}, seed,
                       check_every_action=False)


def positions(game_id: str, players: int, seed: int, count: int) -> Iterator[GameState]:
    """`count` positions spread over one random game, from the deal to its end."""
    game = finished_game(game_id, players, seed)
    log, cls = game.log, type(game)
    for length in np.linspace(0, len(log), count).astype(int):
        yield cls.replay(game.options, game.seed, log[:length])
