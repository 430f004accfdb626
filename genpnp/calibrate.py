"""The duplex calibration page: a crosshair and rulers on both sides of one sheet.

Print it double-sided; hold the sheet to the light. Where the back's crosshair
centre falls on the front's rulers is the offset to pass as ``--offset X,Y``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from genpnp import fonts
from genpnp.backends.pdf import write_pdf
from genpnp.color import Color
from genpnp.impose.options import Paper
from genpnp.units import MM

INK = Color(0, 0, 0)
SOFT = Color(0.45, 0.45, 0.45)
BACK = Color(0.75, 0.1, 0.1)


def rulers(surface: Any, cx: float, cy: float, color: Color, side: str) -> None:
    """Rulers through the centre, one tick per mm, labelled every 5 mm (-20..20)."""
    for i in range(-20, 21):
        length = 4 * MM if i % 5 == 0 else 2 * MM
        x = cx + i * MM
        y = cy + i * MM
        if side == "front":
            surface.line(x, cy, x, cy + length, color, 0.3)
            surface.line(cx, y, cx + length, y, color, 0.3)
            if i % 5 == 0 and i:
                surface.text(x, cy + 5 * MM, f"{i:+d}", fonts.DEFAULT, 6, color, "center")
                surface.text(cx + 5 * MM, y - 2, f"{i:+d}", fonts.DEFAULT, 6, color, "left")
        else:
            surface.line(x, cy, x, cy - length, color, 0.3)
            surface.line(cx, y, cx - length, y, color, 0.3)


def draw_side(surface: Any, paper: Paper, side: str) -> None:
    w, h = paper.w, paper.h
    color = INK if side == "front" else BACK
    surface.text(w / 2, h - 20 * MM, f"genpnp duplex calibration ({paper.name}) - {side}", fonts.BOLD, 13, color,
                 "center")
    if side == "front":
        lines = [
            "1. Print this 2-page file double-sided, flipping on the long edge (as you will print the game).",
            "2. Hold the sheet against a window or lamp and look at the centre crosshair.",
            "3. Read where the red crosshair (on the back) falls on the black rulers, in mm:",
            "   X to the right is +, Y upward is +. Pass the opposite numbers: --offset -X,-Y.",
            "   Example: red centre at +2 right, -1 down -> genpnp build GAME --backs duplex --offset -2,1",
            "4. Check the four corner crosses too: if they disagree, the printer also scales or skews.",
        ]
        for i, line in enumerate(lines):
            surface.text(20 * MM, h - 32 * MM - i * 12, line, fonts.DEFAULT, 9, SOFT, "left")
    for cx, cy in ((w / 2, h / 2), (30 * MM, 30 * MM), (w - 30 * MM, 30 * MM), (30 * MM, h - 60 * MM),
                   (w - 30 * MM, h - 60 * MM)):
        r = 6 * MM
        surface.line(cx - r, cy, cx + r, cy, color, 0.5)
        surface.line(cx, cy - r, cx, cy + r, color, 0.5)
        surface.circle(cx, cy, 2 * MM, stroke=color, width=0.4)
    rulers(surface, w / 2, h / 2, color, side)
    surface.rect(w / 2 + 40 * MM, h / 2 - 60 * MM, 25 * MM, 25 * MM, stroke=color, width=0.5)
    surface.text(w / 2 + 52.5 * MM, h / 2 - 63 * MM, "25 mm scale check", fonts.DEFAULT, 6, color, "center")


def write_calibration(path: Path, paper: Paper) -> None:
    """Two pages: the front, and the back mirrored for a long-edge flip (so both centres coincide)."""

    def draw_page(surface: Any, index: int) -> None:
        draw_side(surface, paper, "front" if index == 0 else "back")

    write_pdf(path, [(paper.w, paper.h)] * 2, draw_page, "genpnp duplex calibration", "genpnp", "color")
