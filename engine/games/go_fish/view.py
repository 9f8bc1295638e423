"""The Go Fish table as the renderer draws it: every hand (face up only for its
owner), each seat's books face up, the sea in the centre; each ask is anchored
on every hand card of its rank."""
from __future__ import annotations

from haudrauf.engine.core import CardView, Choice, PileView, SeatView, TableView, cards_text
from haudrauf.engine.games.go_fish.cards import FACES, RANKS, book_cards, cards_of, rank_of, standing
from haudrauf.words import Message, msg, nmsg


def table_view(state, viewer: int | None, names: list[str]) -> TableView:
    choices = _choices(state, viewer, names)
    anchors = {card for choice in choices for card in (choice.card, *choice.cards)}
    return TableView(
        game=state.info.id,
        seats=tuple(_seat_view(state, s, viewer, names, anchors) for s in range(state.players)),
        centre=(PileView("stock", msg("The sea"), tuple(CardView(None) for _ in state.stock),
                         caption=cards_text(len(state.stock))),),
        prompt=_prompt(state, viewer, names),
        info=_info(state, names),
        choices=choices,
    )


def _info(state, names: list[str]) -> tuple[Message, ...]:
    """The standings and how the game ends (what was asked is in the table's log)."""
    counts = [len(books) for books in state.books]
    best = max(counts)
    leaders = " & ".join(names[s] for s, n in enumerate(counts) if n == best)
    return (msg("Books laid: {laid} of {ranks}", laid=sum(counts), ranks=len(RANKS)),
            msg("Most books: {leaders} ({books})", leaders=leaders, books=best) if best else msg("No books yet"),
            msg("The game ends when a hand is empty or the sea runs dry"))


def _choices(state, viewer: int | None, names: list[str]) -> tuple[Choice, ...]:
    """Each ask anchored to every hand card of its rank: click any 8, pick whom to ask."""
    if viewer is None:
        return ()
    of_rank: dict[str, list[int]] = {}
    for card in sorted(state.hands[viewer]):
        of_rank.setdefault(rank_of(card), []).append(card)
    return tuple(Choice(a, msg("Ask {target} for {ranks}", target=names[a.target], ranks=cards_of(a.rank)),
                        card=of_rank[a.rank][0], cards=tuple(of_rank[a.rank][1:]))
                 for a in state.legal_actions(viewer))


def _books_caption(books: list[str]) -> Message:
    """ "queens, kings": the ranks laid down, listed (a list has no words of its own to translate)."""
    if not books:
        return msg("no books yet")
    return Message("{ranks}", (("ranks", tuple(cards_of(r) for r in books)),))


def _seat_view(state, seat: int, viewer: int | None, names: list[str], anchors: set) -> SeatView:
    hand = sorted(state.hands[seat])
    shown = [CardView(FACES[c], c, c in anchors) for c in hand] if seat == viewer else [CardView(None)] * len(hand)
    books = state.books[seat]
    return SeatView(
        seat=seat,
        name=names[seat],
        hand=PileView(f"s{seat}.hand", msg("{seat}'s hand", seat=names[seat]), tuple(shown), "fan",
                      cards_text(len(hand))),
        piles=(PileView(f"s{seat}.books", msg("Books"),
                        tuple(CardView(FACES[c], c) for r in books for c in book_cards(r)), "row",
                        _books_caption(books)),),
        score=nmsg("{n} book", "{n} books", len(books)),
        status=msg("asking") if seat == state.turn and not state.is_over else "",
        active=seat == state.turn and not state.is_over,
    )


def _prompt(state, viewer: int | None, names: list[str]) -> Message:
    if state.is_over:
        return standing(tuple(len(b) for b in state.books), names.__getitem__)
    if viewer == state.turn:
        return msg("Your turn: click a card to ask an opponent for that rank")
    return msg("Waiting for {seat} to ask", seat=names[state.turn])
