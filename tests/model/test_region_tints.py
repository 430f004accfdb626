"""Region tints: touching regions never alike; with colours to spare, neighbours of neighbours differ too."""

from __future__ import annotations

from genpnp.model.hexlegend import color_regions


def _row(names: list[str]) -> dict[tuple[int, int], str]:
    """Regions of one hex each, in a row: each touches the next."""
    return {(q, 0): name for q, name in enumerate(names)}


def test_the_fewest_colours_by_default():
    index = color_regions(_row(["a", "b", "c", "d"]), [])
    assert max(index.values()) == 1  # a row of regions needs two colours
    assert all(index[x] != index[y] for x, y in (("a", "b"), ("b", "c"), ("c", "d")))


def test_colours_to_spare_keep_three_in_a_row_apart():
    index = color_regions(_row(["a", "b", "c", "d", "e"]), [], available=3)
    assert len({index["a"], index["b"], index["c"]}) == 3
    assert len({index["c"], index["d"], index["e"]}) == 3
    assert max(index.values()) < 3


def test_too_few_colours_to_spread_falls_back_to_the_fewest():
    assert max(color_regions(_row(["a", "b", "c"]), [], available=2).values()) == 1
