"""Where and how genpnp writes (genpnp/core/outputs.py): --out never among a game's files, names from
content never a path outside --out, outputs replaced whole (a killed run leaves the previous one,
the next run removes its temporary files, no worker process outlives the release), every print
option in the PDF's name."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from genpnp.commands.cli import main
from genpnp.core.errors import ContentError, Loc
from genpnp.core.outputs import TEMP, check_name, clean_stale, name_problem, replaced_file, replaced_folder, temp_path
from genpnp.core.units import MM
from genpnp.impose.options import Options

GAME = 'name: Deck\nversion: "1.0"\nlicence: CC0\nplayers: "2"\nsections: [cards, coins]\n'
CARDS = """components:
  cards:
    kind: card
    size: 63mm x 88mm
    faces:
      front:
        draw:
          - rect: {fill: "#d0e0f0"}
          - text: {text: "{title}", size: 14pt}
    items: {csv: cards.csv}
  coins:
    kind: token
    size: 20mm
    faces:
      front:
        draw:
          - text: {text: "{title}", size: 8pt}
    items: [{title: one, qty: 4}, {title: two, qty: 4}]
"""


def make_game(base: Path, cards: int = 18, title: str = "Card") -> Path:
    folder = base / "content" / "deck"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(CARDS)
    (folder / "cards.csv").write_text("title,qty\n" + "".join(f"{title} {n},1\n" for n in range(cards)))
    return folder


def tree(folder: Path) -> dict[str, str]:
    """Every entry under ``folder`` (hidden ones too): relative path -> sha256 of its bytes, or "dir"."""
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        out[rel] = "dir" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def run(*args: object, cwd: Path | None = None) -> tuple[int, str]:
    old = Path.cwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, [str(a) for a in args])
    finally:
        os.chdir(old)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# -- --out among the content --------------------------------------------------------------------

COMMANDS = {
    "build": ("build", "deck", "--content", "content"),
    "export": ("export", "deck", "--content", "content"),
    "tts": ("export", "deck", "--format", "tts", "--content", "content"),
    "release": ("release", "deck", "--content", "content", "-j", "1", "--paper", "a4", "--ink", "color"),
    "preview": ("preview", "deck", "--content", "content", "--dpi", "20"),
    "watch": ("watch", "deck", "--content", "content"),
}
PLACES = ["content", "content/deck", "content/deck/cards", "content/new", ".", "content/deck/cards.csv"]


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_out_among_the_content_is_a_usage_error_and_the_content_is_untouched(tmp_path: Path, command: str) -> None:
    make_game(tmp_path)
    before = tree(tmp_path)
    for place in PLACES:
        code, output = run(*COMMANDS[command], "--out", place, cwd=tmp_path)
        assert code == 2, (place, output)
        assert output.startswith(f"usage error: --out {place} ") and "game" in output, output
        assert tree(tmp_path) == before, place  # byte-identical, nothing added


def test_calibrate_and_watch_previews_refuse_a_game_folder(tmp_path: Path) -> None:
    make_game(tmp_path)
    before = tree(tmp_path)
    code, output = run("calibrate", "--out", "content/deck/calibration.pdf", cwd=tmp_path)
    assert code == 2 and "lies inside" in output
    code, output = run("calibrate", "--out", tmp_path / "elsewhere" / "deck" / "x.pdf", cwd=tmp_path / "content")
    assert code == 0, output  # outside any game: written
    code, output = run(*COMMANDS["watch"], "--out", "out", "--previews", "content/deck/previews", cwd=tmp_path)
    assert code == 2 and output.startswith("usage error: --previews content/deck/previews lies inside")
    assert {k: v for k, v in tree(tmp_path).items() if not k.startswith("elsewhere")} == before


def test_out_inside_a_game_of_another_content_folder_is_refused(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    other = tmp_path / "other"
    make_game(other)
    code, output = run("build", "deck", "--content", folder.parent, "--out", other / "content" / "deck" / "pdf")
    assert code == 2 and "lies inside the game folder" in output


def test_export_and_release_replace_only_folders_genpnp_wrote(tmp_path: Path) -> None:
    make_game(tmp_path)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "deck").mkdir()
    (mine / "deck" / "notes.txt").write_text("the user's own file")
    before = tree(mine)
    for command in ("export", "release"):
        code, output = run(*COMMANDS[command], "--out", "mine", cwd=tmp_path)
        assert code == 2 and "genpnp did not write" in output, output
    assert tree(mine) == before
    assert run(*COMMANDS["export"], "--out", "fresh", cwd=tmp_path)[0] == 0
    first = tree(tmp_path / "fresh")
    assert run(*COMMANDS["export"], "--out", "fresh", cwd=tmp_path)[0] == 0  # its own export: replaced whole
    assert tree(tmp_path / "fresh") == first
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


# -- names from content -------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["x/../../../ESCAPED", "/abs", "..", ".", "", "a\\b", ".hidden", "a\nb", "x" * 101])
def test_a_name_that_is_not_one_file_name_is_refused(name: str) -> None:
    assert name_problem(name) is not None
    with pytest.raises(ContentError) as caught:
        check_name(name, Loc("cards.yaml", 3, 5), "the component name")
    assert str(caught.value.problems[0]).startswith("cards.yaml:3:5: the component name")


@pytest.mark.parametrize("name", ["cards", "Red Tiles", "v1.0", "2024-01", "x.y-z_w", "é"])
def test_ordinary_names_pass(name: str) -> None:
    assert check_name(name, Loc("x"), "name") == name


def test_a_component_named_as_a_path_is_an_error_at_its_line_and_nothing_escapes(tmp_path: Path) -> None:
    folder = make_game(tmp_path / "base")
    (folder / "cards.yaml").write_text(CARDS.replace("  coins:", '  "x/../../../ESCAPED":'))
    (folder / "game.yaml").write_text(GAME.replace("coins", '"x/../../../ESCAPED"'))
    for args in (("validate", "deck"), ("build", "deck", "--out", "out"), ("export", "deck", "--out", "out/png"),
                 ("release", "deck", "--out", "rel", "-j", "1")):
        code, output = run(*args, "--content", "content", cwd=tmp_path / "base")
        assert code == 1, output
        assert 'content/deck/cards.yaml:11:3: the component name "x/../../../ESCAPED" holds a /' in output
    assert sorted(p.name for p in tmp_path.rglob("*ESCAPED*")) == []
    assert sorted(p.name for p in (tmp_path / "base").iterdir()) == ["content"]


@pytest.mark.parametrize("version", ["../../ESCAPED", "/tmp/ESCAPED", ".."])
def test_a_version_that_is_a_path_is_an_error_at_its_line(tmp_path: Path, version: str) -> None:
    folder = make_game(tmp_path / "base")
    (folder / "game.yaml").write_text(GAME.replace('"1.0"', json.dumps(version)))
    code, output = run("release", "deck", "--content", "content", "--out", "rel", "-j", "1", cwd=tmp_path / "base")
    assert code == 1 and "content/deck/game.yaml:2:10: version" in output, output
    assert list(tmp_path.rglob("*ESCAPED*")) == [] and not (tmp_path / "base" / "rel").exists()


# -- file names of PDFs -------------------------------------------------------------------------

def test_every_print_option_is_in_the_file_name() -> None:
    base = Options()
    variants = [Options(margin=8 * MM), Options(copies_as_note=True), Options(bleed=3 * MM),
                Options(bleed=3 * MM, gutter=1 * MM), Options(backs="duplex"), Options(backs="duplex", flip="short"),
                Options(backs="duplex", offset=(1 * MM, -0.5 * MM)), Options(backs="duplex", offset=(1.04 * MM, 0)),
                Options(backs="duplex", offset=(1.01 * MM, 0)), Options(ink="bw"), Options(ink="saver"),
                Options(components=("cards",)), Options(margin=6.4 * MM)]
    names = [o.file_name("deck") for o in [base, *variants]]
    assert len(set(names)) == len(names), names
    assert names[0] == "deck-letter-color.pdf"
    assert names[1] == "deck-letter-color-margin8.pdf" and names[2] == "deck-letter-color-note.pdf"
    assert Options(margin=6.35 * MM).file_name("deck") == names[0]


def test_two_builds_with_different_margins_keep_both_files(tmp_path: Path) -> None:
    make_game(tmp_path)
    assert run("build", "deck", "--content", "content", "--out", "out", cwd=tmp_path)[0] == 0
    assert run("build", "deck", "--content", "content", "--out", "out", "--margin", "10", cwd=tmp_path)[0] == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["deck-letter-color-margin10.pdf",
                                                                    "deck-letter-color.pdf"]


# -- replacing whole, in process ----------------------------------------------------------------

def test_a_failed_file_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "a.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), replaced_file(target) as tmp:
        tmp.write_bytes(b"half")
        raise RuntimeError("drawing failed")
    assert target.read_bytes() == b"old" and os.listdir(tmp_path) == ["a.pdf"]


def test_a_full_disk_names_the_path_and_changes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "rel"
    out.mkdir()
    (out / "manifest.json").write_text("{}")
    with pytest.raises(Exception) as caught, replaced_folder(out, ("manifest.json",)) as tmp:
        (tmp / "a.pdf").write_bytes(b"x")
        raise OSError(28, "No space left on device")  # a write without a file name, as os.write raises
    message = str(caught.value)
    assert message == f"{out}: No space left on device: nothing was written; {out} is as it was"
    assert tree(tmp_path) == {"rel": "dir", "rel/manifest.json": hashlib.sha256(b"{}").hexdigest()}


def test_a_full_disk_during_a_build_says_which_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from genpnp.backends import pdfstream

    make_game(tmp_path)
    assert run("build", "deck", "--content", "content", "--out", "out", cwd=tmp_path)[0] == 0
    before = tree(tmp_path / "out")
    real = pdfstream.streaming_canvas

    def full(out, *args, **kwargs):  # type: ignore[no-untyped-def]
        class Full:
            def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
                return getattr(out, name)

            def write(self, data: bytes) -> int:
                raise OSError(28, "No space left on device")

        return real(Full(), *args, **kwargs)

    monkeypatch.setattr("genpnp.backends.pdf.streaming_canvas", full)
    code, output = run("build", "deck", "--content", "content", "--out", "out", cwd=tmp_path)
    assert code == 1
    assert output.startswith("out/deck-letter-color.pdf: No space left on device: nothing was written"), output
    assert tree(tmp_path / "out") == before


def test_the_next_run_removes_the_temporaries_of_dead_runs_only(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    gone = tmp_path / f".x.pdf.genpnp-{dead_pid}-0badc0de.tmp"
    gone.write_text("left by a killed build")
    gone_dir = tmp_path / f".rel.genpnp-{dead_pid}-0badc0de"
    (gone_dir / "deck").mkdir(parents=True)
    live = temp_path(tmp_path / "y.pdf", ".tmp")  # this process's: in use
    live.write_text("being written")
    other = tmp_path / ".not-ours.tmp"
    other.write_text("someone else's")
    assert TEMP.fullmatch(gone.name) and TEMP.fullmatch(gone_dir.name) and TEMP.fullmatch(live.name)
    assert sorted(clean_stale(tmp_path)) == sorted([gone, gone_dir])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, other.name])


# -- killed runs (real processes) ---------------------------------------------------------------

def descendants(pid: int) -> set[int]:
    """Every process under ``pid`` (from /proc)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            parents.setdefault(ppid, []).append(int(entry))
    out: set[int] = set()
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            out.add(child)
            todo.append(child)
    return out


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


MARK = f"genpnp-test-{os.getpid()}"  # in the environment of every process a test starts, and their children


def marked() -> set[int]:
    """Every running process that carries MARK in its environment (workers included, orphaned or not)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if MARK.encode() in Path(f"/proc/{entry}/environ").read_bytes() and running(int(entry)):
                    found.add(int(entry))
            except OSError:
                continue
    return found


def start(base: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent), "GENPNP_TEST_MARK": MARK}
    return subprocess.Popen([sys.executable, "-m", "genpnp", *args], cwd=base, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def kill_when(proc: subprocess.Popen[str], ready, sig: int) -> tuple[bool, set[int], str]:  # type: ignore[no-untyped-def]
    """Send ``sig`` as soon as ``ready()`` holds (polled every millisecond); returns whether the process
    was still running then, its worker processes at that moment, and its stderr."""
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        if ready():
            workers = descendants(proc.pid)
            proc.send_signal(sig)
            proc.wait(timeout=60)
            return True, workers, proc.communicate(timeout=10)[1]
        time.sleep(0.001)
    return False, set(), proc.communicate(timeout=60)[1]


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if TEMP.fullmatch(p.name) or p.name.endswith(".tmp"))


def described(release: Path) -> None:
    """The release folder holds exactly what its manifests list, with those digests."""
    top = json.loads((release / "manifest.json").read_text())
    listed = {"manifest.json"}
    for entry in top["games"].values():
        listed |= {entry["zip"], entry["manifest"]}
        for build in entry["builds"]:
            for key, digest in (("file", "sha256"), ("preview", "preview_sha256")):
                listed.add(build[key])
                assert hashlib.sha256((release / build[key]).read_bytes()).hexdigest() == build[digest]
        assert hashlib.sha256((release / entry["zip"]).read_bytes()).hexdigest() == entry["zip_sha256"]
    files = {p.relative_to(release).as_posix() for p in release.rglob("*") if p.is_file()}
    assert files == listed


RELEASE = ("release", "deck", "--content", "content", "--out", "rel", "-j", "2", "--paper", "a4", "--paper",
           "letter", "--ink", "color", "-q")


def tmp_release(base: Path) -> Path | None:
    return next((p for p in base.iterdir() if p.name.startswith(".rel.genpnp-")), None)


MOMENTS = {  # when to kill a release, by what its temporary folder holds
    "started": lambda base: tmp_release(base) is not None,
    "a PDF written": lambda base: (t := tmp_release(base)) is not None and any(t.glob("deck/*.pdf")),
    "a preview written": lambda base: (t := tmp_release(base)) is not None and any(t.glob("deck/previews/*.png")),
}


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_killed_release_leaves_the_previous_one_and_no_process(tmp_path: Path, sig: int) -> None:
    folder = make_game(tmp_path, cards=90)
    first = start(tmp_path, *RELEASE)
    assert first.communicate(timeout=120)[0] == "" and first.returncode == 0
    before = tree(tmp_path / "rel")
    (folder / "cards.csv").write_text("title,qty\n" + "".join(f"Changed {n},1\n" for n in range(90)))
    for moment, ready in MOMENTS.items():
        proc = start(tmp_path, *RELEASE)
        alive, workers, err = kill_when(proc, functools.partial(ready, tmp_path), sig)
        assert alive, f"the release ended before '{moment}'"
        assert "Traceback" not in err, err
        assert tree(tmp_path / "rel") == before, (moment, proc.returncode, err)  # the previous release, whole
        described(tmp_path / "rel")
        deadline = time.monotonic() + 5
        while marked() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not marked(), f"workers outlived the release killed at '{moment}'"
        if sig == signal.SIGTERM:
            assert temporaries(tmp_path) == [], moment  # cleaned up on the way out
    done = start(tmp_path, *RELEASE)
    assert done.communicate(timeout=120)[1] == "" and done.returncode == 0
    assert temporaries(tmp_path) == [] and temporaries(tmp_path / "rel") == []
    assert tree(tmp_path / "rel") != before
    described(tmp_path / "rel")


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_killed_build_leaves_the_previous_pdf_and_the_next_build_cleans_up(tmp_path: Path, sig: int) -> None:
    folder = make_game(tmp_path, cards=400)
    args = ("build", "deck", "--content", "content", "--out", "out", "-q")
    assert start(tmp_path, *args).wait(timeout=120) == 0
    before = tree(tmp_path / "out")
    (folder / "cards.csv").write_text("title,qty\n" + "".join(f"Changed {n},1\n" for n in range(400)))
    proc = start(tmp_path, *args)
    alive, _, err = kill_when(proc, lambda: bool(temporaries(tmp_path / "out")), sig)
    assert alive and "Traceback" not in err, err
    assert {k: v for k, v in tree(tmp_path / "out").items() if not TEMP.fullmatch(k)} == before
    if sig == signal.SIGTERM:
        assert temporaries(tmp_path / "out") == []
    assert start(tmp_path, *args).wait(timeout=120) == 0
    assert temporaries(tmp_path / "out") == [] and tree(tmp_path / "out") != before


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_killed_export_leaves_the_previous_one(tmp_path: Path, sig: int) -> None:
    folder = make_game(tmp_path, cards=40)
    args = ("export", "deck", "--content", "content", "--out", "out/png", "--dpi", "100")
    assert start(tmp_path, *args).wait(timeout=120) == 0
    before = tree(tmp_path / "out" / "png")
    (folder / "cards.csv").write_text("title,qty\n" + "".join(f"Changed {n},1\n" for n in range(40)))
    proc = start(tmp_path, *args)

    def half_way() -> bool:
        staged = [p for p in (tmp_path / "out").iterdir() if TEMP.fullmatch(p.name)]
        return bool(staged) and len(list(staged[0].rglob("*.png"))) >= 10

    alive, _, err = kill_when(proc, half_way, sig)
    assert alive and "Traceback" not in err, err
    assert tree(tmp_path / "out" / "png") == before
    if sig == signal.SIGTERM:
        assert temporaries(tmp_path / "out") == []
    assert start(tmp_path, *args).wait(timeout=120) == 0
    assert temporaries(tmp_path / "out") == [] and tree(tmp_path / "out" / "png") != before


@pytest.mark.parametrize("atomic", [True, False], ids=["exchange", "two renames"])
def test_a_folder_is_swapped_in_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, atomic: bool) -> None:
    import genpnp.core.outputs as outputs

    if not atomic:
        monkeypatch.setattr(outputs, "exchange", lambda a, b: False)  # a kernel without renameat2
    out = tmp_path / "rel"
    out.mkdir()
    (out / "manifest.json").write_text("old")
    (out / "gone.pdf").write_text("of the old release")
    with replaced_folder(out, ("manifest.json",)) as tmp:
        (tmp / "manifest.json").write_text("new")
    assert tree(tmp_path) == {"rel": "dir", "rel/manifest.json": hashlib.sha256(b"new").hexdigest()}
