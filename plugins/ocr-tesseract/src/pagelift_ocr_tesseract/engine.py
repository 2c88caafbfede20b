"""The ``tesseract`` OCR engine: words and their boxes read by Tesseract through pytesseract."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pagelift

# image_to_data's TSV levels: 1 page, 2 block, 3 paragraph, 4 line, 5 word.
_WORD_LEVEL = 5

_INSTALL_PROGRAM = (
    "install it (Debian/Ubuntu: apt-get install tesseract-ocr; macOS: brew install tesseract) "
    "or set pytesseract.pytesseract.tesseract_cmd to its path"
)


def _pytesseract() -> Any:
    """pytesseract, imported on first use.

    It imports pandas when pandas is installed: a quarter of a second that every process
    using pagelift would otherwise pay when plugins are discovered, OCR or not.
    """
    import pytesseract

    return pytesseract


class TesseractUnavailable(RuntimeError):
    """Tesseract cannot run here: the program or a language's data is not installed.

    pagelift records it as an ``ocr`` warning on the page (the message says what to install);
    it never reaches the caller as a traceback.
    """


class TesseractFailed(RuntimeError):
    """Tesseract ran and failed on an image (its own message is kept)."""


class TesseractEngine:
    """Reads words off a PIL image with Tesseract (``pytesseract.image_to_data``, word level).

    ``psm`` is Tesseract's page segmentation mode (None: its default, 3, a whole page of
    unknown layout); ``timeout`` bounds one call in seconds (0: none); ``config`` is passed
    to the program as is (``"-c preserve_interword_spaces=1"``). ``threads`` is how many
    OpenMP threads one ``tesseract`` may use (``OMP_THREAD_LIMIT``; None: Tesseract's
    choice). One instance may be shared between threads: each call runs its own process.
    """

    def __init__(self, *, psm: int | None = None, timeout: float = 0, config: str = "",
                 threads: int | None = 1) -> None:
        self.psm = psm
        self.timeout = timeout
        self.config = config
        # One thread by default: Tesseract's OpenMP threads spin waiting for each other,
        # and on the 2-core development machine a 300 dpi page took 12 s with its default
        # (up to 4) and 2.5 s with one, the words the same. OCRmyPDF runs it this way too;
        # pages, not one page's threads, are what to run side by side.
        self.threads = threads
        self._installed: frozenset[str] | None = None
        self._lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        # A worker process gets the settings; its lock and language list are its own.
        return {"psm": self.psm, "timeout": self.timeout, "config": self.config, "threads": self.threads}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(**state)  # type: ignore[misc]

    def installed_languages(self) -> frozenset[str]:
        """The language data Tesseract has here (``tesseract --list-langs``), asked once.

        Raises :class:`TesseractUnavailable` when the program is not installed.
        """
        with self._lock:
            if self._installed is None:
                pytesseract = _pytesseract()
                try:
                    self._installed = frozenset(pytesseract.get_languages(config=""))
                except pytesseract.TesseractNotFoundError:
                    raise TesseractUnavailable(f"the tesseract program was not found: {_INSTALL_PROGRAM}") from None
                except (OSError, pytesseract.TesseractError) as exc:
                    raise TesseractUnavailable(f"tesseract could not list its languages: {_message(exc)}") from None
            return self._installed

    def recognize(self, image: Any, *, languages: Sequence[str] = ("eng",)) -> list[pagelift.OcrWord]:
        """Return the words Tesseract reads in ``image`` (a PIL image), in its reading order.

        Boxes are in the image's pixels, origin top-left; ``confidence`` is Tesseract's, 0-100.
        Blank words and the TSV's non-word rows are left out. ``languages`` are Tesseract's
        codes (``eng``, ``deu``, ``chi_sim``), tried together. Raises
        :class:`TesseractUnavailable` when the program or a language's data is missing and
        :class:`TesseractFailed` when Tesseract fails on the image.
        """
        wanted = [lang.strip() for lang in languages if lang and lang.strip()] or ["eng"]
        missing = [lang for lang in wanted if lang not in self.installed_languages()]
        if missing:
            have = ", ".join(sorted(self.installed_languages())) or "none"
            packages = " ".join(f"tesseract-ocr-{lang.replace('_', '-').lower()}" for lang in missing)
            raise TesseractUnavailable(
                f"tesseract has no data for language {', '.join(missing)} (installed: {have}); "
                f"install it (Debian/Ubuntu: apt-get install {packages})"
            )
        config = self.config if self.psm is None else f"--psm {int(self.psm)} {self.config}"
        pytesseract = _pytesseract()
        try:
            with _thread_limit(self.threads):
                data = pytesseract.image_to_data(
                    image, lang="+".join(wanted), config=config.strip(), timeout=self.timeout,
                    output_type=pytesseract.Output.DICT,
                )
        except pytesseract.TesseractNotFoundError:
            raise TesseractUnavailable(f"the tesseract program was not found: {_INSTALL_PROGRAM}") from None
        except pytesseract.TesseractError as exc:
            text = _message(exc)
            if "Failed loading language" in text or "couldn't load any languages" in text:
                raise TesseractUnavailable(f"tesseract could not load its language data: {text}") from None
            raise TesseractFailed(f"tesseract failed: {text}") from None
        except RuntimeError as exc:  # pytesseract's "Tesseract process timeout"
            raise TesseractFailed(f"tesseract failed: {exc}") from None
        return words_from_data(data)


_LIMIT = "OMP_THREAD_LIMIT"
_limit_lock = threading.Lock()
_limit_users = 0
_limit_owned = False


@contextmanager
def _thread_limit(threads: int | None) -> Iterator[None]:
    """Set ``OMP_THREAD_LIMIT`` for the ``tesseract`` processes started meanwhile.

    pytesseract starts the program with ``os.environ`` and takes no environment of its own,
    so the variable is set in this process while any call runs and removed after the last
    one. A value the application set itself is left alone.
    """
    global _limit_users, _limit_owned
    if threads is None:
        yield
        return
    with _limit_lock:
        if _limit_users == 0:
            _limit_owned = _LIMIT not in os.environ
            if _limit_owned:
                os.environ[_LIMIT] = str(int(threads))
        _limit_users += 1
    try:
        yield
    finally:
        with _limit_lock:
            _limit_users -= 1
            if _limit_users == 0 and _limit_owned:
                os.environ.pop(_LIMIT, None)
                _limit_owned = False


def words_from_data(data: dict[str, list[Any]]) -> list[pagelift.OcrWord]:
    """The words of ``image_to_data``'s dictionary output (word rows with text), in its order."""
    words = []
    for i, text in enumerate(data.get("text", ())):
        text = str(text).strip()
        if not text or int(data["level"][i]) != _WORD_LEVEL:
            continue
        line = tuple(int(data[key][i]) for key in ("page_num", "block_num", "par_num", "line_num") if key in data)
        words.append(pagelift.OcrWord(
            text, float(data["left"][i]), float(data["top"][i]), float(data["width"][i]),
            float(data["height"][i]), float(data["conf"][i]), line or None,
        ))
    return words


def _message(exc: BaseException) -> str:
    if isinstance(exc, _pytesseract().TesseractError):
        return str(exc.message).strip() or f"exit status {exc.status}"
    return str(exc).strip() or type(exc).__name__
