"""What the stats scene shows: reaction times per seat (slap races, turns) and
scores per round — for unit mode and table mode alike. Kept in memory for the
session and saved beside the settings (stats.json, written atomically)."""
from __future__ import annotations

import json
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from device import events as ev
from device import storage

MAX_KEPT = 500  # per seat and kind: enough for a plot, small on disk


@dataclass
class SeatSummary:
    last: float | None
    mean: float | None
    best: float | None
    count: int


@dataclass
class StatsBook:
    reactions: dict[int, list[float]] = field(default_factory=dict)  # slap race presses, ms
    turns: dict[int, list[float]] = field(default_factory=dict)  # time taken for a turn, ms
    rounds: list[dict] = field(default_factory=list)  # {"game", "scores", "names"}

    def record_unit_events(self, events) -> None:
        for e in events:
            if isinstance(e, ev.SlapResult):
                for seat, ms in e.times:
                    if ms is not None:
                        self._keep(self.reactions, seat, ms)
            elif isinstance(e, ev.TurnEnded):
                self._keep(self.turns, e.seat, e.elapsed_ms)

    def record_round(self, game: str, scores: list[int], names: list[str]) -> None:
        self.rounds.append({"game": game, "scores": list(scores), "names": list(names)})
        del self.rounds[:-MAX_KEPT]

    @staticmethod
    def _keep(book: dict[int, list[float]], seat: int, value: float) -> None:
        values = book.setdefault(seat, [])
        values.append(round(value, 3))
        del values[:-MAX_KEPT]

    @staticmethod
    def summary(values: list[float]) -> SeatSummary:
        if not values:
            return SeatSummary(None, None, None, 0)
        return SeatSummary(values[-1], statistics.fmean(values), min(values), len(values))

    # --- persistence ------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"reactions": {str(k): v for k, v in self.reactions.items()},
                "turns": {str(k): v for k, v in self.turns.items()}, "rounds": self.rounds}

    def save(self, path: Path) -> None:
        storage.write_atomic(path, json.dumps(self.to_dict()))

    @classmethod
    def load(cls, path: Path) -> tuple["StatsBook", str | None]:
        """Stats from disk; an unreadable file is kept aside and an empty book used."""
        try:
            raw = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(), None
        try:
            data = json.loads(raw)
            book = cls(
                reactions={int(k): [float(x) for x in v] for k, v in data.get("reactions", {}).items()},
                turns={int(k): [float(x) for x in v] for k, v in data.get("turns", {}).items()},
                rounds=[dict(r) for r in data.get("rounds", [])],
            )
            return book, None
        except (ValueError, TypeError, AttributeError) as exc:
            backup = storage.keep_aside(path)
            return cls(), f"{Path(path).name} could not be read ({exc}); kept aside as {backup.name}"
