"""The starter template of ``genpnp new`` (genpnp/templates/basic): its files, and the game's name filled in."""

from __future__ import annotations

import re
from pathlib import Path

TEMPLATE = Path(__file__).parent.parent / "templates" / "basic"
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
