"""The ``markdown`` exporter: which path reads the document, and the Markdown it gives."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pagelift
from pagelift.catalog.structure import Structure

from .blocks import Heading, Paragraph
from .render import render
from .tagged import TaggedReader
from .untagged import untagged_blocks

WARNING_CODE = "markdown"
"""The code of the warning that says a tagged file's tree was not used."""

MIN_COVERAGE = 0.9
"""The share of the page text (non-artifact characters) a tree must reference to be used."""

PATHS = ("auto", "tagged", "untagged")


@dataclass(frozen=True, slots=True)
class Markdown:
    """An export: the Markdown ``text``, the ``path`` that made it (``tagged`` or ``untagged``), and why."""

    text: str
    path: str
    reason: str


def tree_problem(structure: Structure | None, document: pagelift.Document) -> str:
    """Why the tag tree cannot serve as the document's structure ("" when it can)."""
    if structure is None:
        return "the file is not tagged"
    stats = structure.stats()
    if not stats.headings:
        return "its structure tree has no headings"
    if stats.marked_refs >= 8:
        largest = max((len(elem.mcids()) for elem in structure.walk()), default=0)
        if largest >= 0.9 * stats.marked_refs:
            return "its structure tree holds nearly all the content in one element"
    referenced = structure.mcids()
    total = covered = 0
    for page in document.pages:
        for run in page.runs:
            if run.artifact or run.invisible or not run.text.strip():
                continue
            size = len(run.text)
            total += size
            if run.mcid is not None and (page.number, run.mcid) in referenced:
                covered += size
    if total and covered / total < MIN_COVERAGE:
        return f"its structure tree references only {covered / total:.0%} of the text"
    return ""


def to_markdown(document: pagelift.Document, *, path: str = "auto", detector: str | None = "auto",
                layout: str | None = None) -> Markdown:
    """The document as Markdown, from its tag tree when that is useful, else from its layout.

    ``path`` forces ``tagged`` or ``untagged``; ``auto`` (the default) takes the tree when
    it has headings and references the page text, and records a ``markdown`` warning when a
    tagged file falls back. ``detector`` names the table detector of the untagged path
    (``auto``, as in ``Page.tables()``: ruled tables, then whitespace ones; None: no tables)
    and ``layout`` its layout (None: the document's default).
    """
    if path not in PATHS:
        raise ValueError(f"path={path!r} is not one of {', '.join(PATHS)}")
    structure = document.structure
    if path == "tagged" and structure is None:
        raise ValueError(f"{document.name}: path='tagged' asked for, but the file is not tagged")
    problem = tree_problem(structure, document) if path == "auto" else ""
    if path == "tagged" or (path == "auto" and not problem):
        assert structure is not None
        blocks = TaggedReader(structure).read()
        if any(isinstance(b, (Heading, Paragraph)) for b in blocks) or path == "tagged":
            return Markdown(render(blocks), "tagged", "")
        problem = "its structure tree gave no text"
    if structure is not None and path == "auto":
        warning = pagelift.Warning(0, WARNING_CODE, f"the file is tagged but {problem}: "
                                   "Markdown read from the page layout instead")
        if document.options.strict:
            raise pagelift.StrictError(warning)
        document.warnings.append(warning)
    return Markdown(render(untagged_blocks(document, detector=detector, layout=layout)), "untagged", problem)


class MarkdownExporter:
    """The exporter registered as ``markdown``: ``Document.export("markdown", path=..., detector=...)``."""

    OPTIONS = ("path", "detector", "layout")

    def export(self, document: pagelift.Document, **options: Any) -> str:
        """The document as Markdown (see :func:`to_markdown` for the options); an unknown option is a ValueError."""
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            raise ValueError(f"the markdown exporter has no option {', '.join(map(repr, unknown))}; "
                             f"its options: {', '.join(self.OPTIONS)}")
        return to_markdown(document, **options).text
