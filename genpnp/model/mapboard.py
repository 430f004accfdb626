"""Grid maps as boards: a square-cell map file (genpnp.content.gridmap) drawn as one board piece.

::

    ohio-map:
      kind: gridmap
      map: maps/ohio.yaml    # rows of cell codes, see docs/maps.md
      cell: 30mm             # side of a cell (usually the size of the game's tiles)

The board is cols x rows cells plus a margin and a title band; the engine poster-tiles it over
several pages when it is larger than the printable area. The loaded map (``grid``) carries every
cell's content and the file:line:col of every cell, for rules modules to check and point at.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from genpnp.color import Color
from genpnp.content.gridmap import GridMap, load_map
from genpnp.content.schema import INVALID, Bool, ColorSpec, Ctx, Length, PathSpec, fld
from genpnp.errors import ContentError, Loc
from genpnp.model.base import Component, Piece, ResolvedFace, kind
from genpnp.units import MM

TITLE_BAND = 12 * MM


@kind("gridmap")
@dataclass(frozen=True, kw_only=True)
class MapBoard(Component):
    """A board drawn from a grid map file: its cells as tiles with their contents, its outline heavy."""

    rotatable: ClassVar[bool] = True
    map: Any = fld(PathSpec((".yaml", ".yml")), example="maps/ohio.yaml",
                   doc="the map file, relative to the game folder")
    cell: float = fld(Length(lo=5 * MM), 30 * MM, "side of a cell", "30mm")
    margin: float = fld(Length(), 8 * MM, "blank border around the cells")
    gap: float = fld(Length(), 1 * MM, "space between neighbouring tiles inside a cell's square")
    fill: Color = fld(ColorSpec(), Color(0.93, 0.8, 0.55), "colour of a cell (the cake)")
    inner: Color = fld(ColorSpec(), Color(1.0, 0.96, 0.92), "colour of the inset on each cell (the frosting)")
    outline: Color = fld(ColorSpec(), Color(0.25, 0.15, 0.1), "colour of the map's outline and cell edges")
    outline_width: float = fld(Length(), 2.5, "width of the heavy outline", "2.5pt")
    contents: bool = fld(Bool(), True, "draw each cell's berries or random mark (false: blank cells)")
    strawberry: Color | None = fld(ColorSpec(), None, "colour of strawberries (default: the berries art's red)")
    blueberry: Color | None = fld(ColorSpec(), None, "colour of blueberries (default: the berries art's blue)")
    grid: GridMap | None = None
    map_name: str = ""
    pieces: tuple = ()

    @property
    def size(self) -> tuple[float, float]:
        assert self.grid is not None
        return (self.grid.width * self.cell + 2 * self.margin,
                self.grid.height * self.cell + 2 * self.margin + TITLE_BAND)

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
        obj = cls(**values)
        try:
            shown = str(obj.map.resolve().relative_to(ctx.root.parent.resolve()))
        except ValueError:
            shown = str(obj.map)
        try:
            grid = load_map(obj.map, shown)
        except ContentError as exc:
            ctx.problems.extend(exc.problems)
            return INVALID
        obj = replace(obj, grid=grid, map_name=shown, title=obj.title or grid.title)
        w, h = obj.size
        face = ResolvedFace(f"{obj.name}/map", None, None, 0.0, (), "map")
        return replace(obj, pieces=(Piece(obj.name, 1, w, h, "rect", face, None, {"map": shown}),))

    def piece_count(self) -> int:
        return self.copies

    def cell_box(self, row: int, col: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a cell in board points, y up, row 0 at the top."""
        _, h = self.size
        return (self.margin + col * self.cell, h - TITLE_BAND - self.margin - (row + 1) * self.cell,
                self.cell, self.cell)


__all__ = ["MapBoard", "TITLE_BAND"]
