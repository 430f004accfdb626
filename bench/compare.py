"""Two checkouts of genpnp on the one-edit rebuild of Berzerka's deck (bench/run.py's job 1), beside plain reportlab.

    .venv/bin/python bench/compare.py --before /path/to/other/checkout [--after .] [--rounds 20]

Each round runs the job with the ``--before`` checkout's package, with the ``--after`` one's (``PYTHONPATH``, from a
folder outside both, so neither is found by accident) and bench/plain_deck.py, in an order that alternates round by
round; before each genpnp run a comment is added to the deck's components.yaml (a designer's save). CPU time (user +
system) of each process is steadier than wall time on a shared machine; the ratios are medians of the per-round
ratios, so a slow minute of the machine hits all three runs of a round. Both checkouts' bytecode is compiled first.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu_of(cmd: list[str], env: dict[str, str], cwd: Path) -> float:
    proc = subprocess.Popen(cmd, env={**os.environ, **env}, cwd=cwd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="a checkout of genpnp (its folder)")
    parser.add_argument("--after", type=Path, default=ROOT, help="another checkout (default: this one)")
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    before, after = args.before.resolve(), args.after.resolve()
    for checkout in (before, after):
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "genpnp")], check=True)
    with tempfile.TemporaryDirectory(prefix="genpnp-compare-") as name:
        tmp = Path(name)
        shutil.copytree(after / "content" / "berzerka", tmp / "content" / "berzerka")
        edited = tmp / "content" / "berzerka" / "components.yaml"
        original = edited.read_text(encoding="utf-8")
        job = ["-m", "genpnp", "build", "berzerka", "--content", str(tmp / "content"), "--component", "deck",
               "--set", "components.deck.back=", "--paper", "letter", "--out", str(tmp / "out"), "-q"]
        plain = [sys.executable, str(ROOT / "bench" / "plain_deck.py"), "--cards", "52", "--out", str(tmp / "p.pdf")]
        cache = str(tmp / "cache")
        for checkout in (before, after):  # fill the user cache (converted SVGs) and warm the file system
            cpu_of([sys.executable, *job], {"PYTHONPATH": str(checkout), "GENPNP_CACHE": cache}, tmp)
        load = " ".join(f"{v:.1f}" for v in os.getloadavg())
        runs: dict[str, list[float]] = {"before": [], "after": [], "plain": []}
        edits = 0
        for i in range(args.rounds):
            order = ["before", "after", "plain"] if i % 2 == 0 else ["plain", "after", "before"]
            for who in order:
                if who == "plain":
                    runs[who].append(cpu_of(plain, {}, tmp))
                    continue
                edits += 1
                edited.write_text(original + f"\n# edit {edits}\n", encoding="utf-8")
                checkout = before if who == "before" else after
                runs[who].append(cpu_of([sys.executable, *job], {"PYTHONPATH": str(checkout), "GENPNP_CACHE": cache},
                                        tmp))
    med = statistics.median
    print(f"one-edit rebuild of Berzerka's deck, {args.rounds} rounds, CPU s (user + system); load average at the "
          f"start {load}, at the end {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    print("| run | CPU s median | ratio to plain reportlab |\n|---|---|---|")
    for who, path in (("before", before), ("after", after)):
        ratio = med(a / p for a, p in zip(runs[who], runs["plain"]))
        print(f"| {who} ({path}) | {med(runs[who]):.3f} | {ratio:.2f}x |")
    print(f"| plain reportlab | {med(runs['plain']):.3f} | |")
    print(f"after / before: {med(a / b for a, b in zip(runs['after'], runs['before'])):.3f} (median of the rounds)")


if __name__ == "__main__":
    main()
