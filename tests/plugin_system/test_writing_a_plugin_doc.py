"""The worked examples in docs/writing-a-plugin.md run as written."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pdfbuilder
import pytest

import pagelift

DOC = Path(__file__).resolve().parents[2] / "docs" / "writing-a-plugin.md"


def _python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def _run_example(block: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run one example in ``folder`` with no installed plugins; return what it printed."""
    printed: list[str] = []
    monkeypatch.chdir(folder)
    monkeypatch.setenv("PAGELIFT_LOAD_PLUGINS", "")
    namespace = {"print": lambda *args: printed.append(" ".join(map(str, args)))}
    exec(compile(block, str(DOC), "exec"), namespace)
    return "\n".join(printed)


def _named_glyphs_pdf(lines: list[bytes]) -> bytes:
    """A page in a font whose /Differences call A, B, C by the house names g17, g18, g19."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", differences={65: "g17", 66: "g18", 67: "g19"})
    page = doc.add_page()
    shows = b" 0 -20 Td ".join(b"(" + line + b") Tj" for line in lines)
    page.content(b"BT " + page.use(font) + b" 12 Tf 72 700 Td " + shows + b" ET")
    return doc.to_bytes()


def test_the_house_decoder_example_reads_its_own_glyph_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "house.pdf").write_bytes(_named_glyphs_pdf([b"CAB"]))
    assert _run_example(_python_blocks()[0], tmp_path, monkeypatch) == "CAB"


def test_the_bottom_up_layout_example_reverses_the_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "log.pdf").write_bytes(_named_glyphs_pdf([b"A", b"B", b"C"]))

    class Ascii:
        @pagelift.hookimpl
        def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap:
            return pagelift.GlyphMap("ascii", 1, {c: chr(c) for c in range(32, 127)})

    class WithDecoder(pagelift.PluginManager):
        def __init__(self, **kwargs: bool) -> None:
            super().__init__(**kwargs)
            self.register(Ascii())

    # The example's manager needs some decoder to have text to reverse.
    monkeypatch.setattr(pagelift, "PluginManager", WithDecoder)
    assert _run_example(_python_blocks()[1], tmp_path, monkeypatch) == "C\nB\nA"


def test_the_packaged_example_module_is_a_valid_plugin() -> None:
    namespace: dict[str, object] = {}
    exec(compile(_python_blocks()[2], str(DOC), "exec"), namespace)
    pm = pagelift.PluginManager(load_entry_points=False)
    module = type("pagelift_bottom_up", (), {"pagelift_register_layouts": staticmethod(namespace["pagelift_register_layouts"])})
    pm.register(module, name="bottom-up")
    assert pm.layout_names() == ["bottom-up"]


def test_the_service_ocr_engine_example_places_its_fixed_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image

    import pagelift_images

    doc = pdfbuilder.Document()
    picture = Image.new("L", (400, 200), 255)  # the service never looks: its words are fixed
    doc.add_page().draw(doc.image(400, 200, picture.tobytes()), 0, 0, 612, 792)
    (tmp_path / "scan.pdf").write_bytes(doc.to_bytes())

    class WithImages(pagelift.PluginManager):
        def __init__(self, **kwargs: bool) -> None:
            super().__init__(**kwargs)
            self.register(pagelift_images, name="images")

    # The pages are scans: an image plugin turns them into the pixels the engine is given.
    monkeypatch.setattr(pagelift, "PluginManager", WithImages)
    real_open = pagelift.open
    monkeypatch.setattr(pagelift, "open", lambda *a, **kw: real_open(*a, **{"plugins": WithImages(), **kw}))
    assert _run_example(_python_blocks()[3], tmp_path, monkeypatch) == "Invoice 2024-117\n[True, True]"


def test_the_light_plugin_example_imports_its_strategy_only_when_layouts_are_looked_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "pagelift_light_demo"
    package.mkdir()
    (package / "__init__.py").write_text(_python_blocks()[5], encoding="utf-8")
    (package / "strategy.py").write_text(
        "import pagelift\n\nclass BottomUp:\n    def arrange(self, runs, context):\n"
        "        return [list(reversed(pagelift.lines(runs)))]\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("pagelift_light_demo")
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(module)
    assert "pagelift_light_demo.strategy" not in sys.modules  # registered, the strategy not imported
    assert pm.table_detector_names() == [] and "pagelift_light_demo.strategy" not in sys.modules
    assert pm.layout_names() == ["bottom-up"]
    assert "pagelift_light_demo.strategy" in sys.modules
    assert module.BottomUp is sys.modules["pagelift_light_demo.strategy"].BottomUp
    with pytest.raises(AttributeError, match="no attribute 'Missing'"):
        module.Missing  # noqa: B018 - the attribute access is the test
    for name in ("pagelift_light_demo", "pagelift_light_demo.strategy"):
        sys.modules.pop(name, None)
