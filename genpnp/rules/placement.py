"""The rule ``leaves-visible``: a piece laid on a space of a board fits inside that space and leaves
the space's printed marks visible.

``leaves-visible: {piece: rings, onto: [board.inner], gap: 0.5mm}`` says that on every hex of
``board.inner`` there is a spot where a ring lies wholly inside the hex, ``gap`` clear of its edge
and of every mark printed there (voter circles, labels, zone marks, peg holes), except the marks
named in ``covers`` (a disc laid on a map cell is meant to hide the cell's random mark). The
spaces and marks come from ``genpnp/model/spacemarks.py``, the geometry the renderers draw with.
Round and hexagonal pieces are checked as their circumscribed circle, others as their rectangle
(either way round). A violation points at the piece's size and names the space's line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from genpnp.content.schema import Length, ListOf, Str, fld
from genpnp.core.units import MM, fmt_mm
from genpnp.model import rulerefs as refs
from genpnp.model.rulespec import PATH, Outcome, Rule, rule_kind
from genpnp.model.spacemarks import Mark, Space, spaces_of

MARK_NAMES = ("dots", "label", "zone-mark", "region-label", "pegs", "contents")


@dataclass(frozen=True, kw_only=True)
class LeavesVisibleParams:
    piece: str = fld(PATH, doc="the component whose pieces are laid on the spaces", example="rings")
    onto: tuple = fld(ListOf(PATH, min_len=1, single=True), doc="the boards whose spaces (hexes, cells) take "
                    "the piece: hex maps, grid maps, boards", example=["board.inner"])
    covers: tuple = fld(ListOf(Str(), single=True), (), "marks the piece may hide: " + ", ".join(MARK_NAMES),
                        example=["contents"])
    gap: float = fld(Length(), 0.5 * MM, "room the piece keeps from the space's edge and from every mark")


def _half_planes(outline: tuple) -> list[tuple[float, float, float]]:
    """Each edge of a convex polygon as (nx, ny, c): a point p is inside when nx*px + ny*py >= c."""
    area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(outline, outline[1:] + outline[:1]))
    sign = 1.0 if area > 0 else -1.0
    out = []
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1]):
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = -(y2 - y1) / length * sign, (x2 - x1) / length * sign
        out.append((nx, ny, nx * x1 + ny * y1))
    return out


def _box_distance(x: float, y: float, box: tuple[float, ...]) -> float:
    x0, y0, x1, y1 = box
    return math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1))


def _circle_clearance(x: float, y: float, planes: list, marks: list[Mark]) -> float:
    """How large a circle centred at (x, y) may be: the distance to the outline and to the nearest mark."""
    room = min(nx * x + ny * y - c for nx, ny, c in planes)
    for m in marks:
        if m.shape == "circle":
            mx, my, r = m.geometry
            room = min(room, math.hypot(x - mx, y - my) - r)
        else:
            room = min(room, _box_distance(x, y, m.geometry))
    return room


def _rect_fits(x: float, y: float, w: float, h: float, gap: float, planes: list, marks: list[Mark]) -> bool:
    x0, y0, x1, y1 = x - w / 2 - gap, y - h / 2 - gap, x + w / 2 + gap, y + h / 2 + gap
    for nx, ny, c in planes:
        if min(nx * px + ny * py for px in (x0, x1) for py in (y0, y1)) < c:
            return False
    for m in marks:
        if m.shape == "circle":
            mx, my, r = m.geometry
            if _box_distance(mx, my, (x0, y0, x1, y1)) < r:
                return False
        else:
            bx0, by0, bx1, by1 = m.geometry
            if bx0 < x1 and x0 < bx1 and by0 < y1 and y0 < by1:
                return False
    return True


def _candidates(outline: tuple) -> list[tuple[float, float]]:
    """Points over the space, the nearest its centre first, about 0.25 mm apart (at most 80 a side)."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    step = max(0.25 * MM, (max(xs) - min(xs)) / 80, (max(ys) - min(ys)) / 80)
    nx, ny = int((max(xs) - min(xs)) / step) + 1, int((max(ys) - min(ys)) / step) + 1
    pts = [(min(xs) + i * step, min(ys) + j * step) for i in range(nx + 1) for j in range(ny + 1)]
    pts.sort(key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
    return pts


def _key(space: Space, marks: list[Mark]) -> tuple:
    """The space's geometry relative to its first corner: spaces alike are decided once."""
    ox, oy = space.outline[0]

    def rel(values: tuple, shape: str) -> tuple:
        if shape == "circle":
            return (round(values[0] - ox, 1), round(values[1] - oy, 1), round(values[2], 1))
        return tuple(round(v - (ox if i % 2 == 0 else oy), 1) for i, v in enumerate(values))

    return (tuple((round(x - ox, 1), round(y - oy, 1)) for x, y in space.outline),
            tuple(sorted((m.shape, rel(m.geometry, m.shape)) for m in marks)))


def room_for(space: Space, shape: str, w: float, h: float, gap: float, covers: tuple = ()) -> bool:
    """Whether a piece (a circle w across, or a w x h rectangle) fits the space clear of its marks."""
    marks = [m for m in space.marks if m.name not in covers]
    planes = _half_planes(space.outline)
    for x, y in _candidates(space.outline):
        if shape == "circle":
            if _circle_clearance(x, y, planes, marks) >= max(w, h) / 2 + gap:
                return True
        elif _rect_fits(x, y, w, h, gap, planes, marks) or _rect_fits(x, y, h, w, gap, planes, marks):
            return True
    return False


def largest_round(space: Space, gap: float, covers: tuple = ()) -> float:
    """The diameter of the largest round piece the space takes clear of its marks."""
    marks = [m for m in space.marks if m.name not in covers]
    planes = _half_planes(space.outline)
    best = max(_circle_clearance(x, y, planes, marks) for x, y in _candidates(space.outline))
    return 2 * max(best - gap, 0.0)


@rule_kind(
    "leaves-visible",
    LeavesVisibleParams,
    "a piece laid on a space of a board fits inside it and leaves the space's printed marks visible",
    {"id": "ring-beside-dots", "leaves-visible": {"piece": "rings", "onto": ["board.inner"]}},
)
def run_leaves_visible(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    comp = refs.resolve(game, p.piece)
    out = Outcome(paths=[p.piece, *p.onto])
    size = getattr(comp, "cut_size", None) or getattr(comp, "size", None)
    if not isinstance(size, tuple):
        out.violations.append(rule.violation(comp.loc, f"{p.piece} are not pieces with a size"))
        return out
    w, h = size
    shape = "circle" if getattr(comp, "shape", "") in ("circle", "hex") else "rect"
    what = f"{fmt_mm(max(w, h))} across" if shape == "circle" else f"{fmt_mm(w)} x {fmt_mm(h)}"
    out.checked = f"{p.piece} ({what}) on every space of {', '.join(p.onto)}, {fmt_mm(p.gap)} clear"
    for path in p.onto:
        board = refs.resolve(game, path)
        spaces = spaces_of(board)
        if spaces is None:
            out.violations.append(rule.violation(
                rule.at("onto"),
                f"{path} has no spaces to lay pieces on (a hex map, grid map or board has)"))
            continue
        unknown = [c for c in p.covers if c not in MARK_NAMES]
        if unknown:
            out.violations.append(rule.violation(board.loc, f"covers names no mark: {', '.join(unknown)} "
                                                 f"(marks: {', '.join(MARK_NAMES)})"))
            continue
        decided: dict[tuple, bool] = {}
        failed: list[Space] = []
        for space in spaces:
            key = _key(space, [m for m in space.marks if m.name not in p.covers])
            if key not in decided:
                decided[key] = room_for(space, shape, w, h, p.gap, p.covers)
            if not decided[key]:
                failed.append(space)
        space_loc = refs.key_loc(board.loc, "hex_size") if hasattr(board, "hex_size") else refs.key_loc(
            board.loc, "cell")
        if failed:
            worst, room = min(((f, largest_round(f, p.gap, p.covers)) for f in failed[:40]), key=lambda f: f[1])
            marks = sorted({m.name for m in worst.marks if m.name not in p.covers})
            out.violations.append(rule.violation(
                refs.key_loc(comp.loc, "size"),
                f"{p.piece} ({what}) do not fit {len(failed)} of the {len(spaces)} spaces of {path} "
                f"({space_loc}) clear of their {', '.join(marks) or 'edge'}: on {worst.where} the largest "
                f"clear round spot is {fmt_mm(room)} across ({fmt_mm(p.gap)} kept clear)"))
        out.witness.append(f"{path}: {len(spaces) - len(failed)} of {len(spaces)} spaces take {p.piece} "
                           f"({len(decided)} different layouts checked)")
    return out
