"""What imposition produces: sheets of placements and marks, in page points (y up)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import field
from typing import Any, overload

from genpnp.core.records import dataclass
from genpnp.core.units import MM


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def x2(self) -> float:
        return self.x + self.w

    @property
    def y2(self) -> float:
        return self.y + self.h

    def inside(self, other: Box, tol: float = 0.01) -> bool:
        return (self.x >= other.x - tol and self.y >= other.y - tol
                and self.x2 <= other.x2 + tol and self.y2 <= other.y2 + tol)

    def overlaps(self, other: Box, tol: float = 0.01) -> bool:
        return (self.x < other.x2 - tol and other.x < self.x2 - tol
                and self.y < other.y2 - tol and other.y < self.y2 - tol)

    def grow(self, d: float) -> Box:
        return Box(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)


@dataclass(frozen=True)
class Placement:
    """A face of a piece on the page.

    ``box`` is the trim box on the page. The face (of size piece.w x piece.h) is
    rotated by ``rotation`` degrees (0/90/180/270, anticlockwise) to fill it.
    ``window`` (poster tiles) is the part of the face, in face points, shown in ``box``.
    """

    component: Any
    piece: Any
    face: str  # "front" or "back"
    box: Box
    rotation: int = 0
    bleed: float = 0.0
    window: Box | None = None
    art: Box | None = None  # how far the art may run on the page (trim + bleed, cut short by folds and gutters)

    @property
    def ink(self) -> Box:
        """The page area this placement may paint."""
        if self.window is not None:
            return self.box
        return self.art if self.art is not None else self.box.grow(self.bleed)


@dataclass(frozen=True)
class Band:
    """Where a page's title, footer or scale bar goes: a box on the page and the text's rotation
    (0: along the top or bottom edge; 90: up a side edge, read bottom to top)."""

    box: Box
    rot: int = 0

    @property
    def length(self) -> float:
        return self.box.h if self.rot else self.box.w

    @property
    def thickness(self) -> float:
        return self.box.w if self.rot else self.box.h


@dataclass(frozen=True)
class Mark:
    """A line on the sheet that is not artwork.

    kind: cut (trim here), fold, crop (crop mark outside the pieces), glue (glue area
    outline), trim (poster trim guide), align (poster alignment mark), edge (poster: lay the
    next part's trimmed edge here), outline (a non-rectangular piece's cut path: ``shape``
    and ``box``; shape "circle-pair" is a round fold pair joined by its hinge).
    """

    kind: str
    points: tuple[tuple[float, float], ...] = ()
    shape: str = ""
    box: Box | None = None
    radius: float = 0.0


@dataclass(frozen=True)
class Label:
    x: float
    y: float
    text: str
    size: float = 7.0
    align: str = "center"
    rotate: float = 0.0
    bold: bool = False
    heading: bool = False  # a section's title on a shared page: set in the face of the sheet titles


@dataclass
class Sheet:
    """One page. ``role`` is cover, pieces, back (duplex back page), text, page, poster, blank
    (the empty back of a single-sided sheet in a duplex build), calibration.

    ``header`` and ``footer`` are where the title and footer go when the pieces take the room of
    the usual bands (None: the frame's bands); ``scale_bar`` likewise, with ``scale_rot``."""

    role: str
    title: str
    section: str = ""  # component name
    placements: list[Placement] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    fills: list[tuple[str, Box]] = field(default_factory=list)  # (kind, box): glue strips etc.
    scale_box: Box | None = None
    scale_bar: Box | None = None  # a scale bar (in the header) on pages too full for the square
    scale_rot: int = 0  # 90: the scale bar runs up a side margin
    header: Band | None = None
    footer: Band | None = None
    content: Any = None  # role-specific payload (text lines, cover data, assembly diagram)
    offset: tuple[float, float] = (0.0, 0.0)  # applied to everything but header/footer (duplex drift)
    note: str = ""  # a line under the title (e.g. "print this page 4 times")
    whole: bool = False  # a board played on as printed, never cut apart (duplex may print on its back)

    def page_size(self, paper: tuple[float, float]) -> tuple[float, float]:
        """The page's own size (a poster part may be landscape), else ``paper``."""
        if isinstance(self.content, dict) and "page_size" in self.content:
            return self.content["page_size"]
        return paper


class Deferred:
    """A page imposed only when it is asked for (``build()``), on the document's own paper.

    A deck of 50,000 cards has thousands of pages of placements and cut lines; a ``Deferred``
    keeps only what rebuilds one of them, so pages are imposed, drawn and let go one by one.
    """

    __slots__ = ("build", "role", "size")

    def __init__(self, build: Callable[[], Sheet], role: str = "pieces"):
        self.build = build
        self.role = role  # pieces, back, or board (a page of boards alone)
        self.size: tuple[float, float] | None = None  # a page of its own size (landscape), else the paper


KEPT_PAGES = 64  # a document of at most this many pages keeps each page it imposes (a game's usual build)


class SheetList(Sequence[Sheet]):
    """A document's pages in order; each is a ``Sheet`` or a ``Deferred`` made into one on access.

    Indexing and iteration give ``Sheet``s. A document of at most ``KEPT_PAGES`` pages keeps each deferred
    page once imposed (the cover reads every page several times before the pages are drawn: each is imposed
    once); a longer one imposes a deferred page afresh each time it is asked for, so a deck of thousands of
    pages is imposed, drawn and let go page by page. ``page_size`` answers without imposing.
    """

    def __init__(self, entries: Iterable[Sheet | Deferred] = ()):
        self._entries: list[Sheet | Deferred] = list(entries)
        self._kept: dict[int, Sheet] | None = {} if len(self._entries) <= KEPT_PAGES else None

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, index: int) -> Sheet: ...

    @overload
    def __getitem__(self, index: slice) -> list[Sheet]: ...

    def __getitem__(self, index: int | slice) -> Sheet | list[Sheet]:
        if isinstance(index, slice):
            return [self._made(n) for n in range(len(self._entries))[index]]
        return self._made(range(len(self._entries))[index])

    def __iter__(self) -> Iterator[Sheet]:
        for n in range(len(self._entries)):
            yield self._made(n)

    def _made(self, index: int) -> Sheet:
        entry = self._entries[index]
        if not isinstance(entry, Deferred):
            return entry
        if self._kept is None:
            return entry.build()
        sheet = self._kept.get(index)
        if sheet is None:
            sheet = self._kept[index] = entry.build()
        return sheet

    def page_size(self, index: int, paper: tuple[float, float]) -> tuple[float, float]:
        """The page's size: its own (a poster part may be landscape), else ``paper``."""
        entry = self._entries[index]
        return entry.page_size(paper) if isinstance(entry, Sheet) else entry.size or paper


def free_after(free: list[Box], used: Box) -> list[Box]:
    """The largest empty boxes left once ``used`` is taken out of each free box (they may overlap)."""
    out: list[Box] = []
    for f in free:
        if not f.overlaps(used):
            out.append(f)
            continue
        out.extend([Box(f.x, f.y, used.x - f.x, f.h), Box(used.x2, f.y, f.x2 - used.x2, f.h),
                    Box(f.x, f.y, f.w, used.y - f.y), Box(f.x, used.y2, f.w, f.y2 - used.y2)])
    big = [b for b in out if b.w > 5 * MM and b.h > 5 * MM]
    return [b for n, b in enumerate(big)
            if not any(m != n and b.inside(o, 0.0) and (o != b or m < n) for m, o in enumerate(big))]
