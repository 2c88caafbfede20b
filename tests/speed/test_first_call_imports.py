"""A fresh process imports only what its call needs (issue 26): counted in modules, never timed.

``import pagelift`` binds its public names on first use (``pagelift.__getattr__``), and
``pagelift text`` imports neither the other commands, nor the catalog's readers, nor the
worker-process machinery. Each check runs in a child process, so this process's imports do
not count.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pagelift

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "testdata" / "sample.pdf"
CORE_MODULES_CEILING = 79
"""How many ``pagelift.*`` modules a one-page ``pagelift text`` imports (79 since issue 26's third
pass; 82 before it): the build chooser, model, objects, fonts, content, text, plugins, pictures'
text-path parts, document, apps.guard and commands.cli/text/report/plugin_commands."""


def _modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True, timeout=120)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_import_pagelift_imports_no_pdf_library_and_no_document() -> None:
    loaded = _modules_after("import pagelift")
    assert "pikepdf" not in loaded
    assert not {m for m in loaded if m.startswith(("pagelift.document", "pagelift.fonts", "pagelift.catalog"))}
    assert "pagelift.builds.purepython" in loaded  # first, always: it picks the build the process runs


def test_every_public_name_resolves_to_what_its_module_defines() -> None:
    for name, (module, attribute) in pagelift._PUBLIC.items():
        assert getattr(pagelift, name) is getattr(sys.modules[f"pagelift.{module}"], attribute), name
    assert set(pagelift.__all__) == set(pagelift._PUBLIC)
    assert set(pagelift.__all__) <= set(dir(pagelift))
    try:
        pagelift.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("an unknown name must raise AttributeError")


def test_pagelift_text_imports_only_the_text_path() -> None:
    loaded = _modules_after("import sys\nsys.argv = ['pagelift', 'text', " + repr(str(SAMPLE)) + "]\n"
                            "from pagelift.commands.cli import main\n"
                            "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n")
    assert "pagelift.document.document" in loaded and "pikepdf" in loaded  # it did read the file
    for unneeded in ("pagelift.commands.batch", "pagelift.commands.export", "pagelift.commands.tables",
                     "pagelift.catalog.structure", "pagelift.catalog.metadata", "pagelift.catalog.forms",
                     "pagelift.catalog.outline", "multiprocessing", "concurrent.futures"):
        assert unneeded not in loaded, unneeded
    # What only some pages need, imported where it is used (issue 26, third pass): python-bidi and the
    # doubled-word check for right-to-left text, statistics (with fractions) for glyph shapes, the
    # outline count for a page without text, OCR's picture preparation.
    for unneeded in ("bidi", "bidi.algorithm", "pagelift.text.doubled", "statistics", "fractions",
                     "pagelift.pictures.outlines", "pagelift.pictures.prepare"):
        assert unneeded not in loaded, unneeded


def test_pagelift_text_imports_no_more_core_modules_than_it_did(tmp_path: Path) -> None:
    """A ceiling on how many core modules a ``pagelift text`` of the sample imports, and no
    entry-point scan once the discovery cache is warm: a new module-level import of something
    the text path does not run shows here (raise the ceiling only for a module it really runs).

    The child runs twice with its own cache folder and without the working folder on
    ``sys.path`` (``-P``), so the second run reads the entry points and the plugins' hooks from
    the cache as a user's second call does; the first may scan.
    """
    code = ("import sys\nsys.argv = ['pagelift', 'text', " + repr(str(SAMPLE)) + "]\n"
            "from pagelift.commands.cli import main\n"
            "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
            "import json; print(json.dumps(sorted(sys.modules)))")
    env = {**os.environ, "PAGELIFT_CACHE_DIR": str(tmp_path)}
    for _ in range(2):
        out = subprocess.run([sys.executable, "-P", "-c", code], capture_output=True, text=True, check=True,
                             timeout=120, env=env)
    loaded = set(json.loads(out.stdout.splitlines()[-1]))
    assert "importlib.metadata" not in loaded  # the entry points came from the cache, not a scan
    core = sorted(m for m in loaded if m.startswith("pagelift."))
    assert len(core) <= CORE_MODULES_CEILING, f"{len(core)} core modules (ceiling {CORE_MODULES_CEILING}): {core}"


def test_the_lazy_commands_are_all_there() -> None:
    from click.testing import CliRunner

    from pagelift.commands.cli import BUILT_IN, main

    listed = CliRunner().invoke(main, ["--help"])
    assert listed.exit_code == 0
    for name in (*BUILT_IN, "text", "images", "plugins"):
        assert f"\n  {name} " in listed.output, name
    for name in BUILT_IN:
        assert CliRunner().invoke(main, [name, "--help"]).exit_code == 0, name
