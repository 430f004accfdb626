"""The component model: frozen dataclasses that know their file:line, and no backend.

Each module here registers component kinds with :func:`genpnp.model.base.kind`;
modules are discovered automatically.
"""

from __future__ import annotations

import importlib
import pkgutil


def load_all() -> None:
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
