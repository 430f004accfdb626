"""Parsers with limits (issue #23 item 4), a hostile corpus by class: workbooks (damaged, bombs,
entities, huge cells, far columns, formulas with no saved value, dates), YAML merge keys and long
chains of ``extends``. Each bad case is built in its own process under 60 s and 4 GB (see
test_hostile_read.py): exit 1, an error at ``path:line:col`` or ``path``, no traceback."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from test_hostile_read import genpnp, make_game, replace

Change = Callable[[Path], None]


def workbook(rows: list[list], formulas: dict[str, str] | None = None) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    ws = book.active
    ws.title = "Items"
    for row in rows:
        ws.append(row)
    for cell, formula in (formulas or {}).items():
        ws[cell] = formula  # written by a program: no saved value
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def rezip(data: bytes, part: str, change: Callable[[bytes], bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    """The workbook with one part's bytes changed."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", method) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            dst.writestr(info.filename, change(body) if info.filename == part else body)
    return out.getvalue()


GOOD = [["title", "qty"], ["Ace", 1], ["Two", 2]]
SHEET = "xl/worksheets/sheet1.xml"


def xlsx(data: bytes) -> Change:
    def change(folder: Path) -> None:
        (folder / "cards.xlsx").write_bytes(data)
        text = (folder / "cards.yaml").read_text().replace("{csv: cards.csv}", "{xlsx: cards.xlsx}")
        (folder / "cards.yaml").write_text(text)
    return change


def damaged_deflate(data: bytes) -> bytes:
    """The sheet's compressed bytes overwritten in the middle (the archive's directory left whole)."""
    raw = bytearray(data)
    with zipfile.ZipFile(io.BytesIO(data)) as src:
        info = src.getinfo(SHEET)
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    for i in range(start + 5, start + min(40, info.compress_size - 2)):
        raw[i] = 0xFF
    return bytes(raw)


LAUGHS = (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">' +
          b"".join(b'<!ENTITY %c "%s">' % (98 + i, (b"&%c;" % (97 + i)) * 10) for i in range(8)) + b"]>")
BASE = workbook(GOOD)

CASES: dict[str, tuple[Change, str, str]] = {
    "xlsx-not-a-zip": (xlsx(b"PK\x03\x04 nothing else"), "cards.xlsx", "not a readable"),
    "xlsx-malformed-sheet-xml": (xlsx(rezip(BASE, SHEET, lambda b: b[: len(b) // 2])), "cards.xlsx", "not a readable"),
    "xlsx-damaged-deflate": (xlsx(damaged_deflate(BASE)), "cards.xlsx", "not a readable"),
    "xlsx-entity-bomb-in-sheet": (xlsx(rezip(BASE, SHEET, lambda b: LAUGHS + b[b.index(b"<worksheet"):]
                                             .replace(b"<v>1</v>", b"<v>&h;</v>", 1))), "cards.xlsx", "not a readable"),
    "xlsx-external-entity": (xlsx(rezip(BASE, SHEET, lambda b: b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM '
                                        b'"file:///etc/passwd">]>' + b[b.index(b"<worksheet"):]
                                        .replace(b"<v>1</v>", b"<v>&e;</v>", 1))), "cards.xlsx", "not a readable"),
    "xlsx-zip-bomb-sheet": (xlsx(rezip(BASE, SHEET, lambda b: b.replace(b"</worksheet>", b" " * 300_000_000
                                                                          + b"</worksheet>"))),
                            "cards.xlsx", "unpacks to"),
    # a cell past Excel's own limit (32,767 characters), as a program can write it
    "xlsx-huge-cell": (xlsx(rezip(workbook([["title", "qty"], ["x" * 50, 1]]), SHEET,
                                  lambda b: b.replace(b"x" * 50, b"x" * 200_000))),
                       "cards.xlsx:2:1", "at most 100,000"),
    "xlsx-5-million-character-cell": (xlsx(rezip(workbook([["title", "qty"], ["x" * 50, 1]]), SHEET,
                                                 lambda b: b.replace(b"x" * 50, b"x" * 5_000_000))),
                                      "cards.xlsx:2:1", "at most 100,000"),
    "xlsx-header-past-column-limit": (xlsx(workbook([["title", "qty"] + [None] * 16_000 + ["far"], ["Ace", 1]])),
                                      "cards.xlsx:1:16003", "past column"),
    "xlsx-formula-without-value": (xlsx(workbook(GOOD, {"B2": "=2+2"})), "cards.xlsx:2:2", "no saved value"),
    "yaml-duplicate-after-merge": (replace("cards.yaml", "    kind: card\n", "    kind: card\n    kind: card\n"),
                                   "cards.yaml:4:5", "duplicate key"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_file_is_a_clear_error(tmp_path: Path, case: str) -> None:
    change, named, words = CASES[case]
    folder = make_game(tmp_path)
    change(folder)
    done = genpnp("build", "--content", "content", "--out", "out", "-q", cwd=tmp_path)
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "Traceback" not in output and "MemoryError" not in output, output
    assert any(re.match(rf"\S*{re.escape(named)}[:\d]*: .*{re.escape(words)}", line, re.IGNORECASE)
               for line in output.splitlines()), output


def test_xlsx_dates_numbers_and_saved_formulas_read_as_a_spreadsheet_shows_them(tmp_path: Path) -> None:
    import datetime

    from genpnp.content.schema import Ctx
    from genpnp.core.errors import Problems
    from genpnp.model.table import read_table

    data = workbook([["title", "when", "at", "qty"],
                     ["A", datetime.datetime(2024, 1, 5), datetime.datetime(2024, 1, 5, 14, 30), 2.0],
                     ["B", datetime.date(2023, 12, 31), datetime.time(9, 15), 3]])
    data = rezip(data, SHEET, lambda b: b.replace(b"<v>3</v>", b"<f>1+2</f><v>3</v>"))  # computed and saved
    (tmp_path / "t.xlsx").write_bytes(data)
    ctx = Ctx(Problems(), tmp_path, tmp_path)
    rows = read_table(tmp_path / "t.xlsx", "t.xlsx", ctx)
    assert not ctx.problems.items, ctx.problems.items
    assert [dict(r) for r in rows] == [{"title": "A", "when": "2024-01-05", "at": "2024-01-05 14:30", "qty": 2},
                                       {"title": "B", "when": "2023-12-31", "at": "09:15", "qty": 3}]


def test_a_yaml_merge_key_is_overridden_by_the_mappings_own_keys() -> None:
    from genpnp.content.yamlload import load_text

    data = load_text("base: &b {size: 1, kind: card, color: red}\nother: &o {color: blue}\n"
                     "a:\n  <<: *b\n  size: 2\nb:\n  <<: [*o, *b]\nc:\n  size: 3\n  <<: *b\n", "m.yaml")
    assert data["a"] == {"size": 2, "kind": "card", "color": "red"} and data["a"].key_loc("size").line == 5
    assert data["b"] == {"size": 1, "kind": "card", "color": "blue"}  # an earlier merged mapping wins
    assert data["c"] == {"size": 3, "kind": "card", "color": "red"}


def test_a_chain_of_1500_extends_is_an_error_not_a_recursion_error(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    chain = "".join(f"  c{i}:\n    extends: c{i + 1}\n" for i in range(1500))
    text = (folder / "cards.yaml").read_text().replace("  cards:\n", chain + "  c1500:\n", 1)
    (folder / "cards.yaml").write_text(text)
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace("[cards,", "[c0,"))
    done = genpnp("validate", "--content", "content", "hostile", cwd=tmp_path)
    output = done.stdout + done.stderr
    assert done.returncode == 1 and "Traceback" not in output and "RecursionError" not in output, output
    assert re.search(r"cards\.yaml:\d+:\d+: extends: a chain of more than 50 components \(c0 -> c1 -> \.\.\.", output)


def test_a_csv_saved_with_semicolons_reads_as_columns_and_a_superscript_is_no_quantity(tmp_path: Path) -> None:
    from genpnp.content.schema import Ctx
    from genpnp.core.errors import Problems
    from genpnp.model.table import read_table

    (tmp_path / "eu.csv").write_text("title;text;qty\nAce;un, deux;2\n", encoding="utf-8")
    ctx = Ctx(Problems(), tmp_path, tmp_path)
    rows = read_table(tmp_path / "eu.csv", "eu.csv", ctx)
    assert [dict(r) for r in rows] == [{"title": "Ace", "text": "un, deux", "qty": 2}] and not ctx.problems.items
    for qty in ("\u00b2", "\u0663", "\uff12"):  # superscript two, Arabic-Indic three, fullwidth two
        (tmp_path / "q.csv").write_text(f"title,qty\nAce,{qty}\n", encoding="utf-8")
        ctx = Ctx(Problems(), tmp_path, tmp_path)
        read_table(tmp_path / "q.csv", "q.csv", ctx)
        assert [(str(p.loc), p.message) for p in ctx.problems.items] == \
            [("q.csv:2:5", f"qty must be a whole number, got {qty!r}")]
