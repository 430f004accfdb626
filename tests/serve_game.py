"""A small game and a running `genpnp serve` for tests/test_serve*.py."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

GAME = """name: Serve Test
version: "1.0"
licence: "CC BY 4.0"
players: "2"
sections: [cards]
"""

COMPONENTS = """components:
  cards:
    kind: card
    title: Cards
    size: 63mm x 88mm
    back: back
    faces:
      front:
        fill: "#fffdf7"
        stroke: "#333333"
        draw:
          - rect: {box: [6%, 4%, 88%, 92%], stroke: "{colour}", width: 2pt, radius: 2mm}
          - text: {text: "{title}", box: [10%, 10%, 80%, 16%], size: 16pt, font: sans-bold, color: "{colour}"}
          - text: {text: "{text}", box: [12%, 34%, 76%, 50%], size: 10pt, valign: top}
      back:
        fill: "#1f4e79"
        draw:
          - rect: {box: [8%, 6%, 84%, 88%], stroke: "#ffffff", width: 1pt, radius: 2mm}
          - text: {text: SERVE TEST, box: [10%, 42%, 80%, 16%], size: 15pt, font: sans-bold, color: "#ffffff"}
    items: {csv: cards.csv}
"""

CSV = """title,text,colour
Draw Two,Draw two cards from the deck.,#c0392b
Skip,The next player misses a turn.,#27ae60
Swap,Swap one card with any player.,#8e44ad
Peek,Look at the top three cards of the deck.,#d35400
"""

ROOT = Path(__file__).resolve().parent.parent


def make_game(root: Path) -> Path:
    folder = root / "content" / "serve-test"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "components.yaml").write_text(COMPONENTS, encoding="utf-8")
    (folder / "cards.csv").write_text(CSV, encoding="utf-8")
    return folder


def genpnp_command() -> list[str]:
    script = Path(sys.executable).parent / "genpnp"
    return [str(script)] if script.exists() else [sys.executable, "-m", "genpnp"]


class Served:
    """`genpnp serve GAME` in a subprocess; ``url`` once it serves, its stderr lines in ``lines``."""

    def __init__(self, root: Path, *args: str) -> None:
        self.lines: list[str] = []
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([*genpnp_command(), "serve", "serve-test", "--content", str(root / "content"),
                                      "--out", str(root / "out"), *args],
                                     cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.url = ""
        found = threading.Event()

        def read() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                self.lines.append(line.rstrip("\n"))
                match = re.search(r"serving (http://127\.0\.0\.1:\d+/)", line)
                if match:
                    self.url = match[1]
                    found.set()

        self.reader = threading.Thread(target=read, daemon=True)
        self.reader.start()
        if not found.wait(30):
            self.stop()
            raise AssertionError("genpnp serve did not start:\n" + "\n".join(self.lines))

    def wait_for(self, text: str, timeout: float = 30) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for line in self.lines:
                if text in line:
                    return line
            time.sleep(0.05)
        raise AssertionError(f"no {text!r} in:\n" + "\n".join(self.lines))

    def stop(self) -> int:
        """Ctrl-C, as a user stops it; the exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            code = self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        self.reader.join(5)
        return code
