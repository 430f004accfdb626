"""`genpnp serve`: save-to-updated-image latency for one-item edits of a 52-card deck.

Starts `genpnp serve` (default options, 96 dpi previews) on bench/run.py's generated 52-card deck,
follows its event stream as the page does, and edits one card at a time (its rank, in the YAML of
the items). For each edit: the time from the write to the moment the new image of that card is read
back over HTTP ("image"), and to the moment the PDF, the pages and the audit are up to date too
("pages"). Median of 20 edits, each of a different card.

    .venv/bin/python bench/serve_bench.py [--edits 20] [--write]   # --write: into bench/RESULTS.md
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import GENPNP, ROOT, table, write_deck_game  # noqa: E402

TITLE = "6. Live preview (genpnp serve)"


class Events:
    """The server's event stream, read as the page reads it."""

    def __init__(self, host: str, port: int) -> None:
        self.conn = http.client.HTTPConnection(host, port, timeout=60)
        self.conn.request("GET", "/events")
        self.answer = self.conn.getresponse()

    def next_state(self) -> dict:
        data = []
        while True:
            line = self.answer.fp.readline().decode("utf-8").rstrip("\n")
            if line.startswith("data: "):
                data.append(line[6:])
            elif not line and data:
                return json.loads("".join(data))


def front(state: dict, item: int) -> str:
    return state["components"][0]["items"][item]["faces"][0]["url"]


def run(edits: int = 20) -> tuple[str, dict[str, float]]:
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="genpnp-serve-bench-") as name:
        tmp = Path(name)
        game = write_deck_game(tmp / "content", 1)
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen([*GENPNP, "serve", game.name, "--content", str(tmp / "content"), "--out",
                                 str(tmp / "out")], stderr=subprocess.PIPE, text=True, env=env, cwd=tmp)
        try:
            assert proc.stderr is not None
            for line in proc.stderr:
                found = re.search(r"http://(127\.0\.0\.1):(\d+)/", line)
                if found:
                    host, port = found[1], int(found[2])
                    break
            else:
                raise SystemExit("genpnp serve did not start")
            events = Events(host, port)
            state = events.next_state()
            while state["status"] != "ok":
                state = events.next_state()
            time.sleep(0.5)  # the file watcher runs from here on
            yaml = game / "components.yaml"
            lines = yaml.read_text().splitlines()
            first = next(n for n, text in enumerate(lines) if text.startswith("      - {suit:"))
            image_s, pages_s = [], []
            for edit in range(edits):
                item = (edit * 7) % 52  # a different card each time, spread over the deck
                old = front(state, item)
                lines[first + item] = re.sub(r'rank: "([^"]*)"', rf'rank: "\g<1>{edit % 10}"', lines[first + item])
                started = time.perf_counter()
                yaml.write_text("\n".join(lines) + "\n")
                while front(state, item) == old or state["status"] == "error":
                    state = events.next_state()
                conn = http.client.HTTPConnection(host, port, timeout=30)
                conn.request("GET", front(state, item))
                body = conn.getresponse().read()
                assert body[:4] == b"\x89PNG"
                image_s.append(time.perf_counter() - started)
                while state["status"] != "ok":
                    state = events.next_state()
                pages_s.append(time.perf_counter() - started)
                time.sleep(0.2)
        finally:
            proc.send_signal(2)
            proc.wait(30)
    image, pages = statistics.median(image_s), statistics.median(pages_s)
    rows = [["save to the card's new image (read over HTTP)", f"{image:.3f}", f"{min(image_s):.3f}",
             f"{max(image_s):.3f}"],
            ["save to PDF, pages and audit up to date", f"{pages:.3f}", f"{min(pages_s):.3f}", f"{max(pages_s):.3f}"]]
    text = (f"Job: `genpnp serve` on the generated 52-card deck (bench/run.py's, Letter, default options, 96 dpi "
            f"previews), followed through its event stream as the page follows it; {edits} edits, each of one "
            f"card's rank (a different card each time) in the items' YAML. Goal: the image at most 0.5 s. "
            f"Measured {datetime.date.today()}, load average before {load}.\n\n"
            + table(["one-item edit of a 52-card deck", "median s", "min s", "max s"], rows))
    return text, {"image": image, "pages": pages}


def write_section(text: str, path: Path = ROOT / "bench" / "RESULTS.md") -> None:
    """Put this section into RESULTS.md in place of its earlier version (or at the end)."""
    doc = path.read_text() if path.exists() else "# genpnp benchmark results\n"
    section = f"## {TITLE}\n\n{text}\n"
    pattern = re.compile(rf"^## {re.escape(TITLE)}\n.*?(?=^## |\Z)", re.DOTALL | re.MULTILINE)
    doc = pattern.sub(lambda _: section + "\n", doc) if pattern.search(doc) else doc.rstrip("\n") + "\n\n" + section
    path.write_text(doc.rstrip("\n") + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--write", action="store_true", help="write the section into bench/RESULTS.md")
    args = parser.parse_args()
    text, _ = run(args.edits)
    print(text)
    if args.write:
        write_section(text)


if __name__ == "__main__":
    main()
