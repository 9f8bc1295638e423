"""The settings scene as a person uses it: clicks and keys go in through
`app.frame`, and we look at what they would notice — the saved file, the
message, the live preview unit, the key map."""
from __future__ import annotations

import tomllib

import numpy as np
import pygame
import pytest

from haudrauf.device.clock import FakeClock
from haudrauf.device.machine import UnitState
from haudrauf.play import config
from haudrauf.table import input as intents
from haudrauf.table.app import App
from haudrauf.play.keys import KeyBindings
from haudrauf.play.language import Language
from haudrauf.table.scenes.base import Scene
from haudrauf.table.scenes.settings import SettingsScene

SIZES = [(800, 600), (1280, 720), (1920, 1080)]


class Below(Scene):
    """Whatever scene opened the settings."""

    def draw(self, surface, now: float) -> None:
        surface.fill((0, 0, 0))


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("HAUDRAUF_CONFIG_DIR", str(tmp_path))
    app = App(size=(1280, 720), settings_path=tmp_path / "settings.toml", clock=FakeClock(10.0), seed=7)
    app.push(Below(app))
    return app


def open_settings(app, on_saved=None) -> SettingsScene:
    scene = SettingsScene(app, on_saved=on_saved)
    app.push(scene)
    app.frame([])  # lays out the buttons
    return scene


def button(scene, label: str):
    matches = [b for b in scene.buttons if b.label == label]
    assert matches, f"no button {label!r} in {[b.label for b in scene.buttons]}"
    return matches[0]


def click_at(app, pos) -> None:
    app.frame([intents.PointerDown(tuple(pos), -1, app.clock.now())])


def click(app, target) -> None:
    """Click a button (by label, or the Button itself) at its centre."""
    b = button(app.scene, target) if isinstance(target, str) else target
    click_at(app, b.rect.center)


def distinct_colours(surface) -> int:
    rgb = pygame.surfarray.array3d(surface).astype(np.int32)
    return len(np.unique((rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]))


def saved_toml(app) -> dict:
    return tomllib.loads(app.settings_path.read_text(encoding="utf-8"))


# --- unit settings -------------------------------------------------------------------

def test_speed_4_s_and_save_writes_the_file_and_the_app_settings(app):
    saved = []
    open_settings(app, on_saved=lambda: saved.append(app.settings.unit.turn_time))
    click(app, "4 s")
    click(app, "Save")
    assert saved_toml(app)["unit"]["turn_time"] == 4
    assert app.settings.unit.turn_time == 4
    assert saved == [4]  # the caller is told after the save
    assert isinstance(app.scene, Below)


def test_cancel_and_escape_leave_the_file_unchanged(app):
    config.save(app.settings_path, app.settings)
    before = app.settings_path.read_bytes()
    scene = open_settings(app)
    click(app, "4 s")
    click(app, scene.tab.steppers["spin_duration"][1])
    click(app, "Cancel")
    assert isinstance(app.scene, Below)
    assert app.settings_path.read_bytes() == before
    assert app.settings.unit.turn_time == 6

    scene = open_settings(app)
    click(app, "no limit")
    app.frame([intents.Command("back")])
    assert isinstance(app.scene, Below)
    assert app.settings_path.read_bytes() == before
    assert app.settings.unit.turn_time == 6


def test_custom_seconds_step_by_half_a_second(app, drawn):
    scene = open_settings(app)
    for _ in range(2):
        click(app, scene.tab.steppers["turn_time"][1])  # the buttons are laid out again after each change
    assert scene.unit_settings.turn_time == 7.0
    for _ in range(3):
        click(app, scene.tab.steppers["turn_time"][0])
    assert scene.unit_settings.turn_time == 5.5
    drawn.clear()
    app.frame([])
    assert "5.5 s" in drawn  # the value shown between − and +
    assert not any(b.selected for b in scene.buttons if b.label in ("no limit", "6 s", "4 s"))


def test_unlimited_steps_down_to_60_s_and_says_why_not_up(app):
    scene = open_settings(app)
    click(app, "no limit")
    assert scene.unit_settings.turn_time is None
    click(app, scene.tab.steppers["turn_time"][1])
    assert scene.error and "already unlimited" in scene.message
    click(app, scene.tab.steppers["turn_time"][0])
    assert scene.unit_settings.turn_time == 60


def test_a_value_out_of_range_is_refused_with_a_message(app):
    scene = open_settings(app)
    for _ in range(3):
        click(app, scene.tab.steppers["countdown_warnings"][0])
    assert scene.unit_settings.countdown_warnings == 0 and not scene.error
    click(app, scene.tab.steppers["countdown_warnings"][0])
    assert scene.unit_settings.countdown_warnings == 0
    assert scene.error and scene.message.startswith("Countdown beeps") and "0–10" in scene.message
    click(app, "4 s")
    for _ in range(7):
        click(app, scene.tab.steppers["turn_time"][0])
    assert scene.unit_settings.turn_time == 1.0
    assert "Turn time must be between 1 and 60" in scene.message
    assert scene.set_unit(slap_window=31) is False and "Slap race window" in scene.message


def test_a_value_out_of_range_is_refused_in_the_windows_language(app):
    app.lang_flag = "de"
    scene = open_settings(app)
    assert scene.set_unit(slap_window=0.2) is False and scene.error
    german = Language("de").gettext
    assert scene.message == german("{setting} must be between {low} and {high}, got {got}").format(
        setting=german("Slap race window"), low="0,5", high=30, got="0.2")
    assert "must be" not in scene.message


def test_sleep_delay_steps_through_sensible_values_up_to_never(app):
    scene = open_settings(app)
    seen = [scene.unit_settings.sleep_after]
    while scene.tab.step("sleep_after", 1):
        seen.append(scene.unit_settings.sleep_after)
    assert seen == [300, 600, 900, 1800, 3600, 0]
    assert "never sleeps" in scene.message
    while scene.tab.step("sleep_after", -1):
        pass
    assert scene.unit_settings.sleep_after == 60 and "shortest" in scene.message


def test_selection_policy_cycles_and_max_in_a_row_shows_only_for_limit_repeats(app):
    scene = open_settings(app)
    assert "max_in_a_row" not in scene.tab.steppers
    click(app, scene.tab.toggles["selection"])
    click(app, scene.tab.toggles["selection"])
    assert scene.unit_settings.selection == "limit-repeats"
    click(app, scene.tab.steppers["max_in_a_row"][1])
    assert scene.unit_settings.max_in_a_row == 3
    assert scene.preview.unit.settings.max_in_a_row == 3
    click(app, scene.tab.toggles["selection"])
    assert scene.unit_settings.selection == "shuffle-bag" and "max_in_a_row" not in scene.tab.steppers
    assert scene.tab.toggles["selection"].label == "Everyone in turn"  # said as a player would, not its id
    assert scene.message.startswith("Next player: Everyone in turn (everyone once, then reshuffle)")


def test_messages_say_yes_and_no_not_true_and_false(app):
    scene = open_settings(app)
    click(app, scene.tab.toggles["slapper_races"])
    assert scene.message.startswith("Slapper races too: no")
    click(app, scene.tab.toggles["muted"])
    assert scene.message.startswith("Mute: yes")


def test_volume_and_mute_are_heard_at_once_and_cancel_puts_them_back(app):
    scene = open_settings(app)
    click(app, scene.tab.steppers["volume"][1])
    assert scene.unit_settings.volume == 0.9 and app.audio.volume == 0.9
    click(app, scene.tab.toggles["muted"])
    assert scene.unit_settings.muted and app.audio.muted
    click(app, "Cancel")
    assert app.audio.volume == 0.8 and not app.audio.muted


def test_f2_in_the_settings_mutes_at_once_and_save_keeps_it(app):
    scene = open_settings(app)
    click(app, scene.tab.steppers["volume"][1])  # trying a louder volume, not saved yet
    app.frame([intents.Command("mute")])
    assert app.audio.muted and scene.unit_settings.muted and "Sound off" in scene.message
    assert app.audio.volume == 0.9, "the volume being tried stays"
    assert tomllib.loads((app.settings_path).read_text())["unit"]["muted"] is True
    click(app, "Save")
    saved = tomllib.loads(app.settings_path.read_text())["unit"]
    assert saved["muted"] is True and saved["volume"] == 0.9 and app.audio.muted


def test_f2_in_the_settings_then_cancel_keeps_the_sound_off(app):
    open_settings(app)
    app.frame([intents.Command("mute")])
    click(app, "Cancel")
    assert app.audio.muted and app.settings.unit.muted


def test_slapper_races_and_table_choices_are_saved(app):
    scene = open_settings(app)
    click(app, scene.tab.toggles["slapper_races"])
    click(app, "Table")
    click(app, scene.tab.toggles["hints"])
    click(app, scene.tab.toggles["fullscreen"])
    click(app, "Save")
    data = saved_toml(app)
    assert data["unit"]["slapper_races"] is False
    assert data["table"]["hints"] is False and data["table"]["fullscreen"] is True
    assert app.settings.table.hints is False and app.fullscreen is False  # applies next start


def test_the_language_is_picked_by_its_own_name_in_table_and_saved(app):
    open_settings(app)
    click(app, "Table")
    click(app, "System (English)")  # the system's first (the tests' system speaks English), then each language
    click(app, "English")
    click(app, "Deutsch")
    click(app, "Norsk bokmål")
    click(app, "Save")
    assert saved_toml(app)["table"]["language"] == "sv"
    assert app.settings.table.language == "sv" and app.language_code() == "sv"


def test_the_table_top_look_is_picked_in_look_saved_and_read_back(app):
    scene = open_settings(app)
    click(app, "Look")
    click(app, "Flat on the table")
    click(app, "Soft (edge only)")
    assert scene.message.startswith("Flashes: Soft (edge only) (only a coloured frame at the edge")
    click(app, "Wide")
    assert button(scene, "Wide").selected and not button(scene, "Thin").selected
    click(app, "Save")
    data = saved_toml(app)["table"]
    assert (data["layout"], data["flashes"], data["clock_ring"]) == ("flat", "soft", "wide")
    assert (app.settings.table.layout, app.settings.table.flashes) == ("flat", "soft")
    loaded, problems = config.load(app.settings_path)
    assert problems == [] and loaded.table.clock_ring == "wide" and loaded.table.layout == "flat"
    scene = open_settings(app)  # opened again: the saved choices are the ones picked
    click(app, "Look")
    assert button(scene, "Flat on the table").selected and button(scene, "Soft (edge only)").selected


def test_a_look_tried_then_cancelled_is_not_kept(app):
    open_settings(app)
    click(app, "Look")
    click(app, "Off")
    click(app, "Hidden")
    click(app, "Cancel")
    assert (app.settings.table.flashes, app.settings.table.clock_ring) == ("full", "thin")


def preview_pixels(app) -> np.ndarray:
    rect = app.scene.tab.preview_rect
    return pygame.surfarray.array3d(app.screen.subsurface(rect)).astype(int)


def drawn_with(app, **look) -> np.ndarray:
    """The preview at this very instant, drawn with these look choices."""
    from dataclasses import replace
    app.scene.table = replace(app.scene.table, **look)
    app.frame([])
    return preview_pixels(app)


def run_until(app, state, limit: float = 20.0) -> None:
    unit = app.scene.preview.unit
    for _ in range(int(limit / 0.1)):
        if unit.state is state:
            return
        app.clock.advance(0.1)
        app.frame([])
    raise AssertionError(f"the preview never reached {state}")


def test_the_preview_flashes_a_slap_race_full_screen_soft_at_the_edge_or_not_at_all(app):
    scene = open_settings(app)
    click(app, "Look")
    run_until(app, UnitState.TURN)
    click(app, "Try a slap race")
    full, soft, off = (drawn_with(app, flashes=style) for style in ("full", "soft", "off"))
    band = int(scene.u * 0.8) + 2
    inner = (slice(band, -band), slice(band, -band))
    changed_full = np.abs(full - off).sum(axis=-1) > 60
    changed_soft = np.abs(soft - off).sum(axis=-1) > 60
    assert changed_full[inner].mean() > 0.9, "full: the whole preview is tinted"
    assert not changed_soft[inner].any(), "soft: the middle is untouched"
    corner = slice(band * 2, -band * 2)  # along each side, clear of the round corners: its outer 4 pixels
    for side in (changed_soft[:4, corner], changed_soft[-4:, corner], changed_soft[corner, :4],
                 changed_soft[corner, -4:]):
        assert side.all(), "soft: a frame all round the edge"
    r, g, b = soft[2, soft.shape[1] // 2]  # the frame is the HAU DRAUF yellow
    assert r > 180 and g > 150 and b < 90
    app.clock.advance(0.7)  # faded
    assert np.array_equal(drawn_with(app, flashes="full"), drawn_with(app, flashes="off"))


def test_the_preview_flashes_red_when_a_turn_times_out(app):
    scene = open_settings(app)
    click(app, "Look")
    run_until(app, UnitState.TURN)
    run_until(app, UnitState.TIMED_OUT)
    r, g, b = drawn_with(app, flashes="soft")[2, scene.tab.preview_rect.height // 2]
    assert r > 150 and g < 100 and b < 100


def ring_pixels(app, thin, **look) -> tuple[int, int]:
    """Turn-clock pixels (the ring's green) just inside and just outside the
    thin ring's outer edge (`thin`: the geometry drawn with the thin ring),
    round the HAU DRAUF button."""
    from haudrauf.table.ui import theme
    pixels = drawn_with(app, **look)
    (cx, cy), outer = thin.ring
    width = thin.ring_width
    left, top = app.scene.tab.preview_rect.topleft
    xs, ys = np.meshgrid(np.arange(pixels.shape[0]) + left, np.arange(pixels.shape[1]) + top, indexing="ij")
    distance = np.hypot(xs - cx, ys - cy)
    green = np.abs(pixels - theme.GREEN).sum(axis=-1) < 30
    inside = green & (distance > outer - width + 2) & (distance < outer - 2)
    outside = green & (distance > outer + 2) & (distance < outer + width - 2)
    return int(inside.sum()), int(outside.sum())


def test_the_preview_shows_the_turn_clock_ring_thin_wide_or_hidden(app):
    open_settings(app)
    click(app, "Look")
    run_until(app, UnitState.TURN)
    drawn_with(app, clock_ring="thin")
    thin_geometry = app.scene.tab.geometry
    thin, wide, hidden = (ring_pixels(app, thin_geometry, clock_ring=ring) for ring in ("thin", "wide", "off"))
    assert thin[0] > 50 and thin[1] == 0
    assert wide[0] >= thin[0] and wide[1] > 50
    assert hidden == (0, 0)


def test_the_spin_is_tuned_in_look_too(app):
    scene = open_settings(app)
    click(app, "Look")
    click(app, scene.tab.steppers["spin_duration"][1])
    assert scene.preview.unit.settings.spin_duration == 2.0 and scene.preview.unit.state is UnitState.SPINNING
    click(app, "Save")
    assert saved_toml(app)["unit"]["spin_duration"] == 2.0


# --- the live preview --------------------------------------------------------------------

def test_the_preview_unit_follows_the_working_copy_and_restarts(app):
    scene = open_settings(app)
    unit = scene.preview.unit
    assert unit.seats == (0, 1, 2) and unit.state is UnitState.SPINNING
    click(app, scene.tab.steppers["spin_duration"][1])
    assert unit.settings.spin_duration == 2.0
    assert unit.state is UnitState.SPINNING  # restarted: the new spin shows at once
    app.clock.advance(1.9)
    app.frame([])
    assert unit.state is UnitState.SPINNING
    app.clock.advance(0.2)
    app.frame([])
    assert unit.state is UnitState.TURN
    click(app, "4 s")
    assert unit.settings.turn_time == 4
    app.clock.advance(2.1)
    app.frame([])
    view = unit.view(app.clock.now())
    assert view.limit_ms == 4000 and view.remaining_ms <= 4000
    assert scene.preview.clock(app.clock.now())[1] == "turn clock: 4 s"


def test_try_a_slap_race_and_play_it_by_clicking_the_preview_seats(app):
    scene = open_settings(app)
    unit = scene.preview.unit
    click(app, "Try a slap race")  # still spinning: explained, nothing breaks
    assert scene.error and unit.state is UnitState.SPINNING
    app.clock.advance(1.6)
    app.frame([])
    assert unit.state is UnitState.TURN
    click(app, "Try a slap race")
    assert unit.state is UnitState.SLAP_RACE
    app.clock.advance(0.3)
    centre, _ = scene.tab.geometry.seats[1]
    click_at(app, centre)
    view = unit.view(app.clock.now())
    assert dict(view.reactions)[1] == pytest.approx(300, abs=1)
    app.clock.advance(6)  # the window closes; the others lose and take it after a moment
    app.frame([])
    assert unit.state is UnitState.SLAP_RESULT
    app.clock.advance(2.5)
    app.frame([])
    assert unit.state is UnitState.SPINNING


def test_clicking_the_current_seat_in_the_preview_ends_its_turn(app):
    scene = open_settings(app)
    app.clock.advance(1.6)
    app.frame([])
    unit = scene.preview.unit
    centre, _ = scene.tab.geometry.seats[unit.current]
    click_at(app, centre)
    assert unit.state is UnitState.SPINNING
    assert "done in" in scene.preview.last_text


def test_the_preview_does_not_touch_the_stats(app):
    scene = open_settings(app)
    app.clock.advance(1.6)
    app.frame([])
    click(app, "Try a slap race")
    for seat in (0, 1, 2):
        app.frame([intents.SeatKey(seat, True, app.clock.advance(0.2))])
    assert scene.preview.unit.state is UnitState.SLAP_RESULT
    assert app.stats.races == []


# --- keys ------------------------------------------------------------------------------

def capture(app, scene, action: str, key: str | None) -> None:
    click(app, "Keys")
    click(app, scene.tab.change_buttons[action])
    assert app.input.capture_key and scene.tab.capturing == action
    if key is not None:
        app.frame([intents.TextInput(key)])


def test_rebinding_a_seat_key_by_pressing_it(app):
    scene = open_settings(app)
    capture(app, scene, "seat1", "w")
    assert not app.input.capture_key and scene.tab.capturing is None
    assert scene.keys.bindings["seat1"] == ("w",)
    assert "W" in scene.message
    click(app, "Save")
    assert saved_toml(app)["keys"]["seat1"] == ["w"]
    assert app.input.keymap.action_for(pygame.K_w) == "seat1"


def test_a_key_taken_from_another_action_moves_and_the_message_says_so(app):
    scene = open_settings(app)
    capture(app, scene, "seat1", "x")  # seat 2's only key: the two swap
    assert scene.keys.bindings["seat1"] == ("x",) and scene.keys.bindings["seat2"] == ("q",)
    assert "moved" in scene.message and "Seat 2" in scene.message
    capture(app, scene, "hau_drauf", "enter")  # Play/Pause keeps its other key
    assert scene.keys.bindings["hau_drauf"] == ("enter",)
    assert scene.keys.bindings["play_pause"] == ("return",)
    assert "moved" in scene.message


def test_escape_while_capturing_cancels_and_keeps_the_scene(app):
    scene = open_settings(app)
    capture(app, scene, "seat3", "escape")  # what the input adapter sends for Esc
    assert scene.tab.capturing is None and not app.input.capture_key
    assert scene.keys.bindings["seat3"] == ("b",)
    capture(app, scene, "seat3", None)
    app.frame([intents.Command("back")])
    assert app.scene is scene and scene.tab.capturing is None and not app.input.capture_key
    capture(app, scene, "seat3", None)
    app.frame([intents.EditKey("escape")])
    assert app.scene is scene and scene.tab.capturing is None


def test_an_unusable_key_is_refused(app):
    scene = open_settings(app)
    capture(app, scene, "seat4", "")
    assert scene.error and scene.keys.bindings["seat4"] == ("m",)


def test_default_keys_restore_the_map(app):
    scene = open_settings(app)
    capture(app, scene, "seat1", "w")
    capture(app, scene, "help", "h")
    click(app, "Default keys")
    assert scene.keys.bindings == KeyBindings().bindings


# --- the turn time, typed or dragged ----------------------------------------------------

def type_turn_time(app, scene, text: str, key: str = "enter") -> None:
    click_at(app, scene.tab.field.center)
    assert app.input.text_mode and scene.tab.typing == ""
    app.frame([intents.TextInput(ch) for ch in text] + [intents.EditKey(key)])


def test_a_turn_time_can_be_typed_and_enter_accepts_it(app, drawn):
    scene = open_settings(app)
    click_at(app, scene.tab.field.center)
    app.frame([intents.TextInput("7"), intents.TextInput(","), intents.TextInput("5")])
    assert "7,5| s" in drawn or "7,5  s" in drawn  # the field shows what is typed
    app.frame([intents.EditKey("enter")])
    assert scene.unit_settings.turn_time == 7.5 and not app.input.text_mode and scene.tab.typing is None
    assert scene.preview.unit.settings.turn_time == 7.5  # the preview uses it at once
    click(app, "Save")
    assert saved_toml(app)["unit"]["turn_time"] == 7.5


def test_typing_then_escape_cancels_and_keeps_the_scene(app):
    scene = open_settings(app)
    type_turn_time(app, scene, "12", key="escape")
    assert app.scene is scene and scene.unit_settings.turn_time == 6 and not app.input.text_mode
    assert scene.message == "Turn time unchanged"


@pytest.mark.parametrize("text, says", [("75", "Turn time must be between 1 and 60, got 75"),
                                        ("0.5", "Turn time must be between 1 and 60, got 0.5"),
                                        ("fast", "fast is not a number of seconds"),
                                        ("", "Nothing is not a number of seconds")])
def test_a_typed_value_the_unit_cannot_take_is_refused_and_says_why(app, text, says):
    scene = open_settings(app)
    type_turn_time(app, scene, text)
    assert scene.unit_settings.turn_time == 6 and scene.error and says in scene.message
    assert scene.tab.typing is not None and app.input.text_mode  # still typing: fix it, or Esc
    app.frame([intents.EditKey("backspace")] * 6 + [intents.TextInput("9"), intents.EditKey("enter")])
    assert scene.unit_settings.turn_time == 9 and not app.input.text_mode


def test_while_typing_tab_does_not_switch_tabs(app):
    scene = open_settings(app)
    click_at(app, scene.tab.field.center)
    app.frame([intents.EditKey("tab")])
    assert scene.tab.name == "unit" and scene.tab.typing == ""


def test_dragging_the_slider_sets_any_time_when_it_is_let_go(app, drawn):
    scene = open_settings(app)
    slider = scene.tab.slider
    start = (slider.x_of(6.0), slider.rect.centery)
    app.frame([intents.PointerDown(start, -1, app.clock.now())])
    target = slider.x_of(10.0)
    app.frame([intents.PointerMove((target, slider.rect.centery + 30), -1)])  # a little off the track: still held
    assert scene.unit_settings.turn_time == 6 and "10 s" in drawn  # shown while dragging
    app.frame([intents.PointerUp((target, slider.rect.centery), -1, app.clock.now())])
    assert scene.unit_settings.turn_time == 10 and scene.tab.dragging is None
    app.frame([intents.PointerDown((slider.rect.right + 3, slider.rect.centery), -1, app.clock.now()),
               intents.PointerUp((slider.rect.right + 3, slider.rect.centery), -1, app.clock.now())])
    assert scene.unit_settings.turn_time == 60  # the far end is the longest time allowed


def test_the_slider_snaps_to_half_seconds_and_gives_the_short_times_room(app):
    slider = open_settings(app).tab.slider
    values = [slider.value_at(x) for x in range(slider.rect.left, slider.rect.right + 1)]
    assert all(v * 2 == int(v * 2) for v in values) and values[0] == 1 and values[-1] == 60
    assert slider.value_at(slider.rect.centerx) < 20  # half the track for the times people use


# --- drawing ---------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("tab", ["unit", "look", "keys", "table"])
def test_every_tab_renders_at_common_sizes(tmp_path, monkeypatch, size, tab):
    monkeypatch.setenv("HAUDRAUF_CONFIG_DIR", str(tmp_path))
    app = App(size=size, settings_path=tmp_path / "settings.toml", clock=FakeClock(5.0), seed=1)
    app.push(Below(app))
    scene = open_settings(app)
    scene.select_tab(tab)
    app.clock.advance(2)
    app.frame([])
    assert distinct_colours(app.screen) > 40
    for b in scene.buttons:  # everything on screen
        assert app.screen.get_rect().contains(b.rect), (b.label, b.rect)


def test_the_bottom_line_says_when_there_are_unsaved_changes(app, drawn):
    scene = open_settings(app)
    scene.message = ""
    app.frame([])
    assert not any("Unsaved" in t for t in drawn)
    scene.set_unit(countdown_warnings=5)
    scene.message = ""
    drawn.clear()
    app.frame([])
    assert any("Unsaved changes" in t for t in drawn)


def test_unit_mode_uses_the_saved_settings_at_once(app):
    from haudrauf.table.scenes.unit_mode import UnitModeScene
    unit_mode = UnitModeScene(app, seats=(0, 1))
    app.push(unit_mode)
    app.frame([])
    click(app, "Settings")
    assert isinstance(app.scene, SettingsScene)
    click(app, "4 s")
    click(app, "Save")
    assert app.scene is unit_mode
    assert unit_mode.unit.settings.turn_time == 4
