"""Figures in texts: a ```figure block drawn from the game's own pieces; bad names at their line and column."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from genpnp.core.errors import ContentError
from genpnp.impose.sheet import Box
from genpnp.impose.textflow import GAP, layout_blocks
from genpnp.load.project import load_game

CONTENT = Path(__file__).resolve().parent.parent / "content"


def _errors(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_game(folder)
    return [str(p) for p in info.value.problems if p.severity == "error"]


def test_every_game_has_figures_drawn_from_its_pieces() -> None:
    for name, least in (("berrymandering", 4), ("gerrymander", 2), ("redistrict", 1), ("mapmaker", 1),
                        ("berzerka", 2)):
        game = load_game(CONTENT / name)
        figures = [b.figure for c in game.components.values() for b in getattr(c, "blocks", ()) if b.kind == "figure"]
        assert len(figures) >= least, name
        assert all(f is not None for f in figures)
        for fig in figures:
            for drawn in fig.pieces:  # the very piece objects the sheets are cut from
                assert drawn.piece in list(game.components[drawn.component.name].pieces)


def test_a_renamed_piece_is_an_error_at_the_figure_line(tmp_path: Path) -> None:
    folder = tmp_path / "berrymandering"
    shutil.copytree(CONTENT / "berrymandering", folder)
    pieces = folder / "pieces.yaml"
    pieces.write_text(pieces.read_text(encoding="utf-8").replace("  mystery-discs:", "  mystery-tiles:")
                      .replace("- mystery-discs", "- mystery-tiles"), encoding="utf-8")
    for f in folder.glob("*.yaml"):  # the sections and rules that name the component follow the rename
        f.write_text(f.read_text(encoding="utf-8").replace("mystery-discs", "mystery-tiles"), encoding="utf-8")
    rules = (folder / "text" / "rules.md").read_text(encoding="utf-8").replace("{mystery-discs}", "{mystery-tiles}")
    (folder / "text" / "rules.md").write_text(rules, encoding="utf-8")
    lines = rules.splitlines()
    where = next(i for i, ln in enumerate(lines, 1) if '"mystery-discs#back"' in ln)
    col = lines[where - 1].index("{piece") + 1
    errors = _errors(folder)
    assert any(f"text/rules.md:{where}:{col}: " in e and 'no component "mystery-discs"' in e
               and 'did you mean "mystery-tiles"' in e for e in errors), errors


def _figure_game(tmp_path: Path, block: str) -> Path:
    from genpnp.commands.newgame import new_game

    folder = new_game("drawn", tmp_path)
    (folder / "text" / "guide.md").write_text("# Play\n\nSome words.\n\n```figure\n" + block + "```\n\nMore words.\n",
                                              encoding="utf-8")
    return folder


def test_bad_cells_faces_and_keys_point_at_their_line(tmp_path: Path) -> None:
    block = ("grid: 2x3\n"
             "pieces:\n"
             "  - {piece: cards#99, at: A1}\n"
             "  - {piece: cards#back, at: Z9}\n")
    joined = "\n".join(_errors(_figure_game(tmp_path, block)))
    assert "guide.md:8:5: " in joined and "#99 is not one of them" in joined
    assert "guide.md:9:5: " in joined and "Z9" in joined
    block = "grid: 2x3\npieces:\n  - {piece: cards, at: B2, colour: red}\n"
    joined = "\n".join(_errors(_figure_game(tmp_path / "b", block)))
    assert "guide.md:8:28: " in joined and 'unknown key "colour"' in joined


def test_a_figure_stays_whole_in_one_column(tmp_path: Path) -> None:
    block = "grid: 2x3\npieces:\n  - {piece: cards, at: A1}\ncaption: three cells\n"
    game = load_game(_figure_game(tmp_path, block))
    guide = game.components["guide"]
    area = Box(0, 0, 300, 400)
    for lines_before in (0, 30, 37, 45):  # push the figure down the page until it must move on
        blocks = ((guide.blocks[0],) + tuple(guide.blocks[1:2]) * lines_before + guide.blocks[1:])
        pages = layout_blocks(blocks, guide.font, guide.size, area, 1)
        keeps = [(n, op) for n, page in enumerate(pages) for op in page if op[0] == "keep"]
        assert len(keeps) == 1
        _, (_, x, y, w, h, what, line) = keeps[0]
        assert what == "figure" and line == 6
        assert area.y - 0.01 <= y and y + h <= area.y2 + 0.01


def _text_boxes(page: list[tuple]) -> list[tuple[float, float, float, float]]:
    from genpnp.core import fonts

    return [(op[1], op[2], op[1] + fonts.text_width(op[3], op[4], op[5]), op[2] + op[5] * 0.8)
            for op in page if op[0] == "text"]


def test_text_runs_beside_a_figure_placed_right_and_never_over_it(tmp_path: Path) -> None:
    block = "grid: 3x3\nwidth: 25mm\nplace: right\npieces:\n  - {piece: cards, at: A1}\ncaption: three by three\n"
    game = load_game(_figure_game(tmp_path, block))
    guide = game.components["guide"]
    long = guide.blocks[1].__class__("para", "word " * 120, line=3)
    area = Box(0, 0, 300, 400)
    for before in (0, 12, 16, 19, 24):  # near the foot of a column (16, 19) the figure waits for the next one
        blocks = (guide.blocks[0],) + (guide.blocks[1],) * before + (guide.blocks[2], long)
        pages = layout_blocks(blocks, guide.font, guide.size, area, 2)
        ops = [(n, op) for n, page in enumerate(pages) for op in page]
        (fig_page, fig), = [(n, op) for n, op in ops if op[0] == "figure"]
        _, fx, fy, fw, fh, *_ = fig
        col_w = (area.w - GAP) / 2
        right = min((area.x + col_w, area.x2), key=lambda r: abs(r - fx - fw))
        assert abs(right - fx - fw) < 0.1  # at the right of its column (the first or the second)
        beside = [b for b in _text_boxes(pages[fig_page]) if b[1] < fy + fh and b[3] > fy and b[0] < fx
                  and b[0] > right - col_w - 0.1]
        assert beside, before  # text runs on its left ...
        for x0, y0, x1, y1 in _text_boxes(pages[fig_page]):  # ... and no word overlaps it
            assert x1 <= fx + 0.01 or x0 >= fx + fw - 0.01 or y1 <= fy + 0.01 or y0 >= fy + fh - 0.01, before
        if before in (16, 19):  # the text after a figure that waits fills the rest of the first column ...
            assert fx > area.x + col_w and fig_page == 0
            first = {round(op[2], 2) for op in pages[0] if op[0] == "text" and op[3] == "word"
                     and op[1] < area.x + col_w}
            assert len(first) >= 2 if before == 16 else not first  # ... in two lines or more (19: room for one)


def test_a_piece_inline_in_a_sentence_is_drawn_at_the_text_height(tmp_path: Path) -> None:
    from genpnp.commands.newgame import new_game

    folder = new_game("drawn", tmp_path)
    guide = folder / "text" / "guide.md"
    guide.write_text("# Play\n\nDraw a {piece:cards#2}, then turn it {piece:cards#2#back}.\n", encoding="utf-8")
    game = load_game(folder)
    comp = game.components["guide"]
    pages = layout_blocks(comp.blocks, comp.font, comp.size, Box(0, 0, 300, 400), 1)
    drawn = [op for op in pages[0] if op[0] == "piece"]
    assert [(op[5].piece, op[5].face) for op in drawn] == [(game.components["cards"].pieces[1], "front"),
                                                          (game.components["cards"].pieces[1], "back")]
    texts = {op[3]: op for op in pages[0] if op[0] == "text"}
    for op in drawn:  # on the line of the words, as tall as the text, between "a" and ","
        assert abs(op[4] - comp.size * 1.1) < 0.01 and abs(op[2] - texts["a"][2]) < comp.size * 0.3
    assert texts["a"][1] < drawn[0][1] < texts[","][1]
    guide.write_text("# Play\n\nDraw a {piece:card#2}.\n", encoding="utf-8")
    assert any("guide.md:3:8: " in e and 'did you mean "cards"' in e for e in _errors(folder))


def test_the_reference_documents_figures_with_examples_that_load() -> None:
    import re

    from genpnp.commands.docgen import content_schema
    from genpnp.content.schema import Ctx
    from genpnp.core.errors import Problems
    from genpnp.model.figure import FigureSpec, parse_block

    text = (CONTENT.parent / "docs" / "content.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```figure\n(.*?)```", text, re.S)
    assert len(blocks) >= 3
    for body in blocks:
        problems = Problems()
        spec = parse_block(body, "content.md", 1, Ctx(problems, CONTENT, CONTENT, {}))
        assert isinstance(spec, FigureSpec) and not problems.errors, [str(p) for p in problems.errors]
    schema = content_schema()["$defs"]["figure"]
    assert {"board", "grid", "row", "pieces", "outlines", "place", "panels", "edges"} <= set(schema["properties"])


def test_an_outline_is_one_closed_path_around_the_union_of_its_cells() -> None:
    from genpnp.model.figure import Cells, boundary_loops

    cells = Cells(grid=(4, 4, 10.0))
    ell = [cells.polygon(c) for c in ("A1", "A2", "A3", "B3")]  # an L of 4
    loops = boundary_loops(ell)
    assert len(loops) == 1 and len(loops[0]) == 6  # its six corners, once each, no straight-on points
    assert sorted(loops[0]) == sorted([(0.0, 40.0), (10.0, 40.0), (10.0, 20.0), (20.0, 20.0), (20.0, 10.0),
                                       (0.0, 10.0)])
    ring = [cells.polygon(c) for c in ("A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3")]  # a ring: edge and hole
    assert sorted(len(lp) for lp in boundary_loops(ring)) == [4, 4]
    corners = [cells.polygon(c) for c in ("A1", "B2")]  # touching at a corner only: two loops, each closed
    assert sorted(len(lp) for lp in boundary_loops(corners)) == [4, 4]


def test_pieces_in_an_outlined_figure_sit_clear_inside_their_cells() -> None:
    from genpnp.render.figure import OUTLINE_PT, outline_gutter

    game = load_game(CONTENT / "berrymandering")
    figs = [b.figure for c in game.components.values() for b in getattr(c, "blocks", ())
            if b.kind == "figure" and b.figure is not None and b.figure.outlines and b.figure.pieces]
    assert figs
    for fig in figs:
        for scale in (0.25, 0.5):
            gutter = outline_gutter(scale)
            assert gutter * scale > OUTLINE_PT
            boxes = [(d.fitted(gutter), d.cell) for d in fig.pieces if d.cell]
            for (x, y, w, h), (x0, y0, x1, y1) in boxes:  # clear of the band its outline runs in
                assert x >= x0 + gutter - 1e-6 and x + w <= x1 - gutter + 1e-6
                assert y >= y0 + gutter - 1e-6 and y + h <= y1 - gutter + 1e-6
            for i, (a, ca) in enumerate(boxes):  # neighbours' boxes never overlap nor touch
                for b, cb in boxes[i + 1:]:
                    if ca == cb:
                        continue  # a disc laid on its tile
                    apart = a[0] + a[2] < b[0] or b[0] + b[2] < a[0] or a[1] + a[3] < b[1] or b[1] + b[3] < a[1]
                    assert apart, (a, b)


def test_a_piece_on_an_edge_lies_along_the_edge_the_two_cells_share(tmp_path: Path) -> None:
    import math

    from genpnp.model.figure import Cells, shared_edge

    block = ("grid: 2x3\n"
             "edges:\n"
             "  - {between: [A1, B1], piece: cards}\n"
             "  - {between: [A1, A2], piece: cards}\n")
    game = load_game(_figure_game(tmp_path, block))
    fig = next(b.figure for b in game.components["guide"].blocks if b.kind == "figure")
    cells = Cells(grid=(2, 3, fig.grid[2]))
    for drawn, pair in zip(fig.edges, (("A1", "B1"), ("A1", "A2"))):
        (x1, y1), (x2, y2) = shared_edge(cells.polygon(pair[0]), cells.polygon(pair[1]))
        x, y, w, h = drawn.box
        assert (x + w / 2, y + h / 2) == pytest.approx(((x1 + x2) / 2, (y1 + y2) / 2))  # centred on it
        assert max(w, h) <= math.hypot(x2 - x1, y2 - y1) + 1e-6  # no longer than the edge
        along = math.degrees(math.atan2(y2 - y1, x2 - x1)) % 180
        assert (drawn.angle + (90 if h > w else 0)) % 180 == pytest.approx(along)  # its long side along it
    block = "grid: 2x3\nedges:\n  - {between: [A1, C2], piece: cards}\n  - {between: [A1, B1], piece: card}\n"
    joined = "\n".join(_errors(_figure_game(tmp_path / "b", block)))
    assert "guide.md:8:5: " in joined and "A1 and C2 share no edge" in joined
    assert "guide.md:9:5: " in joined and 'no component "card"' in joined


def test_a_border_strip_lies_in_its_slot_on_a_hex_map() -> None:
    game = load_game(CONTENT / "mapmaker")
    from genpnp.content.schema import Ctx
    from genpnp.core.errors import Problems
    from genpnp.model.figure import parse_block, resolve

    problems = Problems()
    text = "board: board\nedges:\n  - {between: [C4, D5], piece: borders}\n"
    spec = parse_block(text, "aid.md", 1, Ctx(problems, game.root, game.root, dict(game.palette)))
    fig = resolve(spec, game, problems, 1)
    assert not problems.errors and fig is not None
    (strip,) = fig.edges
    assert strip.component.name == "borders" and strip.angle not in (0.0, 90.0, -90.0)  # a slanted hex edge


def test_panels_stand_side_by_side_each_with_its_words_and_mark(tmp_path: Path) -> None:
    block = ("caption: two moves\n"
             "panels:\n"
             "  - {label: allowed, style: good, grid: 2x2, outlines: [{cells: [A1, B1], pieces: [cards, cards]}]}\n"
             "  - {label: not allowed, style: bad, grid: 2x3, pieces: [{piece: cards, at: A1}], crosses: [A1]}\n")
    game = load_game(_figure_game(tmp_path, block))
    fig = next(b.figure for b in game.components["guide"].blocks if b.kind == "figure")
    (left, lx, ly), (right, rx, ry) = fig.panels
    assert lx == 0 and rx > lx + left.size[0]  # apart, left to right, bottoms aligned
    assert ly == ry > 0 and fig.size[0] == pytest.approx(rx + right.size[0])
    assert [(m[2], m[3]) for m in fig.marks] == [("good", "allowed"), ("bad", "not allowed")]
    assert abs(fig.marks[0][0] - left.size[0] / 2) < 1e-6 and fig.marks[0][1] < ly  # under its own panel
    assert left.clear and right.clear  # the same pieces the same size in both panels
    block = "panels:\n  - {grid: 2x2, row: [{piece: cards}]}\n  - {grid: 2x2}\n"
    joined = "\n".join(_errors(_figure_game(tmp_path / "b", block)))
    assert "guide.md:7:5: " in joined and "a panel has exactly one of board, grid or row" in joined


def test_a_cut_closes_up_each_group_and_widens_the_gaps_between_groups(tmp_path: Path) -> None:
    block = ("grid: 2x4\n"
             "cut: true\n"
             "pieces: [{piece: cards#back, at: B2}]\n"
             "outlines:\n"
             "  - {cells: [A1, B1, A2, B2], pieces: [cards, cards, cards, cards]}\n"
             "  - {cells: [C1, D1, C2, D2], style: good, pieces: [cards, cards, cards, cards]}\n")
    game = load_game(_figure_game(tmp_path, block))
    fig = next(b.figure for b in game.components["guide"].blocks if b.kind == "figure")
    assert [style for _, style, _ in fig.outlines] == ["good"]  # the plain group shows by its gaps alone
    a1, b1, a2, b2, c1, *_, on_b2 = fig.pieces
    inner = b1.box[0] - (a1.box[0] + a1.box[2])
    between = c1.box[0] - (b1.box[0] + b1.box[2])
    assert 0 <= inner < between / 3  # one group's pieces close up, the cut between groups stays open
    assert a1.box[1] - (a2.box[1] + a2.box[3]) == pytest.approx(inner)  # rows close up as columns do
    assert a1.box[0] == pytest.approx(a2.box[0])  # a column of one group stays aligned
    assert a1.box[0] >= 0  # the row's outer end stays where it was: nothing pushed past the edge
    assert on_b2.box == b2.box and c1.cell  # a piece on a cell moves with it; the good group keeps its cells


def test_a_bad_group_left_over_is_dashed_and_labelled_without_a_cross(tmp_path: Path) -> None:
    block = ("grid: 1x4\n"
             "outlines:\n"
             "  - {cells: [A1, B1], style: bad, pieces: [cards, cards]}\n"
             "  - {cells: [D1], style: bad, cross: false, label: left over, pieces: [cards]}\n")
    fig = next(b.figure for b in load_game(_figure_game(tmp_path, block)).components["guide"].blocks
               if b.kind == "figure")
    assert [o[1] for o in fig.outlines] == ["bad", "bad"]  # both dashed
    assert len(fig.crosses) == 1  # only the first carries a cross
    cell = fig.grid[2]
    assert fig.crosses[0][0] == pytest.approx(cell)  # at the centre of A1:B1, not over D1
    assert [t for *_, t in fig.labels] == ["left over"]


def test_a_piece_on_a_range_of_fine_cells_is_drawn_to_scale_and_turned(tmp_path: Path) -> None:
    from genpnp.core.units import MM

    block = ("grid: 60x50\n"
             "cell: 2mm\n"
             "lines: false\n"
             "pieces:\n"
             "  - {piece: cards, at: \"A1:AF44\"}\n"      # 64 x 88 mm of cells: the 63 x 88 card whole
             "  - {piece: cards, at: \"A46:AT60\", turn: \"90\"}\n"  # 92 x 30 mm: too short, so shrunk
             "  - {piece: cards, at: B2}\n")              # one 2 mm cell: shrunk to fit it
    fig = next(b.figure for b in load_game(_figure_game(tmp_path, block)).components["guide"].blocks
               if b.kind == "figure")
    whole, turned, small = fig.pieces
    assert whole.box[2] == pytest.approx(63 * MM) and whole.box[3] == pytest.approx(88 * MM)
    assert whole.box[0] == pytest.approx(0.5 * MM)  # centred on its 64 mm of cells
    assert turned.turn == 90 and turned.box[2] / turned.box[3] == pytest.approx(88 / 63)  # lying on its side
    assert turned.box[3] == pytest.approx(30 * MM)
    assert small.box[2] <= 2 * MM + 1e-6 and small.box[3] <= 2 * MM + 1e-6
    joined = "\n".join(_errors(_figure_game(tmp_path / "b", "grid: 151x2\ncell: 2mm\n")))
    assert "guide.md:6:1: a grid of 151x2 cells: at most 150 a side" in joined


def test_a_callout_on_a_range_of_fine_cells_fills_it_centred(tmp_path: Path) -> None:
    from genpnp.core.units import MM

    block = ("grid: 20x20\n"
             "cell: 2mm\n"
             "lines: false\n"
             "pieces: [{piece: cards, at: \"A1:T20\"}]\n"
             "callouts:\n"
             "  - {at: \"K1:T10\", text: \"1\"}\n"   # 20 x 20 mm of cells: a disc 18 mm across at their centre
             "  - {at: A1, text: \"2\"}\n")          # one cell: a small disc in its corner, as before
    fig = next(b.figure for b in load_game(_figure_game(tmp_path, block)).components["guide"].blocks
               if b.kind == "figure")
    (x, y, r, text), (_, _, small, _) = fig.callouts
    assert text == "1" and r == pytest.approx(9 * MM)
    assert x == pytest.approx(30 * MM)  # columns K to T: 20 to 40 mm from the left
    assert small < 1 * MM  # one 2 mm cell: a disc in its corner
    joined = "\n".join(_errors(_figure_game(tmp_path / "b", "grid: 2x2\ncallouts: [{at: \"A1:C9\", text: \"1\"}]\n")))
    assert "guide.md:7:" in joined and "C9" in joined


def test_a_shaded_group_is_hatched_around_the_boards_words() -> None:
    """``shade: true`` hatches a group's cells (a district at a glance, even where border strips lie
    over its outline); the hatch keeps clear of the words the board prints there (county names)."""
    from genpnp.content.schema import Ctx
    from genpnp.core.errors import Problems
    from genpnp.model.figure import parse_block, resolve
    from genpnp.render.figure import draw_figure
    from genpnp.render.recorder import RecordingSurface

    game = load_game(CONTENT / "mapmaker")
    problems = Problems()
    shaded = {}
    for shade in ("false", "true"):
        text = f"board: board\noutlines:\n  - {{cells: [D4, E3, F3, F4], style: good, shade: {shade}}}\n"
        spec = parse_block(text, "aid.md", 1, Ctx(problems, game.root, game.root, dict(game.palette)))
        shaded[shade] = resolve(spec, game, problems, 1)
    assert not problems.errors
    assert not shaded["false"].shades
    ((polys, style, words),) = shaded["true"].shades
    assert style == "good" and len(polys) == 4 and len(words) >= 4  # each county's name at least
    xs = [p[0] for q in polys for p in q]
    ys = [p[1] for q in polys for p in q]
    for x0, y0, x1, y1 in words:  # the words of those counties, inside the group's bounds
        assert min(xs) <= x0 < x1 <= max(xs) and min(ys) <= y0 < y1 <= max(ys)
    calls = {}
    for key, fig in shaded.items():
        rec = RecordingSurface()
        draw_figure(rec, fig, 0.0, 0.0, 0.6)
        calls[key] = [i for i in rec.ink if i.kind == "shape"]
    assert len(calls["true"]) > len(calls["false"]) + 10  # the hatch lines


def test_a_callout_is_pinned_on_its_cells_corner_clear_of_the_piece_and_in_view(tmp_path: Path) -> None:
    from genpnp.core.units import MM

    block = ("grid: 2x3\n"
             "cell: 10mm\n"
             "pieces:\n"
             "  - {piece: cards, at: B1}\n"
             "callouts:\n"
             "  - {at: B1, text: \"7\"}\n"
             "  - {at: C2, text: \"1\", corner: bottom-right}\n")
    fig = next(b.figure for b in load_game(_figure_game(tmp_path, block)).components["guide"].blocks
               if b.kind == "figure")
    (ax, ay, ar, at), (bx, by, br, bt) = fig.callouts
    assert (ax, ay, at) == (pytest.approx(10 * MM), pytest.approx(20 * MM), "7")  # B1's top-left crossing
    assert (bx, by, bt) == (pytest.approx(30 * MM), pytest.approx(0.0), "1")  # C2's bottom-right corner
    assert ar == pytest.approx(br) and 0 < ar < 5 * MM
    x, y, w, h = fig.pieces[0].box
    cx, cy = x + w / 2, y + h / 2
    assert ((cx - ax) ** 2 + (cy - ay) ** 2) ** 0.5 > ar + 0.2 * 10 * MM  # the piece's middle stays in sight
    wx, wy, ww, wh = fig.window
    for px, py, r, _ in fig.callouts:  # each disc whole inside the figure, even on its outer corner
        assert wx <= px - r and px + r <= wx + ww and wy <= py - r and py + r <= wy + wh
    joined = "\n".join(_errors(_figure_game(tmp_path / "b", "grid: 2x3\ncallouts:\n  - {at: A1, text: \"1\", "
                                                              "corner: top}\n")))
    assert "guide.md:8:" in joined and "top-left" in joined


def test_a_cover_figure_is_resolved_at_load_and_drawn_on_the_cover(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from genpnp.commands.build import render_document
    from genpnp.impose.document import impose_game
    from genpnp.impose.options import Options
    from genpnp.render import figure as render_figure

    folder = _figure_game(tmp_path, "grid: 1x1\n")
    meta = folder / "game.yaml"
    text = meta.read_text(encoding="utf-8")
    meta.write_text(text + "cover_figure:\n  grid: 2x3\n  pieces:\n    - {piece: cards, at: B2}\n", encoding="utf-8")
    game = load_game(folder)
    fig = game.cover_figure
    assert fig is not None and fig.grid[:2] == (2, 3) and len(fig.pieces) == 1
    assert fig.pieces[0].component is game.components["cards"]
    drawn = []
    real = render_figure.draw_figure
    monkeypatch.setattr(render_figure, "draw_figure", lambda surface, f, *a, **k: (drawn.append(f),
                                                                                  real(surface, f, *a, **k)))
    render_document(impose_game(game, Options()), tmp_path / "out.pdf")
    assert fig in drawn  # on the cover, instead of its pieces
    meta.write_text(text + "cover_figure:\n  grid: 2x3\n  pieces:\n    - {piece: crads, at: B2}\n", encoding="utf-8")
    joined = "\n".join(_errors(folder))
    assert "game.yaml:" in joined and 'no component "crads"' in joined and 'did you mean "cards"' in joined


def test_an_edge_piece_just_placed_is_ringed_and_a_wrong_one_crossed(tmp_path: Path) -> None:
    """``style: new`` rings the strip a figure is about; ``style: bad`` rings a wrong one in red and
    crosses it out; a plain strip gets neither; a misspelt style is an error at its line."""
    from genpnp.render.figure import draw_figure
    from genpnp.render.recorder import RecordingSurface

    def drawn(styles: tuple[str, ...], where: Path) -> tuple:
        block = "grid: 2x3\nedges:\n" + "".join(
            f"  - {{between: [A1, B1], piece: cards, style: {s}}}\n" for s in styles)
        fig = next(b.figure for b in load_game(_figure_game(where, block)).components["guide"].blocks
                   if b.kind == "figure")
        rec = RecordingSurface()
        draw_figure(rec, fig, 0.0, 0.0, 0.5)
        return fig, [i for i in rec.ink if i.kind in ("shape", "line")]

    plain, plain_ink = drawn(("plain",), tmp_path / "p")
    new, new_ink = drawn(("new",), tmp_path / "n")
    bad, bad_ink = drawn(("bad",), tmp_path / "b")
    assert (plain.edge_styles, new.edge_styles, bad.edge_styles) == (("plain",), ("new",), ("bad",))
    assert len(new_ink) == len(plain_ink) + 2  # the ring on its white halo
    assert len(bad_ink) == len(plain_ink) + 6  # the ring and halo, and the cross (two strokes on white)
    strip = plain.edges[0].box
    ring = max((i.box for i in new_ink[len(plain_ink):]), key=lambda b: b.w * b.h)
    assert max(ring.w, ring.h) > max(strip[2], strip[3]) * 0.5  # around the strip (drawn at 0.5), not a dot
    joined = "\n".join(_errors(_figure_game(tmp_path / "e", "grid: 2x3\nedges:\n"
                                            "  - {between: [A1, B1], piece: cards, style: neww}\n")))
    assert "guide.md:8:" in joined and "neww" in joined


def test_a_piece_drawn_beside_its_spot_keeps_its_size_and_moves_right_and_down(tmp_path: Path) -> None:
    """``beside: [dx, dy]`` draws a piece that far right and down of where it lies, the size it has on
    its cell, so that what it would cover (a token's number a caption adds up) stays in view."""
    from genpnp.core.units import MM

    block = ("grid: 2x3\n"
             "outlines:\n  - {cells: [A1, B1, C1]}\n"
             "pieces:\n"
             "  - {piece: cards, at: A1}\n"
             "  - {piece: cards, at: A1, beside: [5mm, 2mm]}\n")
    fig = next(b.figure for b in load_game(_figure_game(tmp_path, block)).components["guide"].blocks
               if b.kind == "figure")
    on, off = fig.pieces
    gutter = 1.0  # any gutter: both shrink alike, about their own centres
    (x, y, w, h), (x2, y2, w2, h2) = on.fitted(gutter), off.fitted(gutter)
    assert (w2, h2) == pytest.approx((w, h))
    assert x2 - x == pytest.approx(5 * MM) and y2 - y == pytest.approx(-2 * MM)  # y runs up in a figure
    joined = "\n".join(_errors(_figure_game(tmp_path / "b", "grid: 2x3\npieces:\n"
                                            "  - {piece: cards, at: A1, beside: [5mm]}\n")))
    assert "guide.md:8:" in joined


def test_a_table_board_view_stops_at_its_ruled_lines_slicing_no_title_or_label() -> None:
    """A figure of a score table shows whole rows: its window ends a hairline past the lines of the rows
    it shows (and of the header row above the top one), never in a neighbouring row's labels or in the
    heading band's title."""
    from genpnp.model.figure import HEADERS_PAD

    game = load_game(CONTENT / "berzerka")
    figures = [b.figure for c in game.components.values() for b in getattr(c, "blocks", ())
               if b.kind == "figure" and b.figure is not None and b.figure.board is not None
               and getattr(b.figure.board, "labels", "") == "headers"]
    assert len(figures) >= 2
    for fig in figures:
        board = fig.board
        top = board.table_top()
        lines = [top, top - board.header_height] + [board.row_y(r) for r in range(len(board.rows))]
        _, wy, _, wh = fig.window
        for edge, outward in ((wy, -1), (wy + wh, 1)):
            near = min(lines, key=lambda y: abs(y - edge))
            assert 0.0 <= (edge - near) * outward <= HEADERS_PAD + 1e-6, (edge, near)
