"""pdfbuilder: small synthetic PDFs for pagelift's tests, in the spirit of Go's httptest.

    from pdfbuilder import Document
    doc = Document()
    font = doc.standard_font("Helvetica")
    doc.add_page().text(font, 12, 72, 720, "Hello")
    data = doc.to_bytes()

See testdata/README.md for every feature.
"""

from . import damage
from .cmaps import EmbeddedCMap, ToUnicode
from .document import Box, Canvas, Document, Encryption, Form, Image, Page, XObject
from .fonts import STANDARD_14, Font
from .structure import StructTree

__all__ = [
    "STANDARD_14",
    "Box",
    "Canvas",
    "Document",
    "EmbeddedCMap",
    "Encryption",
    "Font",
    "Form",
    "Image",
    "Page",
    "StructTree",
    "ToUnicode",
    "XObject",
    "damage",
]
