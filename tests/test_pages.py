"""Issue 25, item 2: pages say only what applies to this build, read back from the PDFs."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from pdfcheck import CONTENT, MM
from pypdf import PdfReader

from genpnp.backends.pdf import write_pdf
from genpnp.impose.document import impose_game
from genpnp.impose.options import Options, parse_paper
from genpnp.load.project import load_game
from genpnp.model.base import any_back
from genpnp.render.cover import PAPER_NAMES, page_ranges
from genpnp.render.sheet import draw_sheet

GAMES = ("berrymandering", "berzerka", "gerrymander", "mapmaker", "redistrict")
SETS = list(itertools.product(("letter", "a4", "legal"), ("fold", "duplex"), (0, 3)))

# what a legend line or a printing line says, and the mark or page it needs in the build
LEGEND_WORDS = {"cut": "cut along this line", "fold": "fold along this line", "crop": "crop marks: cut between",
                "hinge": "round pairs: cut around both", "trim": "board in parts: trim each part",
                "glue": "board in parts: glue strip", "edge": "board in parts: lay the next",
                "align": "board in parts: alignment marks"}


def _marks_of_every_page(doc) -> set[str]:
    """The marks every page of the document draws (each page imposed, none sampled)."""
    kinds: set[str] = set()
    for sheet in doc.sheets:
        for mark in sheet.marks:
            kinds.add(("hinge" if mark.shape == "circle-pair" else "cut") if mark.kind == "outline" else mark.kind)
        kinds.update(kind for kind, _ in sheet.fills)
        if any(getattr(p.component, "folds_up", False) for p in sheet.placements):
            kinds.update({"fold", "fold-up"})  # a die net: its fold lines are drawn on the piece
    return kinds


def _pages_text(doc, path: Path, numbers: list[int]) -> dict[int, str]:
    """The text of the given pages (1-based) as the PDF prints them, read back with pdfium."""
    paper = (doc.options.paper.w, doc.options.paper.h)
    total = len(doc.sheets)
    write_pdf(path, [doc.sheets.page_size(n - 1, paper) for n in numbers],
              lambda surface, i: draw_sheet(surface, doc, doc.sheets[numbers[i] - 1], numbers[i], total),
              "t", "t", doc.options.ink)
    import sweep

    texts = sweep.pdf_texts(path)
    return {n: " ".join(texts[i].split()) for i, n in enumerate(numbers)}


@pytest.mark.parametrize("name", GAMES)
def test_cover_and_calibration_say_only_what_the_build_has(name: str, tmp_path: Path):
    import sweep

    for paper, backs, bleed in SETS:
        doc = sweep.document(name, paper, backs, bleed)
        where = f"{name} {paper} {backs} bleed {bleed}"
        marks = _marks_of_every_page(doc)
        roles = ["board" if s.whole else s.role for s in doc.sheets]
        cal = [n + 1 for n, r in enumerate(roles) if r == "calibration"]
        text = _pages_text(doc, tmp_path / "p.pdf", [1, *cal])
        cover = text[1]
        legend = cover[cover.index("Legend"):cover.index("Printing")] if "Legend" in cover else ""
        printing = cover[cover.index("Printing"):]
        for kind, words in LEGEND_WORDS.items():  # the legend names exactly the marks drawn
            assert (words in legend) == (kind in marks), (where, kind)
        assert "genpnp calibrate" not in cover and "genpnp calibrate" not in " ".join(text.values()), where
        folds = {m.kind for sheet in doc.sheets for m in sheet.marks} & {"fold"} | \
            {"hinge" for sheet in doc.sheets for m in sheet.marks if m.shape == "circle-pair"}
        assert ("fold on the dash-dot line" in printing) == bool(folds), where  # fold pairs
        assert ("fold along the dash-dot lines, and glue each tab" in printing) == ("fold-up" in marks), where
        assert ("round pairs" in printing) == ("hinge" in marks), where
        card_pairs = backs == "fold" and any(  # two-sided pieces on card print as fold pairs: score before folding
            _on_card(p.component, doc.game) and any_back(p.component.pieces)
            and getattr(p.component, "fold", True) for sheet in doc.sheets for p in sheet.placements)
        flat = " ".join(printing.split())
        assert ("pen along a ruler on its fold line" in flat) == (bool(folds) and card_pairs), where
        net_on_card = any(  # a die net on a card-stock page: its fold lines are scored first too
            any(getattr(p.component, "folds_up", False) for p in sheet.placements)
            and any(getattr(p.component, "stock", "paper") == "card" for p in sheet.placements)
            for sheet in doc.sheets)
        assert ("pen along a ruler on each of its dash-dot lines" in flat) == net_on_card, where
        if net_on_card:  # the scoring advice comes before the step that folds the net
            assert flat.index("pen along a ruler on each of its dash-dot lines") < \
                flat.index("fold along the dash-dot lines, and glue each tab"), where
        if bool(folds) and card_pairs:  # and before the step that folds the pairs
            assert flat.index("pen along a ruler on its fold line") < flat.index("fold on the dash-dot line"), where
        # pieces with a back printed without it (fold: false in a fold build): the cover says so, names them,
        # and says how to keep them opaque; the fold pairs are then named too
        placed = {id(p.component): p.component for sheet in doc.sheets for p in sheet.placements}.values()
        blank = [c for c in placed if backs == "fold" and not getattr(c, "fold", True) and any_back(c.pieces)]
        assert ("print single-sided in this build" in " ".join(printing.split())) == bool(blank), where
        for comp in blank:
            assert comp.label.split()[0] in printing and "opaque card stock" in printing, where
        if blank and folds:
            assert "Fold pairs (" in printing, where
        assert ("crop marks" in printing) == ("crop" in marks), where
        assert ("glue strip" in printing) == ("glue" in marks), where
        either = "double-sided if your printer can" in printing  # pages to read in a build without backs
        assert ("double-sided" in printing.replace("double-sided if your printer can", "")) == \
            (backs == "duplex" and doc.single_sided != 1), where
        assert either == (backs != "duplex" and sum(r in ("cover", "text", "page", "blank") for r in roles) > 1), where
        assert ("(backs)" in printing) == ("back" in roles), where
        # components with stock: card (and those sharing a named sheet with one): the cover names exactly the
        # pages that hold them, and the pages of backs printed behind those
        stock = [n + 1 for n, s in enumerate(doc.sheets)
                 if any(_on_card(p.component, doc.game) for p in s.placements)]
        stock = sorted({*stock, *(n + 1 for n, r in enumerate(roles) if r == "back" and n in stock)})
        assert ("on card stock" in printing) == bool(stock), where
        assert "stays paper" not in printing, where  # never "stays paper" beside "print ... on card stock"
        # the cover's footer names only what changes this PDF, in a player's words; no cover in its own contents
        assert not re.search(r"· (fold|duplex|color|bw|saver|letter|a4|legal) ·", cover), where
        assert ("print double-sided" in cover) == ("back" in roles), where
        assert ("fold pairs" in cover.split("Printing")[-1].lower()) == bool(folds), where
        assert not re.search(r"Contents.*\bCover \d", cover), where
        _print_steps_followable(printing, roles, stock, doc, where)
        if "not a sheet with fold pairs" in printing:  # card advice never contradicts the fold advice
            assert "fold on the dash-dot line" in printing, where
        # the calibration sheet is in the duplex builds with backs, and the cover points at it
        assert len(cal) == (1 if backs == "duplex" and "back" in roles else 0), where
        for page in cal:
            assert roles[page] == "calibration-back", where
            assert f"Print pages {page} and {page + 1} alone, double-sided" in text[page], where
        # the scale check: the cover and the first sheet to cut, which the cover names
        first_cut = next(n + 1 for n, r in enumerate(roles) if r in ("pieces", "poster"))
        assert doc.scale_pages == {1, first_cut}, where
        assert f"on page {first_cut} must measure" in printing, where
        bar = doc.sheets[first_cut - 1].scale_box is None
        assert (f"bar on page {first_cut}" in printing) == bar, where  # the page's check named as drawn
        assert f"on {PAPER_NAMES[paper]} paper" in printing, where


def _on_card(comp, game) -> bool:
    """A component printed on card: it asks for card, or shares a named sheet with one that does."""
    sheet = getattr(comp, "sheet", "")
    return comp.stock == "card" or bool(sheet) and any(
        c.sheet == sheet and c.stock == "card" for c in game.components.values())


def _pages_of(words: str) -> list[int]:
    """"pages 1-4 and 7-8" / "pages 1 to 4" / "pages 5 and 6" / "page 9" -> the page numbers."""
    out: list[int] = []
    words = re.sub(r"(\d+) to (\d+)", r"\1-\2", words)
    for a, b in re.findall(r"(\d+)(?:-(\d+))?", words):
        out.extend(range(int(a), int(b or a) + 1))
    return out


def _print_steps_followable(printing: str, roles: list[str], stock: list[int], doc, where: str) -> None:
    """Issue 29: the printing steps followed in order print every page once: the calibration sheet
    first (its pages named), then each job on one stock (paper or card), never mixing them."""
    jobs = re.findall(r"\d+\. (Print[^.]*\.)", printing)
    total = len(roles)
    if not jobs:  # one job for the whole PDF
        assert re.search(r"Print (double|single)-sided", printing), where
        assert not stock or len(stock) == total, where
        return
    printed: list[int] = []
    for n, job in enumerate(jobs):
        pages = _pages_of(re.split(r" double-sided| single-sided| alone", job)[0])
        assert pages, (where, job)
        if job.startswith("Print the calibration sheet"):
            assert n == 0 and pages == [doc.calibration, doc.calibration + 1], (where, job)
        elif stock:  # a job on one stock: card holds exactly the card pages
            assert ("on card stock" in job) == all(p in stock for p in pages), (where, job)
            assert ("on card stock" in job) == any(p in stock for p in pages), (where, job)
        printed.extend(pages)
        for page in pages:  # a page of backs prints in the same job as the page it goes behind
            if roles[page - 1] == "back":
                assert page - 1 in pages, (where, job, page)
    assert sorted(printed) == list(range(1, total + 1)), (where, printed)  # every page once


@pytest.mark.parametrize("name", GAMES)
def test_pieces_on_card_stay_on_card_with_bleed(name: str):
    """Issue 29: a component's pages are on card stock in a bleed build exactly when they are in the
    same build without bleed (a bleed build may lay a piece on a page of its own: it keeps its stock)."""
    import sweep

    from genpnp.render.cover import card_stock_pages

    for paper, backs in itertools.product(("letter", "a4"), ("fold", "duplex")):
        on: dict[int, set[str]] = {}
        guests: set[str] = set()  # on card in the bleed build only where it fills room on a page of card pieces
        for bleed in (0, 3):
            doc = sweep.document(name, paper, backs, bleed)
            stock = set(card_stock_pages(doc))
            pages: dict[str, set[bool]] = {}
            for n, sheet in enumerate(doc.sheets, start=1):
                for p in sheet.placements:
                    pages.setdefault(p.component.name, set()).add(n in stock)
                if bleed and n in stock:
                    names = {p.component.name for p in sheet.placements}
                    if names & on[0]:
                        guests |= names - on[0]
            on[bleed] = {c for c, v in pages.items() if True in v}
            wholly = {c for c, v in pages.items() if v == {True}}
            assert on[bleed] - wholly <= guests, (name, paper, backs, bleed, pages)  # a card piece: all its pages
        assert on[0] == on[3] - guests, (name, paper, backs, on)

def test_page_ranges_name_runs_of_pages():
    assert page_ranges([5]) == "5"
    assert page_ranges([5, 6, 7, 8]) == "5-8"
    assert page_ranges([5, 6, 7, 9, 11, 12]) == "5-7, 9 and 11-12"


def test_the_scale_check_is_drawn_on_two_pages_only():
    from genpnp.render.recorder import RecordingSurface

    game = load_game(CONTENT / "berzerka")
    doc = impose_game(game, Options(paper=parse_paper("a4"), backs="duplex"))
    shown = []
    for n, sheet in enumerate(doc.sheets, start=1):
        surface = RecordingSurface({})
        draw_sheet(surface, doc, sheet, n, len(doc.sheets))
        if any(i.what == "scale" for i in surface.ink):
            shown.append(n)
    assert shown == sorted(doc.scale_pages) and len(shown) == 2


def test_footer_never_cuts_a_word():
    from genpnp.render.sheet import fit_footer

    def width(text: str, size: float) -> float:
        return len(text) * size * 0.5

    left = ["A Game With A Long Name", "version 1.0", "A licence that runs on and on " * 3]
    right = ["a4", "color", "duplex", "page 3 of 23"]
    for room in range(60, 700, 7):
        a, b, size = fit_footer(left, right, room, 7.0, width)
        words = set(" ".join(left + right).split())
        assert set(a.split()) <= words | {"·"} and set(b.split()) <= words | {"·"}
        assert "…" not in a + b
        assert b.endswith("page 3 of 23")
        if a:
            assert width(a, size) + width(b, size) + 4 * MM <= room


def test_a_heading_keeps_its_first_lines_and_a_table_repeats_its_header():
    from genpnp.content.markdown import parse
    from genpnp.impose.sheet import Box
    from genpnp.impose.textflow import layout_blocks

    area = Box(0, 0, 300, 200)
    for filler in range(1, 30):  # the heading lands at every height of the page in turn
        body = "\n\n".join(["Some words to fill a line."] * filler)
        rows = "\n".join(f"| row {n} | value {n} |" for n in range(30))
        blocks, _ = parse(f"{body}\n\n## A heading\n\n| Name | Value |\n|---|---|\n{rows}\n", "t.md")
        pages = layout_blocks(tuple(blocks), "sans", 10, area, 1)
        ops = [(p, op) for p, page in enumerate(pages) for op in page if op[0] == "block"]
        heading = next(i for i, (_, op) in enumerate(ops) if op[1] == "heading")
        table = ops[heading + 1][1]
        assert ops[heading][1][3][-1] == table[3][0], filler  # the table starts where its heading is
        for page in pages[table[3][0][0] + 1:table[3][-1][0] + 1]:  # each further page repeats the header
            texts = sorted((op for op in page if op[0] == "text"), key=lambda op: -op[2])
            assert [op[3] for op in texts[:2]] == ["Name", "Value"], filler
        assert re.match(r"A heading", ops[heading][1][5])


def test_the_licence_is_in_the_footer_of_pages_to_read_not_of_pages_to_cut():
    from genpnp.impose.document import impose_game
    from genpnp.impose.options import Options, parse_paper
    from genpnp.load.project import load_game
    from genpnp.render.sheet import PLAY_ROLES, footer_parts

    game = load_game(Path(__file__).resolve().parent.parent / "content" / "gerrymander")
    doc = impose_game(game, Options(paper=parse_paper("letter")))
    licence = game.meta.licence
    roles = {}
    for n, sheet in enumerate(doc.sheets, 1):
        left, _ = footer_parts(doc, n, len(doc.sheets), sheet.role)
        roles.setdefault(sheet.role, set()).add(licence in left)
        assert left[0] == game.meta.name  # every page still names its game
    assert roles["cover"] == {True} and roles["text"] == {True}  # the cover (also under Credits) and the rules
    played = [r for r in roles if r in PLAY_ROLES]
    assert played and all(roles[r] == {False} for r in played)


def test_a_short_list_item_stays_in_one_column_and_a_heading_keeps_it():
    from genpnp.content.markdown import parse
    from genpnp.impose.sheet import Box
    from genpnp.impose.textflow import GAP, ITEM_WHOLE, layout_blocks

    area = Box(0, 0, 400 + GAP, 200)  # two columns of 200 pt
    answer = " ".join(["A question and its answer."] * 6)  # four to five lines in a 200 pt column
    long = " ".join(["A long item that may split."] * 30)
    split = 0
    for filler in range(1, 16):  # the items land at every height of the column in turn
        body = "\n\n".join(["Some words."] * filler)
        blocks, _ = parse(f"{body}\n\n## Questions\n\n- {answer}\n- {answer}\n- {long}\n", "t.md")
        pages = layout_blocks(tuple(blocks), "sans", 10, area, 2)
        ops = [op for page in pages for op in page if op[0] == "block"]
        items = [op for op in ops if op[1] == "bullet"]
        heading = next(op for op in ops if op[1] == "heading")
        assert heading[3][-1] == items[0][3][0], filler  # the heading stands with its first item
        for item in items[:2]:
            assert len(item[3]) == 1, filler  # never split between columns
        split += len(items[2][3]) > 1
    lines = [op for page in layout_blocks(tuple(parse(f"- {answer}\n", "t.md")[0]), "sans", 10, Box(0, 0, 200, 200), 1)
             for op in page if op[0] == "text" and op[3] != "•"]
    assert 4 <= len({round(op[2], 1) for op in lines}) <= ITEM_WHOLE  # a real case: more than a widow's worth
    assert split  # a long item still splits


@pytest.mark.parametrize("name", GAMES)
def test_every_pdf_has_an_outline(name: str):
    """Bookmarks: the cover, each text with its headings, each component where its sheets start,
    each sheet of a component of several; read back from the PDF with pypdf."""
    import sweep


    game = sweep.game(name)
    path = sweep.duplex_pdf(name)  # the duplex build test_imposition reads back too
    reader = PdfReader(path)
    texts = sweep.page_texts(path)
    paper, bleed = sweep.DUPLEX_BUILDS[name]
    doc = sweep.document(name, paper, "duplex", bleed)

    def walk(items, depth=0):
        for item in items:
            if isinstance(item, list):
                yield from walk(item, depth + 1)
            else:
                yield depth, item.title, reader.get_destination_page_number(item) + 1

    marks = list(walk(reader.outline))
    assert marks[0] == (0, "Cover", 1)
    top = {title: page for depth, title, page in marks if depth == 0}
    for title, page in doc.contents:  # every section of the contents, at its page
        assert top[title] == page, (title, page)
    for comp in game.ordered():
        if getattr(comp, "layout", "") == "flow":  # a text's headings under it, each on its page
            headings = [b for b in comp.blocks if b.kind == "heading"]
            for block in headings:
                found = [(d, p) for d, t, p in marks if t == block.text.replace("*", "") and d >= 1]
                assert found, block.text
                page = found[0][1]
                assert block.text.replace("*", "").split()[0] in texts[page - 1], block.text
    if doc.calibration:
        assert top["Duplex calibration"] == doc.calibration
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"


def test_a_board_carries_a_title_band(tmp_path: Path):
    """A title band is added above the grid: the board grows by its height, the cells keep their
    places, the title prints in the band (read back), and the audit finds nothing."""
    from genpnp.audit import audit_game
    from genpnp.commands.build import build_game

    folder = tmp_path / "content" / "banded"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text('name: Banded\nversion: "1"\nlicence: CC0\nplayers: "2"\nsections: [board]\n',
                                      encoding="utf-8")
    board = "components:\n  board:\n    kind: board\n    title: Board\n    rows: 6\n    cols: 6\n    cell: 25mm\n"
    (folder / "components.yaml").write_text(board, encoding="utf-8")
    plain = load_game(folder).components["board"]
    (folder / "components.yaml").write_text(board + '    band: {text: "The Banded Map", note: "six by six", '
                                            "fill: '#2a4d69', height: 14mm}\n", encoding="utf-8")
    game = load_game(folder)
    banded = game.components["board"]
    assert banded.size == (plain.size[0], plain.size[1] + 14 * MM)
    assert banded.cell_box(0, 0) == plain.cell_box(0, 0)
    built = build_game(game, Options(), tmp_path / "out")
    assert any("The Banded Map" in p.extract_text() for p in PdfReader(built.path).pages)
    from genpnp.render.recorder import RecordingSurface

    doc = impose_game(game, Options())
    sheet = next(s for s in doc.sheets if s.placements)
    surface = RecordingSurface({})
    draw_sheet(surface, doc, sheet, 2, 2)
    title = next(i.box for i in surface.ink if i.text == "The Banded Map")
    labels = [i.box for i in surface.ink if i.text == "A"]
    assert len(labels) == 2 and title.y > max(b.y2 for b in labels)  # above the column labels
    for ink in ("color", "bw"):
        assert not audit_game(game, Options(ink=ink)).findings


class _Marks:
    """A surface that keeps the calibration sheet's lines, arrows, circles and words."""

    def __init__(self) -> None:
        self.lines: list[tuple] = []
        self.polygons: list[tuple] = []
        self.circles: list[tuple] = []
        self.words: list[tuple] = []

    def line(self, x1, y1, x2, y2, color, width=0.5, dash=None) -> None:
        self.lines.append((x1, y1, x2, y2, color))

    def path(self, commands, fill=None, stroke=None, width=0.5, dash=None) -> None:
        pts = [c[1:] for c in commands if c[0] in ("M", "L")]
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            self.lines.append((x1, y1, x2, y2, stroke))

    def polygon(self, points, fill=None, stroke=None, width=0.5, close=True, dash=None) -> None:
        self.polygons.append((tuple(points), fill))

    def circle(self, x, y, r, fill=None, stroke=None, width=0.5, dash=None) -> None:
        self.circles.append((x, y, r, stroke))

    def text(self, x, y, text, font, size, color, align="left") -> None:
        self.words.append((x, y, text, size, color))


@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_calibration_arrows_point_at_zero_beside_the_scales_and_read_at_a_glance(flip: str):
    """The back carries red marks alone (two arrows, four corner circles); turned over, each arrow's tip
    touches its black scale's line at the zero tick, from the side the ticks leave free (never on a tick
    or a number); each tick of the front's scales leads to its own number, no two numbers overlapping."""
    from genpnp.render.calibration import BACK, SPAN, draw_marks

    w, h = 600.0, 800.0
    back, front = _Marks(), _Marks()
    draw_marks(back, w, h, "back", flip)
    draw_marks(front, w, h, "front", flip)
    assert len(back.polygons) == 2 and all(fill == BACK for _, fill in back.polygons)
    assert len(back.circles) == 4 and all(c[3] == BACK for c in back.circles)
    assert all(ln[4] == BACK for ln in back.lines) and not back.words
    assert all(ln[4] != BACK for ln in front.lines) and not front.polygons
    numbers = [wd for wd in front.words if wd[2].lstrip("+−").isdigit()]
    each = ["0"] + [f"{s}{i}" for i in range(1, SPAN + 1) for s in "+−"]
    assert sorted(wd[2] for wd in numbers) == sorted(each * 2)  # both scales, every mm numbered
    for a in numbers:  # numbers at least 3 mm apart: each reads alone
        assert all(a is b or abs(a[0] - b[0]) > 3 * MM or abs(a[1] - b[1]) > 3 * MM for b in numbers), a

    def seen(x: float, y: float) -> tuple[float, float]:  # a back point as seen through the front
        return (w - x, y) if flip == "long" else (x, h - y)

    tips = [seen(*points[0]) for points, _ in back.polygons]
    # the zero ticks: the front's scale lines (the longest straight lines through the page's middle) at zero
    x_line = next(ln for ln in front.lines if abs(ln[1] - ln[3]) < 0.01 and abs(ln[2] - ln[0]) > 2 * SPAN * MM)
    y_line = next(ln for ln in front.lines if abs(ln[0] - ln[2]) < 0.01 and abs(ln[3] - ln[1]) > 2 * SPAN * MM)
    x_zero = ((x_line[0] + x_line[2]) / 2, x_line[1])
    y_zero = (y_line[0], (y_line[1] + y_line[3]) / 2)
    assert any(abs(t[0] - x_zero[0]) < 0.01 and 0 < x_zero[1] - t[1] < 0.5 * MM for t in tips), (tips, x_zero)
    assert any(abs(t[1] - y_zero[1]) < 0.01 and 0 < t[0] - y_zero[0] < 0.5 * MM for t in tips), (tips, y_zero)
    # ticks rise above the X line and reach left of the Y line; the arrows come from the other side
    ticks_x = [ln for ln in front.lines if abs(ln[0] - ln[2]) < 0.01 and min(ln[1], ln[3]) == x_line[1]]
    assert len(ticks_x) == 2 * SPAN + 1 and all(max(ln[1], ln[3]) > x_line[1] for ln in ticks_x)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_calibration_sheets_correction_moves_the_back_onto_the_front(flip: str):
    """What the sheet says to set, fed to --offset, moves each back by the opposite of what the arrows
    read, as seen from the front: read +2 mm right and 1 mm down, the back moves 2 mm left and 1 mm up."""
    from genpnp.render.calibration import correction, reading_lines

    game = load_game(CONTENT / "berzerka")
    read = (2.0, -1.0)
    dx, dy = correction(flip, *read)
    plain = impose_game(game, Options(paper=parse_paper("letter"), backs="duplex", flip=flip))
    moved = impose_game(game, Options(paper=parse_paper("letter"), backs="duplex", flip=flip,
                                      offset=(dx * MM, dy * MM)))
    sheet = next(n for n, s in enumerate(plain.sheets) if s.role == "back" and s.placements)
    a, b = plain.sheets[sheet].placements[0].box, moved.sheets[sheet].placements[0].box
    w, h = plain.sheets[sheet].size if hasattr(plain.sheets[sheet], "size") else (8.5 * 72, 11 * 72)
    if flip == "long":  # seen from the front, a back's x runs the other way
        shift = ((w - b.x2) - (w - a.x2), b.y - a.y)
    else:
        shift = (b.x - a.x, (h - b.y2) - (h - a.y2))
    assert abs(shift[0] / MM + read[0]) < 0.01 and abs(shift[1] / MM + read[1]) < 0.01, shift
    example = " ".join(text for text, _ in reading_lines(flip))
    assert f"X {'+2' if dx > 0 else '−2'} mm, Y {'+1' if dy > 0 else '−1'} mm" in example, example
    # the why agrees with the example: the axis it says keeps its sign is the one set as read
    kept, turned = ("X", "Y") if flip == "long" else ("Y", "X")
    assert f"on {kept} the two cancel" in example and f"{turned}'s sign turns" in example, example
    assert (dx, dy)[kept == "Y"] == read[kept == "Y"] and (dx, dy)[turned == "Y"] == -read[turned == "Y"]


@pytest.mark.parametrize("ink", ["color", "bw", "saver"])
def test_the_cover_band_spends_toner_only_in_colour(ink: str):
    """Issue 29, item 8: the cover's band is a light tint in colour; in bw and saver no flood fill
    wider than the pieces (a thin rule instead)."""
    from genpnp.render.recorder import RecordingSurface

    game = load_game(CONTENT / "gerrymander")
    doc = impose_game(game, Options(paper=parse_paper("letter"), ink=ink))
    wide: list[tuple] = []

    class Fills(RecordingSurface):
        art = False  # the cover's pieces or figure, drawn scaled down: judged on their own sheets

        def tag(self, what: str, owner: int = -1) -> None:
            self.art = what == "cover-pieces" or (self.art and what.startswith("figure"))
            super().tag(what, owner)

        def rect(self, x, y, w, h, fill=None, stroke=None, width=0.5, radius=0.0, dash=None) -> None:
            if fill is not None and w > 150 * MM and not self.art:
                wide.append((w, h, fill))
            super().rect(x, y, w, h, fill, stroke, width, radius, dash)

    draw_sheet(Fills({}), doc, doc.sheets[0], 1, len(doc.sheets))
    assert len(wide) == (1 if ink == "color" else 0), wide
    if wide:  # light: a tint the eye reads as paper with a hint of the game's colour
        assert min(wide[0][2].r, wide[0][2].g, wide[0][2].b) > 0.85, wide


@pytest.mark.parametrize("name", GAMES)
def test_sheet_titles_number_pieces_only_where_a_section_continues(name: str):
    """Issue 29, item 5: a page that holds all of a component's pieces names it alone ("Value
    tokens", not "Value tokens 1 to 16"); where a component continues on another page its pieces'
    numbers say of how many ("Blue tiles 1 to 26 of 64"); a designer's title over several pages
    is followed by "(continued)", never a bare "(1)"."""
    import sweep

    doc = sweep.document(name, "letter", "fold", 0)
    titled: set[str] = set()  # designers' sheet titles already on a page
    for n, sheet in enumerate(doc.sheets, start=1):
        if sheet.role != "pieces":
            continue
        assert not re.search(r"\(\d+\)$", sheet.title), (n, sheet.title)
        sheets = {p.component.sheet for p in sheet.placements if p.component.sheet}
        base = sheet.title.removesuffix(" (continued)")
        if base in sheets:  # every later page of a sheet group continues its title, whichever member starts it
            assert (sheet.title != base) == (base in titled), (n, sheet.title)
        titled |= {base} | {label.text for label in sheet.labels}  # a group may start under a label
        for comp in {p.component.name: p.component for p in sheet.placements}.values():
            held = {p.piece.index for p in sheet.placements if p.component is comp}
            count = len(comp.pieces)
            if comp.label in sheet.title and len(held) == count:
                assert not re.search(re.escape(comp.label) + r" \d", sheet.title), (n, sheet.title)
        for first, last, of in re.findall(r" (\d+)(?: to (\d+))? of (\d+)", sheet.title):
            assert int(last or first) <= int(of) and (int(first) > 1 or int(last or first) < int(of)), sheet.title


@pytest.mark.parametrize("name", ["mapmaker", "redistrict"])
def test_board_parts_are_numbered_never_named_like_board_spaces(name: str, tmp_path: Path):
    """Issue 29, item 6: a board's parts are "part 1 of 2", never "part A1" (a county may be A1),
    in the page title, the note under it, the label under the part and the cover's legend."""
    import sweep

    doc = sweep.document(name, "letter", "fold", 0)
    posters = [(n, s) for n, s in enumerate(doc.sheets, start=1) if s.role == "poster"]
    assert posters
    text = _pages_text(doc, tmp_path / "p.pdf", [1, *[n for n, _ in posters]])
    total = len(posters)
    for k, (n, sheet) in enumerate(posters, start=1):
        assert f"part {k} of {total}" in sheet.title, sheet.title
        words = " ".join([sheet.title, sheet.content.get("steps", ""), *[lb.text for lb in sheet.labels]])
        assert not re.search(r"parts? [A-Z]\d", words), words
        assert not re.search(r"part [A-Z]\d", text[n]), text[n]
    assert "poster:" not in text[1] and "board in parts: glue strip" in text[1]


def test_the_designer_chooses_the_covers_pieces(tmp_path):
    """game.yaml ``cover:`` names the pieces the cover shows, as figures name them; a name that does not
    exist is an error at its line in game.yaml, with did-you-mean."""
    from pdfcheck import copy_game, run

    from genpnp.impose.document import impose_game
    from genpnp.impose.options import Options
    from genpnp.load.project import load_game
    from genpnp.render.cover import cover_pieces

    game_dir = copy_game(tmp_path, "gerrymander")
    yaml = game_dir / "game.yaml"
    import re

    text = re.sub(r"^cover:.*\n", "", yaml.read_text(encoding="utf-8"), flags=re.M)  # the game's own choice out
    yaml.write_text(text + "cover: [blue-tiles#3, die, red-tiles#2]\n", encoding="utf-8")
    game = load_game(game_dir)
    shown = [(comp.name, piece.index, face) for comp, piece, face in cover_pieces(game)]
    assert shown == [("blue-tiles", 3, "front"), ("die", 1, "front"), ("red-tiles", 2, "front")]
    assert impose_game(game, Options()).sheets  # the cover draws them
    line = text.count("\n") + 1
    yaml.write_text(text + "cover: [blue-tile#3]\n", encoding="utf-8")
    result = run("validate", "--content", game_dir.parent, "gerrymander")
    assert result.exit_code != 0
    assert f"game.yaml:{line}:" in result.output and 'did you mean "blue-tiles"' in result.output, result.output


def test_a_score_sheet_is_set_in_the_games_faces_under_one_title(tmp_path: Path):
    """A score sheet's text and tables use the game's body family, its table titles the heading face,
    as the rules pages do; an introduction that opens with the sheet's own title does not repeat it
    under the page's title band."""
    from genpnp.core import fonts
    from genpnp.render.scoresheet import draw_page

    folder = tmp_path / "tally"
    folder.mkdir()
    (folder / "game.yaml").write_text(
        'name: Tally\nversion: "1"\nlicence: CC0\nplayers: "2"\nsections: [tally]\n'
        "styles:\n  body: {font: vollkorn}\n  heading: {font: bebas-neue}\n", encoding="utf-8")
    (folder / "sheets.yaml").write_text(
        "components:\n  tally:\n    kind: scoresheet\n    title: Points tally\n"
        '    intro: "# Points Tally\\n\\nOne **column** per player."\n'
        "    table_title: Totals\n    key: {title: Key, columns: [Mark, Means], rows: [[x, scored]]}\n"
        "    columns: [{label: Red}, {label: Blue}]\n    rows: 5\n", encoding="utf-8")
    game = load_game(folder)
    doc = impose_game(game, Options())
    (page,) = [s for s in doc.sheets if s.role == "page"]
    comp = next(c for c in game.ordered() if c.name == "tally")
    drawn: list[tuple[str, str]] = []

    class Texts:
        def text(self, x, y, text, font, size, color, align="left"):
            drawn.append((text, font))

        def __getattr__(self, name):
            return lambda *args, **kwargs: None

    draw_page(comp, Texts(), page.content[0], page.content[1])
    faces = dict(drawn)
    assert "Points Tally" not in faces  # the title band says it once
    assert faces["Totals"] == faces["Key"] and "bebas" in faces["Totals"].lower()  # the heading face
    assert faces["Red"] == faces["Mark"] == fonts.styled(faces["scored"], "b") != faces["scored"]
    assert all("vollkorn" in font.lower() for text, font in drawn if text not in ("Totals", "Key")), drawn


def test_a_score_sheets_head_rows_stand_above_its_numbered_rows_on_its_first_page(tmp_path: Path):
    """head_rows: unnumbered rows (a caption in each cell, or a value in every cell) at the top of the
    table on its first page; they take their room from the blank rows there, which number from 1 below
    them, and a continuation page does not repeat them."""
    from genpnp.render.scoresheet import draw_page

    def sheet(head: str) -> tuple:
        folder = tmp_path / f"tally{len(head)}"
        folder.mkdir()
        (folder / "game.yaml").write_text('name: Tally\nversion: "1"\nlicence: CC0\nplayers: "2"\n'
                                          "sections: [tally]\n", encoding="utf-8")
        (folder / "sheets.yaml").write_text(
            "components:\n  tally:\n    kind: scoresheet\n    title: Points tally\n"
            "    columns: [{label: Red}, {label: Blue}]\n    rows: 60\n    row_height: 9mm\n" + head,
            encoding="utf-8")
        game = load_game(folder)
        doc = impose_game(game, Options())
        pages = [s for s in doc.sheets if s.role == "page"]
        comp = next(c for c in game.ordered() if c.name == "tally")
        class Texts:
            def __init__(self) -> None:
                self.drawn: list[tuple[str, float, float]] = []

            def text(self, x, y, text, font, size, color, align="left"):
                self.drawn.append((text, x, y))

            def __getattr__(self, name):
                return lambda *args, **kwargs: None

        out = []
        for page in pages:
            surface = Texts()
            draw_page(comp, surface, page.content[0], page.content[1])
            out.append(surface.drawn)
        return out

    plain = sheet("")
    headed = sheet("    head_rows:\n      - {label: name, height: 18mm}\n      - {label: start, text: '5'}\n")
    left = min(x for t, x, _ in headed[0] if t == "name")  # the table's first column starts here

    def row_numbers(page: list) -> list[int]:  # drawn in the margin left of the table
        return sorted(int(t) for t, x, _ in page if t.isdigit() and x < left)

    first_plain, first_headed = row_numbers(plain[0]), row_numbers(headed[0])
    assert first_headed[0] == 1 and first_plain[0] == 1
    # 18 mm + 9 mm of head rows cost the first page three 9 mm rows
    assert len(first_plain) - len(first_headed) == 3
    texts = [t for t, _, _ in headed[0]]
    assert texts.count("name") == 2 and texts.count("start") == 2 and texts.count("5") >= 2  # one per column
    name_y = max(y for t, _, y in headed[0] if t == "name")
    row1_y = max(y for t, x, y in headed[0] if t == "1" and x < left)
    assert name_y > row1_y  # above the numbered rows
    assert all("name" not in [t for t, _, _ in page] for page in headed[1:])  # not repeated
    assert row_numbers(headed[1])[0] == first_headed[-1] + 1


def test_a_build_of_some_components_shows_only_their_pieces_on_the_cover(tmp_path: Path) -> None:
    """game.yaml's cover: names pieces of every component; `--component deck` prints the deck alone, so its
    cover shows a card and nothing the PDF does not hold (the penalty card, the aids)."""
    from pdfcheck import run

    for only, shown in ((("--component", "deck"), False), ((), True)):
        out = tmp_path / ("deck" if only else "all")
        result = run("build", "berzerka", *only, "--out", str(out), "-q")
        assert result.exit_code == 0, result.output
        (pdf,) = out.glob("*.pdf")
        cover = PdfReader(str(pdf)).pages[0].extract_text()
        assert ("Overbid penalty" in cover) == shown and ("Bidding" in cover) == shown


@pytest.mark.parametrize("backs", ["fold", "duplex"])
def test_a_double_sided_job_of_an_odd_page_count_says_its_last_back_is_blank(backs: str) -> None:
    """A job printed double-sided on an odd number of pages leaves the last sheet's back blank: the step
    says so (a player expecting a full sheet is not left wondering); a game's own printing advice
    follows the steps."""
    from genpnp.render.cover import advice_lines

    seen = 0
    for name in ("mapmaker", "gerrymander", "berzerka"):
        game = load_game(CONTENT / name)
        lines = advice_lines(impose_game(game, Options(paper=parse_paper("letter"), backs=backs)))
        for line in lines:
            m = re.match(r"\d+\. Print (pages? [0-9 ,and\-to]+?) (?:on paper, )?double-sided", line)
            if m:
                pages = _pages_of(m.group(1))
                seen += 1
                assert ("back stays blank" in line) == (len(pages) % 2 == 1 and len(pages) > 1), (name, line)
                if len(pages) % 2:
                    assert f"Page {pages[-1]}'s back stays blank." in line, (name, line)
        assert all(note in lines for note in game.meta.printing), name
    assert seen
    game = load_game(CONTENT / "mapmaker")
    assert any("dry-erase" in note for note in game.meta.printing)  # the cheap way to make the strips


def test_the_colour_covers_pieces_are_never_drawn_past_their_largest_scale() -> None:
    """A few small pieces on a roomy cover are drawn at most COLOUR_MOST times their size (the cap is
    not mistaken for the number of pieces in a row)."""
    from types import SimpleNamespace

    from genpnp.impose.sheet import Box
    from genpnp.render.cover import COLOUR_MOST, _arrangement

    small = [SimpleNamespace(w=10 * MM, h=10 * MM) for _ in range(3)]
    rows, scale = _arrangement(small, Box(0, 0, 180 * MM, 60 * MM), 6 * MM, COLOUR_MOST)
    assert scale == pytest.approx(COLOUR_MOST)
    assert sum(len(r) for r in rows) == 3


@pytest.mark.parametrize("ink", ["color", "bw"])
def test_a_board_the_cover_names_leads_beside_the_title(ink: str):
    """Issue 29: a board named in game.yaml's cover: is drawn once, large, at the right of the cover's
    panel beside the title (the map is the game's main attraction), not as a speck among the cards."""
    from genpnp.impose.document import impose_game
    from genpnp.impose.options import Options
    from genpnp.load.project import load_game
    from genpnp.render.recorder import RecordingSurface
    from genpnp.render.sheet import draw_sheet

    game = load_game(CONTENT / "redistrict")
    doc = impose_game(game, Options(ink=ink))
    rec = RecordingSurface()
    draw_sheet(rec, doc, doc.sheets[0], 1, len(doc.sheets))
    title = max((i for i in rec.ink if i.kind == "text" and i.text == game.meta.name.upper()), key=lambda i: i.size)
    olympia = [i for i in rec.ink if i.kind == "text" and i.text == "OLYMPIA"]  # the board's start space
    assert len(olympia) == 1, olympia  # drawn once
    page_w = doc.sheets[0].content["page_size"][0] if isinstance(doc.sheets[0].content, dict) else 612.0
    board_words = [i for i in rec.ink if i.kind == "text" and i.box.x > title.box.x2
                   and i.box.y > title.box.y - 80 * MM]
    assert board_words and olympia[0].box.x > page_w * 0.45  # at the right of the panel
    assert olympia[0].box.y < title.box.y2  # beside the title, below the panel's top
