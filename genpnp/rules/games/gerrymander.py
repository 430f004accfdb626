"""Game of Gerrymander: each colour has one tile per board cell, and tiles fit the cells."""

from __future__ import annotations

from typing import Any

from genpnp.errors import Violation
from genpnp.model.board import GridBoard
from genpnp.model.pieces import PieceSet
from genpnp.units import fmt_mm

TOLERANCE = 0.1 * 72 / 25.4  # 0.1 mm


def check(game: Any) -> list[Violation]:
    out: list[Violation] = []
    boards = [c for c in game.components.values() if isinstance(c, GridBoard)]
    tiles = [c for c in game.components.values() if isinstance(c, PieceSet)]
    if len(boards) != 1:
        out.append(Violation(game.meta.loc, "one-board", f"the game needs exactly one board, found {len(boards)}"))
        return out
    board = boards[0]
    cells = board.rows * board.cols
    if len(tiles) != 2:
        out.append(Violation(game.meta.loc, "two-colours", f"the game needs two tile sets, found {len(tiles)}"))
    for comp in tiles:
        count = comp.piece_count()
        if count != cells:
            out.append(Violation(comp.loc, "tiles-per-colour",
                                 f'"{comp.name}" has {count} tiles; the board has {cells} cells, one tile each'))
        w, h = comp.size
        if abs(w - board.cell) > TOLERANCE or abs(h - board.cell) > TOLERANCE:
            out.append(Violation(comp.loc, "tile-fits-cell",
                                 f'"{comp.name}" tiles are {fmt_mm(w)} x {fmt_mm(h)}; '
                                 f"board cells are {fmt_mm(board.cell)}"))
    return out
