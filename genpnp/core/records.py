"""``dataclass``: the standard library's decorator, cheaper to apply at import.

Before Python 3.13, ``dataclasses`` compiles every method it writes from source, one ``exec`` per method
and class: for a frozen class ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` and
``__delattr__``. genpnp defines about 160 dataclasses, and compiling their methods was a sixth of a small
build's time (bench/RESULTS.md). Here the standard decorator still writes ``__init__`` (and a frozen class's
``__setattr__``/``__delattr__``), while ``__repr__``, ``__eq__`` and ``__hash__`` are shared functions that
read the class's field names: the same results (the same strings, the same comparisons, the same hash
values), nothing compiled. ``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` work on the
classes as before (their ``__dataclass_params__`` says ``repr=False, eq=False``: the methods are
there all the same). ``order``, ``unsafe_hash`` or ``slots`` go to the standard decorator whole.

Nothing is changed in the ``dataclasses`` module: this only decorates genpnp's own classes.
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

_T = TypeVar("_T")


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving an object's values of ``names`` as a tuple (as the generated methods build it)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)  # a tuple for two names or more


def _add_methods(cls: Any, repr_: bool, eq: bool, frozen: bool) -> None:
    """Give ``cls`` the ``__repr__``, ``__eq__`` and ``__hash__`` the standard decorator would have written,
    by its own rules: a method the class body defines is kept; the hash follows the decorator's table."""
    flds = dataclasses.fields(cls)
    own = cls.__dict__
    if repr_ and "__repr__" not in own:
        shown = tuple(f.name for f in flds if f.repr)

        @reprlib.recursive_repr()
        def __repr__(self: Any) -> str:
            return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"

        __repr__.__qualname__ = f"{cls.__qualname__}.__repr__"
        cls.__repr__ = __repr__
    if not eq:
        return
    class_hash = own.get("__hash__", dataclasses.MISSING)
    explicit_hash = not (class_hash is dataclasses.MISSING or (class_hash is None and "__eq__" in own))
    if "__eq__" not in own:
        compared = _values(tuple(f.name for f in flds if f.compare))

        def __eq__(self: Any, other: Any) -> Any:
            if other.__class__ is self.__class__:
                return compared(self) == compared(other)
            return NotImplemented

        __eq__.__qualname__ = f"{cls.__qualname__}.__eq__"
        cls.__eq__ = __eq__
    if explicit_hash:
        return
    if not frozen:  # equal by value but mutable: not hashable, as the standard decorator makes it
        cls.__hash__ = None
        return
    hashed = _values(tuple(f.name for f in flds if (f.compare if f.hash is None else f.hash)))

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    __hash__.__qualname__ = f"{cls.__qualname__}.__hash__"
    cls.__hash__ = __hash__


@overload
def dataclass(cls: type[_T], /) -> type[_T]: ...


@overload
def dataclass(*, init: bool = True, repr: bool = True, eq: bool = True, order: bool = False,
              unsafe_hash: bool = False, frozen: bool = False, match_args: bool = True, kw_only: bool = False,
              slots: bool = False, weakref_slot: bool = False) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: Any = None, /, *, init: bool = True, repr: bool = True, eq: bool = True, order: bool = False,
              unsafe_hash: bool = False, frozen: bool = False, match_args: bool = True, kw_only: bool = False,
              slots: bool = False, weakref_slot: bool = False) -> Any:
    """As :func:`dataclasses.dataclass`, with the same arguments and the same classes."""

    def wrap(cls: Any) -> Any:
        if order or unsafe_hash or slots or weakref_slot:
            return dataclasses.dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                                         frozen=frozen, match_args=match_args, kw_only=kw_only, slots=slots,
                                         weakref_slot=weakref_slot)
        cls = dataclasses.dataclass(cls, init=init, repr=False, eq=False, frozen=frozen, match_args=match_args,
                                    kw_only=kw_only)
        _add_methods(cls, repr, eq, frozen)
        return cls

    return wrap if cls is None else wrap(cls)
