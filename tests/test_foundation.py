"""Issue 2: YAML content to a printable PDF, end to end (Game of Gerrymander)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pdfcheck import CONTENT, MM, copy_game, edit, embedded_fonts, page_sizes_mm, pdf_text, run

from genpnp.impose.document import impose_game
from genpnp.impose.options import Options, parse_paper
from genpnp.load.project import load_game
from genpnp.render.sheet import page_size

PAPERS_MM = {"letter": (215.9, 279.4), "a4": (210.0, 297.0), "legal": (215.9, 355.6)}


@pytest.fixture(scope="module")
def gerrymander():
    return load_game(CONTENT / "gerrymander")


@pytest.mark.parametrize("paper", ["letter", "a4", "legal"])
def test_pages_are_the_paper_size(tmp_path: Path, paper: str):
    result = run("build", "gerrymander", "--paper", paper, "--out", tmp_path, "--content", CONTENT)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / f"gerrymander-{paper}-color.pdf"
    assert pdf.is_file() and str(pdf) in result.output
    assert set(page_sizes_mm(pdf)) == {PAPERS_MM[paper]}


@pytest.mark.parametrize("paper", ["letter", "a4", "legal", "200x250mm"])
def test_pieces_inside_margin_and_true_to_size(gerrymander, paper: str):
    options = Options(paper=parse_paper(paper))
    doc = impose_game(gerrymander, options)
    m = options.margin
    sizes = {"red-tiles": 21.2, "blue-tiles": 21.2}  # 22 mm cells, tiles cut 0.4 mm inside (inset)
    seen = 0
    for sheet in doc.sheets:
        page_w, page_h = page_size(doc, sheet)
        for p in sheet.placements:
            box = p.box
            assert box.x >= m - 0.01 and box.y >= m - 0.01
            assert box.x2 <= page_w - m + 0.01 and box.y2 <= page_h - m + 0.01
            if p.piece.component in sizes:
                assert abs(box.w / MM - sizes[p.piece.component]) < 0.1
                assert abs(box.h / MM - sizes[p.piece.component]) < 0.1
                seen += 1
        if sheet.scale_box is not None:
            side = sheet.scale_box.w / MM
            assert side == pytest.approx(25.0 if paper in ("a4", "200x250mm") else 25.4, abs=0.01)
            assert not any(sheet.scale_box.overlaps(p.box) for p in sheet.placements)
    assert seen == 128


def test_every_sheet_has_title_footer_scale(tmp_path: Path):
    run("build", "gerrymander", "--out", tmp_path, "--content", CONTENT)
    text = pdf_text(tmp_path / "gerrymander-letter-color.pdf")
    pages = text.split("page ")
    assert "Red tiles · Blue tiles 1 to 24 of 64" in text and "Blue tiles 25 to 64 of 64 · Die" in text
    assert text.count("scale check") == 2  # on the cover and the first sheet to cut (issue 25)
    for n in range(1, 7):
        assert f"page {n} of 6" in text
    assert "Contents" in text and "Legend" in text and "Print at 100%" in text and len(pages) > 5


def test_build_is_reproducible(tmp_path: Path):
    for sub in ("one", "two"):
        assert run("build", "gerrymander", "--out", tmp_path / sub, "--content", CONTENT).exit_code == 0
    one = (tmp_path / "one" / "gerrymander-letter-color.pdf").read_bytes()
    two = (tmp_path / "two" / "gerrymander-letter-color.pdf").read_bytes()
    assert one == two


def test_text_is_real_and_fonts_embedded(tmp_path: Path):
    run("build", "gerrymander", "--out", tmp_path, "--content", CONTENT)
    pdf = tmp_path / "gerrymander-letter-color.pdf"
    assert "largest single connected" in pdf_text(pdf).replace("\n", " ")
    fonts = embedded_fonts(pdf)
    assert fonts and all("DejaVu" in f or "gp-" in f or "+" in f for f in fonts)


@pytest.mark.parametrize("old, new, where, words", [
    ("    rows: 8\n", "    rowz: 8\n", "components.yaml:12:5", 'unknown key "rowz" (did you mean "rows"?)'),
    ("    cell: 22mm\n", "    cell: [22mm]\n", "components.yaml:14:11", "expected a length"),
    ("source: text/guide.md", "source: text/missing.md", "components.yaml:5:13", "file not found"),
    ("    qty: 64\n", "    qty: 64\n  broken: [\n", "components.yaml", "broken YAML"),
    ("    qty: 64\n", "    qty: !!python/object:os.system 64\n", "components.yaml:39:10", "not allowed"),
])
def test_content_errors(tmp_path: Path, old: str, new: str, where: str, words: str):
    game = copy_game(tmp_path, "gerrymander")
    edit(game / "components.yaml", old, new)
    out = tmp_path / "out"
    for command in (["validate"], ["build", "--out", out]):
        result = run(*command, "gerrymander", "--content", tmp_path / "content")
        assert result.exit_code == 1
        assert where in result.stderr and words in result.stderr, result.stderr
        assert "Traceback" not in result.output + result.stderr
    assert not out.exists() or not list(out.iterdir())


def test_all_errors_are_reported_at_once(tmp_path: Path):
    game = copy_game(tmp_path, "gerrymander")
    edit(game / "components.yaml", "    rows: 8\n", "    rowz: 8\n")
    edit(game / "components.yaml", "    size: 24mm ", "    size: 24 ")
    result = run("validate", "gerrymander", "--content", tmp_path / "content")
    assert result.exit_code == 1
    assert 'unknown key "rowz"' in result.stderr and "has no unit" in result.stderr


def test_removing_a_red_tile_fails_validation(tmp_path: Path):
    game = copy_game(tmp_path, "gerrymander")
    edit(game / "components.yaml", "    qty: 64\n", "    qty: 63\n")
    result = run("validate", "gerrymander", "--content", tmp_path / "content")
    assert result.exit_code == 1
    assert "components.yaml:39:10: tiles-per-colour: red-tiles: 63" in result.stderr  # the edited qty line
    built = run("build", "gerrymander", "--content", tmp_path / "content", "--out", tmp_path / "out")
    assert built.exit_code == 1 and not (tmp_path / "out").exists()


def test_list_and_json(tmp_path: Path):
    listed = run("list", "--content", CONTENT / "gerrymander")
    assert "red-tiles" in listed.output and "64 pieces" in listed.output
    result = run("validate", "--format", "json", "--content", CONTENT / "gerrymander")
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert document["valid"] and document["games"]["gerrymander"]["errors"] == []


def test_component_filter(tmp_path: Path):
    result = run("build", "gerrymander", "--component", "die", "--out", tmp_path, "--content", CONTENT)
    assert result.exit_code == 0
    (pdf,) = tmp_path.glob("*.pdf")
    assert len(page_sizes_mm(pdf)) == 2
    bad = run("build", "gerrymander", "--component", "dice", "--out", tmp_path, "--content", CONTENT)
    assert bad.exit_code == 2 and 'did you mean "die"' in bad.stderr  # a usage error
