"""Words on screen are for people: no internal ids in anything a game shows.

Many random positions of every game are walked; everything the table would
show — prompt, side lines, seat scores and statuses, pile labels and
captions, choice labels, the log lines of the events, the reasons of
refused moves — and every option's label and value names are checked for
snake_case, slugs ("draw2", "dark-blue", "lowest-wins"), Python reprs and
0-based seat numbers."""
from __future__ import annotations

import re

import numpy as np
import pytest

from haudrauf.engine import registry
from haudrauf.engine.core import IllegalAction
from haudrauf.engine.core.codec import decoder
from haudrauf.engine.core.state import _decode_unit_event as decode_unit_event
from haudrauf.engine.games.sea_salt_paper import cards as ssp_cards
from haudrauf.engine.games.sea_salt_paper import extra_pepper as ssp_events
from haudrauf.engine.games.uno_hau_drauf import cards as uno_cards
from haudrauf.words import Message
from tests.engine.positions import finished_game

GAMES = registry.available()
NAMES = ["Anna", "Bo", "Cleo", "Dan"]

SLUGS = {uno_cards.DRAW_TWO, uno_cards.WILD_FOUR, uno_cards.HAU_DRAUF.lower(), "layer", "Layer", ssp_cards.CAST,
         *(s for s in ssp_cards.COLOUR_WORDS if "-" in s), *(e.name for e in ssp_events.EVENTS if "-" in e.name),
         *(str(v) for g in GAMES for o in registry.game_class(g).info.options for v in o.choices if "-" in str(v))}
FORBIDDEN = [
    re.compile(r"\b[a-z]+_[a-z_]+\b"),  # snake_case
    re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(SLUGS, key=len, reverse=True))) + r")(?![\w-])"),
    re.compile(r"\b(None|True|False)\b|[A-Z][a-z]+\(|\w+=\w"),  # Python reprs
    re.compile(r"\bseat 0\b", re.IGNORECASE),  # seats count from 1 for people
]


def internal_ids(said) -> list[str]:
    """`said`: a str or a Message, read in English."""
    text = str(said)
    return [m.group(0) for pattern in FORBIDDEN for m in pattern.finditer(text)]


def picture_texts(picture) -> list[str]:
    texts = [picture.prompt, *picture.info, *(c.label for c in picture.choices)]
    for seat in picture.seats:
        texts += [seat.score, seat.status, seat.hand.label, seat.hand.caption]
        texts += [t for pile in seat.piles for t in (pile.label, pile.caption)]
    return texts + [t for pile in picture.centre for t in (pile.label, pile.caption)]


def refusal_reasons(state, tries: list) -> list[str]:
    """Reasons for moves that are well formed but not legal here (moves of
    other seats and other positions)."""
    reasons = []
    for seat in range(state.players):
        for action in tries:
            if action not in state.legal_actions(seat):
                try:
                    state.apply(seat, action)
                except IllegalAction as refusal:
                    reasons.append(refusal.reason)
    return reasons


#: Every option that changes what is shown, switched on (seed 0 plays the defaults).
VARIANTS = {
    "uno-hau-drauf": {"layer_chooses": True, "wild4_bluffing": True, "scoring": "lowest-wins"},
    "go-fish": {"dealer": 2},
    "skip-bo": {"partners": True, "short_game": True},
    "crazy-old-fish-war": {"war": True, "crazy8_names_number": True, "fish_penalty": 2, "turn_passes": "to-opponent"},
    "sea-salt-paper": {"extra_salt": True, "extra_pepper": True},
}


def texts_of_a_game(game_id: str, seed: int) -> list[tuple[str, str]]:
    """(where, text) for everything shown along one random game, replayed
    move by move from its log so that every event is seen."""
    game = finished_game(game_id, len(NAMES), seed, VARIANTS[game_id] if seed else None)
    cls, log = type(game), game.log
    decode_action = decoder(cls.action_types)
    rng = np.random.default_rng(seed)
    state = cls(game.options, game.seed)
    all_moves = [decode_action(entry[2]) for entry in log if entry[0] == "act"]  # tried where they are not legal
    found = []
    looks = set(np.linspace(0, len(log) - 1, 25).astype(int))
    name = NAMES.__getitem__
    for i, entry in enumerate(log):
        if i in looks:
            for viewer in [*range(state.players), None]:
                found += [("picture", t) for t in picture_texts(state.table_view(viewer, NAMES))]
            picks = rng.choice(len(all_moves), min(12, len(all_moves)), replace=False)
            found += [("reason", r) for r in refusal_reasons(state, [all_moves[int(k)] for k in picks])]
        if entry[0] == "act":
            events = state.apply(entry[1], decode_action(entry[2]))
        else:
            events = state.feed(decode_unit_event(entry[1]))
        for event in events:
            found.append(("event", event.message(name)))
            found += [("results", line) for line in (event.detail(name) if hasattr(event, "detail") else [])]
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_no_internal_ids_on_screen(game_id):
    bad = {(where, str(text), tuple(internal_ids(text))) for seed in range(3)
           for where, text in texts_of_a_game(game_id, seed) if internal_ids(text)}
    assert not bad, "\n".join(f"{where}: {text!r} has {ids}" for where, text, ids in sorted(bad)[:40])


#: The games that say every word as a Message (the others still hold some finished English).
SPEAKING = ["skip-bo", "crazy-old-fish-war"]


@pytest.mark.parametrize("game_id", SPEAKING)
def test_every_word_shown_is_a_message_each_reader_can_have_in_their_language(game_id):
    """A bare str on screen is only a player's name or a number: no language changes those."""
    finished = {(where, text) for seed in range(2) for where, text in texts_of_a_game(game_id, seed)
                if isinstance(text, str) and text and text not in NAMES and not text.isdigit()}
    assert not finished, sorted(finished)[:20]
    for option in registry.game_class(game_id).info.options:
        assert all(isinstance(words, Message) for words in (option.label, option.help)), option.name
        assert all(isinstance(words, Message) for _, words in option.value_names), option.name


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_has_a_label_and_values_in_words(game_id):
    for option in registry.game_class(game_id).info.options:
        assert option.label and not internal_ids(option.label), option
        assert not internal_ids(option.help), option.help
        values = option.choices or ((False, True) if isinstance(option.default, bool)
                                    else range(int(option.low), min(int(option.high), 20) + 1))
        for value in values:
            words = option.value_label(value)
            assert words and not internal_ids(words), (option.name, value, words)


def test_option_values_read_as_a_player_says_them():
    info = {g: {o.name: o for o in registry.game_class(g).info.options} for g in GAMES}
    assert str(info["go-fish"]["dealer"].value_label(0)) == "last seat"
    assert str(info["go-fish"]["dealer"].value_label(3)) == "Seat 3"
    assert str(info["skip-bo"]["target"].value_label(0)) == "one game"
    assert str(info["skip-bo"]["target"].value_label(500)) == "500 points"
    assert str(info["skip-bo"]["first_player"].value_label("left-of-dealer")) == "left of the dealer"
    assert str(info["uno-hau-drauf"]["scoring"].value_label("lowest-wins")) == "lowest score wins"
    assert str(info["uno-hau-drauf"]["layer_chooses"].label) == "Who draws after +2 / +4"
    assert str(info["crazy-old-fish-war"]["fish_penalty"].value_label(0)) == "costs nothing"
