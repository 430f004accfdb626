"""Pages of pieces: a run of same-size pieces on one grid, small sections filling the room a page
left, and poster tiles for boards larger than a page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field, replace
from functools import partial
from typing import Any

from genpnp.core.i18n import tr
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.impose import grid, poster
from genpnp.impose.duplex import duplex_back
from genpnp.impose.frame import Frame, make_frame, modes, reserve_scale, scale_bar, scale_spot
from genpnp.impose.options import Options
from genpnp.impose.sheet import Box, Deferred, Label, Mark, Placement, Sheet, free_after

LABEL = 4.5 * MM  # room above a block that shares a page, for its label
GAP = 3 * MM  # between blocks that share a page
LABEL_CLEAR = 1.5 * MM  # the least room between a section's label and a crop mark of another block


@dataclass(frozen=True)
class Segment:
    """One component's pieces (one set of its copies) in a run."""

    comp: Any
    pieces: Sequence[Any]
    set_no: int = 1
    sets: int = 1

    @property
    def label(self) -> str:
        return self.comp.label + (tr(" (set {n} of {total})", n=self.set_no, total=self.sets) if self.sets > 1 else "")


@dataclass
class PieceSet:
    """Consecutive sections whose pieces share a geometry (``key``): one grid for all of them."""

    key: tuple
    segments: list[Segment]
    note: str = ""
    title: str = ""  # a sheet: group's name, the title of its pages (else each page names its pieces)
    continues: bool = False  # a later member of a sheet group: even its first page continues the group's title

    def __len__(self) -> int:
        return sum(len(s.pieces) for s in self.segments)

    def slice(self, start: int, stop: int) -> list[tuple[Segment, Any]]:
        out: list[tuple[Segment, Any]] = []
        base = 0
        for seg in self.segments:
            n = len(seg.pieces)
            lo, hi = max(start - base, 0), min(stop - base, n)
            if lo < hi:
                out.extend((seg, piece) for piece in seg.pieces[lo:hi])
            base += n
        return out

    @property
    def sample(self) -> Any:
        return self.segments[0].pieces[0]

    def spacing(self, options: Options) -> grid.Spacing:
        """How far apart these pieces lie in a build with ``options``."""
        if not self.cut:  # read where they lie: no bleed around them
            options = replace(options, bleed=0.0)
        return grid.spacing_for(options, self.sample.shape, getattr(self.segments[0].comp, "gutter", 0.0),
                                self.apart)

    @property
    def cut(self) -> bool:
        """Whether these pieces are cut out (``cut: false``: a sheet read where it lies)."""
        return bool(getattr(self.segments[0].comp, "cut", True))

    def split(self, k: int) -> tuple[PieceSet, PieceSet]:
        """The first ``k`` pieces and the rest, as two sets of the same geometry."""
        head: list[Segment] = []
        rest: list[Segment] = []
        base = 0
        for seg in self.segments:
            n = len(seg.pieces)
            take = min(max(k - base, 0), n)
            if take:
                head.append(Segment(seg.comp, list(seg.pieces[:take]), seg.set_no, seg.sets))
            if take < n:
                rest.append(Segment(seg.comp, list(seg.pieces[take:]), seg.set_no, seg.sets))
            base += n
        return PieceSet(self.key, head, self.note, self.title), PieceSet(self.key, rest, self.note, self.title)

    @property
    def double(self) -> bool:
        return bool(self.key[4])

    @property
    def rotatable(self) -> bool:
        return bool(self.key[5])

    @property
    def apart(self) -> bool:
        """With bleed, the pieces keep a gutter between them where it costs none (``apart: true``)."""
        return bool(self.key[7])


def title_of(chunk: list[tuple[Segment, Any]], whole: PieceSet) -> str:
    """"Red tiles · Blue tiles 1 to 35 of 64": each segment on the page, with its pieces' numbers where
    the page holds only some of them."""
    parts: list[str] = []
    seen: dict[int, list[int]] = {}
    order: list[Segment] = []
    for seg, piece in chunk:
        if id(seg) not in seen:
            seen[id(seg)] = []
            order.append(seg)
        seen[id(seg)].append(piece.index)
    merged: list[tuple[Segment, list[int], list[int]]] = []  # (segment, numbers, set numbers)
    for seg in order:
        nums = seen[id(seg)]
        if merged and merged[-1][0].comp is seg.comp and merged[-1][1] == nums:
            merged[-1][2].append(seg.set_no)
        else:
            merged.append((seg, nums, [seg.set_no]))
    for seg, nums, sets in merged:
        what = seg.comp.label
        count = len(getattr(seg.comp, "pieces", seg.pieces))
        if 1 < count and len(nums) < count:  # numbers only where the pieces continue on another page
            what += tr(" {first} to {last} of {count}", first=nums[0], last=nums[-1], count=count) \
                if nums[0] != nums[-1] else tr(" {first} of {count}", first=nums[0], count=count)
        if seg.sets > 1:
            what += tr(" (set {n} of {total})", n=sets[0], total=seg.sets) if len(sets) == 1 else \
                tr(" (sets {first} to {last} of {total})", first=sets[0], last=sets[-1], total=seg.sets)
        parts.append(what)
    return " · ".join(parts)


@dataclass
class RunPages:
    """How a ``PieceSet`` is imposed: its frame, grid and area; pages imposed when drawn."""

    pieces: PieceSet
    options: Options
    frame: Frame
    area: Box
    grid: grid.Grid
    fold: bool
    extra: dict[int, list[tuple[Any, Box, str]]] = field(default_factory=dict)  # page -> filled blocks
    free: list[Box] = field(default_factory=list)  # room left on the last page
    extra_back: bool = False  # a backs page added to the last page for the pieces that filled it
    host: Sheet | Deferred | None = None  # the entry of the last front page, once ``entries()`` made it
    turned: str = ""  # with bleed, pieces or title turned from the way the build without bleed prints them
    filled_optional: set[bool] = field(default_factory=set)  # of sections that filled its last page's room

    def optional_flags(self) -> set[bool]:
        """Whether the components on the run's pages are optional (``optional: true``): {True},
        {False} or both; a section fills the room only of pages as optional as it is, so the pages
        the game can do without stay apart from those it needs."""
        return {bool(getattr(s.comp, "optional", False)) for s in self.pieces.segments} | self.filled_optional

    def backs_page(self, n: int) -> bool:
        """Whether page ``n`` (0-based) of the run has a backs page after it."""
        return (self.pieces.double and not self.fold) or (n == self.page_count - 1 and self.extra_back)

    @classmethod
    def plan(cls, pieces: PieceSet, options: Options, landscape: bool = False, mode: str | None = None,
             scale_band: bool = True) -> RunPages:
        """The frame and grid that need the fewest pages (then the first of the frame's modes, or
        ``mode``), on portrait pages or ``landscape`` ones; ``scale_band``: keep a band at the foot
        of the page for the scale square where that costs the run no page and, over several pages, no
        row on each (else the scale check is a bar in the title band)."""
        p = pieces.sample
        fold = pieces.double and options.backs == "fold"
        spacing = pieces.spacing(options)
        count = len(pieces)
        best = None
        for rank, name in enumerate(modes(landscape)):
            if mode is not None and name != mode:
                continue
            frame = make_frame(options, landscape, name)
            g = grid.choose_grid(frame.area, p.w, p.h, fold, pieces.rotatable, spacing, count)
            if g.per_page == 0 and fold:
                continue
            pages = grid.pages_for(count, g.per_page) if g.per_page else 1 << 30
            if best is None or pages < best[0]:
                best = (pages, rank, frame, g)
        if best is None or best[3].per_page == 0:  # a fold pair does not fit: separate sides
            fold = False
            frame = make_frame(options, landscape)
            g = grid.choose_grid(frame.area, p.w, p.h, False, pieces.rotatable, spacing, count)
            best = (grid.pages_for(count, g.per_page), 0, frame, g)
        _, _, frame, g = best
        g = grid.whole_rows(g, [len(seg.pieces) for seg in pieces.segments])
        area = frame.area
        if scale_band and frame.mode == "bands" and g.per_page:  # a band for the scale square, where that costs
            # no paper
            rows_used = min(g.rows, -(-count // g.cols))
            if scale_spot(frame, g.extent(g.block(area, rows_used))) is None:
                reduced = reserve_scale(frame)
                g2 = grid.whole_rows(grid.choose_grid(reduced, p.w, p.h, fold, pieces.rotatable, spacing, count),
                                     [len(seg.pieces) for seg in pieces.segments])
                pages = grid.pages_for(count, g.per_page)
                if g2.per_page and grid.pages_for(count, g2.per_page) == pages and (
                        pages == 1 or g2.per_page == g.per_page):  # nor, over several pages, a row on each
                    area, g = reduced, g2
        run = cls(pieces, options, frame, area, g, fold)
        run.free = run._free_room() if g.per_page else []
        if options.bleed and g.per_page:
            run.turned = run._turned_note(landscape, mode)
        return run

    def _turned_note(self, landscape: bool, mode: str | None) -> str:
        """Where the bleed turns the pieces (or the title up the side) from the way the build without
        bleed prints them, because that saves pages (or is the only way they fit): a note telling the player
        to turn the page to read them ("" where nothing turned). How many pages that saves is no business
        of the player's: the note says only what the player does."""
        plain = RunPages.plan(self.pieces, replace(self.options, bleed=0.0), landscape, mode)
        if not plain.grid.per_page or (plain.frame.mode == "side", plain.grid.unit.rot, plain.landscape) == \
                (self.frame.mode == "side", self.grid.unit.rot, self.landscape):
            return ""
        area = make_frame(self.options, plain.landscape, plain.frame.mode).area
        per_page = grid.make_grid(area, plain.grid.unit, self.pieces.spacing(self.options)).per_page
        upright = grid.pages_for(len(self.pieces), per_page) if per_page else 0
        if upright and upright <= self.page_count:
            return ""
        return tr("Pieces lie sideways on this page: turn it a quarter to read them.")

    def to_side(self) -> RunPages:
        """The same pages with the block against the left of the area rather than centred, so that
        the room it leaves is one box."""
        ext = self.grid.extent(self.grid.block(self.area, 1))
        area = Box(self.area.x, self.area.y, ext.w, self.area.h)
        run = RunPages(self.pieces, self.options, self.frame, area, self.grid, self.fold)
        run.free = run._free_room()
        return run

    @property
    def landscape(self) -> bool:
        return self.frame.page_w > self.frame.page_h

    @property
    def page_count(self) -> int:
        return grid.pages_for(len(self.pieces), self.grid.per_page)

    def entries(self) -> list[Sheet | Deferred]:
        out: list[Sheet | Deferred] = []
        backs = self.pieces.double and not self.fold
        boards = all(getattr(seg.comp, "played_on", False) for seg in self.pieces.segments)
        for n in range(self.page_count):
            self.host = Deferred(partial(self.front, n), "board" if boards and not backs else "pieces")
            out.append(self.host)
            if backs:
                out.append(Deferred(partial(self.back, n), "back"))
            if self.landscape:
                for entry in out[-1 - backs:]:
                    if isinstance(entry, Deferred):
                        entry.size = (self.frame.page_w, self.frame.page_h)
        return out

    def segment_starts(self, entries: list[Sheet | Deferred]) -> list[tuple[str, Sheet | Deferred]]:
        step = 2 if self.pieces.double and not self.fold else 1
        out, base = [], 0
        for seg in self.pieces.segments:
            out.append((seg.label, entries[(base // self.grid.per_page) * step]))
            base += len(seg.pieces)
        return out

    def segment_ends(self, entries: list[Sheet | Deferred]) -> list[tuple[str, Sheet | Deferred]]:
        """Each segment with the page of pieces its last piece lies on."""
        step = 2 if self.pieces.double and not self.fold else 1
        out, base = [], 0
        for seg in self.pieces.segments:
            base += len(seg.pieces)
            out.append((seg.label, entries[((base - 1) // self.grid.per_page) * step]))
        return out

    def has_room(self) -> bool:
        return any(b.w > 10 * MM and b.h > 10 * MM for b in self.free)

    def _last_block(self) -> tuple[Box, int]:
        count = len(self.pieces)
        on_last = count - (self.page_count - 1) * self.grid.per_page
        rows = -(-on_last // self.grid.cols)
        return self.grid.block(self.area, rows), rows

    def _free_room(self) -> list[Box]:
        """The room the last page leaves around its pieces (the end of a last row that is not full too)."""
        block, rows = self._last_block()
        g = self.grid
        count = len(self.pieces) - (self.page_count - 1) * g.per_page
        last = count - (rows - 1) * g.cols  # pieces in the last row
        ext = g.extent(block)
        cells = g.cells(block, count)
        above = cells[(rows - 1) * g.cols - 1].y - g.y.outer - g.y.crop if rows > 1 else ext.y2  # and its marks
        used = [Box(ext.x, cells[-1].y, ext.w, ext.y2 - cells[-1].y)] if last == g.cols else [
            Box(ext.x, above, ext.w, ext.y2 - above),
            Box(ext.x, ext.y, cells[-1].x2 - ext.x + g.x.outer + g.x.crop, ext.h)]
        free = [self.frame.area]
        for box in used:
            if box.h > 0 and box.w > 0:
                free = free_after(free, Box(box.x - GAP, box.y - GAP, box.w + 2 * GAP, box.h + 2 * GAP))
        return free

    def front(self, n: int) -> Sheet:
        g, per_page = self.grid, self.grid.per_page
        chunk = self.pieces.slice(n * per_page, (n + 1) * per_page)
        rows = -(-len(chunk) // g.cols)
        block = g.block(self.area, rows)
        title = self.pieces.title or title_of(chunk, self.pieces)
        if self.pieces.title and (n or self.pieces.continues):  # a designer's sheet title over several pages:
            # its next pages continue it (and those of its group's later members)
            title = tr("{title} (continued)", title=title)
        note = "; ".join(n for n in (self.pieces.note, self.turned) if n)
        sheet = Sheet("pieces", title, chunk[0][0].comp.name, note=note)
        if self.landscape:
            sheet.content = {"page_size": (self.frame.page_w, self.frame.page_h)}
        sheet.whole = all(getattr(seg.comp, "played_on", False) for seg in self.pieces.segments) \
            and not self.extra.get(n)
        cells = g.cells(block, len(chunk))
        place_block(sheet, [(seg.comp, piece) for seg, piece in chunk], cells, g, block)
        extents = [g.extent(block)]
        for comp, ext, title in self.extra.get(n, []):
            if not self.pieces.title and f" · {title}" not in sheet.title:
                sheet.title += f" · {title}"
            extents.append(ext)
            comp(sheet)
        if self.extra.get(n) and self.options.bleed:  # blocks share the page: no crop mark on another's art
            clear = LABEL_CLEAR  # a crop mark keeps clear of a label: a tick by its first letter reads as a stroke
            inks = [p.ink for p in sheet.placements] + [
                Box(b.x - clear, b.y - clear, b.w + 2 * clear, b.h + 2 * clear) for b in map(label_box, sheet.labels)]
            boxes = [p.box for p in sheet.placements]
            sheet.marks = [m for m in sheet.marks if m.kind != "crop" or not (
                any(_touches(m, b) for b in inks) or grid.cut_crosses(m, boxes))]
        _scale(sheet, self.frame, extents)
        return sheet

    def back(self, n: int) -> Sheet:
        front = self.front(n)
        back = duplex_back(front, self.frame, self.options)
        back.content = front.content  # its page size
        return back


def place_block(sheet: Sheet, pieces: list[tuple[Any, Any]], cells: list[Box], g: grid.Grid, block: Box) -> None:
    """Place pieces in a block's cells, with fold lines, cut lines or (with bleed) crop marks."""
    folds: list[Mark] = []
    placed: list[Placement] = []
    cells = cells[:len(pieces)]
    if cells:  # the pieces' own extent: a short last row leaves no crop mark out past its end
        x, y = min(c.x for c in cells), min(c.y for c in cells)
        block = Box(x, y, max(c.x2 for c in cells) - x, max(c.y2 for c in cells) - y)
    for (comp, piece), cell in zip(pieces, cells):
        p, marks = grid.place_unit(comp, piece, cell, g.unit, g.art_box(cell, block, cells), g.bleed)
        placed.extend(p)
        folds.extend(marks)
    sheet.placements.extend(placed)
    sheet.marks.extend(folds)
    sample = pieces[0][1]
    if not getattr(pieces[0][0], "cut", True):
        return  # read where it lies: no cut line, no crop marks
    if g.bleed:
        if sample.shape in ("circle", "hex", "net"):  # cut along their outlines: no crop marks
            sheet.marks.extend(grid.cut_marks(placed, folds, sample.shape, sample.radius))
            return
        if g.x.gap < 0.01 or g.y.gap < 0.01:  # butted pieces: their shared cuts show over the art
            sheet.marks.extend(m for m in grid.cut_marks(placed, folds, sample.shape, sample.radius)
                               if _inner(m, block) and _shared(m, g))
        sheet.marks.extend(grid.crop_marks(placed, block, (g.x.outer, g.y.outer), (g.x.crop, g.y.crop)))
    else:
        sheet.marks.extend(grid.cut_marks(placed, folds, sample.shape, sample.radius))


def fitted_label(text: str, room: float, size: float = 8.0, least: float = 5.0) -> tuple[float, str]:
    """A block's label at the size that fits ``room`` (points), shortened below the least size."""
    from genpnp.core import fonts

    width = fonts.text_width(text, fonts.BOLD, size)
    if width <= room:
        return size, text
    size = max(least, size * room / width)
    while len(text) > 1 and fonts.text_width(text, fonts.BOLD, size) > room:
        text = text[:-2].rstrip() + "…"
    return size, text


def label_box(label: Label) -> Box:
    """Where a label's text may ink (with a little room around it)."""
    from genpnp.core import fonts

    w = fonts.text_width(label.text, fonts.BOLD if label.bold else fonts.DEFAULT, label.size)
    x = label.x - (w / 2 if label.align == "center" else w if label.align == "right" else 0)
    box = Box(x - 0.5 * MM, label.y - 0.3 * label.size - 0.5 * MM, w + MM, 1.3 * label.size + MM)
    if label.rotate % 180:
        return Box(label.x - box.h / 2, label.y - box.w / 2, box.h, box.w)
    return box


def _touches(mark: Mark, box: Box) -> bool:
    (x1, y1), (x2, y2) = mark.points
    return Box(min(x1, x2), min(y1, y2), abs(x2 - x1) + 0.01, abs(y2 - y1) + 0.01).overlaps(box)


def _shared(mark: Mark, g: grid.Grid) -> bool:
    """A cut line two butted pieces share: across an axis the grid leaves a gutter on, each piece has its
    own edge, shown by the crop marks outside the art, never by a line through its bleed."""
    (x1, _), (x2, _) = mark.points
    return (g.x.gap if abs(x1 - x2) < 0.01 else g.y.gap) < 0.01


def _inner(mark: Mark, block: Box) -> bool:
    """A cut line inside the block, not on its outer edge (those are shown by the crop marks)."""
    (x1, y1), (x2, y2) = mark.points
    if abs(x1 - x2) < 0.01:
        return block.x + 0.01 < x1 < block.x2 - 0.01
    return block.y + 0.01 < y1 < block.y2 - 0.01


def _scale(sheet: Sheet, frame: Frame, used: list[Box]) -> None:
    """The scale square where the page has room, else a scale bar in the title band."""
    if frame.mode == "bands":
        sheet.scale_box = scale_spot(frame, used + [lb for lb in _label_boxes(sheet)])
    if sheet.scale_box is None:
        sheet.scale_bar, sheet.scale_rot = scale_bar(frame)
    if frame.mode != "bands":
        sheet.header, sheet.footer = frame.header, frame.footer


def _label_boxes(sheet: Sheet) -> list[Box]:
    return [Box(lb.x, lb.y - 1 * MM, 60 * MM, LABEL) for lb in sheet.labels]


def impose_poster(comp: Any, pieces: Sequence[Any], options: Options, suffix: str = "") -> list[Sheet]:
    """Each piece too large for a page becomes tiles over several pages (the fewest sheets; then
    the fewer parts)."""
    out: list[Sheet] = []
    for piece in pieces:
        best = None
        for landscape in (False, True):
            frame = make_frame(options, landscape)
            area = frame.area
            cols, rows = poster.tile_count(piece.w, piece.h, area.w, area.h)
            if best is None or cols * rows < best[0]:
                best = (cols * rows, frame, area, cols, rows)
        assert best is not None
        _, frame, area, cols, rows = best
        if cols * rows == 1:  # fits a page only without its bleed: the board alone, cut on its lines
            out.append(_whole_page(comp, piece, frame, area, suffix))
            continue
        for tile in poster.tiles(piece.w, piece.h, area.w, area.h):
            placement, box = poster.tile_placement(comp, piece, tile, area)
            name = poster.part_name(tile.col, tile.row, cols)
            part = tr(": part {name} of {total}", name=name, total=cols * rows)
            sheet = Sheet("poster", comp.label + suffix + part, comp.name)
            sheet.placements.append(placement)
            keep = comp.keep_clear() if hasattr(comp, "keep_clear") else ()  # targets off its words
            # trim lines clear of the title band (area)
            marks, glue = poster.join_marks(tile, cols, rows, box, area=area, keep_clear=keep)
            sheet.marks.extend(marks)
            sheet.fills.extend(("glue", g) for g in glue)
            _outer_cuts(sheet, tile, cols, rows, box)
            label = poster.part_label(tile, box, area, name)
            if label is not None:
                sheet.labels.append(label)
            sheet.content = {"page_size": (frame.page_w, frame.page_h), "tiles": (cols, rows),
                             "tile": (tile.col, tile.row), "steps": poster.assembly_steps(tile, cols, rows)}
            _scale(sheet, frame, [box])
            out.append(sheet)
    return out


def _whole_page(comp: Any, piece: Any, frame: Frame, area: Box, suffix: str) -> Sheet:
    """A board that fits the page but not with its bleed and crop marks: printed without bleed."""
    rot = 0 if piece.w <= area.w + 0.01 and piece.h <= area.h + 0.01 else 90
    w, h = (piece.w, piece.h) if rot == 0 else (piece.h, piece.w)
    box = Box(area.x + (area.w - w) / 2, area.y2 - h, w, h)
    sheet = Sheet("pieces", comp.label + suffix, comp.name)
    sheet.placements.append(Placement(comp, piece, "front", box, rot, 0.0))
    sheet.marks.extend(grid.cut_marks(sheet.placements, [], piece.shape, piece.radius))
    sheet.whole = bool(getattr(comp, "played_on", False))
    sheet.content = {"page_size": (frame.page_w, frame.page_h)}
    _scale(sheet, frame, [box])
    return sheet


def _outer_cuts(sheet: Sheet, tile: poster.Tile, cols: int, rows: int, box: Box) -> None:
    """Cut lines along the board's own outer edges that fall on this tile."""
    if tile.row == 0:
        sheet.marks.append(Mark("cut", ((box.x, box.y2), (box.x2, box.y2))))
    if tile.row == rows - 1:
        sheet.marks.append(Mark("cut", ((box.x, box.y), (box.x2, box.y))))
    if tile.col == 0:
        sheet.marks.append(Mark("cut", ((box.x, box.y), (box.x, box.y2))))
    if tile.col == cols - 1:
        sheet.marks.append(Mark("cut", ((box.x2, box.y), (box.x2, box.y2))))
