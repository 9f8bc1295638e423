"""Six fingers at once on unit mode's seat buttons, through pygame's event queue
and the real input adapter: every finger that lands on a button presses it,
each press keeps the time it was polled at and the race is ranked by it, and a
finger that slides or lands between buttons presses nothing more.

Finger positions are normalised (0..1) by SDL; the windows here are not square
(one wide, one tall), so a mix-up of width and height would miss the buttons."""
from __future__ import annotations

import pygame
import pytest

from haudrauf.device import events as uev
from haudrauf.device.clock import FakeClock
from haudrauf.device.machine import UnitState
from haudrauf.table import input as I
from haudrauf.table.app import App
from haudrauf.table.scenes.unit_mode import UnitModeScene

TOUCH_ID = 1


@pytest.fixture(params=[(1280, 720), (720, 1100)], ids=["wide window", "tall window"])
def app(request, config_dir):
    application = App(size=request.param, clock=FakeClock(100.0), seed=7,
                      settings_path=config_dir / "settings.toml")
    application.push(UnitModeScene(application))
    application.frame([])  # lays the unit out: the seat buttons have their places
    assert application.screen.get_size() == request.param
    pygame.event.clear()
    yield application
    application.audio.close()


@pytest.fixture
def fed(app):
    """Every unit event unit mode hears, in order."""
    scene = app.scene
    events: list[uev.UnitEvent] = []
    original = scene.feed

    def record(batch):
        events.extend(batch)
        original(batch)

    scene.feed = record
    return events


def finger(app, kind, finger_id: int, pos) -> pygame.event.Event:
    """A finger event at window pixel `pos`, normalised as SDL sends it."""
    width, height = app.screen.get_size()
    return pygame.event.Event(kind, touch_id=TOUCH_ID, finger_id=finger_id, x=(pos[0] + 0.5) / width,
                              y=(pos[1] + 0.5) / height, dx=0.0, dy=0.0, pressure=1.0)


def post_touches(app, kind, fingers: dict[int, tuple[int, int]]) -> None:
    """Post one batch of finger events, each followed by the mouse event SDL makes
    up from a touch (marked `touch`), as a real touch screen sends them."""
    mouse = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP,
             pygame.FINGERMOTION: pygame.MOUSEMOTION}[kind]
    for finger_id, pos in fingers.items():
        pygame.event.post(finger(app, kind, finger_id, pos))
        extra = {"rel": (0, 0), "buttons": (1, 0, 0)} if mouse == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(mouse, pos=pos, touch=True, **extra))


def seat_centre(app, seat: int) -> tuple[int, int]:
    return app.scene.geometry.seats[seat][0]


def polled_frame(app, after_s: float = 0.0) -> None:
    """Let `after_s` pass, then one pass of the app's loop, reading pygame's queue."""
    app.clock.advance(after_s)
    app.frame()


def seats_in(app) -> tuple[int, ...]:
    return app.scene.unit.view(app.clock.now()).seats


def test_six_fingers_landing_at_once_register_six_seats(app):
    post_touches(app, pygame.FINGERDOWN, {10 + seat: seat_centre(app, seat) for seat in range(6)})
    polled_frame(app)
    assert seats_in(app) == (0, 1, 2, 3, 4, 5)
    post_touches(app, pygame.FINGERUP, {10 + seat: seat_centre(app, seat) for seat in range(6)})
    polled_frame(app)
    assert seats_in(app) == (0, 1, 2, 3, 4, 5)  # lifting is no second press (which would let a seat leave)


def start_slap_race(app) -> float:
    """Six seats in, Play, wait for a turn, then a finger on HAU DRAUF; the race's start."""
    post_touches(app, pygame.FINGERDOWN, {10 + seat: seat_centre(app, seat) for seat in range(6)})
    polled_frame(app)
    post_touches(app, pygame.FINGERUP, {10 + seat: seat_centre(app, seat) for seat in range(6)})
    polled_frame(app)
    app.frame([I.PlayPauseKey(app.clock.now())])
    for _ in range(2000):
        if app.scene.unit.state is UnitState.TURN:
            break
        polled_frame(app, 0.01)
    assert app.scene.unit.state is UnitState.TURN
    post_touches(app, pygame.FINGERDOWN, {99: app.scene.geometry.hau_drauf[0]})
    polled_frame(app, 0.5)
    assert app.scene.unit.state is UnitState.SLAP_RACE
    return app.clock.now()


def test_six_fingers_in_a_slap_race_each_count_at_the_time_they_were_polled(app, fed):
    start_slap_race(app)
    fed.clear()
    # three polls: two fingers land before the first, three before the second, the last one before the third
    for after_s, seats in ((0.150, (3, 0)), (0.004, (5, 1, 4)), (0.010, (2,))):
        post_touches(app, pygame.FINGERDOWN, {20 + seat: seat_centre(app, seat) for seat in seats})
        polled_frame(app, after_s)
    presses = [e for e in fed if isinstance(e, uev.SlapPressed)]
    assert [(p.seat, p.reaction_ms, p.place) for p in presses] == [
        (3, 150.0, 1), (0, 150.0, 2), (5, 154.0, 3), (1, 154.0, 4), (4, 154.0, 5), (2, 164.0, 6)]
    (result,) = [e for e in fed if isinstance(e, uev.SlapResult)]
    assert result.losers == (2,) and not result.window_expired
    assert dict(result.times) == {0: 150.0, 1: 154.0, 2: 164.0, 3: 150.0, 4: 154.0, 5: 154.0}
    assert "1: 150 ms   2: 154 ms   3: 164 ms   4: 150 ms   5: 154 ms   6: 154 ms" in app.scene.banner


def test_six_fingers_in_one_poll_of_a_race_all_count_and_the_last_to_arrive_loses(app, fed):
    start_slap_race(app)
    fed.clear()
    order = (4, 1, 5, 0, 3, 2)
    post_touches(app, pygame.FINGERDOWN, {20 + seat: seat_centre(app, seat) for seat in order})
    polled_frame(app, 0.2)
    presses = [e for e in fed if isinstance(e, uev.SlapPressed)]
    assert [(p.seat, p.reaction_ms) for p in presses] == [(seat, 200.0) for seat in order]
    (result,) = [e for e in fed if isinstance(e, uev.SlapResult)]
    assert result.losers == (2,)


def slide(app, finger_id: int, start, end, steps: int = 12) -> None:
    """A finger lands at `start`, slides to `end` over several polls and lifts there."""
    post_touches(app, pygame.FINGERDOWN, {finger_id: start})
    polled_frame(app, 0.01)
    for step in range(1, steps + 1):
        pos = tuple(int(a + (b - a) * step / steps) for a, b in zip(start, end))
        post_touches(app, pygame.FINGERMOTION, {finger_id: pos})
        polled_frame(app, 0.01)
    post_touches(app, pygame.FINGERUP, {finger_id: end})
    polled_frame(app, 0.01)


def test_a_finger_sliding_from_seat_two_onto_seat_three_presses_seat_two_only(app):
    slide(app, 5, seat_centre(app, 1), seat_centre(app, 2))
    assert seats_in(app) == (1,)


def test_a_finger_sliding_off_its_button_in_a_race_presses_no_other(app, fed):
    start_slap_race(app)
    fed.clear()
    slide(app, 30, seat_centre(app, 1), seat_centre(app, 2))
    assert [e.seat for e in fed if isinstance(e, uev.SlapPressed)] == [1]


def test_a_finger_landing_between_buttons_presses_nothing(app, fed):
    geometry = app.scene.geometry
    (x1, y1), (x2, y2) = seat_centre(app, 1), seat_centre(app, 2)
    between = ((x1 + x2) // 2, (y1 + y2) // 2)
    assert geometry.seat_at(between) is None and not geometry.is_hau_drauf(between)
    assert not any(b.hit(between) for b in app.scene.buttons)
    post_touches(app, pygame.FINGERDOWN, {7: between})
    polled_frame(app, 0.01)
    post_touches(app, pygame.FINGERUP, {7: between})
    polled_frame(app, 0.01)
    assert seats_in(app) == () and not [e for e in fed if hasattr(e, "seat")]
