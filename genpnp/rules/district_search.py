"""Many districts at once: disjoint-district search, build orders and how many districts fit.

Graphs and districts as in :mod:`genpnp.rules.districts`. Pure functions, no I/O.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any, Literal

from genpnp.core.records import dataclass
from genpnp.rules.districts import Graph, components, connected_sets, is_connected, ordered


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


__all__ = [
    "DistrictSearch", "UndecidedSearch", "build_order", "search_disjoint_districts",
    "find_disjoint_districts", "DistrictBound", "max_disjoint_districts",
]
