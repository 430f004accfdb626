"""The district-cutting solver: verdicts, reasons, shipped maps, and a brute-force cross-check."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from genpnp.content.gridmap import load_map
from genpnp.rules.polyomino import glued
from genpnp.rules.tiling import (
    STEPS,
    Cutting,
    NoCutting,
    Undecided,
    check_map,
    find_cutting,
    format_cutting,
    is_partition,
    shapes,
    validate_map,
)

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "maps"
MAPS = sorted((ROOT / "content" / "berrymandering" / "maps").glob("*.yaml"))


def grid(text: str) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(text.split()) for c, ch in enumerate(row) if ch == "#"}


def brute_force_cuttable(cells: frozenset[tuple[int, int]], group: int = 4) -> bool:
    """Independent check: cover the first cell with every translated shape, no pruning."""
    if not cells:
        return True
    first = min(cells)
    for shape in shapes(group):
        for ar, ac in shape:
            spot = {(first[0] + r - ar, first[1] + c - ac) for r, c in shape}
            if spot <= cells and brute_force_cuttable(cells - spot, group):
                return True
    return False


def test_there_are_19_fixed_tetrominoes_and_63_pentominoes() -> None:
    assert len(shapes(4)) == 19
    assert len(shapes(5)) == 63
    assert len(shapes(1)) == 1


@pytest.mark.parametrize("text", ["####", "## ##", "###. #...", "#### #### ####", "###### ######"])
def test_solvable_shapes(text: str) -> None:
    cells = grid(text)
    result = find_cutting(cells)
    assert isinstance(result, Cutting)
    assert is_partition(cells, result.groups)


def test_cell_count_not_a_multiple() -> None:
    result = find_cutting(grid("##### ####."))
    assert isinstance(result, NoCutting) and result.kind == "cell-count"
    assert result.reason == "9 cells is not a multiple of 4: 1 cell(s) too many or 3 too few"


def test_region_cut_off() -> None:
    result = find_cutting(grid("###.## ###..."))
    assert isinstance(result, NoCutting) and result.kind == "region"
    assert result.reason.startswith("the region of 6 cells at row 1, column 1 is cut off")


def test_forced_districts_strand_a_pocket() -> None:
    result = find_cutting(grid("#### .#.# ##.."))
    assert isinstance(result, NoCutting) and result.kind == "region"
    assert "forced cut off a region of 3 cells" in result.reason


def test_exhaustive_search() -> None:
    cells = grid(".###.# .###.# ..#### #..#.# ####.#")
    assert len(cells) == 20 and not brute_force_cuttable(frozenset(cells))
    result = find_cutting(cells)
    assert isinstance(result, NoCutting) and result.kind == "exhausted"
    assert result.reason.startswith("exhaustive search found no cutting of the region of 20 cells")
    assert "every way to cover the cell at row 1, column 6 fails" in result.reason


def test_other_group_sizes() -> None:
    assert isinstance(find_cutting(grid("###### ######"), group=3), Cutting)
    result = find_cutting(grid("##### #####"), group=5)
    assert isinstance(result, Cutting) and all(len(g) == 5 for g in result.groups)
    assert isinstance(find_cutting(grid("#.# ###"), group=5), Cutting)  # the U pentomino
    assert isinstance(find_cutting(grid("###.. ...##"), group=5), NoCutting)


def test_budget_exhaustion_is_undecided_not_a_verdict() -> None:
    cells = glued(30, 30, 3)
    result = find_cutting(cells, max_nodes=5)
    assert isinstance(result, Undecided)
    assert result.reason.startswith("undecided: the search stopped after 5 steps")


def test_30x30_solvable_and_unsolvable_are_fast() -> None:
    for seed in range(3):
        cells = glued(30, 30, seed)
        result = find_cutting(cells)
        assert isinstance(result, Cutting) and is_partition(cells, result.groups)
    full = {(r, c) for r in range(30) for c in range(30)}
    # the 20-cell uncuttable region from test_exhaustive_search, below the 900-cell block
    stuck = {(r + 31, c + 20) for r, c in grid(".###.# .###.# ..#### #..#.# ####.#")}
    result = find_cutting(full | stuck)
    assert isinstance(result, NoCutting) and result.kind == "exhausted"
    assert "region of 20 cells at row 32, column 22" in result.reason


def test_format_cutting_gives_touching_groups_different_letters() -> None:
    cells = glued(12, 12, 1)
    result = find_cutting(cells)
    assert isinstance(result, Cutting)
    text = format_cutting(cells, result).split("\n")
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    owner = {cell: i for i, g in enumerate(result.groups) for cell in g}
    for (r, c), i in owner.items():
        assert text[r - top][c - left].isalpha()
        for dr, dc in STEPS:
            j = owner.get((r + dr, c + dc))
            if j is not None and j != i:
                assert text[r - top][c - left] != text[r + dr - top][c + dc - left]
    blank = {(r, c) for r in range(len(text)) for c in range(len(text[0]))} - {(r - top, c - left) for r, c in cells}
    assert all(text[r][c] == "." for r, c in blank)


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_shipped_map_is_cuttable_and_printed_cutting_is_a_partition(path: Path) -> None:
    gm = load_map(path)
    assert validate_map(gm) == []
    code, text = check_map(path)
    assert code == 0
    *rows, summary = text.split("\n")
    assert summary == f"{gm.name}: {len(gm.cells)} cells, {gm.groups} groups of {gm.group}"
    letters: dict[tuple[int, int], str] = {
        (r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."
    }
    assert set(letters) == set(gm.coords)
    # read the groups back from the letters: connected same-letter cells form one group
    groups, seen = [], set()
    for cell in sorted(letters):
        if cell in seen:
            continue
        todo, members = [cell], {cell}
        while todo:
            r, c = todo.pop()
            for dr, dc in STEPS:
                n = (r + dr, c + dc)
                if n not in members and letters.get(n) == letters[cell]:
                    members.add(n)
                    todo.append(n)
        seen |= members
        groups.append(members)
    assert is_partition(gm.coords, groups, gm.group)


def test_check_map_reports_cell_count_at_the_rows() -> None:
    code, text = check_map(FIXTURES / "bad-one-cell-added.yaml")
    assert code == 1
    assert text.endswith(
        "bad-one-cell-added.yaml:3:7: map-cell-count: One too many has 37 cells, not a multiple of 4: remove 1 or add 3"
    )


def test_check_map_reports_uncuttable_at_the_focus_cell() -> None:
    code, text = check_map(FIXTURES / "uncuttable-4k-cells.yaml")
    assert code == 1
    assert text.endswith(
        ":4:8: map-cuttable: Uncuttable cannot be cut into districts of 4: exhaustive search "
        "found no cutting of the region of 20 cells at row 1, column 2: every way to cover the "
        "cell at row 1, column 6 fails (3 steps)"
    )


def test_check_map_region_and_group_option() -> None:
    code, text = check_map(FIXTURES / "region-cut-off.yaml")
    assert code == 1 and "map-cuttable" in text and "region of 6 cells" in text
    code, text = check_map(FIXTURES / "region-cut-off.yaml", group=2)
    assert code == 0 and text.endswith("Islands: 8 cells, 4 groups of 2")


def test_check_map_content_errors() -> None:
    code, text = check_map(FIXTURES / "bad-keys-and-deal.yaml")
    assert code == 1 and ':2:1: unknown key "grup"' in text
    assert ":11:12: shuffle must list numbers of tiles (0 or more)" in text  # any other key is taken for a team


def test_check_map_reads_the_shape_only() -> None:
    """Cell codes belong to a game's teams (its gridmap component): check-map counts any character as a cell."""
    code, text = check_map(FIXTURES / "bad-unknown-code.yaml")
    assert code == 0 and text.endswith("Typo: 12 cells, 3 groups of 4")


masks = st.integers(1, 5).flatmap(
    lambda h: st.integers(1, 5).flatmap(
        lambda w: st.lists(st.booleans(), min_size=h * w, max_size=h * w).map(
            lambda bits: frozenset((i // w, i % w) for i, b in enumerate(bits) if b)
        )
    )
)


@settings(max_examples=300, deadline=None)
@given(masks)
def test_property_cutting_is_a_partition_and_no_cutting_is_confirmed(cells: frozenset[tuple[int, int]]) -> None:
    result = find_cutting(cells)
    if isinstance(result, Cutting):
        assert is_partition(cells, result.groups)
    else:
        assert isinstance(result, NoCutting)
        if len(cells) % 4 == 0:
            assert not brute_force_cuttable(cells)
