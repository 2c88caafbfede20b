"""A document's text written into Markdown so that it renders as the same text and nothing else.

PDFs come from strangers: a page can read ``<img src=x onerror=alert(1)>`` or
``[click](javascript:alert(1))``, and a Markdown viewer that renders inline HTML (notebooks,
chat and RAG front ends, static-site generators) would run the one and link the other.
The rules here are CommonMark's (and GitHub's tables and strikethrough): a character is
escaped with a backslash exactly where it would start markup, so ordinary prose stays
readable — ``a < b``, ``AT&T``, ``snake_case``, ``2 * 3``, a citation ``[12]`` and a dash
mid-line are left alone, while ``<b>``, ``&amp;``, ``*word*``, ``[a](b)`` and a ``#`` or
``1.`` at a line's start are escaped.

Links pagelift writes itself go through :func:`markdown_link`, which keeps only ``http``,
``https``, ``mailto`` and relative targets; any other (``javascript:``, ``data:``,
``file:``, ``vbscript:``) leaves the link text as plain text.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["SAFE_SCHEMES", "escape_heading", "escape_inline", "escape_line_start", "escape_markdown",
           "markdown_link", "safe_link_target"]

_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# "<" starts markup before a tag name, a closing tag, a comment/declaration or a processing
# instruction, and an autolink's scheme: all begin with a letter, "/", "!" or "?".
_HTML_START = re.compile(r"<(?=[A-Za-z/!?])")
# "&" starts markup when it begins an entity or a numeric character reference.
_ENTITY = re.compile(r"&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)")
_DELIMITERS = "*_~"
_BACKTICKS = re.compile(r"`+")

_LINE_START = re.compile(
    r"^(\s*)(?:"
    r"(?P<token>#{1,6}(?=\s|$)|>|[-+*](?=\s|$)|={1,}(?=\s*$)|`{3,}|~{3,})"  # heading, quote, item, underline, fence
    r"|(?P<digits>\d{1,9})(?P<dot>[.)])(?=\s|$)"  # an ordered item: its dot (or parenthesis) escaped
    r")")
_THEMATIC_BREAK = re.compile(r"^(\s*)([-*_])(?:\s*\2){2,}\s*$")
_TASK_BOX = re.compile(r"^\[[ xX]\](?=\s|$)")
_CLOSING_HASHES = re.compile(r"(^|\s)(#+)(\s*)$")

SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
"""The URL schemes a link pagelift writes may have; a target without a scheme (relative) is safe too."""
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")


def _space(ch: str) -> bool:
    return ch == "" or ch.isspace()


def _punctuation(ch: str) -> bool:
    # CommonMark 0.31: Unicode P (punctuation) and S (symbol) categories; older readers only P.
    return ch in _ASCII_PUNCTUATION or unicodedata.category(ch)[0] in "PS"


def _inert(char: str, before: str, after: str) -> bool:
    """Whether a run of ``*``, ``_`` or ``~`` between ``before`` and ``after`` can neither open nor close.

    Between two spaces a run flanks nothing; ``_`` between two letters or digits
    (``snake_case``) cannot open or close either. Anything else may, so it is escaped when
    the text holds another run that could pair with it.
    """
    if _space(before) and _space(after):
        return True
    return char == "_" and before.isalnum() and after.isalnum()


def _delimiter_runs(text: str) -> set[int]:
    """Positions of the ``*``, ``_`` and ``~`` that could form emphasis or strikethrough: every
    non-inert run of one character, when the text holds at least two of them (an opener needs a closer)."""
    escape: set[int] = set()
    for char in _DELIMITERS:
        runs = [m for m in re.finditer(re.escape(char) + "+", text)
                if not _inert(char, text[m.start() - 1] if m.start() else "", text[m.end()] if m.end() < len(text) else "")]
        if len(runs) >= 2:
            for m in runs:
                escape.update(range(m.start(), m.end()))
    return escape


def _code_ticks(text: str) -> set[int]:
    """Positions of backticks that could open or close a code span: runs whose length occurs twice."""
    runs = list(_BACKTICKS.finditer(text))
    lengths = [len(m.group()) for m in runs]
    escape: set[int] = set()
    for m in runs:
        if lengths.count(len(m.group())) >= 2:
            escape.update(range(m.start(), m.end()))
    return escape


def escape_inline(text: str, always: str = "") -> str:
    """``text`` with every character that would start inline markup backslash-escaped.

    Escaped: ``<`` before a tag, comment or autolink; ``&`` before an entity; ``*``, ``_``
    and ``~`` that could pair into emphasis or strikethrough; backticks that could pair
    into a code span; ``]`` before ``(``, ``[`` or ``:`` (a link, a reference, a
    definition); ``\\`` before punctuation or at the end; and every character of ``always``.
    Everything else is left as it is.
    """
    escape = _delimiter_runs(text) | _code_ticks(text)
    escape.update(index for index, ch in enumerate(text) if ch in always)
    escape.update(m.start() for m in _HTML_START.finditer(text))
    escape.update(m.start() for m in _ENTITY.finditer(text))
    for index, ch in enumerate(text):
        after = text[index + 1] if index + 1 < len(text) else ""
        link_bracket = ch == "]" and after in ("(", "[", ":")
        live_backslash = ch == "\\" and (after == "" or after in _ASCII_PUNCTUATION or after in "\r\n\x00")
        if link_bracket or live_backslash:
            escape.add(index)
    if not escape:
        return text
    return "".join("\\" + ch if index in escape else ch for index, ch in enumerate(text))


def escape_line_start(text: str) -> str:
    """``text`` made safe to stand at the start of a Markdown line: a leading ``#``, ``>``, ``-``,
    ``+``, ``*``, ``1.``, ``=``, a fence, a thematic break or a task box ``[x]`` escaped. Spaces and
    tabs before it are left out: four would make an indented code block, and a paragraph shows none."""
    text = text.lstrip(" \t")
    m = _THEMATIC_BREAK.match(text)
    if m:
        return m.group(1) + "\\" + text[m.end(1):]
    m = _LINE_START.match(text)
    if m:
        lead = m.group(1)
        if m.group("digits"):
            return lead + m.group("digits") + "\\" + m.group("dot") + text[m.end():]
        return lead + "\\" + text[len(lead):]
    if _TASK_BOX.match(text):
        return "\\" + text
    return text


def escape_markdown(text: str) -> str:
    """One line of document text as a Markdown block's text: :func:`escape_inline`, then
    :func:`escape_line_start`. Put it after a list marker or ``> `` as well as alone."""
    return escape_line_start(escape_inline(text))


def escape_heading(text: str) -> str:
    """A heading's text for ``# ...``: :func:`escape_inline`, and a ``#`` run at its end (which
    Markdown would read as the heading's closing sequence and drop) escaped."""
    escaped = escape_inline(text)
    m = _CLOSING_HASHES.search(escaped)
    if m:
        escaped = escaped[: m.start(2)] + "\\" + escaped[m.start(2):]
    return escaped


def safe_link_target(target: str) -> str | None:
    """The target as a link may carry it (control characters and spaces around it removed), or None
    when its scheme is not ``http``, ``https`` or ``mailto`` (a target without a scheme is relative: kept).

    Browsers drop tabs and line breaks inside a URL (``java\\tscript:``) and spaces before it,
    so the scheme is read after removing them, from the very string the link then carries.
    """
    cleaned = "".join(ch for ch in target if unicodedata.category(ch) not in ("Cc", "Cf")).strip()
    if not cleaned:
        return None
    m = _SCHEME.match(cleaned)
    if m is None:
        # No scheme. A colon before any "/", "?" or "#" would make a browser read a scheme anyway.
        head = re.split(r"[/?#]", cleaned, maxsplit=1)[0]
        return None if ":" in head else cleaned
    return cleaned if m.group(1).lower() in SAFE_SCHEMES else None


def markdown_link(text: str, target: str) -> str:
    """``[text](<target>)`` with the text escaped, when :func:`safe_link_target` keeps the target;
    otherwise the escaped text alone (the link is dropped, the words stay)."""
    safe = safe_link_target(target)
    if safe is None or not text.strip():
        return escape_inline(text)
    # In <...> form a destination may hold spaces and parentheses; "\", "<", ">" and an "&" that starts
    # an entity are escaped, so that no entity or escape changes the target that was checked.
    entities = {m.start() for m in _ENTITY.finditer(safe)}
    destination = "".join("\\" + ch if ch in "\\<>" or i in entities else ch for i, ch in enumerate(safe))
    return f"[{escape_inline(text, always='[]')}](<{destination}>)"
