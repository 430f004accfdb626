"""The cover: title, credits, contents with page numbers, legend and printing advice."""

from __future__ import annotations

from typing import Any

from genpnp import fonts
from genpnp.art.text import draw_lines
from genpnp.backends.ink import grey_of
from genpnp.color import Color
from genpnp.i18n import tr
from genpnp.impose.frame import Frame
from genpnp.render.marks import CROP, CUT, CUT_WIDTH, FOLD, FOLD_DASH, TRIM, TRIM_DASH, draw_align, draw_glue
from genpnp.units import MM

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
    lines.append(tr("Players: {players}", players=meta.players))
    lines.append(tr("Licence: {licence}", licence=meta.licence))
    lines.extend(meta.credits)
    if meta.source:
        lines.append(tr("Source: {source}", source=meta.source))
    return lines


def advice_lines(doc: Any) -> list[str]:
    o = doc.options
    lines = [
        tr("Print at 100% (\"actual size\") on {paper} paper; check the scale square (or bar) on each sheet.",
           paper=tr(o.paper.name)),
    ]
    if o.backs == "fold":
        lines.append(tr("Print single-sided. Glue the sheet to card before cutting; fold pairs along the dashed "
                        "line, glue back to front, then cut."))
    else:
        flip = tr("long") if o.flip == "long" else tr("short")
        lines.append(tr("Print double-sided, flipping on the {flip} edge; pages marked \"backs\" go on the back "
                        "of the page before. Use the calibration page (genpnp calibrate) to find a printer's offset. "
                        "Sheets to cut have their backs or nothing behind them; two boards that follow each other "
                        "are printed back to back: play on them as printed, without trimming.", flip=flip))
    if o.bleed:
        lines.append(tr("Artwork runs {bleed} mm past the cut: cut between the crop marks.",
                        bleed=f"{o.bleed / MM:.1f}"))
    if o.ink == "bw":
        lines.append(tr("Black-and-white edition: colours print as the greys and patterns in the legend."))
    elif o.ink == "saver":
        lines.append(tr("Ink-saver edition: large areas print as light tints."))
    return lines


def draw_cover(surface: Any, doc: Any, frame: Frame) -> None:
    meta = doc.game.meta
    p = frame.printable
    x, w = p.x + 6 * MM, p.w - 12 * MM
    y = p.y2 - 22 * MM
    surface.text(x, y, meta.name, fonts.BOLD, 28, INK, "left")
    y -= 8 * MM
    surface.text(x, y, tr("Print-and-play edition · version {version}", version=meta.version), fonts.DEFAULT, 11,
                 SOFT, "left")
    y -= 6 * MM
    if meta.description:
        lines = fonts.wrap(meta.description, fonts.DEFAULT, 10, w)
        draw_lines(surface, lines, fonts.DEFAULT, 10, INK, x, y - len(lines) * 12, w, len(lines) * 12,
                   "left", "top")
        y -= len(lines) * 12 + 4 * MM
    y = _block(surface, tr("Credits"), credit_lines(meta), x, y, w)
    y = _contents(surface, doc, x, y, w)
    y = _legend(surface, doc, x, y, w)
    _block(surface, tr("Printing"), advice_lines(doc), x, y, w)


def _heading(surface: Any, title: str, x: float, y: float, w: float) -> float:
    surface.text(x, y, title, fonts.BOLD, 12, INK, "left")
    surface.line(x, y - 1.6 * MM, x + w, y - 1.6 * MM, SOFT, 0.4)
    return y - 6 * MM


def _block(surface: Any, title: str, lines: list[str], x: float, y: float, w: float) -> float:
    y = _heading(surface, title, x, y, w)
    for line in lines:
        for part in fonts.wrap(line, fonts.DEFAULT, 9, w):
            surface.text(x, y, part, fonts.DEFAULT, 9, INK, "left")
            y -= 11
    return y - 4 * MM


def _contents(surface: Any, doc: Any, x: float, y: float, w: float) -> float:
    y = _heading(surface, tr("Contents"), x, y, w)
    entries = [(tr("Cover"), 1)] + list(doc.contents)
    col_w = w / 2 if len(entries) > 8 else w
    rows = -(-len(entries) // (2 if col_w < w else 1))
    for i, (title, page) in enumerate(entries):
        col, row = divmod(i, rows)
        cx, cy = x + col * col_w, y - row * 11
        surface.text(cx, cy, title, fonts.DEFAULT, 9, INK, "left")
        surface.text(cx + col_w - 6 * MM, cy, str(page), fonts.DEFAULT, 9, INK, "right")
    return y - rows * 11 - 4 * MM


def _legend(surface: Any, doc: Any, x: float, y: float, w: float) -> float:
    y = _heading(surface, tr("Legend"), x, y, w)
    items = [("cut", tr("cut along this line")), ("fold", tr("fold along this line (dashed)"))]
    if doc.options.bleed:
        items.append(("crop", tr("crop marks: cut between them")))
    items += [("hinge", tr("round pairs: cut around both, fold at the hinge, glue, trim the hinge off")),
              ("trim", tr("poster: trim the part along this line")),
              ("glue", tr("poster: glue strip, covered by the next part")),
              ("edge", tr("poster: lay the next part's trimmed edge on this line")),
              ("align", tr("poster: alignment marks, on the glue strip only"))]
    col_w = w / 2
    row_y, row_h = y, 12.0
    for i, (kind, text) in enumerate(items):
        col = i % 2
        if col == 0 and i:  # a new row, below the tallest item of the last one
            row_y, row_h = row_y - row_h, 12.0
        sx, sy = x + col * col_w, row_y
        _sample(surface, kind, sx, sy + 1.2)
        lines = fonts.wrap(text, fonts.DEFAULT, 8, col_w - 18 * MM)
        for n, line in enumerate(lines):
            surface.text(sx + 16 * MM, sy - n * 9.5, line, fonts.DEFAULT, 8, INK, "left")
        row_h = max(row_h, 12.0 + (len(lines) - 1) * 9.5)
    y = row_y - row_h - 3 * MM
    palette = [c for c in doc.game.palette.values() if c.label]
    if palette:
        ink = doc.options.ink
        surface.text(x, y, tr("Colours (as printed in black and white)") if ink == "bw" else tr("Colours"),
                     fonts.BOLD, 9, INK, "left")
        y -= 12
        for i, color in enumerate(palette):
            col, row = i % 2, i // 2
            sx, sy = x + col * col_w, y - row * 12
            surface.rect(sx, sy - 2, 12 * MM, 3.5 * MM, fill=color, stroke=INK, width=0.3)
            grey = tr(" - prints as {percent}% grey", percent=round((1 - grey_of(color)) * 100)) if ink == "bw" else ""
            pattern = tr(" with {pattern}", pattern=tr(color.pattern)) if ink == "bw" and color.pattern else ""
            surface.text(sx + 16 * MM, sy, f"{color.label}{grey}{pattern}", fonts.DEFAULT, 8, INK, "left")
        y -= ((len(palette) + 1) // 2) * 12
    if doc.options.ink == "color":
        y = _grey_clashes(surface, doc, x, y, w)
    return y - 4 * MM


def _grey_clashes(surface: Any, doc: Any, x: float, y: float, w: float) -> float:
    """Say which colours that must differ this colour PDF prints alike on a mono printer."""
    from genpnp.rules.contrast import grey_clashes

    palette = doc.game.palette
    groups = [[palette[n].label or n for n in group] for group in grey_clashes(doc.game)]
    if not groups:
        return y
    names = "; ".join(", ".join(g[:-1]) + tr(" and ") + g[-1] for g in groups)
    text = tr("A black-and-white printer prints {names} in greys too close to tell apart: for such a printer, "
              "print the black-and-white edition (genpnp build --ink bw).", names=names)
    for part in fonts.wrap(text, fonts.DEFAULT, 8, w):
        surface.text(x, y, part, fonts.DEFAULT, 8, INK, "left")
        y -= 10
    return y


def _sample(surface: Any, kind: str, x: float, y: float) -> None:
    if kind == "cut":
        surface.line(x, y, x + 12 * MM, y, CUT, CUT_WIDTH * 2)
    elif kind == "fold":
        surface.line(x, y, x + 12 * MM, y, FOLD, 0.8, FOLD_DASH)
    elif kind == "crop":
        surface.line(x + 2 * MM, y, x + 6 * MM, y, CROP, 0.4)
        surface.line(x + 8 * MM, y - 2 * MM, x + 8 * MM, y + 2 * MM, CROP, 0.4)
    elif kind == "trim":
        surface.line(x, y, x + 12 * MM, y, TRIM, 0.8, TRIM_DASH)
    elif kind == "glue":
        from genpnp.impose.sheet import Box

        draw_glue(surface, Box(x, y - 1.8 * MM, 12 * MM, 3.6 * MM), label=False)
    elif kind == "align":
        draw_align(surface, x + 6 * MM, y)
    elif kind == "edge":
        surface.line(x, y, x + 12 * MM, y, TRIM, 0.5)
    elif kind == "hinge":
        from genpnp.render.shapes import pair_outline

        surface.path(pair_outline(x + 1 * MM, y - 2.5 * MM, 10 * MM, 5 * MM, 2 * MM), stroke=CUT, width=CUT_WIDTH)
        surface.line(x + 6 * MM, y - 1 * MM, x + 6 * MM, y + 1 * MM, FOLD, 0.6, FOLD_DASH)
