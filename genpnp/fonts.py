"""Fonts the content may name: TrueType files from ``fonts/`` (and reportlab's Vera).

Metrics and character coverage come from the font files themselves (parsed with
reportlab's TrueType reader, which is a font parser, not the drawing backend),
so text can be wrapped, measured and checked before a page is drawn.
"""

from __future__ import annotations

import functools
from pathlib import Path

import reportlab
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIRS = [Path(__file__).resolve().parent.parent / "fonts", Path(reportlab.__file__).parent / "fonts"]

# Friendly names for the fonts shipped in fonts/ (falling back to Vera, shipped with reportlab).
FAMILIES = {
    "sans": ("DejaVuSans.ttf", "Vera.ttf"),
    "sans-bold": ("DejaVuSans-Bold.ttf", "VeraBd.ttf"),
    "sans-italic": ("DejaVuSans-Oblique.ttf", "VeraIt.ttf"),
    "sans-bold-italic": ("DejaVuSans-BoldOblique.ttf", "VeraBI.ttf"),
    "condensed": ("DejaVuSansCondensed.ttf", "Vera.ttf"),
    "condensed-bold": ("DejaVuSansCondensed-Bold.ttf", "VeraBd.ttf"),
    "serif": ("DejaVuSerif.ttf", "Vera.ttf"),
    "serif-bold": ("DejaVuSerif-Bold.ttf", "VeraBd.ttf"),
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


@functools.cache
def font_path(name: str) -> Path:
    """The TrueType file for a font name (a family name or a file stem in fonts/)."""
    candidates = FAMILIES.get(name, (name + ".ttf",))
    for file_name in candidates:
        for folder in FONT_DIRS:
            path = folder / file_name
            if path.is_file():
                return path
    raise FontError(f'unknown font "{name}"')


@functools.cache
def ttfont(name: str) -> TTFont:
    """The parsed font, named "gp-<name>"; the PDF backend embeds this same object (parsed once)."""
    return TTFont("gp-" + name, str(font_path(name)))


@functools.cache
def _metrics(name: str) -> tuple[dict[int, int], dict[int, float], float, float]:
    face = ttfont(name).face
    widths = {code: float(face.charWidths.get(code, face.defaultWidth)) for code in face.charToGlyph}
    return face.charToGlyph, widths, face.ascent / 1000.0, face.descent / 1000.0


def text_width(text: str, font: str, size: float) -> float:
    _, widths, _, _ = _metrics(font)
    return sum(widths.get(ord(ch), 500.0) for ch in text) * size / 1000.0


def ascent(font: str, size: float) -> float:
    return _metrics(font)[2] * size


def descent(font: str, size: float) -> float:
    return _metrics(font)[3] * size


def missing_glyphs(text: str, font: str) -> str:
    """The characters of ``text`` the font has no glyph for (spaces and newlines aside)."""
    cmap = _metrics(font)[0]
    return "".join(sorted({ch for ch in text if ch not in "\n\r\t " and ord(ch) not in cmap}))


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap; explicit newlines are kept; over-long words are split."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if text_width(trial, font, size) <= width or not line and text_width(word, font, size) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = ""
            while text_width(word, font, size) > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and text_width(word[:cut], font, size) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines
