#!/usr/bin/env python3
"""Make the layout benchmark's PDFs with real producers, and the truth text beside each.

    python3 benchmarks/layout/generate.py            # every producer found on the machine
    python3 benchmarks/layout/generate.py --only chromium,reportlab

For each document of ``content.py`` and each producer — Chromium's print to PDF,
LibreOffice (flat ODT converted headless), pdflatex, ReportLab — it writes the source
(``NAME.PRODUCER.html/.fodt/.tex``), the PDF and the truth (``NAME.PRODUCER.txt``) into
``benchmarks/layout/out/`` (ignored by git). A producer that is not installed is skipped
with a message; see README.md for the packages. pdflatex makes no right-to-left documents
(it has no Unicode Arabic or Hebrew typesetting of its own) and no vertical CJK.
"""

from __future__ import annotations

import argparse
import fnmatch
import html
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from content import Block, Doc, documents, truth

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
PRODUCERS = ("chromium", "libreoffice", "pdflatex", "reportlab")

FONTS = {  # script -> (HTML/ODT family, language tag)
    "latin": ("Noto Serif", "en"),
    "arabic": ("Noto Sans Arabic", "ar"),
    "hebrew": ("Noto Sans Hebrew", "he"),
    "chinese": ("Noto Sans CJK SC", "zh"),
    "japanese": ("Noto Sans CJK JP", "ja"),
}


def _path(stem: Path, ext: str) -> Path:
    """``stem`` (NAME.PRODUCER) with an extension added, not replacing the producer."""
    return stem.parent / (stem.name + ext)


def _rtl(doc: Doc) -> bool:
    return doc.script in ("arabic", "hebrew")


# -- Chromium: HTML printed to PDF --------------------------------------------------------


def _raised_html(text: str) -> str:
    """``word^1`` as HTML: what follows a caret up to the next space is a superscript."""
    return " ".join(f"{html.escape(w.split('^')[0])}<sup>{html.escape(w.split('^')[1])}</sup>" if "^" in w
                    else html.escape(w) for w in text.split(" "))


def to_html(doc: Doc) -> str:
    """The document as an HTML page: CSS columns, tables, lists; dir=rtl or vertical-rl where needed."""
    family, lang = FONTS[doc.script]

    def blocks(items: list[Block]) -> str:
        out = []
        for b in items:
            if b.kind == "title":
                out.append(f"<h1>{html.escape(b.text)}</h1>")
            elif b.kind == "heading":
                out.append(f"<h2>{html.escape(b.text)}</h2>")
            elif b.kind == "spaced":
                out.append(f'<h2 class="spaced">{html.escape(b.text)}</h2>')
            elif b.kind in ("para", "caption"):
                cls = ' class="caption"' if b.kind == "caption" else ""
                out.append(f"<p{cls}>{_raised_html(b.text)}</p>")
            elif b.kind == "footnotes":
                out.append('<div class="notes">' + "".join(f"<p><sup>{k}</sup>{html.escape(note)}</p>"
                                                          for k, note in enumerate(b.items, 1)) + "</div>")
            elif b.kind == "table":
                rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in b.rows)
                out.append(f"<table>{rows}</table>")
            elif b.kind == "list":
                tag = "ol" if b.ordered else "ul"
                out.append(f"<{tag}>" + "".join(f"<li>{html.escape(i)}</li>" for i in b.items) + f"</{tag}>")
            elif b.kind == "columns":
                out.append(f'<div class="cols" style="column-count:{b.count}">{blocks(b.blocks)}</div>')
        return "\n".join(out)

    mode = "writing-mode: vertical-rl;" if doc.vertical else ""
    return f"""<!doctype html>
<html lang="{lang}" dir="{'rtl' if _rtl(doc) else 'ltr'}"><head><meta charset="utf-8"><style>
@page {{ size: A4; margin: 2cm; }}
html {{ {mode} }}
body {{ font-family: '{family}'; font-size: 10.5pt; line-height: 1.35; }}
h1 {{ font-size: 18pt; }} h2 {{ font-size: 13pt; }}
p {{ text-align: justify; margin: 0 0 0.6em 0; }}
.cols {{ column-gap: 1.5em; }}
.caption {{ font-style: italic; }}
.spaced {{ letter-spacing: 0.4em; font-size: 12pt; font-weight: normal; }}
.notes {{ border-top: 0.5pt solid #999; margin-top: 2em; font-size: 8.5pt; }} .notes p {{ margin: 0 0 0.2em 0; }}
table {{ border-collapse: collapse; margin: 0.6em 0; }} td {{ padding: 2pt 10pt; border: 0.5pt solid #999; }}
</style></head><body>
{blocks(doc.blocks)}
</body></html>
"""


def _only_reportlab(doc: Doc, producer: str) -> None:
    if doc.family == "out-of-order":
        raise Skip(f"{producer} draws in reading order; the out-of-order family is ReportLab's")
    if doc.producers and producer not in doc.producers:
        raise Skip(f"the {doc.family} family is made by {', '.join(doc.producers)} only")


def chromium(doc: Doc, stem: Path) -> None:
    """Print the HTML page to PDF with headless Chromium (no header or footer)."""
    _only_reportlab(doc, "chromium")
    src = _path(stem, ".html")
    src.write_text(to_html(doc), encoding="utf-8")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
                        "--no-pdf-header-footer", f"--print-to-pdf={_path(stem, '.pdf')}", src.as_uri()],
                       check=True, capture_output=True, timeout=120)


# -- LibreOffice: flat ODT converted headless ----------------------------------------------

_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
       'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
       'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
       'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
       'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
       'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"')


def to_fodt(doc: Doc) -> str:
    """The document as a flat ODT: sections with columns, tables, bulleted and numbered lists."""
    family, lang = FONTS[doc.script]
    e = html.escape
    rtl = _rtl(doc)
    mode = 'style:writing-mode="rl-tb"' if rtl else ""
    body: list[str] = []
    counter = [0]
    notes = next((list(b.items) for b in doc.blocks if b.kind == "footnotes"), [])

    def blocks(items: list[Block]) -> None:
        for b in items:
            counter[0] += 1
            if b.kind == "title":
                body.append(f'<text:p text:style-name="Title">{e(b.text)}</text:p>')
            elif b.kind == "heading":
                body.append(f'<text:p text:style-name="Heading">{e(b.text)}</text:p>')
            elif b.kind in ("para", "caption"):
                body.append(f'<text:p text:style-name="{"Caption" if b.kind == "caption" else "Body"}">'
                            f'{_raised_odt(b.text, notes)}</text:p>')
            elif b.kind == "footnotes":
                notes.extend(b.items)  # already placed: each at its marker, as a real footnote
            elif b.kind == "table":
                cols = len(b.rows[0])
                rows = "".join(
                    "<table:table-row>" + "".join(
                        f'<table:table-cell office:value-type="string"><text:p text:style-name="Cell">{e(c)}</text:p>'
                        "</table:table-cell>" for c in row) + "</table:table-row>" for row in b.rows)
                body.append(f'<table:table table:name="T{counter[0]}" table:style-name="Tab">'
                            f'<table:table-column table:number-columns-repeated="{cols}"/>{rows}</table:table>')
            elif b.kind == "list":
                style = "Numbers" if b.ordered else "Bullets"
                items_xml = "".join(f'<text:list-item><text:p text:style-name="Body">{e(i)}</text:p></text:list-item>'
                                    for i in b.items)
                body.append(f'<text:list text:style-name="{style}">{items_xml}</text:list>')
            elif b.kind == "columns":
                body.append(f'<text:section text:style-name="Cols{b.count}" text:name="S{counter[0]}">')
                blocks(b.blocks)
                body.append("</text:section>")

    blocks(doc.blocks)
    align = "end" if rtl else "justify"
    text_props = ('style:font-name="Main" fo:font-size="10.5pt" style:font-name-asian="Main" '
                  'style:font-size-asian="10.5pt" style:font-name-complex="Main" style:font-size-complex="10.5pt"')
    sections = "".join(
        f'<style:style style:name="Cols{n}" style:family="section"><style:section-properties>'
        f'<style:columns fo:column-count="{n}" fo:column-gap="0.6cm"/></style:section-properties></style:style>'
        for n in (2, 3))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document {_NS} office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="Main" svg:font-family="'{family}'"/></office:font-face-decls>
<office:styles>
<style:default-style style:family="paragraph"><style:paragraph-properties {mode}/>
<style:text-properties {text_props} fo:language="{lang}"/></style:default-style>
</office:styles>
<office:automatic-styles>
{sections}
<style:style style:name="Title" style:family="paragraph"><style:paragraph-properties {mode} fo:margin-bottom="0.4cm"/>
<style:text-properties fo:font-size="18pt" fo:font-weight="bold" style:font-size-asian="18pt" style:font-size-complex="18pt"/></style:style>
<style:style style:name="Heading" style:family="paragraph"><style:paragraph-properties {mode} fo:margin-top="0.3cm" fo:margin-bottom="0.2cm"/>
<style:text-properties fo:font-size="13pt" fo:font-weight="bold" style:font-size-asian="13pt" style:font-size-complex="13pt"/></style:style>
<style:style style:name="Body" style:family="paragraph"><style:paragraph-properties {mode} fo:text-align="{align}" fo:margin-bottom="0.2cm"/></style:style>
<style:style style:name="Caption" style:family="paragraph"><style:paragraph-properties {mode} fo:margin-top="0.3cm" fo:margin-bottom="0.3cm"/>
<style:text-properties fo:font-style="italic"/></style:style>
<style:style style:name="Sup" style:family="text"><style:text-properties style:text-position="super 58%"/></style:style>
<style:style style:name="Cell" style:family="paragraph"><style:paragraph-properties {mode}/></style:style>
<style:style style:name="Tab" style:family="table"><style:table-properties {mode} style:width="16.5cm" table:align="{'right' if rtl else 'left'}"/></style:style>
<text:list-style style:name="Bullets"><text:list-level-style-bullet text:level="1" text:bullet-char="•">
<style:list-level-properties text:space-before="0.4cm" text:min-label-width="0.5cm"/></text:list-level-style-bullet></text:list-style>
<text:list-style style:name="Numbers"><text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix=".">
<style:list-level-properties text:space-before="0.4cm" text:min-label-width="0.6cm"/></text:list-level-style-number></text:list-style>
</office:automatic-styles>
<office:body><office:text>
{chr(10).join(body)}
</office:text></office:body></office:document>
"""


def _raised_odt(text: str, notes: list[str]) -> str:
    """``word^1`` in ODT: a footnote marker (a digit) becomes a real footnote holding the next
    of ``notes``; any other superscript (``^[12]``, ``^th``, ``^2``) a raised span."""
    e = html.escape
    out = []
    for w in text.split(" "):
        if "^" not in w:
            out.append(e(w))
            continue
        base, up = w.split("^")
        if up.isdigit() and base != "m" and notes:  # "m^2" is a power, "word^3" a footnote
            note = notes.pop(0)
            out.append(f'{e(base)}<text:note text:id="n{up}" text:note-class="footnote"><text:note-citation>{up}'
                       f'</text:note-citation><text:note-body><text:p text:style-name="Body">{e(note)}</text:p>'
                       "</text:note-body></text:note>")
        else:
            out.append(f'{e(base)}<text:span text:style-name="Sup">{e(up)}</text:span>')
    return " ".join(out)


def libreoffice(doc: Doc, stem: Path) -> None:
    """Convert the flat ODT to PDF with headless LibreOffice."""
    _only_reportlab(doc, "libreoffice")
    src = _path(stem, ".fodt")
    src.write_text(to_fodt(doc), encoding="utf-8")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
                        "--outdir", str(stem.parent), str(src)], check=True, capture_output=True, timeout=180)


# -- pdflatex ------------------------------------------------------------------------------


def to_latex(doc: Doc) -> str:
    """The document as LaTeX: multicol, tabular, itemize/enumerate, CJKutf8 for Chinese and Japanese."""
    cjk = {"chinese": "gbsn", "japanese": "min"}.get(doc.script)

    def blocks(items: list[Block]) -> str:
        out = []
        for b in items:
            if b.kind == "title":
                out.append(f"{{\\LARGE\\bfseries {b.text}\\par}}\\bigskip")
            elif b.kind == "heading":
                out.append(f"\\{'section' if 'twocolumn' in doc.latex_class else 'subsection'}*{{{b.text}}}")
            elif b.kind == "para":
                out.append(b.text + "\n")
            elif b.kind == "caption":
                out.append(f"\\begin{{center}}\\itshape {b.text}\\end{{center}}")
            elif b.kind == "table":
                spec = "l" * len(b.rows[0])
                rows = " \\\\\n".join(" & ".join(row) for row in b.rows)
                out.append(f"\\begin{{center}}\\begin{{tabular}}{{{spec}}}\\hline\n{rows} \\\\\n\\hline\\end{{tabular}}\\end{{center}}")
            elif b.kind == "list":
                env = "enumerate" if b.ordered else "itemize"
                out.append(f"\\begin{{{env}}}\n" + "\n".join(f"\\item {i}" for i in b.items) + f"\n\\end{{{env}}}")
            elif b.kind == "columns":
                out.append(f"\\begin{{multicols}}{{{b.count}}}\n{blocks(b.blocks)}\n\\end{{multicols}}")
        return "\n".join(out)

    body = blocks(doc.blocks)
    cjk_package = "\\usepackage{CJKutf8}" if cjk else ""
    if cjk:
        body = f"\\begin{{CJK}}{{UTF8}}{{{cjk}}}\n{body}\n\\end{{CJK}}"
    return f"""\\documentclass[{doc.latex_class}]{{article}}
\\usepackage[utf8]{{inputenc}}
\\usepackage{{multicol}}
{cjk_package}
\\setlength{{\\textwidth}}{{6.3in}}\\setlength{{\\oddsidemargin}}{{0in}}
\\setlength{{\\textheight}}{{9in}}\\setlength{{\\topmargin}}{{-0.5in}}
\\hyphenpenalty=10000 \\exhyphenpenalty=10000 \\sloppy
\\begin{{document}}
{body}
\\end{{document}}
"""


def pdflatex(doc: Doc, stem: Path) -> None:
    """Typeset the LaTeX source with pdflatex (twice is not needed: no references)."""
    _only_reportlab(doc, "pdflatex")
    if _rtl(doc) or doc.vertical:
        raise Skip("pdflatex has no Unicode right-to-left or vertical typesetting")
    src = _path(stem, ".tex")
    src.write_text(to_latex(doc), encoding="utf-8")
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", f"-output-directory={stem.parent}",
                    str(src)], check=True, capture_output=True, timeout=180)
    for ext in (".aux", ".log"):
        _path(stem, ext).unlink(missing_ok=True)


# -- ReportLab ------------------------------------------------------------------------------


def reportlab(doc: Doc, stem: Path) -> None:
    """Build the PDF with ReportLab: platypus frames for columns, Table, ListFlowable;
    right-to-left lines are wrapped in logical order and painted shaped, in visual order."""
    from reportlab_render import render

    if doc.vertical:
        raise Skip("ReportLab has no vertical writing")
    if doc.producers and "reportlab" not in doc.producers:
        raise Skip(f"the {doc.family} family is made by {', '.join(doc.producers)} only")
    render(doc, str(_path(stem, ".pdf")))


class Skip(Exception):
    """This producer cannot make this document."""


RENDERERS = {"chromium": chromium, "libreoffice": libreoffice, "pdflatex": pdflatex, "reportlab": reportlab}
NEEDS = {"chromium": "chromium", "libreoffice": "soffice", "pdflatex": "pdflatex", "reportlab": None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated producers (default: all)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--docs", default="*", help="glob over the document names (default: all)")
    args = parser.parse_args()
    wanted = args.only.split(",") if args.only else list(PRODUCERS)
    args.out.mkdir(parents=True, exist_ok=True)
    made = 0
    for producer in wanted:
        tool = NEEDS[producer]
        if tool and not shutil.which(tool):
            print(f"skip {producer}: {tool} is not installed (see README.md)", file=sys.stderr)
            continue
        for doc in documents():
            if not fnmatch.fnmatch(doc.name, args.docs):
                continue
            stem = args.out / f"{doc.name}.{producer}"
            try:
                RENDERERS[producer](doc, stem)
            except Skip as why:
                print(f"skip {stem.name}: {why}", file=sys.stderr)
                continue
            except subprocess.CalledProcessError as exc:
                print(f"FAILED {stem.name}: {exc.stderr.decode(errors='replace')[-400:]}", file=sys.stderr)
                continue
            _path(stem, ".txt").write_text(truth(doc) + "\n", encoding="utf-8")
            made += 1
            print(f"made {stem.name}.pdf", file=sys.stderr)
    print(f"{made} documents in {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
