"""Skip-Bo: every rule of the digest as a scenario from a constructed position,
the choices we made (match, stalemate, the unit), the table picture, seeded
random play with invariant checks, replays and the bots."""
from collections import Counter

import numpy as np
import pytest

from haudrauf.device import events as uev
from haudrauf.engine import registry
from haudrauf.engine.core import IllegalAction, OptionError, Result
from haudrauf.engine.games.skip_bo import GAME
from haudrauf.engine.games.skip_bo.bots import BOTS
from haudrauf.engine.games.skip_bo import cards as c, events as ev
from haudrauf.engine.games.skip_bo.actions import Build, Discard, EndTurn
from haudrauf.engine.games.skip_bo.cards import FACES, VALUES
from haudrauf.testing.invariants import assert_refused, assert_replays_and_round_trips, check_invariants, play_random

SB = 0  # the value of a Skip-Bo in the positions below
NAMES = ["Anna", "Bo", "Cleo", "Dan", "Eve", "Finn"]


def name(seat):
    return NAMES[seat]


def texts(events):
    return [str(e.message(name)) for e in events]


def kinds(events):
    return [type(e).__name__ for e in events]


def only(events, kind):
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, kinds(events)
    return found[0]


def arrange(state, *, hands=None, stocks=None, discards=None, building=(), draw=(), rest="draw", turn=0):
    """Build a position from card values (bottom → top; 0 = Skip-Bo). `building`
    gives the number each building pile shows (0: empty). The cards not placed go
    to `rest`: under the draw pile, into the completed piles ("set_aside"), or
    buried under the last seat's fourth discard pile ("buried")."""
    pools = {v: [card for card in range(c.CARD_COUNT) if VALUES[card] == v] for v in range(13)}

    def take(values):
        return [pools[v].pop() for v in values]

    seats = range(state.players)
    state.hands = [take((hands or {}).get(s, [])) for s in seats]
    state.stocks = [take((stocks or {}).get(s, [])) for s in seats]
    state.discards = [[take(pile) for pile in ((discards or {}).get(s, []) + [[]] * 4)[:4]] for s in seats]
    state.building = [take(range(1, top + 1)) for top in (list(building) + [0] * 4)[:4]]
    placed = take(draw)
    left = sorted(card for pool in pools.values() for card in pool)
    state.draw, state.set_aside = (left + placed, []) if rest == "draw" else (placed, [])
    if rest == "set_aside":
        state.set_aside = left
    elif rest == "buried":
        state.discards[-1][3][:0] = left
    state.turn, state.moved, state.quiet_turns, state.card_moved = turn, True, 0, False
    check_invariants(state)
    return state


def new(players=2, seed=7, **options):
    return GAME({"players": players, **options}, seed)


def card_on(state, value, zone):
    """The id of the card of `value` in a zone (a list of ids)."""
    return next(card for card in zone if VALUES[card] == value)


def builds_of(state, card):
    return sorted(a.pile for a in state.legal_actions(state.turn) if isinstance(a, Build) and a.card == card)


# --- the deck and the deal ---------------------------------------------------------

def test_the_deck_has_twelve_of_each_number_and_eighteen_skip_bos():
    counts = Counter(VALUES)
    assert len(VALUES) == GAME.info.card_count == 162
    assert counts[SB] == 18 and all(counts[v] == 12 for v in range(1, 13))
    assert {FACES[card] for card in range(162)} == {f"skipbo/{v}" for v in range(1, 13)} | {"skipbo/sb"}


@pytest.mark.parametrize("players, short, size", [(2, False, 30), (4, False, 30), (5, False, 20),
                                                   (6, False, 20), (3, True, 10), (6, True, 10)])
def test_stock_piles_hold_30_or_20_cards_or_10_in_the_short_game(players, short, size):
    state = new(players, short_game=short)
    assert [len(stock) for stock in state.stocks] == [size] * players
    assert len(state.hands[0]) == 5 and not any(state.hands[1:]), "only the first player has drawn"
    assert len(state.draw) == 162 - players * size - 5


def test_only_the_top_stock_card_is_face_up_and_others_hands_stay_secret():
    state = new(4)
    seen = state.view(1)
    assert seen["stocks"][0] == {"count": 30, "top": {"id": state.stocks[0][-1], "value": VALUES[state.stocks[0][-1]],
                                                      "face": FACES[state.stocks[0][-1]]}}
    visible = set(state.hands[1]) | {stock[-1] for stock in state.stocks}
    assert _ids_in(seen) <= visible, "the view leaks a hidden card"
    assert seen["hand_counts"] == [5, 0, 0, 0] and seen["draw_count"] == len(state.draw)
    picture = state.table_view(1, NAMES[:4])
    stock = picture.seats[0].piles[0]
    assert [v.face for v in stock.cards[:-1]] == [None] * 29 and stock.cards[-1].face == FACES[state.stocks[0][-1]]
    assert all(v.face is None and v.id is None for v in picture.seats[0].hand.cards)
    spectator = state.table_view(None, NAMES[:4])
    assert all(v.face is None for seat in spectator.seats for v in seat.hand.cards) and spectator.choices == ()


def _ids_in(value):
    if isinstance(value, dict):
        found = {value["id"]} if "id" in value else set()
        return found.union(*(_ids_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_ids_in(v) for v in value)) if value else set()
    return set()


def test_seat_one_starts_left_of_the_dealer_and_the_deal_moves_on_each_game():
    state = new(3, target=200)
    assert state.turn == 0
    arrange(state, stocks={0: [1], 1: [5], 2: [5]})
    events = state.apply(0, Build(state.stocks[0][-1], 0))
    assert only(events, ev.GameDealt).starter == 1 and state.turn == 1 and state.game == 2


def test_the_youngest_seat_named_in_the_options_starts_every_game():
    state = new(4, first_player="3", target=200)
    assert state.turn == 2 and len(state.hands[2]) == 5
    arrange(state, stocks={2: [1], 0: [5], 1: [5], 3: [5]}, turn=2)
    state.apply(2, Build(state.stocks[2][-1], 0))
    assert state.game == 2 and state.turn == 2


@pytest.mark.parametrize("options, message", [
    ({"players": 3, "partners": True}, "partners needs 4 or 6 players"),
    ({"players": 4, "first_player": "5"}, "not a seat"),
    ({"players": 7}, "between 2 and 6"),
])
def test_impossible_options_are_refused(options, message):
    with pytest.raises(OptionError, match=message):
        GAME(options, 1)


# --- a turn ---------------------------------------------------------------------------

def test_a_turn_starts_by_drawing_up_to_five():
    state = arrange(new(2), hands={0: [12, 12], 1: [3, 4]}, stocks={0: [9], 1: [9]})
    events = state.apply(0, Discard(state.hands[0][0], 2))
    assert texts(events) == ["Anna discards 12 on discard pile 3", "Bo's turn", "Bo draws 3 cards"]
    assert len(state.hands[1]) == 5 and state.turn == 1


def test_building_from_hand_stock_top_and_discard_top_turns_up_the_next_stock_card():
    state = arrange(new(2), hands={0: [5, 12]}, stocks={0: [10, 9, 6], 1: [3]}, discards={0: [[8, 7]]},
                    building=[4])
    hand5, stock6 = card_on(state, 5, state.hands[0]), state.stocks[0][-1]
    discard8, discard7 = state.discards[0][0]
    assert builds_of(state, discard8) == [], "only the top card of a discard pile is usable"
    assert "Anna plays 5 from their hand onto building pile 1" in texts(state.apply(0, Build(hand5, 0)))
    events = state.apply(0, Build(stock6, 0))
    assert only(events, ev.StockRevealed).card == state.stocks[0][-1] and VALUES[state.stocks[0][-1]] == 9
    state.apply(0, Build(discard7, 0))
    state.apply(0, Build(discard8, 0))
    assert "Anna plays 9 from their stock onto building pile 1" in texts(state.apply(0, Build(state.stocks[0][-1], 0)))
    assert [VALUES[card] for card in state.building[0]] == list(range(1, 10))
    assert state.turn == 0, "building never ends the turn"


def test_a_pile_showing_4_takes_a_5_or_a_skip_bo_not_a_6_or_a_1():
    state = arrange(new(2), hands={0: [5, 6, 1, SB]}, stocks={0: [9], 1: [9]}, building=[4, 2, 3, 7])
    five, six, one, wild = (card_on(state, v, state.hands[0]) for v in (5, 6, 1, SB))
    assert builds_of(state, five) == [0] and builds_of(state, six) == [] and builds_of(state, one) == []
    assert builds_of(state, wild) == [0, 1, 2, 3]
    assert_refused(state, 0, Build(six, 0), "building pile 1 needs a 5, not a 6")
    assert_refused(state, 0, Build(one, 0), "building pile 1 needs a 5, not a 1")


def test_a_skip_bo_stands_for_the_number_the_pile_needs():
    state = arrange(new(2), hands={0: [SB, 6, 12]}, stocks={0: [9], 1: [9]}, building=[4])
    events = state.apply(0, Build(card_on(state, SB, state.hands[0]), 0))
    assert only(events, ev.Built).number == 5
    assert texts(events) == ["Anna plays a Skip-Bo as 5 from their hand onto building pile 1"]
    assert str(state.table_view(0, NAMES[:2]).centre[1].caption) == "needs 6"
    assert only(state.apply(0, Build(card_on(state, 6, state.hands[0]), 0)), ev.Built).number == 6


def test_an_empty_slot_takes_only_a_1_or_a_skip_bo():
    state = arrange(new(2), hands={0: [2, 1, SB]}, stocks={0: [9], 1: [9]})
    two, one, wild = (card_on(state, v, state.hands[0]) for v in (2, 1, SB))
    assert builds_of(state, two) == []
    assert_refused(state, 0, Build(two, 0), "an empty building pile starts only with a 1 or a Skip-Bo, not a 2")
    assert builds_of(state, one) == builds_of(state, wild) == [0, 1, 2, 3]
    state.apply(0, Build(wild, 2))
    assert only(state.apply(0, Build(two, 2)), ev.Built).number == 2


def test_with_four_piles_open_a_1_must_wait_until_one_completes():
    state = arrange(new(2), hands={0: [1, 12, 7]}, stocks={0: [9], 1: [9]}, building=[3, 5, 11, 9])
    one = card_on(state, 1, state.hands[0])
    assert builds_of(state, one) == []
    assert_refused(state, 0, Build(one, 0), "needs a 4, not a 1")
    events = state.apply(0, Build(card_on(state, 12, state.hands[0]), 2))
    assert "Building pile 3 reached 12 and is set aside" in texts(events)
    assert len(state.set_aside) == 12 and state.building[2] == []
    assert builds_of(state, one) == [2]


def test_a_skip_bo_can_complete_a_pile_as_its_12():
    state = arrange(new(2), hands={0: [SB, 3]}, stocks={0: [9], 1: [9]}, building=[11])
    events = state.apply(0, Build(card_on(state, SB, state.hands[0]), 0))
    assert only(events, ev.Built).number == 12 and kinds(events)[-1] == "PileCompleted"
    assert sorted(VALUES[card] for card in state.set_aside) == [0] + list(range(1, 12))


def test_playing_out_the_whole_hand_draws_five_more_at_once():
    state = arrange(new(2), hands={0: [5]}, stocks={0: [12], 1: [12]}, building=[4],
                    draw=[11, 10, 9, 8, 6])  # the top is last
    events = state.apply(0, Build(state.hands[0][0], 0))
    assert texts(events)[-1] == "Anna draws 5 cards after playing out the hand"
    assert sorted(VALUES[card] for card in state.hands[0]) == [6, 8, 9, 10, 11] and state.turn == 0


def test_playing_out_the_hand_twice_in_one_turn_draws_twice():
    state = arrange(new(2), hands={0: [1, 2, 3, 4, 5]}, stocks={0: [12], 1: [12]},
                    draw=[12, 12, 12, 12, 12, 10, 9, 8, 7, 6])  # the top is last: 6 7 8 9 10, then 12s
    draws = []
    for value in range(1, 11):
        events = state.apply(0, Build(card_on(state, value, state.hands[0]), 0))
        draws += [e.count for e in events if isinstance(e, ev.Drew) and e.emptied]
    assert draws == [5, 5]
    assert [VALUES[card] for card in state.hands[0]] == [12] * 5 and state.turn == 0


def test_discarding_the_last_card_ends_the_turn_and_does_not_count_as_emptying_the_hand():
    state = arrange(new(2), hands={0: [12]}, stocks={0: [9], 1: [9]})
    events = state.apply(0, Discard(state.hands[0][0], 3))
    assert kinds(events) == ["Discarded", "TurnStarted", "Drew"] and only(events, ev.Drew).seat == 1
    assert state.hands[0] == [] and state.turn == 1


def test_a_discard_goes_on_any_of_your_four_piles_in_any_order():
    state = arrange(new(2), hands={0: [9, 3]}, stocks={0: [12], 1: [12]}, discards={0: [[5], [2]]})
    nine = card_on(state, 9, state.hands[0])
    assert sorted(a.pile for a in state.legal_actions(0) if isinstance(a, Discard) and a.card == nine) == [0, 1, 2, 3]
    assert_refused(state, 0, Discard(nine, 4), "there is no pile 5")
    state.apply(0, Discard(nine, 1))
    assert [VALUES[card] for card in state.discards[0][1]] == [2, 9]


def test_when_the_draw_pile_runs_out_the_completed_piles_become_the_new_one():
    state = arrange(new(2), hands={0: [12]}, stocks={0: [9], 1: [9]}, draw=[7, 8], rest="set_aside")
    completed = len(state.set_aside)
    events = state.apply(0, Discard(state.hands[0][0], 0))
    assert texts(events)[2:] == [f"The completed building piles are shuffled into a new draw pile ({completed} cards)",
                                 "Bo draws 5 cards"]
    assert state.set_aside == [] and len(state.draw) == completed - 3
    assert [VALUES[card] for card in state.hands[1][:2]] == [8, 7], "the old draw pile first"


def test_with_nothing_left_to_draw_the_player_gets_what_there_is_and_may_end_the_turn_empty_handed():
    state = arrange(new(2), hands={0: [12], 1: [11]}, stocks={0: [9], 1: [9]}, draw=[10], rest="buried")
    events = state.apply(0, Discard(state.hands[0][0], 0))
    assert texts(events)[-1] == "Bo draws 1 card — nothing more to draw"
    assert len(state.hands[1]) == 2
    assert_refused(state, 1, EndTurn(), "you still hold cards")
    state.apply(1, Discard(state.hands[1][0], 0))
    assert state.hands[0] == [] and state.legal_actions(0) == [EndTurn()]
    assert texts(state.apply(0, EndTurn()))[0] == "Anna holds no cards and ends the turn"
    assert state.turn == 1


def test_a_whole_round_without_a_card_moving_is_won_by_the_fewest_stock_cards_scoring_as_usual():
    state = arrange(new(3), stocks={0: [9, 9], 1: [9], 2: [9, 9, 9]}, building=[5, 5, 5, 5], rest="buried")
    for seat in (0, 1):
        state.apply(seat, EndTurn())
    events = state.apply(2, EndTurn())
    assert texts(events)[-1] == ("Bo wins game 1 with the fewest stock cards left when play locked up: "
                                 "25 + 5 × 5 = 50 points")
    assert state.is_over and state.result.winners == (1,) and state.result.scores == (0, 50, 0)
    assert state.result.summary == "seat 2 had the fewest stock cards left: 50 points"


def test_a_locked_up_game_with_a_tie_for_the_fewest_stock_cards_is_drawn():
    state = arrange(new(3), stocks={0: [9], 1: [9], 2: [9, 9]}, building=[5, 5, 5, 5], rest="buried")
    for seat in (0, 1, 2):
        events = state.apply(seat, EndTurn())
    assert texts(events)[-1] == "Game 1 is drawn: a whole round went by without a card moving"
    assert state.is_over and state.result.winners == () and state.result.scores == (0, 0, 0)


def test_a_locked_up_partner_game_is_won_by_the_team_with_the_fewest_stock_cards_in_all():
    state = arrange(new(4, partners=True), stocks={0: [9], 1: [9, 9], 2: [9, 9, 9], 3: [9]},
                    building=[5, 5, 5, 5], rest="buried")
    for seat in range(4):
        events = state.apply(seat, EndTurn())
    assert texts(events)[-1] == ("Bo & Dan win game 1 with the fewest stock cards left when play locked up: "
                                 "25 + 5 × 4 = 45 points")
    assert state.result.winners == (1, 3) and state.result.scores == (0, 45, 0, 45)


def test_a_whole_round_without_a_card_moving_ends_the_game_drawn_with_the_option_no_points():
    state = arrange(new(2, stalemate="no-points"), stocks={0: [9, 9], 1: [9, 6]}, building=[5, 5, 5, 5],
                    rest="buried")
    state.apply(0, EndTurn())
    state.apply(1, Build(state.stocks[1][-1], 0))  # Bo still moves a card: no draw yet
    state.apply(1, EndTurn())
    state.apply(0, EndTurn())
    assert not state.is_over
    events = state.apply(1, EndTurn())
    assert texts(events) == ["Bo holds no cards and ends the turn",
                             "Game 1 is drawn: a whole round went by without a card moving"]
    assert state.is_over and state.result.winners == () and state.result.scores == (0, 0)
    assert "drawn" in state.result.summary


def test_a_drawn_game_of_a_match_scores_nothing_and_the_next_game_is_dealt():
    state = arrange(new(2, target=500), stocks={0: [9], 1: [9]}, building=[5, 5, 5, 5], rest="buried")
    state.apply(0, EndTurn())
    events = state.apply(1, EndTurn())
    assert kinds(events)[:3] == ["TurnPassed", "GameDrawn", "GameDealt"] and not state.is_over
    assert state.history == [{"game": 1, "winners": [], "points": 0, "stocks": [1, 1]}] and state.scores == [0, 0]
    assert str(state.table_view(0, NAMES[:2]).info[-1]) == "Game 1: drawn, no points"


def lock_up(state):
    """Bury every card and let a whole round pass without a card moving: a tie
    for the fewest stock cards (one each), so the game is drawn."""
    arrange(state, stocks={s: [9] for s in range(state.players)}, building=[5, 5, 5, 5], rest="buried")
    for seat in range(state.players):
        events = state.apply(seat, EndTurn())
    return events


def test_three_drawn_games_in_a_row_end_a_match_and_the_leader_wins_it():
    state = new(2, target=500)
    state.scores = [40, 75]
    for game in (1, 2):
        assert kinds(lock_up(state))[1:3] == ["GameDrawn", "GameDealt"] and not state.is_over
    events = lock_up(state)
    assert texts(events)[-1] == "3 drawn games in a row end the match: Bo wins with 75 points"
    assert state.is_over and state.result.winners == (1,) and state.result.scores == (40, 75)
    assert state.result.summary == "The match ended after 3 drawn games in a row: seat 2 led with 75 points"


def test_a_match_of_only_drawn_games_ends_drawn_after_three():
    state = new(3, target=500)
    for game in (1, 2):
        lock_up(state)
    assert not state.is_over and state.game == 3
    events = lock_up(state)
    assert texts(events)[-1] == "3 drawn games in a row end the match: nobody has scored, so it is drawn"
    assert state.is_over and state.result.winners == () and state.current_seats == ()


def test_a_won_game_between_drawn_ones_starts_the_count_again():
    state = new(2, target=500)
    lock_up(state)
    lock_up(state)
    state.history[-1]["winners"] = [0]  # as if game 2 had been won
    lock_up(state)
    lock_up(state)
    assert not state.is_over and state.game == 5


# --- winning and scoring ---------------------------------------------------------------

def test_the_last_stock_card_wins_at_once_25_plus_5_per_card_in_the_other_stocks():
    state = arrange(new(3), hands={0: [12, 12]}, stocks={0: [7], 1: [9] * 4, 2: [9] * 7}, building=[6])
    events = state.apply(0, Build(state.stocks[0][-1], 0))
    won = only(events, ev.GameWon)
    assert (won.points, won.stock_left, won.winners) == (80, 11, (0,))
    assert texts(events)[-1] == "Anna wins game 1 on the last stock card: 25 + 5 × 11 = 80 points"
    assert state.is_over and state.result.winners == (0,) and state.result.scores == (80, 0, 0)
    assert state.current_seats == () and state.legal_actions(0) == []
    assert_refused(state, 0, Discard(state.hands[0][0], 0), "the game is over")


def test_a_match_deals_the_next_game_until_a_winner_reaches_the_target():
    state = arrange(new(3, target=100), stocks={0: [7], 1: [9] * 4, 2: [9] * 7}, building=[6])
    events = state.apply(0, Build(state.stocks[0][-1], 0))
    assert kinds(events)[-4:] == ["GameWon", "GameDealt", "TurnStarted", "Drew"]
    assert only(events, ev.GameWon).totals == (80, 0, 0) and not state.is_over
    assert state.game == 2 and [len(stock) for stock in state.stocks] == [30, 30, 30]
    assert state.history == [{"game": 1, "winners": [0], "points": 80, "stocks": [0, 4, 7]}]
    assert str(state.table_view(0, NAMES[:3]).info[-1]) == "Game 1: Anna scored 80 points"
    arrange(state, stocks={0: [1], 1: [9], 2: [9] * 2}, turn=0)
    events = state.apply(0, Build(state.stocks[0][-1], 0))
    assert texts(events)[-1] == "Anna wins the match with 120 points"
    assert state.result == Result((0,), (120, 0, 0), "seat 1 reached 120 points after 2 games")


# --- partners -----------------------------------------------------------------------------

def partners_position(**kw):
    return arrange(new(4, partners=True), **kw)


def test_partners_build_from_each_others_stock_and_discard_tops_but_never_from_the_hand():
    state = partners_position(hands={0: [12], 2: [7]}, stocks={0: [9], 1: [7], 2: [11, 6], 3: [9]},
                              discards={2: [[8, 7]], 1: [[7]]}, building=[5])
    events = state.apply(0, Build(state.stocks[2][-1], 0))
    assert texts(events) == ["Anna plays 6 from Cleo's stock onto building pile 1", "Cleo's next stock card is 11"]
    assert_refused(state, 0, Build(state.hands[2][0], 0), "you may never play from your partner's hand")
    assert_refused(state, 0, Build(state.stocks[1][-1], 0), "it lies in seat 2's stock, not yours")
    assert_refused(state, 0, Build(state.discards[1][0][-1], 0), "seat 2's discard pile, not yours")
    state.apply(0, Build(state.discards[2][0][-1], 0))
    assert builds_of(state, state.discards[2][0][-1]) == [0], "the next card of the partner's pile is usable"
    discards = [a for a in state.legal_actions(0) if isinstance(a, Discard)]
    assert {a.card for a in discards} == set(state.hands[0]), "only your own hand is discarded"
    state.apply(0, discards[0])
    assert len(state.discards[0][0]) == 1 and len(state.discards[2][0]) == 1, "onto your own pile only"


def test_the_team_wins_only_when_both_stocks_are_empty_and_a_finished_partners_piles_stay_usable():
    state = partners_position(hands={0: [8, 12]}, stocks={0: [6], 1: [9] * 3, 2: [9, 7], 3: [9] * 5},
                              discards={2: [[10]]}, building=[5])
    events = state.apply(0, Build(state.stocks[0][-1], 0))
    assert not state.is_over and "GameWon" not in kinds(events)
    state.apply(0, Build(state.stocks[2][-1], 0))
    state.apply(0, Build(card_on(state, 8, state.hands[0]), 0))
    events = state.apply(0, Build(state.stocks[2][-1], 0))
    won = only(events, ev.GameWon)
    assert (won.winners, won.points) == ((0, 2), 25 + 5 * 8)
    assert texts(events)[-1] == "Anna & Cleo win game 1 on the last stock card: 25 + 5 × 8 = 65 points"
    assert state.result.scores == (65, 0, 65, 0)


def test_a_partner_with_an_empty_stock_keeps_playing_with_the_teams_piles():
    state = partners_position(hands={2: [12]}, stocks={0: [9, 9], 1: [9], 2: [], 3: [9]},
                              discards={0: [[6]]}, building=[5], turn=2)
    picture = state.table_view(2, NAMES[:4])
    assert str(picture.seats[2].status) == "team A, stock empty" and str(picture.info[1]) == "Anna & Cleo vs Bo & Dan"
    assert builds_of(state, state.discards[0][0][-1]) == [0]
    state.apply(2, Build(state.discards[0][0][-1], 0))


# --- the unit ------------------------------------------------------------------------------

def test_the_units_pick_starts_instead_before_the_first_move():
    state = new(4)
    events = state.feed(uev.PlayerSelected(at=1.0, seat=2, limit_ms=6000.0))
    assert texts(events) == ["The unit picks Cleo to start", "Cleo's turn", "Cleo draws 5 cards"]
    assert state.turn == 2 and state.hands[0] == [] and len(state.hands[2]) == 5
    check_invariants(state)
    state.apply(2, state.legal_actions(2)[-1])
    with pytest.raises(IllegalAction, match="only before the first move"):
        state.feed(uev.PlayerSelected(at=2.0, seat=1, limit_ms=None))


def test_a_timeout_discards_the_highest_numbered_card_onto_the_first_empty_pile():
    state = arrange(new(2), hands={0: [3, 11, SB, 7]}, stocks={0: [9], 1: [9]}, discards={0: [[4]]})
    events = state.feed(uev.TurnTimedOut(at=6.0, seat=0, limit_ms=6000.0))
    assert texts(events)[0] == "Anna ran out of time: 11 is discarded on discard pile 2"
    assert (events[0].cause, events[0].count) == ("timeout", 1)
    assert sorted(VALUES[card] for card in state.hands[0]) == [SB, 3, 7] and state.turn == 1


def test_a_timeout_with_all_piles_started_uses_pile_1_and_a_skip_bo_only_hand_gives_up_a_skip_bo():
    state = arrange(new(2), hands={0: [SB, SB]}, stocks={0: [9], 1: [9]}, discards={0: [[4], [5], [6], [7]]})
    state.feed(uev.TurnTimedOut(at=6.0, seat=0, limit_ms=6000.0))
    assert [VALUES[card] for card in state.discards[0][0]] == [4, SB]


def test_a_timeout_with_an_empty_hand_just_passes_the_turn():
    state = arrange(new(2), stocks={0: [9], 1: [9]}, building=[1], rest="buried")
    events = state.feed(uev.TurnTimedOut(at=6.0, seat=0, limit_ms=4000.0))
    assert texts(events) == ["Anna ran out of time; the turn passes", "Bo's turn",
                             "Bo draws 0 cards — nothing more to draw"]
    assert events[0].count == 0


@pytest.mark.parametrize("event, reason", [
    (uev.TurnTimedOut(at=1.0, seat=1, limit_ms=6000.0), "it is seat 1's turn"),
    (uev.SlapStarted(at=1.0, slapper=0, racers=(0, 1), window_ms=2000.0), "does not use the unit's SlapStarted"),
    (uev.PlayerSelected(at=1.0, seat=5, limit_ms=None), "there is no seat 6"),
])
def test_unit_events_at_the_wrong_moment_are_refused(event, reason):
    state = new(2)
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        state.feed(event)
    assert state.to_dict() == before


def test_unit_events_after_the_game_are_refused():
    state = arrange(new(2), stocks={0: [1], 1: [9]})
    state.apply(0, Build(state.stocks[0][-1], 0))
    with pytest.raises(IllegalAction, match="the game is over"):
        state.feed(uev.TurnTimedOut(at=1.0, seat=0, limit_ms=6000.0))


# --- refusals ---------------------------------------------------------------------------------

def test_illegal_moves_are_refused_with_a_reason_and_change_nothing():
    state = arrange(new(3), hands={0: [8, 11], 1: [5]}, stocks={0: [8, 7], 1: [5], 2: [6]}, building=[7])
    assert_refused(state, 1, Build(state.hands[1][0], 0), "not your turn")
    assert_refused(state, 0, Build(state.hands[1][0], 0), "you do not hold it")
    assert_refused(state, 0, Build(state.stocks[0][0], 0), "only the top card of a stock pile")
    assert_refused(state, 0, Build(999, 0), "there is no card 999")
    assert_refused(state, 0, Build(card_on(state, 8, state.hands[0]), 4), "there is no pile 5")
    assert_refused(state, 0, Build(card_on(state, 11, state.hands[0]), 0), "building pile 1 needs an 8, not an 11")
    assert_refused(state, 0, Discard(state.stocks[0][-1], 0), "you can only discard a card from your hand")
    assert_refused(state, 0, EndTurn(), "you still hold cards")
    assert_refused(state, 0, "slap", "is not a move in Skip-Bo")


# --- the table picture ---------------------------------------------------------------------------

def test_the_table_shows_piles_and_anchors_choices_on_the_card_to_click():
    state = arrange(new(2), hands={0: [5, 1, 12]}, stocks={0: [9, 5], 1: [3]}, discards={0: [[7, 6]]},
                    building=[4, 2])
    picture = state.table_view(0, NAMES[:2])
    five = card_on(state, 5, state.hands[0])
    labels = {(ch.card, str(ch.label)) for ch in picture.choices}
    assert (five, "5 → building pile 1") in labels and (state.stocks[0][-1], "5 → building pile 1") in labels
    assert (card_on(state, 1, state.hands[0]), "1 → building pile 4") in labels
    assert (five, "discard on pile 3") in labels and all(ch.pile is None for ch in picture.choices)
    assert len(picture.choices) == len(state.legal_actions(0))
    assert [str(pile.caption) for pile in picture.centre[1:5]] == [
        "needs 5", "needs 3", "empty: needs 1", "empty: needs 1"]
    discard = picture.seats[0].piles[1]
    assert (discard.layout, [v.face for v in discard.cards]) == ("fan", ["skipbo/7", "skipbo/6"])
    assert str(picture.seats[0].piles[0].caption) == "2 cards" and picture.seats[0].active
    assert [v.highlight for v in picture.seats[0].hand.cards] == [True, True, False]
    assert str(picture.prompt).startswith("Build on the building piles")
    assert str(state.table_view(1, NAMES[:2]).prompt) == "Anna is playing"


def test_an_empty_handed_player_gets_an_end_turn_button():
    state = arrange(new(2), stocks={0: [9], 1: [9]}, rest="buried")
    picture = state.table_view(0, NAMES[:2])
    assert [(str(ch.label), ch.card, ch.pile) for ch in picture.choices] == [
        ("end your turn (no cards to discard)", None, None)]
    assert str(picture.prompt).startswith("Nothing left to draw")


# --- random play, replays ---------------------------------------------------------------------------

RANDOM_CONFIGS = [  # (options, games): 1 000 games in all, most of them cheap
    ({"players": 2}, 150), ({"players": 3}, 150), ({"players": 4}, 330), ({"players": 5}, 60),
    ({"players": 6}, 60), ({"players": 2, "short_game": True}, 50), ({"players": 4, "partners": True}, 120),
    ({"players": 4, "partners": True, "short_game": True}, 25),
    ({"players": 6, "partners": True, "short_game": True}, 10),
    ({"players": 4, "partners": True, "short_game": True, "target": 30}, 8),
    ({"players": 3, "short_game": True, "first_player": "2"}, 37),
]


def test_the_random_play_covers_a_thousand_games():
    assert sum(games for _, games in RANDOM_CONFIGS) == 1000


@pytest.mark.soak
@pytest.mark.parametrize("options, games", RANDOM_CONFIGS, ids=lambda v: str(v))
def test_seeded_random_games_keep_every_card_once_and_always_offer_a_move(options, games):
    outcomes = Counter()
    for seed in range(games):
        state = play_random(GAME, options, seed)
        outcomes["won" if state.result.winners else "drawn"] += 1
        assert state.result.summary
    assert sum(outcomes.values()) == games


def test_random_partner_games_are_won_by_whole_teams():
    """On the last stock card or, when play locks up, with fewer stock cards left than the other team."""
    won_on_stock = 0
    for seed in range(10):
        state = play_random(GAME, {"players": 4, "partners": True, "short_game": True}, seed)
        winners = state.result.winners
        assert winners in ((), (0, 2), (1, 3))
        if winners:
            left = [sum(len(state.stocks[s]) for s in state.team(first)) for first in (0, 1)]
            assert left[winners[0]] < left[1 - winners[0]]
            won_on_stock += left[winners[0]] == 0
    assert won_on_stock


@pytest.mark.parametrize("options", [{"players": 3},
                                     {"players": 4, "partners": True, "short_game": True, "target": 60}])
def test_games_replay_from_the_log_and_survive_a_save(options):
    assert_replays_and_round_trips(play_random(GAME, options, seed=3, check_every_action=False))


def test_a_game_with_unit_events_replays_too():
    state = new(3, seed=11)
    state.feed(uev.PlayerSelected(at=0.5, seat=1, limit_ms=6000.0))
    state.apply(1, state.legal_actions(1)[0])
    state.feed(uev.TurnTimedOut(at=6.5, seat=state.turn, limit_ms=6000.0))
    assert_replays_and_round_trips(state)


def test_the_same_seed_deals_the_same_game():
    assert new(4, seed=5).to_dict() == new(4, seed=5).to_dict()
    assert new(4, seed=5).stocks != new(4, seed=6).stocks


# --- bots ---------------------------------------------------------------------------------------------

def play_bots(options, names, seed, checked=False):
    state = GAME(options, seed)
    bots = [BOTS[names[s % len(names)]](s) for s in range(state.players)]
    rng = np.random.default_rng(seed)
    while not state.is_over:
        seat = state.current_seats[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
        if checked:
            check_invariants(state)
    return state


def choose(state, seat=0):
    return BOTS["heuristic"](seat).choose(state.view(seat), state.legal_actions(seat), np.random.default_rng(0))


def test_the_heuristic_bot_plays_its_stock_first():
    state = arrange(new(2), hands={0: [5, 6]}, stocks={0: [9, 5], 1: [12]}, discards={0: [[5]]}, building=[4])
    assert choose(state) == Build(state.stocks[0][-1], 0)


def test_the_heuristic_bot_bridges_a_pile_up_to_its_stock_card():
    state = arrange(new(2), hands={0: [6, 12, SB]}, stocks={0: [9, 8], 1: [12]}, discards={0: [[5]]}, building=[4])
    assert choose(state) == Build(state.discards[0][0][-1], 0), "5 then 6, Skip-Bo as 7, then the stock 8"


def test_the_heuristic_bot_does_not_feed_the_next_players_stock_card():
    state = arrange(new(2), hands={0: [5, 8, 11]}, stocks={0: [12], 1: [6]}, building=[4, 7])
    assert choose(state) == Build(card_on(state, 8, state.hands[0]), 1), "the 5 would let Bo play the 6"


def test_the_heuristic_bot_keeps_its_discard_piles_running_down():
    state = arrange(new(2), hands={0: [9, 3, SB]}, stocks={0: [12], 1: [12]},
                    discards={0: [[10], [2], [7]]}, building=[5, 5, 5, 5])
    assert choose(state) == Discard(card_on(state, 9, state.hands[0]), 0)


def test_bots_play_whole_games_of_every_kind_within_the_rules():
    for options in ({"players": 2, "target": 150}, {"players": 4, "partners": True}, {"players": 6}):
        state = play_bots(options, ["heuristic", "random"], seed=2, checked=True)
        assert state.result.summary


@pytest.mark.soak
def test_the_heuristic_bot_beats_the_random_bot_clearly():
    wins = Counter()
    for seed in range(200):
        names = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        state = play_bots({"players": 2, "short_game": True}, names, seed)
        wins.update(names[s] for s in state.result.winners)
    assert wins["heuristic"] >= 180 and wins["random"] <= 5, wins


def test_simulate_runs_from_the_command_line(capsys):
    from haudrauf.cli import main as cli
    assert registry.game_class("skip-bo") is GAME
    assert cli.main(["simulate", "--game", "skip-bo", "--players", "4", "--games", "50", "--seed", "1",
                     "--bots", "heuristic,random"]) == 0
    out = capsys.readouterr().out
    assert "skip-bo: 50 games, 4 players" in out
    assert "heuristic" in out and "random" in out
