"""What the table relies on, checked for every registered game alike — the
game driven by the unit (UNO Hau drauf) through the unit driver, like the
table plays it. Whole games are played (tests/engine/make_playthroughs.py's
`play`), and before every move (all of the first ones, then every tenth):

- the picture of the seat that moves offers exactly its legal moves, each with
  words on it; a spectator's picture offers none and shows no hand;
- secrecy: every seat's picture and view show it only its own cards, and face-up
  or public ones (see `check_secrecy`)."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from haudrauf.engine import registry
from haudrauf.engine.core import GameEnd, RoundEnd, TableView
from tests.engine.make_playthroughs import Writer, play

GAMES = registry.available()
PLAYERS = 3
GAME_CAP = 50_000  # steps; the longest of these games (UNO Hau drauf to 500 points) take about 4,000


def card_ids(pile) -> set[int]:
    """The ids of the cards of a pile the viewer may know (a face-down card may still carry its id)."""
    return {card.id for card in pile.cards if card.id is not None}


def seat_piles(seat_view):
    return (seat_view.hand, *seat_view.piles)


def ids_shown(view: TableView) -> set[int]:
    """Every card id a picture reveals, wherever it lies."""
    piles = [p for seat in view.seats for p in seat_piles(seat)] + list(view.centre)
    return set().union(*(card_ids(p) for p in piles))


def ids_in_view(value) -> list[int]:
    """Card ids of a `view()` list: plain ids, or dicts carrying an "id"."""
    return [item["id"] if isinstance(item, dict) else item for item in value]


def lists_in(value):
    """Every list of a `view()` dict, however deep."""
    if isinstance(value, dict):
        for item in value.values():
            yield from lists_in(item)
    elif isinstance(value, (list, tuple)):
        yield value
        for item in value:
            yield from lists_in(item)


def check_secrecy(state, names: list[str]) -> None:
    """The generic rule: a card a seat sees that a spectator does not see is its
    own private card. So (a) it is nobody else's: no two seats share a private
    card; (b) it lies in none of the other seats' hands or zones; (c) the seat
    sees its whole hand, face up, and its `view()` lists that same hand; (d) no
    list in its `view()` is another seat's hand. (Cards are not numbered in a
    `view()` otherwise: counts and scores are numbers too, so only whole hands
    are compared there.)"""
    public = ids_shown(state.table_view(None, names))
    pictures = {seat: state.table_view(seat, names) for seat in range(state.players)}
    hands = {seat: card_ids(view.seats[seat].hand) for seat, view in pictures.items()}
    private = {seat: ids_shown(view) - public for seat, view in pictures.items()}
    for seat, view in pictures.items():
        own = view.seats[seat].hand
        assert all(card.face is not None and card.id is not None for card in own.cards), \
            f"seat {seat} does not see its own hand"
        for other in view.seats:
            if other.seat != seat:
                leaked = private[seat] & set().union(*(card_ids(p) for p in seat_piles(other)))
                assert not leaked, f"seat {seat} sees cards {sorted(leaked)} of seat {other.seat}"
        for other in range(seat + 1, state.players):
            assert not private[seat] & private[other], f"seats {seat} and {other} see the same private cards"
        data = state.view(seat)
        assert sorted(ids_in_view(data["hand"])) == sorted(hands[seat]), f"seat {seat}'s view lists another hand"
        for listed in lists_in(data):
            if len(listed) > 1 and all(isinstance(x, (int, dict)) and not isinstance(x, bool) for x in listed):
                shown = set(ids_in_view(listed)) if all(isinstance(x, int) or "id" in x for x in listed) else set()
                assert not any(shown == hands[o] for o in hands if o != seat and len(hands[o]) > 1), \
                    f"seat {seat}'s view lists another seat's hand"


def check_picture(state, seat: int, names: list[str]) -> None:
    """The mover's picture offers exactly its legal moves, in words; a spectator's offers none and hides hands."""
    view = state.table_view(seat, names)
    assert isinstance(view, TableView) and len(view.seats) == state.players
    assert sorted(map(repr, (c.action for c in view.choices))) == sorted(map(repr, state.legal_actions(seat)))
    assert all(c.label for c in view.choices)
    spectator = state.table_view(None, names)
    assert spectator.choices == () and all(card.face is None for s in spectator.seats for card in s.hand.cards)


class Checker(Writer):
    """A playthrough nobody reads: it checks the pictures and the secrecy
    before moves, and keeps the events."""

    def __init__(self, state) -> None:
        super().__init__(state, max_steps=GAME_CAP)
        self.seen: list = []
        self.checked = 0

    def before(self, seat: int, action):
        if self.steps < 30 or self.steps % 10 == 0:
            check_picture(self.state, seat, self.names)
            check_secrecy(self.state, self.names)
            self.checked += 1
        return super().before(seat, action)

    def events(self, events: list) -> None:
        self.seen += events
        super().events(events)


def played(game_id: str, seed: int, timer: bool = False) -> Checker:
    state = registry.game_class(game_id)({"players": PLAYERS}, seed)
    checker = Checker(state)
    play(state, checker, np.random.default_rng(seed), timer)
    return checker


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_played_to_its_end_shows_each_seat_its_moves_and_only_its_own_cards(game_id):
    for seed in range(3):
        checker = played(game_id, seed, timer=seed == 2)
        assert checker.state.is_over, f"seed {seed}: no end after {GAME_CAP} steps"
        assert checker.checked > 10
        assert any(isinstance(e, (GameEnd, RoundEnd)) for e in checker.seen)
        for e in checker.seen:
            if isinstance(e, RoundEnd):
                assert len(e.running_totals()) == PLAYERS
        assert checker.state.result is not None and checker.state.result.winners is not None


def test_the_secrecy_check_catches_a_hand_shown_to_another_seat(monkeypatch):
    state = registry.new_game(GAMES[0], {"players": PLAYERS}, seed=1)
    names = ["A", "B", "C"]
    check_secrecy(state, names)
    honest = type(state).table_view

    def peeking(self, viewer, names):  # seat 0 is shown seat 1's hand as seat 1 sees it
        view = honest(self, viewer, names)
        if viewer != 0:
            return view
        shown = honest(self, 1, names).seats[1]
        return dataclasses.replace(view, seats=(view.seats[0], shown, *view.seats[2:]))

    monkeypatch.setattr(type(state), "table_view", peeking)
    with pytest.raises(AssertionError, match="sees cards"):
        check_secrecy(state, names)


def test_the_secrecy_check_catches_a_view_listing_another_hand(monkeypatch):
    state = registry.new_game(GAMES[0], {"players": PLAYERS}, seed=1)
    honest = type(state).view
    monkeypatch.setattr(type(state), "view", lambda self, seat: {
        **honest(self, seat), "next_hand": honest(self, (seat + 1) % self.players)["hand"]})
    with pytest.raises(AssertionError, match="another seat's hand"):
        check_secrecy(state, ["A", "B", "C"])


def test_every_registered_game_is_installed_and_described():
    assert GAMES == list(registry.MODULES)
    for game_id in GAMES:
        info = registry.game_class(game_id).info
        assert info.id == game_id and info.name and info.min_players >= 2
        assert any(o.name == "players" for o in info.options)
        assert set(registry.bot_factories(game_id)) >= {"random", "heuristic"}


def test_counts_of_one_card_are_worded_in_the_singular():
    from haudrauf.engine.games.sea_salt_paper.state import SeaSaltPaper
    from haudrauf.engine.games.uno_hau_drauf.events import CardsDrawn
    picture = SeaSaltPaper({"players": 2}, 1).table_view(0, ["Anna", "Bo"])
    discards = [p for p in picture.centre if p.key.startswith("discard")]
    assert discards and {str(p.caption) for p in discards} == {"1 card"}  # each pile starts with one card
    assert CardsDrawn(seat=0, count=1, cause="uno").message(lambda s: "Anna") == "Anna takes 1 card for not calling UNO"
    assert CardsDrawn(seat=0, count=2, cause="slap").message(lambda s: "Anna") == \
        "Anna takes 2 cards for losing the HAU DRAUF race — then press your button"
