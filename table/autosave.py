"""The running table game on disk after every move: game, options, seed, seat
plans and the action log (which replays to the exact position). Written
atomically; a file that cannot be read is reported and kept aside."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from device import storage
from table import paths

VERSION = 1
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


def read(target: Path) -> tuple[dict[str, Any] | None, str | None]:
    """(save, problem). No file: (None, None). Unreadable: kept aside, reported."""
    try:
        raw = Path(target).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    try:
        data = json.loads(raw)
        if data.get("version") != VERSION or not {"game", "options", "seed", "log", "plans"} <= set(data):
            raise ValueError("not a save of this version")
        return data, None
    except (ValueError, AttributeError) as exc:
        backup = storage.keep_aside(target)
        return None, f"the saved game could not be read ({exc}); kept aside as {backup.name}"


def peek(target: Path) -> dict[str, Any] | None:
    """The save's summary for the menu, without touching a bad file."""
    try:
        data = json.loads(Path(target).read_text(encoding="utf-8"))
        return {"game": data["game"], "players": data["options"].get("players"), "saved_at": data.get("saved_at")}
    except (OSError, ValueError, KeyError, AttributeError, TypeError):
        return None


def keep_aside(target: Path) -> Path:
    return storage.keep_aside(target)


def remove(target: Path) -> None:
    Path(target).unlink(missing_ok=True)
