"""Fonts: the defaults ship inside the package, a game brings its own, a missing font is an error."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import reportlab
from pdfcheck import ROOT, run
from pypdf import PdfReader

VERA_BOLD = Path(reportlab.__file__).parent / "fonts" / "VeraBd.ttf"
GAME = """name: Font Test
version: "1"
licence: CC0
players: "2"
fonts:
  headline: {file: fonts/Headline.ttf, licence: Bitstream Vera Fonts licence}
sections: [cards]
"""
CARDS = """components:
  cards:
    kind: card
    title: Cards
    faces:
      front:
        draw:
          - text: {text: "{name}", font: headline, box: [5%, 5%, 90%, 20%], size: 16pt}
          - text: {text: "Plain words", box: [5%, 40%, 90%, 20%]}
    items: [{name: Alpha}, {name: Beta}]
"""


def make_game(tmp: Path, cards: str = CARDS) -> Path:
    folder = tmp / "fonttest"
    (folder / "fonts").mkdir(parents=True)
    shutil.copy(VERA_BOLD, folder / "fonts" / "Headline.ttf")
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(cards)
    return folder


def embedded_fonts(pdf: Path) -> set[str]:
    found: set[str] = set()

    def walk(node) -> None:
        res = node.get("/Resources", {})
        for f in res.get("/Font", {}).values():
            font = f.get_object()
            for d in font.get("/DescendantFonts", [font]):
                d = d.get_object()
                desc = d.get("/FontDescriptor")
                if desc is not None and "/FontFile2" in desc.get_object():
                    found.add(str(font["/BaseFont"]).split("+")[-1])
        for x in res.get("/XObject", {}).values():
            walk(x.get_object())

    for page in PdfReader(pdf).pages:
        walk(page)
    return found


def test_game_font_is_embedded_and_subset(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    result = run("build", folder, "--content", folder, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    fonts = embedded_fonts(tmp_path / "out" / "fonttest-letter-color.pdf")
    assert "BitstreamVeraSans-Bold" in fonts and "DejaVuSans" in fonts, fonts


def test_unknown_or_broken_font_is_an_error(tmp_path: Path) -> None:
    folder = make_game(tmp_path, CARDS.replace("font: headline", "font: headlin"))
    result = run("build", folder, "--content", folder, "--out", tmp_path / "out")
    assert result.exit_code == 1 and 'unknown font "headlin"' in result.output and "headline" in result.output
    (folder / "cards.yaml").write_text(CARDS)
    (folder / "fonts" / "Headline.ttf").write_bytes(b"not a font")
    result = run("build", folder, "--content", folder, "--out", tmp_path / "out")
    assert result.exit_code == 1 and "fonts/Headline.ttf: not a TrueType or OpenType font file" in result.output


def test_wheel_installed_outside_the_checkout_prints_in_both_fonts(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
                   check=True, capture_output=True)
    target = tmp_path / "installed"
    (wheel,) = wheels.glob("genpnp-*.whl")
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
                   check=True, capture_output=True)
    assert (target / "genpnp" / "data" / "fonts" / "DejaVuSans.ttf").is_file()
    folder = make_game(tmp_path / "games")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # -S: no site .pth files, so the checkout's editable install cannot shadow the installed wheel
    env = dict(os.environ, PYTHONPATH=f"{target}{os.pathsep}{sysconfig.get_paths()['purelib']}")
    code = "import sys, genpnp; assert 'installed' in genpnp.__file__, genpnp.__file__; " \
           "from genpnp.commands.cli import main; sys.argv = ['genpnp'] + sys.argv[1:]; main()"
    done = subprocess.run([sys.executable, "-S", "-c", code, "build", str(folder), "--content",
                           str(tmp_path / "games"), "--out", str(elsewhere / "out")], cwd=elsewhere, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    fonts = embedded_fonts(elsewhere / "out" / "fonttest-letter-color.pdf")
    assert "BitstreamVeraSans-Bold" in fonts and "DejaVuSans" in fonts, fonts
