"""The rules of Skip-Bo (see the package docstring for the choices made)."""
from __future__ import annotations

from typing import Any

from haudrauf.device import events as uev
from haudrauf.words import Message, msg, nmsg
from haudrauf.engine.core import (
    GameEvent, GameInfo, Option, OptionError, Result, SpeedGame, StarterChosen, TableView, TurnStarted,
    players_option,
)
from haudrauf.engine.core.cards import deal, draw, shuffled
from haudrauf.engine.games.skip_bo import cards as c, events as ev, refusals, view
from haudrauf.engine.games.skip_bo.actions import ACTION_TYPES, BUILDS, DISCARDS, END_TURN, Build, Discard, EndTurn

MAX_PLAYERS = 6
#: Cards in each stock pile, by the number of players (a short game: SHORT_STOCK_SIZE).
STOCK_SIZES = {2: 30, 3: 30, 4: 30, 5: 20, 6: 20}
SHORT_STOCK_SIZE = 10
#: A game's winner scores this, and so much per card left in the other stock piles.
WIN_POINTS, POINTS_PER_STOCK_CARD = 25, 5
#: Drawn games in a row that end a match (with the scores as they are): a
#: match must end even when every game locks up with a tie.
DRAWS_END_MATCH = 3
FIRST_PLAYER = ("left-of-dealer",) + tuple(str(n) for n in range(1, MAX_PLAYERS + 1))

OPTIONS = (
    players_option(2, MAX_PLAYERS, 4),
    Option("short_game", False, msg("10 cards in every stock pile (else 30, or 20 with 5–6 players)"),
           label=msg("Short game")),
    Option("target", 0, msg("one game, or a match: a new game is dealt after each until a score reaches this "
                            "(the rules say 500)"), low=0, high=10_000, label=msg("Play to"),
           value_names=((0, msg("one game")),), value_format=msg("{value} points")),
    Option("partners", False, msg("alternate seats form two teams (4 or 6 players)"), label=msg("Partners")),
    Option("first_player", "left-of-dealer",
           msg("left of the dealer (seat 1, then one seat further each game), or the seat of the youngest "
               "player, who then starts every game"), choices=FIRST_PLAYER, label=msg("Who starts"),
           value_names=(("left-of-dealer", msg("left of the dealer")),), value_format=msg("Seat {value}")),
    Option("stalemate", "fewest-stock",
           msg("a whole round without a card moving: the fewest stock cards left win and score as usual "
               "(a tie is a draw), or it is a draw with no points; 3 draws in a row end a match"),
           choices=("fewest-stock", "no-points"), label=msg("When play locks up"),
           value_names=(("fewest-stock", msg("fewest stock wins")), ("no-points", msg("a draw, no points")))),
)


INFO = GameInfo(
    id="skip-bo", name=msg("Skip-Bo"), min_players=2, max_players=MAX_PLAYERS, options=OPTIONS,
    card_count=c.CARD_COUNT,
    summary="Build 1 to 12 on shared piles; the first to play out the stock pile wins.",
)


class SkipBo(SpeedGame):
    info = INFO
    action_types = ACTION_TYPES
    takes_the_spin = True

    # --- setup and dealing ----------------------------------------------------

    def setup(self) -> None:
        self._check_options()
        self.scores = [0] * self.players  # match points per seat (partners share theirs)
        self.history: list[dict[str, Any]] = []  # one summary per finished game
        self.game = 0
        self.over = False
        self.winners: list[int] = []
        self._deal()

    def _check_options(self) -> None:
        if self.options["partners"] and self.players not in (4, 6):
            raise OptionError(f"partners needs 4 or 6 players, not {self.players}")
        first = self.options["first_player"]
        if first != "left-of-dealer" and int(first) > self.players:
            raise OptionError(f"first_player {first} is not a seat of a {self.players}-player game")

    @property
    def stock_size(self) -> int:
        return SHORT_STOCK_SIZE if self.options["short_game"] else STOCK_SIZES[self.players]

    def _deal(self) -> list[GameEvent]:
        """A fresh game of the match: shuffle all 162 cards, deal the stocks, start the first turn."""
        self.game += 1
        size = self.stock_size
        self.stocks, self.draw = deal(shuffled(c.CARD_COUNT, self.rng), self.players, size)  # tops = last
        self.set_aside: list[int] = []  # completed building piles
        self.building: list[list[int]] = [[] for _ in range(c.BUILDING_PILES)]
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.discards = [[[] for _ in range(c.DISCARD_PILES)] for _ in range(self.players)]
        self.moved = False  # the unit may pick the starter until the first move
        self.choosing = False  # the unit's spin is picking the starter: nobody is on turn, no hand drawn
        self.quiet_turns = 0  # turns in a row that ended without any card moving
        starter = self._starter()
        return [ev.GameDealt(self.game, size, starter)] + self._start_turn(starter)

    def _starter(self) -> int:
        first = self.options["first_player"]
        if first == "left-of-dealer":
            return (self.game - 1) % self.players  # the dealer is the last seat, then moves left
        return int(first) - 1

    # --- teams ------------------------------------------------------------------

    def team(self, seat: int) -> list[int]:
        """The seat and its partners (alternate seats form a team)."""
        if not self.options["partners"]:
            return [seat]
        return list(range(seat % 2, self.players, 2))

    # --- the contract -----------------------------------------------------------

    @property
    def current_seats(self) -> tuple[int, ...]:
        return () if self.over or self.choosing else (self.turn,)

    @property
    def waiting_on_unit(self) -> bool:
        return self.choosing

    def not_your_turn(self, seat: int) -> Message:
        return refusals.not_your_turn(self) or super().not_your_turn(seat)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def result(self) -> Result | None:
        if not self.over:
            return None
        return Result(tuple(self.winners), tuple(self.scores), str(self.outcome(lambda s: f"seat {s + 1}")))

    def sources(self, seat: int) -> list[int]:
        """The cards `seat` may build with: its hand, and its team's stock tops and discard tops."""
        found = list(self.hands[seat])
        for mate in self.team(seat):
            if self.stocks[mate]:
                found.append(self.stocks[mate][-1])
            found.extend(pile[-1] for pile in self.discards[mate] if pile)
        return found

    def locate(self, seat: int, card: int) -> tuple[str, int, list[int]] | None:
        """(source, owner, the list holding it) for a card `seat` may build with, else None."""
        if card in self.hands[seat]:
            return "hand", seat, self.hands[seat]
        for mate in self.team(seat):
            if self.stocks[mate] and self.stocks[mate][-1] == card:
                return "stock", mate, self.stocks[mate]
            for pile in self.discards[mate]:
                if pile and pile[-1] == card:
                    return "discard", mate, pile
        return None

    def legal_actions(self, seat: int) -> list:
        if seat not in self.current_seats:
            return []
        needs = [len(pile) + 1 for pile in self.building]  # an empty pile needs a 1
        actions: list = []
        for card in self.sources(seat):
            value = c.VALUES[card]
            if value == c.WILD:
                actions.extend(BUILDS[card])
            elif value in needs:
                actions.extend(BUILDS[card][p] for p, need in enumerate(needs) if need == value)
        hand = self.hands[seat]
        for card in hand:
            actions.extend(DISCARDS[card])
        if not hand:
            actions.append(END_TURN)
        return actions

    # --- moves --------------------------------------------------------------------

    def _apply(self, seat: int, action) -> list[GameEvent]:
        self.moved = True
        return self._HANDLERS[type(action)](self, seat, action)

    def _on_build(self, seat: int, action: Build) -> list[GameEvent]:
        card, p = action.card, action.pile
        source, owner, zone = self.locate(seat, card)
        zone.remove(card)
        self.card_moved = True
        pile = self.building[p]
        pile.append(card)
        events: list[GameEvent] = [ev.Built(seat, card, source, owner, p, len(pile))]
        if source == "stock" and self.stocks[owner]:
            events.append(ev.StockRevealed(owner, self.stocks[owner][-1]))
        if len(pile) == c.TOP:
            self.set_aside.extend(pile)
            self.building[p] = []
            events.append(ev.PileCompleted(p))
        if source == "stock" and not any(self.stocks[mate] for mate in self.team(owner)):
            return events + self._game_won(self.team(owner))
        if not self.hands[seat]:
            events += self._draw_up(seat, emptied=True)
        return events

    def _on_discard(self, seat: int, action: Discard) -> list[GameEvent]:
        self._put_on_discard_pile(seat, action.card, action.pile)
        return [ev.Discarded(seat, action.card, action.pile)] + self._next_turn()

    def _on_end_turn(self, seat: int, action: EndTurn) -> list[GameEvent]:
        return [ev.TurnPassed(seat)] + self._pass_turn()

    _HANDLERS = {Build: _on_build, Discard: _on_discard, EndTurn: _on_end_turn}

    def _put_on_discard_pile(self, seat: int, card: int, p: int) -> None:
        self.hands[seat].remove(card)
        self.discards[seat][p].append(card)
        self.quiet_turns = 0

    def _pass_turn(self) -> list[GameEvent]:
        """End a turn without a discard (the hand is empty). When a whole round
        of turns went by without a card moving, nothing ever will: play has locked up."""
        self.quiet_turns = 0 if self.card_moved else self.quiet_turns + 1
        if self.quiet_turns == self.players:
            return self._locked_up()
        return self._next_turn()

    def _next_turn(self) -> list[GameEvent]:
        return self._start_turn((self.turn + 1) % self.players)

    def _start_turn(self, seat: int) -> list[GameEvent]:
        self.turn = seat
        self.card_moved = False  # by this player, this turn
        return [TurnStarted(seat)] + self._draw_up(seat, emptied=False)

    def _draw_up(self, seat: int, emptied: bool) -> list[GameEvent]:
        """Fill the hand to 5 from the draw pile, renewing it from the completed
        piles when it runs out; with both empty the player gets what there is."""
        hand = self.hands[seat]
        cards, renewed = draw(self.draw, self.set_aside, c.HAND_SIZE - len(hand), self.rng, keep_top=False)
        hand += cards
        events: list[GameEvent] = [ev.DrawPileRenewed(renewed)] if renewed else []
        if cards or len(hand) < c.HAND_SIZE:
            events.append(ev.Drew(seat, len(cards), short=len(hand) < c.HAND_SIZE, emptied=emptied))
        return events

    # --- the end of a game ----------------------------------------------------------

    def _game_won(self, winners: list[int], locked: bool = False) -> list[GameEvent]:
        stock_left = sum(len(self.stocks[s]) for s in range(self.players) if s not in winners)
        points = WIN_POINTS + POINTS_PER_STOCK_CARD * stock_left
        for s in winners:
            self.scores[s] += points
        self._record_game(winners, points)
        won = ev.SingleGameWon if self.options["target"] == 0 else ev.GameWon
        event = won(self.game, tuple(winners), points, stock_left, tuple(self.scores), locked)
        return [event] + self._after_game(winners)

    def _locked_up(self) -> list[GameEvent]:
        """A whole round went by without a card moving (option stalemate)."""
        winners = self._fewest_stock() if self.options["stalemate"] == "fewest-stock" else []
        return self._game_won(winners, locked=True) if winners else self._game_drawn()

    def _fewest_stock(self) -> list[int]:
        """The player (or team) with the fewest stock cards left; none on a tie."""
        teams = {tuple(self.team(s)) for s in range(self.players)}
        left = {team: sum(len(self.stocks[s]) for s in team) for team in teams}
        leaders = [team for team, count in left.items() if count == min(left.values())]
        return list(leaders[0]) if len(leaders) == 1 else []

    def _game_drawn(self) -> list[GameEvent]:
        self._record_game([], 0)
        drawn = ev.SingleGameDrawn if self.options["target"] == 0 else ev.GameDrawn
        return [drawn(self.game, tuple(self.scores))] + self._after_game([])

    def _record_game(self, winners: list[int], points: int) -> None:
        """One line of the match history, for the results screen."""
        self.history.append({"game": self.game, "winners": winners, "points": points,
                             "stocks": [len(stock) for stock in self.stocks]})

    def _after_game(self, winners: list[int]) -> list[GameEvent]:
        """End the match, or deal the next game of it."""
        target = self.options["target"]
        if target == 0 or any(self.scores[s] >= target for s in winners):
            self.over = True
            self.winners = winners
            return [ev.MatchWon(tuple(winners), tuple(self.scores))] if target and winners else []
        if self._draws_in_a_row() == DRAWS_END_MATCH:
            return self._match_stopped()
        return self._deal()

    def _draws_in_a_row(self) -> int:
        """Drawn games at the end of the match history."""
        count = 0
        for game in reversed(self.history):
            if game["winners"]:
                break
            count += 1
        return count

    def _match_stopped(self) -> list[GameEvent]:
        """Drawn game after drawn game: the leaders win the match (none if nobody scored)."""
        best = max(self.scores)
        self.over = True
        self.winners = [s for s in range(self.players) if self.scores[s] == best] if best else []
        return [ev.MatchStopped(DRAWS_END_MATCH, tuple(self.winners), tuple(self.scores))]

    def outcome(self, name) -> Message:
        """Who won, in words (`name`: seat → how to call it; the table passes the players' names)."""
        names = ev.together(name, self.winners)
        if self.options["target"] and self._draws_in_a_row() == DRAWS_END_MATCH:
            if not self.winners:
                return nmsg("The match ended after {n} drawn game in a row: nobody had scored",
                            "The match ended after {n} drawn games in a row: nobody had scored", DRAWS_END_MATCH)
            return nmsg("The match ended after {n} drawn game in a row: {seats} led with {points} points",
                        "The match ended after {n} drawn games in a row: {seats} led with {points} points",
                        DRAWS_END_MATCH, seats=names, points=self.scores[self.winners[0]])
        if not self.winners:
            return msg("drawn: a whole round went by without a card moving")
        if self.options["target"] == 0:
            last = self.history[-1]
            if self._locked(last):
                return nmsg("{seats} had the fewest stock cards left: {points} points",
                            "{seats} had the fewest stock cards left: {points} points", len(self.winners),
                            seats=names, points=last["points"])
            return nmsg("{seats} played out the stock first: {points} points",
                        "{seats} played out the stock first: {points} points", len(self.winners),
                        seats=names, points=last["points"])
        return nmsg("{seats} reached {points} points after {n} game", "{seats} reached {points} points after {n} games",
                    self.game, seats=names, points=self.scores[self.winners[0]])

    @staticmethod
    def _locked(game: dict[str, Any]) -> bool:
        """Was this game of the history won at a stalemate (the winners still had stock cards)?"""
        return any(game["stocks"][s] for s in game["winners"])

    # --- clicks and refusals ----------------------------------------------------------

    def card_move(self, seat: int, card: int):
        return Build(card, 0)  # a card is clicked to build with it: the first pile says what it needs

    def pile_move(self, seat: int, card: int, pile: str):
        """A building pile means building on it, a discard pile of the seat on
        turn discarding there (the keys the picture gives them)."""
        for prefix, move in (("build", Build), (f"s{self.turn}.discard", Discard)):
            if pile.startswith(prefix) and pile.removeprefix(prefix).isdigit():
                return move(card, int(pile.removeprefix(prefix)))
        return None

    why_illegal = refusals.why_illegal

    # --- the unit ------------------------------------------------------------------------

    unit_events = (uev.SpinStarted, *SpeedGame.unit_events)

    @property
    def before_first_move(self) -> bool:
        return not self.moved

    def on_timeout(self, seat: int) -> list[GameEvent]:
        """The turn ends: the highest numbered hand card (a Skip-Bo only when the
        hand holds nothing else) goes onto the first empty discard pile, else pile 1."""
        self.moved = True
        hand = self.hands[seat]
        if not hand:
            return [ev.TimedOut(seat, None, None)] + self._pass_turn()
        card = max(hand, key=lambda card: c.VALUES[card])
        p = next((i for i, pile in enumerate(self.discards[seat]) if not pile), 0)
        self._put_on_discard_pile(seat, card, p)
        return [ev.TimedOut(seat, card, p, count=1)] + self._next_turn()

    def on_spin(self) -> list[GameEvent]:
        """The unit spins for the starter: the dealt starter's hand goes back on
        top of the draw pile as it lay, so whoever the unit picks draws it
        (a game resumed during the spin spins again)."""
        if not self.choosing:
            self.draw.extend(reversed(self.hands[self.turn]))
            self.hands[self.turn] = []
            self.choosing = True
        return []

    def on_starter(self, seat: int) -> list[GameEvent]:
        """After the spin the picked seat just starts; without one it replaces the dealt starter."""
        return self._start_with(seat) if self.choosing else self._restart_with(seat)

    def _start_with(self, seat: int) -> list[GameEvent]:
        self.choosing = False
        return [StarterChosen(seat)] + self._start_turn(seat)

    def _restart_with(self, seat: int) -> list[GameEvent]:
        """The unit's pick starts instead: the first player's hand goes back into
        the draw pile, which is shuffled, and the picked seat draws."""
        self.draw.extend(self.hands[self.turn])
        self.hands[self.turn] = []
        self.draw = shuffled(self.draw, self.rng)
        return [StarterChosen(seat)] + self._start_turn(seat)

    # --- what players see ---------------------------------------------------------------

    def cards(self) -> list[int]:
        found = self.draw + self.set_aside
        for pile in self.building:
            found += pile
        for seat in range(self.players):
            found += self.hands[seat] + self.stocks[seat]
            for pile in self.discards[seat]:
                found += pile
        return found

    def view(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "players": self.players,
            "turn": self.current_seats[0] if self.current_seats else None,
            "team": self.team(seat),
            "hand": [_card(card) for card in self.hands[seat]],
            "hand_counts": [len(hand) for hand in self.hands],
            "stocks": [{"count": len(stock), "top": _card(stock[-1]) if stock else None} for stock in self.stocks],
            "discards": [[[_card(card) for card in pile] for pile in piles] for piles in self.discards],
            "building": [{"count": len(pile), "needs": len(pile) + 1} for pile in self.building],
            "draw_count": len(self.draw),
            "set_aside_count": len(self.set_aside),
            "game": self.game,
            "target": self.options["target"],
            "scores": list(self.scores),
            "history": [dict(h) for h in self.history],
            "over": self.over,
        }

    def table_view(self, viewer: int | None, names: list[str]) -> TableView:
        return view.table_view(self, viewer, names)


def _card(card: int) -> dict[str, Any]:
    return {"id": card, "value": c.VALUES[card], "face": c.FACES[card]}
