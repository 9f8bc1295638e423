"""The command line: every line that cannot run is refused before anything
opens, in one line on stderr naming the flag, with exit status 2; Ctrl-C
quits quietly; the valid lines still start what they say."""
import json
import curses
import subprocess
import sys
from pathlib import Path

import pytest

from haudrauf.table import app as table_app
from haudrauf.cli import main as cli
from haudrauf.play import game_log
from haudrauf.play.autosave import MAX_SEED
from haudrauf.cli.main import main

BIG = str(2**64)  # larger than any seed numpy's generators are fed here

#: (command line, what the one line must name). Nothing here may open a window or play a game.
BAD_LINES = [
    # play: seats, bots, games, options, seeds
    ("play uno-hau-drauf --people 0 --bots 99", "--people 0 and --bots 99"),
    ("play uno-hau-drauf --people 5 --bots 5", "--people 5 and --bots 5"),
    ("play go-fish --people 0 --bots 1", "--people 0 and --bots 1"),
    ("play sea-salt-paper --people 3 --bots 2", "--people 3 and --bots 2"),
    ("play go-fish --people -1", "--people"),
    ("play go-fish --bots -1", "--bots"),
    ("play go-fish --people two", "--people"),
    ("play go-fish --bot nosuchbot", "--bot"),
    ("play poker", "GAME"),
    ("play", "GAME"),
    ("play go-fish --option players=3", "--option players=3"),
    ("play go-fish --option dealer", "--option dealer"),
    ("play go-fish --option nope=1", "--option nope=1"),
    ("play uno-hau-drauf --option target=0", "--option target=0"),
    ("play uno-hau-drauf --option target=lots", "--option target=lots"),
    ("play uno-hau-drauf --option scoring=highest", "--option scoring=highest"),
    ("play sea-salt-paper --option extra_salt=maybe", "--option extra_salt=maybe"),
    ("play skip-bo --people 1 --bots 2 --option partners=on", "--option"),  # the game refuses the mix
    ("play go-fish --people 1 --bots 1 --option dealer=5", "--option"),
    ("play uno-hau-drauf --option target=200 --option target=300", "--option target=300"),
    ("play skip-bo --seed -1", "--seed"),
    (f"play skip-bo --seed {BIG}", "--seed"),
    ("play skip-bo --seed 1.5", "--seed"),
    ("play uno-hau-drauf --timer", "--timer"),
    ("play go-fish --difficulty insane", "--difficulty"),
    ("--demo play go-fish", "--demo"),
    # unit
    ("unit --terminal", "--terminal"),
    ("unit --terminal --seats 4", "--seats"),
    ("unit --seats 9", "--seats"),
    ("unit --seats 1", "--seats"),
    ("unit --seats -1", "--seats"),
    ("unit --speed -3", "--speed"),
    ("unit --speed nan", "--speed"),
    ("unit --speed 61", "--speed"),
    ("unit --speed fast", "--speed"),
    ("unit --speed -inf", "--speed"),
    ("unit --speed 0.5", "--speed"),
    ("unit --seed -1", "--seed"),
    # simulate
    ("simulate --game go-fish --games 0", "--games"),
    ("simulate --game go-fish --games -1", "--games"),
    ("simulate --game go-fish --games many", "--games"),
    ("simulate --game go-fish --games 99999999999999999999999", "--games"),
    ("simulate --game go-fish --games 1000001", "--games"),
    ("sweep --game go-fish --timer --games 99999999999999999999999", "--games"),
    ("tune --people Anna,Bo --games 99999999999999999999999", "--games"),
    ("simulate --game go-fish --players 0", "--players 0"),
    ("simulate --game go-fish --players 99", "--players 99"),
    ("simulate --game sea-salt-paper --players 5", "--players 5"),
    ("simulate --game go-fish --players -1", "--players"),
    ("simulate --game go-fish --seed -1", "--seed"),
    (f"simulate --game go-fish --seed {BIG}", "--seed"),
    ("simulate --game go-fish --bots nosuchbot", "--bots"),
    ("simulate --game go-fish --bots heuristic,,random", "--bots"),
    ("simulate --game go-fish --bots=", "--bots"),
    ("simulate --game poker", "--game"),
    ("simulate", "--game"),
    ("simulate --game uno-hau-drauf --think -1,0", "--think"),
    ("simulate --game uno-hau-drauf --think 0,1", "--think"),
    ("simulate --game uno-hau-drauf --think nan,1", "--think"),
    ("simulate --game uno-hau-drauf --think 1,nan", "--think"),
    ("simulate --game uno-hau-drauf --think 2,-1", "--think"),
    ("simulate --game uno-hau-drauf --think 1e-300,1", "--think"),
    ("simulate --game uno-hau-drauf --think 1e300,1", "--think"),
    ("simulate --game uno-hau-drauf --slap inf,1", "--slap"),
    ("simulate --game uno-hau-drauf --slap 430", "--slap"),
    ("simulate --game uno-hau-drauf --slap 1,1e300", "--slap"),
    ("simulate --game go-fish --think 2,1", "--think"),
    ("simulate --game go-fish --option players=3", "--option players=3"),
    ("simulate --game uno-hau-drauf --option colour=red", "--option colour=red"),
    ("simulate --game crazy-old-fish-war --option rounds_to_win=10", "--option rounds_to_win=10"),
    ("simulate --game go-fish --difficulty insane", "--difficulty"),
    ("simulate --game go-fish --frobnicate", "--frobnicate"),
    # phones
    ("unit --port 8080", "--port"),
    ("play go-fish --phones --port 0", "--port"),
    ("play go-fish --phones --port 70000", "--port"),
    ("unit --terminal --phones", "--phones"),
    # rules, the top level
    ("rules poker", "GAME"),
    ("rules", "GAME"),
    ("--seed -1", "--seed"),
    ("--frobnicate", "--frobnicate"),
    ("dance", "dance"),
]


@pytest.fixture
def no_window(monkeypatch, config_dir):
    """Any attempt to open the window fails the test."""
    class NoWindow:
        def __init__(self, *args, **kwargs):
            raise AssertionError("a window was opened for a command line that cannot run")

    monkeypatch.setattr(table_app, "App", NoWindow)


def refusal(capsys, argv: list[str]) -> str:
    """Run a command line that must be refused; its one line on stderr."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "", "a refusal says nothing on stdout"
    assert err.count("\n") == 1 and err.endswith("\n") and err.startswith("haudrauf"), err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("line, named", BAD_LINES, ids=[line for line, _ in BAD_LINES])
def test_a_bad_command_line_gets_one_line_naming_the_flag_and_exit_2(no_window, capsys, line, named):
    err = refusal(capsys, line.split())
    assert named in err


def test_the_player_count_says_what_the_game_takes(no_window, capsys):
    err = refusal(capsys, ["play", "uno-hau-drauf", "--people", "5", "--bots", "5"])
    assert err == "haudrauf play: --people 5 and --bots 5: UNO Hau drauf (UNO Flash) takes 2–6 players, not 10\n"


def test_an_unknown_bot_names_the_bots_there_are(no_window, capsys):
    for argv, flag in ((["play", "go-fish", "--bot", "nosuchbot"], "--bot"),
                       (["simulate", "--game", "go-fish", "--bots", "nosuchbot"], "--bots")):
        err = refusal(capsys, argv)
        assert f"{flag}: Go Fish has no bot called 'nosuchbot'; bots: heuristic, random" in err


def test_an_unknown_game_lists_the_games_for_every_command(no_window, capsys):
    for argv in (["play", "poker"], ["simulate", "--game", "poker"], ["rules", "poker"]):
        err = refusal(capsys, argv)
        assert "no game called 'poker'" in err
        assert all(game in err for game in ("uno-hau-drauf", "go-fish", "skip-bo", "crazy-old-fish-war",
                                            "sea-salt-paper"))


@pytest.mark.parametrize("line, says", [
    ("unit --bind 127.0.0.1", "--bind: it is where the phones' server listens; add --phones"),
    ("play go-fish --phones --bind nowhere", "--bind: must be an IPv4 address of this machine"),
    ("unit --phones --bind 256.1.2.3", "--bind: must be an IPv4 address of this machine"),
    ("unit --phones --bind ::1", "--bind: must be an IPv4 address of this machine"),
    # a documentation address no machine has: binding it fails at once, nothing is sent
    ("unit --phones --bind 192.0.2.1", "--bind 192.0.2.1: this machine cannot listen there"),
])
def test_a_bind_address_the_phones_cannot_listen_on_is_refused_saying_why(no_window, capsys, line, says):
    assert says in refusal(capsys, line.split())


def test_negative_values_after_a_flag_are_read_as_values_and_refused_by_name(no_window, capsys):
    """argparse alone would say "expected one argument" for `--think -1,0`."""
    err = refusal(capsys, ["simulate", "--game", "uno-hau-drauf", "--think", "-1,0"])
    assert "--think: wants MEAN,SPREAD in seconds such as 2,0.9" in err and "'-1,0'" in err
    assert "got '-inf'" in refusal(capsys, ["unit", "--speed", "-inf"])


def test_an_option_out_of_range_says_its_range(no_window, capsys):
    err = refusal(capsys, ["play", "crazy-old-fish-war", "--option", "rounds_to_win=10"])
    assert "--option rounds_to_win=10:" in err and "between 1 and 9" in err


def test_the_terminal_unit_without_a_terminal_says_so_instead_of_hanging(no_window, capsys):
    err = refusal(capsys, ["unit", "--terminal"])
    assert "needs a terminal" in err and "leave out --terminal" in err


def test_a_terminal_curses_cannot_drive_gets_one_line(no_window, capsys, monkeypatch):
    from haudrauf.cli import terminal

    def fails(**kwargs):
        raise curses.error("setupterm: could not find terminal")

    monkeypatch.setattr(terminal, "run_terminal", fails)
    for stream in ("stdin", "stdout"):
        monkeypatch.setattr(f"sys.{stream}.isatty", lambda: True)
    err = refusal(capsys, ["unit", "--terminal"])
    assert "--terminal: this terminal cannot show the unit (setupterm: could not find terminal)" in err


def test_the_terminal_unit_gets_the_language_the_command_line_chose(no_window, capsys, monkeypatch):
    from haudrauf.cli import terminal
    chosen = []

    def fails(**kwargs):
        chosen.append(kwargs["lang"].code)
        raise curses.error("setupterm: could not find terminal")

    monkeypatch.setattr(terminal, "run_terminal", fails)
    for stream in ("stdin", "stdout"):
        monkeypatch.setattr(f"sys.{stream}.isatty", lambda: True)
    err = refusal(capsys, ["unit", "--terminal", "--lang", "de"])
    assert chosen == ["de"]
    assert "--terminal: dieses Terminal kann die Einheit nicht zeigen (setupterm: could not find terminal)" in err


@pytest.mark.parametrize("content", [b"\x00\xff\xfe garbage", b"{not json", b"[[[[[[[[", b""])
def test_replay_of_a_garbage_file_names_it_in_one_line(no_window, capsys, tmp_path, content):
    path = tmp_path / "save.json"
    path.write_bytes(content)
    assert str(path) in refusal(capsys, ["replay", str(path)])


def test_replay_of_a_folder_or_a_missing_file_names_it(no_window, capsys, tmp_path):
    for path in (tmp_path, tmp_path / "missing.json"):
        assert str(path) in refusal(capsys, ["replay", str(path)])


def test_whatever_the_save_loader_trips_on_is_one_line(no_window, capsys, tmp_path, monkeypatch):
    def trips(path):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(game_log, "load", trips)
    path = tmp_path / "deep.json"
    err = refusal(capsys, ["replay", str(path)])
    assert f"{path} cannot be replayed" in err and "maximum recursion depth" in err


def test_a_limit_of_the_bots_reaction_model_is_said_with_the_flag(no_window, capsys, monkeypatch):
    """The engine's ReactionModel may refuse what the command line lets through."""
    def at_most_30_s(model):
        if model.think_mean_s > 30:
            raise ValueError(f"think_mean_s must be at most 30, got {model.think_mean_s}")

    monkeypatch.setattr("haudrauf.engine.bots.base.ReactionModel.__post_init__", at_most_30_s)
    err = refusal(capsys, ["simulate", "--game", "uno-hau-drauf", "--think", "59,1"])
    assert err == "haudrauf simulate: --think 59,1: think_mean_s must be at most 30, got 59.0\n"


# --- Ctrl-C -----------------------------------------------------------------------------------------------------


def test_ctrl_c_during_a_simulation_quits_quietly_and_ends_the_progress_line(capsys, monkeypatch):
    from haudrauf.tuner import simulate

    def interrupted(*args, progress=None, **kwargs):
        progress(1)  # the bar has drawn one game
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "simulate", interrupted)
    assert main(["simulate", "--game", "go-fish", "--games", "10"]) == 130
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "1/10" in err and err.endswith("\n"), "the shell prompt starts on a line of its own"


def test_ctrl_c_in_the_window_quits_quietly(config_dir, capsys, monkeypatch):
    def interrupted(app, first, phones_port=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(table_app.App, "run", interrupted)
    assert main(["play", "go-fish"]) == 130
    assert capsys.readouterr() == ("", "")


def test_ctrl_c_while_the_command_line_is_read_quits_quietly(capsys, monkeypatch):
    def interrupted(lang):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert main(["rules", "go-fish"]) == 130
    assert capsys.readouterr() == ("", "")


def test_a_reader_that_goes_away_ends_the_command_quietly(capsys, monkeypatch):
    """`haudrauf rules go-fish | head -1`: the pipe closes under the printout."""
    class ClosedPipe:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            pass

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["rules", "go-fish"]) == 141
    assert capsys.readouterr().err == ""


# --- --help -----------------------------------------------------------------------------------------------------


def help_text(capsys, argv: list[str]) -> str:
    assert main([*argv, "--help"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return " ".join(out.split())  # as one line: argparse wraps at the terminal's width


def test_help_says_what_speed_0_means(capsys):
    assert "or unlimited — 0 and inf also mean unlimited" in help_text(capsys, ["unit"])


def test_help_lists_every_games_options_with_their_values(capsys):
    for command in (["play", "go-fish"], ["simulate"]):
        text = help_text(capsys, command)
        for listed in ("uno-hau-drauf (2–6 players)", "target=1–10000", "scoring=standard|lowest-wins",
                       "sea-salt-paper (2–4 players)", "extra_salt=on|off", "rounds_to_win=1–9", "dealer=0–6"):
            assert listed in text


def test_help_says_the_seat_flags_win_over_option_players(capsys):
    assert "the number of players comes from --people and --bots, so --option players=N is refused" in \
        help_text(capsys, ["play", "go-fish"])
    assert "--option players=N is refused" in help_text(capsys, ["simulate"])


def test_help_gives_the_ranges_of_numbers(capsys):
    text = help_text(capsys, ["simulate"])
    assert "games to play, 1 to 1,000,000" in text and "mean 0.05–60, spread 0–60" in text
    assert f"from 0 to {MAX_SEED}" in text


# --- valid lines still run --------------------------------------------------------------------------------------


@pytest.fixture
def first_scene(config_dir, monkeypatch):
    """The scene the window would open on (the window's loop is not run)."""
    opened = []
    monkeypatch.setattr(table_app.App, "run", lambda app, first, phones_port=None: opened.append(first))
    return opened


def test_phones_open_the_room_on_the_port_and_address_asked_for_or_the_lan_address_and_any_free_port(
        config_dir, monkeypatch):
    asked = []
    monkeypatch.setattr(table_app.App, "run",
                        lambda app, first, phones_port=None: asked.append((app.phones_bind, phones_port)))
    assert main(["play", "go-fish", "--phones", "--port", "8123", "--bind", "127.0.0.1"]) == 0
    assert main(["unit", "--phones"]) == 0
    assert main(["unit"]) == 0
    assert asked == [("127.0.0.1", 8123), (None, 0), (None, None)]  # None: the LAN address (App.start_phones)


def test_play_sits_people_first_then_bots(first_scene):
    assert main(["play", "Go Fish", "--people", "2", "--bots", "3", "--bot", "random", "--seed", "9"]) == 0
    [scene] = first_scene
    assert scene.session.state.players == 5
    assert [plan.bot for plan in scene.session.plans] == [None, None, "random", "random", "random"]


@pytest.mark.parametrize("typed, game", [
    ("go fish", "go-fish"), ("Hopp i havet", "go-fish"), ("РЫБАЛКА", "go-fish"),
    ("uno hau drauf", "uno-hau-drauf"),
    ("UNO Hau drauf (UNO Flash)", "uno-hau-drauf"), ("sea salt & paper", "sea-salt-paper")])
def test_a_game_is_found_by_its_name_in_any_language_however_written(first_scene, typed, game):
    assert main(["play", typed, "--people", "1", "--bots", "1", "--seed", "9"]) == 0
    [scene] = first_scene
    assert scene.session.game_id == game


def test_leaving_a_game_the_command_line_started_the_menu_offers_the_same_seats(first_scene):
    assert main(["play", "go-fish", "--people", "1", "--bots", "2", "--bot", "random", "--timer"]) == 0
    [scene] = first_scene
    menu = scene.app.scenes[0]
    assert menu.players == 3 and menu.timer
    assert [plan.bot for plan in menu.plans[:3]] == [None, "random", "random"]


def test_play_with_bots_only_and_an_option(first_scene):
    assert main(["play", "uno-hau-drauf", "--people", "0", "--bots", "4", "--option", "target=200"]) == 0
    [scene] = first_scene
    assert scene.session.options["target"] == 200 and all(plan.is_bot for plan in scene.session.plans)


@pytest.mark.parametrize("speed", ["0", "0.0", "inf", "Infinity", "unlimited", "Unlimited"])
def test_unit_speed_0_or_inf_is_unlimited(first_scene, speed):
    assert main(["unit", "--speed", speed, "--seats", "3"]) == 0
    [scene] = first_scene
    assert scene.unit.settings.turn_time is None


def test_unit_speed_in_seconds_sets_the_turn_time(first_scene):
    assert main(["unit", "--speed", "4"]) == 0
    [scene] = first_scene
    assert scene.unit.settings.turn_time == 4


@pytest.mark.parametrize("argv, turn_time", [
    (["play", "uno-hau-drauf", "--speed", "4"], 4),
    (["play", "uno-hau-drauf", "--speed", "none"], None),
    (["play", "go-fish", "--timer", "--speed", "7.5"], 7.5),
])
def test_play_speed_sets_the_units_turn_time_for_every_game_it_times(first_scene, argv, turn_time):
    assert main(argv) == 0
    [scene] = first_scene
    assert scene.session.unit.settings.turn_time == turn_time


def test_play_speed_without_the_units_clock_is_refused(no_window, capsys):
    assert refusal(capsys, ["play", "go-fish", "--speed", "4"]) == \
        "haudrauf play: --speed: Go Fish plays against the unit's clock only with --timer\n"


def test_simulate_still_runs(capsys):
    assert main(["simulate", "--game", "go-fish", "--players", "3", "--games", "2", "--seed", "4294967295",
                 "--bots", "random", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("go-fish: 2 games, 3 players") and err == ""


@pytest.mark.parametrize("line, named", [("unit --terminal", "--terminal"), ("play go-fish --frobnicate", "--frobnicate"),
                                         ("simulate --game go-fish --games 0", "--games")])
def test_the_program_itself_exits_2_with_one_line(config_dir, line, named):
    """As a shell runs it: no terminal, nothing on stdin, a hard time limit against a hang."""
    done = subprocess.run([sys.executable, "-m", "haudrauf.cli", *line.split()], cwd=Path(__file__).parents[2],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and named in done.stderr and "Traceback" not in done.stderr


# --- what the headless commands say to people ------------------------------------------------------------------

SIMULATE = ["simulate", "--game", "go-fish", "--players", "3", "--games", "4", "--seed", "1", "--quiet"]


def test_simulate_plays_the_heuristic_bots_by_default_and_says_so(capsys):
    assert main(SIMULATE) == 0
    out = capsys.readouterr().out
    assert "  bots            heuristic\n" in out and "random" not in out
    assert main([*SIMULATE, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == ["heuristic"] and set(data["seats_played"]) == {"heuristic"}


def test_simulate_still_rotates_both_bots_when_asked(capsys):
    assert main([*SIMULATE, "--bots", "heuristic,random"]) == 0
    assert "  bots            heuristic, random (rotated over the seats)\n" in capsys.readouterr().out


def test_simulate_gives_the_simulators_speed_only_when_asked(capsys):
    assert main(SIMULATE) == 0
    assert "actions/s" not in capsys.readouterr().out
    assert main([*SIMULATE, "--verbose"]) == 0
    assert "actions/s" in capsys.readouterr().out


@pytest.mark.parametrize("command", [["simulate", "--game", "go-fish"], ["sweep", "--game", "uno-hau-drauf"],
                                     ["tune", "--people", "Anna,Bo"], ["rules", "go-fish"]])
def test_the_headless_commands_take_no_fullscreen(no_window, capsys, command):
    assert "--fullscreen" in refusal(capsys, [*command, "--fullscreen"])
    assert "--fullscreen" in refusal(capsys, ["--fullscreen", *command])
    assert main([*command, "--help"]) == 0
    assert "fullscreen" not in capsys.readouterr().out
