"""Items from spreadsheets: errors name the CSV row and column; the docs' 20-card walkthrough works as written."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from pdfcheck import ROOT, pdf_text, run

from genpnp.core.errors import ContentError
from genpnp.load.project import load_game

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
    """Reported at the CSV row that lacks the field, naming the face's {text} that asks for it."""
    folder = starter(tmp_path, "title,qty\nHarvest,2\nDrought,1\n")
    (line,) = problems(folder)  # once, not once per row
    assert re.fullmatch(r".*deck/cards\.csv:2:1: no field \"text\" on this item, which .*deck/components\.yaml:22:\d+"
                        r" uses \(expected one of: title\)", line), line


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


# ---------------------------------------------------------------- spreadsheets as they are saved (issues 15, 17)

ROWS = [("Harvest", "Gain grain.", "2"), ("Drought", "Lose grain.", "1"), ("Café", "Buy a coffee.", "3")]


def titles(folder: Path) -> list[str]:
    return [p.fields["title"] for p in load_game(folder).components["cards"].pieces]


EXPECTED_TITLES = ["Harvest"] * 2 + ["Drought"] + ["Café"] * 3


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig"])
def test_utf8_with_or_without_bom_in_every_delimiter(tmp_path: Path, encoding: str, delimiter: str) -> None:
    folder = starter(tmp_path, "")
    text = "\r\n".join(delimiter.join(row) for row in [("title", "text", "qty"), *ROWS]) + "\r\n"
    (folder / "cards.csv").write_bytes(text.encode(encoding))
    assert titles(folder) == EXPECTED_TITLES


def test_windows_excel_cp1252_is_read_with_a_warning(tmp_path: Path) -> None:
    folder = starter(tmp_path, "")
    text = "title;text;qty\r\n" + "".join(";".join(row) + "\r\n" for row in ROWS)
    (folder / "cards.csv").write_bytes(text.encode("cp1252"))
    game = load_game(folder)
    assert [p.fields["title"] for p in game.components["cards"].pieces] == EXPECTED_TITLES
    (warning,) = [str(w) for w in game.warnings if "cards.csv" in str(w)]
    assert re.fullmatch(r".*deck/cards\.csv:1:1: warning: the CSV file is not UTF-8; it was read as "
                        r"Windows-1252 \(cp1252\): .*CSV UTF-8.*", warning), warning


def test_utf16_is_refused_with_a_hint(tmp_path: Path) -> None:
    folder = starter(tmp_path, "")
    (folder / "cards.csv").write_bytes("title,text,qty\nA,b,1\n".encode("utf-16"))
    (line,) = problems(folder)
    assert re.fullmatch(r".*deck/cards\.csv:1:1: the CSV file is UTF-16 text: .*CSV UTF-8.*", line), line


def write_xlsx(path: Path, rows: list[tuple], sheet: str = "Cards") -> None:
    from openpyxl import Workbook

    book = Workbook()
    ws = book.active
    ws.title = sheet
    for row in rows:
        ws.append(list(row))
    book.save(path)


def test_items_from_an_xlsx_workbook(tmp_path: Path) -> None:
    folder = starter(tmp_path, "")
    write_xlsx(folder / "cards.xlsx", [("title", "text", "qty"), ("Harvest", "Gain grain.", 2),
                                       ("Drought", "Lose grain.", 1.0), (None, None, None), ("Café", 7, 3)])
    edit = (folder / "components.yaml").read_text().replace("{csv: cards.csv}", "{xlsx: cards.xlsx, sheet: Cards}")
    (folder / "components.yaml").write_text(edit)
    pieces = load_game(folder).components["cards"].pieces
    assert [p.fields["title"] for p in pieces] == EXPECTED_TITLES
    assert pieces[-1].fields["text"] == 7


def test_xlsx_errors_name_the_row_and_column(tmp_path: Path) -> None:
    folder = starter(tmp_path, "")
    write_xlsx(folder / "cards.xlsx", [("title", "text", "qty"), ("Harvest", "Gain grain.", "two"),
                                       ("Drought", "Lose grain.", 1)])
    edit = (folder / "components.yaml").read_text().replace("{csv: cards.csv}", "{xlsx: cards.xlsx}")
    (folder / "components.yaml").write_text(edit)
    (line,) = problems(folder)
    assert re.fullmatch(r".*deck/cards\.xlsx:2:3: qty must be a whole number, got 'two'", line), line
    (folder / "components.yaml").write_text(edit.replace("{xlsx: cards.xlsx}", "{xlsx: cards.xlsx, sheet: Crads}"))
    (line,) = problems(folder)
    assert re.fullmatch(r'.*deck/cards\.xlsx:1:1: no sheet "Crads" \(did you mean "Cards"\?\)', line), line


def test_an_unused_column_is_a_warning_and_strict_makes_it_an_error(tmp_path: Path) -> None:
    folder = starter(tmp_path, "title,text,qty,notes\nHarvest,Gain grain.,2,x\nDrought,Lose grain.,1,y\n")
    game = load_game(folder)
    (warning,) = [str(w) for w in game.warnings]  # once, at the first row
    assert re.fullmatch(r'.*deck/cards\.csv:2:1: warning: the column "notes" is not used by any face of '
                        r'"cards" or by the rules: it is ignored \(the faces use: .*\)', warning), warning
    content = str(tmp_path)
    plain = run("validate", "--content", content)
    assert plain.exit_code == 0 and 'the column "notes"' in plain.stderr
    strict = run("validate", "--content", content, "--strict")
    assert strict.exit_code == 1 and "FAILED" in strict.stdout
    built = run("build", "--content", folder, "--strict", "--out", tmp_path / "out")  # out beside the game
    assert built.exit_code == 1 and 'the column "notes"' in built.stderr and not (tmp_path / "out").exists()


@pytest.mark.parametrize("column", ["quantity", "count", "copies", "Quantity"])
def test_a_quantity_under_another_name_is_an_error_never_one_card_per_row(tmp_path: Path, column: str) -> None:
    """Issue 28: a `quantity` column gave 14 cards where the designer meant 39; now it stops the build."""
    folder = starter(tmp_path, f"title,text,{column}\nHarvest,Gain grain.,20\nDrought,Lose grain.,10\n")
    (line,) = problems(folder)
    assert re.fullmatch(rf'.*deck/cards\.csv:2:\d+: the column "{column}" is not read: genpnp takes how many of '
                        r'each item from a column named "qty" \(every item is now printed once\): rename it qty.*',
                        line), line
    built = run("build", "--content", folder, "--out", tmp_path / "out")  # out beside the game
    assert built.exit_code == 1 and not (tmp_path / "out").exists()


def test_right_to_left_text_is_a_warning_naming_the_text_and_font(tmp_path: Path) -> None:
    folder = starter(tmp_path, "title,text,qty\nשלום,Hello,1\nPlain,Text,1\n")
    game = folder / "game.yaml"  # DejaVu has Hebrew letters (the starter's Cabin has none: an error)
    game.write_text(game.read_text(encoding="utf-8").replace("body: {font: cabin}", "body: {font: sans}"),
                    encoding="utf-8")
    warnings = [str(w) for w in load_game(folder).warnings]
    (warning,) = [w for w in warnings if "right-to-left" in w]
    assert re.fullmatch(r".*deck/components\.yaml:\d+:\d+: warning: right-to-left text in 'שלום' is drawn letter by "
                        r'letter, left to right, in the font "sans": it will print wrong', warning), warning
    assert run("validate", "--content", str(tmp_path), "--strict").exit_code == 1
