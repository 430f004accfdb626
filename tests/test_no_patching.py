"""No genpnp module assigns into another library's namespace (issue #24: no patched standard library).

Every module of the package is parsed; a name bound by an import of anything outside genpnp (a module,
or a class or function taken from one) may be read and called, never assigned into: not
``dataclasses.exec = ...``, ``Lib.attr += ...``, ``del lib.x``, ``setattr(lib, ...)``, nor
``lib.__dict__[...] = ...`` / ``vars(lib).update(...)``.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "genpnp"


def _foreign_names(tree: ast.AST) -> set[str]:
    """Names bound by ``import x`` / ``from x import y`` where x is not genpnp."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] != "genpnp":
                    names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and node.module.split(".")[0] != "genpnp" \
                    and node.module != "__future__":
                names.update(alias.asname or alias.name for alias in node.names)
    return names


def _root(node: ast.AST) -> str | None:
    """The name at the start of ``a.b[c].d`` (None when it does not start with a name)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "vars" and node.args:
        return _root(node.args[0])
    return node.id if isinstance(node, ast.Name) else None


def patches(source: str, name: str) -> list[str]:
    """Each place in ``source`` that assigns into an imported library's namespace."""
    tree = ast.parse(source, name)
    foreign = _foreign_names(tree)
    found = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and node.args:
                if _root(node.args[0]) in foreign and not isinstance(node.args[0], ast.Call):
                    found.append(f"{name}:{node.lineno}: {func.id} on {ast.unparse(node.args[0])}")
            elif isinstance(func, ast.Attribute) and func.attr in ("update", "setdefault", "__setitem__") \
                    and isinstance(func.value, (ast.Attribute, ast.Call)) \
                    and (getattr(func.value, "attr", None) == "__dict__" or isinstance(func.value, ast.Call)) \
                    and _root(func.value) in foreign:
                found.append(f"{name}:{node.lineno}: {ast.unparse(func)}")
        for target in targets:
            for part in ast.walk(target) if isinstance(target, (ast.Tuple, ast.List)) else [target]:
                if isinstance(part, (ast.Attribute, ast.Subscript)) and _root(part) in foreign:
                    found.append(f"{name}:{part.lineno}: assigns {ast.unparse(part)}")
    return found


def test_no_module_assigns_into_another_librarys_namespace() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found += patches(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent)))
    assert found == []


def test_the_check_finds_a_patch() -> None:
    """The check itself: each way of patching a library is found, reading and calling one is not."""
    assert patches("import dataclasses\ndataclasses.exec = print\n", "m.py") == ["m.py:2: assigns dataclasses.exec"]
    assert patches("from reportlab.pdfbase import pdfmetrics as pm\npm._fonts['x'] = 1\n", "m.py") \
        == ["m.py:2: assigns pm._fonts['x']"]
    assert patches("import os\nsetattr(os, 'sep', '/')\n", "m.py") == ["m.py:2: setattr on os"]
    assert patches("import json\njson.__dict__.update(dumps=1)\n", "m.py") == ["m.py:2: json.__dict__.update"]
    assert patches("import os.path\nos.path.sep += 'x'\n", "m.py") == ["m.py:2: assigns os.path.sep"]
    assert patches("from typing import Any\nimport math\nx = math.pi\ny: Any = {}\ny['a'] = math.e\n", "m.py") == []
    assert patches("from genpnp import fonts\nfonts.FONT_DIRS = []\n", "m.py") == []


def test_the_pdf_backend_needs_no_patch(tmp_path: Path) -> None:
    """What the two removed patches of reportlab did is done per document (backends/pdfstream.py): streams
    are binary, images and their soft masks included, and pages and forms name the bw tiling patterns."""
    import re
    import zlib

    from PIL import Image

    from genpnp.backends.pdf import write_pdf
    from genpnp.core.color import Color

    png = tmp_path / "art.png"
    Image.new("RGBA", (40, 30), (200, 10, 10, 128)).save(png)
    hatched = Color(0.8, 0.2, 0.2, "red", pattern="hatch")

    def draw(surface, number) -> None:  # type: ignore[no-untyped-def]
        surface.image(png, 10, 10, 100, 80)
        surface.reuse("tile", 50, 50, lambda s: s.rect(0, 0, 50, 50, fill=hatched))
        surface.rect(300, 300, 50, 50, fill=Color(0.2, 0.2, 0.8, "blue", pattern="dots"))

    for ink in ("color", "bw"):
        out = tmp_path / f"{ink}.pdf"
        write_pdf(out, [(612, 792), (612, 792)], draw, "t", "a", ink)
        data = out.read_bytes()
        assert b"ASCII85Decode" not in data
        streams = re.findall(rb"/Length (\d+)[^>]*>>\s*stream\r?\n", data)
        assert streams
        for match in re.finditer(rb"/Filter \[ /FlateDecode \] /Length (\d+)[^>]*>>\s*stream\r?\n", data):
            zlib.decompress(data[match.end():match.end() + int(match.group(1))])  # binary Flate, nothing on top
        named = re.findall(rb"/Pattern <<\s*/GPpatdots \d+ 0 R\s*/GPpathatch \d+ 0 R\s*>>", data)
        assert len(named) == (3 if ink == "bw" else 0)  # both pages and the form name both patterns
        assert data.count(b"/Pattern <<") == len(named)
