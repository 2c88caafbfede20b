"""pagelift reads PDF pages back: text with where each piece sits, lines, reading order, tables.

    import pagelift
    doc = pagelift.open("report.pdf")
    print(doc.text())
    for line in doc.pages[0].lines():
        print(line.bbox, line.text)

This module is the public API and nothing else; see docs/architecture.md for the rest.
"""

from .document import Document
from .errors import PasswordRequired, PdfError, PluginError, StrictError
from .fonts.geometry import word_space
from .fonts.info import PRIORITY_FONT_PROGRAM, PRIORITY_GLYPH_NAME, PRIORITY_TOUNICODE, FontInfo, GlyphMap
from .frames import Span, direction_key, frame, span
from .lines import join, lines, logical_order, same_baseline
from .model import Block, Glyph, Image, Line, Point, Rect, Run, Table, Warning, WarningCode
from .opening import open
from .options import Limits, Options
from .page import Page
from .page_ranges import parse_pages
from .plugins import PluginInfo, PluginLoadWarning, PluginManager, hookimpl
from .rtl import has_rtl, mostly_rtl
from .scripts import is_cjk
from .strategies import LayoutContext, LayoutStrategy, OcrEngine, OcrWord, TableContext, TableDetector

__version__ = "0.1.0"

__all__ = [
    "PRIORITY_FONT_PROGRAM",
    "PRIORITY_GLYPH_NAME",
    "PRIORITY_TOUNICODE",
    "Block",
    "Document",
    "FontInfo",
    "Glyph",
    "GlyphMap",
    "Image",
    "LayoutContext",
    "LayoutStrategy",
    "Limits",
    "Line",
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
    "Run",
    "Span",
    "StrictError",
    "Table",
    "TableContext",
    "TableDetector",
    "Warning",
    "WarningCode",
    "direction_key",
    "frame",
    "has_rtl",
    "hookimpl",
    "is_cjk",
    "join",
    "lines",
    "logical_order",
    "mostly_rtl",
    "open",
    "parse_pages",
    "same_baseline",
    "span",
    "word_space",
]
