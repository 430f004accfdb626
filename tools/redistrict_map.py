"""Regenerate Redistrict's precinct map YAML from its hand-drawn ASCII source.

    .venv/bin/python tools/redistrict_map.py          # rewrite the YAML
    .venv/bin/python tools/redistrict_map.py --check  # exit 1 if the YAML is stale

The source, ``tools/redistrict_map.txt``, explains its own format in its header.
The YAML (``content/redistrict/data/precincts.yaml``) is what the game loads; edit
the ASCII picture, not the YAML, and run this script again.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tools" / "redistrict_map.txt"
TARGET = ROOT / "content" / "redistrict" / "data" / "precincts.yaml"

CELL_WIDTH = 6  # characters from one cell to the next; odd rows start CELL_WIDTH // 2 further right
TOKEN = re.compile(r"^(?P<code>[A-Za-z]{2})(?P<pop>[12])(?P<party>[rb])$")
PARTY = {"r": "red", "b": "blue"}

YAML_HEADER = """\
# Redistrict: the Washington State precinct map (generated; do not edit by hand).
# Source: tools/redistrict_map.txt -- edit that picture and run
#     .venv/bin/python tools/redistrict_map.py
#
# Coordinates are axial (q, r) for POINTY-topped hexes.
#   r = 0 is the northernmost row (the Canadian border); r grows southward.
#   A hex's centre lies at x = q + r/2 (in hex widths, growing eastward) and
#   y = 0.75 * r (in hex heights, growing downward).
#   Neighbours of (q, r): (q+1, r) (q-1, r) (q, r+1) (q, r-1) (q+1, r-1) (q-1, r+1).
# pop is 1 or 2 (people in the precinct); party is red or blue.
# regions: every county once, in rough north-west to south-east reading order,
# with the label printed on the board.
"""


class MapSourceError(ValueError):
    """A problem in the ASCII source, reported as ``file:line:col: message``."""


@dataclass(frozen=True)
class Precinct:
    q: int
    r: int
    county: str
    pop: int
    party: str


@dataclass(frozen=True)
class County:
    name: str
    label: str


def parse(text: str, filename: str = "redistrict_map.txt") -> tuple[list[County], list[Precinct]]:
    """Read the [counties] legend and the [map] picture; raise on the first problems found."""
    problems: list[str] = []
    codes: dict[str, County] = {}
    counties: list[County] = []
    precincts: list[Precinct] = []
    section = None
    row = 0
    for lineno, line in enumerate(text.splitlines(), start=1):
        if line.startswith("#"):
            continue
        if line.strip() in ("[counties]", "[map]"):
            section = line.strip()
            continue
        if section == "[counties]":
            if not line.strip():
                continue
            parts = line.split(None, 2)
            if len(parts) != 3:
                problems.append(f"{filename}:{lineno}:1: expected 'code LABEL Full Name', got {line!r}")
                continue
            code, label, name = parts
            if code in codes:
                problems.append(f"{filename}:{lineno}:1: county code {code!r} is listed twice")
                continue
            codes[code] = County(name=name.strip(), label=name.strip() if label == "=" else label)
            counties.append(codes[code])
        elif section == "[map]":
            indent = (CELL_WIDTH // 2) * (row % 2)
            if line.strip() and line[:indent].strip():
                problems.append(f"{filename}:{lineno}:1: odd map rows must start with {indent} spaces")
            for col, start in enumerate(range(indent, len(line), CELL_WIDTH)):
                token = line[start : start + CELL_WIDTH].strip()
                if token in ("", "."):
                    continue
                m = TOKEN.match(token)
                where = f"{filename}:{lineno}:{start + 1}"
                if not m:
                    problems.append(f"{where}: cell {token!r} is not <code><1|2><r|b>, e.g. Ki2b")
                    continue
                if m["code"] not in codes:
                    problems.append(f"{where}: unknown county code {m['code']!r} (add it to [counties])")
                    continue
                precincts.append(
                    Precinct(
                        q=col - row // 2,
                        r=row,
                        county=codes[m["code"]].name,
                        pop=int(m["pop"]),
                        party=PARTY[m["party"]],
                    )
                )
            row += 1
        elif line.strip():
            problems.append(f"{filename}:{lineno}:1: text outside [counties] and [map]")
    used = {p.county for p in precincts}
    for county in counties:
        if county.name not in used:
            problems.append(f"{filename}: county {county.name} has no precinct on the map")
    if problems:
        raise MapSourceError("\n".join(problems))
    return counties, precincts


def _flow(key_values: list[tuple[str, object]]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in key_values) + "}"


def to_yaml(counties: list[County], precincts: list[Precinct]) -> str:
    out = [YAML_HEADER, "regions:"]
    for c in counties:
        out.append("- " + _flow([("name", c.name), ("label", c.label)]))
    out.append("")
    out.append("hexes:")
    for p in sorted(precincts, key=lambda p: (p.r, p.q)):
        out.append(
            "- " + _flow([("q", p.q), ("r", p.r), ("county", p.county), ("pop", p.pop), ("party", p.party)])
        )
    return "\n".join(out) + "\n"


def build(source: Path = SOURCE) -> str:
    counties, precincts = parse(source.read_text(encoding="utf-8"), filename=str(source))
    return to_yaml(counties, precincts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report whether the YAML is up to date")
    args = ap.parse_args(argv)
    try:
        text = build()
    except MapSourceError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET} is out of date; run tools/redistrict_map.py", file=sys.stderr)
            return 1
        return 0
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(text, encoding="utf-8")
    n = text.count("\n- {q:")
    print(f"wrote {TARGET.relative_to(ROOT)} ({n} precincts)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
