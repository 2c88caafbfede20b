#!/usr/bin/env python3
"""Score pagelift's chunks beside docling-core's HybridChunker and a heading split of pymupdf4llm's Markdown, in one run.

    python3 benchmarks/markdown/generate.py       # first: the Markdown benchmark's 42 PDFs and their truth
    python3 benchmarks/chunks/score.py            # the tables (--max-tokens 128 by default)
    python3 benchmarks/chunks/score.py --show doc02.pdflatex   # every tool's chunks of one file

Four ways to cut each PDF of ``benchmarks/markdown/out`` into chunks of at most
``--max-tokens`` tokens, every one counted by the same tokenizer (words: pagelift-rag's
``count_words``, since a Hugging Face or tiktoken table cannot be downloaded here):

- ``pagelift chunks``: ``Document.export("chunks", max_tokens=N, tokenizer="words")``.
- ``docling HybridChunker``: docling-core's HybridChunker (tokenizer: the word counter, its
  defaults otherwise: merge_peers, repeat_table_header) over pagelift's own DoclingDocument
  (``Document.export("docling")``); a chunk's text is ``contextualize(chunk)``, the
  headings and the text, which is what docling embeds and what its limit bounds.
- ``pymupdf4llm + split``: pymupdf4llm.to_markdown (with pymupdf-layout's model when it is
  installed) split as LangChain documents: MarkdownHeaderTextSplitter (headings kept in the
  text), then RecursiveCharacterTextSplitter with the word counter as length.
- ``pagelift markdown + split``: the same split over pagelift's Markdown, which tells the
  chunker's share from the Markdown's.

Each tool's chunks are scored against the truth (the documents' headings and text):

- within limit: the share of chunks whose text counts at most N tokens;
- token recall: the truth's words found in the chunks' words (a multiset); order: the
  share of those that a longest common subsequence of the chunks' words, chunk after
  chunk, keeps in order;
- heading path: the share of chunks whose heading path (the chunk's own: ``headings``,
  docling's ``meta.headings``, the splitter's header metadata) equals the truth's path
  at the words the chunk holds (the path most of its aligned words sit under), over the
  chunks that have aligned words (a table serialized as docling's "key = value" triplets
  may have none: the longest common subsequence keeps the rows' words elsewhere);
- clean ends: the share of chunk ends that fall at the end of a sentence or a block
  (heading, paragraph, list item, table row) of the truth, not inside a sentence or row;
- rows whole: the share of the truth's table rows (header aside) whose words all stand in
  one chunk; rows under header: the share of chunks holding a whole row that also hold
  every word of the table's header row (whatever the serialization: pipe rows, docling's
  "key = value" triplets);
- foreign words: words per thousand in the chunks that the document's truth never uses
  (running heads, page numbers, URLs and dates that leaked in);
- seconds: each tool's time over the set, PDF to chunks, tools alternating first.
"""

from __future__ import annotations

import argparse
import difflib
import importlib.util
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SETS = {"markdown": HERE.parent / "markdown" / "out", "long": HERE / "out"}
"""The Markdown benchmark's 42 documents, and this benchmark's own long ones (generate.py)."""

_spec = importlib.util.spec_from_file_location("markdown_score", HERE.parent / "markdown" / "score.py")
assert _spec is not None and _spec.loader is not None
markdown_score = importlib.util.module_from_spec(_spec)
sys.modules["markdown_score"] = markdown_score  # its dataclasses look their module up
_spec.loader.exec_module(markdown_score)
words_of: Callable[[str], list[str]] = markdown_score.tokens  # the words of Markdown, markup taken away
norm: Callable[[str], str] = markdown_score._norm

_WORD = re.compile(r"[a-z0-9]+")


@dataclass
class Chunk:
    """A tool's chunk: its text, its heading path, and how many tokens it counts."""

    text: str
    path: list[str]
    tokens: int


@dataclass
class Truth:
    """A document's words in order, each with its heading path and whether a sentence or block ends after it."""

    words: list[str] = field(default_factory=list)
    paths: list[tuple[str, ...]] = field(default_factory=list)
    ends: list[bool] = field(default_factory=list)
    tables: list[list[str]] = field(default_factory=list)  # each table's rows, as their words joined, header first


def truth_of(doc: dict[str, Any]) -> Truth:
    """The truth's words, heading paths and sentence ends, from its text (one block a line) and headings."""
    out = Truth()
    headings = [(int(level), norm(str(text))) for level, text in doc["headings"]]
    next_heading = 0
    stack: list[tuple[int, str]] = []
    for line in str(doc["text"]).splitlines():
        key = norm(line)
        if next_heading < len(headings) and key == headings[next_heading][1]:
            level = headings[next_heading][0]
            stack = [(lv, t) for lv, t in stack if lv < level] + [(level, key)]
            next_heading += 1
        path = tuple(t for _, t in stack)
        lowered = markdown_score._plain(line).lower()
        found = list(_WORD.finditer(lowered))
        for i, match in enumerate(found):
            out.words.append(match.group())
            out.paths.append(path)
            after = lowered[match.end():match.end() + 2]
            out.ends.append(i == len(found) - 1 or after[:1] in ".!?")
    out.tables = [[" ".join(_WORD.findall(markdown_score._plain(" ".join(row)).lower())) for row in table]
                  for table in doc["tables"]]
    return out


@dataclass
class Score:
    """Counts summed over documents, and the time taken."""

    chunks: int = 0
    within: int = 0
    largest: int = 0
    common: int = 0
    ordered: int = 0
    truth_words: int = 0
    out_words: int = 0
    path_ok: int = 0
    path_voted: int = 0
    ends: int = 0
    clean_ends: int = 0
    foreign: int = 0
    rows: int = 0
    whole_rows: int = 0
    row_chunks: int = 0
    headed_chunks: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def add(self, chunks: list[Chunk], truth: Truth, limit: int) -> None:
        """Score one document's chunks."""
        self.chunks += len(chunks)
        self.within += sum(1 for c in chunks if c.tokens <= limit)
        self.largest = max([self.largest] + [c.tokens for c in chunks])
        per_chunk = [words_of(c.text) for c in chunks]
        stream = [w for words in per_chunk for w in words]
        owner = [i for i, words in enumerate(per_chunk) for _ in words]
        self.truth_words += len(truth.words)
        self.out_words += len(stream)
        self.common += sum((Counter(truth.words) & Counter(stream)).values())
        matcher = difflib.SequenceMatcher(None, truth.words, stream, autojunk=False)
        aligned: dict[int, int] = {}  # position in the stream -> position in the truth
        for block in matcher.get_matching_blocks():
            self.ordered += block.size
            for k in range(block.size):
                aligned[block.b + k] = block.a + k
        votes: list[Counter[tuple[str, ...]]] = [Counter() for _ in chunks]
        last: list[int | None] = [None] * len(chunks)
        for position, chunk_index in enumerate(owner):
            if position in aligned:
                votes[chunk_index][truth.paths[aligned[position]]] += 1
                last[chunk_index] = aligned[position]
        for chunk, vote in zip(chunks, votes, strict=True):
            if vote:  # a chunk none of whose words the alignment kept (a table as docling's triplets) has no say
                self.path_voted += 1
                self.path_ok += tuple(norm(h) for h in chunk.path) == vote.most_common(1)[0][0]
        for end in last[:-1]:  # the document's own end is no cut
            if end is not None:
                self.ends += 1
                self.clean_ends += truth.ends[end]
        vocabulary = set(truth.words)
        self.foreign += sum(1 for w in stream if w not in vocabulary)
        bags = [Counter(words) for words in per_chunk]
        for table in truth.tables:  # a row or header is "in" a chunk when all its words are (any serialization)
            header, body = Counter(table[0].split()), [Counter(row.split()) for row in table[1:]]
            self.rows += len(body)
            self.whole_rows += sum(1 for row in body if any(not row - bag for bag in bags))
            for bag in bags:
                if any(not row - bag for row in body):
                    self.row_chunks += 1
                    self.headed_chunks += not header - bag

    def figures(self) -> dict[str, float]:
        """The table's columns."""
        return {
            "chunks": self.chunks,
            "within limit": self.within / self.chunks if self.chunks else 0.0,
            "largest": self.largest,
            "token recall": self.common / self.truth_words if self.truth_words else 0.0,
            "order": self.ordered / self.common if self.common else 0.0,
            "heading path": self.path_ok / self.path_voted if self.path_voted else 0.0,
            "clean ends": self.clean_ends / self.ends if self.ends else 1.0,
            "rows whole": self.whole_rows / self.rows if self.rows else 1.0,
            "rows under header": self.headed_chunks / self.row_chunks if self.row_chunks else 1.0,
            "foreign words": 1000 * self.foreign / self.out_words if self.out_words else 0.0,
            "seconds": self.seconds,
        }


def _count(text: str) -> int:
    from pagelift_rag.tokens import count_words

    return count_words(text)


def pagelift_chunks(path: Path, limit: int) -> list[Chunk]:
    """pagelift's chunks exporter."""
    import pagelift

    with pagelift.open(path) as doc:
        records = [json.loads(line) for line in doc.export("chunks", max_tokens=limit, tokenizer="words").splitlines()]
    return [Chunk(r["text"], r["headings"], r["tokens"]) for r in records]


def _word_tokenizer(limit: int) -> Any:
    from docling_core.transforms.chunker.tokenizer.base import BaseTokenizer

    class WordTokenizer(BaseTokenizer):  # type: ignore[misc]
        """The benchmark's word counter, as docling's chunkers take a tokenizer."""

        max_tokens: int

        def count_tokens(self, text: str) -> int:
            return _count(text)

        def get_max_tokens(self) -> int:
            return self.max_tokens

        def get_tokenizer(self) -> Any:
            return _count  # semchunk takes a token counter

    return WordTokenizer(max_tokens=limit)


def docling_hybrid(path: Path, limit: int) -> list[Chunk]:
    """docling-core's HybridChunker over pagelift's DoclingDocument."""
    from docling_core.transforms.chunker.hybrid_chunker import HybridChunker
    from docling_core.types.doc import DoclingDocument

    import pagelift

    with pagelift.open(path) as doc:
        document = DoclingDocument.model_validate_json(doc.export("docling"))
    chunker = HybridChunker(tokenizer=_word_tokenizer(limit))
    out = []
    for chunk in chunker.chunk(document):
        text = chunker.contextualize(chunk)
        out.append(Chunk(text, list(chunk.meta.headings or ()), _count(text)))
    return out


def split_markdown(markdown: str, limit: int) -> list[Chunk]:
    """Markdown split as LangChain documents it: by headings (kept in the text), then recursively to the limit."""
    from langchain_text_splitters import MarkdownHeaderTextSplitter, RecursiveCharacterTextSplitter

    levels = [("#" * n, f"h{n}") for n in range(1, 7)]
    sections = MarkdownHeaderTextSplitter(levels, strip_headers=False).split_text(markdown)
    splitter = RecursiveCharacterTextSplitter(chunk_size=limit, chunk_overlap=0, length_function=_count)
    out = []
    for piece in splitter.split_documents(sections):
        path = [str(piece.metadata[f"h{n}"]) for n in range(1, 7) if f"h{n}" in piece.metadata]
        out.append(Chunk(piece.page_content, path, _count(piece.page_content)))
    return out


def pymupdf4llm_split(path: Path, limit: int) -> list[Chunk]:
    """pymupdf4llm's Markdown (its layout model when installed), split by headings."""
    import pymupdf4llm

    return split_markdown(str(pymupdf4llm.to_markdown(str(path), show_progress=False)), limit)


def pagelift_markdown_split(path: Path, limit: int) -> list[Chunk]:
    """pagelift's Markdown, split by headings the same way."""
    import pagelift

    with pagelift.open(path) as doc:
        return split_markdown(doc.export("markdown"), limit)


TOOLS: dict[str, Callable[[Path, int], list[Chunk]]] = {
    "pagelift chunks": pagelift_chunks,
    "docling HybridChunker (pagelift's DoclingDocument)": docling_hybrid,
    "pymupdf4llm + split by headings": pymupdf4llm_split,
    "pagelift markdown + split by headings": pagelift_markdown_split,
}


def _layout_model() -> str:
    """Turn pymupdf4llm's layout mode on when pymupdf-layout is installed (it must be imported first)."""
    try:
        import pymupdf.layout  # noqa: F401
    except ImportError:
        return "without pymupdf-layout"
    return "with pymupdf-layout"


def main() -> None:
    """Chunk every PDF of the Markdown benchmark with each tool and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-tokens", type=int, default=128, help="the chunk limit, in words (default 128)")
    parser.add_argument("--show", help="print every tool's chunks of the PDF whose name starts with this")
    args = parser.parse_args()
    limit = args.max_tokens
    layout = _layout_model()
    sets = {name: sorted(folder.glob("*.pdf")) for name, folder in SETS.items()}
    if not all(sets.values()):
        sys.exit("no PDFs: run benchmarks/markdown/generate.py and benchmarks/chunks/generate.py first")
    first = sets["markdown"][0]
    for tool in TOOLS.values():  # imports and first-call set-up, outside the timing
        tool(first, limit)
    columns = ["chunks", "within limit", "largest", "token recall", "order", "heading path", "clean ends",
               "rows whole", "rows under header", "foreign words", "seconds"]
    print(f"limit {limit} words; pymupdf4llm {layout}")
    for set_name, pdfs in sets.items():
        total = {name: Score() for name in TOOLS}
        by_producer: dict[str, dict[str, Score]] = {}
        for i, pdf in enumerate(pdfs):
            truth = truth_of(json.loads(pdf.with_suffix(".json").read_text(encoding="utf-8")))
            producer = pdf.stem.split(".", 1)[1]
            names = list(TOOLS) if i % 2 == 0 else list(reversed(TOOLS))
            for name in names:
                start = time.perf_counter()
                try:
                    chunks = TOOLS[name](pdf, limit)
                except Exception as exc:  # a tool that fails on a file scores nothing for it
                    chunks = []
                    total[name].failures.append(f"{pdf.name}: {type(exc).__name__}: {exc}")
                elapsed = time.perf_counter() - start
                for score in (total[name], by_producer.setdefault(producer, {n: Score() for n in TOOLS})[name]):
                    score.add(chunks, truth, limit)
                    score.seconds += elapsed
                if args.show and pdf.name.startswith(args.show):
                    for chunk in chunks:
                        print(f"===== {name}: {chunk.tokens} tokens, {chunk.path}\n{chunk.text}")
        print(f"\n### The {set_name} set: {len(pdfs)} documents ({', '.join(sorted(by_producer))})\n")
        print("| tool | " + " | ".join(columns) + " |")
        print("|---" * (len(columns) + 1) + "|")
        for name, score in total.items():
            figures = score.figures()
            print(f"| {name} | " + " | ".join(_cell(c, figures[c]) for c in columns) + " |")
        base = total["pagelift chunks"].seconds
        print()
        for name, score in total.items():
            if name != "pagelift chunks" and base:
                print(f"- {name} took {score.seconds / base:.2f}x pagelift chunks' time")
        shown = [c for c in columns if c not in ("chunks", "largest", "seconds")]
        print("\n| producer | tool | " + " | ".join(shown) + " |")
        print("|---" * (len(shown) + 2) + "|")
        for producer, scores in sorted(by_producer.items()):
            for name, score in scores.items():
                figures = score.figures()
                print(f"| {producer} | {name} | " + " | ".join(_cell(c, figures[c]) for c in shown) + " |")
        for name, score in total.items():
            for failure in score.failures:
                print(f"{name} failed: {failure}", file=sys.stderr)


def _cell(column: str, value: float) -> str:
    if column in ("chunks", "largest"):
        return str(int(value))
    if column in ("seconds", "foreign words"):
        return f"{value:.1f}"
    return f"{value:.3f}"


if __name__ == "__main__":
    main()
