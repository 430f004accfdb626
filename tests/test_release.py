"""genpnp release: the matrix, previews, manifest, deterministic zips; two releases are byte-identical."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

from pdfcheck import CONTENT, run
from PIL import Image
from pypdf import PdfReader

from genpnp.commands.release import Variant, plan


def files_of(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_plan_is_the_full_matrix_in_a_fixed_order() -> None:
    variants = plan({"b": Path("b"), "a": Path("a")}, ("letter", "a4"), ("color", "bw"), ("fold",))
    assert len(variants) == 8
    assert variants[0] == Variant("a", "a", "letter", "color", "fold")
    assert [v.game for v in variants] == ["a"] * 4 + ["b"] * 4


def test_two_releases_are_byte_identical_and_complete(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    first = run("release", "gerrymander", "--content", CONTENT, "--out", one, "-j", "1")
    second = run("release", "gerrymander", "--content", CONTENT, "--out", two, "-j", "2", "-q")
    assert first.exit_code == 0 and second.exit_code == 0, first.output + second.output
    assert second.stdout == ""
    a, b = files_of(one), files_of(two)
    assert a == b
    assert sorted(a) == sorted([
        "manifest.json", "gerrymander-1.0.zip", "gerrymander/manifest.json",
        *[f"gerrymander/gerrymander-{p}-{i}{lang}.pdf" for p in ("letter", "a4") for i in ("color", "bw")
          for lang in ("", "-de")],  # every language of the game (game.yaml: languages: [en, de])
        *[f"gerrymander/previews/gerrymander-{p}-{i}{lang}.png" for p in ("letter", "a4") for i in ("color", "bw")
          for lang in ("", "-de")],
    ])
    manifest = json.loads(a["gerrymander/manifest.json"])
    assert (manifest["game"], manifest["version"]) == ("gerrymander", "1.0")
    assert sorted(b["options"].get("lang", "") for b in manifest["builds"]) == [""] * 4 + ["de"] * 4
    for build in manifest["builds"]:
        pdf = one / build["file"]
        assert hashlib.sha256(pdf.read_bytes()).hexdigest() == build["sha256"]
        reader = PdfReader(str(pdf))
        assert len(reader.pages) == build["pages"]
        width_mm = float(reader.pages[0].mediabox.width) * 25.4 / 72
        assert abs(width_mm - {"letter": 215.9, "a4": 210.0}[build["options"]["paper"]]) < 0.5
        with Image.open(one / build["preview"]) as image:
            assert image.format == "PNG" and image.width > 100
    assert a["gerrymander/manifest.json"].decode() == json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    top = json.loads(a["manifest.json"])
    assert top["games"]["gerrymander"]["zip_sha256"] == hashlib.sha256(a["gerrymander-1.0.zip"]).hexdigest()


def test_zip_entries_are_sorted_with_fixed_dates(tmp_path: Path) -> None:
    result = run("release", "gerrymander", "--content", CONTENT, "--out", tmp_path, "--paper", "a4",
                 "--ink", "bw", "-j", "1")
    assert result.exit_code == 0, result.output
    with zipfile.ZipFile(tmp_path / "gerrymander-1.0.zip") as archive:
        infos = archive.infolist()
        names = [i.filename for i in infos]
        assert names == sorted(names) == [
            "gerrymander/gerrymander-a4-bw-de.pdf", "gerrymander/gerrymander-a4-bw.pdf",
            "gerrymander/manifest.json", "gerrymander/previews/gerrymander-a4-bw-de.png",
            "gerrymander/previews/gerrymander-a4-bw.png"]
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        assert archive.read(names[0]) == (tmp_path / names[0]).read_bytes()


def test_release_reports_errors_without_a_traceback(tmp_path: Path) -> None:
    result = run("release", "nosuchgame", "--content", CONTENT, "--out", tmp_path)
    assert result.exit_code == 2 and 'no game "nosuchgame"' in result.stderr  # a usage error
    result = run("release", "gerrymander", "--content", CONTENT, "--out", tmp_path, "--paper", "b7")
    assert result.exit_code == 2 and "--paper" in result.stderr
