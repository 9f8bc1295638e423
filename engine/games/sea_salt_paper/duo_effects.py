"""The duos of Sea Salt & Paper: which pairs of kinds make one, the duos in a
hand, and what playing one starts (`DuoEffects`, a part of `SeaSaltPaper`;
the choices an effect asks for are the state's `_on_…` handlers)."""
from __future__ import annotations

from functools import lru_cache

from haudrauf.engine.core import GameEvent
from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper
from haudrauf.engine.games.sea_salt_paper.cards import (
    BOAT, CRAB, FISH, JELLYFISH, KIND, LOBSTER, SHARK, STARFISH, SWIMMER,
)
from haudrauf.engine.games.sea_salt_paper.events import EffectSkipped, Stung
from haudrauf.engine.games.sea_salt_paper.phases import Phase
from haudrauf.words import msg

#: Pairs of kinds that make a duo, and the effect's words.
DUOS = {
    (CRAB, CRAB): msg("crab duo — take a card from a discard pile"),
    (BOAT, BOAT): msg("boat duo — another turn"),
    (FISH, FISH): msg("fish duo — the top card of the deck"),
    (SHARK, SWIMMER): msg("shark + swimmer — steal a random card"),
    (JELLYFISH, SWIMMER): msg("jellyfish + swimmer — the others may only draw the top card next turn"),
    (CRAB, LOBSTER): msg("lobster + crab — take one of the top five cards"),
}
#: The duos only the Water rodeo event allows.
RODEO_DUOS = {
    (SWIMMER, SWIMMER): msg("two swimmers — look at a hand and swap a card (water rodeo)"),
    (SHARK, SHARK): msg("two sharks — steal a played duo (water rodeo)"),
}
STARFISH_TRIO = msg("starfish trio — 2 more points, no effect")
EMPTY_DECK = msg("the deck is empty")  # why a duo or Dolphins takes nothing
LOBSTER_LOOKS_AT = 5  # the top cards of the deck the lobster + crab duo chooses from


def duo_kinds(cards) -> tuple[str, str]:
    return tuple(sorted(KIND[c] for c in cards[:2]))


@lru_cache(maxsize=2048)  # the hands of the last few positions
def duos_in(hand: tuple[int, ...], rodeo: bool) -> tuple[tuple[int, ...], ...]:
    """The duos and starfish trios in a sorted hand (cached: asked several times a move)."""
    by_kind: dict[str, list[int]] = {}
    for c in hand:
        by_kind.setdefault(KIND[c], []).append(c)
    pairs = []
    for k1, k2 in list(DUOS) + (list(RODEO_DUOS) if rodeo else []):
        first, second = by_kind.get(k1, ()), by_kind.get(k2, ())
        if k1 == k2:
            pairs += [(a, b) for i, a in enumerate(first) for b in first[i + 1:]]
        else:
            pairs += [tuple(sorted((a, b))) for a in first for b in second]
    stars = by_kind.get(STARFISH, [])
    return tuple(pairs + [p + (s,) for p in pairs for s in stars])


class DuoEffects:
    """What a played duo starts, and whom and what its effect may take."""

    def duo_options(self, seat: int) -> tuple[tuple[int, ...], ...]:
        """Every duo (and starfish trio) the seat could lay from its hand."""
        return duos_in(tuple(sorted(self.hands[seat])), pepper.WATER_RODEO in self.active_events(seat))

    def _robbable(self, seat: int) -> list[int]:
        return [s for s in self._opponents(seat) if self.hands[s] and not self.protected(s)]

    def _stealable_groups(self, seat: int) -> list[tuple[int, ...]]:
        return [tuple(g) for s in self._opponents(seat) if not self.protected(s) for g in self.fronts[s]]

    def _pick_choices(self) -> list[int]:
        """The cards the seat may take in the phase `PICK`."""
        kind = self.pending["kind"]
        if kind == "crab":
            return [c for p in self.pending["piles"] for c in self.piles[p]]
        if kind == "lobster":
            return self.deck[-LOBSTER_LOOKS_AT:]
        if kind == "angelfish":
            return [self.piles[0][-1], self.piles[1][-1]]
        return list(self.hands[self.pending["target"]])  # water rodeo

    def _ask_pick(self, pending: dict) -> None:
        self.pending = pending
        self.phase = Phase.PICK

    def _duo_effect(self, seat: int, kinds: tuple[str, str]) -> list[GameEvent]:
        """Start the duo's effect; an impossible one is skipped."""
        mine = self.active_events(seat)
        full = [p for p in (0, 1) if self.piles[p]]
        if kinds == (CRAB, CRAB):
            if not full:
                return [EffectSkipped(seat, msg("both discard piles are empty"))]
            if pepper.HERMIT_CRAB in mine:
                self._ask_pick({"kind": "crab", "piles": full})
            else:
                self.phase = Phase.CRAB_PILE
        elif kinds == (BOAT, BOAT):
            self.extra_turn = True
            return self._end_turn()
        elif kinds == (FISH, FISH):
            return self._draw_from_deck(seat, 2 if pepper.SUNFISH in mine else 1, msg("fish duo"))
        elif kinds in ((SHARK, SWIMMER), (SWIMMER, SWIMMER)):
            effect = "steal" if kinds == (SHARK, SWIMMER) else "rodeo"
            if not self._robbable(seat):
                return [EffectSkipped(seat, msg("no opponent has a card that can be taken"))]
            if effect == "rodeo" and not self.hands[seat]:
                return [EffectSkipped(seat, msg("you have no card to give in exchange"))]
            self.pending = {"kind": effect}
            self.phase = Phase.TARGET
        elif kinds == (JELLYFISH, SWIMMER):
            self.stung = [s for s in self._opponents(seat) if not self.protected(s)]
            return [Stung(seat, tuple(self.stung))]
        elif kinds == (CRAB, LOBSTER):
            if not self.deck:
                return [EffectSkipped(seat, EMPTY_DECK)]
            self._ask_pick({"kind": "lobster"})
        elif kinds == (SHARK, SHARK):
            if not self._stealable_groups(seat):
                return [EffectSkipped(seat, msg("no opponent has a played duo that can be taken"))]
            self.phase = Phase.PAIR
        return []
