"""A grid map that may not be turned (rotatable: false) is printed upright, even where only a turned
one would fill the room an earlier section left on its page."""

from __future__ import annotations

from pathlib import Path

from test_gridmap import BOARD_YAML, GAME_YAML, tiny_game

from genpnp.impose.document import impose_game
from genpnp.impose.options import Options, parse_paper
from genpnp.load.project import load_game

TALL = "name: Tall\ngroup: 2\nrows: |\n" + "  1\n  x\n" * 4
TILES = """
  tiles:
    kind: tile
    size: 60mm x 60mm
    qty: 9
    faces: {front: {fill: "#ffffff"}}
"""


def turns(folder: Path) -> set[int]:
    doc = impose_game(load_game(folder), Options(paper=parse_paper("letter")))
    return {p.rotation % 180 for sheet in doc.sheets for p in sheet.placements if p.component.name == "arena"}


def game(tmp_path: Path, upright: bool) -> Path:
    board = BOARD_YAML.replace("cell: 20mm", "cell: 10mm" + ("\n    rotatable: false" if upright else "")) + TILES
    folder = tiny_game(tmp_path, board, TALL)
    (folder / "game.yaml").write_text(GAME_YAML.replace("[arena]", "[tiles, arena]"), encoding="utf-8")
    return folder


def test_a_tall_map_is_turned_into_a_low_room_unless_it_must_stay_upright(tmp_path: Path) -> None:
    assert turns(game(tmp_path / "free", upright=False)) == {90}
    assert turns(game(tmp_path / "upright", upright=True)) == {0}


def test_maps_of_one_size_keep_their_gutter_apart(tmp_path: Path) -> None:
    """Maps of one size share a grid on the sheet: with a gutter they stand that far apart, each with
    its own border, instead of sharing their cut lines."""
    from genpnp.core.units import MM

    def gaps(gutter: str) -> float:
        one = BOARD_YAML.replace("cell: 20mm", "cell: 10mm" + gutter)
        board = one + one.split("components:\n")[1].replace("arena:", "arena2:")
        folder = tiny_game(tmp_path / str(len(gutter)), board, TALL)
        (folder / "game.yaml").write_text(GAME_YAML.replace("[arena]", "[arena, arena2]"), encoding="utf-8")
        doc = impose_game(load_game(folder), Options(paper=parse_paper("letter")))
        page = next(s for s in doc.sheets if len(s.placements) == 2)
        a, b = sorted((p.box for p in page.placements), key=lambda box: (box.x, -box.y))
        return max(b.x - a.x2, a.y - b.y2, b.y - a.y2) / MM

    assert abs(gaps("")) < 0.1
    assert gaps("\n    gutter: 5mm") >= 5 - 0.01
