"""Issue 25, item 4: the audit sees every overprint, a stranded heading and a block split by a page
break. A small game is built with each fault made on purpose; the audit finds it at its component,
and finds nothing once the fault is taken out."""

from __future__ import annotations

from pathlib import Path

import pytest

from genpnp.audit import audit_game
from genpnp.impose.options import Options
from genpnp.load.project import load_game

CARDS = """components:
  cards:
    kind: card
    faces:
      front:
        fill: "#ffffff"
        draw:
          - text: {{text: "Action", box: [8%, {type_y}, 84%, 8%], size: 10pt}}
          - text: {{text: "Draw two cards, then discard one of them.", box: [8%, 40%, 84%, 10%], size: 9pt}}
    qty: 4
  board:
    kind: board
    rows: 4
    cols: 4
    cell: 20mm
    margin: 9mm
    face:
      draw:
        - text: {{text: "THE BOARD", box: [30%, {title_y}, 40%, 6%], size: 14pt}}
  rules:
    kind: text
    text: |
{rules}
"""


def small_game(tmp_path: Path, type_y: str = "6%", title_y: str = "45%", rules: str = "Play well.") -> Path:
    folder = tmp_path / "content" / "small"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text('name: Small\nversion: "1"\nlicence: CC0\nplayers: "2"\n'
                                      "sections: [rules, cards, board]\n", encoding="utf-8")
    body = "\n".join("      " + line for line in rules.splitlines())
    (folder / "components.yaml").write_text(CARDS.format(type_y=type_y, title_y=title_y, rules=body),
                                            encoding="utf-8")
    return folder


def findings(folder: Path, kind: str, **options) -> list:
    audit = audit_game(load_game(folder), Options(**options))
    return [f for f in audit.findings if f.kind == kind]


def test_the_clean_small_game_has_no_findings(tmp_path: Path):
    audit = audit_game(load_game(small_game(tmp_path)), Options())
    assert not audit.findings, [str(f) for f in audit.findings]


def test_a_cards_type_line_moved_onto_its_rules_text(tmp_path: Path):
    found = findings(small_game(tmp_path, type_y="41%"), "text-overlap")
    assert found and '"Action"' in found[0].message and "cards" in found[0].message
    assert found[0].loc.file.endswith("components.yaml") and found[0].severity == "error"


def test_a_board_title_over_its_column_labels(tmp_path: Path):
    found = findings(small_game(tmp_path, title_y="1%"), "text-overlap")
    assert found and "THE BOARD" in " ".join(f.message for f in found) and "board" in found[0].message


def _stranded_rules(filler: int) -> str:
    body = "\n\n".join(f"Paragraph {n} of words that fill the page line by line." for n in range(filler))
    return f"{body}\n\n## A heading\n\nThe first lines under the heading, long enough to wrap onto a second line.\n"


def test_a_heading_left_at_the_foot_of_a_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """With keep-with-next reduced to the heading alone (as before), some page ends on a heading;
    the audit finds it there, and not with keep-with-next."""
    from genpnp.impose import textflow

    def heading_only(blocks, index, font, size, width, most):
        return size * 1.35 * 1.3 * 1.5  # a level-2 heading and the space above it, nothing after

    caught = None
    for filler in range(20, 60):
        folder = small_game(tmp_path / str(filler), rules=_stranded_rules(filler))
        with monkeypatch.context() as m:
            m.setattr(textflow, "keep_with_next", heading_only)
            found = findings(folder, "stranded-heading")
        if found:
            caught = (folder, found)
            break
    assert caught is not None
    folder, found = caught
    assert '"A heading"' in found[0].message and found[0].severity == "error"
    assert found[0].loc.line == 2 * filler + 1  # the heading's line in the inline text
    assert not findings(folder, "stranded-heading")


def test_an_unsplittable_block_cut_by_a_page_break(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Any block marked unsplittable (a figure; here a table made one) that a page break cuts is an error."""
    from genpnp.impose import textflow

    rows = "\n".join(f"| row {n} | value {n} |" for n in range(90))
    folder = small_game(tmp_path, rules=f"Intro.\n\n| Name | Value |\n|---|---|\n{rows}\n")
    assert not findings(folder, "split-block")
    monkeypatch.setattr(textflow, "UNSPLITTABLE", ("figure", "table"))
    found = findings(folder, "split-block")
    assert found and "a table (line 3)" in found[0].message and found[0].severity == "error"
