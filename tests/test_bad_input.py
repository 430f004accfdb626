"""Every folder in tests/bad is a small game broken in one way: genpnp must say where, exit 1, and write nothing.

Each case names the file and line the first message must point at. ``validate`` and ``build`` both run;
a case whose fault depends on the paper (a piece larger than the page) is only an error for ``build``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from genpnp.commands.cli import main

BAD = Path(__file__).parent / "bad"


@dataclass(frozen=True)
class Expect:
    file: str  # relative to the case folder
    line: int
    words: str  # a phrase the message must contain
    build_only: bool = False  # validate accepts it (the fault depends on print options)


EXPECTED: dict[str, Expect] = {
    "alias-bomb": Expect("components.yaml", 2, "alias bomb"),
    "broken-yaml": Expect("components.yaml", 9, "broken YAML"),
    "corrupt-image": Expect("components.yaml", 9, "not a readable PNG or JPEG"),
    "duplicate-key": Expect("components.yaml", 11, 'duplicate key "size"'),
    "empty-file": Expect("game.yaml", 5, 'no component "tiles"'),
    "huge-count": Expect("components.yaml", 10, "too large"),
    "huge-count-items": Expect("components.yaml", 11, "more than the 100,000"),
    "missing-file": Expect("components.yaml", 10, "file not found: data/tiles.csv"),
    "missing-glyph": Expect("components.yaml", 9, "has no glyph"),
    "missing-image": Expect("components.yaml", 9, "file not found: art/missing.png"),
    "missing-section": Expect("game.yaml", 5, 'no component "counters"'),
    "misspelt-key": Expect("components.yaml", 4, 'did you mean "size"'),
    "negative-count": Expect("components.yaml", 10, "too small"),
    "not-utf8": Expect("components.yaml", 9, "not UTF-8"),
    "path-escape": Expect("components.yaml", 13, "leaves the content folder"),
    "path-escape-items": Expect("components.yaml", 10, "leaves the content folder"),
    "size-bigger-than-paper": Expect("components.yaml", 4, "does not fit the printable area", build_only=True),
    "tab-indent": Expect("components.yaml", 4, "tab"),
    "text-too-long": Expect("components.yaml", 9, "text too long"),
    "unknown-font": Expect("components.yaml", 9, 'unknown font "comic-sans"'),
    "unknown-kind": Expect("components.yaml", 3, 'did you mean "tile"'),
    "unsafe-tag": Expect("components.yaml", 7, "is not allowed"),
    "wrong-type": Expect("components.yaml", 10, "expected a whole number"),
    # issue 17: hostile and unusual inputs, each refused at its line before any work
    "deep-nesting": Expect("components.yaml", 11, "nested more than 64 levels"),
    "not-finite": Expect("components.yaml", 11, "not a finite number"),
    "huge-length": Expect("components.yaml", 4, "at most 2 m"),
    "huge-integer": Expect("components.yaml", 10, "the number is too large"),
    "merge-scalar": Expect("components.yaml", 11, "merge key"),
    "sexagesimal": Expect("components.yaml", 10, "expected a whole number, got a string"),
    "tiny-piece": Expect("components.yaml", 4, "smaller than 1 mm"),
    "csv-duplicate-header": Expect("cards.csv", 1, 'the column "title" is in the header twice'),
    "csv-empty": Expect("cards.csv", 1, "the CSV file is empty"),
    "csv-header-only": Expect("cards.csv", 1, "a header but no rows"),
    "csv-nul": Expect("cards.csv", 3, "NUL byte"),
    "csv-superscript-qty": Expect("cards.csv", 3, "qty must be a whole number"),
    "xlsx-corrupt": Expect("cards.xlsx", 1, "not a readable .xlsx workbook"),
    "absurd-board": Expect("game.yaml", 1, "at most 5,000 are written", build_only=True),
    "text-too-long-in-csv": Expect("cards.csv", 3, "text too long"),
    "many-errors-in-draw": Expect("components.yaml", 10, 'unknown key "colour"'),  # and line 9: all reported
}

CASES = sorted(p.name for p in BAD.iterdir() if p.is_dir())


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"genpnp {' '.join(args)} raised {result.exception!r}") from result.exception
    return result.exit_code, result.stdout, result.stderr


def assert_points_at(stderr: str, case: str, expect: Expect) -> None:
    assert "Traceback" not in stderr
    where = re.compile(rf"^(?:.*/)?{re.escape(case)}/{re.escape(expect.file)}:{expect.line}:\d+: (?!warning)")
    hits = [line for line in stderr.splitlines() if where.match(line)]
    assert hits, f"no error at {case}/{expect.file}:{expect.line} in:\n{stderr}"
    assert any(expect.words in line for line in hits), f"{expect.words!r} not said at that line:\n{stderr}"
    for line in stderr.splitlines():  # every line reads path:line:col: message, or is the final summary
        assert re.match(r"^\S+:\d+:\d+: |^\S+\.(yaml|csv|xlsx): |^validation failed", line), line


def test_every_bad_case_has_an_expectation() -> None:
    assert set(CASES) == set(EXPECTED), "add the new case to EXPECTED (or remove the stale entry)"


@pytest.mark.parametrize("case", CASES)
def test_validate_points_at_the_fault(case: str) -> None:
    expect = EXPECTED[case]
    code, out, err = run("validate", "--content", str(BAD / case))
    if expect.build_only:
        assert code == 0, err
        return
    assert code == 1
    assert_points_at(err, case, expect)


@pytest.mark.parametrize("case", CASES)
def test_build_points_at_the_fault_and_writes_nothing(case: str, tmp_path: Path) -> None:
    out_dir = tmp_path / "out"
    code, out, err = run("build", "--content", str(BAD / case), "--out", str(out_dir))
    assert code == 1
    assert_points_at(err, case, EXPECTED[case])
    left = sorted(p.name for p in out_dir.rglob("*")) if out_dir.exists() else []
    assert left == [], f"files left behind: {left}"


def test_a_board_bigger_than_the_paper_is_poster_tiled(tmp_path: Path) -> None:
    """The other side of size-bigger-than-paper: a board is split over pages, not refused."""
    game = tmp_path / "big-board"
    game.mkdir()
    (game / "game.yaml").write_text('name: Big\nversion: "1"\nlicence: CC0\nplayers: "2"\nsections: [board]\n')
    (game / "components.yaml").write_text("components:\n  board:\n    kind: board\n    rows: 12\n    cols: 12\n"
                                          "    cell: 30mm\n")
    code, out, err = run("build", "--content", str(game), "--out", str(tmp_path / "out"))
    assert code == 0, err
    pages = int(re.search(r"\((\d+) pages\)", out).group(1))  # type: ignore[union-attr]
    assert pages >= 5  # cover + at least 4 poster parts of a 38 cm board


def test_an_output_folder_that_cannot_be_made_is_one_clean_error(tmp_path: Path) -> None:
    blocker = tmp_path / "occupied"
    blocker.write_text("a file where the output folder should be")
    code, out, err = run("build", "--content", str(BAD.parent / "fixtures" / "golden-game"),
                         "--out", str(blocker / "pdfs"))
    assert code == 1
    assert "Traceback" not in err and "occupied" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["occupied"]


def test_an_unwritable_output_folder_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Writing fails half-way (disk full, permission lost): the temporary file is removed, no PDF appears."""
    from reportlab.pdfgen.canvas import Canvas

    def fail(self: Canvas) -> None:
        raise OSError(28, "No space left on device", str(tmp_path / "out"))

    monkeypatch.setattr(Canvas, "save", fail)
    code, out, err = run("build", "--content", str(BAD.parent / "fixtures" / "golden-game"),
                         "--out", str(tmp_path / "out"))
    assert code == 1
    assert "No space left on device" in err and "Traceback" not in err
    assert list((tmp_path / "out").iterdir()) == []


def test_every_error_of_a_draw_list_is_reported() -> None:
    code, out, err = run("validate", "--content", str(BAD / "many-errors-in-draw"))
    assert code == 1
    assert 'components.yaml:9:13: unknown art "txet"' in err and 'components.yaml:10:45: unknown key "colour"' in err
