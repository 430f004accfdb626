"""Component base class, the kind registry, item lists and pieces (items and faces: item.py, face.py)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import field
from typing import Any, ClassVar, overload

from genpnp.content.schema import (
    INVALID,
    AnyValue,
    Bool,
    Ctx,
    Custom,
    Enum,
    Int,
    Prose,
    Str,
    build,
    fld,
)
from genpnp.content.yamlload import LList, LMap, load_file
from genpnp.core.errors import ContentError, Loc
from genpnp.core.records import dataclass
from genpnp.model.face import Face, ResolvedFace
from genpnp.model.faceresolve import FaceResolver
from genpnp.model.item import Item, parse_item
from genpnp.model.table import read_table

KINDS: dict[str, type] = {}


def kind(name: str):
    """Register a component class under the YAML ``kind:`` name."""

    def register(cls: type) -> type:
        cls.kind_name = name  # type: ignore[attr-defined]
        KINDS[name] = cls
        return cls

    return register


def _title(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """A sheet title: text of at most 80 characters; characters the title font lacks are a warning."""
    from genpnp.content.scripts import cover_glyphs
    from genpnp.core import fonts

    text = Prose(max_len=80).parse(value, loc, ctx)  # translated (genpnp.content.translate)
    title = getattr(ctx.styles, "title", None)
    if text is not INVALID:
        font = ctx.fonts.get(title.font, title.font) if title is not None and title.font else fonts.BOLD
        cover_glyphs(text, font, loc, ctx)
    return text


@dataclass(frozen=True, kw_only=True)
class Component:
    """Fields every component has."""

    kind_name: ClassVar[str] = ""
    extra_keys: ClassVar[tuple[str, ...]] = ("kind",)
    double_sided: ClassVar[bool] = False

    name: str = ""
    title: str = fld(Custom(_title, {"type": "string", "maxLength": 80}, "text (translated)"), "",
                     "section title on its sheets (defaults to the component's name)")
    copies: int = fld(Int(1, 100), 1, "how many sets of this component to print")
    sheet: str = fld(Str(), "", "components with the same sheet name share pages (mixed sizes)")
    stock: str = fld(Enum("paper", "card"), "paper",
                     "what its pages print on: paper, or card stock (cards that are shuffled and held); the cover's "
                     "printing steps name the pages to print on card; a component sharing a sheet name with a card "
                     "one prints on card too (in every build, with bleed as without)")
    optional: bool = fld(Bool(), False,
                         "pages the game can do without (extra layouts, variants): the cover's printing steps list "
                         "pages holding only optional components last, as a step of their own to print only if "
                         "wanted, and leave them out of the sturdier-pieces advice")
    loc: Loc = Loc("<built-in>")

    @property
    def label(self) -> str:
        return self.title or self.name.replace("-", " ").capitalize()

    def piece_count(self) -> int:
        return 0


# ---------------------------------------------------------------- items


def parse_items(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """Items inline (a list), or ``{file: data.yaml}`` (its ``items:`` list), or ``{csv: cards.csv}``."""
    from genpnp.content.schema import PathSpec

    if isinstance(value, LMap):
        if set(value) in ({"csv"}, {"xlsx"}, {"xlsx", "sheet"}):
            key = "csv" if "csv" in value else "xlsx"
            suffixes = (".csv", ".tsv", ".txt") if key == "csv" else (".xlsx",)
            path = PathSpec(suffixes).parse(value[key], value.loc_of(key), ctx)
            if path is INVALID:
                return INVALID
            sheet = value.get("sheet")
            rows = read_table(path, _shown(path, ctx), ctx, None if sheet is None else str(sheet))
            if rows is INVALID:
                return INVALID
            items = [parse_item(row, row.loc, ctx) for row in rows]
        elif set(value) == {"product"}:
            from genpnp.model.product import parse_product

            return parse_product(value["product"], value.loc_of("product"), ctx, _shown)
        elif set(value) == {"file"}:
            data = load_data_file(value, "items", ctx)
            if data is INVALID:
                return INVALID
            return parse_items(data["items"], data.loc_of("items"), ctx)
        else:
            return ctx.error(loc, "items are a list, or {file: data.yaml}, {csv: data.csv}, {xlsx: data.xlsx} "
                                  "or {product: ...}")
    elif isinstance(value, list):
        items = [parse_item(v, value.loc_of(i) if isinstance(value, LList) else loc, ctx) for i, v in enumerate(value)]
    else:
        return ctx.error(loc, "items are a list, or {file: data.yaml}, or {csv: data.csv}")
    if any(i is INVALID for i in items):
        return INVALID
    return tuple(items)


def load_data_file(value: LMap, key: str, ctx: Ctx) -> Any:
    """The YAML data file named by ``{file: x.yaml}``, which must have a top-level ``key:`` (INVALID if not)."""
    from genpnp.content.schema import PathSpec

    path = PathSpec((".yaml", ".yml")).parse(value["file"], value.loc_of("file"), ctx)
    if path is INVALID:
        return INVALID
    try:
        data = load_file(path, _shown(path, ctx), ctx.root)
    except ContentError as exc:
        ctx.problems.extend(exc.problems)
        return INVALID
    if not isinstance(data, LMap) or key not in data:
        return ctx.error(Loc(_shown(path, ctx), 1, 1), f'a data file needs a top-level "{key}:" list')
    return data


def _shown(path: Any, ctx: Ctx) -> str:
    """A data file's name as messages show it: relative to the working folder, like every other file."""
    from genpnp.content.yamlload import display_name

    return display_name(path)


ITEMS = Custom(
    parse_items,
    {"anyOf": [{"type": "array", "items": {"type": "object"}}, {"type": "object"}]},
    "list of items, or {file: data.yaml}, {csv: data.csv} or {xlsx: data.xlsx, sheet: name}",
)

# ---------------------------------------------------------------- faces


@dataclass(frozen=True)
class Piece:
    """One physical piece: a size, a shape and its resolved faces."""

    component: str
    index: int  # 1-based among the component's pieces
    w: float
    h: float
    shape: str
    front: ResolvedFace
    back: ResolvedFace | None
    fields: dict[str, Any] = field(default_factory=dict)
    radius: float = 0.0


class PieceRuns(Sequence[Piece]):
    """A component's pieces as runs of identical items (``qty`` copies each), made on access.

    An item with ``qty: 1000`` is one run, not a thousand objects: a 50,000-card deck costs as
    much memory as its distinct cards (bench/run.py, "Scale"). Indexing, slicing and iteration
    give ``Piece``s numbered 1.. in order.
    """

    def __init__(self, component: str, w: float, h: float, shape: str, radius: float = 0.0):
        self.component, self.w, self.h, self.shape, self.radius = component, w, h, shape, radius
        self._starts: list[int] = []  # index (0-based) of each run's first piece
        self._runs: list[tuple[int, ResolvedFace, ResolvedFace | None, dict[str, Any]]] = []
        self._len = 0

    def add(self, qty: int, front: ResolvedFace, back: ResolvedFace | None, fields: dict[str, Any]) -> None:
        if qty > 0:
            self._starts.append(self._len)
            self._runs.append((qty, front, back, fields))
            self._len += qty

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Piece: ...

    @overload
    def __getitem__(self, index: slice) -> list[Piece]: ...

    def __getitem__(self, index: int | slice) -> Piece | list[Piece]:
        if isinstance(index, slice):
            return [self._piece(i) for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("piece index out of range")
        return self._piece(index)

    def _piece(self, index: int) -> Piece:
        _, front, back, fields = self._runs[bisect_right(self._starts, index) - 1]
        return Piece(self.component, index + 1, self.w, self.h, self.shape, front, back, fields, self.radius)

    def __iter__(self) -> Iterator[Piece]:
        i = 0
        for qty, front, back, fields in self._runs:
            for _ in range(qty):
                i += 1
                yield Piece(self.component, i, self.w, self.h, self.shape, front, back, fields, self.radius)

    def runs(self) -> Iterator[tuple[Piece, int]]:
        """Each item's first piece and how many pieces the item has, in order."""
        for start, (qty, front, back, fields) in zip(self._starts, self._runs):
            yield Piece(self.component, start + 1, self.w, self.h, self.shape, front, back, fields, self.radius), qty

    def fronts_only(self) -> PieceRuns:
        """The same pieces without their backs (single-sided)."""
        out = PieceRuns(self.component, self.w, self.h, self.shape, self.radius)
        for qty, front, _, fields in self._runs:
            out.add(qty, front, None, fields)
        return out

    def faces(self) -> Iterator[tuple[ResolvedFace, ResolvedFace | None]]:
        """(front, back) of each run, without making the pieces."""
        return ((front, back) for _, front, back, _ in self._runs)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PieceRuns):
            return (self.component, self.w, self.h, self.shape, self.radius, self._runs) == (
                other.component, other.w, other.h, other.shape, other.radius, other._runs)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # like the pieces' fields: not hashable

    def __repr__(self) -> str:
        return f"PieceRuns({self.component!r}, {self._len} pieces in {len(self._runs)} runs)"


def any_back(pieces: Sequence[Piece]) -> bool:
    """Whether any piece has a back (for runs, without making the pieces)."""
    if isinstance(pieces, PieceRuns):
        return any(back is not None for _, back in pieces.faces())
    return any(p.back is not None for p in pieces)


FACES = Custom(
    lambda v, loc, ctx: _parse_faces(v, loc, ctx),
    {"type": "object", "additionalProperties": {"$ref": "#/$defs/face"}},
    "mapping of face name to face",
)


def _parse_faces(value: Any, loc: Loc, ctx: Ctx) -> Any:
    from genpnp.content.schema import MapOf, Obj

    return MapOf(Obj(Face)).parse(value, loc, ctx)


__all__ = [
    "KINDS", "kind", "Component", "Item", "Face", "ResolvedFace", "Piece", "PieceRuns", "any_back", "FaceResolver",
    "FACES", "ITEMS", "AnyValue", "build",
]
