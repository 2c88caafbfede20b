"""A document's inherited page attributes: the page tree's answers, each node's kept for its other pages."""

from __future__ import annotations

import pdfbuilder
import pikepdf

import pagelift
from pagelift.objects.page_tree import InheritedValues, inherited


def _tree() -> pikepdf.Pdf:
    """Three pages under one /Pages node with /CropBox and /Rotate; the third has its own /Rotate."""
    doc = pdfbuilder.Document().inherit(media_box=(0, 0, 500, 400), crop_box=(10, 10, 490, 390), rotate=90)
    doc.add_page()
    doc.add_page()
    doc.add_page(rotate=180)
    return doc.build()


def test_the_same_answers_as_walking_the_tree() -> None:
    pdf = _tree()
    lookup = InheritedValues()
    for page in pdf.pages:
        for key in ("/MediaBox", "/CropBox", "/Rotate", "/Resources", "/Nothing"):
            assert lookup.get(page.obj, key) == inherited(page.obj, key), key
    assert [int(lookup.get(p.obj, "/Rotate")) for p in pdf.pages] == [90, 90, 180]
    assert lookup.get(pikepdf.Array([1]), "/Rotate") is None  # not a dictionary: no page


def test_a_parent_nodes_answer_is_kept_for_its_other_pages() -> None:
    pdf = _tree()
    lookup = InheritedValues()
    first, second, third = (p.obj for p in pdf.pages)
    assert int(lookup.get(first, "/Rotate")) == 90
    pdf.Root.Pages.Rotate = 270  # the tree walked again would say 270: the node's answer is kept
    assert int(lookup.get(second, "/Rotate")) == 90
    assert int(lookup.get(third, "/Rotate")) == 180  # a page's own value is always read from it
    assert int(InheritedValues().get(second, "/Rotate")) == 270


def test_kept_answers_are_bounded() -> None:
    pdf = _tree()
    lookup = InheritedValues(bound=2)
    page = pdf.pages[0].obj
    for key in ("/CropBox", "/Rotate", "/Nothing", "/Other"):
        lookup.get(page, key)
    assert len(lookup._known) <= 2


def test_pages_read_their_boxes_and_rotation_through_the_documents_lookup() -> None:
    pdf = _tree()
    doc = pagelift.open(_saved(pdf))
    assert [p.rotation for p in doc.pages] == [90, 90, 180]
    assert [p.crop_box for p in doc.pages] == [pagelift.Rect(10, 10, 490, 390)] * 3
    assert len(doc.inherited_values._known) == 3  # the /Pages node's boxes and /Rotate, once each


def _saved(pdf: pikepdf.Pdf) -> bytes:
    import io

    buf = io.BytesIO()
    pdf.save(buf)
    return buf.getvalue()
