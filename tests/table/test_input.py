"""The input adapter: keys, clicks and several fingers become intents; the
mouse events SDL makes up for touches are not counted twice."""
import pygame
import pytest

from haudrauf.table import input as I
from haudrauf.play.keys import KeyBindings
from haudrauf.table.keymap import KeyMap


@pytest.fixture
def adapter():
    pygame.display.init()
    pygame.display.set_mode((800, 600))
    return I.InputAdapter(KeyMap(KeyBindings()))


def key(kind, code):
    return pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0)


def test_default_seat_keys_are_spread_over_the_keyboard(adapter):
    codes = [pygame.K_q, pygame.K_x, pygame.K_b, pygame.K_m, pygame.K_p, pygame.K_t]
    intents = [adapter.translate(key(pygame.KEYDOWN, c), 1.0)[0] for c in codes]
    assert intents == [I.SeatKey(seat, True, 1.0) for seat in range(6)]
    assert adapter.translate(key(pygame.KEYUP, pygame.K_q), 2.0) == [I.SeatKey(0, False, 2.0)]


def test_big_buttons_and_commands(adapter):
    assert adapter.translate(key(pygame.KEYDOWN, pygame.K_SPACE), 3.0) == [I.HauDraufKey(3.0)]
    assert adapter.translate(key(pygame.KEYDOWN, pygame.K_RETURN), 3.0) == [I.PlayPauseKey(3.0)]
    assert adapter.translate(key(pygame.KEYDOWN, pygame.K_F11), 3.0) == [I.Command("fullscreen")]
    assert adapter.translate(key(pygame.KEYDOWN, pygame.K_ESCAPE), 3.0) == [I.Command("back")]
    assert adapter.translate(key(pygame.KEYDOWN, pygame.K_F1), 3.0) == [I.Command("help")]
    assert adapter.translate(pygame.event.Event(pygame.QUIT), 3.0) == [I.Command("quit")]


def test_several_fingers_are_separate_pointers_in_window_pixels(adapter):
    down = [pygame.event.Event(pygame.FINGERDOWN, x=0.1, y=0.5, finger_id=f, touch_id=1, dx=0, dy=0,
                               pressure=1) for f in (3, 4)]
    assert [adapter.translate(e, 5.0)[0] for e in down] == [I.PointerDown((80, 300), 3, 5.0),
                                                            I.PointerDown((80, 300), 4, 5.0)]
    synthetic = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(80, 300), button=1, touch=True)
    assert adapter.translate(synthetic, 5.0) == []
    real = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1, touch=False)
    assert adapter.translate(real, 5.0) == [I.PointerDown((10, 20), I.MOUSE, 5.0)]


def test_a_finger_at_the_window_edge_is_on_its_last_pixel_not_beyond(adapter):
    def at(x, y):
        event = pygame.event.Event(pygame.FINGERDOWN, x=x, y=y, finger_id=1, touch_id=1, dx=0, dy=0, pressure=1)
        return adapter.translate(event, 1.0)[0].pos

    assert at(1.0, 1.0) == (799, 599) and at(0.5, 0.25) == (400, 150) and at(0.0, 0.0) == (0, 0)


def test_polled_presses_keep_their_queue_order(adapter):
    pygame.event.clear()
    for code in (pygame.K_m, pygame.K_q, pygame.K_x):
        pygame.event.post(key(pygame.KEYDOWN, code))
    seats = [i.seat for i in adapter.poll(9.0) if isinstance(i, I.SeatKey)]
    assert seats == [3, 0, 1]


def test_text_mode_sends_typing_to_the_field_not_the_buttons(adapter):
    adapter.text_mode = True
    assert adapter.translate(key(pygame.KEYDOWN, pygame.K_q), 1.0) == []
    assert adapter.translate(pygame.event.Event(pygame.TEXTINPUT, text="q"), 1.0) == [I.TextInput("q")]
    assert adapter.translate(key(pygame.KEYDOWN, pygame.K_BACKSPACE), 1.0) == [I.EditKey("backspace")]
