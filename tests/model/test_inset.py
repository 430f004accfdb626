"""Piece insets: pieces cut smaller than the space they fill, still sharing cut lines on the sheet."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from genpnp.core.errors import ContentError
from genpnp.core.units import MM
from genpnp.impose.document import impose_game
from genpnp.impose.options import Options
from genpnp.load.project import load_game

GAME = """\
name: Inset test
version: "1"
licence: CC0
players: "2"
sections: [tiles]
"""


def make_game(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "insetgame"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    body = textwrap.dedent(body) + "faces: {front: {fill: '#cc3333'}}\n"
    (folder / "components.yaml").write_text("components:\n  tiles:\n" + textwrap.indent(body, "    "))
    return folder


def test_inset_cuts_each_side_and_keeps_the_nominal_size(tmp_path: Path) -> None:
    tiles = load_game(make_game(tmp_path, "kind: tile\nsize: 22mm\ninset: 0.5mm\nqty: 4\n")).components["tiles"]
    assert tiles.size == pytest.approx((22 * MM, 22 * MM))
    assert tiles.cut_size == pytest.approx((21 * MM, 21 * MM))
    assert all((p.w, p.h) == pytest.approx((21 * MM, 21 * MM)) for p in tiles.pieces)


@pytest.mark.parametrize("written", ["0.9mm x 0", "[0.9mm, 0]", "0.9mm x 0mm"])
def test_inset_along_one_axis_needs_no_unit_for_zero(tmp_path: Path, written: str) -> None:
    body = f"kind: tile\nsize: 11mm x 3mm\ninset: {written}\n"
    tiles = load_game(make_game(tmp_path, body)).components["tiles"]
    assert tiles.cut_size == pytest.approx((9.2 * MM, 3 * MM))


@pytest.mark.parametrize(("written", "message"), [
    ("2mm", "an inset of 2 mm x 2 mm leaves nothing of a 3 mm x 3 mm piece"),
    ("-1mm", "an inset cannot be negative"),
    ("lots", "expected a length"),
])
def test_bad_insets_point_at_the_inset_line(tmp_path: Path, written: str, message: str) -> None:
    folder = make_game(tmp_path, f"kind: tile\nsize: 3mm\ninset: {written}\n")
    with pytest.raises(ContentError) as err:
        load_game(folder)
    problems = [str(p) for p in err.value.problems]
    assert len(problems) == 1, problems
    assert "components.yaml:5:" in problems[0], problems  # the inset: line
    assert message in problems[0], problems


def test_inset_tiles_pack_at_the_cut_size_and_share_cut_lines(tmp_path: Path) -> None:
    game = load_game(make_game(tmp_path, "kind: tile\nsize: 22mm\ninset: 0.5mm\nqty: 6\n"))
    doc = impose_game(game, Options())
    sheet = doc.sheets[1]
    boxes = sorted((round(p.box.x / MM, 2), round(p.box.y / MM, 2), round(p.box.w / MM, 2)) for p in sheet.placements)
    assert {w for _, _, w in boxes} == {21.0}
    xs = sorted({x for x, _, _ in boxes})
    assert [round(b - a, 2) for a, b in zip(xs, xs[1:])] == [21.0] * (len(xs) - 1)  # touching: no gap
    cuts = [m for m in sheet.marks if m.kind == "cut"]
    verticals = {round(m.points[0][0] / MM, 2) for m in cuts if abs(m.points[0][0] - m.points[1][0]) < 0.01}
    assert len(verticals) == len(xs) + 1  # one shared line between neighbours, not two
