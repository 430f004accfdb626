"""``genpnp new``: a working game folder from the small template, or a copy of an existing game."""

from __future__ import annotations

import shutil
import stat
from pathlib import Path

from genpnp.content.starter import NAME, SCHEMA_FILE, SCHEMA_LINE, fill, template_files
from genpnp.core.errors import UsageError


def new_game(name: str, content: Path, source: Path | None = None, skipped: list[str] | None = None) -> Path:
    """Write ``content/name`` from the template (or as a copy of ``source``); returns the folder.

    The folder is written under a temporary name beside it and renamed at the end, so a failure
    leaves no half-made game. A copy takes the source's regular files and folders only: links,
    FIFOs, sockets and devices are left out, each named in ``skipped``."""
    from genpnp.core.outputs import clean_stale, replaced_folder

    if not NAME.fullmatch(name):
        raise UsageError(f'"{name}" is not a game name: use lower-case letters, digits, - and _ (e.g. my-deck)')
    folder = content / name
    if folder.exists() or folder.is_symlink():
        raise UsageError(f"{folder} exists already: choose another name or remove it")
    if source is not None and not (source / "game.yaml").is_file():
        raise UsageError(f"--from: {source} is not a game folder (it has no game.yaml)")
    clean_stale(content)
    with replaced_folder(folder, ()) as tmp:
        if source is not None:
            copy_game(source, tmp, source, [] if skipped is None else skipped)
        else:
            write_template(tmp, name)
    return folder


def copy_game(source: Path, target: Path, top: Path, skipped: list[str]) -> None:
    """Copy the regular files and folders under ``source`` into ``target`` (which exists), never
    following a link nor opening anything else (a FIFO would block, a device never end)."""
    for entry in sorted(source.iterdir()):
        if entry.name.startswith(".") or entry.name == "__pycache__" or entry.suffix == ".pyc":
            continue
        mode = entry.lstat().st_mode
        rel = entry.relative_to(top).as_posix()
        if stat.S_ISDIR(mode):
            (target / entry.name).mkdir()
            copy_game(entry, target / entry.name, top, skipped)
        elif stat.S_ISREG(mode):
            shutil.copyfile(entry, target / entry.name, follow_symlinks=False)
        else:
            what = "a link" if stat.S_ISLNK(mode) else "not a regular file (a FIFO, socket or device)"
            skipped.append(f"{rel}: {what}, not copied")


def write_template(folder: Path, name: str) -> None:
    from genpnp.commands.docgen import schema_text

    for rel, text in template_files().items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        top = "/".join([".."] * rel.count("/"))
        line = SCHEMA_LINE.replace(SCHEMA_FILE, f"{top}/{SCHEMA_FILE}" if top else SCHEMA_FILE)
        path.write_text(fill(text, name, line if path.suffix in (".yaml", ".yml") else ""), encoding="utf-8")
    (folder / SCHEMA_FILE).write_text(schema_text(), encoding="utf-8")
