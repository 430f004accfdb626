"""The hexmap kind: loading (inline and file hexes, checks with file:line), geometry and what it draws."""

from __future__ import annotations

import math
import textwrap
from pathlib import Path

import pytest

from genpnp.core.errors import ContentError
from genpnp.core.units import MM
from genpnp.load.project import load_game
from genpnp.model.hexgrid import disk, interior_edges
from genpnp.render.hexmap import draw_map

GAME = """\
name: Hex test
version: "1"
licence: CC0
players: "2"
palette:
  red: {color: "#cc0000"}
  blue: {color: "#0000cc"}
sections: [map]
"""

TRIANGLE = """\
hexes:
  - {q: 0, r: 0, county: A, party: red, pop: 2, label: X1}
  - {q: 1, r: 0, county: A, party: blue, pop: 1, label: X2}
  - {q: 0, r: 1, county: B, party: red, pop: 1, label: X3}
regions:
  - {name: A, label: AAA}
"""


def make_game(tmp_path: Path, body: str, data: str = TRIANGLE) -> Path:
    folder = tmp_path / "hexgame"
    (folder / "data").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "data" / "map.yaml").write_text(data)
    (folder / "components.yaml").write_text("components:\n  map:\n" + textwrap.indent(textwrap.dedent(body), "    "))
    return folder


BASE = """\
kind: hexmap
hexes: {file: data/map.yaml}
hex_size: 10mm
margin: 5mm
"""


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as err:
        load_game(folder)
    return [str(p) for p in err.value.problems]


class Recorder:
    """A surface that records every drawing call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple, dict]] = []

    def text_width(self, text: str, font: str, size: float) -> float:
        return len(text) * size * 0.5

    def __getattr__(self, name: str):
        return lambda *args, **kw: self.calls.append((name, args, kw))

    def count(self, name: str, **match) -> int:
        return sum(1 for n, _, kw in self.calls if n == name and all(kw.get(k) == v for k, v in match.items()))


def test_file_hexes_load_with_fields_and_region_names(tmp_path: Path) -> None:
    folder = make_game(tmp_path, BASE + "fill_by: party\nfills: {red: red, blue: blue}\nregion_by: county\n")
    m = load_game(folder).components["map"]
    assert m.coords() == {(0, 0), (1, 0), (0, 1)}
    assert m.cell_at((1, 0)).fields["party"] == "blue"
    assert m.cell_at((1, 0)).loc.line == 3
    assert m.hexes.region_names == {"A": "AAA"}


def test_geometry_in_points(tmp_path: Path) -> None:
    folder = make_game(tmp_path, BASE + "orientation: flat\n")
    m = load_game(folder).components["map"]
    w, h = m.size
    # flat hexes: q 0..1 spans 1.5 sizes + 2 sizes of corners; r spans sqrt(3) * (1 + 1/2 + 1/2) sizes
    assert w == pytest.approx((3.5 * 10 + 10) * MM)
    assert h == pytest.approx((math.sqrt(3) * 2 * 10 + 10) * MM)
    (ax, ay), (bx, by) = m.center((0, 0)), m.center((1, 0))
    assert math.dist((ax, ay), (bx, by)) == pytest.approx(math.sqrt(3) * 10 * MM)
    p, q = m.edge((0, 0), (1, 0))
    assert math.dist(p, q) == pytest.approx(10 * MM)


def test_inline_hexes_duplicates_are_errors_with_lines(tmp_path: Path) -> None:
    body = """\
    kind: hexmap
    hex_size: 10mm
    hexes:
      - {q: 0, r: 0}
      - {q: 1, r: 0}
      - {q: 0, r: 0}
    """
    out = problems(make_game(tmp_path, body))
    assert any(":8:" in p and "(0, 0) is listed twice" in p and "components.yaml:6" in p for p in out), out


def test_unknown_field_names_are_errors_with_did_you_mean(tmp_path: Path) -> None:
    out = problems(make_game(tmp_path, BASE + "fill_by: partey\nregion_by: country\n"))
    assert any("components.yaml:7:" in p and 'fill_by names the field "partey"' in p and "party" in p for p in out)
    assert any("components.yaml:8:" in p and 'region_by names the field "country"' in p for p in out), out


def test_fill_value_without_colour_names_the_hex(tmp_path: Path) -> None:
    out = problems(make_game(tmp_path, BASE + "fill_by: party\nfills: {red: red}\n"))
    assert any("map.yaml:3:" in p and 'no colour for party "blue"' in p for p in out), out


def test_zone_of_unknown_hex_and_unknown_file_key(tmp_path: Path) -> None:
    data = TRIANGLE.replace("regions:", "counties:")
    body = BASE + "zones:\n  north: {hexes: [[0, 0], [5, 5]]}\n"
    out = problems(make_game(tmp_path, body, data))
    assert any("the zone lists the hex (5, 5)" in p for p in out), out
    assert any("map.yaml:5:" in p and 'unknown key "counties"' in p for p in out), out


def test_draws_slots_pegs_marks_labels_and_zones(tmp_path: Path) -> None:
    rows = "\n".join(f"  - {{q: {q}, r: {r}, pop: {1 + (q + r) % 2}, party: red, zone: {1 + int((q, r) != (0, 0))}}}"
                     for q, r in sorted(disk(1)))
    body = BASE + textwrap.dedent("""\
        slots: true
        pegs: true
        marks_by: pop
        fills: {red: red}
        marks_color_by: party
        heading: Little map
        zones:
          middle: {field: zone, values: [1], mark: "M", label: Middle}
        """)
    folder = make_game(tmp_path, body, "hexes:\n" + rows + "\n")
    m = load_game(folder).components["map"]
    assert len(m.zone("middle")) == 1
    surface = Recorder()
    w, h = m.size
    draw_map(m, surface, w, h)
    grey = m.slot_fill
    assert surface.count("polygon", fill=grey) == len(interior_edges(disk(1))) == 12
    assert surface.count("circle", fill=m.fills["red"]) == sum(1 + (q + r) % 2 for q, r in disk(1))
    assert surface.count("circle", width=0.6) == 24  # distinct corners of a 7-hex flower
    texts = [args[2] for name, args, _ in surface.calls if name == "text"]
    assert "Little map" in texts and "M" in texts and "M = Middle" in texts


def flower_regions() -> str:
    """A 7-hex flower: the centre is region C, each of the six petals its own region P0..P5 (a wheel graph:
    an even rim plus a hub needs exactly 3 colours)."""
    petals = sorted(disk(1) - {(0, 0)})
    rows = ["  - {q: 0, r: 0, county: C}"]
    rows += [f"  - {{q: {q}, r: {r}, county: P{i}}}" for i, (q, r) in enumerate(petals)]
    return "hexes:\n" + "\n".join(rows) + "\n"


def test_region_tints_never_repeat_across_a_border(tmp_path: Path) -> None:
    body = BASE + 'region_by: county\nregion_tints: ["#ffffff", "#dddddd", "#bbbbbb", "#999999"]\n'
    m = load_game(make_game(tmp_path, body, flower_regions())).components["map"]
    tint = m.region_tint
    assert set(tint) == {"C", *(f"P{i}" for i in range(6))}
    region = {c.coord: c.fields["county"] for c in m.cells}
    for a, b in interior_edges(m.coords()):
        assert tint[region[a]] != tint[region[b]], (a, b)
    # a wheel with an even rim needs three (the fewest, tests/model/test_region_tints.py); with a fourth to
    # spare the tints spread so that regions two apart differ too
    assert len(set(tint.values())) == 4
    surface = Recorder()
    draw_map(m, surface, *m.size)
    assert surface.count("polygon", fill=tint["C"]) == 1


def test_too_few_region_tints_is_an_error_at_the_key(tmp_path: Path) -> None:
    body = BASE + 'region_by: county\nregion_tints: ["#ffffff", "#dddddd"]\n'
    found = problems(make_game(tmp_path, body, flower_regions()))
    assert any("components.yaml:8:" in p and "regions need 3" in p for p in found), found
    found = problems(make_game(tmp_path / "b", BASE + 'region_tints: ["#ffffff"]\n', flower_regions()))
    assert any("name the field that forms them with region_by" in p for p in found), found


def test_legend_draws_each_symbol_with_its_text(tmp_path: Path) -> None:
    body = BASE + textwrap.dedent("""\
        pegs: true
        legend:
          at: top-left
          title: Key
          entries:
            - {symbol: dot, color: red, text: red voters}
            - {symbol: peg, text: peg hole}
            - {symbol: bullseye, color: blue, text: district}
            - {symbol: ring, color: red, text: ring}
            - {symbol: region, text: county}
        """)
    m = load_game(make_game(tmp_path, body)).components["map"]
    surface = Recorder()
    w, h = m.size
    draw_map(m, surface, w, h)
    texts = [args[2] for name, args, _ in surface.calls if name == "text"]
    assert texts[-6:] == ["Key", "red voters", "peg hole", "district", "ring", "county"]
    box = [args for name, args, kw in surface.calls if name == "rect" and kw.get("radius") == 1.5 * MM][-1]
    assert box[0] == pytest.approx(2.5 * MM)  # top-left: half the margin in from the left
    assert box[1] + box[3] == pytest.approx(h - 2.5 * MM)
    found = problems(make_game(tmp_path / "b", BASE + "legend: {entries: [{symbol: star, text: x}]}\n"))
    assert any("star" in p for p in found), found


def test_legend_rect_pieces_are_drawn_as_rectangles_with_their_label(tmp_path: Path) -> None:
    body = BASE + textwrap.dedent("""\
        legend:
          entries:
            - {symbol: bullseye, shape: rect, color: red, text: marker}
            - {symbol: ring, shape: rect, color: blue, label: B, text: ring}
            - {symbol: bullseye, color: red, text: round}
        """)
    m = load_game(make_game(tmp_path, body)).components["map"]
    surface = Recorder()
    w, h = m.size
    draw_map(m, surface, w, h)
    pieces = [args for name, args, kw in surface.calls if name == "rect" and not kw.get("radius")][-2:]
    assert len(pieces) == 2 and all(p[2] == pytest.approx(p[3] * 4 / 3) for p in pieces)
    texts = [args[2] for name, args, _ in surface.calls if name == "text"]
    assert texts[-4:] == ["marker", "B", "ring", "round"]
    found = problems(make_game(tmp_path / "b", BASE + "legend: {entries: [{symbol: ring, shape: oval, text: x}]}\n"))
    assert any("oval" in p for p in found), found
