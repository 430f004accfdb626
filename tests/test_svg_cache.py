"""Converted SVGs are kept by content hash: a rebuild reads them back exactly, without svglib."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from genpnp.backends import svgread
from genpnp.core import usercache

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


def test_a_rebuild_does_not_import_svglib(tmp_path: Path):
    """The converted shapes come from the cache: svglib, lxml and reportlab.graphics are not imported."""
    root = Path(__file__).resolve().parent.parent
    code = (
        "import sys\n"
        "from genpnp.commands.cli import main\n"
        "try:\n"
        f"    main(['build', 'berzerka', '--set', 'components.deck.back=', '--out', {str(tmp_path / 'o')!r}, '-q'])\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    env = {"GENPNP_CACHE": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                           timeout=300, env=env) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    cold, warm = (set(r.stdout.split()) for r in runs)
    assert "svglib" in cold  # the first build converted
    assert not {"svglib", "lxml"} & warm, warm
