"""What a player sees at the table: whose turn and how long, why a card is
refused, which key to press, slap races, and text that never hides a seat."""
import itertools

import numpy as np
import pygame
import pytest

from haudrauf.engine.games.uno_hau_drauf.actions import Draw
from haudrauf.engine.games.uno_hau_drauf.cards import CARDS
from haudrauf.table import input as I
from haudrauf.play.keys import KeyBindings
from haudrauf.table.scenes.table_mode import RACE_RESULT_S, TableScene
from haudrauf.play.seats import SeatPlan
from haudrauf.table.ui import theme
from tests.table.conftest import run
from tests.table.test_scenes import click, plans


def pixels_of(app, colour, rect: pygame.Rect) -> int:
    """How many pixels inside `rect` (clipped to the window) have exactly `colour`."""
    rect = rect.clip(app.screen.get_rect())
    block = pygame.surfarray.array3d(app.screen)[rect.left:rect.right, rect.top:rect.bottom]
    return int(np.all(block == colour, axis=-1).sum())


def uno_until_persons_turn(app, seed=3, players=4, **options):
    """Quarter-second frames, a minute at most: the bots act at most once a
    frame and reach the same position (hands, piles, log) as with 0.05 s ones."""
    scene = TableScene(app, "uno-hau-drauf", {"players": players, **options}, plans(players), seed=seed, save=False)
    app.push(scene)
    state = scene.session.state
    for _ in range(240):
        run(app, 0.25, step=0.25)
        if state.current == 0 and state.phase == "turn":
            return scene, state
    raise AssertionError("the person never got a turn")


def record_sounds(app, monkeypatch) -> list[str]:
    played: list[str] = []
    monkeypatch.setattr(app.audio, "play", lambda name: played.append(name) or True)
    return played


# --- whose turn, and how long -----------------------------------------------------------

def test_every_plate_shows_the_turn_clock_and_only_the_timed_seat_counts_down(app):
    app.settings.unit = app.settings.unit.with_changes(turn_time=8)
    scene, state = uno_until_persons_turn(app)  # the person thinks: seat 1's clock runs down
    assert scene.turn_clock(app.clock.now()).seat == 0
    frame = scene.renderer.frame
    assert set(frame.clocks) == {0, 1, 2, 3}
    assert all(frame.plates[s].contains(rect) for s, rect in frame.clocks.items())
    height = app.screen.get_height()
    assert all(rect.height >= 0.022 * height for rect in frame.clocks.values()), "digits too small to read"

    def digits():
        return {s: pygame.surfarray.array3d(app.screen.subsurface(r)) for s, r in scene.renderer.frame.clocks.items()}
    before = digits()
    run(app, 1.0)
    after = digits()
    assert before[0].shape != after[0].shape or not np.array_equal(before[0], after[0])
    assert all(np.array_equal(before[s], after[s]) for s in (1, 2, 3))


def test_a_speed_game_shows_clocks_and_a_plain_game_does_not(app):
    timed = TableScene(app, "go-fish", {"players": 3}, plans(3), seed=1, save=False, timer=True)
    app.push(timed)
    run(app, 0.5)
    assert set(timed.renderer.frame.clocks) == {0, 1, 2}
    app.pop()
    plain = TableScene(app, "go-fish", {"players": 3}, plans(3), seed=1, save=False)
    app.push(plain)
    run(app, 0.5)
    assert plain.renderer.frame.clocks == {}


def test_every_name_plate_carries_its_seats_mark_so_colour_is_not_the_only_cue(app, monkeypatch):
    from haudrauf.table import render_plates
    marks = {}
    original = render_plates.draw_seat_mark

    def record(surface, seat, centre, radius, colour=None):
        marks[seat] = (centre, radius)
        return original(surface, seat, centre, radius, colour)

    monkeypatch.setattr(render_plates, "draw_seat_mark", record)
    scene = TableScene(app, "go-fish", {"players": 4}, plans(4), seed=1, save=False)
    app.push(scene)
    run(app, 0.5)
    plates = scene.renderer.frame.plates
    assert set(marks) == set(plates) == {0, 1, 2, 3}
    for seat, ((x, y), radius) in marks.items():
        assert plates[seat].contains(pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius))
        assert radius >= 0.012 * app.screen.get_height(), "a mark too small to read its number"


def test_the_active_marker_is_no_seat_colour_and_only_the_active_plate_shows_it(app):
    assert theme.ACTIVE not in theme.SEAT_COLOURS
    scene = TableScene(app, "go-fish", {"players": 4}, plans(4), seed=1, save=False, timer=True)
    app.push(scene)
    checked = set()
    for _ in range(300):
        run(app, 0.1)
        view = scene.view()
        frame = scene.renderer.frame
        for seat in view.seats:
            marked = pixels_of(app, theme.ACTIVE, frame.plates[seat.seat])
            assert (marked > 0) == seat.active, f"{seat.name}: active={seat.active}, marker pixels={marked}"
            if not seat.active:
                checked.add(seat.seat)
        if checked >= {0, 1, 2, 3}:
            break
    assert 3 in checked, "the yellow seat was never seen off turn"


def test_the_marker_breathes(app):
    scene = TableScene(app, "go-fish", {"players": 2}, plans(2), seed=1, save=False)
    app.push(scene)
    app.frame([])
    active = next(s.seat for s in scene.view().seats if s.active)
    counts = set()
    for _ in range(8):
        app.clock.advance(0.1)
        app.frame([])
        counts.add(pixels_of(app, theme.ACTIVE, scene.renderer.frame.plates[active]))
    assert len(counts) > 1


# --- why a move is refused ------------------------------------------------------------------

def _unplayable(scene, state):
    playable = {c.card for c in scene.view().choices if c.card is not None}
    return next((c for c in state.hands[0] if c not in playable), None)


def test_clicking_a_card_that_does_not_match_says_why_softly_and_changes_nothing(app, monkeypatch):
    for seed in range(3, 30):
        scene, state = uno_until_persons_turn(app, seed=seed)
        card = _unplayable(scene, state)
        if card is not None and not CARDS[card].is_wild:
            break
        app.pop()
    played = record_sounds(app, monkeypatch)
    before = state.to_dict()
    anchor = next(a for a in reversed(scene.renderer.frame.anchors) if a.card == card)
    click(app, anchor.rect.center)
    assert "does not match" in scene.message and str(CARDS[card].name) in scene.message
    assert state.to_dict() == before
    assert played == ["refused"]
    frame = scene.renderer.frame
    assert frame.notice is not None and frame.prompt.contains(frame.notice)  # below the prompt, where eyes are
    assert frame.prompt.collidelist(list(frame.plates.values())) == -1
    run(app, 2.0)
    assert scene.renderer.frame.notice is not None  # long enough to read
    run(app, 2.0)
    assert scene.renderer.frame.notice is None


def test_a_card_clicked_out_of_turn_says_whose_turn_it_is(app):
    scene = TableScene(app, "uno-hau-drauf", {"players": 3}, plans(3), seed=4, save=False)
    app.push(scene)
    state = scene.session.state
    for _ in range(600):
        run(app, 0.1)
        if state.current not in (0, None) and state.phase == "turn":
            break
    anchor = next(a for a in reversed(scene.renderer.frame.anchors) if a.card in state.hands[0])
    click(app, anchor.rect.center)
    assert scene.message == f"not your turn — P{state.current} to play"


def test_the_focus_starts_on_a_playable_card_and_up_on_a_dead_card_says_why(app):
    for seed in range(3, 30):
        scene, state = uno_until_persons_turn(app, seed=seed)
        if _unplayable(scene, state) is not None and any(c.card is not None for c in scene.view().choices):
            break
        app.pop()
    groups = scene.focus_groups()
    kind, card = groups[scene.focused(groups)]
    assert kind == "card" and scene.group_choices((kind, card)), "the focus must start on a playable card"
    dead = groups.index(("card", _unplayable(scene, state)))
    steps = (dead - scene.focused(groups)) % len(groups)
    before = state.to_dict()
    app.frame([I.EditKey("right")] * steps + [I.EditKey("up")])
    assert "does not match" in scene.message and state.to_dict() == before


def test_the_refused_sound_is_soft_and_short():
    import wave
    from haudrauf.table.audio import SOUNDS_DIR
    with wave.open(str(SOUNDS_DIR / "refused.wav"), "rb") as wav:
        seconds = wav.getnframes() / wav.getframerate()
        samples = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2") / 32767
    with wave.open(str(SOUNDS_DIR / "error.wav"), "rb") as wav:
        error = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2") / 32767
    assert seconds <= 0.2
    assert np.abs(samples).max() <= 0.35 and np.sqrt(np.mean(samples ** 2)) < np.sqrt(np.mean(error ** 2))


# --- what to press -----------------------------------------------------------------------------

def test_after_drawing_the_prompt_names_the_seat_key_and_the_unit_button(app):
    scene, state = uno_until_persons_turn(app, seed=5)
    scene.act(0, Draw(), app.clock.now())
    assert state.phase == "drawn"
    view = scene.view()
    assert view.press == (0,)
    prompt, _ = scene.prompt_and_hint(view)
    assert prompt.endswith("— press Q or tap your button on the unit")
    app.settings.keys = KeyBindings().rebind("seat1", "z")
    assert scene.prompt_and_hint(view)[0].endswith("— press Z or tap your button on the unit")


def test_card_play_has_a_hint_how_to_play(app):
    scene, state = uno_until_persons_turn(app, seed=5)
    prompt, hint = scene.prompt_and_hint(scene.view())
    assert hint in ("click a lit card, or ← → then ↑", "click the lit pile, or ← → then ↑")
    assert "press" not in prompt  # nothing to press on the unit while a card can be laid or drawn


def test_a_wilds_colours_are_chosen_from_swatches_of_the_four_colours(app, drawn):
    from haudrauf.table.faces.uno_hau_drauf import UNO_COLOURS
    scene, state = uno_until_persons_turn(app, seed=8)  # Anna holds a wild
    wilds = [c for c in scene.view().choices if getattr(c.action, "colour", None)]
    app.frame([])
    anchor = next(a for a in reversed(scene.renderer.frame.anchors) if a.card == wilds[0].card)
    click(app, anchor.rect.center)
    app.frame([])
    buttons = {choice.action.colour: rect for rect, choice in scene.chooser_rects}
    assert sorted(buttons) == sorted(UNO_COLOURS)
    for colour, rect in buttons.items():
        assert pixels_of(app, UNO_COLOURS[colour], rect) > rect.height ** 2 / 8, f"no {colour} swatch"
        assert f"name {colour}" in str(next(c.label for r, c in scene.chooser_rects if r == rect))  # and its name


def test_a_table_of_bots_only_says_so_and_speaks_of_no_phones(app, drawn):
    """`--people 0 --bots 4`, no phones: nobody's hand is on a phone."""
    bots = [SeatPlan(f"P{s}", "heuristic") for s in range(4)]
    app.push(TableScene(app, "uno-hau-drauf", {"players": 4}, bots, seed=1, save=False))
    run(app, 2.0)
    assert not [line for line in drawn if "phone" in line]
    assert "only bots play this game: sit back and watch" in drawn


def test_several_people_are_each_told_their_key(app):
    scene = TableScene(app, "uno-hau-drauf", {"players": 3}, plans(3, people=3), seed=3, save=False)
    app.push(scene)
    view = scene.view()
    from dataclasses import replace
    prompt, hint = scene.prompt_and_hint(replace(view, press=(0, 2)))
    assert "P0 Q, P2 B: press your key or tap your button on the unit" in prompt
    assert hint == "hold your seat key (P0 Q, P1 X, P2 B) or your pad to see your hand and play"


# --- slap races ---------------------------------------------------------------------------------

@pytest.mark.parametrize("flashes", ["soft", "off"])
def test_a_slap_race_on_the_table_flashes_as_the_setting_asks_and_still_says_hau_drauf(app, flashes):
    """For anyone flashing light bothers: a frame at the edge, or no flash at
    all — the HAU DRAUF! words in the middle stay either way."""
    from dataclasses import replace
    app.settings.table = replace(app.settings.table, flashes=flashes)
    bots = [SeatPlan(f"P{s}", "heuristic", "hard") for s in range(3)]
    scene = TableScene(app, "uno-hau-drauf", {"players": 3}, bots, seed=1, save=False)
    app.push(scene)
    app.frame([])  # laid out
    scene.draw(app.screen, app.clock.now())
    before = pygame.surfarray.array3d(app.screen).astype(int)
    scene.flash_at = app.clock.now()
    scene.draw(app.screen, app.clock.now() + 0.01)
    changed = np.abs(pygame.surfarray.array3d(app.screen).astype(int) - before).sum(axis=2) > 30
    w, h = app.screen.get_size()
    middle = changed[w // 4:3 * w // 4, h // 4:3 * h // 4]
    assert changed[w // 2 - w // 10:w // 2 + w // 10, h // 2 - h // 20:h // 2 + h // 20].any()  # the words
    assert changed[:8].mean() > 0.9 if flashes == "soft" else not changed[:8].any()  # the left edge
    assert middle.mean() < 0.25  # the table itself is not covered


def test_a_slap_race_flashes_the_table_and_shows_every_time_large(app, monkeypatch):
    played = record_sounds(app, monkeypatch)
    bots = [SeatPlan(f"P{s}", "heuristic", "hard") for s in range(3)]
    scene = TableScene(app, "uno-hau-drauf", {"players": 3}, bots, seed=1, save=False)
    app.push(scene)
    for _ in range(6000):
        run(app, 0.05)
        if scene.flash_at > 0:
            break
    assert scene.flash_at > 0, "no slap race in this game"
    assert "slap_start" in played
    yellowish = pygame.surfarray.array3d(app.screen)[::8, ::8]
    share = np.mean((yellowish[..., 0] > 150) & (yellowish[..., 1] > 120) & (yellowish[..., 2] < 120))
    assert share > 0.5, "the race start must flash the whole table"
    for _ in range(200):
        run(app, 0.05)
        if scene.race_result:
            break
    result, until = scene.race_result
    app.frame([])
    frame = scene.renderer.frame
    h = app.screen.get_height()
    box = next(b for b in reversed(frame.banners) if b.height >= 2 * 0.03 * h)
    assert box.collidelist(list(frame.plates.values())) == -1 and app.screen.get_rect().contains(box)
    text = scene.race_text(result)
    assert all(f"P{s}\u00a0{ms:.0f}\u00a0ms" in text for s, ms in result.times) and "take 2 cards" in text


# --- the picked Skip-Bo card -----------------------------------------------------------------

def test_the_picked_skip_bo_card_stays_marked_until_it_is_placed(app):
    from tests.table.test_scenes import _person_holding_a_one
    scene, state, one = _person_holding_a_one(app)
    rect = next(a.rect for a in scene.renderer.frame.anchors if a.card == one)
    ring = rect.inflate(14, 14)
    assert pixels_of(app, theme.PICKED, ring) == 0
    click(app, rect.center)
    assert scene.prompt_and_hint(scene.view())[1].startswith("now click where it goes (lit piles)")
    for _ in range(3):  # it stays marked, frame after frame
        run(app, 0.5)
        assert pixels_of(app, theme.PICKED, ring) > 4 * rect.width
    click(app, scene.renderer.frame.zones["build0"].center)
    assert state.building[0] == [one] and scene.picked is None
    app.frame([])
    assert pixels_of(app, theme.PICKED, app.screen.get_rect()) == 0


def test_the_drawn_card_that_does_not_match_says_so(app):
    from haudrauf.engine.games.uno_hau_drauf.actions import Play
    for seed in range(3, 40):
        scene, state = uno_until_persons_turn(app, seed=seed)
        scene.act(0, Draw(), app.clock.now())
        if state.phase == "drawn" and Play(state.drawn) not in state.legal_actions(0):
            break
        app.pop()
    app.frame([])
    anchor = next(a for a in reversed(scene.renderer.frame.anchors) if a.card == state.drawn)
    click(app, anchor.rect.center)
    assert scene.message.startswith(f"a {CARDS[state.drawn].name} does not match")


def test_a_races_times_stay_a_few_seconds_and_until_the_next_player_is_picked(app, drawn):
    """The times stay while the loser takes the cards, and at least four seconds
    however soon the unit picks (here within two seconds); once both are past
    the table is clear."""
    from haudrauf.device import events as uev
    bots = [SeatPlan(f"P{s}", "heuristic", "hard") for s in range(3)]
    scene = TableScene(app, "uno-hau-drauf", {"players": 3}, bots, seed=2, save=False)
    app.push(scene)
    for _ in range(6000):
        run(app, 0.05)
        if scene.race_result:
            break
    assert scene.race_result, "no slap race in this game"
    shown_at, picked_at = app.clock.now(), None
    scene.session.listeners.append(lambda events: [e for e in events if isinstance(e, uev.PlayerSelected)] and
                                   setattr(scene, "picked_at", app.clock.now()))
    seen = []  # (seconds since the result, the next player picked yet, the times on screen)
    while len(seen) < 400 and (picked_at is None or app.clock.now() < max(shown_at + 4, picked_at) + 0.5):
        drawn.clear()
        run(app, 0.05)
        picked_at = picked_at or getattr(scene, "picked_at", None)
        seen.append((app.clock.now() - shown_at, picked_at is not None,
                     any("take 2 cards" in line for line in drawn)))
    assert picked_at is not None, "the unit never picked the next player"
    assert RACE_RESULT_S >= 4.0
    assert all(up for since, picked, up in seen if since < 4.0 or not picked), "the times went too soon"
    assert not seen[-1][2], "the times stayed into the next turn"


def test_after_a_hau_drauf_card_the_prompt_names_the_big_button_and_no_move_on_the_table(app):
    scene, state = uno_until_persons_turn(app, seed=5)
    state.phase, state.slap_armed = "played", True  # Anna just laid a HAU DRAUF card
    state.cache.clear()
    scene._view_key = None
    prompt, hint = scene.prompt_and_hint(scene.view())
    assert prompt == "HAU DRAUF! Press the big button — press Space or tap the big yellow button"
    assert hint == ""  # the unit's buttons are said in the prompt: nothing to click on the table


@pytest.mark.parametrize("size", [(1280, 800), (1280, 720), (1024, 768), (800, 600), (1920, 1080)])
def test_skip_bo_pile_labels_never_run_into_each_other(app, size):
    """Side by side, two piles' labels keep a clear space between them (at 1280x800
    "discard pile 1 discard pile 2" once read as one line)."""
    from haudrauf.table.scenes.menu import MenuScene
    from tests.table.test_scenes import resize
    app.push(MenuScene(app))
    resize(app, size)
    for players in (2, 4, 6):
        scene = TableScene(app, "skip-bo", {"players": players}, plans(players), seed=1, save=False)
        app.push(scene)
        run(app, 1.0)
        labels = scene.renderer.frame.labels
        assert labels
        for (pile_a, a), (pile_b, b) in itertools.combinations(labels, 2):
            if pile_a == pile_b or a.bottom <= b.top or b.bottom <= a.top:
                continue
            space = max(a.left, b.left) - min(a.right, b.right)
            assert space >= a.height // 3, f"{size}, {players} seats: {pile_a} and {pile_b} labels {space} px apart"
        app.pop()



def test_when_no_card_is_lit_the_hint_does_not_ask_for_a_lit_one(app, drawn):
    """Skip-Bo lights the cards that build; a turn with nothing to build (only a
    discard to end it) has no lit card, and the line says what to do instead."""
    from haudrauf.engine.games.skip_bo.actions import Discard
    for seed in range(80):
        scene = TableScene(app, "skip-bo", {"players": 2, "short_game": True}, plans(2), seed=seed, save=False)
        state = scene.session.state
        if state.turn == 0 and all(isinstance(a, Discard) for a in state.legal_actions(0)):
            break
    app.push(scene)
    app.frame([])
    assert not any(c.highlight for c in scene.view().seats[0].hand.cards)
    assert "click one of your cards, then a lit pile to put it on, or ← → then ↑" in drawn
    assert not [line for line in drawn if "lit card" in line]
