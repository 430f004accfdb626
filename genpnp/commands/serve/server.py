"""The web server of `genpnp serve`: the standard library's threading HTTP server on 127.0.0.1.

Routes: ``/`` (the page), ``/assets/NAME`` (the page's HTML, CSS and JS, from the package),
``/out/PATH`` (files under the output folder: the PDF and the preview images), ``/api/state``
(the preview's JSON state), ``/events`` (server-sent events: the state, each time it changes) and
``POST /api/options`` (print options chosen in the page, as JSON). Nothing else is served: a path
with ``..``, an absolute path, or one that resolves (through a symlink) outside its folder is
refused, and so is a request whose Host is not this server's own address.
"""

from __future__ import annotations

import json
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from genpnp.commands.serve.preview import Preview
from genpnp.core.errors import UsageError

HOST = "127.0.0.1"
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".png": "image/png", ".pdf": "application/pdf",
         ".svg": "image/svg+xml", ".json": "application/json"}
KEEPALIVE = 15.0  # seconds between comments on a quiet event stream
MAX_BODY = 10_000  # bytes of a POST


def assets_folder() -> Path:
    return Path(str(resources.files("genpnp") / "data" / "serve"))


def safe_path(root: Path, rel: str) -> Path | None:
    """``rel`` (URL-decoded, '/'-separated) as a file under ``root``, or None when it names anything
    else: an empty part, '.', '..', a backslash or NUL, or a path that resolves outside ``root``."""
    if not rel or "\\" in rel or "\x00" in rel:
        return None
    parts = rel.split("/")
    if any(part in ("", ".", "..") for part in parts):
        return None
    base = root.resolve()
    try:
        target = base.joinpath(*parts).resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if not target.is_relative_to(base) or not target.is_file():
        return None
    return target


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, preview: Preview, port: int = 0, on_options: Any = None) -> None:
        self.preview = preview
        self.assets = assets_folder()
        self.on_options = on_options or (lambda: None)
        self.stopping = threading.Event()
        super().__init__((HOST, port), Handler)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"

    def stop(self) -> None:
        self.stopping.set()
        self.preview.hub.close()
        self.shutdown()
        self.server_close()


class Handler(BaseHTTPRequestHandler):
    server: Server
    server_version = "genpnp-serve"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass  # a request log is noise beside the build reports

    def trusted(self) -> bool:
        """A request addressed to this server by its own name: a page of another site that has made its
        name resolve to 127.0.0.1 (DNS rebinding) sends its own name as Host and is refused."""
        port = self.server.server_address[1]
        if self.headers.get("Host", "") in (f"{HOST}:{port}", f"localhost:{port}"):
            return True
        self.refuse(HTTPStatus.FORBIDDEN, "this server answers requests for 127.0.0.1 only")
        return False

    def do_GET(self) -> None:
        if not self.trusted():
            return
        path = urlsplit(self.path).path
        if path in ("/", "/index.html"):
            self.send_file(self.server.assets / "index.html", cache=False)
        elif path == "/api/state":
            self.send_json(self.server.preview.hub.state)
        elif path == "/events":
            self.events()
        elif path.startswith("/assets/"):
            self.send_checked(self.server.assets, path[len("/assets/"):], cache=False)
        elif path.startswith("/out/"):
            rel = path[len("/out/"):]
            self.send_checked(self.server.preview.out_dir, rel, cache=rel.startswith("serve/"))
        else:
            self.refuse(HTTPStatus.NOT_FOUND)

    def do_POST(self) -> None:
        if not self.trusted():
            return
        if urlsplit(self.path).path != "/api/options":
            self.refuse(HTTPStatus.NOT_FOUND)
            return
        if self.headers.get_content_type() != "application/json":  # another site's form cannot send this
            self.refuse(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "print options are sent as application/json")
            return
        length = int(self.headers.get("Content-Length") or 0)
        if not 0 < length <= MAX_BODY:
            self.refuse(HTTPStatus.BAD_REQUEST, "a JSON object of print options is expected")
            return
        try:
            values = json.loads(self.rfile.read(length))
            if not isinstance(values, dict):
                raise ValueError
            self.server.preview.set_options(values)
        except (ValueError, UnicodeDecodeError):
            self.refuse(HTTPStatus.BAD_REQUEST, "a JSON object of print options is expected")
            return
        except UsageError as exc:
            self.refuse(HTTPStatus.BAD_REQUEST, str(exc))
            return
        self.server.on_options()
        self.send_json({"ok": True})

    # -- responses
    def refuse(self, status: HTTPStatus, message: str = "") -> None:
        body = (message or status.phrase).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_json(self, data: Any) -> None:
        body = json.dumps(data).encode("utf-8")
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "application/json")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_checked(self, root: Path, rel: str, cache: bool) -> None:
        target = safe_path(root, unquote(rel))
        if target is None:
            self.refuse(HTTPStatus.NOT_FOUND)
            return
        self.send_file(target, cache)

    def send_file(self, path: Path, cache: bool) -> None:
        try:
            body = path.read_bytes()
        except OSError:
            self.refuse(HTTPStatus.NOT_FOUND)
            return
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", TYPES.get(path.suffix, "application/octet-stream"))
        # preview images are named after their digest: the same name is the same picture
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if cache else "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def events(self) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        hub, seen = self.server.preview.hub, 0
        try:
            while not self.server.stopping.is_set():
                version, state = hub.wait(seen, KEEPALIVE)
                if self.server.stopping.is_set():
                    break
                if version > seen:
                    seen = version
                    self.wfile.write(b"event: state\ndata: " + json.dumps(state).encode("utf-8") + b"\n\n")
                else:
                    self.wfile.write(b": waiting\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
