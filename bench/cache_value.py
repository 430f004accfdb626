"""What each kind of entry in the user cache buys: paired runs of the jobs a user runs, with every kind
of entry read from a warm cache against the same job with one kind (or all) left out.

Measured on 2026-11-24 with three kinds (bench/RESULTS.md, "What the cache buys"): converted SVGs
bought 26-30% of a rebuild and a release; parsed content files (YAML) and parsed fonts never more than
7% of any job, so only the SVG kind stays (issue #24: a cache stays where it buys at least 20%).
Kinds measured at that time can be measured again by checking out commit d00ace5.

Jobs: a one-edit rebuild of Berzerka's deck (a comment changed in components.yaml before each run, so
that file misses the cache as after an edit), a build of all five games, a PNG export of Berzerka at
300 dpi, a release of Berzerka (one paper, one ink). Kinds: ``svg`` (converted SVGs), the one kept.
A kind is left out by a runner that makes its lookups miss and its writes do nothing (bench only:
genpnp itself has one switch, ``GENPNP_CACHE=off``).

    .venv/bin/python bench/cache_value.py [--repeat 7] [--jobs rebuild,build,export,release] [--write]

Prints a Markdown table (``--write``: also as the section "What the cache buys" of bench/RESULTS.md):
per job and kind, the median wall and CPU time with the kind left out and with it, and the share of
the job that kind buys (median of per-pair ratios).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("svg",)

SECTION = "## What the cache buys"
INTRO = ("Written by `python bench/cache_value.py --write` ({repeat} pairs per job and kind, which goes first "
         "alternating; share = median of 1 - with/without per pair; CPU time is the process's and its workers', "
         "steadier than wall time on a loaded machine). Each kind of cache entry left out (its "
         "lookups miss, its writes do nothing) against the same job with a warm cache. A kind stays only where "
         "it buys at least 20% of one of these jobs (issue #24).")
HISTORY = """Kinds removed after measuring them (2026-11-24, commit d00ace5, same script, 5-11 pairs; the shared
machine was loaded by other jobs, so single figures move by several points between runs):

| job | parsed content files (YAML) | parsed fonts | converted SVGs (kept) |
|---|---|---|---|
| one-edit rebuild of Berzerka's deck | 1.8%, -5.3% | 3.5%, 6.1% | 26.6%, 25.9% |
| build of all five games | 4.0%, -0.2% | -2.0%, 0.9% | 24.7%, 12.8% |
| export of Berzerka (PNG, 300 dpi) | 6.6% | 16.9%, -5.1% | 18.9% |
| release of Berzerka (letter, color) | 5.5% | 2.1% | 29.8% |

The compiled dataclass methods (`genpnp/codecache.py`, removed with its patch of `dataclasses`) bought
11 ms (5%) of the 52-card deck job (issue #24)."""

RUNNER = """
import sys
skip = set(filter(None, sys.argv[1].split(",")))
from genpnp.core import usercache
key, get, put, missed = usercache.key, usercache.get, usercache.put, set()
def key_(kind, *parts):
    made = key(kind, *parts)
    if kind in skip:
        missed.add(made)
    return made
usercache.key = key_
usercache.get = lambda entry: None if entry in missed else get(entry)
usercache.put = lambda entry, value: None if entry in missed else put(entry, value)
sys.argv = ["genpnp"] + sys.argv[2:]
from genpnp.commands.cli import main
main()
"""


def run(skip: str, args: list[str], env: dict[str, str], before=None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its workers) of one run."""
    if before is not None:
        before()
    start, used = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", RUNNER, skip, *args], cwd=ROOT, env={**os.environ, **env}, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
    return time.perf_counter() - start, cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--jobs", default="rebuild,build,export,release")
    parser.add_argument("--write", action="store_true", help="write the table into bench/RESULTS.md")
    opts = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="genpnp-cache-bench-"))
    env = {"GENPNP_CACHE": str(tmp / "cache")}
    games = tmp / "content"
    shutil.copytree(ROOT / "content", games)
    edited = games / "berzerka" / "components.yaml"
    original = edited.read_text(encoding="utf-8")
    count = [0]

    def edit() -> None:
        count[0] += 1
        edited.write_text(original + f"\n# edit {count[0]}\n", encoding="utf-8")

    jobs = {
        "one-edit rebuild of Berzerka's deck": (["build", "berzerka", "--content", str(games), "--component", "deck",
                                                 "--set", "components.deck.back=", "--paper", "letter",
                                                 "--out", str(tmp / "deck"), "-q"], edit),
        "build of all five games": (["build", "--content", str(games), "--out", str(tmp / "all"), "-q"], None),
        "export of Berzerka (PNG, 300 dpi)": (["export", "berzerka", "--content", str(games),
                                               "--out", str(tmp / "export")], None),
        "release of Berzerka (letter, color)": (["release", "berzerka", "--content", str(games), "--paper", "letter",
                                                 "--ink", "color", "--out", str(tmp / "release"), "-q"], None),
    }
    wanted = opts.jobs.split(",")
    rows = []
    for (label, (args, before)), short in zip(jobs.items(), ("rebuild", "build", "export", "release")):
        if short not in wanted:
            continue
        run("", args, env, before)  # fills the cache
        for kind in (*KINDS, "all") if len(KINDS) > 1 else KINDS:
            skip = ",".join(KINDS) if kind == "all" else kind
            pairs = []
            for i in range(opts.repeat):
                if i % 2 == 0:
                    warm = run("", args, env, before)
                    cold = run(skip, args, env, before)
                else:
                    cold = run(skip, args, env, before)
                    warm = run("", args, env, before)
                pairs.append((cold, warm))
            cells = []
            for i in (0, 1):  # wall, then CPU
                share = statistics.median(1 - w[i] / c[i] for c, w in pairs)
                cells.append(f"{statistics.median(c[i] for c, _ in pairs):.3f} / "
                             f"{statistics.median(w[i] for _, w in pairs):.3f} | {share * 100:.1f}%")
            rows.append(f"| {label} | {kind} | {cells[0]} | {cells[1]} |")
            print(rows[-1], flush=True)
    table = "\n".join(["| job | kind left out | wall s without / with it | share of wall time | "
                       "CPU s without / with it | share of CPU time |", "|---|---|---|---|---|---|", *rows])
    print("\n" + table)
    shutil.rmtree(tmp, ignore_errors=True)
    if opts.write:
        results = ROOT / "bench" / "RESULTS.md"
        old = results.read_text(encoding="utf-8") if results.exists() else ""
        head = old[:old.find(SECTION)] if SECTION in old else old
        results.write_text(head.rstrip("\n") + "\n\n" + SECTION + "\n\n" + INTRO.format(repeat=opts.repeat)
                           + "\n\n" + table + "\n\n" + HISTORY + "\n", encoding="utf-8")
        print(f"written {results}")


if __name__ == "__main__":
    main()
