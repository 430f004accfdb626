"""PNG previews: pages rendered from the built PDF (pypdfium2), and a contact sheet."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image, ImageDraw

from genpnp.core.errors import UsageError


def vision_filter(deficiency: str) -> Any:
    """A Pillow filter showing an image as a player with ``deficiency`` (``protan``, ``deutan`` or
    ``tritan``: genpnp.core.color.DEFICIENCIES) sees it: the simulation tabulated on a 33-step RGB cube."""
    from PIL import ImageFilter

    from genpnp.core.color import simulate_rgb

    return ImageFilter.Color3DLUT.generate(33, lambda r, g, b: simulate_rgb((r, g, b), deficiency))


def render_pages(pdf_path: Path, dpi: int = 72, pages: Sequence[int] = (), vision: str = "") -> list[Image.Image]:
    """The PDF's pages (1-based numbers; all when empty) as RGB images; with ``vision``, as a player with
    that colour-vision deficiency sees them (:func:`vision_filter`)."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        count = len(pdf)
        wanted = list(pages) or list(range(1, count + 1))
        bad = [p for p in wanted if not 1 <= p <= count]
        if bad:
            raise UsageError(f"--page {bad[0]}: the document has {count} pages")
        out = []
        seen = vision_filter(vision) if vision else None
        for number in wanted:
            page = pdf[number - 1]
            image = page.render(scale=dpi / 72.0).to_pil().convert("RGB")
            out.append(image.filter(seen) if seen is not None else image)
            page.close()
        return out
    finally:
        pdf.close()


def contact_sheet(images: list[Image.Image], columns: int = 0, thumb_w: int = 220) -> Image.Image:
    """All pages side by side, numbered, on one image."""
    columns = columns or min(6, max(1, math.ceil(math.sqrt(len(images) * 1.4))))
    thumbs = []
    for im in images:
        scale = thumb_w / im.width
        thumbs.append(im.resize((thumb_w, max(1, round(im.height * scale))), Image.Resampling.LANCZOS))
    cell_h = max(t.height for t in thumbs) + 24
    rows = math.ceil(len(thumbs) / columns)
    sheet = Image.new("RGB", (columns * (thumb_w + 12) + 12, rows * cell_h + 12), (200, 200, 200))
    draw = ImageDraw.Draw(sheet)
    for i, thumb in enumerate(thumbs):
        r, c = divmod(i, columns)
        x, y = 12 + c * (thumb_w + 12), 12 + r * cell_h
        sheet.paste(thumb, (x, y))
        draw.text((x, y + thumb.height + 4), f"page {i + 1}", fill=(20, 20, 20))
    return sheet


def write_previews(pdf_path: Path, out_dir: Path, pages: Sequence[int], dpi: int, vision: str = "") -> list[Path]:
    """Page PNGs of a built PDF (all pages, or ``pages``) and, for all pages, a contact sheet; named
    ``<pdf>-<vision>-pageNNN.png`` with a ``vision``. Each file is written under a temporary name and
    renamed, so a viewer never reads half a PNG."""
    out_dir.mkdir(parents=True, exist_ok=True)
    images = render_pages(pdf_path, dpi, pages, vision)
    stem = pdf_path.stem + (f"-{vision}" if vision else "")
    numbers = list(pages) or list(range(1, len(images) + 1))
    named = [(out_dir / f"{stem}-page{number:03d}.png", image) for number, image in zip(numbers, images)]
    if not pages:
        named.append((out_dir / f"{stem}-contact.png", contact_sheet(images)))
    from genpnp.core.outputs import replaced_file

    for path, image in named:
        with replaced_file(path) as tmp:  # a killed run's temporary file is removed by the next
            image.save(tmp, format="PNG", optimize=True)
    return [path for path, _ in named]
