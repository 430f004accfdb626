"""genpnp new: a working game folder from the template or as a copy, built and validated at once."""

from __future__ import annotations

from pathlib import Path

from pdfcheck import CONTENT, pdf_text, run

from genpnp.load.project import load_game


def test_new_game_from_the_template_builds_and_validates(tmp_path: Path) -> None:
    content = tmp_path / "games"
    result = run("new", "my-deck", "--content", content)
    assert result.exit_code == 0, result.output
    folder = content / "my-deck"
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) == [
        "cards.csv", "components.yaml", "game.yaml", "schema.json", "text/guide.md"]
    game = load_game(folder)
    assert game.meta.name == "My Deck" and game.components["cards"].piece_count() == 20
    assert run("validate", "my-deck", "--content", content).exit_code == 0
    result = run("build", "my-deck", "--content", content, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "out" / "my-deck-letter-color.pdf")
    assert "My Deck" in text and "Draw Two" in text and "How to play" in text


def test_new_game_as_a_copy_of_a_shipped_game(tmp_path: Path) -> None:
    content = tmp_path / "games"
    content.mkdir()
    origin = CONTENT / "gerrymander"
    result = run("new", "my-gerry", "--from", origin, "--content", content)
    assert result.exit_code == 0, result.output
    assert (content / "my-gerry" / "game.yaml").read_bytes() == (origin / "game.yaml").read_bytes()
    assert run("build", "my-gerry", "--content", content, "--out", tmp_path / "out").exit_code == 0


def test_new_refuses_bad_names_and_existing_folders(tmp_path: Path) -> None:
    result = run("new", "My Deck!", "--content", tmp_path)  # usage errors: exit 2
    assert result.exit_code == 2 and "not a game name" in result.stderr
    assert run("new", "deck", "--content", tmp_path).exit_code == 0
    result = run("new", "deck", "--content", tmp_path)
    assert result.exit_code == 2 and "exists already" in result.stderr
    result = run("new", "other", "--from", "nosuch", "--content", tmp_path)
    assert result.exit_code == 2 and 'no game "nosuch"' in result.stderr


def test_new_game_files_name_the_schema_and_validate_against_it(tmp_path: Path) -> None:
    """What an editor with yaml-language-server does: read the $schema line, check every YAML file."""
    import json

    import jsonschema

    from genpnp.content.yamlload import load_file

    assert run("new", "deck", "--content", tmp_path).exit_code == 0
    folder = tmp_path / "deck"
    for path in sorted(folder.rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        schema_path = path.parent / first.split("$schema=", 1)[1]
        validator = jsonschema.Draft202012Validator(json.loads(schema_path.read_text(encoding="utf-8")))
        data = json.loads(json.dumps(load_file(path)))
        assert not [e.message for e in validator.iter_errors(data)], path
        if path.name == "components.yaml":  # faces are checked too: a misspelt element or key fails
            face = data["components"]["cards"]["faces"]["front"]
            face["draw"].append({"txet": {"text": "x"}})
            assert not validator.is_valid(data)
            face["draw"][-1] = {"text": {"text": "x", "sise": "9pt"}}
            assert not validator.is_valid(data)
            face["draw"][-1] = {"text": {"text": "{title}", "size": "{size}"}}  # a {field} fits any key
            assert validator.is_valid(data)


def test_a_copy_skips_fifos_and_links_and_says_so(tmp_path: Path) -> None:
    import os
    import shutil

    source = tmp_path / "games" / "origin"
    shutil.copytree(CONTENT / "gerrymander", source)
    (source / "art").mkdir(exist_ok=True)
    os.mkfifo(source / "art" / "pipe.svg")  # opening it would block the copy forever
    (tmp_path / "secret.txt").write_text("outside the game")
    (source / "notes.txt").symlink_to(tmp_path / "secret.txt")
    result = run("new", "copy", "--from", "origin", "--content", tmp_path / "games")
    assert result.exit_code == 0, result.output
    assert f"{source}/art/pipe.svg: not a regular file (a FIFO, socket or device), not copied" in result.stderr
    assert f"{source}/notes.txt: a link, not copied" in result.stderr
    folder = tmp_path / "games" / "copy"
    assert not (folder / "art" / "pipe.svg").exists() and not (folder / "notes.txt").exists()
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == ["copy", "origin"]
    assert load_game(folder).components.keys() == load_game(CONTENT / "gerrymander").components.keys()


def test_a_copy_that_fails_half_way_leaves_no_folder(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import shutil

    copied: list[str] = []
    real = shutil.copyfile

    def fail_third(src, dst, **kwargs):  # type: ignore[no-untyped-def]
        if len(copied) == 2:
            raise OSError(28, "No space left on device")
        copied.append(str(src))
        return real(src, dst, **kwargs)

    monkeypatch.setattr(shutil, "copyfile", fail_third)
    content = tmp_path / "games"
    content.mkdir()
    result = run("new", "copy", "--from", str(CONTENT / "gerrymander"), "--content", content)
    assert result.exit_code == 1 and "No space left on device" in result.output and "Traceback" not in result.output
    assert list(content.iterdir()) == []
