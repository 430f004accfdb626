"""Fonts the content may name: the TrueType files shipped in the package (``genpnp/data/fonts``, DejaVu,
with their licence). A font that is not there is an error, never a silent fallback.

Metrics and character coverage come from the font files themselves (parsed with
reportlab's TrueType reader, which is a font parser, not the drawing backend),
so text can be wrapped, measured and checked before a page is drawn.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from reportlab.pdfbase.ttfonts import TTFont

FONT_DIRS = [Path(__file__).resolve().parent / "data" / "fonts"]

# Friendly names for the fonts shipped in genpnp/data/fonts.
FAMILIES = {
    "sans": ("DejaVuSans.ttf",),
    "sans-bold": ("DejaVuSans-Bold.ttf",),
    "sans-italic": ("DejaVuSans-Oblique.ttf",),
    "sans-bold-italic": ("DejaVuSans-BoldOblique.ttf",),
    "condensed": ("DejaVuSansCondensed.ttf",),
    "condensed-bold": ("DejaVuSansCondensed-Bold.ttf",),
    "serif": ("DejaVuSerif.ttf",),
    "serif-bold": ("DejaVuSerif-Bold.ttf",),
}
DEFAULT = "sans"
BOLD = "sans-bold"
ITALIC = "sans-italic"


class FontError(ValueError):
    pass


def available() -> list[str]:
    names = set(FAMILIES)
    for folder in FONT_DIRS[:1]:
        if folder.is_dir():
            names.update(p.stem for p in folder.glob("*.ttf"))
    return sorted(names)


_GAME_FONTS: dict[str, Path] = {}  # fonts of game folders: internal name -> file


def register(name: str, path: Path) -> str:
    """Make a game folder's font file usable; returns its internal name (``name`` and a digest of the
    file's bytes, so two games may each have a font called "title"). FontError when it cannot be read."""
    try:
        digest = hashlib.sha1(path.read_bytes()).hexdigest()[:10]
    except OSError as exc:
        raise FontError(f"cannot read the file ({exc.strerror})") from None
    key = f"{name}-{digest}"
    _GAME_FONTS[key] = path
    try:
        _metrics(key)
    except FontError:
        raise
    except Exception as exc:  # reportlab's TTFError and struct errors on a damaged file
        _GAME_FONTS.pop(key, None)
        ttfont.cache_clear()
        raise FontError(f"not a usable TrueType font ({exc}); PostScript-outline (CFF) OpenType files are not "
                        "supported: use a TrueType-outline .ttf or .otf") from None
    return key


@functools.cache
def font_path(name: str) -> Path:
    """The TrueType file for a font name (a family name, a file stem in genpnp/data/fonts, or a registered
    game font)."""
    if name in _GAME_FONTS:
        return _GAME_FONTS[name]
    candidates = FAMILIES.get(name, (name + ".ttf",))
    for file_name in candidates:
        for folder in FONT_DIRS:
            path = folder / file_name
            if path.is_file():
                return path
    raise FontError(f'unknown font "{name}"')


@functools.cache
def ttfont(name: str) -> TTFont:
    """The parsed font, named "gp-<name>"; the PDF backend embeds this same object (parsed once a run)."""
    return TTFont("gp-" + name, str(font_path(name)))


@functools.cache
def _metrics(name: str) -> tuple[dict[int, int], dict[int, float], float, float]:
    face = ttfont(name).face
    widths = face.charWidths  # read only: the face's own table when it has a float width for every glyph
    if widths.keys() != face.charToGlyph.keys() or any(type(w) is not float for w in widths.values()):
        widths = {code: float(face.charWidths.get(code, face.defaultWidth)) for code in face.charToGlyph}
    return face.charToGlyph, widths, face.ascent / 1000.0, face.descent / 1000.0


def text_width(text: str, font: str, size: float) -> float:
    return _units(text, font) * size / 1000.0


@functools.lru_cache(maxsize=8192)
def _units(text: str, font: str) -> float:
    """The width of ``text`` in the font's 1/1000 em (the same words are measured again and again)."""
    _, widths, _, _ = _metrics(font)
    return sum(widths.get(ord(ch), 500.0) for ch in text)


def ascent(font: str, size: float) -> float:
    return _metrics(font)[2] * size


def descent(font: str, size: float) -> float:
    return _metrics(font)[3] * size


@functools.lru_cache(maxsize=4096)
def missing_glyphs(text: str, font: str) -> str:
    """The characters of ``text`` the font has no glyph for (spaces and newlines aside)."""
    cmap = _metrics(font)[0]
    return "".join(sorted({ch for ch in text if ch not in "\n\r\t " and ord(ch) not in cmap}))


SOFT_HYPHEN = "\u00ad"


def pieces(word: str) -> list[str]:
    """Where a word may break: after each hyphen the source wrote (``-`` or a soft hyphen), nowhere else."""
    out, cur = [], ""
    for ch in word:
        cur += ch
        if ch in ("-", SOFT_HYPHEN) and len(cur) > 1:
            out.append(cur)
            cur = ""
    return out + [cur] if cur else out


def shown(piece: str, last: bool) -> str:
    """A piece as printed: a soft hyphen shows only where the line breaks."""
    if piece.endswith(SOFT_HYPHEN):
        return piece[:-1] + ("-" if last else "")
    return piece


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap; explicit newlines are kept. A word is never split except after a hyphen
    of the source; a word wider than ``width`` keeps its own line (callers shrink the size)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            parts = pieces(word) or [""]
            for i, part in enumerate(parts):
                glue = "" if i or not line else " "
                trial = line + glue + part
                if not line or text_width(shown(trial, True), font, size) <= width:
                    line = trial
                    continue
                lines.append(shown(line, True))
                line = part
        lines.append(shown(line, True).replace(SOFT_HYPHEN, ""))
    return [ln.replace(SOFT_HYPHEN, "") for ln in lines]


def styled(base: str, style: str) -> str:
    """The bold/italic sibling of a font (``sans`` + "b" -> ``sans-bold``), or the default's."""
    if not style:
        return base
    suffix = {"b": "-bold", "i": "-italic", "bi": "-bold-italic"}["".join(sorted(set(style)))]
    name = base.split("-")[0] + suffix
    try:
        font_path(name)
        return name
    except FontError:
        return BOLD if "b" in style else ITALIC
