"""A whole document: the cover, then each section's sheets; geometry only.

Sections of same-size pieces follow on from one another on the same grid; a small section fills
the room an earlier page of pieces left (labelled, in section order); a board that fits a page is
never poster-tiled; in a duplex build every backs page is the even page behind its fronts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field, replace
from typing import Any

from genpnp.core.errors import ContentError, Problem
from genpnp.core.i18n import tr
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.impose import grid
from genpnp.impose.fill import SHARES, fill_page, keeps_together, make_room, pair_share, plan_fill
from genpnp.impose.frame import Frame, make_frame, modes, scale_spot
from genpnp.impose.options import Options
from genpnp.impose.pages import LABEL, PieceSet, RunPages, Segment, impose_poster
from genpnp.impose.sheet import Box, Deferred, Sheet, SheetList
from genpnp.model.base import PieceRuns, any_back


@dataclass
class Document:
    game: Any
    options: Options
    sheets: SheetList = field(default_factory=SheetList)
    contents: list[tuple[str, int]] = field(default_factory=list)  # (section title, first page)
    last_pages: dict[str, int] = field(default_factory=dict)  # section title -> the last page it prints on
    notes: list[str] = field(default_factory=list)
    scale_pages: frozenset[int] = frozenset()  # pages (1-based) that show the scale check
    calibration: int = 0  # the page of the duplex calibration sheet's front (0: none)
    single_sided: int = 0  # a duplex build: the first page of the part printed single-sided (0: none)
    outline: list[tuple[int, str, int]] = field(default_factory=list)  # (level, title, page), in order


Entry = Sheet | Deferred


@dataclass
class _Body:
    """The pages so far, and the runs whose last page of pieces still has room (``open``, the
    newest first); a run of a ``sheet:`` group takes only other groups (``group_only``)."""

    options: Options
    entries: list[Entry] = field(default_factory=list)
    starts: list[tuple[str, Entry]] = field(default_factory=list)  # (section title, its first page)
    ends: list[tuple[str, Entry]] = field(default_factory=list)  # (section title, its last page of pieces)
    open: list[RunPages] = field(default_factory=list)
    group_only: set[int] = field(default_factory=set)  # id() of runs a group made

    def rooms(self, group: bool = False, optional: bool | None = None) -> list[RunPages]:
        """The runs with room a section may fill: the newest first; ``optional``: only those whose
        pages hold components as optional as the section's (``optional: true`` or not)."""
        return [r for r in self.open if (group or id(r) not in self.group_only)
                and (optional is None or r.optional_flags() == {optional})]

    def add(self, title: str, sheets: Sequence[Entry]) -> None:
        if sheets:
            self.starts.append((title, sheets[0]))
            self.ends.append((title, next((e for e in reversed(sheets) if e.role != "back"), sheets[-1])))
        self.entries.extend(sheets)


def impose_game(game: Any, options: Options) -> Document:
    doc = Document(game, options)
    frame = make_frame(options)
    body = _Body(options)
    chosen = [c for c in game.ordered() if not options.components or c.name in options.components]
    sections = _sections(chosen, frame, options)
    listed: dict[str, str] = {}  # a long sheet: group's members -> the group, its one line of the contents
    for n, section in enumerate(sections):
        if isinstance(section, PieceSet):
            following = sections[n + 1] if n + 1 < len(sections) else None
            _add_pieces(body, section, frame, options, following if isinstance(following, PieceSet) else None)
            continue
        comp, group = section
        if group:  # a sheet: group stays together, under its name: its sections fill each other's pages
            # (and, all of it at once, the room an earlier page left)
            members = [s for s in _sections(group, frame, options, grouped=False) if isinstance(s, PieceSet)]
            if len(group) > GROUP_LINES:
                listed.update({seg.label: comp.sheet for m in members for seg in m.segments})
            for n_member, member in enumerate(members):
                member.title = comp.sheet
                member.continues = n_member > 0  # a page a later member starts continues the group's title
            optional = all(getattr(c, "optional", False) for c in group)
            host, shares = next(((r, sh) for r in body.rooms(group=True, optional=optional)
                                 if (sh := _group_plan(r, members)) is not None), (None, []))
            if host is not None:  # the whole group in the room an earlier page left, blocks side by side
                for member, share in zip(members, shares):
                    if not fill_page(host, member, body.entries, body.starts, share):
                        raise AssertionError("a group planned to fit a page's room did not")  # pragma: no cover
                continue
            made: list[RunPages] = []  # the group's own pages with room, the newest first
            tail = _tail(body)  # the document's last page: the group may start in its room, its pages follow
            if tail is not None and tail.optional_flags() != {optional}:
                tail = None
            for member in members:  # each into the first of the group's pages with room (no member waits
                # for the next: under the group's one title, first fit packs the fewest pages)
                before = set(map(id, body.open))
                _add_pieces(body, member, frame, options, None,
                            [r for r in [*made, tail] if r is not None and r in body.open])
                made = [r for r in body.open if id(r) not in before] + made
            body.group_only |= set(map(id, made))  # only another group may share a group's page
            continue
        body.add(comp.label, impose_component(comp, frame, options))  # pages of pieces before these
        # keep their room for later small sections
    cover = Sheet("cover", game.meta.name, scale_box=scale_spot(frame, None))
    entries: list[Entry] = [cover, *body.entries]
    if options.backs == "duplex":
        entries, doc.single_sided = duplex_with_calibration(entries)
    where = {id(e): n + 1 for n, e in enumerate(entries)}
    first_cut = next((n + 1 for n, e in enumerate(entries) if _role(e) in CUT_ROLES), 0)
    doc.scale_pages = frozenset({1, first_cut} - {0})
    doc.calibration = next((n + 1 for n, e in enumerate(entries) if e.role == "calibration"), 0)
    seen: set[str] = set()
    for title, first in sorted(body.starts, key=lambda s: where.get(id(s[1]), 0)):  # a section split over
        title = listed.get(title, title)  # pages is listed where it starts; a long group once, where it starts
        if id(first) in where and title not in seen:
            seen.add(title)
            doc.contents.append((title, where[id(first)]))
    doc.contents.sort(key=lambda entry: entry[1])  # in page order: a small section may fill an earlier page
    for title, entry in [*body.starts, *body.ends]:  # a section over several pages: the contents gives its range
        if id(entry) in where:
            title = listed.get(title, title)
            doc.last_pages[title] = max(doc.last_pages.get(title, 0), where[id(entry)])
    doc.sheets = SheetList(entries)
    doc.outline = _outline(doc, entries, body.starts, where, listed)
    return doc


GROUP_LINES = 4  # a sheet: group of more members is one line of the contents (its members: bookmarks under it)


def _outline(doc: Document, entries: list[Entry], starts: list[tuple[str, Entry]],
             where: dict[int, int], listed: dict[str, str] | None = None) -> list[tuple[int, str, int]]:
    """The PDF's bookmarks: the cover; each section where it starts, a text with its headings
    under it, a section of several sheets with each sheet; a long group (``listed``: member -> group)
    once, its members under it; the calibration sheet."""
    listed = listed or {}
    groups: set[str] = set()
    out: list[tuple[int, str, int]] = [(0, "Cover", 1)]
    firsts = sorted({where[id(e)] for _, e in starts if id(e) in where} | {doc.calibration} - {0})
    seen: set[str] = set()
    by_page: list[tuple[int, int, str, Entry]] = []
    for title, first in starts:
        if id(first) in where and title not in seen:
            seen.add(title)
            by_page.append((where[id(first)], len(by_page), title, first))
    if doc.calibration:
        by_page.append((doc.calibration, len(by_page), "Duplex calibration", entries[doc.calibration - 1]))
    for page, _, title, first in sorted(by_page, key=lambda t: (t[0], t[1])):
        if title in listed:
            if listed[title] not in groups:
                groups.add(listed[title])
                out.append((0, listed[title], page))
            out.append((1, title, page))
            continue
        out.append((0, title, page))
        if isinstance(first, Sheet) and first.role == "text":
            out.extend(_headings(entries, first.section, where))
            continue
        if first.role.startswith("calibration"):
            continue
        end = next((f for f in firsts if f > page), len(entries) + 1)
        sheets = [n for n in range(page, end) if _role(entries[n - 1]) in (*CUT_ROLES, "board", "back", "page")]
        if len([n for n in sheets if _role(entries[n - 1]) != "back"]) > 1:  # a sheet to reprint
            k = 0
            for n in sheets:
                back = _role(entries[n - 1]) == "back"
                k += 0 if back else 1
                out.append((1, f"Sheet {k}" + (" (backs)" if back else ""), n))
    return out


def _headings(entries: list[Entry], section: str, where: dict[int, int]) -> list[tuple[int, str, int]]:
    """A text's headings with their pages, levels from 1 (its first copy only)."""
    found: list[tuple[int, str, int]] = []
    seen: set[tuple] = set()
    for entry in entries:
        if not (isinstance(entry, Sheet) and entry.role == "text" and entry.section == section):
            continue
        for op in entry.content or ():
            if op[0] == "block" and op[1] == "heading" and op[5]:
                key = (op[5], op[3][0])
                if key in seen:
                    return _levels(found)
                seen.add(key)
                found.append((op[4], op[5], where[id(entry)]))
    return _levels(found)


def _levels(headings: list[tuple[int, str, int]]) -> list[tuple[int, str, int]]:
    """Heading levels as outline levels under their text: the top level found is 1, and a level
    never goes more than one deeper than the one before it."""
    out: list[tuple[int, str, int]] = []
    top = min((h[0] for h in headings), default=1)
    last = 0
    for level, title, page in headings:
        depth = min(level - top + 1, last + 1)
        out.append((depth, title, page))
        last = depth
    return out


def _sections(chosen: list[Any], frame: Frame, options: Options, grouped: bool = True) -> list[Any]:
    """The document's sections in order: runs of same-size pieces (``PieceSet``), shared-sheet
    groups ``(comp, group)`` and other components ``(comp, None)``."""
    out: list[Any] = []
    shared: set[str] = set()
    for comp in chosen:
        pieces = getattr(comp, "pieces", None)
        if pieces and options.backs == "fold" and not getattr(comp, "fold", True):
            pieces = _fronts_only(pieces)  # fold: false: single-sided in a fold build
        if grouped and comp.sheet and pieces is not None:
            if comp.sheet not in shared:
                shared.add(comp.sheet)
                out.append((comp, [c for c in chosen if c.sheet == comp.sheet and hasattr(c, "pieces")]))
            continue
        if getattr(comp, "layout", "pieces") != "pieces" or not pieces:
            out.append((comp, None))
            continue
        sets = 1 if options.copies_as_note else comp.copies
        note = tr("print this sheet {n} times", n=comp.copies) if options.copies_as_note and comp.copies > 1 else ""
        segments = [Segment(comp, pieces, n, sets) for n in range(1, sets + 1)]
        key = _geometry(comp, pieces, options)
        last = out[-1] if out else None
        if isinstance(last, PieceSet) and last.key == key and not note and not last.note and key[-1]:
            last.segments.extend(segments)
        else:
            out.append(PieceSet(key, segments, note))
    return out


def _fronts_only(pieces: Sequence[Any]) -> Sequence[Any]:
    if isinstance(pieces, PieceRuns):
        return pieces.fronts_only()
    return [replace(p, back=None) for p in pieces]


def _geometry(comp: Any, pieces: Sequence[Any], options: Options) -> tuple:
    """Pieces with equal keys can share one grid; the last element says whether they fit a page."""
    p = pieces[0]
    double = any_back(pieces)
    rotatable = bool(getattr(comp, "rotatable", True))
    return (round(p.w, 2), round(p.h, 2), p.shape, round(p.radius, 2), double,
            rotatable, round(getattr(comp, "gutter", 0.0), 2), bool(getattr(comp, "apart", False)),
            bool(getattr(comp, "cut", True)), fits_page(p.w, p.h, options, rotatable))


def fits_page(w: float, h: float, options: Options, rotatable: bool = True) -> bool:
    """Whether a piece fits one page at true size with its bleed, the frame giving way (turned a
    quarter only where it is ``rotatable``; one that does not fit is tiled as a poster)."""
    spacing = grid.Spacing(options.bleed, options.gutter)
    for landscape in (False, True):
        for mode in modes(landscape):
            area = make_frame(options, landscape, mode).area
            if grid.choose_grid(area, w, h, False, rotatable, spacing).per_page:
                return True
    return False


def _split_for(run: RunPages, pieces: PieceSet, options: Options) -> tuple[PieceSet, PieceSet] | None:
    """(the pieces that fit the room ``run`` left, the rest) where that needs fewer new pages."""
    p = pieces.sample
    fold = pieces.double and options.backs == "fold"  # in a duplex build, double-sided pieces print so
    spacing = pieces.spacing(options)
    most = 0
    for room in run.free:
        area = Box(room.x, room.y, room.w, room.h - LABEL)
        if area.h > 0:
            most = max(most, grid.choose_grid(area, p.w, p.h, fold, pieces.rotatable, spacing).per_page)
    count = len(pieces)
    if not 0 < most < count:
        return None
    per_page = RunPages.plan(pieces, options).grid.per_page
    if grid.pages_for(count - most, per_page) >= grid.pages_for(count, per_page):
        return None
    return pieces.split(most)


SEARCH = 400  # the most layouts tried for a group in one page's room


def _group_plan(run: RunPages, members: list[PieceSet]) -> list[float] | None:
    """How every section of a group fits the room ``run``'s last page left, in order: each block's
    share of its free box's width (a narrower block leaves room beside it for the next), the first
    that fits in a depth-first search; None where it does not (then the group keeps a page of its
    own rather than be split)."""
    backs = run.backs_page(run.page_count - 1)
    budget = [SEARCH]

    def place(free: list[Box], rest: list[PieceSet]) -> list[float] | None:
        if not rest:
            return []
        for share in SHARES:
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            fill = plan_fill(free, rest[0], run.options, backs, share)
            if fill is None:
                if share == 1.0:
                    return None  # no narrower block fits where the widest does not
                continue
            found = place(fill.rest, rest[1:])
            if found is not None:
                return [share, *found]
        return None

    return place(list(run.free), members)


def _tail(body: _Body) -> RunPages | None:
    """The open run whose last page (with its backs page) ends the document so far: a group may start
    in the room it left and go on, in reading order, on its own pages right after it."""
    last = [e for e in body.entries[-2:] if e.role != "back"]
    return next((r for r in body.open if last and r.host is last[-1]), None)


def _add_pieces(body: _Body, pieces: PieceSet, frame: Frame, options: Options,
                following: PieceSet | None = None, rooms: list[RunPages] | None = None) -> None:
    """Impose a run of pieces: into the room an earlier page left where it all fits (``rooms``:
    the pages it may fill, by default every open one, the newest first), else on pages of its own."""
    comp = pieces.segments[0].comp
    p = pieces.segments[0].pieces[0]
    if rooms is None:
        rooms = body.rooms(optional=all(getattr(s.comp, "optional", False) for s in pieces.segments))
    if pieces.note or not pieces.key[-1]:  # "print this sheet N times" / a poster: pages of its own
        rooms = []
    if not pieces.key[-1]:
        if not getattr(comp, "poster_tiles", True):
            area = frame.printable
            raise ContentError([Problem(
                getattr(comp, "size_loc", comp.loc),
                f"a {comp.kind_name} of {p.w / MM:.0f} x {p.h / MM:.0f} mm does not fit the printable area of "
                f"{options.paper.name} paper ({area.w / MM:.0f} x {area.h / MM:.0f} mm): make it smaller or "
                "choose a larger --paper (a board is poster-tiled over several pages; a piece is not)",
            )])
        for seg in pieces.segments:
            suffix = tr(" (set {n} of {total})", n=seg.set_no, total=seg.sets) if seg.sets > 1 else ""
            body.add(seg.comp.label, impose_poster(seg.comp, seg.pieces, options, suffix))
        return
    small = following if following is not None and following.key[-1] else None  # may stay with it
    for room in rooms:  # (a block narrower than its free box where that leaves the next section room)
        if not (small and keeps_together(room, pieces, small)) and \
                fill_page(room, pieces, body.entries, body.starts, pair_share(room, pieces, small)):
            return
    for room in rooms:  # a page of one block may move it aside or turn
        if make_room(room, pieces, small) and \
                fill_page(room, pieces, body.entries, body.starts, pair_share(room, pieces, small)):
            return
    if rooms:  # the first pieces fill the room, where that saves a page
        split = _split_for(rooms[0], pieces, options)
        if split is not None and fill_page(rooms[0], split[0], body.entries, body.starts):
            pieces = split[1]
    run = RunPages.plan(pieces, options)
    if not run.grid.per_page:  # a piece that may not turn fits only across a landscape page
        run = RunPages.plan(pieces, options, landscape=True)
    entries = run.entries()
    starts = run.segment_starts(entries)
    body.entries.extend(entries)
    body.starts.extend(starts)
    body.ends.extend(run.segment_ends(entries))
    body.open = [r for r in body.open if r.has_room()]
    if run.has_room() and not pieces.note:
        body.open.insert(0, run)


def impose_component(comp: Any, frame: Frame, options: Options) -> Sequence[Sheet | Deferred]:
    layout = getattr(comp, "layout", "pieces")
    copies = 1 if options.copies_as_note else getattr(comp, "copies", 1)
    if layout == "flow":
        from genpnp.impose.textflow import impose_text

        sheets = impose_text(comp, frame, options)
        if options.copies_as_note and getattr(comp, "copies", 1) > 1:
            for s in sheets:
                s.note = tr("print this page {n} times", n=comp.copies)
        return _copies(sheets, copies)
    if layout == "page":
        return _page_sheets(comp, frame, options)
    raise AssertionError(f"{comp.name}: pieces are imposed in runs")  # pragma: no cover


def _copies(sheets: list[Sheet], copies: int) -> list[Sheet]:
    """``copies`` sets of the same pages, numbered as sets where there is more than one."""
    if copies <= 1:
        return sheets
    out = []
    for n in range(1, copies + 1):
        for s in sheets:
            out.append(Sheet(s.role, s.title + tr(" (copy {n} of {total})", n=n, total=copies), s.section,
                             content=s.content,
                             scale_box=s.scale_box, note=s.note))
    return out


def _page_sheets(comp: Any, frame: Frame, options: Options) -> list[Sheet]:
    """Components that fill a page themselves (score sheets, aids): one sheet per page."""
    from genpnp.impose.scoresheet import paginate

    area = frame.area  # the scale check is on the cover and the first sheet to cut, not here
    sheets = [Sheet("page", comp.label, comp.name, content=(i, area))
              for i in range(len(paginate(comp, area)))]
    return _copies(sheets, 1 if options.copies_as_note else comp.copies)


CUT_ROLES = ("pieces", "poster")


def duplex_with_calibration(entries: list[Entry]) -> tuple[list[Entry], int]:
    """The pages of a duplex build in order (``duplex_order``). A build with backs to register
    carries the calibration sheet (front and back; the cover's advice points at it) as its last two pages:
    the pages that print double-sided stay one range the calibration does not split."""
    return duplex_order(entries, calibration=any(e.role == "back" for e in entries))


def _role(entry: Entry) -> str:
    if isinstance(entry, Sheet) and entry.whole:
        return "board"
    return entry.role


def duplex_order(entries: list[Entry], calibration: bool = False) -> tuple[list[Entry], int]:
    """A duplex build in two parts. First what prints double-sided: the pages to read and write on
    (cover, texts, score sheets) back to back, then each sheet with backs, its fronts on an odd page
    and its backs the even page behind it. Then what prints single-sided, each on a sheet of its own:
    sheets to cut without backs, poster parts and boards (returned with the page that part starts on,
    0 for none). Last, the calibration sheet: the last two pages, printed first and by themselves, so
    the double-sided pages stay one range. The only blank page is the back of the last page to read
    where a sheet with backs must start on an odd page; it says so."""
    reading: list[Entry] = []
    pairs: list[Entry] = []
    single: list[Entry] = []
    for n, entry in enumerate(entries):
        role = _role(entry)
        follows = _role(entries[n + 1]) if n + 1 < len(entries) else ""
        if role in ("back", "calibration-back"):
            if not pairs or _role(pairs[-1]) not in ("pieces", "calibration"):
                raise AssertionError("a backs page without its fronts")  # pragma: no cover
            pairs.append(entry)
        elif follows in ("back", "calibration-back"):
            pairs.append(entry)
        elif role in (*CUT_ROLES, "board"):
            single.append(entry)
        else:
            reading.append(entry)
    cal: list[Entry] = []
    if calibration and pairs:
        cal = [Sheet("calibration", "Duplex calibration", content={"side": "front"}),
               Sheet("calibration-back", "Duplex calibration (back)", content={"side": "back"})]
    if pairs and len(reading) % 2:
        spare = next((n for n in range(len(reading) - 1, 0, -1) if _role(reading[n]) == "page"), None)
        if spare is not None:  # a page to write on prints as well single-sided, first of that part
            single.insert(0, reading.pop(spare))
        else:
            reading.append(_blank(len(reading)))
    double = len(reading) + len(pairs)
    return [*reading, *pairs, *single, *cal], (0 if not single else double + 1 if double > 1 else 1)


def _blank(back_of: int) -> Sheet:
    """An empty page: the back of page ``back_of``, which says so in a small line."""
    return Sheet("blank", "", content={"back_of": back_of})


def drawn_marks(doc: Document) -> frozenset[str]:
    """The kinds of marks the document's pages draw (cut, fold, crop, hinge, trim, glue, edge,
    align; fold-up: fold lines drawn on pieces that fold up), for a legend that names only those.
    A run's pages all carry the same kinds of marks, so of each run only its first and last page
    are imposed here."""
    kinds: set[str] = set()
    entries = doc.sheets._entries
    runs: dict[tuple, list[int]] = {}
    for n, entry in enumerate(entries):
        build = getattr(entry, "build", None)
        owner = getattr(getattr(build, "func", None), "__self__", None)
        key = (id(owner), getattr(getattr(build, "func", None), "__name__", "")) if owner is not None else (n,)
        runs.setdefault(key, []).append(n)
    for indexes in runs.values():
        for n in {indexes[0], indexes[-1]}:
            sheet = doc.sheets[n]
            for mark in sheet.marks:
                if mark.kind == "outline":
                    kinds.add("hinge" if mark.shape == "circle-pair" else "cut")
                else:
                    kinds.add(mark.kind)
            kinds.update(kind for kind, _ in sheet.fills)
    if folding_pieces(doc):
        kinds.add("fold-up")  # their fold lines are drawn on the pieces themselves
    return frozenset(kinds)


def folding_pieces(doc: Document) -> list[Any]:
    """The components of this build whose pieces fold up into a solid (a die net): cut out, folded
    along the dash-dot lines drawn on them and glued by their tabs."""
    chosen = doc.options.components
    return [c for c in doc.game.ordered() if getattr(c, "folds_up", False) and getattr(c, "pieces", None)
            and (not chosen or c.name in chosen)]


def page_roles(doc: Document) -> list[str]:
    """Each page's role (pieces, back, board, poster, text, page, cover, blank, calibration...)."""
    return [_role(e) for e in doc.sheets._entries]
