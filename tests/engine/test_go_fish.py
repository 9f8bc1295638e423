"""Go Fish ("Hopp i havet"): every rule of the digest as a scenario, seeded
random play with invariant checks, replay, refusals, the unit's events, what
each seat sees, and the bots."""
from __future__ import annotations

import numpy as np
import pytest

from haudrauf.device import events as uev
from haudrauf.engine import registry
from haudrauf.engine.core import IllegalAction, OptionError, TurnStarted
from haudrauf.engine.games.go_fish.bots import BOTS, HeuristicBot, known_holdings
from haudrauf.engine.games.go_fish.cards import FACES
from haudrauf.engine.games.go_fish.actions import Ask
from haudrauf.engine.games.go_fish.events import Asked, BookLaidDown, Drew, GameOver, TimedOut
from haudrauf.engine.games.go_fish.state import GoFish
from haudrauf.cli import main as cli
from haudrauf.testing.invariants import assert_refused, assert_replays_and_round_trips, check_invariants, play_random

NAMES = ["Anna", "Bo", "Cy", "Di", "Ed", "Fay"]
SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


def name(seat: int) -> str:
    return NAMES[seat]


def card(text: str) -> int:
    """ "8h" → the id of the eight of hearts."""
    return FACES.index(f"std/{text[:-1]}/{SUITS[text[-1]]}")


def cards(text: str) -> list[int]:
    return [card(t) for t in text.split()]


def position(hands: list[str], sea: str, books: list[list[str]] | None = None, turn: int = 0,
             rest_in_sea: bool = True) -> GoFish:
    """A game in a built position. `sea` lists the stock from the top down; the
    cards nobody holds go underneath it unless `rest_in_sea` is False."""
    state = GoFish({"players": len(hands)}, seed=0)
    state.hands = [cards(h) for h in hands]
    state.books = books or [[] for _ in hands]
    state.stock = cards(sea)[::-1]
    if rest_in_sea:
        placed = set(state.cards())
        state.stock = [c for c in range(52) if c not in placed] + state.stock
    state.turn = turn
    state.history = []
    return state


def texts(events) -> list[str]:
    return [str(e.message(name)) for e in events]


def hand(state: GoFish, seat: int) -> set[int]:
    return set(state.hands[seat])


# --- the deal -------------------------------------------------------------------

@pytest.mark.parametrize("players, size", [(2, 7), (3, 5), (4, 5), (5, 5), (6, 5)])
def test_seven_cards_each_for_two_players_five_for_three_to_six(players, size):
    for seed in range(20):
        state = GoFish({"players": players}, seed)
        for seat in range(players):
            assert len(state.hands[seat]) + 4 * len(state.books[seat]) == size
        assert len(state.stock) == 52 - players * size
        check_invariants(state)


def test_a_book_dealt_complete_is_laid_down_at_once():
    state = GoFish({"players": 2}, seed=0)
    deck = cards("8c 8d 8h 8s Kc 2d 3h") + cards("Ac Ad Ah 4s 5s 6s 7s")
    state._deal(deck + [c for c in range(52) if c not in deck])
    assert state.books == [["8"], []]
    assert hand(state, 0) == set(cards("Kc 2d 3h"))
    assert state.history == [{"type": "BookLaidDown", "seat": 0, "rank": "8"}]
    check_invariants(state)


def test_the_player_left_of_the_dealer_starts():
    assert GoFish({"players": 4}, 1).turn == 0  # default: the last seat deals
    assert GoFish({"players": 4, "dealer": 2}, 1).turn == 2  # seat 2 deals, seat 3 starts
    assert GoFish({"players": 4, "dealer": 4}, 1).turn == 0
    with pytest.raises(OptionError, match="dealer"):
        GoFish({"players": 3, "dealer": 5}, 1)


# --- asking -------------------------------------------------------------------------

def test_you_may_ask_any_opponent_for_any_rank_in_your_hand():
    state = position(["8h Kc 8d", "2c", "3c"], sea="4c")
    assert set(state.legal_actions(0)) == {Ask(t, r) for t in (1, 2) for r in ("8", "K")}
    assert state.legal_actions(1) == []


def test_the_opponent_hands_over_every_card_of_the_rank_and_you_ask_again():
    state = position(["8h Kc", "8s 8d 2c", "3c"], sea="4c")
    events = state.apply(0, Ask(1, "8"))
    assert events == [Asked(0, 1, "8", 2)]
    assert texts(events) == ["Anna asks Bo for 8s and gets two 8s"]
    assert hand(state, 0) == set(cards("8h Kc 8s 8d"))
    assert hand(state, 1) == {card("2c")}
    assert state.current_seats == (0,)
    assert Ask(2, "K") in state.legal_actions(0)  # another opponent, another rank


def test_one_card_handed_over_reads_naturally():
    state = position(["Ah", "As 2c", "3c"], sea="4c")
    assert texts(state.apply(0, Ask(1, "A"))) == ["Anna asks Bo for aces and gets an ace"]


def test_go_fish_the_rank_you_asked_for_is_shown_and_you_ask_again():
    state = position(["8h Kc", "2c 3c"], sea="8s Qd")
    events = state.apply(0, Ask(1, "8"))
    assert events == [Asked(0, 1, "8", 0), Drew(0, card("8s"), again=True)]
    assert texts(events) == ["Anna asks Bo for 8s — go fish!", "Anna draws — it's an 8! asks again"]
    assert card("8s") in hand(state, 0)
    assert state.current_seats == (0,)


def test_go_fish_any_other_rank_stays_hidden_and_the_turn_passes_left():
    state = position(["2c", "3c", "8h Kc"], sea="Qd 8s", turn=2)
    events = state.apply(2, Ask(0, "8"))
    assert events == [Asked(2, 0, "8", 0), Drew(2, None, again=False), TurnStarted(0)]
    assert texts(events)[1:] == ["Cy draws from the sea", "Anna's turn"]
    assert card("Qd") in hand(state, 2)
    assert state.current_seats == (0,)


def test_a_draw_that_completes_another_book_is_laid_down_but_gives_no_extra_ask():
    state = position(["8h Kc Kd Kh", "2c", "3c"], sea="Ks")
    events = state.apply(0, Ask(1, "8"))
    assert events == [Asked(0, 1, "8", 0), Drew(0, None, again=False), BookLaidDown(0, "K"), TurnStarted(1)]
    assert state.books[0] == ["K"]
    assert hand(state, 0) == {card("8h")}


def test_a_book_won_by_asking_is_laid_down_at_once():
    state = position(["8h 8s 8d Kc", "8c 2c", "3c"], sea="4c")
    events = state.apply(0, Ask(1, "8"))
    assert events == [Asked(0, 1, "8", 1), BookLaidDown(0, "8")]
    assert texts(events)[1] == "Anna lays down a book of 8s"
    assert state.books[0] == ["8"] and hand(state, 0) == {card("Kc")}
    assert state.current_seats == (0,)


def test_a_book_completed_by_the_shown_draw_is_laid_down_and_you_ask_again():
    state = position(["8h 8s 8d Kc", "2c", "3c"], sea="8c")
    events = state.apply(0, Ask(1, "8"))
    assert events == [Asked(0, 1, "8", 0), Drew(0, card("8c"), again=True), BookLaidDown(0, "8")]
    assert state.current_seats == (0,)


# --- refusals ---------------------------------------------------------------------------

def test_you_may_not_ask_for_a_rank_you_do_not_hold():
    state = position(["8h Kc", "5c 2c", "3c"], sea="4c", books=[["Q"], [], []])
    assert_refused(state, 0, Ask(1, "5"), "you hold no 5s")
    assert_refused(state, 0, Ask(1, "Q"), "your queens are laid down as a book")


def test_illegal_asks_are_refused_with_a_reason_and_change_nothing():
    state = position(["8h Kc", "2c", "3c"], sea="4c")
    assert_refused(state, 1, Ask(0, "2"), "not your turn")
    assert_refused(state, 0, Ask(0, "8"), "not yourself")
    assert_refused(state, 0, Ask(5, "8"), "no seat 6")
    assert_refused(state, 0, Ask(1, "Z"), "is not a rank")
    assert_refused(state, 0, "eights please", "is not a move in Go Fish")
    assert_refused(state, 7, Ask(1, "8"), "there is no seat 8")


# --- the end ---------------------------------------------------------------------------

def test_the_game_ends_at_once_when_the_asked_player_hands_over_their_last_card():
    state = position(["8h Kc", "8s", "3c 3d"], sea="4c")
    events = state.apply(0, Ask(1, "8"))
    assert events[-1] == GameOver(emptied=1, books=(0, 0, 0))
    assert state.is_over and state.current_seats == () and state.legal_actions(0) == []
    assert_refused(state, 0, Ask(2, "K"), "the game is over")


def test_a_book_that_empties_your_hand_is_laid_down_first_then_the_game_ends():
    state = position(["8h 8s 8d", "8c 2c", "3c"], sea="4c")
    events = state.apply(0, Ask(1, "8"))
    assert events == [Asked(0, 1, "8", 1), BookLaidDown(0, "8"), GameOver(0, (1, 0, 0))]
    assert texts(events)[-1] == "Anna's hand is empty — Anna wins with 1 book"
    assert state.result.winners == (0,) and state.result.scores == (1, 0, 0)


def test_the_last_card_of_the_sea_ends_the_game_even_when_it_is_the_rank_asked_for():
    state = position(["8h 8d 8c Kc", "2c", "3c"], sea="8s", rest_in_sea=False)
    events = state.apply(0, Ask(1, "8"))
    assert events == [Asked(0, 1, "8", 0), Drew(0, card("8s"), again=False), BookLaidDown(0, "8"),
                      GameOver(None, (1, 0, 0))]
    assert texts(events)[1] == "Anna draws — it's an 8!"
    assert texts(events)[-1] == "The sea is empty — Anna wins with 1 book"
    assert state.is_over


def test_most_books_wins_and_a_tie_at_the_top_shares_the_win():
    books = [["A", "2"], ["3", "4"], ["5"]]
    state = position(["8h", "8s", "9c 9d"], sea="4c", books=books)
    events = state.apply(0, Ask(1, "8"))
    assert texts(events)[-1] == "Bo's hand is empty — Anna and Bo share the win with 2 books each"
    assert state.result.winners == (0, 1)
    assert state.result.scores == (2, 2, 1)
    assert str(state.result.summary) == "seat 1 and seat 2 share the win with 2 books each"


# --- the unit's events -------------------------------------------------------------------

def test_a_timeout_passes_the_turn_left_without_a_draw():
    state = position(["8h Kc", "8s 2c", "3c"], sea="4c")
    state.apply(0, Ask(1, "8"))  # Anna may ask again, then runs out of time
    sea = len(state.stock)
    events = state.feed(uev.TurnTimedOut(at=6.0, seat=0, limit_ms=6000))
    assert events == [TimedOut(0), TurnStarted(1)]
    assert texts(events)[0] == "Anna ran out of time — the turn passes"
    assert len(state.stock) == sea and hand(state, 0) == set(cards("8h 8s Kc"))
    assert state.current_seats == (1,)


def test_unit_events_at_the_wrong_moment_are_refused_and_change_nothing():
    state = GoFish({"players": 3}, seed=4)
    before = state.to_dict()
    for event, reason in [(uev.TurnTimedOut(at=1.0, seat=2, limit_ms=4000), "it is seat 1's turn"),
                          (uev.PlayerSelected(at=1.0, seat=4, limit_ms=None), "no seat 5"),
                          (uev.Paused(at=1.0, remaining_ms=None), "does not use the unit's Paused")]:
        with pytest.raises(IllegalAction, match=reason):
            state.feed(event)
        assert state.to_dict() == before


def test_the_units_random_first_player_starts_but_only_before_the_first_move():
    state = GoFish({"players": 4}, seed=4)
    assert state.feed(uev.PlayerSelected(at=0.5, seat=2, limit_ms=None)) == [TurnStarted(2)]
    assert state.current_seats == (2,)
    state.apply(2, state.legal_actions(2)[0])
    with pytest.raises(IllegalAction, match="only before the first move"):
        state.feed(uev.PlayerSelected(at=9.0, seat=1, limit_ms=None))


def test_unit_events_are_refused_once_the_game_is_over():
    state = play_random(GoFish, {"players": 2}, seed=3)
    with pytest.raises(IllegalAction, match="the game is over"):
        state.feed(uev.TurnTimedOut(at=1.0, seat=0, limit_ms=4000))


def test_a_game_with_unit_events_replays_from_its_log():
    state = GoFish({"players": 5}, seed=11)
    rng = np.random.default_rng(11)
    state.feed(uev.PlayerSelected(at=0.1, seat=3, limit_ms=6000))
    while not state.is_over:
        seat = state.current_seats[0]
        if rng.random() < 0.1:
            state.feed(uev.TurnTimedOut(at=1.0, seat=seat, limit_ms=6000))
        else:
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.integers(len(legal)))])
        check_invariants(state)
    assert any(entry[0] == "unit" for entry in state.log[1:])
    assert_replays_and_round_trips(state)


# --- what each seat sees -------------------------------------------------------------------

def test_the_view_shows_your_hand_and_public_facts_only():
    state = position(["8h Kc", "8s 2c", "3c"], sea="Qd")
    state.apply(0, Ask(2, "8"))  # go fish: the queen stays hidden
    view = state.view(1)
    assert view["hand"] == sorted(cards("8s 2c"))
    assert view["hand_counts"] == [3, 2, 1]
    assert view["stock"] == len(state.stock)
    assert set(view) == {"seat", "players", "turn", "over", "hand", "hand_counts", "books", "stock", "history"}
    assert view["history"] == [{"type": "Asked", "asker": 0, "target": 2, "rank": "8", "count": 0},
                               {"type": "Drew", "seat": 0, "card": None, "again": False},
                               {"type": "TurnStarted", "seat": 1}]


def test_the_table_asks_by_clicking_a_hand_card_then_an_opponent():
    state = position(["8h 8d Kc", "2c", "3c"], sea="4c")
    table = state.table_view(0, NAMES[:3])
    labels = {(c.card, str(c.label)) for c in table.choices}
    assert labels == {(card("8d"), "Ask Bo for 8s"), (card("8d"), "Ask Cy for 8s"),  # the first 8 in the hand
                      (card("Kc"), "Ask Bo for kings"), (card("Kc"), "Ask Cy for kings")}
    assert {c.action for c in table.choices} == set(state.legal_actions(0))
    mine, bo = table.seats[0], table.seats[1]
    assert [v.face for v in mine.hand.cards] == [FACES[c] for c in sorted(cards("8h 8d Kc"))]
    assert [v.face for v in bo.hand.cards] == [None] and mine.active and not bo.active
    assert str(table.prompt).startswith("Your turn")
    assert table.centre[0].count == len(state.stock)


def test_spectators_and_waiting_players_see_no_hidden_cards_and_get_no_choices():
    state = position(["8h Kc", "8s 2c", "3c"], sea="4c", books=[[], ["Q"], []])
    for viewer in (None, 1):
        table = state.table_view(viewer, NAMES[:3])
        assert table.choices == ()
        hidden = [s for s in table.seats if s.seat != viewer]
        assert all(v.face is None and v.id is None for s in hidden for v in s.hand.cards)
        assert str(table.prompt) == "Waiting for Anna to ask"
    books = state.table_view(None, NAMES[:3]).seats[1]
    assert str(books.score) == "1 book" and str(books.piles[0].caption) == "queens"
    assert [v.face for v in books.piles[0].cards] == [FACES[c] for c in cards("Qc Qd Qh Qs")]


def test_the_table_shows_the_standings_and_the_result():
    state = position(["8h Kc", "8s", "9c 9d"], sea="4c", books=[["Q"], [], ["J"]])
    assert tuple(map(str, state.table_view(2, NAMES[:3]).info[:2])) == ("Books laid: 2 of 13", "Most books: Anna & Cy (1)")
    state.apply(0, Ask(1, "8"))
    table = state.table_view(2, NAMES[:3])
    assert str(table.prompt) == "Anna and Cy share the win with 1 book each"
    assert tuple(map(str, table.info[:2])) == ("Books laid: 2 of 13", "Most books: Anna & Cy (1)")


# --- random play, determinism, saves -------------------------------------------------------

@pytest.mark.soak
@pytest.mark.parametrize("players", range(2, 7))
def test_seeded_random_games_keep_every_card_exactly_once(players):
    for seed in range(200):
        state = play_random(GoFish, {"players": players}, seed)
        assert state.is_over and len(state.result.scores) == players
        assert not state.stock or any(not h for h in state.hands)  # it ended for a reason


@pytest.mark.parametrize("players", range(2, 7))
def test_games_are_deterministic_and_survive_save_and_replay(players):
    for seed in range(10):
        state = play_random(GoFish, {"players": players}, seed, check_every_action=False)
        assert play_random(GoFish, {"players": players}, seed, check_every_action=False).to_dict() == state.to_dict()
        assert_replays_and_round_trips(state)
    midway = GoFish({"players": players}, seed=99)
    midway.apply(midway.turn, midway.legal_actions(midway.turn)[0])
    assert_replays_and_round_trips(midway)


# --- bots -------------------------------------------------------------------------------------

def test_the_heuristic_asks_the_opponent_who_asked_for_that_rank_before():
    state = position(["8h Kc 3h", "2c 5d 6d", "3c 8s"], sea="Qd", turn=2)
    state.apply(2, Ask(1, "3"))  # Cy holds a 3; go fish, the queen stays hidden; Anna's turn
    surely, lacks = known_holdings(state.view(0))
    assert surely[2] == {"3": 1} and lacks[1] == {"3"}
    for seed in range(5):
        action = HeuristicBot(0).choose(state.view(0), state.legal_actions(0), np.random.default_rng(seed))
        assert action == Ask(2, "3")


def test_known_holdings_follow_asks_draws_and_books():
    history = [
        {"type": "Asked", "asker": 1, "target": 0, "rank": "8", "count": 0},  # Bo holds an 8, Anna none
        {"type": "Drew", "seat": 1, "card": card("8c"), "again": True},  # … and now two
        {"type": "Asked", "asker": 1, "target": 2, "rank": "K", "count": 2},  # Bo holds 3 kings, Cy none
        {"type": "Asked", "asker": 2, "target": 1, "rank": "J", "count": 0},  # Cy holds a jack, Bo none
        {"type": "Drew", "seat": 1, "card": None, "again": False},  # Bo may hold a jack again
        {"type": "Asked", "asker": 0, "target": 1, "rank": "K", "count": 3},
        {"type": "BookLaidDown", "seat": 0, "rank": "K"},
    ]
    surely, lacks = known_holdings({"players": 3, "history": history})
    assert surely[1] == {"8": 2} and surely[2] == {"J": 1} and surely[0] == {}
    assert lacks[0] == {"8"} and lacks[1] == {"K"} and lacks[2] == {"K"}


def test_without_clues_the_heuristic_asks_for_the_rank_it_holds_most_of():
    state = position(["8h 8d 8s Kc 2d 2h", "3c", "4c 4d"], sea="5c")
    action = HeuristicBot(0).choose(state.view(0), state.legal_actions(0), np.random.default_rng(2))
    assert action == Ask(2, "8")  # the most 8s, asked of the opponent with more cards


def test_the_heuristic_does_not_ask_someone_known_to_lack_the_rank():
    state = position(["8h 8d Kc", "3c 5d 6d", "4c 4d"], sea="5c")
    state.history = [{"type": "Asked", "asker": 0, "target": 1, "rank": "8", "count": 0}]  # Bo had none
    action = HeuristicBot(0).choose(state.view(0), state.legal_actions(0), np.random.default_rng(2))
    assert action == Ask(2, "8")


def duel(players: int, games: int) -> tuple[int, int]:
    """Games won outright by one heuristic bot (rotating seats) and by the random bots."""
    heuristic_wins = random_wins = 0
    rng = np.random.default_rng(7)
    for g in range(games):
        clever = g % players
        bots = [BOTS["heuristic" if s == clever else "random"](s) for s in range(players)]
        state = GoFish({"players": players}, seed=g)
        while not state.is_over:
            seat = state.current_seats[0]
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
        winners = state.result.winners
        heuristic_wins += winners == (clever,)
        random_wins += clever not in winners
    return heuristic_wins, random_wins


@pytest.mark.soak
def test_the_heuristic_bot_beats_random_play_clearly():
    clever, random = duel(players=2, games=300)
    assert clever - random >= 45, (clever, random)  # equal bots: a difference of about ±16
    clever, _ = duel(players=4, games=200)
    assert clever >= 100, clever  # one seat in four: about 50 ± 6 if it were no better


def test_haudrauf_simulate_runs_go_fish(capsys):
    assert cli.main(["simulate", "--game", "go-fish", "--players", "4", "--games", "50", "--seed", "1",
                     "--bots", "heuristic,random",
                     "--quiet"]) == 0
    report = capsys.readouterr().out
    assert "go-fish: 50 games, 4 players" in report
    assert "heuristic" in report and "random" in report
    assert registry.bot_factories("go-fish") == BOTS
