""""What does this card do": every card face any game shows has a text, and the
tooltip appears over a card after the mouse rests or a finger is held still."""
import numpy as np
import pytest

from haudrauf.engine import registry
from haudrauf.engine.games.crazy_old_fish_war import cards as cofw
from haudrauf.engine.games.go_fish.cards import FACES as GO_FISH_FACES
from haudrauf.engine.games.sea_salt_paper import cards as ssp
from haudrauf.engine.games.sea_salt_paper.extra_pepper import EVENTS
from haudrauf.engine.games.skip_bo.cards import FACES as SKIP_BO_FACES
from haudrauf.engine.games.uno_hau_drauf.cards import CARDS as UNO_CARDS
from haudrauf.table import input as I
from haudrauf.table.faces import explain
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.play.seats import SeatPlan
from haudrauf.table.ui.tooltip import HOVER_S, LONG_PRESS_S, face_of
from tests.table.conftest import run

EVERY_FACE = sorted({c.face for c in UNO_CARDS} | set(GO_FISH_FACES) | set(SKIP_BO_FACES)
                    | {cofw.face(c) for c in range(cofw.CARD_COUNT)} | {ssp.face(c.id) for c in ssp.CARDS}
                    | {f"ssp/event/{e.name}" for e in EVENTS})
ALL_OPTIONS = {"crazy-old-fish-war": {"war": True}, "sea-salt-paper": {"extra_salt": True, "extra_pepper": True}}


@pytest.mark.parametrize("face", EVERY_FACE)
def test_every_card_face_has_a_text(face):
    text = explain(face)
    assert text and len(text) > 20, face
    assert "_" not in text and "/" not in text.replace("1/", ""), f"internal words in {face}: {text}"


def test_no_card_text_counts_one_of_anything_in_the_plural():
    """"Worth 1 points" reads wrong: one of a thing is singular, on every card."""
    import re
    wrong = {face: found for face in EVERY_FACE if (found := re.findall(r"\b1 [a-z]+s\b", explain(face)))}
    assert not wrong, wrong
    assert explain("uno/red/1").endswith("Worth 1 point.") and explain("uno/red/7").endswith("Worth 7 points.")


@pytest.mark.parametrize("game", ["go-fish", "skip-bo", "crazy-old-fish-war", "sea-salt-paper"])
def test_every_face_seen_in_seeded_play_has_a_text(game):
    """The faces the tables really show, over random play with every expansion on."""
    rng = np.random.default_rng(3)
    state = registry.new_game(game, {"players": 3, **ALL_OPTIONS.get(game, {})}, seed=3)
    seen = set()
    for _ in range(400):
        if state.is_over:
            break
        for seat in range(state.players):
            view = state.table_view(seat, ["A", "B", "C"])
            seen |= {c.face for pile in (*view.centre, *(p for s in view.seats for p in (s.hand, *s.piles)))
                     for c in pile.cards if c.face}
        seat = state.current_seats[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.integers(len(actions))])
    assert seen
    assert not [f for f in seen if not explain(f)]


def test_the_texts_say_what_the_special_cards_do():
    assert "draws 2" in explain("uno/red/draw2") and explain("uno/red/draw2").startswith("Red draw two")
    assert "big yellow button" in explain("uno/blue/haudrauf") and "HAU DRAUF" in explain("uno/blue/haudrauf")
    assert "draws 4" in explain("uno/wild4") and "name the next colour" in explain("uno/wild")
    assert "any 7" in explain("uno/green/7")
    assert "draw five" in explain("cofw/mermaid")
    assert explain("cofw/purple/8").startswith("Purple Crazy 8")
    assert "any number" in explain("skipbo/sb") and "showing 4" in explain("skipbo/5")
    assert "book" in explain("std/Q/hearts") and "queens" in explain("std/Q/hearts")
    assert "trio" in explain("ssp/starfish/yellow") and "yellow" in explain("ssp/starfish/yellow")
    assert "Kraken" in explain("ssp/event/kraken") and "highest" in explain("ssp/event/kraken")


@pytest.mark.parametrize("face", [None, "", "uno/purple/7", "uno/red/banana", "std/Z/hearts", "skipbo/13", "x/y"])
def test_unknown_or_face_down_cards_get_no_text(face):
    assert explain(face) is None


# --- the tooltip on the table -------------------------------------------------------------

def go_fish_scene(app):
    plans = [SeatPlan("Anna")] + [SeatPlan(n, "heuristic") for n in ("Bo", "Cleo")]
    scene = TableScene(app, "go-fish", {"players": 3}, plans, seed=2, save=False)  # Anna starts: the table waits
    app.push(scene)
    run(app, 0.2)
    return scene


def hand_card(scene):
    anchor = next(a for a in scene.renderer.frame.anchors if a.card is not None and a.pile == "s0.hand")
    return anchor


def region(app, rect):
    import pygame
    return pygame.surfarray.array3d(app.screen)[rect.left:rect.right, rect.top:rect.bottom].copy()


def test_resting_the_mouse_on_a_card_shows_what_it_does(app):
    scene = go_fish_scene(app)
    anchor = hand_card(scene)
    above = anchor.rect.move(0, -anchor.rect.height).clip(app.screen.get_rect())
    app.frame([I.PointerMove(anchor.rect.center, I.MOUSE)])
    run(app, HOVER_S - 0.2)
    before = region(app, above)
    assert scene.tooltip.card_under(anchor.rect.center, scene.renderer, scene.view()) is not None
    run(app, 0.4)
    assert (region(app, above) != before).any(), "no tooltip drawn above the card"
    text, rect = scene.tooltip.card_under(anchor.rect.center, scene.renderer, scene.view())
    assert text == explain(face_of(scene.view(), anchor.card)) and "book" in text
    app.frame([I.PointerMove((5, 5), I.MOUSE)])  # moving away hides it
    assert scene.tooltip.showing(app.clock.now()) == []


def test_a_finger_held_still_shows_the_text_and_lifting_it_hides_it(app):
    plans = [SeatPlan("Anna")] + [SeatPlan(n, "heuristic") for n in ("Bo", "Cleo")]
    scene = TableScene(app, "crazy-old-fish-war", {"players": 3}, plans, seed=2, save=False)  # Anna starts
    app.push(scene)
    run(app, 0.2)
    top = next(a for a in scene.renderer.frame.anchors if a.card is not None and a.pile == "pile")
    finger = 4
    app.frame([I.PointerDown(top.rect.center, finger, app.clock.now())])
    run(app, LONG_PRESS_S - 0.2)
    assert scene.tooltip.showing(app.clock.now()) == []
    run(app, 0.4)
    assert scene.tooltip.showing(app.clock.now()) == [top.rect.center]
    text, rect = scene.tooltip.card_under(top.rect.center, scene.renderer, scene.view())
    assert rect == top.rect and text == explain("cofw/blue/5") and "blue card or any 5" in text
    app.frame([I.PointerMove((top.rect.centerx + 40, top.rect.centery), finger)])  # moving starts the wait again
    assert scene.tooltip.showing(app.clock.now()) == []
    app.frame([I.PointerUp(top.rect.center, finger, app.clock.now())])
    run(app, 1.0)
    assert scene.tooltip.showing(app.clock.now()) == []


def test_a_tooltip_waits_anew_after_the_table_was_covered(app):
    scene = go_fish_scene(app)
    anchor = hand_card(scene)
    app.frame([I.PointerMove(anchor.rect.center, I.MOUSE)])
    run(app, HOVER_S + 0.2)
    assert scene.tooltip.showing(app.clock.now())
    app.frame([I.Command("help")])  # an overlay: the table gets no pointer moves under it
    run(app, 0.3)
    assert scene.tooltip.showing(app.clock.now()) == []
    app.frame([I.EditKey("escape")])
    run(app, 1.0)
    assert app.scene is scene and scene.tooltip.showing(app.clock.now()) == []


def test_face_down_cards_get_no_tooltip(app):
    plans = [SeatPlan("Anna"), SeatPlan("Bo")] + [SeatPlan("Cleo", "heuristic")]
    scene = TableScene(app, "go-fish", {"players": 3}, plans, seed=2, save=False)  # two people: hands hidden
    app.push(scene)
    run(app, 0.2)
    hand = scene.renderer.frame.zones["s0.hand"]  # Anna's cards, face down until she holds her key
    app.frame([I.PointerMove(hand.center, I.MOUSE)])
    run(app, HOVER_S + 0.2)
    assert scene.tooltip.showing(app.clock.now()) == [hand.center]
    assert scene.tooltip.card_under(hand.center, scene.renderer, scene.view()) is None
    sea = scene.renderer.frame.zones["stock"]
    assert scene.tooltip.card_under(sea.center, scene.renderer, scene.view()) is None


def tooltip_for(app, scene, pile: str):
    """Rest the mouse on the viewer's top card of `pile` until its tooltip shows; where the tooltip went."""
    anchor = next(a for a in reversed(scene.renderer.frame.anchors) if a.card is not None and a.pile == pile)
    app.frame([I.PointerMove(anchor.rect.center, I.MOUSE)])
    run(app, HOVER_S + 0.2)
    [box] = scene.tooltip.boxes
    return box, anchor.rect


def covered(box, frame) -> list:
    return [r for r in [*frame.plates.values(), frame.prompt, frame.notice] if r is not None and box.colliderect(r)]


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_tooltip_on_the_own_skip_bo_stock_leaves_the_name_plate_and_clock_readable(app, size):
    app.frame([I.Resized(size)])
    plans = [SeatPlan("Anna")] + [SeatPlan(n, "heuristic") for n in ("Bo", "Cleo")]
    scene = TableScene(app, "skip-bo", {"players": 3}, plans, seed=2, save=False, timer=True)
    app.push(scene)
    run(app, 0.2)
    box, card = tooltip_for(app, scene, "s0.stock")
    frame = scene.renderer.frame
    assert 0 in frame.clocks and not covered(box, frame) and not box.colliderect(card)


def test_a_tooltip_on_a_hand_card_leaves_the_prompt_and_the_refusal_readable(app):
    app.frame([I.Resized((1280, 800))])
    scene = go_fish_scene(app)
    box, card = tooltip_for(app, scene, "s0.hand")
    assert scene.renderer.frame.prompt and not covered(box, scene.renderer.frame) and not box.colliderect(card)
    scene.say("you cannot ask for a rank you do not hold", app.clock.now())
    run(app, 0.1)
    frame = scene.renderer.frame
    assert frame.notice and not covered(scene.tooltip.boxes[0], frame)


def test_a_tooltip_goes_when_the_pointer_slips_off_its_card_even_a_little(app):
    """A tremble of a few pixels keeps a pointer resting, but the text is only
    ever about the card under it: slipping just off the card's edge hides it."""
    scene = go_fish_scene(app)
    anchor = hand_card(scene)
    inside = (anchor.rect.centerx, anchor.rect.top + 4)
    app.frame([I.PointerMove(inside, I.MOUSE)])
    run(app, HOVER_S + 0.2)
    assert scene.tooltip.boxes, "no tooltip on the card"
    off = (anchor.rect.centerx, anchor.rect.top - 6)  # 10 px: within a tremble, but on the felt
    assert scene.renderer.card_at(off) is None
    app.frame([I.PointerMove(off, I.MOUSE)])
    run(app, 0.1)
    assert scene.tooltip.boxes == []


def test_a_card_that_comes_under_a_resting_pointer_waits_its_turn_for_a_tooltip(app):
    """The hand moves (here: the window changes size) under a pointer at rest:
    the card now under it was never pointed at, so its text waits as any does."""
    from tests.table.test_scenes import resize
    scene = go_fish_scene(app)
    anchor = hand_card(scene)
    app.frame([I.PointerMove(anchor.rect.center, I.MOUSE)])
    run(app, HOVER_S + 0.2)
    assert scene.tooltip.boxes
    resize(app, (1024, 768))
    now_under = scene.renderer.card_at(anchor.rect.center)
    assert now_under is not None and now_under != anchor.card
    run(app, HOVER_S - 0.2)
    assert scene.tooltip.boxes == [], "a tooltip at once for a card the pointer never rested on"
    run(app, 0.4)
    assert scene.tooltip.boxes
