"""Pips: 0 to 9 dots or icons, as on a die face or in a compact cluster."""

from __future__ import annotations

from typing import Any

from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.art.svg import ICON, RECOLOR, SvgFile, draw_icon
from genpnp.content.schema import ColorSpec, Enum, Int, Num, fld
from genpnp.core.color import BLACK, Color
from genpnp.core.records import dataclass

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
# cluster: the icon size (fraction of the box side) and centres (fractions, y up) per count;
# fewer icons are drawn larger, so the count reads at a glance; 7-9 fill a 3x3 grid in order
CLUSTERS: dict[int, tuple[float, list[tuple[float, float]]]] = {
    0: (0.3, []),
    1: (0.78, [(0.5, 0.5)]),
    2: (0.50, [(0.28, 0.68), (0.72, 0.32)]),
    3: (0.45, [(0.5, 0.74), (0.26, 0.28), (0.74, 0.28)]),
    4: (0.42, [(0.27, 0.73), (0.73, 0.73), (0.27, 0.27), (0.73, 0.27)]),
    5: (0.36, [(0.22, 0.78), (0.78, 0.78), (0.5, 0.5), (0.22, 0.22), (0.78, 0.22)]),
    6: (0.33, [(0.22, 0.78), (0.78, 0.78), (0.22, 0.5), (0.78, 0.5), (0.22, 0.22), (0.78, 0.22)]),
}


def pip_centres(count: int, x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """Centres of ``count`` pips in the box (y up), die arrangement."""
    return [(x + w * (0.2 + 0.3 * c), y + h * (0.8 - 0.3 * r)) for c, r in LAYOUTS[count]]


def cluster(count: int) -> tuple[float, list[tuple[float, float]]]:
    """(icon size, centres) as fractions of a unit square, cluster arrangement."""
    if count in CLUSTERS:
        return CLUSTERS[count]
    return 0.3, [(0.2 + 0.3 * (i % 3), 0.8 - 0.3 * (i // 3)) for i in range(count)]


@art("pips", shorthand="count")
@dataclass(frozen=True, kw_only=True)
class Pips(ArtElement):
    """0-9 pips (dots, or an SVG icon each) arranged as on a die face or in a compact cluster."""

    count: int = fld(Int(0, 9), example=5, doc="how many pips")
    color: Color | None = fld(ColorSpec(), None, "pip colour (black dots; an icon keeps its own colours "
                                                 "unless given)")
    pip: float = fld(Num(0.02, 0.3), 0.1, "pip radius as a fraction of the box side (die layout)")
    icon: SvgFile | None = fld(ICON, None, "draw this SVG icon for each pip (coin = art/coin.svg)", "coin")
    colors: tuple = fld(RECOLOR, (), "replace given colours of the icon: {'#ffffff': gold}")
    layout: str = fld(Enum("die", "cluster"), "die", "die: a die face's 3x3 spots; cluster: fewer pips "
                                                      "drawn larger, grouped in the middle")
    scale: float = fld(Num(0.3, 1.5), 1.0, "pip size relative to the layout's default")

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        side = min(bw, bh)
        x += (bw - side) / 2
        y += (bh - side) / 2
        if self.layout == "cluster":
            size, spots = cluster(self.count)
            centres = [(x + fx * side, y + fy * side) for fx, fy in spots]
            r = size * side * self.scale / 2
        else:
            centres = pip_centres(self.count, x, y, side, side)
            r = side * self.pip * self.scale
        for cx, cy in centres:
            if self.icon is not None:
                draw_icon(surface, self.icon, cx - r, cy - r, 2 * r, 2 * r, self.color, self.colors)
            else:
                surface.circle(cx, cy, r, fill=self.color or BLACK)
