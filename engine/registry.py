"""Which games exist, found by id. Each game package exposes `GAME` (its
GameState subclass) and has a `bots` module with `BOTS` (bot name → factory
taking the seat). Packages are imported on first use, and a game's bots only
when they are asked for, so the table starts fast."""
from __future__ import annotations

import importlib
from typing import Any, Callable

from haudrauf.engine.core import GameState

MODULES = {
    "uno-hau-drauf": "haudrauf.engine.games.uno_hau_drauf",
    "go-fish": "haudrauf.engine.games.go_fish",
    "skip-bo": "haudrauf.engine.games.skip_bo",
    "crazy-old-fish-war": "haudrauf.engine.games.crazy_old_fish_war",
    "sea-salt-paper": "haudrauf.engine.games.sea_salt_paper",
}


def _module(game_id: str):
    if game_id not in MODULES:
        raise KeyError(f"unknown game {game_id!r}; games: {', '.join(MODULES)}")
    return importlib.import_module(MODULES[game_id])


def available() -> list[str]:
    """Ids of the games that are installed (in menu order)."""
    found = []
    for game_id in MODULES:
        try:
            _module(game_id)
        except ModuleNotFoundError:
            continue
        found.append(game_id)
    return found


def game_class(game_id: str) -> type[GameState]:
    return _module(game_id).GAME


def bot_factories(game_id: str) -> dict[str, Callable[[int], Any]]:
    _module(game_id)  # an unknown id is refused with the list of games
    return dict(importlib.import_module(f"{MODULES[game_id]}.bots").BOTS)


def new_game(game_id: str, options: dict[str, Any] | None = None, seed: int = 0) -> GameState:
    return game_class(game_id)(options, seed)
