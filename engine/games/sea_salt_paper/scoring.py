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
from functools import lru_cache, reduce
from typing import Iterable

from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper
from haudrauf.engine.games.sea_salt_paper.cards import (
    BOAT, CAPTAIN, CAST, COLLECTORS, COLONY, COLOUR, COLOUR_WORDS, CRAB, FISH, JELLYFISH, KIND, LIGHTHOUSE, LOBSTER,
    MERMAID, MULTIPLIERS, OCTOPUS, PENGUIN, SAILOR, SEAHORSE, SHARK, SHELL, SHOAL, STARFISH, SWIMMER,
)
from haudrauf.words import Message, msg, nmsg

COLOUR_ORDER = {c: i for i, c in enumerate(COLOUR_WORDS)}

#: A collection by the number held: "3 shells".
COLLECTION_WORDS = {
    SHELL: lambda n: nmsg("{n} shell", "{n} shells", n),
    OCTOPUS: lambda n: nmsg("{n} octopus", "{n} octopuses", n),
    PENGUIN: lambda n: nmsg("{n} penguin", "{n} penguins", n),
    SAILOR: lambda n: nmsg("{n} sailor", "{n} sailors", n),
}
#: A multiplier by the number of cards it counts: "lighthouse: 3 boats".
MULTIPLIER_WORDS = {
    LIGHTHOUSE: lambda n: nmsg("lighthouse: {n} boat", "lighthouse: {n} boats", n),
    SHOAL: lambda n: nmsg("shoal of fish: {n} fish", "shoal of fish: {n} fish", n),
    COLONY: lambda n: nmsg("penguin colony: {n} penguin", "penguin colony: {n} penguins", n),
    CAPTAIN: lambda n: nmsg("captain: {n} sailor", "captain: {n} sailors", n),
    CAST: lambda n: nmsg("cast of crabs: {n} crab", "cast of crabs: {n} crabs", n),
}
#: Pairs in hand by family: "2 crab duos in hand".
HAND_DUO_WORDS = {
    CRAB: lambda n: nmsg("{n} crab duo in hand", "{n} crab duos in hand", n),
    BOAT: lambda n: nmsg("{n} boat duo in hand", "{n} boat duos in hand", n),
    FISH: lambda n: nmsg("{n} fish duo in hand", "{n} fish duos in hand", n),
    SWIMMER: lambda n: nmsg("{n} swimmer duo in hand", "{n} swimmer duos in hand", n),
}


@dataclass(frozen=True)
class Breakdown:
    lines: tuple[tuple[Message, int], ...]  # (what, points), in reading order
    card_points: int
    colour: str | None  # the most numerous colour (slug), None without cards
    colour_bonus: int

    def as_dict(self) -> dict:
        return {"lines": [list(line) for line in self.lines], "card_points": self.card_points,
                "colour": self.colour, "colour_bonus": self.colour_bonus}

    def text(self) -> Message:
        """One line: "3 shells 4 · mermaid 1 (dark blue ×4) 4 = 8; colour bonus 4 (dark blue)";
        cards of which none scores yet (a lone boat) are "nothing scores yet"."""
        if self.colour is None:
            return msg("no cards; colour bonus {bonus}", bonus=self.colour_bonus)
        colour = COLOUR_WORDS[self.colour]
        if not self.lines:
            return msg("nothing scores yet; colour bonus {bonus} ({colour})", bonus=self.colour_bonus, colour=colour)
        scored = [msg("{what} {points}", what=what, points=points) for what, points in self.lines]
        lines = reduce(lambda head, line: msg("{lines} · {line}", lines=head, line=line), scored)
        return msg("{lines} = {total}; colour bonus {bonus} ({colour})", lines=lines, total=self.card_points,
                   bonus=self.colour_bonus, colour=colour)


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
    found = [(CRAB, crab_pairs), (BOAT, kinds[BOAT] // 2), (FISH, kinds[FISH] // 2), (SWIMMER, sea_pairs)]
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
    lines: list[tuple[Message, int]] = []

    if groups:
        lines.append((nmsg("{n} duo played", "{n} duos played", len(groups)), len(groups)))
        trios = sum(1 for g in groups if any(KIND[c] == STARFISH for c in g))
        if trios:
            lines.append((nmsg("{n} starfish trio", "{n} starfish trios", trios), 2 * trios))
    in_hand = Counter(KIND[c] for c in hand)
    pairs = hand_pairs(in_hand, pepper.WATER_RODEO in events)
    for family, n in pairs:
        lines.append((HAND_DUO_WORDS[family](n), n))
    hand_trios = min(in_hand[STARFISH], sum(n for _, n in pairs))
    if hand_trios:
        lines.append((nmsg("{n} starfish trio in hand", "{n} starfish trios in hand", hand_trios), 2 * hand_trios))

    seahorse_kind = _seahorse_target(counts, events) if counts[SEAHORSE] else None
    for kind in COLLECTORS:
        n = counts[kind]
        if n:
            extra = kind == seahorse_kind
            label = msg("{cards} + seahorse", cards=COLLECTION_WORDS[kind](n)) if extra else COLLECTION_WORDS[kind](n)
            lines.append((label, collector_value(kind, n + extra, events)))
    if counts[SEAHORSE] and seahorse_kind is None:
        lines.append((msg("seahorse (no collection to join)"), 0))

    for multiplier, (counted, each) in MULTIPLIERS.items():
        for _ in range(counts[multiplier]):
            lines.append((MULTIPLIER_WORDS[multiplier](counts[counted]), each * counts[counted]))

    ranking = colour_ranking(everything)
    mermaids = counts[MERMAID]
    if mermaids and pepper.TORNADO in events:
        lines.append((nmsg("{n} mermaid (Tornado)", "{n} mermaids (Tornado)", mermaids), 0))
    else:
        for i in range(mermaids):
            colour, n = ranking[i] if i < len(ranking) else (None, 0)
            if colour:
                what = msg("mermaid {number} ({colour} ×{count})", number=i + 1, colour=COLOUR_WORDS[colour], count=n)
            else:
                what = msg("mermaid {number} (no colour left)", number=i + 1)
            lines.append((what, n))

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
