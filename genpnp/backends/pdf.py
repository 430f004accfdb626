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
from genpnp.backends.ink import fill_look, map_stroke, mark_color, needed_contrast, size_class, text_color
from genpnp.backends.pdfstream import streaming_canvas
from genpnp.core import fonts
from genpnp.core.affine import IDENTITY, Matrix, apply, inverse, multiply
from genpnp.core.color import WHITE, Color

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
        # the ink modes judge a fill by its size on the page and text by what is printed under it: the
        # transformation to the page, and the fills drawn on this page so far (page box, printed colour,
        # the game's colour); a reused form's fills, relative to the form, are placed again with it
        self._ctm: Matrix = IDENTITY
        self._ctms: list[Matrix] = []
        # the page box the current clip leaves (None: the whole page), so that a fill drawn whole and
        # clipped (a board in a figure) is the backdrop only of what it shows
        self._clip: Box | None = None
        self._clips: list[Box | None] = []
        self.what, self.owner = "page", -1
        # a piece drawn smaller or larger than itself (a figure's tile, a cover's card) is judged by its own
        # size, so that it prints as it does on its sheet: the scale set by as_piece, saved with the state
        self._piece_scale = 1.0
        self._piece_scales: list[float] = []
        self.backdrops: list[Backdrop] = []
        self._form_backdrops: dict[str, tuple[Matrix, list[Backdrop]]] = {}

    def tag(self, what: str, owner: int = -1) -> None:
        """What is being drawn (render/sheet.py and figures say): a renderer may draw a figure's snippet
        of a board (``figure-board``) otherwise than the board itself."""
        self.what, self.owner = what, owner

    def in_view(self, points: Sequence[tuple[float, float]]) -> bool:
        """Whether the points (current coordinates) all lie inside the current clip (0.5 pt of slack)."""
        if self._clip is None:
            return True
        x0, y0, x1, y1 = self._clip
        return all(x0 - 0.5 <= px <= x1 + 0.5 and y0 - 0.5 <= py <= y1 + 0.5
                   for px, py in (apply(self._ctm, x, y) for x, y in points))

    def new_page(self) -> None:
        self._ctm, self._ctms, self.backdrops = IDENTITY, [], []
        self._clip, self._clips = None, []
        self._piece_scale, self._piece_scales = 1.0, []

    # -- state
    def save(self) -> None:
        self.c.saveState()
        self._ctms.append(self._ctm)
        self._clips.append(self._clip)
        self._piece_scales.append(self._piece_scale)

    def restore(self) -> None:
        self.c.restoreState()
        if self._ctms:
            self._ctm = self._ctms.pop()
        if self._clips:
            self._clip = self._clips.pop()
        if self._piece_scales:
            self._piece_scale = self._piece_scales.pop()

    def as_piece(self) -> None:
        """From here to the matching restore a piece is drawn at the current scale: the ink modes judge its
        fills by their size in the piece (a tile in a figure prints in bw and saver as on its sheet)."""
        self._piece_scale = self._scale()

    def translate(self, x: float, y: float) -> None:
        self.c.translate(x, y)
        self._ctm = multiply(self._ctm, (1, 0, 0, 1, x, y))

    def rotate(self, degrees: float) -> None:
        self.c.rotate(degrees)
        c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        self._ctm = multiply(self._ctm, (c, s, -s, c, 0, 0))

    def scale(self, sx: float, sy: float) -> None:
        self.c.scale(sx, sy)
        self._ctm = multiply(self._ctm, (sx, 0, 0, sy, 0, 0))

    def _page_box(self, box: Box) -> Box:
        """The page box (x0, y0, x1, y1) around a box in the current coordinates."""
        return _map_box(self._ctm, box)

    # -- paint helpers
    def _paint(self, build: Callable[[Any], None], fill: Color | None, stroke: Color | None, width: float,
               dash: Sequence[float] | None, box: Box = (0, 0, 0, 0)) -> None:
        if fill is None and stroke is None:
            return
        path = self.c.beginPath()
        build(path)
        pattern = ""
        band = None
        if fill is not None:
            page = self._page_box(box)
            fw, fh = (page[2] - page[0]) / self._piece_scale, (page[3] - page[1]) / self._piece_scale
            look = fill_look(fill, self.ink, fw, fh)
            f, pattern, band = look.color, look.pattern, look
            if self.ink != "color" and size_class(fw, fh) == "small":
                under, source = self._backdrop_at((page[0] + page[2]) / 2, (page[1] + page[3]) / 2)
                f = mark_color(f, fill, under, source, self.ink)
            self.c.setFillColorRGB(f.r, f.g, f.b)
            shown = page if self._clip is None else _intersect(page, self._clip)
            if shown is not None and self.ink != "color":  # only bw and saver read what lies under a mark
                self.backdrops.append((shown, f, fill))
        if stroke is not None:
            s = map_stroke(stroke, self.ink)
            self.c.setStrokeColorRGB(s.r, s.g, s.b)
            self.c.setLineWidth(width)
            self.c.setDash(list(dash) if dash else [])
        self.c.drawPath(path, fill=1 if fill is not None else 0, stroke=0)
        if pattern:
            self._pattern(build, pattern)
        if band is not None and band.band is not None:
            self._band(build, band.band, band.band_width)
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

    def _band(self, build: Callable[[Any], None], color: Color, band: float) -> None:
        """A band of ``color`` along the inside edge of the shape just filled (its outline stroked twice as
        wide, clipped to the shape)."""
        self.c.saveState()
        clip = self.c.beginPath()
        build(clip)
        self.c.clipPath(clip, stroke=0, fill=0)
        path = self.c.beginPath()
        build(path)
        self.c.setStrokeColorRGB(color.r, color.g, color.b)
        self.c.setLineWidth(2 * band * self._piece_scale / self._scale())  # a piece's band scales with it
        self.c.setDash([])
        self.c.drawPath(path, fill=0, stroke=1)
        self.c.restoreState()

    def _scale(self) -> float:
        a, b, c, d = self._ctm[:4]
        return max(1e-9, abs(a * d - b * c)) ** 0.5

    # -- shapes
    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.5, radius=0.0, dash=None) -> None:
        box = (min(x, x + w), min(y, y + h), max(x, x + w), max(y, y + h))
        if radius > 0:
            self._paint(lambda p: p.roundRect(x, y, w, h, min(radius, w / 2, h / 2)), fill, stroke, width, dash,
                        box)
        else:
            self._paint(lambda p: p.rect(x, y, w, h), fill, stroke, width, dash, box)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.5, dash=None) -> None:
        self._paint(lambda p: p.circle(cx, cy, r), fill, stroke, width, dash, (cx - r, cy - r, cx + r, cy + r))

    def ellipse(self, x, y, w, h, fill=None, stroke=None, width=0.5) -> None:
        self._paint(lambda p: p.ellipse(x, y, w, h), fill, stroke, width, None,
                    (min(x, x + w), min(y, y + h), max(x, x + w), max(y, y + h)))

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

        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self._paint(build, fill if close else None, stroke, width, dash, (min(xs), min(ys), max(xs), max(ys)))

    def path(self, commands, fill=None, stroke=None, width=0.5, dash=None) -> None:
        self._paint(lambda p: _build_path(p, commands), fill, stroke, width, dash, _path_box(commands))

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
        col = color
        width = fonts.text_width(text, font, size)
        left = x - width / 2 if align == "center" else x - width if align == "right" else x
        if self._clip is not None and _intersect(self._page_box((left, y - size * 0.3, left + width, y + size)),
                                                 self._clip) is None:
            # wholly outside the clip (a figure's snippet of a board, a poster part): it would print
            # nothing, and kept in the page it would scramble the text a reader or pdftotext takes from it
            return
        if self.ink != "color":
            px, py = apply(self._ctm, left + width / 2, y + size * 0.3)
            if self._clip is not None:  # a text cut by the clip: judged where it shows
                px = min(max(px, self._clip[0]), self._clip[2])
                py = min(max(py, self._clip[1]), self._clip[3])
            printed, source = self._backdrop_at(px, py)
            col = text_color(color, self.ink, printed, source, needed_contrast(size, font))
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
        self._clip_to(self._page_box((x, y, x + w, y + h)))

    def clip_path(self, commands) -> None:
        p = self.c.beginPath()
        _build_path(p, commands)
        self.c.clipPath(p, stroke=0, fill=0)
        self._clip_to(self._page_box(_path_box(commands)))

    def _clip_to(self, box: Box) -> None:
        clip = box if self._clip is None else _intersect(box, self._clip)
        self._clip = clip if clip is not None else (box[0], box[1], box[0], box[1])

    def backdrop(self, x: float, y: float) -> tuple[Color, Color | None]:
        """(the colour printed, the game's colour of that fill) under the point (x, y) of the current
        coordinates: the last fill drawn there on this page, or the paper (white, None). Fills are kept
        for the bw and saver inks only (a colour page changes no mark by what lies under it)."""
        return self._backdrop_at(*apply(self._ctm, x, y))

    def _backdrop_at(self, px: float, py: float) -> tuple[Color, Color | None]:
        for (x0, y0, x1, y1), printed, source in reversed(self.backdrops):
            if x0 <= px <= x1 and y0 <= py <= y1:
                return printed, source
        return WHITE, None

    def reuse(self, key, w, h, draw) -> None:
        # bw and saver judge fills by their size on the page: a face drawn at another scale (a cover's
        # smaller pieces) is another form, and so is one judged at another piece scale (as_piece)
        judged = f"/{self._piece_scale:.3f}" if self._piece_scale != 1 else ""
        name = _form_name(key if self.ink == "color" else f"{key}@{self._scale():.3f}{judged}")
        if name not in self.forms:
            pad = max(w, h)
            first = len(self.backdrops)
            outer, self._clip = self._clip, None  # the form's fills whole: the clip applies where it is drawn
            self.c.beginForm(name, -pad, -pad, w + pad, h + pad)
            draw(self)
            self.c.endForm()
            self._clip = outer
            self.forms.add(name)
            self._form_backdrops[name] = (self._ctm, self.backdrops[first:])
            del self.backdrops[first:]
        # the form's fills, placed where the form is drawn this time, cut to the clip there (none in colour)
        ctm, drawn = self._form_backdrops.get(name, (IDENTITY, []))
        move = multiply(self._ctm, inverse(ctm))
        for box, printed, source in drawn:
            shown = _map_box(move, box)
            shown_ = shown if self._clip is None else _intersect(shown, self._clip)
            if shown_ is not None:
                self.backdrops.append((shown_, printed, source))
        self.c.doForm(name)


Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Backdrop = tuple[Box, Color, Color]  # a fill's box on the page, its printed colour, the game's colour


def _intersect(a: Box, b: Box) -> Box | None:
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] <= box[2] and box[1] <= box[3] else None


def _map_box(m: Matrix, box: Box) -> Box:
    x0, y0, x1, y1 = box
    pts = [apply(m, x, y) for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def _path_box(commands) -> Box:
    xs: list[float] = []
    ys: list[float] = []
    for cmd in commands:
        if cmd[0] == "A":
            cx, cy, r = cmd[1:4]
            xs += [cx - r, cx + r]
            ys += [cy - r, cy + r]
        elif cmd[0] != "Z":
            xs += list(cmd[1::2])
            ys += list(cmd[2::2])
    return (min(xs), min(ys), max(xs), max(ys)) if xs else (0.0, 0.0, 0.0, 0.0)


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
                                      initialFontName=font_id(fonts.parsed_font()))  # TrueType: no Helvetica
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
                surface.new_page()
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
