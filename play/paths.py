"""Where the user's files live: settings and autosaves in the user's config
directory (HAUDRAUF_CONFIG_DIR overrides it, for tests and portable installs),
and what to say when that folder cannot hold them."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import platformdirs

from haudrauf.play import storage
from haudrauf.words import Message, msg

#: Every file we write there (the last finished game too: autosave.LAST_GAME).
FILES = ("settings.toml", "stats.json", "autosave.json", "last-game.json")


def config_dir() -> Path:
    override = os.environ.get("HAUDRAUF_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("haudrauf"))


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def stats_path() -> Path:
    return config_dir() / "stats.json"


def autosave_path() -> Path:
    return config_dir() / "autosave.json"


def folder_problem() -> Message | None:
    """One line if the settings folder cannot hold our files (a missing one is
    made at the first save, with its parents)."""
    folder = config_dir()
    if os.path.lexists(folder) and not folder.is_dir():
        return msg("the settings folder {folder} is a file, not a folder; defaults used, nothing will be saved",
                   folder=str(folder))
    if folder.is_dir() and not os.access(folder, os.W_OK):
        return msg("the settings folder {folder} is read-only; nothing will be saved", folder=str(folder))
    return None


def tidy() -> list[str]:
    """Remove what a crash mid-save left in the settings folder (our own temporary files only)."""
    return storage.remove_orphans(config_dir(), FILES)


def why_unsaved(exc: OSError) -> Message | str:
    """Why a save failed, as a player would understand it (else the system's own words)."""
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return msg("the settings folder is read-only")
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return msg("the disk is full")
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):  # mkdir of a folder that is a file says EEXIST
        return msg("the settings folder is a file, not a folder")
    if exc.errno == errno.EISDIR:
        return msg("a folder is in the way of the file")
    return storage.reason(exc)
