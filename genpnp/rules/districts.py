"""District rules on any graph: legality of one district and the split search.

A graph is a ``Mapping[node, Iterable[node]]`` (symmetric adjacency, hashable nodes); a district is a
set of nodes. Populations are non-negative numbers (default: 1 per node). Pure functions, no I/O.
Searches over many districts at once live in :mod:`genpnp.rules.district_search`.

Rule names reported by :func:`check_district`, always in this order: ``RULES``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping
from typing import Any

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
