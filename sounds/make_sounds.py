"""Synthesise every sound of the table with numpy and write them as WAV files.

Run `python sounds/make_sounds.py` (optionally with a target folder) to
regenerate `sounds/*.wav`. The output is deterministic: the only noise comes
from numpy Generators with fixed seeds, so the committed files can be checked
against a fresh synthesis by the tests.

Every sound is 44100 Hz mono 16-bit PCM, starts and ends at silence (short
fades, no clicks), has no DC offset and peaks at or below -1 dBFS. The
oscillators are additive and band-limited (no harmonic above 0.45 × the sample
rate), so the square and sawtooth tones of an electronic toy do not alias.

Levels are matched by loudness, not by peak: a held square beep and a decaying
bell with the same peak sound far apart in level. Every sound is scaled to the
same `loudness_db` (K-weighted energy in its loudest 0.1 s); the few that must
stay in the background are quieter by the amount `QUIETER_DB` states.
"""
from __future__ import annotations

import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

from haudrauf.sounds.synth import (
    LOUDNESS_DB,
    NOTE,
    RATE,
    SAMPLE_WIDTH,
    chord,
    constant,
    decay,
    envelope,
    finish,
    glide,
    melody,
    mix,
    noise,
    note,
    oscillator,
    rng_for,
    samples,
    silence,
    steps,
    vibrato,
)

HERE = Path(__file__).resolve().parent


# --- the sounds ----------------------------------------------------------------
# Each returns a raw signal; `synthesise` finishes it at its level (`level_of`).

def beep() -> np.ndarray:
    """Button press: one short, bright square pip."""
    return note(NOTE["E6"], 0.075, cutoff=4000, release=0.025)


def register() -> np.ndarray:
    """A seat joins: two quick notes going up."""
    return melody([("C6", 0.065), ("G6", 0.11)], cutoff=4500)


def leave() -> np.ndarray:
    """A seat leaves: the same two notes going down."""
    return melody([("G6", 0.065), ("C6", 0.11)], cutoff=4500)


def start() -> np.ndarray:
    """Game starts: a quick rising arpeggio up to a held, slightly wobbling high G
    (higher and climbing further than the round won's fanfare, which ends on C)."""
    run = melody([("C5", 0.07), ("E5", 0.07), ("G5", 0.07), ("C6", 0.07)], cutoff=5000)
    top = oscillator(vibrato(constant(NOTE["G6"], 0.3), 7.0, 0.006), "square", 5000)
    top *= envelope(top.size, release=0.12, sustain=0.6)
    return np.concatenate([run, silence(0.012), top])


def spin_tick() -> np.ndarray:
    """One step of the running light: a tiny wooden-sounding tick, short enough to repeat fast."""
    n = samples(0.022)
    return oscillator(constant(2200.0, 0.022), "triangle") * decay(n, 0.005, attack=0.0005)


def selected() -> np.ndarray:
    """The light stops on a seat: a bell-like ding (inharmonic partials, long decay)."""
    duration = 0.45
    n = samples(duration)
    partials = [(1.0, 1.0, 0.16), (2.0, 0.45, 0.09), (2.76, 0.25, 0.05), (5.4, 0.1, 0.025)]
    base = NOTE["E6"]
    return sum(amp * oscillator(constant(base * ratio, duration)) * decay(n, tau)
               for ratio, amp, tau in partials)


def countdown() -> np.ndarray:
    """Last seconds of a turn: a lower, longer pip than the button beep, clearly a warning."""
    return note(NOTE["A5"], 0.13, cutoff=3500, release=0.03)


def buzzer() -> np.ndarray:
    """Timeout: two detuned low square waves beating against each other, raspy and loud."""
    duration = 0.6
    a = oscillator(constant(150.0, duration), "saw", 5000)
    b = oscillator(constant(157.0, duration), "square", 5000)
    rasp = 1.0 - 0.25 * (0.5 + 0.5 * np.sign(np.sin(2 * np.pi * 30 * np.arange(a.size) / RATE)))
    tone = (a + b) * rasp
    return tone * envelope(tone.size, attack=0.006, release=0.04)


def slap_start() -> np.ndarray:
    """HAU DRAUF! race begins: a fast two-tone alarm, hi-lo-hi-lo-hi."""
    pattern = [(1320.0, 0.085), (990.0, 0.085)] * 2 + [(1320.0, 0.12)]
    tone = oscillator(steps(pattern), "square", 4500)
    return tone * envelope(tone.size, attack=0.003, release=0.04)


def slap_hit() -> np.ndarray:
    """A racer pressed: a short 'bonk' (falling pitch) with a click on top."""
    duration = 0.1
    n = samples(duration)
    bonk = oscillator(glide(700.0, 380.0, duration), "triangle") * decay(n, 0.035)
    click = noise(0.012, 2000, 7000, rng_for("slap_hit")) * decay(samples(0.012), 0.002)
    return mix((0.0, bonk), (0.0, 0.35 * click))


def slap_lose() -> np.ndarray:
    """The slowest racer: a descending sad-trombone 'wah-wah-wah-waaah'.

    Each note's brightness swells and falls (a moving low-pass), which makes the wah;
    the last note is long and wobbles.
    """
    notes = [("D4", 0.2), ("C#4", 0.2), ("C4", 0.2), ("B3", 0.55)]
    parts = []
    for i, (name, duration) in enumerate(notes):
        freq = constant(NOTE[name], duration)
        if i == len(notes) - 1:
            freq = vibrato(freq, 6.0, 0.02)
        swell = np.sin(np.pi * np.linspace(0.0, 1.0, freq.size)) ** 0.7
        tone = oscillator(freq, "saw", cutoff=300.0 + 2200.0 * swell)
        parts += [tone * envelope(tone.size, attack=0.02, release=0.05), silence(0.025)]
    return np.concatenate(parts[:-1])


def penalty() -> np.ndarray:
    """Take cards: an 'uh-oh', two falling notes, low and buzzy."""
    return melody([("D5", 0.11), ("G4", 0.22)], gap=0.03, shape="saw", cutoff=2500, release=0.05)


def card_play() -> np.ndarray:
    """A card laid on the pile: a soft swish ending in a light tap."""
    rng = rng_for("card_play")
    swish = noise(0.08, 1500, 6000, rng)
    swish *= np.linspace(0.0, 1.0, swish.size) ** 2
    tap = noise(0.03, 300, 2500, rng) * decay(samples(0.03), 0.006)
    return mix((0.0, 0.6 * swish), (0.075, tap))


def card_draw() -> np.ndarray:
    """A card taken from the pile: a quick swish that slides away (falling brightness)."""
    rng = rng_for("card_draw")
    bright = noise(0.12, 2500, 7000, rng) * decay(samples(0.12), 0.025)
    dull = noise(0.12, 800, 3000, rng) * decay(samples(0.12), 0.05, attack=0.01)
    return bright + 0.7 * dull


def shuffle() -> np.ndarray:
    """A riffle shuffle: a burst of tiny card clicks getting denser, then a settling tap."""
    rng = rng_for("shuffle")
    duration = 0.6
    times = np.sort(0.55 * np.sqrt(rng.random(40)))  # denser towards the end
    grain_n = samples(0.008)
    parts = []
    for at in times:
        grain = noise(0.008, 1800, 6500, rng) * decay(grain_n, 0.0025, attack=0.0005)
        parts.append((float(at), (0.5 + 0.5 * rng.random()) * grain))
    settle = noise(0.04, 300, 2000, rng) * decay(samples(0.04), 0.01)
    return mix((0.0, silence(duration)), *parts, (0.55, settle))


def uno() -> np.ndarray:
    """Someone called UNO: 'U-NO!', a short note and a higher one that wobbles."""
    u = note(NOTE["G5"], 0.11, cutoff=4500)
    no = oscillator(vibrato(constant(NOTE["D6"], 0.28), 8.0, 0.01), "square", 4500)
    no *= envelope(no.size, release=0.08, sustain=0.7)
    return np.concatenate([u, silence(0.03), no])


def round_win() -> np.ndarray:
    """A round won: 'ta-ta-ta-taaa', three repeated notes and a major chord."""
    run = melody([("G5", 0.08), ("G5", 0.08), ("G5", 0.08)], gap=0.03, cutoff=5000)
    final = chord(["C6", "E6", "G6"], 0.42, cutoff=5000, release=0.15, sustain=0.5)
    return np.concatenate([run, silence(0.03), final])


def win() -> np.ndarray:
    """The game won: a longer fanfare climbing to a held chord with vibrato on top."""
    run = melody([("C5", 0.1), ("E5", 0.1), ("G5", 0.1), ("C6", 0.16),
                  ("G5", 0.1), ("C6", 0.1)], gap=0.025, cutoff=5000)
    duration = 0.7
    lower = chord(["C5", "E5", "G5"], duration, shape="saw", cutoff=2500, release=0.25, sustain=0.5)
    top = oscillator(vibrato(constant(NOTE["C6"], duration), 6.0, 0.008), "square", 5000)
    top *= envelope(top.size, release=0.25, sustain=0.5)
    return np.concatenate([run, silence(0.03), 0.6 * lower + top])


def pause() -> np.ndarray:
    """Paused: a soft two-note step down, like setting something aside."""
    return melody([("A5", 0.09), ("E5", 0.13)], gap=0.02, shape="triangle", release=0.05)


def resume() -> np.ndarray:
    """Resumed: the pause notes going back up."""
    return melody([("E5", 0.09), ("A5", 0.13)], gap=0.02, shape="triangle", release=0.05)


def sleep() -> np.ndarray:
    """Falls asleep: a slow, soft slide down that fades out."""
    duration = 0.7
    tone = oscillator(glide(880.0, 220.0, duration), "triangle")
    return tone * envelope(tone.size, attack=0.01, release=0.3, sustain=0.3)


def wake() -> np.ndarray:
    """Wakes up (also power on): a quick bright slide up."""
    duration = 0.35
    tone = oscillator(glide(330.0, 1320.0, duration), "square", 3500)
    return tone * envelope(tone.size, attack=0.01, release=0.06)


def error() -> np.ndarray:
    """A refused move: a gentle low double beep, soft-edged (no bright harmonics)."""
    return melody([("D4", 0.09), ("D4", 0.09)], gap=0.06, shape="triangle", attack=0.008, release=0.03)


def refused() -> np.ndarray:
    """A card that cannot be played: one soft, low, short 'thup' — a hint, not a scolding."""
    duration = 0.14
    tone = oscillator(glide(NOTE["E4"], NOTE["C4"], duration), "triangle")
    return tone * decay(tone.size, 0.04, attack=0.006)


#: Every sound by its file name (table/audio.py plays them by these names).
SOUNDS: dict[str, Callable[[], np.ndarray]] = {
    "beep": beep,
    "register": register,
    "leave": leave,
    "start": start,
    "spin_tick": spin_tick,
    "selected": selected,
    "countdown": countdown,
    "buzzer": buzzer,
    "slap_start": slap_start,
    "slap_hit": slap_hit,
    "slap_lose": slap_lose,
    "penalty": penalty,
    "card_play": card_play,
    "card_draw": card_draw,
    "shuffle": shuffle,
    "uno": uno,
    "round_win": round_win,
    "win": win,
    "pause": pause,
    "resume": resume,
    "sleep": sleep,
    "wake": wake,
    "error": error,
    "refused": refused,
}
#: The sounds kept below the others, and by how many dB: the spin tick repeats
#: up to twenty times a second under the players' talk, table mode's card noises
#: are background, not signals, and a card that cannot be played gets a hint
#: softer still, not a scolding.
QUIETER_DB = {"spin_tick": 6.0, "card_play": 6.0, "card_draw": 6.0, "shuffle": 6.0, "refused": 8.0}
NAMES = tuple(SOUNDS)


# --- output ----------------------------------------------------------------------

def synthesise() -> dict[str, np.ndarray]:
    """Every sound as a float array in -1..1 (already faded, DC-free and scaled)."""
    return {name: finish(build(), level_of(name)) for name, build in SOUNDS.items()}


def level_of(name: str) -> float:
    """The loudness a sound is made at (dB, see `synth.loudness_db`)."""
    return LOUDNESS_DB - QUIETER_DB.get(name, 0.0)


def to_pcm(signal: np.ndarray) -> np.ndarray:
    """Float -1..1 → 16-bit samples, rounded (the exact values the WAV files hold)."""
    return np.round(np.clip(signal, -1.0, 1.0) * 32767.0).astype("<i2")


def write_wav(path: Path, signal: np.ndarray) -> None:
    """One mono 16-bit 44100 Hz PCM file via the standard `wave` module."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(SAMPLE_WIDTH)
        out.setframerate(RATE)
        out.writeframes(to_pcm(signal).tobytes())


def write_all(directory: Path | str = HERE) -> list[Path]:
    """Synthesise every sound and write `<name>.wav` into `directory`; returns the paths."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, signal in synthesise().items():
        path = directory / f"{name}.wav"
        write_wav(path, signal)
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    directory = Path(args[0]) if args else HERE
    paths = write_all(directory)
    total = sum(path.stat().st_size for path in paths)
    for path in paths:
        with wave.open(str(path), "rb") as wav:
            seconds = wav.getnframes() / wav.getframerate()
        print(f"{path.name:16} {seconds:5.2f} s")
    print(f"{len(paths)} sounds, {total / 1024:.0f} KiB in {directory}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
