"""Table boards: score tables to write on, one row per item and one column per player.

A row has a title cell (title, subtitle and text from the item's fields), an optional value
cell (``x{base}``) and one box per column; each box is divided into labelled spaces to write in
and an optional square marker spot. A header row names each column and gives a line for the
player's name. The whole board is one piece, poster-tiled when larger than the page.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from genpnp.art.base import substitute
from genpnp.art.text import BOARD_FONT_DOC, FONT, HEADING_FONT_DOC, board_fonts
from genpnp.content.schema import INVALID, ColorSpec, Ctx, Enum, Int, Length, ListOf, Num, Prose, Str, fld
from genpnp.core.color import Color
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.model.base import ITEMS, Component, Item, Piece, ResolvedFace, kind

Box = tuple[float, float, float, float]  # x, y (bottom), w, h in board points
VALUE_BAND = 8 * MM  # over a value spot, the band the row's printed value stands in
SPOT_PAD = 2 * MM
LABEL_MIN = 7.0  # the smallest a space label is drawn (points)
LABEL_MAX = 10.0
WRITE_MIN = 5 * MM  # under a space's label, the least height a figure is written in
NOTE_ROOM = 6 * MM  # under the table, the height a note's line needs (in the margin and, if thinner, a band)


@dataclass(frozen=True)
class CellGrid:
    """How many cells a figure can name on a table board: columns across, rows down."""

    width: int
    height: int


@dataclass(frozen=True)
class RowText:
    """What one row shows, its item's fields filled in."""

    title: str
    subtitle: str
    text: str
    value: str
    loc: Loc
    badge: str = ""


@kind("table-board")
@dataclass(frozen=True, kw_only=True)
class TableBoard(Component):
    """A score table: rows of items x player columns, each box with labelled spaces to write in."""

    rotatable: ClassVar[bool] = True
    played_on: ClassVar[bool] = True  # a board: used whole, never cut apart (may back another page in duplex)
    labels: ClassVar[str] = "headers"  # it names its rows and columns itself: a figure shows no A, B, 1, 2
    rows: tuple = fld(ITEMS, doc="one row per item: a list, {file: data.yaml} or {csv: data.csv}",
                      example={"file": "data/contracts.yaml"})
    row_title: str = fld(Prose(), "{name}", "title of a row; {field} takes a field of the row's item")
    row_subtitle: str = fld(Prose(), "", "a second line under the title")
    row_text: str = fld(Prose(), "", "small text under the title (wrapped)")
    row_value: str = fld(Str(), "", "text of the value cell, e.g. x{base}; empty: no value column")
    row_badge: str = fld(Prose(), "", "a sign or short word in a ring at the top right of a row's title cell, "
                         "e.g. a penalty's + or -; {field} takes a field of the row's item, [colour] tags colour it "
                         "(empty: none)", "[{sign_colour}]{sign}[/]")
    columns: int = fld(Int(1, 12), 3, "number of columns (players)")
    column_label: str = fld(Prose(), "Player {n}", "heading of each column; {n} is its number")
    name_label: str = fld(Prose(), "Name", "label of the name line under each heading (empty: none)")
    spaces: tuple = fld(ListOf(Str(), min_len=1), ("Score",), "labelled spaces of each box, left to right")
    space_widths: tuple = fld(ListOf(Num(0.2, 20)), (), "relative widths of the spaces, one per space (a space "
                              "of 2 is twice as wide as one of 1; default: equal)", [3, 3, 2, 1.5])
    marker: float = fld(Length(), 0.0, "side of a square marker spot at the right of each box (0: none)")
    marker_label: str = fld(Prose(), "", "small label above the marker spot")
    above_marker: str = fld(Str(), "", "one of the spaces, drawn in the marker column above the marker spot "
                            "rather than in a column of its own: a space for a figure or two gives its width to "
                            "the others (space_widths then name the other spaces only; empty: none)", "Order")
    heading: str = fld(Prose(), "", "title printed across the top of the board ([colour] tags and {icon:name} "
                       "icons as in a row's texts)", "[color=felt]{icon:spade}[/] Contract board")
    title_header: str = fld(Prose(), "", "heading of the title column")
    value_header: str = fld(Prose(), "", "heading of the value column")
    row_height: float = fld(Length(lo=8 * MM), 24 * MM, "height of a row (pieces laid on a row match it)")
    title_width: float = fld(Length(lo=10 * MM), 70 * MM, "width of the title cell of a row")
    value_width: float = fld(Length(), 20 * MM, "width of the value column")
    value_token: float = fld(Length(), 0.0, "side of the token laid on a row's value spot: the spot is drawn "
                             "that size, so the token covers it exactly (0: as large as the cell allows)", "16mm")
    value_shape: str = fld(Enum("circle", "square"), "circle", "shape of the dashed value spot: the shape of the "
                           "token laid on it")
    column_width: float = fld(Length(lo=10 * MM), 50 * MM, "width of a player column")
    header_height: float = fld(Length(lo=6 * MM), 16 * MM, "height of the header row")
    heading_height: float = fld(Length(), 12 * MM, "height of the heading band (when there is a heading)")
    margin: float = fld(Length(), 6 * MM, "border around the table")
    total_label: str = fld(Str(), "", "title of a last row with one empty box per column, for each "
                           "column's total (empty: no such row)", "Total game points")
    total_height: float = fld(Length(lo=6 * MM), 12 * MM, "height of the total row")
    note: str = fld(Prose(), "", "a line printed in the border under the table (the margin holds it): how "
                    "to keep the board for the next game, say",
                    "Write in pencil, or slip this page into a sheet protector")
    fill: Color = fld(ColorSpec(), Color(1, 1, 1), "colour of the boxes")
    title_fill: Color | None = fld(ColorSpec(), None, "colour of the title cells")
    header_fill: Color | None = fld(ColorSpec(), None, "colour of the header row")
    border_fill: Color | None = fld(ColorSpec(), None, "colour of the border and heading band")
    line: Color = fld(ColorSpec(), Color(0.2, 0.2, 0.2), "colour of the table lines")
    ink: Color = fld(ColorSpec(), Color(0.1, 0.1, 0.1), "colour of the text")
    font: str = fld(FONT, "", BOARD_FONT_DOC)
    heading_font: str = fld(FONT, "", HEADING_FONT_DOC)
    pieces: tuple = ()
    texts: tuple = ()

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
        board_fonts(values, ctx)
        obj = cls(**values)
        if not obj.rows:
            return ctx.error(loc, "a table board needs at least one row")
        if obj.above_marker and (obj.above_marker not in obj.spaces or not obj.marker):
            at = data.loc_of("above_marker") if hasattr(data, "loc_of") and "above_marker" in data else loc
            why = "the board has no marker spot (set marker)" if not obj.marker else \
                "it is none of the spaces (" + ", ".join(obj.spaces) + ")"
            return ctx.error(at, f"above_marker: {obj.above_marker!r}: {why}")
        if obj.above_marker and obj.upper_height < 1.2 * MM + 1.3 * obj.label_size + WRITE_MIN:
            at = data.loc_of("above_marker") if hasattr(data, "loc_of") and "above_marker" in data else loc
            return ctx.error(at, f"above_marker: {obj.upper_height / MM:.1f} mm above the marker spot is no room to "
                             "label and write in (a taller row_height or a smaller marker)")
        side = [name for name in obj.spaces if name != obj.above_marker]
        if obj.space_widths and len(obj.space_widths) != len(side):
            at = data.loc_of("space_widths") if hasattr(data, "loc_of") and "space_widths" in data else loc
            extra = f", {obj.above_marker} lying above the marker" if obj.above_marker else ""
            return ctx.error(at, f"space_widths: {len(obj.space_widths)} widths for {len(side)} spaces "
                             f"(give one width per space{extra})")
        texts = []
        for item in obj.rows:
            row = _row_text(obj, item, ctx)
            if row is INVALID:
                return INVALID
            texts.append(row)
        if obj.value_token and obj.row_value and obj.value_token > obj.spot_room + 1e-6:
            at = data.loc_of("value_token") if hasattr(data, "loc_of") and "value_token" in data else loc
            return ctx.error(at, f"value_token: a {obj.value_token / MM:.1f} mm token does not fit the value "
                             f"cell (room for {obj.spot_room / MM:.1f} mm: widen value_width or row_height)")
        if obj.heading:  # style tags and icons, like a row's texts: a title with the game's signs beside it
            from genpnp.art.richtext import parse_rich

            at = data.loc_of("heading") if hasattr(data, "loc_of") and "heading" in data else loc
            heading = parse_rich(obj.heading, at, ctx)
            if heading is INVALID:
                return INVALID
            obj = replace(obj, heading=heading)
        w, h = obj.size
        front = ResolvedFace(f"{obj.name}/front", None, None, 0.0, (), "front")
        obj = replace(obj, texts=tuple(texts))
        return replace(obj, pieces=(Piece(obj.name, 1, w, h, "rect", front, None),))

    def piece_count(self) -> int:
        return self.copies

    @property
    def header_depth(self) -> float:
        """How far above its top row the board names its columns: a figure showing the top row shows the
        whole header row, never a slice of it."""
        return self.header_height

    @property
    def band(self) -> float:
        return self.heading_height if self.heading else 0.0

    @property
    def value_w(self) -> float:
        return self.value_width if self.row_value else 0.0

    @property
    def size(self) -> tuple[float, float]:
        w = 2 * self.margin + self.title_width + self.value_w + self.columns * self.column_width
        h = 2 * self.margin + self.band + self.header_height + len(self.rows) * self.row_height + self.total_h
        return w, h + self.note_band

    @property
    def note_band(self) -> float:
        """Room the note takes under the table, beyond a margin too thin to hold it clear of the frame."""
        return max(0.0, NOTE_ROOM - self.margin) if self.note else 0.0

    @property
    def total_h(self) -> float:
        return self.total_height if self.total_label else 0.0

    def bottom(self) -> float:
        """Bottom of the table: of its last row, or of the total row."""
        return self.row_y(len(self.rows) - 1) - self.total_h

    def table_top(self) -> float:
        return self.size[1] - self.margin - self.band

    def row_y(self, row: int) -> float:
        """Bottom of row ``row`` (0 is the top row)."""
        return self.table_top() - self.header_height - (row + 1) * self.row_height

    def title_cell(self, row: int) -> Box:
        """The row's title cell: where a piece laid over the row goes."""
        return self.margin, self.row_y(row), self.title_width, self.row_height

    def value_cell(self, row: int) -> Box:
        return self.margin + self.title_width, self.row_y(row), self.value_w, self.row_height

    @property
    def value_above(self) -> bool:
        """A value cell taller than wide by a band prints the value above its token spot."""
        return self.row_height >= self.value_w + VALUE_BAND

    @property
    def spot_room(self) -> float:
        """The side of the largest value spot the value cell holds (under its value band, when above)."""
        w, h = self.value_w, self.row_height - (VALUE_BAND if self.value_above else 0.0)
        return min(w, h) - 2 * (SPOT_PAD / 2 if self.value_token else SPOT_PAD)

    def value_spot(self, row: int) -> Box:
        """The square of the dashed spot (circle or square) where the row's value tokens are laid: the
        token's own size when ``value_token`` is set, centred in the room under the value band."""
        x, y, w, h = self.value_cell(row)
        side = min(self.value_token, self.spot_room) if self.value_token else self.spot_room
        room_h = h - (VALUE_BAND if self.value_above else 0.0)
        return x + (w - side) / 2, y + max((room_h - side) / 2, SPOT_PAD), side, side

    def column_x(self, col: int) -> float:
        return self.margin + self.title_width + self.value_w + col * self.column_width

    def box(self, row: int, col: int) -> Box:
        return self.column_x(col), self.row_y(row), self.column_width, self.row_height

    def header_cell(self, col: int) -> Box:
        top = self.table_top()
        return self.column_x(col), top - self.header_height, self.column_width, self.header_height

    @property
    def lower_height(self) -> float:
        """With a space above the marker: the height of the marker column's lower part, the spot and its
        label over it (one line)."""
        return 2 * MM + self.marker + 1.2 * MM + 1.3 * self.label_size + 0.8 * MM

    @property
    def upper_height(self) -> float:
        """The height of the space above the marker spot (``above_marker``)."""
        return self.row_height - self.lower_height

    def space_boxes(self, row: int, col: int) -> list[Box]:
        """The labelled spaces of a box, in the order of ``spaces`` (left to right, the one above the
        marker at its place in that list), then the marker column (if any): with a space above the
        marker, the column's part under that space."""
        x, y, w, h = self.box(row, col)
        marker_w = self.marker + 3 * MM if self.marker else 0.0
        side = [name for name in self.spaces if name != self.above_marker]
        weights = self.space_widths or (1.0,) * len(side)
        unit = (w - marker_w) / sum(weights)
        out, at = [], x
        by_name = iter(weights)
        for name in self.spaces:
            if name == self.above_marker:
                out.append((x + w - marker_w, y + self.lower_height, marker_w, self.upper_height))
                continue
            weight = next(by_name)
            out.append((at, y, weight * unit, h))
            at += weight * unit
        if marker_w:
            out.append((x + w - marker_w, y, marker_w, self.lower_height if self.above_marker else h))
        return out

    def side_by_side(self, row: int, col: int) -> list[Box]:
        """The columns of a box, left to right: each space in a column of its own, then the marker column
        (whole, with any space above the marker)."""
        boxes = self.space_boxes(row, col)
        out = [b for name, b in zip(self.spaces, boxes) if name != self.above_marker]
        if self.marker:
            x, y, w, _ = boxes[-1]
            out.append((x, y, w, self.row_height))
        return out

    @property
    def cells_across(self) -> list[Box]:
        """The cells of the top row a figure names A, B, C...: the title cell, the value cell (if any),
        then each box's spaces and marker column, player by player (a space above the marker is in the
        marker's column: the cell is its spot)."""
        out = [self.title_cell(0)] + ([self.value_cell(0)] if self.value_w else [])
        for col in range(self.columns):
            out += self.side_by_side(0, col)
        return out

    @property
    def grid(self) -> CellGrid:
        """The board as cells for a figure (A1 is the top row's title cell; see ``cell_box``)."""
        return CellGrid(len(self.cells_across), len(self.rows))

    @property
    def cols(self) -> int:
        return self.grid.width

    def cell_box(self, row: int, col: int) -> Box:
        """Cell ``col`` of row ``row`` as a figure names it (column A the title cell, B the value, then
        the spaces of each box); the value cell is its token spot and a marker column's cell its
        marker spot, where those pieces lie."""
        if col == 1 and self.value_w:
            return self.value_spot(row)
        x, _, w, _ = self.cells_across[col]
        y, h = self.row_y(row), self.row_height
        per = len(self.spaces) - (1 if self.above_marker else 0) + (1 if self.marker else 0)
        first = 1 + (1 if self.value_w else 0)
        if self.marker and col >= first and (col - first) % per == per - 1:
            spot = self.marker_box(row, (col - first) // per)
            if spot is not None:
                return spot
        return x, y, w, h

    @property
    def label_size(self) -> float:
        """The point size of the space labels: 11% of the row height, within LABEL_MIN..LABEL_MAX, so a
        larger board has larger labels and none is below legible print size."""
        return max(LABEL_MIN, min(LABEL_MAX, self.row_height * 0.11))

    def space_label_box(self, row: int, col: int, index: int) -> Box:
        """The box a space's label is drawn in (two lines at most, from the top), 1.2 mm under the row's
        top line: a figure's window, cut just into this row, slices no label."""
        x, y, w, h = self.space_boxes(row, col)[index]
        size = self.label_size
        lines = 1.3 if self.above_marker and index == len(self.spaces) else 2.3  # the marker's: one line
        return x + 1, y + h - 1.2 * MM - lines * size, w - 2, lines * size

    def marker_box(self, row: int, col: int) -> Box | None:
        if not self.marker:
            return None
        x, y, w, h = self.space_boxes(row, col)[-1]
        return x + (w - self.marker) / 2, y + 2 * MM, self.marker, self.marker


def _row_text(board: TableBoard, item: Item, ctx: Ctx) -> Any:
    """The row's texts, filled from the item; style tags ([red]...[/]) are read, a bad one an error at its
    cell (the CSV row and column of the field that holds it)."""
    from genpnp.art.base import field_names
    from genpnp.art.richtext import markup_problems, parse_rich

    used: set[str] = set()
    parts = []
    for template in (board.row_title, board.row_subtitle, board.row_text, board.row_value, board.row_badge):
        before = len(ctx.problems.items)
        for name in sorted(field_names(template)):
            value = item.fields.get(name)
            for _, message in markup_problems(value, ctx) if isinstance(value, str) else ():
                ctx.error(item.cells.get(name, item.loc), f'{message} (in the field "{name}")')
        if len(ctx.problems.items) > before:
            return INVALID
        value = substitute(template, item.fields, item.loc, ctx, used)
        if value is INVALID or len(ctx.problems.items) > before:
            return INVALID
        value = parse_rich(str(value), item.loc, ctx)
        if value is INVALID:
            return INVALID
        parts.append(value)
    title, subtitle, text, value, badge = parts
    return RowText(title, subtitle, text, value, item.loc, badge)


__all__ = ["TableBoard", "RowText", "CellGrid"]
