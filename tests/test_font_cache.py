"""Parsed fonts kept in the user cache read back as the font reportlab parses, and PDFs stay byte for
byte the same with the cache cold, warm, damaged or off."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from pdfcheck import run
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from genpnp import fontcache, fonts

SANS = fonts.font_path("sans")


def _same_font(a: TTFont, b: TTFont) -> None:
    assert set(vars(a)) == set(vars(b))
    assert (a.fontName, a._asciiReadable, a.shapable) == (b.fontName, b._asciiReadable, b.shapable)
    fa, fb = vars(a.face), vars(b.face)
    assert set(fa) == set(fb)
    for name in fa:
        if name == "_pdfScale":
            assert all(fa[name](x) == fb[name](x) for x in range(-3000, 3000, 7))
        else:
            assert fa[name] == fb[name] and type(fa[name]) is type(fb[name]), name
    assert a.face.name.ustr == b.face.name.ustr


def test_a_cached_font_reads_back_as_the_parsed_font(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GENPNP_CACHE", str(tmp_path / "cache"))
    parsed = TTFont("gp-x", str(SANS))
    first = fontcache.load("gp-x", SANS)  # parsed, and stored
    assert len(list((tmp_path / "cache").glob("*.bin"))) == 1
    monkeypatch.setattr(TTFontFace, "__init__", lambda *a, **k: pytest.fail("parsed again instead of read back"))
    again = fontcache.load("gp-x", SANS)
    _same_font(first, parsed)
    _same_font(again, parsed)
    assert again.face is not first.face  # a new object, not a left-over of this process


def test_a_damaged_cache_entry_is_parsed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GENPNP_CACHE", str(tmp_path / "cache"))
    fontcache.load("gp-x", SANS)
    (entry,) = (tmp_path / "cache").glob("*.bin")
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 0xFF
    entry.write_bytes(bytes(data))
    _same_font(fontcache.load("gp-x", SANS), TTFont("gp-x", str(SANS)))
    entry.write_bytes(b"genpnp-ttf-1\0")  # cut off
    _same_font(fontcache.load("gp-x", SANS), TTFont("gp-x", str(SANS)))


def test_the_font_cache_can_be_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GENPNP_CACHE", "off")
    _same_font(fontcache.load("gp-x", SANS), TTFont("gp-x", str(SANS)))
    assert not (tmp_path / "cache").exists()


def _build_digest(tmp_path: Path, name: str) -> str:
    fonts.ttfont.cache_clear()
    fonts._metrics.cache_clear()
    out = tmp_path / name
    result = run("build", "berzerka", "--component", "deck", "--component", "rules", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    (pdf,) = out.glob("*.pdf")
    return hashlib.sha256(pdf.read_bytes()).hexdigest()


def test_pdfs_are_the_same_bytes_with_the_cache_off_cold_and_warm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    try:
        monkeypatch.setenv("GENPNP_CACHE", "off")
        off = _build_digest(tmp_path, "off")
        monkeypatch.setenv("GENPNP_CACHE", str(tmp_path / "cache"))
        cold = _build_digest(tmp_path, "cold")
        assert list((tmp_path / "cache").glob("*.bin"))
        warm = _build_digest(tmp_path, "warm")
    finally:
        fonts.ttfont.cache_clear()
        fonts._metrics.cache_clear()
    assert off == cold == warm
