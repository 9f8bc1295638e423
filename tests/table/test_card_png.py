"""The card pictures a phone shows (table/faces/png.py): the table's own card,
as a PNG a browser can show, for every game's faces — and nothing painted for
a face no game has."""
import gc
import io
import tracemalloc

import numpy as np
import pygame
import pytest

from haudrauf.table import faces
from haudrauf.table.faces import png
from haudrauf.table.faces_sheet import all_faces

SOME_FACES = [face for found in all_faces().values() for face in found[::9]]  # every game, every kind of card


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield


def decoded(data: bytes) -> pygame.Surface:
    return pygame.image.load(io.BytesIO(data), "card.png")


@pytest.mark.parametrize("face", SOME_FACES)
def test_a_phone_sees_the_same_card_as_the_table(face):
    picture = decoded(png.card_png(face))
    assert picture.get_size() == faces.card_size(png.HEIGHT)
    table, margin = faces.render_card(face, faces.card_size(png.HEIGHT), shadow=False)
    assert margin == 0
    shown = pygame.surfarray.pixels3d(picture).astype(int)
    drawn = pygame.surfarray.pixels3d(table).astype(int)
    assert np.abs(shown - drawn).max() <= 1


def test_the_corners_are_round_so_the_felt_shows_through():
    picture = decoded(png.card_png("uno/red/7"))
    alpha = pygame.surfarray.pixels_alpha(picture)
    assert alpha[0, 0] == 0 and alpha[-1, -1] == 0 and alpha[alpha.shape[0] // 2, alpha.shape[1] // 2] == 255


def test_different_cards_are_different_pictures_and_each_is_painted_once():
    seven, queen = png.card_png("uno/red/7"), png.card_png("std/Q/hearts")
    assert seven.startswith(b"\x89PNG") and seven != queen
    assert png.card_png("uno/red/7") is seven  # kept: a card is painted once per run


@pytest.mark.parametrize("face", ["uno/purple/7", "nope/what", "uno/red", "std/Q/hearts/x", "", "uno/red/77"])
def test_a_face_no_game_has_gets_no_picture(face):
    assert png.card_png(face) is None


def test_asking_for_made_up_faces_keeps_nothing():
    """A stranger asking for 20,000 made-up cards (/card/<face>.png) leaves the
    table's memory as it was: only a face some game has is painted and kept."""
    png.card_png("uno/red/7")
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        for n in range(20_000):
            assert png.card_png(f"uno/red/{n}x") is None
        gc.collect()
        grown = sum(stat.size_diff for stat in tracemalloc.take_snapshot().compare_to(before, "filename"))
    finally:
        tracemalloc.stop()
    assert grown < 64 * 1024  # each name kept would be ~100 bytes: 2 MB
    assert png.card_png("uno/red/7") is png.card_png("uno/red/7")  # a real card is still painted once


def test_a_cards_words_are_painted_in_the_phones_language():
    """A boat says BOAT on an English phone and BOOT on a German one: two pictures, each kept."""
    english, german = png.card_png("ssp/boat/dark-blue"), png.card_png("ssp/boat/dark-blue", "de")
    assert english != german
    assert png.card_png("ssp/boat/dark-blue", "de") is german
    assert png.card_png("uno/red/7", "de") == png.card_png("uno/red/7")  # no words on it: the same picture
