"""The read side of a game folder as untrusted input (issue #23): a hostile corpus by class.

Each case changes one file of a small good game (cards with an SVG icon and a picture, a rules text,
a CSV) and builds it in its own process under a 60 s and 4 GB limit: exit 1, an error naming the
file (``path:line:col`` or ``path``), no traceback, no MemoryError, and nothing outside the game
folder read. A last test watches every file the process opens (``sys.addaudithook``) while it builds
a game that names files outside itself in every way it can.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIME = 60
MEMORY = 4 * 1024**3

GAME = 'name: Hostile\nversion: "1"\nlicence: CC0\nplayers: "2"\nsections: [cards, rules]\n'
CARDS = """components:
  cards:
    kind: card
    size: 40mm x 60mm
    faces:
      front:
        draw:
          - text: {text: "{title}", size: 10pt, box: [0, 0, 100%, 30%]}
          - svg: {file: art/icon.svg, box: [20%, 40%, 60%, 40%]}
          - image: {file: art/pic.png, box: [0, 80%, 20%, 20%]}
    items: {csv: cards.csv}
  rules:
    kind: text
    title: Rules
    source: text/rules.md
"""
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20">'
        '<circle cx="10" cy="10" r="8" fill="#c03030"/></svg>')
# a 2x2 PNG
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001649444154789c63"
                    "3c2127c7c0c0c0c4c0c0c0c0c000000d0401087d71ca660000000049454e44ae426082")


def limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (TIME, TIME))


def genpnp(*args: str, cwd: Path, code: str | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "genpnp", *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GENPNP_CACHE": str(cwd / "cache")}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=TIME, preexec_fn=limits, env=env)


def make_game(tmp_path: Path) -> Path:
    """The good game (content/hostile) and, beside the content folder, a secret the game must not read."""
    folder = tmp_path / "content" / "hostile"
    (folder / "art").mkdir(parents=True)
    (folder / "text").mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(CARDS)
    (folder / "cards.csv").write_text("title,qty\nAce,1\n")
    (folder / "art" / "icon.svg").write_text(ICON)
    (folder / "art" / "pic.png").write_bytes(PNG)
    (folder / "text" / "rules.md").write_text("# Rules\n\nPlay well.\n")
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "icon.svg").write_text(ICON)
    (secret / "pic.png").write_bytes(PNG)
    (secret / "rules.md").write_text("# Secret\n")
    (secret / "rules.yaml").write_text("rules: []\n")
    (secret / "cards.csv").write_text("title,qty\nSecret,1\n")
    (secret / "items.yaml").write_text("items: [{title: Secret}]\n")
    other = tmp_path / "content" / "other"  # another folder of the content folder: outside this game too
    other.mkdir()
    (other / "rules.yaml").write_text("rules: []\n")
    (other / "icon.svg").write_text(ICON)
    return folder


def svg(body: str, head: str = "") -> str:
    return f'{head}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' \
           f'viewBox="0 0 20 20">{body}</svg>'


def write(name: str, text: str | bytes) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        path = folder / name
        path.unlink(missing_ok=True)
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return change


def replace(name: str, old: str, new: str) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        path = folder / name
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new))
    return change


def link(name: str, target: str) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        path = folder / name
        if path.is_dir() and not path.is_symlink():
            import shutil
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)
        path.symlink_to(target if target.startswith("/") else (folder / target).resolve())
    return change


def fifo(name: str) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        (folder / name).unlink()
        os.mkfifo(folder / name)
    return change


def sparse(name: str, size: int) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        with open(folder / name, "r+b") as f:
            f.truncate(size)
    return change


GB = 1024**3


def font_file(size: int) -> Callable[[Path], None]:
    """game.yaml names a font file of the folder, a sparse file of ``size`` bytes."""
    def change(folder: Path) -> None:
        (folder / "t.ttf").write_bytes(b"")
        sparse("t.ttf", size)(folder)
        replace("game.yaml", "sections:", "fonts: {t: {file: t.ttf, licence: x}}\nsections:")(folder)
    return change

BILLION_LAUGHS = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">' +
                  "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8)) + "]>")

# class -> (change, the file the error must name, words the message must hold)
CASES: dict[str, tuple[Callable[[Path], None], str, str]] = {
    # reading outside the game folder
    "svg-use-other-file": (write("art/icon.svg", svg('<use xlink:href="../../../secret/icon.svg#x"/>')),
                           "cards.yaml", "another file"),
    "svg-use-absolute": (write("art/icon.svg", svg('<use href="/etc/passwd"/>')), "cards.yaml", "another file"),
    "svg-use-inside-file": (write("art/icon.svg", svg('<use href="other.svg#x"/>')), "cards.yaml", "another file"),
    "svg-css-import": (write("art/icon.svg", svg('<style>@import url("../../../secret/x.css");</style>'
                                                 '<circle r="5" cx="9" cy="9"/>')), "cards.yaml", "@import"),
    "svg-fill-url-http": (write("art/icon.svg", svg('<circle r="5" cx="9" cy="9" fill="url(http://example.com/p#x)"/>')),
                          "cards.yaml", "address"),
    "svg-style-url-http": (write("art/icon.svg", svg('<circle r="5" cx="9" cy="9" style="fill:url(http://e.com/x)"/>')),
                           "cards.yaml", "address"),
    "svg-image": (write("art/icon.svg", svg('<image href="../../../secret/pic.png" width="5" height="5"/>')),
                  "cards.yaml", "image"),
    "svg-external-entity": (write("art/icon.svg", svg('<circle r="5" cx="9" cy="9"/>&x;',
                                                       '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>')),
                            "cards.yaml", "entit"),
    "svg-via-symlinked-folder": (link("art", "../../secret"), "cards.yaml", "leaves"),
    "svg-symlink-out": (link("art/icon.svg", "../../secret/icon.svg"), "cards.yaml", "leaves"),
    "image-symlink-out": (link("art/pic.png", "../../secret/pic.png"), "cards.yaml", "leaves"),
    "image-dotdot": (replace("cards.yaml", "art/pic.png", "../../secret/pic.png"), "cards.yaml", "leaves"),
    "markdown-dotdot": (replace("cards.yaml", "text/rules.md", "../../secret/rules.md"), "cards.yaml", "leaves"),
    "markdown-symlink-out": (link("text/rules.md", "../../secret/rules.md"), "cards.yaml", "leaves"),
    "csv-dotdot": (replace("cards.yaml", "cards.csv", "../../secret/cards.csv"), "cards.yaml", "leaves"),
    "items-file-dotdot": (replace("cards.yaml", "{csv: cards.csv}", "{file: ../../secret/items.yaml}"),
                          "cards.yaml", "leaves"),
    "rules-file-dotdot": (replace("game.yaml", "sections:", "rules: {file: ../../secret/rules.yaml}\nsections:"),
                          "game.yaml", "leaves"),
    "rules-file-sibling": (replace("game.yaml", "sections:", "rules: {file: ../other/rules.yaml}\nsections:"),
                           "game.yaml", "leaves"),
    "svg-sibling": (replace("cards.yaml", "art/icon.svg", "../other/icon.svg"), "cards.yaml", "leaves"),
    "rules-file-parent": (replace("game.yaml", "sections:", "rules: {file: ../hostile/../../secret/rules.yaml}\n"
                                                           "sections:"), "game.yaml", "leaves"),
    "font-dotdot": (replace("game.yaml", "sections:", "fonts: {t: {file: ../../secret/t.ttf, licence: x}}\n"
                                                     "sections:"), "game.yaml", "leaves"),
    "font-name-dotdot": (replace("cards.yaml", 'size: 10pt,', 'size: 10pt, font: ../../../secret/x,'),
                         "cards.yaml", "not a font name"),
    "font-5gb-sparse": (font_file(5 * GB), "game.yaml", "bytes"),
    # not a regular file
    "svg-fifo": (fifo("art/icon.svg"), "cards.yaml", "not a regular file"),
    "svg-dev-zero": (link("art/icon.svg", "/dev/zero"), "cards.yaml", "leaves"),
    "image-fifo": (fifo("art/pic.png"), "cards.yaml", "not a regular file"),
    "markdown-fifo": (fifo("text/rules.md"), "cards.yaml", "not a regular file"),
    # sizes, refused by size before reading
    "svg-100mb": (sparse("art/icon.svg", 100 * 1024**2), "cards.yaml", "bytes"),
    "svg-5gb-sparse": (sparse("art/icon.svg", 5 * GB), "cards.yaml", "bytes"),
    "image-5gb-sparse": (sparse("art/pic.png", 5 * GB), "cards.yaml", "bytes"),
    "markdown-25mb": (sparse("text/rules.md", 25 * 1024**2), "rules.md", "bytes"),
    "markdown-5gb-sparse": (sparse("text/rules.md", 5 * GB), "rules.md", "bytes"),
    "csv-5gb-sparse": (sparse("cards.csv", 5 * GB), "cards.csv", "bytes"),
    # parsers: entities, compression, numbers
    "svg-billion-laughs": (write("art/icon.svg", svg('<circle r="5" cx="9" cy="9"/>', BILLION_LAUGHS)),
                           "cards.yaml", "entit"),
    "svg-gzip": (write("art/icon.svg", gzip.compress(ICON.encode() + b" " * 10_000_000)), "cards.yaml", "compressed"),
    "svg-malformed": (write("art/icon.svg", ICON[:-7]), "cards.yaml", "XML"),
    "svg-nan-viewbox": (write("art/icon.svg", ICON.replace('viewBox="0 0 20 20"', 'viewBox="0 0 nan nan"')),
                        "cards.yaml", "icon.svg"),
    "svg-huge-scale": (write("art/icon.svg", svg('<g transform="scale(1e308)"><circle r="8" cx="10" cy="10"/></g>')),
                       "cards.yaml", "not drawable"),
    "svg-huge-stroke": (write("art/icon.svg", svg('<path d="M1 1 L9 9" stroke="#000" stroke-width="1e300"/>')),
                        "cards.yaml", "drawable"),
    "svg-inf-coordinate": (write("art/icon.svg", svg('<path d="M1 1 L1e400 9" stroke="#000"/>')),
                           "cards.yaml", "icon.svg"),
    "markdown-not-utf8": (write("text/rules.md", b"# R\xff\xfe\n"), "rules.md", "UTF-8"),
}


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The good game builds (so each refusal below is caused by its one change)."""
    tmp = tmp_path_factory.mktemp("good")
    make_game(tmp)
    done = genpnp("build", "--content", "content", "--out", "out", "-q", cwd=tmp)
    assert done.returncode == 0, done.stderr
    return tmp


@pytest.fixture(scope="module")
def runs(good: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, str, int]]:
    """Every case built once, three processes at a time (each under its own limits): the case's folder,
    its output and exit code."""
    from concurrent.futures import ThreadPoolExecutor

    def build(case: str) -> tuple[Path, str, int]:
        tmp = tmp_path_factory.mktemp(case)
        CASES[case][0](make_game(tmp))
        done = genpnp("build", "--content", "content", "--out", "out", "-q", cwd=tmp)
        return tmp, done.stdout + done.stderr, done.returncode

    with ThreadPoolExecutor(3) as pool:
        return dict(zip(sorted(CASES), pool.map(build, sorted(CASES))))


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_game_is_a_clear_error(runs: dict[str, tuple[Path, str, int]], case: str) -> None:
    _, named, words = CASES[case]
    tmp_path, output, code = runs[case]
    assert code == 1, output
    assert "Traceback" not in output and "MemoryError" not in output, output
    lines = [line for line in output.splitlines() if re.match(rf"\S*{re.escape(named)}(:\d+:\d+)?: ", line)]
    assert lines, output
    assert any(words.lower() in line.lower() for line in lines), output
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("*.pdf"))


WATCH = r"""
import os, sys
opened = []
def hook(event, args):
    if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        opened.append(os.fsdecode(args[0]))
sys.addaudithook(hook)
from genpnp.commands.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print("\0OPENED" + "\0".join(opened), file=sys.stderr)
sys.exit(code)
"""


class FifoWatch:
    """The SVG and PNG files of the folders a game must not read turned into FIFOs, polled by a thread:
    opening a FIFO for writing without blocking succeeds only while a reader holds it open, so an open
    by a C library (libxml2 following an SVG reference, Pillow), which Python's audit hook does not
    see, is seen. (Files genpnp itself opens are left regular: its own checks refuse a FIFO before
    opening it, which would hide a read the audit hook is there to see.)"""

    def __init__(self, *folders: Path):
        import threading

        self.fifos = []
        for folder in folders:
            for path in sorted(p for p in folder.iterdir() if p.suffix in (".svg", ".png")):
                path.unlink()
                os.mkfifo(path)
                self.fifos.append(path)
        self.opened: set[str] = set()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.poll, daemon=True)

    def poll(self) -> None:
        while not self.stop.is_set():
            for path in self.fifos:
                try:
                    fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
                except OSError:
                    continue  # no reader: nobody opened it
                self.opened.add(path.name)
                os.close(fd)  # the reader sees an empty file
            self.stop.wait(0.002)

    def __enter__(self) -> FifoWatch:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()


def test_the_fifo_watch_sees_an_open_by_a_c_library(tmp_path: Path) -> None:
    """The watch itself: lxml (libxml2, which opens files in C, unseen by Python's audit hooks) parsing
    a watched file is seen."""
    folder = tmp_path / "watched"
    folder.mkdir()
    (folder / "icon.svg").write_text(ICON)
    code = "import sys; from lxml import etree\ntry: etree.parse(sys.argv[1])\nexcept Exception: pass\n"
    with FifoWatch(folder) as watch:
        subprocess.run([sys.executable, "-c", code, str(folder / "icon.svg")], timeout=TIME)
    assert watch.opened == {"icon.svg"}


@pytest.mark.parametrize("cases", [("rules-file-dotdot", "font-dotdot"), ("rules-file-sibling",),
                                   ("svg-sibling", "items-file-dotdot"),
                                   ("svg-use-other-file", "image-symlink-out", "markdown-symlink-out",
                                    "svg-huge-scale")])
def test_nothing_outside_the_game_folder_is_opened(tmp_path: Path, cases: tuple[str, ...]) -> None:
    """A game naming files outside itself in the corpus's ways (game.yaml's first: its errors stop the
    load) is built while every open of the process is recorded: each one is in the game folder, the
    package, the Python installation, the cache or --out; and no file of the secret folder beside the
    content folder, or of another folder in the content folder, is ever opened, by Python or by a C
    library (:class:`FifoWatch`)."""
    folder = make_game(tmp_path)
    for case in cases:
        CASES[case][0](folder)
    (folder / "more.yaml").write_text(CARDS.replace("cards:", "more:", 1).replace("rules:", "more-rules:", 1)
                                      .replace("art/icon.svg", "../../secret/icon.svg"))
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace("rules]", "rules, more, more-rules]"))
    with FifoWatch(tmp_path / "secret", tmp_path / "content" / "other") as watch:
        done = genpnp("build", "--content", "content", "--out", "out", cwd=tmp_path, code=WATCH)
    assert watch.opened == set()
    assert done.returncode == 1, done.stderr
    report, _, opened = done.stderr.partition("\0OPENED")
    assert "Traceback" not in report and len(report.splitlines()) >= len(cases), report
    allowed = [folder.resolve(), (ROOT / "genpnp").resolve(), (tmp_path / "cache").resolve(),
               (tmp_path / "out").resolve(), Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(),
               Path(sys.exec_prefix).resolve(), Path("/dev/null"), Path("/proc/self")]
    allowed += [Path(p).resolve() for p in sys.path if p and "site-packages" in p]
    seen = [p for p in opened.split("\0") if p]
    assert len(seen) > 10
    secret = (tmp_path / "secret").resolve()
    elsewhere = []
    for name in seen:
        path = Path(name) if os.path.isabs(name) else tmp_path / name
        real = path.resolve()
        assert not real.is_relative_to(secret), json.dumps(seen, indent=1)
        if not any(real.is_relative_to(a) or path.absolute().is_relative_to(a) for a in allowed):
            elsewhere.append(name)
    # reportlab looks for its user's settings files when it is imported: named by the library, never by a game
    assert [n for n in elsewhere if Path(n).name not in (".reportlab_mods", ".reportlab_settings")] == []
