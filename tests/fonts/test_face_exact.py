"""pagelift.fonts.face with exact expected values: a font's real name, bold and italic.

Written against the mutants of a mutation run (docs/testing.md): the subset tag, names
that are not UTF-8, each alternative of the bold and italic name patterns, the descriptor's
flags, /FontWeight and /ItalicAngle at their thresholds, and where a composite font's name
comes from.
"""

from __future__ import annotations

from typing import Any

import pikepdf
import pytest

from pagelift.fonts.face import face_of, real_name
from pagelift.fonts.info import FontInfo
from pagelift.model import FontFace


def test_real_name_drops_the_subset_tag() -> None:
    assert real_name("ABCDEF+Calibri-Bold") == "Calibri-Bold"
    assert real_name("ABCDEF+") == ""
    assert real_name("abcdef+Calibri") == "abcdef+Calibri"  # a tag is six capitals
    assert real_name("ABCDE+Calibri") == "ABCDE+Calibri"
    assert real_name("ABCDEFG+Calibri") == "ABCDEFG+Calibri"
    assert real_name("ABCDEF-Calibri") == "ABCDEF-Calibri"
    assert real_name("Times+ABCDEF+Roman") == "Times+ABCDEF+Roman"  # only at the start
    assert real_name("ABCDEF+GHIJKL+X") == "GHIJKL+X"  # only once


def test_real_name_of_non_ascii_names() -> None:
    assert real_name("Caf\xc3\xa9") == "Café"  # UTF-8 bytes read one per character
    # GBK bytes (a Chinese name): escaped as PDF writes them, not mojibake.
    assert real_name("ABCDEF+\xba\xda\xcc\xe5") == "#BA#DA#CC#E5"
    assert real_name("\xe9 #!~\x7f") == "#E9#20#23!~#7F"
    assert real_name("宋体") == "宋体"  # already text: kept


def font(base_font: str = "", descriptor: Any = None, **fields: Any) -> FontInfo:
    return FontInfo(resource_name="F1", obj=None, subtype="Type1", base_font=base_font, descriptor=descriptor, **fields)


@pytest.mark.parametrize("base", [
    "Arial-Bold", "Arial-Black", "Foo-Heavy", "Foo-Demi", "Foo-SB", "Foo,SB", "Foo-Bd", "Foo,bd", "Foo bd",
    "Foo.bd", "NimbusRomNo9L-Medi", "NimbusRomNo9L-MediItal", "Arial,B", "Arial-B", "ABCDEF+Foo-BOLD",
])
def test_bold_names(base: str) -> None:
    assert face_of(font(base)).bold is True


@pytest.mark.parametrize("base", [
    "Arial", "Foo-Bdx", "Foo-SBx", "Foobd", "Abbd", "Foo-Medium", "Foo,Bx", "Foo-Bx", "FooB", "Foo_SB", "Foo_B",
])
def test_names_that_are_not_bold(base: str) -> None:
    assert face_of(font(base)).bold is False


@pytest.mark.parametrize("base", [
    "Arial-Italic", "Arial-BoldItalic", "Helvetica-Oblique", "CMSL-Slanted", "Foo-Kursiv", "Arial,I", "Arial-I",
    "Foo-ITALIC",
])
def test_italic_names(base: str) -> None:
    assert face_of(font(base)).italic is True


@pytest.mark.parametrize("base", ["Arial", "Arial-Ix", "Arial,Ix", "FooI", "NimbusRomNo9L-MediItal", "Foo-Ital"])
def test_names_that_are_not_italic(base: str) -> None:
    assert face_of(font(base)).italic is False


def descriptor(**keys: Any) -> pikepdf.Dictionary:
    return pikepdf.Dictionary(Type=pikepdf.Name.FontDescriptor, **keys)


def test_descriptor_flags() -> None:
    assert face_of(font("Custom", descriptor(Flags=32))) == FontFace("Custom", False, False)
    assert face_of(font("Custom", descriptor(Flags=32 | (1 << 18)))) == FontFace("Custom", True, False)
    assert face_of(font("Custom", descriptor(Flags=32 | (1 << 6)))) == FontFace("Custom", False, True)
    assert face_of(font("Custom", descriptor(Flags=(1 << 17) | (1 << 5) | (1 << 7)))) == FontFace("Custom", False, False)
    # Producers that write the flags as a signed 32-bit number: -100 has bit 19 (ForceBold) set.
    assert face_of(font("Custom", descriptor(Flags=-100))) == FontFace("Custom", True, False)
    assert face_of(font("Custom", descriptor(Flags=-(2**31) + (1 << 18)))) == FontFace("Custom", True, False)
    assert face_of(font("Custom", descriptor(Flags=-(2**31) - 1))) == FontFace("Custom", False, False)
    # A flag word too large for 32 bits is no flag word.
    assert face_of(font("Custom", descriptor(Flags=2**33 | (1 << 18)))) == FontFace("Custom", False, False)
    assert face_of(font("Custom", descriptor(Flags=2**32 + (1 << 18)))) == FontFace("Custom", False, False)
    assert face_of(font("Custom", descriptor(Flags=-(2**31)))) == FontFace("Custom", False, False)
    assert face_of(font("Custom", descriptor(Flags=pikepdf.Name.X))) == FontFace("Custom", False, False)


def test_font_weight_threshold() -> None:
    assert face_of(font("Custom", descriptor(FontWeight=600))).bold is True
    assert face_of(font("Custom", descriptor(FontWeight=599))).bold is False
    assert face_of(font("Custom", descriptor(FontWeight=900))).bold is True
    assert face_of(font("Custom", descriptor(FontWeight=pikepdf.String("700")))).bold is False
    assert face_of(font("Custom", descriptor(FontWeight=0))).bold is False


def test_italic_angle_threshold() -> None:
    assert face_of(font("Custom", descriptor(ItalicAngle=-12))).italic is True
    assert face_of(font("Custom", descriptor(ItalicAngle=1))).italic is True
    assert face_of(font("Custom", descriptor(ItalicAngle=-1))).italic is True
    assert face_of(font("Custom", descriptor(ItalicAngle=0.99))).italic is False
    assert face_of(font("Custom", descriptor(ItalicAngle=-0.5))).italic is False
    assert face_of(font("Custom", descriptor(ItalicAngle=0))).italic is False


def test_a_descriptor_that_is_not_a_dictionary_is_ignored() -> None:
    assert face_of(font("Custom", pikepdf.Array([(1 << 18)]))) == FontFace("Custom", False, False)
    assert face_of(font("Custom", 7)) == FontFace("Custom", False, False)


def test_a_name_from_the_descriptor_when_the_font_has_none() -> None:
    d = descriptor(FontName=pikepdf.Name("/ABCDEF+Garamond-Italic"))
    assert face_of(font("", d)) == FontFace("Garamond-Italic", False, True)
    assert face_of(font("Plain", d)) == FontFace("Plain", False, False)  # /BaseFont first
    assert face_of(font("", descriptor(FontName=pikepdf.String("Garamond")))) == FontFace("", False, False)
    assert face_of(font("", None)) == FontFace("", False, False)


def test_a_composite_font_is_named_by_its_descendant() -> None:
    descendant = pikepdf.Dictionary(BaseFont=pikepdf.Name("/ABCDEF+MSMincho-Bold"))
    type0 = font("ABCDEF+MSMincho-Bold-Identity-H", composite=True, descendant=descendant)
    assert face_of(type0) == FontFace("MSMincho-Bold", True, False)
    # Without a descendant name, the font's own.
    bare = font("Times8R--Identity-H", composite=True, descendant=pikepdf.Dictionary())
    assert face_of(bare) == FontFace("Times8R--Identity-H", False, False)
    # A simple font's descendant (there is none) is never asked.
    simple = font("Plain", descendant=descendant)
    assert face_of(simple) == FontFace("Plain", False, False)
    # Nor a descendant that is not a dictionary.
    assert face_of(font("Plain", composite=True, descendant=pikepdf.Array())) == FontFace("Plain", False, False)


def test_a_descriptor_that_cannot_be_read_leaves_the_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from pagelift.fonts import face

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("damaged")

    monkeypatch.setattr(face, "integer", broken)
    d = descriptor(Flags=1 << 18, FontWeight=900, ItalicAngle=-12)
    assert face_of(font("Custom-Oblique", d)) == FontFace("Custom-Oblique", False, True)


def test_a_name_that_cannot_be_read_is_no_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from pagelift.fonts import face

    def broken(value: Any) -> str:
        raise ValueError("damaged")

    monkeypatch.setattr(face, "name", broken)
    d = descriptor(FontName=pikepdf.Name("/Garamond-Bold"))
    assert face_of(font("", d)) == FontFace("", False, False)
    composite = font("Times8R--Identity-H", d, composite=True, descendant=pikepdf.Dictionary(BaseFont=pikepdf.Name.X))
    assert face_of(composite) == FontFace("Times8R--Identity-H", False, False)
