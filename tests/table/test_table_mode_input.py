"""Making moves at the table by mouse and keys: asking another player by
clicking them, choosing among moves that share a card or pile, and refusals
that say why and never linger."""
from haudrauf.engine.core.codec import encode
from haudrauf.table import input as I
from haudrauf.table.scenes.table_mode import TableScene
from tests.table.conftest import run
from tests.table.test_scenes import click, plans, resize


def fishing(app, war: bool):
    """Crazy Old Fish War (1280x800) at the moment the person must ask someone."""
    resize(app, (1280, 800))
    scene = TableScene(app, "crazy-old-fish-war", {"players": 3, "war": war}, plans(3), seed=5, save=False)
    app.push(scene)
    for _ in range(400):
        run(app, 0.1)
        if any(c.pile for c in scene.view().choices):
            return scene, scene.session.state
    raise AssertionError("the person never had to go fishing")


def made(state, moves_before: int, choice) -> bool:
    """The person's next logged move is `choice`'s."""
    return state.log[moves_before] == ["act", 0, encode(choice.action)]


def test_without_war_clicking_an_opponents_hand_asks_them(app):
    scene, state = fishing(app, war=False)
    ask = next(c for c in scene.view().choices if c.pile == "s2.hand")
    assert {c.pile for c in scene.view().choices} == {"s1.hand", "s2.hand"}
    assert scene.prompt_and_hint(scene.view())[1] == "click a lit player, or ← → then ↑"
    before = len(state.log)
    click(app, scene.renderer.frame.zones["s2.hand"].center)
    assert made(state, before, ask) and not scene.chooser and not scene.message


def test_with_war_a_name_plate_offers_ask_or_war_clear_of_the_plates_and_return_takes_it(app, drawn):
    scene, state = fishing(app, war=True)
    click(app, scene.renderer.frame.plates[1].center)
    assert [str(c.label) for c in scene.chooser] == ["Ask P1 for a red or an 11", "Declare war on P1"]
    drawn.clear()
    app.frame([])
    assert "← → choose · Enter or ↑ take · ↓ / Esc cancel" in drawn
    frame = scene.renderer.frame
    rects = [r for r, _ in scene.chooser_rects]
    box = rects[0].unionall(rects[1:])
    assert box.collidelist([frame.zones["s1.hand"], *frame.plates.values()]) == -1, "the chooser hides a player"
    war = scene.chooser[1]
    before = len(state.log)
    app.frame([I.EditKey("right"), I.PlayPauseKey(app.clock.now())])  # Return arrives as Play/Pause
    assert not scene.chooser and made(state, before, war)


def test_a_refusal_out_of_turn_goes_when_the_turn_comes_to_the_player(app):
    scene = TableScene(app, "go-fish", {"players": 3}, plans(3), seed=1, save=False)
    app.push(scene)
    state = scene.session.state
    while 0 in state.current_seats:  # the person starts: ask until the turn passes
        scene.act(0, scene.view().choices[0].action, app.clock.now())
        app.frame([])
    card = next(a for a in reversed(scene.renderer.frame.anchors) if a.card is not None and a.pile == "s0.hand")
    click(app, card.rect.center)
    assert scene.message.startswith("not your turn")
    for _ in range(600):
        run(app, 0.05)
        if 0 in state.current_seats:
            break
    assert 0 in state.current_seats
    app.frame([])
    assert scene.message == "" and scene.renderer.frame.notice is None, "a stale refusal under the player's prompt"


def test_a_picked_skip_bo_card_clicked_onto_a_pile_it_may_not_go_on_says_why_and_stays_picked(app, monkeypatch):
    from haudrauf.engine.games.skip_bo import cards as c
    from tests.table.test_scenes import _person_holding_a_one
    scene, state, _ = _person_holding_a_one(app)
    card = next(card for card in state.hands[0] if c.VALUES[card] not in (1, c.WILD))
    played: list[str] = []
    monkeypatch.setattr(app.audio, "play", lambda name: played.append(name) or True)
    start = next(a.rect for a in scene.renderer.frame.anchors if a.card == card).center
    build1 = scene.renderer.frame.zones["build1"].center
    before = state.to_dict()
    name = c.a_number(c.card_name(card))
    t = app.clock.now()
    drag = [I.PointerDown(start, I.MOUSE, t), I.PointerMove(build1, I.MOUSE), I.PointerUp(build1, I.MOUSE, t)]
    for make_the_move in (lambda: app.frame(drag), lambda: click(app, build1)):  # dragged there, then clicked
        played.clear()
        make_the_move()
        assert scene.message == f"an empty building pile starts only with a 1 or a Skip-Bo, not {name}"
        assert played == ["refused"] and state.to_dict() == before
        assert scene.picked is not None and scene.picked.card == card, "the card must stay picked"
        assert not scene.picked.dragged
    click(app, scene.renderer.frame.zones["s0.discard2"].center)  # where it may go: it goes
    assert state.discards[0][2] == [card] and scene.picked is None


def _skip_bo_refused(app):
    """The person's Skip-Bo turn, just after a card was refused (a 7 or so on an empty building pile)."""
    from haudrauf.engine.games.skip_bo import cards as c
    from haudrauf.engine.games.skip_bo.actions import Build
    from tests.table.test_scenes import _person_holding_a_one
    scene, state, one = _person_holding_a_one(app)
    card = next(card for card in state.hands[0] if c.VALUES[card] not in (1, c.WILD))
    return scene, state, one, Build(card, 1)


def test_a_refusal_goes_with_the_next_move_even_when_the_same_player_goes_on(app):
    """Skip-Bo: after a refused card the player builds a 1 and is still on turn — the
    old reason must not sit under the prompt of a move that worked."""
    from haudrauf.engine.games.skip_bo.actions import Build
    scene, state, one, refused = _skip_bo_refused(app)
    scene.act(0, refused, app.clock.now())
    app.frame([])
    assert scene.message.startswith("an empty building pile starts only with") and scene.renderer.frame.notice
    scene.act(0, Build(one, 0), app.clock.now())
    run(app, 0.1)
    assert 0 in state.current_seats and state.building[0] == [one]
    assert scene.message == "" and scene.renderer.frame.notice is None


def test_a_phones_refusal_lives_as_long_as_the_tables_a_few_seconds_at_most(app, monkeypatch):
    from haudrauf.engine.games.skip_bo.actions import Build
    from haudrauf.play.phone_seat import MESSAGE_S
    scene, state, one, refused = _skip_bo_refused(app)
    monkeypatch.setattr(scene, "on_phone", lambda seat: seat == 0)
    scene.phone_act(0, refused, app.clock.now(), 0.01)
    assert str(scene.phone_view(0, app.clock.now())[0]["refusal"]).startswith("an empty building pile starts only")
    moves = len(state.log)
    run(app, MESSAGE_S + 0.5)  # nobody moves: the person is on turn
    assert len(state.log) == moves and 0 in state.current_seats
    assert scene.phone_view(0, app.clock.now())[0]["refusal"] == ""
    scene.phone_act(0, refused, app.clock.now(), 0.01)
    scene.phone_act(0, Build(one, 0), app.clock.now(), 0.01)  # a move that works: the reason goes at once
    assert scene.phone_view(0, app.clock.now())[0]["refusal"] == ""
