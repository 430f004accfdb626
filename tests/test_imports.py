"""Issue 24: the package's modules import one another in one direction only (no import circle), and no
module assigns into another library's namespace."""

from __future__ import annotations

import ast
from pathlib import Path

from pdfcheck import ROOT

PACKAGE = ROOT / "genpnp"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports anywhere in its source (at the top or inside a
    function: a lazy import is still a dependency)."""
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            graph[name].update(t for t in targets if t in paths and t != name)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_sees_imports() -> None:
    graph = import_graph()
    assert "genpnp.core.errors" in graph["genpnp.commands.cli"], "the scan finds no imports"
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circle() -> None:
    assert circles(import_graph()) == []


# Folders from the bottom up (docs/architecture.md, "Layers"): a module may import its own folder and the
# folders below it, never one above; the commands are on top and nothing below imports them.
LAYERS = ["core", "backends", "content", "art", "model", "rules", "impose", "render", "audit", "load", "commands"]


def _folder(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 else "(top)"


def test_folders_import_only_downwards() -> None:
    graph = import_graph()
    wrong = []
    for module, targets in graph.items():
        src = _folder(module)
        if src not in LAYERS:
            continue
        for target in targets:
            dst = _folder(target)
            if dst in LAYERS and LAYERS.index(dst) > LAYERS.index(src):
                wrong.append(f"{module} imports {target} ({src} is below {dst})")
    assert wrong == []


def test_every_folder_has_its_layer() -> None:
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(LAYERS)
    assert {p.stem for p in PACKAGE.glob("*.py")} == {"__init__", "__main__"}
