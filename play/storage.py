"""Files that must never be lost: atomic writes, and reading that trusts
nothing on disk (a folder, a pipe, binary junk, a huge or absurdly nested
file) and moves a file that cannot be used aside, once, instead of
overwriting it or copying it again at every start."""
from __future__ import annotations

import json
import math
import os
import re
import stat
import tempfile
import tomllib
from pathlib import Path
from typing import Any, Iterable

import tomli_w

from haudrauf.words import Message, msg

#: Far above any settings, stats or save file we write: a bigger file is not ours.
MAX_BYTES = 32 * 1024 * 1024
#: The temporary files `write_atomic` makes: "<name>.<8 random characters>.tmp".
TMP_TAIL = r"\.[a-z0-9_]{8}\.tmp"


class Unusable(Exception):
    """A file that is there but cannot be used. `message` says why in a person's
    words, to follow the file's name: "is a folder, not a file" (str() in English)."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


def read_text(path: Path, limit: int = MAX_BYTES) -> str | None:
    """The file's text (a UTF-8 byte order mark is fine); None if there is no
    file. Raises Unusable. Never blocks: a pipe is refused without waiting
    for a writer."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (FileNotFoundError, NotADirectoryError):  # no file, or no folder to hold one
        return None
    except IsADirectoryError:
        raise Unusable(msg("is a folder, not a file")) from None
    except PermissionError:
        raise Unusable(msg("may not be read (permission denied)")) from None
    except OSError as exc:
        raise Unusable(msg("cannot be opened ({reason})", reason=reason(exc))) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise Unusable(msg("is a folder, not a file"))
        if not stat.S_ISREG(info.st_mode):
            raise Unusable(msg("is not a plain file (a pipe or a device)"))
        raw = _read_at_most(fd, limit)
    except OSError as exc:
        raise Unusable(msg("cannot be read ({reason})", reason=reason(exc))) from None
    finally:
        os.close(fd)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Unusable(msg("is not text (it holds binary data)")) from None


def _read_at_most(fd: int, limit: int) -> bytes:
    chunks, size = [], 0
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise Unusable(msg("is too large ({size} MB or more; ours are far smaller)", size=str(size // (1 << 20))))
    return b"".join(chunks)


def reason(exc: OSError) -> str:
    """The system's reason, without Python's decoration ("[Errno 13] …: '/x'")."""
    return (exc.strerror or str(exc)).lower()


def parse_toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise Unusable(msg("is not valid TOML ({error})", error=str(exc))) from None
    except RecursionError:
        raise Unusable(msg("is nested too deeply to be ours")) from None


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Unusable(msg("holds {number}, which is too large to be a number we saved", number=text))
    return value


def _no_constants(name: str) -> None:
    raise Unusable(msg("holds {name}, which is not a number", name=name))


def parse_json(text: str) -> Any:
    """JSON as we write it: no NaN or Infinity, no absurd nesting."""
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_no_constants)
    except RecursionError:
        raise Unusable(msg("is nested too deeply to be ours")) from None
    except ValueError as exc:
        raise Unusable(msg("is not valid JSON ({error})", error=str(exc))) from None


def keep_aside(path: Path) -> Path:
    """Move a file (or folder, or pipe) that could not be used to `<name>.bak`,
    or `<name>.N.bak` — a name nothing has, not even a dangling link — so the
    user can recover it and it is reported once. Raises OSError."""
    path = Path(path)
    candidate, n = path.with_name(path.name + ".bak"), 1
    while os.path.lexists(candidate):
        candidate = path.with_name(f"{path.name}.{n}.bak")
        n += 1
    os.rename(path, candidate)
    return candidate


def set_aside(path: Path, why: Message, instead: Message) -> Message:
    """Keep an unusable file aside and say so in one line:
    "settings.toml is a folder, not a file; kept aside as settings.toml.bak, defaults used"."""
    name = Path(path).name
    try:
        backup = keep_aside(path)
    except OSError as exc:
        return msg("{file} {why}; it could not be moved aside ({reason}), {instead}", file=name, why=why,
                   reason=reason(exc), instead=instead)
    return msg("{file} {why}; kept aside as {backup}, {instead}", file=name, why=why, backup=backup.name,
               instead=instead)


def read_toml(path: Path) -> tuple[dict[str, Any], Message | None]:
    """A TOML file as a table. Returns (data, problem): a missing file is `{}`
    and no problem; an unusable one is kept aside and reported, `{}` returned."""
    try:
        text = read_text(path)
        return ({} if text is None else parse_toml(text)), None
    except Unusable as why:
        return {}, set_aside(path, why.message, msg("defaults used"))


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write `text` (or bytes: an image) so that `path` holds either the old or the new content, never
    a torn mix: write a temporary file beside it, flush it to disk, rename, and
    flush the folder (so the rename survives a power cut). Raises OSError."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") if isinstance(text, bytes) else os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # a system that cannot open folders (Windows) flushes renames itself
        return
    try:
        os.fsync(fd)
    except OSError:  # a file system without folder fsync: the rename is done, nothing more to do
        pass
    finally:
        os.close(fd)


def remove_orphans(folder: Path, names: Iterable[str]) -> list[str]:
    """Delete the temporary files a crash mid-write left beside `names`
    (only ours: "<name>.<random>.tmp"); returns what was removed."""
    pattern = re.compile(f"(?:{'|'.join(map(re.escape, names))}){TMP_TAIL}")
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no folder (yet), or not one: nothing was left there
        return removed
    for entry in entries:
        if pattern.fullmatch(entry.name) and not entry.is_dir(follow_symlinks=False):
            try:
                os.unlink(entry.path)
                removed.append(entry.name)
            except OSError:  # a read-only folder: the stray file harms nothing
                continue
    return removed


def write_toml(path: Path, data: dict[str, Any]) -> None:
    write_atomic(path, tomli_w.dumps(data))
