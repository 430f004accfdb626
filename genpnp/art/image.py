"""Raster images (PNG or JPEG files in the game folder), checked when the content loads."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image as PILImage

from genpnp.art import art
from genpnp.art.base import ArtElement
from genpnp.content.schema import INVALID, Ctx, Custom, Enum, PathSpec, fld
from genpnp.core.errors import Loc
from genpnp.core.fileaccess import IMAGE_MAX_BYTES, Refused, read
from genpnp.core.records import dataclass

SUFFIXES = (".png", ".jpg", ".jpeg")
MAX_BYTES = IMAGE_MAX_BYTES  # one image file, refused by its size before it is read
MAX_PIXELS = 50_000_000  # larger images are refused (a decompression bomb, or far more than print needs)


@dataclass(frozen=True)
class ImageFile:
    """A verified image file and its size in pixels."""

    path: Path
    px_w: int
    px_h: int


def read_image(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """A PNG or JPEG inside the game folder that Pillow can decode, as an :class:`ImageFile`."""
    path = PathSpec(SUFFIXES).parse(value, loc, ctx)
    if path is INVALID:
        return INVALID
    try:
        data = read(path, ctx.root, MAX_BYTES)
    except Refused as exc:
        return ctx.error(loc, f"{value}: {exc}")
    try:
        with PILImage.open(io.BytesIO(data)) as probe:
            fmt = probe.format
            size = probe.size
            if size[0] * size[1] > MAX_PIXELS:
                return ctx.error(loc, f"{value}: {size[0]} x {size[1]} pixels is too large (at most "
                                      f"{MAX_PIXELS:,} pixels)")
            probe.verify()  # checks the file's structure and checksums
        with PILImage.open(io.BytesIO(data)) as full:
            full.load()  # verify() does not decode: a truncated image is only found here
    except PILImage.DecompressionBombError:
        return ctx.error(loc, f"{value}: the image is too large to decode safely")
    except (OSError, SyntaxError, ValueError) as exc:
        return ctx.error(loc, f"{value}: not a readable PNG or JPEG image ({exc})")
    if fmt not in ("PNG", "JPEG"):
        return ctx.error(loc, f"{value}: the file holds a {fmt} image; genpnp reads PNG and JPEG")
    return ImageFile(path, size[0], size[1])


IMAGE_FILE = Custom(read_image, {"type": "string"}, "PNG or JPEG file, relative to the game folder")


@art("image", shorthand="file")
@dataclass(frozen=True, kw_only=True)
class Image(ArtElement):
    """A PNG or JPEG picture in the box: whole and centred (contain), cropped to fill it (cover) or stretched."""

    file: ImageFile = fld(IMAGE_FILE, example="art/logo.png", doc="the image file, relative to the game folder")
    fit: str = fld(Enum("contain", "cover", "stretch"), "contain", "how the image fills its box")

    def placed(self, w: float, h: float) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the whole image in face points (may overflow the box with ``cover``)."""
        x, y, bw, bh = self.resolve_box(w, h)
        if self.fit == "stretch" or bw <= 0 or bh <= 0:
            return x, y, bw, bh
        ratio = self.file.px_w / self.file.px_h
        scale_w = bw if (bw / bh < ratio) == (self.fit == "contain") else bh * ratio
        iw, ih = scale_w, scale_w / ratio
        return x + (bw - iw) / 2, y + (bh - ih) / 2, iw, ih

    def draw(self, surface: Any, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        ix, iy, iw, ih = self.placed(w, h)
        if self.fit == "cover":
            surface.save()
            surface.clip_rect(x, y, bw, bh)
            surface.image(self.file.path, ix, iy, iw, ih)
            surface.restore()
        else:
            surface.image(self.file.path, ix, iy, iw, ih)
