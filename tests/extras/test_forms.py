"""Document.form_fields: every field type, qualified names, values, options, flags, widgets;
/NeedAppearances fields drawn from their values; damaged trees cut with a warning."""

from __future__ import annotations

import pikepdf
import pytest
from pdfbuilder import Document
from pdfbuilder.extras import add_field, add_field_group, need_appearances

import pagelift
from pagelift import Widget


def _form() -> tuple[Document, list]:
    doc = Document()
    font = doc.standard_font("Helvetica")
    pages = [doc.add_page().text(font, 12, 72, 740, f"Form page {i + 1}") for i in range(2)]
    return doc, pages


def test_every_field_type_with_values_options_flags_and_widgets() -> None:
    doc, (p1, p2) = _form()
    address = add_field_group(doc, "address")
    add_field(doc, "city", "text", [(p1, (72, 600, 272, 620))], value="Z\u00fcrich", flags=2, parent=address)
    add_field(doc, "zip", "text", [(p1, (300, 600, 360, 620))], value="8001", flags=1, parent=address)
    add_field(doc, "agree", "checkbox", [(p1, (72, 560, 84, 572))], value="Yes")
    add_field(doc, "newsletter", "checkbox", [(p1, (72, 540, 84, 552))], value="Off")
    add_field(doc, "size", "radio", [(p1, (72, 500, 84, 512)), (p2, (72, 480, 84, 492))], value="Yes")
    add_field(doc, "country", "combo", [(p2, (72, 400, 200, 420))], value="France",
              options=[("fr", "France"), ("de", "Germany")])
    add_field(doc, "colours", "list", [(p2, (72, 300, 200, 380))], value=["Red", "Blue"],
              options=["Red", "Green", "Blue"], flags=1 << 21)
    add_field(doc, "send", "pushbutton", [(p2, (72, 200, 150, 220))])
    add_field(doc, "signature", "signature", [(p2, (300, 200, 500, 240))])
    fields = {f.name: f for f in pagelift.open(doc.to_bytes()).form_fields}
    assert list(fields) == ["address.city", "address.zip", "agree", "newsletter", "size", "country", "colours",
                            "send", "signature"]
    city = fields["address.city"]
    assert (city.type, city.value, city.required, city.read_only) == ("text", "Zürich", True, False)
    assert city.widgets == [Widget(1, pagelift.Rect(72, 600, 272, 620))]
    assert fields["address.zip"].read_only
    assert (fields["agree"].type, fields["agree"].value, fields["agree"].checked) == ("checkbox", "Yes", True)
    assert fields["newsletter"].checked is False
    size = fields["size"]
    assert size.type == "radio" and [w.page for w in size.widgets] == [1, 2]
    assert (fields["country"].type, fields["country"].value, fields["country"].options) == (
        "combo", "France", ["France", "Germany"])
    assert (fields["colours"].type, fields["colours"].value) == ("list", ["Red", "Blue"])
    assert fields["colours"].options == ["Red", "Green", "Blue"]
    assert fields["send"].type == "pushbutton" and fields["send"].value is None and fields["send"].checked is None
    assert fields["signature"].type == "signature"
    assert city.as_dict()["widgets"] == [{"page": 1, "rect": [72, 600, 272, 620]}]


def test_a_widget_without_P_finds_its_page_through_the_annotations() -> None:
    doc, (_p1, p2) = _form()
    fld = add_field(doc, "name", "text", [(p2, (72, 600, 272, 620))], value="x")
    del fld.P
    assert pagelift.open(doc.to_bytes()).form_fields[0].widgets[0].page == 2


def test_need_appearances_draws_text_and_choice_fields_from_their_values() -> None:
    doc, (p1, _p2) = _form()
    font = doc.standard_font("Helvetica", name="Helv")
    need_appearances(doc, font)
    add_field(doc, "name", "text", [(p1, (72, 600, 272, 620))], value="Ada Lovelace", da="/Helv 12 Tf 0 g")
    add_field(doc, "country", "combo", [(p1, (72, 560, 272, 580))], value="Wales", options=["England", "Wales"],
              da="/Helv 12 Tf 0 g")
    data = doc.to_bytes()
    assert "Ada Lovelace" in pagelift.open(data).pages[0].text()
    assert "Wales" in pagelift.open(data).pages[0].text()
    # Without /NeedAppearances the stored (empty) appearance is what a viewer shows.
    quiet = pikepdf.open(__import__("io").BytesIO(data))
    quiet.Root.AcroForm.NeedAppearances = False
    out = __import__("io").BytesIO()
    quiet.save(out)
    assert "Ada Lovelace" not in pagelift.open(out.getvalue()).pages[0].text()
    # ignore_annotations leaves every appearance out, generated or not.
    assert "Ada" not in pagelift.open(data, ignore_annotations=True).pages[0].text()


def test_a_cycle_in_the_field_tree_is_cut_and_bad_values_warned() -> None:
    doc, (p1, _p2) = _form()
    group = add_field_group(doc, "g")
    add_field(doc, "a", "text", [(p1, (72, 600, 272, 620))], value="one", parent=group)
    inner = add_field_group(doc, "inner", parent=group)
    inner.Kids.append(group)  # g.inner's kid is g again
    add_field(doc, "b", "text", [(p1, (72, 560, 272, 580))])
    doc.pdf.Root.AcroForm.Fields[-1].V = pikepdf.Array([1, 2])  # not text
    doc.pdf.Root.AcroForm.Fields.append(pikepdf.Integer(3))
    opened = pagelift.open(doc.to_bytes())
    fields = opened.form_fields
    assert [f.name for f in fields][:1] == ["g.a"] and fields[0].value == "one"
    assert "b" in [f.name for f in fields]
    messages = " | ".join(w.message for w in opened.warnings)
    assert "cycle" in messages and "not a dictionary" in messages


@pytest.mark.parametrize("bad", [pikepdf.Name.Nothing, pikepdf.Dictionary(Fields=pikepdf.Integer(1))])
def test_a_form_that_is_not_a_form_gives_no_fields(bad: object) -> None:
    doc, _ = _form()
    doc.pdf.Root.AcroForm = bad
    assert pagelift.open(doc.to_bytes()).form_fields == []
