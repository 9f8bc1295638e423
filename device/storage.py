"""Files that must never be lost: atomic writes, and reading that keeps a bad
file aside instead of overwriting it."""
from __future__ import annotations

import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import tomli_w


def write_atomic(path: Path, text: str) -> None:
    """Write `text` so that `path` holds either the old or the new content, never
    a torn mix: write a temporary file beside it, flush it to disk, rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def keep_aside(path: Path) -> Path:
    """Copy a file that could not be used to `<name>.bak` (or `<name>.N.bak` if
    that exists already) so the user can recover it; returns the copy's path."""
    path = Path(path)
    candidate = path.with_name(path.name + ".bak")
    n = 1
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.{n}.bak")
        n += 1
    candidate.write_bytes(path.read_bytes())
    return candidate


def read_toml(path: Path) -> tuple[dict[str, Any], str | None]:
    """Read a TOML file. Returns (data, problem): a missing file is `{}` and no
    problem; an unreadable one is kept aside and reported, and `{}` returned."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}, None
    try:
        return tomllib.loads(raw.decode("utf-8")), None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        backup = keep_aside(path)
        return {}, f"{path} could not be read ({exc}); kept aside as {backup.name}, defaults used"


def write_toml(path: Path, data: dict[str, Any]) -> None:
    write_atomic(path, tomli_w.dumps(data))
