"""The dependency direction of DESIGN.md: table → engine → device, never back;
device and engine never touch pygame, global randomness or threads."""
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
    for path in sorted((ROOT / package).rglob("*.py")):
        bad = set(imported_modules(path)) & FORBIDDEN[package]
        if bad:
            offenders.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert offenders == []


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
