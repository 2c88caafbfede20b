"""What a caller can tune: :class:`Options` for extraction and :class:`Limits` for safety."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

OCR_MODES = ("never", "auto", "always")
"""The values of :attr:`Options.ocr`."""

OCR_PREPARE_STEPS = ("upsample", "deskew", "denoise")
"""The pre-processing steps :attr:`Options.ocr_prepare` may name (:mod:`pagelift.pictures.prepare`)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on the work done for one untrusted document.

    A page that reaches a limit keeps what it read so far and records a ``work_limit`` or
    ``stream_limit`` warning. The defaults are generous for real documents (the largest page
    in the shared corpus uses well under a tenth of each) and small enough that a hostile
    file finishes in seconds.
    """

    max_stream_bytes: int = 64 * 1024 * 1024
    """Decoded bytes read from any one stream (content, form, font program, CMap).

    Content streams are inflated incrementally and stop here, so a decompression bomb never
    takes more memory than this; what was read before the limit is interpreted."""
    max_operators_per_page: int = 2_000_000
    """Content-stream operators interpreted on one page, forms and annotations included."""
    max_glyphs_per_page: int = 1_000_000
    """Glyphs drawn on one page."""
    max_form_depth: int = 32
    """Form XObjects nested inside each other (a cycle is stopped at once, whatever this is)."""
    max_image_pixels: int = 64 * 1024 * 1024
    """Pixels (width × height) an image may claim; a larger one is still listed in
    ``Page.images``, with a ``work_limit`` warning, and image plugins must not decode it."""
    max_cmap_entries: int = 500_000
    """Entries read from one CMap, a ToUnicode range counting each code it is expanded into
    (up to 256; a longer range is kept as a range and counts one) and each item of a
    destination array."""
    max_fonts_per_page: int = 2_000
    """Distinct fonts loaded for one page (each font is loaded once per document, and only
    the most recently used ``2 ×`` this many stay loaded). Text in a font past it reads as
    unreadable, with a ``work_limit`` warning."""
    max_runs_per_page: int = 100_000
    """Text runs (``Tj``, ``TJ``, ``'``, ``"`` pieces) kept for one page: lines, layouts
    and table detection take time growing with them. Past it the page's text stops, with a
    ``work_limit`` warning; the largest page of the shared corpus has about 2,600."""
    max_images_per_page: int = 10_000
    """Images (XObjects and inline) listed for one page. Past it the rest are skipped
    unparsed, with one ``work_limit`` warning, and the page's text is still read; the
    corpus page with the most images has about 1,000."""
    max_structure_elements: int = 1_000_000
    """Elements read from a structure tree (/StructTreeRoot); the rest are left out with a warning.
    The largest tree in the shared corpus has about 10,000."""
    max_structure_depth: int = 256
    """How deeply structure elements may nest; deeper ones are left out with a warning."""
    max_saved_states: int = 1024
    """Graphics states saved by ``q`` and not yet restored by ``Q`` on one page. Past it a
    ``q`` is not kept (the page is read on, with one ``work_limit`` warning; its ``Q`` then
    restores nothing), so a page of unbalanced ``q`` costs memory proportional to this.
    ISO 32000-1 Annex C asks a reader for 28; real pages rarely pass 20."""
    max_seconds_per_page: float = 10.0
    """Processor seconds (the reading thread's) spent interpreting one page, forms and
    annotations included, checked every 4096 operators. Past it the page keeps what it read,
    with a ``work_limit`` warning; the slowest page of the shared corpus takes well under a second."""


@dataclass(frozen=True, slots=True)
class Options:
    """How a document is read. The defaults are what a reader of the page would expect."""

    strict: bool = False
    """Raise :class:`pagelift.StrictError` at the first warning instead of recording it."""
    limits: Limits = field(default_factory=Limits)
    ignore_annotations: bool = False
    """Leave out the text annotation appearances paint over the page (form fields, stamps)."""
    ignore_artifacts: bool = False
    """Leave out text marked as an /Artifact (running heads, page numbers) from text()."""
    preserve_ligatures: bool = False
    """Keep U+FB00–FB06 instead of folding them to their letters."""
    keep_duplicates: bool = False
    """Keep text painted twice at the same place (fake bold, shadows)."""
    keep_off_page: bool = False
    """Keep text drawn wholly outside the page's crop box."""
    layout: str | None = None
    """The layout strategy for text(); None means the default (``position`` when installed)."""
    dehyphenate: bool = True
    """Mend words broken at a line end in text(): "uncer-" / "tainty" reads "uncertainty".

    On by default because a reader sees one word there, and search indexes and retrieval
    need the word, not two fragments. Only plain breaks are mended (a hyphen after letters,
    the next line of the same block starting in lowercase; see :mod:`pagelift.text.dehyphenate`),
    the rest of the next line stays its own line, and lines, runs and glyphs are unchanged.
    False gives the lines as drawn. Soft hyphens (U+00AD) inside a line are invisible and
    are left out of text() either way."""
    ocr: str = "never"
    """Which pages an OCR engine reads for text(), lines() and tables(): ``"never"``,
    ``"auto"`` or ``"always"`` (:mod:`pagelift.pictures.ocr`).

    ``"never"`` (the default) runs no OCR: it costs seconds a page, and reading hundreds of
    scans for their (absent) text must stay fast; a page with no text that paints images
    over most of it gets one ``image_only`` warning saying so instead. ``"auto"`` OCRs
    exactly those pages (scans). ``"always"`` OCRs the images of every page that paints
    any, and adds their words to the page's own text (scanned figures in a typeset report).
    ``Page.ocr_runs()`` OCRs a page whatever this says."""
    ocr_engine: str | Any = "tesseract"
    """The OCR engine: the name a plugin registered it under (``pagelift-ocr-tesseract``
    registers ``tesseract``), or an object with a ``recognize(image, *, languages)`` method."""
    ocr_languages: tuple[str, ...] = ()
    """The languages the engine reads, in its own codes (Tesseract: ``eng``, ``deu``, ``chi_sim``).

    Empty (the default): the engine's own choice. Tesseract reads with its Latin script model
    where it is installed (Debian ``tesseract-ocr-script-latn``), which reads accented Latin
    text in any language (Müller, señor, garçon); else the script its detection finds; else
    ``eng``. A language named here that the engine does not have is an error at ``open``
    naming the package to install."""
    ocr_prepare: tuple[str, ...] = OCR_PREPARE_STEPS
    """The pre-processing done to a picture before the engine reads it, each only where it pays
    (:mod:`pagelift.pictures.prepare`): ``upsample`` (a picture under 300 dpi, to 300),
    ``deskew`` (turned level by its measured angle, when over a quarter degree), ``denoise``
    (a median filter, only when speckle is measured). ``()`` hands the engine the picture as it is."""
    ocr_select: Callable[[Any], bool] | None = None
    """A predicate on a :class:`pagelift.Page` choosing the pages OCR reads, in place of ``ocr``'s rule.

    For documents none of ``never|auto|always`` fits: a form whose typed header makes every
    page "text", say (``ocr_select=lambda page: page.number > 1``). A chosen page's images
    are read; a chosen page that paints none is rendered and read (``pagelift-render-pdfium``).
    Called once per page, possibly in several processes at once: keep it pure."""

    def __post_init__(self) -> None:
        if self.ocr_select is not None and not callable(self.ocr_select):
            raise ValueError(f"ocr_select={self.ocr_select!r} is not a function of a page")
        if self.ocr not in OCR_MODES:
            raise ValueError(f"ocr={self.ocr!r} is not one of {', '.join(map(repr, OCR_MODES))}")
        # ocr_languages="deu" means the one language, not the letters d, e, u; "eng+deu" (Tesseract's
        # own syntax) two; a list becomes a tuple.
        languages = (tuple(x.strip() for x in self.ocr_languages.split("+") if x.strip())
                     if isinstance(self.ocr_languages, str) else tuple(self.ocr_languages))
        object.__setattr__(self, "ocr_languages", languages)
        steps = (self.ocr_prepare,) if isinstance(self.ocr_prepare, str) else tuple(self.ocr_prepare)
        unknown = [step for step in steps if step not in OCR_PREPARE_STEPS]
        if unknown:
            raise ValueError(f"ocr_prepare names {', '.join(map(repr, unknown))}: the steps are "
                             f"{', '.join(map(repr, OCR_PREPARE_STEPS))}")
        object.__setattr__(self, "ocr_prepare", steps)
