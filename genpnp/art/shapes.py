"""Plain shapes: rectangles, ellipses, lines, regular polygons and stars."""

from __future__ import annotations

import math
from typing import Any

from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.content.schema import ColorSpec, Enum, Int, Length, Num, fld
from genpnp.core.color import BLACK, Color
from genpnp.core.records import dataclass


@art("rect")
@dataclass(frozen=True, kw_only=True)
class Rect(ArtElement):
    """A rectangle filling the box, optionally rounded. In a build with bleed, a filled square-cornered one
    that reaches an edge of the face (a band, a frame) runs on past that edge into the bleed."""

    fill: Color | None = fld(ColorSpec(), None, "fill colour")
    stroke: Color | None = fld(ColorSpec(), None, "outline colour")
    width: float = fld(Length(), 0.5, "outline width")
    radius: float = fld(Length(), 0.0, "corner radius")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        surface.rect(x, y, bw, bh, fill=self.fill, stroke=self.stroke, width=self.width, radius=self.radius)


@art("ellipse")
@dataclass(frozen=True, kw_only=True)
class Ellipse(ArtElement):
    """An ellipse (a circle in a square box) inscribed in the box."""

    fill: Color | None = fld(ColorSpec(), None, "fill colour")
    stroke: Color | None = fld(ColorSpec(), None, "outline colour")
    width: float = fld(Length(), 0.5, "outline width")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        surface.ellipse(x, y, bw, bh, fill=self.fill, stroke=self.stroke, width=self.width)


@art("line")
@dataclass(frozen=True, kw_only=True)
class Line(ArtElement):
    """A line across the box: horizontal, vertical or a diagonal."""

    direction: str = fld(Enum("horizontal", "vertical", "down", "up"), "horizontal", "which line")
    stroke: Color = fld(ColorSpec(), BLACK, "line colour")
    width: float = fld(Length(), 0.75, "line width")
    style: str = fld(Enum("solid", "dashed", "dotted"), "solid", "line style")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        dash = {"solid": None, "dashed": (4, 3), "dotted": (1, 2)}[self.style]
        pts = {
            "horizontal": (x, y + bh / 2, x + bw, y + bh / 2),
            "vertical": (x + bw / 2, y, x + bw / 2, y + bh),
            "down": (x, y + bh, x + bw, y),
            "up": (x, y, x + bw, y + bh),
        }[self.direction]
        surface.line(*pts, stroke=self.stroke, width=self.width, dash=dash)


def regular_polygon(cx: float, cy: float, r: float, sides: int, start_deg: float = 90.0) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(start_deg + 360.0 * i / sides)),
         cy + r * math.sin(math.radians(start_deg + 360.0 * i / sides)))
        for i in range(sides)
    ]


def star_points(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        angle = math.radians(90 + 180.0 * i / points)
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


@art("polygon")
@dataclass(frozen=True, kw_only=True)
class Polygon(ArtElement):
    """A regular polygon (triangle, hexagon...) or a star, centred in the box."""

    sides: int = fld(Int(3, 24), 6, "number of corners")
    star: str = fld(Enum("no", "yes"), "no", "draw a star with this many points")
    fill: Color | None = fld(ColorSpec(), None, "fill colour")
    stroke: Color | None = fld(ColorSpec(), None, "outline colour")
    width: float = fld(Length(), 0.5, "outline width")
    angle: float = fld(Num(-360, 360), 90.0, "direction of the first corner, degrees")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        r = min(bw, bh) / 2
        cx, cy = x + bw / 2, y + bh / 2
        if self.star == "yes":
            pts = star_points(cx, cy, r, self.sides)
        else:
            pts = regular_polygon(cx, cy, r, self.sides, self.angle)
        surface.polygon(pts, fill=self.fill, stroke=self.stroke, width=self.width)
