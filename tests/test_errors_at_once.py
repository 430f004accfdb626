"""Every content error in one run (issue 28, item 4): a designer's typos in game.yaml, a face template,
an element and the sections, all reported together, sorted by file and line; colours suggest the game's
palette first; a file named in a CSV cell is reported at that cell; one SVG problem is one message."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from genpnp.commands.cli import main


def _new_game(tmp_path: Path) -> Path:
    runner = CliRunner()
    result = runner.invoke(main, ["new", "typo", "--content", str(tmp_path / "content")])
    assert result.exit_code == 0, result.output
    return tmp_path / "content" / "typo"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1))


def _validate(game: Path) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["validate", str(game)])
    return result.exit_code, [line for line in result.output.splitlines() if re.match(r"\S+(:\d+:\d+)?: ", line)
                              and "FAILED" not in line]


def test_four_typos_in_one_run(tmp_path: Path) -> None:
    game = _new_game(tmp_path)
    comps = game / "components.yaml"
    _edit(comps, "size: 14pt", "szie: 14pt")
    _edit(comps, "stroke: accent}", "stroke: acent}")
    _edit(comps, '"{text}"', '"{typ}"')
    _edit(comps, "- rect: {box", "- bx: {box")
    _edit(game / "game.yaml", "sections: [guide, cards]", "sections: [guide, crads]")
    code, lines = _validate(game)
    assert code == 1
    text = "\n".join(lines)
    assert 'unknown key "szie" (did you mean "size"?)' in text
    assert "'acent' is not a colour (did you mean \"accent\", of the game's palette?)" in text
    assert 'no field "typ"' in text and "cards.csv:2:1" in text
    assert 'unknown art "bx"' in text
    assert 'no component "crads" (did you mean "cards"?)' in text
    assert len(lines) == 5, lines


def test_sorted_by_file_and_line(tmp_path: Path) -> None:
    game = _new_game(tmp_path)
    comps = game / "components.yaml"
    _edit(comps, "size: 16pt", "size: 16ptt")
    _edit(comps, "size: 14pt", "szie: 14pt")
    _edit(game / "game.yaml", "sections: [guide, cards]", "sections: [guide, cards, extra]")
    code, lines = _validate(game)
    assert code == 1
    keys = []
    for line in lines:
        file, row, _ = line.split(":", 2)
        keys.append((file, int(row)))
    assert keys == sorted(keys) and len(keys) == 3


def test_game_yaml_mistake_does_not_hide_component_mistakes(tmp_path: Path) -> None:
    game = _new_game(tmp_path)
    _edit(game / "game.yaml", "licence:", "licnce:")
    _edit(game / "components.yaml", "stroke: accent}", "stroke: papr}")
    code, lines = _validate(game)
    text = "\n".join(lines)
    assert code == 1
    assert 'did you mean "licence"' in text
    assert "'papr' is not a colour (did you mean \"paper\", of the game's palette?)" in text


def test_icon_in_a_csv_cell_is_reported_at_the_cell(tmp_path: Path) -> None:
    game = _new_game(tmp_path)
    _edit(game / "cards.csv", "The next player misses", "The next player {icon:sword} misses")
    code, lines = _validate(game)
    assert code == 1
    assert len(lines) == 1
    assert lines[0].split(": ", 1)[0].endswith("cards.csv:3:6"), lines
    assert "file not found: art/sword.svg" in lines[0]


def test_one_svg_problem_is_one_message(tmp_path: Path) -> None:
    game = _new_game(tmp_path)
    (game / "art").mkdir()
    (game / "art" / "blank.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>')
    csv = game / "cards.csv"
    rows = csv.read_text().splitlines()
    rows[1:4] = [row.replace(",", " {icon:blank},", 1) for row in rows[1:4]]
    csv.write_text("\n".join(rows) + "\n")
    code, lines = _validate(game)
    assert code == 1
    assert len(lines) == 1, lines  # at the first cell that names it, naming the file
    assert lines[0].split(": ", 1)[0].endswith("cards.csv:2:1") and "art/blank.svg: the drawing is empty" in lines[0]


def test_a_rule_naming_a_missing_component_is_in_the_same_run(tmp_path: Path) -> None:
    game = _new_game(tmp_path)
    _edit(game / "game.yaml", "count: {of: cards, equals: 20}", "count: {of: crads, equals: 20}")
    _edit(game / "components.yaml", "size: 14pt", "szie: 14pt")
    code, lines = _validate(game)
    text = "\n".join(lines)
    assert code == 1 and len(lines) == 2, lines
    assert 'unknown key "szie"' in text and 'deck-size: no component "crads" (did you mean "cards"?)' in text


def test_a_rule_naming_a_broken_component_is_not_blamed(tmp_path: Path) -> None:
    game = _new_game(tmp_path)
    _edit(game / "components.yaml", "kind: card", "kind: crad")
    code, lines = _validate(game)
    assert code == 1 and len(lines) == 1 and 'unknown kind "crad"' in lines[0], lines
