"""Issue 14: bw pattern fills are PDF tiling patterns defined once; rl_accel changes no byte."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pdfcheck import CONTENT, ROOT
from pypdf import PdfReader

from genpnp.commands.build import build_game
from genpnp.impose.options import Options
from genpnp.load.project import load_game


def _build(tmp_path: Path, game: str, ink: str) -> Path:
    return build_game(load_game(CONTENT / game), Options(ink=ink), tmp_path).path


def test_each_pattern_is_one_object_and_bw_is_no_bigger_than_twice_colour(tmp_path):
    colour, bw = _build(tmp_path, "mapmaker", "color"), _build(tmp_path, "mapmaker", "bw")
    data = bw.read_bytes()
    assert bw.stat().st_size <= 2 * colour.stat().st_size
    assert b"/Pattern" not in colour.read_bytes()  # a file without patterns is reportlab's own
    reader = PdfReader(str(bw))
    with_patterns = [p for p in reader.pages if "/Pattern" in p["/Resources"]]
    assert with_patterns  # the pages drawn after the first pattern name them all
    used = set(with_patterns[-1]["/Resources"]["/Pattern"].keys())
    assert {"/GPpathatch", "/GPpatdots"} <= used <= {f"/GPpat{n}" for n in ("hatch", "cross", "dots", "stripes")}
    assert data.count(b"/PatternType 1") == len(used)  # each pattern once for the whole file
    assert all(set(p["/Resources"]["/Pattern"].keys()) == used for p in with_patterns[1:])
    forms = [x.get_object() for p in reader.pages for x in p["/Resources"].get("/XObject", {}).values()]
    assert any("/Pattern" in f["/Resources"] for f in forms)  # patterned pieces drawn inside reused faces


def test_bytes_are_the_same_without_rl_accel(tmp_path):
    import _rl_accel  # noqa: F401 - installed with genpnp (pyproject), a wheel

    with_accel = _build(tmp_path / "with", "gerrymander", "bw")
    out = tmp_path / "without"
    code = ("import sys; sys.modules['_rl_accel'] = None\n"  # reportlab falls back to its Python code
            "from pathlib import Path\n"
            "from genpnp.commands.build import build_game\nfrom genpnp.load.project import load_game\n"
            "from genpnp.impose.options import Options\n"
            "import reportlab.lib.rl_accel as acc; assert acc.fp_str.__module__ != '_rl_accel', acc.fp_str\n"
            f"build_game(load_game(Path({str(CONTENT / 'gerrymander')!r})), Options(ink='bw'), Path({str(out)!r}))\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
    assert (out / with_accel.name).read_bytes() == with_accel.read_bytes()
