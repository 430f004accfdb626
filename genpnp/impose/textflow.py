"""Typesetting Markdown blocks into pages of positioned text (geometry only)."""

from __future__ import annotations

from typing import Any, NamedTuple

from genpnp.content.markdown import BOX_BULLET, Block, plain, runs, shown
from genpnp.core import fonts
from genpnp.core.i18n import tr
from genpnp.core.units import MM
from genpnp.impose.frame import Frame
from genpnp.impose.options import Options
from genpnp.impose.sheet import Box, Sheet
from genpnp.model.figure import INLINE, INLINE_H, Inline

GAP = 6 * MM


def styled(base: str, style: str) -> str:
    return fonts.styled(base, style)


class Styled(NamedTuple):
    """A font with what style tags set (colour, size, lines, rise: :mod:`genpnp.art.markup`), or a colour
    of the game's styles; it stands in a word piece where a plain font name would."""

    font: str
    style: Any


def _sized(font: Styled, size: float) -> float:
    """The size of a styled piece set at ``size`` ([size=...], [sup] and [sub] change it)."""
    return font.style.pt or size * font.style.scale


def width_of(text: str, font: Any, size: float) -> float:
    """A word piece's width: its text in its font, or an inline piece at the text's height."""
    if isinstance(font, Inline):
        return size * INLINE_H * font.aspect
    if isinstance(font, Styled):
        return fonts.text_width(text, font.font, _sized(font, size))
    return fonts.text_width(text, font, size)


def _segments(text: str, names: Any) -> list[tuple[str, str, Any]]:
    """(text, emphasis, markup.Style) runs: style tags read with ``names`` (checked at load)."""
    from genpnp.art import markup

    if names is None or not markup.has_tags(text):
        return [(part, st, markup.PLAIN) for part, st in runs(text)]
    return markup.parse(text, names)[0]


def heading_font(font: str, names: Any) -> tuple[str, str]:
    """(font, "b" or "") of headings: the game's heading font (styles: heading:), in its family's bold face
    when it has one (a display face as it is); else the body font's bold."""
    chosen = getattr(names, "heading_font", None)
    if chosen is None:
        return font, "b"
    return chosen, "b" if fonts.has_style(chosen, "b") else ""


def _split_inline(part: str, font: str, inline: dict[str, Inline]) -> list[tuple[str, Any]]:
    if not inline or "{piece:" not in part:
        return [(part, font)]
    return [(t, inline.get(t[7:-1], font) if INLINE.fullmatch(t) else font) for t in INLINE.split(part) if t]


def words_of(text: str, font: str, style: str = "", inline: dict[str, Inline] | None = None, names: Any = None,
             ink: Any = None) -> list[list[tuple]]:
    """The text's words, each a list of (text, font) pieces: only a space in the source separates words,
    so a styled run and the punctuation after it stay one word ("**11**." has no space before the dot).
    A ``{piece:...}`` named in ``inline`` is a piece whose font is its :class:`Inline`; a run that style
    tags change (read with ``names``), or that ``ink`` colours, has a :class:`Styled` font."""
    import dataclasses

    from genpnp.art import markup

    out: list[list[tuple]] = []
    joined = False  # the next piece continues the last word (no space between them in the source)
    for part, st, tagged in _segments(text, names):
        if ink is not None and tagged.color is None:
            tagged = dataclasses.replace(tagged, color=ink)
        f: Any = styled(tagged.font or font, "".join(sorted(set(st + style))) if st or style else "")
        if tagged != markup.PLAIN:
            f = Styled(f, tagged)
        for i, word in enumerate(part.split(" ")):
            if i:
                joined = False
            if not word:
                continue
            pieces = _split_inline(word, f, inline or {})
            if joined and out:
                out[-1].extend(pieces)
            else:
                out.append(pieces)
            joined = True
    return out


def wrap_runs(text: str, font: str, size: float, width: float, style: str = "",
              inline: dict[str, Inline] | None = None, names: Any = None, ink: Any = None) -> list[list[tuple]]:
    """Lines of (x, text, font) pieces, words wrapped to ``width``."""
    lines: list[list[tuple]] = []
    line: list[tuple] = []
    x = 0.0
    space = fonts.text_width(" ", font, size)
    for word in words_of(text, font, style, inline, names, ink):
        ww = sum(width_of(t, f, size) for t, f in word)
        if line and x + space + ww > width:
            lines.append(line)
            line, x = [], 0.0
        if line:
            x += space
        for t, f in word:
            line.append((x, t, f))
            x += width_of(t, f, size)
    if line:
        lines.append(line)
    return lines


KEEP_LINES = 2  # a paragraph split between columns leaves at least this many lines on either side
ITEM_WHOLE = 5  # a list item of at most this many lines (a short question and its answer) is never split


def _take_line(words: list, i: int, room: float, space: float, size: float) -> tuple[list[tuple], int]:
    """The line that starts at word ``i`` in ``room``: its (x, text, font) pieces and the next word."""
    line: list[tuple] = []
    x = 0.0
    while i < len(words):
        word = words[i]
        ww = sum(width_of(t, f, size) for t, f in word)
        if line and x + space + ww > room:
            break
        if line:
            x += space
        for t, f in word:
            line.append((x, t, f))
            x += width_of(t, f, size)
        i += 1
    return line, i


def _line_count(flow: Flow, words: list, space: float, size: float, width: float, indent: float) -> int:
    """How many lines the words take from the flow's place on (beside a floated figure where it runs)."""
    y, i, n = flow.y, 0, 0
    while i < len(words):
        y -= size * 1.3
        room = (width - flow.float_w if flow.float_w and y + size * 1.3 > flow.float_bottom + 0.01 else width)
        i = _take_line(words, i, room - indent, space, size)[1]
        n += 1
    return n


def flow_lines(flow: Flow, text: str, font: str, size: float, width: float, indent: float = 0.0,
               style: str = "", mark: str = "", inline: dict[str, Inline] | None = None, names: Any = None,
               ink: Any = None, whole: int = 0) -> int:
    """Place the text's lines in the flow, each wrapped to the room its line has (narrower beside a
    floated figure; as ``wrap_runs`` elsewhere), ``mark`` (a bullet's) left of the first; the number of lines.
    A text split between columns or pages leaves at least KEEP_LINES lines at the foot of the one and at the
    top of the next (no orphan, no widow): one of two or three lines is never split, nor one of up to
    ``whole`` lines (a short list item)."""
    words = words_of(text, font, style, inline, names, ink)
    space = fonts.text_width(" ", font, size)
    lh = size * 1.3
    total = _line_count(flow, words, space, size, width, indent) if len(words) > 1 else 1
    i = placed = 0
    while i < len(words):
        left = total - placed
        fits = int((flow.y - flow.area.y + 0.01) // lh)
        if placed == 0:  # its first lines start here only when enough of them fit
            flow.need(lh * (left if left < 2 * KEEP_LINES or left <= whole else KEEP_LINES))
        elif left <= KEEP_LINES < total and fits < left:
            flow.next_column()  # the last lines go on together: no line alone at the top of the next column
        flow.need(lh)
        line, i = _take_line(words, i, flow.room(width) - indent, space, size)
        flow.line(line, size, indent)
        if placed == 0 and mark:
            flow.pages[-1].append(("text", flow.x + 1 * MM, flow.y + size * 0.25, mark, font, size))
        placed += 1
    return placed


def word_op(x: float, baseline: float, text: str, font: Any, size: float) -> tuple:
    """A text op, or for an inline piece a ("piece", x, y, w, h, Inline) op sitting on the baseline."""
    if isinstance(font, Inline):
        h = size * INLINE_H
        return ("piece", x, baseline - size * 0.22, h * font.aspect, h, font)
    if isinstance(font, Styled):  # ("text", ..., style): its colour, underline, strike-through
        return ("text", x, baseline + font.style.rise * size, text, font.font, _sized(font, size), font.style)
    return ("text", x, baseline, text, font, size)


class Flow:
    """Places lines in columns and pages."""

    def __init__(self, area: Box, columns: int):
        self.area = area
        self.columns = columns
        self.col_w = (area.w - GAP * (columns - 1)) / columns
        self.pages: list[list[tuple]] = [[]]
        self.col = 0
        self.y = area.y2
        self.spots: list[tuple[int, int]] = []  # (page, column) where the current block's lines went
        self.float_bottom = self.float_w = 0.0  # a figure floated at the right of this column: text runs beside it
        self.waiting: list[Any] = []  # each places a floated figure at the top of the next column

    @property
    def x(self) -> float:
        return self.area.x + self.col * (self.col_w + GAP)

    def need(self, height: float) -> None:
        if self.y - height < self.area.y - 0.01 and self.y < self.area.y2 - 0.01:
            self.next_column()
        spot = (len(self.pages) - 1, self.col)
        if not self.spots or self.spots[-1] != spot:
            self.spots.append(spot)

    def room(self, width: float) -> float:
        """The width a line starting at the current y has: less a floated figure's beside it."""
        return width - self.float_w if self.float_w and self.y > self.float_bottom + 0.01 else width

    def clear(self) -> None:
        """Go below a floated figure (before a block that cannot run beside it)."""
        if self.float_w:
            self.y = min(self.y, self.float_bottom)
            self.float_w = 0.0

    def next_column(self) -> None:
        self.float_w = 0.0
        self.col += 1
        if self.col >= self.columns:
            self.page_break()
        else:
            self.y = self.area.y2
            self._place_waiting()

    def page_break(self) -> None:
        self.float_w = 0.0
        self.pages.append([])
        self.col = 0
        self.y = self.area.y2
        self._place_waiting()

    def _place_waiting(self) -> None:
        """A floated figure the last column had no room for stands at the top of this one."""
        waiting, self.waiting = self.waiting, []
        for place in waiting:
            place()

    def line(self, pieces: list[tuple], size: float, indent: float = 0.0, leading: float = 1.3) -> None:
        self.need(size * leading)
        room = self.room(self.col_w)
        self.y -= size * leading
        for dx, text, font in pieces:
            self.pages[-1].append(word_op(self.x + indent + dx, self.y + size * 0.25, text, font, size))
        if pieces:
            dx, text, font = pieces[-1]
            if dx + width_of(text, font, size) > room - indent + 0.5:
                self.op("report", "overflow", f'"{text}" is wider than its column at {size:.1f} pt')

    def op(self, *args: Any) -> None:
        self.pages[-1].append(args)


def layout_blocks(blocks: tuple[Block, ...], font: str, size: float, area: Box, columns: int,
                  names: Any = None) -> list[list[tuple]]:
    """``names``: what style tags name and the game's styles (a richtext.TextLook), or None."""
    flow = Flow(area, columns)
    width = flow.col_w
    body_ink = getattr(names, "body_color", None)
    for index, block in enumerate(blocks):
        flow.spots = []
        if block.kind == "pagebreak":
            if flow.pages[-1]:
                flow.page_break()
        elif block.kind == "heading":
            hsize = size * {1: 1.7, 2: 1.35, 3: 1.12}[block.level]
            if block.level == 1:
                flow.clear()
            inline = dict(block.inline)
            if index + 1 < len(blocks) and blocks[index + 1].kind == "figure":
                # a section that opens with a figure starts below any float, and after the figures waiting
                # for a column: its figure (floated or not) then stands right under it, never a column later
                if flow.waiting:
                    flow.next_column()
                flow.clear()
            flow.need(keep_with_next(blocks, index, font, size, width, flow.area.h))
            if flow.y < flow.area.y2 - 0.01:
                flow.y -= hsize * 0.5
            hfont, bold = heading_font(font, names)
            flow_lines(flow, block.text, hfont, hsize, width, style=bold, inline=inline, names=names,
                       ink=getattr(names, "heading_color", None))
            if block.level == 1:
                flow.op("rule", flow.x, flow.y - 2, flow.x + width, flow.y - 2)
                flow.y -= 3
        elif block.kind in ("bullet", "number"):
            indent = 5 * MM
            marker = "•" if block.kind == "bullet" else f"{block.number}."
            flow_lines(flow, block.text, font, size, width, indent, mark=marker, inline=dict(block.inline), names=names,
                       ink=body_ink, whole=ITEM_WHOLE)
            flow.y -= size * 0.2
        elif block.kind == "para":
            keep = lead_in_height(blocks, index, font, size, width, flow.area.h)
            if keep:
                if blocks[index + 1].kind in ("table", "figure"):
                    flow.clear()  # these start below a float: their lead-in too
                flow.need(keep)
            flow_lines(flow, block.text, font, size, width, inline=dict(block.inline), names=names, ink=body_ink)
            flow.y -= size * 0.6
        elif block.kind == "table":
            flow.clear()
            _table(flow, block, font, size, width)
        elif block.kind == "figure":
            _figure(flow, block, font, size, width)
        elif block.kind in ("callout", "example"):
            text_box(flow, block, font, size, width, names)
        _record_block(flow, block)
    if flow.waiting:  # the text ended before the column a floated figure waited for
        flow.next_column()
    return [page for page in flow.pages if page]


BOX_PAD = 2.5 * MM  # inside a callout or example box
BOX_BAR = 1.2 * MM  # the coloured bar on its left edge
BOX_FILLS = {"callout": (0.93, 0.95, 0.97), "example": (0.97, 0.95, 0.89)}  # when the game's styles set none


def text_box(flow: Flow, block: Block, font: str, size: float, width: float, names: Any) -> None:
    """A callout or example box: its paragraphs on a tinted ground with a bar at the left, kept whole in
    one column (a box taller than a column flows as plain paragraphs)."""
    from genpnp.core.color import Color

    look = getattr(names, "boxes", {}).get(block.kind)
    bfont = getattr(look, "font", None) or font
    bsize = getattr(look, "size", 0.0) or size * 0.95
    ink = getattr(look, "color", None) or getattr(names, "body_color", None)
    fill = getattr(look, "fill", None) or Color(*BOX_FILLS[block.kind])
    bar = getattr(names, "heading_color", None) or Color(0.55, 0.55, 0.55)
    inner = width - 2 * BOX_PAD - BOX_BAR
    paras = [wrap_runs(p, bfont, bsize, inner, names=names, ink=ink) for p in block.text.split("\n") if p]
    texts = [p for p in block.text.split("\n") if p]
    gaps = [_box_gap(texts[n - 1], texts[n], bsize) for n in range(1, len(texts))]
    height = sum(len(lines) * bsize * 1.3 for lines in paras) + sum(gaps) + 2 * BOX_PAD
    if height > flow.area.h:
        for lines in paras:
            for ln in lines:
                flow.line(ln, bsize)
            flow.y -= bsize * 0.6
        return
    flow.clear()
    flow.need(height + (size * 0.3 if flow.y < flow.area.y2 - 0.01 else 0.0))
    if flow.y < flow.area.y2 - 0.01:
        flow.y -= size * 0.3
    top = flow.y
    flow.op("box", flow.x, top - height, width, height, fill, bar, BOX_BAR)
    flow.y -= BOX_PAD - bsize * 0.1
    for n, lines in enumerate(paras):
        if n:
            flow.y -= gaps[n - 1]
        for ln in lines:
            flow.line(ln, bsize, BOX_BAR + BOX_PAD)
    flow.y = top - height - size * 0.7


def _box_gap(before: str, after: str, size: float) -> float:
    """The space between two paragraphs of a box: less between two of its bullets, which read as one list."""
    return size * (0.15 if before.startswith(BOX_BULLET) and after.startswith(BOX_BULLET) else 0.4)


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


def _table(flow: Flow, block: Block, font: str, size: float, width: float) -> None:
    ncols = max(len(r) for r in block.rows)
    rows = [tuple(r) + ("",) * (ncols - len(r)) for r in block.rows]
    pad = 1.2 * MM
    widths, size = table_widths(rows, font, size, width, pad)
    if sum(widths) > width + 0.5:
        flow.op("report", "overflow", f"a table's words do not fit the column even at {size:.1f} pt")
    for r_index, row in enumerate(rows):
        _table_row(flow, rows[0], row, r_index == 0, font, size, widths, pad)
    flow.y -= size * 0.8


def _row_height(row: tuple[str, ...], header: bool, font: str, size: float, widths: list[float], pad: float) -> float:
    style = "b" if header else ""
    return max(len(wrap_runs(cell, font, size, widths[c] - 2 * pad, style) or [[]])
               for c, cell in enumerate(row)) * size * 1.3 + pad


def _table_row(flow: Flow, head: tuple[str, ...], row: tuple[str, ...], header: bool, font: str, size: float,
               widths: list[float], pad: float) -> None:
    """One row of a table; a row that starts a new column or page repeats the header row above it."""
    height = _row_height(row, header, font, size, widths, pad)
    before = (len(flow.pages), flow.col)
    flow.need(height)
    if not header and (len(flow.pages), flow.col) != before:
        _draw_row(flow, head, True, font, size, widths, pad)
    _draw_row(flow, row, header, font, size, widths, pad)


def _draw_row(flow: Flow, row: tuple[str, ...], header: bool, font: str, size: float, widths: list[float],
              pad: float) -> None:
    style = "b" if header else ""
    cell_lines = [wrap_runs(cell, font, size, widths[c] - 2 * pad, style) or [[]] for c, cell in enumerate(row)]
    height = max(len(cl) for cl in cell_lines) * size * 1.3 + pad
    top = flow.y
    x = flow.x
    if header:
        flow.op("fill", x, top - height, sum(widths), height)
    for c, lines in enumerate(cell_lines):
        y = top
        for ln in lines:
            y -= size * 1.3
            for dx, text, f in ln:
                flow.op("text", x + pad + dx, y + size * 0.25, text, f, size)
        x += widths[c]
    flow.y = top - height
    flow.op("rule", flow.x, flow.y, flow.x + sum(widths), flow.y)


UNSPLITTABLE = ("figure",)  # block kinds never split across pages or columns (the audit checks)


def keep_with_next(blocks: tuple[Block, ...] | list[Block], index: int, font: str, size: float, width: float,
                   most: float) -> float:
    """The height a heading needs below it so that it never ends a page or column alone: the heading,
    and the first lines of what follows (two lines of a paragraph or item, a table's header and first
    row, a whole unsplittable block; a heading that follows keeps its own; a lead-in all it keeps,
    :func:`lead_in_height`), at most ``most``."""
    block = blocks[index]
    hsize = size * {1: 1.7, 2: 1.35, 3: 1.12}.get(block.level, 1.12)
    height = hsize * 0.5 + len(wrap_runs(block.text, font, hsize, width, "b")) * hsize * 1.3 \
        + (5 if block.level == 1 else 0)
    after = blocks[index + 1] if index + 1 < len(blocks) else None
    if after is None or after.kind == "pagebreak":
        return min(height, most)
    if after.kind == "heading":
        return min(height + keep_with_next(blocks, index + 1, font, size, width, most), most)
    lead = lead_in_height(blocks, index + 1, font, size, width, most) if after.kind == "para" else 0.0
    if lead:  # a lead-in moves on with what it opens: the heading goes with them
        return min(height + lead, most)
    return min(height + _start_height(after, font, size, width, most), most)


LEAD_IN_LINES = 3  # a paragraph ending in a colon, at most this long, stays with the table, list or figure it opens


def lead_in_height(blocks: tuple[Block, ...] | list[Block], index: int, font: str, size: float, width: float,
                   most: float) -> float:
    """The height a short paragraph that ends in a colon ("The numbers on the row:") needs below its top so
    that it stands in the same column as the start of the table, list or figure it leads into (0.0 when it
    is no lead-in): its own lines and that start, at most ``most``."""
    block = blocks[index]
    after = blocks[index + 1] if index + 1 < len(blocks) else None
    if after is None or after.kind not in ("table", "figure", "bullet", "number") or \
            not plain(block.text).rstrip().endswith(":"):
        return 0.0
    if after.kind == "figure" and (after.figure is None or figure_fit(after.figure, font, size, width, most)[0]):
        return 0.0  # a floated figure finds its own column; the text runs on beside it
    lines = len(wrap_runs(block.text, font, size, width))
    if lines > LEAD_IN_LINES:
        return 0.0
    return min(lines * size * 1.3 + size * 0.6 + _start_height(after, font, size, width, most), most)


def _start_height(after: Block, font: str, size: float, width: float, most: float) -> float:
    """The first lines of a block that something before it keeps with: two lines of a paragraph or long item,
    a short item whole, a table's header and first row, a whole unsplittable block."""
    if after.kind == "table" and after.rows:
        ncols = max(len(r) for r in after.rows)
        rows = [tuple(r) + ("",) * (ncols - len(r)) for r in after.rows]
        pad = 1.2 * MM
        widths, tsize = table_widths(rows, font, size, width, pad)
        first = _row_height(rows[0], True, font, tsize, widths, pad)
        if len(rows) > 1:
            first += _row_height(rows[1], False, font, tsize, widths, pad)
        return first
    if after.kind == "figure" and after.figure is not None:  # the whole figure and its caption
        return figure_fit(after.figure, font, size, width, most)[4]
    if after.kind in ("para", "bullet", "number"):
        indent = 5 * MM if after.kind != "para" else 0.0
        lines = len(wrap_runs(after.text, font, size, width - indent))
        kept = lines if after.kind != "para" and lines <= ITEM_WHOLE else min(lines, KEEP_LINES)
        return kept * size * 1.3
    return size * 1.3 * 2


def _record_block(flow: Flow, block: Block) -> None:
    """Note, on the page where the block starts, where its lines went: ``("block", kind,
    unsplittable, spots, level, text, line)``, spots being (page, column) pairs and line the
    block's line in its source. The outline reads the
    headings from it, the audit the headings left alone and the unsplittable blocks that split."""
    if not flow.spots:
        return
    keep = block.kind in UNSPLITTABLE or bool(getattr(block, "keep", False))
    flow.pages[flow.spots[0][0]].append(("block", block.kind, keep, tuple(flow.spots), block.level,
                                         plain(block.text), block.line))


CAPTION = 0.9  # a caption's size, as a share of the body size
FLOAT_MOST = 0.6  # a figure floats beside the text only when at most this share of the column wide
FLOAT_GAP = 3 * MM  # between a floated figure and the text beside it


def figure_fit(fig: Any, font: str, size: float, width: float,
               column_h: float) -> tuple[bool, float, list[list[tuple]], float, float, float]:
    """How a figure sits in a column ``width`` wide and ``column_h`` tall: (floated, scale, caption lines,
    caption width, total height with caption and space, caption height)."""
    fw, fh = fig.size
    most = min(width, fig.max_width or width)
    floated = fig.place == "right" and min(most, fw) <= width * FLOAT_MOST
    cap_w = min(most, fw) if floated else width
    for _ in range(2):  # a floated caption is as wide as the figure, which shrinks to leave room for it
        caption = wrap_runs(fig.caption, font, size * CAPTION, cap_w, "i") if fig.caption else []
        below = len(caption) * size * CAPTION * 1.3 + (size * 0.3 if caption else 0.0)
        room = column_h - size * 1.6 - below  # the tallest a figure can be: a whole column, less its caption
        scale = min(most / fw, room / fh, 1.0)
        if not floated or fw * scale >= cap_w - 0.01:
            break
        cap_w = fw * scale
    return floated, scale, caption, cap_w, fh * scale + size * 0.6 + below, below


def _figure(flow: Flow, block: Block, font: str, size: float, width: float) -> None:
    """A figure and its caption, kept whole in one column: moved to the next column or page when the
    rest of this one cannot hold it, and drawn smaller when a whole column could not. A figure floated
    right (and narrow enough) stands at the right of the column, and the text after it runs on its left."""
    fig = block.figure
    if fig is None:  # a figure whose names did not resolve: its problems were reported at load
        return
    floated, scale, caption, cap_w, total, below = figure_fit(fig, font, size, width, flow.area.h)
    if floated and flow.float_w and flow.y > flow.float_bottom + 0.01:
        if flow.float_bottom - total >= flow.area.y - 0.01:  # under the float beside the text, the text running on
            _place(flow, fig, block.line, scale, caption, cap_w, below, size, True, flow.float_bottom)
            return
    if floated and (flow.waiting or flow.y - total < flow.area.y - 0.01 and flow.y < flow.area.y2 - 0.01):
        # text goes on filling this column; the figure heads the next one (under the ones waiting before it)
        def place() -> None:
            under = flow.float_bottom if flow.float_w else None
            if under is not None and under - total < flow.area.y - 0.01:  # no room under the one before
                flow.waiting.append(place)
            else:
                _place(flow, fig, block.line, scale, caption, cap_w, below, size, True, under)

        flow.waiting.append(place)
        return
    if flow.waiting:  # figures keep their order: those waiting for a column come first
        flow.next_column()
    flow.clear()
    flow.need(total)
    _place(flow, fig, block.line, scale, caption, cap_w, below, size, floated)


def _place(flow: Flow, fig: Any, line: int, scale: float, caption: list[list[tuple]], cap_w: float, below: float,
           size: float, floated: bool, under: float | None = None) -> None:
    """Draw a figure and its caption at the current y (or, floated under another, from ``under`` down)."""
    fw, fh = fig.size
    if under is None and flow.y < flow.area.y2 - 0.01:
        flow.y -= size * 0.3
    top = flow.y if under is None else under
    width = flow.float_w if under is not None else cap_w
    left = flow.x + flow.col_w - cap_w if floated else flow.x
    x = left + (cap_w - fw * scale) / 2
    y = top - fh * scale
    flow.op("figure", x, y, fw * scale, fh * scale, scale, fig)
    flow.op("keep", left, y - below, cap_w, top - y + below, "figure", line)
    y -= size * 0.3
    for ln in caption:
        shift = (cap_w - ln[-1][0] - width_of(ln[-1][1], ln[-1][2], size * CAPTION)) / 2
        y -= size * CAPTION * 1.3
        for dx, t, f in ln:
            flow.op(*word_op(left + dx + shift, y + size * CAPTION * 0.25, t, f, size * CAPTION))
    if floated:
        flow.float_bottom, flow.float_w = y - size * 0.6, max(width, cap_w + FLOAT_GAP)
    else:
        flow.y = y - size * 0.6


def impose_text(comp: Any, frame: Frame, options: Options) -> list[Sheet]:
    area = frame.area  # the scale check is on the cover and the first sheet to cut, not here
    blocks = tuple(b for b in comp.blocks if shown(b, options))  # <!-- if --> blocks of other builds left out
    pages = layout_blocks(blocks, comp.font, comp.size, area, comp.columns, getattr(comp, "names", None))
    out = []
    for i, ops in enumerate(pages):
        title = comp.label if i == 0 else tr("{title} (continued)", title=comp.label)
        out.append(Sheet("text", title, comp.name, content=ops))
    return out
