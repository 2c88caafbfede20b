#!/usr/bin/env python3
"""Make the generated table set: documents with known tables, and documents with none, from real producers.

    python3 benchmarks/tables/generate.py            # into benchmarks/tables/generated/ (git-ignored)

Each document ``NAME.pdf`` comes with ``NAME.truth.json``: ``{"producer", "style",
"tables": [{"page", "rows"}]}`` (an empty list for the documents without tables). The
producers are the ones people's PDFs come from:

- Chromium (``--print-to-pdf``) from HTML: tables with borders, without borders, with
  only row rules, with a spanning header; prose, two-column prose, lists;
- LibreOffice Writer from Word documents made with python-docx (``Table Grid`` style and
  no borders), and LibreOffice Calc printing a spreadsheet (from CSV);
- pdflatex: ``tabular`` with ``|`` and ``\\hline``, with ``\\hline`` only, booktabs, no rules;
  prose in one and two columns;
- reportlab: ``Table`` with a full grid, with only lines under rows, with none; paragraphs;
- a prose control of documents shaped to fool a detector (``prose-*``): a pdflatex article
  with lists and a display equation, a code listing, a two-column paper with authors side
  by side, a Word letter and a Word form, a web article and an HTML form from Chromium.

The content is drawn from a seeded generator, so every run makes the same documents.
Needs chromium, libreoffice, pdflatex (Debian packages) and python-docx, reportlab
(benchmarks/tables/requirements.txt).
"""

from __future__ import annotations

import csv
import html
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parent / "generated"

Rows = list[list[str]]

HEADERS = ["Place", "Region", "Miles", "Locks", "Opened", "Owner", "Depth (m)", "Boats", "Cost", "Status"]
PLACES = ["Mill Bridge", "Long Reach", "Weir End", "Kings Lock", "Barrow Wharf", "Stone Cut", "Hollow Mere",
          "Fenny Stratford", "Ash Tunnel", "Marsh Gate", "Cobble Quay", "Heron Pool"]
REGIONS = ["North", "South", "East", "West", "Midlands", "Fens"]
OWNERS = ["Trust", "County", "Private", "Company"]
STATUS = ["Open", "Closed", "Restored", "Under repair"]
WORDS = ["the", "canal", "runs", "beside", "the", "old", "towpath", "past", "the", "mill", "and", "the", "weir", "and", "then", "climbs", "a", "flight", "of", "locks", "to", "the", "summit", "pound", "where", "water", "is", "held", "between", "two", "long", "embankments", "while", "boats", "wait", "their", "turn", "in", "the", "early", "morning", "mist", "and", "herons", "stand", "in", "the", "reeds", "along", "the", "bank"]


def cell(rng: random.Random, header: str) -> str:
    """A plausible value for a column."""
    if header == "Place":
        return rng.choice(PLACES)
    if header == "Region":
        return rng.choice(REGIONS)
    if header == "Owner":
        return rng.choice(OWNERS)
    if header == "Status":
        return rng.choice(STATUS)
    if header == "Opened":
        return str(rng.randint(1761, 1905))
    if header == "Cost":
        return f"{rng.randint(1, 950)},{rng.randint(0, 999):03d}"
    if header in ("Miles", "Depth (m)"):
        return f"{rng.randint(0, 40)}.{rng.randint(0, 9)}"
    return str(rng.randint(0, 60))


def table(rng: random.Random) -> Rows:
    """A header and 4-9 rows over 3-6 columns."""
    columns = ["Place", *rng.sample(HEADERS[1:], rng.randint(2, 5))]
    return [columns] + [[cell(rng, h) for h in columns] for _ in range(rng.randint(4, 9))]


def sentence(rng: random.Random, words: int = 14) -> str:
    """A sentence of canal prose."""
    start = rng.randint(0, len(WORDS) - words)
    text = " ".join(WORDS[start:start + words])
    return text[0].upper() + text[1:] + "."


def paragraph(rng: random.Random, sentences: int = 5) -> str:
    """A paragraph of canal prose."""
    return " ".join(sentence(rng, rng.randint(10, 18)) for _ in range(sentences))


# -- Chromium ------------------------------------------------------------------------------

CSS = {
    "borders": "table{border-collapse:collapse} td,th{border:1px solid #000;padding:4px 8px;text-align:left}",
    "no-borders": "table{border-collapse:collapse} td,th{padding:3px 18px 3px 0;text-align:left}",
    "row-rules": "table{border-collapse:collapse} td,th{border-bottom:1px solid #444;padding:4px 14px;text-align:left}",
    "boxed": "table{border:1.5px solid #000;border-collapse:collapse} td,th{padding:4px 14px;text-align:left}",
}


def html_table(rows: Rows, attributes: str = "") -> str:
    """An HTML table, its first row the header; ``attributes`` for readers that ignore CSS (Writer)."""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows[1:])
    return f"<table {attributes}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def html_page(body: str, css: str = "") -> str:
    """A whole HTML page with a readable font."""
    return (f"<!doctype html><html><head><meta charset='utf-8'><style>body{{font-family:'DejaVu Sans',sans-serif;"
            f"font-size:11pt;margin:2cm}} {css}</style></head><body>{body}</body></html>")


def chromium(source: Path, pdf: Path) -> None:
    """Print an HTML file to PDF with headless Chromium."""
    profile = tempfile.mkdtemp(prefix="chromium-")
    try:
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        f"--user-data-dir={profile}", "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
                        source.as_uri()], check=True, capture_output=True, timeout=120)
    finally:
        shutil.rmtree(profile, ignore_errors=True)


# -- LibreOffice ---------------------------------------------------------------------------


def docx_document(path: Path, rows: Rows | None, rng: random.Random, style: str) -> None:
    """A Word document made with python-docx: a paragraph, the table (``Table Grid`` or no style), a paragraph."""
    import docx

    document = docx.Document()
    document.add_paragraph(paragraph(rng, 3))
    if rows is not None:
        grid = document.add_table(rows=len(rows), cols=len(rows[0]))
        if style == "grid":
            grid.style = "Table Grid"
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                grid.cell(r, c).text = text
    else:
        for _ in range(3):
            document.add_paragraph(paragraph(rng, 4))
        for _item in range(4):
            document.add_paragraph(sentence(rng, 9), style="List Bullet")
    document.add_paragraph(paragraph(rng, 3))
    document.save(str(path))


def libreoffice(sources: list[Path], folder: Path) -> None:
    """Convert documents to PDF with LibreOffice Writer, all in one run."""
    if not sources:
        return
    profile = tempfile.mkdtemp(prefix="lo-")
    try:
        subprocess.run(["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to",
                        "pdf", "--outdir", str(folder), *map(str, sources)],
                       check=True, capture_output=True, timeout=600)
    finally:
        shutil.rmtree(profile, ignore_errors=True)


# -- pdflatex ------------------------------------------------------------------------------


def latex_escape(text: str) -> str:
    """Text safe inside LaTeX."""
    return text.replace("&", r"\&").replace("%", r"\%").replace("$", r"\$").replace("#", r"\#").replace("_", r"\_")


def latex_table(rows: Rows, style: str) -> str:
    """A ``tabular`` in one of the styles: ``grid``, ``hline``, ``booktabs``, ``plain``."""
    n = len(rows[0])
    spec = "|" + "|".join("l" * n) + "|" if style == "grid" else "l" * n
    lines = [" & ".join(latex_escape(c) for c in row) + r" \\" for row in rows]
    if style == "grid":
        body = r"\hline" + "\n" + "\n".join(line + r" \hline" for line in lines)
    elif style == "hline":
        body = "\\hline\n" + lines[0] + " \\hline\n" + "\n".join(lines[1:]) + "\n\\hline"
    elif style == "booktabs":
        body = "\\toprule\n" + lines[0] + "\n\\midrule\n" + "\n".join(lines[1:]) + "\n\\bottomrule"
    else:
        body = "\n".join(lines)
    return f"\\begin{{tabular}}{{{spec}}}\n{body}\n\\end{{tabular}}"


def latex_document(body: str, twocolumn: bool = False) -> str:
    """A whole LaTeX article."""
    options = "[twocolumn]" if twocolumn else ""
    return (f"\\documentclass{options}{{article}}\n\\usepackage[T1]{{fontenc}}\n\\usepackage{{lmodern}}\n"
            f"\\usepackage{{booktabs}}\n\\pagestyle{{empty}}\n\\begin{{document}}\n{body}\n\\end{{document}}\n")


def pdflatex(source: Path, folder: Path) -> None:
    """Run pdflatex once (no references to resolve)."""
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-output-directory", str(folder),
                    str(source)], check=True, capture_output=True, timeout=120)


# -- reportlab -----------------------------------------------------------------------------


def reportlab_document(path: Path, rows: Rows | None, rng: random.Random, style: str) -> None:
    """A reportlab story: a paragraph, the table (full grid, lines below rows, or none), a paragraph."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    styles = getSampleStyleSheet()
    story = [Paragraph(paragraph(rng, 3), styles["Normal"]), Spacer(1, 12)]
    if rows is not None:
        commands = [("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 14)]
        if style == "grid":
            commands.append(("GRID", (0, 0), (-1, -1), 0.5, colors.black))
        elif style == "lines":
            commands.append(("LINEBELOW", (0, 0), (-1, -1), 0.5, colors.black))
        grid = Table(rows)
        grid.setStyle(TableStyle(commands))
        story += [grid, Spacer(1, 12)]
    else:
        story += [Paragraph(paragraph(rng, 5), styles["Normal"]) for _ in range(3)]
    story.append(Paragraph(paragraph(rng, 3), styles["Normal"]))
    SimpleDocTemplate(str(path), pagesize=A4).build(story)


# -- the set -------------------------------------------------------------------------------


def write_truth(folder: Path, name: str, producer: str, style: str, tables: list[Rows]) -> None:
    """Write NAME.truth.json beside NAME.pdf (every table on page 1)."""
    truth = {"producer": producer, "style": style, "tables": [{"page": 1, "rows": t} for t in tables]}
    (folder / f"{name}.truth.json").write_text(json.dumps(truth, ensure_ascii=False, indent=1), encoding="utf-8")


def generate(folder: Path) -> int:
    """Make every document into ``folder``; the number made."""
    folder.mkdir(parents=True, exist_ok=True)
    work = folder / "sources"
    work.mkdir(exist_ok=True)
    rng = random.Random(13)
    made = 0
    office: list[tuple[Path, str, str, str, list[Rows]]] = []

    # Chromium: four table styles twice each, and prose without tables.
    for style in CSS:
        for k in range(2):
            rows = table(rng)
            name = f"chromium-{style}-{k}"
            body = f"<p>{paragraph(rng, 2)}</p>{html_table(rows)}<p>{paragraph(rng, 2)}</p>"
            (work / f"{name}.html").write_text(html_page(body, CSS[style]), encoding="utf-8")
            chromium(work / f"{name}.html", folder / f"{name}.pdf")
            write_truth(folder, name, "chromium", style, [rows])
            made += 1
    prose_pages = {
        "chromium-prose": "".join(f"<p>{paragraph(rng)}</p>" for _ in range(5)),
        "chromium-two-columns": "<div style='column-count:2'>" + "".join(f"<p>{paragraph(rng)}</p>" for _ in range(8))
                                + "</div>",
        "chromium-list": "<ul>" + "".join(f"<li>{sentence(rng)}</li>" for _ in range(8)) + "</ul>"
                         + f"<p>{paragraph(rng)}</p>",
        "chromium-rules": f"<h2>Canal notes</h2><hr><p>{paragraph(rng)}</p><hr><p>{paragraph(rng)}</p>",
        "chromium-headings": "".join(f"<h3>{sentence(rng, 4)}</h3><p>{paragraph(rng, 3)}</p>" for _ in range(4)),
        "chromium-quote": f"<p>{paragraph(rng)}</p><blockquote>{paragraph(rng, 2)}</blockquote><p>{paragraph(rng)}</p>",
        "chromium-boxed": f"<div style='border:1px solid #000;padding:8px'><p>{paragraph(rng)}</p></div>"
                          f"<p>{paragraph(rng)}</p>",
    }
    for name, body in prose_pages.items():
        (work / f"{name}.html").write_text(html_page(body), encoding="utf-8")
        chromium(work / f"{name}.html", folder / f"{name}.pdf")
        write_truth(folder, name, "chromium", "prose", [])
        made += 1

    # Word documents (python-docx) and HTML through LibreOffice Writer.
    for k, style in enumerate(("grid", "grid", "plain", "plain")):
        rows = table(rng)
        name = f"docx-{style}-{k}"
        docx_document(work / f"{name}.docx", rows, rng, style)
        office.append((work / f"{name}.docx", name, "libreoffice (python-docx)", style, [rows]))
    for k in range(4):
        name = f"docx-prose-{k}"
        docx_document(work / f"{name}.docx", None, rng, "prose")
        office.append((work / f"{name}.docx", name, "libreoffice (python-docx)", "prose", []))
    for k in range(2):
        # A spreadsheet printed by LibreOffice Calc: a grid of text with no rules at all.
        # Calc reads "354,437" as a number and prints it as 354437: the truth is what it prints.
        rows = [[c.replace(",", "") for c in row] for row in table(rng)]
        name = f"calc-csv-{k}"
        with (work / f"{name}.csv").open("w", encoding="utf-8", newline="") as f:
            csv.writer(f).writerows(rows)
        office.append((work / f"{name}.csv", name, "libreoffice calc (csv)", "plain", [rows]))
    libreoffice([source for source, *_ in office], folder)
    for _, name, producer, style, tables in office:
        write_truth(folder, name, producer, style, tables)
        made += 1

    # pdflatex: four tabular styles twice each, prose in one and two columns.
    for style in ("grid", "hline", "booktabs", "plain"):
        for k in range(2):
            rows = table(rng)
            name = f"latex-{style}-{k}"
            body = f"{paragraph(rng, 3)}\n\n\\begin{{center}}\n{latex_table(rows, style)}\n\\end{{center}}\n\n" \
                   f"{paragraph(rng, 3)}"
            (work / f"{name}.tex").write_text(latex_document(body), encoding="utf-8")
            pdflatex(work / f"{name}.tex", folder)
            write_truth(folder, name, "pdflatex", style, [rows])
            made += 1
    for name, twocolumn in (("latex-prose", False), ("latex-prose-b", False), ("latex-two-columns", True),
                              ("latex-two-columns-b", True)):
        body = "\n\n".join(paragraph(rng, 6) for _ in range(8 if twocolumn else 5))
        (work / f"{name}.tex").write_text(latex_document(body, twocolumn), encoding="utf-8")
        pdflatex(work / f"{name}.tex", folder)
        write_truth(folder, name, "pdflatex", "prose", [])
        made += 1

    # reportlab: three table styles, paragraphs.
    for style in ("grid", "lines", "plain", "grid"):
        rows = table(rng)
        name = f"reportlab-{style}-{made}"
        reportlab_document(folder / f"{name}.pdf", rows, rng, style)
        write_truth(folder, name, "reportlab", style, [rows])
        made += 1
    for k in range(5):
        name = f"reportlab-prose-{k}"
        reportlab_document(folder / f"{name}.pdf", None, rng, "prose")
        write_truth(folder, name, "reportlab", "prose", [])
        made += 1
    made += prose_control(folder, work, rng)
    for leftover in folder.glob("*.aux"):
        leftover.unlink()
    for leftover in folder.glob("*.log"):
        leftover.unlink()
    return made


# -- the prose control: documents with no table, in the shapes that fool detectors --------

CODE = """def lock_flight(boats, locks):
    # Fill each chamber in turn, then open the top gate.
    level   = 0
    chamber = None
    for lock in locks:
        level   = lock.fill(level)
        chamber = lock.open(boats)
    return chamber, level
"""


def prose_control(folder: Path, work: Path, rng: random.Random) -> int:
    """Documents with no table that look like one to a whitespace reader: an article with
    lists and a display equation, a code listing with aligned assignments, a two-column
    paper with authors side by side, a Word letter with a right-set date and address
    blocks, a Word form of labels and tab leaders, a web article with a byline, figure
    caption, code block and definition list, and a printed HTML form. The number made."""
    made = 0
    latex = {
        "prose-latex-article": "\\section{The summit pound}\n" + paragraph(rng, 4)
        + "\n\\begin{itemize}\n" + "".join(f"\\item {sentence(rng, 9)}\n" for _ in range(4))
        + "\\end{itemize}\n\\[ h = \\frac{V}{A} + 2.5 \\qquad q = c\\,b\\,h^{3/2} \\]\n"
        + paragraph(rng, 4) + "\\footnote{" + sentence(rng, 10) + "}\n\\begin{enumerate}\n"
        + "".join(f"\\item {sentence(rng, 11)}\n" for _ in range(3)) + "\\end{enumerate}\n" + paragraph(rng, 3),
        "prose-latex-code": paragraph(rng, 3) + "\n\\begin{verbatim}\n" + CODE + "\\end{verbatim}\n"
        + paragraph(rng, 3),
        "prose-latex-paper": "\\title{" + sentence(rng, 6) + "}\\author{Ann Weir\\\\ Canal Trust \\and "
        "Ben Lock\\\\ County Museum \\and Cat Marsh\\\\ Fenny College}\\date{}\\maketitle\n"
        + "\\begin{abstract}" + paragraph(rng, 3) + "\\end{abstract}\n"
        + "\n\n".join(f"\\section{{{sentence(rng, 3)}}}\n{paragraph(rng, 6)}" for _ in range(6)),
    }
    for name, body in latex.items():
        (work / f"{name}.tex").write_text(latex_document(body, twocolumn=name.endswith("paper")), encoding="utf-8")
        pdflatex(work / f"{name}.tex", folder)
        write_truth(folder, name, "pdflatex", "prose", [])
        made += 1

    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH

    letter = docx.Document()
    for line in ("Canal Trust", "12 Wharf Lane", "Fenny Stratford", "MK2 4AB"):
        letter.add_paragraph(line).alignment = WD_ALIGN_PARAGRAPH.RIGHT
    letter.add_paragraph("3 December 2026")
    for line in ("Ms A. Weir", "Lock Cottage", "Long Reach"):
        letter.add_paragraph(line)
    letter.add_paragraph("Dear Ms Weir,")
    for _ in range(3):
        letter.add_paragraph(paragraph(rng, 4))
    letter.add_paragraph("Yours sincerely,")
    letter.add_paragraph("Ben Lock\tHead of Waterways")
    letter.save(str(work / "prose-docx-letter.docx"))
    form = docx.Document()
    form.add_heading("Mooring permit application", level=1)
    form.add_paragraph(paragraph(rng, 2))
    for label in ("Name of boat", "Owner", "Address", "Length (m)", "Licence number", "Signature"):
        form.add_paragraph(f"{label}:\t" + "_" * 40)
    form.add_paragraph(paragraph(rng, 2))
    form.save(str(work / "prose-docx-form.docx"))
    libreoffice([work / "prose-docx-letter.docx", work / "prose-docx-form.docx"], folder)
    for name in ("prose-docx-letter", "prose-docx-form"):
        write_truth(folder, name, "libreoffice (python-docx)", "prose", [])
        made += 1

    pages = {
        "prose-chromium-article": "<nav>Home &nbsp; News &nbsp; Waterways &nbsp; About</nav><h1>"
        + sentence(rng, 6) + "</h1><p><em>By Ann Weir</em> &nbsp; 3 December 2026 &nbsp; 4 min read</p>"
        + f"<p>{paragraph(rng)}</p><figure><div style='width:300px;height:80px;background:#ccc'></div>"
        + f"<figcaption>Figure 1. {sentence(rng, 8)}</figcaption></figure><pre>{html.escape(CODE)}</pre>"
        + "<dl>" + "".join(f"<dt>{w}</dt><dd>{sentence(rng, 10)}</dd>" for w in ("Pound", "Weir", "Cut"))
        + f"</dl><p>{paragraph(rng)}</p><footer>Canal Trust &nbsp; Contact &nbsp; Privacy</footer>",
        "prose-chromium-form": "<h2>Mooring permit</h2>" + "".join(
            f"<p><label>{label}</label> <input style='width:260px'></p>"
            for label in ("Name of boat", "Owner", "Address", "Length", "Licence"))
        + "<p><input type='checkbox'> I agree to the terms</p><p><button>Send</button></p>",
    }
    for name, body in pages.items():
        (work / f"{name}.html").write_text(html_page(body), encoding="utf-8")
        chromium(work / f"{name}.html", folder / f"{name}.pdf")
        write_truth(folder, name, "chromium", "prose", [])
        made += 1
    return made


def main() -> int:
    made = generate(OUT)
    tables = sum(1 for p in OUT.glob("*.truth.json") if json.loads(p.read_text())["tables"])
    print(f"{made} documents in {OUT}: {tables} with a table, {made - tables} without", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
