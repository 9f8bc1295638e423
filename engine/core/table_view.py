"""The game-neutral picture of a table that every game produces and the one
renderer draws: seats with hands and zones, centre piles, a prompt, side
information, and the viewer's legal actions anchored to what to click.

Card faces are strings owned by each game ("uno/red/7", "std/8/hearts", …);
the renderer has one face painter per prefix. A card the viewer may not see
has face None (drawn as a back).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from haudrauf.words import Message, nmsg

#: Words on the table: a `Message` each screen renders in its reader's language
#: (a `str` only for what no language changes: a player's name, a number).
Text = Message | str


def cards_text(count: int) -> Message:
    """"1 card", "7 cards": captions and log lines count cards in words."""
    return nmsg("{n} card", "{n} cards", count)


@dataclass(frozen=True)
class CardView:
    face: str | None  # None: face down
    id: int | None = None  # the card id, when the viewer may know it
    highlight: bool = False  # e.g. playable now


@dataclass(frozen=True)
class PileView:
    key: str  # stable id: "stock", "discard", "s2.books" …
    label: Text
    cards: tuple[CardView, ...]  # bottom → top (a face-down stack may list only backs)
    layout: str = "stack"  # "stack": top card and a count; "fan": overlapping; "row": side by side
    caption: Text = ""  # "needs 5", "7 cards" …

    @property
    def count(self) -> int:
        return len(self.cards)


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    hand: PileView
    piles: tuple[PileView, ...] = ()  # the seat's own zones: books, stock, discard piles, duos …
    score: Text = ""
    status: Text = ""  # "UNO!", "draws 2", "out" …
    active: bool = False  # may act now


@dataclass(frozen=True)
class Choice:
    """One legal action of the viewer. Clicking the anchor (a card or a pile)
    picks it; when several choices share an anchor the renderer asks which
    (their labels, e.g. the four colours) — or, when each names a `target`
    pile, lets the player click (or drag to) the pile. Choices without an
    anchor are buttons."""
    action: Any
    label: Text
    card: int | None = None
    pile: str | None = None
    cards: tuple[int, ...] = ()  # more cards that pick it too (any 8 for "ask for 8s")
    target: str | None = None  # the pile the card goes to: click card then pile, or drag it there


@dataclass(frozen=True)
class TableView:
    game: str
    seats: tuple[SeatView, ...]
    centre: tuple[PileView, ...]
    prompt: Text  # what the viewer is asked to do, or whom the table waits for
    info: tuple[Text, ...] = ()  # side lines: current colour, named fish, active event …
    choices: tuple[Choice, ...] = field(default_factory=tuple)
    press: tuple[int, ...] = ()  # seats whose button on the unit the game waits for now (the table names their keys)
