"""Items from spreadsheets: errors name the CSV row and column; the docs' 20-card walkthrough works as written."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from pdfcheck import ROOT, pdf_text, run

from genpnp.content.project import load_game
from genpnp.errors import ContentError

DOC = ROOT / "docs" / "content.md"


def starter(tmp_path: Path, csv_text: str) -> Path:
    assert run("new", "deck", "--content", tmp_path).exit_code == 0
    (tmp_path / "deck" / "cards.csv").write_text(csv_text, encoding="utf-8")
    return tmp_path / "deck"


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_game(folder)
    return info.value.lines()


def test_bad_qty_names_the_row_and_column(tmp_path: Path) -> None:
    folder = starter(tmp_path, "title,text,qty\nHarvest,Gain grain.,2\nDrought,Lose grain.,two\n")
    (line,) = problems(folder)
    assert re.fullmatch(r".*deck/cards\.csv:3:21: qty must be a whole number, got 'two'", line), line


def test_short_row_names_the_row(tmp_path: Path) -> None:
    folder = starter(tmp_path, "title,text,qty\nHarvest,Gain grain.,2\nDrought,3\n")
    (line,) = problems(folder)
    assert re.fullmatch(r".*deck/cards\.csv:3:1: this row has 2 cells; the header has 3", line), line


def test_a_missing_column_names_the_face_using_it_and_the_row(tmp_path: Path) -> None:
    folder = starter(tmp_path, "title,qty\nHarvest,2\nDrought,1\n")
    (line,) = problems(folder)  # once, not once per row
    assert re.fullmatch(r".*deck/components\.yaml:21:\d+: no field \"text\" on the item at .*deck/cards\.csv:2:1"
                        r" \(expected one of: title\)", line), line


def test_csv_fields_quantities_and_empty_rows(tmp_path: Path) -> None:
    folder = starter(tmp_path, 'title,text,qty\n"Market, Day","Trade ""two"" goods",3\n,,\nWell,Ignore,\n')
    pieces = load_game(folder).components["cards"].pieces
    assert [p.fields["title"] for p in pieces] == ["Market, Day"] * 3 + ["Well"]
    assert pieces[0].fields["text"] == 'Trade "two" goods'


def test_the_docs_walkthrough_makes_a_20_card_deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Follow docs/content.md, "Make your own deck from a spreadsheet", exactly."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("### Make your own deck from a spreadsheet", 1)[1].split("\n## ", 1)[0]
    steps = re.findall(r"```(sh steps=csv-deck|csv example=csv-deck file=(\S+))\n(.*?)```", section, re.S)
    assert [s[0].split()[0] for s in steps] == ["sh", "csv", "sh"]
    monkeypatch.chdir(tmp_path)
    for info, path, body in steps:
        body = re.sub(r"^ {3}", "", body, flags=re.M)  # the blocks are indented inside a numbered list
        if info.startswith("csv"):
            Path(path).write_text(body, encoding="utf-8")
            continue
        for line in body.splitlines():
            args = shlex.split(line)
            assert args[0] == "genpnp"
            result = run(*args[1:])
            assert result.exit_code == 0, result.output
    game = load_game(tmp_path / "my-games" / "my-deck")
    assert game.components["cards"].piece_count() == 20
    pdf = tmp_path / "out" / "my-deck-letter-color.pdf"
    assert "Market Day" in pdf_text(pdf) and "Census" in pdf_text(pdf)
