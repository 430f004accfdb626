"""Colours: parsed once, carried with their palette name so ink modes can map them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from genpnp.csscolors import CSS_COLORS

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
    pattern: str = ""  # bw pattern: hatch, cross, dots or ""
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
