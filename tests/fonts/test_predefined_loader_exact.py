"""fonts/cmap.py's reader of pdfminer.six's CMap data, exactly: which files it looks for and in
what order, that it reads them without pdfminer.six's loader, when it asks that loader, and
which names and files ``predefined_cmap`` refuses (the mutation run of ``_pdfminer_data``,
``_int_keys`` and ``predefined_cmap``, 4 December)."""

from __future__ import annotations

import gzip
import importlib.util
import os
import sys

import pytest
from pdfminer.cmapdb import CMapDB

from pagelift.fonts import cmap as module

PACKAGE_CMAPS = os.path.join(next(iter(importlib.util.find_spec("pdfminer").submodule_search_locations)), "cmap")


@pytest.fixture
def no_loader(monkeypatch: pytest.MonkeyPatch) -> None:
    """pdfminer.six's own loader made unimportable: only the data files can answer."""
    monkeypatch.setitem(sys.modules, "pdfminer.cmapdb", None)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths ``os.path.isfile`` is asked about, in order."""
    paths: list[str] = []
    real = os.path.isfile

    def isfile(path: str) -> bool:
        paths.append(path)
        return real(path)

    monkeypatch.setattr(os.path, "isfile", isfile)
    return paths


def _write(folder, name: str, data: bytes) -> None:  # type: ignore[no-untyped-def]
    (folder / f"{name}.json.gz").write_bytes(gzip.compress(data))


def test_the_data_file_is_looked_for_in_cmap_path_then_in_pdfminers_package(monkeypatch, no_loader, asked) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("CMAP_PATH", raising=False)
    assert module._pdfminer_data("No-Such-CMap") is None
    assert asked == ["/usr/share/pdfminer/No-Such-CMap.json.gz", os.path.join(PACKAGE_CMAPS, "No-Such-CMap.json.gz")]
    asked.clear()
    monkeypatch.setenv("CMAP_PATH", "/nowhere/cmaps")
    assert module._pdfminer_data("No-Such-CMap") is None
    assert asked == ["/nowhere/cmaps/No-Such-CMap.json.gz", os.path.join(PACKAGE_CMAPS, "No-Such-CMap.json.gz")]


def test_a_file_in_cmap_path_is_read_without_pdfminers_loader(tmp_path, monkeypatch, no_loader) -> None:  # type: ignore[no-untyped-def]
    _write(tmp_path, "Tiny-V", b'{"IS_VERTICAL": true, "CODE2CID": {"65": 7, "129": {"64": 633}, "x": 1}}')
    monkeypatch.setenv("CMAP_PATH", str(tmp_path))
    # Keys of digits are numbers, as pdfminer.six reads them; any other key stays a string.
    assert module._pdfminer_data("Tiny-V") == ({65: 7, 129: {64: 633}, "x": 1}, True)


def test_a_package_data_file_is_read_without_pdfminers_loader(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    theirs = CMapDB.get_cmap("90ms-RKSJ-V")
    monkeypatch.setenv("CMAP_PATH", str(tmp_path))  # an empty folder first
    monkeypatch.setitem(sys.modules, "pdfminer.cmapdb", None)
    root, vertical = module._pdfminer_data("90ms-RKSJ-V")  # type: ignore[misc]
    assert vertical is True
    assert root == theirs.code2cid and root[0x81][0x40] == theirs.code2cid[0x81][0x40]


def test_without_pdfminers_package_folder_its_own_loader_is_asked(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    theirs = CMapDB.get_cmap("90ms-RKSJ-V")
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pdfminer" else real(name, *a))
    monkeypatch.setenv("CMAP_PATH", str(tmp_path))
    assert module._pdfminer_data("90ms-RKSJ-V") == (theirs.code2cid, True)
    # pdfminer.six's Identity CMaps have no code2cid: none, and their direction.
    assert module._pdfminer_data("Identity-H") == (None, False)
    assert module._pdfminer_data("Identity-V") == (None, True)
    monkeypatch.setitem(sys.modules, "pdfminer.cmapdb", None)
    assert module._pdfminer_data("90ms-RKSJ-V") is None  # neither the files nor the loader


def test_predefined_cmap_refuses_an_empty_cmap_and_a_to_unicode_file(tmp_path, monkeypatch, no_loader) -> None:  # type: ignore[no-untyped-def]
    _write(tmp_path, "Empty-H", b'{"CODE2CID": {}}')
    _write(tmp_path, "to-unicode-Tiny", b'{"CODE2CID": {"65": 7}}')
    _write(tmp_path, "Tiny-H", b'{"CODE2CID": {"65": 7}}')
    monkeypatch.setenv("CMAP_PATH", str(tmp_path))
    monkeypatch.setattr(module, "_PREDEFINED", {})
    assert module._pdfminer_data("Empty-H") == ({}, False)
    assert module.predefined_cmap("Empty-H") is None
    assert module._pdfminer_data("to-unicode-Tiny") == ({65: 7}, False)
    assert module.predefined_cmap("to-unicode-Tiny") is None  # a to-unicode file is never read as a CMap
    tiny = module.predefined_cmap("Tiny-H")
    assert tiny is not None and not tiny.vertical and tiny.code_to_cid(65) == 7
