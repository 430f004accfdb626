"""Contrast of text against what is printed around it, read back from a built PDF (pdfium): each run of
characters of one colour and size on one line, its colour as the PDF sets it, its background the median
of the rendered pixels sampled just above the run, or just below it where that reads better (a line of
text set close to a frame or a band's edge has the frame on one side only). Characters their clip path
hides (a board's words cut off at a figure's window) are not printed, so not measured."""

from __future__ import annotations

import ctypes
import statistics
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from genpnp.backends.ink import needed_contrast
from genpnp.core.color import Color, contrast_ratio

DPI = 100


@dataclass(frozen=True)
class Run:
    page: int  # from 1
    text: str
    size: float
    bold: bool
    ratio: float  # contrast against its background

    @property
    def needed(self) -> float:
        return needed_contrast(self.size, "bold" if self.bold else "")


# the tallest glyph of a run printed smaller than about 3 pt (a capital of 3 pt text is ~2.1 pt tall)
TEXTURE = 2.0


def runs(path: Path) -> list[Run]:
    out: list[Run] = []
    pdf = pdfium.PdfDocument(str(path))
    try:
        for number, page in enumerate(pdf, 1):
            height = page.get_height()
            image = page.render(scale=DPI / 72).to_pil().convert("RGB")
            textpage = page.get_textpage()
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            current: list = []  # (char, box) of the run being read
            key = None

            for i in range(textpage.count_chars()):
                ch = textpage.get_text_range(i, 1)
                if ch in ("\n", "\r"):
                    run = _run(number, current, key, image, height)
                    if run:
                        out.append(run)
                    current, key = [], None
                    continue
                raw.FPDFText_GetFillColor(textpage.raw, i, r, g, b, a)
                size = round(raw.FPDFText_GetFontSize(textpage.raw, i), 1)
                bold = raw.FPDFText_GetFontWeight(textpage.raw, i) >= 700
                k = (r.value, g.value, b.value, size, bold)
                if k != key:
                    run = _run(number, current, key, image, height)
                    if run:
                        out.append(run)
                    current, key = [], k
                if ch.strip() and _clipped_away(textpage, i):
                    continue
                if ch.strip():
                    current.append((ch, textpage.get_charbox(i)))
                else:
                    current.append((ch, current[-1][1] if current else textpage.get_charbox(i)))
            run = _run(number, current, key, image, height)
            if run:
                out.append(run)
            textpage.close()
            page.close()
    finally:
        pdf.close()
    return out


def _clipped_away(textpage, i: int) -> bool:
    """Whether character i lies wholly outside the bounding box of its text object's clip path (the
    intersection of the clip's paths), where nothing of it is printed."""
    obj = raw.FPDFText_GetTextObject(textpage.raw, i)
    clip = raw.FPDFPageObj_GetClipPath(obj) if obj else None
    if not clip:
        return False
    x0, y0, x1, y1 = textpage.get_charbox(i)
    for p in range(raw.FPDFClipPath_CountPaths(clip)):
        xs, ys = [], []
        for k in range(raw.FPDFClipPath_CountPathSegments(clip, p)):
            x, y = ctypes.c_float(), ctypes.c_float()
            raw.FPDFPathSegment_GetPoint(raw.FPDFClipPath_GetPathSegment(clip, p, k), x, y)
            xs.append(x.value)
            ys.append(y.value)
        if xs and (x1 < min(xs) or x0 > max(xs) or y1 < min(ys) or y0 > max(ys)):
            return True
    return False


def _run(number: int, current: list, key: tuple | None, image, height: float) -> Run | None:
    """The run of characters ``current`` (of colour and size ``key``) and its contrast."""
    px = image.load()
    if not current or key is None:
        return None
    text = "".join(ch for ch, _ in current).strip()
    if len(text) < 2:
        return None
    if max(bx[3] - bx[1] for ch, bx in current if ch.strip()) < TEXTURE:
        return None  # printed under ~3 pt (a board's names on a cover thumbnail): texture, not read
    x0 = min(bx[0] for _, bx in current)
    x1 = max(bx[2] for _, bx in current)
    y0 = min(bx[1] for _, bx in current)
    y1 = max(bx[3] for _, bx in current)
    colour = Color(key[0] / 255, key[1] / 255, key[2] / 255)
    ratios: tuple[list[float], list[float]] = ([], [])
    vertical = (x1 - x0) < (y1 - y0) and len(text) > 2
    steps = 9
    for i in range(steps):
        t = (i + 0.5) / steps
        if vertical:  # a run turned up the page: sample left and right of it
            pts = [(x0 - 1.2, y0 + t * (y1 - y0)), (x1 + 1.2, y0 + t * (y1 - y0))]
        else:
            pts = [(x0 + t * (x1 - x0), y0 - 1.2), (x0 + t * (x1 - x0), y1 + 1.2)]
        for side, (x, y) in enumerate(pts):
            ix, iy = round(x * DPI / 72), round((height - y) * DPI / 72)
            if 0 <= ix < image.width and 0 <= iy < image.height:
                pr, pg, pb = px[ix, iy]
                ratios[side].append(contrast_ratio(colour, Color(pr / 255, pg / 255, pb / 255)))
    sides = [statistics.median(side) for side in ratios if side]
    if sides:
        return Run(number, text, key[3], key[4], max(sides))
    return None
