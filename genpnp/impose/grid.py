"""Grid packing of same-size pieces, as single pieces, fold pairs or duplex pages.

Without bleed, touching pieces share their cut lines. With bleed, one scheme on every paper, so
that each cut line has one crop tick: rectangular pieces butt on shared cut lines (one cut serves
both neighbours; the shared lines are drawn over the art), the block's outer edges get the full
bleed where the page has room, and crop marks run outside the block, inside the printer-safe area.
Fold pairs side by side meet front to back, unlike edges, so across their fold they keep a gutter
(the widest up to twice the bleed that costs no piece, where that is at least ``GUTTER_MIN``: two
ticks always read as two cuts). Round and hex pieces, cut along their outlines, sit a gutter apart
(at least twice ``OUTER_MIN``, wider up to twice the bleed where that costs no piece) so that each
has a ring of art past its outline and none runs into its neighbour; they get no crop marks.
A component's own ``gutter`` is the least space between its pieces in every build (round tokens
a punch or scissors cuts one by one); one that stands ``apart`` gets, with bleed, a gutter between its
rectangles where the page has the room. ``--gutter`` asks for a gutter between rectangular pieces too
(each piece's art runs half of it, at most the bleed, past its cut). Art never crosses a fold line.
Sections that share one grid fill whole rows where fewer columns cost no page (``whole_rows``): two
sets of pieces then meet along one straight cut.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.impose.sheet import Box, Mark, Placement

CROP_LEN = 4 * MM
CROP_GAP = 1 * MM
CROP_ROOM = CROP_GAP + CROP_LEN  # crop marks at their full length
CROP_MIN = 2.4 * MM  # the shortest crop marks (0.4 mm gap, 2 mm line) on a tight page
OUTER_MIN = 1 * MM  # the least outer bleed kept where a page is tight
GUTTER_MIN = 2 * MM  # a narrower gutter between unlike edges gives way to a shared cut


@dataclass(frozen=True)
class Unit:
    """How one piece (or fold pair) occupies the page.

    rot: rotation of the front on the page; fold: "" | "v" (back to the right) | "h" (back below).
    """

    w: float  # piece footprint on the page (after rotation)
    h: float
    rot: int
    fold: str

    @property
    def uw(self) -> float:
        return self.w * (2 if self.fold == "v" else 1)

    @property
    def uh(self) -> float:
        return self.h * (2 if self.fold == "h" else 1)


@dataclass(frozen=True)
class Spacing:
    """Bleed and gutter as asked for: ``gutter`` None is automatic: 0 for pieces that ``share`` cut
    lines (rectangles with like edges), else the widest, up to twice the bleed, that costs no piece
    (between rectangles at least ``GUTTER_MIN``, else none)."""

    bleed: float = 0.0
    gutter: float | None = None
    share: bool = False
    rect: bool = False  # pieces cut by crop marks: a gutter between them is GUTTER_MIN or none
    least: float = 0.0  # the pieces' own least gutter (a component's ``gutter``), in every build
    apart: bool = False  # with bleed, rectangles that keep a gutter wherever it costs no piece (``apart``)


def spacing_for(options, shape: str, least: float = 0.0, apart: bool = False) -> Spacing:
    """The spacing of a build's pieces of ``shape``: rectangles share their cut lines, unless the
    pieces ask for ``least`` space between them, or stand ``apart`` (with bleed, a gutter up to twice
    the bleed where it costs no piece, else still a shared cut)."""
    rect = shape not in ("circle", "hex")
    if rect and least and options.bleed:  # crop ticks a gutter apart read as two cuts only from GUTTER_MIN
        least = max(least, GUTTER_MIN)
    return Spacing(options.bleed, options.gutter, rect and not least and not apart, rect, least, rect and apart)


@dataclass(frozen=True)
class Axis:
    """How ``n`` units lie along one page axis: gap between them, outer bleed, crop-mark room."""

    n: int
    gap: float = 0.0
    outer: float = 0.0
    crop: float = 0.0

    def length(self, u: float) -> float:
        """The block's extent: units and gaps, without outer bleed and crop marks."""
        return self.n * u + max(self.n - 1, 0) * self.gap


def axis_fit(length: float, u: float, spacing: Spacing, most: int | None = None) -> Axis:
    """The most units of size ``u`` along ``length`` (at most ``most``); the room left widens bleed,
    gutter, crop marks."""
    b, asked = spacing.bleed, spacing.gutter
    if not b:
        g = max(asked or 0.0, spacing.least)
        return Axis(max(int(math.floor((length + g + 1e-6) / (u + g))), 0), g)
    if asked is None and spacing.share:
        asked = 0.0
    least = 0.0 if spacing.rect or asked is not None else min(2 * OUTER_MIN, 2 * b)  # round pieces: a ring
    g = max(asked if asked is not None else least, spacing.least)  # of art past each outline, however tight
    outer, crop = min(b, OUTER_MIN), CROP_MIN
    n = int(math.floor((length - 2 * (outer + crop) + g + 1e-6) / (u + g)))
    if most is not None:
        n = min(n, most)
    if n <= 0:
        return Axis(0)
    spare = length - n * u - (n - 1) * g - 2 * (outer + crop)
    d = max(min(b - outer, spare / 2), 0.0)
    outer, spare = outer + d, spare - 2 * d
    if asked is None and n > 1:
        d = max(min(2 * b - g, spare / (n - 1)), 0.0)
        if d < GUTTER_MIN and spacing.rect:  # too narrow to read as two cuts: one shared cut
            d = 0.0
        g, spare = g + d, spare - (n - 1) * d
    crop += max(min(CROP_ROOM - CROP_MIN, spare / 2), 0.0)
    return Axis(n, g, outer, crop)


@dataclass(frozen=True)
class Grid:
    """A block of units: its unit, columns and rows, and the spacing along each axis."""

    unit: Unit
    x: Axis
    y: Axis
    bleed: float

    @property
    def cols(self) -> int:
        return self.x.n

    @property
    def rows(self) -> int:
        return self.y.n

    @property
    def per_page(self) -> int:
        return self.x.n * self.y.n

    def block(self, area: Box, rows: int) -> Box:
        """The trim box of ``rows`` rows: centred across the area, at its top (inside bleed and marks)."""
        bw = self.x.length(self.unit.uw)
        bh = rows * self.unit.uh + max(rows - 1, 0) * self.y.gap
        return Box(area.x + (area.w - bw) / 2, area.y2 - self.y.outer - self.y.crop - bh, bw, bh)

    def extent(self, block: Box) -> Box:
        """The block with its outer bleed and crop marks: what it takes of the page."""
        return Box(block.x - self.x.outer - self.x.crop, block.y - self.y.outer - self.y.crop,
                   block.w + 2 * (self.x.outer + self.x.crop), block.h + 2 * (self.y.outer + self.y.crop))

    def cells(self, block: Box, count: int) -> list[Box]:
        """Unit boxes (trim) in reading order, ``count`` of them."""
        u = self.unit
        out = []
        for i in range(count):
            r, c = divmod(i, self.cols)
            out.append(Box(block.x + c * (u.uw + self.x.gap), block.y2 - (r + 1) * u.uh - r * self.y.gap, u.uw, u.uh))
        return out

    def art_box(self, cell: Box, block: Box, cells: list[Box] | None = None) -> Box:
        """How far a unit's art may run: half the gutter (at most the bleed) towards a neighbour,
        the outer bleed on the block's edges and where no unit of ``cells`` (the block's units, if
        given: the end of a last row that is not full) stands beside it."""
        b = self.bleed
        if not b:
            return cell

        def at(dx: int, dy: int) -> bool:
            x, y = cell.x + dx * (cell.w + self.x.gap), cell.y + dy * (cell.h + self.y.gap)
            return any(abs(c.x - x) < 0.01 and abs(c.y - y) < 0.01 for c in cells or ())

        def alone(dx: int, dy: int) -> bool:  # above or below, a diagonal neighbour's side bleeds: across a
            # gutter its art keeps clear of it; on shared cut lines the two meet outside both pieces
            diagonal = dy and self.y.gap > 0.01 and (at(-1, dy) or at(1, dy))
            return cells is not None and not at(dx, dy) and not diagonal

        def side(edge: float, limit: float, gap: float, outer: float, dx: int, dy: int) -> float:
            return outer if abs(edge - limit) < 0.01 or alone(dx, dy) else min(b, gap / 2)

        left = side(cell.x, block.x, self.x.gap, self.x.outer, -1, 0)
        right = side(cell.x2, block.x2, self.x.gap, self.x.outer, 1, 0)
        bottom = side(cell.y, block.y, self.y.gap, self.y.outer, 0, -1)
        top = side(cell.y2, block.y2, self.y.gap, self.y.outer, 0, 1)
        return Box(cell.x - left, cell.y - bottom, cell.w + left + right, cell.h + bottom + top)


def back_rotation(front_rot: int, axis: str) -> int:
    """Rotation of a back so it reads upright after turning the piece over.

    ``axis`` is the page axis the sheet is folded or flipped about ("v" vertical, "h"
    horizontal). Turning over about the face's own vertical axis keeps the back
    upright; about its horizontal axis needs a half turn.
    """
    face_vertical_is_page_vertical = front_rot in (0, 180)
    same = (axis == "v") == face_vertical_is_page_vertical
    return front_rot if same else (front_rot + 180) % 360


def make_grid(area: Box, unit: Unit, spacing: Spacing) -> Grid:
    """The grid of ``unit`` in ``area``: fold pairs side by side meet front to back, unlike edges,
    so they keep a gutter across their fold (where one of ``GUTTER_MIN`` or more fits)."""
    x, y = spacing, spacing
    if spacing.share and unit.fold:
        if unit.fold == "v":
            x = replace(spacing, share=False)
        else:
            y = replace(spacing, share=False)
    return Grid(unit, axis_fit(area.w, unit.uw, x), axis_fit(area.h, unit.uh, y), spacing.bleed)


def choose_grid(area: Box, w: float, h: float, fold: bool, rotatable: bool, spacing: Spacing,
                count: int | None = None, spread: bool = True) -> Grid:
    """The orientation that needs the fewest pages for ``count`` pieces (None: the most pieces on a
    page); ties: upright, then a vertical fold, then more on a page. ``spread``: pieces that stand apart,
    fewer than the area holds, widen their gutters into the room the others would have taken."""
    options = []
    for rot in (0, 90) if rotatable and abs(w - h) > 0.01 else (0,):
        fw, fh = (w, h) if rot == 0 else (h, w)
        for fold_dir in ("v", "h") if fold else ("",):
            g = make_grid(area, Unit(fw, fh, rot, fold_dir), spacing)
            if spread and count and g.per_page and count < g.per_page and spacing.bleed and spacing.apart and \
                    spacing.gutter is None:
                g = _fewer(area, g, count, spacing)
            per_page = g.per_page
            pages = pages_for(count, per_page) if per_page and count else 1 << 30  # does not fit: worst
            key = (-pages, -rot, fold_dir == "v", per_page) if count else (per_page, -rot, fold_dir == "v")
            options.append((key, g))
    return max(options, key=lambda o: o[0])[1]


def _fewer(area: Box, g: Grid, count: int, spacing: Spacing) -> Grid:
    """Pieces that stand apart, fewer than a page holds: the grid of just the rows (or columns) they fill,
    so the room the others would have taken widens their gutters (up to twice the bleed)."""
    cols = min(g.x.n, count)
    rows = -(-count // cols)
    x = axis_fit(area.w, g.unit.uw, replace(spacing, share=False), cols) if cols < g.x.n else g.x
    y = axis_fit(area.h, g.unit.uh, replace(spacing, share=False), rows) if rows < g.y.n else g.y
    return Grid(g.unit, x, y, g.bleed)


def whole_rows(g: Grid, sizes: Sequence[int]) -> Grid:
    """``g`` with fewer columns where that lets each of several sections (``sizes`` pieces each, in
    order) fill whole rows and costs no page: two sections then meet along one straight cut across
    the block, not a step that leaves a sliver of one on the other when a cut strays."""
    count = sum(sizes)
    if len(sizes) < 2 or not g.per_page or all(n % g.cols == 0 for n in sizes):
        return g
    pages = pages_for(count, g.per_page)
    for cols in range(g.cols - 1, 1, -1):
        if all(n % cols == 0 for n in sizes) and pages_for(count, cols * g.rows) == pages:
            return replace(g, x=replace(g.x, n=cols))
    return g


def pages_for(count: int, per_page: int) -> int:
    return -(-count // per_page) if per_page else 0


def place_unit(component, piece, cell: Box, unit: Unit, art: Box | None = None,
               bleed: float = 0.0) -> tuple[list[Placement], list[Mark]]:
    """Placements of a piece's front (and fold-pair back) in its unit cell, with the fold mark.

    ``art`` is how far the unit's art may run (see ``Grid.art_box``); a fold line stops it.
    """
    art = art or cell
    if piece.shape in ("circle", "hex") and bleed:  # a round piece's bleed rings its outline: as wide as
        # the nearest neighbour allows, so it never runs into another piece
        bleed = max(min(bleed, cell.x - art.x, art.x2 - cell.x2, cell.y - art.y, art.y2 - cell.y2), 0.0)
    front_box = Box(cell.x, cell.y + (unit.h if unit.fold == "h" else 0), unit.w, unit.h)
    if unit.fold == "v":
        f = cell.x + unit.w
        front_art = Box(art.x, art.y, f - art.x, art.h)
        back_box = Box(f, cell.y, unit.w, unit.h)
        back_art = Box(f, art.y, art.x2 - f, art.h)
        fold = _fold_mark(piece, ((f, cell.y), (f, cell.y2)), unit.w / 2)
    elif unit.fold == "h":
        f = cell.y + unit.h
        front_art = Box(art.x, f, art.w, art.y2 - f)
        back_box = Box(cell.x, cell.y, unit.w, unit.h)
        back_art = Box(art.x, art.y, art.w, f - art.y)
        fold = _fold_mark(piece, ((cell.x, f), (cell.x2, f)), unit.h / 2)
    else:
        return [Placement(component, piece, "front", front_box, unit.rot, bleed, art=art)], []
    return [Placement(component, piece, "front", front_box, unit.rot, bleed, art=front_art),
            Placement(component, piece, "back", back_box, back_rotation(unit.rot, unit.fold), bleed,
                      art=back_art)], [fold]


HINGE = 0.4  # a round fold pair's hinge: this share of the piece's diameter, across the fold


def _fold_mark(piece, points: tuple[tuple[float, float], tuple[float, float]], half: float) -> Mark:
    """The fold line; round pieces touch at one point, so their fold crosses a hinge (see ``hinge_outline``)."""
    if piece.shape != "circle":
        return Mark("fold", points)
    (x1, y1), (x2, y2) = points
    cx, cy, b = (x1 + x2) / 2, (y1 + y2) / 2, HINGE * half
    if abs(x1 - x2) < 0.01:
        return Mark("fold", ((cx, cy - b), (cx, cy + b)))
    return Mark("fold", ((cx - b, cy), (cx + b, cy)))


def cut_marks(placements: list[Placement], folds: list[Mark], shape: str, radius: float) -> list[Mark]:
    """Shared cut lines around rectangular pieces, outlines around round or hex ones.

    A segment that is also a fold line is not cut; a round fold pair is cut as one outline,
    two circles joined by a hinge across the fold.
    """
    if shape == "net":  # the renderer draws its own cut path (die nets)
        return []
    if shape in ("circle", "hex"):
        out = []
        paired = _round_pairs(placements) if shape == "circle" else {}
        for p in placements:
            if p.face == "back" and id(p) in paired:
                continue
            if id(p) in paired:
                out.append(Mark("outline", shape="circle-pair", box=paired[id(p)], radius=radius))
            else:
                out.append(Mark("outline", shape=shape, box=p.box, radius=radius))
        return out
    fold_keys = {_seg_key(m.points[0], m.points[1]) for m in folds}
    segments: dict[tuple, tuple] = {}
    for p in placements:
        b = p.box
        for a, z in (((b.x, b.y), (b.x2, b.y)), ((b.x, b.y2), (b.x2, b.y2)),
                     ((b.x, b.y), (b.x, b.y2)), ((b.x2, b.y), (b.x2, b.y2))):
            key = _seg_key(a, z)
            if key not in fold_keys:
                segments[key] = (a, z)
    return [Mark("cut", seg) for seg in _merge(list(segments.values()))]


def _round_pairs(placements: list[Placement]) -> dict[int, Box]:
    """Front placements of round fold pairs (their back beside them) -> the pair's box."""
    backs = {(id(p.piece), p.piece.index): p for p in placements if p.face == "back"}
    out: dict[int, Box] = {}
    for p in placements:
        back = backs.get((id(p.piece), p.piece.index)) if p.face == "front" else None
        if back is not None:
            b = p.box
            x, y = min(b.x, back.box.x), min(b.y, back.box.y)
            out[id(p)] = Box(x, y, max(b.x2, back.box.x2) - x, max(b.y2, back.box.y2) - y)
            out[id(back)] = out[id(p)]
    return out


def _seg_key(a: tuple[float, float], z: tuple[float, float]) -> tuple:
    pts = sorted([(round(a[0], 2), round(a[1], 2)), (round(z[0], 2), round(z[1], 2))])
    return tuple(pts)


def _merge(segments: list[tuple]) -> list[tuple]:
    """Join collinear touching segments so a shared cut line is one long line."""
    horizontal: dict[float, list[tuple[float, float]]] = {}
    vertical: dict[float, list[tuple[float, float]]] = {}
    for (x1, y1), (x2, y2) in segments:
        if abs(y1 - y2) < 0.01:
            horizontal.setdefault(round(y1, 2), []).append((min(x1, x2), max(x1, x2)))
        else:
            vertical.setdefault(round(x1, 2), []).append((min(y1, y2), max(y1, y2)))
    out = []
    for y, spans in sorted(horizontal.items()):
        for lo, hi in _join(spans):
            out.append(((lo, y), (hi, y)))
    for x, spans in sorted(vertical.items()):
        for lo, hi in _join(spans):
            out.append(((x, lo), (x, hi)))
    return out


def _join(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    spans.sort()
    out = [list(spans[0])]
    for lo, hi in spans[1:]:
        if lo <= out[-1][1] + 0.01:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([lo, hi])
    return [(a, b) for a, b in out]


def crop_marks(placements: list[Placement], block: Box, outer: tuple[float, float] = (0.0, 0.0),
               room: tuple[float, float] = (CROP_ROOM, CROP_ROOM)) -> list[Mark]:
    """Crop marks: every trim line of the block extended outside it, past its outer bleed
    (``outer`` x, y), in the ``room`` (x, y) left for marks."""
    xs = sorted({round(v, 2) for p in placements for v in (p.box.x, p.box.x2)})
    ys = sorted({round(v, 2) for p in placements for v in (p.box.y, p.box.y2)})
    (ox, oy), (rx, ry) = outer, room
    gx, gy = (CROP_GAP if rx >= CROP_ROOM - 0.01 else 0.4 * MM), (CROP_GAP if ry >= CROP_ROOM - 0.01 else 0.4 * MM)
    marks = []
    top, bottom = block.y2 + oy + gy, block.y - oy - gy
    lowest = min((p.box.y for p in placements), default=block.y)
    for x in xs:
        # a trim line that ends above a short last row is marked under the row it ends on, right by its
        # pieces: the room under that row's end is left to the sections that may fill it
        ends = min(p.box.y for p in placements if abs(p.box.x - x) < 0.02 or abs(p.box.x2 - x) < 0.02)
        low = bottom + (ends - lowest if ends > lowest + 0.01 else 0.0)
        marks.append(Mark("crop", ((x, top), (x, top + ry - gy))))
        marks.append(Mark("crop", ((x, low), (x, low - ry + gy))))
    left, right = block.x - ox - gx, block.x2 + ox + gx
    for y in ys:
        marks.append(Mark("crop", ((left, y), (left - rx + gx, y))))
        marks.append(Mark("crop", ((right, y), (right + rx - gx, y))))
    return marks


def cut_crosses(mark: Mark, boxes: list[Box]) -> bool:
    """Whether the cut a crop mark implies (from the mark to the first piece with an edge on its line)
    runs through another piece on the way."""
    (x1, y1), (x2, y2) = mark.points
    vertical = abs(x1 - x2) < 0.01
    pos = x1 if vertical else y1
    sign = math.copysign(1, (y1 - y2) if vertical else (x1 - x2))
    start = y1 if vertical else x1
    ahead = []
    for b in boxes:
        lo, hi = (b.x, b.x2) if vertical else (b.y, b.y2)
        if not lo - 0.05 <= pos <= hi + 0.05:
            continue
        near = (b.y if sign > 0 else b.y2) if vertical else (b.x if sign > 0 else b.x2)
        dist = (near - start) * sign
        if dist >= -0.05:
            ahead.append((dist, lo, hi))
    for _, lo, hi in sorted(ahead):
        return not (abs(lo - pos) < 0.05 or abs(hi - pos) < 0.05)  # the first piece met is the mark's own?
    return False
