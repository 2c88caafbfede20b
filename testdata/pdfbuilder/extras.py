"""What a document holds besides page content: metadata, XMP, outlines, named destinations,
links, form fields, embedded files and page labels — and damaged variants of each.

Every function takes the :class:`~pdfbuilder.Document` (or a :class:`~pdfbuilder.Page`)
being built and edits its objects in place; text is written as PDFDocEncoding when it can
be and as UTF-16BE with a byte-order mark otherwise, as producers do. ``raw=`` arguments
take bytes written exactly as given (for damaged values).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import pikepdf

from .document import Box, Document, Font, Page

__all__ = [
    "OutlineEntry",
    "add_field",
    "add_field_group",
    "add_link",
    "add_named_destination",
    "add_outline",
    "attach_file",
    "need_appearances",
    "pdf_text",
    "set_info",
    "set_page_labels",
    "set_xmp",
    "xmp_packet",
]


def pdf_text(text: str | bytes) -> pikepdf.String:
    """A PDF text string: bytes as given; text as PDFDocEncoding when it fits, else UTF-16BE with a BOM."""
    if isinstance(text, bytes):
        return pikepdf.String(text)
    try:
        return pikepdf.String(text.encode("pdfdoc"))
    except (UnicodeEncodeError, LookupError):
        return pikepdf.String(b"\xfe\xff" + text.encode("utf-16-be"))


# ----------------------------------------------------------------- metadata


def set_info(doc: Document, **values: str | bytes | int) -> pikepdf.Dictionary:
    """Write the Info dictionary: ``Title="..."``, ``CreationDate="D:2024..."``; bytes are
    written as they are, an int as a number (a damaged value where text belongs)."""
    info = doc.pdf.make_indirect(pikepdf.Dictionary())
    for key, value in values.items():
        info["/" + key] = value if isinstance(value, int) else pdf_text(value)
    doc.pdf.trailer.Info = info
    return info


def xmp_packet(*, title: str = "", creator: Sequence[str] = (), description: str = "", keywords: str = "",
               creator_tool: str = "", producer: str = "", create_date: str = "", modify_date: str = "") -> str:
    """An XMP packet with the usual Dublin Core, XMP and PDF properties (empty ones left out)."""
    props = []
    if title:
        props.append(f'<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>')
    if creator:
        items = "".join(f"<rdf:li>{c}</rdf:li>" for c in creator)
        props.append(f"<dc:creator><rdf:Seq>{items}</rdf:Seq></dc:creator>")
    if description:
        props.append(f'<dc:description><rdf:Alt><rdf:li xml:lang="x-default">{description}</rdf:li></rdf:Alt>'
                     "</dc:description>")
    for tag, value in (("pdf:Keywords", keywords), ("xmp:CreatorTool", creator_tool), ("pdf:Producer", producer),
                       ("xmp:CreateDate", create_date), ("xmp:ModifyDate", modify_date)):
        if value:
            props.append(f"<{tag}>{value}</{tag}>")
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">'
        + "".join(props) + "</rdf:Description></rdf:RDF></x:xmpmeta>\n"
        '<?xpacket end="w"?>'
    )


def set_xmp(doc: Document, packet: str | bytes) -> pikepdf.Stream:
    """Attach an XMP packet (text, or raw bytes for a damaged one) as the catalog's /Metadata."""
    data = packet.encode("utf-8") if isinstance(packet, str) else packet
    stream = doc.pdf.make_indirect(pikepdf.Stream(doc.pdf, data, Type=pikepdf.Name.Metadata,
                                                  Subtype=pikepdf.Name.XML))
    doc.pdf.Root.Metadata = stream
    return stream


# ----------------------------------------------------------------- destinations, outline, links


def _explicit(page: Page, top: float = 792) -> pikepdf.Array:
    return pikepdf.Array([page.obj, pikepdf.Name.XYZ, 0, top, 0])


def add_named_destination(doc: Document, name: str, page: Page, *, old_style: bool = False) -> None:
    """Name a destination on ``page``: in the /Names /Dests name tree (a string), or with
    ``old_style`` in the catalog's /Dests dictionary (a name, PDF 1.1), as ``{/D [...]}``."""
    if old_style:
        if "/Dests" not in doc.pdf.Root:
            doc.pdf.Root.Dests = doc.pdf.make_indirect(pikepdf.Dictionary())
        doc.pdf.Root.Dests["/" + name] = pikepdf.Dictionary(D=_explicit(page))
        return
    if "/Names" not in doc.pdf.Root:
        doc.pdf.Root.Names = pikepdf.Dictionary()
    if "/Dests" not in doc.pdf.Root.Names:
        doc.pdf.Root.Names.Dests = pikepdf.NameTree.new(doc.pdf).obj
    pikepdf.NameTree(doc.pdf.Root.Names.Dests)[name] = _explicit(page)


@dataclass
class OutlineEntry:
    """One bookmark: goes to ``page`` (explicit), ``named`` (a string destination; a name
    object when ``old_style``), ``uri``, or nowhere; ``children`` below it."""

    title: str | bytes
    page: Page | None = None
    named: str | None = None
    old_style: bool = False
    uri: str | None = None
    action: bool = False  # write the page target as a /GoTo action rather than /Dest
    children: Sequence[OutlineEntry] = field(default_factory=tuple)


def add_outline(doc: Document, entries: Sequence[OutlineEntry]) -> list[pikepdf.Dictionary]:
    """Write the outline; returns the top-level item dictionaries (for damaging them)."""
    root = doc.pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Outlines))
    doc.pdf.Root.Outlines = root
    return _items(doc, root, entries)


def _target(entry: OutlineEntry) -> tuple[str, object] | None:
    if entry.uri is not None:
        return "/A", pikepdf.Dictionary(S=pikepdf.Name.URI, URI=pikepdf.String(entry.uri))
    dest: object = None
    if entry.page is not None:
        dest = _explicit(entry.page)
    elif entry.named is not None:
        dest = pikepdf.Name("/" + entry.named) if entry.old_style else pikepdf.String(entry.named)
    if dest is None:
        return None
    if entry.action:
        return "/A", pikepdf.Dictionary(S=pikepdf.Name.GoTo, D=dest)
    return "/Dest", dest


def _items(doc: Document, parent: pikepdf.Dictionary, entries: Sequence[OutlineEntry]) -> list[pikepdf.Dictionary]:
    items = []
    for entry in entries:
        item = doc.pdf.make_indirect(pikepdf.Dictionary(Title=pdf_text(entry.title), Parent=parent))
        target = _target(entry)
        if target is not None:
            item[target[0]] = target[1]
        items.append(item)
    for a, b in itertools.pairwise(items):
        a.Next, b.Prev = b, a
    if items:
        parent.First, parent.Last, parent.Count = items[0], items[-1], len(items)
    for item, entry in zip(items, entries, strict=True):
        if entry.children:
            _items(doc, item, entry.children)
    return items


def add_link(page: Page, rect: Box, *, uri: str | None = None, to: Page | None = None, named: str | None = None,
             action: bool = True) -> pikepdf.Dictionary:
    """A /Link annotation going to a URI, a page or a named destination (as a /GoTo action,
    or with ``action=False`` as /Dest)."""
    extra: dict[str, object] = {}
    if uri is not None:
        extra["A"] = pikepdf.Dictionary(S=pikepdf.Name.URI, URI=pikepdf.String(uri))
    else:
        dest = _explicit(to) if to is not None else pikepdf.String(named or "")
        if action:
            extra["A"] = pikepdf.Dictionary(S=pikepdf.Name.GoTo, D=dest)
        else:
            extra["Dest"] = dest
    return page.annotate(rect, subtype="Link", extra=extra)


# ----------------------------------------------------------------- forms

FieldType = Literal["text", "checkbox", "radio", "combo", "list", "pushbutton", "signature"]
_FT = {"text": "/Tx", "checkbox": "/Btn", "radio": "/Btn", "pushbutton": "/Btn", "combo": "/Ch", "list": "/Ch",
       "signature": "/Sig"}
_TYPE_FLAGS = {"radio": 1 << 15, "pushbutton": 1 << 16, "combo": 1 << 17}


def _acroform(doc: Document) -> pikepdf.Dictionary:
    if "/AcroForm" not in doc.pdf.Root:
        doc.pdf.Root.AcroForm = doc.pdf.make_indirect(pikepdf.Dictionary(Fields=pikepdf.Array()))
    form: pikepdf.Dictionary = doc.pdf.Root.AcroForm
    return form


def add_field_group(doc: Document, name: str, parent: pikepdf.Dictionary | None = None) -> pikepdf.Dictionary:
    """A non-terminal field (only a name): fields added with ``parent=`` it are ``name.child``."""
    group = doc.pdf.make_indirect(pikepdf.Dictionary(T=pdf_text(name), Kids=pikepdf.Array()))
    if parent is None:
        _acroform(doc).Fields.append(group)
    else:
        group.Parent = parent
        parent.Kids.append(group)
    return group


def add_field(
    doc: Document,
    name: str,
    kind: FieldType,
    widgets: Sequence[tuple[Page, Box]],
    *,
    value: str | Sequence[str] | None = None,
    options: Sequence[str | tuple[str, str]] = (),
    flags: int = 0,
    parent: pikepdf.Dictionary | None = None,
    on_state: str = "Yes",
    appearance: bool = True,
    da: str | None = None,
) -> pikepdf.Dictionary:
    """A terminal field with its widgets (one widget merges into the field's dictionary).

    ``value`` is the text, the selected option(s), or a button's state name (``"Yes"``,
    ``"Off"``); ``flags`` adds /Ff bits (1 read-only, 2 required) to the type's own.
    Buttons get an appearance per state; with ``appearance`` other fields get an empty one
    (a form filled by a program that left the old appearance in place); ``da`` sets /DA.
    """
    ff = flags | _TYPE_FLAGS.get(kind, 0)
    fld = doc.pdf.make_indirect(pikepdf.Dictionary(FT=pikepdf.Name(_FT[kind]), T=pdf_text(name)))
    if ff:
        fld.Ff = ff
    if options:
        fld.Opt = pikepdf.Array([pikepdf.Array([pdf_text(o[0]), pdf_text(o[1])]) if isinstance(o, tuple)
                                 else pdf_text(o) for o in options])
    if value is not None:
        if kind in ("checkbox", "radio"):
            fld.V = pikepdf.Name("/" + str(value))
        elif isinstance(value, str):
            fld.V = pdf_text(value)
        else:
            fld.V = pikepdf.Array([pdf_text(v) for v in value])
    if da is not None:
        fld.DA = pikepdf.String(da)
    if parent is None:
        _acroform(doc).Fields.append(fld)
    else:
        fld.Parent = parent
        parent.Kids.append(fld)
    annots = []
    for page, rect in widgets:
        widget = fld if len(widgets) == 1 else doc.pdf.make_indirect(pikepdf.Dictionary(Parent=fld))
        widget.Type, widget.Subtype, widget.Rect, widget.P = pikepdf.Name.Annot, pikepdf.Name.Widget, list(rect), page.obj
        w, h = rect[2] - rect[0], rect[3] - rect[1]
        if kind in ("checkbox", "radio"):
            on = doc.pdf.make_stream(b"0 g 0 0 m 1 1 l S", BBox=[0, 0, w, h], Subtype=pikepdf.Name.Form)
            off = doc.pdf.make_stream(b"", BBox=[0, 0, w, h], Subtype=pikepdf.Name.Form)
            widget.AP = pikepdf.Dictionary(N=pikepdf.Dictionary({"/" + on_state: on, "/Off": off}))
            widget.AS = pikepdf.Name("/" + (str(value) if value == on_state else "Off"))
        elif appearance:
            widget.AP = pikepdf.Dictionary(N=doc.pdf.make_stream(b"", BBox=[0, 0, w, h], Subtype=pikepdf.Name.Form))
        if widget is not fld:
            fld.Kids = fld.get("/Kids", pikepdf.Array())
            fld.Kids.append(widget)
        if "/Annots" not in page.obj:
            page.obj.Annots = pikepdf.Array()
        page.obj.Annots.append(widget)
        annots.append(widget)
    return fld


def need_appearances(doc: Document, font: Font, size: float = 12) -> None:
    """Ask viewers to draw the form's fields from their values (/NeedAppearances true), with
    ``font`` as the form's default resources and appearance (/DR, /DA)."""
    form = _acroform(doc)
    form.NeedAppearances = True
    form.DR = pikepdf.Dictionary(Font=pikepdf.Dictionary({"/" + font.name: font.obj}))
    form.DA = pikepdf.String(f"/{font.name} {size:g} Tf 0 g")


# ----------------------------------------------------------------- attachments, labels


def attach_file(doc: Document, name: str, data: bytes, *, mime: str | None = None, description: str = "",
                created: str | None = None, modified: str | None = None, stream: bool = True,
                compress: bool = False, key: str | None = None) -> pikepdf.Dictionary:
    """Embed a file under ``name`` in /Names /EmbeddedFiles (with ``stream=False``, a file
    specification without its file stream: damaged). ``key`` is its key in the name tree
    when that differs from ``name`` (two files of one name need two keys). Returns the file specification."""
    params = pikepdf.Dictionary(Size=len(data))
    if created:
        params.CreationDate = pikepdf.String(created)
    if modified:
        params.ModDate = pikepdf.String(modified)
    spec = pikepdf.Dictionary(Type=pikepdf.Name.Filespec, F=pikepdf.String(name), UF=pdf_text(name))
    if description:
        spec.Desc = pdf_text(description)
    if stream:
        ef = doc.pdf.make_stream(data, Type=pikepdf.Name.EmbeddedFile, Params=params)
        if compress:
            import zlib

            ef.write(zlib.compress(data), filter=pikepdf.Name.FlateDecode)
        if mime:
            ef.Subtype = pikepdf.Name("/" + mime)
        spec.EF = pikepdf.Dictionary(F=ef, UF=ef)
    spec = doc.pdf.make_indirect(spec)
    if "/Names" not in doc.pdf.Root:
        doc.pdf.Root.Names = pikepdf.Dictionary()
    if "/EmbeddedFiles" not in doc.pdf.Root.Names:
        doc.pdf.Root.Names.EmbeddedFiles = pikepdf.NameTree.new(doc.pdf).obj
    pikepdf.NameTree(doc.pdf.Root.Names.EmbeddedFiles)[key if key is not None else name] = spec
    return spec


def set_page_labels(doc: Document, ranges: Mapping[int, Mapping[str, object]]) -> None:
    """Page labels: page index (0-based) -> ``{"S": "/r", "P": "A-", "St": 3}``; values
    are written as given (a style that is not a name, a start that is not a number: damaged)."""
    nums = pikepdf.Array()
    for index in sorted(ranges):
        entry = pikepdf.Dictionary()
        for key, value in ranges[index].items():
            if isinstance(value, str) and value.startswith("/"):
                entry["/" + key] = pikepdf.Name(value)
            elif isinstance(value, str):
                entry["/" + key] = pdf_text(value)
            else:
                entry["/" + key] = value
        nums.extend([index, entry])
    doc.pdf.Root.PageLabels = pikepdf.Dictionary(Nums=nums)
