"""Playing-card suit symbols (heart, diamond, club, spade) as bezier paths, and a pattern of them.

Shapes are defined in a unit square (0..1, y up) and scaled into the largest centred square of
the element's box, so a symbol keeps its proportions whatever box it is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.color import BLACK, Color
from genpnp.content.schema import ColorSpec, Enum, Int, Length, ListOf, Num, fld

SYMBOLS = ("heart", "diamond", "club", "spade")

Cmd = tuple

# unit-square outlines: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
HEART: tuple[Cmd, ...] = (
    ("M", 0.5, 0.02),
    ("C", 0.38, 0.2, 0.02, 0.42, 0.02, 0.68),
    ("C", 0.02, 0.88, 0.16, 0.98, 0.29, 0.98),
    ("C", 0.4, 0.98, 0.47, 0.9, 0.5, 0.8),
    ("C", 0.53, 0.9, 0.6, 0.98, 0.71, 0.98),
    ("C", 0.84, 0.98, 0.98, 0.88, 0.98, 0.68),
    ("C", 0.98, 0.42, 0.62, 0.2, 0.5, 0.02),
    ("Z",),
)
DIAMOND: tuple[Cmd, ...] = (
    ("M", 0.5, 0.0),
    ("C", 0.62, 0.18, 0.72, 0.33, 0.86, 0.5),
    ("C", 0.72, 0.67, 0.62, 0.82, 0.5, 1.0),
    ("C", 0.38, 0.82, 0.28, 0.67, 0.14, 0.5),
    ("C", 0.28, 0.33, 0.38, 0.18, 0.5, 0.0),
    ("Z",),
)
SPADE: tuple[Cmd, ...] = (
    ("M", 0.5, 1.0),
    ("C", 0.62, 0.8, 0.98, 0.6, 0.98, 0.36),
    ("C", 0.98, 0.18, 0.84, 0.1, 0.72, 0.1),
    ("C", 0.62, 0.1, 0.55, 0.16, 0.53, 0.22),
    ("C", 0.54, 0.12, 0.6, 0.04, 0.7, 0.0),
    ("L", 0.3, 0.0),
    ("C", 0.4, 0.04, 0.46, 0.12, 0.47, 0.22),
    ("C", 0.45, 0.16, 0.38, 0.1, 0.28, 0.1),
    ("C", 0.16, 0.1, 0.02, 0.18, 0.02, 0.36),
    ("C", 0.02, 0.6, 0.38, 0.8, 0.5, 1.0),
    ("Z",),
)
STEM: tuple[Cmd, ...] = (
    ("M", 0.47, 0.4),
    ("C", 0.46, 0.2, 0.4, 0.06, 0.28, 0.0),
    ("L", 0.72, 0.0),
    ("C", 0.6, 0.06, 0.54, 0.2, 0.53, 0.4),
    ("Z",),
)
CLUB_LOBES = ((0.5, 0.73, 0.225), (0.26, 0.44, 0.225), (0.74, 0.44, 0.225))


def _circle(cx: float, cy: float, r: float) -> tuple[Cmd, ...]:
    k = 0.5523 * r
    return (
        ("M", cx + r, cy),
        ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
        ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
        ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
        ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy),
        ("Z",),
    )


def unit_paths(symbol: str) -> list[tuple[Cmd, ...]]:
    """The symbol as one or more closed paths in the unit square."""
    if symbol == "heart":
        return [HEART]
    if symbol == "diamond":
        return [DIAMOND]
    if symbol == "spade":
        return [SPADE]
    if symbol == "club":
        return [_circle(*lobe) for lobe in CLUB_LOBES] + [STEM, _circle(0.5, 0.5, 0.12)]
    raise ValueError(f"unknown suit symbol {symbol!r}")


def placed(path: tuple[Cmd, ...], x: float, y: float, side: float) -> list[Cmd]:
    """A unit path scaled to a square of ``side`` with its bottom-left corner at (x, y)."""
    out: list[Cmd] = []
    for cmd in path:
        nums = [v * side + (x if i % 2 == 0 else y) for i, v in enumerate(cmd[1:])]
        out.append((cmd[0], *nums))
    return out


def draw_symbol(surface: Any, symbol: str, x: float, y: float, side: float, color: Color,
                outline: Color | None = None, width: float = 0.5) -> None:
    for path in unit_paths(symbol):
        surface.path(placed(path, x, y, side), fill=color, stroke=outline, width=width)


@art("suit", shorthand="symbol")
@dataclass(frozen=True, kw_only=True)
class Suit(ArtElement):
    """A suit symbol (heart, diamond, club or spade) centred in the box, as large as fits."""

    symbol: str = fld(Enum(*SYMBOLS), example="heart", doc="which suit")
    color: Color = fld(ColorSpec(), BLACK, "fill colour")
    outline: Color | None = fld(ColorSpec(), None, "outline colour (none: no outline)")
    width: float = fld(Length(), 0.5, "outline width")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        side = min(bw, bh)
        draw_symbol(surface, self.symbol, x + (bw - side) / 2, y + (bh - side) / 2, side, self.color,
                    self.outline, self.width)


@art("suit-pattern")
@dataclass(frozen=True, kw_only=True)
class SuitPattern(ArtElement):
    """A lattice of suit symbols filling the box (card backs); rows alternate in offset."""

    symbols: tuple = fld(ListOf(Enum(*SYMBOLS), min_len=1), SYMBOLS, "the symbols, repeated in order")
    color: Color = fld(ColorSpec(), BLACK, "fill colour")
    cols: int = fld(Int(1, 40), 6, "symbols per row")
    scale: float = fld(Num(0.1, 1.0), 0.55, "symbol size as a fraction of the lattice step")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        step = bw / self.cols
        rows = max(1, round(bh / step))
        step_y = bh / rows
        side = min(step, step_y) * self.scale
        n = 0
        surface.save()
        surface.clip_rect(x, y, bw, bh)
        for r in range(rows):
            shift = step / 2 if r % 2 else 0.0
            for c in range(-1, self.cols + 1):
                cx = x + shift + (c + 0.5) * step
                cy = y + (r + 0.5) * step_y
                symbol = self.symbols[n % len(self.symbols)]
                n += 1
                draw_symbol(surface, symbol, cx - side / 2, cy - side / 2, side, self.color)
        surface.restore()
