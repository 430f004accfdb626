"""Text pages' line layout: a styled run and the punctuation after it are one word."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

from genpnp.core import fonts
from genpnp.impose.textflow import words_of, wrap_runs

SIZE = 10.0
CONTENT = Path(__file__).resolve().parents[1] / "content"


def _gap_before(line: list[tuple], text: str) -> float:
    """The space between the piece ``text`` and the end of the piece before it, in points."""
    i = next(n for n, piece in enumerate(line) if piece[1] == text)
    x0, prev, f = line[i - 1][:3]
    return line[i][0] - (x0 + fonts.text_width(prev, f, SIZE))


@pytest.mark.parametrize("text,piece", [
    ("at most **11**.", "."),
    ("the *Census Error*, then", ","),
    ("(see **Scoring**)", ")"),
    ("a **bold**; then", ";"),
    ("*italic*: then", ":"),
])
def test_no_space_between_a_styled_run_and_its_punctuation(text: str, piece: str) -> None:
    line, = wrap_runs(text, fonts.DEFAULT, SIZE, 500.0)
    assert _gap_before(line, piece) == pytest.approx(0.0, abs=1e-6)


def test_a_space_in_the_source_stays_a_space() -> None:
    line, = wrap_runs("at most **11** points", fonts.DEFAULT, SIZE, 500.0)
    space = fonts.text_width(" ", fonts.DEFAULT, SIZE)
    assert _gap_before(line, "11") == pytest.approx(space)
    assert _gap_before(line, "points") == pytest.approx(space)


def test_a_glued_word_wraps_as_one() -> None:
    words = words_of("x **11**. y", fonts.DEFAULT)
    assert [[p[0] for p in w] for w in words] == [["x"], ["11", "."], ["y"]]
    bold = fonts.styled(fonts.DEFAULT, "b")
    assert words[1][0][1] == bold and words[1][1][1] == fonts.DEFAULT
    width = fonts.text_width("x 11", bold, SIZE)  # room for "x 11" but not for "x 11."
    lines = wrap_runs("x **11**.", fonts.DEFAULT, SIZE, width)
    assert [[p[1] for p in ln] for ln in lines] == [["x"], ["11", "."]]


STRAY = re.compile(r"\S{0,20} +[,.;:!?)](?=\s|$)")


def test_no_game_prints_a_space_before_punctuation(tmp_path: Path) -> None:
    """Every shipped game built and read back as a reader sees it (pdfium places spaces by the glyphs'
    positions): no punctuation mark after a space, anywhere."""
    from click.testing import CliRunner

    from genpnp.commands.cli import main

    games = sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").is_file())
    result = CliRunner().invoke(main, ["build", "--content", str(CONTENT), "--out", str(tmp_path), "-q", *games])
    assert result.exit_code == 0, result.output
    stray = []
    for game in games:
        doc = pdfium.PdfDocument(str(tmp_path / f"{game}-letter-color.pdf"))
        for n in range(len(doc)):
            text = doc[n].get_textpage().get_text_range()
            stray += [(game, n + 1, m) for m in STRAY.findall(text)]
        doc.close()
    assert stray == []


def _float_game(tmp_path: Path, filler: int, float_before: bool) -> Any:
    from genpnp.commands.newgame import new_game
    from genpnp.load.project import load_game

    fig = ("```figure\ngrid: 3x3\nwidth: 25mm\nplace: right\npieces:\n  - {piece: cards, at: A1}\n"
           "caption: cells\n```\n\n")
    body = "\n\n".join(f"Filler {n} with words that fill the column line by line." for n in range(filler))
    first = fig + "Short text beside the first figure.\n\n" if float_before else ""
    text = f"# Play\n\n{body}\n\n{first}## Zscoring\n\n{fig}Words under the heading, " + "more " * 60 + "\n"
    folder = new_game("floats", tmp_path / f"{filler}-{float_before}")
    (folder / "text" / "guide.md").write_text(text, encoding="utf-8")
    return load_game(folder).components["guide"]


@pytest.mark.parametrize("float_before", [False, True])
def test_a_heading_keeps_its_floated_figure(tmp_path: Path, float_before: bool) -> None:
    """Wherever a column ends, a heading followed by a figure floated right stands in the figure's column,
    right above it (also under a float that came before): the float never leaves its heading behind."""
    from genpnp.impose.sheet import Box
    from genpnp.impose.textflow import GAP, layout_blocks

    area = Box(0, 0, 300, 400)
    col_w = (area.w - GAP) / 2
    moved = 0
    for filler in range(0, 40, 2):
        guide = _float_game(tmp_path, filler, float_before)
        pages = layout_blocks(guide.blocks, guide.font, guide.size, area, 2)
        (hp, hx, hy), = [(n, op[1], op[2]) for n, page in enumerate(pages) for op in page
                         if op[0] == "text" and op[3] == "Zscoring"]
        fp, fx, fy, fw, fh = [(n, *op[1:5]) for n, page in enumerate(pages) for op in page if op[0] == "figure"][-1]
        assert hp == fp and (hx < area.x + col_w) == (fx < area.x + col_w), filler  # same page and column
        assert hy > fy + fh - 0.01, filler  # the heading above its figure
        assert hy - (fy + fh) < guide.size * 4, filler  # ... right above it
        moved += hx > area.x + col_w or hp > 0
    assert moved  # some fillers pushed the heading on to the next column: the rule was tested there


def test_no_paragraph_leaves_a_line_alone_at_the_foot_or_top_of_a_column() -> None:
    from genpnp.content.markdown import Block
    from genpnp.impose.sheet import Box
    from genpnp.impose.textflow import GAP, layout_blocks

    area = Box(0, 0, 300, 200)
    col_w = (area.w - GAP) / 2
    checked = 0
    for filler in range(0, 12):
        for words in (20, 35, 50, 90):  # about 2, 3, 4 and 7 lines of a column
            texts = ["filler words " * 6] * filler + [" ".join(f"p{n}" for n in range(words))] * 3
            blocks = tuple(Block("para", t, line=n + 1) for n, t in enumerate(texts))
            pages = layout_blocks(blocks, fonts.DEFAULT, SIZE, area, 2)
            spots: dict[tuple, set] = {}
            for page, ops in enumerate(pages):
                for op in ops:
                    if op[0] == "text" and op[3].startswith("p"):
                        spots.setdefault((page, op[1] >= col_w), set()).add(round(op[2], 2))
            runs = [len(lines) for _, lines in sorted(spots.items())]  # lines of the 3 paragraphs per column
            total = sum(runs)
            per = total // 3
            # each paragraph's lines, column by column: the split points come from the baselines' order
            lines = [(key, y) for key, ys in sorted(spots.items()) for y in sorted(ys, reverse=True)]
            for n in range(3):
                mine = lines[n * per:(n + 1) * per]
                columns = [sum(1 for k, _ in mine if k == key) for key in dict.fromkeys(k for k, _ in mine)]
                if len(columns) > 1:
                    checked += 1
                    assert min(columns) >= 2, (filler, words, columns)
    assert checked  # some paragraphs did split between columns


@pytest.mark.parametrize("after", ["table", "bullet"])
def test_a_lead_in_stands_in_the_column_of_what_it_opens(after: str) -> None:
    """A short paragraph ending in a colon stays in the column and page where its table or list starts,
    wherever the filler before it ends a column; a paragraph without the colon is not held back."""
    from genpnp.content.markdown import Block
    from genpnp.impose.sheet import Box
    from genpnp.impose.textflow import GAP, layout_blocks

    area = Box(0, 0, 300, 200)
    col_w = (area.w - GAP) / 2
    nxt = Block("table", rows=(("Zhead", "B"), ("Zrow", "2"), ("Zrow2", "3")), line=90) if after == "table" \
        else Block("bullet", "Zrow first item", line=90)
    moved = 0
    for filler in range(0, 60):
        for colon in (":", "."):
            blocks = (*(Block("para", "filler " * (3 + filler % 7), line=n + 1) for n in range(filler // 7 + 3)),
                      Block("para", f"The numbers written on the row{colon}", line=80), nxt)
            pages = layout_blocks(blocks, fonts.DEFAULT, SIZE, area, 2)
            spot: dict[str, tuple] = {}
            for n, page in enumerate(pages):
                for op in page:  # where each word is first drawn (a table's header repeats in a new column)
                    if op[0] == "text" and op[3] in ("numbers", "Zhead", "Zrow"):
                        spot.setdefault(op[3], (n, op[1] >= area.x + col_w))
            start = spot.get("Zhead", spot["Zrow"])
            if colon == ":":
                assert spot["numbers"] == start, filler
            elif spot["numbers"] != start:
                moved += 1  # without the colon the paragraph may end a column: the lead-in rule was needed
    assert moved


def test_a_heading_goes_with_the_lead_in_that_follows_it() -> None:
    """A heading whose section opens with a lead-in ("... all of these hold:") and its list never ends a
    column alone: wherever the filler before it ends, the heading stands in the column of its lead-in."""
    from genpnp.content.markdown import Block
    from genpnp.impose.sheet import Box
    from genpnp.impose.textflow import GAP, layout_blocks

    area = Box(0, 0, 300, 200)
    col_w = (area.w - GAP) / 2
    checked = 0
    for filler in range(0, 60):
        blocks = (*(Block("para", "filler " * (3 + filler % 7), line=n + 1) for n in range(filler // 7 + 3)),
                  Block("heading", "Zheading", level=2, line=70),
                  Block("para", "You may make one on your turn, when you can pay for it, only if all of "
                                "these hold:", line=80),
                  Block("bullet", "Zrow first item", line=90), Block("bullet", "second item", line=91))
        pages = layout_blocks(blocks, fonts.DEFAULT, SIZE, area, 2)
        spot: dict[str, tuple] = {}
        for n, page in enumerate(pages):
            for op in page:
                if op[0] == "text" and op[3] in ("Zheading", "You", "Zrow"):
                    spot.setdefault(op[3], (n, op[1] >= area.x + col_w))
        assert spot["Zheading"] == spot["You"] == spot["Zrow"], filler
        checked += spot["Zheading"] != (0, False)
    assert checked  # some fillers pushed the section on
