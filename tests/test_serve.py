"""genpnp serve without a browser: per-face digests, what the server serves and refuses, the rebuild
after an edit and after a typo, and Ctrl-C. tests/test_serve_browser.py drives the page in Chromium."""

from __future__ import annotations

import http.client
import json
import os
import threading
from pathlib import Path

import pytest
from serve_game import Served, make_game

from genpnp.commands.export import face_jobs
from genpnp.commands.facedigest import face_digest, face_digests, page_digests
from genpnp.commands.serve import Preview, one_game, run
from genpnp.commands.serve.server import HOST, safe_path
from genpnp.core.errors import UsageError
from genpnp.impose.document import impose_game
from genpnp.impose.options import Options, parse_paper
from genpnp.load.project import load_game


def digests(folder: Path, salt: str = "") -> list[str]:
    game = load_game(folder, folder.name)
    return [face_digest(j.component, j.piece, j.face, 0.0, salt) for j in face_jobs(game.components["cards"])]


def test_a_face_digest_changes_with_what_is_drawn_only(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    before = digests(folder)
    assert len(before) == 8 and len(set(before)) == 5  # four fronts, one back shared by all
    assert digests(folder) == before  # the same drawing, the same digest
    csv = folder / "cards.csv"
    csv.write_text(csv.read_text().replace("Skip,", "Skip it,"))
    after = digests(folder)
    assert [i for i, (a, b) in enumerate(zip(before, after)) if a != b] == [2]  # card 2's front only
    components = folder / "components.yaml"
    components.write_text("# a comment draws nothing\n" + components.read_text())
    assert digests(folder) == after
    assert digests(folder, "bw") != after  # the salt (the ink, a resolution) is part of it
    by_face = face_digests(load_game(folder, folder.name))
    assert list(by_face)[:3] == [("cards", 1, "front"), ("cards", 1, "back"), ("cards", 2, "front")]
    assert list(by_face.values()) == after


def test_page_digests_follow_the_pages(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    game = load_game(folder, folder.name)
    pages = page_digests(impose_game(game, Options(parse_paper("letter"))))
    assert pages == page_digests(impose_game(load_game(folder, folder.name), Options(parse_paper("letter"))))
    assert pages != page_digests(impose_game(game, Options(parse_paper("a4"))))


def test_safe_path_refuses_everything_outside_its_folder(tmp_path: Path) -> None:
    root = tmp_path / "out"
    (root / "serve").mkdir(parents=True)
    (root / "serve" / "a.png").write_bytes(b"png")
    (tmp_path / "secret.txt").write_text("secret")
    os.symlink(tmp_path / "secret.txt", root / "link.txt")
    os.symlink(tmp_path, root / "up")
    os.symlink(root / "serve" / "a.png", root / "inside.png")
    assert safe_path(root, "serve/a.png") == (root / "serve" / "a.png").resolve()
    assert safe_path(root, "inside.png") == (root / "serve" / "a.png").resolve()
    for bad in ("../secret.txt", "serve/../../secret.txt", "/etc/passwd", "//etc/passwd", "link.txt",
                "up/secret.txt", "serve/./a.png", "serve\\a.png", "serve/a.png\x00", "", "serve", "nosuch.png"):
        assert safe_path(root, bad) is None, bad


@pytest.fixture()
def served(tmp_path: Path):
    """A preview served in this process (the builder and the server in threads), stopped afterwards."""
    folder = make_game(tmp_path)
    lines: list[str] = []
    preview = Preview(folder, folder.name, Options(parse_paper("letter")), tmp_path / "out", dpi=30,
                      report=lines.append)
    stop, ready = threading.Event(), threading.Event()
    urls: list[str] = []
    thread = threading.Thread(target=run, args=(preview, 0, (), stop, lambda url: (urls.append(url), ready.set())),
                              daemon=True)
    thread.start()
    assert ready.wait(30)
    version, state = preview.hub.wait(0, 0)
    while state.get("status") != "ok":
        version, state = preview.hub.wait(version, 30)
        assert version, "no state"
    yield preview, urls[0], tmp_path
    stop.set()
    thread.join(30)
    assert not thread.is_alive()


def get(url: str, path: str, host_header: str = "") -> tuple[int, bytes]:
    """A request sent as written: no client tidies the path first."""
    host, port = url.split("//")[1].strip("/").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.putrequest("GET", path, skip_host=bool(host_header), skip_accept_encoding=True)
    if host_header:
        conn.putheader("Host", host_header)
    conn.endheaders()
    answer = conn.getresponse()
    body = answer.read()
    conn.close()
    return answer.status, body


def test_only_the_output_and_the_assets_are_served(served) -> None:
    preview, url, tmp_path = served
    assert url.startswith(f"http://{HOST}:") and HOST == "127.0.0.1"
    state = json.loads(get(url, "/api/state")[1])
    image = state["components"][0]["items"][0]["faces"][0]["url"]
    assert get(url, image)[0] == 200 and get(url, image)[1][:4] == b"\x89PNG"
    assert get(url, state["pdf"])[1][:5] == b"%PDF-"
    assert get(url, "/")[0] == 200 and get(url, "/assets/serve.js")[0] == 200
    (tmp_path / "secret.txt").write_text("secret")
    os.symlink(tmp_path / "secret.txt", tmp_path / "out" / "link.txt")
    os.symlink("/etc/passwd", tmp_path / "out" / "passwd")
    port = url.rstrip("/").rsplit(":", 1)[1]
    assert get(url, "/api/state", f"localhost:{port}")[0] == 200
    assert get(url, "/api/state", f"evil.example:{port}")[0] == 403  # DNS rebinding: another site's name
    for bad in ("/../../etc/passwd", "/out/../../etc/passwd", "/out/%2e%2e/%2e%2e/etc/passwd",
                "/out/..%2fsecret.txt", "/out//etc/passwd", "/out/link.txt", "/out/passwd", "/etc/passwd",
                "/assets/../../../../etc/passwd", "/assets/%2e%2e/serve/__init__.py", "/out/serve-test/../x"):
        status, body = get(url, bad)
        assert status == 404 and b"root:" not in body and b"secret" not in body, bad


def test_options_from_the_page_rebuild_and_bad_ones_are_refused(served) -> None:
    preview, url, _ = served
    version = preview.hub.version
    host, port = url.split("//")[1].strip("/").split(":")

    def post(values: object, kind: str = "application/json") -> tuple[int, str]:
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        conn.request("POST", "/api/options", json.dumps(values), {"Content-Type": kind})
        answer = conn.getresponse()
        return answer.status, answer.read().decode()

    assert post({"paper": "a4"}, "text/plain")[0] == 415  # what another site's page could send unasked
    assert post({"paper": "b9"})[0] == 400
    assert post({"ink": "gold"}) == (400, "ink: 'gold' is not one of color, bw, saver")
    assert post({"bleed": 40})[0] == 400
    assert post(["a4"])[0] == 400
    assert post({"paper": "a4", "ink": "bw"})[0] == 200
    state: dict = {}
    while not (state.get("status") == "ok" and state["options"]["paper"] == "a4"):
        version, state = preview.hub.wait(version, 30)
    assert state["options"]["ink"] == "bw" and state["pdf"].endswith("serve-test-a4-bw.pdf")


def test_a_typo_keeps_the_last_good_preview_and_a_fix_clears_it(served) -> None:
    preview, url, tmp_path = served
    version, good = preview.hub.wait(0, 0)
    csv = tmp_path / "content" / "serve-test" / "cards.csv"
    text = csv.read_text()
    csv.write_text(text.replace("Skip,The next player misses a turn.,", "Skip,The next player misses a turn."))
    version, state = preview.hub.wait(version, 30)
    assert state["status"] == "error"
    assert state["problems"][0]["file"].endswith("cards.csv") and state["problems"][0]["line"] == 3
    assert state["components"] == good["components"] and state["pdf"] == good["pdf"]
    assert get(url, good["pdf"])[0] == 200  # the last good PDF stays downloadable
    csv.write_text(text.replace("Swap one card", "Trade one card"))
    while state["status"] != "ok":
        version, state = preview.hub.wait(version, 30)
    assert state["problems"] == []
    before = [f["url"] for i in good["components"][0]["items"] for f in i["faces"]]
    after = [f["url"] for i in state["components"][0]["items"] for f in i["faces"]]
    assert [n for n, (a, b) in enumerate(zip(before, after)) if a != b] == [4]  # card 3's front


def test_ctrl_c_stops_it_cleanly(tmp_path: Path) -> None:
    make_game(tmp_path)
    server = Served(tmp_path)
    server.wait_for("up to date")
    assert server.stop() == 0
    assert any("stopped serving" in line for line in server.lines)
    assert not any("Traceback" in line for line in server.lines), server.lines
    assert not list((tmp_path / "out").rglob("*.tmp"))


def test_the_game_may_go_unnamed_where_the_content_has_one(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    assert one_game(tmp_path / "content", None) == ("serve-test", folder)
    assert one_game(folder, None)[0] == "serve-test"
    (tmp_path / "content" / "other").mkdir()
    (tmp_path / "content" / "other" / "game.yaml").write_text((folder / "game.yaml").read_text())
    with pytest.raises(UsageError, match="has 2 games: name the one to serve"):
        one_game(tmp_path / "content", None)
    assert one_game(tmp_path / "content", "serve-test")[0] == "serve-test"


def test_strict_makes_a_warning_stop_the_rebuild(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    csv = folder / "cards.csv"
    header, *rows = csv.read_text().splitlines()
    csv.write_text("\n".join([header + ",unused", *(row + ",x" for row in rows)]) + "\n")  # a column no face uses
    lines: list[str] = []
    lenient = Preview(folder, folder.name, Options(), tmp_path / "out", dpi=20, report=lines.append)
    assert lenient.rebuild() and any("unused" in w["message"] for w in lenient.warnings)
    strict = Preview(folder, folder.name, Options(), tmp_path / "out", dpi=20, strict=True, report=lines.append)
    assert not strict.rebuild() and strict.status == "error"
    assert any("unused" in p["message"] and p["file"].endswith("cards.csv") for p in strict.problems)


def test_component_limits_the_pieces_shown(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    components = folder / "components.yaml"
    components.write_text(components.read_text() + "  chips:\n    kind: token\n    size: 20mm\n    qty: 3\n"
                          "    faces: {front: {fill: \"#ffcc00\"}}\n")
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace("[cards]", "[cards, chips]"))
    every = Preview(folder, folder.name, Options(), tmp_path / "out", dpi=20, report=print)
    assert every.rebuild() and [c["name"] for c in every.faces] == ["cards", "chips"]
    only = Preview(folder, folder.name, Options(components=("chips",)), tmp_path / "out", dpi=20, report=print)
    assert only.rebuild() and [c["name"] for c in only.faces] == ["chips"]
