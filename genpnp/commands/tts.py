"""Tabletop Simulator export: deck sheets of at most 10 x 7 faces, their backs, and tts.json.

Every piece set (cards, tiles, discs, tokens) becomes a deck: each piece, copies included, takes
one slot of a sheet, row by row, 70 to a sheet (TTS's limit), so a sheet loads as a "Custom Deck"
with the width and height that tts.json gives. One back image serves when every piece shares its
back (a blank one when the pieces have none); pieces with different backs get back sheets laid
out like the fronts ("unique backs"). Boards, maps and dice nets are single images for a "Custom
Board" or "Custom Tile". Faces are cut at the trim line (no bleed), drawn as by ``genpnp.commands.export``.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from genpnp.commands.export import (
    FaceJob,
    check_sizes,
    export_png,
    exportable,
    face_jobs,
    folder_of,
    pixel_size,
    render_faces,
    save_png,
    skipped,
    staged,
    write_json,
)
from genpnp.core.errors import UsageError
from genpnp.model.pieces import PieceSet

COLS, ROWS = 10, 7  # the largest deck sheet TTS reads
MAX_SIDE = 8192  # pixels: the largest texture TTS loads on common graphics cards


def grid_for(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet of ``count`` faces (TTS asks for at least 2 x 2)."""
    cols = min(COLS, max(2, count))
    return cols, min(ROWS, max(2, math.ceil(count / cols)))


def deck_dpi(piece: Any, dpi: float) -> float:
    """``dpi``, or less when a full sheet of these pieces would pass MAX_SIDE pixels."""
    cw, ch = pixel_size(piece.w, piece.h, 0.0, dpi)
    shrink = min(1.0, MAX_SIDE / (COLS * cw), MAX_SIDE / (ROWS * ch))
    return dpi if shrink >= 1.0 else math.floor(dpi * shrink)


def slots_of(component: Any, jobs: Sequence[FaceJob]) -> list[dict[str, Any]]:
    """One slot per piece, copies included, in print order: sets one after another, items in order."""
    fronts = [j for j in jobs if j.face == "front"]
    per_copy = [(j, j.piece.index + n) for j in fronts for n in range(j.qty // component.copies)]
    return [{"component": component.name, "item": job.item, "index": index, "copy": copy}
            for copy in range(1, component.copies + 1) for job, index in per_copy]


def paste_sheets(slots: list[dict[str, Any]], images: dict[int, Path], cell: tuple[int, int], out: Path,
                 stem: str, dpi: float, first_key: int = 1) -> list[dict[str, Any]]:
    """Sheets of the slots' images (looked up by item), 70 a sheet; returns each sheet's entry and sets
    each slot's sheet, position, row and col, and its card id in Tabletop Simulator (the sheet's deck key,
    numbered from ``first_key`` across the game so that decks combined on the table keep their images,
    times 100, plus the position)."""
    sheets = []
    for start in range(0, len(slots), COLS * ROWS):
        chunk = slots[start:start + COLS * ROWS]
        number = start // (COLS * ROWS) + 1
        cols, rows = grid_for(len(chunk))
        sheet = Image.new("RGB", (cols * cell[0], rows * cell[1]), (255, 255, 255))
        loaded: tuple[int, Image.Image] | None = None
        for position, slot in enumerate(chunk):
            if loaded is None or loaded[0] != slot["item"]:
                with Image.open(images[slot["item"]]) as im:
                    loaded = (slot["item"], im.convert("RGB"))
            row, col = divmod(position, cols)
            sheet.paste(loaded[1], (col * cell[0], row * cell[1]))
            slot.update({"sheet": number, "position": position, "row": row, "col": col,
                         "tts_id": (first_key + number - 1) * 100 + position})
        name = f"{stem}-{number:02d}.png"
        save_png(sheet, out / name, dpi)
        sheets.append({"file": name, "grid": [cols, rows], "faces": len(chunk), "key": first_key + number - 1})
    return sheets


def export_deck(game: Any, component: Any, dpi: float, ink: str, tmp: Path, work: Path,
                first_key: int = 1) -> dict[str, Any]:
    dpi = deck_dpi(component.pieces[0], dpi)
    jobs = face_jobs(component)
    faces: dict[tuple[str, int], Path] = {}
    for job, image in render_faces(game, jobs, dpi, 0.0, ink):
        faces[(job.face, job.item)] = work / f"{folder_of(component)}-{job.face}-{job.item}.png"
        image.save(faces[(job.face, job.item)], format="PNG", compress_level=1)
    cell = pixel_size(component.pieces[0].w, component.pieces[0].h, 0.0, dpi)
    slots = slots_of(component, jobs)
    folder = tmp / folder_of(component)
    fronts = {item: path for (face, item), path in faces.items() if face == "front"}
    sheets = paste_sheets(slots, fronts, cell, folder, "sheet", dpi, first_key)
    backs = {j.piece.back.key for j in jobs if j.face == "back"}
    entry: dict[str, Any] = {"component": component.name, "dpi": dpi, "cell": list(cell), "unique_backs": False}
    if len(backs) > 1:
        back_sheets = paste_sheets([dict(s) for s in slots], {i: p for (f, i), p in faces.items() if f == "back"},
                                   cell, folder, "back", dpi, first_key)
        for front, back in zip(sheets, back_sheets):
            front["back"] = back["file"]
        entry["unique_backs"] = True
    else:
        back_path = next((p for (face, _), p in sorted(faces.items()) if face == "back"), None)
        with (Image.open(back_path) if back_path else Image.new("RGB", cell, (255, 255, 255))) as im:
            save_png(im.convert("RGB"), folder / "back.png", dpi)
        entry["blank_back"] = back_path is None  # single-sided pieces: TTS still needs a back
        for sheet in sheets:
            sheet["back"] = "back.png"
    for sheet in sheets:
        sheet["file"] = f"{folder_of(component)}/{sheet['file']}"
        sheet["back"] = f"{folder_of(component)}/{sheet['back']}"
        cols, rows = sheet["grid"]
        sheet["tts"] = {"NumWidth": cols, "NumHeight": rows, "BackIsHidden": True,
                        "UniqueBack": entry["unique_backs"]}
    entry.update({"sheets": sheets, "slots": slots})
    return entry


def export_tts(game: Any, out: Path, dpi: float = 300, ink: str = "color", only: Sequence[str] = (),
               image_url: str | None = None) -> list[Path]:
    """Deck sheets, backs and single images into ``out``, described by ``out/tts.json``; with ``image_url``
    (the address the images are read from: a web folder, or ``file:///`` and the export folder) also
    ``out/tts-object.json``, a saved object Tabletop Simulator loads (see genpnp.commands.ttsobject)."""
    components = exportable(game, only)
    decks = [c for c in components if isinstance(c, PieceSet)]
    others = [c for c in components if not isinstance(c, PieceSet)]
    check_sizes(others, 0.0, dpi)
    report: dict[str, Any] = {"game": game.id, "version": game.meta.version, "dpi": dpi, "ink": ink,
                              "decks": [], "images": [], "skipped": skipped(game, only)}
    with staged(out) as tmp, tempfile.TemporaryDirectory(prefix="genpnp-tts-") as work:
        key = 1
        for comp in decks:
            report["decks"].append(export_deck(game, comp, dpi, ink, tmp, Path(work), key))
            key += len(report["decks"][-1]["sheets"])
        jobs = [job for comp in others for job in face_jobs(comp)]
        for job, image in render_faces(game, jobs, dpi, 0.0, ink):
            rel = f"{folder_of(job.component)}/{job.stem}-{job.face}.png"
            save_png(image, tmp / rel, dpi)
            report["images"].append({"file": rel, "component": job.component.name, "item": job.item,
                                     "face": job.face, "qty": job.qty, "pixels": list(image.size)})
        write_json(tmp / "tts.json", report)
        if image_url is not None:
            from genpnp.commands.ttsobject import saved_object

            write_json(tmp / "tts-object.json", saved_object(game, report, decks, image_url))
    files = [out / s["file"] for d in report["decks"] for s in d["sheets"]]
    files += sorted({out / s["back"] for d in report["decks"] for s in d["sheets"]})
    saved = [out / "tts-object.json"] if image_url is not None else []
    return files + [out / i["file"] for i in report["images"]] + saved + [out / "tts.json"]


def export_game(game: Any, fmt: str, out: Path, dpi: float = 300, bleed: float = 0.0, ink: str = "color",
                only: Sequence[str] = (), image_url: str | None = None, shop: Any = None,
                processes: int = 1) -> list[Path]:
    """Every face of the game's pieces as images: ``fmt`` "png" (genpnp.commands.export.export_png, for print shops)
    or "tts" (export_tts, whose faces have no bleed; with
    ``image_url``, also the saved object Tabletop Simulator loads)."""
    if fmt == "tts":
        if bleed:
            raise UsageError("--bleed: Tabletop Simulator faces are cut at the trim line (leave --bleed out)")
        return export_tts(game, out, dpi, ink, only, image_url)
    return export_png(game, out, dpi, bleed, ink, only, shop, processes)
