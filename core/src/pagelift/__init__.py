"""pagelift reads PDF pages back: text with where each piece sits, lines, reading order, tables.

    import pagelift
    doc = pagelift.open("report.pdf")
    print(doc.text())
    for line in doc.pages[0].lines():
        print(line.bbox, line.text)

This module is the public API and nothing else; see docs/architecture.md for the rest.
"""

from .document import Document, Page, open, parse_pages
from .errors import PasswordRequired, PdfError, PluginError, StrictError
from .fonts.info import PRIORITY_FONT_PROGRAM, PRIORITY_GLYPH_NAME, PRIORITY_TOUNICODE, FontInfo, GlyphMap
from .layout_helpers import (
    ColumnBand,
    Span,
    arrange_by_bands,
    column_bands,
    direction_groups,
    drop_duplicates,
    drop_off_page,
    paragraphs,
    prepare_runs,
    span,
)
from .lines import join, lines, logical_order, same_baseline
from .model import Block, Glyph, Image, Line, Point, Rect, Run, Table, Warning, WarningCode
from .options import Limits, Options
from .plugins import PluginInfo, PluginLoadWarning, PluginManager, hookimpl
from .strategies import (
    Exporter,
    LayoutContext,
    LayoutStrategy,
    OcrEngine,
    OcrWord,
    TableContext,
    TableDetector,
)
from .structure import Elem, MarkedRef, ObjectRef, Role, Structure, StructureStats

__version__ = "0.1.0"

__all__ = [
    "PRIORITY_FONT_PROGRAM",
    "PRIORITY_GLYPH_NAME",
    "PRIORITY_TOUNICODE",
    "Block",
    "ColumnBand",
    "Document",
    "Elem",
    "Exporter",
    "FontInfo",
    "Glyph",
    "GlyphMap",
    "Image",
    "LayoutContext",
    "LayoutStrategy",
    "Limits",
    "Line",
    "MarkedRef",
    "ObjectRef",
    "OcrEngine",
    "OcrWord",
    "Options",
    "Page",
    "PasswordRequired",
    "PdfError",
    "PluginError",
    "PluginInfo",
    "PluginLoadWarning",
    "PluginManager",
    "Point",
    "Rect",
    "Role",
    "Run",
    "Span",
    "StrictError",
    "Structure",
    "StructureStats",
    "Table",
    "TableContext",
    "TableDetector",
    "Warning",
    "WarningCode",
    "arrange_by_bands",
    "column_bands",
    "direction_groups",
    "drop_duplicates",
    "drop_off_page",
    "hookimpl",
    "join",
    "lines",
    "logical_order",
    "open",
    "paragraphs",
    "parse_pages",
    "prepare_runs",
    "same_baseline",
    "span",
]
