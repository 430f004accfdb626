"""Drawing typeset text pages (positions come from impose.textflow)."""

from __future__ import annotations

from typing import Any

from genpnp.core.color import Color

INK = Color(0.08, 0.08, 0.08)
RULE = Color(0.55, 0.55, 0.55)
SHADE = Color(0.9, 0.9, 0.9)


SMALL = 6.0  # text below this size (pt) is reported to the audit


def draw_text_page(surface: Any, ops: list[tuple]) -> None:
    report = getattr(surface, "report", None)
    small = sorted({op[5] for op in ops if op[0] == "text" and op[5] < SMALL})
    if report is not None and small:
        report("small-text", f"text drawn at {small[0]:.1f} pt")
    for op in ops:
        if op[0] == "text":
            _text(surface, op)
        elif op[0] == "report":
            if report is not None:
                report(op[1], op[2])
        elif op[0] == "rule":
            _, x1, y1, x2, y2 = op
            surface.line(x1, y1, x2, y2, RULE, 0.5)
        elif op[0] == "box":  # a callout or example box: its ground and the bar at its left
            _, x, y, w, h, fill, bar, bar_w = op
            surface.rect(x, y, w, h, fill=fill)
            surface.rect(x, y, bar_w, h, fill=bar)
        elif op[0] == "piece":
            from genpnp.render.figure import draw_inline

            _, x, y, w, h, inline = op
            draw_inline(surface, inline, x, y, w, h)
        elif op[0] == "figure":
            from genpnp.render.figure import draw_figure

            _, x, y, _w, _h, scale, fig = op
            draw_figure(surface, fig, x, y, scale)
        elif op[0] == "fill":
            _, x, y, w, h = op
            surface.rect(x, y, w, h, fill=SHADE)


def _text(surface: Any, op: tuple) -> None:
    """A text op: ("text", x, y, text, font, size[, style]); a style (genpnp.art.markup.Style) gives its
    colour, underline and strike-through."""
    from genpnp.core import fonts

    x, y, text, font, size = op[1:6]
    style = op[6] if len(op) > 6 else None
    ink = style.color if style is not None and style.color is not None else INK
    surface.text(x, y, text, font, size, ink, "left")
    if style is not None and (style.underline or style.strike):
        width = fonts.text_width(text, font, size)
        thick = max(0.3, size * 0.06)
        if style.underline:
            surface.line(x, y - size * 0.12, x + width, y - size * 0.12, ink, thick)
        if style.strike:
            mid = y + fonts.cap_height(font, size) * 0.45
            surface.line(x, mid, x + width, mid, ink, thick)
