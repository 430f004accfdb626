"""Game folders: a folder with a game.yaml, and the games of a content folder.

Low in the layers, so that the output checks (:mod:`genpnp.core.outputs`) can tell a game folder from
any other without importing the content loader."""

from __future__ import annotations

from pathlib import Path

from genpnp.core.errors import UsageError


def is_game(folder: Path) -> bool:
    return (folder / "game.yaml").is_file()


def discover(content: Path) -> dict[str, Path]:
    """Game id -> folder, for a folder of games or a single game folder."""
    if not content.exists():
        raise UsageError(f"{content}: no such content folder")
    if is_game(content):
        return {content.resolve().name: content}
    return {p.name: p for p in sorted(content.iterdir()) if p.is_dir() and is_game(p)}
