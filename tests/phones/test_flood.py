"""A crowd of unfinished requests against the real app, as a stranger on the
network could send them: the app in its own process with 1,024 open files at
most (flood.py), phones on 127.0.0.1, a bots' game going on; the attacker is
this process. Every wait is bounded; the app stops by itself."""
import json
import resource
import tomllib

import pytest

from haudrauf.testing import flood

ATTACKERS = 1_100  # more than the app's open-file limit
PER_ADDRESS = 16  # the gate's cap for one address (gate.py): all the attackers share 127.0.0.1


@pytest.fixture
def attacker_files():
    """This process holds the 1,100 connections: its own open-file limit is raised for the test."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = ATTACKERS + 256
    if soft != resource.RLIM_INFINITY and soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            pytest.skip(f"the attacker needs {needed} open files; this machine allows {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def moves_saved(config_dir):
    return len(json.loads((config_dir / "autosave.json").read_text())["log"])


@pytest.mark.soak
def test_a_thousand_unfinished_requests_do_not_stop_the_game(tmp_path, attacker_files):
    app = flood.ChildApp(tmp_path)
    held = []
    try:
        app.ask("frames 60")
        saved = moves_saved(tmp_path)
        held = flood.half_open(app.port, ATTACKERS)
        during = app.ask("frames 240")  # four seconds of the flood: the table is drawn on
        assert during["phones"] and during["held"] <= PER_ADDRESS
        assert during["open_files"] < flood.FILE_LIMIT // 2  # fonts, sounds and saves have room
        assert app.ask("mute") == {"muted": True}  # a player mutes: the settings are saved at once
        after = app.ask("frames 60")
        assert after["notice"] is None  # no "Could not save", no "Phones stopped"
        assert tomllib.loads((tmp_path / "settings.toml").read_text())["unit"]["muted"] is True
        assert moves_saved(tmp_path) > saved  # the bots played on, every move saved
        assert flood.still_open(held) <= PER_ADDRESS
    finally:
        for connection in held:
            connection.close()
        assert app.close() == 0
