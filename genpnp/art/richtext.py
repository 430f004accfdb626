"""Rich text for cards and boards: ``**bold**``, ``*italic*``, inline icons ``{icon:coin}`` and style tags
(``[red]fire[/]``, ``[size=8pt]``, ``[font=title]``, ``[u]``, ``[s]``, ``[sup]``, ``[sub]``: :mod:`genpnp.art.markup`).

The text is cut into words; a word is a list of pieces, each a styled run of text or an icon
(an SVG sized to the text line, as tall as a capital letter and a bit). Lines break between words,
or after a hyphen the source wrote (``-``, or a soft hyphen U+00AD); a word is never split
anywhere else: when a word is wider than the box the text shrinks instead. Layout problems go to
the surface's ``report(kind, message)`` when it has one (see docs/architecture.md).
"""

from __future__ import annotations

import re
from typing import Any

from genpnp.art import markup
from genpnp.art.markup import PLAIN, Style
from genpnp.content.markdown import runs
from genpnp.content.schema import INVALID, Ctx, Custom
from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.core.errors import Loc, did_you_mean
from genpnp.core.records import dataclass

ICON_TAG = re.compile(r"\{icon:([A-Za-z0-9_][A-Za-z0-9_\-]*)\}")
_TOKENS = re.compile(r"( |\{icon:[A-Za-z0-9_\-]+\})")  # a run cut at spaces and icon tags
ICON_SCALE = 1.0  # an icon's side, in font sizes
SMALL = 6.0  # text drawn below this size (pt) is reported as small


class RichText(str):
    """The text as written, with the icons it names read (name -> SvgFile) and its styled segments."""

    icons: dict[str, Any]
    segments: list[markup.Segment]


class NameResolver(markup.Resolver):
    """Tag values resolved by name: the game's palette first, then colour names; the game's fonts, then the
    built-in ones."""

    def __init__(self, palette: dict[str, Any], game_fonts: dict[str, str]):
        self.colors = dict(palette)
        self.fonts = dict(game_fonts)
        self.palette = tuple(palette)

    def color(self, name: str) -> Any:
        from genpnp.core.color import parse_color

        if name in self.colors:
            return self.colors[name]
        try:
            return parse_color(name)
        except ValueError as exc:
            hint = did_you_mean(name, self.palette) if self.palette and "did you mean" not in str(exc) else ""
            raise ValueError(f"{exc}{hint}") from None

    def font(self, name: str) -> str:
        if name in self.fonts:
            return self.fonts[name]
        try:
            fonts.font_path(name)
        except fonts.FontError:
            known = fonts.available() + list(self.fonts)
            raise ValueError(f'unknown font "{name}"{did_you_mean(name, known)}') from None
        return name


def style_font(name: str, game_fonts: dict[str, str]) -> str:
    """A style's font name as the font module knows it (a game's font by its internal name)."""
    return game_fonts.get(name, name)


def style_color(name: str, palette: dict[str, Color], default: Any = None) -> Any:
    """A style's colour (a palette entry keeps its grey and pattern for --ink bw), or ``default``."""
    from genpnp.core.color import parse_color

    if not name:
        return default
    return palette[name] if name in palette else parse_color(name)


class TextLook(NameResolver):
    """What a rules text needs of its game: the names its style tags may use, and the game's styles
    (game.yaml's ``styles:``): body font, size and colour; heading font and colour."""

    def __init__(self, ctx: Ctx):
        super().__init__(ctx.palette, ctx.fonts)
        styles = ctx.styles
        body, heading = getattr(styles, "body", None), getattr(styles, "heading", None)
        self.body_font = style_font(body.font, ctx.fonts) if body is not None and body.font else None
        self.body_size = body.size if body is not None and body.size else None
        self.body_color = style_color(body.color, ctx.palette) if body is not None else None
        self.heading_font = style_font(heading.font, ctx.fonts) if heading is not None and heading.font else None
        self.heading_color = style_color(heading.color, ctx.palette) if heading is not None else None
        self.boxes = {kind: BoxLook(getattr(styles, kind, None), ctx) for kind in ("callout", "example")}


class BoxLook:
    """A callout or example box of a rules text: font, size (0: the body's), text colour, fill."""

    def __init__(self, style: Any, ctx: Ctx):
        self.font = style_font(style.font, ctx.fonts) if style is not None and style.font else None
        self.size = style.size if style is not None and style.size else 0.0
        self.color = style_color(style.color, ctx.palette) if style is not None else None
        self.fill = style_color(style.fill, ctx.palette) if style is not None else None


def LoadResolver(ctx: Ctx) -> NameResolver:  # noqa: N802 (reads as the class it makes)
    return NameResolver(ctx.palette, ctx.fonts)


def markup_problems(text: str, ctx: Ctx) -> list[tuple[int, str]]:
    """What is wrong with the style tags of ``text`` (offset, message)."""
    if not markup.has_tags(text):
        return []
    return markup.parse(text, LoadResolver(ctx))[1]


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
    if markup.has_tags(out):
        out.segments, problems = markup.parse(out, LoadResolver(ctx))
        for _, message in problems:
            ctx.error(loc, message)
        if problems:
            return INVALID
    else:
        out.segments = [(run, style, PLAIN) for run, style in runs(out)]
    return out


def segments(text: str) -> list[markup.Segment]:
    """The text's styled segments (read at load for a RichText; plain **bold**/*italic* otherwise)."""
    found = getattr(text, "segments", None)
    return found if found is not None else [(run, style, PLAIN) for run, style in runs(str(text))]


def check_styles(text: str, font: str, loc: Loc, ctx: Ctx) -> None:
    """Bold and italic text in a game's font family that lacks the face: an error naming the face (never a
    silent switch to another family)."""
    seen = set()
    for _, style, extra in segments(text):
        face = extra.font or font
        if style and (face, style) not in seen and not fonts.has_style(face, style):
            seen.add((face, style))
            ctx.error(loc, f'the font "{fonts.shown_name(face)}" has no {fonts.STYLE_NAMES[style]} face: add '
                      f'"{_FACE_KEYS[style]}:" to its entry in game.yaml\'s fonts, or write the text without it')


_FACE_KEYS = {"b": "bold", "i": "italic", "bi": "bold_italic"}


RICH = Custom(parse_rich, {"type": ["string", "number"]},
              "text: **bold**, *italic*, {icon:name} for art/name.svg, [red]...[/] and other style tags, "
              "{field} for an item's field")


@dataclass(frozen=True)
class Piece:
    text: str  # "" for an icon
    font: str
    icon: Any = None
    glue: bool = False  # joined to the previous piece without a space (a hyphen break point)
    style: Style = PLAIN

    def size(self, size: float, nominal: float) -> float:
        """The piece's font size when the text is set at ``size`` (``nominal`` before shrinking)."""
        if self.style.pt:
            return self.style.pt * size / nominal
        return size * self.style.scale


LABEL_MARKS = ("†", "‡")  # marks that label the word before them (this edition's rulings, notes)


def words(text: str, font: str) -> list[list[list[Piece]]]:
    """Paragraphs of words of pieces."""
    icons = getattr(text, "icons", {})
    paras: list[list[list[Piece]]] = [[]]
    space = True
    for seg_text, emphasis, style in segments(text):
        f = fonts.styled(style.font or font, emphasis)
        for n, line in enumerate(seg_text.split("\n")):
            if n:
                paras.append([])
                space = True
            out = paras[-1]
            for token in _TOKENS.split(line):
                if token == " ":
                    space = True
                    continue
                if not token:
                    continue
                m = ICON_TAG.fullmatch(token)
                pieces = [Piece("", f, icons.get(m.group(1)), False, style)] if m else \
                    [Piece(p, f, None, i > 0, style) for i, p in enumerate(fonts.pieces(token))]
                if space and out and not m and token.startswith(LABEL_MARKS):
                    # a label mark (†, ‡) after a space keeps to its word: it never begins a line alone
                    pieces[0] = Piece(" " + pieces[0].text, f, None, False, style)
                    out[-1].extend(pieces)
                elif space or not out:
                    out.append(pieces)
                else:
                    out[-1].extend(pieces)
                space = False
    return paras


def piece_width(p: Piece, size: float, last: bool = False, nominal: float = 0.0) -> float:
    s = p.size(size, nominal or size)
    if p.icon is not None:
        return icon_side(p.font, s)
    return fonts.text_width(fonts.shown(p.text, last), p.font, s)


def icon_side(font: str, size: float) -> float:
    """An inline icon is a square as tall as the font's capital letters (it sits on the baseline)."""
    return fonts.cap_height(font, size) * ICON_SCALE


Line = list[tuple[float, Piece, bool]]  # (x, piece, ends the line)


def wrap(text: str, font: str, size: float, width: float, nominal: float = 0.0) -> list[Line]:
    """Lines of placed pieces; breaks between words or after a source hyphen."""
    nominal = nominal or size
    space = fonts.text_width(" ", font, size)
    lines: list[Line] = []
    for para in words(text, font):
        line: Line = []
        x = 0.0
        for word in para:
            for i, piece in enumerate(word):
                gap = space if line and i == 0 else 0.0
                w = piece_width(piece, size, nominal=nominal)
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


def line_width(line: Line, size: float, nominal: float = 0.0) -> float:
    if not line:
        return 0.0
    x, piece, last = line[-1]
    return x + piece_width(piece, size, last, nominal)


def line_size(line: Line, size: float, nominal: float = 0.0) -> float:
    """The largest font size on the line (its leading follows it); ``size`` for an empty line or one of
    smaller text only."""
    return max([size] + [p.size(size, nominal or size) for _, p, _ in line if not p.style.rise])


def block_height(lines: list[Line], size: float, nominal: float = 0.0) -> float:
    sizes = [line_size(ln, size, nominal) for ln in lines]
    return sum(s * 1.2 for s in sizes) - (sizes[-1] * 0.2 if sizes else 0.0)


def broken(lines: list[Line]) -> bool:
    """A word split where the source has no hyphen (never, by construction; checked for the audit)."""
    return any(ln and ln[-1][1].text and not ln[-1][1].text.endswith(("-", fonts.SOFT_HYPHEN)) and
               nxt and nxt[0][1].glue for ln, nxt in zip(lines, lines[1:]))


def fit(text: str, font: str, size: float, w: float, h: float, wrap_lines: bool, min_scale: float):
    """(lines, size) that fit the box, shrinking down to ``min_scale``; None when nothing fits."""
    scale = 1.0
    while True:
        s = size * scale
        lines = wrap(text, font, s, w if wrap_lines else 1e9, size)
        height = block_height(lines, s, size)
        if height <= h + 0.01 and max((line_width(ln, s, size) for ln in lines), default=0.0) <= w + 0.01:
            return lines, s
        if scale <= min_scale:
            return None
        scale = max(min_scale, scale - 0.05)


def report(surface: Any, kind: str, message: str) -> None:
    hook = getattr(surface, "report", None)
    if hook is not None:
        hook(kind, message)


def draw(surface: Any, lines: list[Line], size: float, color: Any, x: float, y: float, w: float, h: float,
         align: str, valign: str, nominal: float = 0.0) -> None:
    """The lines in the box (x, y, w, h), aligned; icons drawn as forms sized to the line."""
    from genpnp.art.svg import draw_icon

    nominal = nominal or size
    font = next((p.font for ln in lines for _, p, _ in ln), fonts.DEFAULT)
    block = block_height(lines, size, nominal)
    first = line_size(lines[0], size, nominal) if lines else size
    asc = fonts.ascent(font, first)
    top = y + h if valign == "top" else y + block if valign == "bottom" else y + (h + block) / 2
    baseline = top - asc if valign == "top" else top - asc + (asc - first * 0.8) / 2
    for n, line in enumerate(lines):
        if n:
            baseline -= line_size(line, size, nominal) * 1.2
        lw = line_width(line, size, nominal)
        left = {"left": x, "center": x + (w - lw) / 2, "right": x + w - lw}[align]
        for dx, text, font_name, icon, style, s in _spans(line, size, nominal):
            ink = style.color if style.color is not None else color
            base = baseline + style.rise * size
            if icon is not None:
                side = icon_side(font_name, s)
                draw_icon(surface, icon, left + dx, base, side, side, ink if icon.icon.uses_current else None)
                continue
            surface.text(left + dx, base, text, font_name, s, ink, "left")
            if style.underline or style.strike:
                tw = fonts.text_width(text, font_name, s)
                thick = max(0.3, s * 0.06)
                if style.underline:
                    surface.line(left + dx, base - s * 0.12, left + dx + tw, base - s * 0.12, ink, thick)
                if style.strike:
                    mid = base + fonts.cap_height(font_name, s) * 0.45
                    surface.line(left + dx, mid, left + dx + tw, mid, ink, thick)


def _spans(line: Line, size: float, nominal: float) -> list[tuple[float, str, str, Any, Style, float]]:
    """A line's pieces merged into runs of one font and style (words joined by their spaces), and icons:
    (x, text, font, icon, style, size). One string per run keeps the PDF's text readable as words."""
    out: list[tuple[float, str, str, Any, Style, float]] = []
    end = 0.0
    for dx, piece, last in line:
        text = fonts.shown(piece.text, last).replace(fonts.SOFT_HYPHEN, "")
        s = piece.size(size, nominal)
        if piece.icon is None and out and out[-1][3] is None and out[-1][2] == piece.font and \
                out[-1][4] == piece.style:
            x0, prev, f, _, st, _ = out[-1]
            out[-1] = (x0, prev + (" " if dx > end + 0.01 else "") + text, f, None, st, s)
        else:
            out.append((dx, text, piece.font, piece.icon, piece.style, s))
        end = dx + piece_width(piece, size, last, nominal)
    return out
