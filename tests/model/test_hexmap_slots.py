"""Hex-map slots fit the strips that lie in them; zones without an outline; hidden outlines are warned of."""

from __future__ import annotations

import math
import textwrap
from pathlib import Path

import pytest

from genpnp.core.units import MM
from genpnp.load.project import load_game
from genpnp.model.hexgrid import disk, interior_edges
from genpnp.render.hexmap import draw_map

GAME = """\
name: Slot test
version: "1"
licence: CC0
players: "2"
sections: [map]
"""


class Recorder:
    """A surface that records every drawing call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple, dict]] = []

    def text_width(self, text: str, font: str, size: float) -> float:
        return len(text) * size * 0.5

    def __getattr__(self, name: str):
        return lambda *args, **kw: self.calls.append((name, args, kw))


def make_map(tmp_path: Path, extra: str = "") -> Path:
    folder = tmp_path / "slotgame"
    (folder / "data").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    rows = "\n".join(f"  - {{q: {q}, r: {r}, ring: {max(abs(q), abs(r), abs(q + r))}}}" for q, r in sorted(disk(2)))
    (folder / "data" / "map.yaml").write_text("hexes:\n" + rows + "\n")
    body = "kind: hexmap\nhexes: {file: data/map.yaml}\nhex_size: 11mm\nslots: true\nslot_width: 3mm\n" + extra
    (folder / "components.yaml").write_text("components:\n  map:\n" + textwrap.indent(body, "    "))
    return folder


def test_slot_length_leaves_each_corner_to_the_bisector(tmp_path: Path) -> None:
    m = load_game(make_map(tmp_path)).components["map"]
    assert m.slot_length == pytest.approx(11 * MM - 3 * MM / math.sqrt(3))
    assert m.slot_length / MM == pytest.approx(9.268, abs=0.001)


def test_drawn_slots_are_slot_length_long_and_neighbours_do_not_overlap(tmp_path: Path) -> None:
    m = load_game(make_map(tmp_path)).components["map"]
    surface = Recorder()
    draw_map(m, surface, *m.size)
    slots = [args[0] for name, args, kw in surface.calls if name == "polygon" and kw.get("fill") == m.slot_fill]
    assert len(slots) == len(interior_edges(disk(2)))
    for pts in slots:
        assert math.dist(pts[0], pts[1]) == pytest.approx(m.slot_length, abs=1e-6)
        assert math.dist(pts[1], pts[2]) == pytest.approx(3 * MM, abs=1e-6)
    # at a corner shared by three slots, their nearest corners meet on the bisectors, not past them:
    # no slot corner lies strictly inside another slot
    for i, a in enumerate(slots):
        for b in slots[i + 1:]:
            for p in a:
                assert not _strictly_inside(p, b)


def _strictly_inside(p: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    signs = []
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        signs.append((x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1))
    tol = 1e-3
    return all(s > tol for s in signs) or all(s < -tol for s in signs)


def test_zone_of_width_zero_draws_no_outline_and_a_tint_only_legend(tmp_path: Path) -> None:
    zones = textwrap.dedent("""\
        zones:
          inner: {field: ring, values: [0, 1], width: 2pt, style: dashed, color: "#000000", label: Inner}
          all: {field: ring, values: [0, 1, 2], width: 0, tint: "#ddeeff", label: Whole board}
        """)
    game = load_game(make_map(tmp_path, zones))
    assert game.warnings == ()
    m = game.components["map"]
    surface = Recorder()
    draw_map(m, surface, *m.size)
    dashed = [c for c in surface.calls if c[0] == "line" and len(c[1]) > 6 and c[1][6] is not None]
    assert dashed and all(c[1][5] == 2 for c in dashed)  # the inner zone's dashes only
    assert not any(c[0] == "line" and c[1][5] == 0 for c in surface.calls)
    texts = [args[2] for name, args, _ in surface.calls if name == "text"]
    assert "Whole board" in texts


def test_an_outline_hidden_under_the_map_edge_is_a_warning(tmp_path: Path) -> None:
    zones = "zones:\n  all: {field: ring, values: [0, 1, 2], width: 1.6pt, style: dotted, label: Whole board}\n"
    game = load_game(make_map(tmp_path, zones))
    warnings = [str(w) for w in game.warnings]
    assert len(warnings) == 1
    assert "components.yaml:9:" in warnings[0] and "runs only along the edge of the map" in warnings[0]


def _on_slot(pt: tuple[float, float], slots: list[list[tuple[float, float]]]) -> bool:
    return any(_strictly_inside(pt, s) for s in slots)


@pytest.mark.parametrize("inside", [False, True])
def test_a_zone_outline_inside_runs_beside_the_slots_never_in_one(tmp_path: Path, inside: bool) -> None:
    flag = ", inside: true" if inside else ""
    zones = f"zones:\n  inner: {{field: ring, values: [0, 1], width: 2pt, color: \"#aa0000\"{flag}}}\n"
    m = load_game(make_map(tmp_path, zones)).components["map"]
    surface = Recorder()
    draw_map(m, surface, *m.size)
    slots = [args[0] for name, args, kw in surface.calls if name == "polygon" and kw.get("fill") == m.slot_fill]
    lines = [args[:4] for name, args, _ in surface.calls if name == "line" and args[4] == m.zones["inner"].color
             and math.dist(args[:2], args[2:4]) <= 11 * MM + 1e-6]  # not the legend's 15 mm swatch
    assert len(lines) == 18  # the 18 outer sides of the 7 inner hexes
    mids = [((x1 + x2) / 2, (y1 + y2) / 2) for x1, y1, x2, y2 in lines]
    if not inside:  # on the hex edges: through the middle of the slots there
        assert all(_on_slot(p, slots) for p in mids)
        return
    inner = [m.center(c) for c in m.zone("inner")]
    apothem = 11 * MM * math.sqrt(3) / 2
    for x1, y1, x2, y2 in lines:
        for t in (0.0, 0.25, 0.5, 0.75, 1.0):
            p = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
            assert not _on_slot(p, slots)
            # inside a zone hex, clear of the slot's side by the line's half width and a gap
            assert min(math.dist(p, c) for c in inner) < apothem
        mid = ((x1 + x2) / 2, (y1 + y2) / 2)
        nearest = min(math.dist(mid, c) for c in inner)
        assert nearest == pytest.approx(apothem - 1.5 * MM - 1 - 0.8, abs=1e-6)
