"""Who sits where at the table: a person or a bot (which bot, how fast)."""
from __future__ import annotations

from dataclasses import asdict, dataclass

DIFFICULTY_NAMES = ("easy", "normal", "hard")


@dataclass(frozen=True)
class SeatPlan:
    name: str
    bot: str | None = None  # None: a person; else a bot name of the game ("heuristic", "random")
    difficulty: str = "normal"

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "SeatPlan":
        plan = cls(str(data["name"]), data.get("bot"), data.get("difficulty", "normal"))
        if plan.difficulty not in DIFFICULTY_NAMES:
            raise ValueError(f"unknown difficulty {plan.difficulty!r}")
        return plan


def default_plan(names, players: int, people: int = 1, bot: str = "heuristic") -> list[SeatPlan]:
    return [SeatPlan(names[s], None if s < people else bot) for s in range(players)]
