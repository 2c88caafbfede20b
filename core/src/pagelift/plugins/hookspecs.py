"""Every hook pagelift calls: the contract plugins code against.

Hooks are called rarely — once per plugin manager, once per font, once per image — and
never per glyph or per operator: a pluggy call costs microseconds, a page has thousands of
glyphs. A hook that decodes returns a table the core then reads at dict speed; a hook that
contributes a strategy registers a named object that the core calls directly.

Hooks are grouped by when they run. Implement them with ``@pagelift.hookimpl``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import click

    from ..fonts.info import FontInfo, GlyphMap
    from ..model.values import Image
    from ..options import Limits
    from .strategies import Exporter, GlyphShape, LayoutStrategy, OcrEngine, PageView, TableDetector

hookspec = pluggy.HookspecMarker("pagelift")


# -- registration: once per plugin manager, the first time a strategy is looked up --------


@hookspec
def pagelift_register_layouts(register: Callable[[str, LayoutStrategy], None]) -> None:
    """Contribute layout strategies: call ``register(name, strategy)`` for each.

    Called once per :class:`pagelift.PluginManager`, lazily, the first time any layout is
    looked up (``Page.text()``, ``pagelift text``). ``strategy`` is an object with an
    ``arrange(runs, context) -> list[Block]`` method (:class:`pagelift.LayoutStrategy`);
    the runs it receives are already cleaned by the core (duplicates read once, off-page
    text and artifacts left out as the options say, :mod:`pagelift.text.cleaning`). Callers choose a layout by name (``Page.text(layout="columns")``); a name registered by
    two plugins raises :class:`pagelift.PluginError` naming both. The layout named
    ``position`` is the default when it is installed. Return value: ignored.
    """


@hookspec
def pagelift_register_table_detectors(register: Callable[[str, TableDetector], None]) -> None:
    """Contribute table detectors: call ``register(name, detector)`` for each.

    Called once per plugin manager, the first time a detector is looked up
    (``Page.tables()``, ``pagelift tables``). ``detector`` has a
    ``find_tables(lines, context, **options) -> list[Table]`` method
    (:class:`pagelift.TableDetector`); ``context.shapes()`` gives the page's vector
    graphics on demand. Chosen by name; ``Page.tables()`` asks for ``auto``, which the
    core composes from ``ruled`` and ``whitespace`` (:mod:`pagelift.tables.auto`), so
    ``auto`` cannot be registered. A duplicate name is an error naming both plugins.
    Return value: ignored.
    """


@hookspec
def pagelift_register_ocr_engines(register: Callable[[str, OcrEngine], None]) -> None:
    """Contribute OCR engines: call ``register(name, engine)`` for each.

    Called once per plugin manager, the first time an engine is looked up. ``engine`` has a
    ``recognize(image, *, languages) -> list[OcrWord]`` method (:class:`pagelift.OcrEngine`).
    Each word may name the engine's line, text block and paragraph (``OcrWord.line``,
    ``block``, ``paragraph``): lines stay whole on the page, and blocks and paragraphs reach
    the layouts as :attr:`pagelift.Run.ocr_block`, numbered in the order the engine gave its
    words (docs/hooks.md). An app can also pass an engine object directly instead of a name.
    A duplicate name is an error naming both plugins. Return value: ignored.
    """


@hookspec
def pagelift_register_exporters(register: Callable[[str, Exporter], None]) -> None:
    """Contribute output formats: call ``register(name, exporter)`` for each.

    Called once per plugin manager, the first time an exporter is looked up
    (``Document.export(name)``, ``pagelift markdown``). ``exporter`` has an
    ``export(document, **options) -> str`` method (:class:`pagelift.Exporter`) that reads
    the document through its public API (pages, lines, blocks, tables, ``structure``) and
    returns the whole output. ``pagelift-markdown`` registers ``markdown``; an app registers
    its own (HTML, a chunker for embeddings) the same way. A duplicate name is an error
    naming both plugins. Return value: ignored.
    """


# -- per font: once per font object per document ------------------------------------------


@hookspec
def pagelift_decode_font(font: FontInfo) -> GlyphMap | None:
    """Say which text a font's codes stand for.

    Called once per font object per document, when a page first draws text with it — all
    implementations are called, and the core merges their answers by
    ``GlyphMap.priority`` (highest first, code by code). Return a
    :class:`pagelift.GlyphMap` with whatever this decoder knows (a partial map is the
    normal case), or ``None`` when it knows nothing about this font. Must not modify
    ``font.obj``. Raising is a bug in the plugin: the core records a ``plugin`` warning
    naming it and carries on without its answer. Codes no answer covers are dropped from
    the text and their run is marked ``unreadable``.
    """


# -- per unreadable font: once, and only when Options.ocr reads glyphs from their shapes ---


@hookspec(firstresult=True)
def pagelift_draw_glyphs(font: FontInfo, codes: Sequence[int]) -> Mapping[int, GlyphShape] | None:
    """Draw the glyphs that ``codes`` of ``font`` select, as outlines.

    Called once per font whose codes no decoder could read, when ``Options.ocr`` is
    ``auto`` or ``always`` (:mod:`pagelift.pictures.glyphs`); the first implementation that
    returns something wins (``firstresult``). Return code -> :class:`pagelift.GlyphShape`
    for the codes this plugin can draw (a code it cannot, or whose glyph is blank, left
    out), or ``None`` to let another plugin try. ``pagelift-fontprogram`` draws them from
    the embedded program through fontTools' pens. Must not modify ``font.obj``. Raising is
    a bug in the plugin: the core records a ``plugin`` warning and the codes stay unreadable.
    """


@hookspec(firstresult=True)
def pagelift_recognize_glyphs(engine: str, glyphs: Mapping[int, GlyphShape],
                              languages: Sequence[str]) -> Mapping[int, str] | None:
    """Say which character each glyph shows, reading all of one font's glyphs at once.

    Called once per font after :func:`pagelift_draw_glyphs`, with ``engine`` the name in
    ``Options.ocr_engine`` and ``languages`` its languages; the first implementation that
    returns something wins (``firstresult``). Return code -> text for the glyphs the engine
    can name with confidence (a glyph it cannot is left out: it stays unreadable, which is
    better than a wrong letter), or ``None`` when this plugin does not serve ``engine``.
    ``pagelift-ocr-tesseract`` lays the glyphs out on a common baseline and reads the sheet
    in one call per reading. The core then checks the answers (one printable character, or a ligature,
    and letter case against the glyph's height) before any page reads them.
    """


# -- per image: on demand ------------------------------------------------------------------


@hookspec(firstresult=True)
def pagelift_decode_image(image: Image, limits: Limits) -> Any | None:
    """Turn an image the page paints into pixels.

    Called when a caller (or an OCR engine) asks for an image's pixels, once per request;
    the first implementation that returns something wins (``firstresult``). Return a PIL
    image, or ``None`` to let another plugin try (an unsupported filter, say). An image
    with more pixels than ``limits.max_image_pixels`` must not be decoded: return None.
    """


# -- per page: on demand -------------------------------------------------------------------


@hookspec(firstresult=True)
def pagelift_render_page(page: PageView, dpi: float, rotation: int) -> Any | None:
    """Render a page to pixels.

    Called when a caller asks for a page's picture (``pagelift.render_page``, ``pagelift
    render``) or when ``Options.ocr`` selects a page whose text was drawn as outlines (no
    text, no large image, many filled paths), once per request; the first implementation
    that returns something wins (``firstresult``). Return a PIL image of the page's crop
    box at ``dpi`` pixels per inch, turned by ``rotation`` degrees clockwise on top of the
    page's own /Rotate (0: as a viewer shows it; the core asks for the unrotated page when
    it OCRs it), or ``None`` to let another plugin try. ``page.document`` is the
    :class:`pagelift.Document`; ``pagelift.document_bytes(page.document)`` is the file
    as a renderer can open it (decrypted and repaired). Raising is a bug in the plugin:
    the core records a ``plugin`` warning and carries on without the picture.
    """


@hookspec(firstresult=True)
def pagelift_page_image(page: PageView, resolution: float) -> Any | None:
    """Make the picture of a page that pagelift's own objects are drawn on.

    Called by ``Page.to_image(resolution)``, once per call; the first implementation that
    returns something wins (``firstresult``). Return an object holding the page rendered at
    ``resolution`` pixels per inch, as a viewer shows it (crop box, /Rotate), with drawing
    methods that take pagelift's runs, words, lines, blocks and tables
    (``pagelift-visual``'s ``PageImage``), or ``None`` to let another plugin try. With no
    implementation installed, ``Page.to_image`` raises :class:`pagelift.PluginError` naming
    ``pagelift-visual``. What the implementation raises (no renderer, say) reaches the caller.
    """


# -- the command line: once per ``pagelift`` process ----------------------------------------


@hookspec
def pagelift_register_commands(cli: click.Group) -> None:
    """Add subcommands to the ``pagelift`` command line (as llm's ``register_commands``).

    Called once per ``pagelift`` process, the first time a command that is not built in is
    asked for or the commands are listed (``pagelift --help``); never for a built-in
    command, so ``pagelift text`` loads no plugin for it. Decorate functions with
    ``@cli.command()`` (or call ``cli.add_command``) on the click group passed in. A name
    that a built-in command or an earlier plugin already has is refused with a message on
    stderr; a plugin that raises is reported on stderr and the others' commands still work.
    Return value: ignored.
    """
