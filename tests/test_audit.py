"""genpnp audit: it measures every page, and it catches what a player would see."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pdfcheck import CONTENT, run

from genpnp.audit import audit_game
from genpnp.audit.checks import audit_document
from genpnp.impose.document import impose_game
from genpnp.impose.options import Options, parse_paper
from genpnp.impose.sheet import Mark, SheetList
from genpnp.load.project import load_game

TINY = """components:
  notes:
    kind: card
    faces:
      front:
        fill: "#ffffff"
        draw:
          - text: {text: "{words}", box: [40%, 40%, 90%, 20%], size: 12pt, align: left}
    items:
      - {words: "x"}
      - {words: "words that run off the card"}
"""


def tiny_game(tmp_path: Path, licence: str = "CC0") -> Path:
    folder = tmp_path / "content" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(f'name: Tiny\nversion: "1"\nlicence: "{licence}"\nplayers: "2"\n'
                                      "sections: [notes]\n", encoding="utf-8")
    (folder / "components.yaml").write_text(TINY, encoding="utf-8")
    return folder


def test_audit_reports_coverage_sheets_and_no_faults_for_a_clean_game():
    audit = audit_game(load_game(CONTENT / "gerrymander"), Options())
    assert [p.role for p in audit.pages] == ["cover", "text", "text", "pieces", "pieces", "pieces"]
    assert all(0 < p.coverage <= 1 for p in audit.pages if p.role == "pieces")
    assert audit.sheets == 6 and 1 <= audit.lower_bound <= 6
    duplex = audit_game(load_game(CONTENT / "gerrymander"), Options(backs="duplex"))
    assert duplex.sheets == 5  # the cover and the guide's first page back to back, its second page, then three
    # sheets single-sided
    assert not audit.errors, [str(f) for f in audit.errors]


def test_audit_catches_overflowing_text(tmp_path: Path):
    folder = tiny_game(tmp_path)
    audit = audit_game(load_game(folder), Options())
    overflow = [f for f in audit.findings if f.kind == "overflow"]
    assert overflow and overflow[0].loc.file.endswith("components.yaml") and overflow[0].page == 2
    code = run("audit", "tiny", "--content", tmp_path / "content").exit_code
    assert code == 1


def test_audit_catches_an_overprinted_footer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A footer drawn without room for its two halves overprints itself (as A4 duplex footers did)."""
    from genpnp.render import sheet as render_sheet

    def old_footer(surface, doc, frame, number, total, band, role=""):
        left, right = render_sheet.footer_texts(doc, number, total)
        b = band.box
        surface.text(b.x, b.y + 4, left, "sans", 7, render_sheet.SOFT, "left")
        surface.text(b.x2, b.y + 4, right, "sans", 7, render_sheet.SOFT, "right")

    folder = tiny_game(tmp_path, licence="x" * 160)
    clean = audit_game(load_game(folder), Options(paper=parse_paper("a4"), backs="duplex"))
    assert not [f for f in clean.findings if f.kind == "text-overlap"]  # the footer shortens its left part
    monkeypatch.setattr(render_sheet, "draw_footer", old_footer)
    broken = audit_game(load_game(folder), Options(paper=parse_paper("a4"), backs="duplex"))
    overlaps = [f for f in broken.findings if f.kind == "text-overlap"]
    assert overlaps and "footer" in overlaps[0].message


def test_audit_catches_a_mark_on_art_and_a_cut_through_a_piece():
    game = load_game(CONTENT / "gerrymander")
    options = Options(bleed=3 * 72 / 25.4)
    doc = impose_game(game, options)
    sheets = list(doc.sheets)
    page = next(i for i, s in enumerate(sheets) if s.role == "pieces" and len(s.placements) > 10)
    box = sheets[page].placements[5].box
    sheets[page].marks.append(Mark("crop", ((box.x + 5, box.y + 5), (box.x + 15, box.y + 5))))
    doc.sheets = SheetList(sheets)
    kinds = {f.kind for f in audit_document(doc, "x.pdf").findings if f.page == page + 1}
    assert {"mark-on-art", "cut-through"} <= kinds


def test_audit_catches_a_backs_page_on_the_wrong_sheet():
    game = load_game(CONTENT / "berzerka")
    doc = impose_game(game, Options(backs="duplex"))
    sheets = list(doc.sheets)
    reading = next(i for i, s in enumerate(sheets) if s.role == "text")
    del sheets[reading]  # a page short before the sheets with backs: their backs fall on odd pages
    doc.sheets = SheetList(sheets)
    assert any(f.kind == "duplex" for f in audit_document(doc, "x.pdf").findings)


def test_audit_json_lists_every_page(tmp_path: Path):
    result = run("audit", "mapmaker", "--format", "json", "--content", CONTENT)
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.stdout)
    assert report["game"] == "mapmaker" and report["pages"] == len(report["page_list"])
    first = next(p for p in report["page_list"] if p["role"] == "pieces")  # the board, after the aid's pages
    assert set(first) == {"page", "role", "title", "coverage", "findings"} and first["coverage"] > 0


def test_no_faults_over_the_sixty_option_sets():
    """5 games x letter/a4/legal x fold/duplex x bleed 0/3: no overflow, no overlap, no mark on art,
    nothing outside the margin, no bleed over a fold, every backs page behind its fronts."""
    import sweep

    for name in sweep.GAMES:
        for paper, backs, bleed in sweep.SETS:
            audit = sweep.audit(name, paper, backs, bleed)
            assert not audit.errors, [str(f) for f in audit.errors[:5]]
            assert not [f for f in audit.findings if f.kind in ("overflow", "text-overlap")]


def test_audit_reports_colours_a_mono_printer_merges(tmp_path: Path):
    from pdfcheck import copy_game, edit

    folder = copy_game(tmp_path, "gerrymander")
    edit(folder / "game.yaml", 'blue: {color: "#5a90e8", grey: 1.0, pattern: stripes,',
         'blue: {color: "#a02a26", grey: 0.55, pattern: hatch,')
    audit = audit_game(load_game(folder), Options())
    contrast = [f for f in audit.findings if f.kind == "contrast"]
    assert contrast and contrast[0].loc.file.endswith("game.yaml") and contrast[0].severity == "warning"


def test_audit_catches_a_crop_mark_through_a_label():
    """A crop mark drawn through text (a block's label, as "Tu|rn summary" once was) is a finding."""
    from genpnp.impose.sheet import Label

    game = load_game(CONTENT / "gerrymander")
    doc = impose_game(game, Options(bleed=3 * 72 / 25.4))
    sheets = list(doc.sheets)
    page = next(i for i, s in enumerate(sheets) if s.role == "pieces" and any(m.kind == "crop" for m in s.marks))
    assert not [f for f in audit_document(doc, "x.pdf").findings if f.kind == "mark-on-text"]
    crop = next(m for m in sheets[page].marks if m.kind == "crop")
    (x1, y1), (x2, y2) = crop.points
    sheets[page].labels.append(Label((x1 + x2) / 2 - 10, (y1 + y2) / 2 - 2, "Turn summary", 8, "left"))
    doc.sheets = SheetList(sheets)
    found = [f for f in audit_document(doc, "x.pdf").findings if f.kind == "mark-on-text"]
    assert found and found[0].page == page + 1 and "Turn summary" in found[0].message
