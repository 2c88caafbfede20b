"""docs/visual.md: its Python example runs and prints what it shows, and its pictures are what
scripts/docs_pictures.py draws today (made afresh and compared with the committed ones)."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
from pathlib import Path

import pytest
from PIL import Image as PILImage
from PIL import ImageChops, ImageStat

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "visual.md"


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("docs_pictures", ROOT / "scripts" / "docs_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_picture_the_page_shows_is_made_by_the_script_and_committed() -> None:
    shown = re.findall(r"!\[[^\]]*\]\((pictures/[^)]+)\)", DOC.read_text(encoding="utf-8"))
    made = sorted(_script().pictures())
    assert sorted(Path(p).name for p in shown) == made
    for name in made:
        assert (ROOT / "docs" / "pictures" / name).is_file(), name


def test_the_committed_pictures_are_what_the_code_draws_today(tmp_path: Path) -> None:
    said = _script().make_pictures(tmp_path)
    compared = 0
    for name, outcome in said.items():
        if outcome != "made":
            continue  # its tool is missing here (the script says which); CI has them all
        fresh = PILImage.open(tmp_path / name).convert("RGB")
        committed = PILImage.open(ROOT / "docs" / "pictures" / name).convert("RGB")
        assert fresh.size == committed.size, name
        difference = ImageStat.Stat(ImageChops.difference(fresh, committed)).mean
        # OCR and the browser's text may move a pixel between versions; a stale picture differs by far more.
        assert max(difference) < (6 if name in ("visual-scan.png", "visual-view.png") else 2), \
            f"{name} is stale: run python3 scripts/docs_pictures.py"
        compared += 1
    assert compared >= 4


def test_the_python_example_runs_and_prints_what_the_page_shows(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    code, shown = re.findall(r"```python\n(.*?)```\n\n```\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[0]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "testdata").mkdir()
    (tmp_path / "testdata" / "sample.pdf").write_bytes((ROOT / "testdata" / "sample.pdf").read_bytes())
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/visual.md", "exec"), {})
    assert out.getvalue() == shown
    written = PILImage.open(tmp_path / "sample-blocks.png")
    assert written.size == (850, 1100)
