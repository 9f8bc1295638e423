"""Whatever lies in the settings folder, the app starts: a file that cannot be
used is named in one line with the reason, moved aside once (the next start
is quiet and adds no second .bak) and defaults are used. A disk that refuses
to write is said once and the game plays on from memory; a save that cannot
be replayed is reported, moved aside and not offered again."""
from __future__ import annotations

import errno
import json
import os
import stat

import pytest

from haudrauf.play import storage
from haudrauf.device.clock import FakeClock
from haudrauf.play import config, paths
from haudrauf.play.language import Language
from haudrauf.table import input as I
from haudrauf.table.app import App
from haudrauf.cli.main import main
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.play.seats import SeatPlan
from haudrauf.play.session import TableSession
from tests.table.conftest import run

DEEP_JSON = "[" * 100_000 + "]" * 100_000
STATS_ITEM = {"seat": 0, "name": "Anna", "bot": False, "ms": 300.0}


def stats_with(**parts) -> str:
    return json.dumps({"version": 2, "races": [[STATS_ITEM]], "turns": [STATS_ITEM], "rounds": [], **parts})


def save_with(**parts) -> str:
    """A go-fish autosave with some of its parts replaced (json writes NaN as NaN)."""
    return json.dumps({"version": 1, "game": "go-fish", "options": {}, "seed": 1, "log": [], "plans": [], **parts})


def fifo(path):
    os.mkfifo(path)


def folder(path):
    path.mkdir()


def huge(path):
    with open(path, "wb") as f:  # sparse: refused by its size, never read
        f.truncate(storage.MAX_BYTES + 1)


def loop(path):
    os.symlink(path.name, path)  # a link to itself


def text(content: str | bytes):
    def write(path):
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return write


# file, how it is broken, the reason the line gives
UNUSABLE = [
    *[(name, kind, make, reason) for name in ("settings.toml", "stats.json", "autosave.json")
      for kind, make, reason in [
          ("folder", folder, "is a folder, not a file"),
          ("pipe", fifo, "is not a plain file (a pipe or a device)"),
          ("binary", text(bytes(range(256)) * 8), "is not text (it holds binary data)"),
          ("huge", huge, "is too large"),
          ("link loop", loop, "cannot be opened (too many levels of symbolic links)"),
      ]],
    ("settings.toml", "a device", lambda path: os.symlink("/dev/zero", path), "is not a plain file"),
    ("settings.toml", "deep", text("a = " + DEEP_JSON), "is nested too deeply to be ours"),
    ("settings.toml", "not toml", text("[unit\nturn_time = "), "is not valid TOML"),
    ("settings.toml", "NUL", text("[unit]\nturn_time = 4\x00\n"), "is not valid TOML"),
    ("stats.json", "deep", text(DEEP_JSON), "is nested too deeply to be ours"),
    ("stats.json", "NaN", text(stats_with(races=[[{**STATS_ITEM, "ms": float("nan")}]])), "holds NaN"),
    ("stats.json", "Infinity", text(stats_with(turns=[{**STATS_ITEM, "ms": float("inf")}])), "holds Infinity"),
    ("stats.json", "1e999", text(stats_with().replace("300.0", "1e999")), "holds 1e999"),
    *[("stats.json", kind, text(stats_with().replace("300.0", typed)),
       f"holds a time of {said} ms, which nobody takes (a time is above 0 ms and at most an hour)")
      for kind, typed, said in [("401 digits", "1" + "0" * 400, "10000000…"), ("1e308", "1e308", "1e+308"),
                                ("a year", "31536000000", "31536000000"), ("zero", "0", "0"),
                                ("negative", "-5", "-5")]],
    ("stats.json", "a press of no time", text(stats_with(version=3, presses=[{"name": "Anna", "ms": 0.0}])),
     "holds a reaction-test time of 0.0 ms, which nobody takes"),
    ("stats.json", "a limit of 401 digits", text(stats_with(turns=[{**STATS_ITEM, "ms": None, "limit_ms": 10**400}])),
     "is damaged (a turn that ran out of time has no time limit)"),
    ("stats.json", "seat 401 digits", text(stats_with(turns=[{**STATS_ITEM, "seat": 10**400}])), "is damaged"),
    ("stats.json", "a score of 401 digits", text(stats_with(rounds=[{"game": "go-fish", "scores": [10**400]}])),
     "is damaged"),
    ("stats.json", "races a number", text(stats_with(races=5)), "is damaged"),
    ("stats.json", "a list", text("[1, 2]"), "is damaged"),
    ("stats.json", "name a number", text(stats_with(turns=[{**STATS_ITEM, "name": 5}])), "is damaged"),
    ("stats.json", "NUL in a name", text(stats_with(turns=[{**STATS_ITEM, "name": "A\x00"}])), "is damaged"),
    ("stats.json", "scores words", text(stats_with(rounds=[{"game": "go-fish", "scores": ["x"]}])), "is damaged"),
    ("stats.json", "old version", text('{"version": 1}'), "is from an older version"),
    ("stats.json", "not json", text("{not json"), "is not valid JSON"),
    ("autosave.json", "deep", text(DEEP_JSON), "is nested too deeply to be ours"),
    ("autosave.json", "NaN seed", text(save_with(seed=float("nan"))), "holds NaN"),
    ("autosave.json", "a list", text("[1, 2]"), "is not a saved game of this version"),
    ("autosave.json", "game a list", text(save_with(game=[1])), "is damaged"),
    ("autosave.json", "options a list", text(save_with(options=[1])), "is damaged"),
    ("autosave.json", "seed words", text(save_with(seed="x")), "is damaged"),
    ("autosave.json", "seed true", text(save_with(seed=True)), "is damaged"),
    ("autosave.json", "plans words", text(save_with(plans="x")), "is damaged"),
    ("autosave.json", "entry a word", text(save_with(log=["act"])), "is damaged"),
    ("autosave.json", "NUL in a name", text(save_with(plans=[{"name": "A\0"}])),
     "is damaged (a player's name is not plain text)"),
    ("autosave.json", "timer words", text(save_with(timer="yes")), "is damaged"),
]


def start(config_dir) -> App:
    app = App(size=(1280, 720), clock=FakeClock(100.0), seed=7, settings_path=config_dir / "settings.toml")
    app.push(MenuScene(app))
    app.frame([])
    return app


def backups(path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(path.name + ".")
                  and p.name.endswith(".bak"))


def about(app, name: str) -> list[str]:
    return [str(p) for p in app.problems if name in str(p)]


@pytest.fixture
def started(config_dir):
    apps = []

    def start_app():
        apps.append(start(config_dir))
        return apps[-1]
    yield start_app
    for app in apps:
        app.audio.close()


@pytest.mark.parametrize("name, kind, make, reason", UNUSABLE, ids=[f"{c[0]}: {c[1]}" for c in UNUSABLE])
def test_the_app_starts_names_the_file_moves_it_aside_once_and_uses_defaults(config_dir, started, drawn,
                                                                              name, kind, make, reason):
    path = config_dir / name
    make(path)
    app = started()
    lines = about(app, name)
    assert len(lines) == 1 and lines[0].startswith(f"{name} {reason}") and f"kept aside as {name}.bak" in lines[0]
    assert any(name in shown for shown in drawn)  # on the menu, beside the title
    assert not os.path.lexists(path) and backups(path) == [f"{name}.bak"]
    assert app.settings == config.Settings() and app.stats.races == []
    assert not any(b.label == "Resume" for b in app.scene.buttons)
    again = started()  # the next start finds nothing wrong and keeps nothing more
    assert about(again, name) == [] and backups(path) == [f"{name}.bak"]


def test_a_damaged_settings_file_is_reported_in_the_menus_language(config_dir, started, drawn, capsys):
    (config_dir / "settings.toml").write_text('[table]\nlanguage = "de"\n[unit]\nturn_time = 99\n')
    app = started()
    german = Language("de").gettext
    said = german("{file} {why}; kept aside as {backup}, {instead}").format(
        file="settings.toml", backup="settings.toml.bak", instead=german("the rest kept"),
        why=german("has settings that cannot be used: {problems}").format(problems=german(
            "{problem}; default {default} used").format(default="6.0", problem=german(
                "{setting} must be between {low} and {high}, got {got}").format(
                    setting="turn_time", low=1, high=60, got="99"))))
    assert said != str(app.problems[0]) and app.settings.table.language == "de"
    assert " ".join(said.split()) in " ".join(" ".join(drawn).split())  # on the menu, wrapped
    assert f"haudrauf: {said}" in capsys.readouterr().err  # and where a terminal user looks


@pytest.mark.parametrize("name", ["settings.toml", "stats.json", "autosave.json"])
def test_a_file_that_may_not_be_read_is_reported_and_moved_aside(config_dir, started, monkeypatch, name):
    """As root nothing is unreadable: the same path, with the refusal the system gives a user."""
    path = config_dir / name
    path.write_text("{}")
    real_open = os.open

    def refuse(file, *args, **kwargs):
        if os.fspath(file) == os.fspath(path) and os.path.lexists(path):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(file))
        return real_open(file, *args, **kwargs)
    monkeypatch.setattr(os, "open", refuse)
    app = started()
    assert about(app, name) == [f"{name} may not be read (permission denied); kept aside as {name}.bak, "
                                + ("defaults used" if name == "settings.toml" else
                                   "stats start empty" if name == "stats.json" else "no game to resume")]
    assert backups(path) == [f"{name}.bak"] and not path.exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_a_file_chmod_000_is_reported_and_moved_aside(config_dir, started):
    path = config_dir / "settings.toml"
    path.write_text("[unit]\n")
    path.chmod(0)
    app = started()
    assert about(app, "settings.toml")[0].startswith("settings.toml may not be read (permission denied)")
    assert backups(path) == ["settings.toml.bak"]


def test_a_byte_order_mark_is_read_like_any_settings_file(config_dir, started):
    (config_dir / "settings.toml").write_bytes(b"\xef\xbb\xbf[unit]\nturn_time = 4\n")
    (config_dir / "stats.json").write_bytes(b"\xef\xbb\xbf" + stats_with().encode())
    app = started()
    assert app.problems == [] and app.settings.unit.turn_time == 4 and len(app.stats.races) == 1


@pytest.mark.parametrize("content, words", [
    ('game = [1, 2]\n[unit]\nturn_time = 4\n', "unknown section [game] ignored"),
    ('unit = 5\n[table]\nhints = false\n', "[unit] is not a table"),
    ('[unit]\nturn_time = 4\n[table]\nnames = [1, 2, 3, 4, 5, 6]\n', "names must be six names"),
    ('[unit]\nturn_time = 4\n[table]\nnames = "Anna"\n', "names must be six names"),
    ('[unit]\nturn_time = 4\n[table]\nnames = ["A\\u0000", "B", "C", "D", "E", "F"]\n', "names must be six names"),
    ('[unit]\nturn_time = 4\n[keys]\nseat1 = 5\n', "for seat1 is not a key"),
    ('[unit]\nturn_time = 4\n[bots]\neasy = 3\n', "[bots.easy] is not a table"),
    ('[unit]\nturn_time = 4\nvolume = nan\n', "volume must be a number"),
    ('[unit]\nturn_time = 4\nsleep_after = [1]\n', "sleep_after"),
])
def test_settings_of_the_wrong_type_fall_back_the_rest_is_kept_and_written_back(config_dir, started, content,
                                                                                 words):
    path = config_dir / "settings.toml"
    path.write_text(content)
    app = started()
    [line] = about(app, "settings.toml")
    assert line.startswith("settings.toml has settings that cannot be used: ") and words in line
    assert line.endswith("kept aside as settings.toml.bak, the rest kept")
    assert backups(path) == ["settings.toml.bak"] and (config_dir / "settings.toml.bak").read_text() == content
    assert app.settings.table.names == config.DEFAULT_NAMES
    again = started()
    assert again.problems == [] and backups(path) == ["settings.toml.bak"]  # quiet: the file was repaired


def test_a_dangling_backup_link_is_never_written_through(config_dir, started, tmp_path_factory):
    target = tmp_path_factory.mktemp("elsewhere") / "victim"
    os.symlink(target, config_dir / "settings.toml.bak")
    (config_dir / "settings.toml").write_text("not toml [")
    app = started()
    assert "kept aside as settings.toml.1.bak" in about(app, "settings.toml")[0]
    assert not target.exists() and os.path.islink(config_dir / "settings.toml.bak")
    assert (config_dir / "settings.toml.1.bak").read_text() == "not toml ["


def test_temporary_files_left_by_a_crash_are_removed_but_nobody_elses(config_dir, started):
    ours = ["settings.toml.abcd_123.tmp", "autosave.json.k2j4h5g6.tmp", "stats.json.zzzzzzzz.tmp"]
    theirs = ["notes.abcd1234.tmp", "settings.toml.bak", "autosave.json.tmp"]
    for name in ours + theirs:
        (config_dir / name).write_text("half")
    started()
    assert sorted(p.name for p in config_dir.iterdir()) == sorted(theirs)


def test_a_save_flushes_the_folder_after_the_rename(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync

    def fsync(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real_fsync(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    storage.write_atomic(tmp_path / "stats.json", "{}")
    assert synced == [False, True]  # the file, then the folder holding the new name


# --- the settings folder itself -------------------------------------------------------------------

def test_a_settings_folder_that_is_a_file_starts_and_plays_without_saving(tmp_path, monkeypatch, drawn):
    blocker = tmp_path / "haudrauf"
    blocker.write_text("a note of the player's")
    monkeypatch.setenv("HAUDRAUF_CONFIG_DIR", str(blocker))
    app = start(blocker)
    assert list(map(str, app.problems)) == [f"the settings folder {blocker} is a file, not a folder; defaults used, "
                            "nothing will be saved"]
    first_moves_in_a_game(app)
    assert drawn.count("Could not save the game: the settings folder is a file, not a folder — "
                       "playing on without saving") >= 1
    assert blocker.read_text() == "a note of the player's"
    app.audio.close()


def test_a_read_only_settings_folder_is_said_at_start(config_dir, started, monkeypatch):
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if os.fspath(p) == os.fspath(config_dir)
                        else real_access(p, mode))
    app = started()
    assert list(map(str, app.problems)) == [f"the settings folder {config_dir} is read-only; nothing will be saved"]


def test_a_settings_folder_whose_parents_are_missing_is_made_at_the_first_save(tmp_path, monkeypatch):
    deep = tmp_path / "a" / "b" / "c"
    monkeypatch.setenv("HAUDRAUF_CONFIG_DIR", str(deep))
    app = start(deep)
    assert app.problems == []
    first_moves_in_a_game(app)
    assert (deep / "autosave.json").exists()
    app.audio.close()


# --- writes that fail -------------------------------------------------------------------------------

FAILURES = {errno.EROFS: "the settings folder is read-only", errno.EACCES: "the settings folder is read-only",
            errno.ENOSPC: "the disk is full"}


@pytest.fixture(params=sorted(FAILURES), ids=lambda e: errno.errorcode[e])
def refusing_disk(request, monkeypatch):
    """Every write fails as a read-only or full disk makes it fail; returns the warning expected."""
    def refuse(*args, **kwargs):
        raise OSError(request.param, os.strerror(request.param))
    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    return FAILURES[request.param]


def first_moves_in_a_game(app) -> TableScene:
    plans = [SeatPlan("Anna", "heuristic"), SeatPlan("Bo", "heuristic")]
    scene = TableScene(app, "go-fish", {"players": 2}, plans, seed=3)
    app.push(scene)
    run(app, 3.0)
    assert len(scene.session.state.log) > 0
    return scene


def warnings(drawn) -> list[str]:
    return [t for t in drawn if t.startswith("Could not save")]


def test_a_failing_save_during_play_is_said_once_and_the_game_goes_on(app, refusing_disk, drawn):
    menu = MenuScene(app)
    app.push(menu)
    scene = first_moves_in_a_game(app)
    assert warnings(drawn)[0] == f"Could not save the game: {refusing_disk} — playing on without saving"
    moves = len(scene.session.state.log)
    run(app, 10.0, step=0.25)  # long past the warning's time: it is not said again, though every move fails
    drawn.clear()
    run(app, 3.0, step=0.25)  # quarter-second frames: still one for every bot move
    assert len(scene.session.state.log) > moves and warnings(drawn) == []
    scene.ask_to_leave()  # bots only: left at once, saving the game and the stats: both fail, nothing breaks
    assert app.scene is menu


def test_a_failing_save_is_said_in_the_windows_language(app, monkeypatch, drawn):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(storage.tempfile, "mkstemp", full)
    app.lang_flag = "de"
    app.push(MenuScene(app))
    first_moves_in_a_game(app)
    said = [t for t in drawn if t.startswith("Konnte das Spiel nicht speichern")]
    assert said and "— es wird ohne Speichern weitergespielt" in said[0]


@pytest.mark.parametrize("what", ["mute", "settings", "names", "stats"])
def test_every_other_save_that_fails_warns_once_and_keeps_the_change_in_memory(app, refusing_disk, drawn, what):
    app.push(MenuScene(app))
    if what == "mute":
        app.frame([I.Command("mute")])  # F2
        assert app.audio.muted and app.settings.unit.muted
    elif what == "settings":
        from haudrauf.table.scenes.settings import SettingsScene
        app.push(SettingsScene(app))
        app.scene.save()
    elif what == "names":
        from haudrauf.table.scenes.names import NamesScene
        app.push(NamesScene(app))
        app.scene.finish()
    else:
        assert not app.save_stats()
    app.frame([])
    shown = warnings(drawn)
    assert shown and set(shown) == {f"Could not save the {'stats' if what == 'stats' else 'settings'}: "
                                    f"{refusing_disk} — playing on without saving"}
    run(app, 10.0)
    drawn.clear()
    app.frame([I.Command("mute")])  # fails again: not said again
    assert warnings(drawn) == []


# --- resume --------------------------------------------------------------------------------------------

def valid_save(game="uno-hau-drauf", players=3) -> dict:
    plans = [SeatPlan(n, "heuristic") for n in ("Anna", "Bo", "Cleo", "Dan")[:players]]
    from haudrauf.device.settings import UnitSettings
    session = TableSession(game, {"players": players}, plans, seed=4, unit_settings=UnitSettings())
    session.start(0.0)
    now = 0.0
    while len(session.state.log) < 12:
        now += 0.1
        session.update(now)
    return {"version": 1, "game": game, "options": session.options, "seed": session.seed, "timer": False,
            "plans": [p.to_dict() for p in plans], "log": session.state.log}


def slap_result_naming_seat_7(save):
    save["log"].append(["unit", {"type": "SlapResult", "at": 9.0, "slapper": 0, "times": [[0, 100.0], [7, 90.0]],
                                 "losers": [7], "window_expired": False}])


UNREPLAYABLE = {
    "short entry": lambda s: s["log"].append(["act"]),
    "empty entry": lambda s: s["log"].append([]),
    "SlapResult naming seat 7": slap_result_naming_seat_7,
    "seat 7 moves": lambda s: s["log"].append(["act", 7, {"type": "Draw"}]),
    "seat a word": lambda s: s["log"].append(["act", "zero", {"type": "Draw"}]),
    "unit entry a number": lambda s: s["log"].append(["unit", 5]),
    "unknown entry": lambda s: s["log"].append(["jump", 1]),
    "unknown game": lambda s: s.update(game="chess"),
    "fewer seats than players": lambda s: s.update(plans=s["plans"][:2]),
    "unknown bot": lambda s: s["plans"][1].update(bot="wizard"),
    "difficulty a list": lambda s: s["plans"][1].update(difficulty=[1]),
    "players a word": lambda s: s["options"].update(players="three"),
    "unknown option": lambda s: s["options"].update(colour="red"),
}


@pytest.mark.parametrize("damage", UNREPLAYABLE.values(), ids=UNREPLAYABLE.keys())
def test_a_save_that_cannot_be_replayed_is_reported_moved_aside_and_not_offered_again(config_dir, started,
                                                                                        damage):
    save = valid_save()
    damage(save)
    (config_dir / "autosave.json").write_text(json.dumps(save))
    app = started()
    menu = app.scene
    if any(b.label == "Resume" for b in menu.buttons):  # whole enough to offer: Enter tries it
        app.frame([I.PlayPauseKey(app.clock.now())])
    assert app.scene is menu
    [line] = about(app, "autosave.json")
    assert line.startswith("autosave.json ") and "kept aside as autosave.json.bak" in line
    assert "Traceback" not in line and "Error" not in line and "{" not in line
    app.frame([])
    assert not any(b.label == "Resume" for b in menu.buttons)
    assert backups(config_dir / "autosave.json") == ["autosave.json.bak"]
    again = started()
    assert about(again, "autosave.json") == [] and not any(b.label == "Resume" for b in again.scene.buttons)


def test_in_a_read_only_folder_a_save_that_cannot_be_replayed_is_said_once_and_not_offered_again(
        config_dir, started, monkeypatch):
    save = valid_save()
    slap_result_naming_seat_7(save)
    (config_dir / "autosave.json").write_text(json.dumps(save))
    monkeypatch.setattr(os, "rename", lambda *a: (_ for _ in ()).throw(OSError(errno.EROFS, "Read-only file system")))
    app = started()
    menu = app.scene
    app.frame([I.PlayPauseKey(app.clock.now())])
    [line] = about(app, "autosave.json")
    assert "cannot be replayed" in line and "it could not be moved aside (read-only file system)" in line
    for _ in range(3):
        menu.size = (0, 0)  # laid out again, as after every scene that covered it
        app.frame([])
    assert not any(b.label == "Resume" for b in menu.buttons) and len(about(app, "autosave.json")) == 1


def test_an_intact_save_still_resumes(config_dir, started):
    (config_dir / "autosave.json").write_text(json.dumps(valid_save()))
    app = started()
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert isinstance(app.scene, TableScene) and app.problems == []


# --- the command line ---------------------------------------------------------------------------------

@pytest.fixture
def one_frame(monkeypatch):
    """The window's loop, one frame long: what the command line opened."""
    opened = []

    def run_once(app, first, phones_port=None):
        app.push(first)
        app.frame([])
        opened.append(app)
        app.audio.close()
    monkeypatch.setattr(App, "run", run_once)
    return opened


@pytest.mark.parametrize("argv", [[], ["unit"], ["play", "go-fish", "--people", "1", "--bots", "1"]])
def test_every_command_that_opens_the_window_starts_with_broken_files(config_dir, one_frame, argv):
    (config_dir / "settings.toml").mkdir()
    (config_dir / "stats.json").write_bytes(b"\xff\xfe")
    assert main(argv) == 0
    [app] = one_frame
    assert len(about(app, "settings.toml")) == 1 and len(about(app, "stats.json")) == 1


def test_a_first_scene_other_than_the_menu_has_the_file_problems_said_over_it(config_dir, drawn):
    (config_dir / "settings.toml").mkdir()
    app = App(size=(1280, 720), clock=FakeClock(100.0), settings_path=config_dir / "settings.toml")
    app.push(MenuScene(app))  # as `haudrauf unit` opens: the menu under unit mode
    from haudrauf.table.scenes.unit_mode import UnitModeScene
    app.start(UnitModeScene(app))
    app.frame([])
    assert "settings.toml is a folder, not a file; kept aside as settings.toml.bak, defaults used" in " ".join(drawn)
    app.clock.advance(10.0)
    drawn.clear()
    app.frame([])
    assert not any("settings.toml" in t for t in drawn)
    app.audio.close()


@pytest.mark.parametrize("name", ["last-game.json", "autosave.json"])
def test_the_replay_viewer_refuses_our_broken_save_in_one_line_and_moves_it_aside(config_dir, capsys, name):
    save = valid_save()
    slap_result_naming_seat_7(save)
    (config_dir / name).write_text(json.dumps(save))
    assert main(["replay"]) == 2
    out = capsys.readouterr().err
    assert out.count("\n") == 1 and out.startswith(f"haudrauf replay: {name} cannot be replayed")
    assert backups(config_dir / name) == [f"{name}.bak"]
    assert main(["replay"]) == 2 and "there is no saved game" in capsys.readouterr().err


@pytest.mark.parametrize("damage, said", [
    (lambda s: s.update(seed=10**30), "its shuffle seed is not a whole number from 0 to 4294967295"),
    (lambda s: s.update(seed=1.5), "its shuffle seed is not a whole number from 0 to 4294967295"),
    (lambda s: s["plans"][1].update(bot="wizard"),
     "it seats a bot UNO Hau drauf (UNO Flash) does not have ('wizard'; bots: heuristic, random)"),
], ids=["seed 10**30", "seed 1.5", "unknown bot"])
def test_the_replay_viewer_refuses_a_named_file_with_nonsense_in_one_line_and_keeps_it(config_dir, tmp_path, capsys,
                                                                                          damage, said):
    save = valid_save()
    damage(save)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(save))
    before = path.read_bytes()
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == f"haudrauf replay: {path} cannot be replayed: {said}\n"
    assert path.read_bytes() == before and list(tmp_path.glob("game.json.*")) == []


def test_the_replay_viewer_never_blocks_on_a_pipe(config_dir, capsys):
    os.mkfifo(config_dir / "last-game.json")
    assert main(["replay"]) == 2
    assert "last-game.json is not a saved game: it is not a plain file" in capsys.readouterr().err


def test_the_folder_problem_is_worded_for_people():
    assert str(paths.why_unsaved(OSError(errno.EROFS, "Read-only file system"))) == "the settings folder is read-only"
    assert str(paths.why_unsaved(OSError(errno.ENOSPC, "No space left on device"))) == "the disk is full"
    assert str(paths.why_unsaved(FileExistsError(errno.EEXIST, "File exists"))) == \
        "the settings folder is a file, not a folder"
