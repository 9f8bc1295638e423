"""The building blocks every sound of the table is made of (make_sounds.py
puts them together): band-limited oscillators, envelopes, seeded noise, and the
loudness every sound is matched by.

The oscillators are additive and band-limited (no harmonic above 0.45 × the
sample rate), so the square and sawtooth tones of an electronic toy do not
alias. Levels are matched by loudness, not by peak: a held square beep and a
decaying bell with the same peak sound far apart in level, so `finish` scales
each to a `loudness_db` (K-weighted energy in its loudest 0.1 s).
"""
from __future__ import annotations

import zlib

import numpy as np

RATE = 44100
SAMPLE_WIDTH = 2  # bytes: 16-bit PCM
MAX_PEAK = 10 ** (-1 / 20)  # -1 dBFS: headroom, so no player's resampling can clip
#: The level every sound is scaled to (see `loudness_db`). The sound with the
#: most peak for its loudness (slap_hit, a struck bonk) just fits under MAX_PEAK.
LOUDNESS_DB = -13.0
#: The ear sums a short sound's energy over about this long, so a 20 ms tick is
#: measured as if padded with silence to it rather than as a held tone.
LOUDNESS_WINDOW_S = 0.1
FADE_S = 0.004
SEED = 2007  # the year of the unit

# Equal-tempered pitches used below (Hz).
NOTE = {
    "B3": 246.94, "C4": 261.63, "C#4": 277.18, "D4": 293.66, "E4": 329.63,
    "G4": 392.00, "A4": 440.00, "C5": 523.25, "D5": 587.33, "E5": 659.26,
    "G5": 783.99, "A5": 880.00, "B5": 987.77, "C6": 1046.50, "D6": 1174.66,
    "E6": 1318.51, "G6": 1567.98, "A6": 1760.00, "C7": 2093.00,
}


# --- building blocks ---------------------------------------------------------

def samples(duration: float) -> int:
    """Number of samples in `duration` seconds (at least one)."""
    return max(1, int(round(duration * RATE)))


def constant(value: float, duration: float) -> np.ndarray:
    """A per-sample frequency (or cutoff) curve that does not move."""
    return np.full(samples(duration), float(value))


def glide(start: float, end: float, duration: float) -> np.ndarray:
    """A frequency curve moving exponentially from `start` to `end`: sounds even to the ear."""
    return np.geomspace(start, end, samples(duration))


def steps(pattern: list[tuple[float, float]], slide: float = 0.004) -> np.ndarray:
    """A stepwise frequency curve from (frequency, seconds) pairs, for sirens and trills.

    Each step slides into the next over `slide` seconds, so the change is crisp
    but does not splatter.
    """
    curve = np.concatenate([constant(freq, dur) for freq, dur in pattern])
    width = samples(slide)
    padded = np.concatenate([np.full(width, curve[0]), curve, np.full(width, curve[-1])])
    smooth = np.convolve(padded, np.ones(width) / width, mode="same")
    return smooth[width:width + curve.size]


def vibrato(freq: np.ndarray, rate: float, depth: float) -> np.ndarray:
    """Wobble a frequency curve by ±`depth` (a ratio) at `rate` Hz."""
    t = np.arange(freq.size) / RATE
    return freq * (1.0 + depth * np.sin(2 * np.pi * rate * t))


def oscillator(freq: np.ndarray, shape: str = "sine", cutoff: np.ndarray | float = 6000.0) -> np.ndarray:
    """A band-limited tone following `freq`, shaped by a (moving) low-pass `cutoff`.

    Built by adding harmonics, so a changing cutoff is a real time-varying filter
    (the wah of `slap_lose`) and nothing above 0.45 × RATE is ever produced.
    Shapes: sine, square (odd harmonics 1/k), saw (all harmonics 1/k),
    triangle (odd harmonics 1/k², soft).
    """
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    phase -= phase[0]  # every tone starts at a zero crossing
    fundamental = np.exp(1j * phase)
    relative = freq / cutoff  # the fundamental's position against the filter
    out = np.zeros_like(freq)
    partial = np.ones_like(fundamental)
    k_done = 0
    for k in _harmonics(shape, float(freq.max())):
        # e^{ik·phase} by repeated multiplication: far cheaper than a sin() per
        # harmonic, and plain IEEE arithmetic, so it varies least between CPUs.
        while k_done < k:
            partial *= fundamental
            k_done += 1
        # Second-order Butterworth magnitude 1/sqrt(1 + (f/cutoff)^4): a smooth roll-off.
        # `_harmonics` already stops below 0.45 × RATE, so nothing can alias.
        x = (k * relative) ** 2
        gain = 1.0 / np.sqrt(1.0 + x * x)
        weight = 1.0 / k**2 if shape == "triangle" else 1.0 / k
        sign = -1.0 if shape == "triangle" and k % 4 == 3 else 1.0
        out += (sign * weight) * gain * partial.imag
    return out


def _harmonics(shape: str, top_freq: float) -> range:
    """Which harmonics a shape uses, up to what the sample rate can hold."""
    if shape == "sine":
        return range(1, 2)
    highest = max(1, int(0.45 * RATE / top_freq))
    if shape in ("square", "triangle"):
        return range(1, highest + 1, 2)
    if shape == "saw":
        return range(1, highest + 1)
    raise ValueError(f"unknown oscillator shape {shape!r}")


def envelope(n: int, attack: float = 0.004, release: float = 0.02, sustain: float = 1.0) -> np.ndarray:
    """Linear attack, flat (or sloping to `sustain`) body, linear release: a toy's keyed tone."""
    env = np.linspace(1.0, sustain, n)
    a = min(samples(attack), n // 2)
    r = min(samples(release), n - a)
    env[:a] *= np.linspace(0.0, 1.0, a, endpoint=False)
    env[n - r:] *= np.linspace(1.0, 0.0, r)
    return env


def decay(n: int, time_constant: float, attack: float = 0.002) -> np.ndarray:
    """Exponential decay after a tiny attack: plucked, struck or clicked sounds."""
    t = np.arange(n) / RATE
    env = np.exp(-t / time_constant)
    a = min(samples(attack), n)
    env[:a] *= np.linspace(0.0, 1.0, a, endpoint=False)
    return env


def silence(duration: float) -> np.ndarray:
    """A rest between notes."""
    return np.zeros(samples(duration))


def note(freq: float, duration: float, shape: str = "square", cutoff: float = 5000.0,
         attack: float = 0.004, release: float = 0.02, sustain: float = 1.0) -> np.ndarray:
    """One keyed note of a toy's tone generator."""
    tone = oscillator(constant(freq, duration), shape, cutoff)
    return tone * envelope(tone.size, attack, release, sustain)


def melody(notes: list[tuple[str, float]], gap: float = 0.012, **voice) -> np.ndarray:
    """Notes (name, seconds) played one after the other with short gaps between them."""
    parts = []
    for name, duration in notes:
        parts += [note(NOTE[name], duration, **voice), silence(gap)]
    return np.concatenate(parts[:-1])


def chord(names: list[str], duration: float, **voice) -> np.ndarray:
    """Several notes at once, scaled so the sum stays near the level of one note."""
    return sum(note(NOTE[name], duration, **voice) for name in names) / np.sqrt(len(names))


def mix(*parts: tuple[float, np.ndarray]) -> np.ndarray:
    """Lay (start seconds, signal) parts over one another."""
    begins = [int(round(start * RATE)) for start, _ in parts]
    out = np.zeros(max(begin + signal.size for begin, (_, signal) in zip(begins, parts)))
    for begin, (_, signal) in zip(begins, parts):
        out[begin:begin + signal.size] += signal
    return out


def rng_for(name: str) -> np.random.Generator:
    """A fixed Generator per sound, so one sound's noise never depends on another's."""
    return np.random.default_rng([SEED, zlib.crc32(name.encode())])


def noise(duration: float, low: float, high: float, rng: np.random.Generator) -> np.ndarray:
    """White noise band-passed to low..high Hz (smooth edges, done in the frequency domain)."""
    n = samples(duration)
    spectrum = np.fft.rfft(rng.random(n) * 2.0 - 1.0)
    freqs = np.fft.rfftfreq(n, 1.0 / RATE)
    spectrum *= 1.0 / np.sqrt(1.0 + (low / np.maximum(freqs, 1.0)) ** 4)  # high-pass at `low`
    spectrum *= 1.0 / np.sqrt(1.0 + (freqs / high) ** 4)  # low-pass at `high`
    out = np.fft.irfft(spectrum, n)
    return out / np.max(np.abs(out))


def k_weighting(freqs: np.ndarray) -> np.ndarray:
    """The gain of the K-weighting of loudness meters (ITU-R BS.1770), from its
    analog prototype: a +4 dB shelf above about 1.7 kHz (the head's effect) and
    a high-pass at 38 Hz. Milder on low tones than A-weighting, which models
    very quiet listening."""
    shelf_gain, s = 10 ** (4.0 / 40), 1j * freqs / 1681.97
    shelf = shelf_gain * (shelf_gain * s**2 + np.sqrt(shelf_gain) / 0.7072 * s + 1) / (
        s**2 + np.sqrt(shelf_gain) / 0.7072 * s + shelf_gain)
    low = 1j * freqs / 38.13
    return np.abs(shelf * low**2 / (low**2 + low / 0.5003 + 1))


def loudness_db(signal: np.ndarray) -> float:
    """A simple loudness proxy in dB: the K-weighted mean power of the loudest
    `LOUDNESS_WINDOW_S` (a shorter sound padded with silence to that length).
    A full-scale 1 kHz sine reads about -2.6 dB (-3 dB, and the weighting's +0.4 dB there)."""
    window = samples(LOUDNESS_WINDOW_S)
    n = max(signal.size, window)
    weighted = np.fft.irfft(np.fft.rfft(signal, n) * k_weighting(np.fft.rfftfreq(n, 1.0 / RATE)), n)
    energy = np.concatenate([[0.0], np.cumsum(weighted**2)])
    loudest = np.max(energy[window:] - energy[:-window]) / window
    return float(10 * np.log10(max(loudest, 1e-20)))


def finish(signal: np.ndarray, level_db: float) -> np.ndarray:
    """Fade both ends, remove any DC and scale to `level_db` (see `loudness_db`):
    what every sound goes through last. A sound that would then peak above
    MAX_PEAK is refused: make it less spiky or quieter, never clip it.

    The DC is removed under the fade window (x ← w·(x − c), with c the
    window-weighted mean), so the result is exactly zero-mean and still starts
    and ends at exactly zero.
    """
    window = np.ones(signal.size)
    fade = min(samples(FADE_S), signal.size // 2)
    ramp = 0.5 - 0.5 * np.cos(np.linspace(0.0, np.pi, fade))  # raised cosine 0 → 1
    window[:fade] = ramp
    window[signal.size - fade:] = ramp[::-1]
    centre = np.sum(window * signal) / np.sum(window)
    shaped = window * (signal - centre)
    scaled = shaped * 10 ** ((level_db - loudness_db(shaped)) / 20)
    peak = float(np.max(np.abs(scaled)))
    if peak > MAX_PEAK:
        raise ValueError(f"at {level_db} dB this sound peaks at {20 * np.log10(peak):.1f} dBFS, above "
                         f"{20 * np.log10(MAX_PEAK):.0f} dBFS")
    return scaled
