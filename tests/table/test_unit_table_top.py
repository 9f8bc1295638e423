"""Unit mode as a table-top device: lying flat each seat's words face its side
of the table; from across the table the seat on turn breathes while the
others dim, key letters and the countdown are big, a timeout and a slap race
flash (as the `flashes` setting asks), a refused press is said at its button,
and asleep the screen dims and says how to wake it."""
from dataclasses import replace

import numpy as np
import pygame
import pytest

from haudrauf.device.machine import UnitState
from haudrauf.table import input as I
from haudrauf.table.scenes.unit_mode import UnitModeScene
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.unit_widget import PULSE_HZ, layout, pulse, seat_look
from tests.table.conftest import run

SIZES = [(1280, 800), (800, 1280), (1920, 1080), (1024, 768)]
LEFT, TOP, RIGHT, BOTTOM = 270, 180, 90, 0


@pytest.fixture
def texts(monkeypatch):
    """Every line drawn on the window: (content, rect, the arguments it was drawn with)."""
    drawn: list[tuple[str, pygame.Rect, dict]] = []
    original = draw.text

    def record(surface, content, pos, size, colour=theme.TEXT, **kwargs):
        rect = original(surface, content, pos, size, colour, **kwargs)
        if surface.get_size() == pygame.display.get_surface().get_size() and content.strip():
            drawn.append((content, rect, {"size": size, "colour": colour, **kwargs}))
        return rect

    monkeypatch.setattr(draw, "text", record)
    return drawn


def unit_scene(app, size=(1280, 800), layout_name="flat", seats=(0, 1, 2, 3, 4, 5)):
    app.settings.table = replace(app.settings.table, layout=layout_name)
    scene = UnitModeScene(app, seats=seats)
    app.push(scene)
    app.frame([I.Resized(size)])
    return scene


def start_a_turn(app, scene):
    app.frame([I.PlayPauseKey(app.clock.now())])
    run(app, app.settings.unit.spin_duration + 0.3)
    assert scene.unit.state is UnitState.TURN


def drawn_now(app, texts):
    texts.clear()
    app.frame([])
    return {content: (rect, args) for content, rect, args in texts}


# --- lying flat ------------------------------------------------------------------------------

def test_lying_flat_each_seat_faces_its_own_side_of_the_table_upright_none_turns():
    wide = layout(pygame.Rect(0, 0, 1280, 800), edge=True, flat=True)
    assert wide.facings == {0: BOTTOM, 1: LEFT, 2: TOP, 3: TOP, 4: RIGHT, 5: BOTTOM}  # seat 1 at the bottom left
    tall = layout(pygame.Rect(0, 0, 800, 1280), edge=True, flat=True)
    assert tall.facings == {0: LEFT, 1: LEFT, 2: TOP, 3: RIGHT, 4: RIGHT, 5: BOTTOM}  # two on each long side
    assert set(layout(pygame.Rect(0, 0, 1280, 800), edge=True).facings.values()) == {0}


def test_lying_flat_the_left_seats_name_reads_facing_left_and_the_top_seats_upside_down(app, texts):
    scene = unit_scene(app, layout_name="flat")
    shown = drawn_now(app, texts)
    names = app.settings.table.names
    bo_rect, bo = shown[names[1]]  # seat 2, on the left edge
    assert bo["angle"] == LEFT and bo_rect.height > bo_rect.width  # written down the screen
    assert bo_rect.left > scene.geometry.seats[1][0][0]  # towards the centre, beside the button
    assert shown[names[2]][1]["angle"] == TOP == shown[names[3]][1]["angle"]
    assert shown["Q"][1]["angle"] == BOTTOM and shown["X"][1]["angle"] == LEFT  # the key letters turn too
    statuses = [args["angle"] for content, _, args in texts if content.startswith("6 players in")]
    assert sorted(statuses) == [BOTTOM, TOP]  # joining is for everyone: written for both long sides


def test_upright_stays_as_it_was_nothing_turned(app, texts):
    scene = unit_scene(app, layout_name="upright")
    drawn_now(app, texts)
    assert all(args.get("angle", 0) == 0 for _, _, args in texts)
    status = next(rect for content, rect, _ in texts if content.startswith("6 players in"))
    assert status.center == scene.geometry.status_spot()


def test_lying_flat_the_status_faces_the_seat_on_turn(app, texts):
    scene = unit_scene(app, layout_name="flat")
    start_a_turn(app, scene)
    drawn_now(app, texts)
    status = [args["angle"] for content, _, args in texts if content.endswith("your turn")]
    assert status == [scene.geometry.facings[scene.unit.current]]
    countdown = [args["angle"] for content, _, args in texts if "." in content and content.replace(".", "").isdigit()]
    assert countdown == status  # the time left faces the one it is running for


def _states(app, scene):
    """Registration, a turn, a timeout (with its banner), a slap race's result: (name, None) after each."""
    yield "joining"
    start_a_turn(app, scene)
    wrong = next(s for s in scene.unit.seats if s != scene.unit.current)
    app.frame([I.SeatKey(wrong, True, app.clock.now())])  # "not your turn" by its button
    yield "turn"
    run(app, app.settings.unit.turn_time + 0.5, step=0.25)  # the unit runs on the clock: no frame is looked at
    assert scene.unit.state is UnitState.TIMED_OUT
    run(app, 1.5, step=0.25)  # after the flash
    yield "timed out"
    app.frame([I.SeatKey(scene.unit.view(app.clock.now()).waiting_for[0], True, app.clock.now())])
    run(app, app.settings.unit.spin_duration + 0.3)
    app.frame([I.HauDraufKey(app.clock.now())])
    run(app, 0.2)
    app.frame([I.SeatKey(s, True, app.clock.now()) for s in scene.unit.view(app.clock.now()).racers[:3]])
    run(app, 6, step=0.25)
    assert scene.unit.state is UnitState.SLAP_RESULT
    yield "race result"


@pytest.mark.parametrize("layout_name", ["flat", "upright"])
@pytest.mark.parametrize("size", SIZES)
def test_six_seats_at_any_aspect_nothing_overlaps_nothing_leaves_the_window(app, texts, size, layout_name):
    scene = unit_scene(app, size, layout_name)
    app.settings.unit = app.settings.unit.with_changes(turn_time=6.0, extra_time=(0, 2, 0, 0, 0, 0))
    scene.settings_saved()
    window = app.screen.get_rect()
    for state in _states(app, scene):
        drawn_now(app, texts)
        geo = scene.geometry
        seats = {s: pygame.Rect(x - r, y - r, 2 * r, 2 * r) for s, ((x, y), r) in geo.seats.items()}
        buttons = [b.rect for b in scene.buttons]
        words = [(c, rect) for c, rect, _ in texts if not any(b.contains(rect) for b in buttons)]
        where = f"{layout_name} {size} {state}"
        assert all(window.contains(rect) for _, rect in words), f"{where}: off the window"
        assert all(window.contains(b) for b in buttons) and all(window.contains(s) for s in seats.values())
        on_top = [(a, b) for i, (a, ra) in enumerate(words) for b, rb in words[i + 1:]
                  if ra.inflate(-4, -4).colliderect(rb.inflate(-4, -4))]
        assert not on_top, f"{where}: text on text {on_top[:3]}"
        hidden = [(c, b) for c, rect in words for b in buttons if rect.inflate(-4, -4).colliderect(b)]
        assert not hidden, f"{where}: text under a button {hidden[:3]}"
        assert not [b for b in buttons for s in seats.values() if b.colliderect(s)], f"{where}: button on a seat"
        for seat, name in enumerate(app.settings.table.names):  # a name beside its own button only
            rect = next((r for c, r in words if c == name), None)
            assert rect is None or rect.collidelist([s for other, s in seats.items() if other != seat]) == -1


# --- seen from across the table --------------------------------------------------------------

def patch_brightness(surface, centre, radius) -> float:
    """The mean brightness of a small patch at the right of a seat button, clear of its words."""
    x, y = centre
    pixels = pygame.surfarray.array3d(surface)[x + int(radius * 0.7) - 2:x + int(radius * 0.7) + 3, y - 2:y + 3]
    return float(pixels.mean())


def test_the_seat_on_turn_breathes_while_the_others_stay_dim(app):
    scene = unit_scene(app, layout_name="upright", seats=(0, 1, 2, 3))
    start_a_turn(app, scene)
    current = scene.unit.current
    other = next(s for s in scene.unit.seats if s != current)
    low = (int(app.clock.now() * PULSE_HZ) + 1) / PULSE_HZ  # a breath's bottom, then its top
    high = low + 0.5 / PULSE_HZ
    assert pulse(low) == pytest.approx(0) and pulse(high) == pytest.approx(1)
    looks, patches = {}, {}
    for t in (low, high):
        scene.draw(app.screen, t)
        view = scene.unit.view(t)
        looks[t] = {s: seat_look(s, view, t) for s in (current, other)}
        patches[t] = {s: patch_brightness(app.screen, *scene.geometry.seats[s]) for s in (current, other)}
    assert looks[high][current].scale > looks[low][current].scale  # it swells …
    assert patches[high][current] > patches[low][current] + 10  # … and brightens
    assert looks[low][other] == looks[high][other] and looks[low][other].scale == 1  # the others stand still
    assert patches[low][other] == patches[high][other] < patches[low][current]  # and stay darker
    assert sum(looks[low][other].fill) < sum(theme.SEAT_COLOURS[other])  # dimmed, not their full colour
    assert looks[high][current].fill != (255, 255, 255)  # the seat on turn keeps its colour: no pale button


@pytest.mark.parametrize("size", SIZES + [(640, 480)])
@pytest.mark.parametrize("layout_name", ["flat", "upright"])
def test_key_letters_and_countdown_are_at_least_3_percent_of_the_window_height(app, texts, size, layout_name):
    scene = unit_scene(app, size, layout_name)
    start_a_turn(app, scene)
    drawn_now(app, texts)
    keys = {app.settings.keys.label(f"seat{n}") for n in range(1, 7)}
    big = [(c, a) for c, _, a in texts if c in keys or c.replace(".", "").isdigit() and "." in c]
    assert len(big) == 7  # six keys and the time left
    for content, args in big:
        image = draw._rendered(content, args["size"], tuple(args["colour"]), args.get("bold", False),
                               args.get("max_width"))
        assert image.get_bounding_rect().height >= 0.03 * size[1], f"{content!r} too small at {size}"


def timed_out(app, scene):
    start_a_turn(app, scene)
    while scene.unit.state is UnitState.TURN:
        app.clock.advance(0.05)
        app.frame([])
    assert scene.flash and scene.flash[0] == "timeout"


def flash_difference(app, scene, t) -> np.ndarray:
    """Which pixels the flash changes at `t`: the frame with it against the same frame without."""
    scene.draw(app.screen, t)
    flashed = pygame.surfarray.array3d(app.screen).astype(int)
    kept, scene.flash = scene.flash, None
    scene.draw(app.screen, t)
    scene.flash = kept
    return flashed - pygame.surfarray.array3d(app.screen).astype(int)


@pytest.mark.parametrize("flashes", ["full", "soft", "off"])
def test_a_timeout_flashes_the_whole_screen_only_its_edge_or_nothing(app, flashes, monkeypatch):
    played = []
    monkeypatch.setattr(app.audio, "play", lambda name: played.append(name) or True)
    app.settings.table = replace(app.settings.table, flashes=flashes)
    scene = unit_scene(app, layout_name="upright", seats=(0, 1))
    timed_out(app, scene)
    assert "buzzer" in played  # the flash setting is about light: the buzzer sounds anyway
    changed = np.abs(flash_difference(app, scene, scene.flash[1] + 0.01)).sum(axis=2) > 30
    edge = np.zeros_like(changed)
    edge[:20], edge[-20:], edge[:, :20], edge[:, -20:] = True, True, True, True
    if flashes == "full":
        assert changed.mean() > 0.95
    elif flashes == "soft":
        assert changed[edge].mean() > 0.95 and not changed[80:-80, 80:-80].any()
    else:
        assert not changed.any()
    assert not np.abs(flash_difference(app, scene, scene.flash[1] + 1.3)).any()  # over after 1.2 s


def test_a_slap_race_flashes_yellow_once_a_timeout_red_three_times(app, monkeypatch):
    played = []
    monkeypatch.setattr(app.audio, "play", lambda name: played.append(name) or True)
    scene = unit_scene(app, layout_name="upright", seats=(0, 1, 2))
    timed_out(app, scene)
    start = scene.flash[1]
    red = flash_difference(app, scene, start + 0.01).mean(axis=(0, 1))
    strengths = [np.abs(flash_difference(app, scene, start + t)).mean() for t in np.arange(0.01, 1.2, 0.1)]
    fades = sum(1 for a, b in zip(strengths, strengths[1:]) if b > a)  # a new blink starts bright again
    assert red[0] > 40 and red[0] > red[1] + 30 and fades == 2
    app.frame([I.SeatKey(scene.unit.view(app.clock.now()).waiting_for[0], True, app.clock.now())])
    run(app, app.settings.unit.spin_duration + 0.3)
    app.frame([I.HauDraufKey(app.clock.now())])
    assert scene.flash[0] == "slap" and "slap_start" in played
    yellow = flash_difference(app, scene, scene.flash[1] + 0.01).mean(axis=(0, 1))
    assert yellow[0] > 40 and yellow[1] > 40 and yellow[2] < yellow[1] - 30  # red and green: yellow
    strengths = [np.abs(flash_difference(app, scene, scene.flash[1] + t)).mean() for t in np.arange(0.01, 0.7, 0.1)]
    assert strengths == sorted(strengths, reverse=True)  # one swell that fades


@pytest.mark.parametrize("layout_name", ["flat", "upright"])
def test_not_your_turn_is_shown_at_the_button_that_was_pressed_for_a_moment(app, texts, layout_name):
    scene = unit_scene(app, layout_name=layout_name, seats=(0, 1, 2, 3))
    start_a_turn(app, scene)
    wrong = next(s for s in scene.unit.seats if s != scene.unit.current)
    app.frame([I.SeatKey(wrong, True, app.clock.now())])
    shown = drawn_now(app, texts)
    (x, y), r = scene.geometry.seats[wrong]
    rect, args = shown["not your turn"]
    assert (rect.centerx - x) ** 2 + (rect.centery - y) ** 2 < r * r  # on the pressed button
    assert args["angle"] == scene.geometry.facings[wrong]
    run(app, 1.6)
    assert "not your turn" not in drawn_now(app, texts)


def test_a_press_the_unit_ignores_says_why_at_its_button(app, texts):
    scene = unit_scene(app, layout_name="flat", seats=(0, 1, 2))
    app.frame([I.PlayPauseKey(app.clock.now())])
    run(app, 0.2)
    assert scene.unit.state is UnitState.SPINNING
    app.frame([I.SeatKey(1, True, app.clock.now())])
    rect, _ = drawn_now(app, texts)["wait until the light stops"]
    assert scene.geometry.seat_at(rect.center) == 1


def brightness(app) -> float:
    return float(pygame.surfarray.array3d(app.screen).mean())


@pytest.mark.parametrize("layout_name", ["flat", "upright"])
def test_asleep_the_screen_dims_says_how_to_wake_and_waking_restores_it(app, texts, layout_name):
    app.settings.unit = app.settings.unit.with_changes(sleep_after=60)
    scene = unit_scene(app, layout_name=layout_name, seats=(0, 1))
    awake = brightness(app)
    run(app, 61, step=0.5)
    assert scene.unit.state is UnitState.ASLEEP
    shown = drawn_now(app, texts)
    told = [args.get("angle", 0) for content, _, args in texts if content == "Asleep — press Play/Pause"]
    assert sorted(told) == ([BOTTOM, TOP] if layout_name == "flat" else [0])  # for everyone round the table
    assert brightness(app) < awake * 0.7
    play = next(b for b in scene.buttons if b.label == "Play / Pause")
    x, y = play.rect.center
    assert app.screen.get_at((play.rect.left + 4, y))[:3] != (0, 0, 0)  # the way to wake is not dimmed
    app.frame([I.PlayPauseKey(app.clock.now())])
    shown = drawn_now(app, texts)
    assert scene.unit.state is not UnitState.ASLEEP and "Asleep — press Play/Pause" not in shown
    assert brightness(app) == pytest.approx(awake, rel=0.1)


def test_the_layout_button_lays_the_screen_flat_and_keeps_it(app, texts, config_dir):
    import tomllib
    scene = unit_scene(app, layout_name="upright")
    button = next(b for b in scene.buttons if b.label == "Lay flat")
    app.frame([I.PointerDown(button.rect.center, I.MOUSE, app.clock.now()),
               I.PointerUp(button.rect.center, I.MOUSE, app.clock.now())])
    assert app.settings.table.layout == "flat" and button.label == "Stand upright"
    assert tomllib.loads((config_dir / "settings.toml").read_text())["table"]["layout"] == "flat"
    assert drawn_now(app, texts)[app.settings.table.names[1]][1]["angle"] == LEFT


@pytest.mark.parametrize("vision", ["normal", "protanopia", "deuteranopia", "tritanopia"])
def test_dimmed_seats_stay_told_apart_and_apart_from_the_seat_on_turn(vision):
    """Dimming must not make seats look alike, for any common colour vision
    (Machado et al. 2009 via colour_vision): ≥ 8 ΔE00 between every two."""
    from haudrauf.table.ui import colour_vision
    from haudrauf.table.ui.unit_widget import _dimmed
    dimmed = {f"dimmed {s + 1}": _dimmed(c) for s, c in enumerate(theme.SEAT_COLOURS)}
    assert colour_vision.closest_pair(dimmed, vision)[0] >= 8
    on_turn = [colour_vision.distance(theme.SEAT_COLOURS[a], _dimmed(theme.SEAT_COLOURS[b]), vision)
               for a in range(6) for b in range(6) if a != b]
    assert min(on_turn) >= 8



@pytest.mark.parametrize("vision", ["normal", "protanopia", "deuteranopia", "tritanopia"])
def test_an_empty_seat_is_never_taken_for_a_players_dimmed_one(vision):
    """Nobody sits there: unlit, apart from every seat's dimmed colour (≥ 8 ΔE00)."""
    from haudrauf.table.ui import colour_vision
    from haudrauf.table.ui.unit_widget import EMPTY, _dimmed
    assert min(colour_vision.distance(EMPTY, _dimmed(colour), vision) for colour in theme.SEAT_COLOURS) >= 8


def test_the_turn_clock_ring_is_drawn_thin_wide_or_not_at_all_as_set(app, texts):
    """Hidden means no clock at all, digits too: only the beeps warn, as on the real unit."""
    scene = unit_scene(app, layout_name="upright", seats=(0, 1))
    start_a_turn(app, scene)
    green, digits = {}, {}
    for ring in ("thin", "wide", "off"):
        app.settings.table = replace(app.settings.table, clock_ring=ring)
        texts.clear()
        scene.draw(app.screen, app.clock.now())
        pixels = pygame.surfarray.array3d(app.screen).astype(int)
        green[ring] = int((np.abs(pixels - theme.GREEN).sum(axis=-1) < 30).sum())  # the ring's green
        digits[ring] = [content for content, _, _ in texts if "." in content and content.replace(".", "").isdigit()]
    assert green["wide"] > 1.6 * green["thin"] > 0 and green["off"] == 0
    assert digits["thin"] == digits["wide"] != [] and digits["off"] == []
