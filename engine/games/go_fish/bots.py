"""Go Fish bots: "random", and "heuristic", which remembers what the public
history proves each seat holds."""
from __future__ import annotations

from collections import Counter
from typing import Any

from haudrauf.engine.bots.base import RandomBot
from haudrauf.engine.games.go_fish.cards import rank_of
from haudrauf.engine.games.go_fish.actions import Ask


def known_holdings(view: dict[str, Any]) -> tuple[list[Counter], list[set]]:
    """What the public history proves, per seat: rank → cards it surely holds
    (a lower bound), and ranks it surely lacks. Cards leave a hand only by being
    asked for or laid down, so both stay true until the history says otherwise."""
    surely = [Counter() for _ in range(view["players"])]
    lacks: list[set] = [set() for _ in range(view["players"])]
    for e in view["history"]:
        kind = e["type"]
        if kind == "Asked":
            asker, target, rank = e["asker"], e["target"], e["rank"]
            surely[asker][rank] = max(surely[asker][rank], 1) + e["count"]
            lacks[asker].discard(rank)
            surely[target].pop(rank, None)
            lacks[target].add(rank)
        elif kind == "Drew" and e["card"] is None:
            lacks[e["seat"]].clear()  # a hidden draw may be anything
        elif kind == "Drew":
            surely[e["seat"]][rank_of(e["card"])] += 1
        elif kind == "BookLaidDown":
            for seat in range(view["players"]):
                surely[seat].pop(e["rank"], None)
    return surely, lacks


class HeuristicBot:
    """Asks the opponent the history shows holding one of its ranks; otherwise
    the rank it holds most of, from an opponent not known to lack it (the one
    with most cards)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view, legal, rng):
        surely, lacks = known_holdings(view)
        mine = Counter(rank_of(c) for c in view["hand"])
        counts = view["hand_counts"]

        def value(ask: Ask) -> tuple:
            return (surely[ask.target][ask.rank], ask.rank not in lacks[ask.target], mine[ask.rank],
                    counts[ask.target], rng.random())

        return max(legal, key=value)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
