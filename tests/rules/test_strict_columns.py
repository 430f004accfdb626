"""`validate --strict`: every shipped game passes; a column is "used" when a declared rule reads it."""

from __future__ import annotations

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
    # best is read by the rule tiles-complete alone: drop it from that rule and it is unused
    edit(folder / "game.yaml", "filled: [name, objective, detail, best]", "filled: [name, objective, detail]",
         unique=True)
    code, out = output_of("validate", "--strict", "--content", str(folder.parent), "berzerka")
    assert code == 1
    assert 'contract-tiles.yaml:7:5: the column "best" is not used by any face of "contract-tiles" or by the rules' \
        in out


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
