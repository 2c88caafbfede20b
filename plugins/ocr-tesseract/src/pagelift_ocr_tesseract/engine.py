"""The ``tesseract`` OCR engine: words and their boxes read by Tesseract through pytesseract."""

from __future__ import annotations

import os
import re
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
                self._installed = _list_languages()
            return self._installed

    def languages(self) -> list[str]:
        """The language and script models installed here, sorted (``pagelift plugins`` lists them)."""
        return sorted(self.installed_languages())

    def check_languages(self, languages: Sequence[str]) -> None:
        """Raise :class:`TesseractUnavailable` naming the Debian package of each requested language not installed.

        An empty ``languages`` is the engine's own choice (:meth:`default_languages`): always
        installed. A missing program is not this check's to report: :meth:`recognize` says it.
        """
        wanted = [lang.strip() for lang in languages if lang and lang.strip()]
        if not wanted:
            return
        try:
            installed = self.installed_languages()
        except TesseractUnavailable:
            return
        missing = [lang for lang in wanted if lang not in installed and _script_name(lang) not in installed]
        if missing:
            have = ", ".join(sorted(installed)) or "none"
            packages = " ".join(debian_package(lang) for lang in missing)
            raise TesseractUnavailable(
                f"tesseract has no data for language {', '.join(missing)} (installed: {have}); "
                f"install it (Debian/Ubuntu: apt-get install {packages})"
            )

    def default_languages(self, image: Any = None) -> list[str]:
        """The model read when the caller names none: the Latin script model where it is installed.

        Tesseract's ``script/Latin`` model (Debian: ``tesseract-ocr-script-latn``) reads every
        Latin-alphabet language, accents included (Müller, señor, garçon, déjà), where ``eng``
        reads ``Miiller``, ``sefior``. Without it, the page's script is asked of Tesseract's
        orientation-and-script detection (``osd``, when installed) and that script's model is
        used if it is here; else ``eng``.
        """
        installed = self.installed_languages()
        for name in ("Latin", "script/Latin"):
            if name in installed:
                return [name]
        if image is not None and "osd" in installed:
            script = self._script_of(image)
            for name in (script, f"script/{script}"):
                if script and name in installed:
                    return [name]
        return ["eng"] if "eng" in installed or not installed else [sorted(installed)[0]]

    def _script_of(self, image: Any) -> str | None:
        """The script Tesseract's OSD finds in ``image`` (``Latin``, ``Cyrillic``, ``Han``), or None."""
        pytesseract = _pytesseract()
        try:
            with _thread_limit(self.threads):
                found = pytesseract.image_to_osd(image, config="--psm 0", output_type=pytesseract.Output.DICT)
        except (pytesseract.TesseractError, RuntimeError, OSError):
            return None  # too little text to tell: the default model reads it
        script = found.get("script")
        return str(script) if script else None

    def recognize(self, image: Any, *, languages: Sequence[str] = ()) -> list[pagelift.OcrWord]:
        """Return the words Tesseract reads in ``image`` (a PIL image), in its reading order.

        Boxes are in the image's pixels, origin top-left; ``confidence`` is Tesseract's, 0-100.
        Blank words and the TSV's non-word rows are left out. The image's ``info["dpi"]``
        (set by pagelift) is passed on as ``--dpi``. ``languages`` are Tesseract's
        codes (``eng``, ``deu``, ``chi_sim``, ``script/Latin``), tried together; none given,
        :meth:`default_languages` picks. Raises :class:`TesseractUnavailable` when the program
        or a language's data is missing and :class:`TesseractFailed` when Tesseract fails on the image.
        """
        installed = self.installed_languages()
        self.check_languages(languages)
        wanted = [lang if lang in installed else _script_name(lang)
                  for lang in (x.strip() for x in languages if x and x.strip())] or self.default_languages(image)
        config = self.config if self.psm is None else f"--psm {int(self.psm)} {self.config}"
        dpi = getattr(image, "info", {}).get("dpi")
        if dpi and "--dpi" not in config:
            # The picture's resolution as painted (pagelift sets it): pytesseract's temporary
            # file does not carry it, and Tesseract's guess sizes its page analysis wrongly.
            config = f"--dpi {round(float(dpi[0]))} {config}"
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


def _list_languages() -> frozenset[str]:
    """``tesseract --list-langs``: every model, script models (``Latin``, ``script/Latin``) included.

    Not pytesseract's ``get_languages``: it keeps only lowercase names, so the script models
    are missed, and it caches its first answer for the process whatever program is set since.
    """
    import subprocess

    command = _pytesseract().pytesseract.tesseract_cmd
    try:
        done = subprocess.run([command, "--list-langs"], capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError):
        raise TesseractUnavailable(f"the tesseract program was not found: {_INSTALL_PROGRAM}") from None
    if done.returncode not in (0, 1):
        raise TesseractUnavailable("tesseract could not list its languages: "
                                   + (done.stderr or done.stdout).decode(errors="replace").strip())
    lines = done.stdout.decode(errors="replace").splitlines()
    return frozenset(line.strip() for line in lines[1:] if re.fullmatch(r"[A-Za-z0-9_./-]+", line.strip()))


def _script_name(lang: str) -> str:
    """``script/Latin`` and ``Latin`` name one model: Debian installs it flat, upstream under script/."""
    return lang.removeprefix("script/") if lang.startswith("script/") else f"script/{lang}"


def debian_package(lang: str) -> str:
    """The Debian package holding Tesseract's model ``lang``: ``tesseract-ocr-deu``, ``tesseract-ocr-script-latn``."""
    name = lang.removeprefix("script/")
    if name[:1].isupper():  # a script model: Debian names it by its ISO 15924 code
        code = _SCRIPT_CODES.get(name, name[:4].lower())
        return f"tesseract-ocr-script-{code}"
    return f"tesseract-ocr-{name.replace('_', '-').lower()}"


# The scripts whose Debian package name is not their name's first four letters.
_SCRIPT_CODES = {"Latin": "latn", "Cyrillic": "cyrl", "Devanagari": "deva", "Greek": "grek", "Arabic": "arab",
                 "HanS": "hans", "HanT": "hant", "Hangul": "hang", "Japanese": "jpan", "Hebrew": "hebr",
                 "Fraktur": "frak", "Vietnamese": "viet", "Bengali": "beng", "Thai": "thai"}


def words_from_data(data: dict[str, list[Any]]) -> list[pagelift.OcrWord]:
    """The words of ``image_to_data``'s dictionary output (word rows with text), in its order."""
    words = []
    for i, text in enumerate(data.get("text", ())):
        text = str(text).strip()
        if not text or int(data["level"][i]) != _WORD_LEVEL:
            continue
        line = tuple(int(data[key][i]) for key in ("page_num", "block_num", "par_num", "line_num") if key in data)
        # Tesseract's blocks and paragraphs, in its reading order: the layouts' evidence for a
        # scan's order (Run.ocr_block). Only when the TSV has both levels.
        structured = len(line) == 4
        words.append(pagelift.OcrWord(
            text, float(data["left"][i]), float(data["top"][i]), float(data["width"][i]),
            float(data["height"][i]), float(data["conf"][i]), line or None,
            line[:2] if structured else None, line[:3] if structured else None,
        ))
    return words


def _message(exc: BaseException) -> str:
    if isinstance(exc, _pytesseract().TesseractError):
        return str(exc.message).strip() or f"exit status {exc.status}"
    return str(exc).strip() or type(exc).__name__
