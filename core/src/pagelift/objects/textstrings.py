"""PDF text strings and dates, as the document-level readers (metadata, outline, annotations,
forms, attachments) need them: decoded, or said to be damaged, never raising.

A text string is UTF-16BE after a byte-order mark (some producers write UTF-16LE or UTF-8
after theirs), else PDFDocEncoding (ISO 32000-1 §7.9.2.2, annex D; pikepdf decodes it).
A date is ``D:YYYYMMDDHHmmSSOHH'mm'`` with everything after the year optional (§7.9.4).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pikepdf

__all__ = ["parse_date", "text_of"]

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]")


def text_of(value: Any) -> tuple[str, bool]:
    """A PDF text string (or name) as text, and whether it decoded cleanly.

    Undecodable bytes and control characters are dropped (never shown as mojibake); the
    flag is then False so the caller can warn. Anything that is not a string or a name
    gives ``("", False)``.
    """
    if isinstance(value, pikepdf.Name):
        return str(value)[1:], True
    if isinstance(value, str):
        raw = value.encode("utf-8")
        bom = b""
    elif isinstance(value, (pikepdf.String, bytes, bytearray)):
        raw = bytes(value)
        bom = raw[:3]
    else:
        return "", False
    clean = True
    if isinstance(value, str):
        text = value
    elif bom[:2] in (b"\xfe\xff", b"\xff\xfe"):
        codec = "utf-16-be" if bom[:2] == b"\xfe\xff" else "utf-16-le"
        body = raw[2:]
        if len(body) % 2:
            body, clean = body[:-1], False
        try:
            text = body.decode(codec)
        except UnicodeDecodeError:
            text, clean = body.decode(codec, "ignore"), False
    elif bom == b"\xef\xbb\xbf":
        try:
            text = raw[3:].decode("utf-8")
        except UnicodeDecodeError:
            text, clean = raw[3:].decode("utf-8", "ignore"), False
    else:
        try:
            text = str(pikepdf.String(raw))  # PDFDocEncoding
        except Exception:
            text, clean = raw.decode("latin-1"), False
    # A C string's terminating NUL is a producer's habit, not damage.
    text = text.replace("\r\n", "\n").replace("\r", "\n").rstrip("\x00")
    stripped = _CONTROL.sub("", text)
    if stripped != text:
        clean = False
    return stripped, clean


_PDF_DATE = re.compile(
    r"\s*(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?"
    # Z may be followed by 00'00' (Apple's producers write that); a stray closing quote is common too.
    r"(?:([Zz])(?:\d{2}'?\d{2}'?)?|([+-])(\d{2})'?(?:(\d{2})'?)?)?'*\s*$"
)


def parse_date(text: str) -> datetime | None:
    """A PDF or XMP (ISO 8601) date as an aware datetime; None when it is not one.

    A date without an offset is taken as UTC (the standard leaves it unknown; an aware
    datetime compares and serialises without surprises).
    """
    m = _PDF_DATE.match(text)
    if m:
        year, month, day, hour, minute, second = (int(g) if g else d for g, d in
                                                  zip(m.groups()[:6], (0, 1, 1, 0, 0, 0), strict=True))
        zone = UTC
        if m.group(8):
            offset = timedelta(hours=int(m.group(9)), minutes=int(m.group(10) or 0))
            zone = timezone(-offset if m.group(8) == "-" else offset) if offset < timedelta(hours=24) else UTC
        try:
            return datetime(year, month, day, hour, minute, second, tzinfo=zone)
        except ValueError:
            return None
    try:
        parsed = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)
