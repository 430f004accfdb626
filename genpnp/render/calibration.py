"""The duplex calibration sheet drawn: crosshairs and rulers on both sides of one sheet.

Print it double-sided; hold the sheet to the light. Where the back's crosshair centre falls on the
front's rulers is the printer's offset. ``genpnp calibrate`` writes it alone (for a designer, who
passes the offset to ``genpnp build --offset``); a duplex build with backs carries it as one sheet
before its first sheet to cut, with steps a player can follow holding the PDF alone.
"""

from __future__ import annotations

from typing import Any

from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.core.units import MM
from genpnp.impose.options import Paper

INK = Color(0, 0, 0)
SOFT = Color(0.45, 0.45, 0.45)
BACK = Color(0.75, 0.1, 0.1)

DESIGNER_STEPS = [
    "1. Print this 2-page file double-sided, flipping on the long edge (as you will print the game).",
    "2. Hold the sheet against a window or lamp and look at the centre crosshair.",
    "3. Read where the red crosshair (on the back) falls on the black rulers, in mm:",
    "   X to the right is +, Y upward is +. Pass the opposite numbers: --offset -X,-Y.",
    "   Example: red centre at +2 right, -1 down -> genpnp build GAME --backs duplex --offset -2,1",
    "4. Check the four corner crosses too: if they disagree, the printer also scales or skews.",
]


def player_steps(flip: str, pages: tuple[int, int]) -> list[str]:
    """What a player holding only the PDF does with the calibration sheet."""
    from genpnp.core.i18n import tr

    edge = tr("long") if flip == "long" else tr("short")
    return [
        tr("1. Print pages {first} and {second} alone, double-sided, flipping on the {edge} edge, at 100% (actual "
           "size), with the printer settings you will use for the whole game.", first=pages[0], second=pages[1],
           edge=edge),
        tr("2. Hold the sheet against a window or a lamp: the five red crosshairs printed on the back show through; "
           "only the front has rulers (black)."),
        tr("3. Find the red crosshair in the middle of the page: read where the centre of its red circle falls on "
           "the black rulers, in mm (right and up are +)."),
        tr("4. Within 1 mm: print the game as it is. Further off: set your printer's back-side offset (its settings "
           "may call it image shift or duplex alignment) by the opposite amount and print this sheet again; or cut "
           "the pieces from their fronts and keep the backs a little larger than the cut lines."),
        tr("5. If the corner crosshairs disagree with the centre one, the printer scales the page: make sure \"fit "
           "to page\" is off."),
    ]


def _crosses(w: float, h: float) -> list[tuple[float, float]]:
    """The crosshairs of the front: the centre and four corners."""
    return [(w / 2, h / 2), (30 * MM, 30 * MM), (w - 30 * MM, 30 * MM), (30 * MM, h - 60 * MM),
            (w - 30 * MM, h - 60 * MM)]


def rulers(surface: Any, cx: float, cy: float, color: Color, side: str) -> None:
    """Rulers through the centre, one tick per mm, labelled every 5 mm (-20..20); on the front only,
    so the back's red crosshair is the one red mark read against them."""
    for i in range(-20, 21):
        length = 4 * MM if i % 5 == 0 else 2 * MM
        x = cx + i * MM
        y = cy + i * MM
        if side == "front":
            surface.line(x, cy, x, cy + length, color, 0.3)
            surface.line(cx, y, cx + length, y, color, 0.3)
            if i % 5 == 0 and i:
                surface.text(x, cy + 5 * MM, f"{i:+d}", fonts.DEFAULT, 6, color, "center")
            if i % 5 == 0 and abs(i) > 5:  # +-5 up the side would meet the +-5 along the top
                surface.text(cx + 5 * MM, y - 2, f"{i:+d}", fonts.DEFAULT, 6, color, "left")


def draw_marks(surface: Any, w: float, h: float, side: str, flip: str = "long") -> None:
    """The crosshairs and rulers of one side; the back's sit where the front's fall after the flip."""
    color = INK if side == "front" else BACK

    def place(x: float, y: float) -> tuple[float, float]:
        if side == "front":
            return x, y
        return (w - x, y) if flip == "long" else (x, h - y)

    for fx, fy in _crosses(w, h):
        cx, cy = place(fx, fy)
        r = 6 * MM
        surface.line(cx - r, cy, cx + r, cy, color, 0.5)
        surface.line(cx, cy - r, cx, cy + r, color, 0.5)
        surface.circle(cx, cy, 2 * MM, stroke=color, width=0.4)
    rulers(surface, w / 2, h / 2, color, side)


def draw_side(surface: Any, paper: Paper, side: str) -> None:
    w, h = paper.w, paper.h
    color = INK if side == "front" else BACK
    surface.text(w / 2, h - 20 * MM, f"genpnp duplex calibration ({paper.name}) - {side}", fonts.BOLD, 13, color,
                 "center")
    if side == "front":
        for i, line in enumerate(DESIGNER_STEPS):
            surface.text(20 * MM, h - 32 * MM - i * 12, line, fonts.DEFAULT, 9, SOFT, "left")
    draw_marks(surface, w, h, side)
    surface.rect(w / 2 + 40 * MM, h / 2 - 60 * MM, 25 * MM, 25 * MM, stroke=color, width=0.5)
    surface.text(w / 2 + 52.5 * MM, h / 2 - 63 * MM, "25 mm scale check", fonts.DEFAULT, 6, color, "center")


def draw_in_build(surface: Any, doc: Any, frame: Any, side: str, number: int) -> None:
    """The calibration sheet inside a duplex build: the marks, and on the front the steps beside
    them (the title and footer are the frame's, drawn by the sheet)."""
    w, h = frame.page_w, frame.page_h
    flip = doc.options.flip
    draw_marks(surface, w, h, side, flip)
    if side != "front":
        return
    from genpnp.render.look import body_look

    first = number
    regular = body_look(doc)[0]
    x = 40 * MM  # clear of the corner crosshairs (30 mm from the edges, 6 mm long)
    width = w - 2 * x
    y = frame.area.y2 - 6 * MM
    size = 9.0
    for step in player_steps(flip, (first, first + 1)):
        lines = fonts.wrap(step, regular, size, width - 4 * MM)
        for n, line in enumerate(lines):
            surface.text(x + (4 * MM if n else 0), y, line, regular, size, INK, "left")
            y -= size * 1.3
        y -= 2
