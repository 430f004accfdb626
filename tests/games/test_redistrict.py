"""Redistrict: the validator passes on the shipped game and names rule and file:line on broken copies;
check-district accepts and rejects districts for the right reason; the PDF has the expected parts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pdfcheck import copy_game, edit, line_of, run
from pypdf import PdfReader

from genpnp.model import hexgrid
from genpnp.rules.district_search import find_disjoint_districts

CONTENT = Path(__file__).resolve().parents[2] / "content"
PRECINCTS = CONTENT / "redistrict" / "data" / "precincts.yaml"










@pytest.fixture(scope="module")
def hexes() -> dict[tuple[int, int], dict]:
    data = yaml.safe_load(PRECINCTS.read_text(encoding="utf-8"))
    return {(h["q"], h["r"]): h for h in data["hexes"]}


@pytest.fixture(scope="module")
def graph(hexes) -> dict:
    return hexgrid.adjacency(hexes)


def ids(cells) -> list[str]:
    return [f"{q},{r}" for q, r in sorted(cells)]


def validate(root: Path):
    return run("validate", "--content", root.parent, "redistrict")


# ---------------------------------------------------------------- validator


def test_shipped_game_is_valid_and_reports_balance():
    result = run("validate", "--content", CONTENT, "redistrict")
    assert result.exit_code == 0, result.output
    assert re.search(r"party-balance: population red \d+, blue \d+", result.output)


def test_bad_population_names_rule_and_line(tmp_path):
    root = copy_game(tmp_path, "redistrict")
    path = root / "data" / "precincts.yaml"
    line = line_of(path, "{q: 5, r: 0, county: Whatcom, pop: 2")
    edit(path, "{q: 5, r: 0, county: Whatcom, pop: 2", "{q: 5, r: 0, county: Whatcom, pop: 3")
    result = validate(root)
    assert result.exit_code == 1
    assert re.search(rf"precincts\.yaml:{line}:\d+: precinct-map/precinct-population: hex 5,0 has pop 3",
                     result.output)


def test_deleted_track_space_names_county_and_the_space_count_rule(tmp_path):
    root = copy_game(tmp_path, "redistrict")
    track = root / "data" / "track.yaml"
    first_county = line_of(track, "- {kind: county,")
    county_line = line_of(root / "data" / "precincts.yaml", "county: Pierce,")
    edit(track, "- {kind: county, county: Pierce, red: 1, blue: 3}\n", "")
    result = validate(root)
    assert result.exit_code == 1
    assert re.search(rf"track\.yaml:{first_county}:\d+: track-spaces: board.spaces: 38 with kind county, expected 39",
                     result.output)
    where = rf"precincts\.yaml:{county_line}:\d+"
    assert re.search(rf"{where}: precinct-map/track-counties: Pierce is on the map", result.output)


def test_olympia_and_the_card_counts_are_rules_of_the_game(tmp_path):
    """Deleting OLYMPIA (no expect table to delete with it) or a strategy card fails, at the data line."""
    root = copy_game(tmp_path, "redistrict")
    track = root / "data" / "track.yaml"
    original = track.read_text(encoding="utf-8")
    edit(track, "- {kind: olympia, label: OLYMPIA}\n", "", unique=True)
    result = validate(root)
    assert result.exit_code == 1
    spaces = line_of(root / "board.yaml", "spaces: {file: data/track.yaml}")
    assert re.search(rf"board\.yaml:{spaces}:\d+: olympia: no entry of board.spaces has kind \"olympia\" \(play",
                     result.output)  # not "skip-olympia looks like it": that is another kind, not a typo
    assert "track-spaces: board.spaces: 0 with kind olympia, expected 1" in result.output
    assert "[follows from olympia]" in result.output
    track.write_text(original, encoding="utf-8")
    line = edit(track, "- {kind: olympia, label: OLYMPIA}\n", "- {kind: olympiaa, label: OLYMPIA}\n", unique=True)
    result = validate(root)
    assert result.exit_code == 1
    assert re.search(rf"track\.yaml:{line}:\d+: no style for kind \"olympiaa\" \(did you mean \"olympia\"\?\)",
                     result.output)
    track.write_text(original, encoding="utf-8")
    strategy = root / "data" / "strategy.yaml"
    text = strategy.read_text(encoding="utf-8")
    first = text.index("\n  - title:") + 1
    strategy.write_text(text[:first] + text[text.index("\n  - title:", first) + 1:], encoding="utf-8")
    result = validate(root)
    assert "strategy-cards: strategy-cards: 13, expected exactly 14" in result.output


def test_a_misspelt_precinct_key_is_unknown_with_did_you_mean(tmp_path):
    root = copy_game(tmp_path, "redistrict")
    path = root / "data" / "precincts.yaml"
    line = edit(path, "{q: 5, r: 0, county: Whatcom, pop: 2", "{q: 5, r: 0, county: Whatcom, popp: 2")
    result = validate(root)
    assert result.exit_code == 1
    assert re.search(rf"precincts\.yaml:{line}:\d+: precinct-map/precinct-fields: unknown key \"popp\" in a "
                     r"precinct \(did you mean \"pop\"\?\)", result.output)


def test_the_precinct_count_that_pays_is_checked_and_balanced():
    """County spaces pay per precinct: the rule reports the precinct counts; the map is balanced."""
    result = run("validate", "--content", CONTENT, "redistrict")
    assert "precinct-map/party-balance: precincts red 103, blue 103 (gap 0)" in result.output


def test_split_county_names_the_stray_hex(tmp_path):
    root = copy_game(tmp_path, "redistrict")
    path = root / "data" / "precincts.yaml"
    line = line_of(path, "{q: 5, r: 0, county: Whatcom")
    edit(path, "{q: 5, r: 0, county: Whatcom", "{q: 5, r: 0, county: Asotin")
    result = validate(root)
    assert result.exit_code == 1
    assert re.search(rf"precincts\.yaml:{line}:\d+: [\w-]*/?county-connected: Asotin is in 2 pieces", result.output)


def test_hole_in_the_map_is_reported(tmp_path, hexes, graph):
    root = copy_game(tmp_path, "redistrict")
    path = root / "data" / "precincts.yaml"
    inner = min(c for c in hexes if c not in hexgrid.boundary_cells(graph)
                and all(n not in hexgrid.boundary_cells(graph) for n in graph[c]))
    h = hexes[inner]
    edit(path, f"- {{q: {h['q']}, r: {h['r']}, county: {h['county']}", "# removed: ")
    result = validate(root)
    assert result.exit_code == 1
    assert f"map-holes: the map has a hole at hex {inner[0]},{inner[1]}" in result.output


# ---------------------------------------------------------------- check-district


def district(*members: str, taken: str = ""):
    """check-district; "--" keeps click from reading a negative q ("-3,5") as an option."""
    extra = ("--taken", taken) if taken else ()
    return run("check-district", "--content", CONTENT, *extra, "redistrict", "--", *members)


@pytest.fixture(scope="module")
def legal(graph, hexes) -> frozenset:
    found = find_disjoint_districts(graph, {c: h["pop"] for c, h in hexes.items()}, min_pop=9, max_pop=11,
                                    count=1, border=hexgrid.boundary_cells(graph))
    assert found
    return found[0]


def test_legal_district_is_accepted(legal, hexes):
    result = district(*ids(legal))
    assert result.exit_code == 0, result.output
    pop = sum(hexes[c]["pop"] for c in legal)
    assert f"legal district: {len(legal)} precincts, population {pop}" in result.output


def test_disconnected_district_is_rejected(legal, graph):
    far = max(graph, key=lambda c: min(hexgrid.distance(c, d) for d in legal))
    result = district(*ids(set(legal) | {far}))
    assert result.exit_code == 1
    assert "not-connected: 2 separate groups" in result.output


def test_too_small_and_too_large_are_rejected(legal, graph, hexes):
    small = district("5,0", "6,0", "7,0")
    assert small.exit_code == 1 and "population-too-low: population 5" in small.output
    big = set(legal)
    while sum(hexes[c]["pop"] for c in big) <= 11:
        big.add(min(n for c in big for n in graph[c] if n not in big))
    result = district(*ids(big))
    assert result.exit_code == 1 and "population-too-high" in result.output


def test_inland_district_needs_a_start(graph, hexes):
    border = hexgrid.boundary_cells(graph)
    for centre in sorted(graph):
        ring = {centre, *graph[centre]}
        if len(ring) == 7 and not ring & border and 9 <= sum(hexes[c]["pop"] for c in ring) <= 11:
            break
    else:
        pytest.skip("no inland ring of population 9 to 11 on this map")
    result = district(*ids(ring))
    assert result.exit_code == 1 and "no-start: no precinct lies on the map border" in result.output
    neighbour = next(n for c in ring for n in graph[c] if n not in ring)
    ok = district(*ids(ring), taken=f"{neighbour[0]},{neighbour[1]}")
    assert ok.exit_code == 0, ok.output


def _flower_with_run(graph, hexes):
    """A centre precinct with its six neighbours (population 9 to 11, on the border), and the two
    precincts across three outline edges in a row: a corner hex and the valley hex beside it."""
    border = hexgrid.boundary_cells(graph)
    for centre in sorted(graph):
        flower = {centre, *graph[centre]}
        if len(flower) == 7 and flower & border and 9 <= sum(hexes[c]["pop"] for c in flower) <= 11:
            d, d2 = hexgrid.DIRECTIONS[0], hexgrid.DIRECTIONS[1]
            run_ = {(centre[0] + 2 * d[0], centre[1] + 2 * d[1]), (centre[0] + d[0] + d2[0], centre[1] + d[1] + d2[1])}
            if run_ <= set(graph):
                return flower, run_
    pytest.skip("no border flower of population 9 to 11 on this map")


def test_peg_cost_counts_every_outline_corner_and_shares_pegged_ones(graph, hexes):
    """The rules' worked example: a precinct with its six neighbours has 18 corners on its outline,
    map-edge corners included: 18 pegs. Three outline edges in a row along an existing district
    already hold 4 pegs: 14."""
    flower, run_ = _flower_with_run(graph, hexes)
    alone = district(*ids(flower))
    assert alone.exit_code == 0, alone.output
    assert "pegs: 18 (18 corners on its outline)" in alone.output
    beside = district(*ids(flower), taken=";".join(f"{q},{r}" for q, r in sorted(run_)))
    assert beside.exit_code == 0, beside.output
    assert "pegs: 14 (18 corners on its outline, 4 of them already pegged by an earlier district)" in beside.output


def test_peg_cost_needs_peg_holes_on_the_map(tmp_path):
    folder = copy_game(tmp_path, "redistrict")
    edit(folder / "board.yaml", "      pegs: true\n", "      pegs: false\n", unique=True)
    result = validate(folder)
    assert result.exit_code == 1
    assert "precinct-map/peg-holes: districts are closed with pegs, but board.inner draws no peg holes" in result.output


# ---------------------------------------------------------------- the PDF


@pytest.mark.parametrize("ink", ["color", "bw"])
def test_legal_build_has_every_part_and_a_two_page_board(tmp_path, ink):
    result = run("build", "--content", CONTENT, "--paper", "legal", "--ink", ink, "--out", tmp_path,
                 "redistrict")
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(tmp_path / f"redistrict-legal-{ink}.pdf"))
    texts = [" ".join((page.extract_text() or "").split()) for page in reader.pages]
    sizes = {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages}
    assert sizes == {(612, 1008)}
    assert "Contents" in texts[0] and "Redistrict" in texts[0]
    assert sum(t.count("YOUR TURN") for t in texts[1:]) == 8 and any("points tally" in t.lower() for t in texts)
    # the cover shows a few cards too, and the rules a card in a figure: count the card sheets only
    sheets = [t for t in texts[1:] if "A card played" not in t]
    fate = [t for t in sheets if "Do it now, unless it says to keep it" in t]
    strategy = [t for t in sheets if "Keep it until you choose to play it" in t]
    assert sum(t.count("Do it now, unless it says") for t in fate) == 9
    assert sum(t.count("Keep it until you choose") for t in strategy) == 14
    assert all("FATE" in t for t in fate) and all("STRATEGY" in t for t in strategy)  # fold pairs: backs too
    board = [t for t in texts if "Washington State: part" in t]
    assert len(board) == 2 and "part 1 of 2" in board[0] and "part 2 of 2" in board[1]
    assert "OLYMPIA" in "".join(board)


def test_the_district_figure_lays_its_marker_beside_the_dots() -> None:
    """The rules' district figure puts the marker where the rule marker-beside-dots proves it fits: on its
    hex, clear of the voter dots a reader counts (on the hex's centre it would hide the dot)."""
    import math

    from genpnp.core.units import MM
    from genpnp.load.project import load_game
    from genpnp.model.spacemarks import hex_spaces

    game = load_game(CONTENT / "redistrict")
    figures = [b.figure for b in game.components["rules"].blocks if b.kind == "figure"]
    board = game.components["board"]
    inner = board.inner
    pad = board.depth + board.gap
    spaces = {c.coord: s for c, s in zip(inner.cells, hex_spaces(inner))}
    markers = [d for f in figures for d in f.pieces if d.component.name == "district-markers"]
    assert markers
    for drawn in markers:
        x, y, w, h = drawn.box  # the marker's box: its four corners lie on the hex
        x, y = x - pad, y - pad
        cx, cy = x + w / 2, y + h / 2
        coord = min(spaces, key=lambda c: math.hypot(cx - inner.center(c)[0], cy - inner.center(c)[1]))
        corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
        assert all(nx * px + ny * py >= k for nx, ny, k in _inward(spaces[coord].outline)
                   for px, py in corners)  # on its hex
        dots = [m.geometry for m in spaces[coord].marks if m.name == "dots"]
        assert dots
        round_ = getattr(drawn.component, "shape", "circle") in ("circle", "hex")
        for dx, dy, dr in dots:  # the piece lies outside each dot, 0.5 mm clear as a player lays it
            if round_:
                assert math.hypot(cx - dx, cy - dy) >= dr + w / 2 + 0.5 * MM - 0.01
            else:  # the rectangle's nearest point to each dot
                nearest = (min(max(dx, x), x + w), min(max(dy, y), y + h))
                assert math.hypot(nearest[0] - dx, nearest[1] - dy) >= dr


def _inward(outline: tuple) -> list[tuple[float, float, float]]:
    """A convex polygon's edges as (nx, ny, k): a point p is inside when nx*px + ny*py >= k."""
    import math


    area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(outline, outline[1:] + outline[:1]))
    sign = 1.0 if area > 0 else -1.0
    out = []
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1]):
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = -(y2 - y1) / length * sign, (x2 - x1) / length * sign
        out.append((nx, ny, nx * x1 + ny * y1))
    return out


# ---------------------------------------------------------------- the map key


def _legend_box(legend=None):
    """The map key's box on the board (points), as the renderer draws it, and the hex map it is on."""
    from genpnp.load.project import load_game
    from genpnp.render.hexlegend import draw_legend
    from genpnp.render.recorder import RecordingSurface

    m = load_game(CONTENT / "redistrict").components["board"].inner
    surface = RecordingSurface()
    draw_legend(m, legend or m.legend, surface, *m.size)
    return m, surface.ink[0].box


def _precincts_under(m, box) -> list:
    """Hexes the box overlaps (separating axes: the box's two and each hexagon's three)."""
    rect = [(box.x, box.y), (box.x + box.w, box.y), (box.x + box.w, box.y + box.h), (box.x, box.y + box.h)]
    hit = []
    for cell in m.cells:
        corners = m.corners(cell.coord)
        axes = [(1.0, 0.0), (0.0, 1.0)] + [(-(b[1] - a[1]), b[0] - a[0]) for a, b in zip(corners, corners[1:])]
        if all(max(ax * x + ay * y for x, y in corners) > min(ax * x + ay * y for x, y in rect)
               and max(ax * x + ay * y for x, y in rect) > min(ax * x + ay * y for x, y in corners)
               for ax, ay in axes):
            hit.append(cell.coord)
    return hit


def test_the_map_key_covers_no_precinct():
    m, box = _legend_box()
    assert _precincts_under(m, box) == []


def test_the_key_check_catches_a_key_over_precincts():
    import dataclasses

    m, _ = _legend_box()
    taller = dataclasses.replace(m.legend, entries=m.legend.entries * 2)
    assert _precincts_under(m, _legend_box(taller)[1])


def test_a_counter_too_large_for_a_track_space_is_caught_at_its_size(tmp_path):
    """The rules stand a counter on a track space (more on one space stack): counter-on-a-space proves a
    counter fits the track's depth, so a 15 mm counter on the 16 mm track is caught at its size line."""
    folder = copy_game(tmp_path, "redistrict")
    line = edit(folder / "pieces.yaml", "    size: 13mm\n", "    size: 15mm\n", unique=True)
    result = validate(folder)
    assert result.exit_code == 1
    assert f"pieces.yaml:{line}:" in result.output
    assert "counter-on-a-space: counters are 15 mm x 15 mm; they should be 13 mm x 13 mm" in result.output


def test_card_backs_fill_their_bleed_as_the_fronts_do():
    """A back whose art is a full-card SVG (it stops at the card's edge) names its ground as the face's
    fill, which the engine grows into the bleed: a slightly wide cut of a fold pair shows no paper."""
    cards = yaml.safe_load((CONTENT / "redistrict" / "cards.yaml").read_text(encoding="utf-8"))
    for name, comp in cards["components"].items():
        back = comp.get("faces", {}).get(comp.get("back", ""))
        if back is None:
            continue
        assert back.get("fill"), f"{name}: the back has no fill to run into the bleed"
