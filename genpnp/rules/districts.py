"""District rules on any graph: legality of one district, disjoint-district search and count bounds.

A graph is a ``Mapping[node, Iterable[node]]`` (symmetric adjacency, hashable nodes); a district is a
set of nodes. Populations are non-negative numbers (default: 1 per node). Pure functions, no I/O.

Rule names reported by :func:`check_district`, always in this order: ``RULES``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

Node = Hashable
Graph = Mapping[Any, Iterable[Any]]
District = frozenset

RULES: tuple[str, ...] = (
    "empty", "unknown-node", "already-taken", "not-connected", "too-small",
    "population-too-low", "population-too-high", "no-start", "splittable",
)


def ordered(nodes: Iterable[Any]) -> list[Any]:
    """Nodes in a deterministic order (natural order when comparable, else by repr)."""
    items = list(nodes)
    try:
        return sorted(items)
    except TypeError:
        return sorted(items, key=repr)


def _fmt(nodes: Iterable[Any]) -> str:
    return "{" + ", ".join(str(n) for n in ordered(nodes)) + "}"


def components(nodes: Iterable[Any], graph: Graph) -> list[frozenset]:
    """Connected groups of ``nodes`` using only edges between them."""
    todo = set(nodes)
    out: list[frozenset] = []
    for start in ordered(todo):
        if start not in todo:
            continue
        todo.discard(start)
        seen, stack = {start}, [start]
        while stack:
            for n in graph.get(stack.pop(), ()):
                if n in todo:
                    todo.discard(n)
                    seen.add(n)
                    stack.append(n)
        out.append(frozenset(seen))
    return out


def is_connected(nodes: Iterable[Any], graph: Graph) -> bool:
    """True when ``nodes`` form exactly one group in ``graph`` (an empty set is not connected)."""
    return len(components(nodes, graph)) == 1


def connected_sets(
    root: Any, allowed: Collection[Any], graph: Graph, prune: Callable[[frozenset, frozenset], bool]
) -> Iterator[frozenset]:
    """Every connected subset of ``allowed`` containing ``root``, each exactly once.

    Classic extension enumeration: a state is (S, candidates, X) where X holds nodes already
    decided to stay out. ``prune(S, X)`` must be monotone (true stays true as S or X grow); a
    pruned state is neither yielded nor extended.
    """
    empty: frozenset = frozenset()

    def rec(s: frozenset, cands: list[Any], x: frozenset) -> Iterator[frozenset]:
        yield s
        cands = list(cands)
        while cands:
            v = cands.pop(0)
            s2 = s | {v}
            if not prune(s2, x):
                known = set(cands)
                new = [w for w in graph[v] if w in allowed and w not in s2 and w not in x and w not in known]
                yield from rec(s2, cands + ordered(new), x)
            x = x | {v}
            if prune(s, x):
                return

    start = frozenset({root})
    if root in allowed and not prune(start, empty):
        yield from rec(start, ordered(w for w in graph[root] if w in allowed and w != root), empty)


def find_split(nodes: Iterable[Any], graph: Graph, min_size: int) -> tuple[frozenset, frozenset] | None:
    """A split of ``nodes`` into two connected parts of at least ``min_size`` each, or None.

    Two parts suffice: if the set splits into k >= 3 connected parts of size >= min_size, the
    quotient graph of the parts is connected (the set is), so two adjacent parts can be merged into
    one connected part that is still >= min_size; repeating leaves a valid split into two. (This uses
    that the only size limit is a *lower* one; an upper limit would break the argument.)

    Search: enumerate connected parts S holding a fixed root, of size <= n - min_size, pruning
    when the nodes already excluded from S (which all end in the other part) are not inside one
    component of the rest of size >= min_size. Each bipartition is visited at most once.
    """
    everything = frozenset(nodes)
    n = len(everything)
    if min_size < 1 or n < 2 * min_size or not is_connected(everything, graph):
        return None

    def rest_component(s: frozenset, x: frozenset) -> frozenset:
        start = next(iter(x))
        seen, stack = {start}, [start]
        while stack:
            for w in graph[stack.pop()]:
                if w in everything and w not in s and w not in seen:
                    seen.add(w)
                    stack.append(w)
        return frozenset(seen)

    def prune(s: frozenset, x: frozenset) -> bool:
        if len(s) > n - min_size:
            return True
        if not x:
            return False
        comp = rest_component(s, x)
        return len(comp) < min_size or not x <= comp

    root = ordered(everything)[0]
    for s in connected_sets(root, everything, graph, prune):
        if len(s) >= min_size and is_connected(everything - s, graph):
            return s, everything - s
    return None


def explain_district(
    nodes: Iterable[Any],
    graph: Graph,
    *,
    population: Mapping[Any, float] | None = None,
    min_pop: float | None = None,
    max_pop: float | None = None,
    min_size: int | None = None,
    border: Collection[Any] | None = None,
    taken: Collection[Any] = frozenset(),
    need_start: bool = False,
    unsplittable: bool = False,
) -> dict[str, str]:
    """Failing rules of a proposed district, each with a message naming the nodes or totals.

    ``no-start``: no node lies in ``border`` or is a neighbour of a ``taken`` node.
    ``splittable`` (needs ``min_size``): the set splits into two or more connected parts of at least
    ``min_size`` each (see :func:`find_split`). Keys follow the order of ``RULES``.
    """
    if unsplittable and min_size is None:
        raise ValueError("unsplittable=True needs min_size")
    district = frozenset(nodes)
    out: dict[str, str] = {}
    if not district:
        return {"empty": "a district needs at least one node"}
    unknown = [n for n in district if n not in graph]
    if unknown:
        out["unknown-node"] = f"not on the map: {_fmt(unknown)}"
    known = district - set(unknown)
    clash = known & frozenset(taken)
    if clash:
        out["already-taken"] = f"already in a district: {_fmt(clash)}"
    groups = components(known, graph)
    if len(groups) > 1:
        out["not-connected"] = f"{len(groups)} separate groups: " + " | ".join(_fmt(g) for g in groups)
    if min_size is not None and len(district) < min_size:
        out["too-small"] = f"{len(district)} nodes, at least {min_size} needed"
    total = sum(population[n] for n in known) if population is not None else len(known)
    if min_pop is not None and total < min_pop:
        out["population-too-low"] = f"population {total}, at least {min_pop} needed"
    if max_pop is not None and total > max_pop:
        out["population-too-high"] = f"population {total}, at most {max_pop} allowed"
    if need_start:
        edge = frozenset(border or ())
        taken_set = frozenset(taken)
        starts = [n for n in known if n in edge or any(w in taken_set for w in graph[n])]
        if not starts:
            out["no-start"] = "no node lies on the map border or touches an existing district"
    if unsplittable and not unknown and len(groups) == 1:
        split = find_split(district, graph, min_size or 1)
        if split:
            out["splittable"] = f"splits into two districts {_fmt(split[0])} and {_fmt(split[1])}"
    return out


def check_district(nodes: Iterable[Any], graph: Graph, **rules: Any) -> list[str]:
    """Names of the rules the district breaks (empty = legal); keywords as in :func:`explain_district`."""
    return list(explain_district(nodes, graph, **rules))


# ---------------------------------------------------------------- many districts


@dataclass(frozen=True)
class DistrictSearch:
    """Outcome of :func:`search_disjoint_districts`; ``districts`` is in a legal build order when found."""

    status: Literal["found", "impossible", "undecided"]
    districts: tuple[frozenset, ...]
    visited: int


class UndecidedSearch(RuntimeError):
    """The search ran out of its node budget before finding an answer or proving there is none."""


def build_order(districts: Iterable[frozenset], graph: Graph, border: Collection[Any],
                taken: Collection[Any] = frozenset()) -> list[frozenset] | None:
    """The districts in an order where each starts on the border or next to an earlier one, or None."""
    todo, done = list(districts), list[frozenset]()
    reached = set(taken)
    edge = frozenset(border)
    while todo:
        ready = [d for d in todo if d & edge or any(w in reached for n in d for w in graph[n])]
        if not ready:
            return None
        for d in ready:
            todo.remove(d)
            done.append(d)
            reached |= d
    return done


def search_disjoint_districts(
    graph: Graph, population: Mapping[Any, float], *, min_pop: float, max_pop: float, count: int,
    border: Collection[Any], taken: Collection[Any] = frozenset(), node_budget: int = 200_000,
) -> DistrictSearch:
    """Look for ``count`` disjoint connected districts with population in [min_pop, max_pop], buildable
    in an order where each starts on ``border`` or next to an earlier district (or a ``taken`` node).

    Greedy first (compact growth from border starts). Then an exact backtracking search: take the first
    free node u of a live free component and branch on "u is in district D" for every connected D
    through u, or "u is in no district"; each family of districts is met once. Pruned by the bound
    sum over live components C of floor(pop(C) / min_pop), where a free component is live when it has a
    border node or touches a chosen/taken node (no district of a dead one could ever start).
    """
    if min_pop <= 0 or any(population[n] < 0 for n in graph):
        raise ValueError("min_pop must be > 0 and populations >= 0")
    edge, base = frozenset(border), frozenset(taken)
    greedy = _greedy(graph, population, min_pop, max_pop, count, edge, base)
    if greedy is not None:
        return DistrictSearch("found", tuple(greedy), 0)
    order = _border_order(graph, edge)
    rank = {n: i for i, n in enumerate(order)}
    visited = 0
    chosen: list[frozenset] = []

    def live_components(free: frozenset, reached: frozenset) -> list[frozenset]:
        return [c for c in components(free, graph)
                if c & edge or any(w in reached for n in c for w in graph[n])]

    def rec(free: frozenset, reached: frozenset) -> list[frozenset] | None:
        nonlocal visited
        if len(chosen) == count:
            return build_order(chosen, graph, edge, base)
        live = live_components(free, reached)
        if len(chosen) + sum(int(sum(population[n] for n in c) // min_pop) for c in live) < count:
            return None
        u = min((n for c in live for n in c), key=rank.__getitem__)
        pool = frozenset(n for c in live for n in c)
        for d in connected_sets(u, pool, graph, lambda s, x: sum(population[n] for n in s) > max_pop):
            visited += 1
            if visited > node_budget:
                raise UndecidedSearch(f"gave up after {node_budget} search nodes")
            if sum(population[n] for n in d) >= min_pop:
                chosen.append(d)
                found = rec(free - d, reached | d)
                chosen.pop()
                if found:
                    return found
        return rec(free - {u}, reached)

    try:
        found = rec(frozenset(graph) - base, base)
    except UndecidedSearch:
        return DistrictSearch("undecided", (), visited)
    return DistrictSearch("found" if found else "impossible", tuple(found or ()), visited)


def find_disjoint_districts(
    graph: Graph, population: Mapping[Any, float], *, min_pop: float, max_pop: float, count: int,
    border: Collection[Any], taken: Collection[Any] = frozenset(), node_budget: int = 200_000,
) -> list[frozenset] | None:
    """``count`` legal disjoint districts in build order, or None when proven impossible.

    Raises :class:`UndecidedSearch` when the budget runs out first (never guesses)."""
    res = search_disjoint_districts(graph, population, min_pop=min_pop, max_pop=max_pop, count=count,
                                    border=border, taken=taken, node_budget=node_budget)
    if res.status == "undecided":
        raise UndecidedSearch(f"undecided after {res.visited} search nodes")
    return list(res.districts) if res.status == "found" else None


def _border_order(graph: Graph, edge: frozenset) -> list[Any]:
    """Nodes by distance from the border (then natural order)."""
    dist = {n: 0 for n in edge if n in graph}
    frontier = ordered(dist)
    while frontier:
        nxt = []
        for n in frontier:
            for w in graph[n]:
                if w not in dist:
                    dist[w] = dist[n] + 1
                    nxt.append(w)
        frontier = ordered(nxt)
    far = len(graph) + 1
    return sorted(ordered(graph), key=lambda n: dist.get(n, far))


def _greedy(graph: Graph, population: Mapping[Any, float], min_pop: float, max_pop: float, count: int,
            edge: frozenset, base: frozenset) -> list[frozenset] | None:
    free, reached, chosen = set(graph) - base, set(base), list[frozenset]()
    order = _border_order(graph, edge)
    while len(chosen) < count:
        starts = [n for n in order if n in free and (n in edge or any(w in reached for w in graph[n]))]
        for start in starts:
            d, pop = {start}, population[start]
            while pop < min_pop:
                cands = [w for n in d for w in graph[n] if w in free and w not in d]
                fits = [w for w in cands if pop + population[w] <= max_pop]
                if not fits:
                    break
                w = max(ordered(set(fits)), key=lambda c: sum(1 for m in graph[c] if m in d))
                d.add(w)
                pop += population[w]
            if min_pop <= pop <= max_pop:
                chosen.append(frozenset(d))
                free -= d
                reached |= d
                break
        else:
            return None
    return chosen


# ---------------------------------------------------------------- how many districts fit


@dataclass(frozen=True)
class DistrictBound:
    """At most ``upper`` disjoint districts of >= min_size nodes fit; ``witness`` partitions every node
    into ``lower`` connected parts of >= min_size (so ``lower`` districts really fit together)."""

    lower: int
    upper: int
    witness: tuple[frozenset, ...]


def max_disjoint_districts(graph: Graph, min_size: int, *, node_budget: int = 200_000) -> DistrictBound:
    """How many disjoint connected districts of at least ``min_size`` nodes a graph can hold.

    Upper bound: floor(n / min_size), since the districts are disjoint. It is the tightest honest
    bound when attained, and this function proves that by finding a partition of *all* nodes into that
    many connected parts (a full board, as when every node must end in some district). With that many
    parts the slack n mod min_size is below min_size, so every part has fewer than 2 * min_size nodes
    and cannot be split: the partition is a legal final board even under a no-split rule. When the
    search proves floor(n / min_size) parts impossible, ``upper`` drops by one and the next count is tried.
    """
    nodes = frozenset(graph)
    n = len(nodes)
    if min_size < 1:
        raise ValueError("min_size must be >= 1")
    upper = n // min_size
    if not n or not is_connected(nodes, graph):
        return DistrictBound(0, upper, ())
    order = {v: i for i, v in enumerate(ordered(nodes))}
    for parts in range(upper, 0, -1):
        try:
            found = _partition(nodes, graph, min_size, parts, order, node_budget)
        except UndecidedSearch:
            return DistrictBound(0, upper, ())
        if found is not None:
            return DistrictBound(parts, upper, tuple(found))
        upper = parts - 1
    return DistrictBound(0, 0, ())


def _partition(nodes: frozenset, graph: Graph, k: int, parts: int, order: Mapping[Any, int],
               budget: int) -> list[frozenset] | None:
    """Exactly ``parts`` connected parts of >= k nodes covering ``nodes`` (backtracking on the first node)."""
    visited = 0

    def feasible(free: frozenset, left: int) -> bool:
        comps = components(free, graph)
        return all(len(c) >= k for c in comps) and sum(len(c) // k for c in comps) >= left >= len(comps)

    def rec(free: frozenset, left: int) -> list[frozenset] | None:
        nonlocal visited
        if not free:
            return [] if left == 0 else None
        if left == 0 or not feasible(free, left):
            return None
        u = min(free, key=order.__getitem__)
        biggest = len(free) - k * (left - 1)
        for part in connected_sets(u, free, graph, lambda s, x: len(s) > biggest):
            visited += 1
            if visited > budget:
                raise UndecidedSearch(f"gave up after {budget} search nodes")
            if len(part) >= k:
                rest = rec(free - part, left - 1)
                if rest is not None:
                    return [part, *rest]
        return None

    return rec(nodes, parts)
