"""A lattice of SVG icons filling the box (card backs, borders of texture); rows alternate in offset."""

from __future__ import annotations

from typing import Any

from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.art.svg import ICON, RECOLOR, draw_icon
from genpnp.content.schema import Bool, ColorSpec, Int, ListOf, Num, fld
from genpnp.core.color import Color
from genpnp.core.records import dataclass


@art("pattern", shorthand="icons")
@dataclass(frozen=True, kw_only=True)
class Pattern(ArtElement):
    """Icons repeated in rows across the box (clipped to it), taken in turn from ``icons``."""

    icons: tuple = fld(ListOf(ICON, min_len=1, single=True), example=["coin", "art/gem.svg"],
                       doc="the SVG icons, repeated in order (one name or a list)")
    color: Color | None = fld(ColorSpec(), None, "recolour every icon (see svg)")
    colors: tuple = fld(RECOLOR, (), "replace given colours of the icons: {'#ffffff': gold}")
    cols: int = fld(Int(1, 40), 6, "icons per row")
    scale: float = fld(Num(0.1, 1.0), 0.55, "icon size as a fraction of the lattice step")
    whole: bool = fld(Bool(), False, "only whole icons: the offset rows hold one icon fewer, none cut by the "
                      "box's edge")

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
            first, last = (0, self.cols - (1 if shift else 0)) if self.whole else (-1, self.cols + 1)
            for c in range(first, last):
                cx = x + shift + (c + 0.5) * step
                cy = y + (r + 0.5) * step_y
                icon = self.icons[n % len(self.icons)]
                n += 1
                draw_icon(surface, icon, cx - side / 2, cy - side / 2, side, side, self.color, self.colors)
        surface.restore()
