"""`haudrauf simulate` with any unit settings: the speed switch, a settings
file or the saved settings, and the four turn-based games as speed games."""
import pytest

from haudrauf.device.settings import UnitSettings
from haudrauf.cli.main import main
from haudrauf.tuner.simulate import simulate


def report(capsys, argv):
    assert main(argv) == 0
    return capsys.readouterr().out


def test_a_faster_timer_times_out_more_turns():
    slow = simulate("uno-hau-drauf", 3, 4, seed=2, settings=UnitSettings(turn_time=12))
    fast = simulate("uno-hau-drauf", 3, 4, seed=2, settings=UnitSettings(turn_time=3))
    assert fast.timeouts / fast.turns > slow.timeouts / slow.turns
    assert fast.penalties["timeout"] > slow.penalties["timeout"]


def test_no_time_limit_never_times_out(capsys):
    out = report(capsys, ["simulate", "--game", "uno-hau-drauf", "--games", "2", "--speed", "none", "--quiet"])
    assert "  unit            no time limit," in out and "timed out             0.0% of turns" in out
    assert "timeout" not in out.split("penalty cards by cause")[1]


def test_the_saved_settings_are_used_and_never_touched(config_dir, capsys):
    saved = config_dir / "settings.toml"
    saved.write_text("[unit]\nturn_time = 5\nslap_window = 99\n", encoding="utf-8")
    before = saved.read_bytes()
    out, err = capsys.readouterr() if main(["simulate", "--game", "uno-hau-drauf", "--games", "1",
                                            "--quiet"]) == 0 else pytest.fail("simulate failed")
    assert f"5 s per turn, slap window 5 s, spin 1.5 s, selection uniform (from {saved})" in out
    assert "slap_window must be between 0.5 and 30, got 99" in err  # said, and the rest of the file used
    assert saved.read_bytes() == before and sorted(p.name for p in config_dir.iterdir()) == ["settings.toml"]


def test_speed_overrides_the_settings_file(tmp_path, capsys):
    given = tmp_path / "mine.toml"
    given.write_text("[unit]\nturn_time = 5\nspin_duration = 0\n", encoding="utf-8")
    out = report(capsys, ["simulate", "--game", "uno-hau-drauf", "--games", "1", "--quiet",
                          "--settings", str(given), "--speed", "4"])
    assert f"4 s per turn, slap window 5 s, spin 0 s, selection uniform (from {given}, --speed)" in out


@pytest.mark.parametrize("content, why", [
    ("[unit]\nturn_time = 0.5\n", "turn_time must be between 1 and 60, got 0.5"),
    ("not toml at all [", "is not valid TOML"),
])
def test_a_settings_file_that_cannot_be_used_is_refused_and_left_alone(tmp_path, capsys, content, why):
    given = tmp_path / "mine.toml"
    given.write_text(content, encoding="utf-8")
    assert main(["simulate", "--game", "uno-hau-drauf", "--settings", str(given), "--quiet"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"haudrauf simulate: --settings {given}: ") and why in err
    assert err.count("\n") == 1 and given.read_text(encoding="utf-8") == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml"]


def test_a_missing_settings_file_is_refused(tmp_path, capsys):
    assert main(["simulate", "--game", "go-fish", "--timer", "--settings", str(tmp_path / "none.toml")]) == 2
    assert capsys.readouterr().err == f"haudrauf simulate: --settings {tmp_path / 'none.toml'}: there is no such file\n"


@pytest.mark.soak
@pytest.mark.parametrize("game", ["go-fish", "skip-bo", "crazy-old-fish-war", "sea-salt-paper"])
def test_a_turn_based_game_runs_as_a_speed_game_against_the_units_clock(game):
    stats = simulate(game, 3, 4, seed=5, timer=True, settings=UnitSettings(turn_time=2))
    again = simulate(game, 3, 4, seed=5, timer=True, settings=UnitSettings(turn_time=2))
    assert not stats.stopped and stats.games == 4, "every game ends"
    assert stats.timeouts > 0 and stats.played_seconds > 0
    assert (stats.turns, stats.timeouts, stats.played_seconds) == (again.turns, again.timeouts, again.played_seconds)
    relaxed = simulate(game, 3, 4, seed=5, timer=True, settings=UnitSettings(turn_time=None))
    assert relaxed.timeouts == 0


def test_the_speed_game_report_says_the_timer_and_the_time_at_a_table(capsys):
    out = report(capsys, ["simulate", "--game", "go-fish", "--timer", "--speed", "3", "--games", "3", "--quiet"])
    assert "(against a 3 s turn timer)" in out and "% of turns" in out and "min at a table" in out


@pytest.mark.parametrize("argv, said", [
    (["--game", "go-fish", "--speed", "4"], "--speed: Go Fish plays against the unit's clock only with --timer"),
    (["--game", "skip-bo", "--settings", "x.toml"], "--settings: Skip-Bo plays against the unit's clock only with"),
    (["--game", "uno-hau-drauf", "--timer"], "--timer: UNO Hau drauf (UNO Flash) always plays with the unit"),
    (["--game", "go-fish", "--timer", "--speed", "0.5"], "--speed: must be seconds from 1 to 60"),
])
def test_unit_flags_that_do_not_fit_are_refused(capsys, argv, said):
    assert main(["simulate", *argv]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_extra_time_per_seat_reaches_the_simulated_unit():
    bare = simulate("go-fish", 3, 4, seed=3, timer=True, settings=UnitSettings(turn_time=2))
    extra = simulate("go-fish", 3, 4, seed=3, timer=True,
                     settings=UnitSettings(turn_time=2, extra_time=(10.0, 10.0, 10.0, 0.0, 0.0, 0.0)))
    assert extra.timeouts < bare.timeouts / 2


def test_each_seat_has_its_own_figures_and_extra_time_shows_in_them():
    stats = simulate("go-fish", 3, 6, seed=1, timer=True,
                     settings=UnitSettings(turn_time=3, extra_time=(0.0, 5.0, 0.0, 0.0, 0.0, 0.0)))
    share = [seat.timeouts / seat.turns for seat in stats.seats]
    assert share[1] < share[0] / 3 and share[1] < share[2] / 3
    assert sum(seat.timeouts for seat in stats.seats) == stats.timeouts
    rows = [line for line in stats.report().splitlines() if line.startswith("    seat ")]
    assert len(rows) == 3 and rows[1].split()[2] == f"{share[1]:.1%}"


def test_slap_races_lost_and_penalty_cards_are_counted_per_seat():
    stats = simulate("uno-hau-drauf", 4, 3, seed=4)
    assert sum(seat.races_lost for seat in stats.seats) > 0
    assert sum(sum(seat.penalties.values()) for seat in stats.seats) == sum(stats.penalties.values())
    assert all(seat.turn_ms and min(seat.turn_ms) > 0 for seat in stats.seats)


def test_the_figures_come_as_json_and_csv(capsys):
    import csv
    import json
    argv = ["simulate", "--game", "go-fish", "--timer", "--speed", "3", "--players", "3", "--games", "3", "--quiet"]
    data = json.loads(report(capsys, [*argv, "--json"]))
    assert data["game"] == "go-fish" and data["unit"]["turn_time"] == 3 and len(data["seats"]) == 3
    assert sum(s["timeouts"] for s in data["seats"]) == data["timeouts"] > 0 and data["minutes_per_game"] > 0
    rows = list(csv.DictReader(report(capsys, [*argv, "--csv"]).splitlines()))
    assert [r["seat"] for r in rows] == ["1", "2", "3"]
    assert [int(r["timeouts"]) for r in rows] == [s["timeouts"] for s in data["seats"]]


def test_drawn_games_and_games_cut_off_are_counted_apart_and_never_dropped(monkeypatch):
    from haudrauf.tuner import simulate as simulator
    monkeypatch.setattr(simulator, "MAX_TURNS", 95)  # random Skip-Bo games take 89–106 turns: some go past it
    stats = simulate("skip-bo", 2, 12, seed=1, bot_names=["random"])
    assert (stats.games, stats.finished, stats.drawn, dict(stats.stopped)) == (12, 5, 1, {"no end after 95 turns": 7})
    assert stats.wins["random"] == 4, "of the 5 finished games 1 was drawn: nobody won it"
    lines = stats.report().splitlines()
    assert "  drawn           1 game ended with nobody winning" in lines
    assert "  unfinished      7 games stopped: no end after 95 turns" in lines
    assert "  average rounds         1.0 (finished games only)" in lines
    data = stats.to_dict()
    assert (data["games"], data["drawn"], data["stopped"]) == (12, 1, {"no end after 95 turns": 7})


def test_rounds_are_counted_per_game_and_a_game_of_one_round_counts_one():
    matches = simulate("crazy-old-fish-war", 2, 4, seed=1)
    assert matches.to_dict()["rounds_per_game"] == 4.0 and "  average rounds         4.0" in matches.report()
    assert simulate("go-fish", 3, 3, seed=1).to_dict()["rounds_per_game"] == 1.0


def test_the_csv_carries_each_games_figures_beside_the_seats(capsys):
    import csv
    rows = list(csv.DictReader(report(capsys, ["simulate", "--game", "crazy-old-fish-war", "--timer", "--speed", "4",
                                               "--players", "2", "--games", "4", "--seed", "1", "--quiet",
                                               "--csv"]).splitlines()))
    assert [(r["seat"], r["games"], r["drawn"], r["cut_off"]) for r in rows] == [("1", "4", "0", "0"),
                                                                                 ("2", "4", "0", "0")]
    assert float(rows[0]["rounds_per_game"]) > 1 and float(rows[0]["minutes_per_game"]) > 0


def test_the_report_speaks_the_command_lines_language(config_dir, capsys):
    assert main(["simulate", "--game", "uno-hau-drauf", "--players", "2", "--games", "2", "--seed", "3",
                 "--quiet", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "  Siegquote pro Bot (Plätze wechseln jedes Spiel):" in out and ": 2 Spiele, 2 Spieler, " in out
    assert "win rate per bot" not in out and "average turns" not in out
