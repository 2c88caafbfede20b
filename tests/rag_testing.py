"""A small report for the retrieval exporters' and loaders' docs and READMEs: two pages, three heading levels, a table.

``report_pdf()`` is what the examples call ``report.pdf``; :func:`examples` pulls each
```python block and the plain block under it (what it prints) out of a Markdown file.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pdfbuilder

RIVER = ("The towpath follows the river past mills and meadows, and the old mile markers count the distance "
         "back to the city one stone at a time.")


def report_pdf() -> bytes:
    """The report: "Canal Survey" (title), "Locks" with "Upper Flight" under it, "Costs" with a table; two pages."""
    doc = pdfbuilder.Document()
    regular = doc.standard_font("Helvetica", name="F1")
    bold = doc.standard_font("Helvetica-Bold", name="F2")
    page = doc.add_page()
    y = 740.0

    def line(text: str, size: float = 11, font: object = regular) -> None:
        nonlocal page, y
        if y < 90:
            page = doc.add_page()
            y = 740.0
        page.text(font, size, 72, y, text)  # type: ignore[arg-type]
        y -= size * 1.5

    def paragraph(text: str) -> None:
        nonlocal y
        words, current = text.split(), ""
        for word in words:
            if current and len(current) + len(word) > 80:
                line(current)
                current = word
            else:
                current = f"{current} {word}".strip()
        line(current)
        y -= 8

    line("Canal Survey", 20, bold)
    paragraph("The canal was walked end to end in May, and every lock was counted on the way.")
    line("Locks", 16, bold)
    paragraph("Locks lift the boats over the hills between the two rivers.")
    line("Upper Flight", 13, bold)
    for _ in range(14):
        paragraph(RIVER)
    line("Costs", 16, bold)
    y -= 4
    for cells in (("Item", "Pounds", "Year"), ("Gates", "12000", "2024"), ("Dredging", "8500", "2025"),
                  ("Towpath", "3200", "2025")):
        for x, cell in zip((72, 220, 340), cells, strict=True):
            page.text(regular, 11, x, y, cell)
        y -= 16
    return doc.to_bytes()


def examples(path: Path) -> list[tuple[str, str]]:
    """Each ```python block of a Markdown file with the plain ``` block right under it (its output)."""
    return re.findall(r"```python\n(.*?)```\n\n```\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


def report_in(folder: Path) -> Path:
    """Write ``report.pdf`` into ``folder`` and return its path (the examples open it by that name)."""
    path = folder / "report.pdf"
    path.write_bytes(report_pdf())
    return path


def run_only_example(readme: Path) -> tuple[str, str]:
    """Run a README's one example (it must hold exactly one); return (what it printed, what the README shows)."""
    found = examples(readme)
    assert len(found) == 1, f"{readme} should hold one example with its output, holds {len(found)}"
    code, shown = found[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(readme), "exec"), {})
    return out.getvalue(), shown
