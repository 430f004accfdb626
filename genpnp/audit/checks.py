"""The page audit: per page, how much of the printable area pieces cover, and every fault a player
would find by eye: text that overflows, is tiny, breaks a word or overprints other text; a mark on
art or implying a cut through another piece; ink outside the printer-safe margin; bleed across a
fold line; a duplex backs page that is not the even page behind its fronts."""

from __future__ import annotations

import math
from dataclasses import field
from typing import Any

from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.impose.document import CUT_ROLES, Document
from genpnp.impose.sheet import Box, Sheet
from genpnp.render.recorder import Ink, RecordingSurface
from genpnp.render.sheet import draw_sheet, page_size

ERRORS = ("overflow", "text-overlap", "mark-on-art", "cut-through", "outside-margin", "fold-bleed", "duplex",
          "stranded-heading", "split-block", "stamp")
TOL = 0.5  # points: a hairline's half width, drawing noise below 0.2 mm


@dataclass(frozen=True)
class Finding:
    page: int
    kind: str
    message: str
    loc: Loc

    @property
    def severity(self) -> str:
        return "error" if self.kind in ERRORS else "warning"

    def __str__(self) -> str:
        return f"{self.loc}: page {self.page}: {self.kind}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.loc.file, "line": self.loc.line, "col": self.loc.col, "page": self.page,
                "kind": self.kind, "severity": self.severity, "message": self.message}


@dataclass
class PageAudit:
    number: int
    role: str
    title: str
    coverage: float  # share of the printable area under pieces
    findings: list[Finding] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"page": self.number, "role": self.role, "title": self.title, "coverage": round(self.coverage, 3),
                "findings": [f.as_dict() for f in self.findings]}


@dataclass
class Audit:
    game: str
    file: str
    pages: list[PageAudit]
    sheets: int  # sheets of paper the document prints on
    lower_bound: int  # pages: the pieces' area over the printable area, plus the pages of text

    @property
    def findings(self) -> list[Finding]:
        return [f for p in self.pages for f in p.findings]

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "file": self.file, "pages": len(self.pages), "sheets": self.sheets,
                "lower_bound": self.lower_bound, "errors": len(self.errors),
                "warnings": len(self.findings) - len(self.errors), "page_list": [p.as_dict() for p in self.pages]}


def audit_document(doc: Document, file: str, faces: dict | None = None) -> Audit:
    """Measure every page of ``doc``; ``faces`` keeps recorded faces between audits of one game."""
    game, options = doc.game, doc.options
    total = len(doc.sheets)
    shared: dict = {}
    pages: list[PageAudit] = []
    sheets = list(doc.sheets)
    piece_area = 0.0
    printable_area = 1.0
    fixed = 0
    for index, sheet in enumerate(sheets):
        number = index + 1
        w, h = page_size(doc, sheet)
        m = options.margin
        printable = Box(m, m, w - 2 * m, h - 2 * m)
        printable_area = printable.w * printable.h
        surface = RecordingSurface(faces if faces is not None else shared)
        draw_sheet(surface, doc, sheet, number, total)
        loc = _loc(game, sheet)
        cover = sum(_area(p.box, printable) for p in sheet.placements)
        if sheet.role in CUT_ROLES or sheet.role == "back":
            piece_area += cover
        elif sheet.role != "blank":
            fixed += 1
        page = PageAudit(number, sheet.role, sheet.title, cover / printable_area)
        page.findings.extend(_page_findings(sheet, surface, printable, number, loc, game))
        pages.append(page)
    _text_blocks(sheets, pages, game)
    if options.backs == "duplex":
        _duplex(sheets, pages, game, getattr(doc, "single_sided", 0))
    if pages:  # colours the palette says must differ, as a mono printer prints them (rules/contrast.py)
        from genpnp.rules.contrast import check_contrast

        pages[0].findings.extend(Finding(1, "contrast", v.message, v.loc) for v in check_contrast(game))
    count = len(sheets)
    if options.backs == "duplex":  # two pages a sheet, but for the part printed single-sided
        cal = 2 if getattr(doc, "calibration", 0) else 0  # the last two pages: one sheet of its own
        single = getattr(doc, "single_sided", 0) or count - cal + 1
        count = math.ceil((single - 1) / 2) + (count - cal) - (single - 1) + cal // 2
    return Audit(game.id, file, pages, count,
                 fixed + math.ceil(piece_area / printable_area - 1e-9))


def _area(box: Box, within: Box) -> float:
    x1, y1, x2, y2 = max(box.x, within.x), max(box.y, within.y), min(box.x2, within.x2), min(box.y2, within.y2)
    return max(x2 - x1, 0) * max(y2 - y1, 0)


def _loc(game: Any, sheet: Sheet) -> Loc:
    if sheet.section and sheet.section in game.components:
        return game.components[sheet.section].loc
    return game.meta.loc


def _owner_loc(game: Any, sheet: Sheet, ink_what: str, owner: int, default: Loc) -> Loc:
    if ink_what == "placement" and 0 <= owner < len(sheet.placements):
        comp = sheet.placements[owner].component
        return getattr(comp, "loc", default)
    return default


def _page_findings(sheet: Sheet, s: RecordingSurface, printable: Box, number: int, loc: Loc,
                   game: Any) -> list[Finding]:
    out: list[Finding] = []
    for r in s.reports:
        if r.kind == "overflow" and r.what == "placement" and 0 <= r.owner < len(sheet.placements) \
                and sheet.placements[r.owner].window is not None:
            continue  # a poster part shows part of its board: text continues on the next part
        if r.what == "cover-pieces":
            continue  # the cover's pieces: their faults are found on their own sheets
        out.append(Finding(number, r.kind, r.message, _owner_loc(game, sheet, r.what, r.owner, loc)))
    for ink in s.ink:
        if not ink.box.inside(printable, TOL):
            what = f'"{ink.text}"' if ink.text else ink.kind
            out.append(Finding(number, "outside-margin", f"{_name(sheet, ink)} {what} runs outside the printer-safe "
                               f"margin ({_mm_outside(ink.box, printable)})", _owner_loc(game, sheet, ink.what,
                                                                                       ink.owner, loc)))
    out.extend(_text_overlaps(sheet, s.ink, number, loc, game))
    out.extend(_marks_on_art(sheet, s.ink, number, loc))
    out.extend(_marks_on_text(sheet, s.ink, number, loc))
    out.extend(_cuts_through(sheet, number, loc))
    out.extend(_fold_bleed(sheet, number, loc, game))
    return _dedupe(out)


def _dedupe(findings: list[Finding]) -> list[Finding]:
    seen, out = set(), []
    for f in findings:
        key = (f.kind, f.message, f.loc)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _name(sheet: Sheet, ink: Ink) -> str:
    if ink.what == "mark" and 0 <= ink.owner < len(sheet.marks):
        return f"{sheet.marks[ink.owner].kind} mark"
    if ink.what == "placement" and 0 <= ink.owner < len(sheet.placements):
        p = sheet.placements[ink.owner]
        return f"{p.component.name} {p.piece.index} {p.face}"
    return {"page": "page content", "cover-pieces": "cover picture", "header": "title", "footer": "footer",
            "scale": "scale check", "label": "label", "glue": "glue strip"}.get(ink.what, ink.what)


def _mm_outside(box: Box, within: Box) -> str:
    over = max(within.x - box.x, within.y - box.y, box.x2 - within.x2, box.y2 - within.y2)
    return f"by {over / 72 * 25.4:.1f} mm"


def _overlap(a: Box, b: Box) -> float:
    return max(min(a.x2, b.x2) - max(a.x, b.x), 0) * max(min(a.y2, b.y2) - max(a.y, b.y), 0)


def _text_overlaps(sheet: Sheet, inks: list[Ink], number: int, loc: Loc, game: Any) -> list[Finding]:
    """Text drawn over other text: within a face (a line moved onto another, a board's title over its
    labels), between faces, and between page elements (title, footer, labels, scale check)."""
    glue = [box for kind, box in sheet.fills if kind == "glue"]  # covered by the next part: may overprint
    texts = [i for i in inks if i.kind == "text" and not any(i.box.overlaps(g) for g in glue)]
    cell = 36.0  # points: texts are compared with those in the same half-inch squares
    buckets: dict[tuple[int, int], list[int]] = {}
    for n, t in enumerate(texts):
        tb = t.box
        for gx in range(int(tb.x // cell), int(tb.x2 // cell) + 1):
            for gy in range(int(tb.y // cell), int(tb.y2 // cell) + 1):
                buckets.setdefault((gx, gy), []).append(n)
    out, seen = [], set()
    for members in buckets.values():
        for i, n in enumerate(members):
            a = texts[n]
            for m in members[i + 1:]:
                b = texts[m]
                if (n, m) in seen or a.what == b.what == "cover-pieces":  # a piece's own overprint is found
                    continue  # on its sheet; the cover's text over its picture is found here
                seen.add((n, m))
                shared = _overlap(a.box, b.box)
                smaller = min(a.box.w * a.box.h, b.box.w * b.box.h)
                if shared > 1.0 and shared > 0.15 * smaller:
                    where = _owner_loc(game, sheet, a.what, a.owner, loc)
                    out.append(Finding(number, "text-overlap", f'"{a.text}" ({_name(sheet, a)}) overprints '
                                       f'"{b.text}" ({_name(sheet, b)})', where))
    return out


FRAME_MARKS = ("crop",)


def _marks_on_art(sheet: Sheet, inks: list[Ink], number: int, loc: Loc) -> list[Finding]:
    """Crop marks, labels, title, footer and the scale check must keep off the pieces' art."""
    arts = [p.ink for p in sheet.placements]
    if not arts:
        return []
    out = []
    for ink in inks:
        if ink.what == "mark":
            if not (0 <= ink.owner < len(sheet.marks)) or sheet.marks[ink.owner].kind not in FRAME_MARKS:
                continue
        elif ink.what not in ("label", "header", "footer", "scale"):
            continue
        for art in arts:
            if _overlap(ink.box, art) > TOL * TOL * 4:
                text = f' "{ink.text}"' if ink.text else ""
                out.append(Finding(number, "mark-on-art", f"{_name(sheet, ink)}{text} lies on a piece's art", loc))
                break
    return out


def _marks_on_text(sheet: Sheet, inks: list[Ink], number: int, loc: Loc) -> list[Finding]:
    """A crop mark never runs through text: a block's label, the title, a board's labels."""
    crops = [i for i in inks if i.what == "mark" and 0 <= i.owner < len(sheet.marks)
             and sheet.marks[i.owner].kind in FRAME_MARKS]
    if not crops:
        return []
    out = []
    for ink in inks:
        if ink.kind != "text":
            continue
        if any(_overlap(ink.box, c.box) > 0 for c in crops):
            out.append(Finding(number, "mark-on-text", f'a crop mark runs through "{ink.text}" '
                               f"({_name(sheet, ink)})", loc))
    return out


def _cuts_through(sheet: Sheet, number: int, loc: Loc) -> list[Finding]:
    """A crop mark implies a cut from the mark to the pieces it marks; no other piece may lie across it."""
    from genpnp.impose.grid import cut_crosses

    boxes = [p.box for p in sheet.placements if p.window is None]
    if any(m.kind == "crop" and cut_crosses(m, boxes) for m in sheet.marks):
        return [Finding(number, "cut-through", "a crop mark's cut line runs through another piece", loc)]
    return []


def _fold_bleed(sheet: Sheet, number: int, loc: Loc, game: Any) -> list[Finding]:
    out = []
    for mark in sheet.marks:
        if mark.kind != "fold":
            continue
        (x1, y1), (x2, y2) = mark.points
        for p in sheet.placements:
            art = p.ink
            if abs(x1 - x2) < 0.01:
                crosses = art.x < x1 - TOL < x1 + TOL < art.x2 and art.y < max(y1, y2) and art.y2 > min(y1, y2)
            else:
                crosses = art.y < y1 - TOL < y1 + TOL < art.y2 and art.x < max(x1, x2) and art.x2 > min(x1, x2)
            if crosses:
                out.append(Finding(number, "fold-bleed", f"the art of {p.component.name} {p.piece.index} {p.face} "
                                   "crosses its fold line", getattr(p.component, "loc", loc)))
    return out


def _duplex(sheets: list[Sheet], pages: list[PageAudit], game: Any, single: int = 0) -> None:
    """Every backs page is the even page behind its fronts; in the part printed double-sided, a
    sheet to cut starts on an odd page with its backs or a blank behind it; the part printed
    single-sided (from page ``single``) holds no backs page."""
    for i, sheet in enumerate(sheets):
        number = i + 1
        loc = _loc(game, sheet)
        if sheet.role.startswith("calibration") and i >= len(sheets) - 2:
            continue  # the calibration sheet: the last two pages, printed by themselves
        if single and number >= single:
            if sheet.role in ("back", "blank", "calibration", "calibration-back"):
                pages[i].findings.append(Finding(number, "duplex", f"a {sheet.role} page in the part printed "
                                                 "single-sided", loc))
            continue
        if sheet.role == "back":
            before = sheets[i - 1] if i else None
            if number % 2 or before is None or before.role != "pieces":
                pages[i].findings.append(Finding(number, "duplex", "a backs page that is not the even page "
                                                 "behind its fronts", loc))
        elif sheet.role in CUT_ROLES:
            after = sheets[i + 1] if i + 1 < len(sheets) else None
            if sheet.whole:  # a board: may back another board, never a sheet to cut
                if after is not None and number % 2 and after.role in CUT_ROLES + ("back",) and not after.whole:
                    pages[i].findings.append(Finding(number, "duplex", f"page {number + 1} prints on the "
                                                     "back of this board", loc))
                continue
            if number % 2 == 0:
                pages[i].findings.append(Finding(number, "duplex", "a sheet to cut prints on the back of the "
                                                 "page before it", loc))
            if after is not None and after.role not in ("back", "blank"):
                pages[i].findings.append(Finding(number, "duplex", f"page {number + 1} prints on the back of this "
                                                 "sheet of pieces", loc))


def _text_blocks(sheets: list[Sheet], pages: list[PageAudit], game: Any) -> None:
    """Over each text's pages: a heading whose next block starts in another column or on another
    page (left alone at the foot), and an unsplittable block (a figure) spread over two."""
    last: dict[str, tuple] = {}  # section -> the last block seen, and its page's index
    for i, sheet in enumerate(sheets):
        if sheet.role != "text" or not isinstance(sheet.content, list):
            continue
        comp = game.components.get(sheet.section)
        for op in sheet.content:
            if op[0] != "block":
                continue
            _, kind, keep, spots, level, text, line = op
            loc = Loc(getattr(comp, "source_name", "") or _loc(game, sheet).file, line, 1)
            before = last.get(sheet.section)
            if before is not None and spots[0] == (0, 0):
                before = None  # another copy of the same text starts
            if keep and len(spots) > 1:
                pages[i].findings.append(Finding(i + 1, "split-block", f'a {kind} (line {line}) is split over '
                                                 f"{_spread(spots)}: it never splits", loc))
            if before is not None:
                b_op, b_index = before
                if b_op[1] == "heading" and b_op[3][-1] != spots[0]:
                    where = "page" if b_op[3][-1][0] != spots[0][0] else "column"
                    pages[b_index].findings.append(Finding(
                        b_index + 1, "stranded-heading", f'the heading "{b_op[5]}" ends its {where} without '
                        "its first lines", Loc(loc.file, b_op[6], 1)))
            last[sheet.section] = (op, i)


def _spread(spots: tuple) -> str:
    return "two pages" if len({p for p, _ in spots}) > 1 else "two columns"
