"""Renderer of table boards: heading, header row, title cells, value cells and divided boxes."""

from __future__ import annotations

from typing import Any

from genpnp.art import richtext
from genpnp.art.markup import PLAIN
from genpnp.art.richtext import SMALL, report
from genpnp.art.text import draw_lines, fit_lines
from genpnp.core import fonts
from genpnp.core.units import MM
from genpnp.model.tableboard import LABEL_MIN, VALUE_BAND, TableBoard
from genpnp.render import renderer

PAD = 2 * MM
BADGE = 6.5 * MM  # the ring of a row's badge


def label_size(board: TableBoard) -> float:
    """The point size of the space labels (the board's model sets it: the placement rules read it too)."""
    return board.label_size


def _text(surface: Any, text: str, font: str, size: float, board: TableBoard, box: tuple,
          align: str = "center", valign: str = "middle", min_scale: float = 0.6) -> None:
    x, y, w, h = box
    if not text or w <= 0 or h <= 0:
        return
    if styled(text):
        _rich(surface, text, font, size, board, box, align, valign, min_scale)
        return
    fitted = fit_lines(text, font, size, w, h, True, min_scale)
    if fitted is None:
        fitted = (fonts.wrap(text, font, size * min_scale, w), size * min_scale)
        report(surface, "overflow", f'"{text[:40]}" does not fit its cell even at {size * min_scale:.1f} pt')
    lines, s = fitted
    if s < SMALL:
        report(surface, "small-text", f'"{text[:40]}" drawn at {s:.1f} pt')
    draw_lines(surface, lines, font, s, board.ink, x, y, w, h, align, valign)


def _bold(board: TableBoard) -> str:
    """The bold face of the board's font (its regular one when its family has no bold)."""
    return fonts.styled(board.font, "b")


def styled(text: str) -> bool:
    """Text with style tags or icons (read at load: :func:`genpnp.art.richtext.parse_rich`)."""
    segments = getattr(text, "segments", ())
    return any(emphasis or style != PLAIN for _, emphasis, style in segments) or bool(getattr(text, "icons", None))


def _rich(surface: Any, text: str, font: str, size: float, board: TableBoard, box: tuple, align: str,
          valign: str, min_scale: float) -> None:
    x, y, w, h = box
    fitted = richtext.fit(text, font, size, w, h, True, min_scale)
    if fitted is None:
        fitted = (richtext.wrap(text, font, size * min_scale, w, size), size * min_scale)
        report(surface, "overflow", f'"{text[:40]}" does not fit its cell even at {size * min_scale:.1f} pt')
    lines, s = fitted
    if s < SMALL:
        report(surface, "small-text", f'"{text[:40]}" drawn at {s:.1f} pt')
    richtext.draw(surface, lines, s, board.ink, x, y, w, h, align, valign, size)


def draw_row_title(surface: Any, board: TableBoard, row: int) -> None:
    """Title, subtitle and text of a row, in its title cell."""
    texts = board.texts[row]
    x, y, w, h = board.title_cell(row)
    if board.title_fill is not None:
        surface.rect(x, y, w, h, fill=board.title_fill)
    inner = (x + PAD, y + PAD * 0.75, w - 2 * PAD, h - 1.75 * PAD)
    ix, iy, iw, ih = inner
    title_h = min(13.0, ih * 0.34)
    size = max(title_h * 0.85, LABEL_MIN)
    ring = _draw_badge(surface, board, texts.badge, ix + iw, iy + ih) if texts.badge else 0.0
    _text(surface, texts.title, _bold(board), size, board, (ix, iy + ih - title_h, iw - ring, title_h),
          "left", min_scale=LABEL_MIN / size)
    used = title_h
    if texts.subtitle:
        # as large as the row's text: the subtitle (an objective, a rule of thumb) is read during play
        size = max(label_size(board), 8.0)
        sub_h = min(size * 1.45, ih * 0.25)  # room for a larger sign or icon in the line
        # beside the ring where the ring reaches down to it
        sub_box = (ix, iy + ih - used - sub_h, iw - (ring if BADGE > used else 0.0), sub_h)
        _text(surface, texts.subtitle, _bold(board), size, board, sub_box, "left", min_scale=LABEL_MIN / size)
        used += sub_h
    if texts.text:
        size = max(label_size(board), 8.0)
        _text(surface, texts.text, board.font, size, board, (ix, iy, iw, ih - used - 1), "left", "top",
              LABEL_MIN / size)


def _draw_badge(surface: Any, board: TableBoard, badge: str, right: float, top: float) -> float:
    """A row's badge: its text, large and bold, in a ring at the top right of the title cell (its top
    right corner at ``right``, ``top``); returns the width it takes from the title line, gap included."""
    d = BADGE
    x, y = right - d, top - d
    surface.circle(x + d / 2, y + d / 2, d / 2, fill=board.fill, stroke=board.line, width=0.8)
    # a sign's line is taller than the sign: its box reaches past the ring, so a - or + stands large in it
    _text(surface, badge, _bold(board), 20, board, (x, y - d * 0.3, d, d * 1.6), "center", "middle", LABEL_MIN / 20)
    return d + 1 * MM


def draw_value(surface: Any, board: TableBoard, row: int) -> None:
    """The row's value: printed over the dashed spot where tokens that change it are laid (the start
    value stays in view), or inside the spot when the cell has no room above it."""
    x, y, w, h = board.value_cell(row)
    if not w:
        return
    value = board.texts[row].value
    sx, sy, side, _ = board.value_spot(row)
    if board.value_shape == "square":
        surface.rect(sx, sy, side, side, stroke=board.line, width=0.6, dash=(2, 2))
    else:
        surface.circle(sx + side / 2, sy + side / 2, side / 2, stroke=board.line, width=0.6, dash=(2, 2))
    if board.value_above:
        _text(surface, value, _bold(board), 13, board, (x + 1, y + h - VALUE_BAND, w - 2, VALUE_BAND - PAD / 2))
    else:
        _text(surface, value, _bold(board), side * 0.42, board, (sx, sy, side, side))


def draw_box(surface: Any, board: TableBoard, row: int, col: int) -> None:
    spaces = board.space_boxes(row, col)
    labels = list(board.spaces) + ([board.marker_label] if board.marker else [])
    size = label_size(board)
    column = board.side_by_side(row, col)
    for x, y, _w, h in column[1:]:
        surface.line(x, y + 1.5 * MM, x, y + h - 1.5 * MM, board.line, 0.4, dash=(1, 1.5))
    if board.above_marker:  # the space above the marker spot, parted from it by a dotted line
        x, y, w, _h = spaces[-1]
        surface.line(x + 1.5 * MM, y + board.lower_height, x + w - 1.5 * MM, y + board.lower_height, board.line, 0.4,
                     dash=(1, 1.5))
    for i, label in enumerate(labels):
        _text(surface, label, board.font, size, board, board.space_label_box(row, col, i), "center", "top",
              LABEL_MIN / size)
    spot = board.marker_box(row, col)
    if spot is not None:
        surface.rect(*spot, stroke=board.line, width=0.6, radius=1.0)


def draw_header(surface: Any, board: TableBoard) -> None:
    top = board.table_top()
    hh = board.header_height
    w = board.size[0]
    if board.header_fill is not None:
        surface.rect(board.margin, top - hh, w - 2 * board.margin, hh, fill=board.header_fill)
    title_box = (board.margin + PAD, top - hh, board.title_width - 2 * PAD, hh)
    _text(surface, board.title_header, _bold(board), 11, board, title_box, "left")
    if board.value_w:
        _text(surface, board.value_header, _bold(board), 9, board,
              (board.margin + board.title_width + 1, top - hh, board.value_w - 2, hh))
    for col in range(board.columns):
        x, y, cw, ch = board.header_cell(col)
        label = board.column_label.replace("{n}", str(col + 1))
        if not board.name_label:
            _text(surface, label, _bold(board), 11, board, (x, y, cw, ch))
            continue
        _text(surface, label, _bold(board), 10, board, (x, y + ch * 0.55, cw, ch * 0.42))
        base = y + ch * 0.2
        label_w = fonts.text_width(board.name_label + ":", board.font, 8)
        surface.text(x + PAD, base + 1, board.name_label + ":", board.font, 8, board.ink)
        surface.line(x + PAD + label_w + 2, base, x + cw - PAD, base, board.line, 0.5)


def draw_total(surface: Any, board: TableBoard) -> None:
    """The total row: its title across the title and value cells, one empty box per column."""
    if not board.total_label:
        return
    y, h = board.bottom(), board.total_h
    w = board.title_width + board.value_w
    if board.header_fill is not None:
        surface.rect(board.margin, y, w, h, fill=board.header_fill)
    _text(surface, board.total_label, _bold(board), 11, board, (board.margin + PAD, y, w - 2 * PAD, h), "left")


def draw_grid(surface: Any, board: TableBoard) -> None:
    w, h = board.size
    m = board.margin
    top = board.table_top()
    bottom = board.bottom()
    xs = [m, m + board.title_width] + [board.column_x(c) for c in range(board.columns + 1)]
    for x in sorted(set(xs)):
        surface.line(x, bottom, x, top, board.line, 0.8)
    ys = [top, top - board.header_height] + [board.row_y(r) for r in range(len(board.rows))]
    for i, y in enumerate(ys):
        surface.line(m, y, w - m, y, board.line, 1.4 if i in (1, len(ys) - 1) and (i == 1 or board.total_label)
                     else 0.8)
    surface.rect(m, bottom, w - 2 * m, top - bottom, stroke=board.line, width=1.4)


@renderer(TableBoard)
def draw(component: Any, piece: Any, face_name: str, surface: Any, w: float, h: float, bleed: float) -> None:
    board: TableBoard = component
    if board.border_fill is not None:
        surface.rect(0, 0, w, h, fill=board.border_fill)
    m = board.margin
    top = board.table_top()
    bottom = board.bottom()
    surface.rect(m, bottom, w - 2 * m, top - bottom, fill=board.fill)
    if board.heading:
        _text(surface, board.heading, board.heading_font, 18, board, (m, top + 1, w - 2 * m, board.band - 2))
    draw_header(surface, board)
    for row in range(len(board.rows)):
        draw_row_title(surface, board, row)
        draw_value(surface, board, row)
        for col in range(board.columns):
            draw_box(surface, board, row, col)
    draw_total(surface, board)
    draw_grid(surface, board)
    if board.note:
        _text(surface, board.note, board.font, 8, board, (m, 0.25 * MM, w - 2 * m, bottom - 0.5 * MM), "center",
              "middle", LABEL_MIN / 8)
