"""`haudrauf sweep`: configurations × games in worker processes, the same
figures whatever the number of workers."""
import json

import pytest

from device.settings import UnitSettings
from table.cli import main
from table.sweep import sweep, to_dict


def test_one_and_two_workers_give_the_same_figures_byte_for_byte():
    args = ("go-fish", [None, 3.0], ["easy", "hard"], [3], 12, 9, UnitSettings())
    one = json.dumps(to_dict(sweep(*args, timer=True, workers=1)))
    two = json.dumps(to_dict(sweep(*args, timer=True, workers=2)))
    assert one == two


def test_a_faster_timer_and_slower_bots_time_out_more():
    results = sweep("go-fish", [None, 6.0, 3.0], ["easy", "hard"], [3], 10, 1, UnitSettings(), timer=True)
    share = {(c.speed, c.difficulty): s.timeouts / s.turns for c, s in results.items()}
    assert share[(None, "easy")] == share[(None, "hard")] == 0
    assert share[(3.0, "easy")] > share[(6.0, "easy")] > share[(6.0, "hard")]
    assert all(s.games == 10 and not s.stopped for s in results.values())


def test_the_sweep_command_prints_one_row_per_configuration(capsys):
    assert main(["sweep", "--game", "uno-hau-drauf", "--speeds", "none,4", "--players", "2,3", "--games", "2",
                 "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("UNO Hau drauf, 2 games per configuration; unit (from ")
    assert [line.split()[:3] for line in out[2:]] == [["none", "normal", "2"], ["none", "normal", "3"],
                                                      ["4", "s", "normal"], ["4", "s", "normal"]]


@pytest.mark.parametrize("argv, said", [
    (["--game", "go-fish"], "--game: Go Fish plays against the unit's clock only with --timer"),
    (["--game", "uno-hau-drauf", "--timer"], "--timer: UNO Hau drauf always plays with the unit"),
    (["--game", "uno-hau-drauf", "--speeds", "6,6"], "--speeds: each value once"),
    (["--game", "uno-hau-drauf", "--speeds", "6,x"], "--speeds: must be seconds from 1 to 60"),
    (["--game", "uno-hau-drauf", "--difficulty", "wizard"], "--difficulty: difficulties are easy, normal and hard"),
    (["--game", "uno-hau-drauf", "--players", "3,9"], "--players 9: UNO Hau drauf takes 2–6 players"),
    (["--game", "uno-hau-drauf", "--workers", "0"], "--workers: must be a whole number 1 or more"),
    (["--game", "uno-hau-drauf", "--games", "0"], "--games: must be a whole number 1 or more"),
])
def test_a_bad_sweep_is_refused_in_one_line(capsys, argv, said):
    assert main(["sweep", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and said in err and err.count("\n") == 1
