"""Mutating PDF files for the fuzz tests: seed documents, mutations, and reading a result.

Shared by tests/fuzz/test_fuzz.py (hypothesis, a bounded number of examples in the default
suite) and scripts/fuzz_long.py (a long seeded run). A mutation is a plain tuple
``(kind, *integers)`` applied by :func:`apply`; the integers are taken modulo whatever
they index, so any integers make a valid mutation and hypothesis can shrink them freely.

Kinds: ``flip`` (xor one byte), ``truncate`` (cut the file), ``splice`` (put a token of
another document into this one, replacing or inserting), ``swap`` (replace an object's body
with an object of another document), ``insert`` (a run of one byte), ``duplicate`` (copy a
span of the file elsewhere), ``number`` (replace a number token by an extreme value), ``inflate`` (store a Flate stream
uncompressed, so that later mutations reach the content of compressed files), ``filters``
(swap a stream's filter chain for another, its data unchanged), ``huge`` (a number past 64
bits or a double, in any position), ``repeat`` (an object or a span, a JPEG scan say,
repeated up to 2,000 times).
"""

from __future__ import annotations

import re
import warnings
import zlib
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import pagelift

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"

# Small corpus files with varied producers and damage, read as further seeds when present.
CORPUS_SEEDS = (
    "pdfminer-simple1.pdf",
    "pdfminer-simple3.pdf",
    "pdfminer-simple4.pdf",
    "pdfjs-helloworld-bad.pdf",
    "pdfjs-xref-command-missing.pdf",
    "pdf20-utf8-test.pdf",
    "pypdf-toy.pdf",
)

TOKEN = re.compile(
    rb"/[^\s/\[\]()<>{}%]*"  # name
    rb"|\((?:\\.|[^\\()])*\)"  # literal string (no nesting)
    rb"|<<|>>|<[0-9A-Fa-f\s]*>"  # dictionary brackets, hex string
    rb"|[\[\]{}]"
    rb"|[+-]?(?:\d+\.?\d*|\.\d+)"  # number
    rb"|[A-Za-z'\"*]+"  # keyword or operator
)
NUMBER = re.compile(rb"(?<![\w./])[+-]?(?:\d+\.?\d*|\.\d+)(?![\w.])")
OBJECT = re.compile(rb"\d+\s+\d+\s+obj\b(.*?)\bendobj", re.S)
FLATE_STREAM = re.compile(rb"<<((?:(?!>>\s*stream).)*?/(?:FlateDecode|Fl)\b.*?)>>\s*stream\r?\n(.*?)endstream", re.S)
EXTREMES = (b"0", b"-1", b"-0", b"2147483648", b"-2147483649", b"99999999999999999999", b"1e400", b"0.0000001",
            b"4294967295", b"65536", b"256", b"-32768", b"3.4e38", b"NaN", b"1000000000")
KINDS = ("flip", "truncate", "splice", "swap", "insert", "duplicate", "number", "inflate", "filters", "huge",
         "repeat")
# Filter chains a stream's own may be swapped for (its data left as it is): the chains the
# bounded decoders once handed to qpdf whole (issue 17).
FILTER_CHAINS = (b"/Filter [/ASCII85Decode /FlateDecode]", b"/Filter [/FlateDecode /FlateDecode]",
                 b"/Filter /LZWDecode /DecodeParms << /EarlyChange 0 >>", b"/Filter [/RunLengthDecode /FlateDecode]",
                 b"/Filter /ASCIIHexDecode", b"/Filter [/FlateDecode /DCTDecode]", b"/Filter /RunLengthDecode",
                 b"/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>", b"/Filter /DCTDecode")
# Numbers past what 64-bit integers and doubles hold, written out in digits.
HUGE = (b"9223372036854775808", b"18446744073709551616", b"9" * 40, b"1" + b"0" * 400, b"-" + b"9" * 30,
        b"17" + b"0" * 307 + b".0", b"1" + b"0" * 308, b"0." + b"0" * 400 + b"1", b"-1" + b"0" * 308 + b".5")
FILTER_KEY = re.compile(rb"/Filter\s*(?:/\w+|\[[^\]]*\])(?:\s*/DecodeParms\s*(?:<<[^>]*>>|\[[^\]]*\]))?")

Mutation = tuple[Any, ...]


def builder_seeds() -> list[bytes]:
    """Documents made with pdfbuilder that exercise fonts, forms, images, marked content,
    object streams and encryption (uncompressed where possible, so that mutations land in
    content streams and CMaps rather than in Flate data)."""
    from pdfbuilder import Document, Encryption

    seeds = []
    doc = Document()
    helv = doc.standard_font("Helvetica")
    times = doc.standard_font("Times-Roman", encoding="MacRomanEncoding", widths=True)
    page = doc.add_page()
    page.text(helv, 12, 72, 720, "Hello, world")
    page.text_lines(times, 11, 72, 690, ["Naïve café", "second line", "third"], leading=14)
    f, s = page.use(helv), page.string
    page.content(b"BT " + f + b" 10 Tf 72 600 Td [" + s(helv, "Kern") + b" -250 " + s(helv, "ed") + b"] TJ "
                 + b"0 -12 TD " + s(helv, "quote") + b" ' 1 2 " + s(helv, "dquote") + b' " ET')
    seeds.append(doc.to_bytes())

    doc = Document()
    font = doc.type0_font("Hello CID wörld", to_unicode=True)
    sym = doc.embedded_font("truetype", "abc", to_unicode=True)
    cff = doc.embedded_font("cff", "xyz", differences={120: "x", 121: "y", 122: "z"})
    page = doc.add_page()
    page.text(font, 14, 72, 700, "Hello CID wörld")
    page.text(sym, 12, 72, 660, "abc")
    page.text(cff, 12, 72, 640, "xyz")
    seeds.append(doc.to_bytes())

    doc = Document()
    helv = doc.standard_font("Helvetica")
    t3 = doc.type3_font("AB", to_unicode=True)
    form = doc.form()
    form.text(helv, 10, 10, 10, "in a form")
    image = doc.image(4, 4)
    page = doc.add_page(rotate=90)
    page.draw(form, 100, 100).draw(image, 200, 200, 40, 40)
    page.inline_image(2, 2, b"\x00\xffEI", x=300, y=300)
    page.text(t3, 20, 72, 500, "ABBA")
    with page.marked("Span", mcid=0, actual_text="replacement"):
        page.text(helv, 12, 72, 400, "original")
    with page.marked("Artifact"):
        page.text(helv, 8, 72, 30, "page 1")
    page.annotate((72, 72, 200, 100), subtype="FreeText", appearance=form, contents="note")
    page.split_contents([7, 40, 41])
    seeds.append(doc.to_bytes())

    doc = Document()
    helv = doc.standard_font("Helvetica", to_unicode=True)
    for n in range(3):
        doc.add_page().text_lines(helv, 12, 72, 720, [f"page {n} line {i}" for i in range(5)])
    seeds.append(doc.to_bytes(compress=True, object_streams=True))
    seeds.append(doc.to_bytes(encryption=Encryption("rc4-128", user="")))

    from extras.rich_document import rich_document

    seeds.append(rich_document())  # metadata, XMP, outline, named destinations, links, a form, an attachment, labels

    doc = Document()
    cjk = doc.cjk_font("UniJIS-UCS2-H")
    page = doc.add_page()
    page.text(cjk, 12, 72, 720, "日本語のテキスト")
    seeds.append(doc.to_bytes())
    return seeds


@cache
def seeds(corpus_max_bytes: int = 0) -> tuple[bytes, ...]:
    """Every seed document: the builder's, then the corpus files of CORPUS_SEEDS that exist,
    then (for long runs, ``corpus_max_bytes`` > 0) every other corpus file up to that size.
    Corpus seeds that are missing (a clone without ../shared) are named in a warning: the
    fuzzing then covers less, and says so."""
    found = list(builder_seeds())
    missing = [name for name in CORPUS_SEEDS if not (CORPUS / name).exists()]
    found.extend((CORPUS / name).read_bytes() for name in CORPUS_SEEDS if name not in missing)
    if missing:
        warnings.warn(f"fuzzing from {len(found)} seeds only: {len(missing)} corpus seed files are missing "
                      f"from {CORPUS} ({', '.join(missing)})", stacklevel=2)
    if corpus_max_bytes:
        for path in sorted(CORPUS.glob("*.pdf")):
            if path.name not in CORPUS_SEEDS and 0 < path.stat().st_size <= corpus_max_bytes:
                found.append(path.read_bytes())
    return tuple(found)


@lru_cache(maxsize=32)  # the seeds' spans; mutated documents come and go
def _tokens(data: bytes) -> tuple[tuple[int, int], ...]:
    return tuple(m.span() for m in TOKEN.finditer(data))


@lru_cache(maxsize=32)  # the seeds' spans; mutated documents come and go
def _objects(data: bytes) -> tuple[tuple[int, int], ...]:
    return tuple(m.span(1) for m in OBJECT.finditer(data))


@lru_cache(maxsize=32)  # the seeds' spans; mutated documents come and go
def _numbers(data: bytes) -> tuple[tuple[int, int], ...]:
    return tuple(m.span() for m in NUMBER.finditer(data))


def apply(data: bytes, mutation: Mutation, donor: bytes) -> bytes:
    """``data`` with one mutation applied (``donor`` supplies spliced tokens and objects)."""
    kind, a, b, c = (*mutation, 0, 0, 0)[:4]
    n = len(data)
    if n == 0:
        return data
    if kind == "flip":
        pos = a % n
        return data[:pos] + bytes([data[pos] ^ (b % 255 + 1)]) + data[pos + 1 :]
    if kind == "truncate":
        return data[: a % n]
    if kind == "insert":
        pos = a % (n + 1)
        return data[:pos] + bytes([b % 256]) * (c % 64 + 1) + data[pos:]
    if kind == "duplicate":
        start = a % n
        span = data[start : start + b % 512 + 1]
        pos = c % (n + 1)
        return data[:pos] + span + data[pos:]
    if kind == "splice":
        mine, theirs = _tokens(data), _tokens(donor)
        if not mine or not theirs:
            return data
        ts, te = theirs[a % len(theirs)]
        ms, me = mine[b % len(mine)]
        piece = donor[ts:te]
        if c % 2:  # insert before the token, keeping it apart from its neighbours
            return data[:ms] + piece + b" " + data[ms:]
        return data[:ms] + piece + data[me:]
    if kind == "swap":
        mine, theirs = _objects(data), _objects(donor)
        if not mine or not theirs:
            return data
        ms, me = mine[a % len(mine)]
        ts, te = theirs[b % len(theirs)]
        return data[:ms] + donor[ts:te] + data[me:]
    if kind in ("number", "huge"):
        numbers = _numbers(data)
        if not numbers:
            return data
        s, e = numbers[a % len(numbers)]
        values = EXTREMES if kind == "number" else HUGE
        return data[:s] + values[b % len(values)] + data[e:]
    if kind == "inflate":
        streams = list(FLATE_STREAM.finditer(data))
        if not streams:
            return data
        m = streams[a % len(streams)]
        try:
            inflated = zlib.decompressobj().decompress(m.group(2), 1 << 20)
        except zlib.error:
            return data
        head = re.sub(rb"/Filter\s*(?:/(?:FlateDecode|Fl)\b|\[\s*/(?:FlateDecode|Fl)\s*\])", b"", m.group(1))
        head = re.sub(rb"/DecodeParms\s*<<[^>]*>>", b"", head)
        head = re.sub(rb"/Length\s+\d+(?:\s+\d+\s+R)?", b"/Length %d" % len(inflated), head)
        return data[: m.start()] + b"<<" + head + b">>\nstream\n" + inflated + b"\nendstream" + data[m.end() :]
    if kind == "filters":
        found = list(FILTER_KEY.finditer(data))
        if not found:
            return data
        m = found[a % len(found)]
        return data[: m.start()] + FILTER_CHAINS[b % len(FILTER_CHAINS)] + data[m.end() :]
    if kind == "repeat":
        # An object (or any span: a JPEG scan, an operator) repeated up to 2,000 times in place.
        objects = _objects(data)
        if objects and c % 2:
            s, e = objects[a % len(objects)]
        else:
            s = a % n
            e = min(n, s + b % 256 + 1)
        # At most 64 KB added: the point is many repeats of a small thing, not a big file.
        times = min(c % 2000 + 1, (64 << 10) // max(e - s, 1))
        return data[:e] + data[s:e] * times + data[e:]
    raise ValueError(f"unknown mutation {kind!r}")


def mutate(seed: int, donor: int, mutations: Sequence[Mutation], corpus_max_bytes: int = 0) -> bytes:
    """Seed document ``seed`` (modulo the seeds) with ``mutations`` applied in order."""
    all_seeds = seeds(corpus_max_bytes)
    data = all_seeds[seed % len(all_seeds)]
    other = all_seeds[donor % len(all_seeds)]
    for mutation in mutations:
        data = apply(data, mutation, other)
    return data


FUZZ_LIMITS = pagelift.Limits(max_stream_bytes=4 << 20, max_operators_per_page=200_000,
                              max_glyphs_per_page=100_000, max_form_depth=16, max_image_pixels=1 << 22,
                              max_cmap_entries=50_000)
"""Limits that keep each mutated document small work; their bounds are what is fuzzed."""


def exercise(data: bytes, variant: int = 0) -> int:
    """Read a (possibly broken) document the way a caller would: open, every page's text
    with a layout picked by ``variant``, lines, images, and tables when a detector is
    installed. Returns the number of characters read. Raises only what pagelift raises."""
    with pagelift.open(data, limits=FUZZ_LIMITS) as doc:
        layouts = [None, *doc.plugins.layout_names()]
        layout = layouts[variant % len(layouts)]
        total = len(doc.text(layout=layout))
        for page in doc.pages:
            total += sum(len(line.text) for line in page.lines())
            total += len(page.images)
            if variant % 3 == 0 and "whitespace" in doc.plugins.table_detector_names():
                total += len(page.tables())
            total += len(page.words()) + len(page.annotations) + len(page.label)
        meta = doc.metadata
        total += len(meta.title) + len(meta.xmp) + len(doc.outline) + len(doc.form_fields)
        for attachment in doc.attachments:
            try:
                total += len(attachment.data())
            except pagelift.PdfError:
                pass
        return total
