"""Headless everywhere: no display, no sound card; the fixtures every room's tests share
(a settings folder of its own, a full disk, sweeps played in this process)."""
import os
import tempfile

import pytest
from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"  # the system language of every test: English unless a test asks for another
# No test reads or writes the user's own settings, stats or saves (a test that
# needs files of its own sets the variable to its tmp_path).
os.environ["HAUDRAUF_CONFIG_DIR"] = tempfile.mkdtemp(prefix="haudrauf-tests-")

# Hypothesis: CI draws the same examples every run (a red run is reproducible,
# never a fluke of the draw); a developer's runs explore new ones. Both print
# the blob that replays a failure.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HAUDRAUF_CONFIG_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def full_disk(tmp_path, monkeypatch):
    """A folder on a full disk: a file written there fails with ENOSPC when flushed to
    disk, as the kernel reports it (the file itself is made; nothing else is touched)."""
    import errno
    import os
    folder = tmp_path / "full"
    folder.mkdir()
    real_fsync = os.fsync

    def fsync(fd):
        if os.path.dirname(os.readlink(f"/proc/self/fd/{fd}")) == str(folder):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_fsync(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    return folder


@pytest.fixture
def sweeps_here(monkeypatch):
    """`haudrauf sweep --workers N` plays its chunks in this process, one after
    another, for tests of what a sweep prints rather than of its processes
    (starting a worker process costs more than the few games such a test plays).
    The figures are the same: they never depend on who played a chunk."""
    from concurrent.futures import Executor, Future

    from haudrauf.tuner import sweep as sweeping

    class Here(Executor):
        def submit(self, fn, *args, **kwargs):
            future = Future()
            future.set_result(fn(*args, **kwargs))
            return future
    monkeypatch.setattr(sweeping, "local_workers", lambda workers: Here())

