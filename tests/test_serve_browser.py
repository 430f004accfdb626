"""genpnp serve in a real browser: Debian's chromium driven by Playwright (never a downloaded browser).

Skipped, saying why, where Playwright or /usr/bin/chromium is missing (`make test` installs chromium
when it runs as root). With GENPNP_SCREENSHOTS=DIR the screenshots are also written to DIR
(`GENPNP_SCREENSHOTS=docs/img` made the README's).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_game import Served, make_game
from test_serve import get

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

try:
    from playwright.sync_api import Page, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    pytest.skip("browser tests skipped: Python's playwright is not installed (pip install -e '.[dev]')",
                allow_module_level=True)
if not CHROMIUM.exists():
    pytest.skip(f"browser tests skipped: no {CHROMIUM} (Debian: apt-get install chromium; `make test` installs it "
                "when run as root)", allow_module_level=True)


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, Page, Path]]:
    root = tmp_path_factory.mktemp("serve")
    make_game(root)
    server = Served(root)
    profile = tempfile.mkdtemp(prefix="genpnp-chromium-")
    try:
        pw = None
        try:
            pw = sync_playwright().start()
            context = pw.chromium.launch_persistent_context(profile, executable_path=str(CHROMIUM), headless=True,
                                                            args=ARGS, viewport={"width": 1200, "height": 800})
        except Exception as exc:  # a chromium or driver that cannot start here (missing libraries...)
            if pw is not None:
                pw.stop()
            pytest.skip(f"browser tests skipped: {CHROMIUM} does not start: {(str(exc).splitlines() or [''])[0]}")
        try:
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector("#status.ok")
            yield server, page, root
        finally:
            context.close()
            pw.stop()
    finally:
        assert server.stop() == 0
        shutil.rmtree(profile, ignore_errors=True)


def face_sources(page: Page) -> list[str]:
    return page.eval_on_selector_all(".item img", "imgs => imgs.map(i => i.getAttribute('src'))")


def screenshot(page: Page, root: Path, name: str) -> None:
    page.screenshot(path=str(root / name))
    wanted = os.environ.get("GENPNP_SCREENSHOTS")
    if wanted:
        Path(wanted).mkdir(parents=True, exist_ok=True)
        shutil.copy(root / name, Path(wanted) / name)


def test_the_cards_and_pages_are_shown(session) -> None:
    server, page, root = session
    assert page.locator(".item").count() == 4
    assert page.locator(".item img").count() == 8  # front and back of each card
    page.wait_for_function("[...document.querySelectorAll('.item img, .page img')].every(i => i.naturalWidth > 0)")
    assert page.locator(".page").count() >= 1
    assert "Serve Test" in page.inner_text("#title")
    assert page.get_attribute("#pdf", "href").endswith(".pdf")
    assert "every rule holds" in page.inner_text("#rules-summary")
    page.click(".item >> nth=1")  # select the second card: its faces, large, beside the list
    assert page.locator("#detail img").count() == 2
    assert "The next player misses a turn." in page.inner_text("#detail-fields")  # the item's own values
    assert page.inner_text("#detail-where").endswith("serve-test/cards.csv:3:1")  # where that item is written
    screenshot(page, root, "serve.png")


def test_an_edit_redraws_that_card_only_without_a_reload(session) -> None:
    server, page, root = session
    page.evaluate("window.notReloaded = true; window.scrollTo(0, 120);"
                  "document.querySelectorAll('.item img').forEach((img, n) => { img.mark = n; })")
    before = face_sources(page)
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    csv = root / "content" / "serve-test" / "cards.csv"
    csv.write_text(csv.read_text().replace("Skip,The next player", "Skip,The player after you"))
    page.wait_for_function("([n, old]) => document.querySelectorAll('.item img')[n].getAttribute('src') !== old",
                           arg=[2, before[2]])
    page.wait_for_selector("#status.ok")
    page.wait_for_function("document.querySelectorAll('.item img')[2].naturalWidth > 0")
    after = face_sources(page)
    assert [n for n, (a, b) in enumerate(zip(before, after)) if a != b] == [2]  # card 2's front, nothing else
    faces = [url for url in fetched if "/faces/" in url]
    assert faces == [server.url + after[2].lstrip("/")]  # the browser fetched that image and no other face
    assert page.evaluate("window.notReloaded") is True
    assert page.evaluate("window.scrollY") == 120  # the scroll position stays
    marks = page.eval_on_selector_all(".item img", "imgs => imgs.map(i => i.mark)")
    assert marks == list(range(8))  # every image element is the one that was there: changed in place
    assert page.locator(".item.selected").get_attribute("data-key") == "cards/2"  # the selection stays


def test_a_typo_shows_where_it_is_over_the_last_good_preview_and_a_fix_clears_it(session) -> None:
    server, page, root = session
    before = face_sources(page)
    csv = root / "content" / "serve-test" / "cards.csv"
    good = csv.read_text()
    csv.write_text(good.replace("Swap one card with any player.,", "Swap one card with any player."))
    page.wait_for_selector("#problems:not([hidden])")
    shown = page.inner_text("#problems")
    assert "cards.csv:4:1:" in shown and "this row has 2 cells" in shown, shown
    assert face_sources(page) == before  # the last good preview stays
    page.wait_for_function("[...document.querySelectorAll('.item img')].every(i => i.naturalWidth > 0)")
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, root, "serve-error.png")
    assert page.get_attribute("#pdf", "href").endswith(".pdf") and page.is_visible("#pdf")
    csv.write_text(good)
    page.wait_for_selector("#problems", state="hidden")
    page.wait_for_selector("#status.ok")
    assert face_sources(page) == before


def test_paths_outside_the_output_are_refused(session) -> None:
    server, page, root = session
    for path in ("/../../etc/passwd", "/out/../../etc/passwd", "/out/%2e%2e/%2e%2e/etc/passwd"):
        status, body = get(server.url, path)
        assert status == 404 and b"root:" not in body
    answer = page.request.get(server.url + "out/%2e%2e/%2e%2e/etc/passwd")
    assert answer.status == 404


def test_print_options_are_switched_in_the_page(session) -> None:
    server, page, root = session
    page.select_option("#options select[name=paper]", "a4")
    page.wait_for_function("document.querySelector('#pdf').getAttribute('href').endsWith('serve-test-a4-color.pdf')")
    page.fill("#options input[name=bleed]", "9")
    page.dispatch_event("#options input[name=bleed]", "change")
    page.wait_for_selector("#option-error:not([hidden])")
    assert "bleed: 9 mm is not between 0 and 6" in page.inner_text("#option-error")


def test_audit_findings_are_shown_on_their_page_with_where_they_come_from(session) -> None:
    server, page, root = session
    yaml = root / "content" / "serve-test" / "components.yaml"
    good = yaml.read_text()
    yaml.write_text(good.replace("size: 10pt, valign: top", "size: 4pt, valign: top"))  # below 6 pt: a warning
    badge = page.wait_for_selector(".page .badge")
    assert badge.inner_text() == "small-text"
    badge.click()
    shown = page.inner_text("#detail-findings")
    assert "serve-test/components.yaml:14:19" in shown and "4.0 pt" in shown, shown  # the text element's place
    assert "1 warning(s)" in page.inner_text("#audit-summary")
    yaml.write_text(good)
    page.wait_for_selector(".page .badge", state="detached")
