"""Small test fonts made with fontTools' FontBuilder: CFF (PostScript-outline) or TrueType, every glyph
a box whose width tells the styles apart."""

from __future__ import annotations

import io
import string
import struct

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

CHARS = string.ascii_letters + string.digits + " .,:;!?-*()'\""


def font(family: str, style: str = "Regular", cff: bool = True, width: int = 600) -> bytes:
    """A font of CHARS (each glyph a box with a curved corner) named ``family`` ``style``."""
    names = [".notdef"] + [f"g{ord(c)}" for c in CHARS]
    fb = FontBuilder(1000, isTTF=not cff)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): f"g{ord(c)}" for c in CHARS})
    glyphs, metrics = {}, {}
    for name in names:
        pen = T2CharStringPen(width, None) if cff else TTGlyphPen(None)
        if name != "g32":
            pen.moveTo((50, 0))
            pen.lineTo((width - 50, 0))
            pen.curveTo((width - 50, 300), (width - 100, 600), (width - 200, 700)) if cff else \
                pen.qCurveTo((width - 50, 500), (width - 200, 700))
            pen.lineTo((50, 700))
            pen.closePath()
        glyphs[name] = pen.getCharString() if cff else pen.glyph()
        metrics[name] = (width, 50 if name != "g32" else 0)
    if cff:
        fb.setupCFF(f"{family}-{style}", {"FullName": f"{family} {style}"}, glyphs, {})
    else:
        fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": style, "psName": f"{family}-{style}"})
    fb.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200, fsType=0)
    fb.setupPost()
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()


def tables(data: bytes) -> dict[str, tuple[int, int, int]]:
    """Table tag -> (directory entry offset, table offset, length)."""
    (count,) = struct.unpack_from(">H", data, 4)
    out = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        out[tag.decode()] = (12 + 16 * i, offset, length)
    return out


def huge_cmap(data: bytes) -> bytes:
    """The font with a format 12 character map naming every 32-bit code (four billion)."""
    sub = struct.pack(">HHIII", 12, 0, 16 + 12, 0, 1) + struct.pack(">III", 0, 0xFFFFFFFF, 1)
    cmap = struct.pack(">HH", 0, 1) + struct.pack(">HHI", 3, 10, 12) + sub
    entry, _, _ = tables(data)["cmap"]
    body = data + cmap
    return body[:entry + 8] + struct.pack(">II", len(data), len(cmap)) + body[entry + 16:]


def loca_past_end(data: bytes) -> bytes:
    """The font with its last glyph offset far past the end of the glyph table."""
    _, offset, length = tables(data)["loca"]
    return data[:offset + length - 4] + struct.pack(">I", 0x7FFFFFF0) + data[offset + length:]
