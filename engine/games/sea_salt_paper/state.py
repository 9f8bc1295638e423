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

from haudrauf.engine.core import GameEvent, GameInfo, Option, Result, SpeedGame, players_option
from haudrauf.engine.core.cards import shuffled
from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper, refusals
from haudrauf.engine.games.sea_salt_paper.actions import (
    ACTION_TYPES, Call, ChooseOpponent, ChoosePile, DrawTop, DrawTwo, EndTurn, Give, Keep, KeepEvent, Pick, PlayDuo,
    ProtectShell, StealPair, TakeDiscard,
)
from haudrauf.engine.games.sea_salt_paper.cards import BASE_IDS, COLLECTOR_LIKE, KIND, SALT_IDS, SHELL
from haudrauf.engine.games.sea_salt_paper.duo_effects import (
    DUOS, EMPTY_DECK, RODEO_DUOS, STARFISH_TRIO, DuoEffects, duo_kinds,
)
from haudrauf.engine.games.sea_salt_paper.events import (
    Called, Discarded, DrewFromDeck, DrewTwo, DuoPlayed, EffectSkipped, EventKept, LookedAtHand, PairStolen,
    PileChosen, RoundStarted, SecretTake, ShellProtected, Stole, Swapped, TimedOut, TookDiscard, TurnStarted,
)
from haudrauf.engine.games.sea_salt_paper.phases import Phase
from haudrauf.engine.games.sea_salt_paper.round_end import RoundEnds
from haudrauf.engine.games.sea_salt_paper.scoring import Breakdown, score
from haudrauf.engine.games.sea_salt_paper.view import picture, seat_view
from haudrauf.words import Message, msg

MIN_PLAYERS, MAX_PLAYERS = 2, 4
CALL_AT, CALL_AT_TREASURE = 7, 10  # card points needed to call (Treasure chest: 10)
STUNG = msg("stung")  # why a stung player takes the top card of the deck


class SeaSaltPaper(DuoEffects, RoundEnds, SpeedGame):
    """The turn flow; the duos' effects are in duo_effects.py, the ends of
    turns and rounds in round_end.py, the refusals' words in refusals.py."""

    info = GameInfo(
        id="sea-salt-paper",
        name=msg("Sea Salt & Paper"),
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        options=(
            players_option(MIN_PLAYERS, MAX_PLAYERS, 4),
            Option("extra_salt", False, msg("jellyfish, lobster, cast of crabs, starfish, seahorse"),
                   label=msg("Extra Salt")),
            Option("extra_pepper", False, msg("an event card changes the rules every round"), label=msg("Extra Pepper")),
            Option("double_points", False, msg("play to 80/70/60 points instead of 40/35/30"),
                   label=msg("Double points")),
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
            self.event_deck = shuffled(list(pepper.EVENT_IDS), self.rng)
        else:
            self.event_deck = []
            self.box += list(pepper.EVENT_IDS)
        self.event_discard: list[int] = []
        self.held: list[int | None] = [None] * n
        self.offer: int | None = None  # an event card waiting for its new holder's choice
        self.totals = [0] * n
        self.last_scores = [0] * n
        self.last_scored: list[list] = []  # per seat the last round's [hand, played groups, events]
        self.round = 0
        self.starter = n - 1  # so that the first round starts with seat 0
        self.winners: list[int] | None = None
        self.won_by = ""  # "mermaids" or "points" once the game is over
        self._start_round()

    def _start_round(self) -> list[GameEvent]:
        n = self.players
        self.round += 1
        self.starter = (self.starter + 1) % n
        self.deck = shuffled(self.in_play, self.rng)
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
        return [RoundStarted(self.round, self.starter, self.round_event), *self._start_turn(self.starter)]

    def _start_turn(self, seat: int, extra: bool = False) -> list[GameEvent]:
        self.turn = seat
        self.restricted = seat in self.stung
        if self.restricted:
            self.stung.remove(seat)
        self.phase = Phase.DRAW
        self.pending = {}
        return [TurnStarted(seat, extra, self.restricted)]

    # --- helpers ----------------------------------------------------------------

    def active_events(self, seat: int) -> frozenset[str]:
        """Names of the events that apply to `seat` now: the round's and its own."""
        return pepper.names(self.round_event, self.held[seat])

    def breakdown(self, seat: int) -> Breakdown:
        return score(self.hands[seat], self.fronts[seat], self.active_events(seat))

    def call_threshold(self, seat: int) -> int:
        return CALL_AT_TREASURE if pepper.TREASURE_CHEST in self.active_events(seat) else CALL_AT

    def protected(self, seat: int) -> bool:
        return bool(self.reefs[seat])

    def _opponents(self, seat: int) -> list[int]:
        return [(seat + i) % self.players for i in range(1, self.players)]

    def discard_targets(self) -> list[int]:
        """The piles the card not kept may go on: an empty one, else either."""
        empty = [p for p in (0, 1) if not self.piles[p]]
        return empty or [0, 1]

    # --- the contract -----------------------------------------------------------

    @property
    def current_seats(self) -> tuple[int, ...]:
        if self.winners is not None:
            return ()
        if self.phase == Phase.EVENT:
            return (self.pending["seat"],)
        return (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def result(self) -> Result | None:
        if self.winners is None:
            return None
        return Result(tuple(self.winners), tuple(self.totals), self.end_reason())

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
        return [Keep(c, p) for c in self.drawn for p in self.discard_targets()]

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
        Phase.DRAW: _legal_draw, Phase.KEEP: _legal_keep, Phase.PLAY: _legal_play, Phase.CRAB_PILE: _legal_crab_pile,
        Phase.PICK: _legal_pick, Phase.TARGET: _legal_target, Phase.GIVE: _legal_give, Phase.PAIR: _legal_pair,
        Phase.EVENT: _legal_event,
    }

    # --- moves ------------------------------------------------------------------

    def _apply(self, seat: int, action) -> list[GameEvent]:
        self.acted = True
        events = self._HANDLERS[type(action)](self, seat, action)
        if self.winners is None:
            events += self._check_mermaids()
        return events

    def _on_draw_two(self, seat: int, action: DrawTwo) -> list[GameEvent]:
        if len(self.deck) == 1:
            self.hands[seat].append(self.deck.pop())
            self.phase = Phase.PLAY
            return [DrewFromDeck(seat, 1, msg("the last card"))]
        self.drawn = [self.deck.pop(), self.deck.pop()]
        self.phase = Phase.KEEP
        return [DrewTwo(seat)]

    def _on_keep(self, seat: int, action: Keep) -> list[GameEvent]:
        other = self.drawn[1 - self.drawn.index(action.card)]
        self.drawn = []
        self.hands[seat].append(action.card)
        self.piles[action.pile].append(other)
        events: list[GameEvent] = [Discarded(seat, other, action.pile)]
        if KIND[other] in COLLECTOR_LIKE and pepper.DOLPHINS in self.active_events(seat):
            events += self._draw_from_deck(seat, 1, msg("Dolphins"))
        self.phase = Phase.PLAY
        return events

    def _on_take_discard(self, seat: int, action: TakeDiscard) -> list[GameEvent]:
        card = self.piles[action.pile].pop()
        self.hands[seat].append(card)
        self.phase = Phase.PLAY
        return [TookDiscard(seat, card, action.pile)]

    def _on_draw_top(self, seat: int, action: DrawTop) -> list[GameEvent]:
        return self._draw_from_deck(seat, 1, STUNG) + self._end_turn()

    def _on_end_turn(self, seat: int, action: EndTurn) -> list[GameEvent]:
        return self._end_turn()

    def _on_protect_shell(self, seat: int, action: ProtectShell) -> list[GameEvent]:
        self.hands[seat].remove(action.card)
        self.reefs[seat].append(action.card)
        return [ShellProtected(seat)]

    def _on_call(self, seat: int, action: Call) -> list[GameEvent]:
        events: list[GameEvent] = [Called(seat, action.kind, self.breakdown(seat).card_points)]
        self.call, self.caller = action.kind, seat
        if action.kind == "stop":
            return events + self._score_round()
        self.final_turns = self._opponents(seat)
        return events + self._finish_turn()

    def _on_play_duo(self, seat: int, action: PlayDuo) -> list[GameEvent]:
        for c in action.cards:
            self.hands[seat].remove(c)
        self.fronts[seat].append(list(action.cards))
        kinds = duo_kinds(action.cards)
        if len(action.cards) == 3:
            return [DuoPlayed(seat, action.cards, STARFISH_TRIO)]
        return [DuoPlayed(seat, action.cards, {**DUOS, **RODEO_DUOS}[kinds]), *self._duo_effect(seat, kinds)]

    def _draw_from_deck(self, seat: int, number: int, why: Message) -> list[GameEvent]:
        taken = min(number, len(self.deck))
        for _ in range(taken):
            self.hands[seat].append(self.deck.pop())
        if taken:
            return [DrewFromDeck(seat, taken, why)]
        return [EffectSkipped(seat, EMPTY_DECK)]

    def _on_choose_pile(self, seat: int, action: ChoosePile) -> list[GameEvent]:
        self._ask_pick({"kind": "crab", "piles": [action.pile]})
        return [PileChosen(seat, action.pile)]

    def _on_pick(self, seat: int, action: Pick) -> list[GameEvent]:
        kind = self.pending["kind"]
        card = action.card
        if kind == "crab":
            pile = 0 if card in self.piles[0] else 1
            self.piles[pile].remove(card)
            self.hands[seat].append(card)
            self.pending["piles"].remove(pile)
            if not self.pending["piles"]:
                self.phase = Phase.PLAY
            return [SecretTake(seat, pile)]
        if kind == "lobster":
            self.deck.remove(card)
            self.hands[seat].append(card)
            self.deck = shuffled(self.deck, self.rng) if self.deck else []
            self.phase = Phase.PLAY
            return [SecretTake(seat, None)]
        if kind == "angelfish":
            pile = 0 if self.piles[0][-1] == card else 1
            self.hands[seat].append(self.piles[pile].pop())
            return [TookDiscard(seat, card, pile, angelfish=True), *self._finish_turn()]
        # water rodeo: take now, give next
        self.hands[self.pending["target"]].remove(card)
        self.hands[seat].append(card)
        self.pending["taken"] = card
        self.phase = Phase.GIVE
        return []

    def _on_choose_opponent(self, seat: int, action: ChooseOpponent) -> list[GameEvent]:
        victim = action.seat
        if self.pending["kind"] == "steal":
            hand = self.hands[victim]
            card = hand.pop(int(self.rng.integers(len(hand))))
            self.hands[seat].append(card)
            self.phase = Phase.PLAY
            return [Stole(seat, victim)]
        self._ask_pick({"kind": "rodeo", "target": victim})
        return [LookedAtHand(seat, victim)]

    def _on_give(self, seat: int, action: Give) -> list[GameEvent]:
        victim = self.pending["target"]
        self.hands[seat].remove(action.card)
        self.hands[victim].append(action.card)
        self.phase = Phase.PLAY
        return [Swapped(seat, victim)]

    def _on_steal_pair(self, seat: int, action: StealPair) -> list[GameEvent]:
        victim = next(s for s in self._opponents(seat) if list(action.cards) in self.fronts[s])
        self.fronts[victim].remove(list(action.cards))
        self.fronts[seat].append(list(action.cards))
        self.phase = Phase.PLAY
        return [PairStolen(seat, victim, action.cards)]

    def _on_keep_event(self, seat: int, action: KeepEvent) -> list[GameEvent]:
        dropped = self.offer if action.card == self.held[seat] else self.held[seat]
        self.held[seat] = action.card
        self.offer = None
        self.event_discard.append(dropped)
        return [EventKept(seat, action.card, dropped), *self._start_round()]

    _HANDLERS = {
        DrawTwo: _on_draw_two, Keep: _on_keep, TakeDiscard: _on_take_discard, DrawTop: _on_draw_top,
        EndTurn: _on_end_turn, ProtectShell: _on_protect_shell, Call: _on_call, PlayDuo: _on_play_duo,
        ChoosePile: _on_choose_pile, Pick: _on_pick, ChooseOpponent: _on_choose_opponent, Give: _on_give,
        StealPair: _on_steal_pair, KeepEvent: _on_keep_event,
    }

    # --- the unit -----------------------------------------------------------------

    @property
    def before_first_move(self) -> bool:
        return self.phase == Phase.DRAW and not self.acted

    def on_starter(self, seat: int) -> list[GameEvent]:
        """The picked seat starts this round; the next round starts left of it."""
        self.starter = seat
        return self._start_turn(seat)

    def on_timeout(self, seat: int) -> list[GameEvent]:
        """The turn ends at once (see the module docstring)."""
        phase, kind = self.phase, self.pending.get("kind")
        self.acted = True
        if phase == Phase.EVENT:
            return [TimedOut(seat, kept_event=True),
                    *self._on_keep_event(seat, KeepEvent(self.held[seat]))]
        events: list[GameEvent] = []
        if phase == Phase.DRAW and self.restricted:
            events += self._draw_from_deck(seat, 1, STUNG)
        elif phase == Phase.DRAW:
            events += self._on_draw_two(seat, DrawTwo())
        if self.drawn:
            events += self._on_keep(seat, Keep(self.drawn[0], self.discard_targets()[0]))
        elif kind == "lobster":
            self.deck = shuffled(self.deck, self.rng)
        elif phase == Phase.GIVE:
            victim, taken = self.pending["target"], self.pending["taken"]
            self.hands[seat].remove(taken)
            self.hands[victim].append(taken)
            events.append(Swapped(seat, victim, undone=True))
        events.append(TimedOut(seat))
        return events + self._finish_turn()

    why_illegal = refusals.why_illegal

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
        if self.phase == Phase.KEEP:
            return list(self.drawn)
        if self.phase == Phase.PICK:
            return self._pick_choices()
        return []

    view = seat_view
    table_view = picture
