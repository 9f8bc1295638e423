"""The reaction test from unit mode, played on a fake clock with the app's
seeded Generator: who takes part, one seat lit at a random moment, five tries
each in a shuffled order, false starts counted and said (the try comes again),
every press kept and saved at once, and the results with each person's model."""
from __future__ import annotations

import pytest

from haudrauf.device.machine import UnitState
from haudrauf.table import input as I
from haudrauf.table.scenes.help import HelpScene
from haudrauf.table.scenes.reaction_test import BREAK_S, LIT_S, TRIES, WAIT_S, ReactionTestScene
from haudrauf.table.scenes.unit_mode import UnitModeScene
from haudrauf.play.stats import StatsBook
from tests.table.conftest import run

STEP = 0.01
DARK_STEP = 0.25  # frames while no light is due: nothing but "Get ready" happens in them


def open_test(app, seats=(0, 1, 2, 3)) -> ReactionTestScene:
    app.push(UnitModeScene(app, seats=seats))
    app.frame([I.Command("reaction_test")])
    assert isinstance(app.scene, ReactionTestScene)
    return app.scene


def start(app) -> ReactionTestScene:
    scene = open_test(app)
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert scene.phase == "ready"
    return scene


def until_lit(app, scene, limit_s: float = 10.0, step: float = STEP) -> int:
    """Frames until a seat lights; its seat. The dark wait goes by in coarse
    frames, the one before the light ends when it is due, then come `step`
    frames: the light is seen within `step` of its moment (the time runs from
    that frame) and a try costs some 20 frames instead of 400."""
    end = app.clock.now() + limit_s
    while app.clock.now() < end:
        if scene.lit is not None:
            return scene.lit
        frame = max(step, min(DARK_STEP, scene.light_at - app.clock.now()))
        run(app, frame, step=frame)
    raise AssertionError("no seat lit")


def press(app, seat: int, after_s: float = 0.0) -> None:
    app.clock.advance(after_s)
    app.frame([I.SeatKey(seat, True, app.clock.now()), I.SeatKey(seat, False, app.clock.now())])


def play_through(app, scene, reaction_s=lambda seat: 0.2 + 0.05 * seat, step: float = STEP) -> list[int]:
    """Every try answered by the lit seat; the seats in the order they were lit."""
    order = []
    while scene.phase != "done":
        seat = until_lit(app, scene, step=step)
        order.append(seat)
        press(app, seat, reaction_s(seat))
    return order


def test_the_key_and_the_button_open_it_with_the_registered_seats(app, drawn):
    scene = open_test(app, seats=(0, 2))
    assert scene.chosen == {0, 2} and scene.phase == "join"
    app.frame([])
    assert "Anna, Cleo — press Start. A seat button joins or leaves." in drawn
    app.pop()
    app.frame([])
    button = next(b for b in app.scene.buttons if b.label == "Reaction test")
    assert button.hint == "R"
    app.frame([I.PointerDown(button.rect.center, -1, app.clock.now())])
    assert isinstance(app.scene, ReactionTestScene)


def test_a_game_in_play_is_paused_before_the_test_covers_the_unit(app):
    unit_scene = UnitModeScene(app, seats=(0, 1))
    app.push(unit_scene)
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert unit_scene.unit.state in (UnitState.SPINNING, UnitState.TURN)
    app.frame([I.Command("reaction_test")])
    assert unit_scene.unit.state is UnitState.PAUSED and isinstance(app.scene, ReactionTestScene)


def test_seat_buttons_join_and_leave_and_nobody_cannot_start(app, drawn):
    scene = open_test(app, seats=())
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert scene.phase == "join" and scene.message == "Press your seat button to take part first"
    press(app, 1)
    press(app, 4)
    press(app, 1)
    assert scene.chosen == {4}
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert scene.phase == "ready" and set(scene.takers) == {4}


def test_five_tries_each_in_a_shuffled_order_timed_from_the_light(app):
    scene = start(app)
    order = play_through(app, scene)
    assert sorted(order) == sorted([0, 1, 2, 3] * TRIES)
    assert order != sorted(order)
    for seat, taker in scene.takers.items():
        assert taker.times == pytest.approx([200 + 50 * seat] * TRIES)
    assert [p["ms"] for p in app.stats.presses if p["name"] == "Dan"] == pytest.approx([350.0] * TRIES)


def test_the_light_comes_at_a_random_moment_after_get_ready(app, drawn):
    scene = start(app)
    waits = []
    for _ in range(6):
        ready_at = app.clock.now() if not waits else app.clock.now() + BREAK_S
        seat = until_lit(app, scene)
        waits.append(scene.lit_at - ready_at)
        press(app, seat, 0.3)
    assert all(WAIT_S[0] - STEP <= w <= WAIT_S[1] + STEP for w in waits)
    assert max(waits) - min(waits) > 0.3  # not the same wait every time
    assert any(line.startswith("Get ready…") for line in drawn)


def test_the_same_seed_lights_the_same_seats_at_the_same_moments(app, config_dir):
    from haudrauf.device.clock import FakeClock
    from haudrauf.table.app import App
    other = App(size=(1280, 720), clock=FakeClock(100.0), seed=7, settings_path=config_dir / "settings.toml")
    runs = []
    for application in (app, other):
        scene = start(application)
        lights = []
        for _ in range(4):
            seat = until_lit(application, scene)
            lights.append((seat, round(scene.lit_at, 6)))
            press(application, seat, 0.3)
        runs.append(lights)
    other.audio.close()
    assert runs[0] == runs[1]


def test_pressing_before_the_light_is_a_false_start_and_the_try_comes_again(app, drawn):
    scene = start(app)
    first = scene.queue[0]
    run(app, 1.0, step=STEP)  # the shortest wait is 1.5 s: still dark
    press(app, 1)
    assert scene.takers[1].false_starts == 1 and scene.takers[1].times == []
    assert scene.message == "Bo pressed too early — false start 1"
    assert scene.phase == "ready" and scene.queue[0] == first and len(scene.queue) == 4 * TRIES
    app.frame([])
    assert "Bo pressed too early — false start 1" in drawn
    assert until_lit(app, scene) == first
    assert app.stats.presses == []


def test_pressing_on_someone_elses_light_is_a_false_start(app):
    scene = start(app)
    lit = until_lit(app, scene)
    other = next(s for s in scene.takers if s != lit)
    press(app, other, 0.2)
    names = ["Anna", "Bo", "Cleo", "Dan"]
    assert scene.message == f"{names[other]} pressed while {names[lit]}'s seat was lit — false start 1"
    assert scene.lit is None and scene.takers[lit].times == [] and scene.queue[0] == lit


def test_presses_just_after_a_try_count_for_nothing(app):
    scene = start(app)
    seat = until_lit(app, scene)
    press(app, seat, 0.25)
    press(app, seat, 0.05)  # a double press of the same button
    assert scene.takers[seat].false_starts == 0 and scene.message == f"{scene.takers[seat].name}: 250 ms"


def test_a_light_nobody_answers_goes_out_and_the_try_comes_again(app):
    scene = start(app)
    seat = until_lit(app, scene)
    run(app, LIT_S + 0.05, step=STEP)
    assert scene.lit is None and scene.queue[0] == seat and scene.takers[seat].times == []
    assert scene.message == f"{scene.takers[seat].name} did not press — that try comes again"


def test_escape_leaves_keeping_every_press_so_far(app, config_dir):
    scene = start(app)
    for _ in range(3):
        press(app, until_lit(app, scene), 0.3)
    app.frame([I.Command("back")])
    assert isinstance(app.scene, UnitModeScene)
    saved, problem = StatsBook.load(config_dir / "stats.json")
    assert problem is None and len(saved.presses) == 3 == len(app.stats.presses)


def test_the_results_show_times_median_false_starts_and_the_model(app, drawn):
    scene = start(app)
    run(app, 1.0, step=STEP)
    press(app, 1)  # Bo: a false start
    play_through(app, scene)
    drawn.clear()
    app.frame([])
    assert "Anna:  200  200  200  200  200 ms — median 200 ms, no false starts" in drawn
    assert "Bo:  250  250  250  250  250 ms — median 250 ms, 1 false start" in drawn
    assert "Bo: thinks 1.8 s (median, default), slaps in 250 ms — from 5 slaps" in drawn  # not "from 0 turns"
    assert "Bo: no turn times yet — a typical player's thinking time is used (it takes 10)" in drawn
    app.frame([I.PlayPauseKey(app.clock.now())])  # Again
    assert scene.phase == "join" and scene.chosen == {0, 1, 2, 3}


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_every_step_fits_the_window(config_dir, size, drawn):
    from haudrauf.device.clock import FakeClock
    from haudrauf.table.app import App
    app = App(size=size, clock=FakeClock(100.0), seed=3, settings_path=config_dir / "settings.toml")
    scene = open_test(app, seats=(0, 1, 2, 3, 4, 5))
    window = app.screen.get_rect()
    steps = []
    app.frame([I.PlayPauseKey(app.clock.now())])
    run(app, 0.3, step=STEP)
    press(app, 5)  # a false start: its message shows
    steps.append(scene.phase)
    assert all(window.contains(b.rect) for b in scene.buttons)
    until_lit(app, scene)
    steps.append(scene.phase)
    play_through(app, scene)
    app.frame([])
    steps.append(scene.phase)
    assert all(window.contains(b.rect) for b in scene.buttons) and [b.label for b in scene.buttons] == ["Back", "Again"]
    assert steps == ["ready", "lit", "done"]
    assert sum(line.endswith("no false starts") for line in drawn) >= 5
    assert any(line.endswith("1 false start") for line in drawn)
    app.audio.close()


def test_help_lists_the_reaction_test_key(app, drawn):
    open_test(app)
    app.push(HelpScene(app))
    app.frame([])
    assert "the reaction test: how fast is each of you (unit mode)" in drawn


def test_lying_flat_every_seats_words_face_its_side_and_the_call_faces_the_lit_seat(app, monkeypatch):
    """As unit mode lying flat: the test is played round a tablet on the table."""
    from dataclasses import replace
    from haudrauf.table.ui import draw
    app.settings.table = replace(app.settings.table, layout="flat")
    angles: dict[str, set[int]] = {}
    original = draw.text

    def record(surface, content, pos, size, *args, **kwargs):
        angles.setdefault(content, set()).add(kwargs.get("angle", 0))
        return original(surface, content, pos, size, *args, **kwargs)

    monkeypatch.setattr(draw, "text", record)
    scene = start(app)
    seats = scene.geometry.facings
    for _ in range(TRIES * 4):
        lit = until_lit(app, scene)
        angles.clear()
        app.frame([])
        names = scene.names
        assert angles[f"{names[lit]}: press!"] == {seats[lit]}
        assert all(angles[names[s]] == {seats[s]} for s in (0, 1, 2, 3))
        if seats[lit]:  # a seat on another side than the bottom's: its call is turned to it
            break
        app.frame([I.SeatKey(lit, True, app.clock.now())])
    assert seats[lit] and {seats[s] for s in (0, 1, 2, 3)} == {0, 90, 180, 270} - {90}
