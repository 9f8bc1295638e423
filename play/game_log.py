"""The whole story of a game, rebuilt from its save: the log lines people read
and the position after any number of moves (the replay viewer). No pygame.

The log lines are `Message`s, rendered only when shown: a replay or a resumed
game reads in whichever language its reader has chosen now.

A save holds options, seed and the action log; the engine's `replay` rebuilds
the final position from them. Here the same log is applied one entry at a
time (`GameState.apply_entry`, what `replay` does), so every entry's events
(and their log lines) and every position in between can be seen."""
from __future__ import annotations

import reprlib
from pathlib import Path
from typing import Any, Callable, Sequence

from haudrauf.play import storage
from haudrauf.engine import registry
from haudrauf.engine.core import GameEvent, GameState, IllegalAction, TurnStarted
from haudrauf.play import autosave
from haudrauf.play.messages import describe
from haudrauf.words import Message, msg

#: Positions kept while stepping, one every so many moves: stepping back rebuilds from the nearest.
SNAPSHOT_EVERY = 25
#: What a save must hold, as a player would name it.
SAVE_PARTS = {"game": msg("game name"), "options": msg("game options"), "seed": msg("shuffle seed"),
              "log": msg("list of moves")}


def line_for(event, name: Callable[[int], str], names: Sequence[str]) -> Message | None:
    """The log line for a game's or the unit's event, as a `Message` (None: nothing to read).
    Whose turn it is stays out: the prompt says it."""
    if isinstance(event, TurnStarted):
        return None
    return event.message(name) if isinstance(event, GameEvent) else describe(event, names)


def replay(cls: type[GameState], options: dict, seed: int, log: list, name: Callable[[int], str],
           names: Sequence[str]) -> tuple[GameState, list[Message]]:
    """The position after the whole log, and every log line of the game so far."""
    state = cls(options, seed)
    lines = []
    for entry in log:
        lines += filter(None, (line_for(e, name, names) for e in state.apply_entry(entry)))
    return state, lines


class Replay:
    """A saved game move by move: `state_at(k)` is the position after the first
    k log entries, `lines[k - 1]` what entry k made happen."""

    def __init__(self, record: dict[str, Any]) -> None:
        """Raises (IllegalAction, ValueError, anything) if the record does not replay."""
        self.game_id = record["game"]
        self.cls = registry.game_class(self.game_id)
        if not autosave.is_seed(record["seed"]):
            raise ValueError(f"its shuffle seed is not a whole number from 0 to {autosave.MAX_SEED}")
        self.options, self.seed, self.log = dict(record["options"]), record["seed"], list(record["log"])
        state = self.cls(self.options, self.seed)
        plans = record.get("plans") or []
        check_bots(self.game_id, plans)
        self.names = [p.get("name") or f"Seat {s + 1}" for s, p in enumerate(plans)][:state.players]
        if not all(isinstance(name, str) and name.isprintable() for name in self.names):
            raise ValueError("a player's name in it is not plain text")
        self.names += [f"Seat {s + 1}" for s in range(len(self.names), state.players)]
        self.lines: list[list[Message]] = []
        self._snapshots: dict[int, dict] = {}
        for k, entry in enumerate(self.log):
            if k % SNAPSHOT_EVERY == 0:
                self._snapshots[k] = state.to_dict()
            self.lines.append([line for e in state.apply_entry(entry)
                               if (line := line_for(e, self.name, self.names))])
        self._current = (len(self.log), state)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"

    def __len__(self) -> int:
        return len(self.log)

    def state_at(self, k: int) -> GameState:
        """The position after k entries: from the nearest kept position, or
        onwards from the one shown last (stepping forward costs one move)."""
        k = max(0, min(len(self.log), k))
        done, state = self._current
        if not done <= k:
            done = max(s for s in self._snapshots if s <= k)
            state = self.cls.from_dict(self._snapshots[done])
        for entry in self.log[done:k]:
            state.apply_entry(entry)
        self._current = (k, state)
        return state


def check_bots(game_id: str, plans: list) -> None:
    """Every bot a save seats is one the game has (ValueError naming the first that is not)."""
    bots = registry.bot_factories(game_id)
    for plan in plans:
        if plan.get("bot") is not None and plan["bot"] not in bots:
            raise ValueError(f"it seats a bot {registry.game_class(game_id).info.name} does not have "
                             f"({reprlib.repr(plan['bot'])}; bots: {', '.join(sorted(bots))})")


def default_file() -> Path:
    """What `haudrauf replay` opens without a file: the last finished game, else the unfinished one."""
    last = autosave.last_game_path()
    return last if last.exists() else autosave.path()


def why_not_replayable(exc: Exception) -> Message | str:
    """What a save's replay refused, in words: the engine's reason for a move,
    its own words for an unknown game or option, else "it is damaged" (never
    Python's: a save is untrusted data, anything may break on it)."""
    if isinstance(exc, IllegalAction):
        return msg("a move in it is refused ({reason})", reason=exc.reason)
    reason = exc.args[0] if isinstance(exc, (KeyError, ValueError)) and exc.args else ""
    if isinstance(reason, Message) or isinstance(reason, str) and " " in reason:
        return reason
    return msg("it is damaged")  # a bare key name says nothing


def load(path: Path) -> tuple[Replay | None, Message | None]:
    """A save file as a Replay, or (None, one line saying why it cannot be
    replayed). Our own save that cannot be is moved aside; a file the player
    named is left as it is."""
    try:
        text = storage.read_text(path)
        if text is None:
            return None, msg("there is no saved game at {path}", path=str(path))
        record = storage.parse_json(text)
    except storage.Unusable as why:
        return None, refuse(path, msg("is not a saved game: it {why}", why=why.message))
    missing = [words for part, words in SAVE_PARTS.items() if not isinstance(record, dict) or part not in record]
    if missing:
        why = (msg("is not a saved game: it has no {parts} or {last}", parts=tuple(missing[:-1]), last=missing[-1])
               if len(missing) > 1 else msg("is not a saved game: it has no {part}", part=missing[0]))
        return None, refuse(path, why)
    try:
        return Replay(record), None
    except Exception as exc:  # noqa: BLE001 — the file is untrusted: whatever breaks on it, it is refused
        return None, refuse(path, msg("cannot be replayed: {why}", why=why_not_replayable(exc)))


def refuse(path: Path, why: Message) -> Message:
    """One line naming the file and why; our own saves are moved aside so they are not offered again."""
    if Path(path) in (autosave.path(), autosave.last_game_path()):
        return storage.set_aside(path, why, msg("it will not be offered again"))
    return msg("{path} {why}", path=str(path), why=why)
