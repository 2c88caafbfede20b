"""The document builder: :class:`Document`, its :class:`Page` and :class:`Form` canvases.

Objects are created in a :class:`pikepdf.Pdf` as soon as they are asked for; content
streams are written when the document is saved, so a canvas can be appended to until then.
"""

from __future__ import annotations

import io
import itertools
import tempfile
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Self, cast

import pikepdf

from ._syntax import hexstring, literal, num, nums
from .cmaps import EmbeddedCMap
from .fonts import (
    CidFontKind,
    EmbeddedKind,
    Font,
    ToUnicodeSpec,
    cjk_font,
    embedded_simple_font,
    standard_font,
    type0_font,
    type3_font,
)
from .structure import StructTree

__all__ = ["Box", "Canvas", "Document", "Encryption", "Form", "Image", "Page", "XObject"]

Box = tuple[float, float, float, float]
"""A rectangle ``(llx, lly, urx, ury)`` in default user space."""

LETTER: Box = (0, 0, 612, 792)

ResourcePlace = Literal["page", "parent", "none"]
"""Where a page's resources live: its own /Resources, the /Pages node's (inherited), or
nowhere (the page then has no /Resources at all)."""

EncryptionMethod = Literal["rc4-40", "rc4-128", "aes-128", "aes-256"]


@dataclass(frozen=True)
class Encryption:
    """Standard security handler settings for :meth:`Document.save` / :meth:`Document.to_bytes`."""

    method: EncryptionMethod = "aes-256"
    user: str = ""
    owner: str = "owner"

    def to_pikepdf(self) -> pikepdf.Encryption:
        """The equivalent :class:`pikepdf.Encryption`."""
        revision, aes = {"rc4-40": (2, False), "rc4-128": (3, False), "aes-128": (4, True), "aes-256": (6, True)}[
            self.method
        ]
        # qpdf can leave metadata unencrypted only from R4 on.
        return pikepdf.Encryption(user=self.user, owner=self.owner, R=revision, aes=aes, metadata=revision >= 4)  # type: ignore[arg-type]


def _encrypted_with_static_iv(data: bytes, encryption: Encryption, *, compress: bool) -> bytes:
    """``data`` encrypted with a fixed AES initialization vector, so that the same document
    gives the same bytes on every build (Pdf.save draws a random one; only a qpdf job can fix
    it). AES-256 (R6) stays random: qpdf draws its key and salts at random and offers no way
    to fix them."""
    with tempfile.TemporaryDirectory() as folder:
        plain, encrypted = Path(folder, "plain.pdf"), Path(folder, "encrypted.pdf")
        plain.write_bytes(data)
        job = pikepdf.JobBuilder().input(plain).output(encrypted).encrypt(encryption.to_pikepdf())
        # JobBuilder has no methods for these flags; streams stay as compressed as asked.
        job._spec.update(staticAesIv="", staticId="", compressStreams="y" if compress else "n")
        job.run()
        return encrypted.read_bytes()


@dataclass(eq=False)
class XObject:
    """An XObject handle: resource ``name`` (``"Im1"``, ``"Fm1"``) and its stream ``obj``."""

    name: str
    obj: pikepdf.Stream


@dataclass(eq=False)
class Image(XObject):
    """An image XObject; ``width`` and ``height`` in samples, ``data`` the raw samples,
    ``filter`` the one used (``"raw"`` when ``"dct"`` was asked for without Pillow)."""

    width: int = 0
    height: int = 0
    data: bytes = b""
    filter: str = "raw"


_CATEGORY = {"F": "/Font", "Im": "/XObject", "Fm": "/XObject", "MC": "/Properties", "GS": "/ExtGState"}


class Canvas:
    """Something with a content stream: the methods shared by :class:`Page` and :class:`Form`.

    Every method appends operators and returns ``self``, so calls chain. Handles passed in
    (fonts, images, forms) are added to this canvas's resources under their names.
    """

    def __init__(self, doc: Document, resources: pikepdf.Dictionary | None) -> None:
        self.doc = doc
        self._chunks: list[bytes] = []
        self._resources = resources

    # ----------------------------------------------------------------- resources

    def _resource_dict(self) -> pikepdf.Dictionary | None:
        return self._resources

    def use(self, handle: Font | XObject, name: str | None = None) -> bytes:
        """Add ``handle`` to this canvas's resources; return its name token (``b"/F1"``).

        ``name`` overrides the handle's resource name here (two names for one font).
        """
        key = name or handle.name
        res = self._resource_dict()
        if res is not None:
            category = "/Font" if isinstance(handle, Font) else "/XObject"
            if category not in res:
                res[category] = pikepdf.Dictionary()
            res[category]["/" + key] = handle.obj
        return b"/" + key.encode("ascii")

    def _use_properties(self, props: Mapping[str, object]) -> bytes:
        self.doc._counter += 1
        key = f"MC{self.doc._counter}"
        res = self._resource_dict()
        if res is not None:
            if "/Properties" not in res:
                res["/Properties"] = pikepdf.Dictionary()
            res["/Properties"]["/" + key] = _pdf_dict(props)
        return b"/" + key.encode("ascii")

    # ----------------------------------------------------------------- content

    @property
    def data(self) -> bytes:
        """The content stream as written so far."""
        return b"".join(self._chunks)

    def content(self, data: bytes | str) -> Self:
        """Append raw content-stream bytes exactly as given (a newline is added if missing)."""
        raw = data.encode("latin-1") if isinstance(data, str) else data
        if raw and not raw.endswith((b"\n", b" ")):
            raw += b"\n"
        self._chunks.append(raw)
        return self

    def string(self, font: Font, text: str, *, hex: bool = False) -> bytes:
        """``text`` encoded by ``font`` as a string token, e.g. ``b"(Hi)"``, for raw content."""
        codes = font.encode(text)
        return hexstring(codes) if hex else literal(codes)

    def text(
        self,
        font: Font,
        size: float,
        x: float,
        y: float,
        text: str,
        *,
        render_mode: int | None = None,
        hex: bool = False,
    ) -> Self:
        """``BT /F size Tf x y Td (text) Tj ET`` with ``text`` encoded by the font.

        ``render_mode`` adds ``n Tr`` (3 is invisible text); ``hex`` writes ``<...>``.
        """
        ops = [b"BT", self.use(font) + b" " + num(size).encode() + b" Tf"]
        if render_mode is not None:
            ops.append(b"%d Tr" % render_mode)
        ops.append(nums((x, y)).encode() + b" Td")
        ops.append(self.string(font, text, hex=hex) + b" Tj")
        ops.append(b"ET")
        return self.content(b" ".join(ops))

    def text_lines(self, font: Font, size: float, x: float, y: float, lines: Sequence[str], *, leading: float | None = None) -> Self:
        """Several lines: ``TL`` leading, then the first line with ``Tj`` and the rest with ``T*``."""
        lead = leading if leading is not None else size * 1.2
        ops = [b"BT", self.use(font) + b" " + num(size).encode() + b" Tf", num(lead).encode() + b" TL",
               nums((x, y)).encode() + b" Td"]  # fmt: skip
        for i, line in enumerate(lines):
            ops.append((b"T* " if i else b"") + self.string(font, line) + b" Tj")
        ops.append(b"ET")
        return self.content(b"\n".join(ops))

    def rect(self, x: float, y: float, w: float, h: float, *, fill: bool = False, gray: float | None = None) -> Self:
        """A rectangle, stroked (``S``) or filled (``f``), optionally in a gray level."""
        color = b"" if gray is None else num(gray).encode() + (b" g " if fill else b" G ")
        return self.content(b"q " + color + nums((x, y, w, h)).encode() + (b" re f Q" if fill else b" re S Q"))

    def line(self, x1: float, y1: float, x2: float, y2: float, *, width: float = 1) -> Self:
        """A stroked straight line."""
        return self.content(f"q {num(width)} w {nums((x1, y1))} m {nums((x2, y2))} l S Q")

    def draw(self, xobject: XObject, x: float = 0, y: float = 0, w: float | None = None, h: float | None = None) -> Self:
        """Paint an XObject with ``Do`` inside ``q ... cm ... Q``.

        An image is scaled to ``w`` x ``h`` (default: its pixel size); a form is
        translated to (x, y) and scaled by ``w``/``h`` as factors (default 1).
        """
        if isinstance(xobject, Image):
            sx, sy = (w if w is not None else xobject.width), (h if h is not None else xobject.height)
        else:
            sx, sy = (w if w is not None else 1), (h if h is not None else 1)
        return self.content(b"q " + nums((sx, 0, 0, sy, x, y)).encode() + b" cm " + self.use(xobject) + b" Do Q")

    def inline_image(
        self,
        width: int,
        height: int,
        data: bytes,
        *,
        x: float = 0,
        y: float = 0,
        w: float | None = None,
        h: float | None = None,
        color: Literal["gray", "rgb"] = "gray",
        bpc: int = 8,
        filter: Literal["AHx", "Fl"] | None = None,
        check: bool = True,
    ) -> Self:
        """An inline image ``BI /W .. /H .. /CS .. /BPC .. ID <data> EI`` placed at (x, y).

        ``data`` is the raw samples (filtered here when ``filter`` is given). It may well
        contain the bytes ``EI``: a reader must not end the image there. ``check=False``
        allows data whose length does not match the size.
        """
        comps = 1 if color == "gray" else 3
        expected = (width * comps * bpc + 7) // 8 * height
        if check and len(data) != expected:
            raise ValueError(f"inline image data has {len(data)} bytes, {expected} expected (check=False allows it)")
        payload = data
        if filter == "AHx":
            payload = data.hex().upper().encode() + b">"
        elif filter == "Fl":
            payload = zlib.compress(data)
        head = b"BI /W %d /H %d /CS /%s /BPC %d" % (width, height, b"G" if color == "gray" else b"RGB", bpc)
        if filter:
            head += b" /F /" + filter.encode()
        sx, sy = (w if w is not None else width), (h if h is not None else height)
        return self.content(
            b"q " + nums((sx, 0, 0, sy, x, y)).encode() + b" cm\n" + head + b" ID " + payload + b"\nEI Q"
        )

    # ----------------------------------------------------------------- marked content

    def begin_marked(
        self,
        tag: str,
        *,
        mcid: int | None = None,
        actual_text: str | None = None,
        props: Mapping[str, object] | None = None,
        as_resource: bool = False,
    ) -> Self:
        """``/Tag BMC`` or, with properties, ``/Tag <<...>> BDC`` (``/Tag /MCn BDC`` when
        ``as_resource``, the dictionary then living in /Properties)."""
        all_props: dict[str, object] = dict(props or {})
        if mcid is not None:
            all_props["MCID"] = mcid
        if actual_text is not None:
            all_props["ActualText"] = pikepdf.String(actual_text)
        tag_token = b"/" + tag.encode("ascii")
        if not all_props:
            return self.content(tag_token + b" BMC")
        if as_resource:
            return self.content(tag_token + b" " + self._use_properties(all_props) + b" BDC")
        return self.content(tag_token + b" " + _pdf_dict(all_props).unparse() + b" BDC")

    def end_marked(self) -> Self:
        """``EMC``."""
        return self.content(b"EMC")

    @contextmanager
    def marked(
        self,
        tag: str,
        *,
        mcid: int | None = None,
        actual_text: str | None = None,
        props: Mapping[str, object] | None = None,
        as_resource: bool = False,
    ) -> Iterator[Self]:
        """A ``with`` block between :meth:`begin_marked` and :meth:`end_marked`."""
        self.begin_marked(tag, mcid=mcid, actual_text=actual_text, props=props, as_resource=as_resource)
        yield self
        self.end_marked()

    def _finish(self) -> None:
        raise NotImplementedError


def _pdf_value(value: object) -> object:
    if isinstance(value, str) and value.startswith("/"):
        return pikepdf.Name(value)
    if isinstance(value, str):
        return pikepdf.String(value)
    if isinstance(value, Mapping):
        return _pdf_dict(value)
    return value


def _pdf_dict(values: Mapping[str, object]) -> pikepdf.Dictionary:
    # Python strings starting with "/" are names, other strings are PDF strings.
    return pikepdf.Dictionary({"/" + k.lstrip("/"): _pdf_value(v) for k, v in values.items()})


class Page(Canvas):
    """A page being built; ``obj`` is its page dictionary."""

    def __init__(self, doc: Document, obj: pikepdf.Dictionary, resources: ResourcePlace) -> None:
        res: pikepdf.Dictionary | None
        if resources == "page":
            obj.Resources = pikepdf.Dictionary()
            res = cast(pikepdf.Dictionary, obj.Resources)
        elif resources == "parent":
            res = cast(pikepdf.Dictionary, doc.pages_node.Resources)
        else:
            res = None
        super().__init__(doc, res)
        self.obj = obj
        self._splits: list[int] | None = None
        self._force_array = False

    def split_contents(self, offsets: Sequence[int]) -> Self:
        """Write /Contents as an array of streams cut at these byte offsets of the content.

        Offsets may fall anywhere, also inside a token (``(Hel`` | ``lo) Tj``): the
        streams are to be read as one. An empty list gives an array of one stream.
        """
        self._splits = sorted(offsets)
        return self

    def annotate(
        self,
        rect: Box,
        *,
        subtype: str = "Square",
        appearance: Form | None = None,
        flags: int = 0,
        contents: str | None = None,
        extra: Mapping[str, object] | None = None,
    ) -> pikepdf.Dictionary:
        """Add an annotation; ``appearance`` becomes /AP /N. ``flags`` is /F (2 = Hidden,
        4 = Print). Returns the annotation dictionary."""
        annot = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name("/" + subtype), Rect=list(rect))
        if flags:
            annot.F = flags
        if contents is not None:
            annot.Contents = pikepdf.String(contents)
        if appearance is not None:
            annot.AP = pikepdf.Dictionary(N=appearance.obj)
        for key, value in (extra or {}).items():
            annot["/" + key] = _pdf_value(value)
        annot = self.doc.pdf.make_indirect(annot)
        if "/Annots" not in self.obj:
            self.obj.Annots = pikepdf.Array()
        self.obj.Annots.append(annot)
        return annot

    def _finish(self) -> None:
        pdf = self.doc.pdf
        data = self.data
        if self._splits is None:
            self.obj.Contents = pdf.make_indirect(pikepdf.Stream(pdf, data))
            return
        bounds = [0, *[o for o in self._splits if 0 < o < len(data)], len(data)]
        pieces = [data[a:b] for a, b in itertools.pairwise(bounds)] or [b""]
        self.obj.Contents = pikepdf.Array([pdf.make_indirect(pikepdf.Stream(pdf, p)) for p in pieces])


class Form(Canvas, XObject):
    """A Form XObject being built; draw it with :meth:`Canvas.draw`, even on itself."""

    def __init__(self, doc: Document, name: str, obj: pikepdf.Stream, resources: pikepdf.Dictionary | None) -> None:
        Canvas.__init__(self, doc, resources)
        XObject.__init__(self, name, obj)

    def _finish(self) -> None:
        self.obj.write(self.data)


class Document:
    """A PDF under construction.

    ``pdf`` is the underlying :class:`pikepdf.Pdf` (an escape hatch for anything not
    covered here); ``pages_node`` the root /Pages dictionary. Attributes set on the
    /Pages node with :meth:`inherit` are inherited by pages that do not set their own.
    """

    def __init__(self, *, version: str = "1.7") -> None:
        self.pdf = pikepdf.new()
        self.version = version
        # The page tree is built by hand: pikepdf's page list API would push inherited
        # attributes down into the pages, and inheritance is what some tests are about.
        self.pages_node: pikepdf.Dictionary = self.pdf.make_indirect(
            pikepdf.Dictionary(Type=pikepdf.Name.Pages, Kids=pikepdf.Array(), Count=0, Resources=pikepdf.Dictionary())
        )
        self.pdf.Root.Pages = self.pages_node
        self.pages: list[Page] = []
        self._canvases: list[Canvas] = []
        self._counter = 0
        self._cmap_streams: dict[int, pikepdf.Stream] = {}
        self._bare_pages = False
        self._structure: StructTree | None = None

    def _next_name(self, prefix: str) -> str:
        self._counter += 1
        return f"{prefix}{self._counter}"

    # ----------------------------------------------------------------- pages

    def inherit(self, *, media_box: Box | None = None, crop_box: Box | None = None, rotate: int | None = None) -> Document:
        """Put inheritable attributes on the /Pages node (pages may still override them)."""
        if media_box is not None:
            self.pages_node.MediaBox = list(media_box)
        if crop_box is not None:
            self.pages_node.CropBox = list(crop_box)
        if rotate is not None:
            self.pages_node.Rotate = rotate
        return self

    def add_page(
        self,
        media_box: Box | None = None,
        *,
        crop_box: Box | None = None,
        rotate: int | None = None,
        resources: ResourcePlace = "page",
    ) -> Page:
        """Append a page and return it.

        ``media_box`` defaults to US Letter unless the /Pages node has one to inherit
        (then the page has none). ``resources`` says where the page's resources go.
        """
        obj = pikepdf.Dictionary(Type=pikepdf.Name.Page, Parent=self.pages_node)
        if media_box is not None or "/MediaBox" not in self.pages_node:
            obj.MediaBox = list(media_box or LETTER)
        if crop_box is not None:
            obj.CropBox = list(crop_box)
        if rotate is not None:
            obj.Rotate = rotate
        obj = self.pdf.make_indirect(obj)
        self.pages_node.Kids.append(obj)
        self.pages_node.Count = len(self.pages_node.Kids)
        page = Page(self, obj, resources)
        self._bare_pages |= resources == "none"
        self.pages.append(page)
        self._canvases.append(page)
        return page

    # ----------------------------------------------------------------- fonts

    def standard_font(
        self,
        base_font: str = "Helvetica",
        *,
        encoding: str | None = "WinAnsiEncoding",
        differences: Mapping[int, str] | None = None,
        widths: bool = False,
        to_unicode: ToUnicodeSpec = False,
        name: str | None = None,
    ) -> Font:
        """One of the standard 14 fonts, not embedded.

        ``encoding`` is the /Encoding name (None: no /Encoding, the font's built-in one);
        ``differences`` ({code: glyph name}) makes /Encoding a dictionary with /Differences
        over it. ``widths`` adds /FirstChar /LastChar /Widths (from the Core 14 AFM
        metrics) and a /FontDescriptor.
        """
        return standard_font(
            self.pdf, name or self._next_name("F"), base_font,
            encoding=encoding, differences=differences, widths=widths, to_unicode=to_unicode,
        )  # fmt: skip

    def embedded_font(
        self,
        kind: EmbeddedKind,
        chars: str,
        *,
        base_font: str | None = None,
        encoding: str | None = "WinAnsiEncoding",
        differences: Mapping[int, str] | None = None,
        write_encoding: bool = True,
        symbolic: bool = False,
        glyph_names: Mapping[str, str] | None = None,
        codes: Mapping[str, int] | None = None,
        widths: Mapping[str, int] | None = None,
        cmaps: Sequence[tuple[int, int]] | Mapping[tuple[int, int], Mapping[int, str]] = ((3, 1),),
        post_names: bool = True,
        to_unicode: ToUnicodeSpec = False,
        name: str | None = None,
        outlines_from: bytes | None = None,
    ) -> Font:
        """A simple font with an embedded program holding one box glyph per char of ``chars``.

        ``kind``: ``truetype`` (FontFile2), ``cff`` (FontFile3 /Type1C), ``opentype``
        (FontFile3 /OpenType, CFF outlines) or ``type1`` (FontFile). Glyph names are
        ``glyph_names[char]`` or the AGL name; codes are ``codes[char]`` or where the
        glyph name sits in ``encoding`` + ``differences``. Those codes are also the
        program's built-in encoding (CFF, Type1) and feed the TrueType cmaps: ``cmaps``
        lists (platform, encoding) subtables filled automatically ((3,1) by Unicode,
        (3,0) at 0xF000+code, (1,0) by Mac Roman code, or the code when ``symbolic``),
        or is a dict giving each subtable's {code: glyph name} exactly.
        ``write_encoding=False`` leaves /Encoding out of the font dictionary; ``symbolic``
        sets flag 4 instead of 32; ``post_names=False`` gives a post table without names.
        ``outlines_from`` (``truetype`` only) is a real TrueType program: each glyph is then
        drawn as that typeface draws its char, not as a box.
        """
        base = base_font or f"Test{kind.capitalize()}"
        return embedded_simple_font(
            self.pdf, name or self._next_name("F"), kind, chars,
            base_font=base, encoding=encoding, differences=differences, write_encoding=write_encoding,
            symbolic=symbolic, glyph_names=glyph_names, codes=codes, widths=widths, cmaps=cmaps,
            post_names=post_names, to_unicode=to_unicode, outlines_from=outlines_from,
        )  # fmt: skip

    def type3_font(
        self,
        chars: str,
        *,
        glyph_names: Mapping[str, str] | None = None,
        codes: Mapping[str, int] | None = None,
        widths: Mapping[str, int] | None = None,
        font_matrix: Sequence[float] = (0.001, 0, 0, 0.001, 0, 0),
        to_unicode: ToUnicodeSpec = False,
        resources: bool = False,
        name: str | None = None,
    ) -> Font:
        """A Type3 font: one /CharProcs box per char, /Encoding /Differences naming them.

        Codes default to 65, 66, ... in order of first appearance; widths are in glyph
        space (default half an em under ``font_matrix``).
        """
        return type3_font(
            self.pdf, name or self._next_name("F"), chars,
            glyph_names=glyph_names, codes=codes, widths=widths, font_matrix=font_matrix,
            to_unicode=to_unicode, resources=resources,
        )  # fmt: skip

    def type0_font(
        self,
        chars: str,
        *,
        descendant: CidFontKind = "CIDFontType2",
        cmap: str | EmbeddedCMap = "Identity-H",
        base_font: str = "TestCID",
        embed: bool = True,
        cids: Mapping[str, int] | None = None,
        glyph_names: Mapping[str, str] | None = None,
        widths: Mapping[str, int] | None = None,
        default_width: int = 1000,
        w_style: Literal["list", "range"] = "list",
        vertical_metrics: Mapping[str, tuple[int, int, int]] | None = None,
        default_vertical: tuple[int, int] = (880, -1000),
        to_unicode: ToUnicodeSpec = True,
        cid_to_gid: Literal["Identity", "stream", "none"] = "Identity",
        name: str | None = None,
    ) -> Font:
        """A Type0 font over a CIDFontType2 (embedded TrueType) or CIDFontType0 (embedded
        CID-keyed CFF) descendant.

        Each char gets a CID (``cids[char]`` or 1, 2, ... in order) and the glyph with that
        index in the program. ``cmap`` is ``Identity-H``, ``Identity-V`` (codes are the CIDs
        as two bytes) or an :class:`EmbeddedCMap` (written as a stream, with its usecmap
        chain). Widths: ``widths[char]`` (default 500/600/700 cycling) with /DW
        ``default_width``; ``w_style`` picks the /W syntax. Vertical fonts get /DW2
        ``default_vertical`` and /W2 from ``vertical_metrics`` (char -> (w1y, vx, vy)).
        """
        return type0_font(
            self.pdf, name or self._next_name("F"), chars,
            descendant=descendant, cmap=cmap, base_font=base_font, embed=embed, cids=cids,
            glyph_names=glyph_names, widths=widths, default_width=default_width, w_style=w_style,
            vertical_metrics=vertical_metrics, default_vertical=default_vertical,
            to_unicode=to_unicode, cid_to_gid=cid_to_gid, cmap_stream=self.cmap_stream,
        )  # fmt: skip

    def cjk_font(
        self,
        cmap: str = "UniJIS-UCS2-H",
        *,
        base_font: str = "KozMinPr6N-Regular",
        ordering: str | None = None,
        supplement: int = 2,
        descendant: CidFontKind = "CIDFontType0",
        encoder: Callable[[str], bytes] | None = None,
        to_unicode: ToUnicodeSpec = False,
        default_width: int = 1000,
        name: str | None = None,
    ) -> Font:
        """A Type0 font with a predefined CMap (``UniJIS-UCS2-H``, ``90ms-RKSJ-H``, ...),
        /CIDSystemInfo Adobe-``ordering`` (guessed from the CMap name) and no program.

        Text is encoded with the Python codec matching the CMap (UCS2 -> UTF-16BE, RKSJ ->
        cp932, ...) or ``encoder``. ``to_unicode`` takes only explicit mappings here.
        """
        if to_unicode is True:
            raise ValueError("cjk_font cannot derive a ToUnicode map; pass a mapping")
        return cjk_font(
            self.pdf, name or self._next_name("F"), cmap,
            base_font=base_font, ordering=ordering, supplement=supplement, descendant=descendant,
            encoder=encoder, to_unicode=to_unicode, default_width=default_width,
        )  # fmt: skip

    def cmap_stream(self, cmap: EmbeddedCMap) -> pikepdf.Stream:
        """The stream of an embedded CMap (made once; its usecmap parent is embedded too)."""
        key = id(cmap)
        if key in self._cmap_streams:
            return self._cmap_streams[key]
        sysinfo = pikepdf.Dictionary(
            Registry=pikepdf.String(cmap.registry), Ordering=pikepdf.String(cmap.ordering), Supplement=cmap.supplement
        )
        stream = pikepdf.Stream(
            self.pdf, cmap.to_bytes(), Type=pikepdf.Name.CMap, CMapName=pikepdf.Name("/" + cmap.name),
            CIDSystemInfo=sysinfo, WMode=cmap.wmode,
        )  # fmt: skip
        if isinstance(cmap.usecmap, EmbeddedCMap):
            stream.UseCMap = self.cmap_stream(cmap.usecmap)
        elif isinstance(cmap.usecmap, str):
            stream.UseCMap = pikepdf.Name("/" + cmap.usecmap)
        stream = self.pdf.make_indirect(stream)
        self._cmap_streams[key] = stream
        return stream

    # ----------------------------------------------------------------- xobjects

    def form(
        self,
        bbox: Box = (0, 0, 612, 792),
        *,
        matrix: Sequence[float] | None = None,
        own_resources: bool = True,
        name: str | None = None,
    ) -> Form:
        """A Form XObject to draw on and then :meth:`Canvas.draw` on pages or other forms.

        With ``own_resources=False`` the form has no /Resources (the old inherit-from-page
        style): fonts it uses must then be :meth:`Canvas.use`-d on the page.
        """
        stream = pikepdf.Stream(self.pdf, b"", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form, BBox=list(bbox))
        if matrix is not None:
            stream.Matrix = list(matrix)
        res: pikepdf.Dictionary | None = None
        if own_resources:
            stream.Resources = pikepdf.Dictionary()
        stream = self.pdf.make_indirect(stream)
        if own_resources:
            res = cast(pikepdf.Dictionary, stream.Resources)
        form = Form(self, name or self._next_name("Fm"), stream, res)
        self._canvases.append(form)
        return form

    def image(
        self,
        width: int,
        height: int,
        data: bytes | None = None,
        *,
        color: Literal["gray", "rgb"] = "gray",
        filter: Literal["flate", "dct", "raw"] = "flate",
        bpc: int = 8,
        name: str | None = None,
    ) -> Image:
        """An image XObject of ``width`` x ``height`` samples (``data``: raw samples, rows top
        to bottom; default a diagonal gradient). ``dct`` uses Pillow and falls back to
        ``raw`` without it (see ``Image.filter``)."""
        comps = 1 if color == "gray" else 3
        if data is None:
            data = bytes(
                ((x + y) * 255 // max(width + height - 2, 1) + 40 * c) % 256
                for y in range(height) for x in range(width) for c in range(comps)
            )  # fmt: skip
        expected = (width * comps * bpc + 7) // 8 * height
        if len(data) != expected:
            raise ValueError(f"image data has {len(data)} bytes, {expected} expected")
        stream_data = data
        extra: dict[str, object] = {}
        if filter == "flate":
            stream_data = zlib.compress(data)
            extra["Filter"] = pikepdf.Name.FlateDecode
        elif filter == "dct":
            try:
                from PIL import Image as PILImage
            except ImportError:
                filter = "raw"  # no JPEG encoder at hand: the samples go in unfiltered
        if filter == "dct":
            mode = "L" if color == "gray" else "RGB"
            buf = io.BytesIO()
            PILImage.frombytes(mode, (width, height), data).save(buf, format="JPEG", quality=95)
            stream_data = buf.getvalue()
            extra["Filter"] = pikepdf.Name.DCTDecode
        stream = pikepdf.Stream(
            self.pdf, stream_data, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=width, Height=height,
            ColorSpace=pikepdf.Name.DeviceGray if color == "gray" else pikepdf.Name.DeviceRGB, BitsPerComponent=bpc,
            **extra,
        )  # fmt: skip
        return Image(name or self._next_name("Im"), self.pdf.make_indirect(stream), width, height, data, filter)

    # ----------------------------------------------------------------- structure

    def structure_tree(self, role_map: Mapping[str, str] | None = None) -> StructTree:
        """Make the document tagged: a /StructTreeRoot (with this /RoleMap) to add elements to."""
        if self._structure is None:
            self._structure = StructTree(self, role_map)
        return self._structure

    # ----------------------------------------------------------------- output

    def build(self) -> pikepdf.Pdf:
        """Write every content stream and return the :class:`pikepdf.Pdf` (idempotent)."""
        for canvas in self._canvases:
            canvas._finish()
        if self._structure is not None:
            self._structure.finish()
        if "/Resources" in self.pages_node and not self.pages_node.Resources.keys():
            del self.pages_node.Resources
        return self.pdf

    def save(
        self,
        path: str | Path | io.BufferedIOBase,
        *,
        encryption: Encryption | None = None,
        compress: bool = False,
        object_streams: bool = False,
    ) -> None:
        """Write the file. Streams stay uncompressed unless ``compress``; ``object_streams``
        gives object and xref streams instead of a classic xref table (pages made with
        ``resources="none"`` then get an empty /Resources: qpdf insists)."""
        pdf = self.build()
        buf = io.BytesIO()
        aes_128 = encryption is not None and encryption.method == "aes-128"
        pdf.save(
            buf,
            min_version=self.version,
            compress_streams=compress,
            object_stream_mode=pikepdf.ObjectStreamMode.generate if object_streams else pikepdf.ObjectStreamMode.disable,
            encryption=encryption.to_pikepdf() if encryption and not aes_128 else None,
            static_id=True,  # the same input gives the same bytes
            fix_metadata_version=False,  # qpdf would rewrite the XMP packet a test gave (damaged ones too)
        )
        data = buf.getvalue()
        if encryption is not None and aes_128:
            data = _encrypted_with_static_iv(data, encryption, compress=compress)
        if self._bare_pages and not object_streams:
            # qpdf gives every page without inheritable resources an empty /Resources on
            # write; blank it out (same length, so every offset stays right).
            data = data.replace(b"/Resources << >>", b" " * len(b"/Resources << >>"))
        if isinstance(path, str | Path):
            Path(path).write_bytes(data)
        else:
            path.write(data)

    def to_bytes(self, *, encryption: Encryption | None = None, compress: bool = False, object_streams: bool = False) -> bytes:
        """The file as bytes (see :meth:`save`)."""
        buf = io.BytesIO()
        self.save(buf, encryption=encryption, compress=compress, object_streams=object_streams)
        return buf.getvalue()
