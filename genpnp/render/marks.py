"""How marks look: cut lines thin, solid and dark on a white halo (they stand out on any fill, in
every ink), fold lines a lighter blue dash-dot on a white line (never read as a cut), crop marks
black, glue hatched."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from genpnp.core.color import Color
from genpnp.core.i18n import tr
from genpnp.core.units import MM
from genpnp.impose.poster import ALIGN_R
from genpnp.impose.sheet import Box, Mark
from genpnp.render.shapes import outline, pair_outline

CUT = Color(0.2, 0.2, 0.2)
CUT_HALO = Color(1, 1, 1)  # under a cut line: it shows between two fills of any shade
FOLD = Color(0.2, 0.5, 0.85)
CROP = Color(0, 0, 0)
TRIM = Color(0.75, 0.1, 0.1)
GLUE = Color(0.88, 0.88, 0.88)
ALIGN = Color(0, 0, 0)

CUT_WIDTH = 0.35
HALO_WIDTH = 0.95  # its half width within the audit's hairline tolerance at a page's safe edge
FOLD_WIDTH = 0.7
FOLD_DASH = (6.0, 2.0, 1.2, 2.0)  # long dash, dot: the fold convention, unlike any cut
TRIM_DASH = (1.0, 1.5)


def draw_mark(surface: Any, mark: Mark) -> None:
    if mark.kind == "cut":
        (x1, y1), (x2, y2) = mark.points
        surface.line(x1, y1, x2, y2, CUT_HALO, HALO_WIDTH)
        surface.line(x1, y1, x2, y2, CUT, CUT_WIDTH)
    elif mark.kind == "fold":
        (x1, y1), (x2, y2) = mark.points
        surface.line(x1, y1, x2, y2, CUT_HALO, HALO_WIDTH)  # white under it: its gaps read white, not
        surface.line(x1, y1, x2, y2, FOLD, FOLD_WIDTH, FOLD_DASH)  # as the pieces' edge under them
    elif mark.kind == "crop":
        (x1, y1), (x2, y2) = mark.points
        surface.line(x1, y1, x2, y2, CROP, 0.3)
    elif mark.kind == "trim":
        (x1, y1), (x2, y2) = mark.points
        surface.line(x1, y1, x2, y2, TRIM, 0.6, TRIM_DASH)
    elif mark.kind == "align":
        (x, y), = mark.points
        draw_align(surface, x, y)
    elif mark.kind == "edge":
        (x1, y1), (x2, y2) = mark.points
        surface.line(x1, y1, x2, y2, TRIM, 0.5)
    elif mark.kind == "outline" and mark.box is not None:
        b = mark.box
        if mark.shape == "circle-pair":
            from genpnp.impose.grid import HINGE

            d = min(b.w, b.h)
            path = pair_outline(b.x, b.y, b.w, b.h, HINGE * d)
        else:
            path = outline(mark.shape, b.x, b.y, b.w, b.h, mark.radius)
        surface.path(path, stroke=CUT_HALO, width=HALO_WIDTH)
        surface.path(path, stroke=CUT, width=CUT_WIDTH)


def draw_align(surface: Any, x: float, y: float, r: float = ALIGN_R) -> None:
    surface.circle(x, y, r * 0.6, stroke=ALIGN, width=0.35)
    surface.line(x - r, y, x + r, y, ALIGN, 0.35)
    surface.line(x, y - r, x, y + r, ALIGN, 0.35)


LABEL_W, LABEL_H = 18 * MM, 4 * MM  # the white tag that carries "glue here"


def glue_label_centre(box: Box, avoid: Sequence[Box] = ()) -> tuple[float, float]:
    """Where the "glue here" tag stands on a glue strip: its middle, or the spot along the strip nearest
    the middle whose tag covers none of the ``avoid`` boxes (the words the part prints under the strip:
    a county's name, a space's title); the middle when every spot covers one."""
    vertical = box.h > box.w
    tw, th = (LABEL_H, LABEL_W) if vertical else (LABEL_W, LABEL_H)
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    half = (box.h - th) / 2 if vertical else (box.w - tw) / 2
    steps = int(half // (1 * MM))
    for k in range(steps + 1):
        for sign in (1, -1) if k else (1,):
            x, y = (cx, cy + sign * k * MM) if vertical else (cx + sign * k * MM, cy)
            tag = Box(x - tw / 2, y - th / 2, tw, th)
            if not any(tag.overlaps(a) for a in avoid):
                return x, y
    return cx, cy


def draw_glue(surface: Any, box: Box, label: bool = True, avoid: Sequence[Box] = ()) -> None:
    surface.save()
    surface.clip_rect(box.x, box.y, box.w, box.h)
    step = 6.0
    n = int((box.w + box.h) / step) + 2
    for i in range(n):
        o = i * step
        surface.line(box.x + o, box.y, box.x + o - box.h, box.y + box.h, GLUE.mix(Color(0, 0, 0), 0.25), 0.4)
    surface.restore()
    if label:
        from genpnp.core import fonts

        vertical = box.h > box.w
        surface.save()
        surface.translate(*glue_label_centre(box, avoid))
        if vertical:
            surface.rotate(90)
        surface.rect(-LABEL_W / 2, -LABEL_H / 2, LABEL_W, LABEL_H, fill=Color(1, 1, 1))
        surface.text(0, -1.1 * MM, tr("glue here"), fonts.DEFAULT, 7, Color(0.3, 0.3, 0.3), "center")
        surface.restore()
