"""Declarative, typed content schema.

A content class is a frozen dataclass whose fields carry a :class:`Spec` in
their metadata (see :func:`fld`). From that one definition genpnp validates
YAML (collecting every problem with file:line:col and "did you mean"),
builds the typed object, writes the reference docs and the JSON Schema.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable
from dataclasses import MISSING
from pathlib import Path
from typing import Any

from genpnp.content.yamlload import LList, LMap, number_problem
from genpnp.core.color import Color, parse_color
from genpnp.core.errors import Loc, Problems, did_you_mean
from genpnp.core.units import UnitError, parse_length, parse_size


class _Invalid:
    def __repr__(self) -> str:
        return "INVALID"


INVALID: Any = _Invalid()
REQUIRED: Any = MISSING


@dataclasses.dataclass
class Ctx:
    """What parsing needs besides the data: where problems go, where files are."""

    problems: Problems
    base: Path  # folder relative paths are resolved against
    root: Path  # paths may not leave this folder
    palette: dict[str, Color] = dataclasses.field(default_factory=dict)
    fonts: dict[str, str] = dataclasses.field(default_factory=dict)  # the game's own fonts: name -> internal name
    lang: Any = None  # the game's Translator (genpnp.content.translate) when game.yaml lists languages
    styles: Any = None  # the game's text styles (game.yaml's styles:), once game.yaml is read

    def error(self, loc: Loc, message: str) -> Any:
        self.problems.add(loc, message)
        return INVALID

    def warn(self, loc: Loc, message: str) -> None:
        self.problems.add(loc, message, "warning")

    def drawable_error(self, loc: Loc, message: str) -> None:
        """An error the PDF can still show (text too long for its box): `build --force` draws it in a draft."""
        from genpnp.core.errors import Problem

        self.problems.items.append(Problem(loc, message, "error", drawable=True))


def type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing (null)"
    return type(value).__name__


class Spec:
    """How one value is read; subclasses give parse, json_schema and describe."""

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        raise NotImplementedError

    def json_schema(self) -> dict[str, Any]:
        return {}

    def describe(self) -> str:
        return type(self).__name__.lower()


class Str(Spec):
    def __init__(self, pattern: str | None = None, max_len: int | None = None, hint: str = ""):
        self.pattern = re.compile(pattern) if pattern else None
        self.max_len = max_len
        self.hint = hint

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            return ctx.error(loc, f"expected a string, got {type_name(value)}")
        if self.pattern and not self.pattern.fullmatch(value):
            return ctx.error(loc, f"{value!r} is not valid here{': ' + self.hint if self.hint else ''}")
        if self.max_len is not None and len(value) > self.max_len:
            return ctx.error(loc, f"text is {len(value)} characters long; at most {self.max_len} fit")
        return value

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": ["string", "number"]}
        if self.pattern:
            out = {"type": "string", "pattern": f"^(?:{self.pattern.pattern})$"}
        return out

    def describe(self) -> str:
        return "text"


class Prose(Str):
    """Text printed as words for players: translated per language (a catalog entry or {en: ..., de: ...})."""

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        if ctx.lang is not None:
            value = ctx.lang.text(value, loc, ctx)
            if value is INVALID:
                return INVALID
        elif isinstance(value, dict):
            return ctx.error(loc, "text in several languages needs `languages:` in game.yaml")
        return super().parse(value, loc, ctx)

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [super().json_schema(), {"type": "object", "additionalProperties": {"type": "string"}}]}

    def describe(self) -> str:
        return "text (translated)"


class Translated(Spec):
    """Another spec's value, translated first like :class:`Prose` (rich text of a text element)."""

    def __init__(self, inner: Spec):
        self.inner = inner

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        if ctx.lang is not None:
            value = ctx.lang.hyphenate(ctx.lang.text(value, loc, ctx))
            if value is INVALID:
                return INVALID
        return self.inner.parse(value, loc, ctx)

    def json_schema(self) -> dict[str, Any]:
        return self.inner.json_schema()

    def describe(self) -> str:
        return self.inner.describe() + " (translated)"


class LangPath(Spec):
    """A text file of the game with one version per language: ``rules.md``, ``rules.de.md`` beside it."""

    def __init__(self, suffixes: tuple[str, ...] = ()):
        self.inner = PathSpec(suffixes)

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        path = self.inner.parse(value, loc, ctx)
        if path is INVALID or ctx.lang is None:
            return path
        return ctx.lang.file(path, loc, ctx)

    def json_schema(self) -> dict[str, Any]:
        return self.inner.json_schema()

    def describe(self) -> str:
        return "file path (relative to the game folder; `name.de.md` beside it in German)"


class _Range(Spec):
    """A number between optional bounds; ``Int`` and ``Num`` differ in what they accept and give."""

    kind, schema_type = "number", "number"

    def __init__(self, lo: float | None = None, hi: float | None = None):
        self.lo, self.hi = lo, hi

    def accepts(self, value: Any) -> bool:
        return isinstance(value, (int, float))

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        if isinstance(value, bool) or not self.accepts(value):
            return ctx.error(loc, f"expected a {self.kind}, got {type_name(value)}")
        if number_problem(value):
            return ctx.error(loc, number_problem(value))
        if self.lo is not None and value < self.lo:
            return ctx.error(loc, f"{value} is too small: at least {self.lo}")
        if self.hi is not None and value > self.hi:
            return ctx.error(loc, f"{value} is too large: at most {self.hi}")
        return value

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.schema_type}
        if self.lo is not None:
            out["minimum"] = self.lo
        if self.hi is not None:
            out["maximum"] = self.hi
        return out

    def describe(self) -> str:
        rng = ""
        if self.lo is not None or self.hi is not None:
            rng = f" ({'' if self.lo is None else self.lo}..{'' if self.hi is None else self.hi})"
        return self.kind + rng


class Int(_Range):
    kind, schema_type = "whole number", "integer"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, int)


class Num(_Range):
    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        value = super().parse(value, loc, ctx)
        return value if value is INVALID else float(value)


class Bool(Spec):
    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        if not isinstance(value, bool):
            return ctx.error(loc, f"expected true or false, got {type_name(value)}")
        return value

    def json_schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def describe(self) -> str:
        return "true/false"


_LENGTH_PATTERN = r"^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|inch|pt|\")\s*$"


MAX_LENGTH = 2000 * 72 / 25.4  # 2 m: no length in content is larger (docs/content.md, "Limits")
MIN_SIZE = 72 / 25.4  # 1 mm: no size (of a piece, a cell, a board) is smaller


class Length(Spec):
    """A length with a unit, in points once parsed; ``0`` may be written bare."""

    def __init__(self, lo: float | None = 0.0, hi: float | None = None):
        self.lo, self.hi = lo, hi

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        try:
            points = parse_length(value)
        except (UnitError, ValueError, OverflowError) as exc:
            return ctx.error(loc, str(exc))
        if not math.isfinite(points) or abs(points) > MAX_LENGTH:
            return ctx.error(loc, f"{str(value)[:40]} is beyond the largest length genpnp takes (2 m)")
        if self.lo is not None and points < self.lo:
            return ctx.error(loc, f"{value} is too small")
        if self.hi is not None and points > self.hi:
            return ctx.error(loc, f"{value} is too large")
        return points

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [{"type": "string", "pattern": _LENGTH_PATTERN}, {"const": 0}]}

    def describe(self) -> str:
        return "length (63mm, 2.5in, 18pt)"


class Size(Spec):
    """``63mm x 88mm``, ``[63mm, 88mm]`` or one length for a square -> (w, h) in points."""

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        try:
            w, h = parse_size(value)
        except (UnitError, ValueError, OverflowError) as exc:
            return ctx.error(loc, str(exc))
        if w <= 0 or h <= 0:
            return ctx.error(loc, "a size must be larger than zero")
        if min(w, h) < MIN_SIZE:
            return ctx.error(loc, "a piece smaller than 1 mm cannot be cut out: make it larger")
        if not all(math.isfinite(v) and v <= MAX_LENGTH for v in (w, h)):
            return ctx.error(loc, "a size is at most 2 m on each side")
        return (w, h)

    def json_schema(self) -> dict[str, Any]:
        return {
            "anyOf": [
                {"type": "string"},
                {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2},
            ]
        }

    def describe(self) -> str:
        return "size (63mm x 88mm, or one length for a square)"


class ColorSpec(Spec):
    """A colour: a palette name, a CSS-like name or #rrggbb."""

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        if not isinstance(value, str):
            return ctx.error(loc, f"expected a colour such as '#cc3333' or a palette name, got {type_name(value)}")
        if value in ctx.palette:
            return ctx.palette[value]
        try:
            return parse_color(value)
        except ValueError as exc:
            import difflib

            # the game's own palette first: "acent" is "accent" of this game, not the CSS "magenta"
            close = difflib.get_close_matches(value.strip(), list(ctx.palette), n=1, cutoff=0.6)
            if close:
                return ctx.error(loc, f"{value!r} is not a colour (did you mean \"{close[0]}\", of the game's "
                                      "palette?)")
            names = list(ctx.palette)
            hint = did_you_mean(value, names) if names and "did you mean" not in str(exc) else ""
            return ctx.error(loc, f"{exc}{hint}")

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string"}

    def describe(self) -> str:
        return "colour (palette name, 'red', '#cc3333')"


class Enum(Spec):
    def __init__(self, *choices: str):
        self.choices = choices

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        if not isinstance(value, str) or value not in self.choices:
            return ctx.error(loc, f"{value!r} is not allowed{did_you_mean(str(value), self.choices)}")
        return value

    def json_schema(self) -> dict[str, Any]:
        return {"enum": list(self.choices)}

    def describe(self) -> str:
        named = ", ".join(c for c in self.choices if c)
        return "one of " + named + (' or "" (none)' if "" in self.choices else "")


class AnyValue(Spec):
    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        return value

    def describe(self) -> str:
        return "any value"


class ListOf(Spec):
    def __init__(self, item: Spec, min_len: int = 0, max_len: int | None = None, single: bool = False):
        self.item, self.min_len, self.max_len, self.single = item, min_len, max_len, single

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        if self.single and not isinstance(value, list):
            value = LList([value], loc=loc)
            value.item_locs.append(loc)
        if not isinstance(value, list):
            return ctx.error(loc, f"expected a list, got {type_name(value)}")
        if len(value) < self.min_len:
            return ctx.error(loc, f"the list needs at least {self.min_len} entries")
        if self.max_len is not None and len(value) > self.max_len:
            return ctx.error(loc, f"the list has {len(value)} entries; at most {self.max_len} are allowed")
        out = []
        for i, item in enumerate(value):
            item_loc = value.loc_of(i) if isinstance(value, LList) else loc
            out.append(self.item.parse(item, item_loc, ctx))
        if any(v is INVALID for v in out):
            return INVALID
        return tuple(out)

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.json_schema()}
        if self.min_len:
            out["minItems"] = self.min_len
        if self.single:
            return {"anyOf": [out, self.item.json_schema()]}
        return out

    def describe(self) -> str:
        return f"list of {self.item.describe()}"


class MapOf(Spec):
    """A mapping from names to values of one spec (keeps the YAML order)."""

    def __init__(self, value: Spec, key_pattern: str = r"[A-Za-z0-9_.\- ]+"):
        self.value = value
        self.key_pattern = re.compile(key_pattern)

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        if not isinstance(value, dict):
            return ctx.error(loc, f"expected a mapping, got {type_name(value)}")
        out: dict[str, Any] = {}
        bad = False
        for key, item in value.items():
            item_loc = value.loc_of(key) if isinstance(value, LMap) else loc
            if not self.key_pattern.fullmatch(str(key)):
                ctx.error(value.key_loc(key) if isinstance(value, LMap) else loc, f"{key!r} is not a valid name")
                bad = True
                continue
            parsed = self.value.parse(item, item_loc, ctx)
            bad = bad or parsed is INVALID
            out[str(key)] = parsed
        return INVALID if bad else out

    def json_schema(self) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": self.value.json_schema()}

    def describe(self) -> str:
        return f"mapping of name to {self.value.describe()}"


class PathSpec(Spec):
    """A file relative to the content file's game folder; may not leave the content folder."""

    def __init__(self, suffixes: tuple[str, ...] = ()):
        self.suffixes = suffixes

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        if not isinstance(value, str) or not value:
            return ctx.error(loc, f"expected a file name, got {type_name(value)}")
        try:
            path = (ctx.base / value).resolve()
        except (OSError, RuntimeError):
            return ctx.error(loc, f"{value!r}: a symlink loop or an unreadable path")
        try:
            path.relative_to(ctx.root.resolve())
        except ValueError:
            return ctx.error(loc, f"{value!r} leaves the content folder: name a file inside the game's folder")
        if self.suffixes and path.suffix.lower() not in self.suffixes:
            return ctx.error(loc, f"{value!r} should end in {' or '.join(self.suffixes)}")
        if not path.exists():
            return ctx.error(loc, f"file not found: {value}")
        if not path.is_file():
            return ctx.error(loc, f"{value!r} is not a regular file (a folder, FIFO or device): name a file")
        return path

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string"}

    def describe(self) -> str:
        return "file path (relative to the game folder)"


class Obj(Spec):
    """A nested content dataclass."""

    def __init__(self, cls: type):
        self.cls = cls

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        return build(self.cls, value, loc, ctx)

    def json_schema(self) -> dict[str, Any]:
        return object_schema(self.cls)

    def describe(self) -> str:
        return getattr(self.cls, "schema_name", self.cls.__name__)


class Custom(Spec):
    """A spec from a parse function (for small one-off value forms)."""

    def __init__(self, fn: Callable[[Any, Loc, Ctx], Any], schema: dict[str, Any], text: str):
        self.fn, self.schema, self.text = fn, schema, text

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        return self.fn(value, loc, ctx)

    def json_schema(self) -> dict[str, Any]:
        return self.schema

    def describe(self) -> str:
        return self.text


def fld(spec: Spec, default: Any = REQUIRED, doc: str = "", example: Any = None) -> Any:
    """A dataclass field read from YAML with ``spec``."""
    meta = {"spec": spec, "doc": doc, "example": example}
    if default is REQUIRED:
        return dataclasses.field(metadata=meta)
    if isinstance(default, (list, dict, set)):
        raise TypeError("use a tuple or a frozen value as a default")
    return dataclasses.field(default=default, metadata=meta)


def schema_fields(cls: type) -> list[dataclasses.Field]:
    return [f for f in dataclasses.fields(cls) if "spec" in f.metadata]


def build(cls: type, data: Any, loc: Loc, ctx: Ctx, extra: dict[str, Any] | None = None) -> Any:
    """Read ``data`` (an LMap) as ``cls``; every problem goes to ``ctx``; INVALID if any."""
    if not isinstance(data, dict):
        return ctx.error(loc, f"expected a mapping, got {type_name(data)}")
    specs = {f.name: f for f in schema_fields(cls)}
    allowed = set(specs) | set(getattr(cls, "extra_keys", ()))
    values: dict[str, Any] = dict(extra or {})
    bad = False
    for key in data:
        if key not in allowed:
            key_loc = data.key_loc(key) if isinstance(data, LMap) else loc
            ctx.error(key_loc, f'unknown key "{key}"{did_you_mean(str(key), allowed)}')
            bad = True
    for name, f in specs.items():
        if name in data:
            value_loc = data.loc_of(name) if isinstance(data, LMap) else loc
            parsed = f.metadata["spec"].parse(data[name], value_loc, ctx)
            if parsed is INVALID:
                bad = True
            values[name] = parsed
        elif f.default is MISSING and f.default_factory is MISSING and name not in values:
            ctx.error(loc, f'missing key "{name}": {f.metadata["doc"] or f.metadata["spec"].describe()}')
            bad = True
    if "loc" in {f.name for f in dataclasses.fields(cls)}:
        values["loc"] = loc
    if bad:
        return INVALID
    hook = getattr(cls, "from_values", None)
    if hook is not None:
        return hook(values, data, loc, ctx)
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        return ctx.error(loc, str(exc))


def object_schema(cls: type) -> dict[str, Any]:
    props: dict[str, Any] = {}
    required = []
    for f in schema_fields(cls):
        sub = dict(f.metadata["spec"].json_schema())
        if f.metadata["doc"]:
            sub["description"] = f.metadata["doc"]
        props[f.name] = sub
        if f.default is MISSING and f.default_factory is MISSING:
            required.append(f.name)
    for key in getattr(cls, "extra_keys", ()):
        props.setdefault(key, {})
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = required
    return out
