"""`validate --strict`: every shipped game passes; a column is "used" when a declared rule reads it."""

from __future__ import annotations

import re
from pathlib import Path

from pdfcheck import CONTENT, copy_game, edit, output_of

GAMES = ("berrymandering", "berzerka", "gerrymander", "mapmaker", "redistrict")


def test_every_shipped_game_passes_strict() -> None:
    code, out = output_of("validate", "--strict", "--content", str(CONTENT), *GAMES)
    assert code == 0, out
    for game in GAMES:
        assert f"{game}: valid" in out
    assert "is not used by any face" not in out


def test_a_column_only_a_rule_reads_is_used_and_an_unread_one_is_not(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    # a column no face draws: used while the rule tiles-complete reads it, unused once it does not
    tiles = folder / "data" / "contract-tiles.yaml"
    edit(tiles, "  - name: ", "  - note: x\n    name: ", count=tiles.read_text(encoding="utf-8").count("  - name: "))
    rule = "filled: [name, objective, penalty, detail, best]"
    edit(folder / "game.yaml", rule, rule.replace("best]", "best, note]"), unique=True)
    code, out = output_of("validate", "--strict", "--content", str(folder.parent), "berzerka")
    assert code == 0, out
    edit(folder / "game.yaml", rule.replace("best]", "best, note]"), rule, unique=True)
    code, out = output_of("validate", "--strict", "--content", str(folder.parent), "berzerka")
    assert code == 1
    assert re.search(r'contract-tiles\.yaml:\d+:\d+: the column "note" is not used by any face of "contract-tiles" '
                     r"or by the rules", out), out


def test_a_field_a_rule_kind_reads_by_name_is_used(tmp_path: Path) -> None:
    # frame-fit reads each frame's grid and gap without naming them in its parameters
    code, out = output_of("validate", "--strict", "--content", str(CONTENT), "berrymandering")
    assert code == 0, out
    folder = copy_game(tmp_path, "berrymandering")
    edit(folder / "board.yaml", "{grid: 6, gap: 2mm, qty: 4}", "{grid: 6, gap: 2mm, part: lip, qty: 4}")
    code, out = output_of("validate", "--strict", "--content", str(folder.parent), "berrymandering")
    assert code == 1 and 'the column "part" is not used' in out and '"grid"' not in out


def test_an_info_line_never_fails_strict() -> None:
    code, out = output_of("validate", "--strict", "--content", str(CONTENT), "redistrict")
    assert code == 0, out
    assert "party-balance: precincts red 103, blue 103 (gap 0)" in out  # reported, not a failure
