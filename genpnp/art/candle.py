"""A birthday candle with a lit flame: striped wax, a wick, a two-tone flame and a small drip."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.color import Color
from genpnp.content.schema import Bool, ColorSpec, fld

WAX = Color(0.96, 0.62, 0.72, "wax", 0.8)
STRIPE = Color(1.0, 1.0, 1.0, "stripe", 1.0)
FLAME = Color(0.98, 0.55, 0.12, "flame", 0.55)
CORE = Color(1.0, 0.9, 0.35, "core", 0.95)
WICK = Color(0.2, 0.2, 0.2, "wick", 0.1)


def flame_path(cx: float, base: float, w: float, h: float) -> list[tuple]:
    """A teardrop from ``base`` up to ``base + h``, ``w`` wide at its belly."""
    top = base + h
    return [
        ("M", cx, top),
        ("C", cx + w * 0.15, top - h * 0.3, cx + w * 0.5, top - h * 0.5, cx + w * 0.45, base + h * 0.28),
        ("C", cx + w * 0.4, base - h * 0.02, cx - w * 0.4, base - h * 0.02, cx - w * 0.45, base + h * 0.28),
        ("C", cx - w * 0.5, top - h * 0.5, cx - w * 0.15, top - h * 0.3, cx, top),
        ("Z",),
    ]


def draw_candle(surface: Any, x: float, y: float, w: float, h: float, wax: Color = WAX, stripe: Color = STRIPE,
                flame: Color = FLAME, lit: bool = True, outline: Color = WICK) -> None:
    """A candle standing in the box (x, y, w, h): wax takes the lower 62%, the flame the top."""
    body_w = min(w * 0.5, h * 0.25)
    body_h = h * 0.6
    cx = x + w / 2
    bx, by = cx - body_w / 2, y + h * 0.02
    line = max(0.4, body_w * 0.04)
    surface.rect(bx, by, body_w, body_h, fill=wax, stroke=outline, width=line, radius=body_w * 0.12)
    stripes = 4
    step = body_h / stripes
    surface.save()
    surface.clip_rect(bx, by, body_w, body_h)
    for i in range(stripes + 1):
        y0 = by + i * step
        surface.polygon([(bx, y0), (bx + body_w, y0 + step * 0.55), (bx + body_w, y0 + step * 0.85),
                         (bx, y0 + step * 0.3)], fill=stripe)
    surface.restore()
    surface.rect(bx, by, body_w, body_h, stroke=outline, width=line, radius=body_w * 0.12)
    drip = [("M", bx + body_w * 0.55, by + body_h),
            ("C", bx + body_w * 0.55, by + body_h - body_w * 0.5, bx + body_w * 0.85, by + body_h - body_w * 0.5,
             bx + body_w * 0.85, by + body_h), ("Z",)]
    surface.path(drip, fill=wax.mix(Color(1, 1, 1), 0.35))
    wick_top = by + body_h + h * 0.07
    surface.line(cx, by + body_h, cx, wick_top, outline, max(0.5, body_w * 0.07))
    if lit:
        fh = h * 0.28
        surface.path(flame_path(cx, wick_top - fh * 0.2, body_w * 1.1, fh), fill=flame, stroke=outline,
                     width=line * 0.6)
        surface.path(flame_path(cx, wick_top - fh * 0.15, body_w * 0.5, fh * 0.55), fill=CORE)


@art("candle")
@dataclass(frozen=True, kw_only=True)
class Candle(ArtElement):
    """A striped candle with a flame, standing in its box (tall boxes suit it best)."""

    wax: Color = fld(ColorSpec(), WAX, "colour of the wax")
    stripe: Color = fld(ColorSpec(), STRIPE, "colour of the spiral stripes")
    flame: Color = fld(ColorSpec(), FLAME, "colour of the flame")
    lit: bool = fld(Bool(), True, "draw the flame")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        draw_candle(surface, x, y, bw, bh, self.wax, self.stripe, self.flame, self.lit)
