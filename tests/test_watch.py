"""genpnp watch: a save rebuilds the PDF and previews; a broken save reports file:line:col and keeps the
last good build; a burst of saves is one rebuild; Ctrl-C stops the command with exit 0 and no traceback."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from pdfcheck import ROOT

from genpnp.commands.watch import Watcher, watch
from genpnp.impose.options import Options, parse_paper

GAME = """name: Watch Test
version: "1.0"
licence: "CC BY 4.0"
players: "2"
sections: [cards]
"""

CARDS = """components:
  cards:
    kind: card
    faces:
      front:
        fill: "#cc2222"
        draw:
          - text: {text: "{title}", box: [10%, 40%, 80%, 20%], size: 14pt}
    items:
      - {title: First}
      - {title: Second}
"""


def make_game(root: Path) -> Path:
    folder = root / "content" / "watch-test"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    return folder


class Session:
    """A watcher running in a thread, its report lines collected; ``edit`` changes a file once it watches."""

    def __init__(self, folder: Path, out: Path, max_rebuilds: int | None = 1):
        self.lines: list[str] = []
        self.ready, self.stop = threading.Event(), threading.Event()
        self.watcher = Watcher(folder, folder.name, Options(parse_paper("a4")), out, out / "preview", dpi=20,
                               report=self.lines.append)
        self.thread = threading.Thread(target=watch, args=(self.watcher, self.stop, max_rebuilds, self.ready.set),
                                       daemon=True)
        self.thread.start()
        assert self.ready.wait(60), self.lines

    def finish(self, timeout: float = 60) -> None:
        self.thread.join(timeout)
        self.stop.set()
        self.thread.join(5)
        assert not self.thread.is_alive()


def test_a_save_rebuilds_the_pdf_and_previews(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    out = tmp_path / "out"
    session = Session(folder, out)
    pdf = out / "watch-test-a4-color.pdf"
    first, preview = pdf.read_bytes(), (out / "preview" / "watch-test-a4-color-page002.png").read_bytes()
    (folder / "cards.yaml").write_text(CARDS.replace("#cc2222", "#2244cc"), encoding="utf-8")
    session.finish()
    assert session.watcher.rebuilds == 2
    assert "watch-test: changed cards.yaml" in session.lines
    assert sum(line.startswith(f"watch-test: built {pdf} (2 pages) and 3 previews") for line in session.lines) == 2
    assert pdf.read_bytes() != first
    assert (out / "preview" / "watch-test-a4-color-page002.png").read_bytes() != preview


def test_a_broken_save_reports_where_and_keeps_the_last_good_build(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    out = tmp_path / "out"
    session = Session(folder, out)
    pdf = out / "watch-test-a4-color.pdf"
    good, contact = pdf.read_bytes(), (out / "preview" / "watch-test-a4-color-contact.png").read_bytes()
    (folder / "cards.yaml").write_text(CARDS.replace("kind: card", "kind: card\n    sise: 50mm"), encoding="utf-8")
    session.finish()
    errors = [line for line in session.lines if re.match(r".*cards\.yaml:\d+:\d+: ", line)]
    assert len(errors) == 1 and re.match(r".*cards\.yaml:4:5: .*sise.*did you mean \"size\"", errors[0]), errors
    assert session.lines[-1] == f"watch-test: not rebuilt (1 problem(s)); {pdf} is the last good build"
    assert pdf.read_bytes() == good
    assert (out / "preview" / "watch-test-a4-color-contact.png").read_bytes() == contact
    assert sorted(p.name for p in out.iterdir()) == ["preview", "watch-test-a4-color.pdf"]  # no half-written file


def test_the_next_good_save_rebuilds_after_a_broken_one(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    session = Session(folder, tmp_path / "out", max_rebuilds=2)
    (folder / "cards.yaml").write_text("components: [\n", encoding="utf-8")
    deadline = time.monotonic() + 30
    while not any("not rebuilt" in line for line in session.lines) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert any(re.match(r".*cards\.yaml:2:1: ", line) for line in session.lines), session.lines
    (folder / "cards.yaml").write_text(CARDS.replace("Second", "Third"), encoding="utf-8")
    session.finish()
    assert session.lines[-1].startswith("watch-test: built ")


def test_a_burst_of_saves_is_one_rebuild(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    session = Session(folder, tmp_path / "out", max_rebuilds=None)
    for title in ("A", "B", "C", "D"):  # an editor saving several files, or one file in steps
        (folder / "cards.yaml").write_text(CARDS.replace("Second", title), encoding="utf-8")
        (folder / "game.yaml").write_text(GAME.replace("1.0", title), encoding="utf-8")
    deadline = time.monotonic() + 30
    while session.watcher.rebuilds < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.5)  # time for a second rebuild, if the burst were split
    session.stop.set()
    session.finish()
    assert session.watcher.rebuilds == 2, session.lines
    assert "watch-test: changed cards.yaml, game.yaml" in session.lines


def test_the_documented_command_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    """`genpnp watch` as docs/content.md shows it, in a process: it builds, watches, and Ctrl-C ends it."""
    text = (ROOT / "docs" / "content.md").read_text(encoding="utf-8")
    (line,) = re.findall(r"```sh steps=watch\n(.*?)\n```", text, re.S)
    args = shlex.split(line)
    assert args[:2] == ["genpnp", "watch"]
    folder = make_game(tmp_path)
    folder.rename(tmp_path / "content" / args[2])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "genpnp", *args[1:]], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler))
    assert proc.stderr is not None
    seen = [proc.stderr.readline(), proc.stderr.readline()]
    assert "watching" in seen[1], seen
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    _, rest = proc.communicate(timeout=30)
    assert proc.returncode == 0, rest
    assert rest.strip().endswith("stopped watching") and "Traceback" not in rest
    assert (tmp_path / "out" / f"{args[2]}-letter-color.pdf").exists()
    assert (tmp_path / "out" / "preview" / f"{args[2]}-letter-color-contact.png").exists()


def test_any_error_of_a_save_is_reported_and_the_watcher_goes_on(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Bad saves of every kind (broken YAML, an invalid SVG, a broken xlsx, an error no check foresaw):
    one report each, the last good PDF kept, and the next good save builds again."""
    from genpnp.load import project

    folder = make_game(tmp_path)
    lines: list[str] = []
    watcher = Watcher(folder, folder.name, Options(parse_paper("a4")), tmp_path / "out", tmp_path / "out" / "p",
                      dpi=20, report=lines.append)
    assert watcher.rebuild()
    good = watcher.last_good
    assert good is not None
    before = good.read_bytes()
    art = CARDS.replace('          - text:', '          - svg: {file: art/x.svg}\n          - text:')
    (folder / "art").mkdir()
    bad_saves = [("cards.yaml", "components: [\n"), ("art/x.svg", "<svg><circle r='1'></svg>"),
                 ("data.xlsx", "PK\x03\x04 not a workbook")]
    for name, text in bad_saves:
        (folder / "cards.yaml").write_text(art if name != "cards.yaml" else text, encoding="utf-8")
        (folder / name).write_text(text, encoding="utf-8")
        if name == "data.xlsx":
            (folder / "cards.yaml").write_text(CARDS.replace("    items:\n      - {title: First}\n      - {title: "
                                                             "Second}\n", "    items: {csv: data.xlsx}\n"))
        lines.clear()
        assert not watcher.rebuild(), name
        assert lines[-1].startswith("watch-test: not rebuilt") and good.read_bytes() == before, lines
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")

    def crash(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("float division by zero")

    monkeypatch.setattr(project, "load_game", crash)
    lines.clear()
    assert not watcher.rebuild()
    assert any("this save cannot be built (ZeroDivisionError: float division by zero)" in line for line in lines)
    monkeypatch.undo()
    assert watcher.rebuild() and good.read_bytes() == before


def test_an_output_folder_inside_the_game_is_refused_not_silently_ignored(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    lines: list[str] = []
    watcher = Watcher(folder, folder.name, Options(parse_paper("a4")), folder / "out", folder / "out" / "p",
                      report=lines.append)
    assert watch(watcher, max_rebuilds=0) == 2
    assert lines[0].startswith(f"usage error: --out {folder / 'out'} lies inside the game folder")
    assert sorted(p.name for p in folder.iterdir()) == ["cards.yaml", "game.yaml"]
