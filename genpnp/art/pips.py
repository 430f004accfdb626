"""Die pips: 1 to 9 dots in the classic arrangements."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.color import BLACK, Color
from genpnp.content.schema import ColorSpec, Int, Num, fld

# positions on a 3x3 grid, (column, row) with row 0 at the top
LAYOUTS = {
    0: [],
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    7: [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
    8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    9: [(c, r) for r in range(3) for c in range(3)],
}


def pip_centres(count: int, x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """Centres of ``count`` pips in the box (y up)."""
    return [(x + w * (0.2 + 0.3 * c), y + h * (0.8 - 0.3 * r)) for c, r in LAYOUTS[count]]


@art("pips", shorthand="count")
@dataclass(frozen=True, kw_only=True)
class Pips(ArtElement):
    """Die pips (0-9) arranged as on a die face."""

    count: int = fld(Int(0, 9), example=5, doc="how many pips")
    color: Color = fld(ColorSpec(), BLACK, "pip colour")
    pip: float = fld(Num(0.02, 0.3), 0.1, "pip radius as a fraction of the box side")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        side = min(bw, bh)
        x += (bw - side) / 2
        y += (bh - side) / 2
        for cx, cy in pip_centres(self.count, x, y, side, side):
            surface.circle(cx, cy, side * self.pip, fill=self.color)
