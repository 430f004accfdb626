"""Map files: cell codes, teams, deals, and errors that point at the exact character."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfcheck import run, validate

from genpnp.backends.png import render_pages
from genpnp.content.gridmap import RANDOM, Content, GridMap, Team, load_map, parse_map
from genpnp.content.yamlload import load_text
from genpnp.core.errors import ContentError
from genpnp.load.project import load_game
from genpnp.model.mapboard import MapBoard

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "maps"
GAME = ROOT / "content" / "berrymandering"
MAPS = sorted((GAME / "maps").glob("*.yaml"))
# the teams as content/berrymandering/maps.yaml declares them
BERRIES = (Team("strawberry", "1234"), Team("blueberry", "abcd"))


def errors(path: Path, teams: tuple[Team, ...] | None = BERRIES) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_map(path, path.name, teams)
    return info.value.lines()


def parse(text: str, teams: tuple[Team, ...] | None = BERRIES, source: bool = True) -> GridMap:
    return parse_map(load_text(text, "m.yaml"), "m", source=text if source else None, teams=teams)


def test_cell_codes_and_positions() -> None:
    text = "name: Tiny\nrows: |\n  1a?.\n  .4d\n"
    gm = parse_map(load_text(text, "tiny.yaml"), "tiny", source=text, teams=BERRIES)
    assert [(c.row, c.col, c.content) for c in gm.cells] == [
        (0, 0, Content("1", "strawberry", 1)),
        (0, 1, Content("a", "blueberry", 1)),
        (0, 2, RANDOM),
        (1, 1, Content("4", "strawberry", 4)),
        (1, 2, Content("d", "blueberry", 4)),
    ]
    assert (gm.width, gm.height, gm.groups, gm.group) == (3, 2, 1, 4)
    assert gm.marks("strawberry") == 5 and gm.marks("blueberry") == 5
    assert gm.tile_counts("blueberry") == (1, 0, 0, 1)
    assert str(gm.cell_loc(1, 2)) == "tiny.yaml:4:5"
    assert gm.picture() == "1a?\n.4d"


def test_codes_are_whatever_the_teams_declare() -> None:
    teams = (Team("red", "RST"), Team("blue", "xyz"))
    gm = parse("rows: |\n  RxS?\n  zT#y\ndeal: {seed: 3, red: [1, 0, 0]}\n", teams)
    assert gm.tile_counts("red") == (2, 1, 1) and gm.tile_counts("blue") == (1, 1, 1)
    assert gm.marks("red") == 1 + 2 + 3 + 1 and gm.marks("blue") == 1 + 2 + 3
    with pytest.raises(KeyError):
        gm.marks("strawberry")
    with pytest.raises(ContentError) as info:
        parse("rows: |\n  R1\n", teams)
    assert info.value.lines() == [
        'm.yaml:2:4: unknown cell code "1" (cells: ". " no cell, "#" dealt tile, "?" random, '
        '"RST" red, "xyz" blue (n-th code = n marks))'
    ]


def test_without_teams_only_random_and_dealt_cells_are_known() -> None:
    with pytest.raises(ContentError) as info:
        parse("rows: |\n  ?1\n", ())
    assert info.value.lines() == [
        'm.yaml:2:4: unknown cell code "1" (cells: ". " no cell, "#" dealt tile, "?" random; no teams are '
        "declared (a gridmap component declares teams: with their codes))"
    ]


def test_a_map_read_for_its_shape_only_takes_any_character_for_a_cell() -> None:
    gm = parse("rows: |\n  x1?#\n  ab##\ndeal: {seed: 2, random: 1, anything: [1, 1]}\n", None)
    assert len(gm.cells) == 8 and gm.teams is None
    assert gm.picture().replace("#", "").replace("?", "") == "x1\nab"
    assert gm.random_tiles == 2
    with pytest.raises(ContentError) as info:
        parse("rows: |\n  ##\ndeal: {seed: 2, anything: [1, 1, 1]}\n", None)
    assert info.value.lines() == ["m.yaml:3:1: the deal has 3 tiles but the rows have 2 # cells"]


def test_unknown_code_points_at_the_character() -> None:
    assert errors(FIXTURES / "bad-unknown-code.yaml") == [
        'bad-unknown-code.yaml:4:5: unknown cell code "x" (cells: ". " no cell, "#" dealt tile, "?" random, '
        '"1234" strawberry, "abcd" blueberry (n-th code = n marks))',
        'bad-unknown-code.yaml:5:3: unknown cell code "A" (did you mean "a"?)',
    ]


def test_unknown_keys_and_bad_deal_are_reported_together() -> None:
    lines = errors(FIXTURES / "bad-keys-and-deal.yaml")
    assert lines == [
        'bad-keys-and-deal.yaml:2:1: unknown key "grup" (did you mean "group"?)',
        "bad-keys-and-deal.yaml:9:15: strawberry must list 4 numbers of tiles: how many have 1, 2, 3 and 4 "
        "marks (codes 1234), like [4, 3, 2, 1]",
        'bad-keys-and-deal.yaml:11:3: unknown deal key "shuffle" '
        "(expected one of: blueberry, random, seed, strawberry)",
    ]


def test_deal_count_must_match_the_dealt_cells() -> None:
    text = "rows: |\n  ##\n  ##\ndeal:\n  seed: 1\n  random: 3\n"
    with pytest.raises(ContentError) as info:
        parse(text)
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
        ("rows: |\n  ##\ndeal: [1]\n", "m.yaml:3:7: deal must be a mapping with seed, random, strawberry, blueberry"),
    ],
)
def test_wrong_values(text: str, message: str) -> None:
    with pytest.raises(ContentError) as info:
        parse(text)
    assert info.value.lines()[0].startswith(message)


def test_rows_as_a_list_of_texts_have_exact_columns() -> None:
    gm = load_map(FIXTURES / "rows-as-list.yaml", "list.yaml", BERRIES)
    assert gm.picture() == "1a?2\n..1b\n..c3"
    assert str(gm.cell_loc(0, 0)) == "list.yaml:3:6"  # after the double quote
    assert str(gm.cell_loc(1, 2)) == "list.yaml:4:8"  # after the single quote
    assert str(gm.cell_loc(2, 3)) == "list.yaml:5:8"  # plain scalar
    assert gm.name == "Listed"


def test_columns_without_source_assume_a_two_space_block() -> None:
    with pytest.raises(ContentError) as info:
        parse("rows: |\n  ?x\n", source=False)
    assert info.value.lines()[0].startswith('m.yaml:2:4: unknown cell code "x"')


def test_deeper_indented_block_keeps_exact_columns() -> None:
    with pytest.raises(ContentError) as info:
        parse("rows: |\n      ??\n      ?x\n")
    assert info.value.lines()[0].startswith('m.yaml:3:8: unknown cell code "x"')


def test_same_seed_same_board_other_seed_other_board() -> None:
    base = (
        "rows: |\n  ######\n  ######\n"
        "deal: {seed: SEED, random: 2, strawberry: [5, 0, 0, 0], blueberry: [5, 0, 0, 0]}\n"
    )
    boards = [parse(base.replace("SEED", str(seed))).picture() for seed in (1, 1, 2)]
    assert boards[0] == boards[1] != boards[2]
    assert sorted(boards[0].replace("\n", "")) == sorted("??" + "1" * 5 + "a" * 5)


def test_missing_file_is_a_content_error() -> None:
    assert errors(FIXTURES / "no-such-map.yaml") == ["no-such-map.yaml: file not found"]


@pytest.fixture(scope="module")
def shipped() -> dict[str, GridMap]:
    """Berrymandering's maps as its gridmap components read them (with the teams the game declares)."""
    game = load_game(GAME)
    boards = [c for c in game.components.values() if isinstance(c, MapBoard)]
    assert all(b.grid is not None and b.grid.teams == BERRIES for b in boards)
    return {b.map.stem: b.grid for b in boards if b.grid is not None}


def test_standard_map_has_the_official_tiles(shipped: dict[str, GridMap]) -> None:
    gm = shipped["standard-6x6"]
    assert (gm.width, gm.height, gm.groups, gm.random_tiles) == (6, 6, 9, 6)
    for team in BERRIES:
        assert gm.tile_counts(team.name) == (6, 4, 3, 2)


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_shipped_maps_are_balanced_and_sized(shipped: dict[str, GridMap], path: Path) -> None:
    gm = shipped[path.stem]
    assert 24 <= len(gm.cells) <= 80
    assert len(gm.cells) % gm.group == 0
    assert gm.marks("strawberry") == gm.marks("blueberry") > 0
    assert 0 < gm.random_tiles <= len(gm.cells) // 4
    assert len(load_map(path).cells) == len(gm.cells)  # the shape alone reads the same cells


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


# ---------------------------------------------------------------- a game that is not Berrymandering

GAME_YAML = "name: Tug of Grid\nversion: '0.1'\nlicence: CC0\nplayers: '2'\nsections: [arena]\n"
BOARD_YAML = """\
components:
  arena:
    kind: gridmap
    map: maps/arena.yaml
    cell: 20mm
    fill: "#ffffff"
    inner: "#ffffff"
    teams:
      red: {codes: "123", color: "#dd0000"}
      blue:
        codes: xyz
        color: "#0000dd"
        art: {polygon: {sides: 4, fill: "{color}"}}
"""
ARENA = "name: Arena\ngroup: 2\nrows: |\n  13xz\n  2?#y\ndeal: {seed: 1, red: [1, 0, 0]}\n"


def tiny_game(tmp_path: Path, board: str = BOARD_YAML, arena: str = ARENA) -> Path:
    folder = tmp_path / "content" / "tug"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "board.yaml").write_text(board, encoding="utf-8")
    (folder / "maps").mkdir()
    (folder / "maps" / "arena.yaml").write_text(arena, encoding="utf-8")
    return folder


def test_a_game_declares_its_own_teams_and_they_are_drawn(tmp_path: Path) -> None:
    folder = tiny_game(tmp_path)
    assert validate(folder) == (0, "tug: valid\n")
    board = load_game(folder).components["arena"]
    assert board.grid.picture() == "13xz\n2?1y"
    assert board.grid.tile_counts("red") == (2, 1, 1) and board.grid.tile_counts("blue") == (1, 1, 1)
    assert [type(e).__name__ for e in board.marks_art[("red", 3)]] == ["Pips"]  # the default art: pips
    assert board.marks_art[("red", 3)][0].count == 3
    result = run("build", "--content", folder.parent, "tug", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    pages = render_pages(pdf, dpi=50)
    colours = [p.getcolors(1 << 20) or [] for p in pages]
    red = sum(n for page in colours for n, (r, g, b) in page if r > 180 and g < 60 and b < 60)
    blue = sum(n for page in colours for n, (r, g, b) in page if b > 180 and r < 60 and g < 60)
    assert red > 20 and blue > 200  # red pips on five cells, blue squares on three


def test_an_undeclared_code_in_a_map_names_file_line_and_column(tmp_path: Path) -> None:
    folder = tiny_game(tmp_path, arena=ARENA.replace("2?#y", "2?#b"))
    code, out = validate(folder)
    assert code == 1
    assert 'arena.yaml:5:6: unknown cell code "b" (cells: ". " no cell, "#" dealt tile, "?" random, ' in out
    assert '"123" red, "xyz" blue (n-th code = n marks))' in out


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('codes: "123"', 'codes: "12?"',
         "board.yaml:9:20: \"?\" cannot be a team's code: \". \" is no cell, \"#\" a dealt tile, \"?\" random"),
        ("codes: xyz", "codes: xy2", 'board.yaml:11:16: the code "2" of team blue is already a code of team red'),
        ("codes: xyz", "codes: xyzx", 'board.yaml:11:16: codes "xyzx" uses "x" twice'),
        ("codes: xyz", "codes: [x, y]", "board.yaml:11:16: codes must be a text of cell codes"),
        ('codes: "123"', "codes: 123", 'board.yaml:9:20: codes must be text: quote digits, like codes: "123"'),
        ("codes: xyz", "codes: abcdefghij", 'board.yaml:11:16: codes "abcdefghij" has 10 codes; a team has at '
                                            "most 9"),
        ("      red:", "      seed:", 'board.yaml:9:7: a team cannot be called "seed": a map\'s deal: uses that key'),
        ("color: \"#0000dd\"", "colour: \"#0000dd\"", 'board.yaml:12:9: unknown key "colour" (did you mean "color"?)'),
        ('fill: "{color}"', 'fill: "{colour}"', "board.yaml:13:14: the art of team blue uses {colour}: a team's "
                                                 "art may use {count}"),
        ("sides: 4", "sides: 40", "board.yaml:13:32: 40 is too large: at most 24"),
        ('      red: {codes: "123", color: "#dd0000"}', '      red: {codes: "123", art: {pips: {color: "{color}"}}}',
         "board.yaml:9:32: the art of team red uses {color}"),
    ],
)
def test_a_bad_team_declaration_names_file_line_and_column(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in BOARD_YAML
    folder = tiny_game(tmp_path, board=BOARD_YAML.replace(old, new))
    code, out = validate(folder)
    assert code == 1
    assert message in out, out


def test_the_facts_line_is_the_games_own(tmp_path: Path) -> None:
    """The line under a map's title names no game's things unless the game's content says so."""
    folder = tiny_game(tmp_path)
    board = load_game(folder).components["arena"]
    assert board.facts_line() == "8 cells · 4 groups of 2"
    facts = '    facts: "{groups} flags to win, {cells} squares"\n'
    ours = BOARD_YAML.replace("    cell: 20mm\n", "    cell: 20mm\n" + facts)
    board = load_game(tiny_game(tmp_path / "2", ours)).components["arena"]
    assert board.facts_line() == "4 flags to win, 8 squares"
    bad = BOARD_YAML.replace("    cell: 20mm\n", '    cell: 20mm\n    facts: "{candles} candles"\n')
    code, out = validate(tiny_game(tmp_path / "3", bad))
    assert code == 1 and 'board.yaml:6:12: facts: no value "candles" (known: cells, groups, group)' in out


def test_score_track_has_a_numbered_box_per_group_for_each_team(tmp_path: Path) -> None:
    """score_track: true adds a row per team under the cells, one box per group of the map."""
    from genpnp.model.mapboard import SCORE_ROW
    from genpnp.render.mapboard import draw_score_track

    plain = load_game(tiny_game(tmp_path)).components["arena"]
    ours = BOARD_YAML.replace("    cell: 20mm\n", "    cell: 20mm\n    score_track: true\n")
    board = load_game(tiny_game(tmp_path / "2", ours)).components["arena"]
    assert board.size[1] == pytest.approx(plain.size[1] + 2 * SCORE_ROW)
    assert board.cell_box(1, 0)[1] == pytest.approx(board.margin + 2 * SCORE_ROW)  # cells sit above the track

    calls: list[tuple[str, tuple, dict]] = []

    class Surface:
        def __getattr__(self, name: str):
            return lambda *args, **kw: calls.append((name, args, kw))

    w, _ = board.size
    draw_score_track(board, Surface(), w)
    boxes = [kw["stroke"] for name, _, kw in calls if name == "rect"]
    teams = board.teams
    assert boxes.count(teams["red"].color) == boxes.count(teams["blue"].color) == board.group_count == 4
    labels = [args[2] for name, args, _ in calls if name == "text"]
    assert labels.count("4") == 2 and "Red" in labels and "Blue" in labels


def test_a_narrow_maps_score_track_wraps_rather_than_shrink_its_numbers(tmp_path: Path) -> None:
    """Boxes too narrow for a legible number go on more lines per team; numbers stay at 7 pt or more."""
    from genpnp.model.mapboard import SCORE_BOX_MIN, SCORE_DIGIT_PT, SCORE_ROW
    from genpnp.render.mapboard import draw_score_track

    ours = BOARD_YAML.replace("    cell: 20mm\n", "    cell: 5mm\n    score_track: true\n")
    board = load_game(tiny_game(tmp_path, ours)).components["arena"]
    _, per_line, lines = board.score_layout()
    assert lines > 1 and per_line * lines >= board.group_count
    assert board.score_band == pytest.approx(2 * lines * SCORE_ROW)  # the board grows to hold every line

    calls: list[tuple[str, tuple, dict]] = []

    class Surface:
        def __getattr__(self, name: str):
            return lambda *args, **kw: calls.append((name, args, kw))

    draw_score_track(board, Surface(), board.size[0])
    numbers = [(args[2], args[4]) for name, args, _ in calls if name == "text" and args[2].isdigit()]
    assert sorted(n for n, _ in numbers) == sorted([str(k + 1) for k in range(board.group_count)] * 2)
    assert min(size for _, size in numbers) >= SCORE_DIGIT_PT
    widths = [args[2] + 0.8 for name, args, _ in calls if name == "rect"]
    assert min(widths) >= SCORE_BOX_MIN - 1e-6


def test_a_cell_standing_for_a_larger_tile_prints_in_saver_as_on_that_tile(tmp_path: Path) -> None:
    def blues(board: str) -> tuple[int, int]:
        """Pixels of full blue, and the red level of the commonest blue tint (the higher, the paler)."""
        folder = tiny_game(tmp_path / str(len(board)), board.replace("cell: 20mm", "cell: 8mm"))
        out = folder.parent.parent / "out"
        result = run("build", "--content", folder.parent, "tug", "--ink", "saver", "--out", out)
        assert result.exit_code == 0, result.output
        (pdf,) = out.glob("*.pdf")
        colours = [c for p in render_pages(pdf, dpi=150)[1:] for c in p.getcolors(1 << 20) or []]
        full = sum(n for n, (r, g, b) in colours if b > 180 and r < 60 and g < 60)
        tint = max((c for c in colours if c[1][2] > c[1][0] + 20 and c[1][0] > 100), default=(0, (0, 0, 0)))
        return full, tint[1][0]

    full, tint = blues(BOARD_YAML)  # 8 mm cells: a mark some 6 mm wide, a medium fill: a light tint
    full_on_tile, tint_on_tile = blues(BOARD_YAML.replace("    cell: 20mm\n", "    cell: 20mm\n    stands_for: 40mm\n"))
    assert tint_on_tile > tint + 20  # judged as on a 40 mm tile: a large fill, the palest tint
    assert full_on_tile < full * 0.75  # and its edge as thin as on the tile, scaled down with it
