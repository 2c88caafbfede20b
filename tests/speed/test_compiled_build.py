"""The two builds of the core's hot modules: compiled with mypyc, or run from their Python source.

The same suite runs on both (``.ci/run``); these tests pin what makes that possible: the
list of compiled modules agrees with the build script, ``PAGELIFT_PURE_PYTHON=1`` loads
every one from its ``.py``, a stale compiled module is never run, and both builds read a
page to the same text.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pdfbuilder

import pagelift
from pagelift.builds import hotmodules, purepython

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
import json, sys
import pagelift
from pagelift.builds import purepython
doc = pagelift.open(sys.argv[1])
print(json.dumps({"compiled": purepython.compiled_modules(), "text": doc.text(),
                  "files": {name: sys.modules[name].__file__ for name in purepython.COMPILED}}))
"""


def _probe(pdf: Path, *, pure: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != purepython.PURE_VARIABLE}
    if pure:
        env[purepython.PURE_VARIABLE] = "1"
    out = subprocess.run([sys.executable, "-c", _PROBE, str(pdf)], env=env, capture_output=True, text=True,
                         check=True, timeout=120)
    result: dict[str, object] = json.loads(out.stdout)
    return result


def _sample(tmp_path: Path) -> Path:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 12, 72, 700, "Two builds, one text")
    page.text_lines(font, 10, 72, 680, ["the lexer, the interpreter", "the line rule and its helpers"])
    path = tmp_path / "sample.pdf"
    path.write_bytes(doc.to_bytes())
    return path


def test_the_build_script_compiles_exactly_the_modules_the_switch_knows() -> None:
    spec = importlib.util.spec_from_file_location("compile_core", ROOT / "scripts" / "compile_core.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    # One list, read by both: the build script's paths and the switch's names are hotmodules'.
    assert purepython.COMPILED is hotmodules.COMPILED
    assert [name.replace(".", "/") + ".py" for name in hotmodules.COMPILED] == script.COMPILED
    assert script.COMPILED[0] == "pagelift/content/lexer.py"
    for name in purepython.COMPILED:
        assert purepython.source_of(name).is_file(), name
    assert "pagelift.builds.hotmodules" not in hotmodules.COMPILED  # plain data, imported before any compiled module
    assert [name.replace(".", "/") + ".c" for name in hotmodules.C_EXTENSIONS] == script.C_SOURCES
    for path in script.C_SOURCES:
        assert (ROOT / "core" / "src" / path).is_file(), path


def test_the_list_is_one_module_a_line_each_with_why_it_is_compiled() -> None:
    # Another branch adds a module with a line of its own (and its reason), so lists merge cleanly.
    source = (ROOT / "core" / "src" / "pagelift" / "builds" / "hotmodules.py").read_text()
    tree = ast.parse(source)
    lines = source.splitlines()
    for name, expected, groups in (("COMPILED", hotmodules.COMPILED, 4), ("C_EXTENSIONS", hotmodules.C_EXTENSIONS, 1)):
        [listing] = [node.value for node in tree.body if isinstance(node, ast.AnnAssign)
                     and isinstance(node.target, ast.Name) and node.target.id == name]
        assert isinstance(listing, ast.Tuple)
        names = []
        for element in listing.elts:
            assert isinstance(element, ast.Constant) and isinstance(element.value, str)
            assert lines[element.lineno - 1].strip() == f'"{element.value}",'
            names.append(element.value)
        assert tuple(names) == expected
        assert len(set(names)) == len(names)
        # Each group of modules is preceded by a comment saying why it is compiled.
        first = listing.elts[0].lineno
        assert lines[first - 2].strip().startswith("#")
        comments = sum(1 for line in lines[first - 4 : listing.elts[-1].lineno] if line.strip().startswith("#"))
        assert comments >= groups
    assert not set(hotmodules.COMPILED) & set(hotmodules.C_EXTENSIONS)


def test_pure_python_loads_every_hot_module_from_its_source_and_reads_the_same_text(tmp_path: Path) -> None:
    pdf = _sample(tmp_path)
    pure = _probe(pdf, pure=True)
    default = _probe(pdf, pure=False)
    assert pure["compiled"] == []
    files = pure["files"]
    assert isinstance(files, dict)
    assert all(str(f).endswith(".py") for f in files.values())
    assert pure["text"] == default["text"]
    assert "Two builds, one text" in str(pure["text"])
    # Where the compiled modules were built and are current, the default run uses every one.
    built = [n for n in purepython.COMPILED if purepython.extension_of(n) is not None and not purepython.stale(n)]
    assert sorted(default["compiled"]) == sorted(built)  # type: ignore[arg-type]


def test_a_compiled_module_older_than_its_source_is_not_run(tmp_path: Path, monkeypatch) -> None:
    # A fake package laid out like the core: a stale "extension" must lose to the source.
    name = purepython.COMPILED[0]
    source = purepython.source_of(name)
    extension = purepython.extension_of(name)
    if extension is not None:
        assert purepython.stale(name) == (extension.stat().st_mtime < source.stat().st_mtime)
    finder = purepython.SourceFinder([name])
    spec = finder.find_spec(name)
    assert spec is not None and spec.origin == str(source)
    assert finder.find_spec("pagelift.document") is None


def test_the_process_reports_which_build_runs() -> None:
    running = purepython.compiled_modules()
    assert set(running) <= set(purepython.COMPILED)
    if purepython.pure_requested():
        assert running == []
    assert pagelift.open  # the package imported with the switch installed first
