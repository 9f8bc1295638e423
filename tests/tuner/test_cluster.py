"""`haudrauf sweep --scheduler`: the same sweep on a Dask cluster (here one
in this process), the same figures byte for byte; a scheduler that cannot be
used is said in one line before anything is played or written."""
import faulthandler
import importlib.metadata
import json
import socket
import sys
import threading
from contextlib import contextmanager

import pytest

from haudrauf.device.settings import UnitSettings
from haudrauf.tuner import cluster
from haudrauf.cli.main import main
from haudrauf.tuner.sweep import Config, Task, play

SWEEP = ["sweep", "--game", "go-fish", "--timer", "--speeds", "none,3", "--difficulty", "easy,hard",
         "--players", "3", "--games", "5", "--seed", "9", "--json", "--quiet"]
#: Long enough for any of these tests on a busy machine; a hung cluster ends the test run with a traceback instead.
HANG = 120
#: A cluster in this process that is still reached over TCP, as a real one is; its web pages on any free port.
IN_PROCESS = dict(processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=":0")


@pytest.fixture(scope="module")
def scheduler():
    """The address of a cluster of two workers, closed afterwards."""
    from distributed import LocalCluster
    faulthandler.dump_traceback_later(HANG, exit=True)
    try:
        with LocalCluster(n_workers=2, threads_per_worker=1, **IN_PROCESS) as local:
            yield local.scheduler_address
    finally:
        faulthandler.cancel_dump_traceback_later()


def test_a_sweep_on_a_cluster_prints_the_same_json_as_on_this_machine(scheduler, config_dir, capsys):
    assert main([*SWEEP, "--workers", "1"]) == 0
    here = capsys.readouterr().out
    assert main([*SWEEP, "--scheduler", scheduler]) == 0
    there = capsys.readouterr().out
    assert there == here and '"speed": 3.0' in here


def test_a_precision_sweep_on_a_cluster_plays_the_same_batches_as_on_this_machine(scheduler, config_dir, capsys):
    argv = [*SWEEP[:SWEEP.index("--difficulty")], "--difficulty", "easy", "--players", "3", "--games", "40",
            "--precision", "2%", "--seed", "9", "--json", "--quiet"]
    assert main([*argv, "--workers", "1"]) == 0
    here = capsys.readouterr().out
    assert main([*argv, "--scheduler", scheduler]) == 0
    assert capsys.readouterr().out == here
    assert [row["games"] for row in json.loads(here)] == [20, 40], "the timed configuration played a second batch"


def test_games_sent_one_by_one_come_back_as_played_here(scheduler):
    task = Task("go-fish", Config(3.0, "easy", 3), (11, 12), UnitSettings(), True)
    with cluster.connect(scheduler) as executor:
        there = executor.submit(play, task).result(timeout=HANG)
    assert there.to_dict() == play(task).to_dict()


def free_port() -> int:
    """A local port nothing listens on (it was free a moment ago)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def refusal(argv, config_dir, capsys) -> str:
    """The one line a refused sweep says; nothing printed or written besides."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and list(config_dir.iterdir()) == []
    return err


@pytest.mark.parametrize("address, said", [
    ("tcp://127.0.0.1:{port}", "--scheduler: no scheduler answered at tcp://127.0.0.1:{port} within 1 s; "
                               "is `dask scheduler` running there?"),
    ("http://127.0.0.1:{port}", "--scheduler: 'http://127.0.0.1:{port}' is not a scheduler's address: "
                                "unknown address scheme 'http'"),
    ("tcp://my-laptop", "--scheduler: 'tcp://my-laptop' is not a scheduler's address: missing port number"),
    ("", "--scheduler: give the scheduler's address, like tcp://192.168.1.20:8786"),
])
def test_a_scheduler_that_is_not_there_is_said_in_one_line(address, said, config_dir, capsys, monkeypatch):
    monkeypatch.setattr(cluster, "TIMEOUT", 1.0)
    port = free_port()
    err = refusal([*SWEEP, "--scheduler", address.format(port=port)], config_dir, capsys)
    assert err.startswith(f"haudrauf sweep: {said.format(port=port)}")


@contextmanager
def stranger(junk: bytes | None):
    """The address of a listener on the loopback that is no scheduler: one that never
    speaks (the system accepts for it; nobody reads or writes), or one that sends junk
    to the first few who connect. It stops when the test leaves it, or after HANG s."""
    faulthandler.dump_traceback_later(HANG, exit=True, file=sys.__stderr__)  # capsys holds sys.stderr
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        listener.settimeout(HANG)
        if junk is not None:
            threading.Thread(target=send_junk, args=(listener, junk), daemon=True).start()
        try:
            yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
        finally:
            faulthandler.cancel_dump_traceback_later()


def send_junk(listener: socket.socket, junk: bytes) -> None:
    for _ in range(4):
        try:
            connection, _ = listener.accept()
        except OSError:  # closed, or nobody came within HANG s
            return
        with connection:
            connection.sendall(junk)


@pytest.mark.parametrize("junk, said", [
    (None, "no scheduler answered at {address} within 1 s; is `dask scheduler` running there?"),
    (b"\xff" * 64 + b"HTTP/1.1 200 OK\r\n\r\n" * 8, "what answered at {address} is not a Dask scheduler; "
                                                      "is the address that of `dask scheduler`?"),
], ids=["silent", "junk"])
def test_a_listener_that_is_no_scheduler_is_said_in_one_line(junk, said, config_dir, capsys, monkeypatch):
    monkeypatch.setattr(cluster, "TIMEOUT", 1.0)
    with stranger(junk) as address:
        err = refusal([*SWEEP, "--scheduler", address], config_dir, capsys)
    assert err == f"haudrauf sweep: --scheduler: {said.format(address=address)}\n"


def test_a_scheduler_without_workers_is_said_in_one_line(config_dir, capsys, monkeypatch):
    from distributed import LocalCluster
    monkeypatch.setattr(cluster, "TIMEOUT", 1.0)
    with LocalCluster(n_workers=0, **IN_PROCESS) as empty:
        err = refusal([*SWEEP, "--scheduler", empty.scheduler_address], config_dir, capsys)
    assert err == (f"haudrauf sweep: --scheduler: the scheduler at {empty.scheduler_address} has no workers; "
                   f"start one with `dask worker {empty.scheduler_address}`\n")


def test_workers_without_the_project_are_said_in_one_line(scheduler, config_dir, capsys, monkeypatch):
    def not_installed(name):  # what a worker whose Python lacks the project answers
        raise importlib.metadata.PackageNotFoundError(name)
    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    err = refusal([*SWEEP, "--scheduler", scheduler], config_dir, capsys)
    assert err.startswith("haudrauf sweep: --scheduler: 2 of 2 workers do not have this project installed (the first: ")
    assert err.endswith("); install it on each with pip install -e '.[cluster]'\n")


def test_workers_and_a_scheduler_together_are_refused(config_dir, capsys):
    err = refusal([*SWEEP, "--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"], config_dir, capsys)
    assert err == ("haudrauf sweep: --workers: with --scheduler the cluster's own workers play the games; "
                   "leave --workers out\n")


def test_without_dask_the_scheduler_says_how_to_install_it(config_dir, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails as if it were not installed
    err = refusal([*SWEEP, "--scheduler", "tcp://127.0.0.1:8786"], config_dir, capsys)
    assert err == ("haudrauf sweep: --scheduler: needs Dask, which is not installed; "
                   "install it with pip install -e '.[cluster]'\n")
