"""`haudrauf sweep`: configurations × games in worker processes, the same
figures whatever the number of workers."""
import json
from concurrent.futures import Executor, Future

import pytest

from haudrauf.tuner import sweep as tuner_sweep
from haudrauf.device.settings import UnitSettings
from haudrauf.cli.main import main
from haudrauf.play.language import Language
from haudrauf.tuner.sweep import report, sweep, to_csv, to_dict


def test_one_and_two_workers_give_the_same_figures_byte_for_byte():
    args = ("go-fish", [None, 3.0], ["easy", "hard"], [3], 12, 9, UnitSettings())
    one = json.dumps(to_dict(sweep(*args, timer=True, workers=1)))
    two = json.dumps(to_dict(sweep(*args, timer=True, workers=2)))
    assert one == two


def test_a_faster_timer_and_slower_bots_time_out_more(sweeps_here):
    results = sweep("go-fish", [None, 6.0, 3.0], ["easy", "hard"], [3], 10, 1, UnitSettings(), timer=True)
    share = {(c.speed, c.difficulty): s.timeouts / s.turns for c, s in results.items()}
    assert share[(None, "easy")] == share[(None, "hard")] == 0
    assert share[(3.0, "easy")] > share[(6.0, "easy")] > share[(6.0, "hard")]
    assert all(s.games == 10 and not s.stopped for s in results.values())


def test_the_sweep_command_prints_one_row_per_configuration(capsys, sweeps_here):
    assert main(["sweep", "--game", "uno-hau-drauf", "--speeds", "none,4", "--players", "2,3", "--games", "2",
                 "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("UNO Hau drauf (UNO Flash), 2 games per configuration; unit (from ")
    assert out[1].split() == ["speed", "bots", "players", "games", "timed", "out", "minutes/game", "rounds/game",
                              "drawn", "cut", "off"]
    rows = [line.split() for line in out[2:6]]
    assert [row[:3] for row in rows] == [["none", "normal", "2"], ["none", "normal", "3"],
                                         ["4", "s", "normal"], ["4", "s", "normal"]]
    assert [row[-2:] for row in rows] == [["0", "0"]] * 4, "no game drawn, none cut off"
    assert rows[0][5] == "0.0%" and rows[2][6:8] == [rows[2][6], "±"], "a share, and ± its interval with a limit"
    assert out[6].startswith("  timed out: share of turns the buzzer ended, ± points for 95 % confidence")


def test_the_sweep_command_explains_its_table_in_the_readers_language(capsys, sweeps_here):
    assert main(["sweep", "--game", "go-fish", "--timer", "--speeds", "4", "--players", "2", "--games", "2",
                 "--workers", "1", "--quiet", "--lang", "de"]) == 0
    out = capsys.readouterr().out.splitlines()
    german = Language("de")
    assert ", 2 Spiele pro Einstellung; " in out[0]
    assert "  " + german.gettext("timed out: share of turns the buzzer ended, ± points for 95 % confidence "
                                 "(from how games vary)") in out
    assert not any("share of turns the buzzer ended" in line for line in out)


def test_rounds_drawn_and_cut_off_games_are_counted_per_configuration(monkeypatch):
    from haudrauf.tuner import simulate
    monkeypatch.setattr(simulate, "MAX_TURNS", 120)  # Skip-Bo's long games go past it, short ones end
    results = sweep("skip-bo", [6.0], ["hard"], [2], 12, 3, UnitSettings(), timer=True, executor=InOrder())
    stats = next(iter(results.values()))
    assert stats.games == 12 and 0 < sum(stats.stopped.values()) < 12
    assert stats.rounds == stats.finished, "a Skip-Bo game is one round"
    lines = report(results).splitlines()
    assert lines[1].split()[-1] == str(sum(stats.stopped.values()))
    assert lines[-1] == ("  cut off: stopped unfinished, no end after 120 turns "
                         "(the bots think 1.1 s on average against a 6 s turn timer)")
    row = to_dict(results)[0]
    assert (row["games"], row["drawn"], row["stopped"]) == (12, stats.drawn, dict(stats.stopped))


def test_the_csv_has_a_row_per_configuration():
    import csv
    results = sweep("go-fish", [None, 3.0], ["hard"], [3], 4, 2, UnitSettings(), timer=True, executor=InOrder())
    rows = list(csv.DictReader(to_csv(results).splitlines()))
    assert [(r["speed"], r["games"], r["cut_off"], r["rounds_per_game"]) for r in rows] == [
        ("", "4", "0", "1.0"), ("3.0", "4", "0", "1.0")]
    assert float(rows[1]["timeout_share"]) > 0 and float(rows[1]["timeout_share_margin"]) > 0
    assert rows[0]["timeout_share_margin"] == "0.0" and rows[1]["hit_cap"] == ""


def test_the_chart_is_a_png_of_both_figures_against_speed(tmp_path, capsys, monkeypatch, sweeps_here):
    import pygame

    from haudrauf.table import plot
    drawn = {}
    real = plot.save_chart
    monkeypatch.setattr(plot, "save_chart", lambda path, title, panels, lang: (drawn.update(panels=panels),
                                                                               real(path, title, panels, lang)))
    chart = tmp_path / "speeds.png"
    assert main(["sweep", "--game", "go-fish", "--timer", "--speeds", "none,3", "--difficulty", "easy,hard",
                 "--players", "3", "--games", "2", "--workers", "1", "--quiet", "--chart", str(chart)]) == 0
    assert pygame.image.load(str(chart)).get_size() == plot.SIZE
    share, minutes = drawn["panels"]
    assert (str(share.y_label), str(minutes.y_label)) == ("turns timed out", "minutes per game")
    assert list(map(str, share.x_labels)) == ["no limit", "3 s"] and [str(name) for name, _ in share.series] == [
        "easy, 3 players", "hard, 3 players"]
    assert all(values[0] == 0 < values[1] for _, values in share.series)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["speeds.png"]


class InOrder(Executor):
    """Plays each chunk at once, in this process (no worker processes to start)."""

    def submit(self, fn, *args, **kwargs):
        future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.mark.parametrize("argv, said", [
    (["--game", "go-fish"], "--game: Go Fish plays against the unit's clock only with --timer"),
    (["--game", "poker"], "--game: no game called 'poker'; games: "),
    (["--game", "uno-hau-drauf", "--timer"], "--timer: UNO Hau drauf (UNO Flash) always plays with the unit"),
    (["--game", "uno-hau-drauf", "--speeds", "6,6"], "--speeds: each value once"),
    (["--game", "uno-hau-drauf", "--speeds", "6,x"], "--speeds: must be seconds from 1 to 60"),
    (["--game", "uno-hau-drauf", "--speeds", "0.5"], "--speeds: must be seconds from 1 to 60"),
    (["--game", "uno-hau-drauf", "--difficulty", "wizard"], "--difficulty: difficulties are easy, normal and hard"),
    (["--game", "uno-hau-drauf", "--players", "3,9"], "--players 9: UNO Hau drauf (UNO Flash) takes 2–6 players"),
    (["--game", "uno-hau-drauf", "--workers", "0"], "--workers: must be a whole number 1 or more"),
    (["--game", "uno-hau-drauf", "--games", "0"], "--games: must be a whole number from 1 to 1000000"),
    *((["--game", "uno-hau-drauf", "--precision", given], "--precision: must be a share above 0 and below 0.5, "
                                                          f"such as 0.01 or 1%, got {given!r}")
      for given in ("0", "-0.01", "0.5", "1", "50%", "0%", "often", "nan", "%")),
    (["--game", "uno-hau-drauf", "--json", "--csv"], "--csv: not allowed with argument --json"),
])
def test_a_bad_sweep_is_refused_in_one_line(capsys, argv, said):
    assert main(["sweep", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and said in err and err.count("\n") == 1


@pytest.mark.parametrize("where, said", [
    ("missing/speeds.png", "there is no folder"),
    ("speeds.jpg", "a chart is written as a .png file"),
    ("folder.png", "is a folder"),
])
def test_a_chart_that_cannot_be_written_is_refused_before_any_game(tmp_path, capsys, monkeypatch, where, said):
    (tmp_path / "folder.png").mkdir()
    monkeypatch.setattr(tuner_sweep, "sweep", lambda *a, **k: pytest.fail("games were played for nothing"))
    chart = tmp_path / where
    assert main(["sweep", "--game", "uno-hau-drauf", "--chart", str(chart)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"haudrauf sweep: --chart {chart}: ") and said in err
    assert err.count("\n") == 1 and sorted(p.name for p in tmp_path.iterdir()) == ["folder.png"]


def test_a_chart_on_a_full_disk_is_refused_before_any_game(full_disk, capsys, monkeypatch):
    monkeypatch.setattr(tuner_sweep, "sweep", lambda *a, **k: pytest.fail("games were played for nothing"))
    chart = full_disk / "speeds.png"
    assert main(["sweep", "--game", "uno-hau-drauf", "--chart", str(chart)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"haudrauf sweep: --chart {chart}: cannot write in {full_disk}: no space left on device\n"
    assert list(full_disk.iterdir()) == []


def test_a_row_of_bots_far_slower_than_the_timer_is_marked_and_the_mark_explained():
    from haudrauf.tuner.simulate import SimStats
    from haudrauf.tuner.sweep import Config
    results = {}
    for speed, timeouts in ((4.0, 420), (8.0, 40), (None, 0)):
        stats = SimStats("uno-hau-drauf", 4, games=4, turns=1000, timeouts=timeouts, played_seconds=4 * 60 * 367)
        results[Config(speed, "easy", 4)] = stats
    rows = report(results).splitlines()
    assert [row.split()[0] for row in rows if "367.0 *" in row] == ["4"]
    assert rows[-1] == ("  *: 20% of turns or more timed out: these bots think far slower than the turn time allows, "
                        "so penalty cards pile up and games drag on")
