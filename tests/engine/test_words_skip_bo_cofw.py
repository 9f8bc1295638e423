"""Skip-Bo and Crazy Old Fish War in the players' languages: a sentence keeps
its values (pile, card, name) in every language, and counts take each
language's plural form (Belarusian has three)."""
from __future__ import annotations

from haudrauf.engine.games.crazy_old_fish_war import events as cofw_events
from haudrauf.engine.games.crazy_old_fish_war.actions import Ask, CallFish, Play
from haudrauf.engine.games.crazy_old_fish_war.cards import FISH_NAMES
from haudrauf.engine.games.skip_bo import events as skip_bo_events
from haudrauf.engine.games.skip_bo.actions import Build, Discard
from haudrauf.play.language import Language
from haudrauf.testing.invariants import assert_refused
from tests.engine.test_crazy_old_fish_war import BLUE, GREEN, RED, YELLOW, c, table
from tests.engine.test_skip_bo import arrange, card_on, new

NAMES = ["Anna", "Bo", "Cleo", "Dan"]
name = NAMES.__getitem__


def say(code: str, said) -> str:
    return Language(code).say(said)


def test_a_skip_bo_refusal_names_the_pile_and_both_numbers_in_every_language():
    state = arrange(new(2), hands={0: [2, 9]}, stocks={0: [9], 1: [9]}, building=[3])
    reason = assert_refused(state, 0, Build(card_on(state, 2, state.hands[0]), 0), "building pile 1")
    assert str(reason) == "building pile 1 needs a 4, not a 2"
    assert say("de", reason) == "Aufbaustapel 1 braucht eine 4, nicht eine 2"
    assert say("fi", reason) == "rakennuspinoon 1 käy 4, ei 2"
    assert say("be", reason) == "на будаўнічы стос 1 трэба 4, а не 2"


def test_skip_bo_says_where_a_card_lies_inside_the_refusal_in_german():
    state = arrange(new(3), hands={0: [5]}, stocks={0: [9], 1: [8, 7], 2: [9]})
    reason = assert_refused(state, 0, Build(state.stocks[1][0], 0), "not yours")
    assert str(reason) == "you cannot play that card: it lies in seat 2's stock, not yours"
    assert say("de", reason) == ("diese Karte kannst du nicht legen: "
                                 "sie liegt im Vorratsstapel von Platz 2, nicht in deinem")


def test_skip_bo_counts_the_cards_drawn_with_each_languages_plural():
    state = arrange(new(2), hands={0: [12, 12], 1: [3, 4]}, stocks={0: [9], 1: [9]})
    drew = [e for e in state.apply(0, Discard(state.hands[0][0], 2)) if isinstance(e, skip_bo_events.Drew)]
    assert [str(e.message(name)) for e in drew] == ["Bo draws 3 cards"]
    assert say("de", drew[0].message(name)) == "Bo zieht 3 Karten"
    assert say("be", drew[0].message(name)) == "Bo бярэ 3 карты"
    one, five = (skip_bo_events.Drew(1, n, short=False, emptied=False).message(name) for n in (1, 5))
    assert (say("de", one), say("fi", one), say("be", one)) == ("Bo zieht 1 Karte", "Bo nostaa 1 kortin",
                                                                "Bo бярэ 1 карту")
    assert (say("fi", five), say("be", five)) == ("Bo nostaa 5 korttia", "Bo бярэ 5 карт")


def test_a_skip_bo_win_bends_the_verb_for_a_team():
    alone = skip_bo_events.GameWon(1, (1,), 40, 3, (0, 40, 0, 0))
    team = skip_bo_events.GameWon(1, (1, 3), 40, 3, (0, 40, 0, 40))
    assert say("de", alone.message(name)).startswith("Bo gewinnt Spiel 1 mit der letzten Vorratskarte")
    assert say("de", team.message(name)).startswith("Bo & Dan gewinnen Spiel 1 mit der letzten Vorratskarte")
    assert say("fi", team.message(name)).endswith("25 + 5 × 3 = 40 pistettä")


def test_a_fish_war_refusal_keeps_the_card_and_what_the_pile_needs_in_another_language():
    state = table([[c(GREEN, 2), c(BLUE, 1)], [c(RED, 2)]], c(BLUE, 5))
    reason = assert_refused(state, 0, Play(c(GREEN, 2)), "does not match")
    assert str(reason) == "the green 2 does not match — the pile needs a blue or a 5"
    assert say("de", reason) == "die grüne 2 passt nicht — der Stapel braucht eine blaue Karte oder eine 5"
    assert say("be", reason) == "зялёная 2 не падыходзіць — на стос трэба: сіняя карта або 5"


def test_fish_war_go_fish_and_its_draw_read_in_finnish_and_belarusian():
    state = table([[c(GREEN, 2), c(GREEN, 3)], [c(YELLOW, 4)]], c(RED, 5), draw_next=[c(BLUE, 9)])
    events = state.apply(0, Ask(1))
    asked, drew = events[0], next(e for e in events if isinstance(e, cofw_events.Drew))
    assert str(asked.message(name)) == "Anna asks Bo for a red or a 5"
    assert say("fi", asked.message(name)) == "Anna pyytää pelaajalta Bo: punainen kortti tai 5"
    assert str(drew.message(name)) == "Anna draws a card (go fish)"
    assert say("be", drew.message(name)) == "Anna бярэ 1 карту (на рыбалку)"
    forms = [say("be", cofw_events.Drew(2, n, "war").message(name)) for n in (2, 5, 21)]
    assert forms == ["Cleo бярэ 2 карты за прайграную вайну", "Cleo бярэ 5 карт за прайграную вайну",
                     "Cleo бярэ 21 карту за прайграную вайну"]


def test_fish_war_seat_scores_count_rounds_in_german_and_belarusian():
    state = table([[c(GREEN, 2)], [c(YELLOW, 4)]], c(RED, 5), rounds_to_win=1)
    score = state.table_view(0, NAMES).seats[0].score
    assert (str(score), say("de", score), say("be", score)) == ("0 of 1 round", "0 von 1 Runde", "0 з 1 раўнда")
    score = table([[c(GREEN, 2)], [c(YELLOW, 4)]], c(RED, 5)).table_view(0, NAMES).seats[1].score
    assert (str(score), say("de", score), say("be", score)) == ("0 of 3 rounds", "0 von 3 Runden", "0 з 3 раўндаў")


def test_a_fish_is_called_in_the_readers_language_and_kept_by_its_english_name():
    state = table([[c(GREEN, 2), c(RED, 1)], [c(YELLOW, 4), c(YELLOW, 5)]], c(RED, 5))
    state.fish_order = list(range(len(FISH_NAMES)))  # the offer starts with the first fish, the cod
    state.apply(0, Play(c(RED, 1)))
    call = next(ch for ch in state.table_view(0, NAMES).choices if ch.action == CallFish("Cod"))
    assert (str(call.label), say("de", call.label), say("fi", call.label)) == (
        "Call “Cod”", "„Kabeljau“ rufen", "Huuda ”Turska”")
    called = state.apply(0, CallFish("Cod"))[0]
    assert say("be", called.message(name)) == "Anna: «Траска!» — засталася адна карта"
    assert state.fish_calls == [[0, "Cod"]]
