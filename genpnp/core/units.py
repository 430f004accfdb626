"""Lengths with units, parsed once at load time into PDF points (1/72 inch)."""

from __future__ import annotations

import re

MM = 72.0 / 25.4
CM = 10 * MM
INCH = 72.0
PT = 1.0

UNITS = {"mm": MM, "cm": CM, "in": INCH, "inch": INCH, '"': INCH, "pt": PT}

_LENGTH = re.compile(r"^\s*([-+]?\d+(?:\.\d*)?|[-+]?\.\d+)\s*(mm|cm|in|inch|pt|\")\s*$")


class UnitError(ValueError):
    """A length that cannot be read; the message says what would be right."""


def parse_length(text: object) -> float:
    """'63mm' / '2.5in' / '18pt' / '1.2cm' -> points. Bare numbers are refused."""
    if isinstance(text, bool) or text is None:
        raise UnitError(f"expected a length such as 63mm, 2.5in or 18pt, got {text!r}")
    if isinstance(text, (int, float)):
        if text == 0:
            return 0.0
        raise UnitError(f"the length {text} has no unit: write {text}mm, {text}in or {text}pt")
    m = _LENGTH.match(str(text))
    if not m:
        raise UnitError(f"expected a length such as 63mm, 2.5in or 18pt, got {text!r}")
    return float(m.group(1)) * UNITS[m.group(2)]


def parse_size(text: object) -> tuple[float, float]:
    """'63mm x 88mm', '63x88mm', '2.5in', [63mm, 88mm] -> (width, height) in points.

    A single length gives a square.
    """
    if isinstance(text, (list, tuple)):
        if len(text) != 2:
            raise UnitError("a size is two lengths: [width, height]")
        return parse_length(text[0]), parse_length(text[1])
    if isinstance(text, str) and re.search(r"[xX×]", text):
        parts = re.split(r"\s*[xX×]\s*", text.strip())
        if len(parts) != 2:
            raise UnitError(f"expected a size such as 63mm x 88mm, got {text!r}")
        w, h = parts
        unit = re.search(r"(mm|cm|in|inch|pt)\s*$", h)
        if unit and not re.search(r"[a-z\"]\s*$", w):
            w = w + unit.group(1)
        return parse_length(w), parse_length(h)
    side = parse_length(text)
    return side, side


def to_mm(points: float) -> float:
    return points / MM


def fmt_mm(points: float) -> str:
    value = round(points / MM, 1)
    return f"{value:g} mm"
