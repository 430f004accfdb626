"""Illustrated card backs: a patterned frame, a large emblem built from paths, and a word.

``cardback`` fills its box (usually the whole card): a background, a double frame with a
repeated diamond border, an emblem (``dice``, ``dome`` or ``scales``) and an optional word
below it. Everything is vector paths, so it prints sharply and follows the ink mode.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from genpnp import fonts
from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.color import WHITE, Color
from genpnp.content.schema import ColorSpec, Enum, Str, fld

Box = tuple[float, float, float, float]


def diamond_border(surface: Any, x: float, y: float, w: float, h: float, step: float, color: Color) -> None:
    """Small diamonds spaced about ``step`` apart along the inside of a rectangle."""
    r = step * 0.28
    for length, horizontal in ((w, True), (h, False)):
        n = max(2, round(length / step))
        gap = length / n
        for i in range(n + 1):
            t = i * gap
            for edge in (0.0, 1.0):
                if horizontal:
                    cx, cy = x + t, y + edge * h
                else:
                    if i in (0, n):
                        continue  # corners already drawn by the horizontal rows
                    cx, cy = x + edge * w, y + t
                surface.polygon([(cx, cy + r), (cx + r, cy), (cx, cy - r), (cx - r, cy)], fill=color)


def _rounded_square(x: float, y: float, s: float, rad: float) -> list[tuple]:
    k = 0.5523 * rad
    return [
        ("M", x + rad, y),
        ("L", x + s - rad, y),
        ("C", x + s - rad + k, y, x + s, y + rad - k, x + s, y + rad),
        ("L", x + s, y + s - rad),
        ("C", x + s, y + s - rad + k, x + s - rad + k, y + s, x + s - rad, y + s),
        ("L", x + rad, y + s),
        ("C", x + rad - k, y + s, x, y + s - rad + k, x, y + s - rad),
        ("L", x, y + rad),
        ("C", x, y + rad - k, x + rad - k, y, x + rad, y),
        ("Z",),
    ]


def _die(
    surface: Any, cx: float, cy: float, s: float, angle: float, pips: int, ink: Color, face: Color
) -> None:
    surface.save()
    surface.translate(cx, cy)
    surface.rotate(angle)
    surface.path(
        _rounded_square(-s / 2, -s / 2, s, s * 0.18), fill=face, stroke=ink, width=max(s * 0.05, 0.8)
    )
    spots = {
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
    }[pips]
    for px, py in spots:
        surface.circle(px * s * 0.27, py * s * 0.27, s * 0.085, fill=ink)
    surface.restore()


def emblem_dice(surface: Any, box: Box, ink: Color, face: Color) -> None:
    """Two tumbling dice."""
    x, y, w, h = box
    s = min(w * 0.48, h * 0.62)
    _die(surface, x + w * 0.36, y + h * 0.42, s, 14.0, 5, ink, face)
    _die(surface, x + w * 0.66, y + h * 0.62, s * 0.8, -18.0, 3, ink, face)


def emblem_dome(surface: Any, box: Box, ink: Color, face: Color) -> None:
    """A capitol: steps, a colonnade, a drum and a dome with a lantern."""
    x, y, w, h = box
    u = min(w / 10.0, h / 11.0)
    cx = x + w / 2
    base = y + (h - 11 * u) / 2
    surface.rect(cx - 5 * u, base, 10 * u, 0.6 * u, fill=ink)  # lower step
    surface.rect(cx - 4.4 * u, base + 0.6 * u, 8.8 * u, 0.6 * u, fill=ink)  # upper step
    floor = base + 1.2 * u
    surface.rect(cx - 4 * u, floor, 8 * u, 3.2 * u, fill=face, stroke=ink, width=u * 0.15)
    for i in range(7):
        px = cx - 3.45 * u + i * 1.15 * u
        surface.rect(px - 0.22 * u, floor + 0.3 * u, 0.44 * u, 2.6 * u, fill=ink)
    roof = floor + 3.2 * u
    surface.polygon([(cx - 4.4 * u, roof), (cx + 4.4 * u, roof), (cx, roof + 1.3 * u)], fill=ink)
    drum = roof + 1.0 * u
    surface.rect(cx - 2.2 * u, drum, 4.4 * u, 1.3 * u, fill=face, stroke=ink, width=u * 0.15)
    for i in range(5):
        px = cx - 1.6 * u + i * 0.8 * u
        surface.rect(px - 0.12 * u, drum + 0.2 * u, 0.24 * u, 0.9 * u, fill=ink)
    top = drum + 1.3 * u
    r = 2.4 * u
    k = 0.5523 * r
    surface.path(
        [
            ("M", cx - r, top),
            ("C", cx - r, top + k * 1.1, cx - k, top + r * 1.1, cx, top + r * 1.1),
            ("C", cx + k, top + r * 1.1, cx + r, top + k * 1.1, cx + r, top),
            ("Z",),
        ],
        fill=ink,
    )
    for f in (-0.45, 0.0, 0.45):  # ribs of the dome
        surface.line(cx + f * r, top + 0.1 * u, cx + f * r * 0.55, top + r * 0.95, face, u * 0.14)
    lantern = top + r * 1.1
    surface.rect(cx - 0.35 * u, lantern - 0.1 * u, 0.7 * u, 0.9 * u, fill=ink)
    surface.polygon(
        [(cx - 0.5 * u, lantern + 0.8 * u), (cx + 0.5 * u, lantern + 0.8 * u), (cx, lantern + 1.5 * u)],
        fill=ink,
    )


def emblem_scales(surface: Any, box: Box, ink: Color, face: Color) -> None:
    """Balance scales on a stand."""
    x, y, w, h = box
    u = min(w / 10.0, h / 10.0)
    cx = x + w / 2
    base = y + (h - 10 * u) / 2
    surface.polygon(
        [
            (cx - 2.5 * u, base),
            (cx + 2.5 * u, base),
            (cx + 0.6 * u, base + 0.9 * u),
            (cx - 0.6 * u, base + 0.9 * u),
        ],
        fill=ink,
    )
    surface.rect(cx - 0.3 * u, base + 0.9 * u, 0.6 * u, 7.4 * u, fill=ink)
    beam = base + 8.0 * u
    surface.rect(cx - 4.2 * u, beam - 0.2 * u, 8.4 * u, 0.4 * u, fill=ink)
    surface.circle(cx, beam + 0.9 * u, 0.6 * u, fill=ink)
    for side in (-1, 1):
        hx = cx + side * 3.8 * u
        pan = beam - 4.4 * u
        surface.line(hx, beam, hx - 1.5 * u, pan, ink, u * 0.14)
        surface.line(hx, beam, hx + 1.5 * u, pan, ink, u * 0.14)
        k = 1.8 * u
        surface.path(
            [("M", hx - k, pan), ("C", hx - k, pan - 1.2 * u, hx + k, pan - 1.2 * u, hx + k, pan), ("Z",)],
            fill=ink,
        )
        surface.circle(hx, beam, 0.3 * u, fill=face, stroke=ink, width=u * 0.1)


EMBLEMS: dict[str, Callable[[Any, Box, Color, Color], None]] = {
    "dice": emblem_dice,
    "dome": emblem_dome,
    "scales": emblem_scales,
}


@art("cardback")
@dataclass(frozen=True, kw_only=True)
class CardBack(ArtElement):
    """A card back filling the box: patterned double frame, a big emblem and a word."""

    emblem: str = fld(Enum(*EMBLEMS), "dice", "the picture in the middle")
    word: str = fld(Str(max_len=20), "", "a word printed under the emblem", "Fate")
    fill: Color = fld(ColorSpec(), Color(0.15, 0.2, 0.35), "background colour")
    ink: Color = fld(ColorSpec(), WHITE, "colour of the frame, emblem and word")
    panel: Color | None = fld(
        ColorSpec(), None, "colour of the round panel behind the emblem (none: no panel)"
    )

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        surface.rect(x, y, bw, bh, fill=self.fill)
        m = min(bw, bh) * 0.07
        surface.rect(x + m, y + m, bw - 2 * m, bh - 2 * m, stroke=self.ink, width=max(m * 0.12, 0.8))
        m2 = m * 1.45
        surface.rect(x + m2, y + m2, bw - 2 * m2, bh - 2 * m2, stroke=self.ink, width=max(m * 0.05, 0.4))
        diamond_border(
            surface, x + (m + m2) / 2, y + (m + m2) / 2, bw - m - m2, bh - m - m2, m * 0.9, self.ink
        )
        word_h = bh * 0.13 if self.word else 0.0
        inner = (x + m2 * 1.6, y + m2 * 1.6 + word_h, bw - 3.2 * m2, bh - 3.2 * m2 - word_h)
        ix, iy, iw, ih = inner
        if self.panel is not None:
            rad = min(iw, ih) / 2
            surface.circle(
                ix + iw / 2, iy + ih / 2, rad, fill=self.panel, stroke=self.ink, width=max(m * 0.08, 0.6)
            )
            side = rad * math.sqrt(2) * 0.95
            inner = (ix + (iw - side) / 2, iy + (ih - side) / 2, side, side)
        face = self.panel if self.panel is not None else self.fill
        EMBLEMS[self.emblem](surface, inner, self.ink, face)
        if self.word:
            size = word_h * 0.62
            word = self.word.upper()
            while size > 4 and fonts.text_width(word, fonts.BOLD, size) > bw - 4 * m2:
                size -= 0.5
            surface.text(x + bw / 2, y + m2 * 1.5 + word_h * 0.25, word, fonts.BOLD, size, self.ink, "center")
