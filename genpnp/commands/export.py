"""Export: every face of a game's pieces as a PNG at a print shop's exact pixel size.

Each face is drawn by the same renderers as the PDF build (``draw_placement`` on a one-face page,
grown by the bleed exactly as on a sheet), written into a temporary PDF and rasterised with
pdfium into a bitmap of exactly ``round((w + 2 * bleed) * dpi)`` x ``round((h + 2 * bleed) * dpi)``
pixels. PNGs carry the dpi (pHYs) and nothing that changes between runs, so the same game gives
the same bytes. ``genpnp.commands.tts`` builds Tabletop Simulator deck sheets from the same faces.
"""

from __future__ import annotations

import json
import re
import struct
import tempfile
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

from genpnp.core.errors import ContentError, Problem, UsageError, did_you_mean
from genpnp.core.outputs import check_name, replaced_folder
from genpnp.core.records import dataclass
from genpnp.core.units import INCH, MM

MAX_PIXELS = 50_000_000  # one image; a 600 x 600 mm board at 300 dpi is 50 megapixels
NAME_FIELDS = ("name", "title", "id", "label")


@dataclass(frozen=True)
class FaceJob:
    """One face to export: the item it belongs to (1-based), its file stem and how many pieces show it."""

    component: Any
    piece: Any
    item: int
    stem: str  # "<nn>-<item>" or "<nn>"
    face: str  # "front" or "back"
    qty: int  # pieces of this item, copies included


def exportable(game: Any, only: Sequence[str] = ()) -> list[Any]:
    """The game's components that are pieces (not text or score-sheet pages), in document order."""
    unknown = [c for c in only if c not in game.components]
    if unknown:
        raise UsageError(f'--component: {game.id} has no component "{unknown[0]}"'
                         f"{did_you_mean(unknown[0], game.components)}")
    return [c for c in game.ordered() if (not only or c.name in only) and len(getattr(c, "pieces", ())) > 0]


def skipped(game: Any, only: Sequence[str] = ()) -> list[str]:
    """Components that export leaves out: pages (rules, score sheets) print only in the PDF."""
    return [c.name for c in game.ordered() if (not only or c.name in only) and not getattr(c, "pieces", ())]


def items_of(component: Any) -> list[tuple[Any, int]]:
    """(first piece, number of pieces) per item; identical pieces in a row (dice of one net) are one item."""
    pieces = component.pieces
    if hasattr(pieces, "runs"):
        return list(pieces.runs())
    out: list[tuple[Any, int]] = []
    for piece in pieces:
        last = out[-1][0] if out else None
        if last is not None and (last.front, last.back, last.fields) == (piece.front, piece.back, piece.fields):
            out[-1] = (last, out[-1][1] + 1)
        else:
            out.append((piece, 1))
    return out


def slug(text: str, limit: int = 40) -> str:
    words = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    if len(words) > limit:
        words = words[:limit].rsplit("-", 1)[0] if "-" in words[:limit] else words[:limit]
    return words


def item_name(component: Any, piece: Any) -> str:
    """A short file-name part for an item: its name/title/id/label field, else the face it names
    for itself, else up to three of its field values (no colours, paths or true/false)."""
    fields = piece.fields or {}
    for key in NAME_FIELDS:
        if str(fields.get(key, "")).strip():
            return slug(str(fields[key]))
    own = getattr(piece.front, "name", "")
    if own and own != getattr(component, "front", "front"):
        return slug(own)
    parts: list[str] = []
    for value in fields.values():
        text = str(value).strip().lower()
        if text and not isinstance(value, bool) and text[0] != "#" and "/" not in text and text not in parts:
            parts.append(text)
    return slug("-".join(parts[:3]))


def face_jobs(component: Any) -> list[FaceJob]:
    items = items_of(component)
    width = max(2, len(str(len(items))))
    jobs = []
    for number, (piece, qty) in enumerate(items, start=1):
        name = item_name(component, piece)
        stem = f"{number:0{width}d}-{name}" if name else f"{number:0{width}d}"
        for face in ("front", "back"):
            if getattr(piece, face) is not None:
                jobs.append(FaceJob(component, piece, number, stem, face, qty * component.copies))
    return jobs


def pixel_size(w: float, h: float, bleed: float, dpi: float) -> tuple[int, int]:
    """Pixels of a w x h face (points) with ``bleed`` on every side: round((w + 2 * bleed) * dpi)."""
    return round((w + 2 * bleed) / INCH * dpi), round((h + 2 * bleed) / INCH * dpi)


def check_sizes(components: Sequence[Any], bleed: float, dpi: float) -> None:
    """Refuse, before anything is drawn, a piece whose image would pass MAX_PIXELS."""
    problems = []
    for comp in components:
        piece = comp.pieces[0]
        w, h = pixel_size(piece.w, piece.h, bleed, dpi)
        if w * h > MAX_PIXELS:
            most = int(dpi * (MAX_PIXELS / (w * h)) ** 0.5)
            problems.append(Problem(comp.loc, f"{comp.name}: at {dpi:g} dpi one image would be {w} x {h} pixels "
                                              f"({w * h / 1e6:.0f} megapixels, more than {MAX_PIXELS // 1_000_000}): "
                                              f"export it with --dpi {most} or less"))
    if problems:
        raise ContentError(problems)


def render_faces(game: Any, jobs: Sequence[FaceJob], dpi: float, bleed: float, ink: str = "color"
                 ) -> Iterator[tuple[FaceJob, Image.Image]]:
    """Each job's face as an RGB image of exactly ``pixel_size`` pixels, in order.

    The faces are drawn into one temporary PDF (a page per face, fonts and forms shared) whose
    pages measure the pixel size at ``dpi``; the trim box sits in the middle and the art grows
    into the bleed as on a printed sheet."""
    from genpnp.backends.pdf import write_pdf
    from genpnp.impose.sheet import Box, Placement
    from genpnp.render.faces import draw_placement

    if not jobs:
        return
    pixels = [pixel_size(j.piece.w, j.piece.h, bleed, dpi) for j in jobs]
    sizes = [(px * INCH / dpi, py * INCH / dpi) for px, py in pixels]

    def draw_page(surface: Any, index: int) -> None:
        job, (pw, ph) = jobs[index], sizes[index]
        mx, my = (pw - job.piece.w) / 2, (ph - job.piece.h) / 2
        box = Box(mx, my, job.piece.w, job.piece.h)
        draw_placement(surface, Placement(job.component, job.piece, job.face, box, 0, max(mx, my, 0.0)))

    with tempfile.TemporaryDirectory(prefix="genpnp-export-") as tmp:
        path = Path(tmp) / "faces.pdf"
        write_pdf(path, sizes, draw_page, game.meta.name, "genpnp", ink)
        pdf = pdfium.PdfDocument(str(path))
        try:
            for index, job in enumerate(jobs):
                page = pdf[index]
                try:
                    yield job, rasterise(page, *pixels[index])
                finally:
                    page.close()
        finally:
            pdf.close()


def rasterise(page: Any, width: int, height: int) -> Image.Image:
    """The whole page stretched over exactly width x height pixels, on white."""
    bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
    flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER  # RGB, as the bitmap is read
    pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, flags)
    return bitmap.to_pil().convert("RGB")


def save_png(image: Image.Image, path: Path, dpi: float) -> None:
    """A PNG with its dpi (pHYs) and no date or software chunk: the same image, the same bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if image.mode != "RGB":
        image.save(path, format="PNG", dpi=(dpi, dpi), compress_level=6)
        return
    path.write_bytes(png_bytes(image, dpi))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """An RGB image as a PNG (8 bits a channel, no interlace, the dpi in pHYs), every row unfiltered and the
    whole deflated at level 6. Pillow's encoder tries five filters on every row, which costs about as
    much as the deflating; faces of flat colours and sharp edges deflate better unfiltered (on Berzerka's
    faces at 300 dpi: half Pillow's time, 15% fewer bytes)."""
    width, height = image.size
    raw = image.tobytes()
    stride = 3 * width
    deflate = zlib.compressobj(6)
    parts = [deflate.compress(b"\0" + raw[y * stride:(y + 1) * stride]) for y in range(height)]
    parts.append(deflate.flush())
    per_metre = int(dpi / 0.0254 + 0.5)  # as Pillow writes it, and reads it back as dpi
    return b"".join([b"\x89PNG\r\n\x1a\n",
                     _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
                     _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
                     _chunk(b"IDAT", b"".join(parts)),
                     _chunk(b"IEND", b"")])


MARKERS = ("png.json", "tts.json")  # an export folder: genpnp may replace it whole


@contextmanager
def staged(out: Path) -> Iterator[Path]:
    """A temporary folder beside ``out`` that replaces ``out`` whole when the block succeeds
    (``genpnp.core.outputs.replaced_folder``): an export that fails, is interrupted or killed leaves
    ``out`` as it was, and nothing outside ``out`` is touched. ``out`` must be new, empty or an
    earlier export (holding png.json or tts.json)."""
    with replaced_folder(out, MARKERS) as tmp:
        yield tmp


def folder_of(component: Any) -> str:
    """The component's folder name in an export: its name, checked as one file name."""
    return check_name(component.name, component.loc, "the component name")


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def image_files(jobs: Sequence[FaceJob], namer: Any = None) -> tuple[list[str], list[FaceJob]]:
    """The file of each job, and the jobs to draw: each distinct image once. Faces that draw the same (one
    ResolvedFace of one component) share a file: a face every item shares is ``<component>/<face>.png``
    (``cards/back.png``), else the first item's ``<nn>-<item>-<face>.png``. ``namer`` (a print service's
    naming, genpnp.core.printshops.file_namer) names the files instead; a service whose naming puts each card's
    back beside its front ("back-front") gets every face of every item."""
    users: dict[tuple[str, str], list[int]] = {}
    for n, job in enumerate(jobs):
        face = getattr(job.piece, job.face)
        drawing = f"{job.item}/{job.face}" if getattr(namer, "__name__", "") == "back_front" else face.key
        users.setdefault((job.component.name, drawing), []).append(n)
    files: list[str] = [""] * len(jobs)
    taken: set[str] = set()
    draw: list[FaceJob] = []
    for (component, drawing), numbers in users.items():
        first = jobs[numbers[0]]
        face = getattr(first.piece, first.face)
        items = {jobs[n].item for n in numbers}
        if namer is not None:
            name = namer(first, first.item, len(items) > 1)
            if name in taken:  # two different faces shared by several items: the first item's own name
                name = namer(first, first.item, False)
            taken.add(name)
            draw.append(first)
            for n in numbers:
                files[n] = name
            continue
        folder = folder_of(first.component)  # a name checked as one file name (genpnp.core.outputs)
        name = f"{folder}/{first.stem}-{first.face}.png"
        if len(items) > 1 and drawing == f"{component}/{face.name}" and slug(face.name):
            common = f"{folder}/{slug(face.name)}.png"  # one design for several items: named by the face
            if common not in taken:
                name = common
        taken.add(name)
        draw.append(first)
        for n in numbers:
            files[n] = name
    return files, draw


_FORKED: tuple = ()  # what the forked workers of export_png draw: set in the parent just before the pool starts
PER_WORKER = 12  # faces a worker process is worth starting for (a process costs about as much as 12 faces)


def _draw_share(share: int) -> dict[str, list[int]]:
    """In a worker (forked): draw and save every ``count``-th of the faces, from ``share``; their pixel sizes."""
    game, draw, count, dpi, bleed, ink, tmp, file_of = _FORKED
    out: dict[str, list[int]] = {}
    for job, image in render_faces(game, draw[share::count], dpi, bleed, ink):
        save_png(image, tmp / file_of[id(job)], dpi)
        out[file_of[id(job)]] = list(image.size)
    return out


def draw_pngs(game: Any, draw: list[FaceJob], file_of: dict[int, str], tmp: Path, dpi: float, bleed: float,
              ink: str, processes: int) -> dict[str, list[int]]:
    """Each face of ``draw`` as a PNG under ``tmp``, shared among ``processes`` processes (each face's image depends
    on that face alone: the same bytes however they are shared); file -> pixel size, in ``draw``'s order."""
    global _FORKED
    count = max(1, min(processes, len(draw) // PER_WORKER))
    _FORKED = (game, draw, count, dpi, bleed, ink, tmp, file_of)
    try:
        if count == 1:
            return _draw_share(0)
        from genpnp.core.outputs import workers

        found: dict[str, list[int]] = {}
        with workers(count) as pool:
            for part in pool.map(_draw_share, range(count)):
                found.update(part)
    finally:
        _FORKED = ()
    return {file_of[id(job)]: found[file_of[id(job)]] for job in draw}


def export_png(game: Any, out: Path, dpi: float = 300, bleed: float = 0.0, ink: str = "color",
               only: Sequence[str] = (), shop: Any = None, processes: int = 1) -> list[Path]:
    """Each distinct face image once into ``out/<component>/``, and ``out/png.json``: ``images`` lists each file
    written with its pixel size, ``files`` maps every item's faces (with quantity) to its file. With ``shop``
    (a genpnp.core.printshops.Preset): its cards only, at its dpi and bleed, checked against its sizes and safe
    area, named as it asks."""
    components = exportable(game, only)
    extra: dict[str, Any] = {}
    namer = None
    if shop is not None:
        from genpnp.core import printshops

        dpi, bleed = shop.dpi, shop.bleed
        kept = printshops.cards(components)
        extra = {"service": shop.name, "sizes": printshops.check(shop, kept), "safe_mm": round(shop.safe / MM, 3),
                 "not_cards": [c.name for c in components if c not in kept]}
        components, namer = kept, printshops.file_namer(shop)
    check_sizes(components, bleed, dpi)
    jobs = [job for comp in components for job in face_jobs(comp)]
    names, draw = image_files(jobs, namer)
    file_of = {id(job): name for job, name in zip(jobs, names)}
    with staged(out) as tmp:
        pixels = draw_pngs(game, draw, file_of, tmp, dpi, bleed, ink, processes)
        files = [{"file": name, "component": job.component.name, "item": job.item, "face": job.face,
                  "qty": job.qty, "pixels": pixels[name]} for job, name in zip(jobs, names)]
        images = [{"file": name, "pixels": pixels[name],
                   "pieces": sum(f["qty"] for f in files if f["file"] == name)} for name in pixels]
        write_json(tmp / "png.json", {"game": game.id, "version": game.meta.version, "dpi": dpi,
                                      "bleed_mm": round(bleed / INCH * 25.4, 3), "ink": ink, "images": images,
                                      "files": files, "skipped": skipped(game, only), **extra})
    return [out / name for name in pixels] + [out / "png.json"]
