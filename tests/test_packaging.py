"""What `pip install .` / `pipx install .` gets: one `haudrauf` package with its
sounds, font, phone page and rules pages, and no generic top-level names
(`device`, `engine`, `table`) to clash with other packages in site-packages."""
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel_files(tmp_path_factory) -> set[str]:
    """Built from a copy of the checkout (setuptools builds in the source folder,
    and two test workers must not share one `build/`)."""
    source, out = tmp_path_factory.mktemp("source") / "haudrauf", tmp_path_factory.mktemp("wheel")
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", "shots", "tests"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                            "--disable-pip-version-check", "-q", "-w", str(out), str(source)],
                           capture_output=True, text=True, timeout=300, cwd=out)
    assert built.returncode == 0, built.stderr
    (wheel,) = out.glob("haudrauf-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_the_wheel_is_one_package_named_haudrauf(wheel_files):
    tops = {name.split("/")[0] for name in wheel_files}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"haudrauf"}
    rooms = {name.split("/")[1] for name in wheel_files if name.startswith("haudrauf/") and name.count("/") > 1}
    assert {"device", "engine", "play", "tuner", "phones", "table", "cli", "sounds", "assets", "locale"} <= rooms


def test_the_wheel_carries_every_sound_the_font_the_phone_page_and_the_rules(wheel_files):
    wavs = {Path(name).name for name in wheel_files if name.startswith("haudrauf/sounds/") and name.endswith(".wav")}
    assert wavs == {p.name for p in (ROOT / "sounds").glob("*.wav")}
    assert {"haudrauf/assets/fonts/DejaVuSans.ttf", "haudrauf/assets/fonts/DejaVuSans-Bold.ttf",
            "haudrauf/assets/fonts/LICENSE-DejaVu.txt"} <= wheel_files
    page = {Path(name).name for name in wheel_files if name.startswith("haudrauf/phones/client/")}
    assert page == {p.name for p in (ROOT / "phones" / "client").iterdir() if p.is_file()}
    rules = {name.removeprefix("haudrauf/play/rules/") for name in wheel_files
             if name.startswith("haudrauf/play/rules/") and name.endswith(".md") and name.count("/") == 4}
    assert rules == {p.relative_to(ROOT / "play" / "rules").as_posix() for p in (ROOT / "play" / "rules").glob("*/*.md")}
    assert {"en/go-fish.md", "en/uno-hau-drauf.md"} <= rules
    catalogs = {name for name in wheel_files if name.startswith("haudrauf/locale/")}
    assert {f"haudrauf/locale/{lang}/LC_MESSAGES/haudrauf.po" for lang in ("de", "nb", "sv", "da", "fi", "be")} <= catalogs
    assert "haudrauf/locale/haudrauf.pot" in catalogs
    assert not any(name.startswith("haudrauf/assets/screenshots/") for name in wheel_files), "screenshots are for the README"
