"""hex-shape's symmetries: turns about a centre hex and the left-right mirror, as data."""

from __future__ import annotations

from genpnp.model.hexgrid import disk, hex_center, ring
from genpnp.rules.hexshape import orbit, symmetries


def test_turns_and_mirror_move_hexes_where_the_picture_says() -> None:
    six = symmetries((0, 0), 6, False)
    assert orbit((1, 0), six) == frozenset(ring(1))  # the six neighbours of the centre
    assert len(orbit((0, 0), six)) == 1
    two = symmetries((0, 0), 2, False)
    assert orbit((2, -1), two) == {(2, -1), (-2, 1)}
    mirrored = symmetries((0, 0), 1, True)
    for h in disk(3):  # mirrored left to right: x changes sign, y stays
        (image,) = orbit(h, mirrored) - {h} or {h}
        (x, y), (x2, y2) = hex_center(h, 1.0), hex_center(image, 1.0)
        assert abs(x + x2) < 1e-9 and abs(y - y2) < 1e-9


def test_turning_about_another_centre() -> None:
    moves = symmetries((3, -2), 3, False)
    assert orbit((4, -2), moves) == {(4, -2), (2, -1), (3, -3)}
    assert all(len(orbit(h, symmetries((0, 0), 6, True))) in (1, 6, 12) for h in disk(4))
