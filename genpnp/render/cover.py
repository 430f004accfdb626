"""The cover: title, credits, contents with page numbers, legend and printing advice."""

from __future__ import annotations

from typing import Any, NamedTuple

from genpnp.backends.ink import grey_of
from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.core.i18n import tr
from genpnp.core.units import MM
from genpnp.impose.frame import Frame
from genpnp.impose.sheet import Box
from genpnp.model.base import any_back
from genpnp.render.marks import (
    CROP,
    CUT,
    CUT_HALO,
    CUT_WIDTH,
    FOLD,
    FOLD_DASH,
    HALO_WIDTH,
    TRIM,
    TRIM_DASH,
    draw_align,
    draw_glue,
)

INK = Color(0.1, 0.1, 0.1)
SOFT = Color(0.4, 0.4, 0.4)


def credit_lines(meta: Any) -> list[str]:
    lines = []
    if meta.designers:
        lines.append(tr("Game design: {names}", names=", ".join(meta.designers)))
    if meta.artists:
        lines.append(tr("Art: {names}", names=", ".join(meta.artists)))
    pub = ", ".join(x for x in (meta.publisher, str(meta.year) if meta.year else "") if x)
    if pub:
        lines.append(tr("Published: {publisher}", publisher=pub))
    lines.append(tr("Licence: {licence}", licence=meta.licence))
    lines.extend(meta.credits)
    if meta.source:
        lines.append(tr("Source: {source}", source=meta.source))
    return lines


PAPER_NAMES = {"letter": "Letter", "legal": "Legal", "a4": "A4", "a3": "A3", "tabloid": "Tabloid"}


def paper_name(paper: Any) -> str:
    """A paper as a player names it: "A4", "Letter" (a custom size keeps its dimensions)."""
    return tr(PAPER_NAMES.get(paper.name, paper.name))


def scale_line(doc: Any, roles: list[str]) -> str:
    """Where to check the scale: the square on the cover and the square or bar of the first sheet
    to cut, named as that page draws it."""
    o = doc.options
    first_cut = next((n + 1 for n, r in enumerate(roles) if r in ("pieces", "poster")), 0)
    size = _frame_scale_text(doc)
    if not first_cut or first_cut not in getattr(doc, "scale_pages", {first_cut}):
        return tr("Print at 100% (\"actual size\", not \"fit to page\") on {paper} paper. Check the scale: the "
                  "square on this page must measure {size} on each side.", paper=paper_name(o.paper), size=size)
    bar = doc.sheets[first_cut - 1].scale_box is None and doc.sheets[first_cut - 1].scale_bar is not None
    there = tr("the {size} bar") if bar else tr("the {size} square")
    return tr("Print at 100% (\"actual size\", not \"fit to page\") on {paper} paper. Before you cut anything, "
              "check the scale: the {size} square on this page and {there} on page {page} must measure {size}.",
              paper=paper_name(o.paper), size=size, there=there.format(size=size), page=first_cut)


def _frame_scale_text(doc: Any) -> str:
    from genpnp.impose.frame import make_frame

    return make_frame(doc.options).scale_text


READING_ROLES = ("cover", "text", "page", "blank")  # pages to read and write on, nothing to cut


def print_steps(doc: Any, roles: list[str]) -> list[str]:
    """The print jobs of this build in the order to print them, each page in exactly one: the
    calibration sheet first (its pages named), then each run of pages by sides (double-sided or
    single-sided) and by stock (paper or card, which one job cannot mix)."""
    o = doc.options
    flip = tr("long") if o.flip == "long" else tr("short")
    total = len(roles)
    stock = set(card_stock_pages(doc))
    cal = {doc.calibration, doc.calibration + 1} if getattr(doc, "calibration", 0) else set()
    single = getattr(doc, "single_sided", 0)

    def double(page: int) -> bool | None:
        if o.backs == "duplex":
            return single != 1 and (not single or page < single)
        # a build without backs: pages to read and write on may share a sheet, cut pages may not (None: either)
        return None if roles[page - 1] in READING_ROLES and reading > 1 else False

    reading = sum(r in READING_ROLES for r in roles)
    optional = set(optional_pages(doc, roles))
    jobs: list[tuple[tuple[bool | None, bool], list[int]]] = []
    extra: list[tuple[tuple[bool | None, bool], list[int]]] = []  # optional pages: their own steps, last
    for page in range(1, total + 1):
        if page in cal:
            continue
        key = (double(page), page in stock)
        into = extra if page in optional else jobs
        same = next((job for job in into if job[0] == key), None)
        if same is not None:
            same[1].append(page)  # one job per kind of sheet, across the calibration sheet
        else:
            into.append((key, [page]))
    lines: list[str] = []
    if cal:
        lines.append(tr("Print the calibration sheet, the last two pages ({pages}), first, alone: double-sided, "
                        "flipping on the {flip} edge; follow the steps on it.",
                        pages=page_range(min(cal), max(cal)), flip=flip))
    for (two, card), pages in jobs:
        whole = len(jobs) == 1 and not cal and not extra
        on = (tr(" on card stock (160-250 g/m²)") if card else tr(" on paper")) if stock else ""
        if whole and two:
            text = tr("Print double-sided{on}, flipping on the {flip} edge.", flip=flip, on=on)
        elif whole and two is None:
            text = tr("Print double-sided if your printer can, else single-sided{on}.", on=on)
        elif whole:
            text = tr("Print single-sided{on}.", on=on)
        elif two is None:
            text = tr("Print {pages}{on}, double-sided if your printer can (nothing on them is cut out).",
                      pages=pages_named(pages), on=on)
        elif two:
            text = tr("Print {pages} double-sided{on}, flipping on the {flip} edge.", pages=pages_named(pages),
                      flip=flip, on=on)
        else:
            text = tr("Print {pages} single-sided{on}.", pages=pages_named(pages), on=on)
        if two is not False and len(pages) % 2 and len(pages) > 1:  # the last sheet of the job: one side
            text += " " + tr("Page {page}'s back stays blank.", page=pages[-1])
        lines.append(text)
    names = optional_names(doc, optional)
    for (two, card), pages in extra:
        on = (tr(" on card stock (160-250 g/m²)") if card else tr(" on paper")) if stock else ""
        sides = tr("double-sided if your printer can") if two is None else \
            tr("double-sided, flipping on the {flip} edge", flip=flip) if two else tr("single-sided")
        lines.append(tr("Print {pages} ({names}) only if you want them, {sides}{on}.",
                        pages=pages_named(pages), names=names, sides=sides, on=on))
    if len(lines) > 1:
        lines = [f"{n}. {line}" for n, line in enumerate(lines, start=1)]
    if "back" in roles:
        lines.append(tr("A page titled \"(backs)\" prints on the back of the sheet before it."))
        if o.backs == "duplex":  # one rule on every paper
            lines.append(tr("Every two-sided piece has its back printed on the back of the sheet: none is a fold "
                            "pair."))
    if o.backs == "duplex" and single == 1:
        lines.append(tr("This build has no two-sided sheet: every page prints single-sided."))
    return lines


def optional_pages(doc: Any, roles: list[str]) -> list[int]:
    """The pages (numbered from 1) holding only pieces of optional components (``optional: true``), with
    the page of backs after such a page."""
    out: list[int] = []
    for n, sheet in enumerate(doc.sheets, start=1):
        comps = [p.component for p in getattr(sheet, "placements", ())]
        if comps and all(getattr(c, "optional", False) for c in comps):
            out.append(n)
        elif roles[n - 1] == "back" and n - 1 in out:
            out.append(n)
    return out


def optional_names(doc: Any, pages: set[int]) -> str:
    """What the optional pages hold, as their page titles name it ("Layouts"), else "optional pages"."""
    titles: list[str] = []
    for n in sorted(pages):
        title = getattr(doc.sheets[n - 1], "title", "") or ""
        title = title.removesuffix(tr("{title} (continued)", title=""))
        if title and title not in titles:
            titles.append(title)
    return tr(" and ").join(titles) if 0 < len(titles) <= 2 else tr("optional pages")


def pages_named(pages: list[int]) -> str:
    """[3, 4, 5] -> "pages 3 to 5"; [1, 2, 7, 8, 9] -> "pages 1-2 and 7-9"; [4] -> "page 4"."""
    if pages == list(range(pages[0], pages[-1] + 1)):
        return page_range(pages[0], pages[-1])
    return tr("pages {ranges}", ranges=page_ranges(pages))


def advice_lines(doc: Any, marks: frozenset[str] | None = None) -> list[str]:
    """Printing advice for this build alone, in the order to follow it: its paper and scale, its
    print jobs (sides and stock), then making the pieces from the marks its pages draw."""
    from genpnp.impose.document import drawn_marks, folding_pieces, page_roles

    o = doc.options
    marks = drawn_marks(doc) if marks is None else marks
    roles = page_roles(doc)
    lines = [scale_line(doc, roles), *print_steps(doc, roles), *doc.game.meta.printing]
    folds = "fold" in marks or "hinge" in marks
    stock = set(card_stock_pages(doc))
    if folds:
        pairs = tr("Fold pairs: cut around each pair, fold on the dash-dot line, glue the halves back to back, then "
                   "cut or trim the pair to its outline")
        paired = blank_backed(doc, folded=True)
        if paired:  # which pieces are the pairs, when others print single-sided
            pairs = tr("Fold pairs ({names}): cut around each pair, fold on the dash-dot line, glue the halves back to "
                       "back, then cut or trim the pair to its outline",
                       names=tr(" and ").join(c.label for c in paired))
        on_card = [p.component for n in stock for p in doc.sheets[n - 1].placements]
        if o.backs == "fold" and any(prints_on_card(c, doc.game) and any_back(getattr(c, "pieces", ()))
                                     and getattr(c, "fold", True) for c in on_card):  # scoring comes before folding
            lines.append(tr("Card stock folds cleanly only where it is scored: before folding a pair printed on card, "
                            "run an empty ballpoint pen along a ruler on its fold line."))
        lines.append(pairs + (tr(" (round pairs: trim the hinge off).") if "hinge" in marks else "."))
    blank = blank_backed(doc)
    if blank:
        lines.append(tr("{names} print single-sided in this build: their backs stay blank, so each is one layer of "
                        "card and they shuffle. Use opaque card stock, so that no print shows through, or sleeves "
                        "with an opaque back; the duplex build prints their backs.",
                        names=tr(" and ").join(c.label for c in blank)))
    folding = folding_pieces(doc)
    if folding:
        names = tr(" and ").join(c.label for c in folding)
        folded = {id(c) for c in folding}  # a net printed on card stock folds cleanly only where it is scored,
        if any(id(p.component) in folded for n in stock for p in doc.sheets[n - 1].placements):  # so: score first
            lines.append(tr("Card stock folds cleanly only where it is scored: before folding, run an empty ballpoint "
                            "pen along a ruler on each of its dash-dot lines."))
        lines.append(tr("{names}: cut around the outline, fold along the dash-dot lines, and glue each tab inside the "
                        "face it meets.", names=names))
    shared = shares_cut_lines(doc)
    if shared == "columns":  # pieces wider than tall: columns one piece wide, never rows as thin as a piece
        lines.append(tr("Pieces that share their cut lines: cut each block of them out first, then into columns, each "
                        "long cut running from top to bottom, then each column across into pieces."))
    elif shared:
        lines.append(tr("Pieces that share their cut lines: cut each block of them out first, then into strips along "
                        "its rows, then each strip across into pieces."))
    optional = set(optional_pages(doc, roles))
    paper_cut = [n + 1 for n, r in enumerate(roles) if r in ("pieces", "poster", "back") and n + 1 not in stock
                 and n + 1 not in optional]
    # pages to cut printed on paper: card glued behind them makes sturdier pieces; not a page of fold pairs
    # (folded and glued they are two layers already) nor a two-sided sheet (card would hide its backs)
    to_card = [n for n in paper_cut if not (folds and _two_sided(doc.sheets[n - 1])) and roles[n - 1] == "pieces"
               and not (n < len(roles) and roles[n] == "back")]  # pieces: not a board's parts
    if to_card:
        lines.append(tr("For sturdier pieces, glue {pages} to thin card before you cut.", pages=pages_named(to_card)))
    if "crop" in marks:
        lines.append(bleed_line(doc))
    if "glue" in marks:
        if o.ink == "bw":  # the trim and edge lines print grey, not red
            lines.append(tr("Boards over several pages: trim each part on its dotted line and lay it on the glue "
                            "strip of the part before, its edge on the solid line."))
        else:
            lines.append(tr("Boards over several pages: trim each part on its red dotted line and lay it on the glue "
                            "strip of the part before, its edge on the solid red line."))
    if o.ink == "bw":
        patterns = any(c.pattern for c in doc.game.palette.values() if c.label)
        lines.append(tr("Black-and-white edition: colours print as the greys and patterns in the legend.") if patterns
                     else tr("Black-and-white edition: colours print as the greys in the legend."))
    elif o.ink == "saver":
        lines.append(tr("Ink-saver edition: large areas print as light tints."))
    return lines


def piece_bleeds(doc: Any) -> list[tuple[Any, float]]:
    """Each component cut from a page of pieces, in the order its pieces first appear, with the least art
    any of its pieces runs past the cut on any side (a round piece: its ring; pieces that share a cut
    line: none there)."""
    least: dict[int, tuple[Any, float]] = {}
    for sheet in doc.sheets:
        if sheet.role != "pieces":
            continue
        for p in sheet.placements:
            if p.piece.shape in ("circle", "hex"):
                runs = p.bleed
            else:
                a = p.art or p.box
                runs = max(min(p.box.x - a.x, a.x2 - p.box.x2, p.box.y - a.y, a.y2 - p.box.y2), 0.0)
            comp, before = least.get(id(p.component), (p.component, runs))
            least[id(p.component)] = (comp, min(before, runs))
    return list(least.values())


def bleed_line(doc: Any) -> str:
    """What the bleed gives the pieces, true for every one: the asked bleed where all get it all round;
    else "up to" it, with what pieces set apart by less than twice the bleed get (round ones: a ring as
    wide as the gap allows), named where they are one or two components, and none on a shared cut line
    (with more such components, "less between close pieces": one line)."""
    bleed = doc.options.bleed
    mm = f"{bleed / MM:.1f}"
    bleeds = piece_bleeds(doc)
    part = [(c.label, r) for c, r in bleeds if 0.05 * MM <= r < bleed - 0.05 * MM]
    shared = any(r < 0.05 * MM for _, r in bleeds)
    if not part and not shared:
        return tr("Artwork runs {bleed} mm past the cut: cut between the crop marks.", bleed=mm)
    if len(part) > 2:  # many kinds of pieces: one line a full cover has room for
        return tr("Artwork runs up to {bleed} mm past the cut, less between close pieces: cut between the crop "
                  "marks.", bleed=mm)
    clauses = []
    if part:
        lo, hi = (f"{f(r for _, r in part) / MM:.1f}" for f in (min, max))
        runs = lo if lo == hi else tr("{lo} to {hi}", lo=lo, hi=hi)
        clauses.append(tr("{runs} mm on {names}", runs=runs, names=tr(" and ").join(n for n, _ in part)))
    if shared:
        clauses.append(tr("none on a cut line two pieces share"))
    return tr("Artwork runs up to {bleed} mm past the cut: {clauses}. Cut between the crop marks.", bleed=mm,
              clauses=", ".join(clauses))


def blank_backed(doc: Any, folded: bool = False) -> list[Any]:
    """The components this build prints without the back they have (``fold: false`` in a fold build); with
    ``folded``, those it prints as fold pairs, but only when some print single-sided (else none)."""
    if doc.options.backs != "fold":
        return []
    placed = {id(p.component) for sheet in doc.sheets for p in getattr(sheet, "placements", ())}
    backed = [c for c in doc.game.components.values() if id(c) in placed and getattr(c, "pieces", None)
              and any_back(c.pieces)]
    blank = [c for c in backed if not getattr(c, "fold", True)]
    if folded:
        return [c for c in backed if getattr(c, "fold", True)] if blank else []
    return blank


def shares_cut_lines(doc: Any) -> str:
    """How to cut the pages' blocks of square-cornered pieces butted edge to edge (one cut line between
    two pieces): "rows" first, or "columns" first when the butted pieces are wider than tall (a column
    one piece wide is easier to hold and cut across than a row as thin as a piece); "" if none."""
    wide = tall = 0
    for sheet in doc.sheets:
        if sheet.role != "pieces":
            continue
        rects = [p for p in sheet.placements if p.piece.shape == "rect"]
        edges = {(round(p.box.y, 1), round(p.box.x2, 1)) for p in rects}
        for p in rects:
            if (round(p.box.y, 1), round(p.box.x, 1)) in edges:
                if p.box.w > p.box.h:
                    wide += 1
                else:
                    tall += 1
    if not (wide or tall):
        return ""
    return "columns" if wide > tall else "rows"


def _two_sided(sheet: Any) -> bool:
    """Whether a page holds pieces with a back (fold pairs in a fold build)."""
    return any(getattr(p.component, "back", None) for p in getattr(sheet, "placements", ()))


def prints_on_card(comp: Any, game: Any) -> bool:
    """Whether a component prints on card stock: it asks for card (``stock: card``), or it shares a named
    sheet (``sheet:``) with one that does. A shared sheet is one print job whatever the build does with
    it, so a piece meant for card stays on card where a build (with bleed, say) lays it on a page of its own."""
    if getattr(comp, "stock", "paper") == "card":
        return True
    name = getattr(comp, "sheet", "")
    return bool(name) and any(getattr(c, "sheet", "") == name and getattr(c, "stock", "paper") == "card"
                              for c in game.components.values())


def card_stock_pages(doc: Any) -> list[int]:
    """The pages (numbered from 1) holding pieces of a component printed on card stock (``prints_on_card``); a page
    of backs is on the stock of the page it prints behind (the same sheet of paper or card)."""
    game = doc.game
    if not any(getattr(c, "stock", "paper") == "card" for c in game.components.values()):
        return []
    pages: list[int] = []
    for n, sheet in enumerate(doc.sheets):
        if sheet.role == "back" and n and doc.sheets[n - 1].role != "back":
            if n in pages:  # the page before it (numbered n) is on card
                pages.append(n + 1)
        elif any(prints_on_card(p.component, game) for p in sheet.placements):
            pages.append(n + 1)
    return pages


def page_ranges(pages: list[int]) -> str:
    """[5, 6, 7, 9] -> "5-7 and 9"."""
    runs: list[list[int]] = []
    for page in pages:
        if runs and page == runs[-1][-1] + 1:
            runs[-1].append(page)
        else:
            runs.append([page])
    parts = [f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs]
    return parts[0] if len(parts) == 1 else tr("{pages} and {last}", pages=", ".join(parts[:-1]), last=parts[-1])


def page_range(first: int, last: int) -> str:
    """"page 3", "pages 3 and 4", "pages 3 to 9"."""
    if first == last:
        return tr("page {number}", number=first)
    if last == first + 1:
        return tr("pages {first} and {last}", first=first, last=last)
    return tr("pages {first} to {last}", first=first, last=last)


PANEL = 64 * MM  # the cover's picture: title, players and a composition of the pieces


def play_line(meta: Any) -> str:
    """"2-4 players · 30-45 min · ages 10+" from what game.yaml says ("2-8, in two teams": "2-8
    players, in two teams")."""
    import re

    count = re.match(r"\s*(\d+(?:\s*[-–+]\s*\d*)?)(.*)", meta.players)
    players = meta.players
    if count and "player" not in meta.players:
        noun = tr("player") if count.group(1).strip() == "1" else tr("players")
        players = f"{count.group(1).strip()} {noun}{count.group(2)}"
    parts = [players, meta.time, tr("ages {age}", age=meta.age) if meta.age else ""]
    return " · ".join(p for p in parts if p)


class Look(NamedTuple):
    """The cover's faces: the game's display face for its title and headings, its text family for the
    rest (game.yaml ``styles:`` title and body), else genpnp's defaults."""

    display: str
    regular: str
    bold: str
    italic: str
    accent: Any


def cover_look(doc: Any) -> Look:
    from genpnp.render.look import body_look, title_look

    display, accent = title_look(doc)
    return Look(display, *body_look(doc), accent)


class _Measure:
    """A surface that draws nothing: the cover's text is laid out on it first to measure its height."""

    def text_width(self, text: str, font: str, size: float) -> float:
        return fonts.text_width(text, font, size)

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


def draw_cover(surface: Any, doc: Any, frame: Frame) -> None:
    """The picture at the top takes all the room the text leaves (at least ``PANEL``): no blank foot."""
    p = frame.printable
    x, w = p.x + 6 * MM, p.w - 12 * MM
    look = cover_look(doc)
    dense = False
    used = p.y2 - _text(_Measure(), doc, frame, x, w, p.y2, look)
    if p.h - used - frame.scale - 8 * MM < PANEL:  # too much to say at the usual sizes: set it denser
        dense = True
        used = p.y2 - _text(_Measure(), doc, frame, x, w, p.y2, look, dense)
    room = p.h - used - frame.scale - 8 * MM  # the scale square and its label at the foot
    panel_h = max(PANEL, room)
    panel = Box(p.x, p.y2 - panel_h, p.w, panel_h)
    _panel(surface, doc, panel, x, w, look)
    _text(surface, doc, frame, x, w, panel.y, look, dense)


def _text(surface: Any, doc: Any, frame: Frame, x: float, w: float, top: float, look: Look,
          dense: bool = False) -> float:
    """The cover below its picture (from ``top`` down): description, contents, credits, legend,
    printing advice; returns where it ends. ``dense``: a long contents in three columns and the printing
    steps at 9 pt, where the usual setting leaves the picture less than its least height."""
    meta = doc.game.meta
    y = top - 7 * MM
    if meta.description:
        lines = fonts.wrap(meta.description, look.italic, 10, w)
        for line in lines:
            surface.text(x, y, line, look.italic, 10, INK, "left")
            y -= 12.5
        y -= 3 * MM
    half = (w - 8 * MM) / 2
    if len(contents_entries(doc)) > 14:  # a long contents takes the width, in two columns (dense: three)
        y = _contents(surface, doc, x, y, w, look, 3 if dense else 2)
        y = _block(surface, tr("Credits"), credit_lines(meta), x, y, w, look)
    else:
        y_left = _contents(surface, doc, x, y, half, look)
        y_right = _block(surface, tr("Credits"), credit_lines(meta), x + half + 8 * MM, y, half, look)
        y = min(y_left, y_right)
    y = _legend(surface, doc, x, y, w, look)
    room = w - (frame.scale + 6 * MM)  # clear of the scale square in the corner
    return _block(surface, tr("Printing"), advice_lines(doc), x, y, room, look, 9 if dense else 10)  # at a glance


def _panel(surface: Any, doc: Any, panel: Box, x: float, w: float, look: Look) -> None:
    """The top of the cover: a tint of the game's first colour edged with its accent, the title large in
    its display font, who designed it, who plays and for how long, and the pieces drawn by their own
    renderers, as large as the panel allows."""
    meta = doc.game.meta
    colours = [c for c in doc.game.palette.values() if c.label] or list(doc.game.palette.values())
    if doc.options.ink == "color":  # a faint tint (about 3% ink); black-and-white and ink-saver spend no toner on it
        tint = colours[0].mix(Color(1, 1, 1), 0.97) if colours else Color(0.98, 0.975, 0.97)
        surface.rect(panel.x, panel.y, panel.w, panel.h, fill=tint)
        for n, colour in enumerate(colours[:4]):  # a strip of the game's colours under the picture
            part = panel.w / min(len(colours), 4)
            surface.rect(panel.x + n * part, panel.y, part, 1.6 * MM, fill=colour)
    else:  # a thin rule under the title and the pieces
        surface.line(panel.x, panel.y, panel.x2, panel.y, SOFT, 0.8)
    hero = _hero(doc)
    if hero is not None:  # the board leads, as tall as the panel, at its right; the title and pieces beside it
        comp, piece, face = hero
        hs = min((panel.h - 10 * MM) / piece.h, w * HERO_MOST / piece.w)
        _cover_piece(surface, comp, piece, face, x + w - piece.w * hs / 2, panel.y + panel.h / 2 + 1 * MM, hs, 0.0)
        w -= piece.w * hs + 6 * MM
    title_font = look.display
    size = 44.0
    while size > 14 and surface.text_width(meta.name, title_font, size) > w:
        size -= 1
    top = panel.y2 - 7 * MM - size * 0.75
    surface.text(x, top, meta.name, title_font, size, look.accent, "left")
    y = top - 5 * MM
    if meta.designers:
        names = ", ".join(meta.designers[:-1]) + tr(" and ") + meta.designers[-1] if len(meta.designers) > 1 \
            else meta.designers[0]
        y -= 3 * MM
        surface.text(x, y, tr("by {names}", names=names), look.italic, 12, INK, "left")
    y -= 6.5 * MM
    play = play_line(meta)
    surface.text(x, y, play, look.bold, 11, INK, "left")
    edition = tr("Print-and-play edition · version {version}", version=meta.version)
    if surface.text_width(play, look.bold, 11) + 4 * MM + surface.text_width(edition, look.regular, 9) > w:
        y -= 4.5 * MM  # too narrow beside the board for both on one line: the edition under the play line
        surface.text(x, y, edition, look.regular, 9, SOFT, "left")
    else:
        surface.text(x + w, y, edition, look.regular, 9, SOFT, "right")
    foot = panel.y + 5 * MM
    row = Box(x, foot, w, y - 6 * MM - foot)
    tag = getattr(surface, "tag", None)
    if tag is not None:  # the audit: a piece's own faults are found on its sheet, not again here
        tag("cover-pieces")
    if getattr(doc.game, "cover_figure", None) is not None and not doc.options.components:
        _cover_figure(surface, doc.game.cover_figure, row, look.regular)
    else:
        _pieces_row(surface, doc, row)
    if tag is not None:
        tag("page")


def _cover_figure(surface: Any, fig: Any, row: Box, font: str) -> None:
    """game.yaml's cover figure (a board with a game in progress), as large as the row allows (never above
    its true size), centred in it."""
    from genpnp.render.figure import draw_figure

    fw, fh = fig.size
    scale = min(row.w * 0.94 / fw, row.h / fh, 1.0)
    draw_figure(surface, fig, row.x + (row.w - fw * scale) / 2, row.y + (row.h - fh * scale) / 2, scale, font)


def cover_pieces(game: Any, most: int = 7) -> list[tuple[Any, Any, str]]:
    """The pieces the cover shows: those game.yaml's ``cover:`` names, else the first of each component of
    pieces (a deck of many items shows three of them), boards and sheets too large for the row left out;
    (component, piece, face) triples."""
    if getattr(game.meta, "cover", ()):  # the designer's choice (game.yaml cover:), checked at load
        from genpnp.model.figure import find_piece

        return [find_piece(game, ref) for ref in game.meta.cover]
    out: list[tuple[Any, Any, str]] = []
    for comp in game.ordered():
        pieces = getattr(comp, "pieces", None)
        if not pieces or getattr(comp, "layout", "pieces") != "pieces" or getattr(comp, "played_on", False):
            continue
        first = pieces[0]
        if max(first.w, first.h) > 100 * MM:
            continue
        shown: list[Any] = []
        for n in dict.fromkeys((0, len(pieces) // 2, len(pieces) - 1)):  # up to three that differ
            piece = pieces[n]
            if all(piece.fields != other.fields or piece.front != other.front for other in shown):
                shown.append(piece)
        out.extend((comp, piece, "front") for piece in shown)
    if len(out) > most:  # one of each component first, then the others, in the document's order
        names = [c.name for c in game.ordered()]
        firsts = [pair for n, pair in enumerate(out) if all(o[0].name != pair[0].name for o in out[:n])]
        chosen = (firsts + [pair for pair in out if pair not in firsts])[:most]
        out = sorted(chosen, key=lambda pair: (names.index(pair[0].name), pair[1].index))
    return out


TILT = (-4.0, 3.0, -2.0, 5.0, -3.0, 2.0, -5.0)  # the pieces lie a little askew, as if dealt on a table
RELATIVE_LEAST = 0.35  # a colour cover keeps its pieces' sizes relative down to this scale, no further
COLOUR_MOST = 1.6  # the largest a piece is drawn on a colour cover: large solid pieces waste ink
SHADOW = Color(0.78, 0.78, 0.78)  # a light drop shadow under each cover piece


def _pieces_row(surface: Any, doc: Any, row: Box) -> None:
    """The cover's pieces. In colour one to three rows at one scale (sizes kept relative, small pieces up
    to ``COLOUR_MOST``; where that scale would fall under ``RELATIVE_LEAST``, each piece at its own scale as
    in bw), each a little turned; in bw and saver, whose tints and bands are made for a piece's true
    size, one row at true size (smaller only where the row is too short), straight. A board the cover
    names (a piece over ``HERO_FROM``) leads: as tall as the row, at its left, the others beside it."""
    every = cover_pieces(doc.game)
    if doc.options.components:  # a build of some components shows only pieces it prints
        every = [triple for triple in every if triple[0].name in doc.options.components]
    if not every:
        return
    gap = 6 * MM
    hero = _hero(doc)  # drawn beside the title (_panel)
    if hero is not None:
        every = [t for t in every if (t[0].name, t[1].index, t[2]) != (hero[0].name, hero[1].index, hero[2])]
    if not every:
        return
    if doc.options.ink == "color":
        # the most pieces that fit at a third of their size or more, at one scale (sizes kept relative)
        options = [(n, *_arrangement([pc for _, pc, _ in every[:n]], row, gap, COLOUR_MOST))
                   for n in range(len(every), 0, -1)]
        count, rows, scale = next((o for o in options if o[2] >= RELATIVE_LEAST),
                                  max(options, key=lambda o: (round(o[2], 3), o[0])))
        pairs = every[:count]
        scales = [scale] * count
        # where even one piece needs shrinking under a third (a short panel, a tall card), one scale would
        # leave the small pieces a few millimetres wide: each piece then gets its own scale, as in bw
        relative = scale >= RELATIVE_LEAST
        if not relative:
            pairs = every
    else:
        pairs = every
        rows, scale = _arrangement([pc for _, pc, _ in pairs], row, gap, 1.0)
        relative = False
    if doc.options.ink != "color" and scale >= 0.999:  # all of them at true size, in one to three rows
        scales = [1.0] * len(pairs)
    elif not relative:
        while True:
            scales = [_shrink(pc, row.h) for _, pc, _ in pairs]
            width = sum(pc.w * k for (_, pc, _), k in zip(pairs, scales)) + gap * (len(pairs) - 1)
            if width <= row.w * 0.94 or len(pairs) == 1:
                break
            pairs = pairs[:-1]
        rows = [list(range(len(pairs)))]
    tilt = doc.options.ink == "color"  # in bw and saver they lie straight, their text along the page
    line_h = max(pc.h * k for (_, pc, _), k in zip(pairs, scales))
    block = len(rows) * line_h + gap * (len(rows) - 1)
    top = row.y + (row.h + block) / 2
    for r, members in enumerate(rows):
        total = sum(pairs[i][1].w * scales[i] for i in members) + gap * (len(members) - 1)
        cx = row.x + (row.w - total) / 2
        cy = top - r * (line_h + gap) - line_h / 2
        for i in members:
            comp, piece, face = pairs[i]
            s = scales[i]
            sw = piece.w * s
            _cover_piece(surface, comp, piece, face, cx + sw / 2, cy, s,
                         TILT[i % len(TILT)] if len(pairs) > 1 and tilt else 0.0)
            cx += sw + gap


HERO_FROM = 100 * MM  # a piece the cover names that is larger than this (a board) leads the cover's picture
HERO_MOST = 0.5  # of the panel's width, at most


def _hero(doc: Any) -> tuple[Any, Any, str] | None:
    """The board the cover names (its first piece larger than ``HERO_FROM``): drawn large at the right
    of the cover's panel, beside the title, the other pieces under the title."""
    if not getattr(doc.game.meta, "cover", ()):
        return None
    every = cover_pieces(doc.game)
    if doc.options.components:
        every = [t for t in every if t[0].name in doc.options.components]
    return next((t for t in every if max(t[1].w, t[1].h) > HERO_FROM), None)


def _cover_piece(surface: Any, comp: Any, piece: Any, face: str, cx: float, cy: float, s: float,
                 tilt: float) -> None:
    """One piece on the cover, centred at (cx, cy), drawn at scale ``s`` and turned ``tilt`` degrees, on a
    light drop shadow."""
    from genpnp.impose.sheet import Placement
    from genpnp.render.faces import draw_placement
    from genpnp.render.shapes import outline

    sw, sh = piece.w * s, piece.h * s
    surface.save()
    surface.translate(cx, cy)
    surface.rotate(tilt)
    surface.translate(-sw / 2, -sh / 2)
    surface.scale(s, s)
    shadow = outline(piece.shape, 0.9 * MM / s, -0.9 * MM / s, piece.w, piece.h, piece.radius)
    surface.path(shadow, fill=SHADOW)
    draw_placement(surface, Placement(comp, piece, face, Box(0, 0, piece.w, piece.h)))
    surface.path(outline(piece.shape, 0, 0, piece.w, piece.h, piece.radius), stroke=SOFT, width=0.4 / s)
    surface.restore()


def _shrink(piece: Any, room: float) -> float:
    """A piece's own scale in bw and saver: true size, or smaller where it is taller than the row allows."""
    return min(1.0, min(room, max(32 * MM, room * 0.7)) / piece.h, (room * 1.4) / piece.w)


def _arrangement(pieces: list[Any], row: Box, gap: float, most: float = 2.5) -> tuple[list[list[int]], float]:
    """The pieces in one to three rows (in order, the rows as even as can be) and the one scale at which
    they fill the box (at most ``most`` times their size, room left for their turn): the arrangement with
    the largest scale, the fewer rows on a near tie."""
    best: tuple[list[list[int]], float] = ([list(range(len(pieces)))], 0.0)
    tallest = max(p.h for p in pieces)
    for count in range(1, min(3, len(pieces)) + 1):
        per = -(-len(pieces) // count)
        rows = [list(range(i, min(i + per, len(pieces)))) for i in range(0, len(pieces), per)]
        widest = max(sum(pieces[i].w for i in r) for r in rows)
        longest = max(len(r) for r in rows)  # the most pieces in one row (``most`` is the scale's cap)
        scale = min(most, (row.h - gap * (len(rows) - 1)) * 0.88 / (tallest * len(rows)),
                    max(row.w * 0.94 - gap * (longest - 1), 1.0) / widest)
        if scale > best[1] * 1.08:
            best = (rows, scale)
    return best


def _heading(surface: Any, title: str, x: float, y: float, w: float, look: Look) -> float:
    surface.text(x, y, title, look.display, 12, look.accent, "left")
    surface.line(x, y - 1.6 * MM, x + w, y - 1.6 * MM, SOFT, 0.4)
    return y - 6 * MM


def _block(surface: Any, title: str, lines: list[str], x: float, y: float, w: float, look: Look,
           size: float = 9.0) -> float:
    y = _heading(surface, title, x, y, w, look)
    for line in lines:
        for part in fonts.wrap(line, look.regular, size, w):
            surface.text(x, y, part, look.regular, size, INK, "left")
            y -= size + 2
    return y - 4 * MM


def _contents(surface: Any, doc: Any, x: float, y: float, w: float, look: Look, most: int = 2) -> float:
    y = _heading(surface, tr("Contents"), x, y, w, look)
    entries = contents_entries(doc)
    columns = most if len(entries) > 14 else 1
    col_w = w / columns
    rows = -(-len(entries) // columns)
    for i, (title, page) in enumerate(entries):
        col, row = divmod(i, rows)
        cx, cy = x + col * col_w, y - row * 11
        room = col_w - 8 * MM - fonts.text_width(page, look.regular, 9) - 3 * MM  # clear of its pages
        size = 9.0
        while size > 6.5 and fonts.text_width(title, look.regular, size) > room:
            size -= 0.25
        surface.text(cx, cy, title, look.regular, size, INK, "left")
        surface.text(cx + col_w - 6 * MM, cy, page, look.regular, 9, INK, "right")
    return y - rows * 11 - 4 * MM


def contents_entries(doc: Any) -> list[tuple[str, str]]:
    """(title, pages) in page order: "4", or "4–5" for a section that runs on over several pages."""
    entries = list(doc.contents)  # the cover is where the contents is read: not an entry of it
    if doc.calibration:
        entries = sorted(entries + [(tr("Duplex calibration"), doc.calibration)], key=lambda e: e[1])
    last = getattr(doc, "last_pages", {})
    return [(title, f"{page}–{last[title]}" if last.get(title, page) > page else str(page))
            for title, page in entries]


LEGEND = (("cut", "cut along this line"), ("fold", "fold along this line (dash-dot)"),
          ("crop", "crop marks: cut between them"),
          ("hinge", "round pairs: cut around both, fold at the hinge, glue, trim the hinge off"),
          ("trim", "board in parts: trim each part along this line"),
          ("glue", "board in parts: glue strip, covered by the next part"),
          ("edge", "board in parts: lay the next part's trimmed edge on this line"),
          ("align", "board in parts: alignment marks, half on each part: whole when the parts line up"))


def legend_items(marks: frozenset[str]) -> list[tuple[str, str]]:
    """The legend's entries: only the marks this PDF draws."""
    shown = marks | {"fold"} if "fold-up" in marks else marks  # a die net's fold lines are fold lines too
    return [(kind, tr(text)) for kind, text in LEGEND if kind in shown]


def _legend(surface: Any, doc: Any, x: float, y: float, w: float, look: Look) -> float:
    from genpnp.impose.document import drawn_marks

    items = legend_items(drawn_marks(doc))
    if not items and not [c for c in doc.game.palette.values() if c.label]:
        return y
    y = _heading(surface, tr("Legend"), x, y, w, look)
    col_w = w / 2
    row_y, row_h = y, 12.0
    for i, (kind, text) in enumerate(items):
        col = i % 2
        if col == 0 and i:  # a new row, below the tallest item of the last one
            row_y, row_h = row_y - row_h, 12.0
        sx, sy = x + col * col_w, row_y
        _sample(surface, kind, sx, sy + 1.2)
        lines = fonts.wrap(text, look.regular, 8, col_w - 18 * MM)
        for n, line in enumerate(lines):
            surface.text(sx + 16 * MM, sy - n * 9.5, line, look.regular, 8, INK, "left")
        row_h = max(row_h, 12.0 + (len(lines) - 1) * 9.5)
    y = row_y - row_h - 3 * MM if items else y
    palette = [c for c in doc.game.palette.values() if c.label]
    if palette:
        ink = doc.options.ink
        surface.text(x, y, tr("Colours (as printed in black and white)") if ink == "bw" else tr("Colours"),
                     look.bold, 9, INK, "left")
        y -= 12
        row_y, row_h = y, 12.0
        shades = _shade_words(palette) if ink == "bw" else []
        for i, color in enumerate(palette):
            col = i % 2
            if col == 0 and i:
                row_y, row_h = row_y - row_h, 12.0
            sx, sy = x + col * col_w, row_y
            surface.rect(sx, sy - 2, 12 * MM, 3.5 * MM, fill=color, stroke=INK, width=0.3)
            grey = tr(": {shade}", shade=shades[i]) if ink == "bw" else ""
            lines = fonts.wrap(f"{color.label}{grey}", look.regular, 8, col_w - 18 * MM)
            for n, line in enumerate(lines):  # wrapped within its column: never over the next swatch
                surface.text(sx + 16 * MM, sy - n * 9.5, line, look.regular, 8, INK, "left")
            row_h = max(row_h, 12.0 + (len(lines) - 1) * 9.5)
        y = row_y - row_h
    if doc.options.ink == "color":
        y = _grey_clashes(surface, doc, x, y, w, look)
    return y - 4 * MM


def _shade(grey: float) -> str:
    """A grey level in words, as a player names the swatch ("light grey"), not as a printer's percentage."""
    return ("white" if grey > 0.95 else "very light grey" if grey >= 0.85 else "light grey" if grey >= 0.65
            else "mid grey" if grey >= 0.45 else "dark grey" if grey >= 0.25 else "very dark grey" if grey > 0.08
            else "black")


def _shade_words(palette: list[Any]) -> list[str]:
    """Each colour's shade in black and white, in words (with its pattern); where two colours of different
    greys would get the same words, they say which is the lighter ("light grey, the lighter")."""
    words = [tr(_shade(grey_of(c))) + (tr(" with {pattern}", pattern=tr(c.pattern)) if c.pattern else "")
             for c in palette]
    for same in {w for w in words if words.count(w) > 1}:
        group = sorted((i for i, w in enumerate(words) if w == same), key=lambda i: -grey_of(palette[i]))
        greys = [round(grey_of(palette[i]), 2) for i in group]
        if len(set(greys)) < 2:
            continue  # printed alike: the grey-clash check of the colour build says so
        for rank, i in enumerate(group):
            order = (tr("the lighter") if rank == 0 else tr("the darker")) if len(group) == 2 else \
                tr("the lightest") if rank == 0 else tr("the darkest") if rank == len(group) - 1 else \
                tr("in between")
            words[i] = f"{same}, {order}"
    return words


def _grey_clashes(surface: Any, doc: Any, x: float, y: float, w: float, look: Look) -> float:
    """Say which colours that must differ this colour PDF prints alike on a mono printer."""
    from genpnp.rules.contrast import grey_clashes

    palette = doc.game.palette
    groups = [[palette[n].label or n for n in group] for group in grey_clashes(doc.game)]
    if not groups:
        return y
    names = "; ".join(", ".join(g[:-1]) + tr(" and ") + g[-1] for g in groups)
    text = tr("A black-and-white printer prints {names} in greys too close to tell apart: for such a printer, "
              "print this game's black-and-white edition instead.", names=names)
    for part in fonts.wrap(text, look.regular, 8, w):
        surface.text(x, y, part, look.regular, 8, INK, "left")
        y -= 10
    return y


def _sample(surface: Any, kind: str, x: float, y: float) -> None:
    if kind == "cut":  # a line as the sheets print it: thin and dark on its white halo, as long as the fold's
        surface.line(x, y, x + 12 * MM, y, CUT_HALO, HALO_WIDTH)
        surface.line(x, y, x + 12 * MM, y, CUT, CUT_WIDTH)
    elif kind == "fold":
        surface.line(x, y, x + 12 * MM, y, FOLD, 0.8, FOLD_DASH)
    elif kind == "crop":
        surface.line(x + 2 * MM, y, x + 6 * MM, y, CROP, 0.4)
        surface.line(x + 8 * MM, y - 2 * MM, x + 8 * MM, y + 2 * MM, CROP, 0.4)
    elif kind == "trim":
        surface.line(x, y, x + 12 * MM, y, TRIM, 0.8, TRIM_DASH)
    elif kind == "glue":
        draw_glue(surface, Box(x, y - 1.8 * MM, 12 * MM, 3.6 * MM), label=False)
    elif kind == "align":
        draw_align(surface, x + 6 * MM, y)
    elif kind == "edge":
        surface.line(x, y, x + 12 * MM, y, TRIM, 0.5)
    elif kind == "hinge":
        from genpnp.render.shapes import pair_outline

        surface.path(pair_outline(x + 1 * MM, y - 2.5 * MM, 10 * MM, 5 * MM, 2 * MM), stroke=CUT, width=CUT_WIDTH)
        surface.line(x + 6 * MM, y - 1 * MM, x + 6 * MM, y + 1 * MM, FOLD, 0.6, FOLD_DASH)
