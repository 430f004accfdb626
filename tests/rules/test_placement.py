"""The rule leaves-visible: pieces fit where the rules put them, clear of the marks printed there."""

from __future__ import annotations

import re
from pathlib import Path

from pdfcheck import copy_game, edit, validate

from genpnp.core.units import MM
from genpnp.model.spacefit import largest_round, room_for
from genpnp.model.spacemarks import Mark, Space


def _square(side: float, *marks: Mark) -> Space:
    return Space("cell A1", ((0, 0), (side, 0), (side, side), (0, side)), marks)


def test_a_disc_fits_a_cell_up_to_the_cell_less_the_gap() -> None:
    cell = _square(30 * MM)
    assert room_for(cell, "circle", 29 * MM, 29 * MM, 0.5 * MM)
    assert not room_for(cell, "circle", 29.2 * MM, 29.2 * MM, 0.5 * MM)
    assert abs(largest_round(cell, 0.5 * MM) - 29 * MM) < 0.3 * MM


def test_a_mark_takes_its_room_unless_the_piece_may_cover_it() -> None:
    dot = Mark("dots", "circle", (15 * MM, 15 * MM, 2 * MM))
    cell = _square(30 * MM, dot)
    assert not room_for(cell, "circle", 20 * MM, 20 * MM, 0.5 * MM)  # no 20 mm spot clear of a central dot
    assert room_for(cell, "circle", 10 * MM, 10 * MM, 0.5 * MM)  # a 10 mm one beside it
    assert room_for(cell, "circle", 20 * MM, 20 * MM, 0.5 * MM, covers=("dots",))


def test_a_rectangle_may_lie_either_way_round() -> None:
    strip = Space("slot", ((0, 0), (40 * MM, 0), (40 * MM, 10 * MM), (0, 10 * MM)), ())
    assert room_for(strip, "rect", 8 * MM, 30 * MM, 0.5 * MM)
    assert not room_for(strip, "rect", 12 * MM, 30 * MM, 0.5 * MM)


def test_a_larger_ring_is_caught_at_its_size_naming_the_board(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "redistrict")
    line = edit(folder / "pieces.yaml", "    size: 6.5mm\n    gutter: 1mm\n    items:\n      - {party: red, word",
                "    size: 7mm\n    gutter: 1mm\n    items:\n      - {party: red, word", unique=True)
    code, out = validate(folder)
    assert code == 1
    hit = re.search(rf"pieces\.yaml:{line}:\d+: ring-beside-dots: rings \(7 mm across\) do not fit (\d+) of the "
                    r"206 spaces of board\.inner \(.*board\.yaml:(\d+):\d+\) clear of their.*"
                    r"the largest clear round spot below the dots is [\d.]+ mm across \(1 mm kept clear\)", out)
    assert hit, out
    board_line = (folder / "board.yaml").read_text(encoding="utf-8").splitlines()[int(hit.group(2)) - 1]
    assert "hex_size" in board_line
    assert "marker-beside-dots" not in out  # the markers still fit


def test_a_larger_mystery_disc_is_caught_on_its_random_tile(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berrymandering")
    line = edit(folder / "pieces.yaml", "    size: 26mm", "    size: 29mm", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"pieces\.yaml:{line}:\d+: disc-on-random-tile: mystery-discs are 29 mm x 29 mm; they should "
                     r"be 28 mm x 28 mm \(2 mm smaller than the space\), at most", out), out


def test_smaller_cake_tiles_leave_no_room_for_the_disc(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berrymandering")
    edit(folder / "pieces.yaml", "    size: 30mm", "    size: 27mm", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert "disc-on-random-tile: mystery-discs are 26 mm x 26 mm; they should be 25 mm x 25 mm" in out, out


def test_a_voter_token_that_would_hide_the_county_name_is_caught(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    path = folder / "components.yaml"
    text = path.read_text()
    at = text.index("\n    size: 13mm", text.index("\n  voters:\n"))  # the voter tokens' size, not the markers'
    path.write_text(text[:at] + "\n    size: 20mm" + text[at + len("\n    size: 13mm"):])
    line = text[:at].count("\n") + 2
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"components\.yaml:{line}:\d+: token-on-county: voters \(20 mm across\) do not fit \d+ of the "
                     r"73 spaces of board .*clear of their label", out), out


def test_one_candle_more_or_less_is_caught_at_its_line(tmp_path: Path) -> None:
    """Every count the reference gives for the box is a rule (here: 9 candles)."""
    for qty in (8, 10):
        folder = copy_game(tmp_path / str(qty), "berrymandering")
        line = edit(folder / "pieces.yaml", "    qty: 9", f"    qty: {qty}", unique=True)
        code, out = validate(folder)
        assert code == 1
        assert re.search(rf"pieces\.yaml:{line}:\d+: candle-count: ", out), out


def test_one_voter_token_more_is_caught(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    edit(folder / "data" / "voters.yaml", "value: 2, qty: 2}", "value: 2, qty: 3}")
    code, out = validate(folder)
    assert code == 1
    assert "voter-token-count" in out, out


def test_a_county_name_that_reaches_the_border_slots_is_caught(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    path = folder / "components.yaml"
    text, n = re.subn(r"(?m)^    label_size: [0-9.]+pt\b", "    label_size: 8mm", path.read_text())
    assert n == 1, "the board's label_size line was not found"
    path.write_text(text)
    code, out = validate(folder)
    assert code == 1
    assert re.search(r"components\.yaml:\d+:\d+: token-on-county: board: the label(?: and zone-mark)? of hex .* "
                     r"reach outside the space \(onto its edge, where the border slots run\)", out), out


def test_county_names_and_zone_marks_clear_the_token_and_the_slots() -> None:
    from genpnp.load.project import load_game
    from genpnp.model.spacefit import text_outside
    from genpnp.model.spacemarks import hex_spaces

    board = load_game(Path("content/mapmaker")).components["board"]
    spaces = hex_spaces(board)
    assert all(not text_outside(space) for space in spaces)
    # the 13 mm token at the centre of a county misses its name and its zone mark
    for space in spaces:
        xs = [p[0] for p in space.outline]
        ys = [p[1] for p in space.outline]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        for mark in space.marks:
            x0, y0, x1, y1 = mark.geometry
            gap = ((max(x0 - cx, 0, cx - x1)) ** 2 + (max(y0 - cy, 0, cy - y1)) ** 2) ** 0.5
            assert gap >= 7.5 * MM, (space.where, mark.name)


def test_a_hotseat_marker_too_wide_for_its_board_space_is_caught(tmp_path: Path) -> None:
    """A table board's spaces are spaces too: a rule picks them by label (Game points) or by the marker
    label (the marker square); a narrower Game points space, or a larger marker, is a violation at its line."""
    folder = copy_game(tmp_path / "narrow", "berzerka")
    line = edit(folder / "components.yaml", "    space_widths: [9.4, 6.3, 6.7]",
                "    space_widths: [9.4, 5.3, 7.7]", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(r"components\.yaml:\d+:\d+: hotseat-marker-on-game-points: cubes \(10 mm x 10 mm\) do not fit "
                     rf"15 of the 15 spaces of board \(.*components\.yaml:{line}:\d+\) clear of their label: on the "
                     r"Game points space of row 1", out), out
    assert "marker-on-its-square" not in out  # the marker squares still take them
    folder = copy_game(tmp_path / "large", "berzerka")
    text = (folder / "components.yaml").read_text(encoding="utf-8")
    at = text.index("    size: 10mm", text.index("\n  cubes:\n"))
    (folder / "components.yaml").write_text(text[:at] + "    size: 11mm" + text[at + len("    size: 10mm"):])
    code, out = validate(folder)
    assert code == 1
    size_line = text[:at].count("\n") + 1
    assert re.search(rf"components\.yaml:{size_line}:\d+: marker-on-its-square: cubes \(11 mm x 11 mm\) do not fit "
                     r"15 of the 15 spaces of board .* on the Marker square of row 1, box 1", out), out


def test_a_space_name_the_board_lacks_is_named_with_the_ones_it_has(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    edit(folder / "game.yaml", "spaces: [Game points]", "spaces: [Game point]", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(r'game\.yaml:\d+:\d+: hotseat-marker-on-game-points: board has no space named Game point '
                     r'\(did you mean "Game points"\?\)', out), out


def test_below_keeps_a_piece_wholly_under_the_named_marks() -> None:
    """Rules that put a ring "below its dots": with ``below`` the piece's top edge stays under the lowest
    of those marks (a gap clear); a space that prints none of them takes the piece anywhere."""
    dot = Mark("dots", "circle", (15 * MM, 20 * MM, 2 * MM))  # y up: the dot's foot at 18 mm
    cell = _square(30 * MM, dot)
    assert room_for(cell, "circle", 12 * MM, 12 * MM, 0.5 * MM)
    assert room_for(cell, "circle", 12 * MM, 12 * MM, 0.5 * MM, below=("dots",))  # 0.5 to 17.5 mm: 17 mm
    assert not room_for(cell, "circle", 17.5 * MM, 17.5 * MM, 0.5 * MM, below=("dots",))
    assert room_for(cell, "rect", 20 * MM, 6 * MM, 0.5 * MM, below=("dots",))
    assert not room_for(cell, "rect", 20 * MM, 17.5 * MM, 0.5 * MM, below=("dots",))
    assert room_for(_square(30 * MM), "circle", 25 * MM, 25 * MM, 0.5 * MM, below=("dots",))
    assert abs(largest_round(cell, 0.5 * MM, below=("dots",)) - 17 * MM) < 0.3 * MM


def test_a_marker_that_fits_beside_the_dots_but_not_below_them_is_caught(tmp_path: Path) -> None:
    """A round marker as wide as a county-named precinct's room fits there beside the dots, not below
    them: the rule marker-beside-dots, which says below, names the marker's size line."""
    folder = copy_game(tmp_path, "redistrict")
    line = edit(folder / "pieces.yaml", "    size: 6.5mm\n    gutter: 1mm\n    items:\n      - {party: red, qty",
                "    size: 7.8mm\n    gutter: 1mm\n    items:\n      - {party: red, qty", unique=True)
    assert edit(folder / "game.yaml", "onto: board.inner, below: dots, gap: 1mm}\n  - id: ring-count",
                "onto: board.inner, below: dots}\n  - id: ring-count", unique=True)  # the default 0.5 mm clear
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"pieces\.yaml:{line}:\d+: marker-beside-dots: district-markers \(7\.8 mm across\) do not fit "
                     r"39 of the 206 spaces of board\.inner .* below its dots", out), out
    lax = edit(folder / "game.yaml", "onto: board.inner, below: dots}\n  - id: ring-count",
               "onto: board.inner}\n  - id: ring-count", unique=True)
    assert lax
    code, out = validate(folder)
    assert "marker-beside-dots" not in out, out  # anywhere in the hex, beside the dots, it fits
