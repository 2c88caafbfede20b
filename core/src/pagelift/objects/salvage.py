"""Repairs of known faults, for files qpdf refuses: tried before pypdf's lenient reader.

Each repair mends one fault that the shared corpus shows, that pypdf's rewrite does not mend
and that another reader (pdftotext, pdfminer.six) reads past; each says what it did, and the document opens with
a ``repaired`` warning built from those sentences (strict mode still refuses it):

* **A loop in the page tree** (a /Pages node that is its own descendant): the tree is cut
  where it loops — the kid that leads back to an ancestor is left out — in memory only
  (:func:`cut_page_tree_loops`).
* **Dictionaries that lost their delimiters** (``3 0 obj /Type /Page ... endobj``, or a
  byte of ``<<`` overwritten as in ``E< /Filter /Standard ...``): the delimiters are put
  back, and generation numbers no PDF can hold (over 65535) become 0, which is what the
  references to those objects say. A broken encryption dictionary is the common victim:
  once it reads as a dictionary again, an unprotected file decrypts with the empty
  password; when it does not, :func:`broken_encryption_message` says no password can open
  the file.
* **A page tree whose root object is missing** (the catalog's /Pages points at an object
  the file does not hold, as when a damaged object stream took it): a new root is made
  from the page objects that name it as their /Parent.
* **A trailer whose /Root names no catalog** (none at all, an object the file does not
  hold, or one that is not a catalog): the catalog is found by its /Type (the last one in
  the file whose /Pages is there) and a trailer naming it is appended.
* **Object numbers larger than the file could hold** (an extract whose objects keep their
  numbers from the book it was cut from: object 10962 in a 15 KB file): qpdf takes any
  number over a third of the file's size for garbage and drops the object, /Root included.
  The copy is padded with a comment until its numbers fit; nothing else changes.
* **Nothing to read at all**: a file with a PDF header and objects but no catalog and no
  page object opens with no pages, the warning saying so, as pdfminer.six reads it.

The byte-level repairs append to a copy of the file and make qpdf rebuild the
cross-reference table by scanning (its own repair), so offsets need not be kept.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import Any

import pikepdf

_HEADER = re.compile(rb"(\d+)[ \t\r\n\f]+(\d+)[ \t\r\n\f]+obj\b")
_WORD = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
_PAGE_TYPE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
_CATALOG_PAGES = re.compile(rb"/Type\s*/Catalog\b")
_PAGES_REF = re.compile(rb"/Pages\s+(\d+)\s+(\d+)\s+R")
_STRAY_OPEN = re.compile(rb"\A([ \t\r\n\f]*)[^<\s/\[(]<(?=\s*/)")
# A name followed by more: the keys and values of a dictionary without its << >>. A name
# alone is a legal object (``5 0 obj /DeviceRGB endobj``) and is left as it is.
_NAME_FIRST = re.compile(rb"\A[ \t\r\n\f]*/[A-Za-z][^ \t\r\n\f/\[\]<>(){}%]*+[ \t\r\n\f]*[^ \t\r\n\f]")
_TRAILER = re.compile(rb"\btrailer([ \t\r\n\f]+)(/.*?)(?=startxref|%%EOF|\Z)", re.S)
_FORCE_RESCAN = b"\nstartxref\n0\n%%EOF\n"  # an xref at offset 0 is no xref: qpdf rebuilds by scanning
MAX_GENERATION = 65535


@dataclass(slots=True)
class Salvaged:
    """A copy of a file with its faults mended, and one sentence per repair."""

    data: bytes
    repairs: list[str] = field(default_factory=list)
    empty: bool = False
    """True when nothing could be recovered: the file holds no catalog and no page."""


def cut_page_tree_loops(pdf: pikepdf.Pdf, *, max_nodes: int = 100_000) -> list[str]:
    """Remove, in memory, every /Kids entry that leads back to one of its own ancestors.

    Returns one sentence per cut ("object 5 0 lists 3 0, its own ancestor"); an empty list
    when the tree has no loop. The file on disk is never written.
    """
    cuts: list[str] = []
    root = pdf.Root.get("/Pages")
    if not isinstance(root, pikepdf.Dictionary):
        return cuts
    stack: list[tuple[Any, frozenset[tuple[int, int]]]] = [(root, frozenset({root.objgen}))]
    visited = 0
    while stack and visited < max_nodes:
        node, ancestors = stack.pop()
        visited += 1
        kids = node.get("/Kids")
        if not isinstance(kids, pikepdf.Array):
            continue
        i = 0
        while i < len(kids):
            kid = kids[i]
            key = kid.objgen if isinstance(kid, pikepdf.Object) else (0, 0)
            if key != (0, 0) and key in ancestors:
                cuts.append(f"object {node.objgen[0]} {node.objgen[1]} lists {key[0]} {key[1]}, its own ancestor")
                del kids[i]
                continue
            if isinstance(kid, pikepdf.Dictionary) and "/Kids" in kid:
                stack.append((kid, ancestors | {key}))
            i += 1
    return cuts


@dataclass(frozen=True, slots=True)
class _Found:
    """One ``N G obj ... endobj`` of a file: its number and generation and where its body lies."""

    number: bytes
    generation: bytes
    start: int
    body_start: int
    body_end: int
    end: int


def _found_objects(data: bytes) -> list[_Found]:
    """Every ``N G obj ... endobj`` in ``data``, left to right, none inside another.

    What ``re.finditer(rb"(\\d+)\\s+(\\d+)\\s+obj\\b(.*?)\\bendobj", data, re.S)`` finds, but
    each body's end is looked up with ``bytes.find`` rather than tried byte by byte by the
    regex engine (a 3 MB file: 100 ms -> a few ms).
    """
    found: list[_Found] = []
    pos = 0
    while True:
        head = _HEADER.search(data, pos)
        if head is None:
            return found
        at = head.end()
        while True:
            at = data.find(b"endobj", at)
            if at < 0:
                return found  # no end after this header: nothing after it is an object either
            if data[at - 1] not in _WORD:  # "endobj" as a word of its own
                break
            at += 1
        found.append(_Found(head.group(1), head.group(2), head.start(), head.end(), at, at + 6))
        pos = at + 6


def _objects(numbers: list[str]) -> str:
    shown = ", ".join(numbers[:8]) + (f" and {len(numbers) - 8} more" if len(numbers) > 8 else "")
    return f"object{'s' if len(numbers) > 1 else ''} {shown}"


def _restore_delimiters(data: bytes, repairs: list[str]) -> bytes:
    restored: list[str] = []
    regenerated: list[str] = []

    def mend(number: bytes, generation: bytes, body: bytes) -> bytes:
        new_body = body
        stray = _STRAY_OPEN.match(body)
        if stray:
            new_body = stray.group(1) + b"<<" + body[stray.end():]
        elif _NAME_FIRST.match(body):
            at = body.find(b"stream")
            head, tail = (body, b"") if at < 0 else (body[:at], body[at:])
            new_body = b" << " + head.strip() + b" >>\n" + tail
        if new_body is not body:
            restored.append(number.decode())
        if int(generation) > MAX_GENERATION:
            regenerated.append(number.decode())
            generation = b"0"
        return number + b" " + generation + b" obj" + new_body + b"endobj"

    pieces: list[bytes] = []
    pos = 0
    for obj in _found_objects(data):
        pieces.append(data[pos:obj.start])
        pieces.append(mend(obj.number, obj.generation, data[obj.body_start:obj.body_end]))
        pos = obj.end
    pieces.append(data[pos:])
    mended = b"".join(pieces)
    trailer = _TRAILER.search(mended)
    if trailer and restored:
        mended = mended[:trailer.start(2)] + b"<< " + trailer.group(2).rstrip() + b" >>\n" + mended[trailer.end(2):]
    if restored:
        repairs.append(f"{_objects(restored)} had lost {'its' if len(restored) == 1 else 'their'} dictionary "
                       "delimiters (<< >>), put back")
    if regenerated:
        repairs.append(f"{_objects(regenerated)} had a generation number over {MAX_GENERATION}, read as 0")
    return mended


def _bodies(data: bytes) -> dict[tuple[int, int], bytes]:
    """Each object's body by (number, generation); the last of two with the same key wins, as in an update."""
    return {(int(obj.number), int(obj.generation)): data[obj.body_start:obj.body_end] for obj in _found_objects(data)}


def _page_root(data: bytes, repairs: list[str]) -> tuple[bytes, bool]:
    """Append a page-tree root when the catalog's is missing; also say whether anything is there at all."""
    bodies = _bodies(data)
    catalogs = [body for body in bodies.values() if _CATALOG_PAGES.search(body)]
    pages = [key for key, body in bodies.items() if _PAGE_TYPE.search(body)]
    if not catalogs and not pages:
        return data, bool(bodies)
    for catalog in catalogs:
        ref = _PAGES_REF.search(catalog)
        if ref is None:
            continue
        root = (int(ref.group(1)), int(ref.group(2)))
        if root in bodies:
            continue
        parent = re.compile(rb"/Parent\s+%d\s+%d\s+R" % root)
        kids = [key for key in pages if parent.search(bodies[key])]
        if not kids:
            continue
        listed = b" ".join(b"%d %d R" % key for key in kids)
        data += b"\n%d %d obj\n<< /Type /Pages /Kids [%s] /Count %d >>\nendobj\n" % (*root, listed, len(kids))
        repairs.append(f"the page tree's root (object {root[0]} {root[1]}) is missing; rebuilt from the "
                       f"{len(kids)} page object{'s' if len(kids) != 1 else ''} that name it as their parent")
        lost = [f"/{key.decode()} (object {n.decode()} {g.decode()})"
                for key, n, g in re.findall(rb"/(\w+)\s+(\d+)\s+(\d+)\s+R", catalog)
                if key != b"Pages" and (int(n), int(g)) not in bodies]
        if lost:
            repairs.append(f"the catalog's {', '.join(lost[:4])} {'is' if len(lost) == 1 else 'are'} missing too "
                           "and skipped")
        break
    return data, False


_ROOT_REF = re.compile(rb"/Root\s+(\d+)\s+(\d+)\s+R")
_INFO_REF = re.compile(rb"/Info\s+(\d+)\s+(\d+)\s+R")


def _catalog_root(data: bytes, bodies: dict[tuple[int, int], bytes], repairs: list[str]) -> bytes:
    """A trailer naming the catalog (found by its /Type) when no /Root in the file names one; b"" otherwise.
    ``bodies`` are ``data``'s objects (:func:`_bodies`)."""
    catalogs = [key for key, body in bodies.items() if _CATALOG_PAGES.search(body)]
    named = [(int(m.group(1)), int(m.group(2))) for m in _ROOT_REF.finditer(data)]
    if not catalogs or any(key in catalogs for key in named) or b"/Encrypt" in data:
        return b""  # (a trailer of our own would lose the /Encrypt: left to pypdf)
    usable = []
    for key in catalogs:
        ref = _PAGES_REF.search(bodies[key])
        if ref is not None and (int(ref.group(1)), int(ref.group(2))) in bodies:
            usable.append(key)
    if not usable:
        return b""
    root = usable[-1]  # the last in the file: an update's catalog comes after the one it replaces
    if not named:
        why = "the trailer names no /Root"
    elif named[-1] in bodies:
        why = f"the trailer's /Root (object {named[-1][0]} {named[-1][1]}) is not the catalog"
    else:
        why = f"the trailer's /Root (object {named[-1][0]} {named[-1][1]}) is missing"
    repairs.append(f"{why}; the catalog found by its /Type (object {root[0]} {root[1]}) read as the root")
    info = [(int(m.group(1)), int(m.group(2))) for m in _INFO_REF.finditer(data)]
    kept = b" /Info %d %d R" % info[-1] if info and info[-1] in bodies else b""
    return b"\ntrailer\n<< /Root %d %d R%s >>\n" % (*root, kept)


BYTES_PER_OBJECT = 3
"""qpdf's sanity rule: a file of N bytes holds no object numbered over N / 3 (each object takes
at least three bytes); an object with a larger number is dropped as garbage."""


def _numbers_room(data: bytes, bodies: dict[tuple[int, int], bytes], repairs: list[str], max_bytes: int) -> bytes:
    """Padding that makes room for the file's object numbers (``bodies``: :func:`_bodies`) under
    qpdf's rule (b"" when they fit, or when the padded copy would be over ``max_bytes``)."""
    top = max((number for number, _generation in bodies), default=0)
    size = len(data) + len(_FORCE_RESCAN)
    if top <= size // BYTES_PER_OBJECT:
        return b""
    need = BYTES_PER_OBJECT * top - size + 3  # "\n%" ... "\n"
    if size + need > max_bytes:
        return b""
    repairs.append(f"its objects are numbered up to {top}, more than qpdf allows a file of {len(data)} bytes "
                   f"(a third of its size: objects cut from a larger file keep their numbers); read as numbered")
    return b"\n%" + b" " * (need - 3) + b"\n"


def salvage(data: bytes, *, max_bytes: int = 64 << 20) -> Salvaged | None:
    """Mend the faults this module knows in a copy of ``data``; None when none applies.

    The result is for ``pikepdf.open``: qpdf's own scan rebuilds the cross-reference table.
    ``Salvaged.empty`` marks a file with a PDF header and objects but no catalog and no
    page, which is opened with no pages. The copy is never padded past ``max_bytes``.
    """
    if not data.lstrip()[:5].startswith(b"%PDF-"):
        return None
    repairs: list[str] = []
    mended = _restore_delimiters(data, repairs)
    mended, nothing = _page_root(mended, repairs)
    if nothing:
        # A download cut short loses the catalog and page tree, written last by most producers.
        cut = "; it ends without %%EOF (cut short?)" if b"%%EOF" not in data[-1024:] else ""
        return Salvaged(b"", [f"the file holds objects but no catalog and no page{cut}: there is nothing to read"],
                        empty=True)
    bodies = _bodies(mended)  # the objects after the page root's: a trailer of _catalog_root adds none
    mended += _catalog_root(mended, bodies, repairs)
    room = _numbers_room(mended, bodies, repairs, max_bytes)
    if not repairs:
        return None
    return Salvaged(mended + room + _FORCE_RESCAN, repairs)


def open_salvaged(data: bytes, password: str | None, *, max_bytes: int = 64 << 20) -> tuple[pikepdf.Pdf, list[str]] | None:
    """Open the salvaged copy of ``data``: the document and what was repaired; None if it fails.

    ``pikepdf.PasswordError`` passes through (the repaired file needs a password).
    """
    mended = salvage(data, max_bytes=max_bytes)
    if mended is None:
        return None
    if mended.empty:
        return pikepdf.new(), mended.repairs
    try:
        pdf = pikepdf.open(io.BytesIO(mended.data), password=password or "", suppress_warnings=True,
                           inherit_page_attributes=False)
    except pikepdf.PasswordError:
        raise
    except Exception:  # qpdf still refuses: the caller reports its first reason
        return None
    try:
        if len(pdf.pages):
            return pdf, mended.repairs
    except Exception:
        pass
    pdf.close()
    return None


def broken_encryption_message(reason: str) -> str:
    """What to tell a caller when a file's encryption dictionary is broken beyond repair."""
    return (f"its encryption dictionary is broken ({reason}), so the file cannot be decrypted "
            "with any password")


__all__ = ["Salvaged", "broken_encryption_message", "cut_page_tree_loops", "open_salvaged", "salvage"]
