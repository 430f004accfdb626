"""Drawing a figure of a text page (genpnp/model/figure.py) with the pieces' and boards' own renderers."""

from __future__ import annotations

import math
from typing import Any

from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.model.figure import Drawn
from genpnp.render import renderer_for
from genpnp.render.shapes import outline

INK = Color(0.1, 0.1, 0.1)
GRID = Color(0.62, 0.62, 0.62)
STYLE_COLORS = {"good": Color(0.1, 0.45, 0.2), "bad": Color(0.8, 0.1, 0.1), "plain": Color(0.12, 0.12, 0.12)}
NEW = Color(0.93, 0.42, 0.0)  # the ring around an edge piece just placed: a bold orange, unlike good and bad
RING_PT = 1.6  # an edge piece's ring (new or bad): this wide on the page, RING_GAP_PT clear of the piece
RING_GAP_PT = 1.4
WHITE = Color(1, 1, 1)
OUTLINE_PT = 1.8  # an outline's width on the page, whatever the figure's scale
HALO_PT = 0.7  # the white line between an outline and what it surrounds
ARROW_PT = 1.6
SHADE_PT = 0.8  # a shaded group's hatch lines on the page: this wide, SHADE_STEP_PT apart, the style's
SHADE_STEP_PT = 2.6  # colour SHADE_TINT of the way to white, light enough for the board's words to read
SHADE_TINT = 0.5
LABEL_PT = 8.0  # labels are never larger than this on the page
LABEL_MIN_PT = 7.0  # nor smaller than this, unless a row's label would reach past its piece's room


def draw_figure(surface: Any, fig: Any, x: float, y: float, scale: float, font: str = "") -> None:
    """The figure with its window's bottom-left corner at (x, y), drawn at ``scale``; its words in the
    figure's font (a panel: its whole figure's)."""
    font = font or fig.font or fonts.DEFAULT
    wx, wy, ww, wh = fig.window
    tag = getattr(surface, "tag", None)
    if tag is not None:
        tag("figure", fig.line)
    surface.save()
    surface.translate(x, y)
    surface.scale(scale, scale)
    surface.translate(-wx, -wy)
    surface.clip_rect(wx, wy, ww, wh)
    for sub, px, py in fig.panels:  # side by side, each in its own window
        surface.save()
        surface.translate(px, py)
        surface.scale(1 / scale, 1 / scale)
        draw_figure(surface, sub, 0.0, 0.0, scale, font)
        surface.restore()
    for mx, my, style, words in fig.marks:  # a panel's mark and words, centred together under it
        size = max(min(fig.label_size, LABEL_PT / scale), LABEL_MIN_PT / scale)
        mark_w = size * 1.3 if style != "plain" else 0.0
        left = mx - (mark_w + surface.text_width(words, font, size)) / 2
        if mark_w:
            _mark(surface, left + size * 0.45, my + size * 0.33, style, size, scale)
        surface.text(left + mark_w, my, words, font, size, INK)
    if fig.board is not None:  # a snippet: the window cuts the board's words at its edges on purpose
        if tag is not None:
            tag("figure-board", fig.line)
        piece = fig.board.pieces[0]
        surface.save()
        _as_piece(surface)
        renderer_for(fig.board)(fig.board, piece, "front", surface, piece.w, piece.h, 0.0)
        surface.restore()
        if tag is not None:
            tag("figure", fig.line)
    if fig.grid and fig.grid[3]:
        rows, cols, cell, _ = fig.grid
        for c in range(cols + 1):
            surface.line(c * cell, 0, c * cell, rows * cell, GRID, 0.5 / scale)
        for r in range(rows + 1):
            surface.line(0, r * cell, cols * cell, r * cell, GRID, 0.5 / scale)
    for polys, style, words in fig.shades:  # fine diagonal lines over the group's cells, under its pieces
        _hatch(surface, polys, words, _tint(STYLE_COLORS[style]), scale)
    gutter = outline_gutter(scale) if fig.outlines or fig.clear else 0.0
    for drawn in fig.pieces:  # each whole in its cell, clear of the band an outline runs in
        _piece(surface, drawn, drawn.fitted(gutter))
    for loops, style, polys in fig.outlines:  # inside the group's cells only: inset from its edge
        color = STYLE_COLORS[style]
        dash = (4 / scale, 2.5 / scale) if style == "bad" else None
        surface.save()
        surface.clip_path([c for q in polys for c in [("M", *q[0]), *(("L", *p) for p in q[1:]), ("Z",)]])
        path = [c for q in loops for c in [("M", *q[0]), *(("L", *p) for p in q[1:]), ("Z",)]]
        surface.path(path, stroke=WHITE, width=2 * (OUTLINE_PT + HALO_PT) / scale)  # one closed path a loop:
        surface.path(path, stroke=color, width=2 * OUTLINE_PT / scale, dash=dash)  # mitred corners, no seams
        surface.restore()
    for drawn in fig.edges:  # border strips on their edges, over the outlines they close
        _piece(surface, drawn)
    for drawn, style in zip(fig.edges, fig.edge_styles):  # over every strip: a ring never hides under one
        if style != "plain":
            _ring(surface, drawn, style, scale)
    for points, style in fig.arrows:
        _arrow(surface, points, STYLE_COLORS[style], style == "bad", scale)
    for cx, cy, half in fig.crosses:
        for sx in (-1, 1):
            surface.line(cx - half, cy - sx * half, cx + half, cy + sx * half, WHITE, 4.4 / scale)
            surface.line(cx - half, cy - sx * half, cx + half, cy + sx * half, STYLE_COLORS["bad"], 2.6 / scale)
    for cx, cy, r, text in fig.callouts:
        surface.circle(cx, cy, r, fill=INK, stroke=WHITE, width=1.0 / scale)
        size = r * 1.25
        surface.text(cx, cy - size * 0.36, text, fonts.BOLD, size, WHITE, "center")
    for lx, ly, text in fig.labels:
        size = max(min(fig.label_size, LABEL_PT / scale), LABEL_MIN_PT / scale)
        if fig.label_room:
            size = min(size, size * fig.label_room / max(surface.text_width(text, font, size), 0.01))
        surface.text(lx, ly, text, font, size, INK, "center")
    surface.restore()


def _ring(surface: Any, drawn: Any, style: str, scale: float) -> None:
    """A rounded ring around an edge piece, on a white halo: orange for the piece just placed (``new``),
    red and dashed with a cross over the piece for one that breaks a rule (``bad``)."""
    x, y, w, h = drawn.box
    gap, width = (RING_GAP_PT + RING_PT / 2) / scale, RING_PT / scale
    color = NEW if style == "new" else STYLE_COLORS["bad"]
    dash = (3 / scale, 2 / scale) if style == "bad" else None
    rw, rh = w + 2 * gap, h + 2 * gap
    surface.save()
    surface.translate(x + w / 2, y + h / 2)
    surface.rotate(drawn.angle)
    surface.rect(-rw / 2, -rh / 2, rw, rh, stroke=WHITE, width=width + 1.4 / scale, radius=min(rw, rh) / 2)
    surface.rect(-rw / 2, -rh / 2, rw, rh, stroke=color, width=width, radius=min(rw, rh) / 2, dash=dash)
    if style == "bad":  # the cross as tall as the ring is long
        half = max(rw, rh) * 0.3
        for sx in (-1, 1):
            surface.line(-half, -sx * half, half, sx * half, WHITE, 4.4 / scale)
        for sx in (-1, 1):
            surface.line(-half, -sx * half, half, sx * half, STYLE_COLORS["bad"], 2.6 / scale)
    surface.restore()


def _tint(color: Color, toward_white: float = SHADE_TINT) -> Color:
    r, g, b = (c + (1 - c) * toward_white for c in (color.r, color.g, color.b))
    return Color(r, g, b)


def _hatch(surface: Any, polys: tuple, words: tuple, color: Color, scale: float) -> None:
    """Lines at 45 degrees, ``SHADE_STEP_PT`` apart on the page, clipped to the polygons ``polys`` less
    the boxes ``words`` (a little wider), so that a board's words there stay clear."""
    xs = [p[0] for q in polys for p in q]
    ys = [p[1] for q in polys for p in q]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    step = SHADE_STEP_PT / scale
    pad = SHADE_STEP_PT / 2 / scale
    loops = [_wound(list(q), 1) for q in polys]  # the cells one way round, the words' boxes the other: holes
    loops += [_wound([(a - pad, b - pad), (c + pad, b - pad), (c + pad, d + pad), (a - pad, d + pad)], -1)
              for a, b, c, d in words]
    surface.save()
    surface.clip_path([c for q in loops for c in [("M", *q[0]), *(("L", *p) for p in q[1:]), ("Z",)]])
    n = math.ceil((x1 - x0 + y1 - y0) / step)
    for i in range(n + 1):
        start = x0 - (y1 - y0) + i * step  # each line from the bottom edge up to the right, across the box
        surface.line(start, y0, start + (y1 - y0), y1, color, SHADE_PT / scale)
    surface.restore()


def _wound(points: list, sign: int) -> list:
    """The polygon turning counter-clockwise (``sign`` 1) or clockwise (-1)."""
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))
    return points if area * sign >= 0 else points[::-1]


def outline_gutter(scale: float) -> float:
    """The band (figure points) an outline takes inside its cells, and a little air: pieces keep out of it."""
    return (OUTLINE_PT + HALO_PT + 0.6) / scale


def draw_inline(surface: Any, inline: Any, x: float, y: float, w: float, h: float) -> None:
    """A piece standing in a line of text (``{piece:ref}``), in the box (x, y, w, h)."""
    tag = getattr(surface, "tag", None)
    before = (getattr(surface, "what", ""), getattr(surface, "owner", -1))
    if tag is not None:
        tag("figure", 0)
    _piece(surface, Drawn(inline.component, inline.piece, inline.face, (x, y, w, h)))
    if tag is not None:
        tag(*before)


def _piece(surface: Any, drawn: Any, box: tuple[float, float, float, float] | None = None) -> None:
    comp, piece = drawn.component, drawn.piece
    x, y, w, h = box or drawn.box
    surface.save()
    if drawn.angle:  # turned about the box's centre
        surface.translate(x + w / 2, y + h / 2)
        surface.rotate(drawn.angle)
        surface.translate(-(x + w / 2), -(y + h / 2))
    surface.translate(x, y)
    if drawn.turn:  # turned clockwise about the box
        surface.translate(*{90: (0, h), 180: (w, h), 270: (w, 0)}[drawn.turn])
        surface.rotate(-drawn.turn)
        w, h = (h, w) if drawn.turn in (90, 270) else (w, h)
    surface.scale(w / piece.w, h / piece.h)
    _as_piece(surface)
    surface.clip_path(outline(piece.shape, 0, 0, piece.w, piece.h, piece.radius))
    renderer_for(comp)(comp, piece, drawn.face, surface, piece.w, piece.h, 0.0)
    surface.restore()


def _as_piece(surface: Any) -> None:
    """The ink modes judge what follows by its size in the piece, so it prints as on its sheet."""
    as_piece = getattr(surface, "as_piece", None)
    if as_piece is not None:
        as_piece()


def _mark(surface: Any, x: float, y: float, style: str, size: float, scale: float) -> None:
    """A tick (good) or a cross (bad) about ``size`` tall, centred at (x, y)."""
    color, half, width = STYLE_COLORS[style], size * 0.42, 1.6 / scale
    if style == "good":
        surface.path([("M", x - half, y), ("L", x - half * 0.25, y - half * 0.8), ("L", x + half, y + half)],
                     stroke=color, width=width)
    elif style == "bad":
        for sx in (-1, 1):
            surface.line(x - half, y - sx * half, x + half, y + sx * half, color, width)


def _arrow(surface: Any, points: tuple, color: Color, dashed: bool, scale: float) -> None:
    width = ARROW_PT / scale
    head = 7 / scale
    (xa, ya), (xb, yb) = points[-2], points[-1]
    angle = math.atan2(yb - ya, xb - xa)
    tip = (xb, yb)
    back = (xb - head * 0.8 * math.cos(angle), yb - head * 0.8 * math.sin(angle))
    line = list(points[:-1]) + [back]
    dash = (4 / scale, 2.5 / scale) if dashed else None
    for color_, w in ((WHITE, width + 1.6 / scale), (color, width)):
        commands: list[tuple] = [("M", *line[0])] + [("L", *p) for p in line[1:]]
        surface.path(commands, stroke=color_, width=w, dash=dash if color_ is color else None)
    left = (xb - head * math.cos(angle - 0.42), yb - head * math.sin(angle - 0.42))
    right = (xb - head * math.cos(angle + 0.42), yb - head * math.sin(angle + 0.42))
    surface.polygon([tip, left, right], fill=color, stroke=WHITE, width=0.8 / scale)
