"""game.yaml keys that were read by nothing are gone: writing one is an error, not a silent no-op."""

from __future__ import annotations

from pathlib import Path

from pdfcheck import copy_game, line_of, validate


def test_a_font_key_in_game_yaml_is_unknown_with_did_you_mean(tmp_path: Path):
    folder = copy_game(tmp_path, "gerrymander")
    with (folder / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("font: serif\n")
    code, out = validate(folder)
    line = line_of(folder / "game.yaml", "font: serif")
    assert code == 1 and f'game.yaml:{line}:1: unknown key "font" (did you mean "fonts"?)' in out
