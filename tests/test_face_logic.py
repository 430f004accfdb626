"""Declarative logic on faces (issue 28, item 3): `when`/`unless` on elements, `{by: field, ...}` values and
the face chosen by a column; each mistake reported at load with a "did you mean", no expression language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from genpnp.art.text import Text
from genpnp.core.errors import ContentError
from genpnp.load.project import load_game

DOCS = Path(__file__).parents[1] / "docs" / "content.md"


def _example(tmp_path: Path) -> Path:
    """The `example=logic` game of docs/content.md, written out."""
    folder = tmp_path / "logic"
    folder.mkdir()
    text = DOCS.read_text()
    for m in re.finditer(r"```yaml example=logic file=(\S+)\n(.*?)```", text, re.S):
        (folder / m.group(1)).write_text(m.group(2))
    assert (folder / "components.yaml").exists()
    return folder


def _edit(folder: Path, old: str, new: str) -> None:
    path = folder / "components.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _texts(piece) -> list[str]:
    return [str(e.text) for e in piece.front.elements if isinstance(e, Text)]


def _errors(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_game(folder)
    return [str(p) for p in info.value.problems if p.severity == "error"]


def test_when_by_and_face_by_column(tmp_path: Path) -> None:
    game = load_game(_example(tmp_path))
    scout, captain, storm = game.components["heroes"].pieces
    assert _texts(scout)[:2] == ["**Scout**", "1"]  # cost shown: it has one
    assert "*Only in the final round.*" not in _texts(scout)
    assert "1" not in _texts(captain)[1:2] and "*Only in the final round.*" in _texts(captain)  # when: rarity rare
    ink, gold = game.palette["ink"], game.palette["gold"]
    assert scout.front.stroke == ink and captain.front.stroke == gold  # face stroke by rarity
    assert scout.front.elements[0].stroke == ink and captain.front.elements[0].stroke == gold
    assert scout.front.name == "hero" and storm.front.name == "event"  # the face chosen by the type column


def test_unless_hides(tmp_path: Path) -> None:
    folder = _example(tmp_path)
    _edit(folder, "            when: cost\n", "            unless: {title: Scout}\n")
    scout, captain, _ = load_game(folder).components["heroes"].pieces
    assert "1" not in _texts(scout)
    assert "" in _texts(captain)  # its empty cost is drawn (nothing hides it)


def test_a_misspelt_field_is_an_error_with_did_you_mean(tmp_path: Path) -> None:
    folder = _example(tmp_path)
    _edit(folder, "when: cost", "when: cots")
    _edit(folder, "{by: rarity, common: ink, rare: gold}", "{by: rarty, common: ink, rare: gold}")
    errors = _errors(folder)
    assert any('no field "cots"' in e and 'did you mean "cost"' in e for e in errors), errors
    assert any('no field "rarty"' in e and 'did you mean "rarity"' in e for e in errors), errors


def test_a_value_without_entry_is_an_error_at_its_item(tmp_path: Path) -> None:
    folder = _example(tmp_path)
    _edit(folder, "{by: rarity, common: ink, rare: gold}", "{by: rarity, common: ink, rar: gold}")
    errors = _errors(folder)
    assert len(errors) == 1
    assert 'rarity is "rare", which the mapping at' in errors[0] and 'did you mean "rar"' in errors[0]
    line = (folder / "components.yaml").read_text().splitlines().index(
        "      - {type: hero, title: Captain, cost: \"\", rarity: rare, text: Every hero gains 1.}") + 1
    assert f"components.yaml:{line}:" in errors[0]  # at the item that has the value


def test_a_face_named_by_a_mapping_must_exist(tmp_path: Path) -> None:
    folder = _example(tmp_path)
    _edit(folder, "front: {by: type, hero: hero, default: event}", "front: {by: type, hero: heor, default: event}")
    errors = _errors(folder)
    assert len(errors) == 1 and 'no face "heor" (did you mean "hero"?)' in errors[0]


def test_a_value_no_item_has_is_a_warning(tmp_path: Path) -> None:
    folder = _example(tmp_path)
    _edit(folder, "when: {rarity: rare}", "when: {rarity: [rare, rrae]}")
    game = load_game(folder)
    assert any('no item has rarity "rrae" (did you mean "rare"?)' in w.message for w in game.warnings)


@pytest.mark.parametrize("when, says", [
    ("when: {rarity: {a: b}}", "a value or a list of values"),
    ("when: 3", "a field name, a list of them"),
    ("when: {}", "a field name, a list of them"),
])
def test_malformed_conditions(tmp_path: Path, when: str, says: str) -> None:
    folder = _example(tmp_path)
    _edit(folder, "when: cost", when)
    errors = _errors(folder)
    assert any(says in e for e in errors), errors


def test_the_schema_knows_when_and_by() -> None:
    from genpnp.commands.docgen import content_schema

    schema = content_schema()
    defs = schema["$defs"]
    assert "when" in defs["art-text"]["properties"] and "unless" in defs["art-text"]["properties"]
    assert defs["by"]["required"] == ["by"]
    assert {"$ref": "#/$defs/by"} in defs["face"]["properties"]["fill"]["anyOf"]


def test_the_schema_accepts_the_example_and_refuses_a_malformed_condition(tmp_path: Path) -> None:
    import jsonschema

    from genpnp.commands.docgen import content_schema
    from genpnp.content.yamlload import load_file

    validator = jsonschema.Draft202012Validator(content_schema())
    folder = _example(tmp_path)
    data = json.loads(json.dumps(load_file(folder / "components.yaml", "components.yaml")))
    assert not [e.message for e in validator.iter_errors(data)]
    hero = data["components"]["heroes"]["faces"]["hero"]["draw"]
    hero[2]["when"] = {"rarity": {"a": "b"}}  # a mapping is no value
    assert not validator.is_valid(data)
    hero[2]["when"] = "cost"
    hero[2]["whenn"] = "cost"  # a misspelt key beside an element
    assert not validator.is_valid(data)
