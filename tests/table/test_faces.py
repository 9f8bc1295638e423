"""The card painters (table/faces/): every face of every game draws, is not
blank, and cards that players must tell apart look different — also without
colour (greyscale) for the Crazy Old Fish War colours."""
from itertools import combinations

import numpy as np
import pygame
import pytest

from haudrauf.table import faces
from haudrauf.table.faces import crazy_old_fish_war as cofw_faces, sea_salt_paper as ssp_faces
from haudrauf.table.faces_sheet import GAMES, all_faces, main as sheet_main

FACES = all_faces()
EVERY_FACE = [face for found in FACES.values() for face in found]
FELT = (22, 92, 58)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    faces.clear_cache()
    yield
    faces.clear_cache()


def card_pixels(face, height=120, **options) -> np.ndarray:
    """RGB array (w, h, 3) of just the card rectangle, drawn on table felt."""
    w, h = faces.card_size(height)
    m = 12
    surface = pygame.Surface((w + 2 * m, h + 2 * m))
    surface.fill(FELT)
    faces.draw_card(surface, (m, m, w, h), face, **options)
    return pygame.surfarray.array3d(surface)[m:m + w, m:m + h].astype(np.int32)


def colour_count(rgb: np.ndarray) -> int:
    packed = (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]
    return len(np.unique(packed))


def grey(rgb: np.ndarray) -> np.ndarray:
    return rgb @ np.array([299, 587, 114]) // 1000


def differ(a: np.ndarray, b: np.ndarray, share: float = 0.02) -> bool:
    """More than `share` of the pixels are clearly different."""
    diff = np.abs(a - b)
    if diff.ndim == 3:
        diff = diff.max(axis=2)
    return (diff > 24).mean() > share


def test_the_face_lists_cover_every_card_of_every_game():
    assert set(FACES) == set(GAMES)
    counts = {game: len(found) for game, found in FACES.items()}
    assert counts == {"uno-hau-drauf": 54, "go-fish": 52, "skip-bo": 13, "crazy-old-fish-war": 56,
                      "sea-salt-paper": 66}
    assert {face.split("/")[0] for face in EVERY_FACE} == set(faces.PAINTERS)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("height", [40, 120, 300])
def test_every_face_paints_with_its_own_painter_and_is_not_blank(game, height):
    w, h = faces.card_size(height)
    for face in FACES[game]:
        canvas = faces.Canvas(pygame.Surface((w, h)), h)
        faces.paint_face(canvas, face)  # raises instead of falling back to the unknown card
        pixels = card_pixels(face, height)
        assert colour_count(pixels) > 2, face


def test_card_size_is_five_by_seven():
    assert faces.card_size(70) == (50, 70)
    assert faces.card_size(140) == (100, 140)
    w, h = faces.card_size(121)
    assert abs(w / h - 5 / 7) < 0.01


@pytest.mark.parametrize("a, b", [
    ("uno/red/7", "uno/blue/7"), ("uno/red/7", "uno/red/1"), ("uno/red/6", "uno/red/9"),
    ("uno/green/skip", "uno/green/draw2"), ("uno/green/haudrauf", "uno/green/skip"), ("uno/wild", "uno/wild4"),
    ("std/8/hearts", "std/8/spades"), ("std/8/hearts", "std/8/diamonds"), ("std/8/clubs", "std/8/spades"),
    ("std/Q/hearts", "std/K/hearts"), ("std/10/clubs", "std/J/clubs"),
    ("skipbo/1", "skipbo/5"), ("skipbo/5", "skipbo/9"), ("skipbo/11", "skipbo/12"), ("skipbo/12", "skipbo/sb"),
    ("cofw/red/8", "cofw/red/7"), ("cofw/red/7", "cofw/mermaid"),
    ("ssp/crab/dark-blue", "ssp/crab/light-blue"), ("ssp/shell/grey", "ssp/octopus/grey"),
    ("ssp/shoal/grey", "ssp/fish/black"), ("ssp/event/kraken", "ssp/event/tornado"),
])
@pytest.mark.parametrize("height", [40, 120])
def test_cards_players_must_tell_apart_look_different(a, b, height):
    assert differ(card_pixels(a, height), card_pixels(b, height))


@pytest.mark.parametrize("height", [40, 120])
@pytest.mark.parametrize("number", [3, 8, 11])
def test_fish_war_colours_differ_even_in_greyscale(height, number):
    """Colour-blind players tell the five colours apart by their symbol and
    pattern: the pictures differ in grey, and even as black-and-white shapes."""
    cards = {key: card_pixels(f"cofw/{key}/{number}", height) for key in cofw_faces.COFW_RGB}
    for (ka, a), (kb, b) in combinations(cards.items(), 2):
        assert differ(a, b), (ka, kb)
        ga, gb = grey(a), grey(b)
        assert differ(ga, gb), (ka, kb)
        shape_a, shape_b = ga > np.median(ga), gb > np.median(gb)
        assert (shape_a != shape_b).mean() > 0.02, (ka, kb)


def test_fish_war_colours_use_the_games_own_symbols():
    from haudrauf.engine.games.crazy_old_fish_war.cards import COLOUR_TABLE
    assert set(cofw_faces.COFW_RGB) == set(COLOUR_TABLE)
    assert {symbol for _, symbol in COLOUR_TABLE.values()} <= set(cofw_faces.COFW_MARKS)


def test_sea_salt_paper_colours_and_kinds_are_all_painted():
    from haudrauf.engine.games.sea_salt_paper.cards import COLOUR_WORDS, KIND_WORDS
    from haudrauf.engine.games.sea_salt_paper.extra_pepper import EVENTS
    assert set(ssp_faces.SSP_RGB) == set(COLOUR_WORDS)
    assert set(ssp_faces.SSP_ICONS) == set(KIND_WORDS)
    assert set(ssp_faces.SSP_EVENT_ICONS) == {e.name for e in EVENTS}
    rgb = list(ssp_faces.SSP_RGB.values())
    assert len(set(rgb)) == len(rgb)


@pytest.mark.parametrize("height", [40, 120])
def test_every_game_has_its_own_back(height):
    backs = {game: card_pixels(None, height, game=game) for game in GAMES + ("no-such-game",)}
    for (ga, a), (gb, b) in combinations(backs.items(), 2):
        assert differ(a, b, share=0.1), (ga, gb)
    assert np.array_equal(card_pixels(None, height), backs["no-such-game"])  # no game: the neutral back


@pytest.mark.parametrize("face", ["uno/red/7", "std/8/hearts", None])
def test_highlight_and_dim_change_the_card(face):
    plain = card_pixels(face, game="go-fish")
    lit = card_pixels(face, game="go-fish", highlight=True)
    dim = card_pixels(face, game="go-fish", dim=True)
    assert differ(plain, lit) and differ(plain, dim)
    assert grey(dim).mean() < grey(plain).mean()  # greyed out reads darker on the felt


def test_highlight_glows_outside_the_card():
    w, h = faces.card_size(120)
    surface = pygame.Surface((w + 40, h + 40))
    surface.fill(FELT)
    faces.draw_card(surface, (20, 20, w, h), "uno/red/7", highlight=True, shadow=False)
    left_of_card = pygame.surfarray.array3d(surface)[16, 20 + h // 2]
    assert tuple(left_of_card) != FELT


@pytest.mark.parametrize("face", ["", "/", "nope", "nope/what", "uno", "uno/purple/7", "uno/red/12", "uno/red",
                                  "std/Z/hearts", "std/8", "skipbo/99", "skipbo/x", "cofw/red", "cofw/pink/3",
                                  "cofw/red/12", "ssp/crab", "ssp/crab/teal", "ssp/event/nope", "ssp/event",
                                  "uno/red/7/extra", "uno/red/wild", "ünï/☃", "std/\x00/\n", " " * 40,
                                  "ssp/" + "very-long-name-" * 20])
@pytest.mark.parametrize("height", [40, 120])
def test_unknown_faces_draw_a_neutral_card(face, height):
    pixels = card_pixels(face, height)
    assert colour_count(pixels) > 2


def test_cache_returns_identical_pixels_and_is_bounded(monkeypatch):
    first = card_pixels("ssp/octopus/purple")
    assert faces.cache_len() == 1
    again = card_pixels("ssp/octopus/purple")
    assert faces.cache_len() == 1 and np.array_equal(first, again)
    assert faces.cached_card("std/A/spades", (50, 70))[0] is faces.cached_card("std/A/spades", (50, 70))[0]
    faces.clear_cache()
    assert np.array_equal(card_pixels("ssp/octopus/purple"), first)  # repainted the same

    monkeypatch.setattr(faces, "CACHE_SIZE", 5)
    for face in EVERY_FACE[:12]:
        faces.cached_card(face, (50, 70))
    assert faces.cache_len() == 5


def test_cache_keeps_sizes_and_states_apart():
    a = faces.cached_card("uno/red/7", (50, 70))[0]
    assert faces.cached_card("uno/red/7", (60, 84))[0] is not a
    assert faces.cached_card("uno/red/7", (50, 70), highlight=True)[0] is not a
    assert faces.cached_card(None, (50, 70), game="go-fish")[0] is not faces.cached_card(None, (50, 70),
                                                                                         game="skip-bo")[0]


def test_tiny_or_odd_rects_do_not_crash():
    surface = pygame.Surface((200, 200))
    for rect in [(0, 0, 0, 0), (5, 5, 1, 1), (5, 5, 3, 3), (-20, -20, 50, 70), (150, 150, 90, 40),
                 pygame.Rect(10, 10, 120, 40)]:
        faces.draw_card(surface, rect, "std/10/diamonds", highlight=True, dim=True)


def test_fonts_are_cached_by_size():
    assert faces.common._font(31) is faces.common._font(31)
    assert faces.common._font(31) is not faces.common._font(32)


def test_contact_sheet_script_writes_a_png(tmp_path, capsys):
    out = tmp_path / "sheet.png"
    assert sheet_main([str(out), "--height", "40"]) == 0
    sheet = pygame.image.load(str(out))
    assert sheet.get_width() > 300 and sheet.get_height() > 300


def test_the_words_printed_on_a_card_are_in_the_readers_language():
    """A Sea Salt & Paper boat says BOAT in English and BOOT in German: the same card, painted twice."""
    from haudrauf.play.language import Language
    from haudrauf.table.faces import render_card
    printed = []
    original = ssp_faces.fit_text

    def recording(text, *args, **kwargs):
        printed.append(text)
        return original(text, *args, **kwargs)
    ssp_faces.fit_text = recording
    try:
        render_card("ssp/boat/dark-blue", (160, 240))
        render_card("ssp/boat/dark-blue", (160, 240), lang=Language("de"))
    finally:
        ssp_faces.fit_text = original
    assert printed[0] == "BOAT" and printed[2] == "BOOT"
    assert printed[1] != printed[3]  # the colour, in each language
