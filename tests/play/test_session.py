"""A game at the table without the window: bots play through the same code
the window runs; presses are gated by the rules; saves resume exactly."""
import json

import numpy as np
import pytest

from haudrauf.device.machine import UnitState
from haudrauf.device.settings import UnitSettings
from haudrauf.engine.games.uno_hau_drauf.actions import Draw, Play
from haudrauf.play import autosave
from haudrauf.play.seats import SeatPlan
from haudrauf.play.session import TableSession

UNIT = UnitSettings(turn_time=6, sleep_after=0)


def bots(n, first_person=False):
    return [SeatPlan(f"P{s}", None if first_person and s == 0 else "heuristic") for s in range(n)]


def play_until(session, entries: int, now: float = 0.0, step: float = 0.05) -> float:
    """Steps the session's clock until its log holds `entries` moves; the time reached."""
    while len(session.state.log) < entries:
        now += step
        session.update(now)
    return now


def run_until_over(session, start=0.0, step=0.05, limit=20_000):
    now = start
    session.start(now)
    for _ in range(limit):
        if session.state.is_over:
            return now
        now += step
        session.update(now)
        if session.round_over:
            session.next_round(now)
    raise AssertionError("no end")


@pytest.mark.parametrize("game, options", [
    ("uno-hau-drauf", {"players": 4, "target": 60}),
    ("go-fish", {"players": 3}),
    ("skip-bo", {"players": 2, "short_game": True}),
    ("crazy-old-fish-war", {"players": 3, "rounds_to_win": 1}),
    ("sea-salt-paper", {"players": 2}),
])
def test_bots_play_a_whole_game_through_the_table_code(game, options, tmp_path):
    save = tmp_path / "autosave.json"
    session = TableSession(game, options, bots(options["players"]), seed=4, unit_settings=UNIT, save_to=save)
    run_until_over(session)
    assert session.state.result.winners
    assert len(session.lines) > 0  # people could follow it in the log
    assert not save.exists()  # a finished game leaves no save behind


def test_a_refused_press_never_reaches_the_unit_and_says_why(tmp_path):
    session = TableSession("uno-hau-drauf", {"players": 3}, bots(3, first_person=True), seed=2,
                           unit_settings=UnitSettings(turn_time=None, spin_duration=0, sleep_after=0))
    session.start(0.0)
    # wait until the person's turn comes
    now = 0.0
    while session.state.current != 0:
        now += 0.05
        session.update(now)
    assert session.unit.state is UnitState.TURN and session.unit.current == 0
    events, reason = session.press_seat(0, now)
    assert str(reason) == "play a card or draw one before you press your button" and events == []
    assert session.unit.state is UnitState.TURN  # the unit never saw the press
    session.act(0, Draw(), now)
    events, reason = session.press_seat(0, now)
    assert reason is None
    assert any(type(e).__name__ == "TurnEnded" and e.seat == 0 for e in events)  # now the unit heard it


def test_hau_drauf_button_belongs_to_whoever_laid_the_card():
    session = TableSession("uno-hau-drauf", {"players": 2}, bots(2, first_person=True), seed=1,
                           unit_settings=UNIT)
    session.start(0.0)
    events, reason = session.press_hau_drauf(0.1)
    assert events == [] and "only right after you laid a HAU DRAUF card" in str(reason)


def test_autosave_after_every_move_and_resume_gives_the_same_state(tmp_path):
    save = tmp_path / "autosave.json"
    session = TableSession("uno-hau-drauf", {"players": 3, "target": 200}, bots(3), seed=9, unit_settings=UNIT,
                           save_to=save)
    session.start(0.0)
    now = play_until(session, 120)
    data, problem = autosave.read(save)
    assert problem is None and data["game"] == "uno-hau-drauf"
    resumed = TableSession.from_save(data, UNIT, save)
    # the save may lag by the few events of a running slap race; it is a prefix of the game
    assert resumed.state.log == session.state.log[:len(resumed.state.log)]
    assert resumed.state.to_dict()["log"] == data["log"]
    resumed.start(now)  # the unit picks up where the game stands
    if resumed.state.current is not None:
        assert resumed.unit.current == resumed.state.current
    for _ in range(200):  # and the game goes on from there
        now += 0.05
        resumed.update(now)
    assert len(resumed.state.log) > len(data["log"])


def test_a_turn_based_game_resumes_exactly(tmp_path):
    save = tmp_path / "autosave.json"
    session = TableSession("go-fish", {"players": 3}, bots(3), seed=3, unit_settings=UNIT, save_to=save)
    now = 0.0
    while len(session.state.log) < 6:
        now += 0.1
        session.update(now)
    data, _ = autosave.read(save)
    resumed = TableSession.from_save(data, UNIT, save)
    assert resumed.state.to_dict() == session.state.to_dict()


def test_a_corrupt_save_is_reported_and_kept_aside(tmp_path):
    save = tmp_path / "autosave.json"
    save.write_text("{not json")
    data, problem = autosave.read(save)
    assert data is None and str(problem).startswith("autosave.json is not valid JSON")
    assert str(problem).endswith("kept aside as autosave.json.bak, no game to resume")
    assert (tmp_path / "autosave.json.bak").read_text() == "{not json" and not save.exists()


def test_illegal_move_by_a_person_is_refused_with_the_reason():
    session = TableSession("uno-hau-drauf", {"players": 2}, bots(2, first_person=True), seed=1, unit_settings=UNIT)
    session.start(0.0)
    from haudrauf.engine.core import IllegalAction
    with pytest.raises(IllegalAction) as refusal:
        session.act(0, Play(session.state.hands[1][0]), 0.0)
    assert refusal.value.reason
    assert json.dumps(session.state.to_dict())  # still a sound state


@pytest.mark.parametrize("game, options", [
    ("go-fish", {"players": 3}), ("skip-bo", {"players": 2, "short_game": True}),
    ("crazy-old-fish-war", {"players": 3, "rounds_to_win": 1}), ("sea-salt-paper", {"players": 2}),
])
def test_speed_game_the_unit_picks_the_starter_and_times_out_slow_players(game, options):
    """A person who never moves: the buzzer gives their turn away by the game's own rule."""
    from haudrauf.engine.core import IllegalAction
    unit = UnitSettings(turn_time=2, countdown_warnings=0, spin_duration=1, sleep_after=0)
    plans = [SeatPlan("Slow")] + [SeatPlan(f"B{s}", "heuristic", "hard") for s in range(1, options["players"])]
    session = TableSession(game, options, plans, seed=6, unit_settings=unit, timer=True)
    dealt_move = session.state.legal_actions(session.state.current_seats[0])[0]
    events = session.start(0.0)
    assert session.unit.state is UnitState.SPINNING
    with pytest.raises(IllegalAction, match="the unit is picking who starts"):
        session.act(0, dealt_move, 0.1)
    events = session.update(1.01)
    picked = next(e for e in events if type(e).__name__ == "PlayerSelected")
    assert session.state.waiting_for[0] == picked.seat  # the unit's pick starts
    first_unit_events = [entry[1]["type"] for entry in session.state.log if entry[0] == "unit"][:2]
    assert "PlayerSelected" in first_unit_events  # after SpinStarted for a game that takes the spin
    now, timeouts = 1.01, 0
    while now < 400 and not session.state.is_over:
        now += 0.1
        for e in session.update(now):
            timeouts += type(e).__name__ == "TurnTimedOut" and e.seat == 0
        waiting = session.state.waiting_for
        if waiting:  # the unit always times the seat the game waits for
            assert session.unit.current == waiting[0] or session.unit.state is not UnitState.TURN
    assert timeouts >= 1
    assert any(entry[0] == "unit" and entry[1]["type"] == "TurnTimedOut" for entry in session.state.log)


def test_speed_game_resumes_with_the_timer(tmp_path):
    save = tmp_path / "autosave.json"
    unit = UnitSettings(turn_time=3, spin_duration=0.5, sleep_after=0)
    session = TableSession("go-fish", {"players": 3}, bots(3), seed=2, unit_settings=unit, save_to=save, timer=True)
    session.start(0.0)
    now = 0.0
    while len(session.state.log) < 8:
        now += 0.1
        session.update(now)
    data, _ = autosave.read(save)
    assert data["timer"] is True
    resumed = TableSession.from_save(data, unit, save)
    resumed.start(now)
    assert resumed.unit.state is UnitState.TURN and resumed.unit.current == resumed.state.waiting_for[0]


def test_bots_take_the_reaction_times_of_the_settings():
    """Go Fish bots that think 30 s have not moved after 10 s; the built-in ones have."""
    from dataclasses import replace

    from haudrauf.engine.bots.base import DIFFICULTIES
    slow = {**DIFFICULTIES, "normal": replace(DIFFICULTIES["normal"], think_mean_s=30.0, think_spread_s=1.0)}
    moved = []
    for reactions in (DIFFICULTIES, slow):
        session = TableSession("go-fish", {"players": 3}, bots(3), seed=3, unit_settings=UNIT, reactions=reactions)
        session.start(0.0)
        for step in range(1, 101):
            session.update(step * 0.1)
        moved.append(len(session.state.log))
    assert moved[0] > 0 and moved[1] == 0


def test_speed_game_while_paused_moves_are_refused_and_bots_wait():
    """The clock stands still while paused: nobody may play past it, not even a bot."""
    from haudrauf.engine.core import IllegalAction
    unit = UnitSettings(turn_time=10, countdown_warnings=0, spin_duration=0.5, sleep_after=0)
    plans = [SeatPlan("Anna"), SeatPlan("Bo", "heuristic")]
    session = TableSession("skip-bo", {"players": 2, "short_game": True}, plans, seed=4, unit_settings=unit,
                           timer=True)
    session.start(0.0)
    now = 0.0
    while session.first_pick or session.state.waiting_for != (0,):  # until it is Anna's turn
        now += 0.05
        session.update(now)
    session.play_pause(now)
    assert session.paused
    before = json.dumps(session.state.to_dict())
    with pytest.raises(IllegalAction, match="paused — press Play/Pause"):
        session.act(0, session.state.legal_actions(0)[0], now)
    for step in range(1, 200):  # Anna's turn goes to Bo only if a move slipped through
        session.update(now + step * 0.1)
    assert json.dumps(session.state.to_dict()) == before
    session.play_pause(now + 20)
    session.act(0, session.state.legal_actions(0)[0], now + 20)  # on again: the move is taken
    assert len(session.state.log) > len(json.loads(before)["log"])


def test_skip_bo_speed_game_nobody_holds_a_hand_or_the_turn_until_the_spin_has_picked(tmp_path):
    """Before the pick nobody is ▶ and the prompt says why; only the picked seat ever draws."""
    unit = UnitSettings(turn_time=10, countdown_warnings=0, spin_duration=1, sleep_after=0)
    picks = set()
    for seed in range(6):
        session = TableSession("skip-bo", {"players": 2, "short_game": True}, [SeatPlan("Anna"), SeatPlan("Bo")],
                               seed=seed, unit_settings=unit, timer=True)
        session.start(0.0)
        view = session.state.table_view(0, session.names)
        assert not any(seat.active for seat in view.seats)
        assert str(view.prompt) == "The unit is choosing who starts"
        assert session.state.hands == [[], []]
        assert sorted(session.state.cards()) == list(range(162))
        picked = next(e.seat for e in session.update(1.01) if type(e).__name__ == "PlayerSelected")
        picks.add(picked)
        view = session.state.table_view(picked, session.names)
        assert [seat.active for seat in view.seats] == [s == picked for s in range(2)]
        assert [len(hand) for hand in session.state.hands] == [5 if s == picked else 0 for s in range(2)]
        assert sorted(session.state.cards()) == list(range(162))
        saved = {"game": "skip-bo", "options": session.options, "seed": session.seed, "log": session.state.log,
                 "plans": [p.to_dict() for p in session.plans], "timer": True}
        assert TableSession.from_save(saved, unit, tmp_path / "save.json").state.hands == session.state.hands
    assert picks == {0, 1}  # the seeds cover a pick of the dealt starter and of the other seat


def test_a_speed_game_starts_its_timer_without_the_units_registration_chatter():
    unit = UnitSettings(turn_time=10, spin_duration=1, sleep_after=0)
    session = TableSession("go-fish", {"players": 3}, bots(3), seed=1, unit_settings=unit, timer=True)
    session.start(0.0)
    session.update(1.5)
    assert session.history  # the spin and the first turn are told
    assert not any("Registration" in str(line) or "Unit on" in str(line) or "join" in str(line)
                   for line in session.history)


def test_a_slap_race_and_its_penalties_are_saved_only_once_they_are_over(tmp_path):
    """The race lives on the unit's clock: a save made mid-race could not be resumed."""
    save = tmp_path / "autosave.json"
    session = TableSession("uno-hau-drauf", {"players": 3}, bots(3), seed=9, unit_settings=UNIT, save_to=save)
    session.start(0.0)
    now, held_back = 0.0, 0
    for _ in range(20_000):
        now += 0.05
        events = session.update(now)
        if not events:
            continue
        saved = autosave.read(save)[0]["log"]
        if session.state.phase in ("slap race", "penalty"):
            held_back += saved != session.state.log
        else:
            assert saved == session.state.log
            if held_back:
                return  # a race was held back, and once over the game is saved again
    raise AssertionError("no slap race in the game")


def test_bots_react_in_a_slap_race_press_buttons_quickly_and_think_over_cards():
    from haudrauf.engine import registry
    from haudrauf.engine.bots.base import ReactionModel
    from haudrauf.engine.games.uno_hau_drauf import UnoHauDrauf
    from haudrauf.engine.games.uno_hau_drauf.actions import CallUno, PressButton
    from haudrauf.play.bot_runner import bot_delay
    steady = ReactionModel(think_mean_s=2.0, think_spread_s=0.0, slap_mean_ms=400.0, slap_spread_ms=0.0)
    rng = np.random.default_rng(0)
    uno = UnoHauDrauf({"players": 3}, seed=1)
    assert bot_delay(uno, Play(uno.hands[0][0]), steady, rng) == pytest.approx(2.0)
    assert bot_delay(uno, PressButton(), steady, rng) == pytest.approx(0.6)
    assert bot_delay(uno, CallUno(), steady, rng) == pytest.approx(0.6)
    uno.phase = "slap race"
    assert bot_delay(uno, PressButton(), steady, rng) == pytest.approx(0.4)
    go_fish = registry.new_game("go-fish", {"players": 3})
    move = go_fish.legal_actions(go_fish.current_seats[0])[0]
    assert bot_delay(go_fish, move, steady, rng) == pytest.approx(2.0)
