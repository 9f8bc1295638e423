"""A person's own reaction model from their kept times: fitted as a log-normal,
people only and by name whatever the seat, misses and too few times said in
words, and the book's history capped per person (stats.json still loads)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from haudrauf.device import events as uev
from haudrauf.device.machine import UnitState
from haudrauf.engine.bots.base import DIFFICULTIES, ReactionModel
from haudrauf.table import input as intents
from haudrauf.tuner import people
from haudrauf.tuner.people import MIN_SLAPS, MIN_TURNS, UnknownPerson, known_people, person_model
from haudrauf.table.scenes.unit_mode import UnitModeScene
from haudrauf.play.stats import MAX_PER_PLAYER, Player, StatsBook
from tests.table.conftest import run

NAMES = ["Anna", "Bo", "Cleo", "Dan"]


def turns(book: StatsBook, seat: int, seconds, names=NAMES, people_seats=None) -> None:
    book.record_unit_events([uev.TurnEnded(at=0, seat=seat, elapsed_ms=s * 1000) for s in seconds], names,
                            people_seats)


def races(book: StatsBook, times: list[dict[int, float | None]], names=NAMES, people_seats=None) -> None:
    for race in times:
        book.record_unit_events([uev.SlapResult(at=0, slapper=0, times=tuple(sorted(race.items())), losers=(),
                                                window_expired=None in race.values())], names, people_seats)


def test_the_fit_finds_the_model_the_times_came_from():
    truth = ReactionModel(think_mean_s=3.0, think_spread_s=1.2, slap_mean_ms=420, slap_spread_ms=90)
    rng = np.random.default_rng(5)
    book = StatsBook()
    turns(book, 0, [truth.think_time(rng) for _ in range(MAX_PER_PLAYER)])
    races(book, [{0: truth.slap_time(rng)} for _ in range(MAX_PER_PLAYER)])
    fitted = person_model(book, "Anna")
    assert (fitted.turn_samples, fitted.slap_samples, tuple(fitted.notes)) == (200, 200, ())
    assert fitted.model.think_mean_s == pytest.approx(3.0, rel=0.1)
    assert fitted.model.think_spread_s == pytest.approx(1.2, rel=0.2)
    assert fitted.model.slap_mean_ms == pytest.approx(420, rel=0.05)
    assert fitted.model.slap_spread_ms == pytest.approx(90, rel=0.2)


def test_one_odd_long_turn_barely_moves_the_typical_time():
    book = StatsBook()
    turns(book, 0, [2.0, 2.5, 3.0, 2.2, 2.8, 2.4, 2.6, 3.1, 2.3, 2.7])
    before = person_model(book, "Anna").think_median_s
    turns(book, 0, [40.0])  # the phone rang
    after = person_model(book, "Anna").think_median_s
    assert 2.4 < before < 2.7 and after < before * 1.35


def test_too_few_times_of_a_kind_use_the_default_for_that_kind_and_say_so():
    book = StatsBook()
    turns(book, 3, [4.0] * (MIN_TURNS - 1))
    races(book, [{3: 300.0}] * MIN_SLAPS)
    dan = person_model(book, "Dan")
    assert dan.turn_samples == 0 and dan.slap_samples == MIN_SLAPS
    assert (dan.model.think_mean_s, dan.model.think_spread_s) == (DIFFICULTIES["normal"].think_mean_s,
                                                                  DIFFICULTIES["normal"].think_spread_s)
    assert dan.model.slap_mean_ms == pytest.approx(300)
    assert tuple(map(str, dan.notes)) == ("Dan: only 9 turn times — a typical player's thinking time is used (it takes 10)",)
    assert str(dan.describe()) == "Dan: thinks 1.8 s (median, default), slaps in 300 ms — from 5 slaps"
    turns(book, 3, [4.0])
    assert person_model(book, "Dan").turn_samples == MIN_TURNS


def test_four_slap_times_are_too_few():
    book = StatsBook()
    races(book, [{1: 300.0}] * (MIN_SLAPS - 1))
    bo = person_model(book, "Bo")
    assert bo.slap_samples == 0 and bo.model.slap_mean_ms == DIFFICULTIES["normal"].slap_mean_ms
    assert "Bo: only 4 slap times — a typical player's slap times are used (it takes 5)" in map(str, bo.notes)


def test_a_missed_race_is_not_a_time_and_is_said():
    book = StatsBook()
    races(book, [{0: 400.0, 1: 500.0}] * 5 + [{0: None, 1: 450.0}] * 2)
    anna = person_model(book, "Anna")
    assert anna.slap_samples == 5 and anna.model.slap_mean_ms == pytest.approx(400)
    assert "Anna missed 2 slap races — a miss has no time, so it is left out" in map(str, anna.notes)


def test_reaction_test_presses_are_slap_times():
    book = StatsBook()
    races(book, [{2: 600.0}] * 3)
    for ms in (300.0, 300.0):
        book.record_press("Cleo", ms)
    cleo = person_model(book, "Cleo")
    assert cleo.slap_samples == 5 and 300 < cleo.slap_median_ms < 600


def test_a_persons_times_are_theirs_whatever_seat_they_sat_in():
    book = StatsBook()
    turns(book, 0, [2.0] * 5)
    turns(book, 2, [2.0] * 5, names=["Bo", "Cleo", "Anna", "Dan"])
    assert person_model(book, "Anna").turn_samples == 10


def test_a_bot_under_a_persons_name_is_never_counted():
    book = StatsBook()
    turns(book, 1, [9.0] * 20, people_seats=[0])  # a bot called Bo in table mode
    races(book, [{1: 100.0}] * 10, people_seats=[0])
    with pytest.raises(UnknownPerson, match="No times are kept for 'Bo'"):
        person_model(book, "Bo")
    turns(book, 1, [2.0] * 10)  # Bo himself, in unit mode
    bo = person_model(book, "Bo")
    assert bo.turn_samples == 10 and bo.model.think_mean_s == pytest.approx(2.0) and bo.slap_samples == 0
    assert known_people(book) == ["Bo"]


def test_someone_never_seen_is_refused_in_words_naming_who_is_known():
    book = StatsBook()
    book.record_press("Anna", 300.0)
    with pytest.raises(ValueError, match=r"No times are kept for .Eve. .*\(times are kept for: Anna\)"):
        person_model(book, "Eve")
    with pytest.raises(UnknownPerson, match="nobody yet"):
        person_model(StatsBook(), "Eve")


def test_times_beyond_the_limits_are_clamped():
    book = StatsBook()
    turns(book, 0, [100.0, 120.0] * 5)
    assert person_model(book, "Anna").model.think_mean_s == 60


def test_describe_says_it_as_a_person_would():
    book = StatsBook()
    turns(book, 0, [3.1] * 24)
    races(book, [{0: 410.0}] * 12)
    assert str(person_model(book, "Anna").describe()) == \
        "Anna: thinks 3.1 s (median), slaps in 410 ms — from 24 turns and 12 slaps"


def test_known_people_are_everyone_with_a_persons_time_by_name():
    book = StatsBook()
    races(book, [{0: 300.0, 1: None, 2: 200.0}], people_seats=[0, 1])
    book.record_press("dan", 250.0)
    assert known_people(book) == ["Anna", "dan"]  # Bo never pressed; Cleo was a bot


# --- the book's history, per person ---------------------------------------------

def test_one_busy_group_does_not_push_anothers_history_out():
    book = StatsBook()
    races(book, [{0: 400.0, 1: 410.0}] * 50)
    turns(book, 0, [2.0] * 50)
    races(book, [{2: 300.0, 3: 310.0}] * (MAX_PER_PLAYER + 100))
    turns(book, 2, [3.0] * (MAX_PER_PLAYER + 100))
    assert len(book.times("slap", Player("Anna"))) == 50 and len(book.times("turns", Player("Anna"))) == 50
    assert len(book.times("slap", Player("Cleo"))) == MAX_PER_PLAYER
    assert len(book.times("turns", Player("Cleo"))) == MAX_PER_PLAYER
    assert len(book.races) == 50 + MAX_PER_PLAYER  # the oldest of Cleo's and Dan's races went


def test_presses_are_capped_per_person_too():
    book = StatsBook()
    for n in range(MAX_PER_PLAYER + 5):
        book.record_press("Anna", 300.0 + n)
    book.record_press("Bo", 200.0)
    kept = [p["ms"] for p in book.presses if p["name"] == "Anna"]
    assert len(kept) == MAX_PER_PLAYER and kept[0] == 305.0 and len(book.presses) == MAX_PER_PLAYER + 1


def test_presses_survive_saving(tmp_path):
    book = StatsBook()
    book.record_press("Anna", 312.5)
    book.save(tmp_path / "stats.json")
    loaded, problem = StatsBook.load(tmp_path / "stats.json")
    assert problem is None and loaded.presses == [{"name": "Anna", "ms": 312.5}]


def test_a_version_2_file_loads_with_no_presses_and_is_capped_per_person(tmp_path):
    item = {"seat": 0, "name": "Anna", "bot": False, "ms": 400}
    old = {"version": 2, "races": [[item]] * (MAX_PER_PLAYER + 10), "turns": [item] * 3, "rounds": []}
    (tmp_path / "stats.json").write_text(json.dumps(old))
    loaded, problem = StatsBook.load(tmp_path / "stats.json")
    assert problem is None and loaded.presses == [] and len(loaded.races) == MAX_PER_PLAYER
    assert person_model(loaded, "Anna").slap_samples == MAX_PER_PLAYER


def test_a_damaged_press_is_reported_and_the_file_kept_aside(tmp_path):
    (tmp_path / "stats.json").write_text(json.dumps(
        {"version": 3, "races": [], "turns": [], "rounds": [], "presses": [{"name": "Anna", "ms": "fast"}]}))
    loaded, problem = StatsBook.load(tmp_path / "stats.json")
    assert loaded.presses == [] and "reaction-test press" in str(problem)
    assert (tmp_path / "stats.json.bak").exists()


def test_a_fit_of_equal_times_has_no_spread():
    assert people.fit_lognormal([2.0] * 10) == pytest.approx((2.0, 0.0))


# --- from real play at the table --------------------------------------------------

def test_table_mode_with_the_timer_keeps_a_persons_turn_times_by_name_and_bots_apart(app):
    from haudrauf.table.scenes.table_mode import TableScene
    from haudrauf.play.seats import SeatPlan
    from tests.table.conftest import run
    plans = [SeatPlan("Anna"), SeatPlan("Bo", "heuristic", "hard"), SeatPlan("Cleo", "heuristic", "hard")]
    scene = TableScene(app, "go-fish", {"players": 3}, plans, seed=3, save=False, timer=True)
    app.push(scene)
    session = scene.session
    for _ in range(600):
        run(app, 0.1, step=0.1)
        if any(t["name"] == "Anna" for t in app.stats.turns):
            break
        if tuple(session.state.waiting_for[:1]) == (0,) and not session.first_pick:
            app.clock.advance(1.5)
            session.act(0, session.state.legal_actions(0)[0], app.clock.now())
    anna = [t for t in app.stats.turns if t["name"] == "Anna"]
    assert anna and not any(t["bot"] for t in anna) and anna[0]["ms"] >= 1500
    assert all(t["bot"] for t in app.stats.turns if t["name"] != "Anna")
    assert known_people(app.stats) == ["Anna"]


def test_table_mode_without_the_timer_times_turns_too_but_not_while_covered(app):
    from haudrauf.table.scenes.help import HelpScene
    from haudrauf.table.scenes.table_mode import TableScene
    from haudrauf.play.seats import SeatPlan
    from tests.table.conftest import run
    plans = [SeatPlan("Anna"), SeatPlan("Bo", "heuristic", "hard")]
    scene = TableScene(app, "go-fish", {"players": 2}, plans, seed=3, save=False)
    app.push(scene)
    session = scene.session
    assert session.unit is None

    def annas_turn(think_s: float, covered: bool = False) -> None:
        for _ in range(600):
            if tuple(session.state.waiting_for) == (0,):
                break
            run(app, 0.1, step=0.1)
        if covered:
            app.push(HelpScene(app))
        run(app, think_s, step=0.1)
        if covered:
            app.pop()
        session.act(0, session.state.legal_actions(0)[0], app.clock.now())
        while tuple(session.state.waiting_for) == (0,) and not session.round_over:  # Go Fish: ask again
            session.act(0, session.state.legal_actions(0)[0], app.clock.now())
        run(app, 0.1, step=0.1)

    annas_turn(2.0)
    kept = [t for t in app.stats.turns if t["name"] == "Anna"]
    assert len(kept) == 1 and kept[0]["ms"] == pytest.approx(2000, abs=150) and not kept[0]["bot"]
    annas_turn(5.0, covered=True)
    assert len([t for t in app.stats.turns if t["name"] == "Anna"]) == 1
    assert any(t["name"] == "Bo" and t["bot"] for t in app.stats.turns)  # Bo played between: a bot's turn


# --- from unit mode: only turns played through are thinking time -----------------

def unit_turn(app, scene, think_s: float, interrupt=None) -> None:
    """The next turn in unit mode: the light stops, its person thinks `think_s`
    (meanwhile `interrupt` covers or pauses the unit, on the fake clock) and
    presses their button — or, after a timeout, presses to take their cards."""
    while scene.unit.state is not UnitState.TURN:
        run(app, 0.1, step=0.1)
    run(app, think_s / 2, step=0.1)
    if interrupt:
        interrupt(app, scene)
    run(app, think_s / 2, step=0.1)
    app.frame([intents.SeatKey(scene.unit.current, True, app.clock.now())])


def paused(app, scene) -> None:
    app.frame([intents.PlayPauseKey(app.clock.now())])
    run(app, 15, step=0.5)
    app.frame([intents.PlayPauseKey(app.clock.now())])


def settings_opened(app, scene) -> None:
    scene.open_settings()
    run(app, 20, step=0.5)
    app.scene.cancel()


def reaction_test_opened(app, scene) -> None:
    app.frame([intents.Command("reaction_test")])
    run(app, 10, step=0.5)
    app.frame([intents.Command("back")])
    app.frame([intents.PlayPauseKey(app.clock.now())])  # the test paused the game: go on


@pytest.mark.parametrize("interrupt", [paused, settings_opened, reaction_test_opened])
def test_unit_mode_keeps_a_turn_played_through_but_none_that_a_pause_or_a_cover_interrupted(app, interrupt):
    """At 6 s a turn, a turn with a pause, Settings or the reaction test in
    the middle is left out, whether the person then pressed in time or it
    ran out — the turns before and after are kept."""
    app.settings.unit = app.settings.unit.with_changes(turn_time=6.0)
    scene = UnitModeScene(app, seats=(0, 1))
    app.push(scene)
    app.frame([])
    app.frame([intents.PlayPauseKey(app.clock.now())])
    unit_turn(app, scene, 2.0)
    unit_turn(app, scene, 2.0, interrupt)
    unit_turn(app, scene, 2.0)
    assert [t["ms"] for t in app.stats.turns] == [pytest.approx(2000, abs=100)] * 2


def test_a_finished_turn_longer_than_its_time_limit_is_not_kept():
    """A turn cannot end after its buzzer: 21 s, 27.5 s and 98.5 s at 6 s are not a person's times."""
    book = StatsBook()
    for seconds in (21, 4.5, 27.5, 98.5, 5.0):
        book.record_unit_events([uev.PlayerSelected(at=0, seat=0, limit_ms=6000.0),
                                 uev.TurnEnded(at=0, seat=0, elapsed_ms=seconds * 1000)], NAMES)
    assert book.times("turns", Player("Anna")) == [4500, 5000]


# --- turns that ran out of time: censored, not missing ---------------------------

def timeouts(book: StatsBook, seat: int, limit_s: float, count: int, names=NAMES, people_seats=None) -> None:
    book.record_unit_events([uev.TurnTimedOut(at=0, seat=seat, limit_ms=limit_s * 1000)] * count, names,
                            people_seats)


def censored_at(limit_s: float, seconds: list[float]) -> tuple[list[float], int]:
    """What the unit lets the book see of these turns: the ones in time, and how many ran out."""
    return [s for s in seconds if s < limit_s], sum(s >= limit_s for s in seconds)


def test_a_slow_persons_timed_out_turns_make_the_fit_slower_not_quicker():
    rng = np.random.default_rng(7)
    truth_median, sigma = 4.0, 0.5
    drawn = list(rng.lognormal(np.log(truth_median), sigma, 200))
    limit = truth_median * np.exp(0.524 * sigma)  # 30 % of such turns run out of time
    in_time, ran_out = censored_at(limit, drawn)
    assert 45 <= ran_out <= 75  # about 30 %
    book = StatsBook()
    turns(book, 0, in_time)
    only_in_time = person_model(book, "Anna").think_median_s
    timeouts(book, 0, limit, ran_out)
    anna = person_model(book, "Anna")
    assert only_in_time < 0.85 * truth_median  # the old fit: quicker than she is
    assert anna.think_median_s == pytest.approx(truth_median, rel=0.08)
    _, fitted_sigma = people.to_logs(anna.model.think_mean_s, anna.model.think_spread_s)
    assert fitted_sigma == pytest.approx(sigma, rel=0.15)
    assert (anna.turn_samples, anna.timed_out) == (200, ran_out)
    assert str(anna.describe()).endswith(f"(default) — from 200 turns ({ran_out} of them ran out of time)")


def test_the_censored_fit_without_timeouts_is_the_plain_fit():
    values = [2.0, 2.5, 3.0, 2.2, 2.8, 2.4, 2.6, 3.1, 2.3, 2.7]
    mean, spread = people.fit_censored(values, [])
    plain_mean, plain_spread = people.fit_lognormal(values)
    assert mean == pytest.approx(plain_mean, rel=0.01) and spread == pytest.approx(plain_spread, rel=0.06)


def test_a_person_whose_turns_nearly_all_ran_out_gets_the_default_and_is_told_why():
    book = StatsBook()
    turns(book, 3, [5.5, 5.8])
    timeouts(book, 3, 6.0, 10)
    dan = person_model(book, "Dan")
    assert dan.turn_samples == 0 and dan.model.think_mean_s == DIFFICULTIES["normal"].think_mean_s
    assert tuple(map(str, dan.notes)) == (
        "Dan: 10 of 12 turns ran out of time — too few ended in time to tell how long they take (it takes 3), so a "
        "typical player's thinking time is used", "Dan: no slap times yet — a typical player's slap times are used "
        "(it takes 5)")


def test_timed_out_turns_are_kept_by_name_for_people_only_and_survive_saving(tmp_path):
    book = StatsBook()
    timeouts(book, 1, 6.0, 2, people_seats=[0])  # Bo is a bot here
    timeouts(book, 0, 8.0, 1, people_seats=[0])
    assert book.timed_out(Player("Anna")) == [8000.0] and book.timed_out(Player("Bo")) == []
    assert book.times("turns", Player("Anna")) == []  # a turn without a time is not a turn time
    assert known_people(book) == ["Anna"]
    book.save(tmp_path / "stats.json")
    loaded, problem = StatsBook.load(tmp_path / "stats.json")
    assert problem is None and loaded.turns == book.turns
    assert loaded.turns[-1] == {"seat": 0, "name": "Anna", "bot": False, "ms": None, "limit_ms": 8000.0}


def test_a_timed_out_turn_with_a_broken_limit_is_reported(tmp_path):
    (tmp_path / "stats.json").write_text(json.dumps(
        {"version": 3, "races": [], "turns": [{"seat": 0, "name": "Anna", "bot": False, "ms": None,
                                               "limit_ms": "six"}], "rounds": [], "presses": []}))
    loaded, problem = StatsBook.load(tmp_path / "stats.json")
    assert loaded.turns == [] and "ran out of time" in str(problem)


# --- a simulated person takes turns as long as the person ------------------------

def simulated_turns(game: str, model: ReactionModel, games: int) -> list[float]:
    from haudrauf.device.settings import UnitSettings
    from haudrauf.engine import registry
    from haudrauf.tuner.simulate import simulate
    stats = simulate(game, 4, games, 11, bot_names=["heuristic"], reaction=model,
                     settings=UnitSettings(turn_time=None), timer=not registry.game_class(game).info.uses_unit)
    return [ms / 1000 for seat in stats.seats for ms in seat.turn_ms]


@pytest.mark.parametrize("game, games", [("uno-hau-drauf", 3), ("go-fish", 20), ("skip-bo", 10),
                                         ("sea-salt-paper", 10), ("crazy-old-fish-war", 10)])
def test_a_simulated_person_takes_turns_as_long_as_their_recorded_ones(game, games):
    rng = np.random.default_rng(3)
    recorded = list(rng.lognormal(np.log(4.0), 0.6, MAX_PER_PLAYER))
    book = StatsBook()
    turns(book, 0, recorded)
    anna = person_model(book, "Anna")
    simulated = simulated_turns(game, people.playing(anna.model, game), games)
    assert np.median(simulated) == pytest.approx(np.median(recorded), rel=0.10)
    if game != "skip-bo":  # Skip-Bo's turns spread more than hers whatever the thinking time (its cards do)
        assert np.percentile(simulated, 90) == pytest.approx(np.percentile(recorded, 90), rel=0.15)


def test_the_turn_model_as_thinking_time_would_make_uno_turns_too_long():
    """The flaw `playing` mends: a bot thinks per move, so a turn takes more than one thinking time."""
    model = ReactionModel(think_mean_s=4.0, think_spread_s=2.0, slap_mean_ms=430, slap_spread_ms=110)
    ratio = np.median(simulated_turns("uno-hau-drauf", model, 3)) / people.median(4.0, 2.0)
    assert 1.2 < ratio < 1.4


@pytest.mark.soak
@pytest.mark.parametrize("game", sorted(people.TURN_SHAPES))
def test_the_measured_turn_shapes_still_hold(game):
    """TURN_SHAPES is measured once; if a game's rules or bots change, measure it again with `turn_shape`."""
    ratios, spreads = zip(*people.TURN_SHAPES[game])
    assert list(spreads) == sorted(set(spreads))  # playing() reads the spread backwards: it must rise
    ratio, spread = people.turn_shape(game, people.SHAPE_SIGMAS[1])
    assert (ratio, spread) == pytest.approx((ratios[1], spreads[1]), rel=0.05)


def test_every_game_has_its_turn_shape():
    from haudrauf.engine import registry
    assert sorted(people.TURN_SHAPES) == sorted(registry.available())
