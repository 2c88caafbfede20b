"""Text shared by both paths: lines joined into a paragraph, list markers recognised."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pagelift

BULLETS = "•◦▪▫‣⁃●○■□–—∙·*-➢➤►▸✓✔"
"""Characters that start a bulleted list item when they stand alone before its text."""

_BULLET = re.compile(r"^\s*([" + re.escape(BULLETS) + r"]|\uf0b7|\uf0a7|\uf0d8|\uf0fc|o(?=\s))\s+(?=\S)")
_NUMBER = re.compile(r"^\s*\(?(\d{1,3}|[a-z]|[ivx]{1,4})([.)])\s+(?=\S)")


def join_lines(lines: Sequence[str]) -> str:
    """A paragraph's lines as one: a word broken at a line end ("uncer-" / "tainty") joined, CJK lines
    joined as they are, other lines with a space."""
    out = ""
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if out.endswith("-") and len(out) > 1 and out[-2].isalpha() and line[:1].islower():
            out = out[:-1] + line
        elif out and pagelift.is_cjk(out[-1]) and pagelift.is_cjk(line[0]):
            out += line  # Chinese and Japanese put no space where a line wraps
        else:
            out = f"{out} {line}" if out else line
    return out


def bullet(text: str) -> tuple[str, int | None] | None:
    """``(kind, number)`` when ``text`` starts with a list marker: ("bullet", None) or ("number", n); else None."""
    if _BULLET.match(text):
        return "bullet", None
    m = _NUMBER.match(text)
    if m:
        token = m.group(1)
        return "number", int(token) if token.isdigit() else None
    return None


def strip_marker(text: str) -> str:
    """The item's text without its bullet or number."""
    m = _BULLET.match(text) or _NUMBER.match(text)
    return text[m.end():] if m else text


def is_label(text: str) -> bool:
    """Whether a list label (/Lbl) is a number or letter (an ordered list), not a bullet."""
    return bool(re.fullmatch(r"\(?(\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)]?", text.strip()))
