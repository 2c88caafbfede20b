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
    """The examples a reader runs (the blocks titled with a file name are the files of step 3)."""
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def _files() -> list[tuple[str, str]]:
    """The blocks titled with a file name: (the file, its text)."""
    return re.findall(r'```python title="([^"]+)"\n(.*?)```', DOC.read_text(encoding="utf-8"), flags=re.S)


def _run_example(block: str, folder: Path, monkeypatch: pytest.MonkeyPatch, *before: str) -> str:
    """Run one example (after the steps ``before`` it) in ``folder`` with no installed plugins; return what it printed."""
    printed: list[str] = []
    monkeypatch.chdir(folder)
    monkeypatch.setenv("PAGELIFT_LOAD_PLUGINS", "")
    namespace = {"print": lambda *args: printed.append(" ".join(map(str, args)))}
    for step in before:
        exec(compile(step, str(DOC), "exec"), namespace)
    printed.clear()
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
    (tmp_path / "house.pdf").write_bytes(_named_glyphs_pdf([b"CAB"]))  # what step 1 reads
    # Step 2 reads log.pdf with step 1's decoder and nothing installed: the text is the tutorial's own work.
    assert _run_example(_python_blocks()[1], tmp_path, monkeypatch, _python_blocks()[0]) == "C\nB\nA"


def _write_package(folder: Path, *files: tuple[str, str]) -> None:
    for name, text in files:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def test_the_packaged_example_is_a_valid_plugin_registered_as_a_module(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    strategy, package = _files()[:2]
    assert strategy[0].endswith("strategy.py") and package[0].endswith("__init__.py")
    _write_package(tmp_path, strategy, package)
    (tmp_path / "log.pdf").write_bytes(_named_glyphs_pdf([b"A", b"B", b"C"]))
    (tmp_path / "house.pdf").write_bytes(_named_glyphs_pdf([b"CAB"]))
    try:
        printed = _run_example(_python_blocks()[2], tmp_path, monkeypatch, _python_blocks()[0])
        assert printed == "['bottom-up'] ['C', 'B', 'A']"
        assert sys.modules["pagelift_bottom_up"].__file__ == str(tmp_path / package[0])
    finally:
        for name in ("pagelift_bottom_up", "pagelift_bottom_up.strategy"):
            sys.modules.pop(name, None)


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
    (_, strategy), _, (light_name, light) = _files()[:3]
    assert light_name.endswith("__init__.py") and "lazy_exports" in light
    (package / "__init__.py").write_text(light, encoding="utf-8")
    (package / "strategy.py").write_text(strategy, encoding="utf-8")
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
