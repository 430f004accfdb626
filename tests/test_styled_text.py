"""Style tags in text: colour (palette names first), size, font, underline, strike-through, superscript
and subscript, drawn as written; a bad tag is an error at its CSV cell or its template line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfcheck import output_of, pdf_text

from genpnp.art import markup
from genpnp.art.markup import Resolver

GAME = """name: Styles
version: "1"
licence: CC0
players: "2"
sections: [cards]
palette:
  fire: {color: "#cc2200"}
"""
CARDS = """components:
  cards:
    kind: card
    size: 50mm x 70mm
    faces:
      front:
        draw:
          - text: {text: "{rules}", size: 10pt, box: [4mm, 4mm, 42mm, 62mm]}
    items: {csv: cards.csv}
"""


def make(tmp_path: Path, csv: str) -> Path:
    folder = tmp_path / "content" / "styles"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(CARDS)
    (folder / "cards.csv").write_text(csv)
    return folder


def build(tmp_path: Path) -> tuple[int, str]:
    return output_of("build", "styles", "--content", str(tmp_path / "content"), "--out", str(tmp_path / "out"))


def test_styled_cells_build_and_draw_their_colours_and_lines(tmp_path: Path):
    make(tmp_path, 'rules\n"**Deal 2** [fire]fire[/] damage, [u]once[/], [s]twice[/], H[sub]2[/]O, x[sup]2[/], '
                   '[size=14pt]big[/] [font=serif]serif[/]"\n')
    code, out = build(tmp_path)
    assert code == 0, out
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    text = pdf_text(pdf)
    for word in ("Deal 2", "fire", "damage", "once", "twice", "big", "serif"):
        assert word in text, text
    from pypdf import PdfReader

    page = PdfReader(str(pdf)).pages[1] if len(PdfReader(str(pdf)).pages) > 1 else PdfReader(str(pdf)).pages[0]
    stream = b"".join(c.get_object().get_data() for c in ([page["/Contents"]] if not isinstance(
        page["/Contents"].get_object(), list) else page["/Contents"].get_object()))
    forms = b""
    xobjects = page["/Resources"].get("/XObject") or {}
    for ref in xobjects.values():
        forms += ref.get_object().get_data()
    body = stream + forms
    assert b".8 .133333 0 rg" in body or b".8 .133333 0 RG" in body, body[:2000]  # the palette's fire


@pytest.mark.parametrize(("cell", "words"), [
    ("[fier]fire[/]", 'did you mean "fire"'),
    ("[u]open", "never closed"),
    ("[size=huge]x[/]", "a size is a length"),
    ("[font=nope]x[/]", 'unknown font "nope"'),
    ("x[/]", "closes nothing"),
    ("[u][s]x[/u]", "innermost first"),
])
def test_a_bad_tag_in_a_cell_is_an_error_at_its_row_and_column(tmp_path: Path, cell: str, words: str):
    make(tmp_path, f"title,rules\nGood,plain\nBad,{cell}\n")
    code, out = build(tmp_path)
    assert code == 1 and "Traceback" not in out, out
    assert "cards.csv:3:5:" in out and words in out, out  # row 3, the rules cell (its 5th character)
    assert len(set(out.strip().splitlines())) == 1, out  # one message (each line comes on stdout and stderr)
    assert not (tmp_path / "out").exists()


def test_a_bad_tag_in_a_template_is_an_error_at_its_line(tmp_path: Path):
    folder = make(tmp_path, "rules\nplain\n")
    (folder / "cards.yaml").write_text(CARDS.replace('"{rules}"', '"[bold]{rules}[/]"'))
    code, out = build(tmp_path)
    assert code == 1 and "cards.yaml:8:" in out and "unknown tag" in out, out


def test_brackets_that_are_not_tags_are_text():
    segments, problems = markup.parse(r"Roll [A] or [2], see [the rules], \[u] stays", Resolver())
    assert not problems
    assert "".join(t for t, _, _ in segments) == "Roll [A] or [2], see [the rules], [u] stays"


def test_tags_nest_and_combine_with_bold():
    class Colours(Resolver):
        def color(self, name):
            if name != "red":
                raise ValueError("no")
            return "RED"

    segments, problems = markup.parse("**a [red]b [u]c[/] d[/]** e[sup]2[/]", Colours())
    assert not problems
    by_text = {t.strip(): (em, st) for t, em, st in segments if t.strip()}
    assert by_text["b"] == ("b", markup.Style(color="RED"))
    assert by_text["c"] == ("b", markup.Style(color="RED", underline=True))
    assert by_text["e"][1] == markup.PLAIN
    assert by_text["2"][1].rise > 0 and by_text["2"][1].scale < 1


RULES = """# Rules

Play a card: **Deal 2** [fire]fire[/] damage.
The [u]first[/] player to {players} points
wins; a [fier]typo[/] here.
"""


def test_a_bad_tag_in_rules_text_is_an_error_at_its_line_and_column(tmp_path: Path):
    folder = make(tmp_path, "rules\nplain\n")
    (folder / "rules.md").write_text(RULES)
    (folder / "cards.yaml").write_text(CARDS + "  rules:\n    kind: text\n    source: rules.md\n")
    (folder / "game.yaml").write_text(GAME.replace("[cards]", "[rules, cards]"))
    code, out = build(tmp_path)
    assert code == 1 and "rules.md:5:9:" in out and 'did you mean "fire"' in out, out
    (folder / "rules.md").write_text(RULES.replace("[fier]", "[fire]"))
    code, out = build(tmp_path)
    assert code == 0, out
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    assert "Deal 2 fire damage" in " ".join(pdf_text(pdf).split()), pdf_text(pdf)


def test_style_tags_in_a_board_label_draw_and_a_bad_one_is_an_error_at_its_line(tmp_path: Path):
    from pdfcheck import copy_game, edit

    folder = copy_game(tmp_path, "berzerka")
    data = folder / "data" / "contracts.yaml"
    text = data.read_text(encoding="utf-8")
    objective = text.split("objective: ", 1)[1].split("\n", 1)[0]
    line = edit(data, f"objective: {objective}", f'objective: "[red]{objective.strip(chr(34))}[/]"')
    code, out = output_of("build", "berzerka", "--content", str(tmp_path / "content"), "--out",
                          str(tmp_path / "out"), "-q")
    assert code == 0, out
    edit(data, "[red]", "[rde]")
    code, out = output_of("build", "berzerka", "--content", str(tmp_path / "content"), "--out",
                          str(tmp_path / "out2"), "-q")
    assert code == 1 and f"contracts.yaml:{line}:" in out and 'did you mean "red"' in out, out


def test_callout_and_example_boxes_take_the_games_box_styles():
    from genpnp.content.markdown import parse
    from genpnp.impose.sheet import Box
    from genpnp.impose.textflow import layout_blocks

    blocks, problems = parse("Intro.\n\n> **Note.** Keep\n> it short.\n>\n> Really.\n\n> [!EXAMPLE]\n> Blue rolls 4.\n",
                             "rules.md")
    assert not problems
    assert [(b.kind, b.text, b.line) for b in blocks] == [
        ("para", "Intro.", 1), ("callout", "**Note.** Keep it short.\nReally.", 3), ("example", "Blue rolls 4.", 8)]

    class Look:
        body_color = heading_color = None
        boxes = {"callout": None, "example": type("B", (), {"font": "serif", "size": 8.0, "color": "INK",
                                                            "fill": "PAPER"})()}

        def color(self, name):
            raise ValueError(name)

    (page,) = layout_blocks(tuple(blocks), "sans", 10.0, Box(0, 0, 300, 500), 1, Look())
    boxes = [op for op in page if op[0] == "box"]
    assert len(boxes) == 2 and boxes[1][5] == "PAPER"
    example_text = [op for op in page if op[0] == "text" and op[3] == "Blue"]
    assert example_text[0][4] == "serif" and example_text[0][5] == 8.0 and example_text[0][6].color == "INK"
    x, y, w, h = boxes[1][1:5]
    assert y < example_text[0][2] < y + h  # the text sits inside its box


def test_bullets_in_a_box_are_paragraphs_of_their_own_set_closer_than_its_paragraphs():
    from genpnp.content.markdown import parse
    from genpnp.impose.sheet import Box
    from genpnp.impose.textflow import layout_blocks

    blocks, problems = parse("> **Rulings**\n> - One\n> goes on.\n> - Two.\n>\n> After.\n", "rules.md")
    assert not problems
    assert [(b.kind, b.text) for b in blocks] == [("callout", "**Rulings**\n\u2022 One goes on.\n\u2022 Two.\nAfter.")]

    class Look:
        body_color = heading_color = None
        boxes = {"callout": None}

        def color(self, name):
            raise ValueError(name)

    (page,) = layout_blocks(tuple(blocks), "sans", 10.0, Box(0, 0, 300, 500), 1, Look())
    ys = {op[3]: op[2] for op in page if op[0] == "text" and op[3] in ("Rulings", "\u2022", "After.")}
    tops = sorted((op[2] for op in page if op[0] == "text" and op[3] == "\u2022"), reverse=True)
    assert len(tops) == 2
    bullet_gap = tops[0] - tops[1]
    assert ys["Rulings"] - tops[0] > bullet_gap + 2  # a wider gap after a plain paragraph than between bullets
    (box,) = [op for op in page if op[0] == "box"]
    assert box[2] < ys["After."] < box[2] + box[4]  # the box's height counts the closer gaps: all inside


def test_brackets_inside_a_field_or_piece_reference_are_not_tags():
    """`{piece:tiles[random=true]}` names a piece: its [random=true] is no style tag (a review found it printed raw)."""
    segments, problems = markup.parse("6 are {piece:tiles[random=true]} [red]Random[/] tiles", Resolver())
    assert "{piece:tiles[random=true]}" in "".join(text for text, _, _ in segments)
    assert all("random" not in message for _, message in problems)


def test_a_text_can_depend_on_a_print_option_and_a_wrong_one_is_an_error_at_its_line():
    from types import SimpleNamespace

    from genpnp.content.markdown import parse, shown

    text = ("Intro.\n\n<!-- if backs=duplex -->\nJust cut.\n\n- a bullet\n<!-- end -->\n"
            "<!-- if backs=fold -->\nFold.\n<!-- end -->\nAfter.\n")
    blocks, problems = parse(text, "rules.md")
    assert not problems
    duplex, fold = SimpleNamespace(backs="duplex", ink="color"), SimpleNamespace(backs="fold", ink="color")
    assert [b.text for b in blocks if shown(b, duplex)] == ["Intro.", "Just cut.", "a bullet", "After."]
    assert [b.text for b in blocks if shown(b, fold)] == ["Intro.", "Fold.", "After."]
    _, problems = parse("A.\n<!-- if backz=duplex -->\nB.\n<!-- end -->\n<!-- if ink=grey -->\nC.\n<!-- end -->\n"
                        "<!-- end -->\n<!-- if paper=a4 -->\n", "rules.md")
    said = [f"{p.loc.line}:{p.loc.col}: {p.message}" for p in problems]
    assert said[0].startswith('2:9: "backz" is no print option') and 'did you mean "backs"' in said[0], said
    assert said[1].startswith('5:13: "grey" is no value of ink'), said
    assert said[2].startswith("8:1: an <!-- end --> with no <!-- if --> open"), said
    assert said[3].startswith("9:1: an <!-- if --> never closed"), said
    assert len(said) == 4
