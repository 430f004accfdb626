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


def test_each_layout_says_how_many_sets_of_pieces_it_needs() -> None:
    """The line under a layout's title names the fewest prints of the cake tiles (with their Mystery discs
    and candles) that hold every tile its diagram shows: not one set fewer, not one more."""
    import math

    from genpnp.load.project import load_game
    from genpnp.model.mapboard import MapBoard

    game = load_game(Path(__file__).resolve().parents[2] / "content" / "berrymandering")
    items = game.components["cake-tiles"].items
    per_set: dict[tuple[str, int], int] = {}
    for item in items:
        key = ("random", 0) if item.fields.get("random") else (item.fields["fruit"], int(item.fields["berries"]))
        per_set[key] = per_set.get(key, 0) + item.qty
    discs, candles = game.components["mystery-discs"].piece_count(), game.components["candles"].piece_count()
    for comp in game.components.values():
        if not isinstance(comp, MapBoard):
            continue
        gm = comp.grid
        need: dict[tuple[str, int], int] = {("random", 0): gm.random_tiles}
        for team in ("strawberry", "blueberry"):
            for marks, n in enumerate(gm.tile_counts(team), start=1):
                need[(team, marks)] = n
        sets = max(math.ceil(n / per_set[key]) for key, n in need.items() if n)
        sets = max(sets, math.ceil(gm.random_tiles / discs), math.ceil(len(gm.cells) / gm.group / candles))
        said = re.search(r"(one|\d+) sets? of pieces", comp.facts_line())
        assert said, comp.name
        assert (1 if said.group(1) == "one" else int(said.group(1))) == sets, (comp.name, sets)
