"""The rules of UNO Hau drauf, driven by the unit (the package docstring says
how, and what we chose where the rules are silent)."""
from __future__ import annotations

import functools
from typing import Any, Iterable

from haudrauf.device import events as uev
from haudrauf.words import Message, msg, nmsg
from haudrauf.engine.core import (
    GameEvent, GameInfo, GameState, IllegalAction, Option, Result, TurnStarted, players_option,
)
from haudrauf.engine.core.cards import draw, shuffled
from haudrauf.engine.games.uno_hau_drauf import events as ev, legal, refusals
from haudrauf.engine.games.uno_hau_drauf.actions import (
    ACTION_TYPES, BIG_PRESS, PRESS, Accept, CallUno, CatchUno, Challenge, ChooseColour, Draw, Play, PressButton,
    PressHauDrauf,
)
from haudrauf.engine.games.uno_hau_drauf.cards import (
    CARD_COUNT, CARDS, DRAW_TWO, HAU_DRAUF, MAX_PLAYERS, SKIP, WILD, WILD_FOUR, hand_points,
)
from haudrauf.engine.games.uno_hau_drauf.phases import (
    CAN_TIME_OUT, CHALLENGE, COLOUR, DRAWN, NAME_THE_COLOUR, ON_TURN, OVER, PENALTY, PLAYED, RACE, SIT_OUT, TURN, WAIT,
    WINNER,
)
from haudrauf.engine.games.uno_hau_drauf.view import build_table_view, seat_view

HAND_SIZE = 7
#: Cards taken by the victim of a +2, and of a wild +4 (also its layer, caught bluffing).
DRAW_TWO_TAKES, WILD_FOUR_TAKES = 2, 4
#: Cards taken by a player who challenged an honest wild +4.
FAILED_CHALLENGE_TAKES = 6
#: Cards taken for a timeout, a lost slap race, or being caught without calling UNO.
PENALTY_TAKES = 2
#: Start cards that go back into the stock: the next card is turned up instead.
NO_START_CARDS = (WILD_FOUR, HAU_DRAUF)
#: Each seat's `TurnStarted` and `DrewCard`, made once: frozen values, the same every time.
TURN_STARTED = tuple(TurnStarted(seat) for seat in range(MAX_PLAYERS))
DREW_CARD = tuple(ev.DrewCard(seat=seat) for seat in range(MAX_PLAYERS))
#: A card laid (seat, card, the colour in play after it): a few thousand frozen values, each made once
#: (a frozen dataclass's constructor costs more than the rest of the move).
CARD_PLAYED = functools.cache(ev.CardPlayed)

INFO = GameInfo(
    id="uno-hau-drauf",
    name=msg("UNO Hau drauf (UNO Flash)"),
    min_players=2,
    max_players=MAX_PLAYERS,
    card_count=CARD_COUNT,
    uses_unit=True,
    summary="UNO without reverse cards: the unit picks who is next, HAU DRAUF starts a slap race.",
    options=(
        players_option(2, MAX_PLAYERS, 4),
        Option("scoring", "standard", msg("the round's winner scores the cards left in the other hands; or "
                                          "everyone is charged the cards left in their own hand, and the lowest "
                                          "total wins"),
               choices=("standard", "lowest-wins"), label=msg("Scoring"),
               value_names=(("standard", msg("winner scores")), ("lowest-wins", msg("lowest score wins")))),
        Option("target", 500, msg("the game ends when a score reaches this"), low=1, high=10_000,
               label=msg("Play to"), value_format=msg("{value} points")),
        Option("layer_chooses", False, msg("a variant: the player who lays a +2 or a wild +4 picks who draws"),
               label=msg("Who draws after +2 / +4"),
               value_names=((False, msg("the next player")), (True, msg("the player who laid it picks")))),
        Option("wild4_bluffing", False, msg("refused: a wild +4 only while you hold no card of the colour in play; "
                                            "allowed: lay it anyway — only a challenge catches it"),
               label=msg("Bluffing with a wild +4"), value_names=((False, msg("refused")), (True, msg("allowed")))),
    ),
)


class UnoHauDrauf(GameState):
    info = INFO
    action_types = ACTION_TYPES
    seat_button, hau_drauf_button = PRESS, BIG_PRESS
    changes_nothing = (PressButton, PressHauDrauf)

    # --- setup --------------------------------------------------------------

    def setup(self) -> None:
        self.scores = [0] * self.players
        self.round = 0
        self.winners: list[int] | None = None
        self._start_round()

    def _start_round(self) -> list[GameEvent]:
        self.round += 1
        deck = shuffled(CARD_COUNT, self.rng)
        players = self.players
        # one card at a time round the table, off the top (the end of the list): seat s takes every
        # players-th card from the s-th from the top down
        self.hands = [deck[-1 - seat::-players][:HAND_SIZE] for seat in range(players)]
        del deck[-HAND_SIZE * players:]
        self.stock = deck
        self.discard: list[int] = []
        self.phase = WAIT
        self.current: int | None = None
        self.pending: str | None = None  # effect waiting for the next selected seat
        self.layer: int | None = None  # who laid the pending draw two / skip / wild draw four
        self.wild4_guilty = False
        self.victim: int | None = None  # who must answer a wild draw four now
        self.drawn: int | None = None
        self.slap_armed = False
        self.must_press: list[int] = []
        self.uno_exposed: int | None = None
        self.out: int | None = None  # went out with a draw card; the round ends once the victim drew
        events: list[GameEvent] = []
        while True:
            card = CARDS[self.stock.pop()]
            if card.symbol not in NO_START_CARDS:
                break
            events.append(ev.StartCardReturned(card=card.id))
            self.stock.append(card.id)
            self.stock = shuffled(self.stock, self.rng)
        self.discard.append(card.id)
        self.colour = card.colour
        self.pending = {DRAW_TWO: DRAW_TWO, SKIP: SKIP, WILD: NAME_THE_COLOUR}.get(card.symbol)
        return [*events, ev.RoundStarted(round=self.round, start_card=card.id)]

    # --- reading the position ----------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def result(self) -> Result | None:
        if self.winners is None:
            return None
        return Result(tuple(self.winners), tuple(self.scores), self.outcome(lambda s: msg("seat {seat}", seat=s + 1)))

    def outcome(self, name) -> Message:
        """Who won, in words (`name`: seat → how to call it; the table passes the players' names).
        English says "points" for any number; other languages bend the word by it."""
        return nmsg("{winners} won the game with {n} points", "{winners} won the game with {n} points",
                    self.scores[self.winners[0]], winners=ev.named_together([name(s) for s in self.winners]))

    def cards(self) -> Iterable[int]:
        return self.stock + self.discard + [c for hand in self.hands for c in hand]

    @property
    def current_seats(self) -> tuple[int, ...]:
        """Cached per position, like the legal moves: a driver asks every step."""
        seats = self.cache.get("current")
        if seats is None:
            seats = self.cache["current"] = self._current_seats()
        return seats

    def _current_seats(self) -> tuple[int, ...]:
        if self.uno_exposed is not None:  # anyone may catch (or call)
            candidates = range(self.players)
        elif self.victim is None and not self.must_press:  # the usual turn: only the seat on it
            candidates = () if self.current is None else (self.current,)
        else:
            candidates = sorted({self.current, self.victim, *self.must_press} - {None})
        return tuple(s for s in candidates if self.legal_actions(s))

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Cached per position, like current_seats: a driver asks every step."""
        seats = self.cache.get("waiting")
        if seats is None:
            on_turn = self.current is not None and self.phase in ON_TURN
            if self.victim is None and not self.must_press:  # the usual turn: only the seat on it
                seats = (self.current,) if on_turn else ()
            else:
                waiting = set(self.must_press)
                if on_turn:
                    waiting.add(self.current)
                if self.victim is not None:
                    waiting.add(self.victim)
                seats = tuple(sorted(waiting))
            self.cache["waiting"] = seats
        return seats

    def legal_actions(self, seat: int) -> list:
        """Cached per position under the seat; each caller gets a copy of its own."""
        moves = self.cache.get(seat)
        if moves is None:
            moves = self.cache[seat] = legal.legal_actions(self, seat)
        return moves.copy()

    def card_move(self, seat: int, card: int):
        return Play(card)  # a card in the hand is there to be laid

    why_illegal = refusals.why_illegal

    def allowed_out_of_turn(self, action) -> bool:
        return isinstance(action, (CallUno, CatchUno))

    @property
    def waiting_on_unit(self) -> bool:
        return self.phase == WAIT

    @property
    def unit_turn(self) -> int | None:
        return self.current

    @property
    def savable(self) -> bool:
        return self.phase not in (RACE, PENALTY)

    def pace(self, action) -> str:
        """A slap-race press is a reaction; the buttons and calling UNO are quick."""
        if isinstance(action, PressButton) and self.phase == RACE:
            return "react"
        return "press" if isinstance(action, (PressButton, PressHauDrauf, CallUno)) else "think"

    def not_your_turn(self, seat: int) -> Message:
        return refusals.not_your_turn(self) or super().not_your_turn(seat)

    # --- moves --------------------------------------------------------------

    def _apply(self, seat: int, action) -> list[GameEvent]:
        return self._HANDLERS[type(action)](self, seat, action)

    def _on_press_button(self, seat: int, action: PressButton) -> list[GameEvent]:
        """Allowed: the unit's events (`TurnEnded`, a race press, …) move the game on."""
        return []

    def _on_press_hau_drauf(self, seat: int, action: PressHauDrauf) -> list[GameEvent]:
        """Allowed: the unit's `SlapStarted` moves the game on."""
        return []

    def _on_draw(self, seat: int, action: Draw) -> list[GameEvent]:
        events = self._draw_into_hand(seat, 1)
        self.drawn, self.phase = self.hands[seat][-1], DRAWN
        return [*events, DREW_CARD[seat]]

    def _on_choose_colour(self, seat: int, action: ChooseColour) -> list[GameEvent]:
        self.colour, self.pending, self.phase = action.colour, None, TURN
        return [ev.ColourChosen(seat=seat, colour=action.colour)]

    def _on_challenge(self, seat: int, action: Challenge) -> list[GameEvent]:
        return self._answer_wild4(seat, challenge=True)

    def _on_accept(self, seat: int, action: Accept) -> list[GameEvent]:
        return self._answer_wild4(seat, challenge=False)

    def _on_call_uno(self, seat: int, action: CallUno) -> list[GameEvent]:
        self.uno_exposed = None
        return [ev.UnoCalled(seat=seat)]

    def _on_catch_uno(self, seat: int, action: CatchUno) -> list[GameEvent]:
        self.uno_exposed = None
        return [ev.UnoCaught(catcher=seat, target=action.target), *self._take(action.target, PENALTY_TAKES, "uno")]

    def _on_play(self, seat: int, action: Play) -> list[GameEvent]:
        card = CARDS[action.card]
        hand = self.hands[seat]
        guilty = card.symbol == WILD_FOUR and not legal.wild4_is_legal(self, seat, card.id)
        hand.remove(card.id)
        self.discard.append(card.id)
        self.colour = card.colour or action.colour  # a wild has no colour of its own: the named one
        self.drawn, self.phase = None, PLAYED
        events: list[GameEvent] = [CARD_PLAYED(seat, card.id, self.colour)]
        if len(hand) == 1:
            self.uno_exposed = seat
        if action.target is not None:  # variant: the layer chose the victim
            self.layer, self.wild4_guilty = seat, guilty
            if card.symbol == DRAW_TWO:
                events += self._take(action.target, DRAW_TWO_TAKES, "draw two")
            else:
                self.victim, self.phase = action.target, CHALLENGE
        elif card.symbol in (DRAW_TWO, SKIP, WILD_FOUR):
            self.pending, self.layer, self.wild4_guilty = card.symbol, seat, guilty
        elif card.symbol == HAU_DRAUF and hand:
            self.slap_armed = True
            events.append(ev.SlapArmed(seat=seat))
        if not hand:
            if self.pending in (DRAW_TWO, WILD_FOUR) or self.phase == CHALLENGE:
                self.out = seat  # the round ends once the victim has taken the cards
            else:
                events += self._end_round(seat)
        return events

    def _answer_wild4(self, seat: int, challenge: bool) -> list[GameEvent]:
        layer, variant = self.layer, self.phase == CHALLENGE and self.current != seat
        self.victim = None
        if not challenge:
            events = self._take(seat, WILD_FOUR_TAKES, "wild draw four")
            sits_out = True
        elif self.wild4_guilty:
            events = [ev.ChallengeDecided(challenger=seat, challenged=layer, guilty=True),
                      *self._take(layer, WILD_FOUR_TAKES, "challenge")]
            sits_out = False
        else:
            events = [ev.ChallengeDecided(challenger=seat, challenged=layer, guilty=False),
                      *self._take(seat, FAILED_CHALLENGE_TAKES, "challenge")]
            sits_out = True
        if variant:
            self.phase = PLAYED
        elif sits_out:
            self.phase = SIT_OUT
            events.append(ev.SitsOut(seat=seat, why="wild draw four"))
        else:
            self.phase = TURN
        return events + self._round_end_if_out()

    #: The handler of each kind of move (`_apply` calls it with the move, known to be legal).
    _HANDLERS = {
        Play: _on_play,
        Draw: _on_draw,
        ChooseColour: _on_choose_colour,
        Challenge: _on_challenge,
        Accept: _on_accept,
        CallUno: _on_call_uno,
        CatchUno: _on_catch_uno,
        PressButton: _on_press_button,
        PressHauDrauf: _on_press_hau_drauf,
    }

    # --- cards moving -------------------------------------------------------

    def _draw_into_hand(self, seat: int, n: int) -> list[GameEvent]:
        """Up to n cards from the stock into `seat`'s hand; when the stock runs
        out, the discard pile but its top card is shuffled into a new one."""
        cards, reshuffled = draw(self.stock, self.discard, n, self.rng)
        self.hands[seat] += cards
        self._unexpose_if_holding_more(seat)
        return [ev.StockReshuffled(count=reshuffled)] if reshuffled else []

    def _take(self, seat: int, n: int, cause: str) -> list[GameEvent]:
        """`seat` takes n cards (fewer when the stock and the discard pile run dry)."""
        held = len(self.hands[seat])
        events = self._draw_into_hand(seat, n)
        taken = len(self.hands[seat]) - held
        if self.out == seat and taken:
            self.out = None
        return [*events, ev.CardsDrawn(seat=seat, count=taken, cause=cause)]

    def _unexpose_if_holding_more(self, seat: int) -> None:
        if self.uno_exposed == seat and len(self.hands[seat]) > 1:
            self.uno_exposed = None

    # --- the unit's events --------------------------------------------------

    def _feed(self, event: uev.UnitEvent) -> list[GameEvent]:
        return self._UNIT_HANDLERS[type(event)](self, event)

    def _expect(self, ok: bool, event: uev.UnitEvent) -> None:
        if not ok:
            raise self._misfit(event)

    def _misfit(self, event: uev.UnitEvent) -> IllegalAction:
        return IllegalAction(refusals.unit_misfit(self, event))

    def _on_player_selected(self, event: uev.PlayerSelected) -> list[GameEvent]:
        if self.phase != WAIT:
            raise self._misfit(event)
        seat = event.seat
        self.uno_exposed = None  # the next player starts: too late to catch
        self.current = seat
        events: list[GameEvent] = [TURN_STARTED[seat]]
        if self.out == seat:
            self.phase = WINNER
            return events + [ev.WinnerSelected(seat=seat)]
        pending, self.pending = self.pending, None
        if pending is None:  # the usual turn
            self.phase = TURN
        elif pending == DRAW_TWO:
            self.phase = SIT_OUT
            events += [*self._take(seat, DRAW_TWO_TAKES, "draw two"), ev.SitsOut(seat=seat, why="draw two")]
        elif pending == SKIP:
            self.phase = SIT_OUT
            events.append(ev.SitsOut(seat=seat, why="skip"))
        elif pending == WILD_FOUR and seat == self.layer:
            self.phase = SIT_OUT
            events += [*self._take(seat, WILD_FOUR_TAKES, "wild draw four"),
                       ev.SitsOut(seat=seat, why="wild draw four")]
        elif pending == WILD_FOUR:
            self.phase, self.victim = CHALLENGE, seat
        else:  # a wild start card: this seat names the colour
            self.phase = COLOUR
        if self.out is not None:
            events += self._round_end_if_out()
        return events

    def _round_end_if_out(self) -> list[GameEvent]:
        """A seat that went out with a draw card wins once the victim has drawn."""
        if self.out is not None and self.phase != CHALLENGE and self.pending is None:
            return self._end_round(self.out)
        return []

    def _on_turn_ended(self, event: uev.TurnEnded) -> list[GameEvent]:
        if event.seat != self.current or self.seat_button not in self.legal_actions(event.seat):
            raise self._misfit(event)
        events: list[GameEvent] = []
        if self.slap_armed and self.phase == PLAYED:
            events.append(ev.SlapCancelled(seat=event.seat))
        self.slap_armed = False
        self.phase, self.current, self.drawn = WAIT, None, None
        return events

    def _on_turn_timed_out(self, event: uev.TurnTimedOut) -> list[GameEvent]:
        seat = event.seat
        self._expect(seat == self.current and self.phase in CAN_TIME_OUT, event)
        events: list[GameEvent] = []
        if self.phase == CHALLENGE:  # no answer in time: the victim takes the four
            events += self._take(self.victim, WILD_FOUR_TAKES, "wild draw four")
            self.victim = None
        if self.phase == COLOUR:  # the next selected seat names the colour instead
            self.pending = NAME_THE_COLOUR
        if self.slap_armed:
            events.append(ev.SlapCancelled(seat=seat))
            self.slap_armed = False
        events += self._take(seat, PENALTY_TAKES, "timeout")
        self.phase, self.must_press, self.drawn = PENALTY, [seat], None
        return events + self._round_end_if_out()

    def _on_slap_started(self, event: uev.SlapStarted) -> list[GameEvent]:
        self._expect(self.phase == PLAYED and self.slap_armed and event.slapper == self.current
                     and len(event.racers) >= 2, event)
        self.slap_armed = False
        self.phase, self.must_press = RACE, list(event.racers)
        return []

    def _on_flashing_pressed(self, event) -> list[GameEvent]:
        phase = RACE if isinstance(event, uev.SlapPressed) else PENALTY
        self._expect(self.phase == phase and event.seat in self.must_press, event)
        self.must_press.remove(event.seat)
        if self.phase == PENALTY and not self.must_press:
            self.phase, self.current = WAIT, None
        return []

    def _on_slap_result(self, event: uev.SlapResult) -> list[GameEvent]:
        self._expect(self.phase == RACE and self._losers_fit(event), event)
        events: list[GameEvent] = []
        for loser in event.losers:
            events += self._take(loser, PENALTY_TAKES, "slap")
        self.phase, self.must_press = PENALTY, list(event.losers)
        return events

    def _losers_fit(self, event: uev.SlapResult) -> bool:
        """The window closed: the losers are exactly the racers yet to press;
        everyone pressed: one loser, the last."""
        if event.window_expired:
            return bool(self.must_press) and set(event.losers) == set(self.must_press)
        return not self.must_press and len(event.losers) == 1

    #: The unit's event types this game consumes (the table feeds only these) and their handlers.
    _UNIT_HANDLERS = {
        uev.PlayerSelected: _on_player_selected,
        uev.TurnEnded: _on_turn_ended,
        uev.TurnTimedOut: _on_turn_timed_out,
        uev.SlapStarted: _on_slap_started,
        uev.SlapPressed: _on_flashing_pressed,
        uev.SlapResult: _on_slap_result,
        uev.PenaltyAcknowledged: _on_flashing_pressed,
    }
    unit_events = tuple(_UNIT_HANDLERS)

    # --- round and game end ---------------------------------------------------

    def _end_round(self, winner: int) -> list[GameEvent]:
        left = [hand_points(h) for h in self.hands]
        points = sum(left)
        if self.options["scoring"] == "standard":
            self.scores[winner] += points
            done = self.scores[winner] >= self.options["target"]
            winners = [winner]
        else:
            self.scores = [s + p for s, p in zip(self.scores, left)]
            done = max(self.scores) >= self.options["target"]
            winners = [s for s in range(self.players) if self.scores[s] == min(self.scores)]
        over = ev.RoundOver(round=self.round, winner=winner, points=points, hand_points=tuple(left),
                            scores=tuple(self.scores))
        if done:
            self.winners, self.phase, self.current = winners, OVER, None
            self.uno_exposed = None
            return [over, ev.GameOver(winners=tuple(winners), scores=tuple(self.scores))]
        return [over, *self._start_round()]

    # --- what seats may see --------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        return seat_view(self, seat)

    def table_view(self, viewer: int | None, names: list[str]):
        return build_table_view(self, viewer, names)
