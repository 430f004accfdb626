"""Berries drawn from bezier paths: strawberries and blueberries, 1 to 9 in a readable arrangement.

``berries`` fills its box with ``count`` berries of one ``fruit``. The drawing functions
(:func:`draw_strawberry`, :func:`draw_blueberry`, :func:`draw_berries`) are reused by renderers
that draw berries outside a face (map boards). Default colours carry bw greys that differ
(strawberry light, blueberry dark), and the two shapes differ too, so a black-and-white print
still tells them apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.art.shapes import star_points
from genpnp.color import Color
from genpnp.content.schema import ColorSpec, Enum, Int, Num, fld

STRAWBERRY = Color(0.85, 0.13, 0.19, "strawberry", 0.62)
BLUEBERRY = Color(0.27, 0.30, 0.66, "blueberry", 0.22)
LEAF = Color(0.20, 0.58, 0.22, "leaf", 0.35)
SEED = Color(0.99, 0.86, 0.42, "seed", 0.95)
CROWN = Color(0.13, 0.13, 0.35, "crown", 0.05)
SHINE = Color(1, 1, 1, "shine", 1.0)
OUTLINE = Color(0.25, 0.08, 0.08, "outline", 0.1)

# centres (fractions of the box, y up) and the berry size (fraction of the smaller side) per count
ARRANGEMENTS: dict[int, tuple[float, list[tuple[float, float]]]] = {
    1: (0.78, [(0.5, 0.5)]),
    2: (0.50, [(0.28, 0.68), (0.72, 0.32)]),
    3: (0.45, [(0.5, 0.74), (0.26, 0.28), (0.74, 0.28)]),
    4: (0.42, [(0.27, 0.73), (0.73, 0.73), (0.27, 0.27), (0.73, 0.27)]),
    5: (0.36, [(0.22, 0.78), (0.78, 0.78), (0.5, 0.5), (0.22, 0.22), (0.78, 0.22)]),
    6: (0.33, [(0.22, 0.78), (0.78, 0.78), (0.22, 0.5), (0.78, 0.5), (0.22, 0.22), (0.78, 0.22)]),
}


def berry_centres(count: int, x: float, y: float, w: float, h: float) -> tuple[float, list[tuple[float, float]]]:
    """(berry size, centres) for ``count`` berries in the box; 7-9 fall back to a 3x3 grid."""
    side = min(w, h)
    ox, oy = x + (w - side) / 2, y + (h - side) / 2
    if count in ARRANGEMENTS:
        size, spots = ARRANGEMENTS[count]
    else:
        size = 0.3
        spots = [(0.2 + 0.3 * (i % 3), 0.8 - 0.3 * (i // 3)) for i in range(count)]
    return size * side, [(ox + fx * side, oy + fy * side) for fx, fy in spots]


def strawberry_body(cx: float, cy: float, s: float) -> list[tuple]:
    """A heart-ish body of height about ``s`` centred on (cx, cy), tip pointing down."""
    top, tip = cy + 0.30 * s, cy - 0.50 * s
    return [
        ("M", cx, top - 0.04 * s),
        ("C", cx + 0.18 * s, top + 0.06 * s, cx + 0.46 * s, top + 0.04 * s, cx + 0.43 * s, cy + 0.02 * s),
        ("C", cx + 0.40 * s, cy - 0.22 * s, cx + 0.14 * s, tip + 0.04 * s, cx, tip),
        ("C", cx - 0.14 * s, tip + 0.04 * s, cx - 0.40 * s, cy - 0.22 * s, cx - 0.43 * s, cy + 0.02 * s),
        ("C", cx - 0.46 * s, top + 0.04 * s, cx - 0.18 * s, top + 0.06 * s, cx, top - 0.04 * s),
        ("Z",),
    ]


def leaf_path(cx: float, cy: float, length: float, angle_deg: float, width: float) -> list[tuple]:
    """A pointed leaf from (cx, cy) in direction ``angle_deg``."""
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    nx, ny = -uy, ux
    tx, ty = cx + ux * length, cy + uy * length
    mx, my = cx + ux * length * 0.5, cy + uy * length * 0.5
    return [
        ("M", cx, cy),
        ("C", mx + nx * width, my + ny * width, tx - ux * length * 0.15 + nx * width * 0.3,
         ty - uy * length * 0.15 + ny * width * 0.3, tx, ty),
        ("C", tx - ux * length * 0.15 - nx * width * 0.3, ty - uy * length * 0.15 - ny * width * 0.3,
         mx - nx * width, my - ny * width, cx, cy),
        ("Z",),
    ]


def draw_strawberry(surface: Any, cx: float, cy: float, s: float, color: Color = STRAWBERRY,
                    leaf: Color = LEAF, seed: Color = SEED, outline: Color | None = OUTLINE) -> None:
    """One strawberry of height about ``s``: body, seeds, a crown of leaves and a stem."""
    width = max(0.3, s * 0.025)
    surface.path(strawberry_body(cx, cy, s), fill=color, stroke=outline, width=width)
    seeds = [(-0.22, 0.08), (0.0, 0.12), (0.22, 0.08), (-0.28, -0.1), (-0.1, -0.06), (0.1, -0.06),
             (0.28, -0.1), (-0.14, -0.25), (0.14, -0.25), (0.0, -0.38)]
    for fx, fy in seeds:
        surface.ellipse(cx + fx * s - 0.025 * s, cy + fy * s - 0.04 * s, 0.05 * s, 0.08 * s, fill=seed)
    base_y = cy + 0.27 * s
    for angle in (200, 240, 270, 300, 340):
        surface.path(leaf_path(cx, base_y, 0.24 * s, angle, 0.07 * s), fill=leaf, stroke=outline,
                     width=width * 0.6)
    surface.path(leaf_path(cx, base_y - 0.02 * s, 0.2 * s, 80, 0.035 * s), fill=leaf, stroke=outline,
                 width=width * 0.6)


def draw_blueberry(surface: Any, cx: float, cy: float, s: float, color: Color = BLUEBERRY,
                   crown: Color = CROWN, shine: Color = SHINE, outline: Color | None = OUTLINE) -> None:
    """One blueberry of diameter about ``0.86 s``: a round body, a shine and a star-shaped crown."""
    r = 0.43 * s
    width = max(0.3, s * 0.025)
    surface.circle(cx, cy, r, fill=color, stroke=outline, width=width)
    surface.ellipse(cx - 0.28 * s, cy + 0.05 * s, 0.14 * s, 0.2 * s, fill=shine)
    crown_pts = star_points(cx + 0.06 * s, cy + 0.14 * s, 0.15 * s, 5, 0.45)
    surface.polygon(crown_pts, fill=crown)
    surface.circle(cx + 0.06 * s, cy + 0.14 * s, 0.04 * s, fill=color.mix(Color(0, 0, 0), 0.5))


def draw_berry(surface: Any, fruit: str, cx: float, cy: float, s: float, color: Color | None = None) -> None:
    """One berry centred on (cx, cy); drawn once per fruit, size and colour as a form and reused (a map
    or a sheet of tiles shows hundreds of the same berry)."""
    body = color or (STRAWBERRY if fruit == "strawberry" else BLUEBERRY)
    draw = draw_strawberry if fruit == "strawberry" else draw_blueberry
    key = f"berry-{fruit}-{s:.2f}-{body.r:.4f}-{body.g:.4f}-{body.b:.4f}"
    surface.save()
    surface.translate(cx - s, cy - s)
    surface.reuse(key, 2 * s, 2 * s, lambda local: draw(local, s, s, s, body))
    surface.restore()


def draw_berries(surface: Any, fruit: str, count: int, x: float, y: float, w: float, h: float,
                 color: Color | None = None, scale: float = 1.0) -> None:
    """``count`` berries of ``fruit`` arranged in the box (x, y, w, h), y up."""
    size, centres = berry_centres(count, x, y, w, h)
    for cx, cy in centres:
        draw_berry(surface, fruit, cx, cy, size * scale, color)


@art("berries")
@dataclass(frozen=True, kw_only=True)
class Berries(ArtElement):
    """1-9 strawberries or blueberries, arranged so the count reads at a glance (like die pips)."""

    fruit: str = fld(Enum("strawberry", "blueberry"), example="strawberry", doc="which berry")
    count: int = fld(Int(0, 9), 1, "how many berries", 2)
    color: Color | None = fld(ColorSpec(), None, "body colour (default: strawberry red or blueberry blue)")
    scale: float = fld(Num(0.3, 1.5), 1.0, "berry size relative to the arrangement's default")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        draw_berries(surface, self.fruit, self.count, x, y, bw, bh, self.color, self.scale)
