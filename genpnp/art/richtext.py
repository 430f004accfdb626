"""Rich text for cards and boards: ``**bold**``, ``*italic*`` and inline icons ``{icon:coin}``.

The text is cut into words; a word is a list of pieces, each a styled run of text or an icon
(an SVG sized to the text line, as tall as a capital letter and a bit). Lines break between words,
or after a hyphen the source wrote (``-``, or a soft hyphen U+00AD); a word is never split
anywhere else: when a word is wider than the box the text shrinks instead. Layout problems go to
the surface's ``report(kind, message)`` when it has one (see docs/architecture.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from genpnp import fonts
from genpnp.content.markdown import runs
from genpnp.content.schema import INVALID, Ctx, Custom
from genpnp.errors import Loc

ICON_TAG = re.compile(r"\{icon:([A-Za-z0-9_][A-Za-z0-9_\-]*)\}")
_TOKENS = re.compile(r"( |\{icon:[A-Za-z0-9_\-]+\})")  # a run cut at spaces and icon tags
ICON_SCALE = 1.0  # an icon's side, in font sizes
SMALL = 6.0  # text drawn below this size (pt) is reported as small


class RichText(str):
    """The text as written, with the icons it names read (name -> SvgFile)."""

    icons: dict[str, Any]


def parse_rich(value: Any, loc: Loc, ctx: Ctx) -> Any:
    from genpnp.art.svg import icon_file

    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return ctx.error(loc, "expected text")
    out = RichText(str(value))
    out.icons = {}
    for name in ICON_TAG.findall(out):
        if name not in out.icons:
            svg = icon_file(name, loc, ctx)
            if svg is INVALID:
                return INVALID
            out.icons[name] = svg
    return out


def check_styles(text: str, font: str, loc: Loc, ctx: Ctx) -> None:
    """Bold and italic text in a game's font family that lacks the face: an error naming the face (never a
    silent switch to another family)."""
    for style in sorted({st for _, st in runs(str(text)) if st}):
        if not fonts.has_style(font, style):
            ctx.error(loc, f'the font "{fonts.shown_name(font)}" has no {fonts.STYLE_NAMES[style]} face: add '
                      f'"{_FACE_KEYS[style]}:" to its entry in game.yaml\'s fonts, or write the text without it')


_FACE_KEYS = {"b": "bold", "i": "italic", "bi": "bold_italic"}


RICH = Custom(parse_rich, {"type": ["string", "number"]},
              "text: **bold**, *italic*, {icon:name} for art/name.svg, {field} for an item's field")


@dataclass(frozen=True)
class Piece:
    text: str  # "" for an icon
    font: str
    icon: Any = None
    glue: bool = False  # joined to the previous piece without a space (a hyphen break point)


def words(text: str, font: str) -> list[list[list[Piece]]]:
    """Paragraphs of words of pieces."""
    icons = getattr(text, "icons", {})
    paras = []
    for para in str(text).split("\n"):
        out: list[list[Piece]] = []
        space = True
        for run, style in runs(para):
            f = fonts.styled(font, style)
            for token in _TOKENS.split(run):
                if token == " ":
                    space = True
                    continue
                if not token:
                    continue
                m = ICON_TAG.fullmatch(token)
                pieces = [Piece("", f, icons.get(m.group(1)))] if m else \
                    [Piece(p, f, None, i > 0) for i, p in enumerate(fonts.pieces(token))]
                if space or not out:
                    out.append(pieces)
                else:
                    out[-1].extend(pieces)
                space = False
        paras.append(out)
    return paras


def piece_width(p: Piece, size: float, last: bool = False) -> float:
    if p.icon is not None:
        return size * ICON_SCALE
    return fonts.text_width(fonts.shown(p.text, last), p.font, size)


Line = list[tuple[float, Piece, bool]]  # (x, piece, ends the line)


def wrap(text: str, font: str, size: float, width: float) -> list[Line]:
    """Lines of placed pieces; breaks between words or after a source hyphen."""
    space = fonts.text_width(" ", font, size)
    lines: list[Line] = []
    for para in words(text, font):
        line: Line = []
        x = 0.0
        for word in para:
            for i, piece in enumerate(word):
                gap = space if line and i == 0 else 0.0
                w = piece_width(piece, size)
                if line and x + gap + w > width + 0.01 and (i == 0 or piece.glue):
                    lines.append(_end(line))
                    line, x, gap = [], 0.0, 0.0
                line.append((x + gap, piece, False))
                x += gap + w
        lines.append(_end(line))
    return lines


def _end(line: Line) -> Line:
    if line:
        x, piece, _ = line[-1]
        line[-1] = (x, piece, True)
    return line


def line_width(line: Line, size: float) -> float:
    if not line:
        return 0.0
    x, piece, last = line[-1]
    return x + piece_width(piece, size, last)


def broken(lines: list[Line]) -> bool:
    """A word split where the source has no hyphen (never, by construction; checked for the audit)."""
    return any(ln and ln[-1][1].text and not ln[-1][1].text.endswith(("-", fonts.SOFT_HYPHEN)) and
               nxt and nxt[0][1].glue for ln, nxt in zip(lines, lines[1:]))


def fit(text: str, font: str, size: float, w: float, h: float, wrap_lines: bool, min_scale: float):
    """(lines, size) that fit the box, shrinking down to ``min_scale``; None when nothing fits."""
    scale = 1.0
    while True:
        s = size * scale
        lines = wrap(text, font, s, w if wrap_lines else 1e9)
        height = len(lines) * s * 1.2 - s * 0.2
        if height <= h + 0.01 and max((line_width(ln, s) for ln in lines), default=0.0) <= w + 0.01:
            return lines, s
        if scale <= min_scale:
            return None
        scale = max(min_scale, scale - 0.05)


def report(surface: Any, kind: str, message: str) -> None:
    hook = getattr(surface, "report", None)
    if hook is not None:
        hook(kind, message)


def draw(surface: Any, lines: list[Line], size: float, color: Any, x: float, y: float, w: float, h: float,
         align: str, valign: str) -> None:
    """The lines in the box (x, y, w, h), aligned; icons drawn as forms sized to the line."""
    from genpnp.art.svg import draw_icon

    font = next((p.font for ln in lines for _, p, _ in ln), fonts.DEFAULT)
    leading = size * 1.2
    block = len(lines) * leading - size * 0.2
    asc = fonts.ascent(font, size)
    top = y + h if valign == "top" else y + block if valign == "bottom" else y + (h + block) / 2
    baseline = top - asc if valign == "top" else top - asc + (asc - size * 0.8) / 2
    for line in lines:
        lw = line_width(line, size)
        left = {"left": x, "center": x + (w - lw) / 2, "right": x + w - lw}[align]
        for dx, text, font_name, icon in _spans(line, size):
            if icon is not None:
                side = size * ICON_SCALE
                draw_icon(surface, icon, left + dx, baseline - size * 0.18, side, side,
                          color if icon.icon.uses_current else None)
            else:
                surface.text(left + dx, baseline, text, font_name, size, color, "left")
        baseline -= leading


def _spans(line: Line, size: float) -> list[tuple[float, str, str, Any]]:
    """A line's pieces merged into runs of one font (words joined by their spaces), and icons:
    (x, text, font, icon). One string per run keeps the PDF's text readable as words."""
    out: list[tuple[float, str, str, Any]] = []
    end = 0.0
    for dx, piece, last in line:
        text = fonts.shown(piece.text, last).replace(fonts.SOFT_HYPHEN, "")
        if piece.icon is None and out and out[-1][3] is None and out[-1][2] == piece.font:
            x0, prev, f, _ = out[-1]
            out[-1] = (x0, prev + (" " if dx > end + 0.01 else "") + text, f, None)
        else:
            out.append((dx, text, piece.font, piece.icon))
        end = dx + piece_width(piece, size, last)
    return out
