"""Converted SVGs are kept by content hash: a rebuild reads them back exactly, without svglib."""

from __future__ import annotations

from pathlib import Path

import pytest

from genpnp import usercache
from genpnp.backends import svgread

ICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20" height="20">
<circle cx="10" cy="10" r="8" fill="currentColor"/><rect x="2" y="2" width="5" height="3" fill="#c03030"
stroke="#102030" stroke-width="0.5"/></svg>"""


def test_a_cached_svg_reads_back_the_same_shapes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GENPNP_CACHE", str(tmp_path / "cache"))
    icon = tmp_path / "icon.svg"
    icon.write_text(ICON, encoding="utf-8")
    first = svgread._read.__wrapped__(icon, None, 0, 0)  # parsed, and stored
    assert len(list((tmp_path / "cache").glob("*.bin"))) == 1
    monkeypatch.setattr(svgread, "_parse", lambda path, data: pytest.fail("parsed again instead of read back"))
    again = svgread._read.__wrapped__(icon, None, 0, 0)
    assert again == first and again.uses_current  # currentColor keeps its identity
    icon.write_text(ICON.replace("#c03030", "#30c030"), encoding="utf-8")  # new content: a new key
    with pytest.raises(pytest.fail.Exception):
        svgread._read.__wrapped__(icon, None, 1, 1)


def test_the_cache_can_be_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GENPNP_CACHE", "off")
    assert not usercache.enabled()
    icon = tmp_path / "icon.svg"
    icon.write_text(ICON, encoding="utf-8")
    assert svgread._read.__wrapped__(icon, None, 0, 0).width == 15  # 20 px = 15 pt
