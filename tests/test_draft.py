"""`build --force` with text too long for its box (issue 28, item 5): a draft PDF is written, the text drawn cut
at its box with a red marker, the pieces named in the page's margin; the command still exits 1."""

from __future__ import annotations

from pathlib import Path

from pdfcheck import edit, output_of, pdf_text, run
from pypdf import PdfReader

LONG = "Counts as any card you like. " * 60  # too long in any font the starter may use


def _game(tmp_path: Path) -> Path:
    assert run("new", "deck", "--content", tmp_path).exit_code == 0
    folder = tmp_path / "deck"
    edit(folder / "cards.csv", "Counts as any card you like.", LONG.strip())
    return folder


def test_without_force_nothing_is_written(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    code, out = output_of("build", "--content", tmp_path / "deck", "deck", "--out", tmp_path / "out")
    assert code == 1
    assert "cards.csv:6:6: text too long for its box" in out  # at the cell the text came from
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("*.pdf"))
    assert folder.exists()


def test_force_writes_a_marked_draft_and_still_fails(tmp_path: Path) -> None:
    _game(tmp_path)
    code, out = output_of("build", "--content", tmp_path / "deck", "deck", "--out", tmp_path / "out", "--force")
    assert code == 1
    assert "text too long for its box" in out and "a draft with 1 error(s)" in out
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    text = pdf_text(pdf)
    assert "DRAFT (build --force): not for printing" in text
    assert 'cards #17-20 "Wild" (front): text too long for its box, drawn cut (red)' in text
    pages = PdfReader(str(pdf)).pages
    marked = [i for i, page in enumerate(pages) if "DRAFT" in (page.extract_text() or "")]
    assert marked == [len(pages) - 1]  # only the page with the broken cards
    forms = pages[-1]["/Resources"]["/XObject"].values()  # each face is drawn once, as a form
    assert any(b".86 .1 .1 RG" in form.get_object().get_data() for form in forms)  # the red frame on the box


def test_force_on_a_clean_game_is_no_draft(tmp_path: Path) -> None:
    assert run("new", "deck", "--content", tmp_path).exit_code == 0
    code, out = output_of("build", "--content", tmp_path / "deck", "deck", "--out", tmp_path / "out", "--force")
    assert code == 0, out
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    assert "DRAFT" not in pdf_text(pdf)
