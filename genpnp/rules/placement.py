"""The rule ``leaves-visible``: a piece laid on a space of a board fits inside that space and leaves
the space's printed marks visible.

``leaves-visible: {piece: rings, onto: [board.inner], gap: 0.5mm}`` says that on every hex of
``board.inner`` there is a spot where a ring lies wholly inside the hex, ``gap`` clear of its edge
and of every mark printed there (voter circles, labels, zone marks, peg holes), except the marks
named in ``covers`` (a disc laid on a map cell is meant to hide the cell's random mark). With
``below: [dots]`` the piece must lie wholly below those marks, as rules that put a ring "below its dots"
say (on a space that prints none of them, anywhere). The
spaces and marks come from ``genpnp/model/spacemarks.py``, the geometry the renderers draw with.
Round and hexagonal pieces are checked as their circumscribed circle, others as their rectangle
(either way round). A violation points at the piece's size and names the space's line. A space's own text (its label,
its zone mark) must lie inside the space too, off its edge where a board's border slots run.
"""

from __future__ import annotations

from typing import Any

from genpnp.content.schema import Length, ListOf, Str, fld
from genpnp.core.errors import did_you_mean
from genpnp.core.records import dataclass
from genpnp.core.units import MM, fmt_mm
from genpnp.model import rulerefs as refs
from genpnp.model.rulespec import PATH, Outcome, Rule, rule_kind
from genpnp.model.spacefit import _key, largest_round, room_for, text_outside
from genpnp.model.spacemarks import Space, spaces_of

MARK_NAMES = ("dots", "label", "zone-mark", "region-label", "pegs", "contents")


@dataclass(frozen=True, kw_only=True)
class LeavesVisibleParams:
    piece: str = fld(PATH, doc="the component whose pieces are laid on the spaces", example="rings")
    onto: tuple = fld(ListOf(PATH, min_len=1, single=True), doc="the boards whose spaces (hexes, cells) take "
                    "the piece: hex maps, grid maps, boards", example=["board.inner"])
    covers: tuple = fld(ListOf(Str(), single=True), (), "marks the piece may hide: " + ", ".join(MARK_NAMES),
                        example=["contents"])
    below: tuple = fld(ListOf(Str(), single=True), (), "marks the piece must lie wholly below (``gap`` clear "
                       "of the lowest of them), where the rules put it below them: " + ", ".join(MARK_NAMES),
                       example=["dots"])
    gap: float = fld(Length(), 0.5 * MM, "room the piece keeps from the space's edge and from every mark")
    spaces: tuple = fld(ListOf(Str(), single=True), (), "only these spaces of a table board: the labels of its "
                        "spaces (Result) or its marker label (the marker square); all of them when empty",
                        example=["Result"])


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
    which = f"every {' and '.join(p.spaces)} space" if p.spaces else "every space"
    under = f" below its {' and '.join(p.below)}" if p.below else ""
    out.checked = f"{p.piece} ({what}) on {which} of {', '.join(p.onto)}{under}, {fmt_mm(p.gap)} clear"
    for path in p.onto:
        board = refs.resolve(game, path)
        spaces = spaces_of(board)
        if spaces is None:
            out.violations.append(rule.violation(
                rule.at("onto"),
                f"{path} has no spaces to lay pieces on (a hex map, grid map or board has)"))
            continue
        if p.spaces:
            names = list(dict.fromkeys(space.name for space in spaces if space.name))
            unknown = [n for n in p.spaces if n not in names]
            if unknown:
                out.violations.append(rule.violation(rule.at("spaces"), f"{path} has no space named "
                                      f"{', '.join(unknown)}{did_you_mean(unknown[0], names)} (its spaces: "
                                      f"{', '.join(names) or 'none named'})"))
                continue
            spaces = [space for space in spaces if space.name in p.spaces]
        bad = [(which, loc, unknown) for which, names, loc in (("covers", p.covers, board.loc),
                                                             ("below", p.below, rule.at("below")))
               if (unknown := [c for c in names if c not in MARK_NAMES])]
        if bad:
            which, loc, unknown = bad[0]
            out.violations.append(rule.violation(loc, f"{which} names no mark: {', '.join(unknown)}"
                                                 f"{did_you_mean(unknown[0], list(MARK_NAMES))} "
                                                 f"(marks: {', '.join(MARK_NAMES)})"))
            continue
        decided: dict[tuple, bool] = {}
        failed: list[Space] = []
        outside = [(space, text_outside(space)) for space in spaces]
        outside = [(space, names) for space, names in outside if names]
        if outside:
            space, names = outside[0]
            out.violations.append(rule.violation(
                refs.key_loc(board.loc, "label_at") if hasattr(board, "label_at") else board.loc,
                f"{path}: the {' and '.join(names)} of {space.where} reach outside the space (onto its edge"
                f"{', where the border slots run' if getattr(board, 'slots', False) else ''}); "
                f"{len(outside)} of the {len(spaces)} spaces do so"))
        for space in spaces:
            key = _key(space, [m for m in space.marks if m.name not in p.covers or m.name in p.below])
            if key not in decided:
                decided[key] = room_for(space, shape, w, h, p.gap, p.covers, p.below)
            if not decided[key]:
                failed.append(space)
        space_key = next((k for k in ("hex_size", "space_widths", "cell") if hasattr(board, k)), "cell")
        space_loc = refs.key_loc(board.loc, space_key)
        if failed:
            worst, room = min(((f, largest_round(f, p.gap, p.covers, p.below)) for f in failed[:40]),
                              key=lambda f: f[1])
            marks = sorted({m.name for m in worst.marks if m.name not in p.covers})
            out.violations.append(rule.violation(
                refs.key_loc(comp.loc, "size"),
                f"{p.piece} ({what}) do not fit {len(failed)} of the {len(spaces)} spaces of {path} "
                f"({space_loc}) clear of their {', '.join(marks) or 'edge'}{under}: on {worst.where} the largest "
                f"clear round spot{under.replace('its', 'the')} is {fmt_mm(room)} across ({fmt_mm(p.gap)} kept clear)"))
        out.witness.append(f"{path}: {len(spaces) - len(failed)} of {len(spaces)} spaces take {p.piece} "
                           f"({len(decided)} different layouts checked)")
    return out
