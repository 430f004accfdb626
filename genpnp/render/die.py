"""Renderer of die nets: faces with pips, glue tabs, fold lines."""

from __future__ import annotations

from typing import Any

from genpnp.art.pips import pip_centres
from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.core.i18n import tr
from genpnp.model.die import DieNet
from genpnp.render import renderer
from genpnp.render.marks import FOLD, FOLD_DASH

TAB = Color(0.9, 0.9, 0.9)


def _draw(die: Any, surface: Any) -> None:
    surface.path(die.outline(), fill=TAB)
    for number in range(1, 7):
        x, y, w, h = die.face_box(number)
        surface.rect(x, y, w, h, fill=die.fill)
        count = die.pips[number - 1]
        inset = w * 0.1
        for cx, cy in pip_centres(count, x + inset, y + inset, w - 2 * inset, h - 2 * inset):
            surface.circle(cx, cy, w * 0.085, fill=die.pip_color)
    for (x1, y1), (x2, y2) in die.fold_lines():
        surface.line(x1, y1, x2, y2, FOLD, 0.6, FOLD_DASH)
    size = max(4.0, die.tab * 0.45)
    x, y, w, h = die.face_box(3)
    surface.text(x + w / 2, y + h + die.tab / 2 - size / 3, tr("glue"), fonts.DEFAULT, size, Color(0.45, 0.45, 0.45),
                 "center")
    surface.path(die.outline(), stroke=Color(0.45, 0.45, 0.45), width=0.35)


@renderer(DieNet)
def draw(component: Any, piece: Any, face_name: str, surface: Any, w: float, h: float, bleed: float) -> None:
    surface.reuse(f"{component.name}-net", w, h, lambda s: _draw(component, s))
