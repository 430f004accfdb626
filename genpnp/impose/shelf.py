"""Mixed sizes on one sheet: pieces of several components packed in shelves (rows).

Units (a piece, or a fold pair) are sorted tallest first and placed left to right;
a full row opens a new shelf below it, a full page opens a new page. With bleed, units sit
their bleed and crop marks apart and each unit has its own crop marks, in the room around it, so no
mark implies a cut through another piece.
"""

from __future__ import annotations

from typing import Any

from genpnp.impose import grid
from genpnp.impose.duplex import duplex_back
from genpnp.impose.frame import Frame, reserve_scale, scale_spot
from genpnp.impose.options import Options
from genpnp.impose.sheet import Box, Sheet


def impose_shared(comps: list[Any], frame: Frame, options: Options, title: str) -> list[Sheet]:
    bleed = options.bleed
    area = reserve_scale(frame)
    spacing = grid.Spacing(bleed, 2 * bleed)
    units = []
    for comp in comps:
        for piece in getattr(comp, "pieces", ()):
            fold = piece.back is not None and options.backs == "fold"
            g = grid.choose_grid(area, piece.w, piece.h, fold, getattr(comp, "rotatable", True), spacing)
            if g.per_page == 0:
                g = grid.choose_grid(area, piece.w, piece.h, False, True, spacing)
                fold = False
            unit = g.unit
            for _ in range(1 if options.copies_as_note else comp.copies):
                units.append((comp, piece, grid.Unit(unit.w, unit.h, unit.rot, unit.fold if fold else "")))
    units.sort(key=lambda u: -(u[2].uh))
    pages: list[list[tuple[Any, Any, grid.Unit, Box, grid.Axis, grid.Axis]]] = [[]]
    x, top, shelf_h = area.x, area.y2, 0.0
    for comp, piece, unit in units:
        # around each unit: its bleed and crop marks, squeezed where the unit nearly fills the page
        ax = grid.axis_fit(area.w, unit.uw, grid.Spacing(bleed, 0.0))
        ay = grid.axis_fit(area.h, unit.uh, grid.Spacing(bleed, 0.0))
        rx, ry = ax.outer + ax.crop, ay.outer + ay.crop
        pw, ph = unit.uw + 2 * rx, unit.uh + 2 * ry
        if x + pw > area.x2 + 0.01:  # new shelf
            x, top, shelf_h = area.x, top - shelf_h, 0.0
        if top - ph < area.y - 0.01:  # new page
            pages.append([])
            x, top, shelf_h = area.x, area.y2, 0.0
        cell = Box(x + rx, top - ry - unit.uh, unit.uw, unit.uh)
        pages[-1].append((comp, piece, unit, cell, ax, ay))
        x += pw
        shelf_h = max(shelf_h, ph)
    sheets = []
    for n, page in enumerate(p for p in pages if p):
        sheet = Sheet("pieces", f"{title} ({n + 1})" if len(pages) > 1 else title, comps[0].name)
        folds = []
        for comp, piece, unit, cell, ax, ay in page:
            art = Box(cell.x - ax.outer, cell.y - ay.outer, cell.w + 2 * ax.outer, cell.h + 2 * ay.outer)
            placed, marks = grid.place_unit(comp, piece, cell, unit, art, bleed)
            sheet.placements.extend(placed)
            folds.extend(marks)
            if bleed:
                sheet.marks.extend(grid.crop_marks(placed, cell, (ax.outer, ay.outer), (ax.crop, ay.crop)))
        sheet.marks.extend(folds)
        for shape in sorted({p.piece.shape for p in sheet.placements}):
            same = [p for p in sheet.placements if p.piece.shape == shape]
            sample = same[0].piece
            if bleed and shape not in ("circle", "hex"):
                continue
            sheet.marks.extend(grid.cut_marks(same, folds, shape, sample.radius))
        sheet.scale_box = scale_spot(frame, None)
        sheets.append(sheet)
        if options.backs == "duplex" and any(p.piece.back is not None for p in sheet.placements):
            sheets.append(duplex_back(sheet, frame, options))
    return sheets
