"""A glyph check reads a shipped TrueType font's character map alone (genpnp.core.fontfile.coverage): the same
codes reportlab's reader finds when it parses the font whole. The PDF canvas's initial font is one already
parsed, and which one leaves no trace in the bytes."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from genpnp.backends.pdf import write_pdf
from genpnp.core import fontfile, fonts
from genpnp.core.color import parse_color

SHIPPED_TTF = sorted({name for name in fonts.FAMILIES if fonts.font_path(name).suffix == ".ttf"})


@pytest.mark.parametrize("name", SHIPPED_TTF)
def test_coverage_is_what_reportlab_reads(name: str) -> None:
    codes = fontfile.coverage(fonts.font_path(name).read_bytes())
    assert codes is not None
    assert set(codes) == set(fonts._metrics(name)[0])


def test_a_glyph_check_gives_the_same_answer_either_way() -> None:
    text = "Berzerka — 3 players, ♠♥ 漢字 \u00a0é"
    for name in ("sans", "serif-bold", "vollkorn", "leckerli-one"):
        cmap = fonts._metrics(name)[0]
        expected = "".join(sorted({ch for ch in text if ch not in "\n\r\t " and ord(ch) not in cmap}))
        assert fonts.missing_glyphs(text, name) == expected


def test_another_format_or_a_broken_map_is_parsed_whole() -> None:
    data = bytearray(fonts.font_path("sans").read_bytes())
    tables = fontfile._directory(bytes(data))
    start, _ = tables["cmap"]
    _, count = struct.unpack_from(">HH", data, start)
    for i in range(count):  # every subtable made format 6: not read here
        _, _, offset = struct.unpack_from(">HHI", data, start + 4 + 8 * i)
        struct.pack_into(">H", data, start + offset, 6)
    assert fontfile.coverage(bytes(data)) is None
    assert fontfile.coverage(b"not a font at all") is None


def test_the_initial_font_leaves_no_trace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def draw(surface, _page: int) -> None:  # type: ignore[no-untyped-def]
        surface.text(20, 50, "Same bytes", "sans-bold", 14, parse_color("#223344"))

    outputs = []
    for initial in (["sans"], ["serif"], []):
        monkeypatch.setattr(fonts, "_PARSED", list(initial))
        path = tmp_path / f"{len(outputs)}.pdf"
        write_pdf(path, [(200, 100)], draw, "initial font", "test", "color")
        outputs.append(path.read_bytes())
    assert outputs[0] == outputs[1] == outputs[2]
