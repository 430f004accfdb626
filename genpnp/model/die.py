"""Foldable die nets: a cube of six faces with pips or art, glue tabs and fold lines."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from genpnp.content.schema import INVALID, ColorSpec, Ctx, Int, Length, ListOf, fld
from genpnp.core.color import BLACK, WHITE, Color
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.model.base import Component, Item, Piece, ResolvedFace, kind

# the net: face cells (col, row) on a 3 x 4 grid, row 0 at the top; opposite faces sum to 7
NET = {1: (1, 0), 2: (1, 1), 6: (1, 2), 5: (1, 3), 3: (0, 1), 4: (2, 1)}
# glue tabs: (face, side); each joins the face's edge to the edge it meets when folded
TABS = [(3, "top"), (3, "bottom"), (4, "top"), (4, "bottom"), (5, "bottom"), (5, "left"), (5, "right")]


@kind("die")
@dataclass(frozen=True, kw_only=True)
class DieNet(Component):
    """A six-sided die to cut, fold and glue: pips 1-6 (opposite faces sum to 7)."""

    rotatable: ClassVar[bool] = False
    folds_up: ClassVar[bool] = True  # cut out, folded along its dash-dot lines, glued by its tabs (legend, advice)
    size: float = fld(Length(lo=8 * MM, hi=60 * MM), 16 * MM, "edge of the cube", "16mm")
    tab: float = fld(Length(lo=3 * MM, hi=15 * MM), 5 * MM, "depth of the glue tabs")
    fill: Color = fld(ColorSpec(), WHITE, "colour of the faces")
    pip_color: Color = fld(ColorSpec(), BLACK, "colour of the pips")
    pips: tuple = fld(ListOf(Int(0, 9), 6, 6), (1, 2, 3, 4, 5, 6), "pips on faces 1 to 6")
    qty: int = fld(Int(1, 100), 1, "how many dice")
    pieces: tuple = ()

    @property
    def net_size(self) -> tuple[float, float]:
        return 3 * self.size + 2 * self.tab, 4 * self.size + self.tab

    def face_box(self, face: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a face in net points, y up."""
        col, row = NET[face]
        w, h = self.net_size
        return self.tab + col * self.size, h - (row + 1) * self.size, self.size, self.size

    def outline(self) -> tuple:
        """The cut path around faces and tabs, as path commands."""
        s, t = self.size, self.tab
        x0 = t
        w, h = self.net_size
        top = h
        pts = [
            (x0 + s, top), (x0 + 2 * s, top),  # face 1 top
            (x0 + 2 * s, top - s),  # face 1 right down to face 4's top
            (x0 + 2 * s + t * 0.35, top - s + t), (x0 + 3 * s - t * 0.35, top - s + t), (x0 + 3 * s, top - s),
            (x0 + 3 * s, top - 2 * s),  # face 4 right side
            (x0 + 3 * s - t * 0.35, top - 2 * s - t), (x0 + 2 * s + t * 0.35, top - 2 * s - t),
            (x0 + 2 * s, top - 2 * s),  # face 4 bottom tab back to face 6 right
            (x0 + 2 * s, top - 3 * s),
            (x0 + 2 * s + t, top - 3 * s - t * 0.35), (x0 + 2 * s + t, top - 4 * s + t * 0.35),  # face 5 right tab
            (x0 + 2 * s, top - 4 * s),
            (x0 + 2 * s - t * 0.35, top - 4 * s - t), (x0 + s + t * 0.35, top - 4 * s - t),  # face 5 bottom tab
            (x0 + s, top - 4 * s),
            (x0 + s - t, top - 4 * s + t * 0.35), (x0 + s - t, top - 3 * s - t * 0.35),  # face 5 left tab
            (x0 + s, top - 3 * s), (x0 + s, top - 2 * s),
            (x0 + s - t * 0.35, top - 2 * s - t), (x0 + t * 0.35, top - 2 * s - t),  # face 3 bottom tab
            (x0, top - 2 * s), (x0, top - s),
            (x0 + t * 0.35, top - s + t), (x0 + s - t * 0.35, top - s + t),  # face 3 top tab
            (x0 + s, top - s),
        ]
        return tuple([("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)])

    def fold_lines(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        s, t = self.size, self.tab
        x0, top = t, self.net_size[1]
        lines = [
            ((x0 + s, top - s), (x0 + 2 * s, top - s)),  # 1|2
            ((x0 + s, top - 2 * s), (x0 + 2 * s, top - 2 * s)),  # 2|6
            ((x0 + s, top - 3 * s), (x0 + 2 * s, top - 3 * s)),  # 6|5
            ((x0 + s, top - s), (x0 + s, top - 2 * s)),  # 3|2
            ((x0 + 2 * s, top - s), (x0 + 2 * s, top - 2 * s)),  # 2|4
            ((x0, top - s), (x0 + s, top - s)), ((x0, top - 2 * s), (x0 + s, top - 2 * s)),  # 3 tabs
            ((x0 + 2 * s, top - s), (x0 + 3 * s, top - s)), ((x0 + 2 * s, top - 2 * s), (x0 + 3 * s, top - 2 * s)),
            ((x0 + s, top - 4 * s), (x0 + 2 * s, top - 4 * s)),  # 5 bottom tab
            ((x0 + s, top - 3 * s), (x0 + s, top - 4 * s)), ((x0 + 2 * s, top - 3 * s), (x0 + 2 * s, top - 4 * s)),
        ]
        return lines

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
        obj = cls(**values)
        w, h = obj.net_size
        face = ResolvedFace(f"{obj.name}/net", obj.fill, None, 0.0, ())
        item = Item(obj.qty, {}, loc=loc)
        if item.qty < 1:
            return INVALID
        pieces = tuple(Piece(obj.name, i + 1, w, h, "net", face, None) for i in range(obj.qty))
        return replace(obj, pieces=pieces)

    def piece_count(self) -> int:
        return self.qty * self.copies
