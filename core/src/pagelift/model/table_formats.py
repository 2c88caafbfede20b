"""Tables handed to the tools people use: CSV, GitHub Markdown, pandas.

A table's first ``header_rows`` rows are its header. CSV keeps every row as it is (a
reader chooses the header); Markdown needs exactly one header row, so several header rows
are joined cell by cell with a space; pandas gets the same joined names as its columns,
made unique, since a DataFrame with two columns of one name is a trap.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from .markdown_escape import escape_inline

# The functions take a table's rows and its count of header rows, not the Table itself: Table's
# methods call them, and a module below Table that named it back would make an import loop.
Rows = list[list[str]]


def to_csv(rows: Rows) -> str:
    """The rows as CSV (RFC 4180 quoting, ``\\n`` line ends)."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


def header_names(rows: Rows, header_rows: int) -> list[str]:
    """One name per column: the header rows' cells joined with a space ("" where none)."""
    count = min(header_rows, len(rows))
    columns = len(rows[0]) if rows else 0
    names = []
    for column in range(columns):
        parts = [rows[r][column].strip() for r in range(count) if rows[r][column].strip()]
        names.append(" ".join(parts))
    return names


def unique_names(names: list[str]) -> list[str]:
    """The names made unique and non-empty: an empty name becomes ``column N``, a repeat gets `` (2)``."""
    out: list[str] = []
    seen: set[str] = set()
    for index, name in enumerate(names, 1):
        candidate = name or f"column {index}"
        base, n = candidate, 2
        while candidate in seen:
            candidate, n = f"{base} ({n})", n + 1
        seen.add(candidate)
        out.append(candidate)
    return out


def markdown_cell(text: str) -> str:
    """A cell's text made safe inside a pipe table: what would start inline markup escaped (HTML,
    emphasis, links: :func:`escape_inline`), ``|`` escaped, its line breaks as ``<br>``."""
    # The cell is one inline span around its <br>s ("*" before one and "*" after pair into emphasis), so it
    # is escaped whole, each break held by NUL (never in a rendered text: CommonMark replaces it).
    held = text.replace("\x00", "\ufffd").replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\x00")
    return escape_inline(held, always="|").replace("\x00", "<br>")


def to_markdown(rows: Rows, header_rows: int) -> str:
    """The rows as a GitHub pipe table; the header row is the header rows joined (or empty)."""
    if not rows:
        return ""
    count = min(max(header_rows, 0), len(rows))
    header = header_names(rows, header_rows) if count else [""] * len(rows[0])
    lines = ["| " + " | ".join(markdown_cell(cell) for cell in header) + " |",
             "|" + "|".join(" --- " for _ in header) + "|"]
    for row in rows[count:]:
        lines.append("| " + " | ".join(markdown_cell(cell) for cell in row) + " |")
    return "\n".join(lines) + "\n"


def to_pandas(rows: Rows, header_rows: int) -> Any:
    """The rows as a ``pandas.DataFrame``: the header rows as column names, the rest as string rows."""
    try:
        import pandas  # optional: only this method needs it
    except ImportError as exc:  # optional: only this method needs it
        raise ImportError("Table.to_pandas() needs pandas, which is not installed: pip install pandas "
                          "(or pip install 'pagelift[pandas]')") from exc
    count = min(max(header_rows, 0), len(rows))
    width = len(rows[0]) if rows else 0
    columns = unique_names(header_names(rows, header_rows)) if count else unique_names([""] * width)
    return pandas.DataFrame(rows[count:], columns=columns, dtype=object)
