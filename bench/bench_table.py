"""Frame time of the table (median and p99, ms) for unit mode and a six-seat
UNO Hau drauf table at 1280×720; time from start to the first frame; peak
memory. Baseline in the same run: an empty frame (fill + flip) on the same
display. Goals (issue 4): p99 frame ≤ 8 ms, first frame ≤ 1.0 s, RSS ≤ 150 MB.

Run by hand: `python bench/bench_table.py` (headless: SDL's dummy drivers
unless a display is set; with a real display the flip costs more).
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("HAUDRAUF_CONFIG_DIR", tempfile.mkdtemp(prefix="haudrauf-bench-"))

FRAMES = 900
SIZE = (1280, 720)


def frame_times(app, frames: int = FRAMES) -> list[float]:
    assert app.running and app.scenes, "nothing to draw"
    times = []
    for _ in range(frames):
        app.clock.advance(1 / 60)
        start = time.perf_counter()
        app.frame([])
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(name: str, times: list[float]) -> None:
    ordered = sorted(times)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    print(f"{name:32s} median {statistics.median(times):6.2f} ms   p99 {p99:6.2f} ms   max {ordered[-1]:6.2f} ms")


def first_frame_child() -> None:
    """Child process: open the app, draw one frame, say so."""
    from haudrauf.table.app import App
    from haudrauf.table.scenes.menu import MenuScene
    app = App(size=SIZE)
    app.push(MenuScene(app))
    app.frame([])
    print("first-frame", flush=True)


def main() -> None:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, __file__, "--first-frame"], capture_output=True, text=True, check=True)
    assert "first-frame" in out.stdout
    print(f"start to first frame (new process)  {time.perf_counter() - start:6.3f} s")

    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    import pygame

    from haudrauf.device.clock import FakeClock
    from haudrauf.table.app import App
    from haudrauf.table.scenes.menu import MenuScene
    from haudrauf.table.scenes.table_mode import TableScene
    from haudrauf.table.scenes.unit_mode import UnitModeScene
    from haudrauf.play.seats import SeatPlan
    from haudrauf.table import input as intents

    app = App(size=SIZE, clock=FakeClock(0.0), seed=1)
    assert app.running
    screen = app.screen
    base = []
    for _ in range(FRAMES):
        t = time.perf_counter()
        screen.fill((0, 0, 0))
        pygame.display.flip()
        base.append((time.perf_counter() - t) * 1000)
    report("baseline: empty frame", base)

    app.push(MenuScene(app))  # the scene the others return to
    unit_scene = UnitModeScene(app, seats=(0, 1, 2, 3, 4, 5))
    app.push(unit_scene)
    app.frame([intents.PlayPauseKey(app.clock.now())])
    report("unit mode, six seats", frame_times(app))
    app.pop()

    names = app.settings.table.names
    plans = [SeatPlan(names[0])] + [SeatPlan(names[s], "heuristic") for s in range(1, 6)]
    app.push(TableScene(app, "uno-hau-drauf", {"players": 6}, plans, seed=3, save=False))
    report("UNO table, six seats", frame_times(app))
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS (this process)             {rss_mb:6.1f} MB")


if __name__ == "__main__":
    if "--first-frame" in sys.argv:
        first_frame_child()
    else:
        main()
