"""Rules as content: a new game's YAML rules, broken copies of shipped games, --explain witnesses."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pdfcheck import copy_game, edit, line_of, run, validate

BOARD = """
  board:
    kind: board
    rows: 4
    cols: 5
    cell: 20mm
  tiles:
    kind: tile
    size: 19mm
    qty: 20
    faces: {front: {fill: paper}}
"""

RULES = """  - id: four-of-each
    each: {of: cards, field: title, values: [Draw Two, Skip, Swap, Peek, Wild], times: 4}
  - id: wild-card
    require: {of: cards, field: title, values: [Wild]}
  - id: tile-per-cell
    count: {of: tiles, equals: board.cells}
  - id: tile-fits
    fit: {piece: tiles, into: board.cell, gap: 1mm}
"""


def new_game(tmp_path: Path) -> Path:
    content = tmp_path / "games"
    assert run("new", "my-game", "--content", content).exit_code == 0
    folder = content / "my-game"
    (folder / "components.yaml").write_text((folder / "components.yaml").read_text() + BOARD)
    game = folder / "game.yaml"
    game.write_text(
        game.read_text().replace("sections: [guide, cards]", "sections: [guide, cards, board, tiles]") + RULES
    )
    return folder


def test_a_new_game_declares_count_distribution_fit_and_required_item(tmp_path: Path) -> None:
    folder = new_game(tmp_path)
    code, out = validate(folder)
    assert code == 0, out
    comps, cards = folder / "components.yaml", folder / "cards.csv"
    broken = [  # (file, old, new, rule, the line that breaks it)
        (comps, "    qty: 20\n", "    qty: 19\n", "tile-per-cell", "components.yaml"),
        (
            cards,
            "Skip,The next player misses a turn.,4",
            "Skip,The next player misses a turn.,3",
            "four-of-each",
            "cards.csv",
        ),
        (comps, "    size: 19mm\n", "    size: 21mm\n", "tile-fits", "components.yaml"),
        (cards, "Wild,Counts as any card you like.,4", "Wyld,Counts as any card you like.,4", "wild-card", "cards.csv"),
    ]
    for path, old, new, rule, shown in broken:
        text = path.read_text()
        line = edit(path, old, new, unique=True)
        code, out = validate(folder)
        assert code == 1, (rule, out)
        assert re.search(rf"{re.escape(shown)}:{line}:\d+: {rule}: ", out), (rule, out)
        path.write_text(text)


def test_gerrymander_die_board_and_colours_point_at_the_key(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "gerrymander")
    comps = folder / "components.yaml"
    original = comps.read_text()
    line = edit(comps, "    rows: 8\n", "    rows: 9\n", unique=True)  # 9: the figures' cells (row 8) still exist
    out = validate(folder)[1]
    assert re.search(rf"components\.yaml:{line}:\d+: board-8x8: board.rows is 9", out)
    assert out.index("board-8x8") < out.index("tiles-per-colour") and "[follows from board-8x8]" in out
    comps.write_text(original + "    pips: [1, 2, 5, 4, 5, 6]\n")
    out = validate(folder)[1]
    assert re.search(rf"components\.yaml:{line_of(comps, '    pips:')}:\d+: standard-die: the faces show", out)
    comps.write_text(original.replace("        fill: blue\n", "        fill: red\n"))
    out = validate(folder)[1]
    assert re.search(r"components\.yaml:\d+:\d+: two-colours: blue-tiles.faces.front.fill is the same", out)
    comps.write_text(original[: original.index("  die:")])
    edit(folder / "game.yaml", "blue-tiles, die, turn-aid]", "blue-tiles, turn-aid]", unique=True)
    for guide in (folder / "text").glob("*.md"):  # and from the figures that show it
        lines = guide.read_text(encoding="utf-8").splitlines(keepends=True)
        guide.write_text("".join(ln for ln in lines if "{piece: die," not in ln), encoding="utf-8")
    out = validate(folder)[1]
    assert re.search(r"game\.yaml:\d+:\d+: standard-die: the game needs a die", out)


def test_berzerka_contract_tiles_and_starters(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    tiles = folder / "data" / "contract-tiles.yaml"
    line = edit(tiles, "    detail: Hearts are always trump;", "    detail: Lay a green cube. Hearts are always trump;")
    out = validate(folder)[1]
    assert re.search(rf"contract-tiles\.yaml:{line}:\d+: cube-colours-named: \"green cube\"", out)
    contracts = folder / "data" / "contracts.yaml"
    line = edit(contracts, "  - name: Hold Steady", "  - name: Hold Stedy", unique=True)
    out = validate(folder)[1]
    assert re.search(
        rf"contracts\.yaml:{line}:\d+: starter-contracts: no entry of board.rows has name "
        r"\"Hold Steady\" \(\"Hold Stedy\" looks like it",
        out,
    )


def test_check_district_rejects_a_stranded_pocket() -> None:
    result = run("check-district", "mapmaker", "B2", "B3", "B4", "C4")
    assert result.exit_code == 1
    assert "strands-pocket: A1 A2 (2 counties)" in result.output + result.stderr


def test_explain_prints_a_witness_for_every_map_and_supply_rule() -> None:
    result = run("validate", "--explain", "gerrymander", "mapmaker", "berrymandering")
    assert result.exit_code == 0, result.output
    assert "witness: Standard 6x6: 36 cells in 9 groups of 4:" in result.output
    assert "borders: 186 interior edges - (73 counties - 18 districts) = 131" in result.output
    result = run("validate", "--explain", "--format", "json", "mapmaker")
    data = json.loads(result.output)
    rules = {r["id"]: r for r in data["games"]["mapmaker"]["rules"]}
    assert rules["supply"]["holds"] and rules["supply"]["witness"]
    assert all(r["checked"] and r["witness"] for r in rules.values())


def test_every_rule_example_in_the_docs_is_a_valid_rule() -> None:
    from genpnp.content.schema import INVALID, Ctx
    from genpnp.content.yamlload import load_text
    from genpnp.core.errors import Problems
    from genpnp.model.rulespec import KINDS, parse_rules

    doc = (Path(__file__).resolve().parents[2] / "docs" / "content.md").read_text(encoding="utf-8")
    examples = re.findall(r"^```yaml rule-example=([\w-]+)\n(.*?)^```$", doc, re.M | re.S)
    assert sorted(name for name, _ in examples) == sorted(KINDS)
    for name, body in examples:
        problems = Problems()
        data = load_text(body, f"example {name}")
        rules = parse_rules(data["rules"], data.loc_of("rules"), Ctx(problems, Path("."), Path(".")))
        assert rules is not INVALID and not problems.items, (name, [str(p) for p in problems.items])
        assert rules[0].kind == name
