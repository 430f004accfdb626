"""Party emblems: simple animal and plant silhouettes built from vector primitives.

``- emblem: {symbol: elephant, color: red}`` draws the silhouette in the colour, centred in the
box and scaled to its smaller side; ``detail`` colours the eye, ear and vein lines.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.art.shapes import star_points
from genpnp.color import BLACK, WHITE, Color
from genpnp.content.schema import ColorSpec, Enum, Length, fld

SYMBOLS = ("elephant", "donkey", "porcupine", "leaf", "star")
Pt = tuple[float, float]


class Pen:
    """Draws in a unit square (0..1, y up) mapped onto a square of side ``s`` at (x, y)."""

    def __init__(self, surface: Any, x: float, y: float, s: float, fill: Color, detail: Color,
                 stroke: Color | None, width: float):
        self.surface, self.x, self.y, self.s = surface, x, y, s
        self.fill, self.detail, self.stroke, self.width = fill, detail, stroke, width

    def p(self, u: float, v: float) -> Pt:
        return self.x + u * self.s, self.y + v * self.s

    def poly(self, pts: list[Pt], detail: bool = False) -> None:
        self.surface.polygon([self.p(u, v) for u, v in pts], fill=self.detail if detail else self.fill,
                             stroke=None if detail else self.stroke, width=self.width)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, detail: bool = False) -> None:
        x, y = self.p(cx - rx, cy - ry)
        self.surface.ellipse(x, y, 2 * rx * self.s, 2 * ry * self.s, fill=self.detail if detail else self.fill,
                             stroke=None if detail else self.stroke, width=self.width)

    def line(self, pts: list[Pt], width: float, detail: bool = True) -> None:
        color = self.detail if detail else self.fill
        for (u1, v1), (u2, v2) in zip(pts, pts[1:]):
            self.surface.line(*self.p(u1, v1), *self.p(u2, v2), color, width * self.s)

    def curve(self, start: Pt, segments: list[tuple[Pt, Pt, Pt]], detail: bool = False) -> None:
        cmds: list[tuple] = [("M", *self.p(*start))]
        for c1, c2, end in segments:
            cmds.append(("C", *self.p(*c1), *self.p(*c2), *self.p(*end)))
        cmds.append(("Z",))
        self.surface.path(cmds, fill=self.detail if detail else self.fill,
                          stroke=None if detail else self.stroke, width=self.width)


def _thick(pts: list[Pt], half: float) -> list[Pt]:
    """A polyline widened into a closed polygon of half-width ``half`` (for trunks and tails)."""
    left, right = [], []
    for i, (u, v) in enumerate(pts):
        a, b = pts[max(i - 1, 0)], pts[min(i + 1, len(pts) - 1)]
        du, dv = b[0] - a[0], b[1] - a[1]
        n = math.hypot(du, dv) or 1.0
        left.append((u - dv / n * half, v + du / n * half))
        right.append((u + dv / n * half, v - du / n * half))
    return left + right[::-1]


def elephant(pen: Pen) -> None:
    for x in (0.2, 0.34, 0.54, 0.66):  # legs
        pen.poly([(x, 0.14), (x + 0.11, 0.14), (x + 0.11, 0.42), (x, 0.42)])
    pen.ellipse(0.44, 0.5, 0.33, 0.22)  # body
    pen.ellipse(0.76, 0.6, 0.15, 0.15)  # head
    pen.poly(_thick([(0.86, 0.56), (0.92, 0.44), (0.93, 0.3), (0.89, 0.2), (0.84, 0.2)], 0.045))  # trunk
    pen.poly(_thick([(0.12, 0.55), (0.07, 0.45), (0.07, 0.36)], 0.015))  # tail
    pen.ellipse(0.7, 0.58, 0.07, 0.1, detail=True)  # ear line
    pen.ellipse(0.7, 0.58, 0.05, 0.08)
    pen.ellipse(0.81, 0.65, 0.018, 0.018, detail=True)  # eye


def donkey(pen: Pen) -> None:
    for x in (0.2, 0.3, 0.56, 0.66):  # legs
        pen.poly([(x, 0.1), (x + 0.07, 0.1), (x + 0.07, 0.42), (x, 0.42)])
    pen.ellipse(0.44, 0.46, 0.28, 0.15)  # body
    pen.poly([(0.6, 0.5), (0.7, 0.78), (0.8, 0.78), (0.74, 0.45)])  # neck
    pen.poly(_thick([(0.72, 0.74), (0.9, 0.58)], 0.065))  # head
    pen.poly([(0.7, 0.76), (0.66, 0.97), (0.74, 0.8)])  # ears
    pen.poly([(0.75, 0.78), (0.78, 0.98), (0.8, 0.78)])
    pen.poly(_thick([(0.17, 0.5), (0.1, 0.38), (0.09, 0.28)], 0.015))  # tail
    pen.ellipse(0.09, 0.26, 0.03, 0.05)
    pen.ellipse(0.78, 0.71, 0.016, 0.016, detail=True)  # eye


def porcupine(pen: Pen) -> None:
    cx, cy, rx, ry = 0.45, 0.3, 0.34, 0.28
    spikes = []
    for i in range(15):  # quills around the back
        a = math.radians(10 + 160 * i / 14)
        base = (cx + rx * math.cos(a), cy + ry * math.sin(a))
        tip = (cx + (rx + 0.15) * math.cos(a), cy + (ry + 0.17) * math.sin(a))
        da = math.radians(7)
        side1 = (cx + rx * math.cos(a - da), cy + ry * math.sin(a - da))
        side2 = (cx + rx * math.cos(a + da), cy + ry * math.sin(a + da))
        spikes.append([side1, tip, side2, base])
    for s in spikes:
        pen.poly(s)
    pen.curve((cx - rx, cy), [((cx - rx, cy + ry * 1.35), (cx + rx, cy + ry * 1.35), (cx + rx, cy)),
                              ((cx + rx, cy - 0.12), (cx - rx, cy - 0.12), (cx - rx, cy))])
    pen.poly([(0.74, 0.34), (0.93, 0.25), (0.74, 0.18)])  # snout
    for x in (0.25, 0.6):  # feet
        pen.poly([(x, 0.12), (x + 0.1, 0.12), (x + 0.08, 0.22), (x + 0.02, 0.22)])
    pen.ellipse(0.8, 0.28, 0.018, 0.018, detail=True)  # eye


def leaf(pen: Pen) -> None:
    tip, base = (0.88, 0.9), (0.2, 0.22)
    pen.curve(base, [((0.1, 0.62), (0.45, 0.95), tip), ((0.88, 0.5), (0.62, 0.14), base)])
    pen.poly(_thick([(0.22, 0.24), (0.08, 0.08)], 0.025))  # stem
    pen.line([base, (0.55, 0.57), (0.8, 0.82)], 0.025)  # midrib
    for t in (0.35, 0.55, 0.72):
        m = (base[0] + (tip[0] - base[0]) * t, base[1] + (tip[1] - base[1]) * t)
        pen.line([m, (m[0] - 0.12, m[1] + 0.04)], 0.018)
        pen.line([m, (m[0] + 0.04, m[1] - 0.12)], 0.018)


def star(pen: Pen) -> None:
    pen.poly(star_points(0.5, 0.47, 0.47, 5, 0.42))


DRAWERS: dict[str, Callable[[Pen], None]] = {
    "elephant": elephant, "donkey": donkey, "porcupine": porcupine, "leaf": leaf, "star": star,
}


@art("emblem", shorthand="symbol")
@dataclass(frozen=True, kw_only=True)
class Emblem(ArtElement):
    """A party emblem silhouette centred in the box (the smaller side sets its size)."""

    symbol: str = fld(Enum(*SYMBOLS), doc="which emblem", example="elephant")
    color: Color = fld(ColorSpec(), BLACK, "silhouette colour")
    detail: Color = fld(ColorSpec(), WHITE, "colour of the eye, ear and vein details")
    stroke: Color | None = fld(ColorSpec(), None, "outline of the silhouette's parts")
    width: float = fld(Length(), 0.4, "outline width")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        s = min(bw, bh)
        pen = Pen(surface, x + (bw - s) / 2, y + (bh - s) / 2, s, self.color, self.detail, self.stroke, self.width)
        DRAWERS[self.symbol](pen)
