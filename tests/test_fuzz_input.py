"""Fuzzing the readers of user input: YAML content, CSV/xlsx items, --set and overlay files.

Whatever the bytes, each reader returns a value or raises ContentError whose problems name the
file and a line; never another exception, and never slowly (hypothesis' deadline bounds each run).
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genpnp.content.schema import INVALID, Ctx
from genpnp.content.yamlload import load_text
from genpnp.core.errors import ContentError, Problems
from genpnp.load.overlay import parse_set, read_overlay
from genpnp.model.table import read_table

FAST = settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.function_scoped_fixture])

# pieces of YAML that break parsers: deep nesting, aliases, merge keys, tags, odd numbers and text
FRAGMENTS = st.sampled_from([
    "[" * 70 + "]" * 70, "{a: " * 70 + "1" + "}" * 70, "- " * 70 + "x", "&a [1, 2]", "*a", "*nope",
    "<<: 3", "<<: *a", "<<: [*a, 1]", "!!python/object:os.system", "!custom x", ".nan", ".inf", "-.inf",
    "1e400", "1.0e400", "9" * 5000, "0x" + "f" * 40, "1:30", "1:30:00", "²", "\x00", "\t", "\ufeff",
    "? [a]\n: b", "a: b\na: c", "x" * 200_001, "'unterminated", '"\\x"', "%YAML 1.1\n---", "--- |\n  x",
])
YAMLISH = st.lists(st.one_of(FRAGMENTS, st.text(max_size=30)), max_size=6).map(
    lambda parts: "\n".join(f"k{i}: {p}" if i % 2 else p for i, p in enumerate(parts)))


def assert_located(problems: list, name: str) -> None:
    assert problems
    for p in problems:
        assert p.loc.file == name and p.loc.line >= 1, str(p)


@FAST
@given(st.one_of(YAMLISH, st.text(max_size=200)))
def test_the_yaml_loader(text: str) -> None:
    try:
        load_text(text, "f.yaml")
    except ContentError as exc:
        assert_located(exc.problems, "f.yaml")


CELLS = st.one_of(st.sampled_from(["qty", "title", "", '"', '""', "a\nb", "1:30", "²", "9" * 30, "\x00", ";",
                                   "\t", "x" * 100_001, "Café", "\ufeff"]), st.text(max_size=12))
CSV = st.lists(st.lists(CELLS, max_size=5), max_size=6).flatmap(
    lambda rows: st.sampled_from([",", ";", "\t"]).map(lambda d: "\n".join(d.join(r) for r in rows)))


@FAST
@given(st.one_of(CSV.flatmap(lambda t: st.sampled_from(["utf-8", "utf-8-sig", "cp1252", "utf-16"]).map(
    lambda enc: t.encode(enc, errors="replace"))), st.binary(max_size=300)))
def test_the_csv_reader(tmp_path: Path, data: bytes) -> None:
    check_table(tmp_path, "cards.csv", data)


@FAST
@given(st.binary(max_size=300).map(lambda b: b"PK\x03\x04" + b))
def test_the_xlsx_reader(tmp_path: Path, data: bytes) -> None:
    check_table(tmp_path, "cards.xlsx", data)


def check_table(folder: Path, name: str, data: bytes) -> None:
    path = folder / name
    path.write_bytes(data)
    ctx = Ctx(Problems(), folder, folder)
    rows = read_table(path, name, ctx)
    if rows is INVALID:
        assert_located(ctx.problems.errors, name)
    else:
        assert all(row.loc.file == name and row.loc.line >= 2 for row in rows)


SETS = st.tuples(st.sampled_from(["game.name", "components.cards.qty", "components.cards.items.0.title",
                                  "game", "x.y", "components..qty", ""]),
                 st.sampled_from(["=", "", "=="]), st.one_of(FRAGMENTS, st.text(max_size=40)))


@FAST
@given(SETS)
def test_set_values(parts: tuple[str, str, str]) -> None:
    text = "".join(parts)
    try:
        parse_set(text)
    except ContentError as exc:
        assert all(p.loc.file.startswith("--set") for p in exc.problems)


@FAST
@given(st.one_of(YAMLISH, st.text(max_size=200)).map(lambda t: "game:\n  name: x\n" + t))
def test_overlay_files(tmp_path: Path, text: str) -> None:
    path = tmp_path / "overlay.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        read_overlay(path, "overlay.yaml")
    except ContentError as exc:
        assert_located(exc.problems, "overlay.yaml")
