"""Font files from game folders and from the system, checked before any parser sees them.

A font file is untrusted: before reportlab's reader (which builds a dict of every character the
character map names, and trusts the glyph offsets) parses it, the table directory, the character
map and the glyph offsets are checked here with plain ``struct`` reads, so a damaged or hostile file
is a clear error, never a traceback or a MemoryError. PostScript-outline (CFF) OpenType files are
converted in memory to TrueType outlines with fontTools (``cu2qu``: cubic curves to
quadratic within 1/1000 em), as reportlab embeds TrueType outlines only; nothing is written into
the game folder. The converted bytes are kept in the user's cache folder by the digest of the source.

System fonts are found by family name with fontconfig's ``fc-match`` (a build that uses one is not
portable: another machine may not have it).
"""

from __future__ import annotations

import io
import shutil
import struct
from pathlib import Path

MAX_BYTES = 40 * 1024 * 1024  # the largest font file read (CJK families run to ~20 MB)
MAX_CODES = 0x110000  # a character map never names more codes than Unicode has
_CACHE_KIND = b"genpnp-otf2ttf-1\0"


class FontFileError(ValueError):
    pass


def read(path: Path) -> bytes:
    """The file's bytes: a regular file of at most MAX_BYTES, read through the one door (genpnp.core.fileaccess;
    where it may lie was checked when the game named it)."""
    from genpnp.core.fileaccess import Refused
    from genpnp.core.fileaccess import read as read_file

    try:
        return read_file(path, None, MAX_BYTES)
    except Refused as exc:
        raise FontFileError(str(exc)) from None


def truetype(data: bytes) -> tuple[bytes, bool]:
    """(TrueType-outline font bytes, converted): the file itself when it has TrueType outlines, else its
    CFF outlines converted. FontFileError when the file is not a sound font."""
    magic = data[:4]
    if magic == b"ttcf":
        raise FontFileError("a font collection (.ttc) holds several fonts: use a single .ttf or .otf face")
    if magic in (b"wOFF", b"wOF2"):  # compressed: refused rather than inflated (a small file may unpack huge)
        raise FontFileError("a WOFF web font: use the .ttf or .otf file the font is distributed as")
    if magic not in (b"\x00\x01\x00\x00", b"true", b"OTTO"):
        raise FontFileError("not a TrueType or OpenType font file")
    tables = _directory(data)
    check(data, tables)
    if "glyf" in tables:
        return data, False
    converted = _cached_conversion(data)
    check(converted, _directory(converted))
    return converted, True


def _directory(data: bytes) -> dict[str, tuple[int, int]]:
    """Table tag -> (offset, length), every table inside the file."""
    if len(data) < 12:
        raise FontFileError("the file is too short to be a font")
    (count,) = struct.unpack_from(">H", data, 4)
    if 12 + 16 * count > len(data):
        raise FontFileError("the table directory runs past the end of the file")
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        name = tag.decode("latin-1")
        if offset + length > len(data):
            raise FontFileError(f'the "{name.strip()}" table runs past the end of the file')
        tables[name] = (offset, length)
    for need in ("head", "hhea", "hmtx", "maxp", "cmap"):
        if need not in tables:
            raise FontFileError(f'the font has no "{need}" table')
    return tables


def check(data: bytes, tables: dict[str, tuple[int, int]]) -> None:
    """The character map names at most MAX_CODES codes, each a Unicode code point, and every glyph lies
    inside the glyph table."""
    try:
        _check_cmap(data, *tables["cmap"])
        if "glyf" in tables and "loca" in tables:
            _check_loca(data, tables)
    except struct.error:
        raise FontFileError("a table is shorter than its contents say") from None


def coverage(data: bytes) -> frozenset[int] | None:
    """The character codes the font's character map names, as reportlab's TrueType reader reads them (the
    same subtable, every code of each range, a space and a no-break space standing in for each other), read
    from the cmap table alone: a glyph check of a font no page draws needs no more than this. For the formats
    4 and 12 (every shipped TrueType font's); None for another format (then the font is parsed whole)."""
    try:
        start, _ = _directory(data)["cmap"]
        version, count = struct.unpack_from(">HH", data, start)
        if count == 0 and version != 0:
            count = version
        chosen, enc = None, 0
        for i in range(count):  # the last suitable subtable, by reportlab's own order of preference
            platform, encoding, offset = struct.unpack_from(">HHI", data, start + 4 + 8 * i)
            if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
                chosen, enc = offset, 1
            elif platform == 1 and encoding == 0 and enc != 1:
                chosen, enc = offset, 2
        if chosen is None:
            return None
        sub = start + chosen
        (fmt,) = struct.unpack_from(">H", data, sub)
        codes: set[int] = set()
        if fmt == 4:
            segments = struct.unpack_from(">H", data, sub + 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", data, sub + 14)
            starts = struct.unpack_from(f">{segments}H", data, sub + 16 + 2 * segments)
            for first, last in zip(starts, ends):
                codes.update(range(first, last + 1))
        elif fmt == 12:
            (groups,) = struct.unpack_from(">I", data, sub + 12)
            if groups > MAX_CODES:
                return None
            for g in range(groups):
                first, last, _ = struct.unpack_from(">III", data, sub + 16 + 12 * g)
                codes.update(range(first, last + 1))
        else:
            return None
    except (struct.error, FontFileError):
        return None
    if 0x20 in codes:
        codes.add(0xA0)
    elif 0xA0 in codes:
        codes.add(0x20)
    return frozenset(codes)


def _check_cmap(data: bytes, start: int, length: int) -> None:
    end = start + length
    _, count = struct.unpack_from(">HH", data, start)
    for i in range(count):
        _, _, offset = struct.unpack_from(">HHI", data, start + 4 + 8 * i)
        sub = start + offset
        if sub + 2 > end:
            raise FontFileError("a character map subtable lies outside the cmap table")
        (fmt,) = struct.unpack_from(">H", data, sub)
        if fmt not in (12, 13):
            continue  # the other formats hold at most 65,536 codes
        (groups,) = struct.unpack_from(">I", data, sub + 12)
        if sub + 16 + 12 * groups > end:
            raise FontFileError("the character map's groups run past the end of its table")
        codes = 0
        for g in range(groups):
            first, last, _ = struct.unpack_from(">III", data, sub + 16 + 12 * g)
            if first > last or last > 0x10FFFF:
                raise FontFileError(f"the character map names codes {first:#x}-{last:#x}, outside Unicode")
            codes += last - first + 1
            if codes > MAX_CODES:
                raise FontFileError(f"the character map names more than {MAX_CODES:,} codes")


def _check_loca(data: bytes, tables: dict[str, tuple[int, int]]) -> None:
    head, _ = tables["head"]
    (long_offsets,) = struct.unpack_from(">h", data, head + 50)
    maxp, _ = tables["maxp"]
    (glyphs,) = struct.unpack_from(">H", data, maxp + 4)
    loca, loca_len = tables["loca"]
    size = 4 if long_offsets else 2
    if (glyphs + 1) * size > loca_len:
        raise FontFileError(f"the glyph index (loca) is too short for {glyphs} glyphs")
    fmt = f">{glyphs + 1}{'I' if long_offsets else 'H'}"
    offsets = struct.unpack_from(fmt, data, loca)
    scale = 1 if long_offsets else 2
    glyf_len = tables["glyf"][1]
    prev = 0
    for n, off in enumerate(offsets):
        off *= scale
        if off > glyf_len:
            raise FontFileError(f"glyph {n} lies past the end of the glyph table ({off:,} > {glyf_len:,})")
        if off < prev:
            raise FontFileError(f"glyph {n} starts before the glyph before it")
        prev = off


def _cached_conversion(data: bytes) -> bytes:
    """The converted font, from the user's cache when this file (with this fontTools) was converted before."""
    from genpnp.core import usercache

    entry = usercache.key("otf2ttf", _CACHE_KIND, usercache.library("fontTools"), data)
    found = usercache.get(entry)
    if isinstance(found, bytes) and found[:4] == b"\x00\x01\x00\x00":
        return found
    out = _convert(data)
    usercache.put(entry, out)
    return out


def _convert(data: bytes) -> bytes:
    """CFF outlines -> TrueType outlines, with fontTools, in memory."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    try:
        font = TTFont(io.BytesIO(data), recalcTimestamp=False)  # same input, same bytes
        if "CFF2" in font:
            raise FontFileError("a variable CFF2 font: use a static instance of the family (.otf or .ttf)")
        if "CFF " in font:
            order = font.getGlyphOrder()
            glyph_set = font.getGlyphSet()
            quad = {}
            for name in order:
                pen = TTGlyphPen(glyph_set)
                glyph_set[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
                quad[name] = pen.glyph()
            font["loca"] = newTable("loca")
            font["glyf"] = glyf = newTable("glyf")
            glyf.glyphOrder = order
            glyf.glyphs = quad
            del font["CFF "]
            for table in ("VORG",):
                if table in font:
                    del font[table]
            glyf.compile(font)
            hmtx = font["hmtx"]
            for name, glyph in quad.items():
                width, _ = hmtx[name]
                hmtx[name] = (width, getattr(glyph, "xMin", 0))
            maxp = font["maxp"]
            maxp.tableVersion = 0x00010000
            for field in ("maxZones",):
                setattr(maxp, field, 1)
            for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                          "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
                setattr(maxp, field, 0)
            post = font["post"]
            post.formatType = 3.0  # no glyph names: reportlab does not need them
            font["head"].glyphDataFormat = 0
            font.sfntVersion = "\x00\x01\x00\x00"
        out = io.BytesIO()
        font.save(out, reorderTables=True)
    except FontFileError:
        raise
    except Exception as exc:  # fontTools raises many kinds on a damaged file
        raise FontFileError(f"not a readable OpenType font ({type(exc).__name__}: {exc})"[:300]) from None
    return out.getvalue()


def system(family: str, bold: bool, italic: bool) -> Path | None:
    """The file of an installed font of ``family`` in this style (fontconfig's ``fc-match``), or None when
    the machine has no such face. FontFileError when fontconfig is not installed."""
    import subprocess  # only here: a build that names no system font does not import it

    exe = shutil.which("fc-match")
    if exe is None:
        raise FontFileError(f'cannot look up the system font "{family}": fontconfig (fc-match) is not installed')
    if any(ch in family for ch in ":,=\\-") or not family.strip():
        raise FontFileError(f'"{family}" is not a font family name')
    pattern = f"{family}:weight={'bold' if bold else 'regular'}:slant={'italic' if italic else 'roman'}"
    try:
        out = subprocess.run([exe, "-f", "%{file}\\n%{family}\\n%{weight}\\n%{slant}\\n", pattern],
                             capture_output=True, text=True, timeout=20, check=False).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        raise FontFileError(f'cannot look up the system font "{family}" ({exc})') from None
    lines = out.split("\n")
    if len(lines) < 4 or not lines[0]:
        return None
    names = {n.strip().casefold() for n in lines[1].split(",")}
    if family.strip().casefold() not in names:
        return None
    try:
        weight, slant = float(lines[2]), float(lines[3])
    except ValueError:
        return None
    if (weight >= 150) != bold or (slant >= 50) != italic:
        return None
    path = Path(lines[0])
    return path if path.suffix.lower() in (".ttf", ".otf") else None
