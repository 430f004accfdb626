"""Colours: parsed once, carried with their palette name so ink modes can map them."""

from __future__ import annotations

import re

from genpnp.core.csscolors import CSS_COLORS
from genpnp.core.records import dataclass

# every CSS named colour; the common names below keep genpnp's print-friendly shades
NAMED = {
    **CSS_COLORS,
    "black": "#000000",
    "white": "#ffffff",
    "red": "#cc2e2e",
    "blue": "#2e5fcc",
    "green": "#2e9e4f",
    "yellow": "#f2c230",
    "orange": "#ee8a2a",
    "purple": "#7d4fb0",
    "grey": "#8c8c8c",
    "gray": "#8c8c8c",
    "lightgrey": "#d9d9d9",
    "darkgrey": "#4d4d4d",
    "brown": "#7a4a2a",
    "pink": "#f2a0b8",
    "cream": "#f6ead2",
    "none": "",
}


@dataclass(frozen=True)
class Color:
    """An sRGB colour (0..1 channels) with an optional palette name and bw hints."""

    r: float
    g: float
    b: float
    name: str = ""
    grey: float | None = None  # grey level used in bw ink (0 black .. 1 white)
    pattern: str = ""  # bw pattern: hatch, cross, dots, stripes or ""
    label: str = ""  # what the colour means, for the cover legend

    @property
    def luminance(self) -> float:
        return 0.2126 * self.r + 0.7152 * self.g + 0.0722 * self.b

    def hex(self) -> str:
        return "#{:02x}{:02x}{:02x}".format(*(round(c * 255) for c in (self.r, self.g, self.b)))

    def mix(self, other: Color, t: float) -> Color:
        """Blend toward ``other`` by ``t`` (0 = self, 1 = other)."""
        return Color(
            self.r + (other.r - self.r) * t,
            self.g + (other.g - self.g) * t,
            self.b + (other.b - self.b) * t,
        )


BLACK = Color(0, 0, 0, "black")
WHITE = Color(1, 1, 1, "white")


def parse_color(text: str) -> Color:
    value = text.strip().lower()
    if value in NAMED:
        if not NAMED[value]:
            raise ValueError("'none' is not a colour here")
        hex_value = NAMED[value]
        return _from_hex(hex_value, value)
    if re.fullmatch(r"#[0-9a-f]{6}", value):
        return _from_hex(value, "")
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        return _from_hex("#" + "".join(ch * 2 for ch in value[1:]), "")
    import difflib

    close = difflib.get_close_matches(value, [n for n in NAMED if NAMED[n]], n=1)
    hint = f' (did you mean "{close[0]}"?)' if close else ""
    raise ValueError(f"{text!r} is not a colour (use #rrggbb, a CSS colour name or a palette name){hint}")


def _from_hex(value: str, name: str) -> Color:
    r, g, b = (int(value[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return Color(r, g, b, name)


# Colour-vision deficiencies, simulated with the model of Machado, Oliveira and Fernandes (2009), "A
# Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6): the published
# matrices for severity 1.0 (dichromacy), applied to linear RGB.
DEFICIENCIES: dict[str, tuple[str, tuple[tuple[float, float, float], ...]]] = {
    "protan": ("protanopia (red-blind)", (
        (0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))),
    "deutan": ("deuteranopia (green-blind)", (
        (0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))),
    "tritan": ("tritanopia (blue-blind)", (
        (1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900))),
}


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate_rgb(rgb: tuple[float, float, float], deficiency: str) -> tuple[float, float, float]:
    """What a player with ``deficiency`` (a key of :data:`DEFICIENCIES`) sees of an sRGB colour (0..1)."""
    m = DEFICIENCIES[deficiency][1]
    lin = [_linear(c) for c in rgb]
    r, g, b = (_encoded(row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]) for row in m)
    return r, g, b


def simulate(color: Color, deficiency: str) -> Color:
    """``color`` as a player with ``deficiency`` sees it (same name, grey and pattern)."""
    r, g, b = simulate_rgb((color.r, color.g, color.b), deficiency)
    return Color(r, g, b, color.name, color.grey, color.pattern, color.label)


def lab(color: Color) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour: L* from 0 (black) to 100 (white)."""
    r, g, b = (_linear(c) for c in (color.r, color.g, color.b))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def color_distance(a: Color, b: Color) -> float:
    """How far apart two colours look: the CIE76 difference (Euclidean in L*a*b*; 100 = black to white)."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def relative_luminance(color: Color) -> float:
    """WCAG 2's relative luminance of an sRGB colour: 0 (black) to 1 (white), from linear RGB."""
    return 0.2126 * _linear(color.r) + 0.7152 * _linear(color.g) + 0.0722 * _linear(color.b)


def contrast_ratio(a: Color, b: Color) -> float:
    """WCAG 2's contrast ratio of two colours, 1 (the same) to 21 (black on white); text needs 4.5 (3 when
    large)."""
    la, lb = relative_luminance(a), relative_luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
