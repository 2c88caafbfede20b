"""The last repairs (pagelift.objects.salvage): the faults of the five corpus files others read, on built files."""

from __future__ import annotations

import pdfbuilder
import pikepdf
import pytest
from core.helpers import manager
from hostile.rawpdf import assemble
from pdfbuilder import damage

import pagelift
from pagelift.objects.salvage import salvage

_LOOP = {
    1: b"<< /Type /Catalog /Pages 2 0 R >>",
    2: b"<< /Type /Pages /Kids [6 0 R 3 0 R] /Count 2 /MediaBox [0 0 300 200] >>",
    3: b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
    4: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    5: b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>",
    6: b"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> >> /Contents 7 0 R >>",
    7: b"<< /Length 38 >>\nstream\nBT /F1 12 Tf 20 100 Td (Looped) Tj ET\nendstream",
}


def _one_page(text: str = "Readable after all") -> bytes:
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 12, 72, 700, text)
    return doc.to_bytes()


def _repaired(doc: pagelift.Document) -> str:
    return " | ".join(w.message for w in doc.warnings if w.code == pagelift.WarningCode.REPAIRED)


def test_a_page_tree_loop_is_cut_where_it_loops() -> None:
    data = assemble(_LOOP)
    with pytest.raises(pikepdf.PdfError, match="Loop"):
        len(pikepdf.open(__import__("io").BytesIO(data)).pages)
    doc = pagelift.open(data, plugins=manager())
    assert [p.text() for p in doc.pages] == ["Looped"]
    assert "cut where it loops" in _repaired(doc) and "object 4 0 lists 3 0" in _repaired(doc)
    assert doc.pages[0].media_box == pagelift.Rect(0, 0, 300, 200)  # still inherited through the tree
    with pytest.raises(pagelift.StrictError, match="loops"):
        pagelift.open(data, plugins=manager(), strict=True)


def test_a_broken_encryption_dictionary_is_mended_when_no_password_is_needed() -> None:
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 12, 72, 700, "Secret but open")
    encrypted = doc.to_bytes(encryption=pdfbuilder.Encryption("aes-256", user=""))
    broken = damage.mangle_dictionary_open(encrypted, damage.find_object(encrypted, rb"/Filter\s*/Standard"))
    with pytest.raises(pikepdf.PdfError, match="/Encrypt"):
        pikepdf.open(__import__("io").BytesIO(broken))
    opened = pagelift.open(broken, plugins=manager())
    assert opened.pages[0].text() == "Secret but open"
    assert "dictionary delimiters" in _repaired(opened)
    with pytest.raises(pagelift.StrictError):
        pagelift.open(broken, plugins=manager(), strict=True)


def test_a_broken_encryption_dictionary_no_password_can_open_says_so() -> None:
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 12, 72, 700, "Locked away")
    encrypted = doc.to_bytes(encryption=pdfbuilder.Encryption("aes-256", user="secret"))
    number = damage.find_object(encrypted, rb"/Filter\s*/Standard")
    broken = damage.mangle_dictionary_open(encrypted, number)
    with pytest.raises(pagelift.PasswordRequired):  # mended, it still wants its password...
        pagelift.open(broken, plugins=manager())
    assert pagelift.open(broken, password="secret", plugins=manager()).pages[0].text() == "Locked away"
    gone = broken.replace(b"/Filter /Standard", b"/Filter /Nonesuch")  # mended, no handler reads it
    with pytest.raises(pagelift.PdfError, match=r"encryption dictionary is broken.*cannot be decrypted with any password"):
        pagelift.open(gone, plugins=manager())


def test_generation_numbers_beyond_any_pdf_are_read_as_zero() -> None:
    data = _one_page()
    page = damage.find_object(data, rb"/Type\s*/Page\b")
    broken = damage.overflow_generation(data, page)
    doc = pagelift.open(broken, plugins=manager())
    assert doc.pages[0].text() == "Readable after all"
    assert f"object {page} had a generation number over 65535" in _repaired(doc)


def test_a_missing_page_tree_root_is_rebuilt_from_the_pages_that_name_it() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for n in (1, 2):
        doc.add_page().text(font, 12, 72, 700, f"Page {n}")
    data = doc.to_bytes()
    root = damage.find_object(data, rb"/Type\s*/Pages\b")
    broken = damage.drop_object(data, root)
    opened = pagelift.open(broken, plugins=manager())
    assert sorted(p.text() for p in opened.pages) == ["Page 1", "Page 2"]
    assert f"page tree's root (object {root} 0) is missing" in _repaired(opened)


def test_a_file_with_objects_but_nothing_to_read_opens_with_no_pages() -> None:
    data = assemble({1: b"<< /Linearized 1 /N 1 >>", 2: b"<< /Type /XRef /W [1 2 0] >>"}, root=9)
    doc = pagelift.open(data, plugins=manager())
    assert doc.pages == [] and doc.text() == ""
    assert "no catalog and no page" in _repaired(doc)
    with pytest.raises(pagelift.StrictError):
        pagelift.open(data, plugins=manager(), strict=True)


def test_garbage_is_still_refused() -> None:
    assert salvage(b"%PDF-1.3\nThis is not a valid PDF file\n%%EOF\n") is None
    assert salvage(b"Hello") is None
    with pytest.raises(pagelift.PdfError, match="not a readable PDF"):
        pagelift.open(b"%PDF-1.3\nThis is not a valid PDF file\n%%EOF\n", plugins=manager())


@pytest.mark.corpus
@pytest.mark.parametrize(("name", "text", "said"), [
    ("pdfjs-pages-tree-loop.pdf", "Pages loop", "cut where it loops"),
    ("pdfjs-pdfbox-4352-bad-encrypt.pdf", "Issue 7665", "dictionary delimiters"),
    ("pdfjs-poppler-85140.pdf", "", "generation number"),
    ("pdfjs-redhat-1531897.pdf", "", "nothing to read"),
    ("samples-unreadable-metadata.pdf", "Rotary Potentiometer", "/Metadata (object 173 0) is missing too and skipped"),
    ("camelot-agstat-broken.pdf", "1 Balasore 23.65", "objects are numbered up to 10964, more than qpdf allows a "
     "file of 15695 bytes"),
    ("pdfjs-bug1011159-no-root.pdf", "", "objects are numbered up to 6378, more than qpdf allows a file of 18316 bytes"),
])
def test_the_corpus_files_peers_read(corpus_dir, name: str, text: str, said: str) -> None:  # type: ignore[no-untyped-def]
    path = corpus_dir / name
    doc = pagelift.open(path)
    assert text in doc.text()
    assert said in _repaired(doc)
    with pytest.raises(pagelift.StrictError):
        pagelift.open(path, strict=True)


def test_a_file_cut_short_before_its_catalog_says_so() -> None:
    # The first objects of a document (a font, a content stream) and then the end of the download:
    # the page tree, the catalog and the trailer are lost.
    whole = assemble({1: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
                      2: b"<< /Length 30 >>\nstream\nBT /F1 12 Tf (Hello) Tj ET\nendstream"}, root=9)
    cut = whole[:whole.index(b"xref")]
    opened = pagelift.open(cut, plugins=manager())
    assert opened.pages == []
    assert "no catalog and no page; it ends without %%EOF (cut short?): there is nothing to read" in _repaired(opened)
    assert "cut short" not in _repaired(pagelift.open(whole, plugins=manager()))  # a whole file is not called cut


def test_objects_are_found_as_the_regular_expression_found_them() -> None:
    import re

    from pagelift.objects.salvage import _found_objects

    regex = re.compile(rb"(\d+)[ \t\r\n\f]+(\d+)[ \t\r\n\f]+obj\b(.*?)\bendobj", re.S)
    cases = [
        _one_page(),
        assemble(_LOOP),
        b"%PDF-1.4\n1 0 obj <<>> endobj 2 0 obj\n/Name\nendobj",  # two objects, the second a bare name
        b"%PDF-1.4\n1 0 objendobj 2 0 obj (x) endobj",  # "objendobj": not the end; the next endobj is
        b"%PDF-1.4\n1 0 obj (a) xendobj 3 0 obj (b) endobj",  # "xendobj" is no end either
        b"%PDF-1.4\n12 0 obj (held 3 0 obj inside) endobj 4 0 obj (no end)",  # a header inside a body, one never ended
        b"%PDF-1.4\n5 0 obj\n<< /Length 9 >>\nstream\n6 0 obj x\nendstream\nendobj\n",
    ]
    for data in cases:
        expected = [(m.group(1), m.group(2), m.start(), m.end(), m.group(3)) for m in regex.finditer(data)]
        found = [(o.number, o.generation, o.start, o.end, data[o.body_start:o.body_end]) for o in _found_objects(data)]
        assert found == expected
    assert [o.number for o in _found_objects(cases[4])] == [b"1"]


def test_a_name_alone_is_an_object_not_a_dictionary_that_lost_its_delimiters() -> None:
    from pagelift.objects.salvage import _restore_delimiters

    repairs: list[str] = []
    data = b"%PDF-1.4\n5 0 obj\n/DeviceRGB\nendobj\n6 0 obj /Type/Page /Parent 2 0 R endobj\n"
    mended = _restore_delimiters(data, repairs)
    assert b"5 0 obj\n/DeviceRGB\nendobj" in mended
    assert b"6 0 obj << /Type/Page /Parent 2 0 R >>\nendobj" in mended
    assert repairs == ["object 6 had lost its dictionary delimiters (<< >>), put back"]


def test_a_fault_the_salvage_knows_is_mended_without_pypdf() -> None:
    # pypdf cannot mend these faults, and importing it costs a process ~0.1 s: it is not asked.
    import subprocess
    import sys

    data = _one_page()
    broken = damage.overflow_generation(data, damage.find_object(data, rb"/Type\s*/Page\b"))
    script = ("import sys, pagelift; doc = pagelift.open(sys.stdin.buffer.read()); "
              "print(doc.pages[0].text(), 'pypdf' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", script], input=broken, capture_output=True, check=True)
    assert run.stdout.decode().split() == ["Readable", "after", "all", "False"]


def _pypdf_imported(data: bytes) -> tuple[str, bool]:
    import subprocess
    import sys

    script = ("import sys, pagelift; doc = pagelift.open(sys.stdin.buffer.read()); "
              "print(repr(doc.text()), 'pypdf' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", script], input=data, capture_output=True, check=True)
    text, imported = run.stdout.decode().rsplit(" ", 1)
    return text, imported.strip() == "True"


def test_object_numbers_beyond_what_the_file_could_hold_are_read_as_numbered() -> None:
    # An extract that kept its objects' numbers from the book it was cut from: qpdf drops any
    # number over a third of the file's size (the catalog among them).
    data = damage.renumber_objects(_one_page("Cut from a long book"), first=10_962)
    with pytest.raises(pikepdf.PdfError, match="/Root"):
        pikepdf.open(__import__("io").BytesIO(data))
    doc = pagelift.open(data, plugins=manager())
    assert doc.text() == "Cut from a long book"
    assert (f"its objects are numbered up to 10966, more than qpdf allows a file of {len(data)} bytes (a third of "
            "its size: objects cut from a larger file keep their numbers); read as numbered") in _repaired(doc)
    assert _pypdf_imported(data) == ("'Cut from a long book'", False)
    with pytest.raises(pagelift.StrictError, match="numbered up to"):
        pagelift.open(data, plugins=manager(), strict=True)
    # The padded copy stays within max_stream_bytes: past it, the salvage declines and pypdf is asked.
    bounded = pagelift.open(data, plugins=manager(), limits=pagelift.Limits(max_stream_bytes=3 * 10_966 - 1))
    assert bounded.text() == "Cut from a long book" and "pypdf's lenient reader rebuilt it" in _repaired(bounded)
    assert salvage(data, max_bytes=3 * 10_966 - 1) is None
    assert salvage(data, max_bytes=3 * 10_966 + 3) is not None


def _without_root(replacement: bytes) -> bytes:
    import re

    return re.sub(rb"/Root \d+ 0 R", replacement, _one_page("Rooted again"))


@pytest.mark.parametrize(("replacement", "said"), [
    (b"", "the trailer names no /Root"),
    (b"/Root 99 0 R", "the trailer's /Root (object 99 0) is missing"),
    (b"/Root 3 0 R", "the trailer's /Root (object 3 0) is not the catalog"),
])
def test_a_trailer_whose_root_names_no_catalog_reads_the_catalog_found_by_its_type(replacement: bytes,
                                                                                  said: str) -> None:
    data = _without_root(replacement)
    with pytest.raises(pikepdf.PdfError):
        pikepdf.open(__import__("io").BytesIO(data))
    doc = pagelift.open(data, plugins=manager())
    assert doc.text() == "Rooted again"
    assert f"{said}; the catalog found by its /Type (object 1 0) read as the root" in _repaired(doc)
    assert _pypdf_imported(data) == ("'Rooted again'", False)
    with pytest.raises(pagelift.StrictError, match="found by its /Type"):
        pagelift.open(data, plugins=manager(), strict=True)
