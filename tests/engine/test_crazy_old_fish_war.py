"""Crazy Old Fish War: every rule of the digest as a scenario, the war cases one
by one, the unit's events, the table picture, bots and seeded random play."""
from __future__ import annotations

import numpy as np
import pytest

from haudrauf.device.events import PlayerSelected, TurnTimedOut, SpinStarted
from haudrauf.engine.core import TurnStarted
from haudrauf.engine.core import IllegalAction
from haudrauf.engine.core.table_view import CardView
from haudrauf.engine.games.crazy_old_fish_war import GAME
from haudrauf.engine.games.crazy_old_fish_war.bots import BOTS
from haudrauf.engine.games.crazy_old_fish_war import events as ev
from haudrauf.engine.games.crazy_old_fish_war.actions import Ask, CallFish, Give, LayCard, Name, Play, StayQuiet, War
from haudrauf.engine.games.crazy_old_fish_war.cards import (
    CARD_COLOUR, CARD_NUMBER, COLOUR_TABLE, COLOURS, FISH_NAMES, face, is_wild,
)
from haudrauf.cli import main as cli
from haudrauf.testing.invariants import assert_refused, assert_replays_and_round_trips, check_invariants, play_random

NAMES = ["Anna", "Bo", "Cy", "Di", "Ed", "Flo"]
RED, YELLOW, GREEN, BLUE, PURPLE = range(5)
M1, M2, M3 = 55, 56, 57


def c(colour: int, number: int) -> int:
    """The card id of a numbered card."""
    return colour * 11 + number - 1


def name_of(seat: int) -> str:
    return NAMES[seat]


def texts(events) -> list[str]:
    return [str(e.message(name_of)) for e in events]


def info_lines(state, viewer) -> list[str]:
    """The side lines the table shows `viewer`, in English."""
    return [str(line) for line in state.table_view(viewer, NAMES).info]


def table(hands, top, *, draw_next=(), under=(), turn=0, **options):
    """A game in the play phase with the given hands and top card; `draw_next`
    are the next cards drawn (first drawn first), the rest lies below them."""
    state = GAME({"players": len(hands), **options}, seed=7)
    placed = {x for h in hands for x in h} | {top} | set(draw_next) | set(under)
    state.hands = [list(h) for h in hands]
    state.pile = list(under) + [top]
    state.draw = [x for x in range(58) if x not in placed] + list(reversed(draw_next))
    state.colour, state.number = CARD_COLOUR[top], CARD_NUMBER[top]
    state.turn, state.phase = turn, "play"
    state.one_card = [s for s, h in enumerate(hands) if len(h) == 1]
    check_invariants(state)
    return state


def at_war(hands, top, *, draw_next=(), declarer=0, challenged=1, **options):
    state = table(hands, top, draw_next=draw_next, turn=declarer, war=True, **options)
    state.apply(declarer, War(challenged))
    assert state.phase == "war" and set(state.current_seats) == {declarer, challenged}
    return state


# --- the cards and the deal ----------------------------------------------------------


def test_58_cards_five_colours_1_to_11_three_mermaids_five_crazy_8s():
    faces = [face(x) for x in range(58)]
    assert len(set(faces)) == 55 + 1 and faces.count("cofw/mermaid") == 3
    assert {f"cofw/{col}/{n}" for col in COLOURS for n in range(1, 12)} <= set(faces)
    assert sum(CARD_NUMBER[x] == 8 for x in range(55)) == 5
    symbols = [symbol for _, symbol in COLOUR_TABLE.values()]
    assert len(COLOUR_TABLE) == 5 and len(set(symbols)) == 5  # told apart without colour


def test_deal_seven_each_start_card_plain_and_left_of_dealer_starts():
    covered = 0
    for seed in range(60):
        state = GAME({"players": 4}, seed=seed)
        assert [len(h) for h in state.hands] == [7] * 4 and len(state.draw) == 58 - 28 - len(state.pile)
        assert not is_wild(state.pile[-1])
        assert all(is_wild(x) for x in state.pile[:-1])  # special cards turned up were covered
        covered += len(state.pile) > 1
        assert state.current_seats == (0,) and state.round == 1
    assert covered, "some deal should have turned up a Crazy 8 or an Old Mermaid first"


# --- matching -------------------------------------------------------------------------


def test_play_matches_colour_or_number_and_crazy_8s_and_mermaids_always_fit():
    state = table([[c(RED, 2), c(BLUE, 5), c(BLUE, 8), M1, c(GREEN, 1)], [c(RED, 9)]], c(RED, 5))
    assert sorted(a.card for a in state.legal_actions(0)) == sorted([c(RED, 2), c(BLUE, 5), c(BLUE, 8), M1])
    assert_refused(state, 0, Play(c(GREEN, 1)), "does not match — the pile needs a red or a 5")
    events = state.apply(0, Play(c(BLUE, 5)))
    assert "Anna plays the blue 5" in texts(events)
    assert (state.colour, state.number) == (BLUE, 5) and state.current_seats == (1,)


def test_you_must_play_a_match_even_a_special_card():
    state = table([[M1, c(GREEN, 1)], [c(RED, 9)], [c(RED, 3)]], c(RED, 5))
    assert all(isinstance(a, Play) for a in state.legal_actions(0))
    assert_refused(state, 0, Ask(1), "you hold a matching card, so you must play it")


def test_crazy_8_names_the_colour_and_its_number_no_longer_counts():
    state = table([[c(GREEN, 8), c(RED, 1), c(RED, 2)], [c(YELLOW, 5), c(PURPLE, 2), c(BLUE, 3)]], c(RED, 5))
    state.apply(0, Play(c(GREEN, 8)))
    assert state.phase == "name" and state.legal_actions(0) == [Name(k) for k in range(5)]
    assert_refused(state, 0, Name(BLUE, 3), "name only a colour")
    assert_refused(state, 0, Name(7), "there is no colour 7")
    assert "Anna names blue" in texts(state.apply(0, Name(BLUE)))
    assert [a.card for a in state.legal_actions(1)] == [c(BLUE, 3)]  # the yellow 5 no longer fits


def test_swedish_crazy_8_names_colour_and_number():
    state = table([[c(GREEN, 8), c(RED, 1), c(RED, 2)], [c(YELLOW, 5), c(PURPLE, 2), c(BLUE, 3)]], c(RED, 5),
                  crazy8_names_number=True)
    state.apply(0, Play(c(GREEN, 8)))
    assert len(state.legal_actions(0)) == 55
    assert_refused(state, 0, Name(BLUE), "name a colour and a number")
    state.apply(0, Name(BLUE, 2))
    assert sorted(a.card for a in state.legal_actions(1)) == [c(BLUE, 3), c(PURPLE, 2)]


def test_old_mermaid_names_the_colour_then_its_player_draws_five():
    state = table([[M1, c(GREEN, 1)], [c(RED, 9)]], c(RED, 5))
    state.apply(0, Play(M1))
    events = state.apply(0, Name(GREEN))
    assert ev.Drew(0, 5, "mermaid") in events and len(state.hands[0]) == 6
    assert state.colour == GREEN and state.number is None and state.current_seats == (1,)


# --- go fish --------------------------------------------------------------------------


def test_go_fish_nothing_given_asker_draws_and_may_not_play_it():
    state = table([[c(GREEN, 1), c(BLUE, 2)], [c(YELLOW, 3)], [c(RED, 9)]], c(RED, 5),
                  draw_next=[c(RED, 7)])
    actions = state.legal_actions(0)
    assert actions == [Ask(1), Ask(2)]  # no war in the basic game
    events = state.apply(0, Ask(1))
    assert texts(events)[:3] == ["Anna asks Bo for a red or a 5", "Bo has no match — go fish, Anna!",
                                 "Anna draws a card (go fish)"]
    assert c(RED, 7) in state.hands[0]  # it matches, but the turn is over
    assert state.current_seats == (1,) and TurnStarted(1) in events


def test_asked_player_with_one_match_gives_it_and_the_asker_plays_it_at_once():
    state = table([[c(GREEN, 1), c(BLUE, 2)], [c(YELLOW, 3), c(YELLOW, 5)], [c(RED, 9)]], c(RED, 5))
    events = state.apply(0, Ask(1))
    assert texts(events)[1:3] == ["Bo gives Anna the yellow 5", "Anna plays the yellow 5"]
    assert state.pile[-1] == c(YELLOW, 5) and len(state.hands[0]) == 2 and state.hands[1] == [c(YELLOW, 3)]
    assert (state.colour, state.number) == (YELLOW, 5) and state.current_seats == (1,)


def test_asked_player_with_several_matches_chooses_which_to_give():
    state = table([[c(GREEN, 1), c(BLUE, 2)], [c(RED, 1), c(BLUE, 5), c(YELLOW, 4)], [c(RED, 9)]], c(RED, 5))
    state.apply(0, Ask(1))
    assert state.phase == "give" and state.current_seats == (1,)
    assert set(state.legal_actions(1)) == {Give(c(RED, 1)), Give(c(BLUE, 5))}
    assert str(state.table_view(1, NAMES).prompt) == "Anna asks you for a red or a 5 — choose a card to give"
    assert "Bo chooses a card" in str(state.table_view(0, NAMES).prompt)
    assert_refused(state, 1, Give(c(YELLOW, 4)), "you were asked for a red or a 5")
    assert_refused(state, 0, Play(c(GREEN, 1)), "not your turn")
    state.apply(1, Give(c(BLUE, 5)))
    assert state.pile[-1] == c(BLUE, 5) and state.current_seats == (1,)


def test_a_fished_crazy_8_is_played_and_named_by_the_asker():
    state = table([[c(GREEN, 1), c(BLUE, 2)], [c(YELLOW, 8), c(YELLOW, 3)], [c(RED, 9)]], c(RED, 5))
    state.apply(0, Ask(1))
    assert state.pile[-1] == c(YELLOW, 8) and state.phase == "name" and state.current_seats == (0,)
    state.apply(0, Name(GREEN))
    assert state.colour == GREEN and state.current_seats == (1,)


def test_a_fished_old_mermaid_is_played_and_the_asker_draws_five():
    state = table([[c(GREEN, 1), c(BLUE, 2)], [M2, c(YELLOW, 3)], [c(RED, 9)]], c(RED, 5))
    state.apply(0, Ask(1))
    assert state.pile[-1] == M2 and state.current_seats == (0,)
    events = state.apply(0, Name(BLUE))
    assert ev.Drew(0, 5, "mermaid") in events and len(state.hands[0]) == 7


@pytest.mark.parametrize("turn_passes, next_seat", [("clockwise", 1), ("to-opponent", 2)])
def test_turn_after_a_failed_fish(turn_passes, next_seat):
    state = table([[c(GREEN, 1), c(BLUE, 2)], [c(YELLOW, 3)], [c(YELLOW, 4)]], c(RED, 5),
                  turn_passes=turn_passes)
    state.apply(0, Ask(2))
    assert state.current_seats == (next_seat,)


# --- draw pile ------------------------------------------------------------------------


def test_empty_draw_pile_is_rebuilt_from_the_play_pile_but_its_top():
    state = table([[c(GREEN, 1), c(BLUE, 2)], [c(YELLOW, 3)]], c(RED, 5))
    rest = state.draw
    state.draw, state.pile = [], rest + [c(RED, 5)]
    events = state.apply(0, Ask(1))
    assert ev.Reshuffled(len(rest)) in events and state.pile == [c(RED, 5)]
    assert len(state.hands[0]) == 3 and len(state.draw) == len(rest) - 1
    check_invariants(state)


def test_nothing_left_to_draw_means_no_card():
    state = table([[c(GREEN, 1), c(BLUE, 2)], [c(YELLOW, 3)], [c(BLUE, 7)]], c(RED, 5))
    state.hands[2] += state.draw
    state.draw = []
    events = state.apply(0, Ask(1))
    assert ev.Drew(0, 0, "fish") in events and len(state.hands[0]) == 2
    check_invariants(state)


# --- one card: the fish call --------------------------------------------------------------


def test_down_to_one_card_a_fish_is_called_and_never_named_twice():
    state = table([[c(RED, 1), c(GREEN, 2)], [c(RED, 2), c(GREEN, 3)], [c(BLUE, 9), c(BLUE, 10)]], c(RED, 5))
    state.apply(0, Play(c(RED, 1)))
    assert state.phase == "call" and state.current_seats == (0,)
    assert str(state.table_view(0, NAMES).prompt) == "One card left — call a fish!"
    offer = [a.name for a in state.legal_actions(0) if isinstance(a, CallFish)]
    assert len(offer) == 6 and set(offer) <= set(FISH_NAMES) and StayQuiet() in state.legal_actions(0)
    events = state.apply(0, CallFish(offer[0]))
    assert f"Anna: “{offer[0]}!” — one card left" in texts(events) and state.current_seats == (1,)
    assert f"Fish called: {offer[0]} (Anna)" in info_lines(state, 2)
    state.apply(1, Play(c(RED, 2)))
    assert state.phase == "call" and CallFish(offer[0]) not in state.legal_actions(1)
    assert_refused(state, 1, CallFish(offer[0]), "already been named in this game")
    assert_refused(state, 1, CallFish("Nemo"), "call one of the offered fish")


def all_fish_called(state):
    """Every one of the 50 names has been called once in this game."""
    state.fish_calls = [[seat % state.players, name] for seat, name in enumerate(FISH_NAMES)]


def test_once_every_fish_is_named_the_names_start_over():
    state = table([[c(RED, 1), c(GREEN, 2)], [c(RED, 2), c(GREEN, 3)], [c(BLUE, 9), c(BLUE, 10)]], c(RED, 5),
                  fish_penalty=2)
    all_fish_called(state)
    assert "Fish called since the names started over: none yet" in info_lines(state, 2)
    state.apply(0, Play(c(RED, 1)))
    offer = [a.name for a in state.legal_actions(0) if isinstance(a, CallFish)]
    assert state.phase == "call" and len(offer) == 6 and set(offer) <= set(FISH_NAMES)
    state.apply(0, CallFish(offer[0]))
    assert len(state.hands[0]) == 1 and state.current_seats == (1,)  # a call made, so no penalty cards
    assert f"Fish called since the names started over: {offer[0]} (Anna)" in info_lines(state, 2)
    state.apply(1, Play(c(RED, 2)))
    assert CallFish(offer[0]) not in state.legal_actions(1)
    assert_refused(state, 1, CallFish(offer[0]), "already been named in this game")


def test_once_every_fish_is_named_nobody_calls_with_the_option_no_more_calls():
    state = table([[c(RED, 1), c(GREEN, 2)], [c(RED, 2), c(GREEN, 3)], [c(BLUE, 9), c(BLUE, 10)]], c(RED, 5),
                  fish_penalty=2, fish_names="no-more-calls")
    all_fish_called(state)
    events = state.apply(0, Play(c(RED, 1)))
    assert state.phase == "play" and state.current_seats == (1,) and len(state.hands[0]) == 1
    assert not any(isinstance(e, (ev.StayedQuiet, ev.Drew)) for e in events)
    assert "Every fish has been named: no more fish calls" in info_lines(state, 2)
    state.apply(1, Play(c(RED, 2)))
    assert state.current_seats == (2,)


def test_a_forgotten_fish_call_costs_nothing_by_default():
    state = table([[c(RED, 1), c(GREEN, 2)], [c(RED, 2), c(GREEN, 3)]], c(RED, 5))
    state.apply(0, Play(c(RED, 1)))
    events = state.apply(0, StayQuiet())
    assert "Anna has one card left and calls no fish" in texts(events)
    assert len(state.hands[0]) == 1 and state.current_seats == (1,)


def test_fish_penalty_option_makes_a_forgotten_call_cost_cards():
    state = table([[c(RED, 1), c(GREEN, 2)], [c(RED, 2), c(GREEN, 3)]], c(RED, 5), fish_penalty=2)
    state.apply(0, Play(c(RED, 1)))
    events = state.apply(0, StayQuiet())
    assert ev.Drew(0, 2, "fish-call") in events and len(state.hands[0]) == 3


def test_a_giver_left_with_one_card_calls_at_the_end_of_the_turn():
    state = table([[c(GREEN, 1), c(BLUE, 2)], [c(RED, 1), c(YELLOW, 3)], [c(BLUE, 9), c(BLUE, 10)]], c(RED, 5))
    state.apply(0, Ask(1))
    assert state.phase == "call" and state.current_seats == (1,)
    state.apply(1, StayQuiet())
    assert state.phase == "play" and state.current_seats == (1,)


# --- rounds and the game -----------------------------------------------------------------


def test_the_last_card_wins_the_round_and_the_next_round_is_dealt():
    state = table([[c(RED, 1)], [c(RED, 2), c(GREEN, 3)], [c(BLUE, 9)]], c(RED, 5))
    events = state.apply(0, Play(c(RED, 1)))
    assert "Anna is out of cards and wins round 1!" in texts(events)
    assert state.rounds_won == [1, 0, 0] and state.round == 2
    assert [len(h) for h in state.hands] == [7, 7, 7] and state.current_seats == (1,)  # the dealer moved on
    assert any(isinstance(e, ev.RoundDealt) for e in events) and not state.is_over


def test_last_card_an_old_mermaid_wins_without_drawing():
    state = table([[M1], [c(RED, 2)]], c(RED, 5), rounds_to_win=1)
    events = state.apply(0, Play(M1))
    assert state.is_over and state.result.winners == (0,) and not any(isinstance(e, ev.Drew) for e in events)


def test_giving_away_your_last_card_wins_the_round():
    state = table([[c(GREEN, 1), c(BLUE, 2)], [c(RED, 1)]], c(RED, 5), rounds_to_win=1)
    state.apply(0, Ask(1))
    assert state.is_over and state.result.winners == (1,)


def test_first_to_three_rounds_wins_the_game():
    state = table([[c(RED, 1)], [c(RED, 2), c(GREEN, 3)]], c(RED, 5))
    state.rounds_won = [2, 2]
    events = state.apply(0, Play(c(RED, 1)))
    assert state.is_over and state.result.winners == (0,) and state.result.scores == (3, 2)
    assert "Anna wins the game with 3 rounds!" in texts(events)
    assert str(state.table_view(1, NAMES).prompt) == "Anna wins the game!"
    assert_refused(state, 1, Play(c(RED, 2)), "the game is over")


# --- war ------------------------------------------------------------------------------------


def test_war_is_only_in_the_advanced_game():
    basic = table([[c(GREEN, 1), c(BLUE, 2)], [c(YELLOW, 3)]], c(RED, 5))
    assert_refused(basic, 0, War(1), "war is only in the advanced game")
    advanced = table([[c(GREEN, 1), c(BLUE, 2)], [c(YELLOW, 3)]], c(RED, 5), war=True)
    assert advanced.legal_actions(0) == [Ask(1), War(1)]
    assert_refused(advanced, 0, War(0), "you cannot declare war on yourself")
    assert_refused(advanced, 0, War(5), "there is no such seat (5)")
    matching = table([[c(RED, 1), c(BLUE, 2)], [c(YELLOW, 3)]], c(RED, 5), war=True)
    assert_refused(matching, 0, War(1), "you must play it")


def test_war_win_winner_card_on_pile_loser_takes_back_and_draws_one():
    state = at_war([[c(GREEN, 10), c(BLUE, 2)], [c(YELLOW, 3), c(YELLOW, 4)], [c(BLUE, 9)]], c(RED, 5),
                   draw_next=[c(PURPLE, 6)])
    state.apply(0, LayCard(c(GREEN, 10)))
    events = state.apply(1, LayCard(c(YELLOW, 4)))
    assert "Cards up: Anna's green 10 against Bo's yellow 4" in texts(events)
    assert "Anna wins the war with the green 10; Bo takes back the card" in texts(events)
    assert state.pile[-1] == c(GREEN, 10) and (state.colour, state.number) == (GREEN, 10)
    assert sorted(state.hands[1]) == sorted([c(YELLOW, 3), c(YELLOW, 4), c(PURPLE, 6)])
    assert state.hands[0] == [c(BLUE, 2)] and ev.Drew(1, 1, "war") in events
    assert state.phase == "call" and state.current_seats == (0,)  # the war left Anna with one card
    state.apply(0, StayQuiet())
    assert state.current_seats == (1,)


def test_war_loss_declarer_takes_back_and_draws_one():
    state = at_war([[c(GREEN, 3), c(BLUE, 2)], [c(YELLOW, 7), c(YELLOW, 4)], [c(BLUE, 9)]], c(RED, 5),
                   draw_next=[c(PURPLE, 6)])
    state.apply(1, LayCard(c(YELLOW, 7)))
    state.apply(0, LayCard(c(GREEN, 3)))
    assert state.pile[-1] == c(YELLOW, 7) and (state.colour, state.number) == (YELLOW, 7)
    assert sorted(state.hands[0]) == sorted([c(GREEN, 3), c(BLUE, 2), c(PURPLE, 6)])
    assert state.hands[1] == [c(YELLOW, 4)]
    assert state.current_seats == (1,)


def test_war_tie_then_win_loser_takes_all_tied_cards_and_draws_one():
    state = at_war([[c(GREEN, 9), c(BLUE, 2), c(BLUE, 3)], [c(YELLOW, 9), c(YELLOW, 4), c(YELLOW, 1)],
                    [c(BLUE, 9)]], c(RED, 5), draw_next=[c(PURPLE, 6)])
    state.apply(0, LayCard(c(GREEN, 9)))
    events = state.apply(1, LayCard(c(YELLOW, 9)))
    assert "A tie at 9! The cards stay on the table — again!" in texts(events)
    assert state.war["tied"] == [[c(GREEN, 9)], [c(YELLOW, 9)]] and set(state.current_seats) == {0, 1}
    check_invariants(state)
    state.apply(0, LayCard(c(BLUE, 3)))
    events = state.apply(1, LayCard(c(YELLOW, 4)))
    assert "Bo wins the war with the yellow 4; Anna takes back 3 cards" in texts(events)
    assert sorted(state.hands[0]) == sorted([c(BLUE, 2), c(BLUE, 3), c(GREEN, 9), c(YELLOW, 9), c(PURPLE, 6)])
    assert state.hands[1] == [c(YELLOW, 1)] and state.pile[-1] == c(YELLOW, 4)


def test_war_tie_with_a_player_out_of_cards_who_plays_on_from_the_draw_pile():
    state = at_war([[c(GREEN, 9)], [c(YELLOW, 9), c(YELLOW, 4), c(YELLOW, 1)], [c(BLUE, 9)]], c(RED, 5),
                   draw_next=[c(PURPLE, 2), c(PURPLE, 6)])
    state.apply(0, LayCard(c(GREEN, 9)))
    events = state.apply(1, LayCard(c(YELLOW, 9)))
    assert "Anna is out of cards and plays on from the draw pile" in texts(events)
    assert state.current_seats == (1,)  # Anna's card is already down, face down
    anna_war = next(p for p in state.table_view(0, NAMES).centre if p.key == "war.s0")
    assert [cv.face for cv in anna_war.cards] == [face(c(GREEN, 9)), None]  # unseen even by Anna
    events = state.apply(1, LayCard(c(YELLOW, 4)))
    assert "Bo wins the war with the yellow 4; Anna takes back 3 cards" in texts(events)
    assert sorted(state.hands[0]) == sorted([c(PURPLE, 2), c(GREEN, 9), c(YELLOW, 9), c(PURPLE, 6)])


def test_war_won_with_a_card_from_the_draw_pile_and_no_cards_left_wins_the_round():
    state = at_war([[c(GREEN, 9)], [c(YELLOW, 9), c(YELLOW, 4), c(YELLOW, 1)], [c(BLUE, 9)]], c(RED, 5),
                   draw_next=[c(PURPLE, 11)])
    state.apply(0, LayCard(c(GREEN, 9)))
    state.apply(1, LayCard(c(YELLOW, 9)))
    events = state.apply(1, LayCard(c(YELLOW, 4)))
    assert "Anna wins the war with the purple 11; Bo takes back 3 cards" in texts(events)
    assert "Anna is out of cards and wins round 1!" in texts(events) and state.rounds_won == [1, 0, 0]


def test_war_old_mermaid_of_the_challenged_wins_automatically_and_its_winner_names_the_colour():
    state = at_war([[c(GREEN, 11), c(BLUE, 2)], [M1, c(YELLOW, 4)], [c(BLUE, 9)]], c(RED, 5),
                   draw_next=[c(PURPLE, 6)])
    state.apply(0, LayCard(c(GREEN, 11)))
    events = state.apply(1, LayCard(M1))
    assert "Bo wins the war with the Old Mermaid; Anna takes back the card" in texts(events)
    assert state.pile[-1] == M1 and len(state.hands[0]) == 3
    assert state.phase == "name" and state.current_seats == (1,)
    events = state.apply(1, Name(PURPLE))
    assert not any(isinstance(e, ev.Drew) for e in events)  # no five cards: it won a war, not a match
    assert state.colour == PURPLE and state.current_seats == (1,)  # one card: Bo calls
    state.apply(1, CallFish(state.fish_offer()[0]))
    assert state.current_seats == (1,) and state.phase == "play"  # and plays next, left of Anna


def test_war_both_old_mermaids_cancel_and_the_challenged_names_the_colour():
    state = at_war([[c(GREEN, 9)], [c(YELLOW, 9), M2, c(YELLOW, 1)], [c(BLUE, 9)]], c(RED, 5),
                   draw_next=[M1, c(PURPLE, 6)])
    state.apply(0, LayCard(c(GREEN, 9)))
    state.apply(1, LayCard(c(YELLOW, 9)))  # tie; Anna is out of cards: the draw pile turns up a Mermaid
    events = state.apply(1, LayCard(M2))
    assert "Two Old Mermaids cancel out: both go on the pile and Bo names the colour" in texts(events)
    assert state.pile[-2:] == [M1, M2]
    assert state.hands[0] == [c(GREEN, 9)] and sorted(state.hands[1]) == sorted([c(YELLOW, 9), c(YELLOW, 1)])
    assert state.phase == "name" and state.current_seats == (1,)
    events = state.apply(1, Name(BLUE))
    assert state.colour == BLUE and not any(isinstance(e, ev.Drew) for e in events)


def test_war_declarer_may_not_lay_an_old_mermaid_but_the_challenged_may():
    state = at_war([[c(GREEN, 9), c(BLUE, 2)], [c(YELLOW, 9), M2], [c(BLUE, 9)]], c(RED, 5))
    state.hands[0].append(M1)  # only in a made-up position: a Mermaid always matches
    assert LayCard(M1) not in state.legal_actions(0)
    assert_refused(state, 0, LayCard(M1), "you declared this war, so you may not play an Old Mermaid")
    assert LayCard(M2) in state.legal_actions(1)


@pytest.mark.parametrize("other, eight_wins", [(7, True), (9, False)])
def test_war_crazy_8_counts_as_a_plain_8(other, eight_wins):
    state = at_war([[c(GREEN, other), c(BLUE, 2)], [c(YELLOW, 8), c(YELLOW, 1)], [c(BLUE, 9)]], c(RED, 5))
    state.apply(0, LayCard(c(GREEN, other)))
    state.apply(1, LayCard(c(YELLOW, 8)))
    if eight_wins:
        assert state.pile[-1] == c(YELLOW, 8) and (state.colour, state.number) == (YELLOW, 8)
        assert state.phase != "name"  # not special in a war: no colour is named
    else:
        assert state.pile[-1] == c(GREEN, other) and c(YELLOW, 8) in state.hands[1]


def test_war_cards_stay_secret_until_both_are_down():
    state = at_war([[c(GREEN, 10), c(BLUE, 2)], [c(YELLOW, 3), c(YELLOW, 4)], [c(BLUE, 9)]], c(RED, 5))
    events = state.apply(0, LayCard(c(GREEN, 10)))
    assert texts(events) == ["Anna lays a card face down"]
    assert all(c(GREEN, 10) not in vars(e).values() for e in events)
    for viewer in (1, 2, None):
        anna_war = next(p for p in state.table_view(viewer, NAMES).centre if p.key == "war.s0")
        assert anna_war.cards == (CardView(face=None),)
    assert state.view(1)["war"]["laid"] == [True, False] and state.view(1)["war"]["my_card"] is None
    assert state.view(0)["war"]["my_card"] == c(GREEN, 10)
    assert "War! Waiting for Bo" in str(state.table_view(2, NAMES).prompt)
    assert str(state.table_view(1, NAMES).prompt).startswith("War with Anna! Choose a card to lay face down")
    events = state.apply(1, LayCard(c(YELLOW, 3)))
    assert ev.WarRevealed(0, 1, (c(GREEN, 10), c(YELLOW, 3))) in events
    assert "Last war cards: Anna's green 10 against Bo's yellow 3" in info_lines(state, 2)


def test_war_undecided_when_nothing_can_be_drawn():
    state = at_war([[c(GREEN, 9)], [c(YELLOW, 9), c(YELLOW, 4)], [c(BLUE, 9)]], c(RED, 5))
    state.hands[2] += state.draw
    state.draw = []
    state.apply(0, LayCard(c(GREEN, 9)))
    events = state.apply(1, LayCard(c(YELLOW, 9)))
    assert ev.WarUndecided(0, 1) in events
    assert state.hands[0] == [c(GREEN, 9)] and sorted(state.hands[1]) == sorted([c(YELLOW, 9), c(YELLOW, 4)])
    check_invariants(state)


@pytest.mark.parametrize("turn_passes, next_seat", [("clockwise", 1), ("to-opponent", 2)])
def test_turn_after_a_war(turn_passes, next_seat):
    state = at_war([[c(GREEN, 10), c(BLUE, 2)], [c(YELLOW, 3), c(YELLOW, 4)], [c(BLUE, 9), c(BLUE, 1), c(BLUE, 3)]],
                   c(RED, 5), challenged=2, turn_passes=turn_passes)
    state.apply(0, LayCard(c(BLUE, 2)))
    state.apply(2, LayCard(c(BLUE, 9)))
    assert state.phase == "play" and state.current_seats == (next_seat,)


# --- the unit's events ------------------------------------------------------------------------


def test_timeout_in_play_draws_one_and_passes_the_turn():
    state = table([[c(RED, 1), c(GREEN, 2)], [c(RED, 2), c(GREEN, 3)]], c(RED, 5))
    events = state.feed(TurnTimedOut(at=6.0, seat=0, limit_ms=6000))
    assert texts(events)[:2] == ["Anna ran out of time — the turn passes", "Anna draws a card for being too slow"]
    assert len(state.hands[0]) == 3 and state.current_seats == (1,)


def test_timeouts_in_give_name_war_and_call_decide_simply():
    give = table([[c(GREEN, 1), c(BLUE, 2)], [c(RED, 1), c(BLUE, 5), c(YELLOW, 4)], [c(RED, 9)]], c(RED, 5))
    give.apply(0, Ask(1))
    said = texts(give.feed(TurnTimedOut(at=1.0, seat=1, limit_ms=4000)))
    assert give.pile[-1] == c(RED, 1)  # the first match in the hand
    assert said[0] == "Bo ran out of time — the first matching card is given"
    name = table([[c(GREEN, 8), c(RED, 1), c(RED, 2)], [c(RED, 6)]], c(RED, 5))
    name.apply(0, Play(c(GREEN, 8)))
    said = texts(name.feed(TurnTimedOut(at=1.0, seat=0, limit_ms=4000)))
    assert name.colour == RED and name.current_seats == (1,)  # the colour stays
    assert said[0] == "Anna ran out of time — the colour stays as it was"
    war = at_war([[c(GREEN, 10), c(BLUE, 2)], [c(YELLOW, 3), c(YELLOW, 4)], [c(BLUE, 9)]], c(RED, 5))
    said = texts(war.feed(TurnTimedOut(at=1.0, seat=0, limit_ms=4000)))
    assert war.war["laid"][0] == c(BLUE, 2)  # the lowest card
    assert said[0] == "Anna ran out of time — the lowest card is laid"
    call = table([[c(RED, 1), c(GREEN, 2)], [c(RED, 2), c(GREEN, 3)]], c(RED, 5), fish_penalty=1)
    call.apply(0, Play(c(RED, 1)))
    events = call.feed(TurnTimedOut(at=1.0, seat=0, limit_ms=4000))
    assert ev.Drew(0, 1, "fish-call") in events and call.current_seats == (1,)
    assert texts(events)[:3] == ["Anna ran out of time — no fish is called",
                                 "Anna has one card left and calls no fish", "Anna draws a card for calling no fish"]


def test_unit_picks_the_starter_only_before_the_first_move():
    state = GAME({"players": 4}, seed=3)
    events = state.feed(PlayerSelected(at=0.0, seat=2, limit_ms=None))
    assert texts(events) == ["The unit picks Cy to start", "Cy's turn"] and state.current_seats == (2,)
    state.apply(2, state.legal_actions(2)[0])
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="the unit can pick who starts only before the first move"):
        state.feed(PlayerSelected(at=1.0, seat=1, limit_ms=None))
    idle = next(s for s in range(4) if s not in state.current_seats)
    with pytest.raises(IllegalAction, match="seat 1 cannot time out: it is seat 4's turn"):
        state.feed(TurnTimedOut(at=1.0, seat=idle, limit_ms=4000))
    with pytest.raises(IllegalAction, match="does not use the unit's SpinStarted"):
        state.feed(SpinStarted(at=1.0, seats=(0, 1), schedule=(), duration_ms=1.0))
    assert state.to_dict() == before


# --- refusals, views, replay -----------------------------------------------------------------------


def test_refusals_name_the_reason_and_change_nothing():
    state = table([[c(RED, 1), c(GREEN, 2)], [c(RED, 2), c(GREEN, 3)], [c(BLUE, 1)]], c(RED, 5))
    assert_refused(state, 1, Play(c(RED, 2)), "not your turn")
    assert_refused(state, 0, Play(c(RED, 2)), "you do not hold the red 2")
    assert_refused(state, 0, Give(c(RED, 1)), "you cannot do that now: play a matching card")
    assert_refused(state, 0, Name(RED), "you cannot do that now")
    assert_refused(state, 0, Play(99), "you do not hold card 99")
    assert_refused(state, 0, Play("red 1"), "the card must be a whole number, not 'red 1'")


def test_view_and_table_show_no_hidden_cards():
    state = table([[c(RED, 1), c(GREEN, 2)], [c(RED, 2), c(GREEN, 3)], [c(BLUE, 1)]], c(RED, 5))
    view = state.view(1)
    assert view["hand"] == sorted([c(RED, 2), c(GREEN, 3)]) and view["hand_counts"] == [2, 2, 1]
    assert "hands" not in view and "draw" not in view
    picture = state.table_view(1, NAMES)
    assert [cv.face for cv in picture.seats[1].hand.cards] == [face(c(RED, 2)), face(c(GREEN, 3))]
    for seat in (0, 2):
        assert all(cv == CardView(face=None) for cv in picture.seats[seat].hand.cards)
    assert all(cv.face is None and cv.id is None for cv in picture.centre[0].cards)  # the draw pile
    assert "Play continues in Red ● or 5" in [str(line) for line in picture.info]
    mine = state.table_view(0, NAMES)
    assert str(mine.prompt).startswith("Play a card: the pile needs a red or a 5")
    assert [(str(ch.label), ch.card) for ch in mine.choices] == [("Play the red 1", c(RED, 1))]
    assert [cv.highlight for cv in mine.seats[0].hand.cards] == [True, False]


def test_table_choices_for_asking_war_naming_and_fish():
    state = table([[c(GREEN, 1), c(BLUE, 2)], [c(YELLOW, 3)], [c(YELLOW, 4)]], c(RED, 5), war=True)
    labels = {(str(ch.label), ch.pile) for ch in state.table_view(0, NAMES).choices}
    assert ("Ask Bo for a red or a 5", "s1.hand") in labels and ("Declare war on Cy", "s2.hand") in labels
    assert "declare war" in str(state.table_view(0, NAMES).prompt)
    named = table([[c(GREEN, 8), c(RED, 1)], [c(RED, 6)]], c(RED, 5))
    named.apply(0, Play(c(GREEN, 8)))
    assert [str(ch.label) for ch in named.table_view(0, NAMES).choices] == [
        "Red ●", "Yellow ▲", "Green ■", "Blue ◆", "Purple ★"]


def assert_picture_keeps_secrets(state) -> None:
    """Every viewer sees only their own hand, and gets one choice per legal action."""
    for viewer in (*range(state.players), None):
        picture = state.table_view(viewer, NAMES)
        for seat_view in picture.seats:
            if seat_view.seat != viewer:
                assert all(cv == CardView(face=None) for cv in seat_view.hand.cards)
        legal = state.legal_actions(viewer) if viewer is not None else []
        assert [ch.action for ch in picture.choices] == legal and picture.prompt


def test_replay_and_save_round_trip_with_unit_events():
    state = GAME({"players": 3, "war": True}, seed=11)
    state.feed(PlayerSelected(at=0.0, seat=1, limit_ms=6000))
    rng = np.random.default_rng(5)
    for step in range(150):
        if state.is_over:
            break
        assert_picture_keeps_secrets(state)
        seat = state.current_seats[0]
        if step % 17 == 0:
            state.feed(TurnTimedOut(at=float(step), seat=seat, limit_ms=6000))
        else:
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.integers(len(legal)))])
    assert_replays_and_round_trips(state)
    assert_replays_and_round_trips(play_random(GAME, {"players": 2, "war": True}, 4))


# --- random play, bots, the simulator ----------------------------------------------------------------


@pytest.mark.soak
def test_1000_seeded_random_games_keep_every_card_exactly_once():
    for seed in range(1000):
        options = {"players": 2 + seed % 5, "war": seed % 2 == 0, "rounds_to_win": 1 + seed % 3,
                   "crazy8_names_number": seed % 7 == 0, "fish_penalty": seed % 11 % 3,
                   "turn_passes": "to-opponent" if seed % 4 == 3 else "clockwise"}
        state = play_random(GAME, options, seed)
        assert max(state.result.scores) == options["rounds_to_win"]


def play_bots(names: list[str], options: dict, seed: int):
    state = GAME(options, seed)
    bots = [BOTS[n](seat) for seat, n in enumerate(names)]
    rng = np.random.default_rng(seed)
    while not state.is_over:
        seat = state.current_seats[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


@pytest.mark.soak
@pytest.mark.parametrize("war", [False, True])
def test_heuristic_bot_beats_random_clearly(war):
    games, wins = 150, 0
    for seed in range(games):
        names = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        state = play_bots(names, {"players": 2, "war": war}, seed)
        wins += names[state.result.winners[0]] == "heuristic"
    assert wins >= 0.65 * games  # 50% ± 4% would be luck


def test_heuristic_bot_choices():
    bot = BOTS["heuristic"](1)
    asked = table([[c(GREEN, 1), c(BLUE, 2)], [c(RED, 1), c(BLUE, 5), c(RED, 8), M3], [c(RED, 9)]], c(RED, 5))
    asked.apply(0, Ask(1))
    assert bot.choose(asked.view(1), asked.legal_actions(1), None) == Give(M3)  # the asker draws five
    asked.hands[1].remove(M3)
    asked.draw.append(M3)
    asked.cache.clear()  # the position was changed by hand, not by a move
    assert bot.choose(asked.view(1), asked.legal_actions(1), None) == Give(c(RED, 1))  # not the Crazy 8
    bot0 = BOTS["heuristic"](0)
    for high, choice in ((10, War(1)), (3, Ask(2))):  # war with a high card, else fish at the most cards
        fishing = table([[c(GREEN, high), c(BLUE, 2)], [c(YELLOW, 3)], [c(YELLOW, 4), c(YELLOW, 6)]], c(RED, 5),
                        war=True)
        assert bot0.choose(fishing.view(0), fishing.legal_actions(0), None) == choice
    play = table([[M1, c(RED, 8), c(RED, 3)], [c(YELLOW, 3)]], c(RED, 5))
    assert bot0.choose(play.view(0), play.legal_actions(0), None) == Play(c(RED, 3))


def test_simulate_command_runs_with_war(capsys):
    assert cli.main(["simulate", "--game", "crazy-old-fish-war", "--players", "4", "--games", "30",
                     "--seed", "1", "--option", "war=on", "--quiet"]) == 0
    report = capsys.readouterr().out
    assert "crazy-old-fish-war: 30 games, 4 players" in report
    assert "war" in report and "mermaid" in report and "heuristic" in report
