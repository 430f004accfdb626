"""Typesetting Markdown blocks into pages of positioned text (geometry only)."""

from __future__ import annotations

from typing import Any

from genpnp import fonts
from genpnp.content.markdown import Block, plain, runs
from genpnp.impose.frame import Frame, reserve_scale, scale_spot
from genpnp.impose.options import Options
from genpnp.impose.sheet import Box, Sheet
from genpnp.units import MM

GAP = 6 * MM


def styled(base: str, style: str) -> str:
    return fonts.styled(base, style)


Piece = tuple  # (text, font, style): style a markup.Style (colour, size, lines, rise)


def words_of(text: str, font: str, style: str = "", names: Any = None) -> list[list[Piece]]:
    """The text's words, each a list of (text, font, style) pieces: only a space in the source separates
    words, so a styled run and the punctuation after it stay one word ("**11**." has no space before the
    dot). Style tags ([red]...[/], :mod:`genpnp.art.markup`) are read with ``names`` (checked at load)."""
    out: list[list[Piece]] = []
    joined = False  # the next piece continues the last word (no space between them in the source)
    for part, st, tagged in _segments(text, names):
        f = styled(tagged.font or font, "".join(sorted(set(st + style))) if st or style else "")
        for i, word in enumerate(part.split(" ")):
            if i:
                joined = False
            if not word:
                continue
            if joined and out:
                out[-1].append((word, f, tagged))
            else:
                out.append([(word, f, tagged)])
            joined = True
    return out


def _segments(text: str, names: Any) -> list[tuple[str, str, Any]]:
    from genpnp.art import markup

    if names is None or not markup.has_tags(text):
        return [(part, st, markup.PLAIN) for part, st in runs(text)]
    return markup.parse(text, names)[0]


def piece_size(piece: Piece, size: float) -> float:
    """The font size of a piece of text set at ``size`` ([size=...], [sup] and [sub] change it)."""
    style = piece[2]
    return style.pt or size * style.scale


def wrap_runs(text: str, font: str, size: float, width: float, style: str = "",
              names: Any = None) -> list[list[tuple]]:
    """Lines of (x, text, font, style) pieces, words wrapped to ``width``."""
    lines: list[list[tuple]] = []
    line: list[tuple] = []
    x = 0.0
    space = fonts.text_width(" ", font, size)
    for word in words_of(text, font, style, names):
        ww = sum(fonts.text_width(p[0], p[1], piece_size(p, size)) for p in word)
        if line and x + space + ww > width:
            lines.append(line)
            line, x = [], 0.0
        if line:
            x += space
        for p in word:
            line.append((x, p[0], p[1], p[2]))
            x += fonts.text_width(p[0], p[1], piece_size(p, size))
    if line:
        lines.append(line)
    return lines


def heading_font(font: str, names: Any) -> tuple[str, str]:
    """(font, "b" or "") of headings: the game's heading font (styles: heading:), in its family's bold face
    when it has one (a display face as it is); else the body font's bold."""
    chosen = getattr(names, "heading_font", None)
    if chosen is None:
        return font, "b"
    return chosen, "b" if fonts.has_style(chosen, "b") else ""


def _inked(lines: list[list[tuple]], color: Any) -> list[list[tuple]]:
    """The lines with ``color`` for every piece whose tags set no colour of their own."""
    if color is None:
        return lines
    import dataclasses

    return [[(x, t, f, st if st.color is not None else dataclasses.replace(st, color=color)) for x, t, f, st in ln]
            for ln in lines]


def text_op(x: float, y: float, piece: tuple, size: float) -> tuple:
    """The drawing op of a placed piece (x, text, font, style): ("text", x, y, text, font, size), with the
    style appended when it is not plain."""
    from genpnp.art import markup

    _, text, font, style = piece
    s = piece_size(piece[1:], size)
    if style == markup.PLAIN:
        return ("text", x, y, text, font, s)
    return ("text", x, y + style.rise * size, text, font, s, style)


def line_size(pieces: list[tuple], size: float) -> float:
    """The largest font size on a line (its leading follows it)."""
    return max([size] + [piece_size(p[1:], size) for p in pieces if not p[3].rise])


class Flow:
    """Places lines in columns and pages."""

    def __init__(self, area: Box, columns: int):
        self.area = area
        self.columns = columns
        self.col_w = (area.w - GAP * (columns - 1)) / columns
        self.pages: list[list[tuple]] = [[]]
        self.col = 0
        self.y = area.y2

    @property
    def x(self) -> float:
        return self.area.x + self.col * (self.col_w + GAP)

    def need(self, height: float) -> None:
        if self.y - height < self.area.y - 0.01 and self.y < self.area.y2 - 0.01:
            self.next_column()

    def next_column(self) -> None:
        self.col += 1
        if self.col >= self.columns:
            self.page_break()
        else:
            self.y = self.area.y2

    def page_break(self) -> None:
        self.pages.append([])
        self.col = 0
        self.y = self.area.y2

    def line(self, pieces: list[tuple], size: float, indent: float = 0.0, leading: float = 1.3) -> None:
        big = line_size(pieces, size)
        self.need(big * leading)
        self.y -= big * leading
        for piece in pieces:
            self.pages[-1].append(text_op(self.x + indent + piece[0], self.y + size * 0.25, piece, size))
        if pieces:
            dx, text, font, _ = pieces[-1]
            if dx + fonts.text_width(text, font, piece_size(pieces[-1][1:], size)) > self.col_w - indent + 0.5:
                self.op("report", "overflow", f'"{text}" is wider than its column at {size:.1f} pt')

    def op(self, *args: Any) -> None:
        self.pages[-1].append(args)


def layout_blocks(blocks: tuple[Block, ...], font: str, size: float, area: Box, columns: int,
                  names: Any = None) -> list[list[tuple]]:
    flow = Flow(area, columns)
    width = flow.col_w
    body_ink = getattr(names, "body_color", None)
    for block in blocks:
        if block.kind == "pagebreak":
            if flow.pages[-1]:
                flow.page_break()
        elif block.kind == "heading":
            hsize = size * {1: 1.7, 2: 1.35, 3: 1.12}[block.level]
            hfont, bold = heading_font(font, names)
            lines = _inked(wrap_runs(block.text, hfont, hsize, width, bold, names),
                           getattr(names, "heading_color", None))
            flow.need(hsize * 1.3 * len(lines) + size * 3)  # keep a heading with what follows
            if flow.y < flow.area.y2 - 0.01:
                flow.y -= hsize * 0.5
            for ln in lines:
                flow.line(ln, hsize)
            if block.level == 1:
                flow.op("rule", flow.x, flow.y - 2, flow.x + width, flow.y - 2)
                flow.y -= 3
        elif block.kind in ("bullet", "number"):
            indent = 5 * MM
            marker = "•" if block.kind == "bullet" else f"{block.number}."
            lines = _inked(wrap_runs(block.text, font, size, width - indent, names=names), body_ink)
            for i, ln in enumerate(lines):
                flow.line(ln, size, indent)
                if i == 0:
                    flow.pages[-1].append(("text", flow.x + 1 * MM, flow.y + size * 0.25, marker, font, size))
            flow.y -= size * 0.2
        elif block.kind == "para":
            for ln in _inked(wrap_runs(block.text, font, size, width, names=names), body_ink):
                flow.line(ln, size)
            flow.y -= size * 0.6
        elif block.kind == "table":
            _table(flow, block, font, size, width, names)
        elif block.kind in ("callout", "example"):
            text_box(flow, block, font, size, width, names)
    return [page for page in flow.pages if page]


BOX_PAD = 2.5 * MM  # inside a callout or example box
BOX_BAR = 1.2 * MM  # the coloured bar on its left edge
BOX_FILLS = {"callout": (0.93, 0.95, 0.97), "example": (0.97, 0.95, 0.89)}  # when the game's styles set none


def text_box(flow: Flow, block: Block, font: str, size: float, width: float, names: Any) -> None:
    """A callout or example box: its paragraphs on a tinted ground with a bar at the left, kept whole in
    one column (a box taller than a column flows as plain paragraphs)."""
    from genpnp.color import Color

    look = getattr(names, "boxes", {}).get(block.kind)
    bfont = getattr(look, "font", None) or font
    bsize = getattr(look, "size", 0.0) or size * 0.95
    ink = getattr(look, "color", None) or getattr(names, "body_color", None)
    fill = getattr(look, "fill", None) or Color(*BOX_FILLS[block.kind])
    bar = getattr(names, "heading_color", None) or Color(0.55, 0.55, 0.55)
    inner = width - 2 * BOX_PAD - BOX_BAR
    paras = [_inked(wrap_runs(p, bfont, bsize, inner, names=names), ink) for p in block.text.split("\n") if p]
    heights = [sum(line_size(ln, bsize) * 1.3 for ln in lines) for lines in paras]
    height = sum(heights) + bsize * 0.4 * (len(paras) - 1) + 2 * BOX_PAD
    if height > flow.area.h:
        for lines in paras:
            for ln in lines:
                flow.line(ln, bsize)
            flow.y -= bsize * 0.6
        return
    flow.need(height + (size * 0.3 if flow.y < flow.area.y2 - 0.01 else 0.0))
    if flow.y < flow.area.y2 - 0.01:
        flow.y -= size * 0.3
    top = flow.y
    flow.op("box", flow.x, top - height, width, height, fill, bar, BOX_BAR)
    flow.y -= BOX_PAD - bsize * 0.1
    for n, lines in enumerate(paras):
        if n:
            flow.y -= bsize * 0.4
        for ln in lines:
            flow.line(ln, bsize, BOX_BAR + BOX_PAD)
    flow.y = top - height - size * 0.7


FLOOR = 6.0  # a table shrinks down to this size (pt) before a word would not fit its column


def _longest_word(cell: str, font: str, size: float) -> float:
    return max((fonts.text_width(w, font, size) for w in plain(cell).split()), default=0.0)


def table_widths(rows: list[tuple[str, ...]], font: str, size: float, width: float,
                 pad: float) -> tuple[list[float], float]:
    """Column widths and the size: columns share the width by their natural widths, but a column is never
    narrower than its longest word (the header's in bold); when the words cannot fit, the table's text
    shrinks (down to FLOOR) rather than splitting a word."""
    ncols = len(rows[0])
    bold = styled(font, "b")
    while True:
        natural = [max(fonts.text_width(plain(r[c]), font, size) for r in rows) + 3 * MM for c in range(ncols)]
        least = [max(_longest_word(r[c], bold if i == 0 else font, size) for i, r in enumerate(rows)) + 2 * pad
                 + 0.5 for c in range(ncols)]
        if sum(least) <= width or size <= FLOOR:
            break
        size = max(FLOOR, size * 0.95)
    natural = [max(n, m + 1 * MM) for n, m in zip(natural, least)]
    total = sum(natural)
    if total <= width:
        return natural, size
    widths = list(least)
    spare = width - sum(least)
    extra = [max(n - m, 0.0) for n, m in zip(natural, least)]
    if spare > 0 and sum(extra) > 0:
        widths = [m + spare * e / sum(extra) for m, e in zip(least, extra)]
    return widths, size


def _table(flow: Flow, block: Block, font: str, size: float, width: float, names: Any = None) -> None:
    ncols = max(len(r) for r in block.rows)
    rows = [tuple(r) + ("",) * (ncols - len(r)) for r in block.rows]
    pad = 1.2 * MM
    widths, size = table_widths(rows, font, size, width, pad)
    if sum(widths) > width + 0.5:
        flow.op("report", "overflow", f"a table's words do not fit the column even at {size:.1f} pt")
    for r_index, row in enumerate(rows):
        style = "b" if r_index == 0 else ""
        cell_lines = [_inked(wrap_runs(cell, font, size, widths[c] - 2 * pad, style, names),
                             getattr(names, "body_color", None)) or [[]] for c, cell in enumerate(row)]
        height = max(len(cl) for cl in cell_lines) * size * 1.3 + pad
        flow.need(height)
        top = flow.y
        x = flow.x
        if r_index == 0:
            flow.op("fill", x, top - height, sum(widths), height)
        for c, lines in enumerate(cell_lines):
            y = top
            for ln in lines:
                y -= size * 1.3
                for piece in ln:
                    flow.pages[-1].append(text_op(x + pad + piece[0], y + size * 0.25, piece, size))
            x += widths[c]
        flow.y = top - height
        flow.op("rule", flow.x, flow.y, flow.x + sum(widths), flow.y)
    flow.y -= size * 0.8


def impose_text(comp: Any, frame: Frame, options: Options) -> list[Sheet]:
    area = reserve_scale(frame)
    pages = layout_blocks(comp.blocks, comp.font, comp.size, area, comp.columns, getattr(comp, "names", None))
    out = []
    for i, ops in enumerate(pages):
        title = comp.label if i == 0 else f"{comp.label} (continued)"
        out.append(Sheet("text", title, comp.name, content=ops, scale_box=scale_spot(frame, None)))
    return out
