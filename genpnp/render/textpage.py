"""Drawing typeset text pages (positions come from impose.textflow)."""

from __future__ import annotations

from typing import Any

from genpnp.color import Color

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
            _, x, y, text, font, size = op
            surface.text(x, y, text, font, size, INK, "left")
        elif op[0] == "report":
            if report is not None:
                report(op[1], op[2])
        elif op[0] == "rule":
            _, x1, y1, x2, y2 = op
            surface.line(x1, y1, x2, y2, RULE, 0.5)
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
