"""Crazy Old Fish War (Parker Brothers / Hasbro, 2008): Crazy Eights with Go Fish,
Old Maid ("Old Mermaids") and, in the advanced game, War.

Rules: /work/shared/rules/crazy-old-fish-war.md. Seats sit clockwise in seat
order (seat 1's left neighbour is seat 2). Cards: see `cards.py` (five colours
red ● / yellow ▲ / green ■ / blue ◆ / purple ★, 1–11 each, three Old Mermaids).

Phases (`self.phase`) and who acts in each: see `phases.py`.

Options (defaults first):
  war=False                 the advanced game.
  crazy8_names_number=False a Crazy 8 names colour AND number (the Swedish text);
                            by default a colour only (the other three languages).
  rounds_to_win=3           first to win this many rounds wins the game.
  turn_passes="clockwise"   after a failed fish or a war the turn passes to the
                            left of the asker/declarer (the digest's choice);
                            "to-opponent": the asked/challenged player goes next
                            (the classic Go Fish habit).
  fish_penalty=0            cards drawn for a forgotten fish call: the printed
                            rules state no penalty, so none by default.
  fish_names="start-over"   once all 50 fish names are called, the list starts
                            over (each may be called once more, and so on);
                            "no-more-calls": from then on nobody calls a fish
                            and nobody owes one. Never "only staying quiet": with
                            a fish penalty that refills every hand down to one
                            card, and the round could never end.

Our choices where the text is silent:
- Start card: a Crazy 8 or Old Mermaid turned up stays in the play pile and the
  next card is turned on top of it until a plain number lies on top (the text
  literally). The dealer moves clockwise each round: seat 1 starts round 1,
  seat 2 round 2, … The next round is dealt at once, from all 58 cards.
- Matching: a plain top card asks for its colour or number; after a Crazy 8 or
  an Old Mermaid only the named colour (and the named number with the Swedish
  option) counts. Crazy 8s and Old Mermaids always match.
- A Crazy 8 or Old Mermaid is named before the Mermaid's five cards are drawn.
  Playing your last card, even an Old Mermaid, wins the round at once (no draw).
- A player who gives away their last card when asked is out of cards and wins
  the round: "the round ends when a player has no cards".
- Fish call: whenever a seat is left with one card (after its own play, after
  giving one away, after a war), it is asked at the end of that turn to call one
  of `FISH_OFFERED` unused names (drawn from `FISH_NAMES` in a per-game shuffled
  order) or to stay quiet. Names do not repeat until all have been called (then
  see option fish_names). Staying quiet costs `fish_penalty` cards.
- War: the declarer may not lay an Old Mermaid (a declarer holds none anyway —
  a Mermaid always matches, so a player who may declare war has none). After a
  tie a player who is out of cards (or whose hand holds nothing they may lay)
  plays on with the top card of the draw pile, face down, unseen even by them;
  that card counts as it comes, an Old Mermaid included — this is how two Old
  Mermaids can meet. If no card can be drawn at all, the war ends undecided and
  everyone takes back their cards. The winning card lies on the pile: play
  continues in its colour and number (a Crazy 8 is a plain 8 in a war); a
  winning Old Mermaid is followed by its winner naming the colour (no five-card
  draw: it was not played as a match). When two Mermaids cancel, tied cards go
  back to their owners and the challenged player names the colour. The loser's
  draw of one comes after taking the cards back.
- Draw pile empty: the play pile except its top card is shuffled into a new
  draw pile; if that is empty too, the draw is skipped (the event says 0 cards).

Unit events: `TurnTimedOut(seat)` for a seat in `current_seats` — play: that
player draws one card and the turn passes clockwise; give: the first matching
card in their hand is given; name: the colour (and number) stays as it was;
war: their lowest card is laid; call: they stay quiet (a forgotten call).
`PlayerSelected(seat)` before the round's first move: that seat starts.
"""
from __future__ import annotations

from haudrauf.engine.core import GameEvent, GameInfo, Result, SpeedGame, StarterChosen
from haudrauf.engine.core.cards import draw, shuffled
from haudrauf.engine.games.crazy_old_fish_war import events as ev, refusals
from haudrauf.engine.games.crazy_old_fish_war.actions import (
    ACTION_TYPES, Ask, CallFish, Give, LayCard, Name, Play, StayQuiet, War,
)
from haudrauf.engine.games.crazy_old_fish_war.cards import (
    CARD_COLOUR, CARD_COUNT, CARD_NUMBER, COLOURS, FISH_NAMES, FISH_OFFERED, MATCHING, NUMBERS, WILD, is_crazy8,
    is_mermaid, war_value,
)
from haudrauf.engine.games.crazy_old_fish_war.options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from haudrauf.engine.games.crazy_old_fish_war.phases import CALL, GIVE, NAME, NEXT, OVER, PLAY, WAR
from haudrauf.engine.games.crazy_old_fish_war.view import picture, seat_view
from haudrauf.engine.games.crazy_old_fish_war.war import Wars
from haudrauf.words import msg

HAND_SIZE = 7
MERMAID_DRAW = 5  # cards the player of an Old Mermaid draws after naming the colour

# Actions are immutable: build each once (legal_actions hands out the same objects every time).
PLAYS = tuple(Play(c) for c in range(CARD_COUNT))
GIVES = tuple(Give(c) for c in range(CARD_COUNT))
LAYS = tuple(LayCard(c) for c in range(CARD_COUNT))
NAME_COLOUR = tuple(Name(c) for c in range(len(COLOURS)))
NAME_COLOUR_NUMBER = tuple(Name(c, n) for c in range(len(COLOURS)) for n in NUMBERS)
CALLS = {name: CallFish(name) for name in FISH_NAMES}
STAY_QUIET = StayQuiet()
#: DUELS[war][players][seat]: with no match, ask every other seat (from seat 1
#: on), and with option war declare war on each too.
DUELS = {war: {players: tuple((*(Ask(t) for t in range(players) if t != seat),
                               *((War(t) for t in range(players) if t != seat) if war else ()))
                              for seat in range(players))
               for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
         for war in (False, True)}
#: Phases after which a move leaves the turn as it is: the war goes on, the game is over.
UNSETTLED = frozenset({WAR, OVER})

class CrazyOldFishWar(Wars, SpeedGame):
    """The rules; the war phase's moves are in war.py, the refusals' words in refusals.py."""
    info = GameInfo(
        id="crazy-old-fish-war", name=msg("Crazy Old Fish War"), min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
        options=OPTIONS, card_count=CARD_COUNT,
        summary="Match colour or number; no match: go fish (or declare war). First to win 3 rounds.",
    )
    action_types = ACTION_TYPES

    # --- setup and dealing -----------------------------------------------------

    def setup(self) -> None:
        self.round = 0  # rounds dealt so far
        self.rounds_won = [0] * self.players
        self.winner: int | None = None
        self.fish_order = shuffled(len(FISH_NAMES), self.rng)
        self.fish_calls: list[list] = []  # [seat, fish name] in calling order, whole game
        self._deal()

    def _deal(self) -> None:
        """Shuffle all 58 cards, deal seven each, turn the start card (the next
        round's events say so: see `_round_won`; the first round's need none)."""
        deck = shuffled(CARD_COUNT, self.rng)
        n = self.players
        self.hands = [deck[s * HAND_SIZE:(s + 1) * HAND_SIZE] for s in range(n)]
        self.draw = deck[n * HAND_SIZE:]  # top is the end
        self.pile = [self.draw.pop()]
        while self.pile[-1] in WILD:
            self.pile.append(self.draw.pop())
        self.colour, self.number = CARD_COLOUR[self.pile[-1]], CARD_NUMBER[self.pile[-1]]
        self.turn = self.round % n
        self.round += 1
        self.phase = PLAY
        self.asked: int | None = None
        self.namer: int | None = None
        self.name_number = False  # the namer names a number too
        self.name_draw = 0  # cards the namer draws after naming (an Old Mermaid)
        self.next_turn: int | None = None
        self.war: dict | None = None
        self.reveal: list | None = None  # last war reveal [declarer, challenged, card, card]
        self.one_card: list[int] = []  # seats already asked to call for their single card
        self.pending_calls: list[int] = []
        self.fresh_round = True  # no move made yet in this round

    # --- who acts and what they may do ----------------------------------------------

    @property
    def current_seats(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLAY:
            return (self.turn,)
        if phase == NAME:
            return (self.namer,)
        if phase == GIVE:
            return (self.asked,)
        if phase == WAR:
            return tuple(s for s, laid in zip(self.war_seats(), self.war["laid"]) if laid is None)
        if phase == CALL:
            return (self.pending_calls[0],)
        return ()

    def legal_actions(self, seat: int) -> list:
        """Worked out afresh at each call, not kept in `cache`: a driver asks once
        a move, and keeping the list (a dict filled and emptied every move) costs
        more than the few lines below."""
        phase = self.phase
        if phase == PLAY:
            if seat != self.turn:
                return []
            fitting, hand = MATCHING[self.colour][self.number or 0], self.hands[seat]
            if fitting.isdisjoint(hand):  # no match (often): no need to go through the hand card by card
                return [*DUELS[self.options["war"]][len(self.hands)][seat]]
            plays = []
            for card in hand:  # a plain loop: a list comprehension is a function call of its own
                if card in fitting:
                    plays.append(PLAYS[card])
            return plays
        if seat not in self.current_seats:
            return []
        if phase == NAME:
            return list(NAME_COLOUR_NUMBER if self.name_number else NAME_COLOUR)
        if phase == GIVE:
            return [GIVES[c] for c in self.fits(seat)]
        if phase == WAR:
            return [LAYS[c] for c in self._war_choices(seat)]
        return [*map(CALLS.__getitem__, self.fish_offer()), STAY_QUIET]

    def fits(self, seat: int) -> list[int]:
        """The cards of `seat` that match the pile, in hand order."""
        fitting, hand = MATCHING[self.colour][self.number or 0], self.hands[seat]
        cards = []
        if not fitting.isdisjoint(hand):
            for card in hand:  # a plain loop, as in legal_actions
                if card in fitting:
                    cards.append(card)
        return cards

    def fish_offer(self) -> list[str]:
        """The unused fish names offered to a caller (in the game's shuffled order;
        none once a run has called all fifty: see `fish_run`)."""
        used = self.fish_named()
        offer = []
        for i in self.fish_order:  # the first few: no need to look at all fifty
            if FISH_NAMES[i] not in used:
                offer.append(FISH_NAMES[i])
                if len(offer) == FISH_OFFERED:
                    break
        return offer

    def fish_named(self) -> set[str]:
        """The names that may not be called now."""
        return {name for _, name in self.fish_run()}

    def fish_run(self) -> list[list]:
        """The calls [seat, name] of this run through the names: each name is
        called once per run, so with "start-over" a new run begins after every
        50th call; with "no-more-calls" there is no second run."""
        calls = len(self.fish_calls)
        if self.options["fish_names"] == "start-over":
            calls %= len(FISH_NAMES)
        return self.fish_calls[len(self.fish_calls) - calls:]

    def _left(self, seat: int) -> int:
        return (seat + 1) % len(self.hands)

    def _after_duel(self, seat: int, opponent: int) -> int:
        """Who plays after a failed fish or a war (option turn_passes)."""
        return opponent if self.options["turn_passes"] == "to-opponent" else self._left(seat)

    # --- moves ---------------------------------------------------------------------

    def _apply(self, seat: int, action) -> list[GameEvent]:
        self.fresh_round = False
        return self._settle(self._HANDLERS[type(action)](self, seat, action))

    def _on_play(self, seat: int, action: Play) -> list[GameEvent]:
        card = action.card
        self.hands[seat].remove(card)
        self.pile.append(card)
        self._card_on_pile(seat, card)
        return [ev.CARD_PLAYED[seat][card]]

    def _card_on_pile(self, seat: int, card: int) -> None:
        """A card just played as a match: a wild card asks for a name."""
        if card in WILD:
            with_number = is_crazy8(card) and self.options["crazy8_names_number"]
            self._ask_name(seat, with_number, MERMAID_DRAW if is_mermaid(card) else 0, self._left(seat))
        else:
            self.colour, self.number = CARD_COLOUR[card], CARD_NUMBER[card]
            self.phase, self.next_turn = NEXT, (seat + 1) % len(self.hands)  # the left neighbour

    def _ask_name(self, seat: int, with_number: bool, then_draw: int, next_turn: int) -> None:
        self.phase = NAME
        self.namer, self.name_number, self.name_draw, self.next_turn = seat, with_number, then_draw, next_turn

    def _on_name(self, seat: int, action: Name) -> list[GameEvent]:
        self.colour, self.number = action.colour, action.number
        events: list[GameEvent] = [ev.colour_named(seat, action.colour, action.number)]
        if self.name_draw:
            events += self._draw(seat, self.name_draw, "mermaid")
        self.namer = None
        self._end_turn(self.next_turn)
        return events

    def _on_ask(self, seat: int, action: Ask) -> list[GameEvent]:
        target = action.target
        events: list[GameEvent] = [ev.asked(seat, target, self.colour, self.number)]
        offered = self.fits(target)
        if not offered:
            events.append(ev.go_fish(seat, target))
            events += self._draw(seat, 1, "fish")
            self._end_turn(self._after_duel(seat, target))
        elif len(offered) == 1:
            events += self._fished(target, offered[0])
        else:
            self.phase, self.asked = GIVE, target
        return events

    def _on_give(self, seat: int, action: Give) -> list[GameEvent]:
        return self._fished(seat, action.card)

    def _fished(self, giver: int, card: int) -> list[GameEvent]:
        """The asked player hands over a match; the asker plays it at once."""
        self.hands[giver].remove(card)
        self.pile.append(card)
        self.asked = None
        self._card_on_pile(self.turn, card)
        return [ev.card_given(giver, self.turn, card), ev.CARD_PLAYED[self.turn][card]]

    def _end_turn(self, next_seat: int) -> None:
        self.phase, self.next_turn = NEXT, next_seat

    # --- drawing -------------------------------------------------------------------

    def _take_from_draw(self, count: int) -> tuple[list[int], list[GameEvent]]:
        """Up to `count` cards off the draw pile, the play pile (bar its top)
        shuffled in when it is empty, and the event telling the table of it."""
        cards, reshuffled = draw(self.draw, self.pile, count, self.rng)
        return cards, [ev.Reshuffled(reshuffled)] if reshuffled else []

    def _draw(self, seat: int, count: int, cause: str) -> list[GameEvent]:
        cards, events = self._take_from_draw(count)
        self.hands[seat] += cards
        return events + [ev.drew(seat, len(cards), cause)]

    # --- fish calls ------------------------------------------------------------------

    def _on_call_fish(self, seat: int, action: CallFish) -> list[GameEvent]:
        self.pending_calls.pop(0)
        self.fish_calls.append([seat, action.name])
        self.phase = NEXT
        return [ev.fish_called(seat, action.name)]

    def _on_stay_quiet(self, seat: int, action: StayQuiet) -> list[GameEvent]:
        self.pending_calls.pop(0)
        events: list[GameEvent] = [ev.stayed_quiet(seat)]
        if self.options["fish_penalty"]:
            events += self._draw(seat, self.options["fish_penalty"], "fish-call")
        self.phase = NEXT
        return events

    _HANDLERS = {
        Play: _on_play, Name: _on_name, Ask: _on_ask, Give: _on_give, War: Wars._on_war, LayCard: Wars._on_lay_card,
        CallFish: _on_call_fish, StayQuiet: _on_stay_quiet,
    }

    # --- turn and round ends --------------------------------------------------------

    def _settle(self, events: list[GameEvent]) -> list[GameEvent]:
        """After every move, `events` the move's own (added to): an empty hand ends
        the round; seats newly down to one card are queued to call a fish; a
        finished turn hands over to the next seat, or to a seat still to call
        (while it holds one card and a fish is left to call)."""
        if self.phase in UNSETTLED:
            return events
        hands = self.hands
        low = self.one_card  # someone was down to one card (a list: any seat in it)
        if not low:
            for hand in hands:  # a plain loop: calling builtins (`map(len, hands)`) costs more
                if len(hand) < 2:
                    low = True
                    break
        if low:  # someone is out of cards, or is (or was) down to one
            if [] in hands:
                return events + self._round_won(hands.index([]))
            self._note_single_cards()
        if self.phase == NEXT:
            pending = self.pending_calls
            while pending and (len(hands[pending[0]]) != 1 or len(self.fish_run()) == len(FISH_NAMES)):
                pending.pop(0)
            if pending:
                self.phase = CALL
            else:
                self.phase, self.turn, self.next_turn = PLAY, self.next_turn, None
                events.append(ev.TURN_STARTED[self.turn])
        return events

    def _note_single_cards(self) -> None:
        one_card = self.one_card
        for seat, hand in enumerate(self.hands):
            if len(hand) != 1:
                if seat in one_card:
                    one_card.remove(seat)
            elif seat not in one_card:
                one_card.append(seat)
                self.pending_calls.append(seat)

    def _round_won(self, seat: int) -> list[GameEvent]:
        self.rounds_won[seat] += 1
        events: list[GameEvent] = [ev.round_won(seat, self.round, tuple(self.rounds_won))]
        if self.rounds_won[seat] < self.options["rounds_to_win"]:
            self._deal()
            return events + [ev.RoundDealt(self.round, self.turn, self.pile[-1]), ev.TURN_STARTED[self.turn]]
        self.phase, self.winner = OVER, seat
        self.pending_calls = []
        return events + [ev.game_won(seat, self.rounds_won[seat])]

    # --- the unit ------------------------------------------------------------------

    @property
    def before_first_move(self) -> bool:
        return self.fresh_round

    def on_timeout(self, seat: int) -> list[GameEvent]:
        """The move the rules make for a player out of time (see the module docstring)."""
        phase = self.phase
        events: list[GameEvent] = [ev.TimedOut(seat, phase)]
        self.fresh_round = False
        if phase == PLAY:
            events += self._draw(seat, 1, "timeout")
            self._end_turn(self._left(seat))
        elif phase == GIVE:
            events += self._fished(seat, self.fits(seat)[0])
        elif phase == NAME:
            events += self._on_name(seat, Name(self.colour, self.number if self.name_number else None))
        elif phase == WAR:
            events += self._on_lay_card(seat, LayCard(min(self._war_choices(seat), key=war_value)))
        else:
            events += self._on_stay_quiet(seat, StayQuiet())
        return self._settle(events)

    def on_starter(self, seat: int) -> list[GameEvent]:
        """The picked seat starts this round only: the next round's starter follows the round number."""
        self.turn = seat
        return [StarterChosen(seat), ev.TURN_STARTED[seat]]

    # --- refusals (the words are in refusals.py) ------------------------------------

    def card_move(self, seat: int, card: int):
        return {GIVE: Give, WAR: LayCard}.get(self.phase, Play)(card)

    why_illegal = refusals.why_illegal

    # --- results and views ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        tally = ", ".join(str(n) for n in self.rounds_won)
        return Result((self.winner,), tuple(self.rounds_won),
                      f"seat {self.winner + 1} wins {self.rounds_won[self.winner]} rounds (rounds won: {tally})")

    def cards(self) -> list[int]:
        found = [c for hand in self.hands for c in hand] + self.draw + self.pile
        if self.war:
            found += [c for c in self.war["laid"] if c is not None]
            found += self.war["tied"][0] + self.war["tied"][1]
        return found

    view = seat_view
    table_view = picture
