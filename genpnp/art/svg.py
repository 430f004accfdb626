"""SVG art from the game folder, drawn as vector paths through the surface (so ink modes apply).

An icon is named by a file (``art/coin.svg``) or by a bare name (``coin`` means ``art/coin.svg``
in the game folder). It is read when the content loads (errors name the file and say what is
unsupported), scaled to its box keeping its aspect, recoloured on request, and drawn once per
document as a form however often it repeats.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.backends.svgread import CURRENT, SvgError, SvgIcon, read_svg, svg_bytes
from genpnp.content.schema import INVALID, ColorSpec, Ctx, Custom, MapOf, PathSpec, fld
from genpnp.core.color import BLACK, Color
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass

NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-]*")


@dataclass(frozen=True)
class SvgFile:
    """A readable SVG file and its flattened shapes."""

    path: Path
    icon: SvgIcon
    shown: str
    key: str  # a digest of the file's bytes: form names do not depend on where the game folder is


def icon_file(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """``art/coin.svg`` or ``coin`` (= ``art/coin.svg``) -> an :class:`SvgFile`, read and checked."""
    if isinstance(value, str) and NAME.fullmatch(value):
        value = f"art/{value}.svg"
    path = PathSpec((".svg",)).parse(value, loc, ctx)
    if path is INVALID:
        return INVALID
    try:
        icon = read_svg(path, ctx.root)
        return SvgFile(path, icon, str(value), hashlib.sha1(svg_bytes(path, ctx.root)).hexdigest()[:10])
    except SvgError as exc:
        # one message however many cards use the file: at the first place that names it (the message
        # names the file, and its line where the problem is in it)
        message = str(exc) if str(path.name) in str(exc) else f"{value}: {exc}"
        if not any(p.message.startswith(message) for p in ctx.problems.items):
            ctx.error(loc, message)
        return INVALID


ICON = Custom(icon_file, {"type": "string"}, "SVG file in the game folder (art/coin.svg), or an icon name "
                                            "(coin = art/coin.svg)")
_COLOR_MAP = MapOf(ColorSpec(), r"#[0-9a-fA-F]{6}")


def _recolor(value: Any, loc: Loc, ctx: Ctx) -> Any:
    parsed = _COLOR_MAP.parse(value, loc, ctx)
    return INVALID if parsed is INVALID else tuple(sorted((k.lower(), c) for k, c in parsed.items()))


RECOLOR = Custom(_recolor, _COLOR_MAP.json_schema(), "mapping of #rrggbb colours of the file to new colours")


def _paint(color: Color | None, want: Color | None, swap: dict[str, Color], only_current: bool,
           fill: bool) -> Color | None:
    if color is None:
        return None
    if color == CURRENT:
        return want or BLACK
    replaced = swap.get(color.hex())
    if replaced is not None:
        return replaced
    if want is not None and fill and not only_current:
        return want
    return color


def draw_icon(surface: Any, svg: SvgFile, x: float, y: float, w: float, h: float, color: Color | None = None,
              colors: tuple = ()) -> None:
    """The icon fitted (aspect kept, centred) in the box (x, y, w, h), drawn as a reusable form.

    ``color`` replaces the icon's ``currentColor`` paint, or, in an icon without ``currentColor``,
    every fill; ``colors`` replaces given ``#rrggbb`` colours of the file.
    """
    icon = svg.icon
    if w <= 0 or h <= 0:
        return
    k = min(w / icon.width, h / icon.height)
    iw, ih = icon.width * k, icon.height * k
    swap = dict(colors)
    tint = "" if color is None else f"{color.hex()}{color.name}{color.grey}{color.pattern}"
    tints = ",".join(f"{n}{c.hex()}{c.grey}{c.pattern}" for n, c in sorted(swap.items()))
    key = f"svg-{svg.key}-{iw:.2f}x{ih:.2f}-" + hashlib.sha1((tint + tints).encode()).hexdigest()[:8]
    only_current = icon.uses_current

    def paint(local: Any) -> None:
        for shape in icon.shapes:
            cmds = [(c[0], *(v * k for v in c[1:])) for c in shape.commands]
            fill = _paint(shape.fill, color, swap, only_current, True)
            stroke = _paint(shape.stroke, color, swap, only_current, False)
            local.path(cmds, fill=fill, stroke=stroke, width=shape.width * k)

    surface.save()
    surface.translate(x + (w - iw) / 2, y + (h - ih) / 2)
    surface.reuse(key, iw, ih, paint)
    surface.restore()


@art("svg", shorthand="file")
@dataclass(frozen=True, kw_only=True)
class Svg(ArtElement):
    """An SVG picture from the game folder, drawn as vector paths, fitted to its box (aspect kept)."""

    file: SvgFile = fld(ICON, example="art/coin.svg", doc="the SVG file, or an icon name (coin = art/coin.svg)")
    color: Color | None = fld(ColorSpec(), None, "recolour: replaces the file's currentColor, or every fill "
                                                 "when it has none (one icon in many colours)")
    colors: tuple = fld(RECOLOR, (), "replace given colours of the file: {'#ffffff': gold}")

    def draw(self, surface: Any, w: float, h: float) -> None:
        draw_icon(surface, self.file, *self.resolve_box(w, h), self.color, self.colors)
