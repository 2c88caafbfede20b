"""pagelift reads PDF pages back: text with where each piece sits, lines, reading order, tables.

    import pagelift
    doc = pagelift.open("report.pdf")
    print(doc.text())
    for line in doc.pages[0].lines():
        print(line.bbox, line.text)

This module is the public API and nothing else; see docs/architecture.md for the rest.
Its names are imported when first used (:func:`__getattr__`, from :data:`_PUBLIC`), so
``import pagelift`` costs little and ``pagelift text`` loads only what a text needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# First: it decides whether the hot modules load compiled or from source (PAGELIFT_PURE_PYTHON).
from .builds import purepython  # noqa: F401

if TYPE_CHECKING:  # what type checkers and readers see; at run time __getattr__ imports each on first use
    from .catalog.annotations import Annotation
    from .catalog.attachments import Attachment, Saved, save_attachments
    from .catalog.forms import FormField, Widget
    from .catalog.metadata import Metadata
    from .catalog.outline import OutlineItem
    from .catalog.safe_names import distinct_name, safe_filename, write_new
    from .catalog.structure import Elem, MarkedRef, ObjectRef, Role, Structure, StructureStats
    from .content.shapes import Shape
    from .document.document import Document
    from .document.opening import open_pdf as open  # the public name users call
    from .document.page import Page
    from .document.rendering import document_bytes, render_page
    from .errors import CannotDecode, PasswordRequired, PdfError, PluginError, StrictError
    from .fonts.geometry import word_space
    from .fonts.info import PRIORITY_FONT_PROGRAM, PRIORITY_GLYPH_NAME, PRIORITY_TOUNICODE, FontInfo, GlyphMap
    from .model.markdown_escape import (
        escape_heading,
        escape_inline,
        escape_markdown,
        markdown_link,
        safe_link_target,
    )
    from .model.runs import Run
    from .model.values import (
        Block,
        Cell,
        FontFace,
        Glyph,
        Image,
        Line,
        PdfWarning,
        Point,
        Rect,
        Table,
        WarningCode,
    )
    from .objects.page_ranges import parse_pages
    from .options import Limits, Options
    from .plugins.manager import PluginInfo, PluginLoadWarning, PluginManager, hookimpl
    from .plugins.strategies import (
        Exporter,
        GlyphShape,
        LayoutContext,
        LayoutStrategy,
        OcrEngine,
        OcrWord,
        TableContext,
        TableDetector,
    )
    from .text.frames import Span, direction_key, frame, span
    from .text.lines import join, lines, logical_order, same_baseline
    from .text.rtl import has_rtl, mostly_rtl
    from .text.scripts import is_cjk
    from .text.words import Word

    Warning = PdfWarning

_PUBLIC: dict[str, tuple[str, str]] = {
    "Annotation": ("catalog.annotations", "Annotation"),
    "Attachment": ("catalog.attachments", "Attachment"),
    "Saved": ("catalog.attachments", "Saved"),
    "save_attachments": ("catalog.attachments", "save_attachments"),
    "FormField": ("catalog.forms", "FormField"),
    "Widget": ("catalog.forms", "Widget"),
    "Metadata": ("catalog.metadata", "Metadata"),
    "OutlineItem": ("catalog.outline", "OutlineItem"),
    "distinct_name": ("catalog.safe_names", "distinct_name"),
    "safe_filename": ("catalog.safe_names", "safe_filename"),
    "write_new": ("catalog.safe_names", "write_new"),
    "Elem": ("catalog.structure", "Elem"),
    "MarkedRef": ("catalog.structure", "MarkedRef"),
    "ObjectRef": ("catalog.structure", "ObjectRef"),
    "Role": ("catalog.structure", "Role"),
    "Structure": ("catalog.structure", "Structure"),
    "StructureStats": ("catalog.structure", "StructureStats"),
    "Shape": ("content.shapes", "Shape"),
    "Document": ("document.document", "Document"),
    "open": ("document.opening", "open_pdf"),
    "Page": ("document.page", "Page"),
    "document_bytes": ("document.rendering", "document_bytes"),
    "render_page": ("document.rendering", "render_page"),
    "CannotDecode": ("errors", "CannotDecode"),
    "PasswordRequired": ("errors", "PasswordRequired"),
    "PdfError": ("errors", "PdfError"),
    "PluginError": ("errors", "PluginError"),
    "StrictError": ("errors", "StrictError"),
    "word_space": ("fonts.geometry", "word_space"),
    "PRIORITY_FONT_PROGRAM": ("fonts.info", "PRIORITY_FONT_PROGRAM"),
    "PRIORITY_GLYPH_NAME": ("fonts.info", "PRIORITY_GLYPH_NAME"),
    "PRIORITY_TOUNICODE": ("fonts.info", "PRIORITY_TOUNICODE"),
    "FontInfo": ("fonts.info", "FontInfo"),
    "GlyphMap": ("fonts.info", "GlyphMap"),
    "escape_heading": ("model.markdown_escape", "escape_heading"),
    "escape_inline": ("model.markdown_escape", "escape_inline"),
    "escape_markdown": ("model.markdown_escape", "escape_markdown"),
    "markdown_link": ("model.markdown_escape", "markdown_link"),
    "safe_link_target": ("model.markdown_escape", "safe_link_target"),
    "Run": ("model.runs", "Run"),
    "Block": ("model.values", "Block"),
    "Cell": ("model.values", "Cell"),
    "FontFace": ("model.values", "FontFace"),
    "Glyph": ("model.values", "Glyph"),
    "Image": ("model.values", "Image"),
    "Line": ("model.values", "Line"),
    "PdfWarning": ("model.values", "PdfWarning"),
    "Point": ("model.values", "Point"),
    "Rect": ("model.values", "Rect"),
    "Table": ("model.values", "Table"),
    "WarningCode": ("model.values", "WarningCode"),
    "parse_pages": ("objects.page_ranges", "parse_pages"),
    "Limits": ("options", "Limits"),
    "Options": ("options", "Options"),
    "PluginInfo": ("plugins.manager", "PluginInfo"),
    "PluginLoadWarning": ("plugins.manager", "PluginLoadWarning"),
    "PluginManager": ("plugins.manager", "PluginManager"),
    "hookimpl": ("plugins.manager", "hookimpl"),
    "Exporter": ("plugins.strategies", "Exporter"),
    "GlyphShape": ("plugins.strategies", "GlyphShape"),
    "LayoutContext": ("plugins.strategies", "LayoutContext"),
    "LayoutStrategy": ("plugins.strategies", "LayoutStrategy"),
    "OcrEngine": ("plugins.strategies", "OcrEngine"),
    "OcrWord": ("plugins.strategies", "OcrWord"),
    "TableContext": ("plugins.strategies", "TableContext"),
    "TableDetector": ("plugins.strategies", "TableDetector"),
    "Span": ("text.frames", "Span"),
    "direction_key": ("text.frames", "direction_key"),
    "frame": ("text.frames", "frame"),
    "span": ("text.frames", "span"),
    "join": ("text.lines", "join"),
    "lines": ("text.lines", "lines"),
    "logical_order": ("text.lines", "logical_order"),
    "same_baseline": ("text.lines", "same_baseline"),
    "has_rtl": ("text.rtl", "has_rtl"),
    "mostly_rtl": ("text.rtl", "mostly_rtl"),
    "is_cjk": ("text.scripts", "is_cjk"),
    "Word": ("text.words", "Word"),
    "Warning": ("model.values", "PdfWarning"),  # the public name users know; inside pagelift it is PdfWarning
}
"""Each public name: the module (under pagelift) that defines it, and its name there."""


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use and kept in this module."""
    try:
        module, attribute = _PUBLIC[name]
    except KeyError:
        raise AttributeError(f"module 'pagelift' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f".{module}", __name__), attribute)
    globals()[name] = value  # the next access is a plain lookup
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_PUBLIC})


__version__ = "0.1.0"

__all__ = [
    "PRIORITY_FONT_PROGRAM",
    "PRIORITY_GLYPH_NAME",
    "PRIORITY_TOUNICODE",
    "Annotation",
    "Attachment",
    "Block",
    "CannotDecode",
    "Cell",
    "Document",
    "Elem",
    "Exporter",
    "FontFace",
    "FontInfo",
    "FormField",
    "Glyph",
    "GlyphMap",
    "GlyphShape",
    "Image",
    "LayoutContext",
    "LayoutStrategy",
    "Limits",
    "Line",
    "MarkedRef",
    "Metadata",
    "ObjectRef",
    "OcrEngine",
    "OcrWord",
    "Options",
    "OutlineItem",
    "Page",
    "PasswordRequired",
    "PdfError",
    "PdfWarning",
    "PluginError",
    "PluginInfo",
    "PluginLoadWarning",
    "PluginManager",
    "Point",
    "Rect",
    "Role",
    "Run",
    "Saved",
    "Shape",
    "Span",
    "StrictError",
    "Structure",
    "StructureStats",
    "Table",
    "TableContext",
    "TableDetector",
    "Warning",
    "WarningCode",
    "Widget",
    "Word",
    "direction_key",
    "distinct_name",
    "document_bytes",
    "escape_heading",
    "escape_inline",
    "escape_markdown",
    "frame",
    "has_rtl",
    "hookimpl",
    "is_cjk",
    "join",
    "lines",
    "logical_order",
    "markdown_link",
    "mostly_rtl",
    "open",
    "parse_pages",
    "render_page",
    "safe_filename",
    "safe_link_target",
    "same_baseline",
    "save_attachments",
    "span",
    "word_space",
    "write_new",
]
