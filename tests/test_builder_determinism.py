"""The builder's output is the same bytes on every build, whatever the clock says.

Fuzzing derandomizes its inputs from these documents: a font stamped with the current time
(fontTools' head table) made every "derandomized" run differ. Each test builds twice with
the clock moved three days forward in between and compares the bytes.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable

import pikepdf
import pytest
from fuzz import mutators
from pdfbuilder import Document, Encryption
from pdfbuilder.fontprograms import GlyphSpec, build_opentype, build_truetype

THREE_DAYS = 3 * 86400


def twice(build: Callable[[], object], monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    """``build()`` now, then again with time.time() three days later."""
    first = build()
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + THREE_DAYS)
    return first, build()


def test_font_programs_carry_no_build_time(monkeypatch: pytest.MonkeyPatch) -> None:
    glyphs = [GlyphSpec("a", 500), GlyphSpec("b", 600)]
    cmaps = {(3, 1): {0x61: "a", 0x62: "b"}}
    first, second = twice(lambda: (build_truetype("Stable", glyphs, cmaps), build_opentype("Stable", glyphs, cmaps)),
                          monkeypatch)
    assert first == second


def test_every_fuzz_seed_the_builder_makes_is_stable(monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = twice(mutators.builder_seeds, monkeypatch)
    assert isinstance(first, list) and isinstance(second, list) and len(first) == len(second) == 7
    assert [a == b for a, b in zip(first, second, strict=True)] == [True] * 7


def _document() -> Document:
    doc = Document()
    font = doc.embedded_font("truetype", "abc", to_unicode=True)
    doc.add_page().text(font, 12, 72, 720, "abc")
    return doc


@pytest.mark.parametrize("method", ["rc4-40", "rc4-128", "aes-128"])
def test_encrypted_documents_are_stable(method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = _document()
    first, second = twice(lambda: doc.to_bytes(encryption=Encryption(method)), monkeypatch)  # type: ignore[arg-type]
    assert first == second
    assert isinstance(first, bytes) and b"/Encrypt" in first


def test_aes_256_differs_only_in_its_random_key_and_salts() -> None:
    """qpdf draws the R6 file key and salts at random and lets no caller fix them: the bytes
    differ, what they decrypt to does not."""
    doc = _document()
    first, second = (doc.to_bytes(encryption=Encryption("aes-256")) for _ in range(2))
    assert first != second

    def contents(data: bytes) -> bytes:
        with pikepdf.open(io.BytesIO(data)) as pdf:
            return pdf.pages[0].obj.Contents.read_bytes()

    assert contents(first) == contents(second) == b"BT /F1 12 Tf 72 720 Td (abc) Tj ET\n"
