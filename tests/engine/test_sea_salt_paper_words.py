"""Sea Salt & Paper in the players' languages: a duo's effect, a scoring line
and a refused call read in German and Belarusian keep their numbers and cards,
with each language's plural forms (Belarusian has three)."""
import pytest

from haudrauf.engine.core import IllegalAction
from haudrauf.engine.games.sea_salt_paper import extra_pepper
from haudrauf.engine.games.sea_salt_paper.actions import Call, PlayDuo
from haudrauf.engine.games.sea_salt_paper.events import DrewFromDeck
from haudrauf.engine.games.sea_salt_paper.scoring import score
from haudrauf.play.language import Language
from tests.engine.test_sea_salt_paper import build, name, play
from tests.engine.test_sea_salt_paper_scoring import Picker

GERMAN, BELARUSIAN = Language("de"), Language("be")


@pytest.mark.parametrize("sunfish, german, belarusian", [
    (False, "Anna nimmt die oberste Karte vom Stapel (Fisch-Duo)", "Anna бярэ верхнюю картку з калоды (пара рыб)"),
    (True, "Anna nimmt die obersten 2 Karten vom Stapel (Fisch-Duo)",
     "Anna бярэ 2 верхнія карткі з калоды (пара рыб)"),
])
def test_a_fish_duo_says_how_many_cards_it_takes(sunfish, german, belarusian):
    p = Picker()
    g = build(hands=[p.many("fish:db", "fish:bk")], deck=p.many("shell:db", "shell:lb"), pepper=sunfish,
              event=extra_pepper.SUNFISH if sunfish else None)
    drew = next(e for e in play(g, 0, PlayDuo(tuple(g.hands[0]))) if isinstance(e, DrewFromDeck))
    assert (GERMAN.say(drew.message(name)), BELARUSIAN.say(drew.message(name))) == (german, belarusian)


@pytest.mark.parametrize("shells, german, belarusian", [
    (1, "1 Muschel 0 = 0; Farbbonus 1 (Dunkelblau)", "1 ракавіна 0 = 0; бонус за колер 1 (цёмна-сіні)"),
    (2, "2 Muscheln 2 = 2; Farbbonus 1 (Dunkelblau)", "2 ракавіны 2 = 2; бонус за колер 1 (цёмна-сіні)"),
    (5, "5 Muscheln 8 = 8; Farbbonus 1 (Dunkelblau)", "5 ракавін 8 = 8; бонус за колер 1 (цёмна-сіні)"),
])
def test_a_scoring_line_counts_shells_in_each_language(shells, german, belarusian):
    hand = Picker().many(*["shell:db", "shell:lb", "shell:bk", "shell:ye", "shell:gn"][:shells])
    breakdown = score(hand, []).text()
    assert (GERMAN.say(breakdown), BELARUSIAN.say(breakdown)) == (german, belarusian)


@pytest.mark.parametrize("hand, german, belarusian", [
    (("shell:db", "shell:lb", "shell:bk"), "du hast 4 Kartenpunkte; zum Ansagen brauchst du 7",
     "у цябе 4 ачкі за карткі; для закліку трэба 7"),
    (("shell:db", "shell:lb", "shell:bk", "penguin:pu"), "du hast 5 Kartenpunkte; zum Ansagen brauchst du 7",
     "у цябе 5 ачкоў за карткі; для закліку трэба 7"),
    (("penguin:pu",), "du hast 1 Kartenpunkt; zum Ansagen brauchst du 7",
     "у цябе 1 ачко за карткі; для закліку трэба 7"),
])
def test_a_call_refused_for_too_few_points_says_them_in_each_language(hand, german, belarusian):
    g = build(hands=[Picker().many(*hand)])
    with pytest.raises(IllegalAction) as refused:
        g.apply(0, Call("stop"))
    assert (GERMAN.say(refused.value.reason), BELARUSIAN.say(refused.value.reason)) == (german, belarusian)
