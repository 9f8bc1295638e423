"""The dependency direction of DESIGN.md and the package READMEs: table →
engine → device, never back; device and engine never touch pygame, global
randomness or threads; engine takes from the unit only its event types
(`device.events`); the table reaches the games only through `engine.registry`
(and the game-neutral `engine.core` / `engine.bots.base`), card faces excepted."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "device": {"pygame", "table", "engine", "random", "threading"},
    "engine": {"pygame", "table", "random", "threading"},
}


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module.split(".")[0]


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_stay_in_their_lane(package):
    offenders = []
    for path in python_files(package):
        bad = set(imported_modules(path)) & FORBIDDEN[package]
        if bad:
            offenders.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert offenders == []


#: Card faces paint and explain each game's own cards: the modules whose path starts so may
#: import them (table/faces.py today, table/faces/ once it is a package; faces_sheet.py).
CARD_FACES = {
    "table/faces": "card faces: colours, kinds and event cards of each game's faces, and the sheet of them all",
}
#: Other table modules that import a game's own modules, each with its reason (none since
#: the unit driver became game-neutral). Strike a line when its module stops (a stale line fails).
TABLE_REACHES_INTO_GAMES: dict[str, str] = {}


def full_imports(path: Path) -> set[str]:
    """Every module (or name) a file imports, spelt out: `from device import
    events` is `device.events`, `from engine.games import go_fish` is
    `engine.games.go_fish`; imports inside functions count too."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def python_files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def test_engine_takes_only_the_units_event_types_from_the_unit():
    offenders = [f"{path.relative_to(ROOT)} imports {name}" for path in python_files("engine")
                 for name in sorted(full_imports(path))
                 if name.split(".")[0] == "device" and name.split(".")[:2] != ["device", "events"]]
    assert offenders == []


def games_reached(path: Path) -> list[str]:
    return sorted(name for name in full_imports(path) if name.startswith("engine.games"))


def excepted(name: str) -> bool:
    return name in TABLE_REACHES_INTO_GAMES or any(name.startswith(prefix) for prefix in CARD_FACES)


def test_the_table_reaches_games_only_through_the_registry():
    offenders = [f"{path.relative_to(ROOT)} imports {', '.join(games_reached(path))}"
                 for path in python_files("table")
                 if games_reached(path) and not excepted(str(path.relative_to(ROOT)))]
    assert offenders == [], "the table must reach a game through engine.registry (its GAME and BOTS)"


def test_every_exception_is_still_needed():
    """A module that no longer reaches into a game leaves the lists above."""
    reaching = [str(path.relative_to(ROOT)) for path in python_files("table") if games_reached(path)]
    stale = [name for name in [*TABLE_REACHES_INTO_GAMES, *CARD_FACES]
             if not any(found.startswith(name) for found in reaching)]
    assert stale == [], f"strike these from the exceptions: {stale}"


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_global_numpy_randomness(package):
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / package).rglob("*.py"))
        if any(f"np.random.{name}(" in path.read_text()
               for name in ("rand", "randint", "choice", "shuffle", "seed", "random", "permutation"))
    ]
    assert offenders == []


def test_every_package_has_a_readme():
    for package in ("device", "engine", "table", "bench", "tests"):
        assert (ROOT / package / "README.md").is_file(), f"{package}/README.md is missing"
