"""A drawing surface that paints nothing and records where ink would go.

Renderers draw on it exactly as on the PDF surface; it keeps, per primitive, its bounding box on
the page (after the current transformation and clip), what was being drawn (a placement, a mark,
the title...) and, for text, the string and size. Faces drawn through ``reuse`` are recorded once
and moved into place for each use, as the PDF draws them once as forms.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from genpnp.core import fonts
from genpnp.core.affine import IDENTITY, Matrix, apply, multiply
from genpnp.core.records import dataclass
from genpnp.impose.sheet import Box


def _bbox(m: Matrix, pts: Sequence[tuple[float, float]], grow: float = 0.0) -> Box:
    t = [apply(m, x, y) for x, y in pts]
    xs, ys = [p[0] for p in t], [p[1] for p in t]
    return Box(min(xs) - grow, min(ys) - grow, max(xs) - min(xs) + 2 * grow, max(ys) - min(ys) + 2 * grow)


def _clip(box: Box, clip: Box | None) -> Box | None:
    if clip is None:
        return box
    x1, y1 = max(box.x, clip.x), max(box.y, clip.y)
    x2, y2 = min(box.x2, clip.x2), min(box.y2, clip.y2)
    if x2 <= x1 + 1e-6 or y2 <= y1 + 1e-6:
        return None
    return Box(x1, y1, x2 - x1, y2 - y1)


@dataclass(frozen=True)
class Ink:
    """One recorded primitive."""

    box: Box
    kind: str  # shape, line, text, image
    what: str  # placement, mark:<kind>, label, header, footer, scale, page, glue
    owner: int  # index of the placement / mark being drawn, else -1
    text: str = ""
    size: float = 0.0


@dataclass(frozen=True)
class Report:
    """A layout problem a renderer reported (text overflow, small text, a broken word)."""

    kind: str
    message: str
    what: str
    owner: int


class RecordingSurface:
    """The Surface protocol (genpnp.render.surface), recording bounding boxes instead of painting."""

    def __init__(self, faces: dict | None = None) -> None:
        self.ink: list[Ink] = []
        self._faces: dict = {} if faces is None else faces  # face key -> its recorded ink (shared by pages)
        self.reports: list[Report] = []
        self._m: Matrix = IDENTITY
        self._clip: Box | None = None
        self._stack: list[tuple[Matrix, Box | None]] = []
        self.what, self.owner = "page", -1
        self._forms: dict[str, tuple[list[tuple[Box, str, str, float]], list[tuple[str, str]]]] = {}
        self._capture: list[Any] | None = None

    # -- what is being drawn (render/sheet.py calls this where a surface has it)
    def tag(self, what: str, owner: int = -1) -> None:
        self.what, self.owner = what, owner

    def report(self, kind: str, message: str) -> None:
        if self._capture is not None:
            self._capture[1].append((kind, message))
        else:
            self.reports.append(Report(kind, message, self.what, self.owner))

    # -- state
    def save(self) -> None:
        self._stack.append((self._m, self._clip))

    def restore(self) -> None:
        self._m, self._clip = self._stack.pop()

    def translate(self, x: float, y: float) -> None:
        self._m = multiply(self._m, (1.0, 0.0, 0.0, 1.0, x, y))

    def rotate(self, degrees: float) -> None:
        r = math.radians(degrees)
        c, s = math.cos(r), math.sin(r)
        self._m = multiply(self._m, (c, s, -s, c, 0.0, 0.0))

    def scale(self, sx: float, sy: float) -> None:
        self._m = multiply(self._m, (sx, 0.0, 0.0, sy, 0.0, 0.0))

    # -- recording
    def _add(self, box: Box, kind: str, text: str = "", size: float = 0.0) -> None:
        cut = self._clip is not None and self.what != "figure-board"  # a figure's board snippet: cut on purpose
        if kind == "text" and cut and self._clip is not None and not box.inside(self._clip, 0.5):
            self.report("overflow", f'"{_short(text)}" is cut off by the edge of its piece')
        clipped = _clip(box, self._clip)
        if clipped is None:
            return
        if self._capture is not None:
            self._capture[0].append((clipped, kind, text, size))
        else:
            self.ink.append(Ink(clipped, kind, self.what, self.owner, text, size))

    def _shape(self, pts: Sequence[tuple[float, float]], fill: Any, stroke: Any, width: float) -> None:
        if fill is None and stroke is None or not pts:
            return
        scale = math.sqrt(abs(self._m[0] * self._m[3] - self._m[1] * self._m[2]))
        self._add(_bbox(self._m, pts, (width / 2) * scale if stroke is not None else 0.0), "shape")

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.5, radius=0.0, dash=None) -> None:
        self._shape([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], fill, stroke, width)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.5, dash=None) -> None:
        self.rect(cx - r, cy - r, 2 * r, 2 * r, fill, stroke, width)

    def ellipse(self, x, y, w, h, fill=None, stroke=None, width=0.5) -> None:
        self.rect(x, y, w, h, fill, stroke, width)

    def polygon(self, points, fill=None, stroke=None, width=0.5, close=True, dash=None) -> None:
        self._shape(list(points), fill if close else None, stroke, width)

    def path(self, commands, fill=None, stroke=None, width=0.5, dash=None) -> None:
        self._shape(_path_points(commands), fill, stroke, width)

    def line(self, x1, y1, x2, y2, stroke, width=0.5, dash=None) -> None:
        self._shape([(x1, y1), (x2, y2)], None, stroke, width)

    def text(self, x, y, text, font, size, color, align="left") -> None:
        if not text:
            return
        w = fonts.text_width(text, font, size)
        x0 = x - w / 2 if align == "center" else x - w if align == "right" else x
        asc, desc = fonts.ascent(font, size), fonts.descent(font, size)
        self._add(_bbox(self._m, [(x0, y - abs(desc)), (x0 + w, y + asc)]), "text", text, size)

    def text_width(self, text, font, size) -> float:
        return fonts.text_width(text, font, size)

    def image(self, path, x, y, w, h) -> None:
        self._add(_bbox(self._m, [(x, y), (x + w, y + h)]), "image")

    def in_view(self, points: Sequence[tuple[float, float]]) -> bool:
        """Whether the points (current coordinates) all lie inside the current clip (0.5 pt of slack)."""
        return self._clip is None or _bbox(self._m, list(points)).inside(self._clip, 0.5)

    def clip_rect(self, x, y, w, h) -> None:
        box = _bbox(self._m, [(x, y), (x + w, y + h)])
        self._clip = box if self._clip is None else (_clip(box, self._clip) or Box(box.x, box.y, 0, 0))

    def clip_path(self, commands) -> None:
        box = _bbox(self._m, _path_points(commands))
        self._clip = box if self._clip is None else (_clip(box, self._clip) or Box(box.x, box.y, 0, 0))

    def reuse(self, key: str, w: float, h: float, draw: Callable[[Any], None]) -> None:
        """Record the form once (in its own coordinates), then place its ink for this use."""
        self._replay(self._forms, key, lambda: draw(self))

    def record_face(self, key: tuple, draw: Callable[[], None]) -> None:
        """A piece's face: recorded once per document (a board drawn for every poster part, a card
        on its page and again for the audit of another paper), then placed for this use."""
        self._replay(self._faces, key, draw)

    def _replay(self, cache: dict, key: Any, draw: Callable[[], None]) -> None:
        if key not in cache:
            saved = (self._m, self._clip, self._stack, self._capture)
            self._m, self._clip, self._stack = IDENTITY, None, []
            self._capture = [[], []]
            draw()
            cache[key] = (self._capture[0], self._capture[1])
            self._m, self._clip, self._stack, self._capture = saved
        items, reports = cache[key]
        for box, kind, text, size in items:
            self._add(_bbox(self._m, [(box.x, box.y), (box.x2, box.y2), (box.x, box.y2), (box.x2, box.y)]),
                      kind, text, size)
        for kind, message in reports:
            self.report(kind, message)


def _short(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def _path_points(commands: Sequence[tuple]) -> list[tuple[float, float]]:
    pts: list[tuple[float, float]] = []
    for cmd in commands:
        op = cmd[0]
        if op in ("M", "L"):
            pts.append((cmd[1], cmd[2]))
        elif op == "C":
            pts.extend([(cmd[1], cmd[2]), (cmd[3], cmd[4]), (cmd[5], cmd[6])])
        elif op == "A":
            cx, cy, r = cmd[1], cmd[2], cmd[3]
            pts.extend([(cx - r, cy - r), (cx + r, cy + r)])
    return pts
