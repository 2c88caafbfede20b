"""Words broken at the end of a line, put back together in text.

Justified text breaks long words at line ends ("uncer-" / "tainty"). Every reader sees
one word, and whoever indexes or searches the text needs it as one word too, so
``Page.text()`` mends such breaks within a block (a paragraph, a column's stretch) when
``Options.dehyphenate`` is on. Only text changes: ``Page.lines()``, runs and glyphs keep
what was drawn.

The rule, applied to consecutive lines of one block (:func:`mend`, :func:`decide`):

- The line ends (trailing spaces ignored) in a word of letters followed by a hyphen
  (U+002D or U+2010), and the next line starts with a lowercase letter. The first word
  of the next line moves up to complete the word; the rest of that line stays a line of
  its own, so the line structure is kept.
- Most such breaks are syllable breaks, and the hyphen goes ("uncertainty"). Some are
  compounds broken at their own hyphen, which keep it. The page's own words decide first:
  a word the page prints elsewhere with the hyphen inside a line (or a longer word
  starting so: "work-hours" for "work-" / "hour") and never joined keeps it ("vent-" /
  "holes" on a page saying "vent-holes"); one it prints joined and never hyphenated loses
  it. Otherwise a compound is taken to be one when the word holds another hyphen on
  either side ("stop-the-" / "world", "interpreter-" / "to-trace": TeX, where most
  syllable breaks come from, breaks such a word only at its hyphens), when one letter
  stands before the hyphen ("e-" / "mail", "x-" / "ray": no hyphenation leaves a single
  letter) and when it is an acronym ("DNA-" / "binding"). On a page whose producer marks
  its own breaks with soft hyphens (InDesign draws its hyphen as U+00AD), a hard hyphen
  at a line end is always the word's own ("compte-" / "tenu"). What none of this can
  tell without a dictionary is read as a syllable break, as pdftotext reads every
  break: "multi-" / "threaded" becomes "multithreaded".
- A soft hyphen (U+00AD) marks a place the producer allowed a break: at a line end it
  joins, dropped, whenever the next line starts with a letter. Inside a line it is
  invisible and is dropped from the text (:func:`drop_soft_hyphens`).
- Nothing is joined when the next line starts with a capital, a digit or a sign
  ("Anglo-" / "Saxon", "e-" / "MERLIN", "0.3-" / "0.5"), when the line ends in anything
  but letters and a hyphen ("0.3-", "G/IDA-", "—", a lone "-"), across blocks (columns,
  paragraphs, cells), in right-to-left or vertical lines, or when the next line does
  not sit just below the broken one, overlapping it along the baseline (a layout that
  keeps a whole page in one block, like ``content-order``, goes from the foot of one
  column to the head of the next).

Why not poppler's rule: pdftotext (TextOutputDev.cc) marks a line ``hyphenated`` when
its last character is ``-`` and then drops that hyphen and joins the next line of the
paragraph, whatever either side holds. That turns "e-MERLIN" into "eMERLIN", a range
"0.3-" / "0.5" into "0.30.5" and "stop-the-" / "world" into "stop-theworld": words no
page printed. Here a break is mended only where the two pieces are plainly one word; a
break left alone keeps the text as drawn, which is never false.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from enum import Enum

from ..model.values import Line
from .frames import span
from .lines import direction_key, has_rtl

HYPHENS = "-\u2010"
"""Hyphens that may end a line inside a broken word: HYPHEN-MINUS and HYPHEN."""

SOFT_HYPHEN = "\u00ad"
"""The soft hyphen: a break the producer allowed, visible only at a line end."""

MAX_CHAIN = 3
"""How many whole lines one line may take in when each is a single broken piece ("co-" / "ex-" / "istence")."""

MAX_LINE_STEP = 3.0
"""How far below the broken line (in text sizes) its continuation may sit: double spacing is about 2.4."""

_BREAKS = HYPHENS + SOFT_HYPHEN  # what a line broken inside a word ends with

# What may open a word before its letters: brackets and quotes.
_OPENERS = "([{\"'“‘«‹¿¡"
_FIRST_WORD = re.compile(r"\s*(\S+)\s*(.*)", re.DOTALL)
_INNER_HYPHEN = re.compile(f"\\w[{HYPHENS}]\\w")
_WORD_SEPARATORS = re.compile("[\\s\u2013\u2014]")  # spaces, en and em dashes


class Vocabulary:
    """The words printed on a page (lowercased), asked by prefix in logarithmic time.

    Sorted once, so that a page of many breaks and many words costs no more than sorting.
    """

    def __init__(self, words: Iterable[str]) -> None:
        self._words = sorted(set(words))

    def has_prefix(self, prefix: str) -> bool:
        """True when some word starts with ``prefix`` (or is it)."""
        i = bisect_left(self._words, prefix)
        return i < len(self._words) and self._words[i].startswith(prefix)


class Mend(Enum):
    """What to do with a line-end hyphen and the word that starts the next line."""

    JOIN = "join"
    """A syllable break: the hyphen goes and the two pieces make one word."""
    COMPOUND = "compound"
    """A compound broken at its own hyphen: the pieces join and the hyphen stays."""


def _is_letters(text: str) -> bool:
    """True for a run of letters (combining marks allowed after the first)."""
    if not text or not text[0].isalpha():
        return False
    return all(c.isalpha() or unicodedata.category(c).startswith("M") for c in text)


def decide(line: str, next_line: str, vocabulary: Callable[[], Vocabulary] | None = None, *,
           soft_breaks: bool = False) -> Mend | None:
    """Whether the end of ``line`` and the start of ``next_line`` are one broken word.

    Returns :attr:`Mend.JOIN` (drop the hyphen), :attr:`Mend.COMPOUND` (keep it) or None
    (leave both lines as drawn), by the rule in this module's docstring. ``vocabulary``,
    when given, returns the lowercased words printed on the page (called only when a
    break needs it): a compound the page prints with its hyphen (or a longer word
    starting with it: "work-hours" for "work-" / "hour") and never joined keeps it.
    ``soft_breaks=True`` says the page marks its own breaks with soft hyphens, so a
    hard hyphen at a line end belongs to the word.
    """
    end = line.rstrip()
    if not end or end[-1] not in _BREAKS:
        return None  # (what the rule below says of a line ending in anything else: most lines, at once)
    start = next_line.lstrip()
    if not start or has_rtl(end) or has_rtl(start):
        return None
    # The last word: after the last space or dash ("rank—la-" breaks "lament").
    last = _WORD_SEPARATORS.split(end)[-1].lstrip(_OPENERS)
    if not last:
        return None
    if last.endswith(SOFT_HYPHEN):
        return Mend.JOIN if len(last) > 1 and start[0].isalpha() else None
    if last[-1] not in HYPHENS or not start[0].islower():
        return None
    pieces = re.split(f"[{HYPHENS}]", last[:-1])
    if not all(_is_letters(p) for p in pieces):
        return None
    if soft_breaks:
        return Mend.COMPOUND  # the producer marked its own breaks otherwise
    first = start.split()[0]
    if vocabulary is not None:
        # The page's own words speak first. Prefixes, so that "work-hours" on the page
        # speaks for "work-" / "hour".
        known = vocabulary()
        word = last[:-1].lower()
        tail = re.match(r"\w*", first.lower())
        hyphened, joined = f"{word}-{tail.group() if tail else ''}", f"{word}{tail.group() if tail else ''}"
        seen_hyphened = known.has_prefix(hyphened)
        seen_joined = known.has_prefix(joined)
        if seen_hyphened != seen_joined:
            return Mend.COMPOUND if seen_hyphened else Mend.JOIN
    left = pieces[-1]
    compound_word = len(pieces) > 1 or _INNER_HYPHEN.search(first) is not None
    if compound_word or len(left) == 1 or left.isupper():
        return Mend.COMPOUND
    return Mend.JOIN


def mend(texts: Sequence[str], beside: Callable[[int, int], bool] | None = None,
         vocabulary: Callable[[], Vocabulary] | None = None, *, soft_breaks: bool = False) -> list[str]:
    """Mend the words broken across consecutive lines of one block; return the lines' new texts.

    ``texts`` are the block's lines top to bottom. ``beside(i, j)`` says whether line
    ``j`` (an index into ``texts``) continues line ``i`` on the page (None: always). The
    first word of a continuing line moves up to complete the word; a line left empty by
    that disappears, and the line it went to may continue into the next one (at most
    ``MAX_CHAIN`` times, so that a hostile page of one-word lines stays linear).
    ``vocabulary`` and ``soft_breaks`` are passed on to :func:`decide`.
    """
    out: list[str] = []
    source = -1  # the original index of out[-1]
    chain = 0  # how many whole lines out[-1] has taken in
    for j, text in enumerate(texts):
        if out and chain < MAX_CHAIN:
            how = decide(out[-1], text, vocabulary, soft_breaks=soft_breaks)
            if how is not None and (beside is None or beside(source, j)):
                found = _FIRST_WORD.match(text)
                assert found is not None  # decide() saw a first letter
                head, text = found.groups()
                end = out[-1].rstrip()
                out[-1] = (end[:-1] if how is Mend.JOIN else end) + head
                if not text:
                    chain += 1
                    continue  # the whole line moved up: out[-1] may end broken again
        out.append(text)
        source, chain = j, 0
    return out


def lines_beside(upper: Line, lower: Line) -> bool:
    """True when ``lower`` can continue ``upper`` as the next line of the same text.

    Both run in one horizontal-type direction (not vertical writing), ``lower`` sits below
    ``upper`` by at most ``MAX_LINE_STEP`` text sizes, and the two overlap along the
    baseline.
    """
    if not upper.runs or not lower.runs:
        return False
    if any(r.vertical for r in upper.runs) or any(r.vertical for r in lower.runs):
        return False
    if direction_key(upper.runs[0]) != direction_key(lower.runs[0]):
        return False
    a, b = span(upper), span(lower)
    step = a.v - b.v
    return 0 < step <= MAX_LINE_STEP * max(a.size, b.size) and b.u0 < a.u1 and b.u1 > a.u0


def drop_soft_hyphens(text: str) -> str:
    """``text`` without the soft hyphens inside its lines (those at a line end stay: they were drawn)."""
    if SOFT_HYPHEN not in text:
        return text
    out = []
    for line in text.split("\n"):
        body = line.rstrip()
        trail = line[len(body):]
        if body.endswith(SOFT_HYPHEN):
            out.append(body[:-1].replace(SOFT_HYPHEN, "") + SOFT_HYPHEN + trail)
        else:
            out.append(line.replace(SOFT_HYPHEN, ""))
    return "\n".join(out)


def page_vocabulary(blocks: Sequence[Sequence[str]]) -> Vocabulary:
    """The lowercased words of some blocks' lines, without surrounding punctuation.

    Words ending a line with a hyphen are left out: they are the pieces in question.
    """
    found: set[str] = set()
    for block in blocks:
        for line in block:
            words = line.split()
            if words and words[-1][-1:] in HYPHENS + SOFT_HYPHEN:
                words = words[:-1]
            for word in words:
                word = word.strip(".,;:!?()[]{}\"'“”‘’«»").lower()
                if word:
                    found.add(word)
    return Vocabulary(found)


def mend_blocks(blocks: Sequence[Sequence[Line]], texts: Sequence[Sequence[str]]) -> list[list[str]]:
    """Mend broken words in every block of a page: ``texts[k]`` are the texts of ``blocks[k]``'s lines.

    A compound the page prints with its hyphen elsewhere keeps it (the page's own words
    are read once, and only when some break asks). On a page that ends some line with a
    soft hyphen, the producer marks its breaks that way (InDesign does), so a hard hyphen
    ending a line is the word's own and stays.
    """
    known: Vocabulary | None = None
    soft_breaks = any(line.rstrip().endswith(SOFT_HYPHEN) for block in texts for line in block)

    def vocabulary() -> Vocabulary:
        nonlocal known
        if known is None:
            known = page_vocabulary(texts)
        return known

    out = []
    for block, block_texts in zip(blocks, texts, strict=True):

        def beside(i: int, j: int, block: Sequence[Line] = block) -> bool:
            return lines_beside(block[i], block[j])

        out.append(mend(block_texts, beside, vocabulary, soft_breaks=soft_breaks))
    return out


__all__ = ["HYPHENS", "SOFT_HYPHEN", "Mend", "Vocabulary", "decide", "drop_soft_hyphens", "lines_beside", "mend",
           "mend_blocks", "page_vocabulary"]
