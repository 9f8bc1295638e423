"""How the table's colours look to people with a colour-vision deficiency, and
how far apart two colours look: the check that seat colours, the active marker
and the HAU DRAUF button stay distinguishable for everyone at the table.

Simulation: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model
for Simulation of Color Vision Deficiency", IEEE Transactions on Visualization
and Computer Graphics 15(6), 1291-1298 — their published matrices at severity
1.0 (the full dichromacies: protanopia, deuteranopia, tritanopia), applied in
linear RGB, where the model's cone responses are linear: sRGB decode, matrix,
clip to 0..1, sRGB encode. Each matrix keeps white white: every row sums to 1.

Distance: CIEDE2000 (ΔE00; CIE 142-2001, written out and with test data in
Sharma, Wu & Dalal 2005, "The CIEDE2000 Color-Difference Formula: Implementation
Notes, Supplementary Test Data, and Mathematical Observations", Color Research
& Application 30(1), 21-30) in CIELAB under D65. Unlike the plain Euclidean
CIE76 ΔE*ab it does not overrate differences between strongly saturated
colours — exactly what seat colours are — so a palette that passes in ΔE00 is
not passing on chroma that nobody sees. ΔE00 ≈ 1 is a just-noticeable difference side by side; telling
two seats apart at a glance across a table needs far more (see the tests).
"""
from __future__ import annotations

import itertools
import math

import numpy as np

#: Machado et al. (2009), severity 1.0; rows give the simulated linear R, G, B.
MACHADO_2009 = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
#: Normal vision and the three dichromacies, each the way a check can look at the table.
VISIONS = ("normal", *MACHADO_2009)

#: linear sRGB -> CIE XYZ (D65), IEC 61966-2-1
SRGB_TO_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                        [0.2126729, 0.7151522, 0.0721750],
                        [0.0193339, 0.1191920, 0.9503041]])
D65_WHITE = SRGB_TO_XYZ.sum(axis=1)


def decode(rgb) -> np.ndarray:
    """sRGB 0..255 -> linear light 0..1."""
    c = np.asarray(rgb, dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def encode(linear) -> np.ndarray:
    """Linear light 0..1 -> sRGB 0..255 (floats; round for pixels)."""
    c = np.clip(np.asarray(linear, dtype=float), 0.0, 1.0)
    return 255.0 * np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)


def luminance(rgb) -> float:
    """Relative luminance Y (0 black … 1 white) of an sRGB colour."""
    return float(SRGB_TO_XYZ[1] @ decode(rgb[:3]))


def contrast(first, second) -> float:
    """WCAG contrast ratio of two colours (1 … 21): how well text in one reads on the other."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def simulate(rgb, vision: str) -> np.ndarray:
    """`rgb` (one colour or an image, last axis R, G, B in 0..255) as someone with
    `vision` sees it, in sRGB 0..255 floats."""
    if vision == "normal":
        return np.asarray(rgb, dtype=float)
    return encode(decode(rgb) @ MACHADO_2009[vision].T)


def simulate_image(pixels: np.ndarray, vision: str) -> np.ndarray:
    """An H×W×3 8-bit image as someone with `vision` sees it, as 8-bit again."""
    return np.rint(simulate(pixels, vision)).astype(np.uint8)


def lab(rgb) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour 0..255."""
    xyz = SRGB_TO_XYZ @ decode(rgb) / D65_WHITE
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return float(116 * f[1] - 16), float(500 * (f[0] - f[1])), float(200 * (f[1] - f[2]))


def delta_e00(lab1, lab2) -> float:
    """CIEDE2000 colour difference of two CIELAB colours (kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = h2 - h1
    if c1 * c2 == 0:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_c = 2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
    r_t = -math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h))


def distance(first, second, vision: str = "normal") -> float:
    """How far apart two sRGB colours look (ΔE00) to someone with `vision`."""
    return delta_e00(lab(simulate(first, vision)), lab(simulate(second, vision)))


def closest_pair(colours: dict[str, tuple], vision: str = "normal") -> tuple[float, str, str]:
    """The two named colours that look most alike with `vision`, and their ΔE00."""
    return min((distance(colours[a], colours[b], vision), a, b) for a, b in itertools.combinations(colours, 2))
