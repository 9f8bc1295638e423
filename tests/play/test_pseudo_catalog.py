"""The made-up language the window's tests read every screen in
(`haudrauf.testing.pseudo`): every word changed and longer, every slot kept,
so that a screen in it shows plain English only where nobody marked a word."""
import pytest

from haudrauf.play import language
from haudrauf.testing.pseudo import LONGER, PseudoTranslations, plain_words, pseudo
from haudrauf.words import msg, nmsg


@pytest.fixture
def pseudo_language(monkeypatch):
    monkeypatch.setattr(language, "translations", lambda code: PseudoTranslations())
    return language.Language("en")


@pytest.mark.parametrize("source", ["Seat {number}", "Settings", "{seat} draws from the sea",
                                    "Take %(n)s cards", "A"])
def test_every_letter_changes_every_slot_stays_and_the_text_is_longer(source):
    said = pseudo(source)
    slots = [word for word in source.split() if "{" in word or "%" in word]
    assert all(slot in said for slot in slots), said
    assert not set(plain_words(said)) - set(plain_words(" ".join(slots))), said
    assert len(said) >= len(source) * (1 + LONGER), said


def test_the_engines_messages_and_plurals_are_said_in_it_with_their_values(pseudo_language):
    assert pseudo_language.say(msg("{seat} draws from the sea", seat="Anna")) == pseudo("{seat} draws from the sea") \
        .format(seat="Anna")
    assert pseudo_language.say(nmsg("{n} card", "{n} cards", 1)) == pseudo("{n} card").format(n=1)
    assert pseudo_language.say(nmsg("{n} card", "{n} cards", 3)) == pseudo("{n} cards").format(n=3)
    inner = pseudo_language.say(msg("{who} wins", who=msg("Seat {number}", number=2)))
    assert inner == pseudo("{who} wins").format(who=pseudo("Seat {number}").format(number=2))
    assert pseudo_language.gettext("Settings") == pseudo("Settings") != "Settings"
    assert pseudo_language.ngettext("{n} card", "{n} cards", 2) == pseudo("{n} cards")
