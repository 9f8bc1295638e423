"""The rules of UNO Hau drauf, driven by the unit.

The game has no turn order of its own: the unit's events (`PlayerSelected`,
`TurnEnded`, `TurnTimedOut`, the slap race) are fed in with `feed()` and move
the game on. Players' own moves (`Play`, `Draw`, …) go through `apply()`,
including the unit's buttons (`PressButton`, `PressHauDrauf`): the engine
decides whether a press is allowed now, and only an allowed press is passed on
to the unit by the table.

Our choices where the rules are silent (see engine/README.md for the list):
- The wild draw four is answered by its victim, the next seat the unit selects:
  challenge or accept. Guilty: the layer takes the 4 and the challenger plays a
  normal turn. Innocent: the challenger takes 6 and sits out. The layer cannot
  challenge their own card when the unit selects them.
- Option `wild4_bluffing` (default off): off, the table refuses an illegal wild
  draw four outright; on, it may be laid and only a challenge catches it.
- The UNO window opens when a seat plays down to one card and closes when the
  unit's next selection starts a turn, when the seat calls UNO, or when it is
  caught.
- Going out with a draw two / wild draw four: the next selected *other* seat
  still takes the cards (if the unit selects the winner, they press their
  button and the unit selects again). Going out with a HAU DRAUF, skip or wild
  ends the round at once (no slap race).
- A timeout always costs 2 cards — also to a player who went out with a draw
  card and waits for the victim, who then is no longer out.
- Stock empty: the discard pile except its top card is shuffled into a new
  stock. If that leaves nothing, draws give what there is (possibly nothing),
  and a player who cannot play and cannot draw may end the turn.
- Variant `layer_chooses`: the layer of a draw two / wild draw four names the
  victim (any other seat), who takes the cards at once (answering a wild draw
  four with challenge or accept first); the layer then presses their button.
"""
from __future__ import annotations

from typing import Any, Iterable

from haudrauf.device import events as uev
from haudrauf.engine.core import GameInfo, GameState, IllegalAction, Option, Result, TurnStarted, players_option
from haudrauf.engine.games.uno_hau_drauf import events as ev
from haudrauf.engine.games.uno_hau_drauf.actions import (
    ACTION_TYPES, Accept, CallUno, CatchUno, Challenge, ChooseColour, Draw, Play, PressButton, PressHauDrauf,
)
from haudrauf.engine.games.uno_hau_drauf.cards import (
    CARD_COUNT, CARDS, COLOUR_OF, COLOURS, DRAW_TWO, HAU_DRAUF, SKIP, SYMBOL_OF, WILD, WILD_FOUR, hand_points,
)
from haudrauf.engine.games.uno_hau_drauf.view import build_table_view

HAND_SIZE = 7
MAX_PLAYERS = 6

# Phases: what the table waits for.
WAIT = "wait"  # the unit is choosing the next seat
TURN = "turn"  # the selected seat may play or draw
DRAWN = "drawn"  # it drew one card: may play only that one, or end the turn
PLAYED = "played"  # it laid a card: press its button (after HAU DRAUF: the big button)
SIT_OUT = "sit out"  # hit by draw two / skip / wild draw four: press the button
CHALLENGE = "challenge"  # the victim of a wild draw four: challenge or accept
COLOUR = "colour"  # a wild start card: the first selected seat names the colour
RACE = "slap race"  # every racer presses its button
PENALTY = "penalty"  # flashing buttons (timeout, slap losers) wait to be pressed
WINNER = "winner selected"  # the unit picked the seat that went out with a draw card
OVER = "over"

PRESS_PHASES = (DRAWN, PLAYED, SIT_OUT, WINNER)
#: Phases in which the seat on turn must act (waiting_for), and may time out.
ON_TURN = frozenset((TURN, DRAWN, *PRESS_PHASES, COLOUR))
CAN_TIME_OUT = ON_TURN | {CHALLENGE}

#: The plays each card allows (a wild: one per colour), made once: building
#: them afresh for every card on every move was the largest cost of the rules.
PLAYS_OF = tuple(tuple(Play(card.id, colour) for colour in (COLOURS if card.is_wild else (None,)))
                 for card in CARDS)
#: The other moves, made once too: the legal lists hand out these very objects,
#: so apply() recognises a move by identity, without comparing fields.
DRAW, PRESS, BIG_PRESS, CHALLENGE_IT, ACCEPT_IT, CALL_UNO = (
    Draw(), PressButton(), PressHauDrauf(), Challenge(), Accept(), CallUno())
NAME_COLOUR = tuple(ChooseColour(c) for c in COLOURS)
CATCH = tuple(CatchUno(seat) for seat in range(MAX_PLAYERS))

INFO = GameInfo(
    id="uno-hau-drauf",
    name="UNO Hau drauf",
    min_players=2,
    max_players=MAX_PLAYERS,
    card_count=CARD_COUNT,
    uses_unit=True,
    summary="UNO without reverse cards: the unit picks who is next, HAU DRAUF starts a slap race.",
    options=(
        players_option(2, MAX_PLAYERS, 4),
        Option("scoring", "standard", "the round's winner scores the cards left in the other hands; or "
               "everyone is charged the cards left in their own hand, and the lowest total wins",
               choices=("standard", "lowest-wins"), label="Scoring",
               value_names=(("standard", "winner scores"), ("lowest-wins", "lowest score wins"))),
        Option("target", 500, "the game ends when a score reaches this", low=1, high=10_000, label="Play to",
               value_format="{} points"),
        Option("layer_chooses", False, "a variant: the player who lays a +2 or a wild +4 picks who draws",
               label="Who draws after +2 / +4",
               value_names=((False, "the next player"), (True, "the player who laid it picks"))),
        Option("wild4_bluffing", False, "refused: a wild +4 only while you hold no card of the colour in play; "
               "allowed: lay it anyway — only a challenge catches it", label="Bluffing with a wild +4", value_names=((False, "refused"), (True, "allowed"))),
    ),
)


class UnoHauDrauf(GameState):
    info = INFO
    action_types = ACTION_TYPES
    seat_button, hau_drauf_button = PRESS, BIG_PRESS

    # --- setup --------------------------------------------------------------

    def setup(self) -> None:
        self.scores = [0] * self.players
        self.round = 0
        self.winners: list[int] | None = None
        self._start_round()

    def _start_round(self) -> list[ev.GameEvent]:
        self.round += 1
        deck = [int(c) for c in self.rng.permutation(CARD_COUNT)]
        self.hands = [[] for _ in range(self.players)]
        for _ in range(HAND_SIZE):
            for hand in self.hands:
                hand.append(deck.pop())
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
        events: list[ev.GameEvent] = []
        while True:
            card = CARDS[self.stock.pop()]
            if card.symbol not in (WILD_FOUR, HAU_DRAUF):
                break
            events.append(ev.StartCardReturned(card=card.id))
            self.stock.append(card.id)
            self.stock = [int(c) for c in self.rng.permutation(self.stock)]
        self.discard.append(card.id)
        self.colour = card.colour
        self.pending = {DRAW_TWO: DRAW_TWO, SKIP: SKIP, WILD: "colour"}.get(card.symbol)
        return [*events, ev.RoundStarted(round=self.round, start_card=card.id)]

    # --- reading the position ----------------------------------------------

    @property
    def top(self):
        return CARDS[self.discard[-1]]

    def matches(self, card_id: int) -> bool:
        colour = COLOUR_OF[card_id]
        if colour is None or colour == self.colour:
            return True
        top = self.discard[-1]
        return COLOUR_OF[top] is not None and SYMBOL_OF[card_id] == SYMBOL_OF[top]

    def wild4_is_legal(self, seat: int, card_id: int) -> bool:
        """A wild draw four is legal only without a card of the current colour."""
        colour = self.colour
        return not any(COLOUR_OF[c] == colour for c in self.hands[seat] if c != card_id)

    def can_draw(self) -> bool:
        return bool(self.stock) or len(self.discard) > 1

    def _plays(self, seat: int, cards: Iterable[int]) -> list[Play]:
        plays: list[Play] = []
        for card_id in cards:
            if not self.matches(card_id):
                continue
            symbol = SYMBOL_OF[card_id]
            if symbol == WILD_FOUR and not self.options["wild4_bluffing"] \
                    and not self.wild4_is_legal(seat, card_id):
                continue
            if self.options["layer_chooses"] and symbol in (DRAW_TWO, WILD_FOUR):
                plays += [Play(play.card, play.colour, target)
                          for play in PLAYS_OF[card_id] for target in range(self.players) if target != seat]
            else:
                plays += PLAYS_OF[card_id]
        return plays

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def result(self) -> Result | None:
        if self.winners is None:
            return None
        return Result(tuple(self.winners), tuple(self.scores), self.outcome(lambda s: f"seat {s + 1}"))

    def outcome(self, name) -> str:
        """Who won, in words (`name`: seat → how to call it; the table passes the players' names)."""
        who = " and ".join(name(s) for s in self.winners)
        return f"{who} won the game with {self.scores[self.winners[0]]} points"

    def cards(self) -> Iterable[int]:
        return self.stock + self.discard + [c for hand in self.hands for c in hand]

    @property
    def current_seats(self) -> tuple[int, ...]:
        """Cached per position, like the legal moves: a driver asks every step."""
        if "current" not in self.cache:
            self.cache["current"] = self._current_seats()
        return self.cache["current"]

    def _current_seats(self) -> tuple[int, ...]:
        if self.uno_exposed is not None:  # anyone may catch (or call)
            candidates = range(self.players)
        else:
            candidates = sorted({self.current, self.victim, *self.must_press} - {None})
        return tuple(s for s in candidates if self.legal_actions(s))

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Cached per position, like current_seats: a driver asks every step."""
        if "waiting" not in self.cache:
            self.cache["waiting"] = self._waiting_for()
        return self.cache["waiting"]

    def _waiting_for(self) -> tuple[int, ...]:
        seats = set(self.must_press)
        if self.current is not None and self.phase in ON_TURN:
            seats.add(self.current)
        if self.victim is not None:
            seats.add(self.victim)
        return tuple(sorted(seats))

    def legal_actions(self, seat: int) -> list:
        key = ("legal", seat)
        if key not in self.cache:
            self.cache[key] = self._legal_actions(seat)
        return list(self.cache[key])

    def _legal_actions(self, seat: int) -> list:
        if self.phase == OVER:
            return []
        acts: list = []
        if seat == self.current:
            if self.phase == TURN:
                acts += self._plays(seat, self.hands[seat])
                if self.can_draw():
                    acts.append(DRAW)
                elif not acts:
                    acts.append(PRESS)  # nothing to play, nothing to draw: pass
            elif self.phase == DRAWN:
                acts += self._plays(seat, [self.drawn])
                acts.append(PRESS)
            elif self.phase in PRESS_PHASES:
                acts.append(PRESS)
                if self.phase == PLAYED and self.slap_armed:
                    acts.append(BIG_PRESS)
            elif self.phase == COLOUR:
                acts += NAME_COLOUR
        if self.phase == CHALLENGE and seat == self.victim:
            acts += [CHALLENGE_IT, ACCEPT_IT]
        if self.phase in (RACE, PENALTY) and seat in self.must_press:
            acts.append(PRESS)
        if self.uno_exposed is not None:
            acts.append(CALL_UNO if seat == self.uno_exposed else CATCH[self.uno_exposed])
        return acts

    def card_move(self, seat: int, card: int):
        return Play(card)  # a card in the hand is there to be laid

    def why_illegal(self, seat: int, action) -> str:
        hand = self.hands[seat]
        if isinstance(action, Play):
            if action.card not in hand:
                return f"you do not hold that card ({CARDS[action.card].name})" if 0 <= action.card < CARD_COUNT \
                    else "there is no such card"
            if self.phase == DRAWN and action.card != self.drawn:
                return f"after drawing you may play only the card you drew ({CARDS[self.drawn].name})"
            if self.phase not in (TURN, DRAWN):
                return f"you cannot lay a card now ({self._phase_text()})"
            card = CARDS[action.card]
            if not self.matches(action.card):
                colour = "" if self.colour == self.top.colour else f" (the colour in play is {self.colour})"
                return f"{card.a_name} does not match {self.top.a_name}{colour}"
            if card.symbol == WILD_FOUR and not self.wild4_is_legal(seat, action.card):
                return f"a wild +4 may be laid only when you hold no {self.colour} card — you hold one"
            if card.is_wild and action.colour not in COLOURS:
                return f"name a colour with the wild card: {', '.join(COLOURS)}"
            if not card.is_wild and action.colour is not None:
                return "only a wild card names a colour"
            if self.options["layer_chooses"] and card.symbol in (DRAW_TWO, WILD_FOUR):
                return "choose who draws: another player in this game"
            return "no victim to choose: the unit decides who draws"
        if isinstance(action, Draw):
            if self.phase == DRAWN:
                return "you have drawn already: play that card or press your button"
            if self.phase == TURN and not self.can_draw():
                return "the stock and the discard pile are empty: press your button to pass"
            return f"you cannot draw now ({self._phase_text()})"
        if isinstance(action, PressButton):
            if seat == self.current and self.phase == TURN:
                return "play a card or draw one before you press your button"
            if seat == self.current and self.phase in (CHALLENGE, COLOUR):
                return "answer first: " + self._phase_text()
            return f"your button is not needed now ({self._phase_text()})"
        if isinstance(action, PressHauDrauf):
            return "HAU DRAUF only right after you laid a HAU DRAUF card"
        if isinstance(action, (Challenge, Accept)):
            return "there is no wild +4 for you to answer"
        if isinstance(action, ChooseColour):
            return "there is no colour to name now"
        if isinstance(action, CallUno):
            return "UNO is called when you are down to one card after playing"
        return "there is nobody to catch: they called UNO, or the next turn has begun"  # CatchUno

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

    def not_your_turn(self, seat: int) -> str:
        if self.phase == WAIT:
            return "wait for the unit to pick the next player"
        if self.current is not None:
            return f"not your turn: seat {self.current + 1} is playing"
        return super().not_your_turn(seat)

    def _phase_text(self) -> str:
        return {
            WAIT: "the unit is picking the next player",
            TURN: "it is a player's turn",
            DRAWN: "a drawn card may be played",
            PLAYED: "a card was laid: the player presses their button",
            SIT_OUT: "the player sits out and presses their button",
            CHALLENGE: "challenge or accept the wild +4",
            COLOUR: "name the colour of the start card",
            RACE: "slap race",
            PENALTY: "flashing buttons wait to be pressed",
            WINNER: "the winner presses so the unit picks who draws",
            OVER: "the game is over",
        }[self.phase]

    # --- moves --------------------------------------------------------------

    def _apply(self, seat: int, action) -> list[ev.GameEvent]:
        if isinstance(action, (PressButton, PressHauDrauf)):  # every other move: allowed; the unit's events follow
            return []
        if isinstance(action, Play):
            return self._play(seat, action)
        if isinstance(action, Draw):
            card, events = self._draw_cards(1)
            self.hands[seat] += card
            self._unexpose_if_holding_more(seat)
            self.drawn, self.phase = card[0], DRAWN
            return [*events, ev.DrewCard(seat=seat)]
        if isinstance(action, ChooseColour):
            self.colour, self.pending, self.phase = action.colour, None, TURN
            return [ev.ColourChosen(seat=seat, colour=action.colour)]
        if isinstance(action, Challenge):
            return self._answer_wild4(seat, challenge=True)
        if isinstance(action, Accept):
            return self._answer_wild4(seat, challenge=False)
        if isinstance(action, CallUno):
            self.uno_exposed = None
            return [ev.UnoCalled(seat=seat)]
        self.uno_exposed = None  # CatchUno
        return [ev.UnoCaught(catcher=seat, target=action.target), *self._take(action.target, 2, "uno")]

    def _play(self, seat: int, action: Play) -> list[ev.GameEvent]:
        card = CARDS[action.card]
        hand = self.hands[seat]
        guilty = card.symbol == WILD_FOUR and not self.wild4_is_legal(seat, card.id)
        hand.remove(card.id)
        self.discard.append(card.id)
        self.colour = action.colour if card.is_wild else card.colour
        self.drawn, self.phase = None, PLAYED
        events: list[ev.GameEvent] = [ev.CardPlayed(seat=seat, card=card.id, colour=self.colour)]
        if len(hand) == 1:
            self.uno_exposed = seat
        if action.target is not None:  # variant: the layer chose the victim
            self.layer, self.wild4_guilty = seat, guilty
            if card.symbol == DRAW_TWO:
                events += self._take(action.target, 2, "draw two")
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

    def _answer_wild4(self, seat: int, challenge: bool) -> list[ev.GameEvent]:
        layer, variant = self.layer, self.phase == CHALLENGE and self.current != seat
        self.victim = None
        if not challenge:
            events = self._take(seat, 4, "wild draw four")
            sits_out = True
        elif self.wild4_guilty:
            events = [ev.ChallengeDecided(challenger=seat, challenged=layer, guilty=True),
                      *self._take(layer, 4, "challenge")]
            sits_out = False
        else:
            events = [ev.ChallengeDecided(challenger=seat, challenged=layer, guilty=False),
                      *self._take(seat, 6, "challenge")]
            sits_out = True
        if variant:
            self.phase = PLAYED
        elif sits_out:
            self.phase = SIT_OUT
            events.append(ev.SitsOut(seat=seat, why="wild draw four"))
        else:
            self.phase = TURN
        return events + self._round_end_if_out()

    # --- cards moving -------------------------------------------------------

    def _draw_cards(self, n: int) -> tuple[list[int], list[ev.GameEvent]]:
        """Up to n cards from the stock, reshuffling the discard pile (all but its
        top card) into a new stock whenever the stock runs out."""
        events: list[ev.GameEvent] = []
        cards: list[int] = []
        while len(cards) < n:
            if not self.stock:
                if len(self.discard) <= 1:
                    break
                rest, self.discard = self.discard[:-1], self.discard[-1:]
                self.stock = [int(c) for c in self.rng.permutation(rest)]
                events.append(ev.StockReshuffled(count=len(rest)))
            cards.append(self.stock.pop())
        return cards, events

    def _take(self, seat: int, n: int, cause: str) -> list[ev.GameEvent]:
        cards, events = self._draw_cards(n)
        self.hands[seat] += cards
        self._unexpose_if_holding_more(seat)
        if self.out == seat and cards:
            self.out = None
        return [*events, ev.CardsDrawn(seat=seat, count=len(cards), cause=cause)]

    def _unexpose_if_holding_more(self, seat: int) -> None:
        if self.uno_exposed == seat and len(self.hands[seat]) > 1:
            self.uno_exposed = None

    # --- the unit's events --------------------------------------------------

    def _feed(self, event: uev.UnitEvent) -> list[ev.GameEvent]:
        return self.HANDLERS[type(event)](self, event)

    def _expect(self, ok: bool, event: uev.UnitEvent) -> None:
        if not ok:
            raise IllegalAction(f"the unit's {type(event).__name__} does not fit the game now "
                                f"({self._phase_text()})")

    def _on_selected(self, event: uev.PlayerSelected) -> list[ev.GameEvent]:
        self._expect(self.phase == WAIT, event)
        seat = event.seat
        self.uno_exposed = None  # the next player starts: too late to catch
        self.current = seat
        events: list[ev.GameEvent] = [TurnStarted(seat=seat)]
        if self.out == seat:
            self.phase = WINNER
            return events + [ev.WinnerSelected(seat=seat)]
        pending, self.pending = self.pending, None
        if pending == DRAW_TWO:
            self.phase = SIT_OUT
            events += [*self._take(seat, 2, "draw two"), ev.SitsOut(seat=seat, why="draw two")]
        elif pending == SKIP:
            self.phase = SIT_OUT
            events.append(ev.SitsOut(seat=seat, why="skip"))
        elif pending == WILD_FOUR and seat == self.layer:
            self.phase = SIT_OUT
            events += [*self._take(seat, 4, "wild draw four"), ev.SitsOut(seat=seat, why="wild draw four")]
        elif pending == WILD_FOUR:
            self.phase, self.victim = CHALLENGE, seat
        elif pending == "colour":
            self.phase = COLOUR
        else:
            self.phase = TURN
        return events + self._round_end_if_out()

    def _round_end_if_out(self) -> list[ev.GameEvent]:
        """A seat that went out with a draw card wins once the victim has drawn."""
        if self.out is not None and self.phase != CHALLENGE and self.pending is None:
            return self._end_round(self.out)
        return []

    def _on_turn_ended(self, event: uev.TurnEnded) -> list[ev.GameEvent]:
        self._expect(event.seat == self.current and self.seat_button in self.legal_actions(event.seat), event)
        events: list[ev.GameEvent] = []
        if self.phase == PLAYED and self.slap_armed:
            events.append(ev.SlapCancelled(seat=event.seat))
        self.slap_armed = False
        self.phase, self.current, self.drawn = WAIT, None, None
        return events

    def _on_timeout(self, event: uev.TurnTimedOut) -> list[ev.GameEvent]:
        seat = event.seat
        self._expect(seat == self.current and self.phase in CAN_TIME_OUT, event)
        events: list[ev.GameEvent] = []
        if self.phase == CHALLENGE:  # no answer in time: the victim takes the four
            events += self._take(self.victim, 4, "wild draw four")
            self.victim = None
        if self.phase == COLOUR:  # the next selected seat names the colour instead
            self.pending = "colour"
        if self.slap_armed:
            events.append(ev.SlapCancelled(seat=seat))
            self.slap_armed = False
        events += self._take(seat, 2, "timeout")
        self.phase, self.must_press, self.drawn = PENALTY, [seat], None
        return events + self._round_end_if_out()

    def _on_slap_started(self, event: uev.SlapStarted) -> list[ev.GameEvent]:
        self._expect(self.phase == PLAYED and self.slap_armed and event.slapper == self.current
                     and len(event.racers) >= 2, event)
        self.slap_armed = False
        self.phase, self.must_press = RACE, list(event.racers)
        return []

    def _on_flashing_pressed(self, event) -> list[ev.GameEvent]:
        phase = RACE if isinstance(event, uev.SlapPressed) else PENALTY
        self._expect(self.phase == phase and event.seat in self.must_press, event)
        self.must_press.remove(event.seat)
        if self.phase == PENALTY and not self.must_press:
            self.phase, self.current = WAIT, None
        return []

    def _on_slap_result(self, event: uev.SlapResult) -> list[ev.GameEvent]:
        self._expect(self.phase == RACE and self._losers_fit(event), event)
        events: list[ev.GameEvent] = []
        for loser in event.losers:
            events += self._take(loser, 2, "slap")
        self.phase, self.must_press = PENALTY, list(event.losers)
        return events

    def _losers_fit(self, event: uev.SlapResult) -> bool:
        """The window closed: the losers are exactly the racers yet to press;
        everyone pressed: one loser, the last."""
        if event.window_expired:
            return bool(self.must_press) and set(event.losers) == set(self.must_press)
        return not self.must_press and len(event.losers) == 1

    #: The unit's event types this game consumes (the table feeds only these) and their handlers.
    HANDLERS = {
        uev.PlayerSelected: _on_selected,
        uev.TurnEnded: _on_turn_ended,
        uev.TurnTimedOut: _on_timeout,
        uev.SlapStarted: _on_slap_started,
        uev.SlapPressed: _on_flashing_pressed,
        uev.SlapResult: _on_slap_result,
        uev.PenaltyAcknowledged: _on_flashing_pressed,
    }
    unit_events = tuple(HANDLERS)

    # --- round and game end ---------------------------------------------------

    def _end_round(self, winner: int) -> list[ev.GameEvent]:
        left = [hand_points(h) for h in self.hands]
        if self.options["scoring"] == "standard":
            points = sum(left)
            self.scores[winner] += points
            done = self.scores[winner] >= self.options["target"]
            winners = [winner]
        else:
            points = sum(left)
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
        return {
            "seat": seat,
            "hand": list(self.hands[seat]),
            "counts": [len(h) for h in self.hands],
            "top": self.discard[-1],
            "colour": self.colour,
            "stock": len(self.stock),
            "discard": len(self.discard),
            "phase": self.phase,
            "current": self.current,
            "pending": self.pending,
            "victim": self.victim,
            "drawn": self.drawn if seat == self.current else None,
            "must_press": list(self.must_press),
            "uno_exposed": self.uno_exposed,
            "scores": list(self.scores),
            "round": self.round,
            "bluffing": self.options["wild4_bluffing"],
        }

    def table_view(self, viewer: int | None, names: list[str]):
        return build_table_view(self, viewer, names)
