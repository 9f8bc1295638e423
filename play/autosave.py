"""The running table game on disk after every move: game, options, seed, seat
plans and the action log (which replays to the exact position). Written
atomically; a file that cannot be used is reported and moved aside, so it is
not offered again."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from haudrauf.play import storage
from haudrauf.play import paths
from haudrauf.words import Message, msg

VERSION = 1
#: Seeds anyone can type and every generator takes (numpy's classic 32-bit range): a save holds no other.
MAX_SEED = 2**32 - 1
LAST_GAME = "last-game.json"  # the last finished game, beside the autosave, for the replay viewer


def path() -> Path:
    return paths.autosave_path()


def last_game_path() -> Path:
    return path().with_name(LAST_GAME)


def write(target: Path, game: str, options: dict, seed: int, log: list, plans: list[dict],
          timer: bool = False) -> None:
    data = {"version": VERSION, "game": game, "options": options, "seed": seed, "plans": plans,
            "timer": timer, "saved_at": time.time(), "log": log}
    storage.write_atomic(target, json.dumps(data, separators=(",", ":")))


def read(target: Path) -> tuple[dict[str, Any] | None, Message | None]:
    """(save, problem). No file: (None, None). One that cannot be used: moved
    aside (so it is not offered again) and reported in one line."""
    try:
        text = storage.read_text(target)
        return (None if text is None else checked(storage.parse_json(text))), None
    except storage.Unusable as why:
        return None, set_aside(target, why.message)


def set_aside(target: Path, why: Message) -> Message:
    return storage.set_aside(target, why, msg("no game to resume"))


def checked(data) -> dict[str, Any]:
    """A save with the parts and types a game is rebuilt from (whether its
    moves replay is for the engine to say). Raises storage.Unusable."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise storage.Unusable(msg("is not a saved game of this version"))
    plans = data.get("plans")
    if not (isinstance(data.get("game"), str) and isinstance(data.get("options"), dict)
            and is_seed(data.get("seed"))
            and isinstance(data.get("log"), list) and all(isinstance(entry, list) for entry in data["log"])
            and isinstance(plans, list) and all(isinstance(p, dict) for p in plans)
            and isinstance(data.get("timer", False), bool)):
        raise storage.Unusable(msg("is damaged (its game, options, seed, moves or seats are not what a save holds)"))
    if not all(isinstance(p.get("name"), str) and p["name"].isprintable() for p in plans):
        raise storage.Unusable(msg("is damaged (a player's name is not plain text)"))
    return data


def is_seed(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED


def peek(target: Path) -> tuple[dict[str, Any] | None, Message | None]:
    """The save's summary for the menu, and the one line saying why a save
    that cannot be used was moved aside."""
    data, problem = read(target)
    if data is None:
        return None, problem
    return {"game": data["game"], "players": data["options"].get("players"), "saved_at": data.get("saved_at")}, None


def remove(target: Path) -> None:
    Path(target).unlink(missing_ok=True)
