"""``Document.form_fields``: the AcroForm's fields with their values, and appearances
regenerated where the form asks for it.

The field tree (/AcroForm /Fields, then /Kids) is walked by hand: names join with dots
into fully qualified names, /FT, /Ff, /V and /DV are inherited (ISO 32000-1 §12.7.3.1),
a kid without /T is a widget of its parent, and a cycle or a tree deeper than
``MAX_DEPTH`` is cut with a warning. Each widget's page is its /P, else the page whose
/Annots hold it.

Viewers draw a field from its value, not from its stored appearance, when the form sets
/NeedAppearances: a form filled by a program often leaves the old (empty) appearance in
place. :func:`regenerate_appearances` has qpdf generate appearances for text and choice
fields then (in memory: the file is never written), so the page's text shows the values
a viewer shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pikepdf

from ..model.values import Rect, WarningCode
from ..objects.streams import read_stream
from ..objects.textstrings import text_of
from .annotations import rect_of
from .treewalk import TreeGuard

__all__ = ["MAX_DEPTH", "MAX_FIELDS", "FormField", "Widget", "read_fields", "regenerate_appearances"]

Warn = Callable[[str, str], None]
MAX_DEPTH = 32
"""Field tree nesting read at most."""
MAX_FIELDS = 100_000
"""Fields and widgets read at most."""
MAX_VALUE_BYTES = 1024 * 1024
"""A rich-text value given as a stream is read up to this many bytes."""

_READ_ONLY, _REQUIRED = 1 << 0, 1 << 1
_MULTILINE, _PASSWORD = 1 << 12, 1 << 13
_RADIO, _PUSHBUTTON = 1 << 15, 1 << 16
_COMBO, _MULTISELECT = 1 << 17, 1 << 21


@dataclass(frozen=True, slots=True)
class Widget:
    """Where a field shows: its one-based ``page`` (None when no page holds it) and ``rect``."""

    page: int | None
    rect: Rect


@dataclass(slots=True)
class FormField:
    """One terminal form field.

    ``name`` is fully qualified (``address.city``); ``type`` one of ``text``, ``checkbox``,
    ``radio``, ``pushbutton``, ``combo``, ``list``, ``signature`` (``""`` when /FT is
    missing). ``value``: a text field's text, a checkbox's or radio group's state
    (``"Off"`` or the on-state's name, e.g. ``"Yes"``), a choice's selection (a list for a
    multiple selection), None when unset. ``options`` are a choice field's entries (the
    text shown), ``flags`` the raw /Ff, ``widgets`` where the field shows.
    """

    name: str
    type: str
    value: str | list[str] | None = None
    default: str | list[str] | None = None
    options: list[str] = field(default_factory=list)
    read_only: bool = False
    required: bool = False
    flags: int = 0
    widgets: list[Widget] = field(default_factory=list)

    @property
    def checked(self) -> bool | None:
        """For a checkbox or radio group: whether it is on; None for other fields."""
        if self.type not in ("checkbox", "radio"):
            return None
        return self.value not in (None, "", "Off")

    def as_dict(self) -> dict[str, Any]:
        """The field as JSON-ready values."""
        return {"name": self.name, "type": self.type, "value": self.value, "default": self.default,
                "options": self.options, "read_only": self.read_only, "required": self.required,
                "flags": self.flags,
                "widgets": [{"page": w.page, "rect": [round(v, 2) for v in w.rect]} for w in self.widgets]}


def _kind(ft: Any, flags: int) -> str:
    if ft == "/Tx":
        return "text"
    if ft == "/Btn":
        return "pushbutton" if flags & _PUSHBUTTON else "radio" if flags & _RADIO else "checkbox"
    if ft == "/Ch":
        return "combo" if flags & _COMBO else "list"
    if ft == "/Sig":
        return "signature"
    return ""


class _Walk:
    def __init__(self, annotation_pages: Callable[[], dict[tuple[int, int], int]],
                 page_numbers: dict[tuple[int, int], int], warn: Warn) -> None:
        self.annotation_pages = annotation_pages
        self.page_numbers = page_numbers
        self.guard = TreeGuard(warn, tree="the form's field tree", item="field", max_items=MAX_FIELDS,
                               max_depth=MAX_DEPTH)
        self.once = self.guard.once
        self.fields: list[FormField] = []

    def node(self, obj: Any, parent_name: str, inherited: dict[str, Any], depth: int) -> None:
        if not self.guard.admit(obj, depth):
            return
        partial, clean = text_of(obj.get("/T")) if "/T" in obj else ("", True)
        if not clean:
            self.once("name", f"a field name cannot be decoded (read as {partial!r})")
        name = f"{parent_name}.{partial}" if parent_name and partial else partial or parent_name
        here = dict(inherited)
        for k in ("/FT", "/Ff", "/V", "/DV"):
            if k in obj:
                here[k] = obj.get(k)
        kids_obj = obj.get("/Kids")
        kids = list(kids_obj) if isinstance(kids_obj, pikepdf.Array) else []
        fields = [k for k in kids if isinstance(k, pikepdf.Dictionary) and "/T" in k]
        if fields:
            for kid in fields:
                self.node(kid, name, here, depth + 1)
            return
        # A terminal field: its widgets are its kids without /T, or the field itself.
        widgets = [k for k in kids if isinstance(k, pikepdf.Dictionary)] or [obj]
        self.fields.append(self.terminal(obj, name, here, widgets))

    def terminal(self, obj: Any, name: str, values: dict[str, Any], widgets: list[Any]) -> FormField:
        try:
            flags = int(values.get("/Ff", 0))
        except (TypeError, ValueError):
            flags = 0
        kind = _kind(values.get("/FT"), flags)
        options = _options(obj.get("/Opt"))
        result = FormField(name, kind, self.value(values.get("/V"), name), self.value(values.get("/DV"), name),
                           options, bool(flags & _READ_ONLY), bool(flags & _REQUIRED), flags)
        for widget in widgets:
            rect = rect_of(widget.get("/Rect"))
            if rect is None:
                continue
            page = None
            p = widget.get("/P")
            if isinstance(p, pikepdf.Dictionary) and p.is_indirect:
                page = self.page_numbers.get(p.objgen)
            if page is None and widget.is_indirect:
                page = self.annotation_pages().get(widget.objgen)
            result.widgets.append(Widget(page, rect))
        return result

    def value(self, value: Any, name: str) -> str | list[str] | None:
        if value is None or (isinstance(value, pikepdf.Dictionary) and not isinstance(value, pikepdf.Stream)):
            return None  # unset, or a signature field's signature dictionary: no text to give
        if isinstance(value, pikepdf.Array):
            return [text_of(v)[0] for v in value]
        if isinstance(value, pikepdf.Stream):  # rich text given as a stream
            data = read_stream(value, MAX_VALUE_BYTES, f"field {name} value")
            if data.problem is not None:
                self.guard.warn(*data.problem)  # a value cut at its limit, or unreadable
            value = pikepdf.String(data.data)
        text, clean = text_of(value)
        if not clean and text == "" and not isinstance(value, pikepdf.String):
            self.once(f"value {name}", f"field {name}'s value is not a text string; ignored")
            return None
        if not clean:
            self.once(f"value {name}", f"field {name}'s value holds bytes that are not text; they were dropped")
        return text


def _options(opt: Any) -> list[str]:
    if not isinstance(opt, pikepdf.Array):
        return []
    out = []
    for entry in opt:
        # An entry is the text shown, or an [export value, text shown] pair.
        if isinstance(entry, pikepdf.Array) and len(entry) == 2:
            entry = entry[1]
        out.append(text_of(entry)[0])
    return out


def read_fields(pdf: pikepdf.Pdf, page_numbers: dict[tuple[int, int], int],
                annotation_pages: Callable[[], dict[tuple[int, int], int]], warn: Warn) -> list[FormField]:
    """The terminal fields of the document's form, in tree order; [] when it has none."""
    try:
        form = pdf.Root.get("/AcroForm")
        fields = form.get("/Fields") if isinstance(form, pikepdf.Dictionary) else None
        roots = list(fields) if isinstance(fields, pikepdf.Array) else []
    except Exception as exc:
        warn(WarningCode.MALFORMED_DOCUMENT, f"the form cannot be read: {exc}")
        return []
    walk = _Walk(annotation_pages, page_numbers, warn)
    for root in roots:
        try:
            walk.node(root, "", {}, 1)
        except Exception as exc:  # an object qpdf cannot resolve deep inside: keep the other fields
            walk.once("broken", f"a form field cannot be read: {exc}")
    return walk.fields


def annotation_pages(pdf: pikepdf.Pdf) -> dict[tuple[int, int], int]:
    """Annotation object (number, generation) -> the one-based page whose /Annots hold it."""
    out: dict[tuple[int, int], int] = {}
    try:
        for number, page in enumerate(pdf.pages, 1):
            annots = page.obj.get("/Annots")
            if isinstance(annots, pikepdf.Array):
                for annot in annots:
                    if isinstance(annot, pikepdf.Dictionary) and annot.is_indirect:
                        out.setdefault(annot.objgen, number)
    except Exception:
        pass  # a damaged page tree: the pages read so far still count
    return out


def needs_appearances(pdf: pikepdf.Pdf) -> bool:
    """True when the form asks viewers to draw its fields from their values (/NeedAppearances)."""
    try:
        form = pdf.Root.get("/AcroForm")
        return isinstance(form, pikepdf.Dictionary) and bool(form.get("/NeedAppearances", False))
    except Exception:
        return False


def regenerate_appearances(pdf: pikepdf.Pdf, warn: Warn) -> None:
    """Under /NeedAppearances, draw text and choice fields from their values (qpdf's generator)."""
    if not needs_appearances(pdf):
        return
    try:
        pdf.generate_appearance_streams()
        _give_resources(pdf)
    except Exception as exc:
        warn(WarningCode.MALFORMED_DOCUMENT,
             f"the form asks for its fields to be drawn from their values, and they could not be: {exc}")


def _give_resources(pdf: pikepdf.Pdf) -> None:
    """qpdf writes the appearances it generates without /Resources: their fonts are the
    form's /DR (ISO 32000-1 §12.7.3.3), which the interpreter is handed here."""
    form = pdf.Root.get("/AcroForm")
    resources = form.get("/DR") if isinstance(form, pikepdf.Dictionary) else None
    if not isinstance(resources, pikepdf.Dictionary):
        return
    for page in pdf.pages:
        annots = page.obj.get("/Annots")
        for annot in annots if isinstance(annots, pikepdf.Array) else []:
            if not isinstance(annot, pikepdf.Dictionary) or annot.get("/Subtype") != "/Widget":
                continue
            ap = annot.get("/AP")
            normal = ap.get("/N") if isinstance(ap, pikepdf.Dictionary) else None
            if isinstance(normal, pikepdf.Stream) and "/Resources" not in normal:
                normal.Resources = resources
