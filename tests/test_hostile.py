"""Hostile inputs that a folder of files cannot hold (symlinks, FIFOs, devices, huge values), each run
in a subprocess bounded in time and memory: a `file:line` error, exit 1, no traceback, no hang, nothing
written, and a previous output left as it was."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

GAME = 'name: Hostile\nversion: "1"\nlicence: CC0\nplayers: "2"\nsections: [cards]\n'
CARDS = """components:
  cards:
    kind: card
    size: 40mm x 60mm
    faces:
      front:
        draw:
          - text: {text: "{title}", size: 10pt}
    items: {csv: cards.csv}
"""
TIME = 60  # seconds per run: far above a normal run (about 1 s), far below a hang
MEMORY = 1_500_000_000  # bytes of address space per run


def limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (TIME, TIME))


def genpnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "genpnp", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=TIME, preexec_fn=limits, env={**os.environ, "PYTHONPATH": str(Path.cwd())})


def game(tmp_path: Path, csv: str = "title,qty\nAce,1\n") -> Path:
    folder = tmp_path / "content" / "hostile"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(CARDS)
    (folder / "cards.csv").write_text(csv)
    return folder


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path, bytes]:
    """A good game built once: (game folder, output folder, the PDF's bytes)."""
    folder = game(tmp_path)
    done = genpnp("build", "--content", "content", "--out", "out", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    return folder, tmp_path / "out", pdf.read_bytes()


def refused(tmp_path: Path, out: Path, before: bytes, where: str, words: str, *extra: str) -> None:
    done = genpnp("build", "--content", "content", "--out", "out", *extra, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert any(line.startswith(where) and words in line for line in done.stderr.splitlines()), done.stderr
    assert [p.read_bytes() for p in out.glob("*.pdf")] == [before]  # the previous output is intact
    assert sorted(p.name for p in out.iterdir()) == ["hostile-letter-color.pdf"]  # and nothing else


def test_a_component_file_linked_from_outside_the_game(built, tmp_path: Path) -> None:
    folder, out, before = built
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("components: {}\n")
    (folder / "more.yaml").symlink_to(outside)
    refused(tmp_path, out, before, "content/hostile/more.yaml:1:1", "outside the game folder")


def test_a_symlink_loop_and_a_fifo_as_files(built, tmp_path: Path) -> None:
    folder, out, before = built
    (folder / "loop.yaml").symlink_to(folder / "loop2.yaml")
    (folder / "loop2.yaml").symlink_to(folder / "loop.yaml")
    refused(tmp_path, out, before, "content/hostile/loop.yaml:1:1", "cannot read file")
    (folder / "loop.yaml").unlink()
    (folder / "loop2.yaml").unlink()
    os.mkfifo(folder / "pipe.yaml")
    refused(tmp_path, out, before, "content/hostile/pipe.yaml:1:1", "not a regular file")


def test_items_from_a_device_and_a_fifo(built, tmp_path: Path) -> None:
    folder, out, before = built
    (folder / "cards.csv").unlink()
    (folder / "cards.csv").symlink_to("/dev/zero")
    refused(tmp_path, out, before, "content/hostile/cards.yaml:9:", "leaves the content folder")
    (folder / "cards.csv").unlink()
    os.mkfifo(folder / "cards.csv")
    refused(tmp_path, out, before, "content/hostile/cards.yaml:9:", "not a regular file")


def test_overlays_that_are_devices_fifos_or_bombs(built, tmp_path: Path) -> None:
    _, out, before = built
    refused(tmp_path, out, before, "/dev/urandom:1:1", "not a regular file", "--overlay", "/dev/urandom")
    os.mkfifo(tmp_path / "overlay.yaml")
    refused(tmp_path, out, before, "overlay.yaml:1:1", "not a regular file", "--overlay", "overlay.yaml")
    bomb = "[" + ", ".join(["&a0 [1,1,1,1,1,1,1,1,1,1]"] + [f"&a{i} [{', '.join([f'*a{i-1}'] * 10)}]"
                                                            for i in range(1, 9)]) + "]"
    refused(tmp_path, out, before, "--set", "alias bomb", "--set", f"game.name={bomb}")
    refused(tmp_path, out, before, "--set", "not a finite number", "--set", "game.version=.nan")


def test_huge_values_and_cells(built, tmp_path: Path) -> None:
    folder, out, before = built
    (tmp_path / "big.yaml").write_text("game:\n  name: " + "x" * 2_000_000 + "\n")
    refused(tmp_path, out, before, "big.yaml:2:9", "at most 100,000 are read", "--overlay", "big.yaml")
    (folder / "cards.csv").write_text("title,qty\n" + "y" * 200_000 + ",1\n")
    refused(tmp_path, out, before, "content/hostile/cards.csv:2:1", "at most 100,000 are read")


def test_a_closed_stdout_does_not_stop_the_build(tmp_path: Path) -> None:
    """`genpnp build GAME | head -1`: head leaves after one line; the PDF is still written, quietly."""
    game(tmp_path, "title,qty\n" + "".join(f"Card {i},1\n" for i in range(30)))
    shutil_copy = tmp_path / "content" / "second"
    shutil_copy.mkdir()
    for p in (tmp_path / "content" / "hostile").iterdir():
        (shutil_copy / p.name).write_bytes(p.read_bytes())
    command = f"{sys.executable} -m genpnp build --content content --out out | head -c 1"
    done = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=TIME,
                          env={**os.environ, "PYTHONPATH": str(Path.cwd())})
    assert done.returncode == 0 and "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["hostile-letter-color.pdf",
                                                                    "second-letter-color.pdf"]


def test_a_markdown_list_numbered_with_5000_digits(built, tmp_path: Path) -> None:
    folder, out, before = built
    (folder / "rules.md").write_text("9" * 5000 + ". an item\n")
    (folder / "rules.yaml").write_text("components:\n  rules: {kind: text, source: rules.md}\n")
    (folder / "game.yaml").write_text(GAME.replace("sections: [cards]", "sections: [rules, cards]"))
    refused(tmp_path, out, before, "content/hostile/rules.md:1:1", "numbered with 5000 digits")


def test_a_damaged_game_font_and_a_font_named_by_path(built, tmp_path: Path) -> None:
    folder, out, before = built
    (folder / "bad.ttf").write_bytes(b"not a font at all" * 64)
    (folder / "game.yaml").write_text(GAME + "fonts:\n  title: {file: bad.ttf, licence: none}\n")
    refused(tmp_path, out, before, "content/hostile/game.yaml:7:", "bad.ttf")
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(CARDS.replace('size: 10pt}', 'size: 10pt, font: /etc/passwd}'))
    refused(tmp_path, out, before, "content/hostile/cards.yaml:8:", "font")


def test_font_bombs_are_refused_within_the_memory_limit(built, tmp_path: Path) -> None:
    """A character map naming four billion codes, glyphs past the end, a 5 GB sparse font file: each an
    error at the line that names the font, in a process limited to 1.5 GB."""
    from fontmaker import font, huge_cmap, loca_past_end

    folder, out, before = built
    data = font("Bomb", cff=False)
    cases = [("cmap.ttf", huge_cmap(data), "codes"), ("loca.ttf", loca_past_end(data), "past the end")]
    for name, body, words in cases:
        (folder / name).write_bytes(body)
        (folder / "game.yaml").write_text(GAME + f"fonts:\n  title: {{file: {name}, licence: none}}\n")
        refused(tmp_path, out, before, "content/hostile/game.yaml:7:", words)
    with (folder / "sparse.ttf").open("wb") as f:
        f.truncate(5 * 1024**3)
    (folder / "game.yaml").write_text(GAME + "fonts:\n  title: {file: sparse.ttf, licence: none}\n")
    refused(tmp_path, out, before, "content/hostile/game.yaml:7:", "bytes")
