"""Parsed TrueType fonts kept in the user's cache folder, so a rebuild does not parse them again.

Parsing a font with reportlab's TrueType reader (tables, character map, widths, glyph offsets) costs
more than drawing a deck of cards. The parsed state of a font is kept by the digest of the font
file's bytes and of the reportlab version, next to the converted SVGs (``$GENPNP_CACHE``, ``off``
for none; else the user's cache folder, see :mod:`genpnp.usercache`). Reading it back gives the
same font object reportlab would make, so the PDFs are byte for byte the same
(``tests/test_font_cache.py``).

The state is plain data (numbers, strings, bytes, lists, tuples and dicts) in the one cache
(:mod:`genpnp.usercache`), stored only when every attribute is of a kind this module knows how to
restore; otherwise, or when a cached file is damaged, unreadable or from another version, the font
is parsed as before. The font file's own bytes are not copied into the cache: they are read from
the file (whose digest names the entry).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from genpnp import usercache

FORMAT = b"genpnp-ttf-2"  # bump when what is stored changes
_PLAIN = (int, float, str, bytes, bool, type(None))
_SCALE_PROBE = (0, 1, 7, 100, 1000, 2048, -113, 1234.5)


def load(font_name: str, path: Path) -> TTFont:
    """The font ``path`` as reportlab's TTFont named ``font_name``: from the cache when this file was
    parsed before by this reportlab, else parsed (and kept for next time)."""
    if not usercache.enabled():
        return TTFont(font_name, str(path))
    data = path.read_bytes()
    key = usercache.key("ttf", FORMAT, reportlab.Version.encode(), hashlib.sha256(data).digest())
    stored = usercache.get(key)
    font = None if stored is None else _restore(stored, font_name, path, data)
    if font is None:
        font = TTFont(font_name, str(path))
        state = _state(font, path, data)
        if state is not None:
            usercache.put(key, state)
    return font


def _scale(units_per_em: int) -> Any:
    """The face's font-units -> 1/1000 em function, as reportlab's reader makes it."""
    if units_per_em == 1000:
        return lambda x: x
    k = 1000 / units_per_em
    return lambda x: x * k


def _plain(value: Any) -> bool:
    """Only exact built-in types (marshal would write a subclass as its base type and lose it)."""
    kind = type(value)
    if kind in _PLAIN:
        return True
    if kind in (list, tuple):
        return all(_plain(v) for v in value)
    if kind is dict:
        return all(_plain(k) and _plain(v) for k, v in value.items())
    return False


def _state(font: TTFont, path: Path, data: bytes) -> dict[str, Any] | None:
    """What to store of a parsed font, or None when some attribute is of a kind not known here."""
    face = font.face
    if type(font) is not TTFont or type(face) is not TTFontFace or getattr(face, "_ttf_data", None) != data \
            or getattr(face, "filename", None) != str(path):
        return None
    outer: dict[str, Any] = {}
    for name, value in vars(font).items():
        if name in ("face", "fontName"):
            continue
        if name == "encoding" and type(value) is TTEncoding and vars(value) == vars(TTEncoding()):
            continue
        if name == "state" and type(value) is WeakKeyDictionary and not value:
            continue
        if not _plain(value):
            return None
        outer[name] = value
    inner: dict[str, Any] = {}
    names: dict[str, Any] = {}
    for name, value in vars(face).items():
        if name in ("_ttf_data", "filename"):
            continue
        if name == "_pdfScale":
            units = getattr(face, "unitsPerEm", None)
            if type(units) is not int or units <= 0:
                return None
            if any(_scale(units)(x) != value(x) for x in _SCALE_PROBE):
                return None
            continue
        if type(value) is TTFNameBytes and _plain(vars(value)):
            names[name] = (bytes(value), dict(vars(value)))
            continue
        if not _plain(value):
            return None
        inner[name] = value
    return {"font": outer, "face": inner, "names": names}


def _restore(state: Any, font_name: str, path: Path, data: bytes) -> TTFont | None:
    """The font from its stored state (plain data); None when the state is not one this module wrote."""
    try:
        if type(state) is not dict or type(state.get("face")) is not dict or type(state.get("font")) is not dict \
                or type(state.get("names")) is not dict:
            return None
        face = TTFontFace.__new__(TTFontFace)
        face.__dict__.update(state["face"])
        for name, (value, attrs) in state["names"].items():
            tagged = bytes.__new__(TTFNameBytes, value)
            tagged.__dict__.update(attrs)
            setattr(face, name, tagged)
        face._ttf_data = data
        face.filename = str(path)
        face._pdfScale = _scale(face.unitsPerEm)
        font = TTFont.__new__(TTFont)
        font.__dict__.update(state["font"])
        font.fontName = font_name
        font.face = face
        font.encoding = TTEncoding()
        font.state = WeakKeyDictionary()
    except (ValueError, TypeError, KeyError, AttributeError, ZeroDivisionError):
        return None
    return font
