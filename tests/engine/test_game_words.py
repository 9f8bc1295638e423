"""UNO Hau drauf and Go Fish speak every language: a sentence a player reads
renders whole in German and Belarusian, with the plural form the number
asks for (Belarusian has three), and a refusal keeps what it names — the
seat, the card — in any language."""
from __future__ import annotations

import pytest

from haudrauf.engine.core import IllegalAction
from haudrauf.engine.games.go_fish.actions import Ask
from haudrauf.engine.games.go_fish.cards import rank_of
from haudrauf.engine.games.go_fish.events import Asked
from haudrauf.engine.games.go_fish.events import GameOver as GoFishOver
from haudrauf.engine.games.go_fish.state import GoFish
from haudrauf.engine.games.uno_hau_drauf.actions import Play
from haudrauf.engine.games.uno_hau_drauf.events import CardPlayed, CardsDrawn
from haudrauf.play.language import Language
from tests.engine.uno_helpers import card, position, select

NAMES = ["Anna", "Bo", "Cy"]
name = NAMES.__getitem__
GERMAN, BELARUSIAN = Language("de"), Language("be")


def refusal(state, seat: int, action):
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, action)
    return refused.value.reason


# --- Go Fish -----------------------------------------------------------------------

def test_an_ask_is_one_whole_sentence_in_each_language():
    got_three = Asked(0, 1, "8", 3).message(name)
    assert str(got_three) == "Anna asks Bo for 8s and gets three 8s"
    assert GERMAN.say(got_three) == "Anna will von Bo Achten und bekommt drei Achten"
    assert BELARUSIAN.say(got_three) == \
        "Anna пытае ў гульца Bo: ёсць васьмёркі? — атрымлівае: тры васьмёркі"
    got_a_queen = Asked(2, 0, "Q", 1).message(name)
    assert str(got_a_queen) == "Cy asks Anna for queens and gets a queen"
    assert GERMAN.say(got_a_queen) == "Cy will von Anna Damen und bekommt eine Dame"


def test_the_books_on_the_results_screen_take_each_languages_plural():
    books = GoFishOver(emptied=None, books=(1, 3, 5)).detail(name)
    assert [str(line) for line in books] == ["Anna: 1 book", "Bo: 3 books", "Cy: 5 books"]
    assert [GERMAN.say(line) for line in books] == \
        ["Anna: 1 Quartett", "Bo: 3 Quartette", "Cy: 5 Quartette"]
    assert [BELARUSIAN.say(line) for line in books] == ["Anna: 1 набор", "Bo: 3 наборы", "Cy: 5 набораў"]


def test_a_refused_ask_keeps_the_seat_and_the_rank_in_another_language():
    state = GoFish({"players": 3}, seed=1)
    seat = state.turn
    held = {rank_of(c) for c in state.hands[seat]}
    missing = next(rank for rank in ("A", "5", "K", "8", "2") if rank not in held)
    no_seat = refusal(state, seat, Ask(5, "8"))
    assert str(no_seat) == "there is no seat 6 to ask"
    assert GERMAN.say(no_seat) == "es gibt keinen Platz 6 zum Fragen"
    not_held = refusal(state, seat, Ask((seat + 1) % 3, missing))
    assert GERMAN.say(not_held).startswith(f"du hast keine {GERMAN.say(not_held.value('ranks'))} — ")
    assert BELARUSIAN.say(not_held).startswith(f"у вас няма карт: {BELARUSIAN.say(not_held.value('ranks'))} — ")


def test_the_go_fish_table_counts_books_in_the_readers_language():
    state = GoFish({"players": 3}, seed=1)
    state.books = [["Q", "K", "8", "2", "3"], ["A", "4"], ["J"]]
    seats = state.table_view(0, NAMES).seats
    assert [BELARUSIAN.say(s.score) for s in seats] == ["5 набораў", "2 наборы", "1 набор"]
    assert GERMAN.say(seats[1].piles[0].caption) == "Asse, Vieren"


# --- UNO Hau drauf ---------------------------------------------------------------------

def test_cards_taken_are_counted_in_each_languages_plural():
    for count, german, belarusian in [(1, "Bo nimmt 1 Karte für die +2", "Bo бярэ 1 карту за +2"),
                                      (2, "Bo nimmt 2 Karten für die +2", "Bo бярэ 2 карты за +2"),
                                      (6, "Bo nimmt 6 Karten für die +2", "Bo бярэ 6 карт за +2")]:
        said = CardsDrawn(1, count, "draw two").message(name)
        assert GERMAN.say(said) == german and BELARUSIAN.say(said) == belarusian


def test_a_card_is_named_whole_in_each_language():
    played = CardPlayed(0, card("green", "7"), "green").message(name)
    assert str(played) == "Anna lays green 7"
    assert GERMAN.say(played) == "Anna legt grüne 7"
    assert BELARUSIAN.say(played) == "Anna кладзе: зялёная 7"
    wild = CardPlayed(2, card(None, "wild4"), "blue").message(name)
    assert str(wild) == "Cy lays wild +4, names blue"
    assert GERMAN.say(wild) == "Cy legt Joker +4 und wählt Blau"


def test_a_refused_card_keeps_both_cards_and_the_colour_in_another_language():
    state = position([[card("red", "7")], [card("green", "1")]], top=card("blue", "3"))
    select(state, 0)
    reason = refusal(state, 0, Play(card("red", "7")))
    assert str(reason) == "a red 7 does not match a blue 3"
    assert GERMAN.say(reason) == "rote 7 passt nicht auf blaue 3"
    assert BELARUSIAN.say(reason) == "чырвоная 7 не пасуе: зверху сіняя 3"
    wrong_turn = refusal(state, 1, Play(card("green", "1")))
    assert str(wrong_turn) == "not your turn: seat 1 is playing"
    assert GERMAN.say(wrong_turn) == "du bist nicht dran: Platz 1 spielt"


def test_the_uno_table_speaks_the_readers_language():
    state = position([[card("red", "7"), card("red", "8")], [card("green", "1")]], top=card("red", "3"))
    select(state, 0)
    view = state.table_view(0, NAMES[:2])
    assert str(view.prompt) == "Your turn: lay a matching card or draw one"
    assert GERMAN.say(view.prompt) == "Du bist dran: leg eine passende Karte oder zieh eine"
    assert [BELARUSIAN.say(c.label) for c in view.choices][:2] == \
        ["Пакласці: чырвоная 7", "Пакласці: чырвоная 8"]
    assert BELARUSIAN.say(view.info[0]) == "Раўнд 1 — да 500 ачкоў"
