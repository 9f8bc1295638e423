"""Sea Salt & Paper with Extra Salt and Extra Pepper: the rules engine.

Card ids (78, whatever the options): 0–57 base deck, 58–65 Extra Salt, 66–77
Extra Pepper events. Cards of an expansion that is not played stay in the box
(`self.box`, listed by `cards()`), so every id exists exactly once always.

Options: `players` 2–4 (default 4); `extra_salt`, `extra_pepper`,
`double_points` (all off by default; double points doubles 40/35/30).

Our choices where the rules leave room:
- A turn: draw (two cards → keep one; with one card left in the deck you take
  it alone), then duos and a call in any order until a call or "end turn".
- The boat duo ends the current turn at once; the same player then takes a new
  turn (the end-of-turn checks — empty deck, Angelfish — happen in between).
- A call ends the turn at once (no Angelfish after it). After LAST CHANCE, if
  the deck runs out at the end of a final turn, the remaining final turns are
  lost and the round is scored as LAST CHANCE.
- The starting player moves one seat clockwise each round (the unit's
  `PlayerSelected` may set it before the first move of a round).
- Starfish: a trio is played all at once; at scoring a starfish in hand also
  makes a trio with a pair in hand (see scoring.py). Seahorse: joins the
  collection it helps most.
- Four mermaids in hand (three under Dance of the mermaids) win the game at
  once, checked after every move and at the end of every turn.
- Events (extra_pepper.py) are settled after every round, also one that ended
  on an empty deck (totals unchanged). Keeping an event needs staying strictly
  highest/lowest. Used events are not reshuffled: after twelve rounds no new
  event is revealed.
- Hermit crab: you look through both piles and take any card of each.
  Water rodeo swap: take any card of the opponent's hand, then give one of
  yours (not the one just taken); impossible with an empty hand. Two sharks
  steal a whole played group (a starfish trio included).
- Coral reef: one shell at most, face down; its owner cannot be robbed,
  stung or rodeo'd this round; it counts for nothing (not even colours).
- Angelfish: after a turn that did not end on a call, if both discard tops
  share a colour you must take one of them.

Timeout (`TurnTimedOut`, the unit's turn clock): the turn ends at once with no
duos, no call and no Angelfish. Before the draw the player keeps the top one
of two deck cards and discards the other (to an empty pile, else pile 1; a
stung player or a deck of one card gives just the top card); with two drawn
cards the top one is kept.
An effect waiting for a choice is lost (the lobster's deck is still shuffled,
a half-made water rodeo swap is undone). A player choosing between two event
cards keeps the one already held.
"""
from __future__ import annotations

from functools import lru_cache

from haudrauf.engine.core import GameInfo, Option, Result, SpeedGame, TableView, players_option
from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper, view
from haudrauf.engine.games.sea_salt_paper.actions import (
    ACTION_TYPES, CALL_NAMES, Call, ChooseOpponent, ChoosePile, DrawTop, DrawTwo, EndTurn, Give, Keep, KeepEvent,
    Pick, PlayDuo, ProtectShell, StealPair, TakeDiscard, names_of, pile_name,
)
from haudrauf.engine.games.sea_salt_paper.cards import (
    BASE_IDS, BOAT, COLLECTOR_LIKE, COLOUR, CRAB, FISH, JELLYFISH, KIND, LOBSTER, MERMAID, SALT_IDS, SHARK,
    SHELL, STARFISH, SWIMMER, card_name, ids_of,
)
from haudrauf.engine.games.sea_salt_paper.events import (
    Called, Discarded, DrewFromDeck, DrewTwo, DuoPlayed, EffectSkipped, EventAwarded, EventDiscarded, EventKept,
    GameOver, LookedAtHand, PairStolen, PileChosen, RoundOver, RoundStarted, SecretTake, ShellProtected, Stole, Stung,
    Swapped, TimedOut, TookDiscard, TurnStarted,
)
from haudrauf.engine.games.sea_salt_paper.scoring import Breakdown, round_scores, score
from haudrauf.engine.games.sea_salt_paper.view import PHASE_TASKS

GOALS = {2: 40, 3: 35, 4: 30}
MERMAIDS = frozenset(ids_of(MERMAID))
CALL_AT, CALL_AT_TREASURE = 7, 10

#: Pairs of kinds that make a duo, and the effect's words.
DUOS = {
    (CRAB, CRAB): "crab duo — take a card from a discard pile",
    (BOAT, BOAT): "boat duo — another turn",
    (FISH, FISH): "fish duo — the top card of the deck",
    (SHARK, SWIMMER): "shark + swimmer — steal a random card",
    (JELLYFISH, SWIMMER): "jellyfish + swimmer — the others may only draw the top card next turn",
    (CRAB, LOBSTER): "lobster + crab — take one of the top five cards",
}
RODEO_DUOS = {
    (SWIMMER, SWIMMER): "two swimmers — look at a hand and swap a card (water rodeo)",
    (SHARK, SHARK): "two sharks — steal a played duo (water rodeo)",
}


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


class SeaSaltPaper(SpeedGame):
    info = GameInfo(
        id="sea-salt-paper",
        name="Sea Salt & Paper",
        min_players=2,
        max_players=4,
        options=(
            players_option(2, 4, 4),
            Option("extra_salt", False, "jellyfish, lobster, cast of crabs, starfish, seahorse",
                   label="Extra Salt"),
            Option("extra_pepper", False, "an event card changes the rules every round", label="Extra Pepper"),
            Option("double_points", False, "play to 80/70/60 points instead of 40/35/30", label="Double points"),
        ),
        card_count=len(BASE_IDS) + len(SALT_IDS) + len(pepper.EVENT_IDS),
        summary="Collect duos, collections and mermaids; call STOP or LAST CHANCE at 7 points.",
    )
    action_types = ACTION_TYPES

    # --- setup and rounds -----------------------------------------------------

    def setup(self) -> None:
        n = self.players
        self.in_play = list(BASE_IDS) + (list(SALT_IDS) if self.options["extra_salt"] else [])
        self.box = [] if self.options["extra_salt"] else list(SALT_IDS)
        if self.options["extra_pepper"]:
            self.event_deck = self.rng.permutation(list(pepper.EVENT_IDS)).tolist()
        else:
            self.event_deck = []
            self.box += list(pepper.EVENT_IDS)
        self.event_discard: list[int] = []
        self.held: list[int | None] = [None] * n
        self.offer: int | None = None  # an event card waiting for its new holder's choice
        self.totals = [0] * n
        self.last_scores = [0] * n
        self.last_breakdowns: list[dict] = []
        self.round = 0
        self.starter = n - 1  # so that the first round starts with seat 0
        self.winners: list[int] | None = None
        self.end_reason = ""
        self._start_round([])

    def _start_round(self, events: list) -> None:
        n = self.players
        self.round += 1
        self.starter = (self.starter + 1) % n
        self.deck = self.rng.permutation(self.in_play).tolist()
        self.piles = [[self.deck.pop()], [self.deck.pop()]]
        self.hands = [[] for _ in range(n)]
        self.fronts: list[list[list[int]]] = [[] for _ in range(n)]
        self.reefs = [[] for _ in range(n)]
        self.drawn: list[int] = []
        self.round_event = self.event_deck.pop() if self.event_deck else None
        self.call: str | None = None
        self.caller: int | None = None
        self.final_turns: list[int] = []
        self.stung: list[int] = []  # seats whose next turn is restricted by a jellyfish
        self.restricted = False  # the current turn is a stung one
        self.extra_turn = False
        self.pending: dict = {}
        self.acted = False  # any move yet this round (the unit may choose the starter before)
        events.append(RoundStarted(self.round, self.starter, self.round_event))
        self._start_turn(self.starter, events)

    def _start_turn(self, seat: int, events: list, extra: bool = False) -> None:
        self.turn = seat
        self.restricted = seat in self.stung
        if self.restricted:
            self.stung.remove(seat)
        self.phase = "draw"
        self.pending = {}
        events.append(TurnStarted(seat, extra, self.restricted))

    # --- helpers ----------------------------------------------------------------

    def active_events(self, seat: int) -> frozenset[str]:
        """Names of the events that apply to `seat` now: the round's and its own."""
        return pepper.names(self.round_event, self.held[seat])

    def breakdown(self, seat: int) -> Breakdown:
        return score(self.hands[seat], self.fronts[seat], self.active_events(seat))

    def call_threshold(self, seat: int) -> int:
        return CALL_AT_TREASURE if pepper.TREASURE_CHEST in self.active_events(seat) else CALL_AT

    @property
    def goal(self) -> int:
        return GOALS[self.players] * (2 if self.options["double_points"] else 1)

    def protected(self, seat: int) -> bool:
        return bool(self.reefs[seat])

    def _opponents(self, seat: int) -> list[int]:
        return [(seat + i) % self.players for i in range(1, self.players)]

    def _robbable(self, seat: int) -> list[int]:
        return [s for s in self._opponents(seat) if self.hands[s] and not self.protected(s)]

    def _stealable_groups(self, seat: int) -> list[tuple[int, ...]]:
        return [tuple(g) for s in self._opponents(seat) if not self.protected(s) for g in self.fronts[s]]

    def _discard_targets(self) -> list[int]:
        empty = [p for p in (0, 1) if not self.piles[p]]
        return empty or [0, 1]

    def duo_options(self, seat: int) -> tuple[tuple[int, ...], ...]:
        """Every duo (and starfish trio) the seat could lay from its hand."""
        return duos_in(tuple(sorted(self.hands[seat])), pepper.WATER_RODEO in self.active_events(seat))

    def _pick_choices(self) -> list[int]:
        """The cards the seat may take in the "pick" phase."""
        kind = self.pending["kind"]
        if kind == "crab":
            return [c for p in self.pending["piles"] for c in self.piles[p]]
        if kind == "lobster":
            return self.deck[-5:]
        if kind == "angelfish":
            return [self.piles[0][-1], self.piles[1][-1]]
        return list(self.hands[self.pending["target"]])  # water rodeo

    # --- the contract -----------------------------------------------------------

    @property
    def current_seats(self) -> tuple[int, ...]:
        if self.winners is not None:
            return ()
        if self.phase == "event":
            return (self.pending["seat"],)
        return (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def result(self) -> Result | None:
        if self.winners is None:
            return None
        return Result(tuple(self.winners), tuple(self.totals), self.end_reason)

    def legal_actions(self, seat: int) -> list:
        """Cached per position: apply() then finds the very move a bot or the
        table picked (no type check needed) instead of an equal new one."""
        key = ("legal", seat)
        if key not in self.cache:
            self.cache[key] = self._LEGAL_IN_PHASE[self.phase](self, seat) if seat in self.current_seats else []
        return list(self.cache[key])

    def _legal_draw(self, seat: int) -> list:
        if self.restricted:
            return [DrawTop()]
        return [DrawTwo()] + [TakeDiscard(p) for p in (0, 1) if self.piles[p]]

    def _legal_keep(self, seat: int) -> list:
        return [Keep(c, p) for c in self.drawn for p in self._discard_targets()]

    def _legal_play(self, seat: int) -> list:
        legal: list = [PlayDuo(d) for d in self.duo_options(seat)]
        if pepper.CORAL_REEF in self.active_events(seat) and not self.reefs[seat]:
            legal += [ProtectShell(c) for c in self.hands[seat] if KIND[c] == SHELL]
        if self.call is None and self.breakdown(seat).card_points >= self.call_threshold(seat):
            if pepper.DIODON not in self.active_events(seat):
                legal.append(Call("stop"))
            legal.append(Call("last_chance"))
        return legal + [EndTurn()]

    def _legal_crab_pile(self, seat: int) -> list:
        return [ChoosePile(p) for p in (0, 1) if self.piles[p]]

    def _legal_pick(self, seat: int) -> list:
        return [Pick(c) for c in self._pick_choices()]

    def _legal_target(self, seat: int) -> list:
        return [ChooseOpponent(s) for s in self._robbable(seat)]

    def _legal_give(self, seat: int) -> list:
        return [Give(c) for c in self.hands[seat] if c != self.pending["taken"]]

    def _legal_pair(self, seat: int) -> list:
        return [StealPair(g) for g in self._stealable_groups(seat)]

    def _legal_event(self, seat: int) -> list:
        return [KeepEvent(self.held[seat]), KeepEvent(self.offer)]

    _LEGAL_IN_PHASE = {
        "draw": _legal_draw, "keep": _legal_keep, "play": _legal_play, "crab_pile": _legal_crab_pile,
        "pick": _legal_pick, "target": _legal_target, "give": _legal_give, "pair": _legal_pair,
        "event": _legal_event,
    }

    # --- moves ------------------------------------------------------------------

    def _apply(self, seat: int, action) -> list:
        self.acted = True
        events: list = []
        self._MOVES[type(action)](self, seat, action, events)
        if self.winners is None:
            self._check_mermaids(events)
        return events

    def _do_DrawTwo(self, seat, action, events) -> None:
        if len(self.deck) == 1:
            self.hands[seat].append(self.deck.pop())
            events.append(DrewFromDeck(seat, 1, "the last card"))
            self.phase = "play"
            return
        self.drawn = [self.deck.pop(), self.deck.pop()]
        events.append(DrewTwo(seat))
        self.phase = "keep"

    def _do_Keep(self, seat, action, events) -> None:
        other = self.drawn[1 - self.drawn.index(action.card)]
        self.drawn = []
        self.hands[seat].append(action.card)
        self.piles[action.pile].append(other)
        events.append(Discarded(seat, other, action.pile))
        if KIND[other] in COLLECTOR_LIKE and pepper.DOLPHINS in self.active_events(seat):
            self._draw_from_deck(seat, 1, "Dolphins", events)
        self.phase = "play"

    def _do_TakeDiscard(self, seat, action, events) -> None:
        card = self.piles[action.pile].pop()
        self.hands[seat].append(card)
        events.append(TookDiscard(seat, card, action.pile))
        self.phase = "play"

    def _do_DrawTop(self, seat, action, events) -> None:
        self._draw_from_deck(seat, 1, "stung", events)
        self._end_turn(events)

    def _do_EndTurn(self, seat, action, events) -> None:
        self._end_turn(events)

    def _do_ProtectShell(self, seat, action, events) -> None:
        self.hands[seat].remove(action.card)
        self.reefs[seat].append(action.card)
        events.append(ShellProtected(seat))

    def _do_Call(self, seat, action, events) -> None:
        events.append(Called(seat, action.kind, self.breakdown(seat).card_points))
        self.call, self.caller = action.kind, seat
        if action.kind == "stop":
            self._score_round(events)
        else:
            self.final_turns = self._opponents(seat)
            self._finish_turn(events)

    def _do_PlayDuo(self, seat, action, events) -> None:
        for c in action.cards:
            self.hands[seat].remove(c)
        self.fronts[seat].append(list(action.cards))
        kinds = duo_kinds(action.cards)
        if len(action.cards) == 3:
            events.append(DuoPlayed(seat, action.cards, "starfish trio — 2 more points, no effect"))
            return
        events.append(DuoPlayed(seat, action.cards, {**DUOS, **RODEO_DUOS}[kinds]))
        self._duo_effect(seat, kinds, events)

    def _duo_effect(self, seat: int, kinds: tuple[str, str], events: list) -> None:
        """Start the duo's effect; an impossible one is skipped."""
        mine = self.active_events(seat)
        full = [p for p in (0, 1) if self.piles[p]]
        if kinds == (CRAB, CRAB):
            if not full:
                return self._skip(seat, "both discard piles are empty", events)
            if pepper.HERMIT_CRAB in mine:
                self._ask_pick({"kind": "crab", "piles": full})
            else:
                self.phase = "crab_pile"
        elif kinds == (BOAT, BOAT):
            self.extra_turn = True
            self._end_turn(events)
        elif kinds == (FISH, FISH):
            self._draw_from_deck(seat, 2 if pepper.SUNFISH in mine else 1, "fish duo", events)
        elif kinds in ((SHARK, SWIMMER), (SWIMMER, SWIMMER)):
            effect = "steal" if kinds == (SHARK, SWIMMER) else "rodeo"
            if not self._robbable(seat):
                return self._skip(seat, "no opponent has a card that can be taken", events)
            if effect == "rodeo" and not self.hands[seat]:
                return self._skip(seat, "you have no card to give in exchange", events)
            self.pending = {"kind": effect}
            self.phase = "target"
        elif kinds == (JELLYFISH, SWIMMER):
            self.stung = [s for s in self._opponents(seat) if not self.protected(s)]
            events.append(Stung(seat, tuple(self.stung)))
        elif kinds == (CRAB, LOBSTER):
            if not self.deck:
                return self._skip(seat, "the deck is empty", events)
            self._ask_pick({"kind": "lobster"})
        elif kinds == (SHARK, SHARK):
            if not self._stealable_groups(seat):
                return self._skip(seat, "no opponent has a played duo that can be taken", events)
            self.phase = "pair"

    def _skip(self, seat: int, reason: str, events: list) -> None:
        events.append(EffectSkipped(seat, reason))

    def _ask_pick(self, pending: dict) -> None:
        self.pending = pending
        self.phase = "pick"

    def _draw_from_deck(self, seat: int, number: int, why: str, events: list) -> None:
        taken = min(number, len(self.deck))
        for _ in range(taken):
            self.hands[seat].append(self.deck.pop())
        if taken:
            events.append(DrewFromDeck(seat, taken, why))
        else:
            self._skip(seat, "the deck is empty", events)

    def _do_ChoosePile(self, seat, action, events) -> None:
        events.append(PileChosen(seat, action.pile))
        self._ask_pick({"kind": "crab", "piles": [action.pile]})

    def _do_Pick(self, seat, action, events) -> None:
        kind = self.pending["kind"]
        card = action.card
        if kind == "crab":
            pile = 0 if card in self.piles[0] else 1
            self.piles[pile].remove(card)
            self.hands[seat].append(card)
            events.append(SecretTake(seat, pile_name(pile)))
            self.pending["piles"].remove(pile)
            if not self.pending["piles"]:
                self.phase = "play"
        elif kind == "lobster":
            self.deck.remove(card)
            self.hands[seat].append(card)
            self.deck = self.rng.permutation(self.deck).tolist() if self.deck else []
            events.append(SecretTake(seat, "the top five of the deck, then shuffles it"))
            self.phase = "play"
        elif kind == "angelfish":
            pile = 0 if self.piles[0][-1] == card else 1
            self.hands[seat].append(self.piles[pile].pop())
            events.append(TookDiscard(seat, card, pile, "Angelfish"))
            self._finish_turn(events)
        else:  # water rodeo: take now, give next
            self.hands[self.pending["target"]].remove(card)
            self.hands[seat].append(card)
            self.pending["taken"] = card
            self.phase = "give"

    def _do_ChooseOpponent(self, seat, action, events) -> None:
        victim = action.seat
        if self.pending["kind"] == "steal":
            hand = self.hands[victim]
            card = hand.pop(int(self.rng.integers(len(hand))))
            self.hands[seat].append(card)
            events.append(Stole(seat, victim))
            self.phase = "play"
        else:
            events.append(LookedAtHand(seat, victim))
            self._ask_pick({"kind": "rodeo", "target": victim})

    def _do_Give(self, seat, action, events) -> None:
        victim = self.pending["target"]
        self.hands[seat].remove(action.card)
        self.hands[victim].append(action.card)
        events.append(Swapped(seat, victim))
        self.phase = "play"

    def _do_StealPair(self, seat, action, events) -> None:
        victim = next(s for s in self._opponents(seat) if list(action.cards) in self.fronts[s])
        self.fronts[victim].remove(list(action.cards))
        self.fronts[seat].append(list(action.cards))
        events.append(PairStolen(seat, victim, action.cards))
        self.phase = "play"

    def _do_KeepEvent(self, seat, action, events) -> None:
        dropped = self.offer if action.card == self.held[seat] else self.held[seat]
        self.held[seat] = action.card
        self.offer = None
        self.event_discard.append(dropped)
        events.append(EventKept(seat, action.card, dropped))
        self._start_round(events)

    _MOVES = {
        DrawTwo: _do_DrawTwo, Keep: _do_Keep, TakeDiscard: _do_TakeDiscard, DrawTop: _do_DrawTop,
        EndTurn: _do_EndTurn, ProtectShell: _do_ProtectShell, Call: _do_Call, PlayDuo: _do_PlayDuo,
        ChoosePile: _do_ChoosePile, Pick: _do_Pick, ChooseOpponent: _do_ChooseOpponent, Give: _do_Give,
        StealPair: _do_StealPair, KeepEvent: _do_KeepEvent,
    }

    # --- ends of turns and rounds ---------------------------------------------

    def _end_turn(self, events: list) -> None:
        """A turn ends without a call: Angelfish first, then the usual checks."""
        seat = self.turn
        tops = [p[-1] for p in self.piles if p]
        if (pepper.ANGELFISH in self.active_events(seat) and len(tops) == 2
                and COLOUR[tops[0]] == COLOUR[tops[1]]):
            self._ask_pick({"kind": "angelfish"})
            return
        self._finish_turn(events)

    def _finish_turn(self, events: list) -> None:
        seat = self.turn
        if self._check_mermaids(events):
            return
        if not self.deck:
            if self.call == "last_chance":
                self._score_round(events)
            else:
                self._round_over(events, RoundOver(self.round, "deck", None, False, (0,) * self.players,
                                                   self._breakdowns(), tuple(self.totals)))
            return
        if self.extra_turn:
            self.extra_turn = False
            self._start_turn(seat, events, extra=True)
        elif self.call == "last_chance":
            if self.final_turns:
                self._start_turn(self.final_turns.pop(0), events)
            else:
                self._score_round(events)
        else:
            self._start_turn((seat + 1) % self.players, events)

    def _breakdowns(self) -> tuple[Breakdown, ...]:
        return tuple(self.breakdown(s) for s in range(self.players))

    def _score_round(self, events: list) -> None:
        breakdowns = self._breakdowns()
        points = [b.card_points for b in breakdowns]
        bonuses = [b.colour_bonus for b in breakdowns]
        scores, beaten = round_scores(points, bonuses, self.call, self.caller)
        for s, p in enumerate(scores):
            self.totals[s] += p
        self.last_scores = scores
        self._round_over(events, RoundOver(self.round, self.call, self.caller, beaten, tuple(scores),
                                           breakdowns, tuple(self.totals)))

    def _round_over(self, events: list, summary: RoundOver) -> None:
        events.append(summary)
        self.last_breakdowns = [b.as_dict() for b in summary.breakdowns]
        self.phase = "round_over"
        if summary.how != "deck" and max(self.totals) >= self.goal:
            return self._game_over(events, self._points_winners(), f"{max(self.totals)} points reached")
        if self.options["extra_pepper"] and self._settle_events(events):
            return
        self._start_round(events)

    def _points_winners(self) -> list[int]:
        """Most points; a tie goes to the most points in the last round."""
        top = max(self.totals)
        tied = [s for s, t in enumerate(self.totals) if t == top]
        best_last = max(self.last_scores[s] for s in tied)
        return [s for s in tied if self.last_scores[s] == best_last]

    def _settle_events(self, events: list) -> bool:
        """Hand out the event cards; True when a player must choose between two."""
        held, discarded, offer = pepper.settle(self.totals, self.held, self.round_event)
        self.round_event = None
        for card in discarded:
            reason = "tie" if card not in self.held else "its holder is no longer highest/lowest"
            events.append(EventDiscarded(card, reason))
        self.event_discard += discarded
        self.held = held
        if offer is None:
            return False
        seat, card = offer
        events.append(EventAwarded(seat, card))
        if held[seat] is None:
            held[seat] = card
            return False
        self.offer = card
        self.pending = {"seat": seat}
        self.phase = "event"
        return True

    def _check_mermaids(self, events: list) -> bool:
        for s in range(self.players):
            mermaids = len(MERMAIDS.intersection(self.hands[s]))
            if mermaids >= 3 and mermaids >= (3 if pepper.DANCE_OF_MERMAIDS in self.active_events(s) else 4):
                self._game_over(events, [s], f"{mermaids} mermaids in hand")
                return True
        return False

    def _game_over(self, events: list, winners: list[int], reason: str) -> None:
        self.winners = winners
        self.end_reason = reason
        self.phase = "over"
        events.append(GameOver(tuple(winners), tuple(self.totals), reason))

    # --- the unit -----------------------------------------------------------------

    @property
    def before_first_move(self) -> bool:
        return self.phase == "draw" and not self.acted

    def on_starter(self, seat: int) -> list:
        """The picked seat starts this round; the next round starts left of it."""
        events: list = []
        self.starter = seat
        self._start_turn(seat, events)
        return events

    def on_timeout(self, seat: int) -> list:
        """The turn ends at once (see the module docstring)."""
        events: list = []
        phase, kind = self.phase, self.pending.get("kind")
        self.acted = True
        if phase == "event":
            events.append(TimedOut(seat, "keeps the event card already held"))
            self._do_KeepEvent(seat, KeepEvent(self.held[seat]), events)
            return events
        if phase == "draw" and self.restricted:
            self._draw_from_deck(seat, 1, "stung", events)
        elif phase == "draw":
            self._do_DrawTwo(seat, DrawTwo(), events)
        if self.drawn:
            self._do_Keep(seat, Keep(self.drawn[0], self._discard_targets()[0]), events)
        elif kind == "lobster":
            self.deck = self.rng.permutation(self.deck).tolist()
        elif phase == "give":
            victim, taken = self.pending["target"], self.pending["taken"]
            self.hands[seat].remove(taken)
            self.hands[victim].append(taken)
            events.append(Swapped(seat, victim, undone=True))
        events.append(TimedOut(seat, "the turn ends"))
        self._finish_turn(events)
        return events

    # --- refusals -------------------------------------------------------------------

    def why_illegal(self, seat: int, action) -> str:
        check = self._REFUSALS.get(type(action))
        if check is not None:
            reason = check(self, seat, action)
            if reason:
                return reason
        return f"not now: {PHASE_TASKS.get(self.phase, 'wait')}"

    def _why_DrawTwo(self, seat, action) -> str:
        if self.phase == "draw" and self.restricted:
            return "stung by a jellyfish: you may only take the top card of the deck"
        return ""

    def _why_TakeDiscard(self, seat, action) -> str:
        if self.phase == "draw" and self.restricted:
            return "stung by a jellyfish: you may only take the top card of the deck"
        if action.pile not in (0, 1):
            return f"there is no discard pile {action.pile + 1}"
        if self.phase == "draw" and not self.piles[action.pile]:
            return f"{pile_name(action.pile)} is empty"
        return ""

    def _why_Keep(self, seat, action) -> str:
        if self.phase != "keep":
            return ""
        if action.card not in self.drawn:
            return f"you did not draw the {self._card_words(action.card)}"
        if action.pile not in self._discard_targets():
            empty = self._discard_targets()[0]
            return f"{pile_name(empty)} is empty: the other card must go there"
        return ""

    def _why_PlayDuo(self, seat, action) -> str:
        if self.phase != "play":
            return ""
        missing = [c for c in action.cards if c not in self.hands[seat]]
        if missing:
            return f"you do not hold the {self._card_words(missing[0])}"
        if len(action.cards) not in (2, 3) or len(set(action.cards)) != len(action.cards):
            return "a duo is two cards (three with a starfish)"
        if len(action.cards) == 3 and KIND[action.cards[2]] != STARFISH:
            return "the third card of a trio must be a starfish"
        kinds = duo_kinds(action.cards)
        if kinds in RODEO_DUOS:
            return f"two {KIND[action.cards[0]]}s are a duo only with the Water rodeo event"
        if kinds not in DUOS:
            return f"{names_of(action.cards[:2])} do not make a duo"
        return "list the pair in id order, then the starfish"

    def _why_ProtectShell(self, seat, action) -> str:
        if self.phase != "play":
            return ""
        if pepper.CORAL_REEF not in self.active_events(seat):
            return "a shell may be laid face down only with the Coral reef event"
        if self.reefs[seat]:
            return "you already have a shell face down"
        if action.card not in self.hands[seat] or KIND[action.card] != SHELL:
            return "only a shell from your hand can be laid face down"
        return ""

    def _why_Call(self, seat, action) -> str:
        if self.phase != "play":
            return ""
        if action.kind not in CALL_NAMES:
            return "call STOP or LAST CHANCE"
        if self.call is not None:
            return f"{CALL_NAMES[self.call]} has been called already"
        points, needed = self.breakdown(seat).card_points, self.call_threshold(seat)
        if points < needed:
            return f"you have {points} card points; {needed} are needed to call"
        return "Diodon: only LAST CHANCE may be called"

    def _why_ChoosePile(self, seat, action) -> str:
        if self.phase == "crab_pile" and action.pile in (0, 1):
            return f"{pile_name(action.pile)} is empty"
        return ""

    def _why_Pick(self, seat, action) -> str:
        if self.phase == "pick":
            return f"the {self._card_words(action.card)} is not among the cards you may take"
        return ""

    def _why_ChooseOpponent(self, seat, action) -> str:
        if self.phase != "target":
            return ""
        victim = action.seat
        if victim == seat or not 0 <= victim < self.players:
            return "choose one of your opponents"
        if self.protected(victim):
            return f"seat {victim + 1} is protected by a shell (coral reef)"
        return f"seat {victim + 1} has no cards in hand"

    def _why_Give(self, seat, action) -> str:
        if self.phase != "give":
            return ""
        if action.card == self.pending["taken"]:
            return "give another card than the one you just took"
        return f"you do not hold the {self._card_words(action.card)}"

    def _why_StealPair(self, seat, action) -> str:
        if self.phase == "pair":
            return "that is not a played duo of an unprotected opponent"
        return ""

    def _why_KeepEvent(self, seat, action) -> str:
        if self.phase == "event":
            return "keep either your event card or the new one"
        return ""

    #: The moves with a reason of their own; any other is "not now: <what to do>".
    _REFUSALS = {
        DrawTwo: _why_DrawTwo, TakeDiscard: _why_TakeDiscard, Keep: _why_Keep, PlayDuo: _why_PlayDuo,
        ProtectShell: _why_ProtectShell, Call: _why_Call, ChoosePile: _why_ChoosePile, Pick: _why_Pick,
        ChooseOpponent: _why_ChooseOpponent, Give: _why_Give, StealPair: _why_StealPair, KeepEvent: _why_KeepEvent,
    }

    @staticmethod
    def _card_words(card: int) -> str:
        return card_name(card) if 0 <= card < len(KIND) else f"card {card}"

    # --- what seats see -------------------------------------------------------------

    def cards(self) -> list[int]:
        found = list(self.box) + self.deck + self.piles[0] + self.piles[1] + self.drawn
        for s in range(self.players):
            found += self.hands[s] + self.reefs[s] + [c for g in self.fronts[s] for c in g]
        held = [c for c in self.held + [self.offer, self.round_event] if c is not None]
        return found + held + self.event_deck + self.event_discard

    def visible_choices(self, seat: int) -> list[int]:
        """Cards `seat` is shown for a decision now (drawn pair, a pile, a hand…)."""
        if seat not in self.current_seats:
            return []
        if self.phase == "keep":
            return list(self.drawn)
        if self.phase == "pick":
            return self._pick_choices()
        return []

    def view(self, seat: int) -> dict:
        n = self.players
        mine = self.active_events(seat)
        return {
            "seat": seat,
            "players": n,
            "round": self.round,
            "phase": self.phase,
            "turn": self.turn,
            "my_turn": seat in self.current_seats,
            "pending": self.pending.get("kind"),
            "hand": list(self.hands[seat]),
            "reef": list(self.reefs[seat]),
            "shown": self.visible_choices(seat),
            "fronts": [[list(g) for g in self.fronts[s]] for s in range(n)],
            "hand_counts": [len(h) for h in self.hands],
            "protected": [self.protected(s) for s in range(n)],
            "deck_count": len(self.deck),
            "pile_tops": [p[-1] if p else None for p in self.piles],
            "pile_counts": [len(p) for p in self.piles],
            "round_event": self.round_event,
            "held_events": list(self.held),
            "offer": self.offer if self.phase == "event" else None,
            "my_events": sorted(mine),
            "call": self.call,
            "caller": self.caller,
            "stung": self.restricted and seat == self.turn,
            "call_threshold": self.call_threshold(seat),
            "breakdown": self.breakdown(seat).as_dict(),
            "totals": list(self.totals),
            "last_scores": list(self.last_scores),
            "last_breakdowns": [{**b, "lines": [list(line) for line in b["lines"]]} for b in self.last_breakdowns],
            "goal": self.goal,
        }

    def table_view(self, viewer: int | None, names: list[str]) -> TableView:
        return view.table_view(self, viewer, names)
