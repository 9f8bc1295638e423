"""Sounds for the table: the WAVs in `sounds/` played through `pygame.mixer`.

Sound is a nicety, never a reason to fail. If the mixer cannot start, the
folder is missing or a file is broken, that sound stays silent and the reason
is kept in `Audio.problems` (a list of sentences for people) — nothing here
raises because of the machine or the files. Only wrong arguments from our own
code (a volume of 2) raise `ValueError`.

This module touches only `pygame.mixer`: the input adapter owns the event
queue, so nothing here reads or pumps events.
"""
from __future__ import annotations

import logging
import math
import numbers
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

import pygame

from haudrauf.device import events as uev
from haudrauf.engine.core import GameEnd, GameEvent, RoundEnd

log = logging.getLogger(__name__)

#: Where the WAVs live: the `haudrauf.sounds` package data (the `sounds/` folder
#: of a checkout, see sounds/README.md), found the same way in a wheel and a checkout.
#: Installed packages are plain folders, so the resource is a real path pygame can open.
SOUNDS_DIR = Path(str(resources.files("haudrauf.sounds")))

#: Every sound sounds/make_sounds.py writes; a missing one is reported.
SOUND_NAMES = (
    "beep", "register", "leave", "start", "spin_tick", "selected", "countdown",
    "buzzer", "slap_start", "slap_hit", "slap_lose", "penalty", "card_play",
    "card_draw", "shuffle", "uno", "round_win", "win", "pause", "resume",
    "sleep", "wake", "error", "refused",
)

#: Which sound a unit event makes, by its type (device/events.py: the unit knows
#: no sound files). Events not listed (PoweredOff, RegistrationOpened,
#: SettingsChanged) are silent. A game's events carry their own (`GameEvent.sound`).
SOUND_FOR_EVENT = {
    uev.PoweredOn: "wake",
    uev.SeatRegistered: "register",
    uev.SeatLeft: "leave",
    uev.StartRefused: "error",
    uev.GameStarted: "start",
    uev.SpinStarted: "spin_tick",  # the caller plays the further ticks from the schedule
    uev.PlayerSelected: "selected",
    uev.CountdownWarning: "countdown",
    uev.TurnEnded: "beep",
    uev.TurnTimedOut: "buzzer",
    uev.PenaltyAcknowledged: "penalty",
    uev.NotYourTurn: "error",
    uev.InputIgnored: "error",
    uev.SlapStarted: "slap_start",
    uev.SlapPressed: "slap_hit",
    uev.SlapResult: "slap_lose",
    uev.Paused: "pause",
    uev.Resumed: "resume",
    uev.FellAsleep: "sleep",
    uev.WokeUp: "wake",
}


def game_event_sound(event: GameEvent) -> str | None:
    """The game's end outranks the round it ends too (a single game of Skip-Bo is
    both); otherwise the event's own sound, or a penalty's: penalties are events
    with a `cause` and a `count` of cards (as the simulator counts them)."""
    if isinstance(event, GameEnd):
        return "win"
    if isinstance(event, RoundEnd):
        return "round_win"
    if event.sound:
        return event.sound
    if getattr(event, "cause", None) and getattr(event, "count", 0):
        return "penalty"
    return None


RATE = 44100
#: Mixer channels: enough for spin ticks, six slap hits and a countdown at once.
CHANNELS = 16


def checked_volume(volume: object) -> float:
    """The volume as a float, or ValueError saying what is allowed."""
    if isinstance(volume, bool) or not isinstance(volume, numbers.Real) or not math.isfinite(volume):
        raise ValueError(f"volume must be a number between 0 and 1, got {volume!r}")
    if not 0 <= volume <= 1:
        raise ValueError(f"volume must be between 0 and 1, got {volume!r}")
    return float(volume)


def checked_muted(muted: object) -> bool:
    if not isinstance(muted, bool):
        raise ValueError(f"muted must be True or False, got {muted!r}")
    return muted


class Audio:
    """Plays the table's sounds by name; silent (with `problems`) where it cannot."""

    def __init__(self, folder: Path | str | None = None, *, volume: float = 0.8, muted: bool = False):
        self.folder = Path(folder) if folder is not None else SOUNDS_DIR
        self.problems: list[str] = []
        self._volume = checked_volume(volume)
        self._muted = checked_muted(muted)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._owns_mixer = False
        self.available = self._start_mixer()
        if self.available:
            self._load_folder()
        self._apply_volume()

    # --- state --------------------------------------------------------------

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    @property
    def silent(self) -> bool:
        """Nothing will be heard: muted, or the volume at 0 (both show the muted badge)."""
        return self._muted or self._volume == 0

    @property
    def loaded(self) -> tuple[str, ...]:
        """Names of the sounds that can actually play."""
        return tuple(sorted(self._sounds))

    def set_volume(self, volume: float) -> None:
        """0 (silent) to 1 (full); anything else is a ValueError."""
        self._volume = checked_volume(volume)
        self._apply_volume()

    def set_muted(self, muted: bool) -> None:
        """Mute also silences sounds already playing."""
        self._muted = checked_muted(muted)
        self._apply_volume()

    # --- playing --------------------------------------------------------------

    def play(self, name: str) -> bool:
        """Start a sound; True if it is audible now. Never raises."""
        if self.silent:
            return False
        sound = self._sounds.get(name)
        if sound is None:
            if name not in SOUND_NAMES:  # the expected ones were reported when loading
                self._problem(f"there is no sound called {name!r}")
            return False
        try:
            return sound.play() is not None  # None: every channel busy
        except Exception as exc:  # pygame.error or anything SDL reports
            self._problem(f"{name}.wav could not be played ({exc}); it stays silent")
            return False

    def play_for_unit_events(self, events: Iterable[object]) -> list[str]:
        """Play the sound of each unit event, each sound once per batch; returns their names."""
        names: list[str] = []
        for event in events:
            name = SOUND_FOR_EVENT.get(type(event))
            if name is not None and name not in names:
                names.append(name)
        for name in names:
            self.play(name)
        return names

    def close(self) -> None:
        """Stop everything; shut the mixer down if this object started it."""
        self._sounds.clear()
        if self._owns_mixer:
            try:
                pygame.mixer.quit()
            except Exception:  # already gone: nothing left to close
                pass
            self._owns_mixer = False

    # --- loading --------------------------------------------------------------

    def _start_mixer(self) -> bool:
        """Open the audio device (or use the one already open); False if impossible."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
                self._owns_mixer = True
            pygame.mixer.set_num_channels(max(pygame.mixer.get_num_channels(), CHANNELS))
        except Exception as exc:  # pygame.error, a missing mixer module, …
            self._problem(f"no sound: the audio device could not be opened ({exc})")
            return False
        return True

    def _load_folder(self) -> None:
        """Load every WAV in the folder, then report the expected ones that are absent."""
        if not self.folder.is_dir():
            self._problem(f"no sound: the sound folder {self.folder} does not exist")
            return
        broken = {path.stem for path in sorted(self.folder.glob("*.wav")) if not self._load(path)}
        missing = [name for name in SOUND_NAMES if name not in self._sounds and name not in broken]
        if missing:
            self._problem(f"missing in {self.folder}: {', '.join(f'{n}.wav' for n in missing)} "
                          "(these stay silent; `python sounds/make_sounds.py` makes them)")

    def _load(self, path: Path) -> bool:
        try:
            self._sounds[path.stem] = pygame.mixer.Sound(str(path))
        except Exception as exc:  # corrupt, unreadable, wrong format
            self._problem(f"{path.name} could not be read ({exc}); it stays silent")
            return False
        return True

    def _apply_volume(self) -> None:
        level = 0.0 if self._muted else self._volume
        for sound in self._sounds.values():
            sound.set_volume(level)

    def _problem(self, message: str) -> None:
        """Remember a problem once (and log it) instead of raising."""
        if message not in self.problems:
            self.problems.append(message)
            log.warning("audio: %s", message)
