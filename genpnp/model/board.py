"""Square-grid boards: rows x cols cells with an optional margin for labels and art."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from genpnp.art.text import BOARD_FONT_DOC, FONT, HEADING_FONT_DOC, board_fonts
from genpnp.content.schema import INVALID, ColorSpec, Ctx, Enum, Int, Length, Obj, fld
from genpnp.core.color import Color
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.model.band import TitleBand
from genpnp.model.base import Component, Face, FaceResolver, Item, Piece, kind


@kind("board")
@dataclass(frozen=True, kw_only=True)
class GridBoard(Component):
    """A board of rows x cols square cells (poster-tiled when larger than the page)."""

    rotatable: ClassVar[bool] = True
    played_on: ClassVar[bool] = True  # a board: used whole, never cut apart (may back another page in duplex)
    rows: int = fld(Int(1, 200), doc="number of rows", example=8)
    cols: int = fld(Int(1, 200), doc="number of columns", example=8)
    cell: float = fld(Length(lo=2 * MM), doc="side of a cell", example="25mm")
    margin: float = fld(Length(), 8 * MM, "border around the grid (room for labels and art)")
    fill: Color | None = fld(ColorSpec(), None, "colour of the cells")
    alt_fill: Color | None = fld(ColorSpec(), None, "colour of every other cell (a checkerboard)")
    border_fill: Color | None = fld(ColorSpec(), None, "colour of the border")
    line: Color = fld(ColorSpec(), Color(0.2, 0.2, 0.2), "colour of the grid lines")
    line_width: float = fld(Length(), 0.8, "width of the grid lines")
    labels: str = fld(Enum("none", "letters-numbers", "numbers"), "letters-numbers", "coordinates in the border")
    face: Face | None = fld(Obj(Face), None, "extra art drawn over the board (title in the border...)")
    band: TitleBand | None = fld(Obj(TitleBand), None, "a title band across the top (TitleBand), added above "
                                 "the grid and its border")
    font: str = fld(FONT, "", BOARD_FONT_DOC)
    heading_font: str = fld(FONT, "", HEADING_FONT_DOC + "; also the row and column labels")
    pieces: tuple = ()

    @property
    def grid_size(self) -> tuple[float, float]:
        """The grid and its border, without the title band."""
        return self.cols * self.cell + 2 * self.margin, self.rows * self.cell + 2 * self.margin

    @property
    def size(self) -> tuple[float, float]:
        w, h = self.grid_size
        return w, h + (self.band.height if self.band is not None else 0.0)

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
        board_fonts(values, ctx)
        obj = cls(**values)
        w, h = obj.size
        faces = {"front": obj.face or Face()}
        front = FaceResolver(obj.name, faces, ctx, w, h).resolve("front", Item(1, {}), loc)
        if front is INVALID:
            return INVALID
        return replace(obj, pieces=(Piece(obj.name, 1, w, h, "rect", front, None),))

    def piece_count(self) -> int:
        return self.copies

    def cell_box(self, row: int, col: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a cell in board points, y up, row 0 at the top."""
        w, h = self.grid_size
        return self.margin + col * self.cell, h - self.margin - (row + 1) * self.cell, self.cell, self.cell
