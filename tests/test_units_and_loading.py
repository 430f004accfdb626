"""Units, the positional YAML loader and the schema's error messages."""

from __future__ import annotations

import pytest

from genpnp.content.yamlload import load_text
from genpnp.core.errors import ContentError
from genpnp.core.units import INCH, MM, UnitError, parse_length, parse_size


@pytest.mark.parametrize("text, points", [("63mm", 63 * MM), ("2.5in", 2.5 * INCH), ("18pt", 18.0),
                                          ("1.5cm", 15 * MM), (" 10 mm ", 10 * MM), (0, 0.0)])
def test_lengths(text, points):
    assert parse_length(text) == pytest.approx(points)


@pytest.mark.parametrize("text", ["63", 63, "63 furlongs", "", None, True, "mm"])
def test_bad_lengths(text):
    with pytest.raises(UnitError):
        parse_length(text)


def test_sizes():
    assert parse_size("63mm x 88mm") == pytest.approx((63 * MM, 88 * MM))
    assert parse_size("63x88mm") == pytest.approx((63 * MM, 88 * MM))
    assert parse_size("25mm") == pytest.approx((25 * MM, 25 * MM))
    assert parse_size(["2in", "3in"]) == pytest.approx((144, 216))


def test_locations_are_kept():
    data = load_text("game:\n  name: X\n  items:\n    - a\n    - {b: 2}\n", "g.yaml")
    assert str(data["game"].loc_of("name")) == "g.yaml:2:9"
    assert str(data["game"]["items"].loc_of(1)) == "g.yaml:5:7"
    assert str(data["game"]["items"][1].key_loc("b")) == "g.yaml:5:8"


@pytest.mark.parametrize("text, where, words", [
    ("a: 1\na: 2\n", "f.yaml:2:1", "duplicate key"),
    ("a: !!python/object:os.system x\n", "f.yaml:1:4", "not allowed"),
    ("a: [1,\n", "f.yaml:2:1", "broken YAML"),
    ("a:\n\t- 1\n", "f.yaml:2:1", "tab"),
    ("a: !custom 3\n", "f.yaml:1:4", "not allowed"),
])
def test_loader_problems(text, where, words):
    with pytest.raises(ContentError) as info:
        load_text(text, "f.yaml")
    line = info.value.lines()[0]
    assert line.startswith(where + ":") and words in line


def test_alias_bomb_is_refused():
    levels = ["a: &a [1,2,3,4,5,6,7,8,9]"]
    for i, name in enumerate("bcdefg"):
        prev = "abcdefg"[i]
        levels.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    with pytest.raises(ContentError) as info:
        load_text("\n".join(levels) + "\n", "bomb.yaml")
    assert "alias bomb" in str(info.value)
