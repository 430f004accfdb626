"""Benchmark of the district-cutting solver on random 30x30 maps.

Solvable maps are built by gluing random tetrominoes into a 30x30 box; unsolvable ones have a
multiple of 4 cells but cannot be cut (the glued map plus a 20-cell region that has no cutting).
Run ``python bench/solver_bench.py [seeds]``; :func:`run` returns the rows for ``make bench``.
"""

from __future__ import annotations

import statistics
import sys
import time

from genpnp.rules.polyomino import glued
from genpnp.rules.tiling import Cutting, NoCutting, find_cutting

STUCK = (".###.#", ".###.#", "..####", "#..#.#", "####.#")  # 20 cells, no cutting


def unsolvable(size: int, seed: int) -> set[tuple[int, int]]:
    """A glued map whose last rows hold the stuck region, joined to the rest by one cell only.

    Proof that it has no cutting: only the group holding the joining cell can take stuck cells
    with it, at most 3; the rest of the stuck region must then be cut alone, so that group takes
    none (20 - 1..3 is no multiple of 4), and the stuck region alone has no cutting.
    """
    cells = {(r, c) for r, c in glued(size, size, seed) if r < size - 6}
    stuck = {(size - 5 + r, c) for r, row in enumerate(STUCK) for c, ch in enumerate(row) if ch == "#"}
    cells |= {(size - 7, 1), (size - 6, 1)}
    for cell in sorted(cells):
        if len(cells) % 4 == 0:
            break
        cells.discard(cell)
    return cells | stuck


def run(seeds: int = 10, size: int = 30) -> list[dict]:
    rows = []
    def solvable(size: int, seed: int) -> set[tuple[int, int]]:
        return glued(size, size, seed)

    for label, make, want in (("solvable", solvable, Cutting), ("unsolvable", unsolvable, NoCutting)):
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
