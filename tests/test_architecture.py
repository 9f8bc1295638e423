"""The house of DESIGN.md and the rooms' READMEs, held by tests.

Every room is a top-level folder imported as `haudrauf.<room>`. Arrows point
only downward:

    words ← device ← engine ← play ← {tuner, phones} ← table ← cli (and testing)

`engine` takes from the unit only its event types (`device.events`); the
terminal unit (`cli/terminal.py`) sits beside the table, on `play` alone. The
table sits above `phones` and `tuner` because the window hosts both (the
Phones panel, Settings → Unit → Tune…). Only the table touches pygame: a
subprocess imports every other room and fails if pygame got loaded. The table
reaches the games only through `engine.registry` (and the game-neutral
`engine.core` / `engine.bots.base`), card faces excepted."""
import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Each room and the rooms it may import (besides itself).
MAY_IMPORT = {
    "words": set(),
    "device": {"words"},
    "engine": {"words", "device"},
    "play": {"words", "device", "engine"},
    "tuner": {"words", "device", "engine", "play"},
    "phones": {"words", "device", "engine", "play"},
    "table": {"words", "device", "engine", "play", "tuner", "phones"},
    "cli": {"words", "device", "engine", "play", "tuner", "phones", "table"},
    "testing": {"words", "device", "engine", "play", "tuner", "phones", "table", "cli"},
}
#: Modules that sit lower than their room: the curses unit is for machines without a display.
MODULE_MAY_IMPORT = {"cli/terminal.py": {"words", "device", "engine", "play"}}
#: Rooms (and modules) that must never load pygame, not even lazily.
NO_PYGAME = ("words", "device", "engine", "play", "tuner", "phones", "cli/terminal.py")
#: Never imported by any room: global randomness and timer threads.
NOWHERE = {"random", "threading"}

def full_imports(path: Path) -> set[str]:
    """Every module (or name) a file imports, spelt out: `from haudrauf.device import
    events` is `haudrauf.device.events`; imports inside functions count too."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def room_of(name: str) -> str | None:
    """`haudrauf.play.session` → "play"; a name outside the house → None."""
    parts = name.split(".")
    return parts[1] if parts[0] == "haudrauf" and len(parts) > 1 else None


def python_files(room: str) -> list[Path]:
    return sorted((ROOT / room).rglob("*.py"))


def test_the_rooms_are_the_packages_pyproject_ships():
    """A room that is not in pyproject's package-dir would vanish from the wheel."""
    import tomllib
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    shipped = {f"haudrauf.{'.'.join(p.parent.relative_to(ROOT).parts)}"
               for room in MAY_IMPORT for p in (ROOT / room).rglob("__init__.py")}
    assert shipped | {"haudrauf.sounds", "haudrauf.assets", "haudrauf.locale"} == set(config["packages"])
    assert config["package-dir"] == {f"haudrauf.{r}": r for r in [*MAY_IMPORT, "sounds", "assets", "locale"]}


@pytest.mark.parametrize("room", sorted(MAY_IMPORT))
def test_arrows_point_only_downward(room):
    offenders = []
    for path in python_files(room):
        rel = str(path.relative_to(ROOT))
        allowed = MODULE_MAY_IMPORT.get(rel, MAY_IMPORT[room]) | {room}
        names = full_imports(path)
        bad = sorted({n for n in names if room_of(n) and room_of(n) not in allowed}
                     | {n for n in names if n.split(".")[0] in {"words", "device", "engine", "table", "tests"}}
                     | {n for n in names if n.split(".")[0] in NOWHERE})
        if bad:
            offenders.append(f"{rel} imports {bad}")
    assert offenders == []


def test_pygame_is_imported_only_by_the_table_and_above():
    offenders = [f"{path.relative_to(ROOT)}" for spot in NO_PYGAME for path in python_files_of(spot)
                 if any(n.split(".")[0] == "pygame" for n in full_imports(path))]
    assert offenders == []


def python_files_of(spot: str) -> list[Path]:
    return [ROOT / spot] if spot.endswith(".py") else python_files(spot)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return "haudrauf." + ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_importing_every_room_without_a_window_loads_no_pygame():
    """What a machine without a display runs (the terminal unit, the simulator, the
    phones) loads no pygame at all, however deep the import chain; nor does the
    command line, until a command opens the window."""
    modules = [module_name(p) for spot in (*NO_PYGAME, "cli") for p in python_files_of(spot) if p.name != "__main__.py"]
    probe = ("import importlib, json, sys\n"
             f"for name in {modules!r}: importlib.import_module(name)\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert loaded == [], f"pygame was loaded: {loaded[:5]}"


def test_engine_takes_only_the_units_event_types_from_the_unit():
    offenders = [f"{path.relative_to(ROOT)} imports {name}" for path in python_files("engine")
                 for name in sorted(full_imports(path))
                 if room_of(name) == "device" and name.split(".")[:3] != ["haudrauf", "device", "events"]]
    assert offenders == []


#: Card faces paint and explain each game's own cards: the modules whose path starts so may
#: import them (table/faces/ and the sheet of them all).
CARD_FACES = {
    "table/faces": "card faces: colours, kinds and event cards of each game's faces, and the sheet of them all",
}
#: Rooms above the engine that reach the games through the registry alone.
ABOVE_THE_ENGINE = ("play", "tuner", "phones", "table", "cli")


def games_reached(path: Path) -> list[str]:
    return sorted(name for name in full_imports(path) if name.startswith("haudrauf.engine.games"))


def test_the_rooms_above_reach_games_only_through_the_registry():
    offenders = [f"{path.relative_to(ROOT)} imports {', '.join(games_reached(path))}"
                 for room in ABOVE_THE_ENGINE for path in python_files(room)
                 if games_reached(path) and not any(str(path.relative_to(ROOT)).startswith(p) for p in CARD_FACES)]
    assert offenders == [], "a room above the engine must reach a game through engine.registry (its GAME and BOTS)"


def test_every_card_faces_exception_is_still_needed():
    reaching = [str(path.relative_to(ROOT)) for path in python_files("table") if games_reached(path)]
    stale = [name for name in CARD_FACES if not any(found.startswith(name) for found in reaching)]
    assert stale == [], f"strike these from the exceptions: {stale}"


@pytest.mark.parametrize("room", sorted(MAY_IMPORT))
def test_no_global_numpy_randomness(room):
    offenders = [
        str(path.relative_to(ROOT))
        for path in python_files(room)
        if any(f"np.random.{name}(" in path.read_text()
               for name in ("rand", "randint", "choice", "shuffle", "seed", "random", "permutation"))
    ]
    assert offenders == []


def test_every_room_has_a_readme():
    for room in [*MAY_IMPORT, "bench", "tests", "sounds", "assets"]:
        assert (ROOT / room / "README.md").is_file(), f"{room}/README.md is missing"


#: No source module runs longer: small modules whose names explain them.
MAX_LINES = 500


def test_no_source_module_is_over_500_lines():
    too_long = {str(path.relative_to(ROOT)): n for room in [*MAY_IMPORT, "bench", "sounds"]
                for path in python_files(room) if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert too_long == {}


def test_the_benches_never_import_the_test_suite():
    """What both need lives in `haudrauf.testing`; a bench runs from an install without tests/."""
    offenders = [f"{path.relative_to(ROOT)} imports {name}" for path in python_files("bench")
                 for name in sorted(full_imports(path)) if name.split(".")[0] == "tests"]
    assert offenders == []
