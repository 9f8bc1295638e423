"""Everything a person sets, in one file (settings.toml in the user's config
directory): `[unit]` (device/settings.py), `[keys]` (keys.py), `[table]`
(names and display choices, here) and `[bots.easy|normal|hard]` (how fast
bots think and slap: engine/bots/base.py). A file that cannot be used is
reported in one line and moved aside as .bak (once: the next start finds a
good file or none); defaults fill in for what could not be used, and the
repaired file is written back. Saving is atomic."""
from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from haudrauf.play import language, storage
from haudrauf.device.settings import UnitSettings
from haudrauf.engine.bots.base import DIFFICULTIES, ReactionModel
from haudrauf.play.keys import KeyBindings
from haudrauf.words import Message, msg

DEFAULT_NAMES = ("Anna", "Bo", "Cleo", "Dan", "Eva", "Finn")
MAX_NAME = 16
LAYOUTS = ("upright", "flat")
FLASHES = ("full", "soft", "off")
CLOCK_RINGS = ("thin", "wide", "off")


@dataclass(frozen=True)
class TableSettings:
    names: tuple[str, ...] = DEFAULT_NAMES
    #: Highlight the cards you may play.
    hints: bool = True
    fullscreen: bool = False
    #: Unit mode's layout: "upright" (a laptop facing its players) or "flat"
    #: (a tablet lying in the middle: each seat's words face that seat's side).
    layout: str = "upright"
    #: Full-screen flashes on a timeout and a slap race: "full", "soft" (a
    #: coloured frame only, for anyone flashing light bothers) or "off".
    flashes: str = "full"
    #: The turn clock round the HAU DRAUF button: "thin", "wide" (read from
    #: across the table) or "off" (hidden: only the countdown beeps tell, as on
    #: the real unit).
    clock_ring: str = "thin"
    #: Phones: the widest ± (ms) a phone's presses may have for a fair slap
    #: race; a phone less sure than this is told its connection is too slow.
    fair_race_ms: float = 50.0
    #: The language the app and the command line speak (`play/language.py`);
    #: "" follows the system's.
    language: str = ""

    def __post_init__(self) -> None:
        if len(self.names) != 6 or not all(isinstance(n, str) and n.isprintable() for n in self.names):
            raise ValueError(msg("names must be six names of letters, one per seat"))
        if any(len(n) > MAX_NAME for n in self.names):
            raise ValueError(msg("a name may have at most {n} characters", n=MAX_NAME))
        for name in ("hints", "fullscreen"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(msg("{name} must be true or false", name=name))
        if type(self.fair_race_ms) not in (int, float) or not 1 <= self.fair_race_ms <= 1000:
            raise ValueError(msg("fair_race_ms must be a number of milliseconds from 1 to 1000"))
        for name, allowed in (("layout", LAYOUTS), ("flashes", FLASHES), ("clock_ring", CLOCK_RINGS)):
            if getattr(self, name) not in allowed:
                raise ValueError(msg("{name} must be one of {allowed}", name=name, allowed=allowed))
        if self.language != "":
            language.check(self.language)  # ValueError naming the languages

    def with_name(self, seat: int, name: str) -> "TableSettings":
        names = list(self.names)
        names[seat] = name.strip()[:MAX_NAME] or DEFAULT_NAMES[seat]
        return replace(self, names=tuple(names))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple["TableSettings", list[Message]]:
        settings, problems = cls(), []
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                problems.append(msg("unknown table setting {key} ignored", key=repr(key)))
                continue
            try:
                settings = replace(settings, **{key: tuple(value) if key == "names" else value})
            except (ValueError, TypeError) as exc:
                problems.append(msg("{key}: {why}; default used", key=key, why=said(exc)))
        return settings, problems


def said(exc: Exception) -> Message | str:
    """An error's reason: the Message it carries, else its own words (Python's, for a value of the wrong type)."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], Message) else str(exc)


def bots_from_dict(data: dict[str, Any]) -> tuple[dict[str, ReactionModel], list[Message]]:
    """Each difficulty's reaction model; a value left out keeps the built-in one."""
    models, problems = dict(DIFFICULTIES), []
    for name, values in data.items():
        if name not in DIFFICULTIES:
            problems.append(msg("unknown bot difficulty [bots.{name}] ignored (easy, normal, hard)", name=name))
            continue
        if not isinstance(values, dict):
            problems.append(msg("[bots.{name}] is not a table; default used", name=name))
            continue
        try:
            models[name] = replace(DIFFICULTIES[name], **values)
        except (ValueError, TypeError) as exc:
            problems.append(msg("[bots.{name}]: {why}; default used", name=name, why=said(exc)))
    return models, problems


@dataclass
class Settings:
    unit: UnitSettings = field(default_factory=UnitSettings)
    keys: KeyBindings = field(default_factory=KeyBindings)
    table: TableSettings = field(default_factory=TableSettings)
    bots: dict[str, ReactionModel] = field(default_factory=lambda: dict(DIFFICULTIES))


SECTIONS = ("unit", "keys", "table", "bots")
PARSERS = {"unit": UnitSettings.from_dict, "keys": KeyBindings.from_dict, "table": TableSettings.from_dict,
           "bots": bots_from_dict}


def load(path: Path) -> tuple[Settings, list[Message]]:
    """The settings, and at most one line about the file: what could not be
    used (the rest is kept, the file moved aside and written back repaired)."""
    data, problem = storage.read_toml(path)
    if problem:
        return Settings(), [problem]
    problems = [msg("unknown section [{name}] ignored", name=name) for name in data if name not in SECTIONS]
    parsed = {}
    for name in SECTIONS:
        section = data.get(name, {})
        if not isinstance(section, dict):
            problems.append(msg("[{name}] is not a table; defaults used", name=name))
            section = {}
        try:
            parsed[name], found = PARSERS[name](section)
        except Exception:  # noqa: BLE001 — the file is untrusted: any value that breaks a parser is refused
            parsed[name], found = PARSERS[name]({})[0], [msg("[{name}] is damaged; defaults used", name=name)]
        problems += found
    settings = Settings(**parsed)
    return settings, [_repaired(path, settings, problems)] if problems else []


def _repaired(path: Path, settings: Settings, problems: list[Message | str]) -> Message:
    """Keep the old file aside and write what was usable back: one line says so."""
    listed = problems[0]
    for problem in problems[1:]:
        listed = msg("{problems}; {problem}", problems=listed, problem=problem)
    line = storage.set_aside(path, msg("has settings that cannot be used: {problems}", problems=listed),
                             msg("the rest kept"))
    if not os.path.lexists(path):
        try:
            save(path, settings)
        except OSError as exc:
            line = msg("{line} (not written back: {reason})", line=line, reason=storage.reason(exc))
    return line


def save(path: Path, settings: Settings) -> None:
    table = asdict(settings.table)
    table["names"] = list(table["names"])
    bots = {name: asdict(model) for name, model in settings.bots.items()}
    storage.write_toml(path, {"unit": settings.unit.to_dict(), "keys": settings.keys.to_dict(), "table": table,
                              "bots": bots})
