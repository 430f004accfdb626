"""Berrymandering's rules module and the teams its grid maps declare (content/berrymandering/maps.yaml)."""

from __future__ import annotations

import re
from pathlib import Path

from pdfcheck import copy_game, edit, validate


def test_a_map_with_a_third_team_breaks_map_teams(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berrymandering")
    maps = folder / "maps.yaml"
    line = edit(maps, "    teams:\n", "    teams:\n      cherry: {codes: xyz}\n", unique=True) + 1
    code, out = validate(folder)
    assert code == 1
    found = re.findall(r"maps\.yaml:(\d+):\d+: [\w-]*/?map-teams: (.*)", out)
    assert set(found) == {(str(line), "teams cherry, strawberry, blueberry (in map-standard-6x6); the maps have "
                                      "the teams strawberry and blueberry (every map cuts into groups of four)")}, out


def test_a_map_drawn_with_a_code_of_no_team_is_a_content_error(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berrymandering")
    target = folder / "maps" / "learning-4x6.yaml"
    text = target.read_text(encoding="utf-8")
    first = next(i for i, row in enumerate(text.split("\n")) if row.startswith("  ") and "?" in row)
    row = text.split("\n")[first]
    col = row.index("?") + 1
    edit(target, row, row.replace("?", "e", 1), unique=True)
    code, out = validate(folder)
    assert code == 1
    assert f'maps/learning-4x6.yaml:{first + 1}:{col}: unknown cell code "e" (cells: ' in out, out
    assert '"1234" strawberry, "abcd" blueberry' in out
