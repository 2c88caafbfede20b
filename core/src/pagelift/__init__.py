"""pagelift reads PDF pages back: text with where each piece sits, lines, reading order, tables.

    import pagelift
    doc = pagelift.open("report.pdf")
    print(doc.text())
    for line in doc.pages[0].lines():
        print(line.bbox, line.text)

This module is the public API and nothing else; see docs/architecture.md for the rest.
"""

# First: it decides whether the hot modules load compiled or from source (PAGELIFT_PURE_PYTHON).
from .builds import purepython  # noqa: F401
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

Warning = PdfWarning  # the public name users know; inside pagelift it is PdfWarning

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
