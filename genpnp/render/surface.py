"""The drawing surface renderers paint on; backends implement it.

Coordinates are PDF points with the origin at the bottom-left and y up.
Colours are :class:`genpnp.core.color.Color`; the backend applies the ink mode.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from genpnp.core.color import Color

Point = tuple[float, float]


class Surface(Protocol):
    def save(self) -> None: ...
    def restore(self) -> None: ...
    def translate(self, x: float, y: float) -> None: ...
    def rotate(self, degrees: float) -> None: ...
    def scale(self, sx: float, sy: float) -> None: ...

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: Color | None = None,
        stroke: Color | None = None,
        width: float = 0.5,
        radius: float = 0.0,
        dash: Sequence[float] | None = None,
    ) -> None: ...

    def circle(
        self, cx: float, cy: float, r: float, fill: Color | None = None, stroke: Color | None = None,
        width: float = 0.5, dash: Sequence[float] | None = None,
    ) -> None: ...

    def ellipse(
        self, x: float, y: float, w: float, h: float, fill: Color | None = None,
        stroke: Color | None = None, width: float = 0.5,
    ) -> None: ...

    def polygon(
        self, points: Sequence[Point], fill: Color | None = None, stroke: Color | None = None,
        width: float = 0.5, close: bool = True, dash: Sequence[float] | None = None,
    ) -> None: ...

    def path(
        self, commands: Sequence[tuple], fill: Color | None = None, stroke: Color | None = None,
        width: float = 0.5, dash: Sequence[float] | None = None,
    ) -> None:
        """``commands``: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    def line(
        self, x1: float, y1: float, x2: float, y2: float, stroke: Color, width: float = 0.5,
        dash: Sequence[float] | None = None,
    ) -> None: ...

    def text(
        self, x: float, y: float, text: str, font: str, size: float, color: Color,
        align: str = "left",
    ) -> None:
        """One line of text; ``y`` is the baseline; align left/center/right about ``x``."""

    def text_width(self, text: str, font: str, size: float) -> float: ...

    def image(self, path: Path, x: float, y: float, w: float, h: float) -> None:
        """A PNG or JPEG file stretched over the box (x, y, w, h)."""

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None: ...

    def clip_path(self, commands: Sequence[tuple]) -> None: ...

    def reuse(self, key: str, w: float, h: float, draw: Callable[[Surface], None]) -> None:
        """Draw once as a reusable object (a PDF form) and place it at the origin."""
