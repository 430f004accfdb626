"""genpnp benchmarks: `make bench` prints a table and writes bench/RESULTS.md.

1. The 52-card deck (Berzerka's deck alone, Letter, no backs) against bench/plain_deck.py, plain reportlab
   doing the same drawing, in paired runs: wall time and peak memory (RSS), each run in its own subprocess
   (os.wait4); a rebuild (user cache warm) and a first build (cache off).
2. Scale: generated decks of 520, 5,200 and 41,600 cards (52 faces, each with a qty; a build writes at most
   5,000 pages): time per card and peak.
3. Every game in content/ with default options: wall time and PDF bytes per page.
4. The bw and saver builds of all games, and Mapmaker's bw build, against the colour build (paired runs).
5. The map solver on large random maps (bench/solver_bench.py, when it exists).
6. `genpnp serve`: save-to-updated-image latency of one-item edits of the 52-card deck (bench/serve_bench.py).
7. `genpnp release` of the default matrix with -j 1 and -j 2 in paired runs: the speed-up, and the outputs compared
   byte for byte (goal: -j 2 at least 1.6x faster on 2 cores, the same bytes).
8. `genpnp export` of Berzerka's faces as PNGs at 300 dpi with -j 1 and -j 2: faces per second (goal: at least 100
   with both cores), the PNGs compared byte for byte.

The bench stops with an error (after writing RESULTS.md) when a parallel run's outputs differ from the one-core run's.

    .venv/bin/python bench/run.py [--repeat 3] [--no-scale]
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import importlib.util
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
GENPNP = [str(BIN / "genpnp")] if (BIN / "genpnp").exists() else [sys.executable, "-m", "genpnp"]
PLAIN = [sys.executable, str(ROOT / "bench" / "plain_deck.py")]
CACHE_SECTION = "## What the cache buys"  # written by bench/cache_value.py --write
SUITS = [("Hearts", "#D7263D"), ("Diamonds", "#1C3F94"), ("Clubs", "#3FA34D"), ("Spades", "#1A1A1A")]


@dataclass(frozen=True)
class Run:
    wall: float  # seconds
    peak_mb: float  # maximum resident set size of the process
    stdout: str
    cpu: float = 0.0  # user + system seconds of the process and the workers it waited for


def measure(cmd: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None,
            before: Callable[[], None] | None = None) -> Run:
    """Run ``cmd`` in its own process; its wall time, its CPU time and its own peak RSS (os.wait4: this child
    only). ``before`` runs first, untimed (an edit of a content file)."""
    if before is not None:
        before()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=err, text=True,
                                env=None if env is None else {**os.environ, **env})
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if proc.returncode != 0:
            raise SystemExit(f"benchmark command failed ({proc.returncode}): {' '.join(cmd)}\n{err.read()}")
        return Run(wall, usage.ru_maxrss / 1024.0, out.read(), usage.ru_utime + usage.ru_stime)


def paired(a: list[str], b: list[str], repeat: int, env_a: dict[str, str] | None = None,
           before_a: Callable[[], None] | None = None, env_b: dict[str, str] | None = None) -> list[tuple[Run, Run]]:
    """``repeat`` pairs of runs of ``a`` and ``b`` back to back, alternating which goes first (a shared
    machine's speed drifts over a minute, so each pair sees the same machine)."""
    pairs = []
    for i in range(repeat):
        if i % 2 == 0:
            run_a = measure(a, env=env_a, before=before_a)
            run_b = measure(b, env=env_b)
        else:
            run_b = measure(b, env=env_b)
            run_a = measure(a, env=env_a, before=before_a)
        pairs.append((run_a, run_b))
    return pairs


def digests(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (its path inside) -> the SHA-256 of its bytes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


LOADS: dict[str, str] = {}  # the machine's load average when a parallel job's runs began
DIFFERENT: list[str] = []  # parallel runs whose outputs were not the one-core run's bytes


def machine() -> dict[str, str]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import reportlab

    return {
        "date": datetime.date.today().isoformat(),
        "cpu": f"{cpu} ({os.cpu_count()} logical CPUs)",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "reportlab": reportlab.Version,
        "load": " ".join(f"{v:.1f}" for v in os.getloadavg()),
    }


def write_deck_game(folder: Path, copies_each: int) -> Path:
    """A game with one card component: 4 suits x 13 ranks, corner text and a centre shape, each qty times."""
    game = folder / f"deck{52 * copies_each}"
    game.mkdir(parents=True, exist_ok=True)
    (game / "game.yaml").write_text('name: Bench deck\nversion: "1"\nlicence: CC0\nplayers: "2"\nsections: [deck]\n')
    lines = [
        "components:", "  deck:", "    kind: card", "    faces:", "      front:", '        fill: "#fffdf7"',
        '        stroke: "#9a9a9a"', "        draw:",
        '          - rect: {box: [20%, 7%, 60%, 86%], stroke: "{colour}", width: 0.8pt, radius: 2.5mm}',
        '          - text: {text: "{rank}", box: [2%, 2.5%, 17%, 8%], font: sans-bold, size: 15pt, '
        'color: "{colour}"}',
        '          - text: {text: "{rank}", box: [81%, 89.5%, 17%, 8%], font: sans-bold, size: 15pt, '
        'color: "{colour}", rotate: 180}',
        '          - polygon: {box: [25%, 17%, 50%, 36%], sides: 4, fill: "{colour}"}',
        '          - text: {text: "{rank}", box: [22%, 56%, 56%, 22%], font: sans-bold, size: 48pt, '
        'color: "{colour}"}',
        '          - text: {text: "{suit}", box: [22%, 79%, 56%, 7%], size: 9pt, color: "{colour}"}',
        "    items:",
    ]
    for name, colour in SUITS:
        for rank in range(1, 14):
            lines.append(f'      - {{suit: {name}, rank: "{rank}", colour: "{colour}", qty: {copies_each}}}')
    (game / "components.yaml").write_text("\n".join(lines) + "\n")
    return game


def pages_of(stdout: str) -> int:
    found = re.findall(r"\((\d+) pages\)", stdout)
    return sum(int(n) for n in found)


def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    line = "| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths)) + " |"
    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    body = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |" for r in rows]
    return "\n".join([line, rule, *body])


def bench_deck(tmp: Path, repeat: int) -> tuple[str, dict[str, float]]:
    games = tmp / "deck-content"
    if (ROOT / "content" / "berzerka" / "game.yaml").exists():
        shutil.copytree(ROOT / "content" / "berzerka", games / "berzerka")
        what = "Berzerka's deck (`genpnp build berzerka --component deck --set components.deck.back=`)"
        edited = games / "berzerka" / "components.yaml"
        cmd = GENPNP + ["build", "berzerka", "--content", str(games), "--component", "deck", "--set",
                        "components.deck.back=", "--paper", "letter", "--out", str(tmp / "deck"), "-q"]
    else:
        what = "a generated 52-card deck (content/berzerka is not there)"
        game = write_deck_game(games, 1)
        edited = game / "components.yaml"
        cmd = GENPNP + ["build", "--content", str(game), "--out", str(tmp / "deck"), "-q"]
    original = edited.read_text(encoding="utf-8")
    edits = [0]

    def edit() -> None:  # one edit, as a designer saves a file: the build reads that file anew
        edits[0] += 1
        edited.write_text(original + f"\n# edit {edits[0]}\n", encoding="utf-8")

    plain = PLAIN + ["--cards", "52", "--out", str(tmp / "plain.pdf")]
    cache = {"GENPNP_CACHE": str(tmp / "cache")}
    measure(cmd, env=cache)  # the first build fills the cache (converted SVGs)
    measure(plain)
    rows, ratios = [], {}
    for label, env, pairs in (("one-edit rebuild", cache, repeat),
                              ("first build (GENPNP_CACHE=off)", {"GENPNP_CACHE": "off"}, max(3, repeat // 2))):
        runs = paired(cmd, plain, pairs, env, before_a=edit)
        med = statistics.median
        ratio = med(a.wall / b.wall for a, b in runs)
        ratios[label] = ratio
        rows.append([f"genpnp build, {label}",
                     f"{med(a.wall for a, _ in runs):.3f} / {med(b.wall for _, b in runs):.3f}",
                     f"{ratio:.2f}x", f"{med(a.cpu for a, _ in runs):.3f} / {med(b.cpu for _, b in runs):.3f}",
                     f"{med(a.cpu / b.cpu for a, b in runs):.2f}x",
                     f"{max(a.peak_mb for a, _ in runs):.0f} / {max(b.peak_mb for _, b in runs):.0f}",
                     f"{max(a.peak_mb for a, _ in runs) / max(b.peak_mb for _, b in runs):.2f}x"])
    text = (f"Job: {what}, Letter, no backs, against `bench/plain_deck.py --cards 52` (plain reportlab, the same "
            f"drawing). Paired runs ({repeat} pairs for the rebuild, {max(3, repeat // 2)} with the cache off; which "
            "goes first alternates); ratio = median of the per-pair ratios; CPU time is user + system. Before each "
            "genpnp run a comment is added to the deck's components.yaml, as a designer's save would change it; "
            "the rebuild reads the converted SVGs from the user cache (`$GENPNP_CACHE`), the first build of a "
            "game converts them. Goal: at most 2.0x.\n\n")
    return text + table(["52-card deck", "wall s (genpnp / plain)", "time ratio", "CPU s (genpnp / plain)",
                         "CPU ratio", "peak MB", "memory ratio"], rows), {"time": ratios["one-edit rebuild"]}


def bench_scale(tmp: Path, sizes: list[int]) -> tuple[str, dict[str, float]]:
    rows, peaks = [], {}
    for cards in sizes:
        game = write_deck_game(tmp / "games", cards // 52)
        ours = measure(GENPNP + ["build", "--content", str(game), "--out", str(tmp / "scale"), "-q"])
        plain = measure(PLAIN + ["--cards", str(cards), "--out", str(tmp / "plain-scale.pdf")])
        size = sum(p.stat().st_size for p in (tmp / "scale").glob(f"{game.name}-*.pdf"))
        peaks[cards] = ours.peak_mb
        rows.append([f"{cards:,}", f"{ours.wall:.2f}", f"{1000 * ours.wall / cards:.2f}", f"{ours.peak_mb:.0f}",
                     f"{size / 1e6:.1f}", f"{1000 * plain.wall / cards:.2f}", f"{plain.peak_mb:.0f}"])
    growth = peaks[max(peaks)] / peaks[min(peaks)]
    text = table(["cards", "wall s", "ms/card", "peak MB", "PDF MB", "plain ms/card", "plain peak MB"], rows)
    text += f"\n\nPeak memory at {max(peaks):,} cards / at {min(peaks):,} cards: {growth:.2f}x (goal: at most 1.5x)."
    return text, {"growth": growth}


def bench_games(tmp: Path) -> str:
    rows = []
    total = 0.0
    for game in sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml")):
        out = tmp / "games-out" / game
        run = measure(GENPNP + ["build", game, "--out", str(out)])
        pages = pages_of(run.stdout)
        size = sum(p.stat().st_size for p in out.glob("*.pdf"))
        total += run.wall
        rows.append([game, f"{run.wall:.2f}", f"{run.peak_mb:.0f}", str(pages), f"{size / 1e3:.0f}",
                     f"{size / max(pages, 1) / 1e3:.1f}"])
    rows.append(["**sum of the five**", f"{total:.2f}", "", "", "", ""])
    every = measure(GENPNP + ["build", "--out", str(tmp / "games-all"), "-q"])
    rows.append(["**all games, one `genpnp build`**", f"{every.wall:.2f}", f"{every.peak_mb:.0f}", "", "", ""])
    return ("Each game built alone (`genpnp build GAME`), then all five by one command (`genpnp build`, CPU "
            f"{every.cpu:.2f} s). No plain reportlab program draws these games.\n\n"
            + table(["game", "wall s", "peak MB", "pages", "PDF kB", "kB/page"], rows))


def pdf_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.glob("*.pdf"))


def paired_ratio(base: list[str], other: list[str], out_base: Path, out_other: Path, repeat: int) -> dict[str, float]:
    """Runs of ``base`` and ``other`` alternating (base first, then other first, ...), ``repeat`` pairs:
    the median of each one's time, the median of the per-pair time ratios, and the ratio of PDF bytes."""
    runs = paired(base, other, repeat)
    base_t, other_t = [a.wall for a, _ in runs], [b.wall for _, b in runs]
    size_base, size_other = pdf_bytes(out_base), pdf_bytes(out_other)
    return {"base": statistics.median(base_t), "other": statistics.median(other_t),
            "time": statistics.median(b / a for a, b in zip(base_t, other_t)), "bytes": size_other / size_base,
            "base_mb": size_base / 1e6, "other_mb": size_other / 1e6}


def bench_inks(tmp: Path, repeat: int) -> tuple[str, dict[str, float]]:
    """The bw and saver builds against the colour build: all five games, and Mapmaker alone (the game with
    the most patterned pieces), in paired runs."""
    games = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))
    jobs = [("all games", games, "bw"), ("all games", games, "saver")]
    if "mapmaker" in games:
        jobs.append(("mapmaker", ["mapmaker"], "bw"))
    rows, figures = [], {}
    for label, which, ink in jobs:
        out_colour, out_ink = tmp / "ink" / label / "color", tmp / "ink" / label / ink
        base = GENPNP + ["build", *which, "--ink", "color", "--out", str(out_colour), "-q"]
        other = GENPNP + ["build", *which, "--ink", ink, "--out", str(out_ink), "-q"]
        r = paired_ratio(base, other, out_colour, out_ink, repeat)
        figures[f"{label} {ink}"] = r["time"]
        rows.append([f"{label}: --ink {ink} / --ink color", f"{r['other']:.2f} / {r['base']:.2f}",
                     f"{r['time']:.2f}x", f"{r['other_mb']:.2f} / {r['base_mb']:.2f}", f"{r['bytes']:.2f}x"])
    text = (f"Paired runs ({repeat} pairs, alternating which goes first); time ratio = median of the per-pair "
            "ratios. Goal: bw at most 1.5x the colour build's time and 2x its bytes.\n\n")
    return text + table(["build", "wall s", "time ratio", "PDF MB", "bytes ratio"], rows), figures


def bench_solver() -> str:
    path = ROOT / "bench" / "solver_bench.py"
    if not path.exists():
        return "bench/solver_bench.py is not there yet: no solver figures."
    spec = importlib.util.spec_from_file_location("solver_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    results = module.run()
    if not results:
        return "bench/solver_bench.py returned no results."
    headers = list(results[0])
    return table(headers, [[_fmt(r.get(h, "")) for h in headers] for r in results])


def bench_serve() -> tuple[str, dict[str, float]]:
    """Section 6: bench/serve_bench.py (save-to-updated-image latency of `genpnp serve`)."""
    spec = importlib.util.spec_from_file_location("serve_bench", ROOT / "bench" / "serve_bench.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.run()


def one_core_against_two(tmp: Path, name: str, command: Callable[[Path, int], list[str]], repeat: int,
                         env: dict[str, str] | None = None) -> tuple[list[tuple[Run, Run]], bool, dict[str, str]]:
    """Paired runs of ``command(out, 1)`` and ``command(out, 2)`` (which goes first alternating), each into a
    fresh folder; whether every run's files are byte for byte those of the first -j 1 run."""
    folders = {jobs: tmp / name / f"j{jobs}" for jobs in (1, 2)}

    def cmd(jobs: int) -> list[str]:
        return command(folders[jobs], jobs)

    def clear(jobs: int) -> Callable[[], None]:
        return lambda: shutil.rmtree(folders[jobs], ignore_errors=True)

    measure(cmd(1), env=env, before=clear(1))  # warms the user cache (converted SVGs) and the file system
    LOADS[name] = " ".join(f"{v:.1f}" for v in os.getloadavg())
    reference = digests(folders[1])
    same = True
    pairs = []
    for i in range(repeat):
        order = (1, 2) if i % 2 == 0 else (2, 1)
        runs = {}
        for jobs in order:
            runs[jobs] = measure(cmd(jobs), env=env, before=clear(jobs))
            same = same and digests(folders[jobs]) == reference
        pairs.append((runs[1], runs[2]))
    if not same:
        DIFFERENT.append(name)
    return pairs, same, reference


def bench_release(tmp: Path, repeat: int) -> tuple[str, dict[str, float]]:
    """Section 7: `genpnp release` (every game, the default matrix) with one process and with two."""
    pairs, same, files = one_core_against_two(
        tmp, "release", lambda out, jobs: GENPNP + ["release", "--out", str(out), "-j", str(jobs), "-q"], repeat,
        {"GENPNP_CACHE": str(tmp / "cache-release")})
    med = statistics.median
    speedup = med(a.wall / b.wall for a, b in pairs)
    rows = [[f"-j {jobs}", f"{med(p[i].wall for p in pairs):.2f}", f"{med(p[i].cpu for p in pairs):.2f}",
             f"{max(p[i].peak_mb for p in pairs):.0f}"] for i, jobs in ((0, 1), (1, 2))]
    text = (f"Job: `genpnp release -j N` (every game in content/, the default matrix of papers, inks and backs: "
            f"{len(files)} files, PDFs, previews, manifest and zips), {repeat} pairs of -j 1 and -j 2 runs, which "
            "goes first alternating, each into an empty folder with a warm user cache; CPU time is the process's "
            "and its workers'; peak MB is the largest process's. No plain reportlab program draws these games.\n\n"
            + table(["release", "wall s", "CPU s", "peak MB"], rows)
            + f"\n\n-j 2 is {speedup:.2f}x faster than -j 1 (median of the per-pair ratios; goal: at least 1.6x on "
            f"2 cores: {'met' if speedup >= 1.6 else 'NOT met'}; load average when the runs began: "
            f"{LOADS['release']}, and two cores shared with other work cannot give -j 2 its second core). Outputs "
            f"of every run byte-identical to the first -j 1 run's: {'yes' if same else 'NO'}.")
    return text, {"speedup": speedup}


def bench_export(tmp: Path, repeat: int) -> tuple[str, dict[str, float]]:
    """Section 8: `genpnp export` of Berzerka's faces as PNGs at 300 dpi, one process against two."""
    game = "berzerka" if (ROOT / "content" / "berzerka" / "game.yaml").exists() else \
        sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))[0]
    pairs, same, files = one_core_against_two(
        tmp, "export", lambda out, jobs: GENPNP + ["export", game, "--dpi", "300", "--out", str(out), "-j", str(jobs),
                                                   "-q"], repeat, {"GENPNP_CACHE": str(tmp / "cache-export")})
    faces = sum(1 for name in files if name.endswith(".png"))
    med = statistics.median
    rates = [faces / med(p[i].wall for p in pairs) for i in (0, 1)]
    rows = [[f"-j {jobs}", f"{med(p[i].wall for p in pairs):.2f}", f"{med(p[i].cpu for p in pairs):.2f}",
             f"{rates[i]:.0f}", f"{faces / med(p[i].cpu for p in pairs):.0f}"] for i, jobs in ((0, 1), (1, 2))]
    text = (f"Job: `genpnp export {game} --dpi 300 -j N` ({faces} PNG faces), {repeat} pairs of -j 1 and -j 2 runs, "
            "which goes first alternating, each into an empty folder with a warm user cache; faces per second = "
            "faces / median wall time (the whole command, start-up included). No plain reportlab program draws "
            "these faces; faces per CPU second = faces / median CPU time of the process and its workers (what an "
            "idle core gives, load aside).\n\n"
            + table(["export", "wall s", "CPU s", "faces/s", "faces per CPU s"], rows)
            + f"\n\nWith both cores: {rates[1]:.0f} faces per second (goal: at least 100: "
            f"{'met' if rates[1] >= 100 else 'NOT met'}; load average when the runs began: {LOADS['export']}). PNGs "
            f"of every run byte-identical to the first -j 1 run's: {'yes' if same else 'NO'}.")
    return text, {"faces_per_s": rates[1]}


def _fmt(value: object) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description="genpnp benchmarks")
    parser.add_argument("--repeat", type=int, default=15, help="paired runs of the deck job (median ratio)")
    parser.add_argument("--ink-pairs", type=int, default=5, help="paired runs of each ink build against colour")
    parser.add_argument("--parallel-pairs", type=int, default=3,
                        help="paired -j 1 / -j 2 runs of the release and the export")
    parser.add_argument("--only", default="", help="comma-separated section numbers to run (the rest of RESULTS.md "
                                                  "is kept as it was)")
    parser.add_argument("--sizes", default="520,5200,41600",
                        help="deck sizes of the scale job (multiples of 52; a build writes at most 5,000 pages, "
                             "41,600 poker cards are 4,623 Letter pages)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "RESULTS.md")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    only = {n.strip() for n in args.only.split(",") if n.strip()}
    old = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
    old_sections = {m.group(1): m.group(2).strip() for m in re.finditer(r"^## (.+?)\n\n(.*?)(?=^## |\Z)", old,
                                                                       re.S | re.M)}
    info = machine()
    # Byte-compile genpnp first, as a second run on any machine would have it (an editable install has no
    # .pyc until the first run writes them, and PYTHONDONTWRITEBYTECODE stops even that): the figures are
    # of the work, not of compiling genpnp's source at every start. reportlab's were compiled by pip.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "genpnp")], check=True)
    info["bytecode"] = "genpnp byte-compiled before measuring (python -m compileall genpnp)"
    sections = [("Machine", "\n".join(f"- {k}: {v}" for k, v in info.items()))]
    with tempfile.TemporaryDirectory(prefix="genpnp-bench-") as name:
        tmp = Path(name)
        for title, job in (("1. The 52-card deck against plain reportlab", lambda: bench_deck(tmp, args.repeat)),
                           ("2. Scale", lambda: bench_scale(tmp, sizes)),
                           ("3. Every game in content/ (default options)", lambda: (bench_games(tmp), {})),
                           ("4. Black-and-white and ink-saver builds against colour",
                            lambda: bench_inks(tmp, args.ink_pairs)),
                           ("5. Map solver", lambda: (bench_solver(), {})),
                           ("6. Live preview (genpnp serve)", bench_serve),
                           ("7. Release of the default matrix, one core against two",
                            lambda: bench_release(tmp, args.parallel_pairs)),
                           ("8. Export of faces at 300 dpi, one core against two",
                            lambda: bench_export(tmp, args.parallel_pairs))):
            if only and title.split(".")[0] not in only:
                text = old_sections.get(title, "(not measured in this run)")
            else:
                print(f"## {title}", flush=True)
                text, _ = job()
                print(text + "\n", flush=True)
            sections.append((title, text))
    doc = ["# genpnp benchmark results", "", f"Written by `make bench` (`{Path(sys.executable).name} bench/run.py`)."
           " Times are wall-clock unless CPU is said; memory is the peak resident set size of the measured process.",
           ""]
    for title, text in sections:
        doc += [f"## {title}", "", text, ""]
    kept = old[old.find(CACHE_SECTION):] if CACHE_SECTION in old else ""  # bench/cache_value.py's, kept as it is
    args.out.write_text("\n".join(doc) + ("\n" + kept if kept else ""))
    print(f"written {args.out}")
    if DIFFERENT:
        raise SystemExit(f"outputs of -j 2 differ from -j 1: {', '.join(DIFFERENT)}")


if __name__ == "__main__":
    main()
