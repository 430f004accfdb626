"""bw fill patterns as PDF tiling patterns, each defined once per document.

A patterned shape is filled twice: once with its grey, then once more with the pattern (a small tile
that the PDF viewer repeats), so it costs a few bytes of page content instead of the hundreds of lines
or thousands of dots that drawing the pattern out would take.

reportlab has no tiling-pattern API. A pattern is an ordinary PDF stream object registered with the
document; to name it in the ``/Pattern`` resources of every page and form, ``pdfdoc``'s resource
dictionary class is replaced by a subclass that adds the patterns of the document being written (and
only those: a document that uses none is written byte for byte as reportlab would).
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase import pdfdoc

INK = 0.15  # grey of the pattern's lines and dots
STEP = 5.0  # pt between hatch lines (measured along x) and between dots
LINE = 0.6  # pt line width of hatch lines
DOT = 0.8  # pt dot radius

PATTERNS = ("hatch", "cross", "dots")


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
    if name == "dots":
        # dots on a checkerboard lattice of pitch STEP: two per 2*STEP square tile
        side = 2 * s
        return side, f"{INK:g} g " + _circle(s / 2, s / 2, DOT) + " " + _circle(1.5 * s, 1.5 * s, DOT)
    raise ValueError(f"no bw pattern {name!r} (known: {', '.join(PATTERNS)})")


def resource_name(name: str) -> str:
    return "GPpat" + name


def ensure(doc: Any, name: str) -> str:
    """Define the pattern ``name`` in the reportlab document ``doc`` (once); its resource name."""
    patterns: dict[str, str] = doc.__dict__.setdefault("_gp_patterns", {})
    res = resource_name(name)
    if res not in patterns:
        side, content = tile(name)
        stream = pdfdoc.PDFStream(content=content)
        stream.dictionary.dict.update({
            "Type": pdfdoc.PDFName("Pattern"), "PatternType": 1, "PaintType": 1, "TilingType": 1,
            "BBox": pdfdoc.PDFArray([0, 0, side, side]), "XStep": side, "YStep": side,
            "Resources": pdfdoc.PDFDictionary({}),
        })
        internal = "GPPattern_" + name
        doc.Reference(stream, internal)
        patterns[res] = internal
    return res


class _Resources(pdfdoc.PDFResourceDictionary):
    """reportlab's resource dictionary, naming the document's patterns (if it has any)."""

    def format(self, document: Any) -> bytes:
        patterns = document.__dict__.get("_gp_patterns")
        if patterns:
            self.Pattern = {res: pdfdoc.PDFObjectReference(internal) for res, internal in sorted(patterns.items())}
        return super().format(document)


def install() -> None:
    """Make reportlab's pages and forms name the patterns (idempotent)."""
    if pdfdoc.PDFResourceDictionary is not _Resources:
        pdfdoc.PDFResourceDictionary = _Resources  # type: ignore[misc]
