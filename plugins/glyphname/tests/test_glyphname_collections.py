"""Adobe's CJK collections read as pdfminer.six's data files, without importing pdfminer.six.

The tables must answer exactly what pdfminer.six's own loader answers, CID for CID, in both
directions; reading them must not import its package (its CMap module costs 50 ms a process).
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pagelift_glyphname import cjk
from pagelift_glyphname.cjk import CollectionTable, collection_map


@pytest.mark.parametrize("ordering", sorted(cjk.COLLECTIONS))
@pytest.mark.parametrize("vertical", [False, True])
def test_each_collection_answers_what_pdfminers_loader_answers(ordering: str, vertical: bool) -> None:
    ours = collection_map(ordering, vertical)
    theirs = cjk._through_pdfminer(ordering, vertical)
    assert isinstance(ours, CollectionTable)
    assert len(theirs) > 10_000
    assert len(ours) == len(theirs)
    assert dict(ours.items()) == theirs  # every CID, by iteration and by lookup
    assert all(ours.get(cid) == text for cid, text in theirs.items())


def test_the_vertical_table_is_its_own() -> None:
    horizontal, vertical = collection_map("Japan1", False), collection_map("Japan1", True)
    differing = [cid for cid in vertical if horizontal.get(cid) != vertical[cid]]
    assert differing  # Japan1's vertical forms (brackets, the long vowel mark) differ
    assert all(vertical[cid] == cjk._through_pdfminer("Japan1", True)[cid] for cid in differing)


def test_a_cid_the_collection_lacks_answers_the_default() -> None:
    table = collection_map("GB1", False)
    assert table.get(-1) is None and table.get(10**9, "?") == "?"
    assert table.get(34) == "A"  # GB1's CID 34 is the Latin capital A
    with pytest.raises(KeyError):
        table[10**9]


def test_the_section_asked_for_is_parsed_alone_and_odd_files_whole() -> None:
    text = json.dumps({"CID2UNICHR_H": {"1": "a"}, "CID2UNICHR_V": {"1": "b", "2": "c"}})
    assert cjk._section(text, "CID2UNICHR_H") == {"1": "a"}
    assert cjk._section(text, "CID2UNICHR_V") == {"1": "b", "2": "c"}
    spaced = '{ "CID2UNICHR_V" :\n  {"7": "x"} }'
    assert cjk._section(spaced, "CID2UNICHR_V") == {"7": "x"}
    assert cjk._section('{"other": 1}', "CID2UNICHR_H") == {}


def test_a_damaged_data_file_gives_no_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "to-unicode-Adobe-Korea1.json.gz").write_bytes(b"not gzip at all")
    monkeypatch.setenv("CMAP_PATH", str(tmp_path))  # pdfminer.six's own order: $CMAP_PATH first
    collection_map.cache_clear()
    try:
        assert collection_map("Korea1", False) == {}
        packed = gzip.compress(json.dumps({"CID2UNICHR_H": {"5": "z"}}).encode())
        (tmp_path / "to-unicode-Adobe-Korea1.json.gz").write_bytes(packed[: len(packed) // 2])  # cut short
        assert collection_map("Korea1", True) == {}
        (tmp_path / "to-unicode-Adobe-Korea1.json.gz").write_bytes(packed)
        collection_map.cache_clear()
        assert dict(collection_map("Korea1", False).items()) == {5: "z"}
        assert collection_map("Korea1", True) == {}  # the file has no vertical table
    finally:
        collection_map.cache_clear()
        cjk._unpacked.cache_clear()


def test_reading_a_collection_imports_no_pdfminer_module() -> None:
    code = ("import sys\nfrom pagelift_glyphname.cjk import collection_map\n"
            "print(collection_map('CNS1', False).get(34), [m for m in sys.modules if m.startswith('pdfminer')])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["A", "[]"]


def test_a_document_without_composite_fonts_never_imports_the_collections_module() -> None:
    """The CJK module (its tables' readers and codecs) is imported at the first composite font."""
    sample = Path(__file__).resolve().parents[3] / "testdata" / "sample.pdf"
    code = ("import sys, pagelift\n"
            f"text = pagelift.open({str(sample)!r}).text()\n"
            "print(bool(text.strip()), 'pagelift_glyphname.plugin' in sys.modules, 'pagelift_glyphname.cjk' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True", "False"]
