"""Issue 3: fold pairs, duplex, bleed and crop marks, ink modes, poster tiling, as data."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest
from pdfcheck import CONTENT, MM, fonts_used, run

from genpnp.impose.document import impose_game
from genpnp.impose.options import Options, parse_paper
from genpnp.impose.poster import OVERLAP, tiles
from genpnp.impose.sheet import Box
from genpnp.load.project import discover, load_game
from genpnp.render.sheet import page_size

TOL = 0.1 * MM
GAMES = sorted(discover(CONTENT))


@pytest.fixture(scope="module")
def games():
    return {name: load_game(CONTENT / name) for name in GAMES}


COMBOS = list(itertools.product(["fold", "duplex"], ["letter", "a4", "legal"], [0.0, 3.0]))


def close(a: Box, b: Box) -> bool:
    return all(abs(u - v) < TOL for u, v in ((a.x, b.x), (a.y, b.y), (a.w, b.w), (a.h, b.h)))


@pytest.mark.parametrize("backs, paper, bleed", COMBOS)
def test_geometry_of_every_game(games, backs: str, paper: str, bleed: float):
    offset = (1.5 * MM, -0.7 * MM)
    options = Options(paper=parse_paper(paper), backs=backs, bleed=bleed * MM, offset=offset)
    for game in games.values():
        doc = impose_game(game, options)
        for number, sheet in enumerate(doc.sheets):
            page_w, page_h = page_size(doc, sheet)
            m = options.margin
            printable = Box(m, m, page_w - 2 * m, page_h - 2 * m)
            pieces = [p.ink for p in sheet.placements if p.window is None]
            for p in sheet.placements:
                art = p.ink
                shifted = Box(art.x - offset[0], art.y - offset[1], art.w, art.h) if sheet.role == "back" else art
                assert shifted.inside(printable, TOL), (game.id, sheet.title, art)
            for mark in sheet.marks:
                if mark.kind == "crop":
                    (x1, y1), (x2, y2) = mark.points
                    seg = Box(min(x1, x2), min(y1, y2), abs(x2 - x1) + 0.01, abs(y2 - y1) + 0.01)
                    assert not any(seg.overlaps(b) for b in pieces), (game.id, sheet.title)
            _check_scale(sheet, printable, options, game.id)
            if sheet.role == "pieces":
                fold_marks = [m for m in sheet.marks if m.kind == "fold"]
                pairs = _fold_pairs(sheet)
                for front, back in pairs:
                    assert any(_folds_onto(front, back, m) for m in fold_marks), (game.id, sheet.title)
            if sheet.role == "back":
                front_sheet = doc.sheets[number - 1]
                _check_duplex(front_sheet, sheet, (page_w, page_h), options)


def _check_scale(sheet, printable: Box, options: Options, game: str) -> None:
    """Every front page of pieces carries a scale reference (square or bar) clear of the pieces and title."""
    side = 25.0 * MM if options.paper.name == "a4" else 25.4 * MM
    if sheet.role == "pieces":
        assert (sheet.scale_box is None) != (sheet.scale_bar is None), (game, sheet.title)
    for ref in (sheet.scale_box, sheet.scale_bar):
        if ref is None:
            continue
        length = ref.h if ref is sheet.scale_bar and sheet.scale_rot else ref.w
        assert abs(length - side) < 0.01 and ref.inside(printable, TOL), (game, sheet.title)
        assert not any(ref.overlaps(p.ink) for p in sheet.placements), (game, sheet.title)


def test_a_full_page_keeps_its_pieces_and_shows_a_scale_bar():
    """Poker cards fill an A4 page 3 x 3 with no room left for the 25 mm square: the page keeps all
    nine cards and has a scale bar in its header (a band for the square would cost a row)."""
    game = load_game(CONTENT / "berzerka")
    for backs in ("duplex", "fold"):
        doc = impose_game(game, Options(paper=parse_paper("a4"), backs=backs, components=("deck",)))
        fronts = [s for s in doc.sheets if s.role == "pieces"]
        per_page = max(len([p for p in s.placements if p.face == "front"]) for s in fronts)
        assert per_page == 9  # the deck is single-sided in a fold build (fold: false), backs behind it in duplex
        full = [s for s in fronts if len([p for p in s.placements if p.face == "front"]) == per_page]
        assert full and all(s.scale_bar is not None and s.scale_box is None for s in full)


def _fold_pairs(sheet) -> list[tuple[Box, Box]]:
    out = []
    fronts = [p for p in sheet.placements if p.face == "front"]
    backs = [p for p in sheet.placements if p.face == "back"]
    for f in fronts:
        for b in backs:
            if b.piece is f.piece and (abs(b.box.x - f.box.x2) < TOL or abs(b.box.y2 - f.box.y) < TOL):
                out.append((f.box, b.box))
    assert len(out) == len(backs)
    return out


def _folds_onto(front: Box, back: Box, mark) -> bool:
    """Mirror the back across the fold line: it must land exactly on the front."""
    (x1, y1), (x2, y2) = mark.points
    if abs(x1 - x2) < 0.01:  # vertical fold at x = x1
        mirrored = Box(2 * x1 - back.x2, back.y, back.w, back.h)
    else:
        mirrored = Box(back.x, 2 * y1 - back.y2, back.w, back.h)
    return close(mirrored, front)


def _check_duplex(front_sheet, back_sheet, size: tuple[float, float], options: Options) -> None:
    fronts = {(p.piece.component, p.piece.index): p.box for p in front_sheet.placements if p.face == "front"}
    dx, dy = options.offset
    page_w, page_h = size
    assert back_sheet.placements
    for p in back_sheet.placements:
        b = Box(p.box.x - dx, p.box.y - dy, p.box.w, p.box.h)
        # a long-edge flip: about the vertical axis of a portrait page, the horizontal one of a landscape page
        flipped = Box(page_w - b.x2, b.y, b.w, b.h) if page_w <= page_h else Box(b.x, page_h - b.y2, b.w, b.h)
        assert close(flipped, fronts[(p.piece.component, p.piece.index)])


def test_short_edge_flip_turns_backs_half_way():
    game = load_game(CONTENT / "gerrymander")
    options = Options(backs="duplex", flip="short")
    assert impose_game(game, options).sheets  # single-sided game: no back pages at all
    assert not [s for s in impose_game(game, options).sheets if s.role == "back"]


def test_poster_tiles_cover_the_board_once_plus_overlap():
    w, h, aw, ah = 500.0, 700.0, 200.0, 260.0
    parts = tiles(w, h, aw, ah)
    cols = len({t.col for t in parts})
    rows = len({t.row for t in parts})
    for t in parts:
        win = t.window
        assert win.w <= aw + 1e-6 and win.h <= ah + 1e-6
        assert win.x >= -1e-6 and win.y >= -1e-6 and win.x2 <= w + 1e-6 and win.y2 <= h + 1e-6
    xs = sorted({(t.window.x, t.window.x2) for t in parts})
    ys = sorted({(t.window.y, t.window.y2) for t in parts}, reverse=True)
    assert xs[0][0] == pytest.approx(0) and xs[-1][1] == pytest.approx(w)
    assert ys[0][1] == pytest.approx(h) and ys[-1][0] == pytest.approx(0)
    for (_, left_end), (right_start, _) in zip(xs, xs[1:]):
        assert left_end - right_start == pytest.approx(OVERLAP)
    for (upper_start, _), (_, lower_end) in zip(ys, ys[1:]):
        assert lower_end - upper_start == pytest.approx(OVERLAP)
    # total area = board + the overlap strips, counted once per join
    area = sum(t.window.w * t.window.h for t in parts)
    joins_x = (cols - 1) * OVERLAP * h
    joins_y = (rows - 1) * OVERLAP * w
    overlap_corners = (cols - 1) * (rows - 1) * OVERLAP * OVERLAP
    assert area == pytest.approx(w * h + joins_x + joins_y + overlap_corners)


def test_board_bigger_than_page_is_tiled_with_marks_on_every_join():
    """Every join has a glue strip and an edge line on the earlier part, and a trim line on the later
    part at the same board position; every alignment mark sits on a seam (an edge or trim line) and
    has its partner at the same board point on the part across the join."""
    game = load_game(CONTENT / "gerrymander")
    options = Options(paper=parse_paper("120x150mm"), components=("board",))
    doc = impose_game(game, options)
    posters = [s for s in doc.sheets if s.role == "poster"]
    assert len(posters) >= 2
    cols, rows = posters[0].content["tiles"]
    assert len(posters) == cols * rows
    edges: set[tuple] = set()
    trims: set[tuple] = set()
    targets: dict[tuple, list[str]] = {}

    def board(s, x: float, y: float) -> tuple[float, float]:
        (p,) = s.placements
        return round(x - p.box.x + p.window.x, 1), round(y - p.box.y + p.window.y, 1)

    for s in posters:
        def on(m, x: float, y: float) -> bool:
            (a, b) = m.points
            return (min(a[0], b[0]) - 0.01 <= x <= max(a[0], b[0]) + 0.01 and
                    min(a[1], b[1]) - 0.01 <= y <= max(a[1], b[1]) + 0.01)

        for mark in s.marks:
            if mark.kind == "align":
                (x, y), = mark.points
                kinds = {m.kind for m in s.marks if m.kind in ("edge", "trim") and on(m, x, y)}
                assert len(kinds) == 1, (x, y, kinds)
                targets.setdefault(board(s, x, y), []).extend(kinds)
            if mark.kind in ("edge", "trim"):
                (x1, y1), (x2, y2) = mark.points
                vertical = abs(x1 - x2) < 0.01
                key = ("v", board(s, x1, y1)[0]) if vertical else ("h", board(s, x1, y1)[1])
                (edges if mark.kind == "edge" else trims).add(key)
        assert s.content["page_size"] and s.content["steps"]
    assert edges and edges == trims
    assert targets and all(sorted(kinds) == ["edge", "trim"] for kinds in targets.values())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_glue_strips_tag_hides_no_word_of_the_part_under_it(paper: str):
    """The "glue here" tag on a board part's glue strip stands clear of every word the part prints (a
    county's name on the map runs under the strip's middle on Redistrict's letter board): it moves along
    the strip to the free spot nearest its middle, and stays in the middle when nothing is there."""
    from genpnp.render.marks import glue_label_centre
    from genpnp.render.recorder import RecordingSurface
    from genpnp.render.sheet import draw_sheet

    game = load_game(CONTENT / "redistrict")
    doc = impose_game(game, Options(paper=parse_paper(paper), components=("board",)))
    moved = 0
    for n, sheet in enumerate(doc.sheets):
        strips = [box for kind, box in sheet.fills if kind == "glue"]
        if not strips:
            continue
        surface = RecordingSurface()
        draw_sheet(surface, doc, sheet, n + 1, len(doc.sheets))
        words = [ink.box for ink in surface.ink if ink.kind == "text" and ink.what == "placement"]
        tags = [ink.box for ink in surface.ink if ink.what == "glue" and ink.kind == "shape"  # the white tag
                and sorted((round(ink.box.w / MM), round(ink.box.h / MM))) == [4, 18]]
        assert len(tags) == len(strips)
        for tag in tags:
            assert not any(tag.overlaps(w) for w in words), (paper, tag)
        for box in strips:
            moved += glue_label_centre(box, words) != (box.x + box.w / 2, box.y + box.h / 2)
            assert glue_label_centre(box, []) == (box.x + box.w / 2, box.y + box.h / 2)
    assert moved or paper != "letter"  # on letter a county name lies under the strip's middle


def test_each_poster_part_says_in_one_sentence_what_to_do_with_it():
    """The note under a part's title is one sentence a player follows, for any number of parts:
    the first part is laid down first; every other part trims the edges that meet earlier parts
    and is glued over those parts' strips, named."""
    from genpnp.impose.poster import Tile, assembly_steps, part_name

    for cols, rows in ((2, 1), (1, 3), (2, 2), (3, 4)):
        for row in range(rows):
            for col in range(cols):
                text = assembly_steps(Tile(col, row, Box(0, 0, 1, 1)), cols, rows)
                assert text[0].isupper() and text.endswith(".") and text.count(":") <= 1, text
                assert str(cols * rows) not in text  # the title counts the parts; the text names earlier ones
                if (col, row) == (0, 0):
                    assert text.startswith("Start with this part"), text
                    # one other part over one strip is said in the singular, never "the others ... strips"
                    assert ("the other is glued onto its glue strip." in text) == (cols * rows == 2), text
                    continue
                edges = [e for e, on in (("left", col > 0), ("top", row > 0)) if on]
                assert f"Trim the {' and '.join(edges)} edge" in text, text
                neighbours = [part_name(col - 1, row, cols)] * (col > 0) + [part_name(col, row - 1, cols)] * (row > 0)
                assert all(n.isdigit() for n in neighbours), neighbours  # never "A1", a board space's name
                named = (f"parts {neighbours[0]} and {neighbours[1]}" if len(neighbours) == 2
                         else f"part {neighbours[0]}")
                assert f"strip{'s' if len(neighbours) == 2 else ''} of {named}" in text, text


def test_bw_ink_keeps_colour_coded_faces_apart(tmp_path: Path):
    """Rendered in greyscale, faces with different fill colours keep different greys or patterns."""
    import pypdfium2 as pdfium

    for name in GAMES:
        result = run("build", name, "--ink", "bw", "--out", tmp_path, "--content", CONTENT)
        assert result.exit_code == 0, result.output
        game = load_game(CONTENT / name)
        doc = impose_game(game, Options(ink="bw"))
        pdf_path = next(tmp_path.glob(f"{name}-*bw.pdf"))
        assert fonts_used(pdf_path)[1] == set(), f"{name}: fonts not embedded"  # what pdffonts would flag
        pdf = pdfium.PdfDocument(str(pdf_path))
        signatures: dict[str, set] = {}
        for number, sheet in enumerate(doc.sheets):
            faces = [p for p in sheet.placements if p.window is None and p.face == "front"
                     and getattr(p.piece.front, "fill", None) is not None]
            if not faces:
                continue
            image = pdf[number].render(scale=40 / 72).to_pil().convert("L")
            page_h = page_size(doc, sheet)[1]
            for p in faces[:12]:
                b = p.box
                crop = image.crop((round(b.x * 40 / 72) + 1, round((page_h - b.y2) * 40 / 72) + 1,
                                   round(b.x2 * 40 / 72) - 1, round((page_h - b.y) * 40 / 72) - 1))
                pixels = list(crop.tobytes())
                mean = sum(pixels) / len(pixels)
                spread = sum(abs(v - mean) for v in pixels) / len(pixels)
                key = f"{p.piece.component}:{p.piece.front.fill.hex()}"
                signatures.setdefault(key, set()).add((round(mean / 8), round(spread / 8)))
        comps: dict[str, list[tuple[str, set]]] = {}
        for key, sig in signatures.items():
            comp, fill = key.split(":")
            comps.setdefault(comp, []).append((fill, sig))
        for comp, fills in comps.items():
            for (fa, sa), (fb, sb) in itertools.combinations(fills, 2):
                assert not (sa & sb), f"{name}/{comp}: {fa} and {fb} print alike in bw"
        pdf.close()
        for f in tmp_path.glob("*.pdf"):
            f.unlink()


def test_file_names_show_options():
    o = Options(paper=parse_paper("a4"), ink="bw", backs="duplex", bleed=3 * MM)
    assert o.file_name("game") == "game-a4-bw-duplex-bleed3.pdf"
    assert Options().file_name("game") == "game-letter-color.pdf"


def test_calibration_page(tmp_path: Path):
    result = run("calibrate", "--paper", "a4", "--out", tmp_path / "cal.pdf")
    assert result.exit_code == 0
    from pdfcheck import page_sizes_mm, pdf_text

    assert page_sizes_mm(tmp_path / "cal.pdf") == [(210.0, 297.0)] * 2
    assert "--offset" in pdf_text(tmp_path / "cal.pdf")


def test_preview_and_contact_sheet(tmp_path: Path):
    result = run("preview", "gerrymander", "--dpi", "20", "--out", tmp_path, "--content", CONTENT)
    assert result.exit_code == 0, result.output
    pngs = sorted(tmp_path.glob("*.png"))
    assert any(p.name.endswith("contact.png") for p in pngs)
    assert len([p for p in pngs if "page" in p.name]) == 6  # cover, rules (2), board, tiles (2)


MIXED = """\
components:
  big:
    kind: tile
    title: Big tiles
    size: 40mm x 30mm
    sheet: Mixed pieces
    faces: {front: {fill: "#336699"}}
    qty: 5
  small:
    kind: disc
    title: Small discs
    size: 15mm
    sheet: Mixed pieces
    faces: {front: {fill: "#993366"}, back: {fill: "#cccccc"}}
    back: back
    qty: 12
  cards:
    kind: card
    title: Cards
    copies: 3
    faces: {front: {fill: "#eeeeee", draw: [{text: {text: "Hello", size: 14pt}}]}}
    qty: 2
"""

GAME = """\
name: Mixed
version: "1"
licence: CC0
players: "1"
sections: [big, small, cards]
"""


def test_mixed_sizes_share_sheets_and_copies_repeat(tmp_path: Path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "parts.yaml").write_text(MIXED)
    game = load_game(folder)
    doc = impose_game(game, Options())
    shared = [s for s in doc.sheets if s.title.startswith("Mixed pieces")]
    assert len(shared) == 1
    comps = {p.piece.component for p in shared[0].placements}
    assert comps == {"big", "small"}
    boxes = [p.box for p in shared[0].placements]
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert len([p for p in shared[0].placements if p.face == "back"]) == 12
    card_sheets = [s for s in doc.sheets if s.section == "cards"]
    assert len(card_sheets) == 1 and "sets 1 to 3 of 3" in card_sheets[-1].title  # copies share a page
    noted = impose_game(game, Options(copies_as_note=True))
    (single,) = [s for s in noted.sheets if s.section == "cards"]
    assert single.note == "print this sheet 3 times"
    result = run("build", "--content", folder, "--out", tmp_path / "out", "--backs", "duplex")
    assert result.exit_code == 0, result.output


def test_fold_lines_never_look_like_cut_lines_and_cut_lines_show_on_any_fill():
    """A cut line is a dark core on a white halo (it contrasts with a fill of any shade on either
    side, in every ink); a fold line is a lighter, coloured, long dash-dot, unlike any cut."""
    from genpnp.core.color import Color
    from genpnp.impose.sheet import Mark
    from genpnp.render import marks

    class Lines:
        def __init__(self) -> None:
            self.drawn: list[tuple[Color, float, object]] = []

        def line(self, x1, y1, x2, y2, stroke, width=0.5, dash=None) -> None:
            self.drawn.append((stroke, width, dash))

    def grey(c: Color) -> float:
        return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b

    cut, fold = Lines(), Lines()
    marks.draw_mark(cut, Mark("cut", ((0, 0), (10, 0))))
    marks.draw_mark(fold, Mark("fold", ((0, 0), (10, 0))))
    (halo, halo_w, _), (core, core_w, core_dash) = cut.drawn
    for shade in (0.0, 0.25, 0.4, 0.6, 0.75, 1.0):  # the fill on either side, in grey
        assert max(abs(grey(halo) - shade), abs(grey(core) - shade)) > 0.35
    assert halo_w >= core_w + 0.5 and grey(halo) > 0.95 and grey(core) < 0.3 and core_dash is None
    (under, under_w, under_dash), (colour, width, dash) = fold.drawn
    assert dash is not None and len(dash) == 4 and max(dash) >= 5  # a long dash and a dot
    assert grey(under) > 0.95 and under_dash is None and under_w > width  # its gaps read white on any fill
    assert colour.b - colour.r > 0.4 and grey(colour) > grey(core) + 0.2


def test_the_bleed_advice_says_what_each_piece_gets() -> None:
    """With bleed, the cover claims no more bleed than a piece gets: round pieces set apart by a small gap
    get a ring as wide as the gap allows, named with it; pieces sharing a cut line get none there."""
    from genpnp.render.cover import bleed_line, piece_bleeds

    game = load_game(CONTENT / "mapmaker")
    doc = impose_game(game, Options(paper=parse_paper("letter"), bleed=3 * MM))
    least = {c.name: r for c, r in piece_bleeds(doc)}
    assert least["voters"] == pytest.approx(1 * MM) and least["markers"] == pytest.approx(1 * MM)
    assert least["borders"] == 0.0  # a block of strips on shared cut lines
    line = bleed_line(doc)
    assert "1.0 mm on Voter tokens and District markers" in line
    assert "none on a cut line two pieces share" in line and "Artwork runs 3.0 mm past the cut" not in line
    for name in ("gerrymander", "berzerka"):  # whatever the game, the flat claim only where it holds
        doc = impose_game(load_game(CONTENT / name), Options(paper=parse_paper("a4"), bleed=3 * MM))
        flat = bleed_line(doc).startswith("Artwork runs 3.0 mm past the cut")
        assert flat == all(r >= 3 * MM - 0.05 * MM for _, r in piece_bleeds(doc))
    doc = impose_game(load_game(CONTENT / "berrymandering"), Options(paper=parse_paper("letter"), bleed=3 * MM))
    close = [r for _, r in piece_bleeds(doc) if 0.05 * MM <= r < 2.95 * MM]  # pieces a gutter apart get it all
    assert bool(close) == ("up to 3.0 mm past the cut, less between close pieces" in bleed_line(doc))
    assert "none on a cut line two pieces share" in bleed_line(doc)  # its tiles share cut lines
    doc = impose_game(load_game(CONTENT / "mapmaker"), Options(paper=parse_paper("letter"), bleed=3 * MM,
                                                             components=("aidcards",)))
    assert "none on a cut line" in bleed_line(doc)  # the aids share their cut lines, as on the full build


def test_a_board_parts_assembly_steps_read_at_8_pt_and_whole() -> None:
    """The steps under a board part's title are followed with scissors and glue in hand: at least 8 pt,
    whole (wrapped, never cut), on every part of the games' boards on both papers."""
    from genpnp.render.recorder import RecordingSurface
    from genpnp.render.sheet import STEPS_LEAST_PT, draw_sheet

    seen = 0
    for name in ("mapmaker", "redistrict", "berrymandering"):
        for paper in ("letter", "a4"):
            doc = impose_game(load_game(CONTENT / name), Options(paper=parse_paper(paper)))
            for n, sheet in enumerate(doc.sheets, start=1):
                steps = sheet.content.get("steps", "") if isinstance(sheet.content, dict) else ""
                if not steps or sheet.note:
                    continue
                rec = RecordingSurface()
                draw_sheet(rec, doc, sheet, n, len(doc.sheets))
                words = [i for i in rec.ink if i.kind == "text" and len(i.text) > 3 and i.text in steps]
                assert " ".join(i.text for i in words) == steps, (name, paper, n)  # all of it, in order
                assert all(i.size >= STEPS_LEAST_PT for i in words), (name, paper, n)
                seen += 1
    assert seen >= 4


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_join_targets_keep_clear_of_a_track_boards_spaces(paper: str):
    """Issue 29: a half target on a join never sits on a track space (its words, its arrow): each target
    moves along its seam off the spaces the board names to keep clear, and its partner across the join
    moves with it (the same board point)."""
    from genpnp.impose.poster import ALIGN_CLEAR, ALIGN_R

    game = load_game(CONTENT / "redistrict")
    board = game.components["board"]
    doc = impose_game(game, Options(paper=parse_paper(paper), components=("board",)))
    posters = [s for s in doc.sheets if s.role == "poster"]
    assert len(posters) >= 2
    points: dict[tuple, int] = {}
    for s in posters:
        (p,) = s.placements
        for mark in s.marks:
            if mark.kind != "align":
                continue
            (x, y), = mark.points
            bx, by = x - p.box.x + p.window.x, y - p.box.y + p.window.y
            for sx, sy, sw, sh in board.keep_clear():
                gap = math.hypot(max(sx - bx, 0.0, bx - sx - sw), max(sy - by, 0.0, by - sy - sh))
                assert gap >= ALIGN_R + ALIGN_CLEAR - 0.01, (s.title, bx / MM, by / MM)
            key = (round(bx, 1), round(by, 1))
            points[key] = points.get(key, 0) + 1
    assert points and all(n == 2 for n in points.values()), points


def test_a_target_stays_at_its_end_where_nothing_is_to_keep_clear():
    from genpnp.impose.poster import ALIGN_INSET, align_points

    box, window = Box(0, 0, 100 * MM, 200 * MM), Box(50 * MM, 0, 100 * MM, 200 * MM)
    assert align_points(box, "left", 10 * MM) == align_points(box, "left", 10 * MM, window, ())
    ends = align_points(box, "left", 10 * MM, window, [(0.0, 0.0, 300 * MM, 16 * MM)])  # a band along the foot
    assert ends[1] == (0, 200 * MM - ALIGN_INSET)  # the top end had nothing to clear
    assert ends[0][1] >= 16 * MM + 2.2 * MM  # the foot's target moved up, off the band


def test_the_cut_advice_follows_the_shape_of_the_pieces_sharing_cut_lines(tmp_path: Path):
    """Blocks of pieces butted edge to edge: wider-than-tall pieces (Mapmaker's border strips) are cut into
    columns first, each column one piece wide, never into rows as thin as a piece; other blocks into rows."""
    from genpnp.render.cover import advice_lines, shares_cut_lines

    doc = impose_game(load_game(CONTENT / "mapmaker"), Options())
    assert shares_cut_lines(doc) == "columns"
    assert any("then into columns, each long cut running from top to bottom" in line for line in advice_lines(doc))
    game = tmp_path / "tall"
    game.mkdir()
    (game / "game.yaml").write_text(GAME.replace("Mixed", "Tall").replace("[big, small, cards]", "[chits]"),
                                    encoding="utf-8")
    (game / "components.yaml").write_text(
        "components:\n  chits:\n    kind: tile\n    size: 10mm x 30mm\n    qty: 40\n"
        "    faces:\n      front:\n        draw:\n          - rect: {box: [0, 0, 100%, 100%], fill: \"#888888\"}\n",
        encoding="utf-8")
    doc = impose_game(load_game(game), Options())
    assert shares_cut_lines(doc) == "rows"
    assert any("then into strips along its rows" in line for line in advice_lines(doc))
