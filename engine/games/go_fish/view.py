"""The Go Fish table as the renderer draws it: every hand (face up only for its
owner), each seat's books face up, the sea in the centre; each ask is anchored
on every hand card of its rank."""
from __future__ import annotations

from haudrauf.engine.core import CardView, Choice, PileView, SeatView, TableView, cards_text
from haudrauf.engine.games.go_fish.cards import FACES, book_cards, plural, rank_of, standing


def table_view(state, viewer: int | None, names: list[str]) -> TableView:
    choices = _choices(state, viewer, names)
    anchors = {card for choice in choices for card in (choice.card, *choice.cards)}
    return TableView(
        game=state.info.id,
        seats=tuple(_seat_view(state, s, viewer, names, anchors) for s in range(state.players)),
        centre=(PileView("stock", "The sea", tuple(CardView(None) for _ in state.stock),
                         caption=cards_text(len(state.stock))),),
        prompt=_prompt(state, viewer, names),
        info=_info(state, names),
        choices=choices,
    )


def _info(state, names: list[str]) -> tuple[str, ...]:
    """The standings and how the game ends (what was asked is in the table's log)."""
    counts = [len(books) for books in state.books]
    best = max(counts)
    leaders = " & ".join(names[s] for s, n in enumerate(counts) if n == best)
    return (f"Books laid: {sum(counts)} of 13",
            f"Most books: {leaders} ({best})" if best else "No books yet",
            "The game ends when a hand is empty or the sea runs dry")


def _choices(state, viewer: int | None, names: list[str]) -> tuple[Choice, ...]:
    """Each ask anchored to every hand card of its rank: click any 8, pick whom to ask."""
    if viewer is None:
        return ()
    of_rank: dict[str, list[int]] = {}
    for card in sorted(state.hands[viewer]):
        of_rank.setdefault(rank_of(card), []).append(card)
    return tuple(Choice(a, f"Ask {names[a.target]} for {plural(a.rank)}", card=of_rank[a.rank][0],
                        cards=tuple(of_rank[a.rank][1:]))
                 for a in state.legal_actions(viewer))


def _seat_view(state, seat: int, viewer: int | None, names: list[str], anchors: set) -> SeatView:
    hand = sorted(state.hands[seat])
    shown = [CardView(FACES[c], c, c in anchors) for c in hand] if seat == viewer else [CardView(None)] * len(hand)
    books = state.books[seat]
    caption = ", ".join(plural(r) for r in books) or "no books yet"
    return SeatView(
        seat=seat,
        name=names[seat],
        hand=PileView(f"s{seat}.hand", f"{names[seat]}'s hand", tuple(shown), "fan", cards_text(len(hand))),
        piles=(PileView(f"s{seat}.books", "Books", tuple(CardView(FACES[c], c) for r in books for c in book_cards(r)),
                        "row", caption),),
        score=f"{len(books)} book" + ("" if len(books) == 1 else "s"),
        status="asking" if seat == state.turn and not state.over else "",
        active=seat == state.turn and not state.over,
    )


def _prompt(state, viewer: int | None, names: list[str]) -> str:
    if state.over:
        return standing(tuple(len(b) for b in state.books), names.__getitem__)
    if viewer == state.turn:
        return "Your turn: click a card to ask an opponent for that rank"
    return f"Waiting for {names[state.turn]} to ask"
