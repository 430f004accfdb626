"""bw fill patterns as PDF tiling patterns, each defined once per document.

A patterned shape is filled twice: once with its grey, then once more with the pattern (a small tile
that the PDF viewer repeats), so it costs a few bytes of page content instead of the hundreds of lines
or thousands of dots that drawing the pattern out would take.

reportlab has no tiling-pattern API. A pattern is an ordinary PDF stream object registered with our
own document class (``genpnp.backends.pdfstream.StreamingDocument.add_pattern``), which names it in the
``/Pattern`` resources of its pages and forms (a document that uses none is written byte for byte as
reportlab would).
"""

from __future__ import annotations

from reportlab.pdfbase import pdfdoc

from genpnp.backends.pdfstream import StreamingDocument

INK = 0.15  # grey of the pattern's lines and dots
STEP = 5.0  # pt between hatch lines (measured along x) and between dots
LINE = 0.6  # pt line width of hatch lines
DOT = 0.8  # pt dot radius

STRIPE_STEP = 2.5 * STEP  # pt between stripes: a light hatch, a tenth of the page's toner or less
STRIPE_LINE = 0.5  # pt line width of stripes

PATTERNS = ("hatch", "cross", "dots", "stripes")


def _circle(cx: float, cy: float, r: float) -> str:
    k = 0.5523 * r  # control-point distance of a four-curve circle
    return (f"{cx + r:g} {cy:g} m {cx + r:g} {cy + k:g} {cx + k:g} {cy + r:g} {cx:g} {cy + r:g} c "
            f"{cx - k:g} {cy + r:g} {cx - r:g} {cy + k:g} {cx - r:g} {cy:g} c "
            f"{cx - r:g} {cy - k:g} {cx - k:g} {cy - r:g} {cx:g} {cy - r:g} c "
            f"{cx + k:g} {cy - r:g} {cx + r:g} {cy - k:g} {cx + r:g} {cy:g} c f")


def tile(name: str) -> tuple[float, str]:
    """(side of the square tile in pt, its content stream) for the pattern ``name``."""
    s = STEP
    if name in ("hatch", "cross"):
        # lines of slope 1, one per tile, continued past the tile's corners so that tiles join without gaps
        ops = [f"{INK:g} G {LINE:g} w", f"-1 -1 m {s + 1:g} {s + 1:g} l -1 {s - 1:g} m 1 {s + 1:g} l "
               f"{s - 1:g} -1 m {s + 1:g} 1 l S"]
        if name == "cross":
            ops.append(f"-1 {s + 1:g} m {s + 1:g} -1 l -1 1 m 1 -1 l {s - 1:g} {s + 1:g} m {s + 1:g} {s - 1:g} l S")
        return s, " ".join(ops)
    if name == "stripes":  # the hatch's lines, far apart and thinner: a light fill that leaves cut lines clear
        t = STRIPE_STEP
        return t, (f"{INK:g} G {STRIPE_LINE:g} w -1 -1 m {t + 1:g} {t + 1:g} l -1 {t - 1:g} m 1 {t + 1:g} l "
                   f"{t - 1:g} -1 m {t + 1:g} 1 l S")
    if name == "dots":
        # dots on a checkerboard lattice of pitch STEP: two per 2*STEP square tile
        side = 2 * s
        return side, f"{INK:g} g " + _circle(s / 2, s / 2, DOT) + " " + _circle(1.5 * s, 1.5 * s, DOT)
    raise ValueError(f"no bw pattern {name!r} (known: {', '.join(PATTERNS)})")


def resource_name(name: str) -> str:
    return "GPpat" + name


def ensure(doc: StreamingDocument, name: str) -> str:
    """Define the pattern ``name`` in the document ``doc`` (once); its resource name."""
    res = resource_name(name)
    if res not in doc.patterns:
        side, content = tile(name)
        stream = pdfdoc.PDFStream(content=content)
        stream.dictionary.dict.update({
            "Type": pdfdoc.PDFName("Pattern"), "PatternType": 1, "PaintType": 1, "TilingType": 1,
            "BBox": pdfdoc.PDFArray([0, 0, side, side]), "XStep": side, "YStep": side,
            "Resources": pdfdoc.PDFDictionary({}),
        })
        doc.add_pattern(res, stream, "GPPattern_" + name)
    return res
