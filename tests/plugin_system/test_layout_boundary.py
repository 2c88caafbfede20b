"""The layouts are plugins: no core module defines a layout algorithm, and the core cleans before any layout reads.

import-linter checks who imports whom (the root pyproject.toml); what a module *defines*
it cannot see, so this test reads the core's source: no class there arranges runs into
blocks (only the protocol says what one is), no core module registers a layout, and the
column and paragraph algorithm's names live only in ``pagelift-layout-position``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pdfbuilder

import pagelift

CORE = Path(pagelift.__file__).parent
LAYOUT_VOCABULARY = {"column_bands", "ColumnBand", "paragraphs", "arrange_by_bands", "GUTTER_WIDTH",
                     "PARAGRAPH_GAP", "BAND_GAP", "PROSE_WORDS"}


def _core_modules() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(), str(path))) for path in sorted(CORE.rglob("*.py"))]


def test_no_core_class_arranges_runs_except_the_protocol() -> None:
    arranging = [f"{path.relative_to(CORE)}:{node.name}"
                 for path, tree in _core_modules() for node in ast.walk(tree)
                 if isinstance(node, ast.ClassDef)
                 and any(isinstance(f, ast.FunctionDef) and f.name == "arrange" for f in node.body)]
    assert arranging == ["plugins/strategies.py:LayoutStrategy"]


def test_no_core_module_registers_a_layout_or_defines_the_column_algorithm() -> None:
    found = []
    for path, tree in _core_modules():
        for node in ast.walk(tree):
            name = getattr(node, "name", None) or (node.targets[0].id if isinstance(node, ast.Assign)
                                                   and isinstance(node.targets[0], ast.Name) else None)
            if path.name != "hookspecs.py" and name == "pagelift_register_layouts":
                found.append(f"{path.relative_to(CORE)}:{name}")
            if name in LAYOUT_VOCABULARY:
                found.append(f"{path.relative_to(CORE)}:{name}")
    assert found == []
    assert not LAYOUT_VOCABULARY & set(pagelift.__all__)


def test_the_core_cleans_the_runs_before_any_layout_sees_them() -> None:
    seen: list[list[str]] = []

    class Recording:
        def arrange(self, runs, context):  # type: ignore[no-untyped-def]
            seen.append([r.text for r in runs])
            return [pagelift.lines(runs)]

    class Plugin:
        @pagelift.hookimpl
        def pagelift_register_layouts(self, register):  # type: ignore[no-untyped-def]
            register("recording", Recording())

    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    for dx in (0, 0.3):  # fake bold: painted twice a hair apart
        page.text(font, 12, 72 + dx, 700, "twice")
    page.text(font, 12, 72, 900, "above the page")
    pm = pagelift.PluginManager()
    pm.register(Plugin())
    assert pagelift.open(doc.to_bytes(), plugins=pm).pages[0].text(layout="recording") == "twice"
    assert seen == [["twice"]]
    kept = pagelift.open(doc.to_bytes(), plugins=pm, keep_duplicates=True, keep_off_page=True)
    assert kept.pages[0].text(layout="recording").split("\n") == ["above the page", "twice twice"]
