"""Map files: cell codes, deals, and errors that point at the exact character."""

from __future__ import annotations

from pathlib import Path

import pytest

from genpnp.content.gridmap import RANDOM, Content, Team, load_map, parse_map
from genpnp.content.yamlload import load_text
from genpnp.errors import ContentError

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "maps"
MAPS = sorted((ROOT / "content" / "berrymandering" / "maps").glob("*.yaml"))


def errors(path: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_map(path, path.name)
    return info.value.lines()


def test_cell_codes_and_positions() -> None:
    text = "name: Tiny\nrows: |\n  1a?.\n  .4d\n"
    gm = parse_map(load_text(text, "tiny.yaml"), "tiny", source=text)
    assert [(c.row, c.col, c.content) for c in gm.cells] == [
        (0, 0, Content(Team.STRAWBERRY, 1)),
        (0, 1, Content(Team.BLUEBERRY, 1)),
        (0, 2, RANDOM),
        (1, 1, Content(Team.STRAWBERRY, 4)),
        (1, 2, Content(Team.BLUEBERRY, 4)),
    ]
    assert (gm.width, gm.height, gm.candles, gm.group) == (3, 2, 1, 4)
    assert gm.berries(Team.STRAWBERRY) == 5 and gm.berries(Team.BLUEBERRY) == 5
    assert str(gm.cell_loc(1, 2)) == "tiny.yaml:4:5"
    assert gm.picture() == "1a?\n.4d"


def test_unknown_code_points_at_the_character() -> None:
    assert errors(FIXTURES / "bad-unknown-code.yaml") == [
        'bad-unknown-code.yaml:4:5: unknown cell code "x" (cells: ". " no cell, "#" dealt tile, "?" random, '
        '"1"-"4" strawberries, "a"-"d" blueberries)',
        'bad-unknown-code.yaml:5:3: unknown cell code "A" (did you mean "a"?)',
    ]


def test_unknown_keys_and_bad_deal_are_reported_together() -> None:
    lines = errors(FIXTURES / "bad-keys-and-deal.yaml")
    assert lines == [
        'bad-keys-and-deal.yaml:2:1: unknown key "grup" (did you mean "group"?)',
        "bad-keys-and-deal.yaml:9:15: strawberry must list the numbers of 1-, 2-, 3- and 4-berry tiles, "
        "like [6, 4, 3, 2]",
        'bad-keys-and-deal.yaml:11:3: unknown deal key "shuffle" '
        "(expected one of: blueberry, random, seed, strawberry)",
    ]


def test_deal_count_must_match_the_dealt_cells() -> None:
    text = "rows: |\n  ##\n  ##\ndeal:\n  seed: 1\n  random: 3\n"
    with pytest.raises(ContentError) as info:
        parse_map(load_text(text, "m.yaml"), "m", source=text)
    assert info.value.lines() == ["m.yaml:4:1: the deal has 3 tiles but the rows have 4 # cells"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rows: |\n  ??\ngroup: 0\n", "m.yaml:3:8: group must be between 1 and 8 cells, not 0"),
        ("rows: |\n  ??\ngroup: four\n", "m.yaml:3:8: group must be a whole number of cells, not 'four'"),
        ("rows: |\n  ..\n", "m.yaml:1:7: the map has no cells"),
        ("rows: >\n  ##\n  ##\n", "m.yaml:1:7: rows must be a literal block (rows: |): a folded block (>)"),
        ("rows: 12\n", "m.yaml:1:7: rows must be a block of text (rows: |) or a list of texts, not 12"),
        ("rows:\n  - 12\n", "m.yaml:2:5: row 1 must be text in quotes, not 12"),
        ("rows: |\n  ##\n  #.\n", "m.yaml:2:3: a # cell is dealt, but the map has no deal:"),
        ("name: [a]\nrows: |\n  ??\n", "m.yaml:1:7: name must be a text, not ['a']"),
    ],
)
def test_wrong_values(text: str, message: str) -> None:
    with pytest.raises(ContentError) as info:
        parse_map(load_text(text, "m.yaml"), "m", source=text)
    assert info.value.lines()[0].startswith(message)


def test_rows_as_a_list_of_texts_have_exact_columns() -> None:
    gm = load_map(FIXTURES / "rows-as-list.yaml", "list.yaml")
    assert gm.picture() == "1a?2\n..1b\n..c3"
    assert str(gm.cell_loc(0, 0)) == "list.yaml:3:6"  # after the double quote
    assert str(gm.cell_loc(1, 2)) == "list.yaml:4:8"  # after the single quote
    assert str(gm.cell_loc(2, 3)) == "list.yaml:5:8"  # plain scalar
    assert gm.name == "Listed"


def test_columns_without_source_assume_a_two_space_block() -> None:
    text = "rows: |\n  ?x\n"
    with pytest.raises(ContentError) as info:
        parse_map(load_text(text, "m.yaml"), "m")
    assert info.value.lines()[0].startswith('m.yaml:2:4: unknown cell code "x"')


def test_deeper_indented_block_keeps_exact_columns() -> None:
    text = "rows: |\n      ??\n      ?x\n"
    with pytest.raises(ContentError) as info:
        parse_map(load_text(text, "m.yaml"), "m", source=text)
    assert info.value.lines()[0].startswith('m.yaml:3:8: unknown cell code "x"')


def test_same_seed_same_board_other_seed_other_board() -> None:
    base = (
        "rows: |\n  ######\n  ######\n"
        "deal: {seed: SEED, random: 2, strawberry: [5, 0, 0, 0], blueberry: [5, 0, 0, 0]}\n"
    )
    boards = []
    for seed in (1, 1, 2):
        text = base.replace("SEED", str(seed))
        boards.append(parse_map(load_text(text, "m.yaml"), "m", source=text).picture())
    assert boards[0] == boards[1] != boards[2]
    assert sorted(boards[0].replace("\n", "")) == sorted("??" + "1" * 5 + "a" * 5)


def test_missing_file_is_a_content_error() -> None:
    assert errors(FIXTURES / "no-such-map.yaml") == ["no-such-map.yaml: file not found"]


def test_standard_map_has_the_official_tiles() -> None:
    gm = load_map(ROOT / "content" / "berrymandering" / "maps" / "standard-6x6.yaml")
    assert (gm.width, gm.height, gm.candles, gm.random_tiles) == (6, 6, 9, 6)
    for team in Team:
        assert gm.tile_counts(team) == (6, 4, 3, 2)


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_shipped_maps_are_balanced_and_sized(path: Path) -> None:
    gm = load_map(path)
    assert 24 <= len(gm.cells) <= 80
    assert len(gm.cells) % gm.group == 0
    assert gm.berries(Team.STRAWBERRY) == gm.berries(Team.BLUEBERRY) > 0
    assert 0 < gm.random_tiles <= len(gm.cells) // 4


def test_all_required_maps_are_shipped() -> None:
    names = {p.stem for p in MAPS}
    assert names >= {
        "standard-6x6",
        "learning-4x6",
        "california",
        "north-carolina",
        "florida",
        "kentucky",
        "minnesota",
        "nebraska",
        "ohio",
        "pennsylvania",
        "texas",
        "utah",
        "west-virginia",
        "washington",
    }
