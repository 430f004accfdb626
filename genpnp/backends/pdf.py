"""The PDF backend: a Surface on a reportlab canvas, and the document writer.

Output is reproducible (reportlab's invariant mode, fixed metadata), faces that
repeat are drawn once as PDF forms, fonts are TrueType, embedded and subset, and
the file is written to a temporary name and renamed into place.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from genpnp.backends import patterns
from genpnp.backends.ink import map_fill, map_stroke
from genpnp.backends.pdfstream import streaming_canvas
from genpnp.core import fonts
from genpnp.core.color import Color

_REGISTERED: set[str] = set()


def font_id(name: str) -> str:
    """Register the TrueType font with reportlab once; return its reportlab name."""
    rl_name = "gp-" + name
    if rl_name not in _REGISTERED:
        pdfmetrics.registerFont(fonts.ttfont(name))
        _REGISTERED.add(rl_name)
    return rl_name


class PdfSurface:
    """Surface (see genpnp.render.surface) drawing on a reportlab canvas."""

    def __init__(self, canvas: Canvas, ink: str = "color"):
        self.c = canvas
        self.ink = ink
        self.forms: set[str] = set()

    # -- state
    def save(self) -> None:
        self.c.saveState()

    def restore(self) -> None:
        self.c.restoreState()

    def translate(self, x: float, y: float) -> None:
        self.c.translate(x, y)

    def rotate(self, degrees: float) -> None:
        self.c.rotate(degrees)

    def scale(self, sx: float, sy: float) -> None:
        self.c.scale(sx, sy)

    # -- paint helpers
    def _paint(self, build: Callable[[Any], None], fill: Color | None, stroke: Color | None, width: float,
               dash: Sequence[float] | None) -> None:
        if fill is None and stroke is None:
            return
        path = self.c.beginPath()
        build(path)
        pattern = ""
        if fill is not None:
            f, pattern = map_fill(fill, self.ink)
            self.c.setFillColorRGB(f.r, f.g, f.b)
        if stroke is not None:
            s = map_stroke(stroke, self.ink)
            self.c.setStrokeColorRGB(s.r, s.g, s.b)
            self.c.setLineWidth(width)
            self.c.setDash(list(dash) if dash else [])
        self.c.drawPath(path, fill=1 if fill is not None else 0, stroke=0)
        if pattern:
            self._pattern(build, pattern)
        if stroke is not None:
            path = self.c.beginPath()
            build(path)
            self.c.drawPath(path, fill=0, stroke=1)
            if dash:
                self.c.setDash([])

    def _pattern(self, build: Callable[[object], None], pattern: str) -> None:
        """Fill the shape just filled once more with its bw pattern (a tiling pattern defined once)."""
        name = patterns.ensure(self.c._doc, pattern)  # a StreamingDocument (write_pdf)
        path = self.c.beginPath()
        build(path)
        self.c.saveState()
        self.c.addLiteral(f"/Pattern cs /{name} scn")
        self.c.drawPath(path, fill=1, stroke=0)
        self.c.restoreState()

    # -- shapes
    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.5, radius=0.0, dash=None) -> None:
        if radius > 0:
            self._paint(lambda p: p.roundRect(x, y, w, h, min(radius, w / 2, h / 2)), fill, stroke, width, dash)
        else:
            self._paint(lambda p: p.rect(x, y, w, h), fill, stroke, width, dash)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.5, dash=None) -> None:
        self._paint(lambda p: p.circle(cx, cy, r), fill, stroke, width, dash)

    def ellipse(self, x, y, w, h, fill=None, stroke=None, width=0.5) -> None:
        self._paint(lambda p: p.ellipse(x, y, w, h), fill, stroke, width, None)

    def polygon(self, points, fill=None, stroke=None, width=0.5, close=True, dash=None) -> None:
        pts = list(points)
        if not pts:
            return

        def build(p):
            p.moveTo(*pts[0])
            for pt in pts[1:]:
                p.lineTo(*pt)
            if close:
                p.close()

        self._paint(build, fill if close else None, stroke, width, dash)

    def path(self, commands, fill=None, stroke=None, width=0.5, dash=None) -> None:
        self._paint(lambda p: _build_path(p, commands), fill, stroke, width, dash)

    def line(self, x1, y1, x2, y2, stroke, width=0.5, dash=None) -> None:
        s = map_stroke(stroke, self.ink)
        self.c.setStrokeColorRGB(s.r, s.g, s.b)
        self.c.setLineWidth(width)
        self.c.setDash(list(dash) if dash else [])
        self.c.line(x1, y1, x2, y2)
        if dash:
            self.c.setDash([])

    # -- text
    def text(self, x, y, text, font, size, color, align="left") -> None:
        col = color if self.ink != "bw" else map_stroke(color, "bw")
        if self.ink == "bw" and color.luminance > 0.8:
            col = Color(1, 1, 1)
        self.c.setFillColorRGB(col.r, col.g, col.b)
        self.c.setFont(font_id(font), size)
        if align == "center":
            self.c.drawCentredString(x, y, text)
        elif align == "right":
            self.c.drawRightString(x, y, text)
        else:
            self.c.drawString(x, y, text)

    def text_width(self, text, font, size) -> float:
        return fonts.text_width(text, font, size)

    # -- images
    def image(self, path: Path, x: float, y: float, w: float, h: float) -> None:
        """Draw a PNG/JPEG over the box; greyscale in bw ink; transparency kept."""
        if self.ink == "bw":
            from PIL import Image
            from reportlab.lib.utils import ImageReader

            with Image.open(path) as img:
                grey = img.convert("LA")
            self.c.drawImage(ImageReader(grey), x, y, w, h, mask="auto")
        else:
            self.c.drawImage(str(path), x, y, w, h, mask="auto")

    # -- clipping and reuse
    def clip_rect(self, x, y, w, h) -> None:
        p = self.c.beginPath()
        p.rect(x, y, w, h)
        self.c.clipPath(p, stroke=0, fill=0)

    def clip_path(self, commands) -> None:
        p = self.c.beginPath()
        _build_path(p, commands)
        self.c.clipPath(p, stroke=0, fill=0)

    def reuse(self, key, w, h, draw) -> None:
        name = _form_name(key)
        if name not in self.forms:
            pad = max(w, h)
            self.c.beginForm(name, -pad, -pad, w + pad, h + pad)
            draw(self)
            self.c.endForm()
            self.forms.add(name)
        self.c.doForm(name)


@functools.lru_cache(maxsize=4096)
def _form_name(key: str) -> str:
    """A PDF name for a reused drawing's key (the same key, drawn many times, is named once)."""
    return "F" + "".join(ch if ch.isalnum() else "_" for ch in key)


def _build_path(p, commands) -> None:
    for cmd in commands:
        op = cmd[0]
        if op == "M":
            p.moveTo(cmd[1], cmd[2])
        elif op == "L":
            p.lineTo(cmd[1], cmd[2])
        elif op == "C":
            p.curveTo(*cmd[1:7])
        elif op == "A":  # arc: cx, cy, r, start, extent (degrees)
            cx, cy, r, start, extent = cmd[1:6]
            p.arcTo(cx - r, cy - r, cx + r, cy + r, start, extent)
        elif op == "Z":
            p.close()


def write_pdf(path: Path, pages: list[tuple[float, float]], draw_page: Callable[[PdfSurface, int], None],
              title: str, author: str, ink: str, progress: Callable[[int, int], None] | None = None,
              outline: Sequence[tuple[int, str, int]] = ()) -> None:
    """Draw ``len(pages)`` pages into ``path`` atomically: a temporary file beside it, renamed over it
    at the end (``genpnp.core.outputs.replaced_file``), so a failed, interrupted or killed build leaves the
    previous PDF as it was. ``outline``: the bookmarks, (level from 0, title, page from 1), in order."""
    from genpnp.core.outputs import replaced_file

    with replaced_file(path) as tmp:
        with open(tmp, "wb") as out:  # each page is written as it is finished (pdfstream)
            canvas = streaming_canvas(out, pages[0] if pages else (612, 792), invariant=1, pageCompression=1,
                                      initialFontName=font_id(fonts.DEFAULT))  # no unembedded Helvetica
            canvas.setTitle(title)
            canvas.setAuthor(author)
            canvas.setCreator("genpnp")
            canvas.setProducer("genpnp")
            canvas.setSubject("print-and-play")
            surface = PdfSurface(canvas, ink)
            marked: dict[int, list[int]] = {}  # page -> its bookmarks (each has its own key)
            for n, (_, _, page) in enumerate(outline):
                marked.setdefault(page, []).append(n)
            for number, size in enumerate(pages):
                canvas.setPageSize(size)
                for n in marked.get(number + 1, ()):
                    canvas.bookmarkPage(f"o{n}", fit="XYZ", top=size[1])
                draw_page(surface, number)
                canvas.showPage()
                if progress:
                    progress(number + 1, len(pages))
            _add_outline(canvas, outline)
            canvas.save()


def _add_outline(canvas: Canvas, outline: Sequence[tuple[int, str, int]]) -> None:
    """The bookmarks, each pointing at its page; a level never more than one below the one before."""
    last = -1
    for n, (level, title, _) in enumerate(outline):
        level = max(0, min(level, last + 1))
        canvas.addOutlineEntry(title, f"o{n}", level, closed=level > 0)
        last = level
    if outline:
        canvas.showOutline()


def hex_points(cx: float, cy: float, r: float, pointy: bool = True) -> list[tuple[float, float]]:
    start = 90 if pointy else 0
    return [(cx + r * math.cos(math.radians(start + 60 * i)), cy + r * math.sin(math.radians(start + 60 * i)))
            for i in range(6)]
