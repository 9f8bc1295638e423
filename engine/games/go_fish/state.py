"""Go Fish ("Hopp i havet"), the variant that ends at once.

The rules are the digest `go-fish.md` (after Pagat's basic Go Fish):

- 2–6 players, 52 cards; 7 each for two players, 5 each for three to six. The
  rest is the stock ("the sea"); its top is the last element of `stock`.
  A book (all four of a rank) is laid down at once — also one dealt complete.
- On your turn you ask one opponent for a rank you hold in your hand; they hand
  over all of it and you ask again. "Go fish!": you draw; the rank you asked for
  is shown and you ask again, any other rank ends your turn, which passes left
  (seat + 1). A drawn card that completes another book is laid down all the
  same, but gives no extra ask.
- The game ends immediately when a hand is empty or the last card is drawn
  (a book completed by that move is laid down first). Most books wins; ties
  share the win (`Result.winners` holds every tied seat).

Options:

- `players` (2–6, default 4).
- `dealer` (0–6, default 0): the dealer's seat number, counted from 1; 0 means
  the last seat, so seat 1 (index 0) starts. The player left of the dealer
  starts. A dealer beyond the number of players is refused.

Our choices, where the rules leave the table to decide:

- Unit events: `TurnTimedOut` for the seat whose turn it is passes the turn
  left with no draw (also in the middle of a run of asks); the player keeps
  what they won so far. `PlayerSelected` before the first ask or timeout makes
  that seat start instead of the player left of the dealer. Any other unit
  event, or one at the wrong moment, is refused.
- Books are shown face up on the table view: they were shown to everybody when
  laid down, and the rank of each book is public.
- The public history (`view()["history"]`) is every event of the game as plain
  data; a card drawn without being shown appears there as `card: None`.
"""
from __future__ import annotations

from typing import Any

from haudrauf.words import msg
from haudrauf.engine.core import (
    GameEvent, GameInfo, Option, OptionError, Result, SpeedGame, TableView, players_option,
)
from haudrauf.engine.core.cards import deal, shuffled
from haudrauf.engine.games.go_fish import refusals, view
from haudrauf.engine.games.go_fish.actions import Ask, asks_lacking
from haudrauf.engine.games.go_fish.cards import (
    BOOK_OF, CARD_COUNT, MAX_PLAYERS, RANK_OF, RANKS, SUITS, book_cards, other_ranks,
    ranks_lacking, seat_called, standing,
)
from haudrauf.engine.games.go_fish.events import (
    GameOver, asked, book_laid_down, drew, plain_form, recorded, timed_out, turn_started,
)

#: Cards dealt to each hand: 7 when two play, else 5.
HAND_SIZE, TWO_PLAYER_HAND_SIZE = 5, 7

INFO = GameInfo(
    id="go-fish",
    name=msg("Go Fish"),
    min_players=2,
    max_players=MAX_PLAYERS,
    options=(
        players_option(2, MAX_PLAYERS, 4),
        Option("dealer", 0, msg("the player to the dealer's left starts (the last seat deals: seat 1 starts)"),
               low=0, high=MAX_PLAYERS, label=msg("Dealer"), value_names=((0, msg("last seat")),),
               value_format=msg("Seat {value}")),
    ),
    card_count=CARD_COUNT,
    summary="Ask for ranks, go fish in the sea, collect books of four. Ends as soon as a hand or the sea is empty.",
)


class GoFish(SpeedGame):
    info = INFO
    action_types = (Ask,)
    #: A plain attribute where the base class has a property: every driver reads
    #: it before every move, and reading a property is a Python call.
    is_over = False

    def setup(self) -> None:
        if self.options["dealer"] > self.players:
            raise OptionError(f"option 'dealer' must be a seat from 1 to {self.players} (or 0), "
                              f"got {self.options['dealer']}")
        self._deal(shuffled(CARD_COUNT, self.rng))

    def _deal(self, deck: list[int]) -> None:
        """Deal `deck` (its first cards to the hands, seat by seat; its last card
        is the top of the sea) and lay down books dealt complete."""
        players = self.players
        self.hands, self.stock = deal(deck, players, TWO_PLAYER_HAND_SIZE if players == 2 else HAND_SIZE)
        self.books: list[list[str]] = [[] for _ in range(players)]
        self.history: list[dict[str, Any]] = []
        self.moves = 0  # asks and timeouts so far
        self.is_over = False
        self.turn = (self.options["dealer"] or players) % players
        dealt_books = []
        for seat, hand in enumerate(self.hands):
            held = other_ranks(ranks_lacking(hand))
            if len(held) <= len(hand) - len(SUITS) + 1:  # else no four cards share a rank
                for index in held:
                    book = self._book_laid(seat, RANKS[index])
                    if book:
                        dealt_books.append(book)
        self._record(dealt_books)

    # --- whose turn, what is legal -------------------------------------------

    @property
    def current_seats(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: int) -> list:
        """The asks for the ranks in hand: a list kept per (table, seat, ranks the hand lacks), read in C."""
        if self.is_over or seat != self.turn:
            return []
        return asks_lacking(len(self.hands), seat, ranks_lacking(self.hands[seat])).copy()

    why_illegal = refusals.why_illegal

    # --- moves ----------------------------------------------------------------

    def _apply(self, seat: int, action: Ask) -> list[GameEvent]:
        """An ask (Go Fish's only move): the target hands over every card of the
        rank and the seat asks again; or "go fish!": the seat draws the top of the
        sea, and only the rank asked for is shown and earns another ask (unless
        the game ends). A book the move completes is laid down at once."""
        self.moves += 1
        target, rank, hands = action.target, action.rank, self.hands
        book, hand = BOOK_OF[rank], hands[seat]
        if book.isdisjoint(hands[target]):
            card = self.stock.pop()
            hand.append(card)
            drawn = RANK_OF[card]
            laid = self._book_laid(seat, drawn)
            asks_again = drawn == rank
            events = [asked(seat, target, rank, 0),
                      drew(seat, card, not self._ends()) if asks_again else drew(seat, None, False)]
        else:
            given = [c for c in hands[target] if c in book]
            for card in given:
                hands[target].remove(card)
            hand += given
            laid = self._book_laid(seat, rank)
            asks_again = True
            events = [asked(seat, target, rank, len(given))]
        if laid:
            events.append(laid)
        if self._ends():
            self.is_over = True
            events.append(recorded(GameOver(self._empty_hand(), tuple(len(b) for b in self.books))))
        elif not asks_again:
            events.append(self._pass_turn())
        self._record(events)
        return events

    def _book_laid(self, seat: int, rank: str) -> GameEvent | None:
        """Lay down the book of `rank` if `seat` holds all four; its event, or None."""
        hand = self.hands[seat]
        if not BOOK_OF[rank].issubset(hand):
            return None
        self.hands[seat] = [c for c in hand if RANK_OF[c] != rank]
        self.books[seat].append(rank)
        return book_laid_down(seat, rank)

    def _empty_hand(self) -> int | None:
        return self.hands.index([]) if [] in self.hands else None

    def _ends(self) -> bool:
        return not self.stock or [] in self.hands

    def _pass_turn(self) -> GameEvent:
        self.turn = (self.turn + 1) % len(self.hands)
        return turn_started(self.turn)

    def _record(self, events: list[GameEvent]) -> list[GameEvent]:
        """Everything that happens is public (hidden draws carry no card). The
        history keeps each event's plain form (the log's: `encode`), made with
        the event (`recorded`) and, like the event, shared: an entry of the
        history is never changed in place (`view` and `to_dict` hand out copies)."""
        self.history += map(plain_form, events)
        return events

    # --- the unit ---------------------------------------------------------------

    @property
    def before_first_move(self) -> bool:
        return not self.moves

    def on_timeout(self, seat: int) -> list[GameEvent]:
        """Out of time: the turn passes left, nothing is drawn."""
        self.moves += 1
        return self._record([timed_out(seat), self._pass_turn()])

    def on_starter(self, seat: int) -> list[GameEvent]:
        """The unit's random first player replaces the player left of the dealer."""
        self.turn = seat
        return self._record([turn_started(seat)])

    # --- the end ----------------------------------------------------------------

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        books = tuple(len(b) for b in self.books)
        winners = tuple(s for s, count in enumerate(books) if count == max(books))
        return Result(winners, books, standing(books, seat_called))

    # --- what players see ---------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "players": self.players,
            "turn": None if self.is_over else self.turn,
            "over": self.is_over,
            "hand": sorted(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "books": [list(b) for b in self.books],
            "stock": len(self.stock),
            "history": [dict(e) for e in self.history],
        }

    def cards(self) -> list[int]:
        laid = [c for books in self.books for rank in books for c in book_cards(rank)]
        return [c for hand in self.hands for c in hand] + self.stock + laid

    def table_view(self, viewer: int | None, names: list[str]) -> TableView:
        return view.table_view(self, viewer, names)
