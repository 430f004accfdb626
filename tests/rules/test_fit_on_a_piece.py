"""The fit rule with another piece's size as the space: a counter laid on a tile."""

from __future__ import annotations

import re
from pathlib import Path

from pdfcheck import edit, validate
from test_yaml_rules import new_game

COUNTERS = """
  counters:
    kind: disc
    size: 16mm
    qty: 4
    faces: {front: {fill: paper}}
"""

RULE = """  - id: counter-on-tile
    fit: {piece: counters, into: tiles.size, gap: 2mm, smaller: true}
"""


def test_a_counter_laid_on_a_tile_fits_inside_it(tmp_path: Path) -> None:
    folder = new_game(tmp_path)
    comps, game = folder / "components.yaml", folder / "game.yaml"
    comps.write_text(comps.read_text() + COUNTERS)
    game.write_text(game.read_text().replace("sections: [guide, cards, board, tiles]",
                                             "sections: [guide, cards, board, tiles, counters]") + RULE)
    code, out = validate(folder)
    assert code == 0, out
    line = edit(comps, "    size: 16mm\n", "    size: 18mm\n", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"components\.yaml:{line}:\d+: counter-on-tile: counters are 18 mm x 18 mm; they should be "
                     r"17 mm x 17 mm \(2 mm smaller than the space\), at most", out), out
