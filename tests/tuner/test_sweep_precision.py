"""`haudrauf sweep --precision P`: each configuration plays batches of games
until its timed-out share is known within ± P (95 % confidence), at most
--games; the figures stay the same for any worker count and any executor."""
import json
from concurrent.futures import Executor, Future

from haudrauf.device.settings import UnitSettings
from haudrauf.tuner import sweep as sweeping
from haudrauf.cli.main import main
from haudrauf.tuner.simulate import SimStats
from haudrauf.tuner.sweep import BATCH, sweep, to_dict


class OneByOne(Executor):
    """Plays each chunk at once, here, as a cluster would elsewhere: no worker processes."""

    def __init__(self) -> None:
        self.tasks = 0

    def submit(self, fn, *args, **kwargs):
        self.tasks += 1
        future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def go_fish(speeds, games, precision, **kwargs):
    return sweep("go-fish", speeds, ["easy"], [3], games, 4, UnitSettings(), timer=True, precision=precision,
                 **kwargs)


def test_one_and_two_workers_give_the_same_json_with_precision(capsys):
    argv = ["sweep", "--game", "go-fish", "--timer", "--speeds", "none,8,3", "--difficulty", "easy,hard",
            "--players", "3", "--games", "60", "--precision", "2%", "--json", "--quiet", "--seed", "5"]
    outputs = []
    for workers in ("1", "2"):
        assert main([*argv, "--workers", workers]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    games = [row["games"] for row in json.loads(outputs[0])]
    assert games[:2] == [BATCH, BATCH], "no time limit: one batch"
    assert len(set(games)) > 1, "the configurations do not all play the same number of games"


def test_a_configuration_stops_once_its_share_is_that_precise():
    results = go_fish([3.0], 200, 0.05, executor=OneByOne())
    stats = next(iter(results.values()))
    assert stats.games == BATCH and stats.timeout_margin() <= 0.05
    tighter = next(iter(go_fish([3.0], 400, 0.01, executor=OneByOne()).values()))
    assert BATCH < tighter.games < 400 and tighter.timeout_margin() <= 0.01
    one_batch_less = next(iter(go_fish([3.0], tighter.games - BATCH, 0.01, executor=OneByOne()).values()))
    assert one_batch_less.timeout_margin() > 0.01, "it stopped at the first batch that was precise enough"


def test_the_cap_holds_and_the_report_says_it_was_reached():
    results = go_fish([None, 3.0], 30, 0.001, executor=OneByOne())
    none, fast = results.values()
    assert none.games == BATCH, "nothing can time out without a limit: it stops after its first batch"
    assert fast.games == 30 and fast.timeout_margin() > 0.001
    rows = sweeping.report(results, 0.001).splitlines()
    assert rows[1].split()[:4] == ["none", "easy", "3", "players"] and "(cap)" not in rows[1]
    assert rows[2].split()[5] == "30" and "(cap)" in rows[2] and f"{fast.timeout_share:5.1%} ± " in rows[2]
    assert "  (cap): played the most games (--games) without getting that precise" in rows
    assert [row["hit_cap"] for row in to_dict(results, 0.001)] == [False, True]


def test_a_precision_sweeps_games_are_the_first_games_of_the_same_sweep_without_one():
    precise = go_fish([None, 3.0], 200, 0.05, executor=OneByOne())
    plain = go_fish([None, 3.0], BATCH, None, executor=OneByOne())
    assert json.dumps(to_dict(precise)) == json.dumps(to_dict(plain))


def test_the_given_executor_plays_every_chunk_with_the_same_figures_as_local_workers():
    executor = OneByOne()
    there = go_fish([None, 3.0], 40, 0.04, executor=executor)
    here = go_fish([None, 3.0], 40, 0.04, workers=1)
    assert json.dumps(to_dict(there, 0.04)) == json.dumps(to_dict(here, 0.04))
    assert executor.tasks == sum(s.games for s in there.values()) // sweeping.CHUNK


def test_the_progress_counts_games_and_settled_configurations_and_ends_full():
    calls = []
    results = go_fish([None, 3.0], 200, 0.01, executor=OneByOne(), progress=lambda *tally: calls.append(tally))
    played = sum(s.games for s in results.values())
    done, most, settled = zip(*calls)
    assert list(done) == sorted(done) and list(settled) == sorted(settled)
    assert list(most) == sorted(most, reverse=True), "the most only goes down, as configurations settle"
    assert calls[0] == (sweeping.CHUNK, 2 * 200, 0), "a chunk in: each may still play up to 200 games"
    # The chunks already done are taken in whatever order `as_completed` gives,
    # so which configuration settles first varies; what a person sees does not:
    # once one settles, the most counts what it played, not its 200.
    none, _ = results.values()
    assert none.games == BATCH, "no limit settles after one batch"
    assert max(m for _, m, s in calls if s >= 1) < 2 * 200
    assert calls[-1] == (played, played, 2)


def stats_of(game_turns: list[tuple[int, int]], turn_time=6.0) -> SimStats:
    stats = SimStats("go-fish", 3, unit=UnitSettings(turn_time=turn_time))
    stats.game_turns = game_turns
    stats.games, stats.turns, stats.timeouts = len(game_turns), *map(sum, zip(*game_turns))
    return stats


def test_timeouts_clustered_in_some_games_make_the_interval_wider_than_counting_turns_alone():
    steady = stats_of([(100, 10)] * 10)
    clustered = stats_of([(100, 0)] * 9 + [(100, 100)])  # the same share, all in one game
    assert steady.timeout_share == clustered.timeout_share == 0.1
    assert clustered.timeout_margin() > 3 * steady.timeout_margin()


def test_no_timeout_seen_yet_is_not_taken_for_certain_but_no_limit_is():
    assert 0 < stats_of([(50, 0)] * 20).timeout_margin() < 0.01
    assert stats_of([(50, 0)] * 20, turn_time=None).timeout_margin() == 0
    assert stats_of([(50, 3)]).timeout_margin() is None, "one game says nothing of how games vary"


def test_one_progress_bar_follows_the_whole_sweep_to_the_games_played(capsys, sweeps_here):
    assert main(["sweep", "--game", "go-fish", "--timer", "--speeds", "none,3", "--difficulty", "easy",
                 "--players", "3", "--games", "200", "--precision", "1%", "--workers", "1", "--seed", "4"]) == 0
    out, err = capsys.readouterr()
    played = [int(line.split("players")[1].split()[0]) for line in out.splitlines()[2:4]]
    assert played[0] == BATCH < played[1] < 200
    assert err.count("\n") == 1 and err.startswith("\rsweep go-fish, 0/2 configurations done [")
    last = err.split("\r")[-1]
    assert last.startswith("sweep go-fish, 2/2 configurations done [" + "#" * 30 + "]")
    assert f" {sum(played)}/{sum(played)} " in last
