"""Skip-Bo bots. The heuristic one plays like a careful person: stock card
first, then cards that bridge a building pile up to a stock top, then numbered
cards that do not feed the next opponent; it keeps its Skip-Bos for the stock
and discards so that its discard piles run downwards (onto an equal card or one
higher)."""
from __future__ import annotations

from haudrauf.engine.bots.base import RandomBot
from haudrauf.engine.games.skip_bo.actions import Build, Discard, EndTurn
from haudrauf.engine.games.skip_bo.cards import TOP, VALUES, WILD


class HeuristicBot:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view, legal, rng):
        builds = [a for a in legal if isinstance(a, Build)]
        table = _Reading(view, self.seat)
        for pick in (table.from_stock, table.toward_stock, table.safe_build):
            action = pick(builds)
            if action is not None:
                return action
        if EndTurn() in legal:  # nothing left to draw: any move beats a round of passing
            return min(builds, key=lambda a: (table.feeds(a), VALUES[a.card] == WILD), default=EndTurn())
        return min((a for a in legal if isinstance(a, Discard)), key=table.discard_cost)


class _Reading:
    """What the bot reads off its view for one decision."""

    def __init__(self, view, seat: int) -> None:
        self.seat = seat
        team = view["team"]
        self.stock_owner = {view["stocks"][s]["top"]["id"]: s for s in team if view["stocks"][s]["top"]}
        self.discard_tops = {pile[-1]["id"] for s in team for pile in view["discards"][s] if pile}
        self.hand = [card["id"] for card in view["hand"]]
        self.needs = [pile["needs"] for pile in view["building"]]
        self.own_piles = [[card["value"] for card in pile] for pile in view["discards"][seat]]
        self.threat = _next_opponent_top(view, seat, team)

    def feeds(self, action: Build) -> bool:
        """Whether the pile, after this card, would need the next opponent's stock top or one below it."""
        if self.threat is None:
            return False
        after = self.needs[action.pile] % TOP + 1
        return 0 <= self.threat - after <= 1

    def from_stock(self, builds):
        """A stock card always goes: own before partner's, not feeding if there is a choice."""
        options = [a for a in builds if a.card in self.stock_owner]
        return min(options, key=lambda a: (self.stock_owner[a.card] != self.seat, self.feeds(a)), default=None)

    def toward_stock(self, builds):
        """The next card of the shortest bridge from a building pile up to a stock top."""
        sources = self.hand + sorted(self.discard_tops)
        numbers = {VALUES[card] for card in sources if VALUES[card] != WILD}
        wilds = sum(VALUES[card] == WILD for card in sources)
        bridges = []
        for card in self.stock_owner:
            target = VALUES[card]
            for p, need in enumerate(self.needs):
                gap = range(need, target)
                if 0 < len(gap) and sum(v not in numbers for v in gap) <= wilds:
                    bridges.append((len(gap), p, need))
        for _, p, need in sorted(bridges):
            step = [a for a in builds if a.pile == p and VALUES[a.card] == need]
            step = step or [a for a in builds if a.pile == p and VALUES[a.card] == WILD]
            if step:
                return min(step, key=lambda a: a.card not in self.discard_tops)
        return None

    def safe_build(self, builds):
        """A numbered card that does not feed the next opponent, discard tops first."""
        options = [a for a in builds if VALUES[a.card] != WILD and not self.feeds(a)]
        return min(options, key=lambda a: (a.card not in self.discard_tops, a.pile), default=None)

    def discard_cost(self, action: Discard) -> float:
        """Keep Skip-Bos; discard high cards onto a pile topped by the same number or
        one higher, else an empty pile, else the pile that buries the least."""
        value = VALUES[action.card]
        if value == WILD:
            return 100.0
        pile = self.own_piles[action.pile]
        if not pile:
            cost = 2.0
        elif pile[-1] in (value, value + 1):
            cost = 0.0
        elif pile[-1] > value:
            cost = 3.0 + pile[-1] - value
        else:
            cost = 10.0 + value - pile[-1]
        return cost - 0.2 * value


def _next_opponent_top(view, seat: int, team: list[int]) -> int | None:
    """The number on the stock top of the next opponent in turn order (None: no
    number to fear — an empty stock or a Skip-Bo, which fits anywhere anyway)."""
    players = view["players"]
    for step in range(1, players):
        other = (seat + step) % players
        if other not in team:
            top = view["stocks"][other]["top"]
            return top["value"] if top and top["value"] != WILD else None
    return None


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
