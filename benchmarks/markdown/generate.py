#!/usr/bin/env python3
"""Make the Markdown benchmark's PDFs with real producers, and the truth beside each.

    python3 benchmarks/markdown/generate.py                 # every producer found
    python3 benchmarks/markdown/generate.py --only chromium,pdflatex

Each document of ``documents.py`` is rendered by: headless Chromium (HTML printed to PDF:
tagged), LibreOffice from .odt (odfpy) and from .docx (python-docx), each exported tagged
and untagged, pdflatex (untagged), and Ghostscript from PostScript (the same LaTeX through
latex, dvips and ps2pdf). Sources, PDFs and truth (``NAME.PRODUCER.json``) go to
``benchmarks/markdown/out/`` (ignored by git). Needs the Python packages of
requirements.txt and the Debian packages chromium, libreoffice-writer, texlive and
ghostscript; a producer that is missing is skipped with a message.
"""

from __future__ import annotations

import argparse
import html
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

from documents import Doc, documents, truth

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
PRODUCERS = ("chromium", "lo-odt-tagged", "lo-odt-untagged", "lo-docx-tagged", "lo-docx-untagged", "pdflatex",
             "ghostscript")


def _path(stem: Path, ext: str) -> Path:
    """``stem`` (NAME.PRODUCER) with an extension added, the producer kept."""
    return stem.parent / (stem.name + ext)


# -- Chromium ------------------------------------------------------------------------------


def to_html(doc: Doc) -> str:
    """The document as an HTML page (two columns through CSS when the document has them)."""
    out = []
    for b in doc.blocks:
        if b.kind == "heading":
            out.append(f"<h{b.level}>{html.escape(b.text)}</h{b.level}>")
        elif b.kind == "para":
            out.append(f"<p>{html.escape(b.text)}</p>")
        elif b.kind == "list":
            tag = "ol" if b.ordered else "ul"
            out.append(f"<{tag}>")
            for i, (depth, text) in enumerate(b.items):
                nxt = b.items[i + 1][0] if i + 1 < len(b.items) else 0
                prev = b.items[i - 1][0] if i else 0
                if depth > prev:
                    out.append("<ul>")
                out.append(f"<li>{html.escape(text)}" + ("" if nxt > depth else "</li>"))
                if depth > nxt:
                    out.append("</ul></li>")
            out.append(f"</{tag}>")
        elif b.kind == "table":
            rows = ["<tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in b.rows[0]) + "</tr>"]
            rows += ["<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in b.rows[1:]]
            out.append("<table border='1' cellspacing='0'>" + "".join(rows) + "</table>")
    columns = "column-count: 2; column-gap: 2em;" if doc.columns == 2 else ""
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{doc.name}</title><style>"
            f"body {{ font-family: 'Liberation Serif', serif; font-size: 11pt; {columns} }} "
            "td, th { padding: 2px 6px; } table { margin: 8px 0; }</style></head><body>"
            + "\n".join(out) + "</body></html>")


def chromium(doc: Doc, stem: Path) -> None:
    """Print the HTML to PDF with headless Chromium (tagged: Chromium writes a structure tree)."""
    source = _path(stem, ".html")
    source.write_text(to_html(doc), encoding="utf-8")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        f"--user-data-dir={profile}", "--no-pdf-header-footer",
                        f"--print-to-pdf={_path(stem, '.pdf')}", source.as_uri()],
                       check=True, capture_output=True, timeout=120)


# -- LibreOffice: .odt (odfpy) and .docx (python-docx) ---------------------------------------


def to_odt(doc: Doc, path: Path) -> None:
    """The document as .odt: text:h with outline levels, styled lists, a table with a header row."""
    from odf.opendocument import OpenDocumentText
    from odf.style import (
        Columns,
        ListLevelProperties,
        MasterPage,
        PageLayout,
        PageLayoutProperties,
        ParagraphProperties,
        Style,
        TableColumnProperties,
        TextProperties,
    )
    from odf.table import Table, TableCell, TableColumn, TableHeaderRows, TableRow
    from odf.text import H, List, ListItem, ListLevelStyleBullet, ListLevelStyleNumber, ListStyle, P

    odt = OpenDocumentText()
    sizes = {1: "20pt", 2: "16pt", 3: "13pt"}
    heading_styles = {}
    for level, size in sizes.items():
        style = Style(name=f"Heading {level}", family="paragraph")
        style.addElement(TextProperties(fontsize=size, fontweight="bold", fontname="Liberation Sans"))
        style.addElement(ParagraphProperties(margintop="0.3cm", marginbottom="0.2cm"))
        odt.styles.addElement(style)
        heading_styles[level] = style
    body = Style(name="Body", family="paragraph")
    body.addElement(TextProperties(fontsize="11pt"))
    body.addElement(ParagraphProperties(marginbottom="0.2cm"))
    odt.styles.addElement(body)
    layout = PageLayout(name="Page")
    props = PageLayoutProperties(pagewidth="21cm", pageheight="29.7cm", margin="2cm")
    if doc.columns == 2:
        props.addElement(Columns(columncount=2, columngap="0.8cm"))
    layout.addElement(props)
    odt.automaticstyles.addElement(layout)
    odt.masterstyles.addElement(MasterPage(name="Standard", pagelayoutname=layout))
    bullets = ListStyle(name="Bullets")
    numbers = ListStyle(name="Numbers")
    for level in (1, 2):
        b = ListLevelStyleBullet(level=level, bulletchar="•")
        b.addElement(ListLevelProperties(spacebefore=f"{0.6 * level}cm", minlabelwidth="0.5cm"))
        bullets.addElement(b)
        n = ListLevelStyleNumber(level=level, numformat="1", numsuffix=".")
        n.addElement(ListLevelProperties(spacebefore=f"{0.6 * level}cm", minlabelwidth="0.6cm"))
        numbers.addElement(n)
    odt.automaticstyles.addElement(bullets)
    odt.automaticstyles.addElement(numbers)
    column = Style(name="Col", family="table-column")
    column.addElement(TableColumnProperties(columnwidth="3.5cm"))
    odt.automaticstyles.addElement(column)
    for b in doc.blocks:
        if b.kind == "heading":
            odt.text.addElement(H(outlinelevel=b.level, stylename=heading_styles[b.level], text=b.text))
        elif b.kind == "para":
            odt.text.addElement(P(stylename=body, text=b.text))
        elif b.kind == "list":
            outer = List(stylename=numbers if b.ordered else bullets)
            last_item = None
            inner = None
            for depth, text in b.items:
                item = ListItem()
                item.addElement(P(stylename=body, text=text))
                if depth == 0:
                    outer.addElement(item)
                    last_item, inner = item, None
                else:
                    if inner is None:
                        inner = List()
                        assert last_item is not None
                        last_item.addElement(inner)
                    inner.addElement(item)
            odt.text.addElement(outer)
        elif b.kind == "table":
            table = Table(name=f"Table{id(b)}")
            table.addElement(TableColumn(numbercolumnsrepeated=len(b.rows[0]), stylename=column))
            head = TableHeaderRows()
            for r, row in enumerate(b.rows):
                tr = TableRow()
                for cell in row:
                    tc = TableCell()
                    tc.addElement(P(stylename=body, text=cell))
                    tr.addElement(tc)
                (head if r == 0 else table).addElement(tr)
                if r == 0:
                    table.addElement(head)
            odt.text.addElement(table)
    odt.save(str(path))


def to_docx(doc: Doc, path: Path) -> None:
    """The document as .docx: built-in Heading 1-3, List Bullet / List Number (and level 2), a Table Grid table."""
    import docx
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    from docx.shared import Cm

    d = docx.Document()
    for b in doc.blocks:
        if b.kind == "heading":
            d.add_heading(b.text, level=b.level)
        elif b.kind == "para":
            d.add_paragraph(b.text)
        elif b.kind == "list":
            base = "List Number" if b.ordered else "List Bullet"
            for depth, text in b.items:
                d.add_paragraph(text, style=base if depth == 0 else "List Bullet 2")
        elif b.kind == "table":
            table = d.add_table(rows=len(b.rows), cols=len(b.rows[0]))
            table.style = "Table Grid"
            width = Cm((7.5 if doc.columns == 2 else 15) / len(b.rows[0]))  # the table fits its column
            for r, row in enumerate(b.rows):
                for c, cell in enumerate(row):
                    table.cell(r, c).text = cell
                    table.cell(r, c).width = width
            for column in table.columns:
                column.width = width
            d.add_paragraph("")
    if doc.columns == 2:
        cols = OxmlElement("w:cols")
        cols.set(qn("w:num"), "2")
        cols.set(qn("w:space"), "567")
        d.sections[0]._sectPr.append(cols)
    d.save(str(path))


def libreoffice(sources: list[Path], tagged: bool) -> None:
    """Convert .odt/.docx files to PDF in one LibreOffice run, tagged or not."""
    if not sources:
        return
    flag = "true" if tagged else "false"
    filter_ = 'pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"' + flag + '"}}'
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", filter_,
                        "--outdir", str(OUT), *map(str, sources)], check=True, capture_output=True, timeout=600)


# -- LaTeX: pdflatex, and latex + dvips + Ghostscript -----------------------------------------


def to_latex(doc: Doc) -> str:
    """The document as LaTeX: a bold title, section*/subsection* headings, itemize/enumerate, a ruled tabular."""
    out = [r"\documentclass[11pt" + (",twocolumn" if doc.columns == 2 else "") + "]{article}",
           r"\usepackage[T1]{fontenc}", r"\usepackage{lmodern}", r"\usepackage[margin=2.5cm]{geometry}",
           r"\begin{document}"]
    for b in doc.blocks:
        if b.kind == "heading":
            if b.level == 1 and doc.columns == 2:  # across both columns, as \maketitle sets a title
                out.append(r"\twocolumn[{\noindent{\LARGE\bfseries " + b.text + r"}\par\bigskip}]")
            elif b.level == 1:
                out.append(r"\noindent{\LARGE\bfseries " + b.text + r"}\par\bigskip")
            else:
                out.append(("\\section*{" if b.level == 2 else "\\subsection*{") + b.text + "}")
        elif b.kind == "para":
            out.append(b.text + "\n")
        elif b.kind == "list":
            env = "enumerate" if b.ordered else "itemize"
            out.append(f"\\begin{{{env}}}")
            depth_now = 0
            for depth, text in b.items:
                if depth > depth_now:
                    out.append(r"\begin{itemize}")
                elif depth < depth_now:
                    out.append(r"\end{itemize}")
                depth_now = depth
                out.append(r"\item " + text)
            if depth_now:
                out.append(r"\end{itemize}")
            out.append(f"\\end{{{env}}}")
        elif b.kind == "table":
            cols = len(b.rows[0])
            out.append(r"\begin{center}\begin{tabular}{" + "l" * cols + r"}\hline")
            for r, row in enumerate(b.rows):
                out.append(" & ".join(row) + r" \\" + (r" \hline" if r == 0 else ""))
            out.append(r"\hline\end{tabular}\end{center}")
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


def pdflatex(doc: Doc, stem: Path) -> None:
    """Typeset with pdflatex (untagged)."""
    _path(stem, ".tex").write_text(to_latex(doc), encoding="utf-8")
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", _path(stem, ".tex").name],
                   cwd=OUT, check=True, capture_output=True, timeout=120)


def ghostscript(doc: Doc, stem: Path) -> None:
    """latex to DVI, dvips to PostScript, Ghostscript's ps2pdf to PDF."""
    tex = _path(stem, ".tex")
    tex.write_text(to_latex(doc), encoding="utf-8")
    run = {"cwd": OUT, "check": True, "capture_output": True, "timeout": 120}
    subprocess.run(["latex", "-interaction=nonstopmode", "-halt-on-error", tex.name], **run)  # type: ignore[call-overload]
    subprocess.run(["dvips", "-q", "-o", _path(stem, ".ps").name, _path(stem, ".dvi").name], **run)  # type: ignore[call-overload]
    subprocess.run(["ps2pdf", _path(stem, ".ps").name, _path(stem, ".pdf").name], **run)  # type: ignore[call-overload]


# -- main ----------------------------------------------------------------------------------------

NEEDS = {"chromium": "chromium", "lo-odt-tagged": "soffice", "lo-odt-untagged": "soffice",
         "lo-docx-tagged": "soffice", "lo-docx-untagged": "soffice", "pdflatex": "pdflatex",
         "ghostscript": "ps2pdf"}


def main() -> None:
    """Render every document with every producer asked for and installed."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default=",".join(PRODUCERS), help="comma-separated producers")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    wanted = [p for p in args.only.split(",") if p]
    lo_jobs: dict[bool, list[Path]] = {True: [], False: []}
    for producer in wanted:
        if producer not in NEEDS:
            sys.exit(f"unknown producer {producer!r}; known: {', '.join(PRODUCERS)}")
        if shutil.which(NEEDS[producer]) is None:
            print(f"skipped {producer}: {NEEDS[producer]} is not installed", file=sys.stderr)
            continue
        for doc in documents():
            stem = OUT / f"{doc.name}.{producer}"
            (OUT / f"{doc.name}.{producer}.json").write_text(json.dumps(asdict(truth(doc))), encoding="utf-8")
            if producer == "chromium":
                chromium(doc, stem)
            elif producer.startswith("lo-"):
                source = stem.parent / (stem.name + (".odt" if "odt" in producer else ".docx"))
                (to_odt if "odt" in producer else to_docx)(doc, source)
                lo_jobs[producer.endswith("-tagged")].append(source)
            elif producer == "pdflatex":
                pdflatex(doc, stem)
            else:
                ghostscript(doc, stem)
    for tagged, sources in lo_jobs.items():
        libreoffice(sources, tagged)
    made = sorted(OUT.glob("*.pdf"))
    print(f"{len(made)} PDFs in {OUT}")


if __name__ == "__main__":
    main()
