"""Fonts a game names: a damaged file, a file outside the game folder, a font by path in a text
element. Each is an error at its line, exit 1, no traceback, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfcheck import copy_game, output_of


def _build(folder: Path, tmp_path: Path) -> tuple[int, str]:
    return output_of("build", folder.name, "--content", str(folder.parent), "--out", str(tmp_path / "out"))


@pytest.mark.parametrize("file", ["fonts/bad.ttf", "/usr/share/fonts/none.ttf", "../outside.ttf"])
def test_a_game_font_that_cannot_be_used_is_an_error_at_its_line(tmp_path: Path, file: str):
    folder = copy_game(tmp_path, "gerrymander")
    (folder / "fonts").mkdir()
    (folder / "fonts" / "bad.ttf").write_bytes(b"this is not a font" * 10)
    (tmp_path / "content" / "outside.ttf").write_bytes(b"\x00\x01\x00\x00" + b"x" * 100)
    with (folder / "game.yaml").open("a", encoding="utf-8") as f:
        f.write(f"fonts:\n  title: {{file: {file}, licence: none}}\n")
    line = (folder / "game.yaml").read_text(encoding="utf-8").count("\n")
    code, out = _build(folder, tmp_path)
    assert code == 1 and "Traceback" not in out, out
    assert f"game.yaml:{line}:" in out, out
    assert not (tmp_path / "out").exists()


def test_a_text_element_naming_a_font_by_path_is_an_unknown_font(tmp_path: Path):
    folder = copy_game(tmp_path, "berzerka")
    components = folder / "components.yaml"
    text = components.read_text(encoding="utf-8")
    assert "font: averia-serif-bold" in text
    components.write_text(text.replace("font: averia-serif-bold", "font: /usr/share/fonts/truetype/x.ttf", 1),
                          encoding="utf-8")
    code, out = _build(folder, tmp_path)
    assert code == 1 and "Traceback" not in out and "components.yaml:" in out, out
    assert not (tmp_path / "out").exists()
