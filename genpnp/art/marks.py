"""Emblems and textures: a "mystery" magnifier with a question mark, a "random" die mark, crumbs.

- ``mystery``: a magnifying glass whose lens shows a question mark (hidden information).
- ``random-mark``: a die (rounded square, tilted) showing a question mark (a random tile).
- ``crumbs``: scattered irregular crumbs, placed by a seeded generator (same seed, same crumbs).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from genpnp import fonts
from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.color import Color
from genpnp.content.schema import ColorSpec, Int, Num, fld

DARK = Color(0.2, 0.16, 0.14, "dark", 0.15)
GLASS = Color(0.86, 0.93, 0.97, "glass", 0.97)
HANDLE = Color(0.45, 0.3, 0.2, "handle", 0.3)
DIE = Color(1.0, 1.0, 1.0, "die", 1.0)
CRUMB = Color(0.78, 0.58, 0.32, "crumb", 0.55)


def question_mark(surface: Any, cx: float, cy: float, size: float, color: Color) -> None:
    """A bold question mark whose glyph box is centred on (cx, cy), ``size`` tall."""
    font_size = size / 0.73
    surface.text(cx, cy - size / 2, "?", fonts.BOLD, font_size, color, "center")


def draw_mystery(surface: Any, x: float, y: float, w: float, h: float, ink: Color = DARK, glass: Color = GLASS,
                 handle: Color = HANDLE) -> None:
    side = min(w, h)
    ox, oy = x + (w - side) / 2, y + (h - side) / 2
    r = side * 0.3
    cx, cy = ox + side * 0.42, oy + side * 0.58
    a = math.radians(-45)
    hx0, hy0 = cx + math.cos(a) * r * 1.05, cy + math.sin(a) * r * 1.05
    hx1, hy1 = cx + math.cos(a) * r * 2.0, cy + math.sin(a) * r * 2.0
    surface.line(hx0, hy0, hx1, hy1, handle, side * 0.11)
    surface.circle(hx1, hy1, side * 0.055, fill=handle)
    surface.circle(cx, cy, r, fill=glass, stroke=ink, width=side * 0.055)
    question_mark(surface, cx, cy, r * 1.15, ink)


def draw_random(surface: Any, x: float, y: float, w: float, h: float, ink: Color = DARK, face: Color = DIE,
                tilt: float = 12.0) -> None:
    side = min(w, h) * 0.8
    cx, cy = x + w / 2, y + h / 2
    surface.save()
    surface.translate(cx, cy)
    surface.rotate(tilt)
    surface.rect(-side / 2, -side / 2, side, side, fill=face, stroke=ink, width=side * 0.06, radius=side * 0.18)
    for fx, fy in ((-0.3, 0.3), (0.3, -0.3), (0.3, 0.3), (-0.3, -0.3)):
        surface.circle(fx * side, fy * side, side * 0.055, fill=ink)
    question_mark(surface, 0, 0, side * 0.5, ink)
    surface.restore()


def crumb_shapes(seed: int, count: int, x: float, y: float, w: float, h: float, size: float) -> list[list]:
    """Polygons of ``count`` crumbs inside the box, each about ``size`` across (deterministic)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cx = x + size + rng.random() * max(w - 2 * size, 0)
        cy = y + size + rng.random() * max(h - 2 * size, 0)
        r = size * (0.4 + 0.6 * rng.random()) / 2
        corners = rng.randint(5, 7)
        start = rng.random() * math.tau
        out.append([
            (cx + r * (0.7 + 0.3 * rng.random()) * math.cos(start + i * math.tau / corners),
             cy + r * (0.7 + 0.3 * rng.random()) * math.sin(start + i * math.tau / corners))
            for i in range(corners)
        ])
    return out


@art("mystery")
@dataclass(frozen=True, kw_only=True)
class Mystery(ArtElement):
    """A magnifying glass with a question mark in its lens: "hidden until revealed"."""

    color: Color = fld(ColorSpec(), DARK, "colour of the rim and the question mark")
    glass: Color = fld(ColorSpec(), GLASS, "colour of the lens")
    handle: Color = fld(ColorSpec(), HANDLE, "colour of the handle")

    def draw(self, surface: Any, w: float, h: float) -> None:
        draw_mystery(surface, *self.resolve_box(w, h), self.color, self.glass, self.handle)


@art("random-mark")
@dataclass(frozen=True, kw_only=True)
class RandomMark(ArtElement):
    """A tilted die showing a question mark: "this one is decided by chance"."""

    color: Color = fld(ColorSpec(), DARK, "colour of the outline, corner pips and question mark")
    face: Color = fld(ColorSpec(), DIE, "colour of the die's face")
    tilt: float = fld(Num(-45, 45), 12.0, "tilt in degrees")

    def draw(self, surface: Any, w: float, h: float) -> None:
        draw_random(surface, *self.resolve_box(w, h), self.color, self.face, self.tilt)


@art("crumbs")
@dataclass(frozen=True, kw_only=True)
class Crumbs(ArtElement):
    """Scattered crumbs over the box (e.g. on an eaten tile's plate)."""

    count: int = fld(Int(1, 200), 14, "how many crumbs")
    color: Color = fld(ColorSpec(), CRUMB, "crumb colour")
    size: float = fld(Num(0.01, 0.5), 0.08, "crumb size as a fraction of the box's smaller side")
    seed: int = fld(Int(0, 2**31), 1, "placement seed (same seed, same crumbs)")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        shade = self.color.mix(Color(0, 0, 0), 0.35)
        for poly in crumb_shapes(self.seed, self.count, x, y, bw, bh, min(bw, bh) * self.size):
            surface.polygon(poly, fill=self.color, stroke=shade, width=0.3)
