"""Visual regression: one low-resolution PNG per component kind, compared with a tolerance.

The fixture game tests/fixtures/golden-game has one section per kind; each section's first page is
rendered at 40 dpi (pypdfium2) and compared with tests/golden/<kind>.png. On a mismatch a diff image
(differing pixels in red over a faded copy of the expected page) is written to tests/golden/diff/.
After an intended change: ``pytest tests/test_golden.py --update-golden``, look at the PNGs, commit.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from genpnp.backends.png import render_pages
from genpnp.commands.build import build_game
from genpnp.impose.options import Options
from genpnp.load.project import load_game

HERE = Path(__file__).parent
GAME = HERE / "fixtures" / "golden-game"
GOLDEN = HERE / "golden"
DIFF = GOLDEN / "diff"
DPI = 40
MAX_MEAN = 1.5  # mean absolute difference per channel (0-255)
MAX_CHANGED = 0.002  # fraction of pixels differing by more than PIXEL_TOL in some channel
PIXEL_TOL = 40
# component kind -> the fixture's component of that kind, built alone (its first page follows the cover)
PAGES = {"cover": "", "text": "rules", "tile": "tiles", "card": "cards", "disc": "discs", "token": "tokens",
         "board": "board", "die": "die"}


@dataclass(frozen=True)
class Comparison:
    mean: float
    changed: float
    size_ok: bool

    @property
    def ok(self) -> bool:
        return self.size_ok and self.mean <= MAX_MEAN and self.changed <= MAX_CHANGED

    def __str__(self) -> str:
        return f"mean difference {self.mean:.2f} (at most {MAX_MEAN}), changed pixels {self.changed:.3%} " \
               f"(at most {MAX_CHANGED:.1%})" + ("" if self.size_ok else ", different image size")


def compare(actual: Image.Image, expected: Image.Image) -> tuple[Comparison, Image.Image]:
    """How far two RGB images differ, and a picture of where."""
    if actual.size != expected.size:
        return Comparison(255.0, 1.0, False), actual
    diff = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB"))
    channels = diff.split()
    pixels = actual.width * actual.height
    mean = sum(sum(i * n for i, n in enumerate(c.histogram())) for c in channels) / (3 * pixels)
    worst = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    mask = worst.point(lambda v: 255 if v > PIXEL_TOL else 0)
    changed = mask.histogram()[255] / pixels
    picture = Image.blend(expected.convert("RGB"), Image.new("RGB", expected.size, "white"), 0.7)
    picture.paste(Image.new("RGB", expected.size, (230, 0, 0)), mask=mask)
    return Comparison(mean, changed, True), picture


def render_fixture(out: Path) -> dict[str, Image.Image]:
    game = load_game(GAME)
    assert set(game.components) == {c for c in PAGES.values() if c}, "the fixture's sections changed: update PAGES"
    out_images = {}
    for kind, comp in PAGES.items():
        built = build_game(game, Options(components=(comp,) if comp else ()), out / (comp or "all"))
        out_images[kind] = render_pages(built.path, DPI, [2 if comp else 1])[0]
    return out_images


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Image.Image]:
    return render_fixture(tmp_path_factory.mktemp("golden"))


@pytest.mark.parametrize("kind", sorted(PAGES))
def test_page_matches_golden(kind: str, rendered: dict[str, Image.Image], update_golden: bool) -> None:
    golden = GOLDEN / f"{kind}.png"
    actual = rendered[kind]
    if update_golden or not golden.exists():
        actual.save(golden, optimize=True)
        if not update_golden:
            pytest.fail(f"{golden} did not exist: written now, look at it and commit it")
        return
    with Image.open(golden) as expected:
        result, picture = compare(actual, expected)
    if not result.ok:
        DIFF.mkdir(exist_ok=True)
        picture.save(DIFF / f"{kind}.png")
        actual.save(DIFF / f"{kind}-actual.png")
        pytest.fail(f"{kind}: {result}; see {DIFF / (kind + '.png')}")


def test_golden_comparison_catches_a_changed_renderer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pips drawn as squares instead of dots must fail the disc and die pages."""
    from genpnp.art import pips

    def square_pips(self: pips.Pips, surface: object, w: float, h: float) -> None:
        x, y, bw, bh = self.resolve_box(w, h)
        side = min(bw, bh)
        for cx, cy in pips.pip_centres(self.count, x, y, side, side):
            r = side * self.pip * 1.3
            surface.rect(cx - r, cy - r, 2 * r, 2 * r, fill=self.color)  # type: ignore[attr-defined]

    monkeypatch.setattr(pips.Pips, "draw", square_pips)
    changed = render_fixture(tmp_path)
    with Image.open(GOLDEN / "disc.png") as expected:
        result, _ = compare(changed["disc"], expected)
    assert not result.ok, result
    with Image.open(GOLDEN / "tile.png") as expected:  # a page without pips still matches
        assert compare(changed["tile"], expected)[0].ok
