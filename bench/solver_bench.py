"""Benchmark of the district-cutting solver on random 30x30 maps.

Solvable maps are built by gluing random tetrominoes into a 30x30 box; unsolvable ones have a
multiple of 4 cells but cannot be cut (the glued map plus a 20-cell region that has no cutting).
Run ``python bench/solver_bench.py [seeds]``; :func:`run` returns the rows for ``make bench``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from genpnp.rules.tiling import Cutting, NoCutting, find_cutting, shapes

STUCK = (".###.#", ".###.#", "..####", "#..#.#", "####.#")  # 20 cells, no cutting


def glued(size: int, seed: int) -> set[tuple[int, int]]:
    rng = random.Random(seed)
    taken: set[tuple[int, int]] = set()
    for _ in range(20 * size * size):
        shape = rng.choice(shapes(4))
        r, c = rng.randrange(size), rng.randrange(size)
        spot = {(r + a, c + b) for a, b in shape}
        if all(0 <= x < size and 0 <= y < size for x, y in spot) and not spot & taken:
            taken |= spot
    return taken


def unsolvable(size: int, seed: int) -> set[tuple[int, int]]:
    """A glued map whose last rows hold the stuck region, joined to the rest by one cell only.

    Proof that it has no cutting: only the group holding the joining cell can take stuck cells
    with it, at most 3; the rest of the stuck region must then be cut alone, so that group takes
    none (20 - 1..3 is no multiple of 4), and the stuck region alone has no cutting.
    """
    cells = {(r, c) for r, c in glued(size, seed) if r < size - 6}
    stuck = {(size - 5 + r, c) for r, row in enumerate(STUCK) for c, ch in enumerate(row) if ch == "#"}
    cells |= {(size - 7, 1), (size - 6, 1)}
    for cell in sorted(cells):
        if len(cells) % 4 == 0:
            break
        cells.discard(cell)
    return cells | stuck


def run(seeds: int = 10, size: int = 30) -> list[dict]:
    rows = []
    for label, make, want in (("solvable", glued, Cutting), ("unsolvable", unsolvable, NoCutting)):
        times, cells, nodes = [], [], []
        for seed in range(seeds):
            mask = make(size, seed)
            start = time.perf_counter()
            result = find_cutting(mask)
            times.append((time.perf_counter() - start) * 1000)
            if not isinstance(result, want):
                raise AssertionError(f"{label} seed {seed}: {type(result).__name__}: {getattr(result, 'reason', '')}")
            cells.append(len(mask))
            nodes.append(result.nodes)
        rows.append(
            {
                "map": f"{size}x{size} {label}",
                "cells": f"{min(cells)}-{max(cells)}",
                "seeds": seeds,
                "median_ms": round(statistics.median(times), 1),
                "max_ms": round(max(times), 1),
                "max_nodes": max(nodes),
            }
        )
    return rows


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    print(f"{'map':<22}{'cells':>10}{'seeds':>7}{'median ms':>11}{'max ms':>9}{'max nodes':>11}")
    for row in run(seeds):
        print(
            f"{row['map']:<22}{row['cells']:>10}{row['seeds']:>7}{row['median_ms']:>11}"
            f"{row['max_ms']:>9}{row['max_nodes']:>11}"
        )


if __name__ == "__main__":
    main()
