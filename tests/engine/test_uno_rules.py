"""Every rule of UNO Hau drauf as a scenario from a constructed position."""
from collections import Counter

import pytest

from haudrauf.device import events as uev
from haudrauf.engine.core import IllegalAction, TurnStarted
from haudrauf.engine.games.uno_hau_drauf import UnoHauDrauf
from haudrauf.engine.games.uno_hau_drauf import events as ev
from haudrauf.engine.games.uno_hau_drauf.actions import (
    Accept, CallUno, CatchUno, Challenge, ChooseColour, Draw, Play, PressButton, PressHauDrauf,
)
from haudrauf.engine.games.uno_hau_drauf.cards import CARDS
from haudrauf.testing.invariants import assert_refused, check_invariants
from tests.engine.uno_helpers import acknowledge, card, end_turn, kinds, position, select, timeout

R7, R5, B7, B3, G2, Y9 = card("red", "7"), card("red", "5"), card("blue", "7"), card("blue", "3"), \
    card("green", "2"), card("yellow", "9")
WILD, WILD4 = card(None, "wild"), card(None, "wild4")
R_D2, B_D2, R_SKIP, R_HD = card("red", "draw2"), card("blue", "draw2"), card("red", "skip"), \
    card("red", "haudrauf")


# --- the deck and the deal -------------------------------------------------------

def test_the_deck_has_108_cards_no_reverse_and_the_right_points():
    symbols = Counter(c.symbol for c in CARDS)
    assert len(CARDS) == 108
    assert symbols["0"] == 4 and all(symbols[str(n)] == 8 for n in range(1, 10))
    assert symbols["draw2"] == symbols["skip"] == symbols["haudrauf"] == 8
    assert symbols["wild"] == symbols["wild4"] == 4
    assert "reverse" not in symbols
    assert [CARDS[c].points for c in (R7, R_D2, R_SKIP, R_HD, WILD, WILD4)] == [7, 20, 20, 20, 50, 50]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_seven_cards_each_and_a_start_card(players):
    state = UnoHauDrauf({"players": players}, seed=3)
    assert [len(h) for h in state.hands] == [7] * players
    assert len(state.discard) == 1
    assert CARDS[state.discard[0]].symbol not in ("wild4", "haudrauf")
    check_invariants(state)


def _seed_with_start(symbol):
    for seed in range(2000):
        state = UnoHauDrauf({"players": 3}, seed)
        if CARDS[state.discard[-1]].symbol == symbol:
            return state
    raise AssertionError(symbol)


def test_a_draw_two_start_card_hits_the_first_selected_player():
    state = _seed_with_start("draw2")
    events = select(state, 2)
    assert ev.CardsDrawn(seat=2, count=2, cause="draw two") in events
    assert len(state.hands[2]) == 9
    assert state.legal_actions(2) == [PressButton()]


def test_a_skip_start_card_skips_the_first_selected_player():
    state = _seed_with_start("skip")
    assert ev.SitsOut(seat=0, why="skip") in select(state, 0)
    assert state.legal_actions(0) == [PressButton()]


def test_a_wild_start_card_lets_the_first_selected_player_name_the_colour():
    state = _seed_with_start("wild")
    select(state, 1)
    assert state.legal_actions(1) == [ChooseColour(c) for c in ("red", "yellow", "green", "blue")]
    state.apply(1, ChooseColour("green"))
    assert state.colour == "green" and state.phase == "turn"


def test_wild_draw_four_and_hau_drauf_never_start_they_go_back_and_another_is_turned():
    returned = Counter()
    for seed in range(400):
        state = UnoHauDrauf({"players": 2}, seed)
        returned[CARDS[state.discard[-1]].symbol] += 1
        check_invariants(state)
    assert returned["wild4"] == returned["haudrauf"] == 0
    for seed in range(400):  # and the return is announced when it happens
        state = UnoHauDrauf({"players": 2}, seed)
        events = state._start_round()
        if any(isinstance(e, ev.StartCardReturned) for e in events):
            assert CARDS[events[0].card].symbol in ("wild4", "haudrauf")
            break
    else:
        raise AssertionError("no returned start card in 400 rounds")


# --- turns come from the unit ----------------------------------------------------

def test_nobody_plays_until_the_unit_selects():
    state = position([[R5], [B3]], top=R7)
    assert state.current_seats == ()
    assert_refused(state, 0, Play(R5), "wait for the unit to pick the next player")
    select(state, 1)
    assert state.current_seats == (1,)
    assert_refused(state, 0, Play(R5), "not your turn: seat 2 is playing")


def test_match_by_colour_or_symbol():
    state = position([[R5, B7, B3, G2], [Y9]], top=R7)
    select(state, 0)
    plays = {a.card for a in state.legal_actions(0) if isinstance(a, Play)}
    assert plays == {R5, B7}
    assert_refused(state, 0, Play(B3), "a blue 3 does not match a red 7")
    state.apply(0, Play(B7))
    assert state.colour == "blue" and state.discard[-1] == B7


def test_you_cannot_play_a_card_you_do_not_hold():
    state = position([[R5], [Y9]], top=R7)
    select(state, 0)
    assert_refused(state, 0, Play(card("red", "5", 1)), "you do not hold that card")


def test_after_drawing_only_the_drawn_card_may_be_played():
    drawn = card("red", "1")
    state = position([[R5, G2], [Y9]], top=R7, stock=[drawn])
    select(state, 0)
    state.apply(0, Draw())  # a voluntary draw although the red 5 could be played
    assert drawn in state.hands[0]
    assert set(state.legal_actions(0)) == {Play(drawn), PressButton()}
    assert_refused(state, 0, Play(R5), "only the card you drew")
    state.apply(0, Play(drawn))


def test_a_drawn_card_need_not_be_played():
    state = position([[G2], [Y9]], top=R7, stock=[card("red", "1")])
    select(state, 0)
    state.apply(0, Draw())
    assert kinds(end_turn(state, 0)) == []
    assert state.phase == "wait" and len(state.hands[0]) == 2


def test_a_turn_cannot_end_before_playing_or_drawing():
    state = position([[R5], [Y9]], top=R7)
    select(state, 0)
    assert_refused(state, 0, PressButton(), "play a card or draw one before you press your button")
    with pytest.raises(IllegalAction):
        state.feed(uev.TurnEnded(at=0, seat=0, elapsed_ms=100))


def test_a_timeout_costs_two_cards_and_the_flashing_button_must_be_pressed():
    state = position([[R5, G2], [Y9]], top=R7)
    select(state, 0)
    assert ev.CardsDrawn(seat=0, count=2, cause="timeout") in timeout(state, 0)
    assert len(state.hands[0]) == 4
    assert state.legal_actions(0) == [PressButton()]
    assert_refused(state, 0, Play(R5), "you cannot lay a card now")
    acknowledge(state, 0)
    assert state.phase == "wait"


@pytest.mark.parametrize("hit", [R_D2, R_SKIP])
def test_a_timeout_also_hits_a_skipped_player_or_one_who_had_to_draw(hit):
    state = position([[hit, G2], [Y9, B3]], top=R7)
    select(state, 0)
    state.apply(0, Play(hit))
    end_turn(state, 0)
    select(state, 1)
    before = len(state.hands[1])
    timeout(state, 1)
    assert len(state.hands[1]) == before + 2


# --- draw two, skip, wild, wild draw four ---------------------------------------------

def test_draw_two_hits_the_next_selected_player_who_may_not_lay_a_card():
    state = position([[R_D2, G2], [Y9, B3]], top=R7)
    select(state, 0)
    state.apply(0, Play(R_D2))
    end_turn(state, 0)
    events = select(state, 1)
    assert ev.CardsDrawn(seat=1, count=2, cause="draw two") in events
    assert state.legal_actions(1) == [PressButton()]
    assert_refused(state, 1, Play(B3), "you cannot lay a card now")


def test_draw_two_hits_even_the_player_who_laid_it():
    state = position([[R_D2, G2], [Y9]], top=R7)
    select(state, 0)
    state.apply(0, Play(R_D2))
    end_turn(state, 0)
    assert ev.CardsDrawn(seat=0, count=2, cause="draw two") in select(state, 0)
    assert len(state.hands[0]) == 3


def test_draw_two_plays_on_its_colour_or_another_draw_two():
    state = position([[B_D2, R_D2], [Y9]], top=card("red", "draw2", 1))
    select(state, 0)
    assert {a.card for a in state.legal_actions(0) if isinstance(a, Play)} == {B_D2, R_D2}


def test_skip_skips_the_next_selected_player_who_still_must_press():
    state = position([[R_SKIP, G2], [Y9, R5]], top=R7)
    select(state, 0)
    state.apply(0, Play(R_SKIP))
    end_turn(state, 0)
    assert ev.SitsOut(seat=1, why="skip") in select(state, 1)
    assert state.legal_actions(1) == [PressButton()]
    end_turn(state, 1)
    assert state.pending is None


def test_wild_names_any_colour_even_when_another_card_fits():
    state = position([[WILD, R5], [Y9]], top=R7)
    select(state, 0)
    assert Play(WILD, "red") in state.legal_actions(0)
    events = state.apply(0, Play(WILD, "red"))
    assert events[0] == ev.CardPlayed(seat=0, card=WILD, colour="red")
    assert state.colour == "red"


def test_a_wild_must_name_a_colour():
    state = position([[WILD, R5], [Y9]], top=R7)
    select(state, 0)
    assert_refused(state, 0, Play(WILD), "name a colour")


def test_wild_draw_four_is_refused_while_holding_the_current_colour():
    state = position([[WILD4, R5, B3], [Y9]], top=R7)
    select(state, 0)
    reason = assert_refused(state, 0, Play(WILD4, "blue"), "may be laid only when you hold no red card")
    assert "wild +4" in str(reason)
    # a matching number of another colour does not forbid it
    state = position([[WILD4, B7], [Y9]], top=R7)
    select(state, 0)
    assert Play(WILD4, "blue") in state.legal_actions(0)


def _wild4_played(bluffing=False, layer_hand=None):
    state = position([layer_hand or [WILD4, B3, G2], [Y9, B7], [card("yellow", "1")]], top=R7,
                     wild4_bluffing=bluffing)
    select(state, 0)
    state.apply(0, Play(WILD4, "green"))
    end_turn(state, 0)
    return state


def test_wild_draw_four_victim_is_the_next_selected_player_who_may_accept():
    state = _wild4_played()
    select(state, 1)
    assert set(state.legal_actions(1)) == {Challenge(), Accept()}
    events = state.apply(1, Accept())
    assert ev.CardsDrawn(seat=1, count=4, cause="wild draw four") in events
    assert state.legal_actions(1) == [PressButton()]


def test_wild_draw_four_hits_its_layer_if_the_unit_selects_them():
    state = _wild4_played()
    events = select(state, 0)
    assert ev.CardsDrawn(seat=0, count=4, cause="wild draw four") in events
    assert state.legal_actions(0) == [PressButton()]


def test_challenge_of_an_innocent_wild_draw_four_costs_the_challenger_six():
    state = _wild4_played()
    select(state, 1)
    events = state.apply(1, Challenge())
    assert ev.ChallengeDecided(challenger=1, challenged=0, guilty=False) in events
    assert len(state.hands[1]) == 2 + 6
    assert state.legal_actions(1) == [PressButton()]


def test_challenge_of_a_guilty_wild_draw_four_makes_the_layer_draw_four():
    state = _wild4_played(bluffing=True, layer_hand=[WILD4, R5, G2])  # held a red card
    select(state, 1)
    events = state.apply(1, Challenge())
    assert ev.ChallengeDecided(challenger=1, challenged=0, guilty=True) in events
    assert len(state.hands[0]) == 2 + 4 and len(state.hands[1]) == 2
    assert state.phase == "turn"  # the challenger plays a normal turn


# --- HAU DRAUF ------------------------------------------------------------------

def _hau_drauf_laid():
    state = position([[R_HD, G2, B3], [Y9, B7], [R5]], top=R7)
    select(state, 0)
    assert ev.SlapArmed(seat=0) in state.apply(0, Play(R_HD))
    return state


def test_after_a_hau_drauf_card_the_layer_is_told_of_the_big_button_not_their_own():
    state = _hau_drauf_laid()
    view = state.table_view(0, ["Anna", "Bo", "Cleo"])
    assert view.press == () and "big button" in str(view.prompt)


def test_hau_drauf_card_then_the_big_button_starts_the_race_and_the_slowest_draws_two():
    state = _hau_drauf_laid()
    assert PressHauDrauf() in state.legal_actions(0)
    state.apply(0, PressHauDrauf())
    state.feed(uev.SlapStarted(at=0, slapper=0, racers=(0, 1, 2), window_ms=5000))
    assert all(state.legal_actions(s) == [PressButton()] for s in (0, 1, 2))
    for seat in (2, 0, 1):
        state.apply(seat, PressButton())
        state.feed(uev.SlapPressed(at=0, seat=seat, reaction_ms=200, place=1))
    events = state.feed(uev.SlapResult(at=0, slapper=0, times=((0, 300), (1, 400), (2, 200)), losers=(1,),
                                     window_expired=False))
    assert events == [ev.CardsDrawn(seat=1, count=2, cause="slap")]
    assert state.legal_actions(1) == [PressButton()] and state.legal_actions(2) == []
    acknowledge(state, 1, "slap")
    assert state.phase == "wait"


def test_several_slap_losers_each_draw_two():
    state = _hau_drauf_laid()
    state.apply(0, PressHauDrauf())
    state.feed(uev.SlapStarted(at=0, slapper=0, racers=(0, 1, 2), window_ms=5000))
    events = state.feed(uev.SlapResult(at=0, slapper=0, times=((0, None), (1, None), (2, None)),
                                     losers=(0, 1, 2), window_expired=True))
    assert [e.seat for e in events if isinstance(e, ev.CardsDrawn)] == [0, 1, 2]


def test_pressing_the_own_button_instead_cancels_the_hau_drauf():
    state = _hau_drauf_laid()
    events = end_turn(state, 0)
    assert events == [ev.SlapCancelled(seat=0)]
    with pytest.raises(IllegalAction):
        state.feed(uev.SlapStarted(at=0, slapper=0, racers=(0, 1, 2), window_ms=5000))


def test_hau_drauf_button_is_refused_without_a_hau_drauf_card():
    state = position([[R5, G2], [Y9]], top=R7)
    select(state, 0)
    state.apply(0, Play(R5))
    assert_refused(state, 0, PressHauDrauf(), "only right after you laid a HAU DRAUF card")


# --- UNO -----------------------------------------------------------------------

def test_uno_called_in_time_is_safe():
    state = position([[R5, G2], [Y9, B3]], top=R7)
    select(state, 0)
    state.apply(0, Play(R5))
    assert CatchUno(0) in state.legal_actions(1)
    assert ev.UnoCalled(seat=0) in state.apply(0, CallUno())
    assert_refused(state, 1, CatchUno(0), "nobody to catch")


def test_caught_without_uno_costs_two_cards():
    state = position([[R5, G2], [Y9, B3], [B7]], top=R7)
    select(state, 0)
    state.apply(0, Play(R5))
    end_turn(state, 0)  # the window stays open while the unit spins
    events = state.apply(2, CatchUno(0))
    assert ev.UnoCaught(catcher=2, target=0) in events and len(state.hands[0]) == 3


def test_the_uno_window_closes_when_the_next_player_starts():
    state = position([[R5, G2], [Y9, B3]], top=R7)
    select(state, 0)
    state.apply(0, Play(R5))
    end_turn(state, 0)
    select(state, 1)
    assert CatchUno(0) not in state.legal_actions(1)
    assert_refused(state, 1, CatchUno(0), "the next turn has begun")


# --- round end, stock, scoring ---------------------------------------------------

def test_round_ends_when_a_hand_is_empty_and_the_winner_scores_the_others_cards():
    state = position([[R5], [Y9, WILD], [R_D2, card("blue", "skip")]], top=R7)
    select(state, 0)
    events = state.apply(0, Play(R5))
    over = next(e for e in events if isinstance(e, ev.RoundOver))
    assert (over.winner, over.points, over.hand_points) == (0, 9 + 50 + 40, (0, 59, 40))
    assert state.scores == [99, 0, 0]
    assert state.round == 2 and [len(h) for h in state.hands] == [7, 7, 7]  # the next round is dealt
    check_invariants(state)


def test_last_card_draw_two_is_still_drawn_and_counted():
    state = position([[R_D2], [Y9], [G2]], top=R7)
    select(state, 0)
    events = state.apply(0, Play(R_D2))
    assert not any(isinstance(e, ev.RoundOver) for e in events)
    end_turn(state, 0)
    drawn = [card("green", "9"), card("green", "8")]
    state.stock[-2:] = list(reversed(drawn))
    events = select(state, 2)
    over = next(e for e in events if isinstance(e, ev.RoundOver))
    assert over.winner == 0 and over.hand_points[2] == 2 + 9 + 8
    assert state.scores[0] == 9 + 19


def test_if_the_unit_selects_the_winner_it_selects_again():
    state = position([[R_D2], [Y9]], top=R7)
    select(state, 0)
    state.apply(0, Play(R_D2))
    end_turn(state, 0)
    assert ev.WinnerSelected(seat=0) in select(state, 0)
    assert state.legal_actions(0) == [PressButton()]
    end_turn(state, 0)
    assert any(isinstance(e, ev.RoundOver) for e in select(state, 1))


def test_the_stock_is_rebuilt_from_the_discard_pile_except_its_top_card():
    state = position([[R5, G2], [Y9]], top=R7)
    state.discard = [B3, card("blue", "1"), R7]
    state.stock = [c for c in range(108) if c not in (R5, G2, Y9, B3, card("blue", "1"), R7)]
    moved = state.stock[:]
    state.stock = []
    state.hands[1] += moved  # everything else is in hands
    select(state, 0)
    events = state.apply(0, Draw())
    assert events[0] == ev.StockReshuffled(count=2)
    assert state.discard == [R7] and len(state.stock) == 1
    check_invariants(state)


def test_with_no_card_left_to_draw_a_player_who_cannot_play_may_pass():
    state = position([[G2], [Y9]], top=R7)
    state.hands[1] += state.stock
    state.stock = []
    select(state, 0)
    assert state.legal_actions(0) == [PressButton()]
    assert_refused(state, 0, Draw(), "the stock and the discard pile are empty: press your button to pass")
    end_turn(state, 0)


def test_lowest_wins_scoring_charges_everyone_their_own_cards():
    state = position([[R5], [Y9, WILD], [G2]], top=R7, scoring="lowest-wins", target=50)
    select(state, 0)
    events = state.apply(0, Play(R5))
    over = next(e for e in events if isinstance(e, ev.GameOver))
    assert state.scores == [0, 59, 2]
    assert over.winners == (0,)
    assert state.is_over and state.result.winners == (0,)


def test_the_game_ends_at_the_target():
    state = position([[R5], [Y9, WILD]], top=R7, target=50)
    select(state, 0)
    events = state.apply(0, Play(R5))
    assert kinds(events)[-2:] == ["RoundOver", "GameOver"]
    assert state.result.winners == (0,) and state.result.scores == (59, 0)
    assert_refused(state, 0, Draw(), "the game is over")


# --- the variant: the layer chooses who draws -----------------------------------------

def test_variant_layer_chooses_the_victim_of_draw_two():
    state = position([[R_D2, G2, B7], [Y9], [B3]], top=R7, layer_chooses=True)
    select(state, 0)
    assert {a.target for a in state.legal_actions(0) if isinstance(a, Play) and a.card == R_D2} == {1, 2}
    events = state.apply(0, Play(R_D2, target=2))
    assert ev.CardsDrawn(seat=2, count=2, cause="draw two") in events
    assert state.legal_actions(0) == [PressButton()]
    end_turn(state, 0)
    assert state.pending is None and TurnStarted(seat=2) in select(state, 2) and state.phase == "turn"


def test_variant_wild_draw_four_victim_answers_at_once():
    state = position([[WILD4, G2, B3], [Y9], [B7]], top=R7, layer_chooses=True)
    select(state, 0)
    state.apply(0, Play(WILD4, "green", target=1))
    assert state.current_seats == (1,) and set(state.legal_actions(1)) == {Challenge(), Accept()}
    state.apply(1, Accept())
    assert len(state.hands[1]) == 5 and state.legal_actions(0) == [PressButton()]


def test_after_drawing_a_card_that_does_not_fit_the_prompt_says_to_press_the_button():
    state = position([[G2], [Y9]], top=R7, stock=[B3])
    select(state, 0)
    state.apply(0, Draw())
    assert str(state.table_view(0, ["Anna", "Bo"]).prompt) == \
        "The card you drew does not fit — press your button to end your turn"
    fits = position([[G2], [Y9]], top=R7, stock=[R5])
    select(fits, 0)
    fits.apply(0, Draw())
    assert str(fits.table_view(0, ["Anna", "Bo"]).prompt) == "Play the card you drew, or press your button"
