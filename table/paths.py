"""Where the user's files live: settings and autosaves in the user's config
directory (HAUDRAUF_CONFIG_DIR overrides it, for tests and portable installs)."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def config_dir() -> Path:
    override = os.environ.get("HAUDRAUF_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("haudrauf"))


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def stats_path() -> Path:
    return config_dir() / "stats.json"


def autosave_path() -> Path:
    return config_dir() / "autosave.json"
