"""Issue 26 item 4: colours that must differ also differ for colour-blind players (Machado et al. 2009)."""

from __future__ import annotations

import pytest
from pdfcheck import CONTENT, copy_game, edit, run, validate
from PIL import Image

from genpnp.core.color import DEFICIENCIES, parse_color, simulate_rgb
from genpnp.load.project import discover, load_game
from genpnp.rules.contrast import MIN_DISTANCE, vision_clashes

GAMES = sorted(discover(CONTENT))
SAMPLES = [(214, 38, 61), (63, 163, 77), (47, 98, 200), (227, 178, 30), (128, 128, 128), (0, 0, 0), (255, 255, 255)]


@pytest.mark.parametrize("key", sorted(DEFICIENCIES))
def test_simulation_agrees_with_daltonlens(key: str) -> None:
    """Our table of the published matrices gives what daltonlens' Machado 2009 simulator gives (to 1.5 levels)."""
    np = pytest.importorskip("numpy")
    simulate = pytest.importorskip("daltonlens.simulate")
    image = np.array([SAMPLES], dtype=np.uint8)
    deficiency = {"protan": simulate.Deficiency.PROTAN, "deutan": simulate.Deficiency.DEUTAN,
                  "tritan": simulate.Deficiency.TRITAN}[key]
    ref = simulate.Simulator_Machado2009().simulate_cvd(image, deficiency, severity=1.0)[0].tolist()
    ours = [[c * 255 for c in simulate_rgb(tuple(v / 255 for v in rgb), key)] for rgb in SAMPLES]
    for want, got in zip(ref, ours):
        assert all(abs(w - g) <= 1.5 for w, g in zip(want, got)), (want, got)


def test_greys_are_seen_as_greys() -> None:
    for key in DEFICIENCIES:
        r, g, b = simulate_rgb((0.5, 0.5, 0.5), key)
        assert abs(r - g) < 0.01 and abs(g - b) < 0.01


@pytest.mark.parametrize("game", GAMES)
def test_shipped_palettes_pass(game: str) -> None:
    """Every `distinct` pair of the five games is told apart under each deficiency, or by an emblem."""
    assert vision_clashes(load_game(CONTENT / game, game)) == []


def _red_green_game(tmp_path):
    folder = copy_game(tmp_path, "gerrymander")
    edit(folder / "game.yaml", 'blue: {color: "#5a90e8", grey: 1.0,', 'blue: {color: "#3c9a3c", grey: 1.0,')
    edit(folder / "game.yaml", 'red: {color: "#a82420", grey: 0.82,', 'red: {color: "#b8860b", grey: 0.82,')
    return folder


def test_red_green_only_palette_is_warned(tmp_path) -> None:
    folder = _red_green_game(tmp_path)
    line = (folder / "game.yaml").read_text().splitlines().index(
        next(x for x in (folder / "game.yaml").read_text().splitlines() if x.startswith("  blue:"))) + 1
    code, out = validate(folder)
    assert code == 0, out  # a warning, not an error
    found = {x[x.index(str(folder)):] for x in out.splitlines() if "color-vision" in x}
    assert len(found) == 1, out
    (message,) = found
    assert f"game.yaml:{line}:" in message
    assert '"red" and "blue"' in message and "protanopia (red-blind)" in message and "emblem" in message
    clash = vision_clashes(load_game(folder, "gerrymander"))[0]
    assert clash.distance < MIN_DISTANCE < clash.normal
    code, out = run("validate", "--strict", "--content", str(folder.parent), "gerrymander").exit_code, ""
    assert code == 1


def test_emblems_tell_them_apart(tmp_path) -> None:
    folder = _red_green_game(tmp_path)
    edit(folder / "game.yaml", "label: Red player}", "label: Red player, emblem: square}")
    edit(folder / "game.yaml", "label: Blue player}", "label: Blue player, emblem: circle}")
    code, out = validate(folder)
    assert "color-vision" not in out, out


def test_preview_shows_what_a_colour_blind_player_sees(tmp_path) -> None:
    """The red tiles' page (5: after two pages of rules and the board), previewed for a green-blind
    player, shows each red as the simulation says."""
    for extra in (["--vision", "deutan"], []):
        result = run("preview", "gerrymander", "--page", "5", "--dpi", "20", "--out", tmp_path, *extra)
        assert result.exit_code == 0, result.output
    seen = Image.open(next(tmp_path.glob("*-deutan-page005.png"))).convert("RGB")
    plain = Image.open(next(tmp_path.glob("*-color-page005.png"))).convert("RGB")
    red = parse_color("#a82420")
    want = tuple(round(c * 255) for c in simulate_rgb((red.r, red.g, red.b), "deutan"))
    def pixels(image: Image.Image) -> list[tuple[int, ...]]:
        data = image.tobytes()
        return [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]

    pairs = list(zip(pixels(plain), pixels(seen)))
    reds = [s for p, s in pairs if p == (0xa8, 0x24, 0x20)]
    assert reds, "the board page shows no red"
    assert all(max(abs(a - b) for a, b in zip(s, want)) <= 3 for s in reds)
