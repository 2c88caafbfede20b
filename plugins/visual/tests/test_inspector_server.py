"""`pagelift view`'s server: its own routes behind a random token, on 127.0.0.1, with a strict CSP;
document text shown as text, never as markup (crafted builder documents, responses parsed).

Requests are sent with http.client, which sends the path exactly as written (no
normalising of `..`), as an attacker's client would.
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from visual_testing import CELL, FONT, QUOTES, SCRIPT, TITLE, crafted_document

import pagelift
from pagelift_visual.server import InspectorServer, serve, serve_in_thread

ALLOWED_TAGS = {"html", "head", "meta", "title", "link", "script", "body", "header", "h1", "p", "nav", "a", "main",
                "div", "img", "svg", "defs", "marker", "path", "g", "rect", "text", "polyline", "aside", "section",
                "h2", "label", "input", "span", "dl", "dt", "dd", "ul", "li", "ol"}


@pytest.fixture
def running(tmp_path: Path) -> Iterator[InspectorServer]:
    document = pagelift.open(str(crafted_document(tmp_path)))
    server = serve(document, resolution=40)
    serve_in_thread(server)
    yield server
    server.shutdown()
    server.server_close()
    document.close()


def request(server: InspectorServer, path: str, *, method: str = "GET",
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(str(host), int(port), timeout=30)
    try:
        connection.putrequest(method, path, skip_host=headers is not None and "Host" in headers)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text between tags (entities decoded)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.script_text: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        (self.script_text if self._in_script else self.text).append(data)


def parsed(body: bytes) -> Elements:
    parser = Elements()
    parser.feed(body.decode("utf-8"))
    parser.close()
    return parser


def test_it_listens_on_127_0_0_1_with_a_long_random_token(tmp_path: Path) -> None:
    document = pagelift.open(str(crafted_document(tmp_path)))
    first, second = serve(document), serve(document)
    try:
        assert first.server_address[0] == "127.0.0.1"
        assert first.token != second.token and len(first.token) >= 32
        assert first.url.startswith("http://127.0.0.1:") and first.url.endswith(f"/{first.token}/")
    finally:
        first.server_close()
        second.server_close()


def test_the_token_url_leads_to_the_first_page_with_a_strict_policy_and_no_cors(running: InspectorServer) -> None:
    status, headers, _ = request(running, f"/{running.token}/")
    assert status == 302 and headers["location"] == "page/1"
    status, headers, body = request(running, f"/{running.token}/page/1")
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    assert headers["content-security-policy"] == "default-src 'self'"
    assert headers["x-content-type-options"] == "nosniff"
    assert not [name for name in headers if name.startswith("access-control")]
    assert b"<svg" in body


@pytest.mark.parametrize("path", [
    "/", "/etc/passwd", "/../../etc/passwd", "/{token}/../../etc/passwd", "/{token}/static/../../../etc/passwd",
    "/{token}/static/%2e%2e/%2e%2e/etc/passwd", "/{token}/page/1/../../../../etc/passwd", "/{token}/page/99",
    "/{token}/page/1/table/9.csv", "/{token}/page/0", "/{token}/page/1.png/", "/{token}/static/server.py",
    "/{token}x/page/1", "/{short}/page/1", "/page/1", "/{token}//page/1", "/{token}/page//1", "/{token}/page/1?x=../../etc/passwd#",
])
def test_anything_but_its_own_routes_is_a_404_with_the_same_headers(running: InspectorServer, path: str) -> None:
    target = path.format(token=running.token, short=running.token[:-1])
    status, headers, body = request(running, target)
    if target.endswith("?x=../../etc/passwd#"):  # a query string changes nothing: still page 1
        assert status == 200 and b"root:" not in body
        return
    assert status == 404, target
    assert b"root:" not in body
    assert headers["content-security-policy"] == "default-src 'self'"


def test_requests_that_would_write_are_refused_without_cors(running: InspectorServer) -> None:
    for method in ("POST", "PUT", "DELETE", "OPTIONS"):
        status, headers, _ = request(running, f"/{running.token}/page/1", method=method,
                                     headers={"Host": "127.0.0.1", "Origin": "http://evil.example"})
        assert status == 405, method
        assert not [name for name in headers if name.startswith("access-control")]


def test_a_host_that_is_not_this_machine_is_refused(running: InspectorServer) -> None:
    status, _, _ = request(running, f"/{running.token}/page/1", headers={"Host": "evil.example"})
    assert status == 404  # DNS rebinding: a page of evil.example resolving to 127.0.0.1 reads nothing
    port = running.server_address[1]
    status, _, _ = request(running, f"/{running.token}/page/1", headers={"Host": f"localhost:{port}"})
    assert status == 200


def test_document_text_font_names_metadata_and_file_name_stay_text(running: InspectorServer) -> None:
    status, _, body = request(running, f"/{running.token}/page/1")
    assert status == 200
    page = parsed(body)
    tags = [tag for tag, _ in page.tags]
    assert set(tags) <= ALLOWED_TAGS, sorted(set(tags) - ALLOWED_TAGS)
    scripts = [attrs for tag, attrs in page.tags if tag == "script"]
    assert scripts == [{"src": "../static/inspector.js", "defer": None}] and not "".join(page.script_text).strip()
    assert tags.count("img") == 1  # the page's own picture; the document's <img> is text
    handlers = [(tag, name) for tag, attrs in page.tags for name in attrs if name.lower().startswith("on")]
    assert handlers == []
    text = "".join(page.text)
    for crafted in (SCRIPT, QUOTES, TITLE, '<i>"odd".pdf'):
        assert crafted in text, crafted  # shown, as the very characters the document holds
    # Hover details: JSON in an attribute, read back whole.
    details = [json.loads(attrs["data-info"] or "") for tag, attrs in page.tags if "data-info" in attrs]
    words = {dict(pairs).get("text"): dict(pairs) for pairs in details}
    assert words[SCRIPT]["font"] == "Helvetica"
    assert words[QUOTES.split()[0]]["text"] == "\"'><img"
    assert words["styled"]["font"] == FONT
    assert "decoder" in words["styled"] and words[SCRIPT]["decoder"] != "unknown"


def test_a_table_s_csv_is_served_as_csv_a_click_away(running: InspectorServer) -> None:
    _, _, body = request(running, f"/{running.token}/page/1")
    links = [attrs for tag, attrs in parsed(body).tags if tag == "a" and "csv" in (attrs.get("class") or "")]
    assert links and links[0]["href"] == "1/table/1.csv"
    status, headers, csv = request(running, f"/{running.token}/page/1/table/1.csv")
    assert status == 200 and headers["content-type"] == "text/csv; charset=utf-8"
    assert headers["content-disposition"] == 'attachment; filename="page1-table1.csv"'
    assert CELL in csv.decode("utf-8")  # data, served as CSV, never as markup


def test_the_picture_and_the_static_files_are_served(running: InspectorServer) -> None:
    status, headers, png = request(running, f"/{running.token}/page/1.png")
    assert status == 200 and headers["content-type"] == "image/png" and png.startswith(b"\x89PNG")
    status, headers, script = request(running, f"/{running.token}/static/inspector.js")
    assert status == 200 and headers["content-type"].startswith("text/javascript") and b"textContent" in script
    assert b"innerHTML" not in script
