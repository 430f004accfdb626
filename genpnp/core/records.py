"""``dataclass``: the standard library's decorator, cheaper to apply at import.

Before Python 3.13, ``dataclasses`` compiles every method it writes from source, one ``exec`` per method
and class: for a frozen class ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` and
``__delattr__``. genpnp defines about 160 dataclasses, and compiling their methods was a fifth of a small
build's time (bench/RESULTS.md). Here the standard decorator still reads the fields (so
``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` work as before), one compiled function
is ``__init__``, written as the standard decorator writes it (the same parameters, defaults, annotations
(set on it, not compiled) and class doc; tests/test_records.py compares every class), and ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` are shared functions that read the class's
field names: the same strings, comparisons, hash values and errors, nothing compiled. A class with an
``InitVar`` or its own ``__setattr__`` goes to the standard decorator for its ``__init__``, one with
``order``, ``unsafe_hash`` or ``slots`` goes to it whole. The classes'
``__dataclass_params__`` say ``repr=False, eq=False, frozen=False``: the methods are there all the same.

Nothing is changed in the ``dataclasses`` module: this only decorates genpnp's own classes.
"""

from __future__ import annotations

import dataclasses
import inspect
import reprlib
import sys
import types
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


class _Factory:
    """The default of a parameter whose field has a default factory (shown as the standard decorator shows it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _plain(cls: Any) -> bool:
    """Whether the class is one this module writes ``__init__`` for: no ``InitVar`` (its own or a base
    dataclass's: passed to ``__post_init__``), no ``__setattr__``/``__delattr__`` of its own. Any other class
    goes to the standard decorator for its ``__init__``."""
    if "__setattr__" in cls.__dict__ or "__delattr__" in cls.__dict__:
        return False
    if any("InitVar" in str(a) for a in cls.__dict__.get("__annotations__", {}).values()):
        return False
    for base in cls.__mro__[1:]:
        if any("InitVar" in str(f.type) for f in base.__dict__.get("__dataclass_fields__", {}).values()):
            return False
    return True


_SHAPES: dict[str, types.CodeType] = {}  # an __init__'s source with its fields' names as placeholders -> its code


def _slot(i: int) -> str:
    """The placeholder of the i-th field in a shape's source: no field of a class is named so."""
    return f"__genpnp_field_{i}__"


def _add_init(cls: Any, flds: tuple[dataclasses.Field, ...], frozen: bool) -> bool:
    """Write ``__init__`` as the standard decorator would (the same parameters, defaults and annotations; a
    frozen class's fields set with ``object.__setattr__``). False (nothing written) where a parameter without
    a default follows one with a default (the standard decorator's error).

    The source is written with placeholders for the fields' names and compiled once per shape (the kind of
    each field's statement, the count of parameters and keyword-only ones, ``__post_init__``): classes of one
    shape share its compiled code, each with its own names put back (``CodeType.replace``), its own defaults
    and its own default factories (the function's closure). About a third as many compiles as classes."""
    seen_default = False
    for f in flds:
        if f.init and not f.kw_only:
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                seen_default = True
            elif seen_default:
                return False
    self_name = "__dataclass_self__" if "self" in {f.name for f in flds} else "self"
    real: dict[str, str] = {}  # placeholder -> the field's own name (and _dflt_ of each)
    cells: dict[str, Any] = {"_HAS_DEFAULT_FACTORY": _FACTORY, "__dataclass_builtins_object__": object}
    params: list[str] = []
    kw_params: list[str] = []
    defaults: list[Any] = []
    kw_defaults: dict[str, Any] = {}
    annotations: dict[str, Any] = {}
    body: list[str] = []
    factories: list[str] = []
    for i, f in enumerate(flds):
        slot = _slot(i)
        real[slot], real[f"_dflt_{slot}"] = f.name, f"_dflt_{f.name}"
        if f.default_factory is not dataclasses.MISSING:
            cells[f"_dflt_{f.name}"] = f.default_factory
            factories.append(f"_dflt_{slot}")
            value = f"_dflt_{slot}() if {slot} is _HAS_DEFAULT_FACTORY else {slot}" if f.init else f"_dflt_{slot}()"
        elif f.init:
            value = slot
        else:
            continue  # read from the class attribute holding the default
        if frozen:
            body.append(f"__dataclass_builtins_object__.__setattr__({self_name},{slot!r},{value})")
        else:
            body.append(f"{self_name}.{slot}={value}")
        if f.init:
            (kw_params if f.kw_only else params).append(slot)
            default = (f.default if f.default is not dataclasses.MISSING
                       else _FACTORY if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
            if default is not dataclasses.MISSING:
                if f.kw_only:
                    kw_defaults[f.name] = default
                else:
                    defaults.append(default)
            annotations[f.name] = f.type
    if hasattr(cls, "__post_init__"):
        body.append(f"{self_name}.__post_init__()")
    order = [real[p] for p in params] + [real[p] for p in kw_params]  # the annotations in the parameters' order
    annotations = {name: annotations[name] for name in order}
    annotations["return"] = None
    args = ",".join([self_name, *params, *(["*", *kw_params] if kw_params else [])])
    lines = "\n".join(f"  {line}" for line in body or ["pass"])
    outer_args = ", ".join(["_HAS_DEFAULT_FACTORY", "__dataclass_builtins_object__", *factories])
    text = f"def __create_fn__({outer_args}):\n def __init__({args}):\n{lines}\n"
    shape = _SHAPES.get(text)
    if shape is None:  # source built here from placeholders, never from content
        outer = compile(text, "<string>", "exec", dont_inherit=True)  # without this module's future annotations
        shape = next(c for c in next(c for c in outer.co_consts if isinstance(c, types.CodeType)).co_consts
                     if isinstance(c, types.CodeType))
        _SHAPES[text] = shape

    def named(names: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(real.get(n, n) if isinstance(n, str) else n for n in names)

    code = shape.replace(co_varnames=named(shape.co_varnames), co_names=named(shape.co_names),
                         co_freevars=named(shape.co_freevars), co_consts=named(shape.co_consts))
    module = sys.modules.get(cls.__module__)
    init = types.FunctionType(code, module.__dict__ if module is not None else {"__builtins__": __builtins__},
                              "__init__", tuple(defaults) or None,
                              tuple(types.CellType(cells[name]) for name in code.co_freevars) or None)
    if kw_defaults:
        init.__kwdefaults__ = kw_defaults
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = annotations  # set, not compiled
    cls.__init__ = init
    return True


def _add_frozen(cls: Any, flds: tuple[dataclasses.Field, ...]) -> None:
    """A frozen class's ``__setattr__`` and ``__delattr__``, as the standard decorator writes them."""
    names = tuple(f.name for f in flds)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    __setattr__.__qualname__ = f"{cls.__qualname__}.__setattr__"
    __delattr__.__qualname__ = f"{cls.__qualname__}.__delattr__"
    cls.__setattr__ = __setattr__
    cls.__delattr__ = __delattr__


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
        if not _plain(cls):
            if frozen and any("__genpnp_frozen__" in base.__dict__ for base in cls.__mro__[1:]):
                raise TypeError(f"{cls.__qualname__}: an InitVar or an own __setattr__ in a subclass of a frozen "
                                "genpnp dataclass: use dataclasses.dataclass for the whole family")
            cls = dataclasses.dataclass(cls, init=init, repr=False, eq=False, frozen=frozen, match_args=match_args,
                                        kw_only=kw_only)
            _add_methods(cls, repr, eq, frozen)
            return cls
        own_init = "__init__" in cls.__dict__
        undocumented = not cls.__doc__
        if undocumented:
            cls.__doc__ = "-"  # written below, from the __init__ this module writes
        cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=False, match_args=match_args,
                                    kw_only=kw_only)
        flds = dataclasses.fields(cls)
        if init and not own_init and not _add_init(cls, flds, frozen):
            raise TypeError(f"{cls.__qualname__}: a field without a default follows one with a default")
        if undocumented:  # the standard decorator's class doc: the class's name and signature
            try:
                cls.__doc__ = cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
            except (TypeError, ValueError):
                cls.__doc__ = cls.__name__
        if frozen:
            _add_frozen(cls, flds)
            cls.__genpnp_frozen__ = True  # for a subclass (the standard decorator is told frozen=False)
        _add_methods(cls, repr, eq, frozen)
        return cls

    return wrap if cls is None else wrap(cls)
