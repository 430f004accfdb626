"""A hex map's key: a box in one corner listing each symbol, drawn as the map draws it, with its meaning."""

from __future__ import annotations

import math
from typing import Any

from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.core.units import MM

WHITE = Color(1, 1, 1)
PAD = 2 * MM
SYMBOL_W = 9 * MM


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(90 + 60 * i)), cy + r * math.sin(math.radians(90 + 60 * i)))
            for i in range(6)]


def draw_symbol(m: Any, entry: Any, surface: Any, cx: float, cy: float, room: float) -> None:
    """One legend symbol centred on (cx, cy), no taller than ``room``."""
    color = entry.color or m.line
    if entry.symbol == "dot":
        r = min(m.hex_size * 0.16, room / 2)
        surface.circle(cx - r * 1.2, cy, r, fill=color, stroke=m.line, width=0.5)
        surface.circle(cx + r * 1.2, cy, r, fill=color, stroke=m.line, width=0.5)
    elif entry.symbol == "peg":
        surface.circle(cx, cy, min(m.peg_radius, room / 2), fill=WHITE, stroke=m.line, width=0.6)
    elif entry.symbol in ("bullseye", "ring") and entry.shape == "rect":
        h = room * 0.9
        w = h * 4 / 3
        x, y = cx - w / 2, cy - h / 2
        if entry.symbol == "bullseye":
            surface.rect(x, y, w, h, fill=color, stroke=m.line, width=0.5)
            surface.ellipse(x + w * 0.22, y + h * 0.125, w * 0.56, h * 0.75, fill=WHITE, stroke=m.line, width=0.5)
            surface.ellipse(x + w * 0.369, y + h * 0.325, w * 0.262, h * 0.35, fill=color, stroke=m.line, width=0.5)
        else:
            surface.rect(x, y, w, h, fill=WHITE, stroke=m.line, width=0.5)
            surface.ellipse(x + w * 0.2, y + h * 0.1, w * 0.6, h * 0.8, fill=None, stroke=color, width=h * 0.16)
    elif entry.symbol in ("bullseye", "ring"):
        r = room * 0.45
        if entry.symbol == "bullseye":
            surface.circle(cx, cy, r, fill=color, stroke=m.line, width=0.5)
            surface.circle(cx, cy, r * 0.62, fill=WHITE, stroke=None)
            surface.circle(cx, cy, r * 0.3, fill=color, stroke=None)
        else:
            surface.circle(cx, cy, r * 0.8, fill=None, stroke=color, width=r * 0.35)
    else:
        r = room * 0.5
        width = m.region_width if entry.symbol == "region" else m.line_width
        surface.polygon(_hexagon(cx, cy, r), fill=entry.color or m.fill, stroke=m.line, width=width)
    if entry.label and entry.symbol in ("bullseye", "ring"):
        size = room * 0.42
        surface.text(cx, cy - size * 0.35, entry.label, fonts.styled(m.font, "b"), size, m.line, align="center")


def draw_legend(m: Any, legend: Any, surface: Any, w: float, h: float) -> None:
    size, lh = legend.size, legend.line_height
    texts = [e.text for e in legend.entries]
    text_w = max(surface.text_width(t, m.font, size) for t in texts)
    if legend.title:
        text_w = max(text_w, surface.text_width(legend.title, fonts.styled(m.font, "b"), size) - SYMBOL_W)
    box_w = SYMBOL_W + text_w + 2 * PAD
    box_h = lh * (len(texts) + bool(legend.title)) + 2 * PAD - lh * 0.2
    top_band, bottom_band = m.bands
    x = m.margin * 0.5 if legend.at.endswith("left") else w - m.margin * 0.5 - box_w
    y = (h - top_band - m.margin * 0.5 - box_h) if legend.at.startswith("top") else m.margin * 0.5 + bottom_band
    # the box in the map's own hex fill: each symbol stands on what it stands on in the map, and prints
    # (in bw or saver) exactly as the map prints it
    surface.rect(x, y, box_w, box_h, fill=m.fill or WHITE, stroke=m.line, width=0.6, radius=1.5 * MM)
    row = y + box_h - PAD - lh * 0.8
    if legend.title:
        surface.text(x + PAD, row + lh * 0.15, legend.title, fonts.styled(m.font, "b"), size, m.line)
        row -= lh
    for entry in legend.entries:
        draw_symbol(m, entry, surface, x + PAD + SYMBOL_W / 2 - 1 * MM, row + size * 0.35, lh * 0.8)
        surface.text(x + PAD + SYMBOL_W, row, entry.text, m.font, size, m.line)
        row -= lh
