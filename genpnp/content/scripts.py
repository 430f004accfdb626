"""Text the engine cannot draw right: glyphs the font lacks, and scripts that need shaping.

genpnp draws text left to right, one glyph per character, without a shaping engine. Arabic
and Hebrew (right-to-left), and scripts whose letters join or reorder (Devanagari and the other
Indic scripts, Thai, Khmer, Myanmar, Tibetan...), would print wrong without a word; emoji
sequences print as boxes. This module finds such text so that a warning names it and its font.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from genpnp.core import fonts

# blocks whose letters need shaping (joining, reordering or stacking) to print correctly
COMPLEX = (
    (0x0900, 0x0DFF, "an Indic script"),
    (0x0E00, 0x0EFF, "Thai or Lao"),
    (0x0F00, 0x0FFF, "Tibetan"),
    (0x1000, 0x109F, "Myanmar"),
    (0x1780, 0x17FF, "Khmer"),
    (0x1800, 0x18AF, "Mongolian"),
    (0xA980, 0xA9DF, "Javanese"),
)
JOINERS = {"\u200d": "a zero-width joiner (emoji sequence)", "\ufe0f": "an emoji variation selector"}


def shaping_need(text: str) -> str:
    """Why ``text`` cannot be drawn as written without a shaping engine ("" when it can)."""
    if text.isascii():  # left to right, below every block above, no joiner
        return ""
    for ch in text:
        if unicodedata.bidirectional(ch) in ("R", "AL"):
            return "right-to-left text"
        code = ord(ch)
        for lo, hi, name in COMPLEX:
            if lo <= code <= hi:
                return f"{name}, which needs shaping"
        if ch in JOINERS:
            return JOINERS[ch]
    return ""


def text_problems(text: str, font: str) -> list[str]:
    """Messages about ``text`` in ``font``: glyphs it lacks, shaping it needs (empty when fine)."""
    out = []
    try:
        missing = fonts.missing_glyphs(text, font)
    except Exception as exc:  # noqa: BLE001 - a corrupt font file: whatever its parser raises, say so
        return [f'the font "{font}" cannot be read ({type(exc).__name__}): replace its file']
    if missing:
        out.append(f'the font "{font}" has no glyph for {missing!r}')
    need = shaping_need(text)
    if need:
        out.append(f'{need} is drawn letter by letter, left to right, in "{font}": it will print wrong')
    return out


def quoted(text: str, limit: int = 40) -> str:
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    return repr(short)


def cover_glyphs(text: str, font: str, loc: Any, ctx: Any) -> None:
    """A title or cover text with characters the font lacks (emoji, CJK in a Latin font): a warning naming
    the text, as the characters would print as empty boxes."""
    try:
        missing = fonts.missing_glyphs(text, font)
    except Exception:  # noqa: BLE001 - a font that cannot be read is reported where it is named
        return
    if missing:
        ctx.warn(loc, f'the font "{fonts.shown_name(font)}" has no glyph for {missing!r} in {quoted(text)}: '
                      "they would print as empty boxes; write the text without them or choose a font that has them")
