"""``genpnp calibrate``: the duplex calibration sheet alone, for a designer (drawn by
:mod:`genpnp.render.calibration`, which a duplex build also uses)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from genpnp.impose.options import Paper
from genpnp.render.calibration import draw_side


def write_calibration(path: Path, paper: Paper) -> None:
    """Two pages: the front, and the back mirrored for a long-edge flip (so both centres coincide)."""
    from genpnp.backends.pdf import write_pdf

    def draw_page(surface: Any, index: int) -> None:
        draw_side(surface, paper, "front" if index == 0 else "back")

    write_pdf(path, [(paper.w, paper.h)] * 2, draw_page, "genpnp duplex calibration", "genpnp", "color")
