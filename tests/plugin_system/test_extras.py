"""The core's extras resolve to the plugin distributions of this repository (read from installed metadata)."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _extras() -> dict[str, set[str]]:
    """extra -> the distributions it names, from pagelift's installed Requires-Dist lines."""
    found: dict[str, set[str]] = {}
    for requirement in importlib.metadata.metadata("pagelift").get_all("Requires-Dist") or []:
        m = re.fullmatch(r"([A-Za-z0-9_.\-]+(?:\[[a-z,]+\])?)\s*(?:[<>=!~][^;]*)?;\s*extra\s*==\s*['\"](\w+)['\"]",
                         requirement.strip())
        if m:
            found.setdefault(m.group(2), set()).add(m.group(1).lower())
    return found


def _expanded(extra: str, extras: dict[str, set[str]]) -> set[str]:
    names = set()
    for name in extras[extra]:
        inner = re.fullmatch(r"pagelift\[(\w+)\]", name)
        names |= _expanded(inner.group(1), extras) if inner else {name}
    return names


def _repository_plugins() -> set[str]:
    return {tomllib.loads(p.read_text(encoding="utf-8"))["project"]["name"]
            for p in (ROOT / "plugins").glob("*/pyproject.toml")}


def test_standard_is_what_a_reader_needs() -> None:
    assert _expanded("standard", _extras()) == {
        "pagelift-tounicode", "pagelift-glyphname", "pagelift-fontprogram", "pagelift-layout-position",
        "pagelift-layout-content-order", "pagelift-tables-whitespace", "pagelift-tables-ruled", "pagelift-images",
        "pagelift-markdown"}


def test_ocr_adds_the_tesseract_adapter_and_all_adds_everything() -> None:
    extras = _extras()
    assert _expanded("ocr", extras) == _expanded("standard", extras) | {"pagelift-ocr-tesseract"}
    missing = _repository_plugins() - _expanded("all", extras)
    assert not missing, f"add these plugin distributions to the [all] extra in core/pyproject.toml: {sorted(missing)}"


# Extras that add a third-party library to the core rather than a set of plugins.
LIBRARY_EXTRAS = {"dask": {"dask[bag,dataframe,distributed]"}, "pandas": {"pandas"}}


def test_every_extra_names_a_distribution_of_this_repository() -> None:
    extras = _extras()
    for extra, libraries in LIBRARY_EXTRAS.items():
        assert _expanded(extra, extras) == libraries
    named = set().union(*(_expanded(e, extras) for e in extras if e not in LIBRARY_EXTRAS))
    assert named <= _repository_plugins()
    for name in named:
        assert importlib.metadata.version(name)  # installed by dev.py setup, so resolvable here


def test_the_readme_names_what_standard_holds() -> None:
    # The README's one-line summary of [standard] stays true as plugins are added or folded.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(line for line in readme.splitlines() if "pip install 'pagelift[standard]'" in line)
    kinds = {"pagelift-tables-whitespace": "table", "pagelift-tables-ruled": "table", "pagelift-images": "images",
             "pagelift-markdown": "Markdown", "pagelift-layout-position": "layouts",
             "pagelift-layout-content-order": "layouts", "pagelift-tounicode": "decoders",
             "pagelift-glyphname": "decoders", "pagelift-fontprogram": "decoders"}
    assert set(kinds) == _expanded("standard", _extras())
    assert all(word in line for word in kinds.values()), line
    assert "both table detectors" in line and "three glyph decoders" in line
