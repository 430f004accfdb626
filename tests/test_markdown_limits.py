"""Numbers in a Markdown text are bounded like every other number: no traceback, an error at the line."""

from __future__ import annotations

from pathlib import Path

from pdfcheck import copy_game, output_of


def test_a_list_numbered_with_5000_digits_is_an_error_at_its_line(tmp_path: Path):
    folder = copy_game(tmp_path, "gerrymander")
    guide = folder / "text" / "guide.md"
    text = guide.read_text(encoding="utf-8")
    line = text.count("\n") + 3
    guide.write_text(text + "\n\n" + "9" * 5000 + ". a list item\n", encoding="utf-8")
    code, out = output_of("build", "gerrymander", "--content", str(folder.parent), "--out", str(tmp_path / "out"))
    assert code == 1 and "Traceback" not in out
    assert f"guide.md:{line}:1: a list item numbered with 5000 digits" in out
    assert not (tmp_path / "out").exists()
