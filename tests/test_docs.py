"""docs/content.md matches the code, its complete examples build, the JSON Schema checks real content."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import jsonschema
import pytest
from pdfcheck import CONTENT, ROOT, pdf_text, run

from genpnp.commands.docgen import content_reference, content_schema, schema_text
from genpnp.content.yamlload import load_file
from genpnp.load.overlay import read_overlay
from genpnp.load.project import load_game
from genpnp.model.base import KINDS

DOC = ROOT / "docs" / "content.md"
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```$", re.M | re.S)


def blocks(tag: str) -> dict[str, list[tuple[str, str]]]:
    """Fenced blocks whose info string has tag=name: name -> [(info, body)] in document order."""
    out: dict[str, list[tuple[str, str]]] = {}
    for _lang, info, body in FENCE.findall(DOC.read_text(encoding="utf-8")):
        attrs = dict(re.findall(r"(\w[\w-]*)=(\S+)", info))
        if tag in attrs:
            out.setdefault(attrs[tag], []).append((info, body))
    return out


def test_content_md_is_up_to_date_with_the_code() -> None:
    assert DOC.read_text(encoding="utf-8") == content_reference(), "docs/content.md is stale: run genpnp docs"


def test_reference_names_every_kind_key_and_art() -> None:
    from genpnp import art
    from genpnp.content.schema import schema_fields
    from genpnp.model.base import Component

    text = content_reference()
    common = {f.name for f in schema_fields(Component)}  # in the table of keys every component has
    for name, cls in KINDS.items():
        section = text.split(f"### kind: {name}\n", 1)[1].split("\n### ", 1)[0]
        for f in schema_fields(cls):
            if f.name not in common:
                assert f"| `{f.name}` |" in section, (name, f.name)
    for name in art.load_all():
        assert f"### art: {name}\n" in text


def test_docs_command_rewrites_the_file(tmp_path: Path) -> None:
    out = tmp_path / "content.md"
    assert run("docs", "--out", out).exit_code == 0
    assert out.read_text(encoding="utf-8") == content_reference()


def test_every_complete_example_builds(tmp_path: Path) -> None:
    examples = blocks("example")
    assert "starter" in examples
    for name, files in examples.items():
        if name == "csv-deck":
            continue  # followed step by step in tests/test_csv.py
        folder = tmp_path / name
        for info, body in files:
            path = folder / dict(re.findall(r"(\w+)=(\S+)", info))["file"]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body, encoding="utf-8")
        result = run("build", folder, "--content", folder, "--out", tmp_path / "out")  # out beside the game
        assert result.exit_code == 0, result.output
        assert run("validate", folder, "--content", tmp_path).exit_code == 0


def test_the_overlay_example_builds_and_shows(tmp_path: Path) -> None:
    ((_, body),) = blocks("overlay")["redistrict"]
    overlay = tmp_path / "my-changes.yaml"
    overlay.write_text(body, encoding="utf-8")
    game = load_game(CONTENT / "redistrict", overlays=[read_overlay(overlay)])
    assert "tally" not in game.components and game.meta.version == "1.0-house"
    result = run("build", "redistrict", "--content", CONTENT, "--overlay", overlay, "--component", "fate-cards",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "House Rule" in pdf_text(next(tmp_path.glob("*.pdf")))


def as_json(path: Path) -> object:
    return json.loads(json.dumps(load_file(path)))


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = content_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", sorted(CONTENT.glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_schema_accepts_every_shipped_content_file(validator, path: Path) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(as_json(path))]
    assert not errors


def test_schema_rejects_typos_and_wrong_kinds(validator) -> None:
    good = as_json(CONTENT / "gerrymander" / "components.yaml")
    assert validator.is_valid(good)
    bad = copy.deepcopy(good)
    bad["components"]["red-tiles"]["qtyy"] = 3
    assert not validator.is_valid(bad)
    bad = copy.deepcopy(good)
    bad["components"]["red-tiles"]["kind"] = "tyle"
    assert not validator.is_valid(bad)
    game = as_json(CONTENT / "gerrymander" / "game.yaml")
    assert validator.is_valid(game)
    del game["sections"]
    assert not validator.is_valid(game)


def test_schema_command_prints_draft_2020_12(tmp_path: Path) -> None:
    result = run("schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert {f"kind-{k}" for k in KINDS} <= set(schema["$defs"])
    assert result.stdout == schema_text()
