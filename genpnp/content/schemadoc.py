"""Markdown tables of the content schema: each key of a ``fld(...)``-declared class with its type, unit,
default, example and doc (used by docs/content.md, ``genpnp docs``, and the rules section of it)."""

from __future__ import annotations

import dataclasses
from typing import Any

import yaml

from genpnp.content.schema import REQUIRED, Length, ListOf, Size, Spec, schema_fields
from genpnp.core.color import Color
from genpnp.core.units import MM


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _length(points: float) -> str:
    mm = points / MM
    if points >= 5 and abs(mm - round(mm, 1)) < 1e-6:
        return f"{round(mm, 1):g}mm"
    return f"{round(points, 2):g}pt"


def format_value(value: Any, spec: Spec | None = None) -> str:
    """A default or example as it would be written in YAML."""
    if isinstance(value, Color):
        return value.name or "#{:02x}{:02x}{:02x}".format(*(round(c * 255) for c in (value.r, value.g, value.b)))
    if isinstance(spec, Length) and isinstance(value, (int, float)):
        return _length(float(value))
    if isinstance(spec, Size) and isinstance(value, tuple):
        return " x ".join(_length(v) for v in value)
    if isinstance(value, tuple):
        value = [list(v) if isinstance(v, tuple) else v for v in value]
    if dataclasses.is_dataclass(value):
        return type(value).__name__
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1000).strip()
    return text.removesuffix("\n...").removesuffix("...").strip()


def unit_of(spec: Spec) -> str:
    if isinstance(spec, (Length, Size)):
        return "mm, cm, in, pt"
    if isinstance(spec, ListOf):
        return unit_of(spec.item)
    return ""


def key_table(cls: type, skip: tuple[str, ...] = ()) -> str:
    rows = ["| key | type | unit | default | example | what it is |", "|---|---|---|---|---|---|"]
    for f in schema_fields(cls):
        if f.name in skip:
            continue
        spec = f.metadata["spec"]
        required = f.default is REQUIRED and f.default_factory is dataclasses.MISSING
        default = "**required**" if required else ("" if f.default in (None, "", ()) else
                                                   f"`{_cell(format_value(f.default, spec))}`")
        example = f.metadata["example"]
        shown = "" if example is None else f"`{_cell(format_value(example))}`"
        rows.append(f"| `{f.name}` | {_cell(spec.describe())} | {unit_of(spec)} | {default} | {shown} | "
                    f"{_cell(f.metadata['doc'])} |")
    return "\n".join(rows)


def doc_of(cls: type) -> str:
    return " ".join((cls.__doc__ or "").split())
