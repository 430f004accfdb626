"""Named rules on grid maps and framed boards.

* ``grid-maps``: every map board (kind ``gridmap``) can be cut into connected groups of its map's
  size (the polyomino solver); the witness is the cutting. With ``teams`` the maps must declare
  those teams; with ``markers`` the groups a map needs are compared with the printed group markers
  (score tokens), and with ``tiles`` its cells with the printed tiles: a map with more cells than tiles
  is played on its printed board, and needs one marker per group, unless ``board_play`` allows
  playing its groups with a pencil.
* ``frame-fit``: strips that frame a grid of tiles (a player board's base and lip) have the length
  the grid needs (``grid`` tiles and ``gap`` between them, read from the strip's item).
"""

from __future__ import annotations

from typing import Any

from genpnp.content.schema import Bool, Int, Length, ListOf, Str, fld
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.core.units import MM, UnitError, fmt_mm, parse_length
from genpnp.model import rulerefs as refs
from genpnp.model.mapboard import MapBoard
from genpnp.model.rulespec import PATH, Outcome, Rule, rule_kind
from genpnp.rules.tiling import Cutting, _verdict, format_cutting


@dataclass(frozen=True, kw_only=True)
class GridMapsParams:
    teams: tuple = fld(ListOf(Str()), (), "the teams every map declares")
    markers: str = fld(PATH, "", "the printed group markers (one per group)")
    tiles: str = fld(PATH, "", "the printed tiles (a map with more cells is played on its board)")
    board_play: bool = fld(Bool(), False, "a map played on its board may mark groups with a pencil (no markers)")


@rule_kind(
    "grid-maps",
    GridMapsParams,
    "every grid map cuts into connected groups; its pieces are printed",
    {"id": "maps-cuttable", "grid-maps": {"teams": ["red", "blue"], "markers": "markers"}},
)
def run_grid_maps(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    out = Outcome(paths=[p.markers, p.tiles], checked="every gridmap cuts into connected groups of its size")
    markers = refs.number(refs.resolve(game, p.markers)) if p.markers else None
    tiles = refs.number(refs.resolve(game, p.tiles)) if p.tiles else None
    reported: set[Loc] = set()
    for comp in game.components.values():
        if not isinstance(comp, MapBoard) or comp.grid is None:
            continue
        gm = comp.grid
        teams = tuple(comp.teams or ())
        where = next(iter(comp.teams.values())).loc if comp.teams else comp.loc
        if p.teams and sorted(teams) != sorted(p.teams) and where not in reported:
            reported.add(where)
            out.violations.append(
                rule.violation(
                    where,
                    f"teams {', '.join(teams) or '(none)'} (in {comp.name}); "
                    f"the maps have the teams {' and '.join(p.teams)}",
                    sub="map-teams",
                )
            )
        found, result = _verdict(gm)
        out.violations += [rule.violation(v.loc, v.message, sub=v.rule) for v in found]
        if not isinstance(result, Cutting):
            continue
        need = len(result.groups)
        out.witness.append(f"{gm.title}: {len(gm.cells)} cells in {need} groups of {gm.group}:")
        out.witness += ["  " + row for row in format_cutting(gm, result).splitlines()]
        on_board = tiles is not None and len(gm.cells) > tiles
        if on_board:
            out.witness.append(f"  {len(gm.cells)} cells > {refs.fmt(tiles or 0)} tiles: played on the printed board")
        if markers is not None and need > markers and not (on_board and p.board_play):
            out.violations.append(
                rule.violation(
                    gm.rows_loc,
                    f"{gm.title} needs {need} group markers; {p.markers} prints {refs.fmt(markers)}",
                    sub="map-markers",
                )
            )
    return out


@dataclass(frozen=True, kw_only=True)
class FrameParams:
    frames: tuple = fld(
        ListOf(PATH, min_len=1),
        doc="the strips, widest first (each item: grid, gap)",
        example=["board-base", "board-lip"],
    )
    tiles: str = fld(PATH, doc="the tiles the frame holds", example="tiles")
    pieces: int = fld(Int(1, 100), 4, "strips per frame")
    tolerance: float = fld(Length(), 0.5 * MM, "allowed difference")


def _length(value: Any) -> float | None:
    try:
        return parse_length(value)
    except UnitError:
        return None


@rule_kind(
    "frame-fit",
    FrameParams,
    "strips frame a grid of tiles: length = opening + width, narrower strips on top",
    {"id": "board-fit", "frame-fit": {"frames": ["board-base", "board-lip"], "tiles": "tiles"}},
    reads=("grid", "gap"),
)
def run_frame_fit(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    out = Outcome(paths=list(p.frames), checked=f"{', '.join(p.frames)} frame a grid of {p.tiles}")
    tile = refs.resolve(game, p.tiles).size[0]
    widths = []
    for name in p.frames:
        comp = refs.resolve(game, name)
        item = comp.items[0] if comp.items else None
        grid = item.fields.get("grid") if item else None
        gap = _length(item.fields.get("gap")) if item else None
        loc = item.loc if item else comp.loc
        if not isinstance(grid, int) or gap is None:
            out.violations.append(rule.violation(loc, "a frame's item needs grid (cells) and gap (e.g. 2mm)"))
            continue
        if comp.piece_count() != p.pieces:
            out.violations.append(
                rule.violation(loc, f"{comp.label}: {comp.piece_count()} pieces, expected {p.pieces}")
            )
        opening = grid * tile + (grid - 1) * gap
        long, short = max(comp.size), min(comp.size)
        widths.append((short, comp))
        out.witness.append(
            f"{name}: {fmt_mm(long)} x {fmt_mm(short)} around {grid} x {fmt_mm(tile)} + gaps = {fmt_mm(opening)}"
        )
        if abs(long - short - opening) > p.tolerance:
            out.violations.append(
                rule.violation(
                    loc,
                    f"{comp.label}: a {fmt_mm(long)} x {fmt_mm(short)} strip frames "
                    f"{fmt_mm(long - short)}; {grid} tiles of {fmt_mm(tile)} with "
                    f"{fmt_mm(gap)} gaps need {fmt_mm(opening)}: make it "
                    f"{fmt_mm(opening + short)} long",
                )
            )
    for (wide, _), (narrow, comp) in zip(widths, widths[1:]):
        if narrow >= wide:
            out.violations.append(
                rule.violation(
                    refs.key_loc(comp.loc, "size"),
                    f"{comp.label} ({fmt_mm(narrow)}) must be narrower than the strip under it ({fmt_mm(wide)})",
                )
            )
    return out
