"""The inspector's server: standard library ``http.server``, its own routes only, behind a random token.

Security, since PDFs come from strangers and a browser is a busy place:

- it listens on 127.0.0.1 unless told otherwise;
- every route sits under ``/<token>/``, a random ``secrets.token_urlsafe`` value printed
  with the URL (as Jupyter does): another local user, or a web page the browser has open,
  cannot guess it, so cannot read the document through the server;
- it serves only its own routes — the page's HTML, its picture, its tables' CSV, its three
  static files — matched exactly; anything else (``/../../etc/passwd`` included) is a 404,
  and nothing is ever read from a path a request names;
- ``Host`` must name this machine when it listens on the loopback (DNS rebinding);
- every answer sets ``Content-Security-Policy: default-src 'self'`` (no inline script, no
  other origin), ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer``, no
  caching, and no CORS header at all.
"""

from __future__ import annotations

import hmac
import re
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

import pagelift

from .inspector import Inspector, table_csv

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
"""Headers on every answer, errors included."""

STATIC = {"inspector.js": "text/javascript; charset=utf-8", "inspector.css": "text/css; charset=utf-8",
          "favicon.svg": "image/svg+xml"}

_PAGE = re.compile(r"page/([1-9][0-9]{0,6})")
_PICTURE = re.compile(r"page/([1-9][0-9]{0,6})\.png")
_TABLE = re.compile(r"page/([1-9][0-9]{0,6})/table/([1-9][0-9]{0,4})\.csv")
_LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def _static(name: str) -> bytes:
    return resources.files("pagelift_visual").joinpath("static", name).read_bytes()


class InspectorServer(ThreadingHTTPServer):
    """A running inspector: ``url`` is what to open (token included); ``serve_forever()``, ``shutdown()``."""

    daemon_threads = True

    def __init__(self, inspector: Inspector, host: str, port: int, token: str) -> None:
        self.inspector = inspector
        self.token = token
        self.loopback_only = host in _LOOPBACK
        super().__init__((host, port), _Handler)

    @property
    def url(self) -> str:
        """The inspector's address with its token, e.g. ``http://127.0.0.1:8765/3vQ.../``."""
        address, port = self.server_address[:2]
        host = address.decode() if isinstance(address, bytes) else str(address)
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}/{self.token}/"


class _Handler(BaseHTTPRequestHandler):
    server: InspectorServer
    server_version = "pagelift-view"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the URL carries the token, so requests are not written to stderr."""

    def do_GET(self) -> None:
        """Answer one of the inspector's own routes, or 404."""
        self._answer(head=False)

    def do_HEAD(self) -> None:
        """The same answer without its body."""
        self._answer(head=True)

    def _refuse_method(self) -> None:
        self._send(405, "text/plain; charset=utf-8", b"the inspector only reads\n", head=False,
                   extra={"Allow": "GET, HEAD"})

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse_method

    def _answer(self, *, head: bool) -> None:
        found = self._route()
        if found is None:
            self._send(404, "text/plain; charset=utf-8", b"not found (the inspector's URL carries its token)\n",
                       head=head)
            return
        status, kind, body, extra = found
        self._send(status, kind, body, head=head, extra=extra)

    def _host_allowed(self) -> bool:
        if not self.server.loopback_only:
            return True
        host = (self.headers.get("Host") or "").strip().lower()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name in _LOOPBACK

    def _route(self) -> tuple[int, str, bytes, dict[str, str]] | None:
        if not self._host_allowed():
            return None
        path = self.path.split("?", 1)[0].split("#", 1)[0]  # the path as sent: never normalised, never a file
        prefix, _, rest = path.lstrip("/").partition("/")
        if not hmac.compare_digest(prefix.encode(), self.server.token.encode()):
            return None
        inspector = self.server.inspector
        if rest == "" and path.endswith("/"):
            return (302, "text/plain; charset=utf-8", b"", {"Location": inspector.index_target()})
        if rest.startswith("static/") and rest[7:] in STATIC:
            return (200, STATIC[rest[7:]], _static(rest[7:]), {})
        try:
            if match := _PAGE.fullmatch(rest):
                page_html = inspector.page_html(int(match[1]))
                if page_html is not None:
                    return (200, "text/html; charset=utf-8", page_html.encode("utf-8"), {})
            elif match := _PICTURE.fullmatch(rest):
                png = inspector.picture(int(match[1]))
                if png is not None:
                    return (200, "image/png", png, {})
            elif match := _TABLE.fullmatch(rest):
                tables = inspector.tables(int(match[1]))
                index = int(match[2])
                if tables is not None and index <= len(tables):
                    name = f"page{match[1]}-table{index}.csv"
                    return (200, "text/csv; charset=utf-8", table_csv(tables[index - 1]).encode("utf-8"),
                            {"Content-Disposition": f'attachment; filename="{name}"'})
        except pagelift.PdfError as exc:
            return (500, "text/plain; charset=utf-8", f"the page could not be read: {exc}\n".encode(), {})
        return None

    def _send(self, status: int, kind: str, body: bytes, *, head: bool, extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in {**SECURITY_HEADERS, **(extra or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        if not head:
            self.wfile.write(body)


def serve(document: pagelift.Document, *, host: str = "127.0.0.1", port: int = 0, resolution: float = 110.0,
          ocr: bool = False, token: str | None = None) -> InspectorServer:
    """An inspector server for ``document``, listening (not yet serving: call ``serve_forever()``).

    ``port`` 0 takes any free port; ``token`` defaults to a fresh random one. The URL to open
    is ``server.url``.
    """
    inspector = Inspector(document, resolution=resolution, ocr=ocr)
    return InspectorServer(inspector, host, port, token or secrets.token_urlsafe(24))


def serve_in_thread(server: InspectorServer) -> threading.Thread:
    """Serve in a daemon thread (tests, notebooks); stop with ``server.shutdown()``."""
    thread = threading.Thread(target=server.serve_forever, name="pagelift-view", daemon=True)
    thread.start()
    return thread


__all__ = ["SECURITY_HEADERS", "InspectorServer", "serve", "serve_in_thread"]
