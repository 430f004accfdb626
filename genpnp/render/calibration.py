"""The duplex calibration sheet drawn: two black scales on the front, a red arrow on the back for each.

Print it double-sided; hold the sheet to the light. Each red arrow (back) points at its black scale
(front): where it points is how far the back sits from the front, in mm, as seen from the front (X: right
+, Y: up +). The arrows stand beside the scales, never on a tick, so the number they point at reads at a
glance. ``genpnp calibrate`` writes the sheet alone (for a designer, who passes the correction to
``genpnp build --offset``); a duplex build with backs carries it as one sheet before its first sheet to
cut, with steps a player can follow holding the PDF alone.

The correction: a shift of the back side (the printer's, or ``--offset``) counts right and up as seen on
the back itself. The back must move against what was read; turned over on its long edge, the sheet
mirrors left and right (a back moved right moves left as seen from the front) and keeps up and down, so
on X the two turns cancel. So the shift that puts the back on the front is X as read and Y with its
sign turned (long edge), or X turned and Y as read (short edge); the sheet says so in these words.
"""

from __future__ import annotations

from typing import Any

from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.core.i18n import tr
from genpnp.core.units import MM
from genpnp.impose.options import Paper

INK = Color(0, 0, 0)
SOFT = Color(0.45, 0.45, 0.45)
BACK = Color(0.75, 0.1, 0.1)

SPAN = 6  # each scale reads -SPAN..+SPAN mm, a tick per mm
FAN = 5 * MM  # each tick's line fans out to its number, this far from the next number
X_AT = (-25 * MM, 5 * MM)  # the X scale's zero, from the page's centre
Y_AT = (50 * MM, 0.0)  # the Y scale's zero


def correction(flip: str, x: float, y: float) -> tuple[float, float]:
    """The back side's shift (right and up as seen on the back) for arrows read at ``x``, ``y`` (mm, as
    seen from the front): the opposite of what is read, seen from the back."""
    return (x, -y) if flip == "long" else (-x, y)


def _signed(value: float) -> str:
    return "0" if value == 0 else f"{value:+g}".replace("-", "−")


DESIGNER_STEPS = [
    "1. Print this 2-page file double-sided, flipping on the long edge (as you will print the game).",
    "2. Hold the sheet against a window or lamp: the red arrows (back) show through beside the black scales.",
    "3. Read where each red arrow points, in mm: X (right +, left −) and Y (up +, down −).",
    "4. Build with X as read and Y turned: arrows at X +2, Y −1 -> genpnp build GAME --backs duplex --offset 2,1",
    "   (flipping on the short edge instead: X turned and Y as read, --flip short --offset -2,-1).",
    "5. Check the four corner marks too: if they disagree, the printer also scales or skews.",
]


def player_steps(flip: str, pages: tuple[int, int]) -> list[str]:
    """What a player holding only the PDF does with the calibration sheet."""

    edge = tr("long") if flip == "long" else tr("short")
    return [
        tr("1. Print pages {first} and {second} alone, double-sided, flipping on the {edge} edge, at 100% (actual "
           "size), with the printer settings you will use for the whole game.", first=pages[0], second=pages[1],
           edge=edge),
        tr("2. Hold the sheet against a window or a lamp: the two red arrows printed on the back show through "
           "beside the two black scales below."),
        tr("3. Read the number each red arrow points at, in mm: that is how far the back sits from the front "
           "(X: right +, left −; Y: up +, down −)."),
    ]


def reading_lines(flip: str) -> list[tuple[str, bool]]:
    """What to do with the two numbers read, for this flip: (line, bold)."""

    ex_x, ex_y = correction(flip, 2, -1)
    # why: the back must move against what was read, and seen from the back one axis is mirrored, so on that
    # axis the two turns cancel (the sign read is kept) and on the other the sign turns
    swap = tr("the back must move the other way from what you read, and turning the sheet over on its long edge "
              "mirrors left and right, so on X the two cancel; up and down are not mirrored, so Y's sign turns") \
        if flip == "long" else tr("the back must move the other way from what you read, and turning the sheet "
                                  "over on its short edge mirrors up and down, so on Y the two cancel; left and "
                                  "right are not mirrored, so X's sign turns")
    rule = tr("X as you read it, Y with its sign turned") if flip == "long" else \
        tr("X with its sign turned, Y as you read it")
    return [
        (tr("Both arrows within 1 mm of 0: print the game as it is."), True),
        (tr("Further off: in your printer's settings for the back side (image shift, duplex alignment, side 2 "
            "offset; right and up as you look at the back), set {rule}: {swap}.", rule=rule, swap=swap), False),
        (tr("Example: the arrows point at +2 on X and −1 on Y. Set the back's shift to X {x} mm, Y {y} mm, then "
            "print this sheet again: both arrows now point at 0.", x=_signed(ex_x), y=_signed(ex_y)), False),
        (tr("No such setting: cut each piece from its front; a back 1 or 2 mm off then shows at one edge only."),
         False),
        (tr("Corner marks off while the arrows read 0: the printer scales the page; make sure \"fit to page\" is "
            "off."), False),
    ]


def _corners(w: float, h: float) -> list[tuple[float, float]]:
    """The corner marks (scale and skew): 30 mm in from the sides and the foot, 60 mm from the top."""
    return [(30 * MM, 30 * MM), (w - 30 * MM, 30 * MM), (30 * MM, h - 60 * MM), (w - 30 * MM, h - 60 * MM)]


def _x_scale(surface: Any, x0: float, y: float) -> None:
    """The X scale (front): a line with a tick per mm rising from it; each tick's line fans out to its own
    number, 5 mm from the next, so the tick an arrow points at names itself."""
    surface.line(x0 - (SPAN + 0.7) * MM, y, x0 + (SPAN + 0.7) * MM, y, INK, 0.6)
    for i in range(-SPAN, SPAN + 1):
        x, lx = x0 + i * MM, x0 + i * FAN
        strong = i == 0
        surface.line(x, y, x, y + 3 * MM, INK, 0.5)
        surface.path([("M", x, y + 3 * MM), ("L", lx, y + 11 * MM), ("L", lx, y + 13 * MM)], stroke=INK,
                     width=0.6 if strong else 0.3)
        surface.text(lx, y + 14.5 * MM, _signed(i), fonts.BOLD, 9 if strong else 8, INK, "center")
    half = SPAN * FAN
    surface.text(x0 - half - 4 * MM, y + 14.5 * MM, tr("← left"), fonts.DEFAULT, 8, INK, "right")
    surface.text(x0 + half + 4 * MM, y + 14.5 * MM, tr("right →"), fonts.DEFAULT, 8, INK, "left")
    surface.text(x0, y + 20 * MM, "X", fonts.BOLD, 11, INK, "center")


def _y_scale(surface: Any, x: float, y0: float) -> None:
    """The Y scale (front): a line with a tick per mm reaching left of it, each tick's line fanning out to
    its own number."""
    surface.line(x, y0 - (SPAN + 0.7) * MM, x, y0 + (SPAN + 0.7) * MM, INK, 0.6)
    for i in range(-SPAN, SPAN + 1):
        y, ly = y0 + i * MM, y0 + i * FAN * 0.9
        strong = i == 0
        surface.line(x - 3 * MM, y, x, y, INK, 0.5)
        surface.path([("M", x - 3 * MM, y), ("L", x - 11 * MM, ly), ("L", x - 13 * MM, ly)], stroke=INK,
                     width=0.6 if strong else 0.3)
        surface.text(x - 14 * MM, ly - 1.1 * MM, _signed(i), fonts.BOLD, 9 if strong else 8, INK, "right")
    half = SPAN * FAN * 0.9
    surface.text(x - 16 * MM, y0 + half + 5 * MM, tr("↑ up"), fonts.DEFAULT, 8, INK, "center")
    surface.text(x - 16 * MM, y0 - half - 7 * MM, tr("↓ down"), fonts.DEFAULT, 8, INK, "center")
    surface.text(x - 16 * MM, y0 + half + 11 * MM, "Y", fonts.BOLD, 11, INK, "center")


def _arrow(surface: Any, tip: tuple[float, float], toward: tuple[float, float]) -> None:
    """A red arrow (back) whose tip touches a scale's line from the side without ticks: ``toward`` is the
    unit direction it points in."""
    tx, ty = tip
    dx, dy = toward
    nx, ny = -dy, dx
    base = (tx - dx * 5 * MM, ty - dy * 5 * MM)  # a slender tip: it points between two ticks 1 mm apart
    surface.polygon([(tx, ty), (base[0] + nx * 0.9 * MM, base[1] + ny * 0.9 * MM),
                     (base[0] - nx * 0.9 * MM, base[1] - ny * 0.9 * MM)], fill=BACK)
    surface.line(base[0], base[1], tx - dx * 12 * MM, ty - dy * 12 * MM, BACK, 1.2)


def draw_marks(surface: Any, w: float, h: float, side: str, flip: str = "long") -> None:
    """The marks of one side: on the front the two scales and the corner crosshairs (black); on the back
    the two arrows and the corner circles (red), each where its front mark falls after the flip."""

    def place(x: float, y: float) -> tuple[float, float]:
        if side == "front":
            return x, y
        return (w - x, y) if flip == "long" else (x, h - y)

    def toward(dx: float, dy: float) -> tuple[float, float]:  # a direction, turned over with the sheet
        if side == "front":
            return dx, dy
        return (-dx, dy) if flip == "long" else (dx, -dy)

    xs = (w / 2 + X_AT[0], h / 2 + X_AT[1])
    ys = (w / 2 + Y_AT[0], h / 2 + Y_AT[1])
    if side == "front":
        _x_scale(surface, *xs)
        _y_scale(surface, *ys)
        for x, y in _corners(w, h):
            surface.line(x - 6 * MM, y, x + 6 * MM, y, INK, 0.5)
            surface.line(x, y - 6 * MM, x, y + 6 * MM, INK, 0.5)
        return
    # the arrows' tips touch each scale's line at its zero, from the side the ticks leave free
    _arrow(surface, place(xs[0], xs[1] - 0.4 * MM), toward(0, 1))
    _arrow(surface, place(ys[0] + 0.4 * MM, ys[1]), toward(-1, 0))
    for x, y in _corners(w, h):
        px, py = place(x, y)
        surface.circle(px, py, 2 * MM, stroke=BACK, width=0.6)


def draw_side(surface: Any, paper: Paper, side: str) -> None:
    w, h = paper.w, paper.h
    color = INK if side == "front" else BACK
    surface.text(w / 2, h - 20 * MM, f"genpnp duplex calibration ({paper.name}) - {side}", fonts.BOLD, 13, color,
                 "center")
    if side == "front":
        for i, line in enumerate(DESIGNER_STEPS):
            surface.text(20 * MM, h - 32 * MM - i * 12, line, fonts.DEFAULT, 9, SOFT, "left")
    draw_marks(surface, w, h, side)
    surface.rect(w / 2 - 50 * MM, h / 2 - 60 * MM, 25 * MM, 25 * MM, stroke=color, width=0.5)
    surface.text(w / 2 - 37.5 * MM, h / 2 - 63 * MM, "25 mm scale check", fonts.DEFAULT, 6, color, "center")


def draw_in_build(surface: Any, doc: Any, frame: Any, side: str, number: int) -> None:
    """The calibration sheet inside a duplex build: the marks, and on the front the steps above them
    and what to do with the numbers read below them (the title and footer are the frame's)."""
    w, h = frame.page_w, frame.page_h
    flip = doc.options.flip
    draw_marks(surface, w, h, side, flip)
    if side != "front":
        return
    from genpnp.render.look import body_look

    regular = body_look(doc)[0]
    bold = fonts.styled(regular, "b")
    x = 40 * MM  # clear of the corner crosshairs (30 mm from the edges, 6 mm long)
    width = w - 2 * x
    size = 9.5

    def paragraph(text: str, y: float, font: str) -> float:
        lines = fonts.wrap(text, font, size, width - 4 * MM)
        for n, line in enumerate(lines):
            surface.text(x + (4 * MM if n else 0), y, line, font, size, INK, "left")
            y -= size * 1.3
        return y - 2

    y = frame.area.y2 - 6 * MM
    for step in player_steps(flip, (number, number + 1)):
        y = paragraph(step, y, regular)
    y = h / 2 + Y_AT[1] - SPAN * FAN * 0.9 - 14 * MM  # under the Y scale
    for text, strong in reading_lines(flip):
        y = paragraph(text, y, bold if strong else regular)
