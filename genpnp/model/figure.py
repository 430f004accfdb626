"""Figures in text documents: a snippet of a board or a blank grid with the game's own pieces on it, or a
row of pieces with labels, written as a fenced ```figure block of YAML in the Markdown.

Loading reads the block's YAML (positions kept: every problem points at its line and column in the
Markdown file), then, once the whole game is loaded, resolves every name against the game's components:
a piece is ``component``, ``component#3`` (its third piece), ``component[field=value]`` (its first piece
whose item field matches) and, after either, ``#back`` or ``#front`` for the face shown (``tiles#3#back``).
A cell is written as the board labels it: ``C3`` on a square grid (column letters, row numbers from the
top), the hex's ``label`` field or ``q,r`` on a hex map. The result, a :class:`Figure`, is geometry in
points plus the components and pieces to draw: ``genpnp/render/figure.py`` draws them with the pieces'
own renderers, so a figure shows exactly what the box holds.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from typing import Any

from genpnp.content.schema import INVALID, Bool, Ctx, Enum, Length, ListOf, Obj, Str, build, fld
from genpnp.core.errors import ContentError, Loc, Problems, did_you_mean
from genpnp.core.records import dataclass
from genpnp.core.units import MM

STYLES = ("good", "bad", "plain")
EDGE_STYLES = ("plain", "new", "bad")  # an edge piece: as the others, the one just placed, a wrong one
FIGURE_CLEAR = 0.5 * MM  # a piece drawn on a hex keeps this clear of the hex's marks where it can (as a player lays it)
CALLOUT_R = 0.24  # a callout disc's radius, as a share of its cell
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")
Point = tuple[float, float]


@dataclass(frozen=True, kw_only=True)
class FigPiece:
    """A piece in a figure: on a cell of the board or grid, or one entry of a row."""

    schema_name = "figure piece"
    piece: str = fld(Str(), doc="the piece: `component`, `component#2` (its 2nd piece) or `component[field=value]`; "
                     "then `#back` to show its back", example="tiles[random=true]#back")
    at: str = fld(Str(), "", "the cell it lies on (board and grid figures); on a square grid a range (`A1:C3`) "
                  "is the rectangle it lies centred on, so a piece larger than a cell is drawn to scale", "B2")
    label: str = fld(Str(max_len=80), "", "words under it (row figures)", "Random tile")
    turn: int = fld(Enum("0", "90", "180", "270"), "0", "turned clockwise by this many degrees")
    beside: tuple = fld(ListOf(Length(lo=-100 * MM, hi=100 * MM), min_len=2, max_len=2), (),
                        "drawn this far right and down of where it lies (board and grid figures), so that what "
                        "it would cover stays in view: a marker laid on a token whose number the caption adds up",
                        ["9mm", "0mm"])
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class FigOutline:
    """A group of cells outlined along its outer edge (a district, a legal or an illegal group)."""

    schema_name = "figure outline"
    cells: tuple = fld(ListOf(Str(), min_len=1), doc="the cells, as the board labels them", example=["A1", "A2"])
    style: str = fld(Enum(*STYLES), "plain", "good (solid), bad (dashed, with a cross) or plain")
    cross: bool = fld(Bool(), True, "a bad group's cross over its cells; false: the dashed line alone (pieces "
                      "left over rather than removed, named by the label)")
    label: str = fld(Str(max_len=40), "", "words under the group", "legal")
    pieces: tuple = fld(ListOf(Str()), (), "pieces laid on its cells, in the order of `cells` (under the "
                        "figure's own `pieces`)", ["tiles#1", "tiles#2"])
    shade: bool = fld(Bool(), False, "also shade its cells with fine diagonal lines in the style's colour, "
                      "under the pieces, the board's words showing through: the group reads at a glance even "
                      "where border strips lie over its outline")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class FigArrow:
    """An arrow from the first cell's centre through the others to the last."""

    schema_name = "figure arrow"
    path: tuple = fld(ListOf(Str(), min_len=2), doc="the cells it runs through, first to last", example=["A1", "C1"])
    style: str = fld(Enum(*STYLES), "plain", "good, bad (dashed) or plain")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class FigEdge:
    """A piece lying along the edge two neighbouring cells share (a border strip in its slot)."""

    schema_name = "figure edge"
    between: tuple = fld(ListOf(Str(), min_len=2, max_len=2), doc="the two cells whose shared edge it lies on",
                         example=["C4", "D5"])
    piece: str = fld(Str(), doc="the piece, as in `pieces` (its long side along the edge)", example="borders")
    style: str = fld(Enum(*EDGE_STYLES), "plain", "plain; `new`: the piece the figure is about (the one just "
                     "placed), ringed in a bold colour; `bad`: a piece that breaks a rule, ringed in red, dashed, "
                     "and crossed out", "new")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class FigCallout:
    """A numbered (or lettered) disc on a cell, for the text to refer to."""

    schema_name = "figure callout"
    at: str = fld(Str(), doc="the cell (the disc is pinned on the corner `corner` names); on a square grid a "
                  "range (`A1:C3`): the disc fills that rectangle, centred, so it can be made larger than a cell",
                  example="B2")
    text: str = fld(Str(max_len=3), doc="what the disc shows (a number or a letter)", example="1")
    corner: str = fld(Enum(*CORNERS), "top-left", "a single cell's corner the disc is pinned on, centred on the grid's "
                      "crossing: clear of the middle of the piece on the cell, where its own marks are (choose a "
                      "corner on the figure's edge to keep it off the neighbours too)")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class FigPanel:
    """One of the figures side by side in a `panels` figure: its own board, grid or row, with words and a
    mark under it (a green tick for `good`, a red cross for `bad`)."""

    schema_name = "figure panel"
    label: str = fld(Str(max_len=60), "", "words under the panel", "allowed")
    style: str = fld(Enum(*STYLES), "plain", "good (a tick by the label), bad (a cross) or plain (none)")
    board: str = fld(Str(), "", "as in a figure", "board")
    grid: str = fld(Str(r"[1-9][0-9]{0,2}x[1-9][0-9]{0,2}", hint="ROWSxCOLS, e.g. 4x6 (at most 150 a side)"), "",
                    "as in a figure", "2x4")
    cell: float = fld(Length(lo=2 * MM), 0.0, "as in a figure")
    lines: bool = fld(Bool(), True, "as in a figure")
    show: tuple = fld(ListOf(Str(), single=True), (), "as in a figure", ["C2:E5"])
    pieces: tuple = fld(ListOf(Obj(FigPiece)), (), "as in a figure")
    outlines: tuple = fld(ListOf(Obj(FigOutline)), (), "as in a figure")
    arrows: tuple = fld(ListOf(Obj(FigArrow)), (), "as in a figure")
    callouts: tuple = fld(ListOf(Obj(FigCallout)), (), "as in a figure")
    crosses: tuple = fld(ListOf(Str()), (), "as in a figure")
    edges: tuple = fld(ListOf(Obj(FigEdge)), (), "as in a figure")
    row: tuple = fld(ListOf(Obj(FigPiece)), (), "as in a figure")
    cut: bool = fld(Bool(), False, "as in a figure")
    loc: Loc = Loc("<built-in>")


GRID_MAX = 150  # a blank grid's largest side in cells (fine cells draw large pieces to scale)


PANEL_KEYS = ("board", "grid", "cell", "lines", "show", "pieces", "outlines", "arrows", "callouts", "crosses",
              "edges", "row", "cut")


@dataclass(frozen=True, kw_only=True)
class FigureSpec:
    """A figure block: exactly one of `board`, `grid`, `row` or `panels`, then what is drawn on it."""

    schema_name = "figure"
    caption: str = fld(Str(max_len=400), "", "the caption under the figure (Markdown emphasis allowed)")
    board: str = fld(Str(), "", "a board component of the game: the figure shows the cells of `show`",
                     "board")
    grid: str = fld(Str(r"[1-9][0-9]{0,2}x[1-9][0-9]{0,2}", hint="ROWSxCOLS, e.g. 4x6 (at most 150 a side)"), "",
                    "a blank grid of ROWSxCOLS square cells (columns A, B, ... rows 1, 2, ... from the top)", "2x4")
    cell: float = fld(Length(lo=2 * MM), 0.0, "a grid cell's side (default: the largest piece placed on it)")
    lines: bool = fld(Bool(), True, "draw the grid's lines")
    show: tuple = fld(ListOf(Str(), single=True), (), "the board's cells in view: cells or ranges (`A1:D4`); "
                      "default every cell the figure names", ["C2:E5"])
    pieces: tuple = fld(ListOf(Obj(FigPiece)), (), "pieces on cells")
    outlines: tuple = fld(ListOf(Obj(FigOutline)), (), "groups of cells outlined")
    arrows: tuple = fld(ListOf(Obj(FigArrow)), (), "arrows between cells")
    callouts: tuple = fld(ListOf(Obj(FigCallout)), (), "numbered discs on cells")
    crosses: tuple = fld(ListOf(Str()), (), "cells crossed out")
    edges: tuple = fld(ListOf(Obj(FigEdge)), (), "pieces lying on the edge between two cells (border strips), "
                       "drawn with their own face over the outlines")
    row: tuple = fld(ListOf(Obj(FigPiece)), (), "a row of pieces with labels (instead of a board or grid)")
    panels: tuple = fld(ListOf(Obj(FigPanel), min_len=2, max_len=4), (),
                        "two to four figures side by side, each with its own label and mark (instead of a board, "
                        "grid or row): an allowed and a not-allowed move, a before and an after")
    cut: bool = fld(Bool(), False, "draw the groups as a player leaves them once cut: the pieces of each `plain` "
                    "outline nudged together, so that the wider gaps between groups show the cut (no line is drawn "
                    "around a plain outline; `good` and `bad` outlines are drawn as usual); a piece in no outline "
                    "lies as laid out, an even gap around it")
    width: float = fld(Length(lo=10 * MM), 0.0, "the widest the figure is drawn (default: the column)")
    place: str = fld(Enum("column", "right"), "column", "`column`: the figure stands alone across the column; "
                     "`right`: it stands at the right of the column, its "
                     "caption under it, and the text that follows runs beside it (for a figure narrower than "
                     "three fifths of the column; a wider one stands on its own)")
    loc: Loc = Loc("<built-in>")

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
        obj = cls(**values)
        kinds = [k for k in ("board", "grid", "row", "panels") if getattr(obj, k)]
        if len(kinds) != 1:
            what = " and ".join(kinds) if kinds else "none"
            return ctx.error(loc, f"a figure has exactly one of board, grid, row or panels (this one has {what})")
        for panel in obj.panels:
            inner = [k for k in ("board", "grid", "row") if getattr(panel, k)]
            if len(inner) != 1:
                what = " and ".join(inner) if inner else "none"
                return ctx.error(panel.loc, f"a panel has exactly one of board, grid or row (this one has {what})")
            if panel.row and any(getattr(panel, k) for k in ("pieces", "outlines", "arrows", "callouts", "crosses",
                                                              "edges", "show")):
                return ctx.error(panel.loc, "a row panel lists its pieces under row: pieces, outlines, arrows, "
                                            "callouts, crosses, edges and show belong to board and grid panels")
        if obj.panels and (obj.pieces or obj.outlines or obj.arrows or obj.callouts or obj.crosses or obj.show
                           or obj.edges):
            return ctx.error(loc, "a figure of panels lists what each panel shows under the panel")
        if obj.row and (obj.pieces or obj.outlines or obj.arrows or obj.callouts or obj.crosses or obj.show
                        or obj.edges):
            return ctx.error(loc, "a row figure lists its pieces under row: pieces, outlines, arrows, callouts, "
                                  "crosses, edges and show belong to board and grid figures")
        return obj


@dataclass(frozen=True)
class Drawn:
    """One piece drawn in a figure: its component, piece and face, in the box (x, y, w, h)."""

    component: Any
    piece: Any
    face: str
    box: tuple[float, float, float, float]
    turn: int = 0  # degrees clockwise
    angle: float = 0.0  # degrees anticlockwise about the box's centre (a piece along a slanted edge)
    cell: tuple = ()  # (x0, y0, x1, y1) of the cell it lies on (board and grid figures)

    def fitted(self, gutter: float) -> tuple[float, float, float, float]:
        """Its box kept ``gutter`` inside its cell on every side (shrunk about its centre, its shape
        kept), so that an outline drawn along the cell's edge never covers it and neighbours never touch."""
        x, y, w, h = self.box
        if not self.cell or gutter <= 0:
            return self.box
        x0, y0, x1, y1 = self.cell
        cx, cy = x + w / 2, y + h / 2
        room_w = 2 * max(min(cx - x0, x1 - cx) - gutter, 0.0)
        room_h = 2 * max(min(cy - y0, y1 - cy) - gutter, 0.0)
        k = min(1.0, room_w / w if w else 1.0, room_h / h if h else 1.0)
        return cx - w * k / 2, cy - h * k / 2, w * k, h * k


@dataclass(frozen=True)
class Figure:
    """A resolved figure: everything in figure points (origin bottom-left, y up) inside ``window``."""

    window: tuple[float, float, float, float]
    board: Any = None  # a board component drawn whole (clipped to the window)
    grid: tuple = ()  # (rows, cols, cell, lines) of a blank grid
    pieces: tuple[Drawn, ...] = ()
    labels: tuple[tuple[float, float, str], ...] = ()  # words centred at (x, baseline y)
    # (closed loops around the cells' union, style, the cells' polygons: the line is drawn inside them, so
    # touching groups stay apart)
    outlines: tuple[tuple[tuple[tuple[Point, ...], ...], str, tuple[tuple[Point, ...], ...]], ...] = ()
    arrows: tuple[tuple[tuple[Point, ...], str], ...] = ()
    callouts: tuple[tuple[float, float, float, str], ...] = ()  # (x, y, radius, text)
    crosses: tuple[tuple[float, float, float], ...] = ()  # (x, y, half size)
    edges: tuple[Drawn, ...] = ()  # pieces along cell edges, drawn over the outlines
    edge_styles: tuple[str, ...] = ()  # each edge piece's style (EDGE_STYLES), in the order of ``edges``
    # side by side: (the panel's figure, where its window's bottom-left corner lies in this one's points)
    panels: tuple[tuple[Figure, float, float], ...] = ()
    # a panel's words and mark (a tick: good, a cross: bad), together centred at x, on the baseline y
    marks: tuple[tuple[float, float, str, str], ...] = ()
    clear: bool = False  # pieces keep clear of their cells' edges (as in a figure with outlines)
    # (the cells' polygons, style, the boxes of the words printed in them): hatched around those words
    shades: tuple[tuple[tuple[tuple[Point, ...], ...], str, tuple[tuple[float, float, float, float], ...]], ...] = ()
    caption: str = ""
    max_width: float = 0.0
    place: str = "column"  # "right": the text that follows runs on its left
    label_size: float = 0.0  # the labels' size in figure points (at most LABEL_PT on the page)
    label_room: float = 0.0  # the widest a label may be (figure points; 0: no limit)
    line: int = 0  # where the block starts in its Markdown file (for the audit)
    font: str = ""  # the words' font: the text's body font (empty: the default font)

    @property
    def size(self) -> tuple[float, float]:
        return self.window[2], self.window[3]


# ------------------------------------------------------------------ cells


class CellError(Exception):
    pass


def _column(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def column_letters(i: int) -> str:
    """A board column's letters: 0 -> A, 25 -> Z, 26 -> AA."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


WORDS = ("label", "zone-mark", "region-label")  # the marks of a space that are words


def _words_in(cells: Cells, polys: list) -> tuple[tuple[float, float, float, float], ...]:
    """The boxes (x0, y0, x1, y1, figure points) of the words a board prints in the cells ``polys``."""
    from genpnp.model.spacemarks import spaces_of

    spaces = spaces_of(cells.target) if cells.target is not None else None
    if not spaces:
        return ()
    dx, dy = cells.offset
    centres = [(sum(p[0] for p in q) / len(q), sum(p[1] for p in q) / len(q)) for q in polys]
    out = []
    for space in spaces:
        sx = sum(p[0] for p in space.outline) / len(space.outline) + dx
        sy = sum(p[1] for p in space.outline) / len(space.outline) + dy
        if any(math.hypot(sx - cx, sy - cy) < 0.5 for cx, cy in centres):
            out += [(g[0] + dx, g[1] + dy, g[2] + dx, g[3] + dy) for mark in space.marks
                    if mark.name in WORDS and mark.shape == "box" for g in [mark.geometry]]
    return tuple(out)


class Cells:
    """The cells of a board or blank grid, as polygons in figure points."""

    def __init__(self, board: Any = None, grid: tuple[int, int, float] | None = None):
        self.board, self.offset = board, (0.0, 0.0)
        self.hexmap = None
        self.rows = self.cols = 0
        self.cell = 0.0
        if board is not None and hasattr(board, "inner") and board.inner is not None:  # a ring around a map
            pad = board.depth + board.gap
            self.offset, board = (pad, pad), board.inner
        self.target = board
        if grid is not None:
            self.rows, self.cols, self.cell = grid
        elif board is not None and hasattr(board, "corners"):
            self.hexmap = board
            self.labels: dict[str, tuple[int, int]] = {}
            for c in board.cells:
                label = str(c.fields.get("label", "")).strip()
                if label:
                    self.labels[label.upper()] = c.coord
        elif board is not None and hasattr(board, "cell_box"):
            grid_map: Any = getattr(board, "grid", None)
            self.rows = board.rows if isinstance(getattr(board, "rows", None), int) else grid_map.height
            self.cols = board.cols if isinstance(getattr(board, "cols", None), int) else grid_map.width
        else:
            raise CellError("has no cells: name a board, a hex map or a map board")

    def polygon(self, ref: str) -> list[Point]:
        ref = ref.strip()
        ox, oy = self.offset
        if self.hexmap is not None:
            coord = self._hex(ref)
            return [(x + ox, y + oy) for x, y in self.hexmap.corners(coord)]
        m = re.fullmatch(r"([A-Za-z]{1,2})([0-9]{1,3})", ref)
        if not m:
            raise CellError(f'"{ref}" is not a cell: write its column letter and row number (A1, C3)')
        col, row = _column(m.group(1).upper()), int(m.group(2)) - 1
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise CellError(f'no cell "{ref}": the cells run from A1 to {column_letters(self.cols - 1)}{self.rows}')
        if self.target is not None:
            x, y, w, h = self.target.cell_box(row, col)
        else:
            x, y, w, h = col * self.cell, (self.rows - 1 - row) * self.cell, self.cell, self.cell
        return [(x + ox, y + oy), (x + w + ox, y + oy), (x + w + ox, y + h + oy), (x + ox, y + h + oy)]

    def clear_spot(self, ref: str, comp: Any, w: float, h: float) -> Point | None:
        """On a hex map, where a piece w x h lies on the hex clear of its printed marks (its dots, labels,
        peg holes: the spot the rule leaves-visible proves there is), nearest the hex's centre, FIGURE_CLEAR
        from them where it can be (else touching them); None
        elsewhere or where it does not fit (the piece then lies on the centre)."""
        if self.hexmap is None:
            return None
        from genpnp.model.spacefit import clear_spot
        from genpnp.model.spacemarks import hex_spaces

        if not hasattr(self, "_spaces"):
            self._spaces = {c.coord: s for c, s in zip(self.hexmap.cells, hex_spaces(self.hexmap))}
        space = self._spaces.get(self._hex(ref))
        if space is None:
            return None
        shape = "circle" if getattr(comp, "shape", "") in ("circle", "hex") else "rect"
        spot = clear_spot(space, shape, w, h, FIGURE_CLEAR) or clear_spot(space, shape, w, h, 0.0)
        return None if spot is None else (spot[0] + self.offset[0], spot[1] + self.offset[1])

    def _hex(self, ref: str) -> tuple[int, int]:
        assert self.hexmap is not None
        m = re.fullmatch(r"(-?[0-9]+)\s*,\s*(-?[0-9]+)", ref)
        if m:
            coord = (int(m.group(1)), int(m.group(2)))
            if self.hexmap.cell_at(coord) is None:
                raise CellError(f'no hex at q,r = {ref} on the map')
            return coord
        if ref.upper() in self.labels:
            return self.labels[ref.upper()]
        hint = did_you_mean(ref.upper(), self.labels) if self.labels else ""
        raise CellError(f'no hex "{ref}"{hint}: write a hex\'s label or its q,r coordinates')

    def expand(self, ref: str) -> list[str]:
        """A range ``A1:D4`` as its cells (square grids), else the one cell."""
        if ":" in ref and self.hexmap is None:
            a, b = (s.strip() for s in ref.split(":", 1))
            pa, pb = self.polygon(a), self.polygon(b)  # both must exist
            del pa, pb
            ma = re.fullmatch(r"([A-Za-z]+)([0-9]+)", a)
            mb = re.fullmatch(r"([A-Za-z]+)([0-9]+)", b)
            assert ma and mb
            c0, c1 = sorted((_column(ma.group(1).upper()), _column(mb.group(1).upper())))
            r0, r1 = sorted((int(ma.group(2)), int(mb.group(2))))
            return [f"{column_letters(c)}{r}" for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
        return [ref]


def _bbox(points: list[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _center(poly: list[Point]) -> Point:
    return sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)


def boundary(polys: list[list[Point]]) -> tuple[tuple[Point, Point], ...]:
    """The outer edges of a set of cells: each edge that no two cells of the set share."""
    count: dict[tuple, int] = {}
    edges: dict[tuple, tuple[Point, Point]] = {}
    for poly in polys:
        for a, b in zip(poly, poly[1:] + poly[:1]):
            key = tuple(sorted(((round(a[0], 2), round(a[1], 2)), (round(b[0], 2), round(b[1], 2)))))
            count[key] = count.get(key, 0) + 1
            edges[key] = (a, b)
    return tuple(edges[k] for k, n in count.items() if n == 1)


def _key(p: Point) -> tuple[float, float]:
    return round(p[0], 2), round(p[1], 2)


def boundary_loops(polys: list[list[Point]]) -> tuple[tuple[Point, ...], ...]:
    """The outline of a set of cells as closed loops of corners (one per piece of the union's edge: the
    outer edge, and one more around each hole), each corner once, no point where the edge runs straight
    on. Drawn as one closed path each, its corners join and no inner edge is drawn twice."""
    polys = [p if _area(p) >= 0 else p[::-1] for p in polys]  # every cell counter-clockwise
    edges = boundary(polys)
    shared = {tuple(sorted((_key(a), _key(b)))) for a, b in edges}
    out: dict[tuple[float, float], list[tuple[Point, Point]]] = {}
    for poly in polys:  # the edges in their cell's direction: the union lies on their left
        for a, b in zip(poly, poly[1:] + poly[:1]):
            if tuple(sorted((_key(a), _key(b)))) in shared:
                out.setdefault(_key(a), []).append((a, b))
    loops = []
    while any(out.values()):
        start = min(k for k, v in out.items() if v)
        loop: list[Point] = []
        here, came = start, None
        while True:
            choices = out.get(here) or []
            if not choices:
                break
            edge = _leftmost(choices, came) if len(choices) > 1 and came is not None else choices[0]
            choices.remove(edge)
            loop.append(edge[0])
            came = edge
            here = _key(edge[1])
            if here == start:
                break
        loops.append(_corners(loop))
    return tuple(tuple(lp) for lp in loops if len(lp) >= 3)


def _area(poly: list[Point]) -> float:
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(poly, poly[1:] + poly[:1])) / 2


def _leftmost(choices: list[tuple[Point, Point]], came: tuple[Point, Point]) -> tuple[Point, Point]:
    """Where two loops touch at a corner, the edge turning most to the left: each loop stays its own."""
    import math

    (ax, ay), (bx, by) = came
    heading = math.atan2(by - ay, bx - ax)

    def turn(e: tuple[Point, Point]) -> float:
        (cx, cy), (dx, dy) = e
        t = math.atan2(dy - cy, dx - cx) - heading
        return (t + math.pi) % (2 * math.pi) - math.pi

    return max(choices, key=turn)


def _corners(loop: list[Point]) -> list[Point]:
    """A loop without the points where it runs straight on."""
    out = []
    n = len(loop)
    for i, p in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % n]
        cross = (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0])
        if abs(cross) > 1e-6 * max(1.0, abs(p[0]) + abs(p[1])) ** 2:
            out.append(p)
    return out


# ------------------------------------------------------------------ pieces

PIECE_RE = re.compile(r"([A-Za-z0-9_][A-Za-z0-9_\-]*)(?:\[([A-Za-z0-9_\-]+)=([^\]]*)\])?(?:#([0-9]+))?"
                      r"(?:#([A-Za-z]+))?")


def find_piece(game: Any, ref: str) -> tuple[Any, Any, str]:
    """(component, piece, face) a piece reference names; CellError says what is wrong."""
    m = PIECE_RE.fullmatch(ref.strip())
    if not m:
        raise CellError(f'"{ref}" is not a piece: write component, component#2 or component[field=value], '
                        "then #back for its back")
    name, field, value, number, face = m.groups()
    comp = game.components.get(name)
    if comp is None:
        pieceful = [n for n, c in game.components.items() if getattr(c, "pieces", None)]
        raise CellError(f'no component "{name}"{did_you_mean(name, pieceful)}')
    pieces = getattr(comp, "pieces", None)
    if not pieces:
        raise CellError(f'"{name}" has no pieces to draw (it is a {comp.kind_name})')
    if field is not None:
        from genpnp.model.rulerefs import same

        found = [p for p in pieces.runs()] if hasattr(pieces, "runs") else [(p, 1) for p in pieces]
        matching = [p for p, _ in found if same(p.fields.get(field), value)]
        if not matching:
            fields = sorted({k for p, _ in found for k in p.fields})
            if field not in fields:
                raise CellError(f'the pieces of "{name}" have no field "{field}"{did_you_mean(field, fields)}')
            values = sorted({str(p.fields.get(field)) for p, _ in found if field in p.fields})
            raise CellError(f'no piece of "{name}" has {field}={value} (its {field}: {", ".join(values)})')
        piece = matching[0]
        if number is not None:
            raise CellError(f'"{ref}": pick a piece by [field=value] or by #number, not both')
    else:
        index = int(number) if number is not None else 1
        if not 1 <= index <= len(pieces):
            raise CellError(f'"{name}" has {len(pieces)} pieces: #{index} is not one of them')
        piece = pieces[index - 1]
    face = (face or "front").lower()
    if face not in ("front", "back"):
        raise CellError(f'"#{face}" is not a face: write #front or #back{did_you_mean(face, ["front", "back"])}')
    if face == "back" and piece.back is None:
        raise CellError(f'the pieces of "{name}" have no back')
    return comp, piece, face


# ------------------------------------------------------------------ resolving

ROW_GAP = 4 * MM


def resolve(spec: FigureSpec, game: Any, problems: Problems, line: int) -> Figure | None:
    """The figure with every name resolved; each bad name is a problem at its own line and column."""
    before = len(problems.errors)

    def bad(loc: Loc, message: str) -> None:
        problems.add(loc, message)

    if spec.panels:
        return _panels(spec, game, problems, line)
    if spec.row:
        return _row(spec, game, problems, line, bad, before)
    board = None
    try:
        if spec.board:
            board = game.components.get(spec.board)
            if board is None:
                boards = [n for n, c in game.components.items() if hasattr(c, "cell_box") or hasattr(c, "corners")
                          or getattr(c, "inner", None) is not None]
                bad(spec.loc, f'no board "{spec.board}"{did_you_mean(spec.board, boards)}')
                return None
            cells = Cells(board)
        else:
            rows, cols = (int(n) for n in spec.grid.split("x"))
            if max(rows, cols) > GRID_MAX:
                bad(spec.loc, f"a grid of {spec.grid} cells: at most {GRID_MAX} a side (choose larger cells)")
                return None
            side = spec.cell or _largest(spec, game)
            cells = Cells(grid=(rows, cols, side))
    except CellError as exc:
        bad(spec.loc, f'"{spec.board}" {exc}')
        return None

    def poly(ref: str, loc: Loc) -> list[Point] | None:
        try:
            return cells.polygon(ref)
        except CellError as exc:
            bad(loc, str(exc))
            return None

    drawn, labels, outlines, arrows, callouts, crosses = [], [], [], [], [], []
    shades: list[tuple[tuple[tuple[Point, ...], ...], str, tuple[tuple[float, float, float, float], ...]]] = []
    named: list[list[Point]] = []
    discs: list[Point] = []  # the callouts' extents: kept in the window, even on a cell at its edge
    placed: list[FigPiece] = []  # an outline's pieces first: the figure's own pieces lie on top of them
    groups: dict[str, int] = {}  # a cut figure's cells (as written, upper case) -> the plain outline they are in
    styled: set[str] = set()  # a cut figure's cells in a good or bad outline: their pieces stay in their cells
    if spec.cut:
        for i, o in enumerate(spec.outlines):
            for ref in o.cells:
                try:
                    refs = [r.strip().upper() for r in cells.expand(ref)]
                except CellError:
                    continue  # reported where the outline is drawn
                if o.style == "plain":
                    groups.update((r, i) for r in refs)
                else:
                    styled.update(refs)
    in_group: list[int | None] = []
    for o in spec.outlines:
        if len(o.pieces) > len(o.cells):
            bad(o.loc, f"the outline lists {len(o.pieces)} pieces for {len(o.cells)} cells: one piece a cell")
        placed += [FigPiece(piece=ref, at=cell, loc=o.loc) for ref, cell in zip(o.pieces, o.cells)]
    placed += spec.pieces
    for p in placed:
        try:
            comp, piece, face = find_piece(game, p.piece)
        except CellError as exc:
            bad(p.loc, str(exc))
            continue
        if not p.at:
            bad(p.loc, 'a piece on a board or grid needs "at": the cell it lies on')
            continue
        span = ":" in p.at and cells.hexmap is None  # a rectangle of cells: the piece lies centred on it
        try:
            refs = cells.expand(p.at) if span else [p.at]
        except CellError as exc:
            bad(p.loc, str(exc))
            continue
        corners = [q for r in (refs[0], refs[-1]) if (q := poly(r, p.loc)) is not None]
        if len(corners) < 2 and not (corners and len(refs) == 1):
            continue
        cell = [pt for q in corners for pt in q]
        named.append(cell)
        x0, y0, x1, y1 = _bbox(cell)
        turn = int(p.turn)
        pw, ph = (piece.h, piece.w) if turn in (90, 270) else (piece.w, piece.h)
        scale = min(1.0, (x1 - x0) / pw, (y1 - y0) / ph)
        w, h = pw * scale, ph * scale
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        spot = None if span else cells.clear_spot(p.at, comp, w, h)
        if spot is not None:
            cx, cy = spot
        if p.beside:  # moved off its spot (y up in a figure), its cell's room moved with it: drawn the size
            dx, dy = p.beside[0], -p.beside[1]  # of a piece on the cell, beside that piece
            cx, cy, x0, y0, x1, y1 = cx + dx, cy + dy, x0 + dx, y0 + dy, x1 + dx, y1 + dy
        drawn.append(Drawn(comp, piece, face, (cx - w / 2, cy - h / 2, w, h), turn, cell=(x0, y0, x1, y1)))
        at = p.at.strip().upper()
        if spec.cut and at not in groups and at not in styled:  # a piece in no group lies as it was laid out
            groups[at] = len(spec.outlines) + len(groups)
        in_group.append(groups.get(at))
    if groups:
        drawn = _cut(drawn, in_group)
    for o in spec.outlines:
        polys = []
        for ref in o.cells:
            try:
                refs = cells.expand(ref)
            except CellError as exc:
                bad(o.loc, str(exc))
                continue
            polys += [q for r in refs if (q := poly(r, o.loc)) is not None]
        if not polys:
            continue
        named += polys
        if not (spec.cut and o.style == "plain"):  # a cut shows its groups by their gaps
            outlines.append((boundary_loops(polys), o.style, tuple(tuple(q) for q in polys)))
        if o.shade:
            shades.append((tuple(tuple(q) for q in polys), o.style, _words_in(cells, polys)))
        x0, y0, x1, y1 = _bbox([pt for q in polys for pt in q])
        if o.label:
            labels.append(((x0 + x1) / 2, y0, o.label))  # its baseline is set below, once the size is known
        if o.style == "bad" and o.cross:
            crosses.append(((x0 + x1) / 2, (y0 + y1) / 2, 0.0))
    for a in spec.arrows:
        pts = [q for ref in a.path if (q := poly(ref, a.loc)) is not None]
        if len(pts) == len(a.path):
            named += pts
            arrows.append((tuple(_center(q) for q in pts), a.style))
    for c in spec.callouts:
        if ":" in c.at and cells.hexmap is None:  # a rectangle of cells: the disc fills it, centred
            try:
                ends = cells.expand(c.at)
            except CellError as exc:
                bad(c.loc, str(exc))
                continue
            rect = [pt for r in (ends[0], ends[-1]) if (q := poly(r, c.loc)) is not None for pt in q]
            if rect:
                named.append(rect)
                x0, y0, x1, y1 = _bbox(rect)
                callouts.append(((x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0) * 0.45, c.text))
            continue
        q = poly(c.at, c.loc)
        if q is not None:
            named.append(q)
            x0, y0, x1, y1 = _bbox(q)
            r = min(x1 - x0, y1 - y0) * CALLOUT_R
            cx = x1 if c.corner.endswith("right") else x0
            cy = y0 if c.corner.startswith("bottom") else y1
            callouts.append((cx, cy, r, c.text))
            discs += [(cx - r * 1.15, cy - r * 1.15), (cx + r * 1.15, cy + r * 1.15)]  # the whole disc in view
    for ref in spec.crosses:
        q = poly(ref, spec.loc)
        if q is not None:
            named.append(q)
            x0, y0, x1, y1 = _bbox(q)
            crosses.append(((x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0) * 0.35))
    edges, edge_styles = [], []
    for e in spec.edges:
        try:
            comp, piece, face = find_piece(game, e.piece)
        except CellError as exc:
            bad(e.loc, str(exc))
            continue
        pa, pb = (poly(ref, e.loc) for ref in e.between)
        if pa is None or pb is None:
            continue
        common = shared_edge(pa, pb)
        if common is None:
            bad(e.loc, f"{e.between[0]} and {e.between[1]} share no edge: an edge piece lies between neighbours")
            continue
        named += [pa, pb]
        edges.append(_along(comp, piece, face, common))
        edge_styles.append(e.style)
    shown: list[list[Point]] = []
    for ref in spec.show:
        try:
            shown += [q for r in cells.expand(ref) if (q := poly(r, spec.loc)) is not None]
        except CellError as exc:
            bad(spec.loc, str(exc))
    if len(problems.errors) > before:
        return None
    if board is None:
        rows, cols, side_ = cells.rows, cells.cols, cells.cell
        window_pts = [(0.0, 0.0), (cols * side_, rows * side_)]
        label_size = side_ * 0.3
    else:
        window_pts = [pt for q in (shown or named) for pt in q]
        if not window_pts:
            bad(spec.loc, 'a board figure shows the cells of "show" (or those its pieces and outlines name): '
                          "name at least one")
            return None
        first = (shown or named)[0]
        label_size = (_bbox(first)[2] - _bbox(first)[0]) * 0.3
    labels = [(x, y - label_size * 1.15, text) for x, y, text in labels]  # under their groups
    if board is not None and cells.hexmap is None:  # a square board's coordinates, above and left of the view
        labels += _axes(cells, window_pts, label_size)
    window_pts += discs
    for x, y, text in labels:
        half = len(text) * label_size * 0.35
        window_pts += [(x - half, y - label_size * 0.3), (x + half, y + label_size * 0.8)]
    x0, y0, x1, y1 = _bbox(window_pts)
    pad = label_size * 0.3 if board is not None or not spec.lines else 0.0
    if getattr(board, "labels", "none") == "headers":  # a table of ruled rows: its own lines frame the view,
        pad = min(pad, HEADERS_PAD)                     # so the window stops at them, slicing no title or label
    crosses = [(x, y, s or label_size) for x, y, s in crosses]  # a bad outline's cross: the labels' size
    window = (x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad)
    grid = (cells.rows, cells.cols, cells.cell, spec.lines) if board is None else ()
    return Figure(window, board, grid, tuple(drawn), tuple(labels), tuple(outlines), tuple(arrows),
                  tuple(callouts), tuple(crosses), tuple(edges), caption=spec.caption, max_width=spec.width,
                  place=spec.place, label_size=label_size, line=line, shades=tuple(shades),
                  edge_styles=tuple(edge_styles))


HEADERS_PAD = 0.5 * MM  # round a board that names its rows and columns itself: the window's hairline past
# the cells' outer lines (a row's labels start 1.2 mm under its top line, a heading well above its band's foot)
CUT_REST = 0.06  # in a cut figure, a piece's gap to its cell's edge before it is nudged (a share of the cell)
CUT_TIGHT = 0.015  # the gap between two neighbours of one group once nudged together
CUT_WIDE = 0.3  # the widest a gap between two groups grows (a share of the cell)


def _cut(drawn: list[Drawn], in_group: list[int | None]) -> list[Drawn]:
    """The pieces of a cut figure as a cutter leaves them. Along each row (then each column) of touching
    cells, neighbours of one group close up to CUT_TIGHT and the room they free goes to the gaps between
    groups, the row's two ends staying where they were (nothing is pushed past the cake's edge); pieces on
    one cell (a disc on its tile) move together, shrunk to leave room for the gaps. A piece in no outline
    is a group of its own (it lies as laid out, the usual gap around it); pieces in a good or bad outline
    stay in their cells."""
    cells = sorted({d.cell for d, g in zip(drawn, in_group) if g is not None})
    if not cells:
        return drawn
    side = min(min(c[2] - c[0], c[3] - c[1]) for c in cells)
    x_min, y_max = min(c[0] for c in cells), max(c[3] for c in cells)
    where = {c: (round((y_max - c[3]) / side), round((c[0] - x_min) / side)) for c in cells}  # (row, col)
    group = {d.cell: g for d, g in zip(drawn, in_group) if g is not None}
    by_spot = {rc: c for c, rc in where.items()}
    size = side * (1 - 2 * CUT_REST)
    shrink = [min(1.0, size / max(d.box[2], d.box[3], 0.01)) for d in drawn]
    extent: dict[tuple, list[float]] = {}  # a cell's pieces' width and height once shrunk
    for d, g, k in zip(drawn, in_group, shrink):
        if g is not None:
            ext = extent.setdefault(d.cell, [0.0, 0.0])
            ext[0], ext[1] = max(ext[0], d.box[2] * k), max(ext[1], d.box[3] * k)
    centre: dict[tuple, list[float]] = {c: [(c[0] + c[2]) / 2, (c[1] + c[3]) / 2] for c in cells}

    def lay(line: list[tuple], axis: int, sign: int) -> None:
        """Place the pieces of one run of touching cells along ``axis`` (0: x, 1: y; sign -1: y runs down)."""
        n = len(line)
        same = [group[a] == group[b] for a, b in zip(line, line[1:])]
        tight, wide = same.count(True), same.count(False)
        filled = sum(extent[c][axis] for c in line)
        free = n * side - filled - 2 * CUT_REST * side - tight * CUT_TIGHT * side
        gap_wide = max(min(free / wide, CUT_WIDE * side), 0.0) if wide else 0.0
        used = filled + tight * CUT_TIGHT * side + wide * gap_wide
        start = (line[0][0] + line[-1][2]) / 2 if axis == 0 else (line[0][3] + line[-1][1]) / 2
        pos = start - sign * used / 2
        for i, c in enumerate(line):
            centre[c][axis] = pos + sign * extent[c][axis] / 2
            pos += sign * (extent[c][axis] + (CUT_TIGHT * side if i < n - 1 and same[i] else gap_wide))

    for axis in (0, 1):
        spots = sorted(by_spot, key=(lambda rc: rc) if axis == 0 else (lambda rc: (rc[1], rc[0])))
        run: list[tuple] = []
        for rc in spots:
            prev = run[-1] if run else None
            if prev is not None:
                pr, pc = where[prev]
                joined = (rc[0] == pr and rc[1] == pc + 1) if axis == 0 else (rc[1] == pc and rc[0] == pr + 1)
                if not joined:
                    lay(run, axis, 1 if axis == 0 else -1)
                    run = []
            run.append(by_spot[rc])
        lay(run, axis, 1 if axis == 0 else -1)
    out = []
    for d, g, k in zip(drawn, in_group, shrink):
        if g is None:
            out.append(d)
            continue
        x, y, w, h = d.box
        cx, cy = centre[d.cell]
        out.append(replace(d, box=(cx - w * k / 2, cy - h * k / 2, w * k, h * k), cell=()))
    return out


def shared_edge(a: list[Point], b: list[Point]) -> tuple[Point, Point] | None:
    """The edge two cells share (its two corners), or None when they are not neighbours."""
    keys = {_key(p) for p in b}
    for p, q in zip(a, a[1:] + a[:1]):
        if _key(p) in keys and _key(q) in keys:
            return p, q
    return None


def _along(comp: Any, piece: Any, face: str, side: tuple[Point, Point]) -> Drawn:
    """A piece centred on an edge, its long side along it (shrunk to the edge's length if longer)."""
    import math

    (x1, y1), (x2, y2) = side
    length = math.hypot(x2 - x1, y2 - y1)
    long_, short = max(piece.w, piece.h), min(piece.w, piece.h)
    k = min(1.0, length / long_) if long_ else 1.0
    w, h = long_ * k, short * k
    angle = math.degrees(math.atan2(y2 - y1, x2 - x1))
    if piece.h > piece.w:  # an upright piece: turned a quarter more, its long side still along the edge
        w, h, angle = h, w, angle - 90
    angle = (angle + 90) % 180 - 90  # the face upright, or as near it as the edge allows
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    return Drawn(comp, piece, face, (cx - w / 2, cy - h / 2, w, h), angle=round(angle, 6))


def _axes(cells: Cells, pts: list[Point], size: float) -> list[tuple[float, float, str]]:
    """Column letters above and row numbers left of the cells in view, as the board prints them."""
    x0, y0, x1, y1 = _bbox(pts)
    out = []
    board = cells.target
    margin = getattr(board, "margin", 0.0) if getattr(board, "labels", "none") != "none" else 0.0
    top = _cell_xy(cells, 0, 0)
    named = getattr(board, "labels", "none") == "headers"  # it names its rows and columns itself: no A, B, 1, 2
    if margin and y1 >= top[1] + top[3] - 0.1:  # the board prints its own letters there: show its margin
        pts.append((x0, y1 + getattr(board, "header_depth", margin)))  # (or its whole header row)
    elif not named:
        for col in range(cells.cols):
            px, _, pw, _ = _cell_xy(cells, 0, col)
            if x0 - 0.1 <= px and px + pw <= x1 + 0.1:
                out.append((px + pw / 2, y1 + size * 0.45, column_letters(col)))
    if margin and x0 <= top[0] + 0.1:
        pts.append((x0 - margin, y0))
    elif not named:
        for row in range(cells.rows):
            _, py, _, ph = _cell_xy(cells, row, 0)
            if y0 - 0.1 <= py and py + ph <= y1 + 0.1:
                out.append((x0 - size * 0.75, py + ph / 2 - size * 0.35, str(row + 1)))
    return out


def _cell_xy(cells: Cells, row: int, col: int) -> tuple[float, float, float, float]:
    poly = cells.polygon(f"{column_letters(col)}{row + 1}")
    x0, y0, x1, y1 = _bbox(poly)
    return x0, y0, x1 - x0, y1 - y0


def _largest(spec: FigureSpec, game: Any) -> float:
    side = 0.0
    for p in [*spec.pieces, *(FigPiece(piece=r, loc=o.loc) for o in spec.outlines for r in o.pieces)]:
        try:
            _, piece, _ = find_piece(game, p.piece)
        except CellError:
            continue
        side = max(side, piece.w, piece.h)
    return side or 20 * MM


def _row(spec: FigureSpec, game: Any, problems: Problems, line: int, bad: Any, before: int) -> Figure | None:
    found = []
    for p in spec.row:
        try:
            found.append((p, *find_piece(game, p.piece)))
        except CellError as exc:
            bad(p.loc, str(exc))
    if len(problems.errors) > before:
        return None
    height = max(piece.w if p.turn in ("90", "270") else piece.h for p, _, piece, _ in found)
    label_size = max(height * 0.09, 7.0)
    below = label_size * 1.9 if any(p.label for p, *_ in found) else 0.0
    drawn, labels, x = [], [], 0.0
    gap = max(ROW_GAP, height * 0.1)
    for p, comp, piece, face in found:
        turn = int(p.turn)
        w, h = (piece.h, piece.w) if turn in (90, 270) else (piece.w, piece.h)
        drawn.append(Drawn(comp, piece, face, (x, below + (height - h) / 2, w, h), turn))
        if p.label:
            labels.append((x + w / 2, below - label_size * 1.4, p.label))
        x += w + gap
    room = max(d.box[2] for d in drawn) + gap * 0.8  # a label may reach 0.4 gap past its piece: the window too
    side = max(room - min(d.box[2] for d in drawn[:1] + drawn[-1:]), 0.0) / 2 if labels else 0.0
    return Figure((-side, 0.0, x - gap + 2 * side, height + below), None, (), tuple(drawn), tuple(labels),
                  caption=spec.caption, max_width=spec.width, place=spec.place, label_size=label_size,
                  label_room=room, line=line)


PANEL_GAP = 0.18  # between panels, as a share of the tallest panel (at least ROW_GAP)


def _panels(spec: FigureSpec, game: Any, problems: Problems, line: int) -> Figure | None:
    """Panels side by side, bottoms aligned, each with its label and mark centred under it."""
    before = len(problems.errors)
    subs = []
    for panel in spec.panels:
        inner = replace(FigureSpec(), **{k: getattr(panel, k) for k in PANEL_KEYS}, loc=panel.loc)
        subs.append((panel, resolve(inner, game, problems, line)))
    if len(problems.errors) > before or any(fig is None for _, fig in subs):
        return None
    tallest = max(fig.size[1] for _, fig in subs if fig is not None)
    size = max(tallest * 0.09, max(fig.label_size for _, fig in subs if fig is not None), 7.0)
    below = size * 1.8 if any(p.label or p.style != "plain" for p, _ in subs) else 0.0
    gap = max(ROW_GAP, tallest * PANEL_GAP)
    clear = any(fig.outlines for _, fig in subs if fig is not None)  # the same pieces the same size in each
    placed, marks, x = [], [], 0.0
    for panel, fig in subs:
        assert fig is not None
        w, h = fig.size
        placed.append((replace(fig, clear=clear), x, below))
        if panel.label or panel.style != "plain":
            marks.append((x + w / 2, below - size * 1.35, panel.style, panel.label))
        x += w + gap
    return Figure((0.0, 0.0, x - gap, tallest + below), panels=tuple(placed), marks=tuple(marks),
                  caption=spec.caption, max_width=spec.width, place=spec.place, label_size=size, line=line)


def parse_block(body: str, name: str, line: int, ctx: Ctx) -> FigureSpec | None:
    """The YAML of a ```figure block whose first line is ``line`` of ``name``, as a FigureSpec."""
    from genpnp.content.yamlload import load_text

    text = "\n" * (line - 1) + body  # parsed at its place in the Markdown: locations are the file's
    try:
        data = load_text(text, name)
    except ContentError as exc:
        ctx.problems.extend(exc.problems)
        return None
    loc = Loc(name, line, 1)
    if data is None:
        ctx.error(loc, "the figure is empty: give it a board, grid or row")
        return None
    spec = build(FigureSpec, data, loc, ctx)
    return None if spec is INVALID else spec


INLINE = re.compile(r"(\{piece:[^{}\s]+\})")
INLINE_H = 1.1  # an inline piece's height, as a share of the text size


class Inline:
    """A piece drawn in a line of text (``{piece:tiles#3}``): it stands where a word's font would."""

    def __init__(self, component: Any, piece: Any, face: str):
        self.component, self.piece, self.face = component, piece, face
        self.aspect = piece.w / piece.h if piece.h else 1.0


def _inline(game: Any, text: str) -> tuple:
    """(ref, Inline) for each ``{piece:ref}`` of a text that names a piece (the others were reported
    where the text's values were filled)."""
    out = {}
    for token in INLINE.findall(text):
        ref = token[7:-1]
        try:
            out[ref] = Inline(*find_piece(game, ref))
        except CellError:
            continue
    return tuple(out.items())


def resolve_figures(game: Any, problems: Problems) -> Any:
    """The game with every figure block of its texts resolved (each problem at its line and column)."""
    from genpnp.content.schema import Ctx as _Ctx

    components = dict(game.components)
    changed = False
    for key, comp in game.components.items():
        blocks = getattr(comp, "blocks", None)
        if not blocks or not any(b.kind == "figure" or "{piece:" in b.text for b in blocks):
            continue
        name = getattr(comp, "source_name", "") or comp.loc.file
        ctx = _Ctx(problems, game.root, game.root, dict(game.palette))
        out = []
        for block in blocks:
            if "{piece:" in block.text and block.kind != "figure":
                block = replace(block, inline=_inline(game, block.text))
            if block.kind == "figure":
                spec = parse_block(block.text, name, block.line, ctx)
                fig = resolve(spec, game, problems, block.line) if spec is not None else None
                text_font = str(getattr(comp, "font", "") or "")
                if fig is not None and text_font:  # labels in the text's own font
                    fig = replace(fig, font=text_font)
                block = replace(block, figure=fig)
            out.append(block)
        components[key] = replace(comp, blocks=tuple(out))
        changed = True
    return replace(game, components=components) if changed else game
