"""What a document holds besides its pages' content, as lazy properties of
:class:`pagelift.Document` and :class:`pagelift.Page` (mixed in, so ``document.py`` stays small).

Each is read on first use and kept; none raises on a damaged part: what cannot be read is
a warning (``malformed_document`` for the document, ``malformed_page`` for a page) and the
rest is still read. The readers are their own modules: :mod:`.metadata`, :mod:`.outline`,
:mod:`.annotations`, :mod:`.forms`, :mod:`.attachments`, :mod:`.labels`, :mod:`.words`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..caching.cached import computed_once_locked

# The catalog's readers are imported by the property that reads each: a text never pays for them.
if TYPE_CHECKING:
    import pikepdf

    from ..catalog.annotations import Annotation
    from ..catalog.attachments import Attachment
    from ..catalog.destinations import Destinations
    from ..catalog.forms import FormField
    from ..catalog.metadata import Metadata
    from ..catalog.outline import OutlineItem
    from ..model.values import Line
    from ..options import Options
    from ..text.words import Word


class ExtrasHost(Protocol):
    """What a page's extras ask of its document (:class:`pagelift.Document` is one): a protocol,
    since the page module imports this one and the document imports both."""

    @property
    def destinations(self) -> Destinations:
        """Where links go."""
        ...

    @property
    def page_labels(self) -> list[str]:
        """Every page's label, in page order."""
        ...

    def page_object(self, number: int) -> Any:
        """The page dictionary of page ``number``."""
        ...

    def warn(self, page: int, code: str, message: str) -> None:
        """Record a warning on page ``page``."""
        ...

__all__ = ["DocumentExtras", "PageExtras"]


class DocumentExtras:
    """Metadata, outline, form fields, attachments and page labels of a document."""

    _pdf: pikepdf.Pdf
    options: Options
    page_count: int

    def _warn(self, page: int, code: str, message: str) -> None:  # pragma: no cover - Document's own
        raise NotImplementedError

    def _document_warning(self, code: str, message: str) -> None:
        self._warn(0, code, message)

    @computed_once_locked
    def _destinations(self) -> Destinations:
        from ..catalog.destinations import Destinations

        return Destinations(self._pdf)

    @computed_once_locked
    def metadata(self) -> Metadata:
        """The Info dictionary and XMP metadata (:class:`pagelift.Metadata`), read on first use."""
        from ..catalog.metadata import read_metadata

        return read_metadata(self._pdf, self._document_warning, self.options.limits.max_stream_bytes)

    @computed_once_locked
    def outline(self) -> list[OutlineItem]:
        """The bookmarks: top-level :class:`pagelift.OutlineItem` s with their children ([] when none)."""
        from ..catalog.outline import read_outline

        return read_outline(self._pdf, self._destinations, self._document_warning)

    @computed_once_locked
    def _annotation_pages(self) -> dict[tuple[int, int], int]:
        from ..catalog.forms import annotation_pages

        return annotation_pages(self._pdf)

    @computed_once_locked
    def form_fields(self) -> list[FormField]:
        """The form's terminal fields (:class:`pagelift.FormField`), in tree order ([] when no form)."""
        from ..catalog.forms import read_fields

        return read_fields(self._pdf, self._destinations.page_numbers, lambda: self._annotation_pages,
                           self._document_warning)

    @computed_once_locked
    def attachments(self) -> list[Attachment]:
        """The embedded files (:class:`pagelift.Attachment`); their bytes are read by ``data()``."""
        from ..catalog.attachments import read_attachments

        return read_attachments(self._pdf, self._document_warning, self.options.limits.max_stream_bytes)

    @computed_once_locked
    def page_labels(self) -> list[str]:
        """The label of every page of the document ("iv", "A-3"; the number where none is given)."""
        from ..catalog.labels import page_labels

        return page_labels(self._pdf, self.page_count, self._document_warning)

    @computed_once_locked
    def _appearances_ready(self) -> bool:
        # Before the first page is read: a form that asks for it has its fields drawn from their values.
        try:
            has_form = "/AcroForm" in self._pdf.Root
        except Exception:  # a damaged catalog: let the form reader judge it (and warn)
            has_form = True
        if has_form and not self.options.ignore_annotations:
            # A form's reader: only for a document with one.
            from ..catalog.forms import regenerate_appearances

            regenerate_appearances(self._pdf, self._document_warning)
        return True


class PageExtras:
    """Annotations, links, the label and the words of a page."""

    document: ExtrasHost
    number: int

    def lines(self) -> list[Line]:  # pragma: no cover - Page's own
        raise NotImplementedError

    @computed_once_locked
    def annotations(self) -> list[Annotation]:
        """The page's annotations as data (:class:`pagelift.Annotation`), Popups left out."""
        from ..catalog.annotations import read_annotations

        doc = self.document
        try:
            obj = doc.page_object(self.number)
        except Exception:
            return []
        return read_annotations(obj, doc.destinations, lambda code, message: doc.warn(self.number, code, message))

    @property
    def links(self) -> list[Annotation]:
        """The page's /Link annotations, with the ``uri`` or ``page`` each goes to."""
        return [a for a in self.annotations if a.is_link]

    @property
    def label(self) -> str:
        """The page's label as a viewer shows it ("iv", "A-3"; its number when the document gives none)."""
        labels: list[str] = self.document.page_labels
        return labels[self.number - 1] if self.number <= len(labels) else str(self.number)

    def words(self) -> list[Word]:
        """The page's words with boxes, font name, size, fill colour, bold and italic (:mod:`pagelift.text.words`)."""
        from ..text.words import words_of_lines

        return words_of_lines(self.lines())
