"""Small sections in the room earlier pages left: where a run of pieces fits a page's free boxes,
and putting it there, labelled, so that it takes no page of its own."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import partial

from genpnp.core.i18n import tr
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.impose import grid
from genpnp.impose.frame import modes
from genpnp.impose.options import Options
from genpnp.impose.pages import GAP, LABEL, PieceSet, RunPages, fitted_label, place_block, title_of
from genpnp.impose.sheet import Box, Deferred, Label, Sheet, free_after

NARROWEST = 20 * MM  # the narrowest free room a section fills: its label, at least a word of it, must fit


@dataclass(frozen=True)
class _Fill:
    """Where a small section goes in a page's free room, and the room it leaves."""

    index: int  # of the free box used
    grid: grid.Grid
    block: Box
    ext: Box
    rest: list[Box]  # the free boxes once the block is placed
    needs_backs: bool = False  # double-sided pieces, not folded: the page needs a backs page


def plan_fill(free: list[Box], pieces: PieceSet, options: Options, host_backs: bool = True,
              share: float = 1.0) -> _Fill | None:
    """Where every piece of ``pieces`` fits in one of the ``free`` boxes (None: nowhere), in a block
    at most ``share`` of the box's width (less than 1: the block leaves room beside it).

    In a duplex build double-sided pieces print double-sided wherever they go, as they do on pages
    of their own: on a page without a backs page (``host_backs`` False) they bring it one
    (``_Fill.needs_backs``); with bleed they take pages of their own."""
    if pieces.double and options.backs == "duplex" and not host_backs:
        fill = _plan_fill(free, pieces, options, False, share)
        return None if fill is None else replace(fill, needs_backs=True)
    return _plan_fill(free, pieces, options, pieces.double and options.backs == "fold", share)


def _plan_fill(free: list[Box], pieces: PieceSet, options: Options, fold: bool, share: float) -> _Fill | None:
    if pieces.double and not fold and options.bleed > 0:
        return None  # mirrored on the backs page, the block would meet the cut lines of the host's backs
    p = pieces.sample
    spacing = pieces.spacing(options)
    count = len(pieces)
    for i, room in enumerate(free):
        area = Box(room.x, room.y, room.w * share, room.h - LABEL)
        if area.h <= 0 or area.w < NARROWEST:  # a strip beside a grid has no room for the section's label
            continue
        g = grid.choose_grid(area, p.w, p.h, fold, pieces.rotatable, spacing, count, spread=False)
        if g.per_page < count:
            continue
        rows = -(-count // g.cols)
        cols = min(g.cols, count)
        bw = cols * g.unit.uw + (cols - 1) * g.x.gap
        bh = rows * g.unit.uh + (rows - 1) * g.y.gap
        block = Box(area.x + g.x.outer + g.x.crop, area.y2 - g.y.outer - g.y.crop - bh, bw, bh)
        ext = g.extent(block)
        used = Box(ext.x - GAP, ext.y - GAP, ext.w + 2 * GAP, ext.h + LABEL + 2 * GAP)
        return _Fill(i, g, block, ext, free_after(free, used))
    return None


SHARES = (1.0, 2 / 3, 1 / 2, 1 / 3)  # a block's width in a free box: all of it, or room left beside it


def pair_share(run: RunPages, first: PieceSet, second: PieceSet | None) -> float:
    """The widest share of its free box (see ``plan_fill``) at which ``first`` fits the room ``run``
    left and ``second`` then fits beside or below it (1.0 where no share fits both)."""
    if second is None:
        return 1.0
    backs = run.backs_page(run.page_count - 1)
    for share in SHARES:
        fill = plan_fill(run.free, first, run.options, backs, share)
        if fill is None:
            if share == 1.0:
                return 1.0  # no narrower block fits where the widest does not
            continue
        if plan_fill(fill.rest, second, run.options, backs) is not None:
            return share
    return 1.0


def keeps_together(run: RunPages, first: PieceSet, second: PieceSet) -> bool:
    """True where ``first`` fits the room ``run`` left but ``second`` then does not (at any share of
    the box ``first`` takes), while the two fit one new page together: the same paper either way, so
    the two small sections stay together."""
    backs = run.backs_page(run.page_count - 1)
    fill = plan_fill(run.free, first, run.options, backs, pair_share(run, first, second))
    if fill is None:
        return False
    after = fill.rest
    if plan_fill(after, second, run.options, backs) is not None:
        return False
    alone = RunPages.plan(first, run.options)
    return alone.page_count == 1 and \
        plan_fill(alone.free, second, run.options, alone.backs_page(0)) is not None


def fill_page(run: RunPages, pieces: PieceSet, entries: list[Sheet | Deferred],
              starts: list[tuple[str, Sheet | Deferred]], share: float = 1.0) -> bool:
    """Put every piece of a small section into the room ``run``'s last page left (in a block at
    most ``share`` of a free box's width); False: no room."""
    last = run.page_count - 1
    fill = plan_fill(run.free, pieces, run.options, run.backs_page(last), share)
    if fill is None:
        return False
    chunk = pieces.slice(0, len(pieces))
    cells = fill.grid.cells(fill.block, len(pieces))
    title = pieces.title or title_of(chunk, pieces)

    def draw(sheet: Sheet) -> None:
        if sheet.title not in (title, tr("{title} (continued)", title=title)) and \
                not any(label.text == title for label in sheet.labels):  # labelled once
            room = run.frame.area.x2 - fill.ext.x
            size, text = fitted_label(title, room)
            sheet.labels.append(Label(fill.ext.x, fill.ext.y2 + 1.2 * MM, text, size, "left", bold=True,
                                      heading=True))
        place_block(sheet, [(seg.comp, piece) for seg, piece in chunk], cells, fill.grid, fill.block)

    host = next(i for i, e in enumerate(entries) if e is run.host)
    if fill.needs_backs:
        back = Deferred(partial(run.back, last), "back")
        back.size = getattr(run.host, "size", None)
        entries.insert(host + 1, back)
        run.extra_back = True
    ext = fill.ext
    run.extra.setdefault(last, []).append((draw, Box(ext.x, ext.y, ext.w, ext.h + LABEL), title))
    run.free = fill.rest
    run.filled_optional |= {bool(getattr(seg.comp, "optional", False)) for seg in pieces.segments}
    entries[host].role = "pieces"  # filled with pieces to cut: no longer a board alone
    for seg in pieces.segments:
        starts.append((seg.label, entries[host]))
    return True


def make_room(run: RunPages, pieces: PieceSet, following: PieceSet | None = None) -> bool:
    """Move a page's block to the side, or turn the page landscape (or back), where ``pieces`` then
    fit the room it leaves (and ``following`` too, where the two would otherwise part): a run with
    nothing filled into it yet and no backs pages. A run of several pages keeps its page count, its
    orientation and the page each of its sections starts on, and takes another frame (the title
    turned up the side) only where that gives its last page the room."""
    if run.extra or run.backs_page(0) or run.backs_page(run.page_count - 1) or run.pieces.note or run.host is None:
        return False
    for option in _layouts(run):
        if option.page_count != run.page_count or option.backs_page(option.page_count - 1):
            continue
        if run.page_count > 1 and (option.landscape != run.landscape or not _same_starts(run, option)):
            continue
        if plan_fill(option.free, pieces, run.options, False) is not None and not (
                following is not None and keeps_together(option, pieces, following)):
            run.frame, run.area, run.grid, run.fold, run.free = \
                option.frame, option.area, option.grid, option.fold, option.free
            if isinstance(run.host, Deferred):
                run.host.size = (run.frame.page_w, run.frame.page_h) if run.landscape else None
            return True
    return False


def _same_starts(run: RunPages, option: RunPages) -> bool:
    """Whether each section of the run starts on the same page in the ``option`` layout."""
    base = 0
    for seg in run.pieces.segments:
        if base // run.grid.per_page != base // option.grid.per_page:
            return False
        base += len(seg.pieces)
    return True


def _layouts(run: RunPages) -> Iterator[RunPages]:
    """The run's other layouts: its block to the side, then without the band kept for the scale
    square (more rows on a page: the last page's room grows), then the page turned, then other
    frames."""
    yield run.to_side()
    if run.area != run.frame.area:  # a band kept for the scale square: the scale check as a bar instead
        whole = RunPages.plan(run.pieces, run.options, run.landscape, run.frame.mode, scale_band=False)
        yield whole
        yield whole.to_side()
    for landscape in (not run.landscape, run.landscape):
        for mode in modes(landscape):
            if (landscape, mode) != (run.landscape, run.frame.mode):
                other = RunPages.plan(run.pieces, run.options, landscape, mode)
                yield other
                yield other.to_side()
