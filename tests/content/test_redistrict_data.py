"""Redistrict's Washington precinct map and track: real properties of the data files.

Each check is a small function that returns a list of problems, so the same
function is run on the real files and, in the ``*_catches_*`` tests, on broken
copies to show that it can fail.
"""

from __future__ import annotations

import copy
import importlib.util
import sys
from collections import Counter, deque
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "content" / "redistrict" / "data"

WASHINGTON_COUNTIES = frozenset(
    w.replace("_", " ")
    for w in """Adams Asotin Benton Chelan Clallam Clark Columbia Cowlitz Douglas Ferry Franklin Garfield
    Grant Grays_Harbor Island Jefferson King Kitsap Kittitas Klickitat Lewis Lincoln Mason Okanogan
    Pacific Pend_Oreille Pierce San_Juan Skagit Skamania Snohomish Spokane Stevens Thurston Wahkiakum
    Walla_Walla Whatcom Whitman Yakima""".split()
)
assert len(WASHINGTON_COUNTIES) == 39

# Pointy-top axial neighbours.
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
HEX_KEYS = {"q", "r", "county", "pop", "party"}
TRACK_KINDS = {"olympia", "county", "hq", "fate", "strategy", "home", "skip-olympia"}


def load(name: str) -> dict:
    with open(DATA / name, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@pytest.fixture(scope="module")
def precincts() -> dict:
    return load("precincts.yaml")


@pytest.fixture(scope="module")
def track() -> dict:
    """The track data, with the space counts the game's track-spaces rule (game.yaml) states as "expect"."""
    data = load("track.yaml")
    game = yaml.safe_load((Path(__file__).resolve().parents[2] / "content" / "redistrict" / "game.yaml").read_text())
    rule = next(r for r in game["rules"] if r["id"] == "track-spaces")
    return dict(data, expect=rule["each"]["counts"])


# ---------------------------------------------------------------- checks


def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def component_count(cells: set[tuple[int, int]]) -> int:
    seen: set[tuple[int, int]] = set()
    count = 0
    for start in cells:
        if start in seen:
            continue
        count += 1
        seen.add(start)
        todo = deque([start])
        while todo:
            for n in neighbours(todo.popleft()):
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
    return count


def hex_problems(data: dict) -> list[str]:
    problems = []
    seen: set[tuple[int, int]] = set()
    for i, h in enumerate(data["hexes"]):
        if set(h) != HEX_KEYS:
            problems.append(f"hex {i}: keys {sorted(h)} != {sorted(HEX_KEYS)}")
            continue
        if not (isinstance(h["q"], int) and isinstance(h["r"], int)):
            problems.append(f"hex {i}: q and r must be integers")
        if h["pop"] not in (1, 2) or isinstance(h["pop"], bool):
            problems.append(f"hex {i}: pop {h['pop']!r} not 1 or 2")
        if h["party"] not in ("red", "blue"):
            problems.append(f"hex {i}: party {h['party']!r} not red or blue")
        if h["county"] not in WASHINGTON_COUNTIES:
            problems.append(f"hex {i}: {h['county']!r} is not a Washington county")
        cell = (h["q"], h["r"])
        if cell in seen:
            problems.append(f"hex {i}: duplicate coordinates {cell}")
        seen.add(cell)
    return problems


def county_problems(data: dict) -> list[str]:
    problems = []
    listed = [c["name"] for c in data["regions"]]
    if len(listed) != 39 or set(listed) != WASHINGTON_COUNTIES:
        wrong = sorted(set(listed) ^ WASHINGTON_COUNTIES)
        problems.append(f"counties list: {len(listed)} names; missing or unknown: {wrong}")
    # Printed labels are the full names: 4-letter codes were confusable (KITS/KITT, CLAL/CLAR, WHAT/WHIT).
    wrong_labels = [(c["name"], c.get("label")) for c in data["regions"] if c.get("label") != c["name"]]
    if wrong_labels:
        problems.append(f"county labels must be the counties' full names: {wrong_labels}")
    by_county: dict[str, set] = {}
    for h in data["hexes"]:
        by_county.setdefault(h["county"], set()).add((h["q"], h["r"]))
    for name in sorted(WASHINGTON_COUNTIES):
        cells = by_county.get(name, set())
        if not cells:
            problems.append(f"{name}: no precinct on the map")
        elif component_count(cells) != 1:
            problems.append(f"{name}: precincts fall into {component_count(cells)} separate pieces")
    return problems


def map_problems(data: dict) -> list[str]:
    cells = {(h["q"], h["r"]) for h in data["hexes"]}
    pieces = component_count(cells)
    return [] if pieces == 1 else [f"the map falls into {pieces} separate pieces"]


def track_problems(track: dict, precincts: dict) -> list[str]:
    problems = []
    spaces = track["spaces"]
    if spaces[0] != {"kind": "olympia", "label": "OLYMPIA"}:
        problems.append(f"the track must start at OLYMPIA, not {spaces[0]}")
    for i, s in enumerate(spaces):
        if s.get("kind") not in TRACK_KINDS:
            problems.append(f"space {i}: unknown kind {s.get('kind')!r}")
        if s.get("kind") == "hq" and "party" in s:
            problems.append(f"space {i}: a Party HQ serves both parties: it names no party")
    on_track = Counter(s["county"] for s in spaces if s.get("kind") == "county")
    twice = sorted(c for c, n in on_track.items() if n > 1)
    if twice:
        problems.append(f"counties on the track more than once: {twice}")
    on_map = {h["county"] for h in precincts["hexes"]}
    if set(on_track) != on_map:
        problems.append(f"track and map counties differ: {sorted(set(on_track) ^ on_map)}")
    kinds = Counter(s.get("kind") for s in spaces)
    if dict(kinds) != dict(track["expect"]):  # the counts the game's track-spaces rule states
        problems.append(f"space counts {dict(kinds)} != expect {dict(track['expect'])}")
    return problems


def greedy_districts(data: dict, lo: int = 9, hi: int = 11) -> list[set]:
    """Carve disjoint connected districts of population lo..hi, north to south; a lower bound."""
    pop = {(h["q"], h["r"]): h["pop"] for h in data["hexes"]}
    free = set(pop)
    districts = []
    for start in sorted(pop, key=lambda c: (c[1], c[0])):
        if start not in free:
            continue
        district, total = {start}, pop[start]
        while total < lo:
            frontier = sorted(
                {n for c in district for n in neighbours(c) if n in free and n not in district},
                key=lambda c: (c[1], c[0]),
            )
            fits = [n for n in frontier if total + pop[n] <= hi]
            if not fits:
                break
            district.add(fits[0])
            total += pop[fits[0]]
        if lo <= total <= hi:
            districts.append(district)
            free -= district
    return districts


# ---------------------------------------------------------------- the real files


def test_hexes_are_well_formed(precincts):
    assert hex_problems(precincts) == []


def test_all_39_counties_present_and_each_connected(precincts):
    assert county_problems(precincts) == []


def test_map_is_one_piece(precincts):
    assert map_problems(precincts) == []


def test_track_matches_map_and_expect(track, precincts):
    assert track_problems(track, precincts) == []


def test_track_special_spaces(track):
    spaces = track["spaces"]
    hq = [i for i, s in enumerate(spaces) if s["kind"] == "hq"]
    assert len(hq) >= 2 and all("party" not in spaces[i] for i in hq)  # neutral: both parties use each
    assert spaces[-1]["kind"] != "olympia" and sum(s["kind"] == "olympia" for s in spaces) == 1


def test_size_population_and_balance(precincts):
    hexes = precincts["hexes"]
    assert 150 <= len(hexes) <= 250
    total = sum(h["pop"] for h in hexes)
    assert total >= 110
    blue = sum(h["pop"] for h in hexes if h["party"] == "blue")
    assert abs(2 * blue - total) <= 0.06 * total  # within 47%..53% blue


def test_county_spaces_pay_both_parties_alike(precincts):
    # A county space pays one point per precinct of the player's colour, so the precinct counts
    # (not only the populations) must match: 111 red to 95 blue paid red about 17% more per lap.
    red = sum(1 for h in precincts["hexes"] if h["party"] == "red")
    blue = sum(1 for h in precincts["hexes"] if h["party"] == "blue")
    assert (red, blue) == (103, 103)


def test_at_least_ten_disjoint_districts_fit(precincts):
    assert len(greedy_districts(precincts)) >= 10


def test_geography(precincts):
    cells: dict[str, list] = {}
    for h in precincts["hexes"]:
        cells.setdefault(h["county"], []).append((h["q"] + h["r"] / 2, h["r"]))
    x = {c: sum(p[0] for p in v) / len(v) for c, v in cells.items()}
    y = {c: sum(p[1] for p in v) / len(v) for c, v in cells.items()}
    top = {h["county"] for h in precincts["hexes"] if h["r"] == 0}
    assert {"Whatcom", "Okanogan", "Ferry", "Stevens", "Pend Oreille"} <= top
    east = max(x.values())
    # the Idaho line: Pend Oreille, Spokane, Whitman and Asotin reach the east edge
    for c in ("Pend Oreille", "Spokane", "Whitman", "Asotin"):
        assert max(p[0] for p in cells[c]) >= east - 1, c
    # Cape Flattery (Clallam) is the westernmost point
    westmost = min((p[0], c) for c, v in cells.items() for p in v)
    assert westmost[1] == "Clallam"
    for a, b in [
        ("Clallam", "King"),
        ("King", "Chelan"),
        ("Chelan", "Spokane"),
        ("Pacific", "Clark"),
        ("Yakima", "Benton"),
        ("Columbia", "Asotin"),
        ("Jefferson", "Kitsap"),
    ]:
        assert x[a] < x[b], (a, b)
    for a, b in [
        ("Whatcom", "Skagit"),
        ("Skagit", "Snohomish"),
        ("Snohomish", "King"),
        ("King", "Pierce"),
        ("Pierce", "Lewis"),
        ("Lewis", "Cowlitz"),
        ("Cowlitz", "Clark"),
        ("Spokane", "Whitman"),
        ("Whitman", "Garfield"),
        ("Okanogan", "Douglas"),
        ("Douglas", "Grant"),
        ("Grant", "Franklin"),
        ("Kittitas", "Yakima"),
        ("Yakima", "Klickitat"),
    ]:
        assert y[a] < y[b], (a, b)
    for small in ("San Juan", "Island", "Wahkiakum", "Asotin", "Garfield", "Columbia", "Skamania"):
        assert len(cells[small]) <= 3, small
    assert len(cells["Okanogan"]) == max(len(v) for v in cells.values())


def test_partisan_lean(precincts):
    def blue_share(counties):
        hs = [h for h in precincts["hexes"] if h["county"] in counties]
        return sum(h["pop"] for h in hs if h["party"] == "blue") / sum(h["pop"] for h in hs)

    assert blue_share({"King", "Snohomish", "Pierce", "Kitsap", "Thurston", "Whatcom"}) > 0.7
    assert blue_share({"Stevens", "Lincoln", "Adams", "Garfield", "Columbia", "Ferry", "Douglas"}) < 0.35


def test_yaml_is_generated_from_the_ascii_source():
    spec = importlib.util.spec_from_file_location("redistrict_map", ROOT / "tools" / "redistrict_map.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(spec.name, None)
    assert module.build() == (DATA / "precincts.yaml").read_text(encoding="utf-8")


# ---------------------------------------------------------------- the checks can fail


def test_checks_catch_a_split_county(precincts):
    broken = copy.deepcopy(precincts)
    # an Okanogan precinct dropped in the far south-east
    broken["hexes"].append({"q": 40, "r": 11, "county": "Okanogan", "pop": 1, "party": "red"})
    assert any("Okanogan" in p for p in county_problems(broken))
    assert map_problems(broken)


def test_checks_catch_bad_values_and_duplicates(precincts):
    broken = copy.deepcopy(precincts)
    broken["hexes"][0]["pop"] = 3
    broken["hexes"][1]["party"] = "green"
    broken["hexes"][2]["county"] = "Multnomah"
    broken["hexes"].append(dict(broken["hexes"][5]))
    problems = hex_problems(broken)
    assert len(problems) == 4


def test_checks_catch_track_mistakes(track, precincts):
    broken = copy.deepcopy(track)
    broken["spaces"] = [s for s in broken["spaces"] if s.get("county") != "Garfield"]
    broken["spaces"].append({"kind": "county", "county": "King"})
    problems = track_problems(broken, precincts)
    assert any("more than once" in p for p in problems)
    assert any("Garfield" in p for p in problems)
    broken = copy.deepcopy(track)
    broken["expect"] = dict(broken["expect"], fate=broken["expect"]["fate"] + 1)
    assert any("expect" in p for p in track_problems(broken, precincts))


def test_the_rules_state_the_peg_hole_spacing_the_board_prints() -> None:
    """The pin advice names the distance between neighbouring peg holes: the hex map's edge length."""
    import re

    folder = Path(__file__).resolve().parents[2] / "content" / "redistrict"
    board = yaml.safe_load((folder / "board.yaml").read_text(encoding="utf-8"))
    hex_size = float(board["components"]["board"]["inner"]["hex_size"].removesuffix("mm"))
    rules = (folder / "text" / "rules.md").read_text(encoding="utf-8")
    stated = re.search(r"peg holes are (?:only )?([0-9.]+) mm apart", rules)
    assert stated and float(stated.group(1)) == hex_size


# ---------------------------------------------------------------- the counts printed on county spaces


def printed_count_problems(track: dict, precincts: dict) -> list[str]:
    """Each county space prints its red and blue precincts ("{red} R · {blue} B"): they must match the map."""
    counts = Counter((h["county"], h["party"]) for h in precincts["hexes"])
    return [
        f"{s['county']}: prints {s.get('red')} R · {s.get('blue')} B, the map has "
        f"{counts[(s['county'], 'red')]} R · {counts[(s['county'], 'blue')]} B"
        for s in track["spaces"]
        if s["kind"] == "county"
        and (s.get("red"), s.get("blue")) != (counts[(s["county"], "red")], counts[(s["county"], "blue")])
    ]


def test_county_spaces_print_the_maps_counts(track, precincts):
    assert printed_count_problems(track, precincts) == []


def test_printed_count_check_catches_a_wrong_count(track, precincts):
    broken = copy.deepcopy(track)
    space = next(s for s in broken["spaces"] if s["kind"] == "county")
    space["red"] += 1
    assert [p for p in printed_count_problems(broken, precincts) if p.startswith(space["county"])]
