"""Bots: uniform random, and a heuristic that values each card by the points it
adds to its own hand (plus a little for half-made duos and collections) and
weighs STOP against LAST CHANCE from what the others show."""
from __future__ import annotations

from haudrauf.engine.bots.base import RandomBot
from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper
from haudrauf.engine.games.sea_salt_paper.actions import (
    Call, ChooseOpponent, ChoosePile, DrawTwo, EndTurn, Give, Keep, KeepEvent, Pick, PlayDuo, StealPair, TakeDiscard,
)
from haudrauf.engine.games.sea_salt_paper.cards import (
    BOAT, COLLECTORS, CRAB, FISH, JELLYFISH, KIND, LOBSTER, MERMAID, SHARK, STARFISH, SWIMMER,
)
from haudrauf.engine.games.sea_salt_paper.scoring import score

DUO_CARDS = frozenset({CRAB, BOAT, FISH, SHARK, SWIMMER, JELLYFISH, LOBSTER})
#: How much a duo's effect is worth to us (a starfish goes with the cheapest).
EFFECT_VALUE = {BOAT: 3.0, SHARK: 2.0, SWIMMER: 2.0, CRAB: 1.5, LOBSTER: 1.5, FISH: 1.0, JELLYFISH: 1.0}
#: Event cards we would rather keep when offered a second one (most wanted first).
EVENT_WISH = (pepper.DANCE_OF_SHELLS, pepper.SUNFISH, pepper.HERMIT_CRAB, pepper.DOLPHINS, pepper.ANGELFISH,
              pepper.WATER_RODEO, pepper.DANCE_OF_MERMAIDS, pepper.CORAL_REEF, pepper.KRAKEN, pepper.DIODON,
              pepper.TORNADO, pepper.TREASURE_CHEST)
DRAW_TWO_WORTH = 1.2  # what two unknown cards, keeping the better, are worth on average
OPPONENT_CARD_WORTH = 0.7  # card points an unseen card in an opponent's hand is worth, roughly


class HeuristicBot:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        self.view = view
        self.events = frozenset(view["my_events"])
        by_type: dict[type, list] = {}
        for action in legal:
            by_type.setdefault(type(action), []).append(action)
        for handler in (self._draw, self._keep, self._play, self._pile, self._pick, self._target,
                        self._give, self._pair, self._event):
            action = handler(by_type)
            if action is not None:
                return action
        return legal[0]

    # --- card values --------------------------------------------------------

    def _points(self, hand) -> float:
        b = score(hand, self.view["fronts"][self.seat], self.events)
        return b.card_points + 0.3 * b.colour_bonus

    def gain(self, card: int, hand=None) -> float:
        """What adding `card` to the hand is worth, with a little for promise."""
        hand = list(self.view["hand"] if hand is None else hand)
        now = self._points(hand + [card]) - self._points(hand)
        kind = KIND[card]
        if now < 1 and (kind in DUO_CARDS or kind in COLLECTORS):
            now += 0.6
        if kind == MERMAID:
            now += 1.0
        return now

    def loss(self, card: int) -> float:
        hand = list(self.view["hand"])
        hand.remove(card)
        return self.gain(card, hand)

    # --- decisions by phase -----------------------------------------------------

    def _draw(self, by_type):
        if DrawTwo not in by_type:
            return None
        tops = self.view["pile_tops"]
        best = max(by_type.get(TakeDiscard, []), key=lambda a: self.gain(tops[a.pile]), default=None)
        if best is not None and self.gain(tops[best.pile]) >= DRAW_TWO_WORTH:
            return best
        return by_type[DrawTwo][0]

    def _keep(self, by_type):
        if Keep not in by_type:
            return None
        keep = max(self.view["shown"], key=self.gain)
        tops = self.view["pile_tops"]
        options = [a for a in by_type[Keep] if a.card == keep]
        # bury the pile top we care least about
        return min(options, key=lambda a: self.gain(tops[a.pile]) if tops[a.pile] is not None else -1)

    def _play(self, by_type):
        if EndTurn not in by_type:
            return None
        duos = by_type.get(PlayDuo, [])
        trios = [a for a in duos if len(a.cards) == 3]
        if trios:
            return min(trios, key=lambda a: EFFECT_VALUE[KIND[a.cards[0]]])
        pairs = [a for a in duos if len(a.cards) == 2]
        if pairs:  # boats last: they end the turn
            return min(pairs, key=lambda a: KIND[a.cards[0]] == BOAT)
        calls = {a.kind: a for a in by_type.get(Call, [])}
        if calls:
            return self._call(calls) or by_type[EndTurn][0]
        return by_type[EndTurn][0]

    def _call(self, calls):
        """STOP when the lead is thin, LAST CHANCE when it is safe and the colour bonus pays."""
        mine = self.view["breakdown"]
        points, bonus = mine["card_points"], mine["colour_bonus"]
        rival = max(self._estimate(s) for s in range(self.view["players"]) if s != self.seat)
        margin = points - rival
        if "last_chance" in calls and margin >= 3 and bonus >= 3:
            return calls["last_chance"]
        if "stop" in calls:
            return calls["stop"]
        return calls["last_chance"] if margin >= 1 else None

    def _estimate(self, seat: int) -> float:
        """Card points an opponent probably has, from what is on the table."""
        groups = self.view["fronts"][seat]
        shown = sum(1 + 2 * any(KIND[c] == STARFISH for c in g) for g in groups)
        return shown + OPPONENT_CARD_WORTH * self.view["hand_counts"][seat]

    def _pile(self, by_type):
        if ChoosePile not in by_type:
            return None
        return max(by_type[ChoosePile], key=lambda a: self.view["pile_counts"][a.pile])

    def _pick(self, by_type):
        if Pick not in by_type:
            return None
        return max(by_type[Pick], key=lambda a: self.gain(a.card))

    def _target(self, by_type):
        if ChooseOpponent not in by_type:
            return None
        return max(by_type[ChooseOpponent], key=lambda a: self.view["hand_counts"][a.seat])

    def _give(self, by_type):
        if Give not in by_type:
            return None
        return min(by_type[Give], key=lambda a: self.loss(a.card))

    def _pair(self, by_type):
        if StealPair not in by_type:
            return None
        return max(by_type[StealPair], key=lambda a: len(a.cards))

    def _event(self, by_type):
        if KeepEvent not in by_type:
            return None
        return min(by_type[KeepEvent], key=lambda a: EVENT_WISH.index(pepper.event_of(a.card).name))


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
