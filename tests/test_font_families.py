"""Font families of a game: CFF (.otf) faces converted and embedded, a missing face an error naming it,
system fonts by family name, and damaged or hostile font files a `file:line:col` error."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontmaker import font, huge_cmap, loca_past_end
from pdfcheck import embedded_fonts, output_of

GAME = 'name: Fonts\nversion: "1"\nlicence: CC0\nplayers: "2"\nsections: [cards]\n'
CARDS = """components:
  cards:
    kind: card
    size: 50mm x 70mm
    faces:
      front:
        draw:
          - text: {text: "{title} **bold** *italic*", size: 10pt, font: body}
    items: [{title: Plain}]
"""


def make(tmp_path: Path, fonts_yaml: str, cards: str = CARDS) -> Path:
    folder = tmp_path / "content" / "fonts"
    (folder / "fonts").mkdir(parents=True)
    for style in ("Regular", "Bold", "Italic"):
        (folder / "fonts" / f"Body-{style}.otf").write_bytes(font("Body", style, width=500 + 50 * len(style)))
    (folder / "game.yaml").write_text(GAME + fonts_yaml)
    (folder / "cards.yaml").write_text(cards)
    return folder


def build(tmp_path: Path) -> tuple[int, str]:
    return output_of("build", "fonts", "--content", str(tmp_path / "content"), "--out", str(tmp_path / "out"))


FAMILY = """fonts:
  body:
    file: fonts/Body-Regular.otf
    bold: fonts/Body-Bold.otf
    italic: fonts/Body-Italic.otf
    licence: test
"""


def test_a_cff_family_builds_with_each_face_embedded(tmp_path: Path):
    folder = make(tmp_path, FAMILY)
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    code, out = build(tmp_path)
    assert code == 0, out
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    names = {n.split("+")[-1] for n in embedded_fonts(pdf)}
    assert {"Body-Regular", "Body-Bold", "Body-Italic"} <= names, names
    assert "DejaVuSans-Oblique" not in names, names  # no DejaVu italic stood in (DejaVu bold is the cover's)
    after = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    assert after == before  # converted in memory: nothing written into the game folder
    code2, _ = build(tmp_path)
    (pdf2,) = (tmp_path / "out").glob("*.pdf")
    assert code2 == 0 and pdf2.read_bytes() == pdf.read_bytes()


def test_a_missing_bold_face_is_an_error_naming_it(tmp_path: Path):
    make(tmp_path, FAMILY.replace("    bold: fonts/Body-Bold.otf\n", ""))
    code, out = build(tmp_path)
    assert code == 1 and "Traceback" not in out, out
    assert "cards.yaml:8:" in out and 'the font "body" has no bold face' in out, out
    assert not (tmp_path / "out").exists()


def test_a_family_without_bold_builds_when_no_text_is_bold(tmp_path: Path):
    make(tmp_path, FAMILY.replace("    bold: fonts/Body-Bold.otf\n", ""), CARDS.replace(" **bold**", ""))
    code, out = build(tmp_path)
    assert code == 0, out


def test_a_system_font_is_refused_unless_the_builder_allows_it(tmp_path: Path, monkeypatch):
    """Issue 23: an installed font lies outside the game folder: read only when the person building says so."""
    monkeypatch.delenv("GENPNP_SYSTEM_FONTS", raising=False)
    make(tmp_path, "fonts:\n  body: {system: DejaVu Serif}\n")
    code, out = build(tmp_path)
    assert code == 1 and "game.yaml:" in out and "GENPNP_SYSTEM_FONTS=1" in out, out


def test_a_system_font_by_family_name(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("GENPNP_SYSTEM_FONTS", "1")
    from genpnp.core import fontfile

    if fontfile.system("DejaVu Serif", False, False) is None:
        pytest.skip("no DejaVu Serif installed on this machine")
    make(tmp_path, "fonts:\n  body: {system: DejaVu Serif}\n")
    code, out = build(tmp_path)
    assert code == 0 and "not portable" not in out and "installed" in out, out  # a warning says so
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    assert any("DejaVuSerif-Bold" in n for n in embedded_fonts(pdf)), embedded_fonts(pdf)


def test_a_system_font_the_machine_lacks_names_what_was_looked_for(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("GENPNP_SYSTEM_FONTS", "1")
    make(tmp_path, "fonts:\n  body: {system: No Such Family Anywhere}\n")
    code, out = build(tmp_path)
    assert code == 1 and "Traceback" not in out, out
    assert "game.yaml:7:" in out and '"No Such Family Anywhere"' in out and "fc-match" in out, out


DAMAGE = {
    "a cmap of four billion codes": (huge_cmap, "codes"),
    "glyph offsets past the end": (loca_past_end, "past the end"),
    "a truncated file": (lambda d: d[:200], "past the end"),
    "not a font": (lambda d: b"GIF89a" + d, "not a TrueType or OpenType font"),
    "a web font": (lambda d: b"wOFF" + d[4:], "WOFF"),
    "a font collection": (lambda d: b"ttcf" + d[4:], ".ttc"),
}


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_a_damaged_font_is_an_error_at_its_line(tmp_path: Path, case: str):
    from fontmaker import font as make_font

    damage, words = DAMAGE[case]
    folder = make(tmp_path, FAMILY.replace("Body-Italic.otf", "Bad.ttf"))
    data = make_font("Bad", "Italic", cff=False)
    (folder / "fonts" / "Bad.ttf").write_bytes(damage(data))
    code, out = build(tmp_path)
    assert code == 1 and "Traceback" not in out and "MemoryError" not in out, out
    assert "game.yaml:10:" in out and words in out, out


def test_a_huge_sparse_font_file_is_refused_before_it_is_read(tmp_path: Path):
    folder = make(tmp_path, FAMILY)
    with (folder / "fonts" / "Body-Bold.otf").open("r+b") as f:
        f.truncate(5 * 1024**3)
    code, out = build(tmp_path)
    assert code == 1 and "game.yaml:9:" in out and "bytes" in out, out


def test_an_unknown_font_in_a_text_document_is_an_error_at_its_line(tmp_path: Path):
    cards = "components:\n  rules:\n    kind: text\n    text: Hello\n    font: bodyy\n"
    folder = make(tmp_path, FAMILY, cards)
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace("[cards]", "[rules]"))
    code, out = build(tmp_path)
    assert code == 1 and "Traceback" not in out, out
    assert "cards.yaml:5:" in out and 'unknown font "bodyy"' in out and "did you mean" in out, out


def test_emoji_and_cjk_in_a_title_or_on_the_cover_are_a_warning_naming_the_text(tmp_path: Path):
    folder = make(tmp_path, FAMILY)
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace("name: Fonts", "name: Fonts 🎲")
                                      + "credits: [\"図 by Kei\"]\n")
    (folder / "cards.yaml").write_text(CARDS.replace("    kind: card\n", "    kind: card\n    title: Cards 札\n"))
    code, out = build(tmp_path)
    assert code == 0, out
    assert "game.yaml:1:" in out and "'🎲'" in out and "'Fonts 🎲'" in out, out
    assert "'図'" in out and "cards.yaml:4:" in out and "'札'" in out, out


STYLED = """styles:
  body: {font: cabin}
  heading: {font: cherry-bomb, color: accent}
  title: {font: cherry-bomb}
palette:
  accent: {color: "#aa3355"}
"""
RULES = "components:\n  rules:\n    kind: text\n    text: \"# Goal\\n\\nHave **fun**, *always*.\"\n"


def test_styles_set_the_body_heading_and_title_fonts_once(tmp_path: Path):
    folder = make(tmp_path, STYLED, RULES + CARDS.split("components:\n", 1)[1].replace("font: body", "font: cabin"))
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace("[cards]", "[rules, cards]"))
    code, out = build(tmp_path)
    assert code == 0, out
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    names = {n.split("+")[-1] for n in embedded_fonts(pdf)}
    assert {"Cabin-Regular", "Cabin-Bold", "Cabin-Italic", "Cherry-Bomb-Regular"} <= names, names


def test_a_style_naming_an_unknown_font_is_an_error_with_a_suggestion(tmp_path: Path):
    make(tmp_path, STYLED.replace("font: cabin", "font: cabbin"))
    code, out = build(tmp_path)
    assert code == 1 and "game.yaml:7:" in out and 'unknown font "cabbin"' in out and '"cabin"' in out, out


def test_every_game_has_its_own_text_family_and_display_font_with_its_licence():
    import yaml
    from pdfcheck import CONTENT

    from genpnp.core import fonts

    seen = set()
    for game in sorted(p for p in CONTENT.iterdir() if (p / "game.yaml").is_file()):
        styles = yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))["styles"]
        body, display = styles["body"]["font"], styles["heading"]["font"]
        assert (body in fonts.TEXT_FAMILIES or body == fonts.DEFAULT) and display in fonts.DISPLAY_FACES, game.name
        assert display not in {d for _, d in seen} and (body == fonts.DEFAULT or body not in {b for b, _ in seen})
        seen.add((body, display))
    folder = fonts.FONT_DIRS[0]
    shipped = [f for files in fonts.TEXT_FAMILIES.values() for f in files] + list(fonts.DISPLAY_FACES.values())
    licences = " ".join(p.read_text(encoding="utf-8", errors="replace") for p in folder.glob("LICENSE-*.txt"))
    for file in shipped:
        assert (folder / file).is_file(), file
        family = file.split("-")[0].split("_")[0].replace("GWF", "")
        assert family.lower()[:5] in licences.lower().replace(" ", ""), file
    assert sum((folder / f).stat().st_size for f in shipped) < 4_000_000


def test_a_bold_face_asked_for_italic_is_its_familys_bold_italic():
    from genpnp.core import fonts

    assert fonts.styled("cabin-bold", "i") == "cabin-bold-italic"
    assert fonts.styled("cabin", "bi") == "cabin-bold-italic"
    assert fonts.styled("cherry-bomb", "b") == "cherry-bomb" and not fonts.has_style("cherry-bomb", "b")
    assert fonts.has_style("vollkorn-italic", "b")  # vollkorn has a bold italic


def test_a_file_in_two_families_keeps_each_familys_faces(tmp_path: Path):
    """Body-Bold.otf is the title font (alone) and the body family's bold face: **bold** in the title font
    is still an error, in the body font it is the bold face."""
    fonts_yaml = "fonts:\n  title: {file: fonts/Body-Bold.otf, licence: test}\n" + FAMILY.split("fonts:\n", 1)[1]
    make(tmp_path, fonts_yaml, CARDS.replace("font: body}", "font: title}"))
    code, out = build(tmp_path)
    assert code == 1 and 'the font "title" has no bold face' in out, out
    make(tmp_path / "2", fonts_yaml)
    code, out = output_of("build", "fonts", "--content", str(tmp_path / "2" / "content"), "--out",
                          str(tmp_path / "2" / "out"))
    assert code == 0, out


def test_a_font_file_without_its_licence_is_an_error(tmp_path: Path):
    make(tmp_path, FAMILY.replace("    licence: test\n", ""))
    code, out = build(tmp_path)
    assert code == 1 and "game.yaml:8:" in out and 'missing key "licence"' in out, out  # the body entry


def test_the_cover_speaks_in_the_games_own_faces(tmp_path):
    """The cover's title and headings in the game's display face, its text in the game's text family
    (game.yaml styles: title and body), not genpnp's default."""
    from pdfcheck import CONTENT, run
    from pypdf import PdfReader

    assert run("build", "berrymandering", "--content", CONTENT, "--out", tmp_path, "-q").exit_code == 0
    page = PdfReader(str(tmp_path / "berrymandering-letter-color.pdf")).pages[0]
    runs: list[tuple[str, str]] = []
    page.extract_text(visitor_text=lambda text, cm, tm, font, size: runs.append(
        (text.strip(), str(font["/BaseFont"]).split("+")[-1] if font else "")))
    face = {text: name for text, name in runs if text}
    assert face["Berrymandering"] == face["Contents"] == face["Credits"] == "Cherry-Bomb-Regular", face
    players = next(text for text in face if text.startswith("2 players"))  # the subtitle: players, time, age
    assert face[players] == "Cabin-Bold" and face["Rules"] == "Cabin-Regular", face
    assert any(name == "Cabin-Italic" for text, name in runs if text.startswith("One player cuts")), runs
