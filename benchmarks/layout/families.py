#!/usr/bin/env python3
"""Make the layouts users meet and the other sets lack, with real producers, truth from the sources.

    python3 benchmarks/layout/families.py            # into benchmarks/layout/families/ (git-ignored)
    python3 benchmarks/layout/score.py --out benchmarks/layout/families
    python3 benchmarks/tables/score_generated.py --folder benchmarks/layout/families
    python3 benchmarks/markdown/score.py --folder benchmarks/layout/families

Seven families, five documents each (``FAMILY-N.PRODUCER.pdf``):

| family | producer | what is on the page |
|---|---|---|
| newspaper | Chromium (CSS columns) | a headline across three or four columns, a byline, a pull quote inside a column, a jump line |
| slides | LibreOffice Impress from python-pptx | 16:9 slides: a big title, two-level bullets, a text column beside a table or a picture, a footer with the slide number |
| spreadsheet | LibreOffice Calc from openpyxl | 70-120 rows over several pages, the header row repeated on each (print titles) |
| form | Chromium (HTML form, filled) | labels with their fields' values where they stand, two fields a row, check boxes, a filled text area |
| footnotes | pdflatex | sections with footnotes at the page foot, or endnotes (``endnotes``) at the end |
| figure-columns | pdflatex (``multicol``), Chromium (CSS columns) | two or three columns, a full-width figure and its caption in the middle, columns again |
| tight-table | pdflatex | a borderless ``tabular`` with ``\\tabcolsep`` of 1-2 pt: two-word cells in the first column, words and right-aligned figures |

Beside each PDF, three truths: ``.txt`` (the words in reading order, for ``score.py``),
``.json`` (headings, text and tables, for ``benchmarks/markdown/score.py``) and
``.truth.json`` (the tables and the page each is on, for ``benchmarks/tables``). The
spreadsheet's rows are put on pages by finding each row's unique first cell in that page's
text (pdftotext): where Calc breaks the pages is Calc's choice; what the rows say is the source's.
"""

from __future__ import annotations

import argparse
import html
import json
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "families"

WORDS = ["river", "canal", "lock", "towpath", "mill", "weir", "barge", "harbour", "market", "bridge", "council", "station", "railway", "engine", "morning", "evening", "village", "county", "winter", "summer", "harvest", "orchard", "meadow", "school", "library", "museum", "theatre", "garden", "street", "square", "chapel", "tower", "quarry", "furnace", "workshop", "ledger", "report", "survey", "record", "season", "weather", "people", "traders", "farmers", "builders", "keepers", "walkers", "drivers", "crews", "owners", "visitors", "plans", "works", "repairs", "budget", "funds", "opened", "closed", "restored", "measured", "counted", "carried", "crossed", "followed", "reached", "joined", "built", "painted", "raised", "lowered", "moved", "held", "kept", "found", "made", "brought", "sent", "named", "early", "late", "long", "short", "wide", "narrow", "quiet", "busy", "old", "new", "north", "south", "east", "west", "upper", "lower"]
NAMES = ["Must Fluent", "São Flat", "Oak Wharf", "Hill Top", "Long Reach", "Mill Bridge", "Weir End",
         "Kings Lock", "Stone Cut", "Ash Tunnel", "Marsh Gate", "Heron Pool", "Cobble Quay", "Fen Side"]
KINDS = ["Ale", "Stout", "Mild", "Bitter", "Porter", "Lager", "Cider", "Perry"]
REGIONS = ["North", "South", "East", "West", "Fens", "Midlands", "Wolds", "Dales"]
PEOPLE = ["Ada Lowe", "Ben Hart", "Cora Finch", "Dev Shah", "Ema Stone", "Finn Ward", "Gail Moss", "Hugo Reed"]


@dataclass
class Made:
    """One document: its text in reading order, its headings and its tables (page, rows)."""

    lines: list[str] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)
    tables: list[tuple[int, list[list[str]]]] = field(default_factory=list)


def sentence(rng: random.Random, n: int = 12) -> str:
    """A sentence of plain words (nothing a producer rewrites: no quotes, dashes or hyphens)."""
    words = [rng.choice(WORDS) for _ in range(n)]
    return " ".join(words).capitalize() + "."


def paragraph(rng: random.Random, sentences: int = 4) -> str:
    """A paragraph of a few sentences."""
    return " ".join(sentence(rng, rng.randint(8, 15)) for _ in range(sentences))


def title(rng: random.Random, n: int = 4) -> str:
    """A heading of a few capitalised words."""
    return " ".join(w.capitalize() for w in rng.sample(WORDS, n))


def number_table(rng: random.Random, rows: int) -> list[list[str]]:
    """A header over two-word names, words and right-aligned figures."""
    head = ["Name", "Kind", "Region", "Count", "Rate", "Total"]
    body = []
    for name in rng.sample(NAMES, rows):
        count = rng.randint(1, 400)
        rate = rng.choice([0.5, 1.25, 2.0, 3.5, 7.75, 11.0, 12.25])
        body.append([name, rng.choice(KINDS), rng.choice(REGIONS), str(count), f"{rate:.2f}",
                     f"{count * rate:.2f}"])
    return [head, *body]


# -- producers -----------------------------------------------------------------------------


def chromium(html_text: str, stem: Path) -> None:
    """Print an HTML page to PDF with headless Chromium, without its header and footer."""
    src = stem.with_name(stem.name + ".html")
    src.write_text(html_text, encoding="utf-8")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
                        "--no-pdf-header-footer", f"--print-to-pdf={stem.with_name(stem.name + '.pdf')}",
                        src.as_uri()], check=True, capture_output=True, timeout=120)


def pdflatex(tex: str, stem: Path) -> None:
    """Run pdflatex (twice, for the endnotes) and keep the PDF."""
    src = stem.with_name(stem.name + ".tex")
    src.write_text(tex, encoding="utf-8")
    with tempfile.TemporaryDirectory() as work:
        for _ in range(2):
            subprocess.run(["pdflatex", "-interaction=batchmode", "-halt-on-error", f"-output-directory={work}",
                            str(src)], check=True, capture_output=True, timeout=120, cwd=stem.parent)
        shutil.copy(Path(work) / (stem.name + ".pdf"), stem.with_name(stem.name + ".pdf"))


def libreoffice(sources: list[Path]) -> None:
    """Convert office files to PDF with LibreOffice, all in one run, beside the sources."""
    if not sources:
        return
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
                        "--outdir", str(sources[0].parent), *map(str, sources)],
                       check=True, capture_output=True, timeout=600)


def _latex(text: str) -> str:
    return text.replace("&", r"\&").replace("%", r"\%").replace("#", r"\#").replace("_", r"\_")


# -- families ------------------------------------------------------------------------------


def newspaper(rng: random.Random, n: int, stem: Path) -> Made:
    """A front page: a headline over 3-4 columns, a byline, a pull quote inside a column, a jump line."""
    made = Made()
    headline = title(rng, 6)
    byline = f"By {rng.choice(PEOPLE)}, Staff Writer"
    columns = 3 if n < 3 else 4
    paras = [paragraph(rng, rng.randint(3, 5)) for _ in range(8 if columns == 3 else 11)]
    quote = sentence(rng, 10)
    at = len(paras) // 3
    jump = f"Continued on page {rng.randint(2, 9)}"
    made.headings.append((1, headline))
    made.lines += [headline, byline, *paras[:at], quote, *paras[at:], jump]
    body = "".join(f"<p>{html.escape(p)}</p>" for p in paras[:at])
    body += f'<blockquote class="pull">{html.escape(quote)}</blockquote>'
    body += "".join(f"<p>{html.escape(p)}</p>" for p in paras[at:])
    body += f'<p class="jump">{html.escape(jump)}</p>'
    size = "A4" if columns == 3 else "A3"
    chromium(f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
@page {{ size: {size}; margin: 1.5cm; }}
body {{ font-family: 'Noto Serif'; font-size: 9.5pt; line-height: 1.3; }}
h1 {{ font-size: 30pt; margin: 0 0 4pt 0; border-bottom: 2pt solid black; }}
.byline {{ font-style: italic; font-size: 9pt; margin: 0 0 8pt 0; }}
.cols {{ column-count: {columns}; column-gap: 12pt; column-rule: 0.5pt solid #888; text-align: justify; }}
p {{ margin: 0 0 5pt 0; }}
.pull {{ font-size: 14pt; font-style: italic; margin: 6pt 4pt; padding: 4pt 0;
  border-top: 1pt solid black; border-bottom: 1pt solid black; text-align: left; }}
.jump {{ font-style: italic; text-align: right; }}
</style></head><body><h1>{html.escape(headline)}</h1><p class="byline">{html.escape(byline)}</p>
<div class="cols">{body}</div></body></html>""", stem)
    return made


def dense_newspaper(rng: random.Random, n: int, stem: Path) -> Made:
    """A harder front page (not in the default set): narrow justified columns (five on A3
    landscape; four on A5, about 80 pt wide, for the last two documents, where a stretched
    line's word gaps grow wider than the 9 pt gutter), a boxed sidebar with its own heading
    inside a column, a picture with its caption inside a column, and a headline across all."""
    made = Made()
    columns, size = (5, "A3 landscape") if n < 3 else (4, "A5")
    headline = title(rng, 6)
    byline = f"By {rng.choice(PEOPLE)}, Staff Writer"
    paras = [paragraph(rng, rng.randint(3, 5)) for _ in range(16)]
    side_head, side = title(rng, 3), [sentence(rng, rng.randint(6, 10)) for _ in range(3)]
    caption = sentence(rng, 8)
    at, fig = 5, 10
    made.headings.append((1, headline))
    made.headings.append((2, side_head))
    made.lines += [headline, byline, *paras[:at], side_head, *side, *paras[at:fig], caption, *paras[fig:]]
    picture = stem.with_name(stem.name.replace(".", "-") + ".png")
    _picture(picture, rng)
    body = "".join(f"<p>{html.escape(p)}</p>" for p in paras[:at])
    body += (f'<div class="side"><h2>{html.escape(side_head)}</h2>'
             + "".join(f"<p>{html.escape(x)}</p>" for x in side) + "</div>")
    body += "".join(f"<p>{html.escape(p)}</p>" for p in paras[at:fig])
    body += f'<figure><img src="{picture.name}"><figcaption>{html.escape(caption)}</figcaption></figure>'
    body += "".join(f"<p>{html.escape(p)}</p>" for p in paras[fig:])
    chromium(f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
@page {{ size: {size}; margin: 1.2cm; }}
body {{ font-family: 'Noto Serif'; font-size: 8.5pt; line-height: 1.25; }}
h1 {{ font-size: 34pt; margin: 0 0 4pt 0; }}
.byline {{ font-style: italic; font-size: 8.5pt; margin: 0 0 6pt 0; }}
.cols {{ column-count: {columns}; column-gap: 9pt; text-align: justify; }}
p {{ margin: 0 0 4pt 0; }}
.side {{ border: 0.8pt solid black; padding: 4pt; margin: 4pt 0; background: #eee; break-inside: avoid; }}
.side h2 {{ font-size: 11pt; margin: 0 0 3pt 0; }}
figure {{ margin: 4pt 0; break-inside: avoid; }} img {{ width: 100%; height: 70pt; }}
figcaption {{ font-style: italic; font-size: 7.5pt; text-align: left; }}
</style></head><body><h1>{html.escape(headline)}</h1><p class="byline">{html.escape(byline)}</p>
<div class="cols">{body}</div></body></html>""", stem)
    return made


def form(rng: random.Random, n: int, stem: Path) -> Made:
    """A filled-in HTML form: two fields a row, labels above or beside their values, check boxes."""
    made = Made()
    head = f"Application for a {rng.choice(WORDS).capitalize()} Permit"
    intro = paragraph(rng, 2)
    made.headings.append((1, head))
    made.lines += [head, intro]
    rows = []
    labels = ["Full name", "Date of birth", "Street", "Town", "Postcode", "Telephone", "Email", "Boat name",
              "Licence number", "Length in metres"]
    values = [rng.choice(PEOPLE), f"{rng.randint(1, 28)}/{rng.randint(1, 12)}/{rng.randint(1950, 2005)}",
              f"{rng.randint(1, 99)} {rng.choice(WORDS).capitalize()} Street", rng.choice(NAMES),
              f"AB{rng.randint(1, 9)} {rng.randint(1, 9)}CD", f"0{rng.randint(1000, 9999)} {rng.randint(100000, 999999)}",
              f"{rng.choice(WORDS)}@example.org", rng.choice(NAMES), f"L{rng.randint(10000, 99999)}",
              f"{rng.randint(8, 22)}.{rng.randint(0, 9)}"]
    beside = n % 2 == 1  # labels beside their values, or above them
    for i in range(0, len(labels), 2):
        cells = []
        for label, value in zip(labels[i:i + 2], values[i:i + 2], strict=True):
            cells.append(f'<div class="field"><label>{html.escape(label)}</label>'
                         f'<input type="text" value="{html.escape(value)}"></div>')
            made.lines.append(f"{label} {value}")
        rows.append(f'<div class="row">{"".join(cells)}</div>')
    checks = []
    for option in rng.sample(["Leisure", "Residential", "Business", "Hire", "Trade", "Club"], 4):
        checked = " checked" if rng.random() < 0.5 else ""
        checks.append(f'<span class="check"><input type="checkbox"{checked}> {option}</span>')
        made.lines.append(option)
    note_label, note = "Purpose of the journey", paragraph(rng, 2)
    made.lines += [note_label, note, "Signed", rng.choice(PEOPLE)]
    signed = made.lines[-1]
    chromium(f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
@page {{ size: A4; margin: 2cm; }}
body {{ font-family: 'Noto Sans'; font-size: 10pt; }}
h1 {{ font-size: 18pt; }}
.row {{ display: flex; gap: 18pt; margin: 8pt 0; }}
.field {{ flex: 1; display: flex; flex-direction: {'row' if beside else 'column'}; gap: 6pt; }}
label {{ font-weight: bold; {'width: 90pt;' if beside else ''} }}
input[type=text] {{ font: inherit; border: 0.8pt solid #555; padding: 3pt; flex: 1; }}
.check {{ margin-right: 16pt; }}
textarea {{ font: inherit; width: 100%; height: 60pt; border: 0.8pt solid #555; }}
</style></head><body><h1>{html.escape(head)}</h1><p>{html.escape(intro)}</p>
<form>{''.join(rows)}<p>{''.join(checks)}</p>
<label>{html.escape(note_label)}</label><textarea>{html.escape(note)}</textarea>
<p><label>Signed</label> <input type="text" value="{html.escape(signed)}"></p></form></body></html>""", stem)
    return made


def figure_columns(rng: random.Random, n: int, stem: Path, producer: str) -> Made:
    """Columns of prose, a full-width figure with its caption in the middle, columns again."""
    made = Made()
    head = title(rng, 5)
    count = 2 if n % 2 == 0 else 3
    before = [paragraph(rng, 4) for _ in range(3 * count)]
    after = [paragraph(rng, 4) for _ in range(2 * count)]
    caption = f"Figure {n + 1}: " + sentence(rng, 10)
    made.headings.append((1, head))
    made.lines += [head, *before, caption, *after]
    picture = stem.with_name(stem.name.replace(".", "-") + ".png")  # one dot: graphicx reads the extension
    _picture(picture, rng)
    if producer == "chromium":
        cols = lambda ps: ('<div class="cols">' + "".join(f"<p>{html.escape(p)}</p>" for p in ps)  # noqa: E731
                           + "</div>")
        chromium(f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
@page {{ size: A4; margin: 2cm; }}
body {{ font-family: 'Noto Serif'; font-size: 9.5pt; line-height: 1.3; }}
.cols {{ column-count: {count}; column-gap: 14pt; text-align: justify; }}
p {{ margin: 0 0 5pt 0; }} figure {{ margin: 10pt 0; }} img {{ width: 100%; height: 150pt; }}
figcaption {{ font-style: italic; text-align: center; }}
</style></head><body><h1>{html.escape(head)}</h1>{cols(before)}
<figure><img src="{picture.name}"><figcaption>{html.escape(caption)}</figcaption></figure>{cols(after)}</body></html>""",
                 stem)
    else:
        pars = lambda ps: "\n\n".join(_latex(p) for p in ps)  # noqa: E731
        pdflatex(rf"""\documentclass[10pt]{{article}}
\usepackage[T1]{{fontenc}}\usepackage{{lmodern}}\usepackage{{multicol}}\usepackage{{graphicx}}
\usepackage[margin=2cm]{{geometry}}\pagestyle{{empty}}\hyphenpenalty=10000\exhyphenpenalty=10000
\begin{{document}}
\section*{{{_latex(head)}}}
\begin{{multicols}}{{{count}}}
{pars(before)}
\end{{multicols}}
\begin{{center}}\includegraphics[width=\textwidth,height=4.5cm]{{{picture.name}}}\\[4pt]
\emph{{{_latex(caption)}}}\end{{center}}
\begin{{multicols}}{{{count}}}
{pars(after)}
\end{{multicols}}
\end{{document}}
""", stem)
    return made


def _picture(path: Path, rng: random.Random) -> None:
    """A chart-like picture without text (bars on a grey ground)."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (800, 240), (235, 235, 235))
    draw = ImageDraw.Draw(image)
    for i in range(12):
        h = rng.randint(30, 210)
        draw.rectangle((30 + 62 * i, 230 - h, 70 + 62 * i, 230), fill=(40, 90, 160))
    image.save(path)


def footnotes(rng: random.Random, n: int, stem: Path) -> Made:
    """Sections whose sentences carry notes: footnotes at the page foot, or endnotes at the end."""
    made = Made()
    endnotes = n >= 3
    head = title(rng, 4)
    # Every heading of the page is a \section*, the first one too, and so is the endnotes'
    # "Notes": one level on the page, so one level in the truth.
    made.headings.append((1, head))
    made.lines.append(head)
    notes: list[str] = []
    body: list[str] = []
    for _ in range(2 if not endnotes else 4):
        section = title(rng, 3)
        made.headings.append((1, section))
        made.lines.append(section)
        body.append(rf"\section*{{{_latex(section)}}}")
        for _ in range(2):
            words = paragraph(rng, 4).split(" ")
            marks = sorted(rng.sample(range(2, len(words) - 2), 1 if not endnotes else 2))
            tex, text = [], []
            for i, word in enumerate(words):
                if i in marks:
                    note = sentence(rng, rng.randint(6, 12))
                    notes.append(note)
                    k = len(notes)
                    tex.append(word + (rf"\endnote{{{note}}}" if endnotes else rf"\footnote{{{note}}}"))
                    text.append(f"{word}{k}")
                else:
                    tex.append(word)
                    text.append(word)
            body.append(" ".join(tex))
            made.lines.append(" ".join(text))
    # The number printed against its note, as the layout set's superscripts family reads it.
    if endnotes:
        made.headings.append((1, "Notes"))
        made.lines.append("Notes")
    made.lines += [f"{k}{note}" for k, note in enumerate(notes, 1)]
    tail = r"\theendnotes" if endnotes else ""
    package = r"\usepackage{endnotes}" if endnotes else ""
    text = "\n\n".join(body)
    pdflatex(rf"""\documentclass[11pt]{{article}}
\usepackage[T1]{{fontenc}}\usepackage{{lmodern}}{package}
\usepackage[margin=2.5cm]{{geometry}}\pagestyle{{empty}}\hyphenpenalty=10000\exhyphenpenalty=10000
\begin{{document}}
\section*{{{_latex(head)}}}
{text}
{tail}
\end{{document}}
""", stem)
    return made


def tight_table(rng: random.Random, n: int, stem: Path) -> Made:
    """A borderless tabular with 1-2 pt between its columns, between two paragraphs."""
    made = Made()
    head = title(rng, 3)
    rows = number_table(rng, rng.randint(5, 9))
    if n % 2 == 1:  # without the region column: the kind's words next to the figures
        rows = [[r[0], r[1], *r[3:]] for r in rows]
    before, after = paragraph(rng, 3), paragraph(rng, 3)
    made.headings.append((1, head))
    made.lines += [head, before, *(" ".join(r) for r in rows), after]
    made.tables.append((1, rows))
    spec = "l" * (len(rows[0]) - 3) + "rrr"
    sep = [1.0, 1.5, 2.0, 1.2, 1.8][n]
    tabular = " \\\\\n".join(" & ".join(_latex(c) for c in r) for r in rows)
    pdflatex(rf"""\documentclass[10pt]{{article}}
\usepackage[T1]{{fontenc}}\usepackage[utf8]{{inputenc}}\usepackage{{lmodern}}
\usepackage[margin=2.5cm]{{geometry}}\pagestyle{{empty}}\hyphenpenalty=10000\exhyphenpenalty=10000
\begin{{document}}
\section*{{{_latex(head)}}}
{_latex(before)}

\begin{{center}}\setlength{{\tabcolsep}}{{{sep}pt}}
\begin{{tabular}}{{{spec}}}
{tabular} \\
\end{{tabular}}
\end{{center}}

{_latex(after)}
\end{{document}}
""", stem)
    return made


def slides(rng: random.Random, n: int, stem: Path) -> Made:
    """A 16:9 deck written with python-pptx (converted later): title, bullets, a table or a picture, footer."""
    from pptx import Presentation
    from pptx.oxml.ns import qn
    from pptx.util import Inches, Pt

    made = Made()
    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    deck = title(rng, 3)
    picture = stem.with_name(stem.name + ".png")
    _picture(picture, rng)
    for number in range(1, 4):
        slide = prs.slides.add_slide(prs.slide_layouts[6])  # blank
        head = title(rng, 4)
        box = slide.shapes.add_textbox(Inches(0.6), Inches(0.4), Inches(12), Inches(1.1))
        box.text_frame.text = head
        box.text_frame.paragraphs[0].runs[0].font.size = Pt(36)
        box.text_frame.paragraphs[0].runs[0].font.bold = True
        made.headings.append((1, head))
        made.lines.append(head)
        body = slide.shapes.add_textbox(Inches(0.6), Inches(1.7), Inches(5.6), Inches(4.8))
        body.text_frame.word_wrap = True
        first = True
        for _ in range(3):
            items = [(0, sentence(rng, rng.randint(4, 7)))] + [(1, sentence(rng, rng.randint(3, 6)))
                                                                for _ in range(rng.randint(1, 2))]
            for level, text in items:
                p = body.text_frame.paragraphs[0] if first else body.text_frame.add_paragraph()
                first = False
                p.text = text
                p.level = level
                p.runs[0].font.size = Pt(20 if level == 0 else 16)
                ppr = p._p.get_or_add_pPr()
                ppr.set("marL", str(342900 * (level + 1)))
                ppr.set("indent", "-285750")
                bullet = ppr.makeelement(qn("a:buChar"), {"char": "•" if level == 0 else "–"})
                ppr.append(bullet)
                made.lines.append(text)
        if (number + n) % 3 != 1:
            rows = number_table(rng, rng.randint(3, 5))
            rows = [[r[0], r[1], r[3], r[5]] for r in rows]
            shape = slide.shapes.add_table(len(rows), len(rows[0]), Inches(6.8), Inches(1.8), Inches(6),
                                           Inches(0.45 * len(rows)))
            for i, row in enumerate(rows):
                for j, value in enumerate(row):
                    cell = shape.table.cell(i, j)
                    cell.text = value
                    cell.text_frame.paragraphs[0].runs[0].font.size = Pt(14)
            made.lines += [" ".join(r) for r in rows]
            made.tables.append((number, rows))
        else:
            slide.shapes.add_picture(str(picture), Inches(6.8), Inches(1.8), Inches(6), Inches(3.2))
        foot = slide.shapes.add_textbox(Inches(0.6), Inches(6.9), Inches(6), Inches(0.4))
        foot.text_frame.text = deck
        foot.text_frame.paragraphs[0].runs[0].font.size = Pt(11)
        num = slide.shapes.add_textbox(Inches(12.0), Inches(6.9), Inches(0.8), Inches(0.4))
        num.text_frame.text = str(number)
        num.text_frame.paragraphs[0].runs[0].font.size = Pt(11)
        made.lines += [deck, str(number)]
    prs.save(str(stem.with_name(stem.name + ".pptx")))
    return made


def spreadsheet(rng: random.Random, n: int, stem: Path) -> Made:
    """A sheet of 70-120 rows written with openpyxl, its header row set to print on every page."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    made = Made()
    book = Workbook()
    sheet = book.active
    head = ["Ref", "Place", "Region", "Owner", "Miles", "Locks", "Opened", "Cost"]
    sheet.append(head)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    rows = []
    for i in range(rng.randint(70, 120)):
        row = [f"R{n}{i + 1:03d}", rng.choice(NAMES), rng.choice(REGIONS), rng.choice(["Trust", "County", "Private"]),
               round(rng.uniform(0.5, 40), 1), rng.randint(0, 60), rng.randint(1761, 1905), rng.randint(1000, 950000)]
        sheet.append(row)
        rows.append(row)
    for letter, width in zip("ABCDEFGH", [8, 14, 10, 9, 7, 7, 8, 10], strict=True):
        sheet.column_dimensions[letter].width = width
    for row in sheet.iter_rows(min_row=2):
        row[4].number_format = "0.0"
        row[7].number_format = "#,##0"
    sheet.print_title_rows = "1:1"
    # One page wide, as many long as it takes (what a person sets before printing a list).
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight = 1, 0
    book.save(str(stem.with_name(stem.name + ".xlsx")))
    made.tables = [(0, [head, *[[str(c) if not isinstance(c, float) else f"{c:.1f}" for c in r[:7]]
                               + [f"{r[7]:,}"] for r in rows]])]
    return made


def _paginate_sheet(made: Made, pdf: Path) -> None:
    """Put the sheet's rows on the pages Calc printed them on (each row's Ref found in a page's text)."""
    head, *rows = made.tables[0][1]
    pages = int(next(line.split()[-1] for line in subprocess.run(
        ["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()
        if line.startswith("Pages:")))
    made.tables, made.lines = [], []
    for page in range(1, pages + 1):
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"], capture_output=True,
                              text=True, check=True).stdout.split()
        on = [r for r in rows if r[0] in text]
        if on:
            made.tables.append((page, [head, *on]))
            made.lines += [" ".join(head), *(" ".join(r) for r in on)]


# -- writing -------------------------------------------------------------------------------

FAMILIES = ("newspaper", "slides", "spreadsheet", "form", "footnotes", "figure-columns", "tight-table")
HARDER = ("dense-newspaper",)
"""Families made only when asked (``--only dense-newspaper --out benchmarks/layout/harder``): pages
kept apart from the seven so that what they show does not move the seven's figures."""


def write_truth(stem: Path, made: Made, producer: str, family: str) -> None:
    """The three truths beside the PDF (see the module's doc)."""
    text = "\n".join(made.lines)
    stem.with_name(stem.name + ".txt").write_text(text + "\n", encoding="utf-8")
    stem.with_name(stem.name + ".json").write_text(json.dumps(
        {"headings": made.headings, "text": text, "tables": [rows for _, rows in made.tables]},
        ensure_ascii=False, indent=1), encoding="utf-8")
    stem.with_name(stem.name + ".truth.json").write_text(json.dumps(
        {"producer": producer, "style": family, "tables": [{"page": p, "rows": r} for p, r in made.tables]},
        ensure_ascii=False, indent=1), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--only", default=",".join(FAMILIES), help="families to make, comma-separated")
    args = parser.parse_args()
    for tool in ("chromium", "soffice", "pdflatex", "pdftotext"):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed: see benchmarks/layout/README.md", file=sys.stderr)
            return 1
    args.out.mkdir(parents=True, exist_ok=True)
    office: list[tuple[Path, Made, str, str]] = []
    made_count = 0
    for family in args.only.split(","):
        for n in range(5):
            rng = random.Random(f"{family}-{n}")
            if family == "newspaper":
                producer, make = "chromium", lambda s: newspaper(rng, n, s)  # noqa: B023
            elif family == "form":
                producer, make = "chromium", lambda s: form(rng, n, s)  # noqa: B023
            elif family == "dense-newspaper":
                producer, make = "chromium", lambda s: dense_newspaper(rng, n, s)  # noqa: B023
            elif family == "figure-columns":
                producer = "chromium" if n % 2 else "pdflatex"
                make = lambda s: figure_columns(rng, n, s, producer)  # noqa: B023, E731
            elif family == "footnotes":
                producer, make = "pdflatex", lambda s: footnotes(rng, n, s)  # noqa: B023
            elif family == "tight-table":
                producer, make = "pdflatex", lambda s: tight_table(rng, n, s)  # noqa: B023
            elif family == "slides":
                producer, make = "impress", lambda s: slides(rng, n, s)  # noqa: B023
            elif family == "spreadsheet":
                producer, make = "calc", lambda s: spreadsheet(rng, n, s)  # noqa: B023
            else:
                raise SystemExit(f"unknown family {family}")
            stem = args.out / f"{family}-{n + 1}.{producer}"
            made = make(stem)
            if producer in ("impress", "calc"):
                office.append((stem, made, producer, family))
            else:
                write_truth(stem, made, producer, family)
                made_count += 1
    sources = [s.with_name(s.name + (".pptx" if p == "impress" else ".xlsx")) for s, _, p, _ in office]
    libreoffice(sources)
    for (stem, made, producer, family), source in zip(office, sources, strict=True):
        converted = source.with_suffix(".pdf")  # LibreOffice names it after the source: NAME.PRODUCER.pdf
        if producer == "calc":
            _paginate_sheet(made, converted)
        write_truth(stem, made, producer, family)
        made_count += 1
    print(f"{made_count} documents in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
