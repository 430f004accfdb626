"""genpnp.core.records.dataclass gives the classes the standard decorator gives: the same repr, equality and
hash (values included), the same fields, for each combination of arguments genpnp uses."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from genpnp.core.records import dataclass as cheap


def _classes(dec: Any, **kw: Any) -> list[Any]:
    @dec(**kw)
    class Plain:
        a: int
        b: str = "x"
        c: list[int] = dataclasses.field(default_factory=list, compare=False, repr=False)
        d: float = dataclasses.field(default=1.5, hash=False)

    @dec(**kw)
    class Child(Plain):
        e: tuple[int, ...] = (1, 2)

    @dec(**kw)
    class One:
        a: tuple[int, int]

    @dec(**kw)
    class Zero:
        pass

    @dec(**kw)
    class OwnEq:
        a: int

        def __eq__(self, other: object) -> bool:
            return isinstance(other, OwnEq)

    @dec(**kw)
    class OwnRepr:
        a: int

        def __repr__(self) -> str:
            return "mine"

    return [Plain, Child, One, Zero, OwnEq, OwnRepr]


ARGS = {"Plain": (1,), "Child": (2,), "One": ((3, 4),), "Zero": (), "OwnEq": (5,), "OwnRepr": (6,)}


@pytest.mark.parametrize("kw", [{}, {"frozen": True}, {"frozen": True, "kw_only": True}, {"eq": False},
                                {"repr": False, "frozen": True}, {"frozen": True, "eq": False}])
def test_same_classes_as_the_standard_decorator(kw: dict[str, Any]) -> None:
    for std, ours in zip(_classes(dataclasses.dataclass, **kw), _classes(cheap, **kw)):
        args: tuple[Any, ...] = ARGS[std.__name__]
        named: dict[str, Any] = {}
        if kw.get("kw_only"):
            named = dict(zip([f.name for f in dataclasses.fields(std) if f.init], args))
            args = ()
        s1, s2, o1, o2 = std(*args, **named), std(*args, **named), ours(*args, **named), ours(*args, **named)
        assert [f.name for f in dataclasses.fields(std)] == [f.name for f in dataclasses.fields(ours)]
        if kw.get("repr", True):
            assert repr(s1) == repr(o1)
        assert (s1 == s2, s1 != s2, s1 == 5) == (o1 == o2, o1 != o2, o1 == 5)
        assert (std.__hash__ is None) == (ours.__hash__ is None)
        if std.__hash__ is not None and kw.get("frozen") and kw.get("eq", True) and std.__name__ != "OwnEq":
            assert hash(s1) == hash(o1)
        if kw.get("frozen"):
            with pytest.raises(dataclasses.FrozenInstanceError):
                o1.a = 9
        assert dataclasses.replace(o1) == o1 or not kw.get("eq", True)


def test_a_change_of_a_compared_field_is_unequal_and_a_recursive_repr_ends() -> None:
    @cheap
    class Node:
        name: str
        kids: list[Any] = dataclasses.field(default_factory=list)

    a = Node("a")
    a.kids.append(a)
    assert repr(a) == "test_a_change_of_a_compared_field_is_unequal_and_a_recursive_repr_ends.<locals>.Node(" \
                      "name='a', kids=[...])"
    assert Node("a") != Node("b") and Node("a") == Node("a") and Node.__hash__ is None
