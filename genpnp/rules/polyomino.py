"""Exact cover of a region of grid cells by polyominoes of ``group`` cells: the search behind
:mod:`genpnp.rules.tiling` (which turns its answers into verdicts about maps).

It covers the most constrained cell first (fewest placements still fit, like dancing links), keeps
those counts up to date as placements are made, remembers remainders already proven uncoverable,
solves any small pocket a placement closes off at once, and restarts with a growing node budget.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import lru_cache

from genpnp.rules.districts import components

Coord = tuple[int, int]
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
POCKET = 64  # closed-off pockets up to this many cells are solved on their own at once
GROWTH = 1.3  # each restart may use 1.3 times the nodes of the one before
FIRST_ATTEMPT = 100  # plus one node per district: the first attempt (restarts cut heavy tails)


def where(cell: Coord) -> str:
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


@lru_cache(maxsize=16)
def shapes(group: int) -> tuple[tuple[Coord, ...], ...]:
    """Every fixed polyomino of ``group`` cells (19 for 4), cells sorted, top-left at (0, 0)."""
    current: set[tuple[Coord, ...]] = {((0, 0),)}
    for _ in range(group - 1):
        grown: set[tuple[Coord, ...]] = set()
        for shape in current:
            for r, c in shape:
                for dr, dc in STEPS:
                    if (r + dr, c + dc) not in shape:
                        cells = (*shape, (r + dr, c + dc))
                        top, left = min(x for x, _ in cells), min(y for _, y in cells)
                        grown.add(tuple(sorted((x - top, y - left) for x, y in cells)))
        current = grown
    return tuple(sorted(current))


def glued(height: int, width: int, seed: int, group: int = 4) -> set[Coord]:
    """Cells of a random map that is cuttable by construction: non-overlapping polyominoes of ``group``
    cells dropped at random on a ``height`` x ``width`` grid (for tests and benchmarks of the search)."""
    rng = random.Random(seed)
    taken: set[Coord] = set()
    for _ in range(20 * height * width):
        shape = rng.choice(shapes(group))
        r, c = rng.randrange(height), rng.randrange(width)
        spot = {(r + a, c + b) for a, b in shape}
        if all(0 <= x < height and 0 <= y < width for x, y in spot) and not spot & taken:
            taken |= spot
    return taken


def regions(cells: Iterable[Coord]) -> list[list[Coord]]:
    """Orthogonally connected regions, each sorted, in reading order of their first cell."""
    found = set(cells)
    grid = {(r, c): [(r + dr, c + dc) for dr, dc in STEPS] for r, c in found}
    return [sorted(part) for part in components(found, grid)]


class OutOfBudget(Exception):
    pass


class Search:
    """Exact cover of one connected region, on cell indices, with incremental option counts."""

    BIG = 1 << 40

    def __init__(self, cells: list[Coord], group: int, budget: list[int], given: list[tuple[Coord, ...]] | None = None):
        """``cells`` sorted in reading order; ``given`` districts (sorted cells) skip the enumeration."""
        self.cells, self.group, self.budget = cells, group, budget
        self.rng: random.Random | None = None
        self.index = index = {cell: i for i, cell in enumerate(cells)}
        self.neighbours = [
            tuple(index[(r + dr, c + dc)] for dr, dc in STEPS if (r + dr, c + dc) in index) for r, c in cells
        ]
        self.members: list[tuple[int, ...]] = []
        if given is None:
            for shape in shapes(group):
                ar, ac = shape[0]
                for r, c in cells:
                    spot = [index.get((r + sr - ar, c + sc - ac), -1) for sr, sc in shape]
                    if -1 not in spot:
                        self.members.append(tuple(spot))
        else:
            self.members = [tuple(index[c] for c in g) for g in given]
        self.by_cell: list[list[int]] = [[] for _ in cells]
        for p, member in enumerate(self.members):
            for i in member:
                self.by_cell[i].append(p)
        self.bits = [sum(1 << i for i in m) for m in self.members]
        self.placement = {m: p for p, m in enumerate(self.members)}
        self.alive = [True] * len(self.members)
        self.count = [len(b) for b in self.by_cell]
        self.free = (1 << len(cells)) - 1
        self.failed: set[int] = set()
        self.pockets: dict[frozenset[int], tuple[int, ...] | None] = {}
        self.left = len(cells)  # free cells
        self.cause: tuple[str, str, tuple[Coord, ...]] | None = None
        self.focus = cells[0]  # the first cell the search had a real choice about

    def place(self, p: int, killed: list[int]) -> None:
        alive, count, members = self.alive, self.count, self.members
        for x in members[p]:
            for q in self.by_cell[x]:
                if alive[q]:
                    alive[q] = False
                    killed.append(q)
                    for y in members[q]:
                        count[y] -= 1
            count[x] += self.BIG
        self.free ^= self.bits[p]
        self.left -= len(members[p])

    def lift(self, p: int, killed: list[int]) -> None:
        alive, count, members = self.alive, self.count, self.members
        for q in killed:
            alive[q] = True
            for y in members[q]:
                count[y] += 1
        for x in members[p]:
            count[x] -= self.BIG
        self.free ^= self.bits[p]
        self.left += len(members[p])

    def pocket_problem(self, placed: tuple[int, ...]) -> tuple[str, list[int]] | list[int] | None:
        """After placing, check the pockets next to the new district.

        Returns ("region", cells) for a pocket whose size is not a multiple of the group or that has
        no cutting, a list of placements solving the closed small pockets, or None.
        """
        count, big, neighbours = self.count, self.BIG, self.neighbours
        seen: set[int] = set()
        solved: list[int] = []
        for x in placed:
            for start in neighbours[x]:
                if count[start] >= big or start in seen:
                    continue
                todo, found, inside, closed = [start], [start], {start}, True
                while todo and closed:
                    for n in neighbours[todo.pop()]:
                        if count[n] < big and n not in inside:
                            # meeting an earlier (stopped) flood means one big region
                            closed = n not in seen and len(found) < POCKET
                            inside.add(n)
                            todo.append(n)
                            found.append(n)
                seen |= inside
                if not closed:
                    continue
                if len(found) % self.group:
                    return ("region", found)
                pocket = frozenset(found)
                if len(found) == self.left:
                    continue
                if pocket not in self.pockets:
                    alive = {self.members[q] for i in found for q in self.by_cell[i] if self.alive[q]}
                    pocket_members = [tuple(self.cells[i] for i in m) for m in sorted(alive)]
                    sub = Search(sorted(self.cells[i] for i in found), self.group, self.budget, pocket_members)
                    groups = sub.solve()
                    self.pockets[pocket] = (
                        None
                        if groups is None
                        else tuple(self.placement[tuple(sorted(self.index[c] for c in g))] for g in groups)
                    )
                cover = self.pockets[pocket]
                if cover is None:
                    return ("region", found)
                solved.extend(cover)
        return solved or None

    def run(self) -> list[tuple[Coord, ...]] | None:
        """:meth:`solve` with restarts: each attempt is complete, so one that ends is a verdict.

        Attempt n > 0 tries districts in an order shuffled with seed n (so results are reproducible)
        and may use GROWTH times the nodes of the attempt before; proven-uncuttable remainders are kept.
        """
        overall, limit, attempt = self.budget, FIRST_ATTEMPT + len(self.cells) // self.group, 0
        while True:
            given = min(limit, overall[0])
            self.budget = [given]
            self.rng = random.Random(attempt) if attempt else None
            try:
                return self.solve()
            except OutOfBudget:
                pass
            finally:
                overall[0] -= given - max(self.budget[0], 0)
                self.budget = overall
            if overall[0] <= 0:
                raise OutOfBudget
            limit, attempt = int(limit * GROWTH), attempt + 1

    def solve(self) -> list[tuple[Coord, ...]] | None:
        """A cutting as groups of coordinates, or None when none exists (raises OutOfBudget)."""
        frames: list[list] = []  # [options, next option, placed ids, killed lists, free before]
        branching = 0  # frames with a real choice; while 0, every district placed so far is forced
        if not self.push(frames, branching):
            return None
        branching += len(frames[0][0]) > 1
        try:
            return self.search(frames, branching)
        except OutOfBudget:
            for frame in reversed(frames):
                for p, killed in zip(reversed(frame[2]), reversed(frame[3])):
                    self.lift(p, killed)
            raise

    def search(self, frames: list[list], branching: int) -> list[tuple[Coord, ...]] | None:
        while frames:
            frame = frames[-1]
            for p, killed in zip(reversed(frame[2]), reversed(frame[3])):
                self.lift(p, killed)
            frame[2], frame[3] = [], []
            if frame[1] == len(frame[0]):
                self.failed.add(frame[4])
                branching -= len(frame[0]) > 1
                frames.pop()
                continue
            p = frame[0][frame[1]]
            frame[1] += 1
            self.budget[0] -= 1
            if self.budget[0] < 0:
                raise OutOfBudget
            self.apply(frame, p)
            found = self.pocket_problem(self.members[p])
            if isinstance(found, tuple):
                if not branching and self.cause is None:
                    cells = tuple(self.cells[i] for i in found[1])
                    self.cause = (
                        "region",
                        f"the districts that are forced cut off a region of {len(cells)} cells "
                        f"at {where(cells[0])} that cannot be cut",
                        cells,
                    )
                continue
            for q in found or ():
                self.apply(frame, q)
            if not self.free:
                return [tuple(self.cells[i] for i in self.members[q]) for f in frames for q in f[2]]
            if self.free in self.failed:
                continue
            if self.push(frames, branching):
                branching += len(frames[-1][0]) > 1
        return None

    def apply(self, frame: list, p: int) -> None:
        killed: list[int] = []
        self.place(p, killed)
        frame[2].append(p)
        frame[3].append(killed)

    def push(self, frames: list[list], branching: int) -> bool:
        """Open a frame for the free cell with the fewest districts left; False when it has none."""
        fewest = min(self.count)
        cell = self.count.index(fewest)
        if fewest == 0:
            if not branching and self.cause is None:
                self.cause = (
                    "uncoverable",
                    f"no district of {self.group} cells can cover the cell at {where(self.cells[cell])}"
                    + (" once the forced districts are placed" if frames else ""),
                    (self.cells[cell],),
                )
            return False
        options = [q for q in self.by_cell[cell] if self.alive[q]]
        if self.rng is not None:
            self.rng.shuffle(options)
        if len(options) > 1 and not branching:
            self.focus = self.cells[cell]
        frames.append([options, 0, [], [], self.free])
        return True
