"""``genpnp new``: a working game folder from the small template, or a copy of an existing game."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from genpnp.errors import UsageError

TEMPLATE = Path(__file__).parent / "templates" / "basic"
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,40}")
TEXT_SUFFIXES = (".yaml", ".yml", ".md", ".csv", ".txt")
SCHEMA_FILE = "schema.json"  # written beside the YAML files, so editors check them offline
SCHEMA_LINE = f"# yaml-language-server: $schema={SCHEMA_FILE}\n"


def title_of(name: str) -> str:
    return " ".join(word.capitalize() for word in re.split(r"[-_]+", name) if word)


def template_files() -> dict[str, str]:
    """The template's files (relative path -> text), placeholders not yet filled."""
    return {p.relative_to(TEMPLATE).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(TEMPLATE.rglob("*")) if p.is_file() and p.suffix in TEXT_SUFFIXES}


def fill(text: str, name: str, schema_line: str = "") -> str:
    """A template file with the game's name; YAML files start with ``schema_line`` when given."""
    return schema_line + text.replace("__NAME__", name).replace("__TITLE__", title_of(name))


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
