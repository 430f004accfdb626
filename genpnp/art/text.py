"""Text in a box: wrapped, aligned, shrunk to fit, checked against the font."""

from __future__ import annotations

from typing import Any

from genpnp.art import art, richtext
from genpnp.art.base import ArtElement
from genpnp.content.schema import Bool, ColorSpec, Ctx, Custom, Enum, Length, Num, Translated, fld
from genpnp.core import fonts
from genpnp.core.color import BLACK, Color
from genpnp.core.records import dataclass


def _font(value: Any, loc: Any, ctx: Ctx) -> Any:
    from genpnp.core.errors import did_you_mean

    if not isinstance(value, str):
        return ctx.error(loc, "expected a font name")
    if value in ctx.fonts:
        return ctx.fonts[value]
    if "/" in value or "\\" in value or value.startswith(".") or "\0" in value:
        return ctx.error(loc, f'"{value}" is a path, not a font name: name a shipped font or add the file '
                              "to game.yaml's fonts:")
    try:
        fonts.font_path(value)
    except fonts.FontError:
        return ctx.error(loc, f'unknown font "{value}"{did_you_mean(value, fonts.available() + list(ctx.fonts))}')
    return value


def board_fonts(values: dict, ctx: Ctx) -> None:
    """A board's ``font`` and ``heading_font``, when it names none: the game's body style (else sans) and its
    title style (else the body font's bold face)."""
    for key, style_name, default in (("font", "body", fonts.DEFAULT), ("heading_font", "title", "")):
        style = getattr(ctx.styles, style_name, None)
        if not values.get(key):
            values[key] = ctx.fonts.get(style.font, style.font) if style is not None and style.font else default
    values["heading_font"] = values["heading_font"] or fonts.styled(values["font"], "b")


BOARD_FONT_DOC = "font of the board's texts (default: the game's body style, else sans; titles in its bold face)"
HEADING_FONT_DOC = "font of the board's heading (default: the game's title style)"


FONT = Custom(_font, {"type": "string"}, "font name (sans, sans-bold, serif, condensed, a shipped family such as "
              "cabin or cabin-bold, or one of the game's fonts:)")


def fit_lines(text: str, font: str, size: float, w: float, h: float, wrap: bool, min_scale: float):
    """(lines, size) that fit the box, shrinking down to ``min_scale``; None when nothing fits."""
    scale = 1.0
    while True:
        s = size * scale
        lines = fonts.wrap(text, font, s, w) if wrap else text.split("\n")
        height = len(lines) * s * 1.2 - s * 0.2
        widest = max((fonts.text_width(line, font, s) for line in lines), default=0.0)
        if height <= h + 0.01 and widest <= w + 0.01:
            return lines, s
        if scale <= min_scale:
            return None
        scale = max(min_scale, scale - 0.05)


@art("text", shorthand="text")
@dataclass(frozen=True, kw_only=True)
class Text(ArtElement):
    """Text in the box, wrapped to its width and shrunk (down to ``min_scale``) to fit; ``**bold**``,
    ``*italic*`` and inline icons ``{icon:coin}`` (art/coin.svg, one line tall)."""

    text: str = fld(Translated(richtext.RICH), example="Gain 2 {icon:coin}, then **draw**",
                    doc="the text; {field} takes a field of the item, {icon:name} draws art/name.svg")
    font: str = fld(FONT, fonts.DEFAULT, "font")
    size: float = fld(Length(lo=1.0, hi=400.0), 10.0, "font size", "10pt")
    color: Color = fld(ColorSpec(), BLACK, "colour")
    align: str = fld(Enum("left", "center", "right"), "center", "horizontal alignment")
    valign: str = fld(Enum("top", "middle", "bottom"), "middle", "vertical alignment")
    wrap: bool = fld(Bool(), True, "wrap lines (between words, or after a hyphen of the text)")
    min_scale: float = fld(Num(0.3, 1.0), 0.7, "smallest size, as a fraction of size, when shrinking to fit")

    @classmethod
    def from_values(cls, values: dict, data: Any, loc: Any, ctx: Ctx) -> Any:
        """A text that names no font takes the game's body font (styles: body: font:)."""
        body = getattr(ctx.styles, "body", None)
        if "font" not in data and body is not None and body.font:
            values["font"] = ctx.fonts.get(body.font, body.font)
        return cls(**values)

    def layout(self, w: float, h: float):
        """(box, fitted lines and size) on a w x h face; worked out once per face size (the check at load
        and the drawing ask for the same layout)."""
        layouts = self.__dict__.setdefault("_layouts", {})  # not a field: equality and hashing ignore it
        found = layouts.get((w, h))
        if found is None:
            x, y, bw, bh = self.resolve_box(w, h)
            found = layouts[(w, h)] = (x, y, bw, bh), richtext.fit(self.text, self.font, self.size, bw, bh,
                                                                     self.wrap, self.min_scale)
        return found

    def check(self, w: float, h: float, ctx: Ctx) -> None:
        super().check(w, h, ctx)
        by_font: dict[str, str] = {}  # the text in each font ([font=...] tags name others)
        for text, _, style in richtext.segments(self.text):
            by_font[style.font or self.font] = by_font.get(style.font or self.font, "") + text
        for font, text in by_font.items():
            plain = richtext.ICON_TAG.sub("", text).replace(fonts.SOFT_HYPHEN, "")
            missing = fonts.missing_glyphs(plain, font)
            if missing:
                ctx.error(self.loc, f'the font "{fonts.shown_name(font)}" has no glyph for {missing!r}: choose '
                          "another font")
        richtext.check_styles(self.text, self.font, self.loc, ctx)
        _, fitted = self.layout(w, h)
        if fitted is None:
            ctx.drawable_error(
                self.loc,
                f"text too long for its box ({len(str(self.text))} characters): shorten it, enlarge the box "
                "or lower min_scale",
            )

    def draw(self, surface: Any, w: float, h: float) -> None:
        (x, y, bw, bh), fitted = self.layout(w, h)
        if fitted is None:  # an error (build --force draws a draft): the text cut at its box, a red marker
            size = self.size * self.min_scale
            lines = richtext.wrap(self.text, self.font, size, bw if self.wrap else 1e9, self.size)
            richtext.report(surface, "overflow", f"{self.loc}: text does not fit its box even at {size:.1f} pt")
            surface.save()
            surface.clip_rect(x, y, bw, bh)
            richtext.draw(surface, lines, size, self.color, x, y, bw, bh, self.align, "top", self.size)
            surface.restore()
            mark_overflow(surface, x, y, bw, bh)
            return
        lines, size = fitted
        if size < richtext.SMALL:
            richtext.report(surface, "small-text", f"{self.loc}: text drawn at {size:.1f} pt")
        richtext.draw(surface, lines, size, self.color, x, y, bw, bh, self.align, self.valign, self.size)


def draw_lines(surface: Any, lines: list[str], font: str, size: float, color: Color, x: float, y: float,
               w: float, h: float, align: str, valign: str) -> None:
    leading = size * 1.2
    block = len(lines) * leading - size * 0.2
    asc = fonts.ascent(font, size)
    if valign == "top":
        top = y + h
    elif valign == "bottom":
        top = y + block
    else:
        top = y + (h + block) / 2
    baseline = top - asc + (asc - size * 0.8) / 2 if valign != "top" else top - asc
    ax = {"left": x, "center": x + w / 2, "right": x + w}[align]
    for line in lines:
        surface.text(ax, baseline, line, font, size, color, align)
        baseline -= leading


RED = Color(0.86, 0.1, 0.1, "draft-red")  # a draft's marks (build --force: genpnp.render.draft)


def mark_overflow(surface: Any, x: float, y: float, w: float, h: float) -> None:
    """A red frame around the box and a filled red corner at its top right: here the text is cut."""
    surface.rect(x, y, w, h, stroke=RED, width=1.0, dash=(3, 2))
    c = min(w, h, 12.0) * 0.6
    surface.polygon([(x + w, y + h), (x + w - c, y + h), (x + w, y + h - c)], fill=RED)
