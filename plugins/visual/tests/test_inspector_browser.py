"""`pagelift view` in a real browser: headless Chromium (Debian's `chromium`) through Playwright.

The page loads under its own Content-Security-Policy with its script running (no refused
resource), the layers are SVG overlays a checkbox hides and shows, hovering a word shows
its font, size, colour, flags and decoder, a crafted document's markup never runs, and the
screenshot shows the page and its overlay (not a blank sheet).

Skips when Chromium or Playwright is missing, except under CI=true, where it must run
(`apt-get install chromium`; `pip install playwright`, in requirements-dev.txt).
"""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image as PILImage
from visual_testing import SCRIPT, crafted_document

import pagelift
from pagelift_visual.layers import COLORS
from pagelift_visual.server import InspectorServer, serve, serve_in_thread

SAMPLE = Path(__file__).resolve().parents[3] / "testdata" / "sample.pdf"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


def _browser_or_skip() -> Any:
    reason = ""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "Playwright for Python is not installed (pip install playwright; requirements-dev.txt)"
    if not reason and not os.path.exists(CHROMIUM):
        reason = "no Chromium at /usr/bin/chromium (apt-get install chromium)"
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser test must run under CI: {reason}")
        pytest.skip(reason)
    return sync_playwright


@pytest.fixture
def browser() -> Iterator[Any]:
    sync_playwright = _browser_or_skip()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


def _serving(document: pagelift.Document) -> InspectorServer:
    server = serve(document, resolution=96)
    serve_in_thread(server)
    return server


def _watched(browser: Any) -> tuple[Any, list[str], list[str]]:
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    console: list[str] = []
    dialogs: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on("response", lambda response: console.append(f"status {response.status}: {response.url}")
            if response.status >= 400 else None)
    return page, console, dialogs


def _colours_near(picture: Any, colour: tuple[int, int, int], tolerance: int = 40) -> int:
    rgb = picture.convert("RGB")
    return sum(count for count, pixel in rgb.getcolors(rgb.size[0] * rgb.size[1])
               if all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True)))


def test_the_inspector_loads_toggles_a_layer_shows_word_details_and_draws_the_page(browser: Any) -> None:
    with pagelift.open(str(SAMPLE)) as document:
        server = _serving(document)
        try:
            page, console, dialogs = _watched(browser)
            page.goto(server.url)
            page.wait_for_selector("body[data-ready=yes]", timeout=30_000)  # the script ran: CSP let it
            assert page.url == f"{server.url}page/1"
            assert page.title().startswith(str(SAMPLE)) or "sample.pdf" in page.title()
            words = page.locator("#layer-words rect")
            blocks = page.locator("#layer-blocks rect")
            assert words.count() > 40 and blocks.count() >= 3
            assert page.locator("#layer-tables rect").count() >= 1
            assert page.locator("#layer-blocks text.label").all_text_contents()[:3] == ["1", "2", "3"]
            assert page.is_visible("#page-picture")
            before = PILImage.open(io.BytesIO(page.screenshot()))

            # Hover a word: its details appear beside the page.
            page.locator("#layer-words rect[data-info*='Canal']").first.hover()
            details = page.locator("#details").inner_text()
            assert "Canal" in details and "Helvetica" in details and "decoder" in details and "size" in details

            # Switch the blocks layer off: its boxes disappear; on again: back.
            toggle = page.locator("input.layer-toggle[data-layer=blocks]")
            toggle.uncheck()
            assert not blocks.first.is_visible()
            assert "hidden" in (page.get_attribute("#layer-blocks", "class") or "")
            after = PILImage.open(io.BytesIO(page.screenshot()))
            toggle.check()
            assert blocks.first.is_visible()

            # Not blank: the page's text and the overlay's colours are on screen.
            grey = before.convert("L")
            assert grey.getextrema()[0] < 60  # dark text
            assert len(before.convert("RGB").getcolors(1 << 24) or []) > 50
            purple = _colours_near(before, COLORS["blocks"])
            assert purple > 200 and _colours_near(after, COLORS["blocks"]) < purple / 2
            assert not [line for line in console if "Refused" in line or line.startswith("error")], console
            assert dialogs == []
        finally:
            server.shutdown()
            server.server_close()


def test_a_crafted_document_s_markup_never_runs_in_the_browser(browser: Any, tmp_path: Path) -> None:
    with pagelift.open(str(crafted_document(tmp_path))) as document:
        server = _serving(document)
        try:
            page, console, dialogs = _watched(browser)
            page.goto(server.url)
            page.wait_for_selector("body[data-ready=yes]", timeout=30_000)
            for rect in page.locator("#overlay .hoverable").all()[:40]:
                rect.hover(force=True)
            page.locator("#layer-words rect[data-info*='alert(1)']").first.hover(force=True)
            assert SCRIPT in page.locator("#details").inner_text()
            assert page.locator("script").count() == 1  # the inspector's own, nothing the document wrote
            assert page.locator("main img").count() == 1
            assert dialogs == [], dialogs
            assert not [line for line in console if "Refused" in line], console
        finally:
            server.shutdown()
            server.server_close()
