"""Declarative logic on faces: elements shown ``when`` an item's field has a value, values mapped ``by`` a field.

No expression language: a condition names fields and the values they may have, a mapping names a
field and gives a value for each of its values. Both are read once per face template (their
mistakes are reported at load, with a "did you mean"), then applied to each item.

```yaml
- text: {text: "{cost}", box: [80%, 4%, 16%, 10%]}
  when: cost                        # only on items whose cost is not empty
- rect: {box: [0, 0, 100%, 100%], stroke: {by: rarity, common: grey, rare: gold, default: ink}}
  unless: {rarity: [token, blank]}  # not on items whose rarity is token or blank
```
"""

from __future__ import annotations

from typing import Any

from genpnp.content.schema import INVALID, Ctx
from genpnp.content.yamlload import LList, LMap
from genpnp.core.errors import Loc, did_you_mean
from genpnp.core.records import dataclass

CONDITION_KEYS = ("when", "unless")
BY = "by"
DEFAULT = "default"


def text_of(value: Any) -> str:
    """A field's or a literal's value as compared: 2, 2.0 and "2" are the same; yes/no as written."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value).strip()


@dataclass(frozen=True)
class Test:
    """One field's test: ``values`` empty means "has a value" (not empty)."""

    field: str
    values: tuple[str, ...]
    loc: Loc
    value_locs: tuple[Loc, ...] = ()

    def holds(self, fields: dict[str, Any]) -> bool:
        value = text_of(fields.get(self.field, ""))
        return value in self.values if self.values else value != ""


@dataclass(frozen=True)
class Logic:
    """An element's conditions: shown when every ``when`` test holds and no ``unless`` test does."""

    element: Any  # the element's mapping without its condition keys
    when: tuple[Test, ...] = ()
    unless: tuple[Test, ...] = ()

    @property
    def tests(self) -> tuple[Test, ...]:
        return self.when + self.unless

    def fields(self) -> frozenset[str]:
        """Every field the conditions and by mappings name (worked out once: faces ask for it per item)."""
        known = self.__dict__.get("_fields")
        if known is None:
            known = frozenset({t.field for t in self.tests} | by_fields(self.element))
            object.__setattr__(self, "_fields", known)
        return known

    def shown(self, fields: dict[str, Any]) -> bool:
        return all(t.holds(fields) for t in self.when) and not any(t.holds(fields) for t in self.unless)


def _tests(value: Any, loc: Loc, key: str, ctx: Ctx) -> Any:
    """``cost`` | ``[cost, power]`` | ``{rarity: rare}`` | ``{rarity: [rare, mythic], cost: ~}``."""
    example = f"{key}: cost, {key}: [cost, power] or {key}: {{rarity: [rare, mythic]}}"
    if isinstance(value, str):
        value = LList([value], loc=loc)
        value.item_locs = [loc]
    if isinstance(value, list):
        out = []
        for i, name in enumerate(value):
            where = value.loc_of(i) if isinstance(value, LList) else loc
            if not isinstance(name, str) or not name:
                return ctx.error(where, f"{key} names item fields: {example}")
            out.append(Test(name, (), where))
        if not out:
            return ctx.error(loc, f"{key} names at least one field: {example}")
        return tuple(out)
    if isinstance(value, dict) and value:
        out = []
        for name, wanted in value.items():
            where = value.key_loc(name) if isinstance(value, LMap) else loc
            vloc = value.loc_of(name) if isinstance(value, LMap) else loc
            if not isinstance(name, str):
                return ctx.error(where, f"{key} names item fields: {example}")
            if wanted is None:  # {cost: ~}: has a value
                out.append(Test(name, (), where))
                continue
            items = wanted if isinstance(wanted, list) else [wanted]
            locs = [wanted.loc_of(i) if isinstance(wanted, LList) else vloc for i in range(len(items))]
            if not items or any(isinstance(v, (dict, list)) for v in items):
                return ctx.error(vloc, f"the values of {name} in {key} are a value or a list of values, e.g. "
                                       f"{{{name}: [rare, mythic]}}")
            out.append(Test(name, tuple(text_of(v) for v in items), where, tuple(locs)))
        return tuple(out)
    return ctx.error(loc, f"{key} is a field name, a list of them or a mapping of field to values: {example}")


def read_logic(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """An element as written in a face's draw list -> its Logic (INVALID with the problems in ctx)."""
    if not isinstance(value, dict) or not any(k in value for k in CONDITION_KEYS):
        bad = check_by(value, loc, ctx)
        return INVALID if bad else Logic(value)
    element = LMap({k: v for k, v in value.items() if k not in CONDITION_KEYS}, loc=getattr(value, "loc", loc))
    if isinstance(value, LMap):
        element.key_locs = {k: v for k, v in value.key_locs.items() if k not in CONDITION_KEYS}
        element.value_locs = {k: v for k, v in value.value_locs.items() if k not in CONDITION_KEYS}
    parts: dict[str, Any] = {}
    for key in CONDITION_KEYS:
        if key in value:
            parts[key] = _tests(value[key], value.loc_of(key) if isinstance(value, LMap) else loc, key, ctx)
    if any(p is INVALID for p in parts.values()) or check_by(element, loc, ctx):
        return INVALID
    return Logic(element, parts.get("when", ()), parts.get("unless", ()))


def logic_fields(draw: Any) -> set[str]:
    """Every field a face's elements name in when/unless and by mappings (without reporting anything)."""
    out = by_fields(draw)
    for value in draw if isinstance(draw, list) else ():
        for key in CONDITION_KEYS:
            tests = value.get(key) if isinstance(value, dict) else None
            if isinstance(tests, str):
                out.add(tests)
            elif isinstance(tests, list):
                out |= {t for t in tests if isinstance(t, str)}
            elif isinstance(tests, dict):
                out |= {t for t in tests if isinstance(t, str)}
    return out


def is_by(value: Any) -> bool:
    return isinstance(value, dict) and BY in value


def check_by(value: Any, loc: Loc, ctx: Ctx) -> bool:
    """Report every malformed ``{by: field, value: result, ...}`` in a template; True if any."""
    bad = False
    if is_by(value):
        field = value[BY]
        where = value.loc_of(BY) if isinstance(value, LMap) else loc
        if not isinstance(field, str) or not field:
            ctx.error(where, "by names an item field: {by: rarity, common: grey, rare: gold}")
            bad = True
        if len(value) < 2:
            ctx.error(getattr(value, "loc", loc), f"{{by: {field}}} gives no values: add one per value of the "
                                                  f"field, e.g. {{by: {field}, common: grey, default: ink}}")
            bad = True
        return bad
    if isinstance(value, dict):
        for k, v in value.items():
            bad |= check_by(v, value.loc_of(k) if isinstance(value, LMap) else loc, ctx)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            bad |= check_by(v, value.loc_of(i) if isinstance(value, LList) else loc, ctx)
    return bad


def by_fields(value: Any) -> set[str]:
    """The fields the ``by`` mappings of a template name."""
    if is_by(value):
        field = value[BY]
        inner = set().union(*(by_fields(v) for k, v in value.items() if k != BY))
        return ({field} if isinstance(field, str) else set()) | inner
    if isinstance(value, dict):
        return set().union(*(by_fields(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(by_fields(v) for v in value))
    return set()


def apply_by(value: Any, fields: dict[str, Any], loc: Loc, ctx: Ctx, cells: dict[str, Loc], item: Loc,
             reported: set) -> Any:
    """The template with each ``by`` mapping replaced by its value for the item (INVALID if an item's value
    has no entry and there is no ``default``: an error at the item's cell, once per place and value)."""
    if is_by(value):
        field = value[BY]
        got = text_of(fields.get(field, ""))
        choices = {text_of(k): k for k in value if k not in (BY, DEFAULT)}
        if got in choices:
            key = choices[got]
        elif DEFAULT in value:
            key = DEFAULT
        else:
            if (loc, got) not in reported:
                reported.add((loc, got))
                shown = f'"{got}"' if got else "empty"
                ctx.error(cells.get(field, item), f"{field} is {shown}, which the mapping at {loc} has no value for"
                                                  f"{did_you_mean(got, choices)}: add it, or a default")
            return INVALID
        chosen = value[key]
        return apply_by(chosen, fields, value.loc_of(key) if isinstance(value, LMap) else loc, ctx, cells, item,
                        reported)
    if isinstance(value, LMap):
        out = LMap(loc=value.loc)
        out.key_locs, out.value_locs = value.key_locs, value.value_locs
        for k, v in value.items():
            out[k] = apply_by(v, fields, value.loc_of(k), ctx, cells, item, reported)
            if out[k] is INVALID:
                return INVALID
        return out
    if isinstance(value, list):
        out_list = LList(loc=getattr(value, "loc", loc))
        out_list.item_locs = getattr(value, "item_locs", [])
        for i, v in enumerate(value):
            got_v = apply_by(v, fields, value.loc_of(i) if isinstance(value, LList) else loc, ctx, cells, item,
                             reported)
            if got_v is INVALID:
                return INVALID
            out_list.append(got_v)
        return out_list
    return value


def unmatched(tests: list[Test], seen: dict[str, set[str]], ctx: Ctx) -> None:
    """Warn about a value a condition names that no item has but one item nearly has (a misspelt value
    never matches; a value for items not written yet is no mistake)."""
    import difflib

    for test in tests:
        values = seen.get(test.field, set())
        for wanted, where in zip(test.values, test.value_locs or (test.loc,) * len(test.values)):
            close = difflib.get_close_matches(wanted, sorted(values), n=1, cutoff=0.6)
            if wanted not in values and close:
                ctx.warn(where, f'no item has {test.field} "{wanted}" (did you mean "{close[0]}"?)')


def _face_choice(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """A face name, a ``{field}`` template of one, or ``{by: field, value: face, ..., default: face}``."""
    if isinstance(value, str):
        return value
    if is_by(value):
        if check_by(value, loc, ctx):
            return INVALID
        for k, v in value.items():
            if k != BY and not isinstance(v, str):
                return ctx.error(value.loc_of(k) if isinstance(value, LMap) else loc, "each value names a face")
        return value
    return ctx.error(loc, "a face name, \"{field}\" or {by: field, value: face, default: face}")


def _face_choice_schema() -> dict[str, Any]:
    return {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/by"}]}


def face_choice_spec() -> Any:
    from genpnp.content.schema import Custom

    return Custom(_face_choice, _face_choice_schema(), "face name, \"{field}\" or {by: field, value: face}")


BY_SCHEMA: dict[str, Any] = {
    "type": "object", "required": [BY], "minProperties": 2,
    "properties": {BY: {"type": "string", "description": "the item field whose value picks the entry"},
                   DEFAULT: {"description": "the value for items whose field has no entry"}},
    "additionalProperties": True,
    "description": "a value chosen by an item's field: {by: rarity, common: grey, rare: gold, default: ink}",
}
TESTS_SCHEMA: dict[str, Any] = {
    "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "minItems": 1},
              {"type": "object", "minProperties": 1, "additionalProperties": {
                  "anyOf": [{"type": ["string", "number", "boolean", "null"]},
                            {"type": "array", "items": {"type": ["string", "number", "boolean"]}, "minItems": 1}]}}],
    "description": "item fields that must have a value (cost), or a mapping of field to its value or values "
                   "({rarity: [rare, mythic]})",
}


def choose_face(choice: Any, item: Any, faces: dict[str, Any], ctx: Ctx, reported: set) -> Any:
    """The face an item gets from the component's ``front``/``back`` (a name, a template or a by mapping)."""
    from genpnp.art.base import substitute

    if isinstance(choice, str) and "{" in choice:
        return substitute(choice, item.fields, getattr(choice, "loc", item.loc), ctx, set(), item.loc, reported)
    if is_by(choice):
        return apply_by(choice, item.fields, getattr(choice, "loc", item.loc), ctx, item.cells, item.loc, reported)
    return choice


def check_face_names(choice: Any, faces: dict[str, Any], loc: Loc, ctx: Ctx) -> bool:
    """Every face a by mapping names exists (did you mean); True if all do."""
    if not is_by(choice):
        return True
    good = True
    for k, v in choice.items():
        if k != BY and v not in faces:
            ctx.error(choice.loc_of(k) if isinstance(choice, LMap) else loc,
                      f'no face "{v}"{did_you_mean(str(v), faces)}')
            good = False
    return good


@dataclass(frozen=True)
class ByValue:
    """A face's own value (fill, stroke) chosen by an item's field, each entry read at load."""

    field: str
    entries: tuple[tuple[str, Any], ...]
    default: Any
    has_default: bool
    loc: Loc

    def pick(self, fields: dict[str, Any], cells: dict[str, Loc], item: Loc, ctx: Ctx, reported: set) -> Any:
        if self.field not in fields:
            if (self.loc, self.field) not in reported:
                reported.add((self.loc, self.field))
                ctx.error(item, f'no field "{self.field}" on this item, which {self.loc} uses'
                                f"{did_you_mean(self.field, fields)}")
            return INVALID
        got = text_of(fields.get(self.field, ""))
        for key, value in self.entries:
            if key == got:
                return value
        if self.has_default:
            return self.default
        if (self.loc, got) not in reported:
            reported.add((self.loc, got))
            shown = f'"{got}"' if got else "empty"
            ctx.error(cells.get(self.field, item), f"{self.field} is {shown}, which the mapping at {self.loc} has no "
                                                   f"value for{did_you_mean(got, [k for k, _ in self.entries])}: "
                                                   "add it, or a default")
        return INVALID


def by_spec(inner: Any) -> Any:
    """A spec taking what ``inner`` takes, or ``{by: field, value: ..., default: ...}`` of such values."""
    from genpnp.content.schema import Custom

    def parse(value: Any, loc: Loc, ctx: Ctx) -> Any:
        if not is_by(value):
            return inner.parse(value, loc, ctx)
        if check_by(value, loc, ctx):
            return INVALID
        entries, default, has_default, bad = [], None, False, False
        for k, v in value.items():
            if k == BY:
                continue
            got = inner.parse(v, value.loc_of(k) if isinstance(value, LMap) else loc, ctx)
            bad |= got is INVALID
            if k == DEFAULT:
                default, has_default = got, True
            else:
                entries.append((text_of(k), got))
        if bad:
            return INVALID
        return ByValue(value[BY], tuple(entries), default, has_default, getattr(value, "loc", loc))

    return Custom(parse, {"anyOf": [inner.json_schema(), {"$ref": "#/$defs/by"}]},
                  f"{inner.describe()}, or {{by: field, value: ..., default: ...}}")
