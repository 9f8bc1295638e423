"""`haudrauf tune`: the speed and per-seat extra time that put a group's
timeouts in the target band — how it decides (on made-up curves, so every
case is exact), what it says, that the same seed gives the same answer with
or without worker processes, and that bad input is refused in one line."""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from haudrauf.device.settings import MAX_EXTRA_TIME, UnitSettings
from haudrauf.engine.bots.base import ReactionModel
from haudrauf.cli.main import main
from haudrauf.tuner.simulate import SimStats
from haudrauf.play.language import Language
from haudrauf.play.stats import StatsBook
from haudrauf.tuner.sweep import local_workers
from haudrauf.tuner.charts import limit_labels
from haudrauf.tuner.tune import EXTRA_STEP, SPEED_STEP, Games, Play, Run, plan
from haudrauf.tuner.tuning import Band, Group, Tuning, share_interval, wilson

#: Models of whole turns (as fitted from a person's): a simulated player of them takes turns as long.
QUICK = ReactionModel(2.0, 0.8, 400, 100)
SLOW = ReactionModel(4.5, 1.9, 600, 150)
#: A share of timed-out turns against the time limit: 7.5 % (the default band's middle) at 6 s.
CURVE = {3: 0.40, 4: 0.20, 5: 0.12, 6: 0.075, 7: 0.04, 8: 0.02, 9: 0.01, 10: 0.0}


def share(limit: float, later: float = 0.0) -> float:
    """CURVE, interpolated, for a seat that needs `later` seconds more than the first."""
    xs = sorted(CURVE)
    return float(np.interp(limit - later, xs, [CURVE[x] for x in xs], left=1.0, right=0.0))


#: Turns a seat takes in a game of UNO Hau drauf for four, about.
TURNS = 175


def turn_seconds(later: float, turns: int) -> list[float]:
    """Whole turns, played with no time limit, of a seat whose turns are longer than a limit L on
    share(L, later) of them."""
    xs = sorted(CURVE)
    tail = [(i + 0.5) / turns for i in range(turns)]  # the share of turns longer than each
    return [later + (2.5 if u > CURVE[xs[0]] else float(np.interp(u, [CURVE[x] for x in reversed(xs)], xs[::-1])))
            for u in tail]


def made_up(play: Play, names, later) -> Games:
    """A play's figures: TURNS a game per seat; with no limit, how long each took (turn_seconds), at
    a limit, share(limit, later[s]) of them timed out, alike in every game."""
    stats = SimStats("uno-hau-drauf", len(names), games=play.count)
    by_game = []
    for seat, figure in enumerate(stats.seats):
        if play.settings.turn_time is None:
            figure.turn_ms = [t * 1000 for t in turn_seconds(later[seat], TURNS * play.count)]
            figure.turns = len(figure.turn_ms)
            by_game.append([(TURNS, 0)] * play.count)
        else:
            timeouts = round(TURNS * share(play.settings.turn_limit(seat), later[seat]))
            figure.turns, figure.timeouts = TURNS * play.count, timeouts * play.count
            by_game.append([(TURNS, timeouts)] * play.count)
    stats.turns, stats.timeouts = sum(f.turns for f in stats.seats), sum(f.timeouts for f in stats.seats)
    return Games(stats, by_game)


def decide(names, later, band=Band(), models=()) -> tuple[Tuning, list[UnitSettings]]:
    """Run the plan against made-up figures (`made_up`); the answer and the settings played, a batch each."""
    group = Group(tuple(names), tuple(models) or (QUICK,) * len(names))
    steps, played = plan(group, band, UnitSettings()), []
    batch = next(steps)
    while True:
        played += [p.settings for p in batch]
        try:
            batch = steps.send([made_up(p, names, later) for p in batch])
        except StopIteration as done:
            return done.value, played


def test_a_group_alike_gets_the_speed_nearest_the_bands_middle_and_no_extra_time():
    tuning, _ = decide(["Anna", "Bo", "Cleo"], [0, 0, 0])
    assert (tuning.speed, tuning.extra) == (6.0, (0, 0, 0))
    assert str(tuning.words()) == "6 s, no extra time: every seat 7 % of turns"
    assert list(map(str, tuning.notes)) == []


def test_the_answer_reads_in_the_readers_language_with_its_numbers():
    """The same tuning, said to a German and a Belarusian reader: their words, their decimal comma."""
    tuning, _ = decide(["Anna", "Bo", "Cleo", "Dan"], [0, 0, 0, 2])
    assert Language("de").say(tuning.words()) == "6 s, +2 s für Dan: jeder Platz 7 % der Züge"
    report = tuning.report(Language("be"))
    assert "Рэкамендацыя: 6 с, +2 с для Dan: кожнае месца 7 % хадоў" in report
    assert "думае 2,0 ± 0,8 с" in report  # the seat table's model, a decimal comma


def test_a_slower_person_gets_the_extra_time_that_evens_it_out():
    tuning, _ = decide(["Anna", "Bo", "Cleo", "Dan"], [0, 0, 0, 2])
    assert (tuning.speed, tuning.extra) == (6.0, (0, 0, 0, 2))
    assert str(tuning.words()) == "6 s, +2 s for Dan: every seat 7 % of turns"


def test_a_much_slower_person_leaves_the_others_to_set_the_speed():
    """At the speed for all four Dan would time out on 16 % of turns: he gets
    extra time, and Anna, Bo and Cleo set the speed."""
    tuning, _ = decide(["Anna", "Bo", "Cleo", "Dan"], [0, 0, 1, 3])
    assert (tuning.speed, tuning.extra) == (6.5, (0, 0, 0, 3))
    assert str(tuning.words()) == ("6.5 s, +3 s for Dan: seats 6–10 % of turns (on the edge of 5–10 %: "
                                   "Anna 5.7 % ± 1.2, Bo 5.7 % ± 1.2, Cleo 9.7 % ± 1.5, Dan 5.7 % ± 1.2)")


def test_the_quick_one_sets_the_speed_when_the_other_would_leave_her_below_the_band():
    """At 7 s, the speed for both, Anna would time out on only 4 % of turns:
    she sets a quicker one and Bo gets more time."""
    tuning, _ = decide(["Anna", "Bo"], [0, 1.5])
    assert (tuning.speed, tuning.extra) == (6.0, (0, 2))
    assert str(tuning.words()) == "6 s, +2 s for Bo: seats 6–7 % of turns (on the edge of 5–10 %: Bo 5.7 % ± 1.3)"


def test_the_curves_come_from_games_with_no_limit_and_then_only_the_recommendation_is_played():
    """One set of games with no time limit gives every seat's whole curve; after that only the
    recommended setting is played — no scan of limits a second apart."""
    _, played = decide(["Anna", "Dan"], [0, 4])
    assert played[0].turn_time is None
    assert {(s.turn_time, s.extra_time[:2]) for s in played[1:]} == {(6.0, (0, 4))}


def test_a_setting_is_played_until_every_seat_is_known_within_the_precision_and_no_longer():
    """± 1.5 points (95 %) at 7.4 % takes some 1,200 turns a seat: seven games of 175 turns. The
    first batch is sized from the curves, and here it is all it takes."""
    tuning, played = decide(["Anna", "Bo", "Cleo"], [0, 0, 0])
    assert all(tuning.margin(seat) <= 0.015 for seat in range(3))
    assert len(played) == 2 and tuning.games == 7 and tuning.turns == (7 * TURNS,) * 3
    assert wilson(13 * 6, 6 * TURNS)[1] - wilson(13 * 6, 6 * TURNS)[0] > 2 * 0.015  # a game less was not enough


def test_a_seat_plainly_outside_the_band_is_moved_without_playing_on_to_the_precision():
    """The curves say Dan needs 2 s more; his turns in the games at that setting time out on 20 %
    (his curve was wrong): after the first batch his whole interval lies above the band, so he gets
    a second more at once, and only that setting is played to the precision."""
    def wrong_curve(play: Play, names, later) -> Games:
        return made_up(play, names, [0, 3.5] if play.settings.turn_time and play.settings.extra_time[1] == 2
                       else later)
    group = Group(("Anna", "Dan"), (QUICK, QUICK))
    steps = plan(group, Band(), UnitSettings())
    batch, sizes = next(steps), []
    while True:
        sizes.append((batch[0].settings.extra_time[1], batch[0].count))
        try:
            batch = steps.send([wrong_curve(p, group.names, [0, 2]) for p in batch])
        except StopIteration as done:
            tuning = done.value
            break
    assert sizes[1][0] == 2 and sizes[2][0] == 3 and len([s for s in sizes if s[0] == 2]) == 1
    assert tuning.extra == (0, 3) and tuning.margin(1) <= 0.015


def test_a_setting_that_plays_its_most_games_without_the_precision_is_said():
    """At most 3 games a setting: the shares are known only to about ± 2.5 points, and the answer
    says whose are not within ± 1.5."""
    group = Group(("Anna", "Bo"), (QUICK, QUICK))
    steps = plan(group, Band(), UnitSettings(), most=3)
    batch = next(steps)
    while True:
        try:
            batch = steps.send([made_up(p, group.names, [0, 0]) for p in batch])
        except StopIteration as done:
            tuning = done.value
            break
    assert tuning.games == 3 and tuning.curve_games == 3
    assert str(tuning.notes[-1]) == ("Anna and Bo: not known within ± 1.5 points — games at the recommendation: "
                                     "3, the most played at a setting")
    assert tuning.to_dict()["precise"] is False


def test_timeouts_clustered_in_a_few_games_widen_a_seats_interval():
    """The same 10 % of turns, spread over every game or all in one: from one game in ten the
    games say far less; with no spread between games the interval is still Wilson's on the turns."""
    steady, clustered = [(100, 10)] * 10, [(100, 0)] * 9 + [(100, 100)]
    assert share_interval(steady) == wilson(100, 1000)
    low, high = share_interval(clustered)
    assert low < 0.10 < high and high - low > 3 * (wilson(100, 1000)[1] - wilson(100, 1000)[0])


def test_a_group_too_quick_for_any_speed_gets_the_quickest_and_is_told():
    tuning, _ = decide(["Anna", "Bo"], [-4, -4], Band(0.05, 0.10))
    assert tuning.speed == 3
    assert str(tuning.notes[0]) == ("No turn time from 3 s to 15 s puts the group within 5–10 %: at the nearest, 3 s, "
                               "only 4 % of turns time out")
    assert str(tuning.words()) == ("3 s, no extra time: seats 4 % of turns "
                                   "(on the edge of 5–10 %: Anna 4.0 % ± 1.5, Bo 4.0 % ± 1.5)")


def test_a_person_slower_than_the_most_extra_time_can_help_gets_30_s_and_is_told_by_how_much():
    """Cleo needs 32 s more than Anna and Bo for as few timeouts: at 3 s,
    where the scan goes for them, her safe limit (34 s) is more than the
    most extra time above it, so she plays 33 s there; the answer caps her
    at 30 s extra and says she is still outside the band, and how far."""
    cleo = ReactionModel(28, 15, 430, 110)
    tuning, played = decide(["Anna", "Bo", "Cleo"], [-2, -2, 30], models=(QUICK, QUICK, cleo))
    assert max(max(s.extra_time) for s in played) == MAX_EXTRA_TIME
    assert (tuning.speed, tuning.extra) == (4.0, (0, 0, MAX_EXTRA_TIME))
    assert str(tuning.words()) == "4 s, +30 s for Cleo: seats 7–20 % of turns (outside 5–10 %: Cleo 20.0 % ± 1.5)"
    assert list(map(str, tuning.notes)) == ["Cleo still times out on 20 % of turns with the most extra time, +30 s: "
                            "10 % over the 5–10 % aimed at"]


def test_the_charts_time_limits_are_named_without_crowding():
    """A usual scan names every second; a slow person's, out to 45 s, every fifth."""
    assert list(map(str, limit_labels([3.0, 3.5, 4.0, 5.0]))) == ["3 s", "", "4 s", "5 s"]
    named = [str(label) for label in limit_labels([float(t) for t in range(4, 46)]) if label]
    assert named == [f"{t} s" for t in range(5, 46, 5)]


def test_a_band_of_its_own_is_aimed_at():
    tuning, _ = decide(["Anna", "Bo", "Cleo"], [0, 0, 0], Band(0.15, 0.25))
    assert tuning.speed == 4  # 20 %: the middle of 15–25 %


def test_the_steps_are_the_settings_own():
    from haudrauf.table.scenes.settings_values import STEPS
    assert (SPEED_STEP, EXTRA_STEP) == (STEPS["turn_time"], STEPS["extra_time"])


@pytest.mark.parametrize("low, high", [(0.10, 0.05), (0.05, 0.05), (-0.01, 0.05), (0.05, 1.5)])
def test_a_band_that_is_no_band_is_refused(low, high):
    with pytest.raises(ValueError, match="two percentages from 0 to 100, the lower first"):
        Band(low, high)


# --- real games ----------------------------------------------------------------------------------------------------

def test_the_same_seed_gives_the_same_answer_with_or_without_worker_processes():
    group = Group(("Anna", "Bo", "Dan"), (QUICK, QUICK, SLOW))
    here = Run(group, seed=4, most=2).wait()
    with local_workers(2) as pool:
        there = Run(group, seed=4, executor=pool, most=2).wait()
    assert json.dumps(here.to_dict()) == json.dumps(there.to_dict())
    assert here.extra[2] > 0 and here.extra[:2] == (0, 0)  # Dan thinks slower: only he gets more time


# --- the command ---------------------------------------------------------------------------------------------------

@pytest.fixture
def stats_file(config_dir):
    """Recorded times: Anna and Bo quick, Dan slow, Eve with two turns, Robo a bot."""
    rng = np.random.default_rng(1)
    book = StatsBook()
    for seat, (name, model) in enumerate([("Anna", QUICK), ("Bo", QUICK), ("Dan", SLOW)]):
        book.turns += [{"seat": seat, "name": name, "bot": False, "ms": model.think_time(rng) * 1000}
                       for _ in range(30)]
        book.presses += [{"name": name, "ms": model.slap_time(rng)} for _ in range(6)]
    book.turns += [{"seat": 3, "name": "Eve", "bot": False, "ms": 1500.0}] * 2
    book.turns += [{"seat": 4, "name": "Robo", "bot": True, "ms": 1500.0}] * 20
    path = config_dir / "stats.json"
    book.save(path)
    return path


def test_tune_prints_each_seat_and_the_recommendation(stats_file, capsys):
    assert main(["tune", "--people", "Anna,Bo,Dan,Eve", "--games", "1", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Eve: only 2 turn times — a typical player's thinking time is used")
    assert [line.split()[:2] for line in out if line.strip().startswith(("1 ", "2 ", "3 ", "4 "))] == \
        [["1", "Anna"], ["2", "Bo"], ["3", "Dan"], ["4", "Eve"]]
    assert out[-1].startswith("Recommendation: ") and " s, " in out[-1] and "+" in out[-1]
    dan = next(line for line in out if line.split()[:2] == ["3", "Dan"])
    assert dan.endswith(" s") and "+" in dan[-10:]  # Dan, slower, has extra time


def write_slow_group(path) -> None:
    """Anna, Bo and Cleo, 60 turns each, log-normal with medians 2 s, 2.5 s and 25 s (spread 0.5)."""
    rng = np.random.default_rng(25)
    book = StatsBook()
    for seat, (name, median) in enumerate([("Anna", 2.0), ("Bo", 2.5), ("Cleo", 25.0)]):
        book.turns += [{"seat": seat, "name": name, "bot": False, "ms": float(ms)}
                       for ms in np.exp(rng.normal(np.log(median), 0.5, 60)) * 1000]
    book.save(path)


def test_the_program_tunes_a_person_too_slow_for_any_setting_without_a_traceback(tmp_path):
    """As a shell runs it: Cleo, ten times slower than the others, gets the
    most extra time and is told she is still outside the band."""
    write_slow_group(tmp_path / "times.json")
    done = subprocess.run([str(Path(sys.executable).with_name("haudrauf")), "tune", "--stats",
                           str(tmp_path / "times.json"), "--people", "Anna,Bo,Cleo", "--games", "1",
                           "--workers", "1", "--quiet"], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "HAUDRAUF_CONFIG_DIR": str(tmp_path / "config")})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    cleo = next(line for line in done.stdout.splitlines() if line.split()[:2] == ["3", "Cleo"])
    assert cleo.endswith("+30 s")
    assert "Cleo still times out on " in done.stdout and "with the most extra time, +30 s: " in done.stdout
    assert "+30 s for Cleo" in done.stdout.splitlines()[-1]


def test_tune_as_json_with_a_chart(stats_file, tmp_path, capsys):
    chart = tmp_path / "tune.png"
    assert main(["tune", "--people", "Anna,Dan,Bo", "--games", "1", "--workers", "1", "--quiet", "--json",
                 "--chart", str(chart)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["name"] for s in data["seats"]] == ["Anna", "Dan", "Bo"]
    assert data["recommendation"].startswith(f"{data['speed']:g} s, ")
    assert data["precision"] == 0.015 and data["games_at_recommendation"] == 1  # --games 1: the most a setting plays
    assert data["precise"] is False and "not known within ± 1.5 points — games at the recommendation: 1," in \
        data["notes"][-1]
    assert chart.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("argv, said", [
    (["--people", "Anna,Zed"], "--people: No times are kept for 'Zed'"),
    (["--people", "Anna,Robo"], "--people: No times are kept for 'Robo'"),  # a bot's times are no person's
    (["--people", "Anna"], "--people: UNO Hau drauf (UNO Flash) takes 2–6 players, not 1"),
    (["--people", "Anna,Bo,Dan,Eve,A,B,C"], "--people: No times are kept for 'A'"),
    (["--people", "Anna,Bo,Anna"], "--people: each person once"),
    (["--people", "Anna,,Bo"], "--people: wants names separated by commas"),
    (["--people", "Anna,Bo", "--game", "chess"], "--game: no game called 'chess'"),
    (["--people", "Anna,Bo", "--band", "10,5"], "--band: the band is two percentages from 0 to 100, the lower"),
    (["--people", "Anna,Bo", "--band", "5"], "--band: the band is two percentages"),
    (["--people", "Anna,Bo", "--band", "5,200"], "--band: the band is two percentages"),
    (["--people", "Anna,Bo", "--band", "nan,5"], "--band: the band is two percentages"),
    (["--people", "Anna,Bo", "--games", "0"], "--games: must be a whole number from 1 to 1000000"),
    (["--people", "Anna,Bo", "--precision", "0"], "--precision: must be a share above 0 and below 0.5"),
    (["--people", "Anna,Bo", "--chart", "/no/such/folder/tune.png"], "--chart /no/such/folder/tune.png: there is "
                                                                     "no folder"),
    (["--people", "Anna,Bo", "--chart", "tune.txt"], "--chart tune.txt: tune.txt: a chart is written as a .png"),
    (["--people", "Anna,Bo", "--settings", "/no/such.toml"], "--settings /no/such.toml: there is no such file"),
    (["--people", "Anna,Bo", "--stats", "/no/stats.json"], "--stats /no/stats.json: no times are kept yet"),
])
def test_bad_input_is_refused_in_one_line_and_nothing_is_written(stats_file, tmp_path, capsys, argv, said):
    before = stats_file.read_bytes()
    assert main(["tune", *argv, "--workers", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and said in err, err
    assert stats_file.read_bytes() == before and list(tmp_path.glob("*.png")) == []
    assert sorted(p.name for p in stats_file.parent.iterdir()) == ["stats.json"]


def test_seven_people_are_too_many_for_the_unit(stats_file, capsys):
    book = StatsBook.load(stats_file)[0]
    book.turns += [{"seat": 0, "name": name, "bot": False, "ms": 1500.0} for name in "ABCD"]
    book.save(stats_file)
    assert main(["tune", "--people", "Anna,Bo,Dan,A,B,C,D"]) == 2
    assert "--people: UNO Hau drauf (UNO Flash) takes 2–6 players, not 7" in capsys.readouterr().err


def test_a_chart_into_a_folder_is_refused(stats_file, tmp_path, capsys):
    (tmp_path / "charts.png").mkdir()
    assert main(["tune", "--people", "Anna,Bo", "--chart", str(tmp_path / "charts.png")]) == 2
    assert f"--chart {tmp_path / 'charts.png'}: {tmp_path / 'charts.png'} is a folder" in capsys.readouterr().err


def test_no_stats_yet_says_what_to_do(config_dir, capsys):
    assert main(["tune", "--people", "Anna,Bo"]) == 2
    err = capsys.readouterr().err
    assert "no times are kept yet" in err and "play a few rounds or take the reaction test first" in err
    assert list(config_dir.iterdir()) == []


def test_a_damaged_stats_file_is_refused_and_left_where_it_is(config_dir, capsys):
    (config_dir / "stats.json").write_text("{not json")
    assert main(["tune", "--people", "Anna,Bo"]) == 2
    assert f"haudrauf tune: {config_dir / 'stats.json'} is not valid JSON" in capsys.readouterr().err
    assert (config_dir / "stats.json").read_text() == "{not json"


@pytest.mark.parametrize("typed, said", [("1" + "0" * 400, "10000000…"), ("1e308", "1e+308"), ("0", "0"),
                                         ("-5", "-5")])
def test_a_stats_file_with_a_time_nobody_takes_is_refused_in_one_line_and_left_where_it_is(stats_file, capsys,
                                                                                           typed, said):
    data = json.loads(stats_file.read_text())
    data["turns"][0]["ms"] = "TIME"
    stats_file.write_text(json.dumps(data).replace('"TIME"', typed))
    before = stats_file.read_bytes()
    assert main(["tune", "--people", "Anna,Bo", "--workers", "1", "--quiet"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"haudrauf tune: {stats_file} holds a time of {said} ms, which nobody takes "
                                 "(a time is above 0 ms and at most an hour)\n")
    assert stats_file.read_bytes() == before


def test_a_chart_on_a_full_disk_is_refused_before_any_game(stats_file, full_disk, capsys, monkeypatch):
    from haudrauf.tuner import tune
    monkeypatch.setattr(tune, "Run", lambda *a, **k: pytest.fail("games were played for nothing"))
    chart = full_disk / "tune.png"
    assert main(["tune", "--people", "Anna,Bo", "--chart", str(chart), "--workers", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"haudrauf tune: --chart {chart}: cannot write in {full_disk}: no space left on device\n"
    assert list(full_disk.iterdir()) == []


def test_a_share_is_said_with_how_sure_it_is_and_an_interval_over_an_edge_is_on_the_edge():
    """75 timeouts in 1,000 turns: 7.5 %, known to about ± 1.6 points (95 %, Wilson). A share whose
    interval reaches over the band's edge cannot be called inside or outside: it is on the edge."""
    low, high = wilson(75, 1000)
    assert 0.059 < low < 0.061 and 0.092 < high < 0.094
    assert wilson(0, 50)[0] == 0.0 and wilson(0, 50)[1] < 0.08  # never below 0 %; none in 50 says something
    assert wilson(3, 0) == (0.0, 1.0)  # no turns: nothing known
    band = Band(0.05, 0.10)
    assert [band.verdict(i) for i in ((0.06, 0.09), (0.045, 0.06), (0.02, 0.04), (0.09, 0.12))] == \
        ["inside", "on the edge", "outside", "on the edge"]


def test_the_json_gives_each_seats_interval_and_where_it_lies():
    tuning, _ = decide(["Anna", "Bo", "Cleo", "Dan"], [0, 0, 0, 2])
    seats = tuning.to_dict()["seats"]
    assert [s["turns"] for s in seats] == [7 * TURNS] * 4
    for seat in seats:
        low, high = seat["timeout_share_95"]
        assert low < seat["timeout_share"] < high and high - low < 0.04
        assert seat["in_band"] == "inside"


def test_while_it_plays_it_says_what_its_games_are_for_in_the_readers_language():
    """First games with no limit (each person's pace), then the setting it checks, until when."""
    run = Run(Group(("Anna", "Dan"), (QUICK, SLOW)), seed=4, most=2)
    assert str(run.doing) == "Learning each person's pace from games without a time limit"
    while run.result is None and run.batch[0].settings.turn_time is None:
        run.poll()
    settings = run.batch[0].settings
    assert (settings.turn_time, settings.extra_time[:2]) == (3.5, (0, 4))
    assert str(run.doing) == "Checking 3.5 s, +4 s for Dan until every share is known to ± 1.5 points"
    assert Language("de").say(run.doing) == \
        "Prüfe 3,5 s, +4 s für Dan, bis jeder Anteil auf ± 1,5 Punkte bekannt ist"
    run.wait()
    assert run.batch == [] and run.result is not None
