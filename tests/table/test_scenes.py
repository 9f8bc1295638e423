"""Every scene draws at the usual window sizes; the window's input reaches
the unit and the game as a person expects."""
import numpy as np
import pygame
import pytest

from haudrauf.device.machine import UnitState
from haudrauf.engine.games.crazy_old_fish_war.events import RoundWon
from haudrauf.table import input as I
from haudrauf.table.scenes.confirm import ConfirmScene
from haudrauf.table.scenes.help import HelpScene
from haudrauf.table.scenes.log import LogScene
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.names import NamesScene
from haudrauf.table.scenes.replay import ReplayScene
from haudrauf.table.scenes.results import ResultsScene
from haudrauf.table.scenes.rules import RulesScene
from haudrauf.table.scenes.settings import SettingsScene
from haudrauf.table.scenes.stats import StatsScene
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.table.scenes.unit_mode import UnitModeScene
from haudrauf.play.seats import SeatPlan
from tests.table.conftest import run, until_results

SIZES = [(640, 480), (800, 600), (1280, 720), (1280, 800), (1920, 1080)]
GAMES = ["uno-hau-drauf", "go-fish", "skip-bo", "crazy-old-fish-war", "sea-salt-paper"]


def colours_on_screen(app) -> int:
    pixels = pygame.surfarray.array2d(app.screen)
    return len(np.unique(pixels[::4, ::4]))


def resize(app, size):
    app.frame([I.Resized(size)])


def plans(n, people=1):
    return [SeatPlan(f"P{s}", None if s < people else "heuristic") for s in range(n)]


def button(scene, label):
    return next(b for b in scene.buttons if b.label == label)


def click(app, pos):
    app.frame([I.PointerDown(pos, I.MOUSE, app.clock.now()), I.PointerUp(pos, I.MOUSE, app.clock.now())])


@pytest.mark.parametrize("size", SIZES)
def test_every_scene_draws_at_every_size(app, size):
    app.push(MenuScene(app))
    resize(app, size)
    assert app.screen.get_size() == size
    scenes = [MenuScene(app), UnitModeScene(app, seats=(0, 1, 2)), NamesScene(app), HelpScene(app)]
    scenes += [TableScene(app, g, {"players": 4}, plans(4), seed=1, save=False) for g in GAMES]
    for scene in scenes:
        app.push(scene)
        run(app, 0.5)
        assert colours_on_screen(app) > 12, f"{type(scene).__name__} looks blank at {size}"
        app.pop()
    for game in GAMES:  # the menu with each game's seats and options, every button inside the window
        menu = MenuScene(app, game=game)
        app.push(menu)
        app.frame([])
        assert colours_on_screen(app) > 12
        window = app.screen.get_rect()
        outside = [b.label for b in menu.buttons if not window.contains(b.rect)]
        assert not outside, f"{game} at {size}: buttons outside the window: {outside}"
        app.pop()


def seat_counts(game):
    from haudrauf.engine import registry
    info = registry.game_class(game).info
    return range(max(2, info.min_players), min(6, info.max_players) + 1)


def overlaps(frame) -> list[str]:
    plates = list(frame.plates.values())
    return [f"{banner} covers plate {plates[i]}" for banner in frame.banners
            if (i := banner.collidelist(plates)) != -1]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_text_on_the_table_never_covers_a_name_plate(app, size, game):
    """Prompts, messages, the PAUSED banner, the picked-card hint, a race's
    times, the side panels, the scene's buttons and (several people) the "show
    hand" pads: all inside the window, none on a seat's name plate — with the
    turn clocks in the plates (a speed game). The pads keep off every pile too."""
    from haudrauf.device import events as uev
    from haudrauf.table.scenes.table_mode_picking import Picked
    app.push(MenuScene(app))
    resize(app, size)
    window = app.screen.get_rect()
    for players, people in [(n, p) for n in seat_counts(game) for p in (1, 3) if p <= n]:
        scene = TableScene(app, game, {"players": players}, plans(players, people), seed=players, save=False,
                           timer=True)
        app.push(scene)
        run(app, 0.3)
        now = app.clock.now()
        scene.say("a red 4 does not match a yellow 7 (colour in play: yellow) — draw a card or play a yellow one",
                  now)
        picked = next((c for c in scene.view().choices if c.target and c.card is not None), None)
        if picked:
            scene.picked = Picked(picked.card, [picked], (0, 0), I.MOUSE, down=False)
        scene.race_result = (uev.SlapResult(at=now, slapper=0, times=tuple((s, 300.0 + s) for s in range(players)),
                                           losers=(players - 1,), window_expired=False), now + 5)
        scene.session.play_pause(now)
        app.frame([])
        frame = scene.renderer.frame
        where = f"{game}, {players} seats, {people} people, {size}"
        assert scene.session.paused and len(frame.plates) == players, where
        assert not overlaps(frame), f"{where}: {overlaps(frame)}"
        outside = [r for r in [*frame.banners, *frame.plates.values()] if not window.contains(r)]
        assert not outside, f"{where}: outside the window: {outside}"
        on_piles = [pad for _, pad in scene.pad_rects if pad.collidelist(list(frame.zones.values())) != -1]
        assert not on_piles, f"{where}: pads on piles or hands: {on_piles}"
        app.pop()


def test_unit_mode_keys_register_start_and_end_turns(app):
    scene = UnitModeScene(app)
    app.push(scene)
    t = app.clock.now()
    app.frame([I.SeatKey(0, True, t), I.SeatKey(0, False, t), I.SeatKey(3, True, t)])
    assert scene.unit.seats == (0, 3)
    app.frame([I.PlayPauseKey(t)])
    run(app, app.settings.unit.spin_duration + 0.1)
    current = scene.unit.current
    assert scene.unit.state is UnitState.TURN
    assert any("your turn" in line for line in scene.log)
    app.frame([I.SeatKey(current, True, app.clock.now())])
    assert scene.unit.state is UnitState.SPINNING


def test_touching_seat_buttons_with_several_fingers_races_everyone(app):
    scene = UnitModeScene(app, seats=(0, 1, 2))
    app.push(scene)
    app.frame([I.PlayPauseKey(app.clock.now())])
    run(app, app.settings.unit.spin_duration + 0.1)
    app.frame([I.HauDraufKey(app.clock.now())])
    assert scene.unit.state is UnitState.SLAP_RACE and scene.wants_fast_polling
    centres = {seat: scene.geometry.seats[seat][0] for seat in (0, 1, 2)}
    app.clock.advance(0.2)
    t = app.clock.now()
    app.frame([I.PointerDown(centres[2], 11, t), I.PointerDown(centres[0], 12, t)])  # two fingers at once
    app.clock.advance(0.3)
    app.frame([I.PointerDown(centres[1], 13, app.clock.now())])
    assert scene.unit.state is UnitState.SLAP_RACE or scene.unit.state is UnitState.SLAP_RESULT
    assert "take 2 cards" in scene.banner and "2:" in scene.banner
    times = {item["seat"]: item["ms"] for item in app.stats.races[-1]}
    assert times[2] == pytest.approx(200.0) and times[1] == pytest.approx(500.0)


def test_clicking_the_hau_drauf_button_and_pausing(app):
    scene = UnitModeScene(app, seats=(0, 1))
    app.push(scene)
    app.frame([])  # the first frame lays the buttons out
    click(app, button(scene, "Play / Pause").rect.center)
    run(app, app.settings.unit.spin_duration + 0.1)
    (centre, _) = scene.geometry.hau_drauf
    click(app, centre)
    assert scene.unit.state is UnitState.SLAP_RACE
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert scene.unit.state is UnitState.PAUSED


def test_speed_switch_buttons(app):
    scene = UnitModeScene(app, seats=(0, 1))
    app.push(scene)
    app.frame([])
    click(app, button(scene, "4 s").rect.center)
    assert scene.unit.settings.turn_time == 4
    click(app, button(scene, "no limit").rect.center)
    assert scene.unit.settings.turn_time is None


def test_table_click_on_a_card_plays_it_and_the_chooser_names_the_colour(app):
    scene = TableScene(app, "uno-hau-drauf", {"players": 2}, plans(2), seed=3, save=False)
    app.push(scene)
    state = scene.session.state
    for _ in range(160):  # until it is the person's turn (quarter-second frames: the bots act once a frame)
        run(app, 0.25, step=0.25)
        if state.current == 0 and state.phase == "turn":
            break
    assert state.current == 0
    view = scene.view()
    choice = next(c for c in view.choices if c.card is not None)
    anchor = next(a for a in reversed(scene.renderer.frame.anchors) if a.card == choice.card)
    before = len(state.hands[0])
    click(app, anchor.rect.center)
    if scene.chooser:  # a wild: pick the first colour offered
        click(app, scene.chooser_rects[0][0].center)
    assert len(state.hands[0]) == before - 1 or state.round > 1


def test_a_refused_press_shows_the_reason(app):
    scene = TableScene(app, "uno-hau-drauf", {"players": 2}, plans(2), seed=3, save=False)
    app.push(scene)
    app.frame([I.SeatKey(0, True, app.clock.now())])
    assert scene.message  # e.g. "wait for the unit" or "play a card or draw one first"


def test_hands_of_several_people_show_only_while_their_key_is_held(app):
    scene = TableScene(app, "go-fish", {"players": 3}, plans(3, people=2), seed=3, save=False)
    app.push(scene)
    app.frame([])
    assert scene.viewer is None
    app.frame([I.SeatKey(1, True, app.clock.now())])
    assert scene.viewer == 1
    view = scene.view()
    assert all(c.face for c in view.seats[1].hand.cards) and not any(c.face for c in view.seats[0].hand.cards)
    app.frame([I.SeatKey(1, False, app.clock.now())])
    assert scene.viewer is None
    pad_seat, pad = scene.pad_rects[0]
    app.frame([I.PointerDown(pad.center, 21, app.clock.now())])
    assert scene.viewer == pad_seat
    app.frame([I.PointerUp(pad.center, 21, app.clock.now())])
    assert scene.viewer is None


def test_round_results_appear_and_next_round_goes_on(app):
    app.settings.unit = app.settings.unit.with_changes(spin_duration=0.2)
    fast_bots = [SeatPlan(f"P{s}", "heuristic", "hard") for s in range(3)]
    scene = TableScene(app, "uno-hau-drauf", {"players": 3, "target": 2000}, fast_bots, seed=5, save=False)
    app.push(scene)
    until_results(app)
    assert colours_on_screen(app) > 12
    round_before = scene.session.state.round
    app.frame([I.PlayPauseKey(app.clock.now())])  # Enter / Play: next round
    assert app.scene is scene and scene.session.unit.state is not UnitState.REGISTERING
    assert scene.session.state.round == round_before


def test_help_lists_every_key(app):
    app.push(MenuScene(app))
    app.frame([I.Command("help")])
    assert isinstance(app.scene, HelpScene)
    app.frame([I.PointerDown((5, 5), I.MOUSE, app.clock.now())])
    assert isinstance(app.scene, MenuScene)


def test_names_can_be_typed_and_are_saved(app, config_dir):
    app.push(MenuScene(app))
    names = NamesScene(app)
    app.push(names)
    app.frame([])
    app.frame([I.PointerDown(names.fields[2].center, I.MOUSE, app.clock.now())])
    app.frame([I.EditKey("backspace")] * 10 + [I.TextInput("Zoë")])
    click(app, button(names, "Done").rect.center)
    assert app.settings.table.names[2] == "Zoë"
    assert "Zoë" in (config_dir / "settings.toml").read_text(encoding="utf-8")


def test_fullscreen_toggles_and_back_returns_to_the_menu(app):
    app.push(MenuScene(app))
    unit_scene = UnitModeScene(app, seats=(0, 1))
    app.push(unit_scene)
    app.frame([I.Command("fullscreen")])
    assert app.fullscreen
    app.frame([I.Command("fullscreen")])
    assert not app.fullscreen and app.screen.get_size() == (1280, 720)
    app.frame([I.Command("back")])
    assert isinstance(app.scene, MenuScene) and unit_scene.unit.state is UnitState.OFF



def _person_holding_a_one(app):
    from haudrauf.engine.games.skip_bo import cards as c
    for seed in range(40):
        scene = TableScene(app, "skip-bo", {"players": 2, "short_game": True}, plans(2), seed=seed, save=False)
        state = scene.session.state
        ones = [card for card in state.hands[0] if c.VALUES[card] == 1]
        if state.turn == 0 and ones:
            app.push(scene)
            app.frame([])
            return scene, state, ones[0]
    raise AssertionError("no seed gives the person a 1 on the first turn")


def test_skip_bo_click_the_card_then_the_building_pile(app):
    scene, state, one = _person_holding_a_one(app)
    card_rect = next(a.rect for a in scene.renderer.frame.anchors if a.card == one)
    click(app, card_rect.center)
    assert scene.picked is not None and {c.target for c in scene.picked.choices} >= {"build0", "build2"}
    app.frame([])
    click(app, scene.renderer.frame.zones["build2"].center)
    assert state.building[2] == [one] and scene.picked is None


def test_skip_bo_drag_the_card_onto_a_pile(app):
    scene, state, one = _person_holding_a_one(app)
    start = next(a.rect for a in scene.renderer.frame.anchors if a.card == one).center
    target = scene.renderer.frame.zones["build1"].center
    t = app.clock.now()
    app.frame([I.PointerDown(start, 31, t), I.PointerMove((start[0], start[1] - 40), 31),
               I.PointerMove(target, 31)])
    assert scene.picked.dragged
    app.frame([I.PointerUp(target, 31, t)])
    assert state.building[1] == [one]


def test_keyboard_play_arrows_pick_and_make_a_move(app):
    scene, state, one = _person_holding_a_one(app)
    groups = scene.focus_groups()
    assert ("card", one) in groups
    steps = groups.index(("card", one))
    app.frame([I.EditKey("right")] * steps + [I.EditKey("up")])
    assert scene.chooser and all(c.card == one for c in scene.chooser)  # four building piles to choose from
    app.frame([I.EditKey("right"), I.EditKey("up")])
    assert state.building[1] == [one]


def game_under(app):
    """A game under the overlays that need one."""
    return TableScene(app, "crazy-old-fish-war", {"players": 6}, plans(6), seed=2, save=False)


#: One of every scene, each with something in it, by name: name → build(app).
EVERY_SCENE = {
    **{f"menu {game}": lambda app, g=game: MenuScene(app, game=g) for game in GAMES},
    "unit mode": lambda app: UnitModeScene(app, seats=(0, 1, 2, 3, 4, 5)),
    "names": NamesScene,
    "help": HelpScene,
    "settings": SettingsScene,
    "stats": StatsScene,
    **{f"rules {game}": lambda app, g=game: RulesScene(app, g) for game in GAMES},
    "leave question": lambda app: ConfirmScene(app, "Leave the game?", "It is saved — Resume from the menu.",
                                               "Leave", lambda: None),
    "log": lambda app: LogScene(app, game_under(app).session),
    "results": lambda app: ResultsScene(app, game_under(app), RoundWon(0, 1, (1, 0, 0, 0, 0, 0)),
                                        [[1, 0, 0, 0, 0, 0]]),
    "replay": lambda app: ReplayScene.of_session(app, game_under(app).session),
}


def lines_drawn(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """From now on, every line of text drawn on the window, with where it landed."""
    from haudrauf.table.ui import draw
    drawn: list[tuple[str, pygame.Rect]] = []
    original = draw.text

    def record(surface, content, *args, **kwargs):
        rect = original(surface, content, *args, **kwargs)
        if surface is app.screen and content.strip():
            drawn.append((content, rect))
        return rect

    monkeypatch.setattr(draw, "text", record)
    return drawn


def show_on_its_own(app, scene, drawn: list) -> None:
    """Push `scene` and draw it; `drawn` then holds only its own words (an overlay's, not the scene it covers)."""
    own_draw = scene.draw

    def draw_on_top(surface, now):
        drawn.clear()
        own_draw(surface, now)

    scene.draw = draw_on_top
    app.push(scene)
    app.frame([])
    app.frame([])


def text_problems(drawn, window: pygame.Rect) -> list[str]:
    """Lines drawn off the window, and lines drawn on each other (the first three pairs)."""
    outside = [text for text, rect in drawn if not window.contains(rect)]
    on_top = [(a, b) for i, (a, ra) in enumerate(drawn) for b, rb in drawn[i + 1:]
              if ra.inflate(-4, -4).colliderect(rb.inflate(-4, -4))]
    return ([f"off the window: {outside}"] if outside else []) + ([f"text on text: {on_top[:3]}"] if on_top else [])


@pytest.mark.parametrize("size", SIZES)
def test_every_scenes_text_stays_inside_the_window_and_clear_of_other_text(app, size, monkeypatch):
    """At every window size no scene draws a word off the edge, and no two
    lines of text land on each other."""
    drawn = lines_drawn(app, monkeypatch)
    app.push(MenuScene(app))
    resize(app, size)
    window = app.screen.get_rect()
    for name, build in EVERY_SCENE.items():
        show_on_its_own(app, build(app), drawn)
        assert not text_problems(drawn, window), f"{name} at {size}: {text_problems(drawn, window)}"
        app.pop()


# --- the table's layout as a player watches it change ---------------------------------------

def drawn_table(state, viewer: int = 0, size=(1280, 800)):
    """The table as the viewer sees `state`: the frame and every text drawn with its rect."""
    from haudrauf.table.render import TableRenderer
    from haudrauf.table.ui import draw
    texts, original = [], draw.text

    def record(surface, content, *args, **kwargs):
        rect = original(surface, content, *args, **kwargs)
        texts.append((content, rect))
        return rect
    names = ["Anna", "Bo", "Cleo", "Dan"][:state.players]
    draw.text = record
    try:
        frame = TableRenderer().draw(pygame.Surface(size), state.table_view(viewer, names), 0.0, viewer=viewer,
                                     log=[f"Bo asks Cleo for 9s and gets three {n}s" for n in range(6)])
    finally:
        draw.text = original
    return frame, texts


def test_go_fish_draws_every_book_and_its_hand_counts_and_captions_in_full(app):
    from haudrauf.engine import registry
    from haudrauf.engine.games.go_fish.cards import book_cards
    state = registry.new_game("go-fish", {"players": 4}, seed=3)
    state.books[2] = ["J", "A", "2"]  # Cleo, at the top
    state.hands[3] += [state.stock.pop() for _ in range(6)]  # Dan, on the right: 11 cards
    frame, texts = drawn_table(state)
    books = [a.rect for a in frame.anchors if a.pile == "s2.books" and a.card is not None]
    assert len(books) == 12 == len({r.left for r in books})  # three books of four, each card's corner showing
    assert {a.card for a in frame.anchors if a.pile == "s2.books"} >= {c for r in "JA2" for c in book_cards(r)}
    counts = [rect for content, rect in texts if content == "11"]
    assert counts and not counts[0].colliderect(frame.log)
    assert [content for content, _ in texts].count("no books yet") == 2  # Bo and Dan: one line each


def test_skip_bo_own_piles_keep_their_places_as_the_hand_and_the_turn_change(app):
    from haudrauf.engine import registry
    state = registry.new_game("skip-bo", {"players": 3}, seed=1)
    own = ["s0.stock", *(f"s0.discard{i}" for i in range(4))]

    def places():
        frame, _ = drawn_table(state)
        return [frame.zones[key] for key in own], frame.plates[0].bottomleft
    before = places()
    state.discards[0][1] = [state.hands[0].pop() for _ in range(3)]  # three cards fanned, two left in hand
    assert places() == before
    state.hands[0], state.turn = [], 1  # Bo's turn now
    assert places() == before


def test_unit_mode_comes_back_with_its_switch_unless_settings_changed_the_turn_time_since(app):
    app.settings.unit = app.settings.unit.with_changes(turn_time=6.0)
    scene = UnitModeScene(app, seats=(0, 1), speed=4.0)  # the switch at 4 s
    app.push(scene)
    scene.leave()
    again = UnitModeScene(app)
    app.push(again)
    assert again.unit.seats == (0, 1) and again.unit.settings.turn_time == 4.0  # as it was left
    again.leave()
    app.settings.unit = app.settings.unit.with_changes(turn_time=7.0)  # saved in Settings, or applied by the tuner
    tuned = UnitModeScene(app)
    assert tuned.unit.seats == (0, 1) and tuned.unit.settings.turn_time == 7.0
