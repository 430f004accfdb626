"""The content reference (docs/content.md) and the JSON Schema, both from the schema definitions.

The prose lives in ``genpnp/templates/content.md.in``; lines ``<!-- name -->`` there are
replaced by tables made from the ``fld(...)`` declarations of ``GameMeta``, every kind in
``KINDS``, every art element in ``ART`` and the nested objects they use.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from genpnp.content.schema import ListOf, MapOf, Obj, Spec, object_schema, schema_fields
from genpnp.content.schemadoc import doc_of as _doc
from genpnp.content.schemadoc import key_table

TEMPLATE = Path(__file__).parent.parent / "templates" / "content.md.in"
SCHEMA_ID = "https://genpnp.invalid/schema/content.json"


def _registries() -> tuple[dict[str, type], dict[str, type]]:
    from genpnp import art
    from genpnp.model import load_all
    from genpnp.model.base import KINDS

    load_all()
    return dict(sorted(KINDS.items())), dict(sorted(art.load_all().items()))


def _nested(spec: Spec, found: dict[str, type]) -> None:
    if isinstance(spec, Obj):
        if spec.cls.__name__ not in found:
            found[spec.cls.__name__] = spec.cls
            for f in schema_fields(spec.cls):
                _nested(f.metadata["spec"], found)
    elif isinstance(spec, ListOf):
        _nested(spec.item, found)
    elif isinstance(spec, MapOf):
        _nested(spec.value, found)


def kinds_section(kinds: dict[str, type]) -> str:
    from genpnp.model.base import Component

    common = {f.name for f in schema_fields(Component)}
    parts = []
    for name, cls in kinds.items():
        parts.append(f"### kind: {name}\n\n{_doc(cls)}\n\n{key_table(cls, tuple(common))}")
    return "\n\n".join(parts)


def art_section(arts: dict[str, type]) -> str:
    parts = []
    for name, cls in arts.items():
        field = getattr(cls, "shorthand", None)
        short = f" Shorthand: `- {name}: value` sets `{field}`." if field else ""
        parts.append(f"### art: {name}\n\n{_doc(cls)}{short}\n\n{key_table(cls, ('box', 'rotate'))}")
    return "\n\n".join(parts)


def objects_section(kinds: dict[str, type], known: tuple[str, ...]) -> str:
    found: dict[str, type] = {}
    for cls in kinds.values():
        for f in schema_fields(cls):
            _nested(f.metadata["spec"], found)
    parts = [f"### {name}\n\n{_doc(cls)}\n\n{key_table(cls)}" for name, cls in sorted(found.items())
             if name not in known]
    return "## Nested objects\n\nMappings some kinds take inside their keys.\n\n" + "\n\n".join(parts)


def template_section() -> str:
    from genpnp.content.starter import fill, template_files

    lang = {".yaml": "yaml", ".csv": "csv", ".md": "markdown"}
    blocks = []
    for rel, text in template_files().items():
        info = f"{lang.get(Path(rel).suffix, 'text')} example=starter file={rel}"
        blocks.append(f"`{rel}`:\n\n```{info}\n{fill(text, 'my-deck').rstrip()}\n```")
    return "\n\n".join(blocks)


def content_reference() -> str:
    """docs/content.md, made from the template and the code's schema definitions."""
    from genpnp.load.projectfile import ProjectDefaults, ReleaseMatrix
    from genpnp.model.band import TitleBand
    from genpnp.model.base import Component, Face
    from genpnp.model.figure import FigArrow, FigCallout, FigEdge, FigOutline, FigPanel, FigPiece, FigureSpec
    from genpnp.model.game import FontEntry, GameMeta, PaletteEntry, ReleaseSpec, Styles, TextStyle
    from genpnp.model.stamp import Stamp
    from genpnp.rules.docs import rules_section

    kinds, arts = _registries()
    parts = {
        "template": template_section(),
        "table:game": key_table(GameMeta),
        "table:palette": key_table(PaletteEntry),
        "table:fonts": key_table(FontEntry),
        "table:styles": key_table(Styles),
        "table:text-style": key_table(TextStyle),
        "table:release-exports": key_table(ReleaseSpec),
        "table:common": key_table(Component),
        "table:face": key_table(Face),
        "table:band": key_table(TitleBand),
        "table:stamp": key_table(Stamp),
        "kinds": kinds_section(kinds),
        "art": art_section(arts),
        "objects": objects_section(kinds, ("Face", "PaletteEntry", "ReleaseSpec")),
        "rules": rules_section(),
        "table:project": key_table(ProjectDefaults, ("release",)),
        "table:release": key_table(ReleaseMatrix),
        "table:figure": key_table(FigureSpec),
        "table:figureparts": "\n\n".join(f"`{cls.schema_name}`: {_doc(cls)}\n\n{key_table(cls)}"
                                           for cls in (FigPiece, FigOutline, FigArrow, FigCallout, FigEdge,
                                                       FigPanel)),
    }
    text = TEMPLATE.read_text(encoding="utf-8")
    return re.sub(r"^<!-- ([a-z:]+) -->$", lambda m: parts[m.group(1)], text, flags=re.M)


# ---------------------------------------------------------------- JSON Schema


def kind_schema(name: str, cls: type) -> dict[str, Any]:
    out = object_schema(cls)
    out["title"] = f"kind: {name}"
    out["description"] = _doc(cls)
    out["properties"]["kind"] = {"const": name}
    out["properties"]["extends"] = {"$ref": "#/$defs/extends"}
    out["required"] = ["kind"] + [r for r in out.get("required", []) if r != "kind"]
    return out


# a string holding a {field}: a face template filled from each item, any type once filled
FIELD_TEMPLATE = {"type": "string", "pattern": r"\{[A-Za-z_][A-Za-z0-9_]*\}"}


def _templated(schema: dict[str, Any]) -> dict[str, Any]:
    """An object schema whose every property may also be a ``{field}`` template."""
    out = dict(schema)
    out["properties"] = {k: {"anyOf": [v, FIELD_TEMPLATE, {"$ref": "#/$defs/by"}]} if v else v
                         for k, v in schema["properties"].items()}
    return out


def element_schema(name: str, cls: type) -> dict[str, Any]:
    """``- name: {params}`` (or ``- name: value`` for an element with a shorthand)."""
    params = _templated(object_schema(cls))
    shorthand = getattr(cls, "shorthand", None)
    value: dict[str, Any] = params
    if shorthand:
        value = {"anyOf": [params, params["properties"].get(shorthand, {})]}
    return {"type": "object", "title": f"art: {name}", "description": _doc(cls),
            "properties": {name: value, "when": {"$ref": "#/$defs/when"}, "unless": {"$ref": "#/$defs/when"}},
            "required": [name], "additionalProperties": False}


def content_schema() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) of a content file: game.yaml or a component file."""
    from genpnp.model.base import Face
    from genpnp.model.game import GameMeta

    kinds, arts = _registries()
    defs: dict[str, Any] = {f"kind-{name}": kind_schema(name, cls) for name, cls in kinds.items()}
    defs["element"] = {"oneOf": [{"$ref": f"#/$defs/art-{name}"} for name in arts]}
    defs.update({f"art-{name}": element_schema(name, cls) for name, cls in arts.items()})
    defs["face"] = object_schema(Face)
    from genpnp.model.figure import FigureSpec

    defs["figure"] = object_schema(FigureSpec)
    defs["figure"]["title"] = "```figure block (the YAML between its fences, in a text's Markdown)"
    defs["figure"]["description"] = _doc(FigureSpec)
    from genpnp.model.facelogic import BY_SCHEMA, TESTS_SCHEMA

    defs["by"], defs["when"] = BY_SCHEMA, TESTS_SCHEMA
    from genpnp.load.projectfile import ProjectDefaults

    defs["project-file"] = object_schema(ProjectDefaults)
    defs["project-file"]["title"] = "genpnp.yaml (project defaults)"
    game = object_schema(GameMeta)
    game["title"] = "game.yaml"
    defs["game"] = game
    defs["extends"] = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                       "description": "components this one starts from (merged in order)"}
    defs["component"] = {
        "type": "object",
        "if": {"required": ["extends"]},
        "then": {"properties": {"extends": {"$ref": "#/$defs/extends"},
                                "kind": {"enum": list(kinds)}}},
        "else": {"oneOf": [{"$ref": f"#/$defs/kind-{name}"} for name in kinds]},
    }
    defs["component-file"] = {
        "title": "component file",
        "type": "object",
        "properties": {"components": {"type": "object", "additionalProperties": {"$ref": "#/$defs/component"}}},
        "required": ["components"],
        "additionalProperties": False,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "genpnp content file",
        "oneOf": [{"$ref": "#/$defs/game"}, {"$ref": "#/$defs/component-file"}, {"$ref": "#/$defs/project-file"}],
        "$defs": defs,
    }


def schema_text() -> str:
    return json.dumps(content_schema(), indent=2, sort_keys=True) + "\n"
