"""The unit's settings as a person reads and types them in the Settings
scene: each setting's label, its value in words, the step of its − / +
buttons, and a typed time read back."""
from __future__ import annotations

from haudrauf.device.settings import UnitSettings

#: The label a person reads for each unit setting (also used in error messages).
LABELS = {
    "turn_time": "Turn time", "countdown_warnings": "Countdown beeps", "slap_window": "Slap race window",
    "slapper_races": "Slapper races too", "spin_duration": "Spin duration", "selection": "Next player",
    "max_in_a_row": "Max in a row", "sleep_after": "Sleep after", "volume": "Volume", "muted": "Mute",
    "extra_time": "Extra time",
}
#: Step of the − / + buttons per numeric setting.
STEPS = {"turn_time": 0.5, "countdown_warnings": 1, "slap_window": 0.5, "spin_duration": 0.5,
         "max_in_a_row": 1, "volume": 0.1, "extra_time": 1}
#: Sleep delays offered, shortest first; 0 (never) counts as the longest.
SLEEP_STEPS = (60, 120, 300, 600, 900, 1800, 3600, 0)
#: The selection policies as a player would name them (their ids are for settings.toml).
POLICY_NAMES = {"uniform": "Random", "no-repeat": "No repeats", "limit-repeats": "Limit repeats",
                "shuffle-bag": "Everyone in turn"}
POLICY_HELP = {
    "uniform": "anyone, repeats allowed (the real unit)",
    "no-repeat": "never the same player twice in a row",
    "limit-repeats": "the same player at most N times in a row",
    "shuffle-bag": "everyone once, then reshuffle",
}


def seconds(value: float) -> str:
    return f"{value:g} s"


def sleep_label(value: float) -> str:
    if value == 0:
        return "never"
    if value % 3600 == 0:
        return f"{value / 3600:g} h"
    return f"{value / 60:g} min" if value % 60 == 0 else seconds(value)


def extra_label(value: float) -> str:
    return f"+{seconds(value)}"


def value_label(field: str, settings: UnitSettings) -> str:
    """A unit setting's value as a person reads it."""
    value = getattr(settings, field)
    if field == "extra_time":
        extra = [f"seat {seat + 1} {extra_label(t)}" for seat, t in enumerate(value) if t]
        return ", ".join(extra) or "none"
    if field == "turn_time":
        return "no limit" if value is None else seconds(value)
    if field in ("slap_window", "spin_duration"):
        return seconds(value)
    if field == "sleep_after":
        return sleep_label(value)
    if field == "volume":
        return f"{round(value * 100)} %"
    if field == "selection":
        return POLICY_NAMES[value]
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def parse_seconds(text: str) -> float:
    """What a person types for a time: "7.5", "7,5", "8 s". ValueError if it is no number."""
    return float(text.strip().lower().removesuffix("s").strip().replace(",", "."))


def friendly(error: Exception) -> str:
    """A SettingsError with the setting's label instead of its field name."""
    text = str(error)
    for field, label in LABELS.items():
        if text.startswith(field + " "):
            return label + text[len(field):]
    return text[:1].upper() + text[1:]
