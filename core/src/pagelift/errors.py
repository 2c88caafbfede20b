"""The exceptions pagelift raises. Every error about a bad file is a :class:`PdfError`."""

from __future__ import annotations

from .model.values import PdfWarning


class PdfError(Exception):
    """A document could not be read: the message names the file and the reason."""


class PdfFileNotFound(PdfError, FileNotFoundError):
    """The path given to :func:`pagelift.open` names no file.

    Also a :class:`FileNotFoundError` (an ``OSError`` with ``errno.ENOENT`` and
    ``filename``), so ``except FileNotFoundError`` and ``except PdfError`` both catch it.
    """

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


class PasswordRequired(PdfError):
    """The document is encrypted and no password, or a wrong one, was given."""


class StrictError(PdfError):
    """Raised in strict mode at the first condition that would otherwise be a warning.

    ``warning`` is that condition, exactly as permissive mode would have recorded it.
    """

    def __init__(self, warning: PdfWarning) -> None:
        super().__init__(str(warning))
        self.warning = warning


class PluginError(Exception):
    """A plugin broke its contract: a duplicate strategy name, an unknown strategy, a bad hook."""


class CannotDecode(Exception):
    """Raised by a decoder plugin that knows why it cannot decode something (a codec that is
    not installed, say): the core passes the reason on in its warning instead of treating
    the exception as a bug in the plugin, and asks the next plugin."""
