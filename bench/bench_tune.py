"""How long `haudrauf tune` takes to answer, and how sure the answer is: the
code of a baseline commit against this checkout, in the same run.

The group: four people with their own log-normal turn times (median and
spread of the logs: Anna 2.0 s / 0.45, Bo 3.0 s / 0.5, Cleo 4.5 s / 0.4,
Dan 2.5 s / 0.6), 150 turns and six reaction-test presses each, written to
a stats book in a temp folder, as a real user's would be; the unit's
settings are the defaults (an empty config folder). UNO Hau drauf, seed 0.

Each side runs as the command line runs it — `haudrauf tune --people
Anna,Bo,Cleo,Dan --stats FILE --json --quiet`, with the default workers
(every core) — in a subprocess of its own: the launcher is the console
script's two lines, on a Python without the site hooks (`-S`), so that the
editable install cannot slip this checkout in; `haudrauf` is a namespace
package, so a temp folder holding `haudrauf/<room>` links to the rooms of
the baseline's `git archive` (or of this checkout) on PYTHONPATH is the
whole package. Before timing, each side prints `haudrauf.tuner.tune.__file__`
to show which code it runs.

Counted: the wall time from starting the subprocess to its exit (Python's
start-up, the imports, the worker processes' start-up, every game, the
answer printed), and the CPU time of the subprocess and its workers
(`getrusage(RUSAGE_CHILDREN)`: the workers are reaped by the command).
The sides take turns round by round (interleaved: a busy neighbour slows
both alike); a figure is the median over the rounds; the ratio is
baseline / this checkout (above 1: faster now). Each seat's answer is
printed with its 95 % interval as the side's --json gives it. The machine
may be shared: the load (`os.getloadavg`) is printed before and after.

    python bench/bench_tune.py [--rounds 3] [--baseline 5fd7513] [--workers N]
"""
from __future__ import annotations

import argparse
import io
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from pathlib import Path

import numpy as np

from haudrauf.play.stats import StatsBook

ROOT = Path(__file__).resolve().parent.parent
#: name → (median turn in s, spread of the logs)
PEOPLE = {"Anna": (2.0, 0.45), "Bo": (3.0, 0.5), "Cleo": (4.5, 0.4), "Dan": (2.5, 0.6)}
LAUNCHER = "import sys\nfrom haudrauf.cli.main import main\nif __name__ == '__main__':\n    sys.exit(main())\n"


def write_book(path: Path) -> None:
    rng = np.random.default_rng(7)
    book, names = StatsBook(), list(PEOPLE)
    for seat, (median, sigma) in enumerate(PEOPLE.values()):
        for t in rng.lognormal(math.log(median), sigma, 150):
            book.record_turn(seat, float(t) * 1000, names)
        book.presses += [{"name": names[seat], "ms": float(ms)} for ms in rng.lognormal(math.log(400), 0.25, 6)]
    book.save(path)


def layout(source: Path, into: Path) -> Path:
    """A folder whose `haudrauf/<room>` links to the rooms of `source`, as its pyproject.toml maps them."""
    rooms = tomllib.loads((source / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    (into / "haudrauf").mkdir(parents=True)
    for package, folder in rooms.items():
        (into / "haudrauf" / package.split(".")[1]).symlink_to(source / folder)
    (into / "launch.py").write_text(LAUNCHER)
    return into


def baseline_source(rev: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def site_packages() -> str:
    return next(p for p in sys.path if p.endswith("site-packages"))


class Side:
    def __init__(self, name: str, path: Path, env: dict) -> None:
        self.name, self.path = name, path
        self.env = {**env, "PYTHONPATH": f"{path}{os.pathsep}{site_packages()}"}
        self.walls: list[float] = []
        self.cpus: list[float] = []
        self.answer: dict = {}

    def python(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-S", *args], env=self.env, capture_output=True, text=True)

    def which(self) -> str:
        done = self.python("-c", "import haudrauf.tuner.tune as t; print(t.__file__)")
        return done.stdout.strip() or done.stderr.strip()

    def run(self, argv: list[str]) -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = self.python(str(self.path / "launch.py"), *argv)
        self.walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode:
            sys.exit(f"{self.name}: exit {done.returncode}\n{done.stderr}")
        self.answer = json.loads(done.stdout)

    def report(self) -> None:
        a = self.answer
        print(f"  {self.name:9} wall {statistics.median(self.walls):6.2f} s (rounds: "
              f"{', '.join(f'{w:.2f}' for w in self.walls)}), CPU {statistics.median(self.cpus):6.2f} s, "
              f"{a['games']} games")
        print(f"            {a['recommendation']}")
        for seat in a["seats"]:
            low, high = seat["timeout_share_95"]
            print(f"            {seat['name']:5} +{seat['extra_time']:g} s  {seat['timeout_share']:6.1%}  "
                  f"95 % {low:6.1%} – {high:6.1%}  (± {(high - low) * 50:.1f} points, {seat['turns']} turns)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", default="5fd7513", help="the commit to compare with (default 5fd7513)")
    parser.add_argument("--workers", type=int, default=None, help="--workers of both (default: every core)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-tune-") as tmp:
        tmp = Path(tmp)
        (tmp / "config").mkdir()
        write_book(tmp / "stats.json")
        env = {**os.environ, "HAUDRAUF_CONFIG_DIR": str(tmp / "config")}
        old = baseline_source(args.baseline, tmp / "baseline-src")
        sides = [Side(f"{args.baseline}", layout(old, tmp / "baseline"), env),
                 Side("this", layout(ROOT, tmp / "this"), env)]
        argv = ["tune", "--people", ",".join(PEOPLE), "--stats", str(tmp / "stats.json"), "--json", "--quiet",
                *(["--workers", str(args.workers)] if args.workers else [])]
        for side in sides:
            print(f"{side.name:9} runs {side.which()}")
        print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        for _ in range(args.rounds):
            for side in sides:
                side.run(argv)
        print(f"load after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(f"haudrauf tune, four people, UNO Hau drauf, {os.cpu_count()} cores; medians of {args.rounds} rounds:")
        for side in sides:
            side.report()
        then, now = (statistics.median(side.walls) for side in sides)
        print(f"  wall time {args.baseline} / this: {then / now:.2f}")


if __name__ == "__main__":
    main()
