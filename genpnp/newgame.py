"""``genpnp new``: a working game folder from the small template, or a copy of an existing game."""

from __future__ import annotations

import shutil
from pathlib import Path

from genpnp.content.starter import NAME, SCHEMA_FILE, SCHEMA_LINE, fill, template_files
from genpnp.errors import UsageError


def new_game(name: str, content: Path, source: Path | None = None) -> Path:
    """Write ``content/name`` from the template (or as a copy of ``source``); returns the folder."""
    if not NAME.fullmatch(name):
        raise UsageError(f'"{name}" is not a game name: use lower-case letters, digits, - and _ (e.g. my-deck)')
    folder = content / name
    if folder.exists():
        raise UsageError(f"{folder} exists already: choose another name or remove it")
    if source is not None:
        if not (source / "game.yaml").is_file():
            raise UsageError(f"--from: {source} is not a game folder (it has no game.yaml)")
        content.mkdir(parents=True, exist_ok=True)
        shutil.copytree(source, folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
        return folder
    from genpnp.docgen import schema_text

    for rel, text in template_files().items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        top = "/".join([".."] * rel.count("/"))
        line = SCHEMA_LINE.replace(SCHEMA_FILE, f"{top}/{SCHEMA_FILE}" if top else SCHEMA_FILE)
        path.write_text(fill(text, name, line if path.suffix in (".yaml", ".yml") else ""), encoding="utf-8")
    (folder / SCHEMA_FILE).write_text(schema_text(), encoding="utf-8")
    return folder
