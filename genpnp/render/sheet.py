"""Drawing a whole sheet: header, footer, scale square, placements, marks and labels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.core.i18n import tr
from genpnp.core.units import MM
from genpnp.impose.frame import Frame, make_frame
from genpnp.impose.sheet import Band, Sheet
from genpnp.render.faces import draw_placement
from genpnp.render.look import body_look, title_look
from genpnp.render.marks import draw_glue, draw_mark

INK = Color(0.1, 0.1, 0.1)
STEPS_PT = 9.0  # a board part's assembly steps under its title: this size, never below STEPS_LEAST_PT
STEPS_LEAST_PT = 8.0
SOFT = Color(0.4, 0.4, 0.4)


def page_size(doc: Any, sheet: Sheet) -> tuple[float, float]:
    return sheet.page_size((doc.options.paper.w, doc.options.paper.h))


def frame_for(doc: Any, sheet: Sheet) -> Frame:
    w, h = page_size(doc, sheet)
    return make_frame(doc.options, landscape=w > h)


def draw_sheet(surface: Any, doc: Any, sheet: Sheet, number: int, total: int) -> None:
    if sheet.role == "blank":  # the back of the last page to read in a duplex build: a small line says so
        draw_blank(surface, doc, sheet)
        return
    frame = frame_for(doc, sheet)
    tag = getattr(surface, "tag", None) or _no_tag  # the audit's recording surface notes what is drawn
    tag("page")
    if sheet.role == "cover":
        from genpnp.render.cover import draw_cover

        draw_cover(surface, doc, frame)
    elif sheet.role == "text":
        from genpnp.render.textpage import draw_text_page

        draw_text_page(surface, sheet.content)
    elif sheet.role in ("calibration", "calibration-back"):
        from genpnp.render.calibration import draw_in_build

        draw_in_build(surface, doc, frame, sheet.content["side"], number)
    elif sheet.role == "page":
        comp = doc.game.components[sheet.section]
        index, area = sheet.content
        from genpnp.render.scoresheet import draw_page

        draw_page(comp, surface, index, area)
    for n, placement in enumerate(sheet.placements):
        tag("placement", n)
        draw_placement(surface, placement)
    if getattr(doc.game, "drafts", ()):  # build --force of a game with text too long: name it in the margin
        from genpnp.render.draft import draw_notes, overflow_notes

        tag("draft")
        draw_notes(surface, overflow_notes(sheet), frame.page_w, frame.page_h, frame.margin)
    words = _placement_words(sheet) if any(kind == "glue" for kind, _ in sheet.fills) else []
    for n, (kind, box) in enumerate(sheet.fills):  # over the art: the next part covers it
        tag("glue", n)
        if kind == "glue":
            draw_glue(surface, box, avoid=words)
    for n, mark in enumerate(sheet.marks):
        tag("mark", n)
        draw_mark(surface, mark)
    regular, bold, _ = body_look(doc)
    heading, heading_ink = title_look(doc)
    for n, label in enumerate(sheet.labels):
        tag("label", n)
        font = heading if label.heading else bold if label.bold else regular
        planned = fonts.BOLD if label.bold else fonts.DEFAULT  # the face the imposition measured it in
        size = label.size
        if label.heading:  # the sheet titles' face, no wider than the room the imposition measured
            wide = fonts.text_width(label.text, font, size)
            size = min(size, size * fonts.text_width(label.text, planned, size) / wide) if wide else size
        lift = max(0.0, abs(fonts.descent(font, size)) - abs(fonts.descent(planned, size)))
        surface.save()
        surface.translate(label.x, label.y)
        if label.rotate:
            surface.rotate(label.rotate)
        surface.text(0, lift, label.text, font, size, heading_ink if label.heading else INK,
                     label.align)  # never lower than planned
        surface.restore()
    header = sheet.header or frame.header
    tag("header")
    if sheet.role != "cover":
        draw_header(surface, doc, sheet, frame, header, shows_scale(doc, number))
    tag("footer")
    draw_footer(surface, doc, frame, number, total, sheet.footer or frame.footer, sheet.role)
    tag("scale")
    if not shows_scale(doc, number):
        return
    if sheet.scale_box is not None:
        draw_scale(surface, sheet.scale_box, frame.scale_text, regular, bold)
    if sheet.scale_bar is not None:
        in_band(surface, Band(sheet.scale_bar, sheet.scale_rot),
                lambda length, thick: draw_scale_bar(surface, length, thick, frame.scale_text, bold))


def _placement_words(sheet: Sheet) -> list[Any]:
    """The page boxes of the words the sheet's placements print (as they show through their clips): a
    glue strip's "glue here" tag stands clear of them, so that no name on the part under it is hidden
    before the next part covers the strip."""
    from genpnp.render.recorder import RecordingSurface

    recorder = RecordingSurface()
    for placement in sheet.placements:
        draw_placement(recorder, placement)
    return [ink.box for ink in recorder.ink if ink.kind == "text"]


def draw_blank(surface: Any, doc: Any, sheet: Sheet) -> None:
    """A page left blank says why, in a small grey line at its middle."""
    back_of = sheet.content.get("back_of", 0) if isinstance(sheet.content, dict) else 0
    if not back_of:
        return
    w, h = page_size(doc, sheet)
    surface.text(w / 2, h / 2, tr("This page is left blank: it is the back of page {page}.", page=back_of),
                 body_look(doc)[2], 8, SOFT, "center")


def shows_scale(doc: Any, number: int) -> bool:
    """The scale check is where a player checks it: on the cover and the first sheet to cut."""
    pages = getattr(doc, "scale_pages", None)
    return pages is None or not pages or number in pages


def _no_tag(what: str, owner: int = -1) -> None:
    pass


def in_band(surface: Any, band: Band, draw: Callable[[float, float], None]) -> None:
    """Draw in a band's own coordinates: origin at its start, x along it, y across it."""
    b = band.box
    surface.save()
    if band.rot:
        surface.translate(b.x2, b.y)
        surface.rotate(90)
    else:
        surface.translate(b.x, b.y)
    draw(band.length, band.thickness)
    surface.restore()


def fit_text(surface: Any, text: str, font: str, size: float, room: float, least: float = 5.0) -> float:
    """The size at which ``text`` fits ``room`` (never below ``least``)."""
    width = surface.text_width(text, font, size)
    return size if width <= room else max(size * room / width, least)


def draw_header(surface: Any, doc: Any, sheet: Sheet, frame: Frame, band: Band, scale: bool = True) -> None:
    """The title (and the note under it); ``scale``: the page shows its scale bar, so the title
    leaves room for it."""
    size = 12.0 if band.thickness >= 9 * MM else 10.0
    tiles = isinstance(sheet.content, dict) and "tiles" in sheet.content
    bar = scale and sheet.scale_bar is not None and sheet.scale_rot == band.rot
    room_for_bar = frame.scale + 4 * MM if bar else 0.0
    room_for_plan = 50 * MM if tiles else 0.0

    title_font, title_ink = title_look(doc)
    italic = body_look(doc)[2]

    def draw(length: float, thick: float) -> None:
        room = length - room_for_bar - room_for_plan
        title_size = fit_text(surface, sheet.title, title_font, size, room)
        base = thick - min(5 * MM, thick - 1 * MM) if thick > 6 * MM else (thick - title_size * 0.7) / 2
        surface.text(0, base, sheet.title, title_font, title_size, title_ink, "left")
        note = sheet.note or (sheet.content.get("steps", "") if tiles else "")
        if note and tiles and not sheet.note and thick >= 9 * MM:  # a board part's assembly steps: a player
            # follows them with scissors and glue in hand, so they read dark, upright and at STEPS_PT, on
            # as many lines as the band holds (shrunk only where it holds too few)
            regular = body_look(doc)[0]
            top, bottom = base - 4.2 * MM, 0.8 * MM + STEPS_PT * 0.25
            rows = sheet.content["tiles"][1]
            plan_bottom = thick - 1 * MM - rows * min(4.5 * MM, (thick - 2 * MM) / rows)  # draw_assembly's plan
            # under a plan of one row, the steps run the band's length (but for the scale bar)
            steps_room = length - room_for_bar if plan_bottom > top + STEPS_PT * 0.8 else room
            steps_size, lines = STEPS_PT, fonts.wrap(note, regular, STEPS_PT, steps_room)
            while steps_size > STEPS_LEAST_PT and top - (len(lines) - 1) * steps_size * 1.15 < bottom:
                steps_size -= 0.25
                lines = fonts.wrap(note, regular, steps_size, steps_room)
            for n, line in enumerate(lines):
                surface.text(0, top - n * steps_size * 1.15, line, regular, steps_size, INK, "left")
        elif note and thick >= 9 * MM:
            note_size = fit_text(surface, note, italic, 7.5, room, 5.5)
            surface.text(0, base - 4.2 * MM, note, italic, note_size, SOFT, "left")
        elif note:  # no room under the title: after it, if it fits
            start = surface.text_width(sheet.title, title_font, title_size) + 3 * MM
            if start + surface.text_width(note, italic, 6.5) <= room:
                surface.text(start, base, note, italic, 6.5, SOFT, "left")

    in_band(surface, band, draw)
    if tiles:
        draw_assembly(surface, band, sheet.content["tiles"], sheet.content["tile"], body_look(doc)[0])


def draw_assembly(surface: Any, band: Band, tiles: tuple[int, int], current: tuple[int, int],
                  font: str = fonts.DEFAULT) -> None:
    """A small diagram of how the pages of a poster go together, this page shaded."""
    cols, rows = tiles
    h = band.box
    cell = min(4.5 * MM, (h.h - 2 * MM) / rows)
    x0 = h.x2 - cols * cell - 34 * MM
    y_top = h.y2 - 1 * MM
    surface.text(x0 - 2 * MM, y_top - cell * rows / 2 - 1, tr("assembly:"), font, 6.5, SOFT, "right")
    for r in range(rows):
        for c in range(cols):
            here = (c, r) == tuple(current)
            x, y = x0 + c * cell, y_top - (r + 1) * cell
            surface.rect(x, y, cell, cell, fill=SOFT if here else Color(1, 1, 1), stroke=INK, width=0.4)
            surface.text(x + cell / 2, y + cell / 2 - 2, str(r * cols + c + 1), font,
                         min(5.5, cell * 0.45), Color(1, 1, 1) if here else INK, "center")


PLAY_ROLES = ("pieces", "back", "board", "poster", "calibration", "calibration-back")  # pages cut up or played on


def footer_parts(doc: Any, number: int, total: int, role: str = "") -> tuple[list[str], list[str]]:
    """The footer's two halves as their parts (each kept whole): game, version, licence; paper,
    ink, backs, page number. The licence is printed on the pages a player reads (the cover, which also
    lists it under Credits, the rules, the sheets to write on), not on those cut into pieces or
    played on (``role`` in PLAY_ROLES)."""
    from genpnp.render.cover import paper_name

    meta = doc.game.meta
    opts = doc.options
    single = getattr(doc, "single_sided", 0)
    sides = two_sided(doc)
    if sides == "duplex":
        cal = getattr(doc, "calibration", 0)
        alone = cal and number in (cal, cal + 1)  # the calibration sheet: the last two pages, double-sided
        backs = [tr("print single-sided") if single and number >= single and not alone else tr("print double-sided")]
    else:
        backs = [tr("fold pairs")] if sides == "fold" else []
    licence = [] if role in PLAY_ROLES or not meta.licence else [meta.licence]
    return ([meta.name, tr("version {version}", version=meta.version), *licence],
            [paper_name(opts.paper), *([] if opts.ink == "color" else [tr(INK_NAMES[opts.ink])]), *backs,
             tr("page {number} of {total}", number=number, total=total)])


INK_NAMES = {"bw": "black-and-white edition", "saver": "ink-saver edition"}


def two_sided(doc: Any) -> str:
    """How this PDF prints its two-sided pieces: "duplex" (backs on the reverse), "fold" (fold
    pairs), or "" (it has none: the footer names no backs mode that would change nothing)."""
    from genpnp.impose.document import page_roles
    from genpnp.model.base import any_back

    if doc.options.backs == "duplex":
        return "duplex" if "back" in page_roles(doc) else ""
    for comp in doc.game.ordered():
        chosen = doc.options.components
        if chosen and comp.name not in chosen:
            continue
        if getattr(comp, "fold", False) and getattr(comp, "pieces", None) and any_back(comp.pieces):
            return "fold"  # any_back: for runs of items, without making every piece (50,000 cards)
    return ""


def footer_texts(doc: Any, number: int, total: int) -> tuple[str, str]:
    left, right = footer_parts(doc, number, total)
    return " · ".join(left), " · ".join(right)


def fit_footer(left: list[str], right: list[str], room: float, size: float,
               width: Callable[[str, float], float], least: float = 5.5) -> tuple[str, str, float]:
    """The footer's two halves at a size where both fit ``room`` side by side, never cutting a word:
    the text shrinks down to ``least``, then whole parts are left out (the licence, then the
    print options, then the version; the game's name and the page number stay)."""
    gap = 4 * MM
    drops = [(2, None), (None, slice(0, -1)), (1, None)]  # parts left out, in this order
    parts_l, parts_r = list(left), list(right)
    steps = [(list(parts_l), list(parts_r))]
    for drop_l, drop_r in drops:
        if drop_l is not None and drop_l < len(parts_l):
            parts_l = [p for n, p in enumerate(parts_l) if n != drop_l]
        if drop_r is not None:
            parts_r = parts_r[-1:]  # the page number stays
        steps.append((list(parts_l), list(parts_r)))
    for sizes in ((size,), (least,)):
        for pl, pr in steps:
            a, b = " · ".join(pl), " · ".join(pr)
            if width(a, sizes[0]) + width(b, sizes[0]) + gap <= room:
                return a, b, sizes[0]
    pl, pr = steps[-1]
    a, b = " · ".join(pl), " · ".join(pr)
    if width(a, least) + width(b, least) + gap > room:
        a = ""  # not even the name fits beside the page number: the page number alone
    return a, b, least


def draw_footer(surface: Any, doc: Any, frame: Frame, number: int, total: int, band: Band, role: str = "") -> None:
    """Game, version and licence (on pages to read) at the start; paper, ink, backs and page number at
    the end. Where both do not fit side by side, the text shrinks, then whole parts are left out: a word
    is never cut, the halves never overprint."""
    left_parts, right_parts = footer_parts(doc, number, total, role)
    size = 7.0 if band.thickness >= 6 * MM else 6.5
    font = body_look(doc)[0]

    def draw(length: float, thick: float) -> None:
        left, right, used = fit_footer(left_parts, right_parts, length, size,
                                       lambda t, s: surface.text_width(t, font, s))
        y = min(1.5 * MM, max(thick - used * 0.8, 0) / 2)
        if left:
            surface.text(0, y, left, font, used, SOFT, "left")
        surface.text(length, y, right, font, used, SOFT, "right")

    in_band(surface, band, draw)


SCALE_LABEL = 6.5  # pt: the scale check's words, readable at arm's length


def draw_scale(surface: Any, box: Any, text: str, regular: str = fonts.DEFAULT, bold: str = fonts.BOLD) -> None:
    surface.rect(box.x, box.y, box.w, box.h, stroke=INK, width=0.5)
    surface.text(box.x + box.w / 2, box.y + box.h / 2 + 1, text, bold, 8, INK, "center")
    surface.text(box.x + box.w / 2, box.y + box.h / 2 - 8, tr("scale check"), regular, SCALE_LABEL, SOFT, "center")
    words = tr("must measure {length}", length=text)  # never wider than its square (which keeps the margin)
    width = surface.text_width(words, regular, SCALE_LABEL)
    size = SCALE_LABEL if width <= box.w else SCALE_LABEL * box.w / width
    surface.text(box.x + box.w / 2, box.y - 3 * MM, words, regular, size, SOFT, "center")


def draw_scale_bar(surface: Any, length: float, thick: float, text: str, bold: str = fonts.BOLD) -> None:
    """A bar of the scale's length with end ticks and its length written above it (in band
    coordinates: the bar runs along the band)."""
    y = min(2 * MM, thick / 2 - 0.5 * MM)
    surface.line(0, y, length, y, INK, 0.6)
    for x in (0, length):
        surface.line(x, y - 1 * MM, x, y + 1.6 * MM, INK, 0.6)
    surface.text(length / 2, y + 0.7 * MM, tr("{length} scale check", length=text), bold, SCALE_LABEL, INK, "center")
