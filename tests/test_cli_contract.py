"""The command line as scripts drive it: exit codes, stdout for results only, validate's JSON document,
release with every print option and overlays, and project defaults (genpnp.yaml, [tool.genpnp])."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pdfcheck import CONTENT, page_sizes_mm, pdf_text, run


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    """A small game from the template: the content folder holding it."""
    content = tmp_path / "games"
    assert run("new", "deck", "--content", content).exit_code == 0
    return content


@pytest.mark.parametrize("args", [
    ["build", "nosuch"], ["validate", "nosuch"], ["list", "nosuch"], ["preview", "nosuch"],
    ["release", "--paper", "b9"], ["build", "--offset", "x"], ["calibrate", "--paper", "b9"],
    ["new", "Bad Name!"], ["build", "--no-such-option"], ["build", "deck", "--component", "nosuch"],
])
def test_usage_errors_exit_2(deck: Path, tmp_path: Path, args: list[str]) -> None:
    result = run(*args, "--content", deck, "--out", tmp_path / "out") if args[0] in ("build", "release") \
        else run(*args, "--content", deck) if args[0] not in ("calibrate",) else run(*args)
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output and result.stdout == ""
    assert not (tmp_path / "out").exists()


def test_docs_outside_the_repository_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("docs")
    assert result.exit_code == 2 and "give --out" in result.stderr
    assert run("docs", "--out", tmp_path / "content.md").exit_code == 0
    assert (tmp_path / "content.md").read_text(encoding="utf-8").startswith("# Content reference")


def test_content_errors_exit_1_and_validate_json_lists_every_game(deck: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert run("new", "broken", "--content", deck).exit_code == 0
    components = deck / "broken" / "components.yaml"
    components.write_text(components.read_text().replace("size: 63mm x 88mm", "size: 63mm x 88mm\n    sise: 1"))
    (deck / "broken" / "cards.csv").write_text("title,text,qty\nA,b,two\n")
    monkeypatch.chdir(tmp_path)
    result = run("validate", "--content", "games", "--format", "json")
    assert result.exit_code == 1
    document = json.loads(result.stdout)  # always a document, on stdout, with every game
    assert document["base"] == tmp_path.as_posix() and not document["valid"]
    assert document["games"]["deck"]["valid"] and document["games"]["deck"]["errors"] == []
    errors = document["games"]["broken"]["errors"]
    assert {(e["file"], e["line"]) for e in errors} == {("games/broken/components.yaml", 13),
                                                        ("games/broken/cards.csv", 2)}
    result = run("validate", "--content", "games")
    assert result.exit_code == 1 and result.stdout.splitlines() == ["broken: FAILED, 2 problem(s)", "deck: valid"]
    assert "games/broken/components.yaml:13:5: unknown key" in result.stderr


def test_release_takes_print_options_and_overlays(deck: Path, tmp_path: Path) -> None:
    overlay = tmp_path / "promo.yaml"
    overlay.write_text("game:\n  name: Promo Edition\n")
    result = run("release", "deck", "--content", deck, "--out", tmp_path / "rel", "-j", "1", "--paper", "a4",
                 "--ink", "color", "--backs", "duplex", "--bleed", "3", "--overlay", overlay,
                 "--set", "components.cards.copies=2")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "rel" / "deck" / "manifest.json").read_text())
    (build,) = manifest["builds"]
    assert build["file"] == "deck/deck-a4-color-duplex-bleed3.pdf"
    assert build["options"] == {"paper": "a4", "ink": "color", "backs": "duplex", "bleed": 3.0,
                                "overlays": [str(overlay)], "sets": ["components.cards.copies=2"]}
    pdf = tmp_path / "rel" / build["file"]
    assert "Promo Edition" in pdf_text(pdf)
    plain = run("build", "deck", "--content", deck, "--out", tmp_path / "plain", "--paper", "a4", "--backs",
                "duplex", "--bleed", "3", "--overlay", overlay, "--set", "components.cards.copies=2")
    assert plain.exit_code == 0
    assert (tmp_path / "plain" / "deck-a4-color-duplex-bleed3.pdf").read_bytes() == pdf.read_bytes()


def test_genpnp_yaml_gives_defaults_that_options_override(deck: Path, tmp_path: Path) -> None:
    (deck / "genpnp.yaml").write_text("paper: a4\nink: bw\nrelease:\n  papers: [a4]\n  inks: [bw]\n")
    import jsonschema

    from genpnp.commands.docgen import content_schema
    from genpnp.content.yamlload import load_file

    validator = jsonschema.Draft202012Validator(content_schema())  # the project file is in the schema too
    assert validator.is_valid(json.loads(json.dumps(load_file(deck / "genpnp.yaml"))))
    assert not validator.is_valid({"paper": "a4", "bleeed": 3})
    assert run("build", "deck", "--content", deck, "--out", tmp_path / "a").exit_code == 0
    (pdf,) = (tmp_path / "a").glob("*.pdf")
    assert pdf.name == "deck-a4-bw.pdf" and page_sizes_mm(pdf)[0] == pytest.approx((210, 297), abs=0.5)
    assert run("build", "deck", "--content", deck, "--out", tmp_path / "b", "--paper", "letter").exit_code == 0
    assert [p.name for p in (tmp_path / "b").glob("*.pdf")] == ["deck-letter-bw.pdf"]
    result = run("release", "deck", "--content", deck, "--out", tmp_path / "rel", "-j", "1")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "rel" / "deck").glob("*.pdf")) == ["deck-a4-bw.pdf"]


def test_pyproject_tool_table_and_errors_in_the_project_file(deck: Path, tmp_path: Path) -> None:
    (deck / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.genpnp]\npaper = "a4"\nbleed = 2\n')
    assert run("build", "deck", "--content", deck, "--out", tmp_path / "a").exit_code == 0
    assert [p.name for p in (tmp_path / "a").glob("*.pdf")] == ["deck-a4-color-bleed2.pdf"]
    (deck / "genpnp.yaml").write_text("paper: a4\nink: sepia\nmargins: 5\n")
    result = run("build", "deck", "--content", deck, "--out", tmp_path / "b")
    assert result.exit_code == 1 and not (tmp_path / "b").exists()
    assert "genpnp.yaml:2:6: 'sepia' is not allowed" in result.stderr
    assert 'genpnp.yaml:3:1: unknown key "margins" (did you mean "margin"?)' in result.stderr


def test_results_on_stdout_progress_on_stderr(tmp_path: Path) -> None:
    result = run("build", "gerrymander", "--content", CONTENT, "--out", tmp_path, "-v")
    assert result.exit_code == 0
    (line,) = result.stdout.splitlines()  # the one result: the PDF written
    pages = int(line.rsplit("(", 1)[1].split()[0])
    assert line == f"{tmp_path / 'gerrymander-letter-color.pdf'} ({pages} pages)"
    assert f"gerrymander: page {pages}/{pages}" in result.stderr
