"""Scoring as pure functions: a player's cards (hand and played groups) and the
events that apply to them → a `Breakdown` with one line per thing that scores.

- Duos: 1 point per played group and per pair that could be formed in hand.
  A played starfish trio adds 2, and so does a starfish in hand with a pair in
  hand (at most one starfish per pair), as the licensed edition counts it.
- Collectors by the number held; the seahorse joins the collection it helps
  most among those you already have at least one card of, never past the cap
  (it does not count for multipliers).
- Multipliers count every matching card, in hand or played.
- Mermaids: the n-th mermaid scores the size of your n-th most numerous colour
  (white, the mermaids' colour, counts as a colour).
- Colour bonus: the size of your most numerous colour (not part of card points).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper
from haudrauf.engine.games.sea_salt_paper.cards import (
    BOAT, COLLECTORS, COLOUR, COLOURS, CRAB, FISH, JELLYFISH, KIND, KIND_NAMES, LOBSTER, MERMAID, MULTIPLIERS,
    SEAHORSE, SHARK, SHELL, OCTOPUS, STARFISH, SWIMMER, kind_count,
)

COLOUR_ORDER = {c: i for i, c in enumerate(COLOURS)}


@dataclass(frozen=True)
class Breakdown:
    lines: tuple[tuple[str, int], ...]  # (what, points), in reading order
    card_points: int
    colour: str | None  # the most numerous colour (slug), None without cards
    colour_bonus: int

    def as_dict(self) -> dict:
        return {"lines": [list(line) for line in self.lines], "card_points": self.card_points,
                "colour": self.colour, "colour_bonus": self.colour_bonus}

    @classmethod
    def from_dict(cls, data: dict) -> "Breakdown":
        return cls(tuple((what, pts) for what, pts in data["lines"]), data["card_points"], data["colour"],
                   data["colour_bonus"])

    def text(self) -> str:
        """One line: "3 shells 4 · mermaid 1 (dark blue ×4) 4 = 8; colour bonus 4 (dark blue)";
        cards of which none scores yet (a lone boat) are "nothing scores yet"."""
        if self.lines:
            parts = " · ".join(f"{what} {pts}" for what, pts in self.lines) + f" = {self.card_points}"
        else:
            parts = "no cards" if self.colour is None else "nothing scores yet"
        bonus = f"colour bonus {self.colour_bonus}"
        if self.colour:
            bonus += f" ({COLOURS[self.colour]})"
        return f"{parts}; {bonus}"


def collector_value(kind: str, n: int, events: frozenset[str]) -> int:
    """Points for n cards of a collection, with Dance of the shells / Kraken."""
    if n <= 0:
        return 0
    if kind == SHELL and pepper.DANCE_OF_SHELLS in events:
        return 2 * n
    if kind == OCTOPUS and pepper.KRAKEN in events:
        return n
    return COLLECTORS[kind][n - 1]


def hand_pairs(kinds: Counter, rodeo: bool) -> list[tuple[str, int]]:
    """The most pairs that the cards in hand could form, by family."""
    crabs, lobsters = kinds[CRAB], kinds[LOBSTER]
    crab_pairs = (crabs + lobsters) // 2 if crabs else 0  # the one lobster pairs only with a crab
    swimmers, sharks, jellies = kinds[SWIMMER], kinds[SHARK], kinds[JELLYFISH]
    if rodeo:  # swimmer + swimmer and shark + shark pair too
        with_jelly = min(jellies, swimmers)
        sea_pairs = with_jelly + (swimmers - with_jelly + sharks) // 2
    else:
        sea_pairs = min(swimmers, sharks + jellies)
    found = [("crab", crab_pairs), ("boat", kinds[BOAT] // 2), ("fish", kinds[FISH] // 2), ("swimmer", sea_pairs)]
    return [(family, n) for family, n in found if n]


def _seahorse_target(counts: Counter, events: frozenset[str]) -> str | None:
    """The collection the seahorse joins: the largest gain, never past the cap."""
    best, best_gain = None, -1
    for kind, table in COLLECTORS.items():
        n = counts[kind]
        if 1 <= n < len(table):
            gain = collector_value(kind, n + 1, events) - collector_value(kind, n, events)
            if gain > best_gain:
                best, best_gain = kind, gain
    return best


def colour_ranking(cards: Iterable[int]) -> list[tuple[str, int]]:
    """(colour, count), most numerous first; ties in the fixed colour order."""
    counts = Counter(COLOUR[c] for c in cards)
    return sorted(counts.items(), key=lambda item: (-item[1], COLOUR_ORDER[item[0]]))


def score(hand: Iterable[int], front: Iterable[Iterable[int]], events: frozenset[str] = frozenset()) -> Breakdown:
    """Card points and colour bonus of one player, line by line."""
    return _score(tuple(sorted(hand)), tuple(tuple(g) for g in front), frozenset(events))


@lru_cache(maxsize=4096)  # the hands of the last few positions: more only holds memory (65536: ~60 MB)
def _score(hand: tuple[int, ...], groups: tuple[tuple[int, ...], ...], events: frozenset[str]) -> Breakdown:
    """`score` on hashable arguments, cached: the same hand is scored many times per turn."""
    hand = list(hand)
    everything = hand + [c for g in groups for c in g]
    counts = Counter(KIND[c] for c in everything)
    lines: list[tuple[str, int]] = []

    if groups:
        lines.append((f"{len(groups)} duo{'s' if len(groups) > 1 else ''} played", len(groups)))
        trios = sum(1 for g in groups if any(KIND[c] == STARFISH for c in g))
        if trios:
            lines.append((f"{trios} starfish trio{'s' if trios > 1 else ''}", 2 * trios))
    in_hand = Counter(KIND[c] for c in hand)
    pairs = hand_pairs(in_hand, pepper.WATER_RODEO in events)
    for family, n in pairs:
        lines.append((f"{n} {family} duo{'s' if n > 1 else ''} in hand", n))
    hand_trios = min(in_hand[STARFISH], sum(n for _, n in pairs))
    if hand_trios:
        lines.append((f"{hand_trios} starfish trio{'s' if hand_trios > 1 else ''} in hand", 2 * hand_trios))

    seahorse_kind = _seahorse_target(counts, events) if counts[SEAHORSE] else None
    for kind in COLLECTORS:
        n = counts[kind]
        if n:
            extra = kind == seahorse_kind
            label = kind_count(kind, n) + (" + seahorse" if extra else "")
            lines.append((label, collector_value(kind, n + extra, events)))
    if counts[SEAHORSE] and seahorse_kind is None:
        lines.append(("seahorse (no collection to join)", 0))

    for multiplier, (counted, each) in MULTIPLIERS.items():
        for _ in range(counts[multiplier]):
            lines.append((f"{KIND_NAMES[multiplier][0]}: {kind_count(counted, counts[counted])}",
                          each * counts[counted]))

    ranking = colour_ranking(everything)
    mermaids = counts[MERMAID]
    if mermaids and pepper.TORNADO in events:
        lines.append((f"{kind_count(MERMAID, mermaids)} (Tornado)", 0))
    else:
        for i in range(mermaids):
            colour, n = ranking[i] if i < len(ranking) else (None, 0)
            what = f"{COLOURS[colour]} ×{n}" if colour else "no colour left"
            lines.append((f"mermaid {i + 1} ({what})", n))

    colour, bonus = ranking[0] if ranking else (None, 0)
    return Breakdown(tuple(lines), sum(p for _, p in lines), colour, bonus)


def card_points(hand: Iterable[int], front: Iterable[Iterable[int]], events: frozenset[str] = frozenset()) -> int:
    return score(hand, front, events).card_points


def round_scores(points: list[int], bonuses: list[int], how: str, caller: int | None) -> tuple[list[int], bool]:
    """Each seat's score for the round and whether the caller was beaten.

    how: "stop" (card points, no bonus) or "last_chance" (the caller's bet; a
    tie favours the caller)."""
    if how == "stop":
        return list(points), False
    beaten = any(p > points[caller] for seat, p in enumerate(points) if seat != caller)
    scores = []
    for seat, (p, b) in enumerate(zip(points, bonuses)):
        if seat == caller:
            scores.append(b if beaten else p + b)
        else:
            scores.append(p if beaten else b)
    return scores, beaten
