"""What every art element shares: its box inside the face, and how elements are read."""

from __future__ import annotations

import re
from typing import Any

from genpnp.content.schema import INVALID, Ctx, Custom, ListOf, Num, build, fld
from genpnp.content.yamlload import LMap
from genpnp.core.errors import Loc, did_you_mean
from genpnp.core.records import dataclass
from genpnp.core.units import UnitError, parse_length

_PCT = re.compile(r"^\s*(-?\d+(?:\.\d*)?)\s*%\s*$")
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")  # an item field in a template: {name}


def _parse_coord(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if isinstance(value, str) and _PCT.match(value):
        return (float(_PCT.match(value).group(1)) / 100.0, True)  # type: ignore[union-attr]
    try:
        return (parse_length(value), False)
    except UnitError as exc:
        return ctx.error(loc, f"{exc} or a percentage of the face (25%)")


COORD = Custom(
    _parse_coord,
    {"anyOf": [{"type": "string"}, {"const": 0}]},
    "length or percentage of the face (12mm, 50%)",
)


@dataclass(frozen=True, kw_only=True)
class ArtElement:
    """Base of art elements: ``box`` is [x, y, w, h] from the face's top-left corner."""

    box: tuple = fld(
        ListOf(COORD, 4, 4),
        ((0.0, True), (0.0, True), (1.0, True), (1.0, True)),
        "where the element sits: [x, y, width, height] from the top-left, lengths or percentages",
        ["10%", "5mm", "80%", "12mm"],
    )
    rotate: float = fld(Num(-360, 360), 0.0, "rotation in degrees, anticlockwise, about the box centre")
    loc: Loc = Loc("<built-in>")

    def resolve_box(self, w: float, h: float) -> tuple[float, float, float, float]:
        """(x, y, w, h) in points, y measured upward from the face's bottom edge."""
        vals = []
        for i, (v, pct) in enumerate(self.box):
            vals.append(v * (w if i % 2 == 0 else h) if pct else v)
        x, top, bw, bh = vals
        return x, h - top - bh, bw, bh

    def draw(self, surface: Any, w: float, h: float) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def check(self, w: float, h: float, ctx: Ctx) -> None:
        """Report problems that depend on the face size (text too long, box outside)."""
        x, y, bw, bh = self.resolve_box(w, h)
        if x < -0.5 or y < -0.5 or x + bw > w + 0.5 or y + bh > h + 0.5:
            ctx.warn(self.loc, "the element's box reaches outside the face")


def parse_element(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """``{name: params}`` -> an ArtElement instance."""
    from genpnp import art as registry

    if not isinstance(value, dict) or len(value) != 1:
        return ctx.error(loc, "an element is a mapping with one art name, e.g. `- pips: 3` or `- text: {...}`")
    (name, params), = value.items()
    cls = registry.get(name) if isinstance(name, str) else None
    if cls is None:
        key_loc = value.key_loc(name) if isinstance(value, LMap) else loc
        return ctx.error(key_loc, f'unknown art "{name}"{did_you_mean(str(name), registry.names())}')
    p_loc = value.loc_of(name) if isinstance(value, LMap) else loc
    if not isinstance(params, dict):
        shorthand = getattr(cls, "shorthand", None)
        if shorthand is None:
            return ctx.error(p_loc, f'"{name}" needs a mapping of parameters')
        wrapped = LMap({shorthand: params}, loc=p_loc)
        wrapped.value_locs[shorthand] = p_loc
        wrapped.key_locs[shorthand] = p_loc
        params = wrapped
    return build(cls, params, p_loc, ctx)


ELEMENT = Custom(parse_element, {"type": "object", "minProperties": 1, "maxProperties": 1}, "art element")


def substitute(value: Any, fields: dict[str, Any], loc: Loc, ctx: Ctx, used: set[str],
               item: Loc | None = None, reported: set[tuple[Loc, str]] | None = None) -> Any:
    """Replace ``{name}`` in strings with item fields, keeping LMap/LList locations.

    A string that is exactly ``{name}`` takes the field's value with its type. A missing field is an
    error at ``item`` (where the item is written, e.g. a CSV row) naming the template's ``{name}``
    (else at the template); with ``reported`` each place and field is reported once, not once per item.
    """

    def missing(key: str) -> None:
        if reported is not None:
            if (loc, key) in reported:
                return
            reported.add((loc, key))
        if item is not None:  # the row or entry that lacks it, naming the template that asks for it
            ctx.error(item, f'no field "{key}" on this item, which {loc} uses{did_you_mean(key, fields)}')
        else:
            ctx.error(loc, f'no field "{key}" on this item{did_you_mean(key, fields)}')

    if isinstance(value, str):
        if "{" not in value:
            return value
        whole = _FIELD.fullmatch(value)
        if whole:
            key = whole.group(1)
            if key in fields:
                used.add(key)
                return fields[key]
            missing(key)
            return INVALID

        def repl(m: re.Match[str]) -> str:
            key = m.group(1)
            if key in fields:
                used.add(key)
                return str(fields[key])
            missing(key)
            return m.group(0)

        return _FIELD.sub(repl, value).replace("{{", "{").replace("}}", "}")
    if isinstance(value, LMap):
        out = LMap(loc=value.loc)
        out.key_locs = value.key_locs
        out.value_locs = value.value_locs
        for k, v in value.items():
            out[k] = substitute(v, fields, value.loc_of(k), ctx, used, item, reported)
        return out
    if isinstance(value, list):
        from genpnp.content.yamlload import LList

        out_list = LList(loc=getattr(value, "loc", loc))
        out_list.item_locs = getattr(value, "item_locs", [])
        for i, v in enumerate(value):
            item_loc = value.loc_of(i) if isinstance(value, LList) else loc
            out_list.append(substitute(v, fields, item_loc, ctx, used, item, reported))
        return out_list
    return value


def field_names(value: Any) -> set[str]:
    """The ``{name}`` fields a template refers to."""
    if isinstance(value, str):
        return set(_FIELD.findall(value))
    if isinstance(value, dict):
        return set().union(*(field_names(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(field_names(v) for v in value))
    return set()


def uses_fields(value: Any) -> bool:
    if isinstance(value, str):
        return "{" in value
    if isinstance(value, dict):
        return any(uses_fields(v) for v in value.values())
    if isinstance(value, list):
        return any(uses_fields(v) for v in value)
    return False


__all__ = ["ArtElement", "ELEMENT", "COORD", "parse_element", "substitute", "uses_fields", "field_names", "INVALID"]
