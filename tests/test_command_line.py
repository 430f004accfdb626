"""One command line (issue 28 item 6, issue 23 options): every length option takes units, non-finite or absurd
values are usage errors (exit 2) and never tracebacks, a huge preview is refused, -q/-v on every command, --out a
folder, a game folder found as --content or as the working folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_sizes_mm, run

from genpnp.commands.cli import main


@pytest.fixture()
def deck(tmp_path: Path) -> Path:
    assert run("new", "deck", "--content", tmp_path / "content").exit_code == 0  # --out goes beside content/
    return tmp_path / "content" / "deck"


def _invoke(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("option, value", [
    ("--bleed", "nan"), ("--bleed", "inf"), ("--bleed", "-1"), ("--bleed", "7mm"), ("--bleed", "3 apples"),
    ("--margin", "nan"), ("--margin", "1e999"), ("--margin", "2mm"), ("--gutter", "nan"),
    ("--offset", "."), ("--offset", "nan,0"), ("--offset", "1,"), ("--offset", "30mm,0"),
])
def test_bad_lengths_are_usage_errors(deck: Path, option: str, value: str) -> None:
    result = _invoke("build", "--content", deck, option, value, "--out", deck.parent / "out")
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (deck.parent / "out").exists()


@pytest.mark.parametrize("bleed, name", [("3mm", "bleed3"), ("0.125in", "bleed3.175"), ("9pt", "bleed3.175"),
                                         ("3", "bleed3")])
def test_lengths_take_units_and_a_bare_number_is_mm(deck: Path, bleed: str, name: str) -> None:
    out = deck.parent / "out"
    result = _invoke("build", "--content", deck, "--bleed", bleed, "--margin", "0.25in", "--out", out)
    assert result.exit_code == 0, result.output
    (pdf,) = out.glob("*.pdf")
    assert f"-{name}" in pdf.name


def test_export_bleed_takes_units(deck: Path) -> None:
    out = deck.parent.parent / "png"
    result = _invoke("export", "deck", "--content", deck.parent, "--dpi", "50", "--bleed", "3mm", "--out", out,
                     "--component", "cards")
    assert result.exit_code == 0, result.output


def test_a_huge_preview_is_refused(deck: Path) -> None:
    result = _invoke("preview", "deck", "--content", deck.parent, "--paper", "2000x2000mm", "--dpi", "600",
                     "--out", deck.parent.parent / "prev")
    assert result.exit_code == 2, result.output
    assert "pixel image" in result.output and "use --dpi" in result.output
    assert not (deck.parent.parent / "prev").exists()


COMMANDS = ["list", "validate", "build", "diff", "preview", "export", "watch", "serve", "calibrate", "check-map",
            "check-district",
            "release", "new", "schema", "docs", "audit", "translate"]


@pytest.mark.parametrize("command", COMMANDS)
def test_quiet_and_verbose_on_every_command(command: str) -> None:
    text = _invoke(command, "--help").output
    assert "-q, --quiet" in text and "-v, --verbose" in text


def test_every_command_is_in_the_list() -> None:
    assert sorted(main.commands) == sorted(COMMANDS)


def test_quiet_prints_errors_only(deck: Path) -> None:
    result = _invoke("list", "--content", deck.parent, "-q")
    assert result.exit_code == 0 and result.output == ""
    result = _invoke("validate", "--content", deck.parent, "-q")
    assert result.exit_code == 0 and result.output == ""
    result = _invoke("build", "--content", deck.parent, "-q", "--out", deck.parent.parent / "out")
    assert result.exit_code == 0 and result.output == ""


def test_calibrate_out_is_a_folder(tmp_path: Path) -> None:
    result = _invoke("calibrate", "--paper", "a4", "--out", tmp_path / "cal")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "cal" / "calibration-a4.pdf"
    assert pdf.is_file() and page_sizes_mm(pdf)[0] == pytest.approx((210, 297), abs=0.5)


def test_schema_out_is_a_folder(tmp_path: Path) -> None:
    assert _invoke("schema", "--out", tmp_path / "s").exit_code == 0
    assert (tmp_path / "s" / "genpnp.schema.json").is_file()


def test_a_game_folder_as_content_and_as_the_working_folder(deck: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = _invoke("list", "--content", deck)
    assert result.exit_code == 0 and result.output.startswith("deck:")
    monkeypatch.chdir(deck)
    result = _invoke("validate")
    assert result.exit_code == 0, result.output
    monkeypatch.chdir(deck.parent)  # a folder of games, without a content/ folder in it
    result = _invoke("list")
    assert result.exit_code == 0 and result.output.startswith("deck:")
