"""Table boards: legible labels that size with the board, a value spot tokens lie on, a note in the
border, cells a figure can name; and no outline on the trim of a piece printed with bleed."""

from __future__ import annotations

from dataclasses import replace

from pdfcheck import CONTENT, MM

from genpnp.load.project import load_game
from genpnp.model.tableboard import TableBoard
from genpnp.render.recorder import RecordingSurface
from genpnp.render.tableboard import LABEL_MIN, draw, label_size


def _board(**changes):
    game = load_game(CONTENT / "berzerka")
    board = next(c for c in game.components.values() if isinstance(c, TableBoard))
    return replace(board, **changes) if changes else board


class Texts(RecordingSurface):
    def __init__(self) -> None:
        super().__init__({})
        self.sizes: list[tuple[str, float]] = []

    def text(self, x, y, text, font, size, color, align="left") -> None:
        self.sizes.append((text, size))
        super().text(x, y, text, font, size, color, align)


def _texts(board) -> list[tuple[str, float]]:
    surface = Texts()
    piece = board.pieces[0]
    draw(board, piece, "front", surface, piece.w, piece.h, 0.0)
    return surface.sizes


def test_labels_size_with_the_row_and_never_drop_below_seven_points():
    small, usual, large = (_board(row_height=h * MM) for h in (14, 26, 40))
    assert label_size(small) == LABEL_MIN
    assert LABEL_MIN < label_size(usual) < label_size(large)
    for board in (small, usual, large):
        sizes = _texts(board)
        assert sizes and min(s for _, s in sizes) >= LABEL_MIN - 0.01, min(sizes, key=lambda t: t[1])
    drawn = dict(_texts(replace(large, space_widths=())))
    assert drawn["Order"] == label_size(large)  # a space label, at the board's label size


def test_a_row_badge_rings_its_sign_beside_the_title():
    board = _board()
    assert board.row_badge and "\u2212" in board.texts[0].badge and "+" in board.texts[2].badge
    surface = Texts()
    piece = board.pieces[0]
    draw(board, piece, "front", surface, piece.w, piece.h, 0.0)
    signs = [size for text, size in surface.sizes if text in ("\u2212", "+")]
    assert len(signs) == len(board.rows) and min(signs) >= 12  # one large sign per row
    plain = Texts()
    draw(replace(board, texts=tuple(replace(t, badge="") for t in board.texts)), piece, "front", plain,
         piece.w, piece.h, 0.0)
    assert not [t for t, _ in plain.sizes if t in ("\u2212", "+")]


def test_space_widths_share_a_box_out_in_proportion():
    board = _board(space_widths=(3.0, 2.0, 2.0, 1.0), above_marker="")
    spaces = board.space_boxes(0, 0)
    x, _, w, _ = board.box(0, 0)
    widths = [s[2] for s in spaces[:4]]
    assert abs(widths[0] - 3 * widths[3]) < 1e-6 and abs(widths[1] - 2 * widths[3]) < 1e-6
    assert abs(sum(widths) + spaces[4][2] - w) < 1e-6  # the spaces and the cube's column fill the box
    assert all(abs(a[0] + a[2] - b[0]) < 1e-6 for a, b in zip(spaces, spaces[1:]))  # side by side, no gap
    equal = _board(space_widths=(), above_marker="").space_boxes(0, 0)
    assert len({round(s[2], 6) for s in equal[:4]}) == 1


def test_space_widths_give_one_width_per_space(tmp_path):
    from pdfcheck import copy_game, edit, validate

    folder = copy_game(tmp_path, "berzerka")
    comps = folder / "components.yaml"
    line = edit(comps, "space_widths: [9.4, 6.3, 6.7]", "space_widths: [12, 11.6]", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert f"components.yaml:{line}:" in out and "space_widths: 2 widths for 3 spaces" in out, out
    assert "Order lying above the marker" in out, out


def test_a_space_above_the_marker_gives_its_width_to_the_others():
    """above_marker stacks a one-figure space over the marker spot, in the marker's column: the other
    spaces share the whole width, the stacked space and the spot do not overlap, and a figure names the
    column once (its cell the spot)."""
    stacked = _board()
    assert stacked.above_marker == "Order"
    flat = _board(above_marker="", space_widths=(9.4, 6.3, 6.7, 4.2))
    names = list(stacked.spaces)
    order = stacked.space_boxes(0, 0)[names.index("Order")]
    result_stacked = stacked.space_boxes(0, 0)[names.index("Result")]
    result_flat = flat.space_boxes(0, 0)[names.index("Result")]
    assert result_stacked[2] > result_flat[2] + 2 * MM  # Result gains the width Order gave up
    sx, sy, sw, sh = stacked.marker_box(0, 0)
    ox, oy, ow, oh = order
    assert ox <= sx and sx + sw <= ox + ow and oy >= sy + sh + 1 * MM  # above the spot, in its column
    label = stacked.space_label_box(0, 0, len(names))  # the marker's label: between Order and the spot
    assert sy + sh <= label[1] and label[1] + label[3] <= oy + 1e-6
    assert oh - 1.2 * MM - 1.3 * stacked.label_size >= 5 * MM - 1e-6  # under Order's label's line, room for a figure
    assert len(stacked.cells_across) == len(flat.cells_across) - stacked.columns
    x, y, w, h = stacked.box(0, 0)
    across = stacked.side_by_side(0, 0)
    assert abs(sum(b[2] for b in across) - w) < 1e-6 and all(b[3] == h for b in across)


def test_above_marker_names_one_of_the_spaces_and_needs_room(tmp_path):
    from pdfcheck import copy_game, edit, validate

    folder = copy_game(tmp_path / "name", "berzerka")
    line = edit(folder / "components.yaml", "above_marker: Order", "above_marker: Ordre", unique=True)
    code, out = validate(folder)
    assert code == 1 and f"components.yaml:{line}:" in out and "it is none of the spaces" in out, out
    folder = copy_game(tmp_path / "room", "berzerka")
    edit(folder / "components.yaml", "    row_height: 30mm ", "    row_height: 24mm ", unique=True)
    code, out = validate(folder)
    assert code == 1 and "above the marker spot is no room" in out, out


def test_the_note_is_printed_in_the_border_under_the_table_growing_the_board_only_past_a_thin_margin():
    wide = _board(margin=6 * MM)
    assert wide.note
    assert wide.size == replace(wide, note="").size  # a 6 mm margin holds the note's line
    thin = _board(margin=3 * MM)
    without = replace(thin, note="")
    assert thin.size[1] - without.size[1] > 2 * MM  # a 3 mm margin: a band under the table holds it
    assert thin.bottom() >= 6 * MM - 1e-6
    words = " ".join(t for t, _ in _texts(thin))
    assert "sheet protector" in words and "sheet protector" not in " ".join(t for t, _ in _texts(without))


def test_a_figure_names_the_cells_of_a_row_and_its_pieces_lie_on_their_spots():
    board = _board()
    per = len(board.spaces) + 1 - bool(board.above_marker)  # the spaces and the cube's column (Order over it)
    assert board.grid.width == 2 + board.columns * per and board.grid.height == len(board.rows)
    assert board.cell_box(0, 0) == board.title_cell(0)
    assert board.cell_box(2, 1) == board.value_spot(2)  # a value token lies on the row's circle
    assert board.cell_box(0, 1 + per) == board.marker_box(0, 0)  # a cube in player 1's cube space
    x, y, w, h = board.value_spot(0)
    vx, vy, vw, vh = board.value_cell(0)
    assert vx <= x and x + w <= vx + vw and vy <= y and y + h <= vy + vh
    assert board.value_above  # the printed start value stands above the spot, clear of a token on it


def test_a_piece_printed_with_bleed_has_no_outline_on_its_trim():
    from genpnp.render.pieces import draw_face

    game = load_game(CONTENT / "berzerka")
    card = game.components["deck"].pieces[0]
    assert card.front.stroke is not None

    class Strokes(RecordingSurface):
        def __init__(self) -> None:
            super().__init__({})
            self.strokes = 0

        def path(self, commands, fill=None, stroke=None, width=0.5, dash=None) -> None:
            self.strokes += stroke is not None
            super().path(commands, fill, stroke, width, dash)

    for bleed, outlines in ((0.0, 1), (3 * MM, 0)):
        surface = Strokes()
        draw_face(card.front, card.shape, card.w, card.h, card.radius, bleed, surface)
        assert surface.strokes == outlines, bleed


def test_the_value_spot_is_the_token_size_and_a_token_too_large_for_its_cell_is_an_error():
    from pdfcheck import output_of

    board = _board()
    assert board.value_shape == "square"
    assert abs(board.value_spot(0)[2] - board.value_token) < 1e-6  # the spot is the token's own size
    code, out = output_of("validate", "berzerka", "--set", "components.board.value_token=25mm")
    assert code == 1 and "value_token=25mm: value_token" in out and "does not fit the value cell" in out, out


def test_the_heading_takes_colour_tags_and_icons_and_a_bad_icon_is_named_at_its_line(tmp_path):
    from pdfcheck import copy_game, edit, validate

    board = _board()
    assert set(board.heading.icons) == {"heart", "diamond", "club", "spade"}  # read at load, drawn as signs
    surface = Texts()
    piece = board.pieces[0]
    draw(board, piece, "front", surface, piece.w, piece.h, 0.0)
    drawn = " ".join(t for t, _ in surface.sizes)
    assert "contract board" in drawn and "{icon:" not in drawn and "[color=" not in drawn
    folder = copy_game(tmp_path, "berzerka")
    line = edit(folder / "components.yaml", "{icon:club}", "{icon:clubz}", unique=True)
    code, out = validate(folder)
    assert code == 1 and f"components.yaml:{line}:" in out and "clubz" in out, out
