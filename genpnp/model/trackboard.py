"""Track boards: a ring of labelled spaces around another component (a map, a grid board).

The inner component is written inline (a mapping with its own ``kind:``) and drawn by its own
renderer in the middle. Spaces are a list of free-field mappings, or ``{file: data/track.yaml}`` (its ``spaces:`` list;
other top-level keys are left for the game's rules). The spaces run clockwise round the ring from
``start``; each is drawn with the style picked by its ``style_by`` field (text and fill may use
``{field}``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from genpnp.art.base import substitute
from genpnp.art.text import FONT, fit_lines
from genpnp.content.schema import (
    INVALID,
    AnyValue,
    ColorSpec,
    Ctx,
    Custom,
    Enum,
    Length,
    MapOf,
    Obj,
    Prose,
    Str,
    build,
    fld,
)
from genpnp.content.yamlload import LList, LMap
from genpnp.core import fonts
from genpnp.core.color import BLACK, WHITE, Color
from genpnp.core.errors import Loc, did_you_mean
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.model.base import Component, Face, FaceResolver, Item, Piece, kind, load_data_file

Box = tuple[float, float, float, float]  # x, y (bottom), w, h in board points
MIN_TEXT_SCALE = 0.6


def parse_inner(value: Any, loc: Loc, ctx: Ctx) -> Any:
    from genpnp.model import kind_class, kind_names

    cls = kind_class(value["kind"]) if isinstance(value, LMap) and isinstance(value.get("kind"), str) else None
    if cls is None:
        return ctx.error(loc, f"the inner component is a mapping with a kind ({', '.join(kind_names())})")
    comp = build(cls, value, loc, ctx, extra={"name": "inner"})
    if comp is not INVALID and len(getattr(comp, "pieces", ())) != 1:
        return ctx.error(loc, "the inner component must be a single piece (a board or a map)")
    return comp


def parse_spaces(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if isinstance(value, LMap) and set(value) == {"file"}:
        data = load_data_file(value, "spaces", ctx)
        if data is INVALID:
            return INVALID
        value = data["spaces"]
    if not isinstance(value, LList) or not value:
        return ctx.error(loc, "spaces are a list of {field: value} mappings, or {file: data/track.yaml}")
    out = []
    for i, space in enumerate(value):
        if not isinstance(space, dict) or any(isinstance(v, (dict, list)) for v in space.values()):
            return ctx.error(value.loc_of(i), "a space is a mapping of plain fields, e.g. {kind: fate}")
        out.append(({str(k): ("" if v is None else v) for k, v in space.items()}, value.loc_of(i)))
    return tuple(out)


@dataclass(frozen=True, kw_only=True)
class SpaceStyle:
    """How one kind of space looks; text and fill may name the space's fields as {field}."""

    text: str = fld(Prose(), "{label}", "the words in the space (\\n starts a new line)")
    fill: str = fld(Str(), "white", "background: a colour, or {field} naming one")
    color: Color = fld(ColorSpec(), BLACK, "text colour")
    font: str = fld(FONT, fonts.BOLD, "font")
    size: float = fld(Length(lo=3.0, hi=40.0), 8.0, "largest text size (shrunk to fit down to 60%)")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True)
class Space:
    lines: tuple[str, ...]
    size: float
    font: str
    fill: Color
    color: Color
    box: Box
    side: str  # left, top, right, bottom or a corner name: where on the ring the space lies


def ring_boxes(n: int, w: float, h: float, depth: float, start: str) -> list[tuple[Box, str]]:
    """``n`` boxes round a w x h board, clockwise from the ``start`` corner; corners are depth-square."""
    if n < 4:
        raise ValueError("a ring needs at least 4 spaces")
    long_w, long_h = w - 2 * depth, h - 2 * depth
    pairs = n - 4
    across = round(pairs / 2 * long_w / (long_w + long_h)) if pairs else 0
    top = bottom = across
    left = right = pairs // 2 - across
    if pairs % 2:
        top += 1
    sides = {"top": top, "right": right, "bottom": bottom, "left": left}
    boxes: dict[str, list[tuple[Box, str]]] = {}
    boxes["top-left"] = [((0, h - depth, depth, depth), "top-left")]
    boxes["top"] = [((depth + i * long_w / top, h - depth, long_w / top, depth), "top") for i in range(top)]
    boxes["top-right"] = [((w - depth, h - depth, depth, depth), "top-right")]
    boxes["right"] = [((w - depth, h - depth - (i + 1) * long_h / right, depth, long_h / right), "right")
                      for i in range(right)]
    boxes["bottom-right"] = [((w - depth, 0, depth, depth), "bottom-right")]
    boxes["bottom"] = [((w - depth - (i + 1) * long_w / bottom, 0, long_w / bottom, depth), "bottom")
                       for i in range(bottom)]
    boxes["bottom-left"] = [((0, 0, depth, depth), "bottom-left")]
    boxes["left"] = [((0, depth + i * long_h / left, depth, long_h / left), "left") for i in range(left)]
    order = ["top-left", "top", "top-right", "right", "bottom-right", "bottom", "bottom-left", "left"]
    begin = order.index(start)
    ring = [b for part in order[begin:] + order[:begin] for b in boxes[part] if sides.get(part, 1)]
    return ring


@kind("trackboard")
@dataclass(frozen=True, kw_only=True)
class TrackBoard(Component):
    """A ring of labelled track spaces around an inner map or board (poster-tiled when large)."""

    rotatable: ClassVar[bool] = True
    played_on: ClassVar[bool] = True  # a board: used whole, never cut apart (may back another page in duplex)
    inner: Any = fld(Custom(parse_inner, {"type": "object"}, "inline component with a kind"),
                     doc="the component in the middle (a hexmap, a board...)", example={"kind": "hexmap"})
    spaces: tuple = fld(Custom(parse_spaces, {"anyOf": [{"type": "array"}, {"type": "object"}]}, "spaces"),
                        doc="the track spaces in order: a list of mappings, or {file: data/track.yaml}")
    depth: float = fld(Length(lo=5 * MM), 20 * MM, "depth of the ring (from the board edge inward)")
    gap: float = fld(Length(), 2 * MM, "space between the ring and the inner component")
    start: str = fld(Enum("top-left", "top-right", "bottom-right", "bottom-left"), "top-left",
                     "corner of the first space; the others follow clockwise")
    style_by: str = fld(Str(), "", "the field that picks each space's style")
    styles: dict = fld(MapOf(Obj(SpaceStyle)), None, "value of style_by -> style (\"*\": the default)")
    background: Color | None = fld(ColorSpec(), None, "colour behind the inner component")
    line: Color = fld(ColorSpec(), Color(0.2, 0.2, 0.2), "colour of the space borders")
    line_width: float = fld(Length(), 0.8, "width of the space borders")
    arrows: Any = fld(AnyValue(), True, "draw a small arrow in each space showing the way round")
    face: Face | None = fld(Obj(Face), None, "extra art drawn over the board")
    pieces: tuple = ()
    laid_out: tuple = ()

    @property
    def size(self) -> tuple[float, float]:
        iw, ih = self.inner.pieces[0].w, self.inner.pieces[0].h
        pad = 2 * (self.depth + self.gap)
        return iw + pad, ih + pad

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
        values["styles"] = values.get("styles") or {}
        obj = cls(**values)
        w, h = obj.size
        boxes = ring_boxes(len(obj.spaces), w, h, obj.depth, obj.start)
        laid, bad = [], False
        for (fields, sloc), (box, side) in zip(obj.spaces, boxes):
            key = str(fields.get(obj.style_by, "")) if obj.style_by else ""
            if obj.style_by and obj.styles and key not in obj.styles and "*" not in obj.styles:
                ctx.error(sloc, f'no style for {obj.style_by} "{key}"{did_you_mean(key, obj.styles)}: styles lists '
                                f'the kinds of space the board draws (add one, or a "*" default)')
                bad = True
                continue
            style = obj.styles.get(key) or obj.styles.get("*") or SpaceStyle()
            space = _resolve(style, fields, sloc, box, side, ctx)
            bad = bad or space is INVALID
            laid.append(space)
        if bad:
            return INVALID
        resolver = FaceResolver(obj.name, {"front": obj.face or Face()}, ctx, w, h)
        front = resolver.resolve("front", Item(1, {}), loc)
        if front is INVALID:
            return INVALID
        return replace(obj, laid_out=tuple(laid), pieces=(Piece(obj.name, 1, w, h, "rect", front, None),))

    def piece_count(self) -> int:
        return self.copies

    def keep_clear(self) -> list[tuple[float, float, float, float]]:
        """Where the board prints what a join's alignment targets must not cover: its track spaces (their
        words and arrows), as (x, y, w, h) boxes in the board's points, y up."""
        return [tuple(space.box) for space in self.laid_out]


def _resolve(style: SpaceStyle, fields: dict, loc: Loc, box: Box, side: str, ctx: Ctx) -> Any:
    used: set[str] = set()
    text = substitute(style.text, fields, loc, ctx, used)
    fill_name = substitute(style.fill, fields, loc, ctx, used)
    fill = ColorSpec().parse(str(fill_name), loc, ctx)
    if not isinstance(text, str) or fill is INVALID:
        return INVALID
    text = text.replace("\\n", "\n").upper()
    pad = 1.5 * MM
    width, height = box[2] - 2 * pad, box[3] - 2 * pad - 2.5 * MM  # room for the arrow
    lines: list[str] = []
    size = style.size
    for scale in (1.0, 0.9, 0.8, 0.7, MIN_TEXT_SCALE):
        s = style.size * scale
        if max(fonts.text_width(word, style.font, s) for word in text.split()) > width:
            continue  # never break a word across lines
        lines = [part for para in text.split("\n") for part in fonts.wrap(para, style.font, s, width)]
        fitted = fit_lines("\n".join(lines), style.font, s, width, height, False, 1.0)
        if fitted is not None:
            size = s
            break
    else:
        return ctx.error(loc, f"the text {text!r} does not fit its space: shorten it or deepen the ring")
    return Space(tuple(lines), size, style.font, fill or WHITE, style.color, box, side)
