"""Registries filled by decorators (``@kind("card")``, ``@art("text")``, ``@renderer(PieceSet)``) whose
modules are imported only when one of their names is asked for.

Importing every kind, art and renderer module costs more than a small job's drawing (their frozen
dataclasses are made at import). Which module registers which name is read from the modules' source
instead (the decorator lines), so a deck of cards imports the card kind, not the hex maps. A name the
source scan does not find makes the registry import every module and look again, so a decorator
written in another way is still found (only slower); ``tests/test_registry.py`` checks that the scan
and the registered names agree.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any


class LazyRegistry:
    """The names registered by ``@decorator(...)`` in the modules of one package, imported on demand.

    ``table`` is the package's own dict that the decorator fills; ``key`` turns a registered entry's
    key into the name written in the decorator (identity, or a class's ``__name__``)."""

    def __init__(self, package: str, folder: str | Path, decorator: str, table: dict) -> None:
        self.package, self.folder, self.table = package, Path(folder), table
        # a decorator at the start of a line; the newline first, a literal, makes the scan a fast search
        self._pattern = re.compile(rf'\n@{re.escape(decorator)}\(\s*"?([A-Za-z0-9_\-]+)')
        self._where: dict[str, str] | None = None
        self._all = False

    def where(self) -> dict[str, str]:
        """Decorator argument -> module name, read from the package's source files (no import)."""
        if self._where is None:
            found: dict[str, str] = {}
            for path in sorted(self.folder.glob("*.py")):
                try:
                    text = path.read_text(encoding="utf-8")
                except OSError:
                    continue
                for name in self._pattern.findall("\n" + text):
                    found.setdefault(name, path.stem)
            self._where = found
        return self._where

    def load(self, name: str) -> bool:
        """Import the module that registers ``name``; False when the source scan does not know it."""
        module = self.where().get(name)
        if module is None:
            return False
        importlib.import_module(f"{self.package}.{module}")
        return True

    def load_all(self) -> None:
        """Import every module of the package once (docs, schema, and names the scan missed)."""
        if not self._all:
            import pkgutil

            for info in pkgutil.iter_modules([str(self.folder)]):
                importlib.import_module(f"{self.package}.{info.name}")
            self._all = True

    def get(self, name: str) -> Any:
        """The entry registered under ``name`` (importing its module), or None when there is none."""
        if name not in self.table:
            self.load(name)
        if name not in self.table:
            self.load_all()
        return self.table.get(name)
