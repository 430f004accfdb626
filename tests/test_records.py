"""genpnp.core.records.dataclass gives the classes the standard decorator gives: the same repr, equality and
hash (values included), the same fields, for each combination of arguments genpnp uses."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any, ClassVar

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


def _genpnp_dataclasses() -> list[Any]:
    import importlib
    import pkgutil

    import genpnp

    found = {}
    for info in pkgutil.walk_packages(genpnp.__path__, "genpnp."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == info.name and dataclasses.is_dataclass(value):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[k] for k in sorted(found)]


def test_every_genpnp_dataclass_has_the_init_and_doc_the_standard_decorator_gives() -> None:
    """Each class's __init__ (parameters, defaults, annotations) and class doc against a class the standard
    decorator makes from the same fields."""
    classes = _genpnp_dataclasses()
    assert len(classes) > 100
    for cls in classes:
        flds = dataclasses.fields(cls)
        frozen = "__setattr__" in cls.__dict__
        specs = []
        for f in flds:
            kw: dict[str, Any] = {"init": f.init, "repr": f.repr, "compare": f.compare, "kw_only": f.kw_only}
            if f.default is not dataclasses.MISSING:
                kw["default"] = f.default
            if f.default_factory is not dataclasses.MISSING:
                kw["default_factory"] = f.default_factory
            specs.append((f.name, f.type, dataclasses.field(**kw)))
        std = dataclasses.make_dataclass(cls.__name__, specs, frozen=frozen, eq=False, repr=False)
        ours, theirs = inspect.signature(cls.__init__), inspect.signature(std.__init__)
        assert str(ours) == str(theirs), cls
        assert cls.__init__.__annotations__ == std.__init__.__annotations__, cls
        assert [p.default for p in ours.parameters.values() if p.default is not p.empty and
                repr(p.default) != "<factory>"] == \
               [p.default for p in theirs.parameters.values() if p.default is not p.empty and
                repr(p.default) != "<factory>"], cls
        if cls.__doc__ and cls.__doc__.startswith(cls.__name__ + "("):
            assert cls.__doc__ == std.__doc__, cls


def test_defaults_factories_and_inheritance_behave_as_the_standard_decorators() -> None:
    for dec in (dataclasses.dataclass, cheap):
        @dec(frozen=True, kw_only=True)
        class Base:
            a: int
            b: list[int] = dataclasses.field(default_factory=list)

        @dec(frozen=True)
        class Sub(Base):
            c: str = "z"
            d: int = dataclasses.field(default=4, init=False)

        @dec
        class Loose:
            x: int = 1
            y: dict[str, int] = dataclasses.field(default_factory=dict, init=False)

        one, two = Sub(a=1), Sub(a=1)
        assert one.b == [] and one.b is not two.b and one.d == 4 and one.c == "z"
        assert str(inspect.signature(Sub)) == "(*, a: 'int', b: 'list[int]' = <factory>, c: 'str' = 'z') -> None" \
            or str(inspect.signature(Sub)) == "(c: 'str' = 'z', *, a: 'int', b: 'list[int]' = <factory>) -> None"
        with pytest.raises(dataclasses.FrozenInstanceError):
            one.c = "y"
        with pytest.raises(dataclasses.FrozenInstanceError):
            del one.a
        with pytest.raises(TypeError):
            Sub(1)  # type: ignore[misc]
        loose = Loose()
        loose.x = 5
        assert loose.y == {} and loose.x == 5 and dataclasses.replace(loose, x=2).x == 2
        assert dataclasses.replace(one, a=3).a == 3 and dataclasses.asdict(one)["b"] == []


def test_post_init_class_vars_and_init_vars_as_the_standard_decorators() -> None:
    seen: dict[str, list[str]] = {"std": [], "ours": []}
    for label, dec in (("std", dataclasses.dataclass), ("ours", cheap)):
        @dec(frozen=True)
        class Sized:
            w: float
            h: float = 2.0
            area: float = dataclasses.field(default=0.0, init=False)
            unit: ClassVar[str] = "mm"

            def __post_init__(self, _label: str = label) -> None:
                object.__setattr__(self, "area", self.w * self.h)
                seen[_label].append(self.unit)

        @dec(frozen=True)
        class Wider(Sized):
            d: float = 1.0

        @dec
        class WithInitVar:
            a: int
            scale: dataclasses.InitVar[int] = 1

            def __post_init__(self, scale: int) -> None:
                self.a *= scale

        s = Sized(3.0)
        assert (s.area, Wider(2.0, d=5.0).area, [f.name for f in dataclasses.fields(Wider)]) == \
            (6.0, 4.0, ["w", "h", "area", "d"])
        assert str(inspect.signature(Sized)) == "(w: 'float', h: 'float' = 2.0) -> None"
        assert WithInitVar(2, 3).a == 6 and WithInitVar(2).a == 2
        assert repr(s).endswith("Sized(w=3.0, h=2.0, area=6.0)") and s == Sized(3.0) and hash(s) == hash(Sized(3.0))
    assert seen["std"] == seen["ours"] == ["mm", "mm", "mm", "mm"]
