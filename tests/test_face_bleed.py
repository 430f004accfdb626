"""A filled rectangle that reaches a face's edge runs on into the bleed; other elements stay on the face."""

from __future__ import annotations

from typing import Any

from genpnp.art.shapes import Ellipse, Rect
from genpnp.core.color import Color
from genpnp.render.pieces import draw_elements

RED = Color(0.8, 0.2, 0.2)


class Recorder:
    def __init__(self) -> None:
        self.rects: list[tuple[Any, ...]] = []
        self.ellipses: list[tuple[Any, ...]] = []

    def rect(self, x: float, y: float, w: float, h: float, **kw: Any) -> None:
        self.rects.append((round(x, 3), round(y, 3), round(w, 3), round(h, 3), kw.get("fill"), kw.get("stroke")))

    def ellipse(self, x: float, y: float, w: float, h: float, **kw: Any) -> None:
        self.ellipses.append((round(x, 3), round(y, 3), round(w, 3), round(h, 3)))


def _band() -> Rect:  # a band along the top of a 100 x 50 face: 10 pt tall
    return Rect(box=((0.0, True), (0.0, True), (1.0, True), (10.0, False)), fill=RED)


def test_a_band_on_the_edge_grows_into_the_bleed_on_the_sides_it_touches() -> None:
    s = Recorder()
    draw_elements(s, [_band()], 100, 50, bleed=8.5)
    assert s.rects == [(-8.5, 40.0, 117.0, 18.5, RED, None)]  # left, right and top; not below


def test_without_bleed_and_inside_the_face_nothing_grows() -> None:
    s = Recorder()
    draw_elements(s, [_band()], 100, 50)
    assert s.rects == [(0.0, 40.0, 100.0, 10.0, RED, None)]
    s = Recorder()
    inner = Rect(box=((10.0, False), (10.0, False), (20.0, False), (5.0, False)), fill=RED)
    draw_elements(s, [inner, Ellipse(fill=RED)], 100, 50, bleed=8.5)
    assert s.rects == [(10.0, 35.0, 20.0, 5.0, RED, None)]
    assert s.ellipses == [(0.0, 0.0, 100.0, 50.0)]  # only square-cornered rectangles bleed


def test_an_outlined_rectangle_keeps_its_outline_on_the_cut_line() -> None:
    s = Recorder()
    whole = Rect(fill=RED, stroke=Color(0, 0, 0), width=0.7)
    draw_elements(s, [whole], 40, 10, bleed=3)
    assert s.rects[0][:4] == (-3.0, -3.0, 46.0, 16.0) and s.rects[0][5] is None
    assert s.rects[1][:4] == (0.0, 0.0, 40.0, 10.0) and s.rects[1][4] is None
