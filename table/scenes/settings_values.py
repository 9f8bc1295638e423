"""The unit's settings as a person reads and types them in the Settings
scene: each setting's label, its value in words (in the reader's language),
the step of its − / + buttons, and a typed time read back."""
from __future__ import annotations

from dataclasses import replace

from haudrauf.device.settings import SettingsError, UnitSettings
from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH, decimal, seconds
from haudrauf.words import Message, msg

#: The label a person reads for each unit setting (also used in error messages).
LABELS = {
    "turn_time": msg("Turn time"), "countdown_warnings": msg("Countdown beeps"),
    "slap_window": msg("Slap race window"), "slapper_races": msg("Slapper races too"),
    "spin_duration": msg("Spin duration"), "selection": msg("Next player"), "max_in_a_row": msg("Max in a row"),
    "sleep_after": msg("Sleep after"), "volume": msg("Volume"), "muted": msg("Mute"),
    "extra_time": msg("Extra time"),
}
#: Step of the − / + buttons per numeric setting.
STEPS = {"turn_time": 0.5, "countdown_warnings": 1, "slap_window": 0.5, "spin_duration": 0.5,
         "max_in_a_row": 1, "volume": 0.1, "extra_time": 1}
#: Sleep delays offered, shortest first; 0 (never) counts as the longest.
SLEEP_STEPS = (60, 120, 300, 600, 900, 1800, 3600, 0)
#: The selection policies as a player would name them (their ids are for settings.toml).
POLICY_NAMES = {"uniform": msg("Random"), "no-repeat": msg("No repeats"), "limit-repeats": msg("Limit repeats"),
                "shuffle-bag": msg("Everyone in turn")}
POLICY_HELP = {
    "uniform": msg("anyone, repeats allowed (the real unit)"),
    "no-repeat": msg("never the same player twice in a row"),
    "limit-repeats": msg("the same player at most N times in a row"),
    "shuffle-bag": msg("everyone once, then reshuffle"),
}


def sleep_label(value: float, lang: Language = ENGLISH) -> str:
    if value == 0:
        return lang.gettext("never")
    if value % 3600 == 0:
        return lang.gettext("{hours} h").format(hours=decimal(lang, value / 3600, "g"))
    if value % 60 == 0:
        return lang.gettext("{minutes} min").format(minutes=decimal(lang, value / 60, "g"))
    return seconds(lang, value)


def extra_label(value: float, lang: Language = ENGLISH) -> str:
    return f"+{seconds(lang, value)}"


def value_label(field: str, settings: UnitSettings, lang: Language = ENGLISH) -> str:
    """A unit setting's value as a person reads it."""
    value = getattr(settings, field)
    _ = lang.gettext
    if field == "extra_time":
        extra = [_("seat {number} {extra}").format(number=seat + 1, extra=extra_label(t, lang))
                 for seat, t in enumerate(value) if t]
        return ", ".join(extra) or _("none")
    if field == "turn_time":
        return _("no limit") if value is None else seconds(lang, value)
    if field in ("slap_window", "spin_duration"):
        return seconds(lang, value)
    if field == "sleep_after":
        return sleep_label(value, lang)
    if field == "volume":
        return _("{percent} %").format(percent=round(value * 100))
    if field == "selection":
        return lang.say(POLICY_NAMES[value])
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def parse_seconds(text: str) -> float:
    """What a person types for a time: "7.5", "7,5", "8 s". ValueError if it is no number."""
    return float(text.strip().lower().removesuffix("s").strip().replace(",", "."))


def friendly(error: SettingsError, lang: Language = ENGLISH) -> str:
    """A SettingsError in the reader's language, with the setting's label instead of its field name."""
    text = lang.say(labelled(error.message))
    return text[:1].upper() + text[1:]


def labelled(said: Message) -> Message:
    """The message with each `{setting}` field name (also inside "{setting} for seat {seat}") as its label."""
    def value(key, given):
        if isinstance(given, Message):
            return labelled(given)
        return LABELS.get(given, given) if key == "setting" else given
    return replace(said, values=tuple((key, value(key, given)) for key, given in said.values))
