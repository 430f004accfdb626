"""Fonts the content may name: the fonts shipped in the package (``genpnp/data/fonts``, each with its
licence: DejaVu, and open (OFL) text families and display faces for a game's look), and the game's own
(``fonts:`` in game.yaml). A font that is not there is an error, never a silent fallback.

Metrics and character coverage come from the font files themselves (parsed with
reportlab's TrueType reader, which is a font parser, not the drawing backend),
so text can be wrapped, measured and checked before a page is drawn.
"""

from __future__ import annotations

import functools
import hashlib
import io
from collections.abc import Container
from itertools import repeat
from pathlib import Path

from reportlab.pdfbase.ttfonts import TTFont

FONT_DIRS = [Path(__file__).resolve().parent.parent / "data" / "fonts"]

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
# Open (SIL OFL 1.1) families shipped for a game's look: name -> (regular, bold, italic, bold italic) files;
# display faces have one weight. Their licences are LICENSE-<package>.txt (from Debian's font packages).
TEXT_FAMILIES = {
    "cabin": ("Cabin-Regular.otf", "Cabin-Bold.otf", "Cabin-Italic.otf", "Cabin-BoldItalic.otf"),
    "vollkorn": ("Vollkorn-Regular.ttf", "Vollkorn-Bold.ttf", "Vollkorn-Italic.ttf", "Vollkorn-BoldItalic.ttf"),
    "karla": ("Karla-Regular.otf", "Karla-Bold.otf", "Karla-Italic.otf", "Karla-BoldItalic.otf"),
    "averia-sans": ("AveriaSansGWF-Regular.ttf", "AveriaSansGWF-Bold.ttf", "AveriaSansGWF-Italic.ttf",
                    "AveriaSansGWF-BoldItalic.ttf"),
    "averia-serif": ("AveriaSerifGWF-Regular.ttf", "AveriaSerifGWF-Bold.ttf", "AveriaSerifGWF-Italic.ttf",
                     "AveriaSerifGWF-BoldItalic.ttf"),
    "comic-neue": ("ComicNeue-Regular.otf", "ComicNeue-Bold.otf", "ComicNeue-Italic.otf", "ComicNeue-BoldItalic.otf"),
}
DISPLAY_FACES = {
    "cherry-bomb": "CherryBomb-Regular.otf",
    "bebas-neue": "BebasNeue-Regular.otf",
    "league-spartan": "LeagueSpartan-Bold.otf",
    "leckerli-one": "LeckerliOne-Regular.ttf",
    "lobster-two": "LobsterTwo-Bold.otf",
}
_SUFFIXES = ("", "-bold", "-italic", "-bold-italic")
for _name, _files in TEXT_FAMILIES.items():
    FAMILIES.update({_name + suffix: (file,) for suffix, file in zip(_SUFFIXES, _files)})
FAMILIES.update({name: (file,) for name, file in DISPLAY_FACES.items()})

DEFAULT = "sans"
BOLD = "sans-bold"
ITALIC = "sans-italic"


class FontError(ValueError):
    pass


STYLES = ("", "b", "i", "bi")  # regular, bold, italic, bold italic
STYLE_NAMES = {"": "regular", "b": "bold", "i": "italic", "bi": "bold italic"}


def available() -> list[str]:
    names = set(FAMILIES)
    for folder in FONT_DIRS[:1]:
        if folder.is_dir():
            names.update(p.stem for p in folder.glob("*.ttf"))
    return sorted(names)


_GAME_FONTS: dict[str, tuple[Path, bytes | None]] = {}  # internal name -> (file, TrueType bytes when converted)
_SHOWN: dict[str, str] = {}  # internal name -> the name the game gave it
_FAMILY: dict[str, dict[str, str]] = {}  # a face's internal name -> its family's faces by style


def register(name: str, path: Path) -> str:
    """Make a game folder's font file usable; returns its internal name (``name`` and a digest of the
    file's bytes, so two games may each have a font called "title"). FontError when it cannot be read:
    the file is checked (:mod:`genpnp.core.fontfile`) before it is parsed, and CFF outlines are converted."""
    from genpnp.core import fontfile

    try:
        data = fontfile.read(path)
        digest = hashlib.sha1(data).hexdigest()[:10]
        key = f"{name}-{digest}"
        if key in _GAME_FONTS:
            return key
        usable, converted = fontfile.truetype(data)
    except fontfile.FontFileError as exc:
        raise FontError(str(exc)) from None
    _GAME_FONTS[key] = (path, usable if converted else None)
    _SHOWN[key] = name
    try:
        _metrics(key)
    except FontError:
        raise
    except Exception as exc:  # reportlab's TTFError and struct errors on a damaged file
        _GAME_FONTS.pop(key, None)
        _PARSED[:] = [parsed for parsed in _PARSED if parsed != key]
        ttfont.cache_clear()
        _metrics.cache_clear()
        raise FontError(f"not a usable font ({exc})"[:300]) from None
    return key


def register_system(family: str, style: str) -> str | None:
    """An installed font of ``family`` in ``style`` ("", "b", "i", "bi"), by fontconfig; None when the
    machine has no such face. FontError when it cannot be looked up or read."""
    from genpnp.core import fontfile

    try:
        path = fontfile.system(family, "b" in style, "i" in style)
    except fontfile.FontFileError as exc:
        raise FontError(str(exc)) from None
    if path is None:
        return None
    return register(family.replace(" ", "") + ("-" + STYLE_NAMES[style].replace(" ", "-") if style else ""), path)


def family(faces: dict[str, str]) -> dict[str, str]:
    """Pair faces into a family (style -> internal name); ``styled`` then picks a face by style. A game's
    faces are named anew for the family (the same file may be one game's regular face and, alone, another
    game's title font): returns the family's names by style."""
    if any(face in _GAME_FONTS for face in faces.values()):
        tag = hashlib.sha1("|".join(f"{k}={v}" for k, v in sorted(faces.items())).encode()).hexdigest()[:6]
        renamed = {}
        for style, face in faces.items():
            name = f"{face}.{tag}" if face in _GAME_FONTS and not face.endswith("." + tag) else face
            if name != face:
                _GAME_FONTS[name] = _GAME_FONTS[face]
                _SHOWN[name] = _SHOWN.get(face, face)
            renamed[style] = name
        faces = renamed
    for face in faces.values():
        _FAMILY[face] = dict(faces)
    return dict(faces)


for _name in TEXT_FAMILIES:
    family({style: _name + suffix for style, suffix in zip(STYLES, _SUFFIXES)})
for _name in DISPLAY_FACES:
    family({"": _name})


def label(name: str, shown: str) -> None:
    """The name the game gives a registered font (its key in game.yaml's ``fonts:``)."""
    _SHOWN[name] = shown


def shown_name(name: str) -> str:
    """The name a game gave a font (its internal name carries a digest)."""
    return _SHOWN.get(name, name)


def has_style(font: str, style: str) -> bool:
    """Whether the font's family has a face of this style (always, for a font outside any family: the
    default family's faces stand in, as for the built-in fonts)."""
    fam = _FAMILY.get(font)
    own = next((key for key, face in fam.items() if face == font), "") if fam is not None else ""
    style = "".join(sorted(set(style + own)))
    if not style:
        return True
    return fam is None or style in fam


@functools.cache
def font_path(name: str) -> Path:
    """The font file for a font name (a family name, a file stem in genpnp/data/fonts, or a registered
    game font)."""
    if name in _GAME_FONTS:
        return _GAME_FONTS[name][0]
    candidates = FAMILIES.get(name, (name + ".ttf",))
    for file_name in candidates:
        for folder in FONT_DIRS:
            path = folder / file_name
            if path.is_file():
                return path
    raise FontError(f'unknown font "{name}"')


_PARSED: list[str] = []  # the fonts parsed in this process, in order


def parsed_font() -> str:
    """A font already parsed in this process (the default font when none is): the PDF canvas's initial font,
    which a page never shows (genpnp names the font of every text it draws, and reportlab writes nothing for
    an initial TrueType font), so it need not cost a font's parse. The first one, so the choice is the
    same every run."""
    return _PARSED[0] if _PARSED else DEFAULT


@functools.cache
def ttfont(name: str) -> TTFont:
    """The parsed font, named "gp-<name>"; the PDF backend embeds this same object (parsed once a run). A
    font with CFF outlines is parsed from its converted bytes."""
    converted = _GAME_FONTS.get(name, (None, None))[1]
    if converted is not None:
        font = TTFont("gp-" + name, io.BytesIO(converted))
    else:
        path = font_path(name)
        if path.suffix == ".otf" and name not in _GAME_FONTS:  # a shipped font with CFF outlines
            from genpnp.core import fontfile

            data, _ = fontfile.truetype(path.read_bytes())
            font = TTFont("gp-" + name, io.BytesIO(data))
        else:
            font = TTFont("gp-" + name, str(path))
    _PARSED.append(name)
    return font


@functools.cache
def _metrics(name: str) -> tuple[dict[int, int], dict[int, float], float, float, float]:
    face = ttfont(name).face
    widths = face.charWidths  # read only: the face's own table when it has a float width for every glyph
    if widths.keys() != face.charToGlyph.keys() or any(type(w) is not float for w in widths.values()):
        widths = {code: float(face.charWidths.get(code, face.defaultWidth)) for code in face.charToGlyph}
    cap = getattr(face, "capHeight", 0) or 0
    if not 200 <= cap <= 1000:  # a font that leaves it out (or gives nonsense): a usual value
        cap = 700
    return face.charToGlyph, widths, face.ascent / 1000.0, face.descent / 1000.0, cap / 1000.0


def text_width(text: str, font: str, size: float) -> float:
    return _units(text, font) * size / 1000.0


@functools.lru_cache(maxsize=8192)
def _units(text: str, font: str) -> float:
    """The width of ``text`` in the font's 1/1000 em (the same words are measured again and again)."""
    widths = _metrics(font)[1]
    return sum(map(widths.get, map(ord, text), repeat(500.0, len(text))))  # the same sum, in C


def ascent(font: str, size: float) -> float:
    return _metrics(font)[2] * size


def cap_height(font: str, size: float) -> float:
    """The height of the font's capital letters."""
    return _metrics(font)[4] * size


def descent(font: str, size: float) -> float:
    return _metrics(font)[3] * size


@functools.cache
def _codes(name: str) -> Container[int]:
    """The character codes the font has glyphs for. A shipped TrueType font's are read from its character map
    alone (:func:`genpnp.core.fontfile.coverage`: the same codes reportlab's reader finds), so checking text
    against a font no page draws (the cover's default font, say) does not parse the whole font."""
    path = font_path(name)
    if name not in _GAME_FONTS and path.suffix == ".ttf":
        from genpnp.core import fontfile

        codes = fontfile.coverage(path.read_bytes())
        if codes is not None:
            return codes
    return _metrics(name)[0]


@functools.lru_cache(maxsize=4096)
def missing_glyphs(text: str, font: str) -> str:
    """The characters of ``text`` the font has no glyph for (spaces and newlines aside)."""
    cmap = _codes(font)
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
    """The bold/italic sibling of a font (``sans`` + "b" -> ``sans-bold``). A game's font takes the face of
    its own family; where the family lacks the style (reported at load: :func:`has_style`) its regular face
    stands in, never another family's. A built-in font without the style takes the default family's."""
    if not style:
        return base
    fam = _FAMILY.get(base)
    if fam is not None:  # a bold face asked for italic is the bold italic one
        own = next((key for key, face in fam.items() if face == base), "")
        style = "".join(sorted(set(style + own)))
        return fam.get(style) or fam.get("", base)
    style = "".join(sorted(set(style)))
    suffix = {"b": "-bold", "i": "-italic", "bi": "-bold-italic"}[style]
    name = base.split("-")[0] + suffix
    try:
        font_path(name)
        return name
    except FontError:
        return BOLD if "b" in style else ITALIC
