"""A whole document: the cover, then each section's sheets; geometry only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from genpnp.errors import ContentError, Problem
from genpnp.impose import grid, poster
from genpnp.impose.duplex import duplex_back
from genpnp.impose.frame import Frame, make_frame, reserve_scale, scale_bar, scale_spot
from genpnp.impose.options import Options
from genpnp.impose.sheet import Box, Deferred, Label, Mark, Sheet, SheetList
from genpnp.impose.shelf import impose_shared
from genpnp.model.base import any_back
from genpnp.units import MM


@dataclass
class Document:
    game: Any
    options: Options
    sheets: SheetList = field(default_factory=SheetList)
    contents: list[tuple[str, int]] = field(default_factory=list)  # (section title, first page)
    notes: list[str] = field(default_factory=list)


def impose_game(game: Any, options: Options) -> Document:
    doc = Document(game, options)
    frame = make_frame(options)
    body: list[Sheet | Deferred] = []
    shared: set[str] = set()
    chosen = [c for c in game.ordered() if not options.components or c.name in options.components]
    for comp in chosen:
        if comp.sheet and hasattr(comp, "pieces"):
            if comp.sheet in shared:
                continue
            shared.add(comp.sheet)
            group = [c for c in chosen if c.sheet == comp.sheet and hasattr(c, "pieces")]
            sheets: Sequence[Sheet | Deferred] = impose_shared(group, frame, options, comp.sheet)
            title = comp.sheet
        else:
            sheets = impose_component(comp, frame, options)
            title = comp.label
        if sheets:
            doc.contents.append((title, len(body) + 2))
        body.extend(sheets)
    cover = Sheet("cover", game.meta.name, scale_box=scale_spot(frame, None))
    doc.sheets = SheetList([cover, *body])
    return doc


def impose_component(comp: Any, frame: Frame, options: Options) -> Sequence[Sheet | Deferred]:
    layout = getattr(comp, "layout", "pieces")
    if layout == "flow":
        from genpnp.impose.textflow import impose_text

        return impose_text(comp, frame, options)
    if layout == "page":
        return _page_sheets(comp, frame, options)
    pieces = getattr(comp, "pieces", ())
    sets = 1 if options.copies_as_note else comp.copies
    note = f"print this sheet {comp.copies} times" if options.copies_as_note and comp.copies > 1 else ""
    out: list[Sheet | Deferred] = []
    for set_no in range(1, sets + 1):
        suffix = f" (set {set_no} of {sets})" if sets > 1 else ""
        out.extend(impose_pieces(comp, pieces, frame, options, suffix, note))
    return out


def _page_sheets(comp: Any, frame: Frame, options: Options) -> list[Sheet]:
    """Components that fill a page themselves (score sheets, aids): one sheet per page."""
    out = []
    area = reserve_scale(frame)
    for i in range(comp.page_count(area, options)):
        sheet = Sheet("page", comp.label, comp.name, content=(i, area))
        sheet.scale_box = scale_spot(frame, None)
        out.append(sheet)
    for _ in range(comp.copies - 1 if not options.copies_as_note else 0):
        out.extend(Sheet("page", comp.label, comp.name, content=s.content, scale_box=s.scale_box) for s in list(out))
    return out


def fits(area: Box, w: float, h: float) -> bool:
    return (w <= area.w + 0.01 and h <= area.h + 0.01) or (h <= area.w + 0.01 and w <= area.h + 0.01)


def impose_pieces(comp: Any, pieces: Sequence[Any], frame: Frame, options: Options, suffix: str = "",
                  note: str = "") -> Sequence[Sheet | Deferred]:
    """The component's pages of pieces; a page is imposed when it is drawn (``Deferred``)."""
    if not pieces:
        return []
    w, h = pieces[0].w, pieces[0].h
    if not fits(frame.area, w + 2 * options.bleed, h + 2 * options.bleed):  # bleed: room around it too
        if not getattr(comp, "poster_tiles", True):
            area = frame.area
            raise ContentError([Problem(
                getattr(comp, "size_loc", comp.loc),
                f"a {comp.kind_name} of {w / MM:.0f} x {h / MM:.0f} mm does not fit the printable area of "
                f"{options.paper.name} paper ({area.w / MM:.0f} x {area.h / MM:.0f} mm): make it smaller or "
                "choose a larger --paper (a board is poster-tiled over several pages; a piece is not)",
            )])
        return impose_poster(comp, pieces, options, suffix)
    double = any_back(pieces)
    fold = double and options.backs == "fold"
    rotatable = getattr(comp, "rotatable", True)
    bleed = options.bleed
    area = frame.area
    count = len(pieces)
    unit, cols, rows = grid.choose_unit(area, w, h, fold, rotatable, bleed, count)
    if cols * rows == 0 and fold:  # a fold pair does not fit: fall back to duplex-like separate sides
        unit, cols, rows = grid.choose_unit(area, w, h, False, rotatable, bleed, count)
        fold = False
    if cols * rows == 0:  # fits the page only without its bleed: tile it like a board
        return impose_poster(comp, pieces, options, suffix)
    per_page = cols * rows
    # does the scale square fit beside a full page of pieces? if not, keep a band for it when that
    # costs no paper; otherwise a full page gets a scale bar in its header instead (see _PiecePage.front)
    full_block = grid.block_box(area, unit, cols, min(rows, -(-count // cols)), bleed)
    if scale_spot(frame, full_block) is None:
        reduced = reserve_scale(frame)
        unit2, cols2, rows2 = grid.choose_unit(reduced, w, h, fold, rotatable, bleed, count)
        if cols2 * rows2 and grid.pages_for(count, cols2 * rows2) == grid.pages_for(count, per_page):
            area, unit, cols, rows = reduced, unit2, cols2, rows2
            per_page = cols * rows
    page = _PiecePage(comp, pieces, frame, options, area, unit, cols, rows, suffix, note)
    entries: list[Sheet | Deferred] = []
    for start in range(0, len(pieces), per_page):
        entries.append(Deferred(partial(page.front, start)))
        if double and not fold:
            entries.append(Deferred(partial(page.back, start)))
    return entries


@dataclass(frozen=True)
class _PiecePage:
    """What imposes any one page of a component's pieces (see ``Deferred``)."""

    comp: Any
    pieces: Sequence[Any]
    frame: Frame
    options: Options
    area: Box
    unit: grid.Unit
    cols: int
    rows: int
    suffix: str
    note: str

    def front(self, start: int) -> Sheet:
        comp, pieces, cols, rows, unit = self.comp, self.pieces, self.cols, self.rows, self.unit
        bleed = self.options.bleed
        per_page = cols * rows
        chunk = pieces[start : start + per_page]
        first, last = chunk[0].index, chunk[-1].index
        what = f"{comp.label} {first} to {last}" if last != first else f"{comp.label} {first}"
        if len(pieces) == 1:
            what = comp.label
        if len(pieces) <= per_page and len(pieces) > 1:
            what = f"{comp.label} 1 to {len(pieces)}" if first == 1 else what
        block = grid.block_box(self.area, unit, cols, min(rows, -(-len(chunk) // cols)), bleed)
        sheet = Sheet("pieces", what + self.suffix, comp.name, note=self.note)
        folds: list[Mark] = []
        for piece, cell in zip(chunk, grid.cells(block, unit, cols, rows, bleed, len(chunk))):
            placed, marks = grid.place_unit(comp, piece, cell, unit, bleed)
            sheet.placements.extend(placed)
            folds.extend(marks)
        sheet.marks.extend(folds)
        _cut_or_crop(sheet, folds, block, bleed, chunk[0])
        sheet.scale_box = scale_spot(self.frame, block)
        if sheet.scale_box is None:
            sheet.scale_bar = scale_bar(self.frame)
        return sheet

    def back(self, start: int) -> Sheet:
        return duplex_back(self.front(start), self.frame, self.options)


def _cut_or_crop(sheet: Sheet, folds: list[Mark], block: Box, bleed: float, sample: Any) -> None:
    shape = sample.shape
    if bleed:
        if shape in ("circle", "hex"):
            sheet.marks.extend(grid.cut_marks(sheet.placements, folds, shape, sample.radius))
        sheet.marks.extend(grid.crop_marks(sheet.placements, block))
    else:
        sheet.marks.extend(grid.cut_marks(sheet.placements, folds, shape, sample.radius))


def impose_poster(comp: Any, pieces: Sequence[Any], options: Options, suffix: str = "") -> list[Sheet]:
    """Each piece too large for a page becomes tiles over several pages (the fewer pages the better)."""
    out: list[Sheet] = []
    for piece in pieces:
        best = None
        for landscape in (False, True):
            frame = make_frame(options, landscape)
            area = reserve_scale(frame)
            cols, rows = poster.tile_count(piece.w, piece.h, area.w, area.h)
            if best is None or cols * rows < best[0]:
                best = (cols * rows, frame, area, cols, rows)
        assert best is not None
        _, frame, area, cols, rows = best
        for tile in poster.tiles(piece.w, piece.h, area.w, area.h):
            placement, box = poster.tile_placement(comp, piece, tile, area)
            name = f"{chr(65 + tile.row)}{tile.col + 1}"
            sheet = Sheet("poster", f"{comp.label}{suffix}: part {name} of {cols * rows}", comp.name)
            sheet.placements.append(placement)
            marks, glue = poster.join_marks(tile, cols, rows, box)
            sheet.marks.extend(marks)
            sheet.fills.extend(("glue", g) for g in glue)
            _outer_cuts(sheet, tile, cols, rows, box)
            # the part's name sits just outside the piece, in the strip that is trimmed away
            sheet.labels.append(Label(box.x, box.y - 4 * MM, f"part {name}", 8, "left", bold=True))
            sheet.content = {"page_size": (frame.page_w, frame.page_h), "tiles": (cols, rows),
                             "tile": (tile.col, tile.row)}
            sheet.scale_box = scale_spot(frame, None)
            out.append(sheet)
    return out


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
