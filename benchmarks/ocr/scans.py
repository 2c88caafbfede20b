#!/usr/bin/env python3
"""Hard scans made from known text, read by pagelift, Tesseract's CLI and OCRmyPDF in one run.

    python3 benchmarks/ocr/scans.py                      # everything (~15 min on the loaded 2-core machine)
    python3 benchmarks/ocr/scans.py --only columns       # the documents whose label holds "columns"
    python3 benchmarks/ocr/scans.py --no-rapidocr --no-outlined --steps
                                                         # and each pre-processing step switched off in turn

The known text is typeset by pdflatex (Latin Modern, T1, no hyphenation, so every word is
whole on the page) as four documents:

* ``accents``: one column of French, German and Spanish prose with Scandinavian names
  (Müller, señor, garçon, déjà, Bjørn Søndergaard, Åsa Ångström);
* ``columns``: two columns, with a figure (a framed drawing and its caption) between two
  paragraphs of the left column;
* ``table``: a paragraph and a ruled table of names, towns and figures (read row by row);
* ``three``: three narrow columns (multicol) of short paragraphs full of Nordic names
  (Sigríður Ólafsdóttir, Þorsteinn Guðmundsson, Ørjan Ødegård, Päivi Mäkelä): thin gutters,
  lines of one column level with lines of the others.

Each is rendered by PDFium at 150, 200 or 300 dpi and stored as a scanner would: grey JPEG at
quality 60-80, or bitonal (1 bit, Flate), some turned by 1-3 degrees, some with speckle
(salt-and-pepper noise and grain), each wrapped as a PDF page holding only that image.

Readers, on the same files:

* ``pagelift``: ``pagelift.open(path, ocr="auto").text()``, default options (the Tesseract
  plugin, its Latin model, pre-processing on), in this process;
* ``tesseract-cli``: ``tesseract IMAGE - -l Latin --dpi N`` on the very image the PDF holds
  (JPEG bytes as stored); one OpenMP thread, as pagelift and OCRmyPDF run it;
* ``ocrmypdf``: ``ocrmypdf -l Latin --tesseract-timeout 1200 --sidecar OUT.txt IN.pdf OUT.pdf``
  (its default options otherwise: PDF/A output, no deskew or cleaning; the timeout only so a
  loaded machine does not make it skip the page);
* ``rapidocr``: pagelift with ``ocr_engine="rapidocr"`` on the 300 dpi scans of each document;
* ``outlined``: each typeset PDF through Ghostscript ``-dNoOutputFonts`` (every glyph a filled
  path), read by pagelift with ``ocr="auto"`` (rendered by pagelift-render-pdfium and OCR'd).

Scores (``run.scores``): recall and precision of the bag of lowercase words against the known
text, order the longest common subsequence over the known text's length. Seconds are wall
time per file (the peers' include their process start). Files go to bench-out/ocr/ (git-ignored).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

import pikepdf

import pagelift

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import scores  # the corpus benchmark's scoring, shared

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "bench-out" / "ocr"
LANG = "Latin"  # the peers read with the same model pagelift chooses by default

ACCENTS = [
    "Le garçon a déjà mangé une crème brûlée au café de la gare, où le maître d'hôtel, Monsieur "
    "François Lefèvre, parlait de l'été à Besançon et des forêts de la Côte-d'Or. Ils étaient "
    "très fiers de leur hôtel, près de l'église, où l'on sert à Noël des huîtres et un gâteau.",
    "Herr Jürgen Müller aus Düsseldorf fährt über die Brücke zur Straße am Schloß. Die Bäcker "
    "öffnen früh, und Frau Schäfer grüßt die Größe der Äpfel, die Kühe auf der Weide und die "
    "fröhlichen Übungen der Schüler, während die Glocken läuten.",
    "El señor Muñoz y la señora Peña viajaron a Cádiz en la mañana del miércoles; allí comieron "
    "paella junto al río con el pequeño Íñigo, que pidió jamón, limón y un café con azúcar para "
    "la canción de su corazón.",
    "Bjørn Søndergaard, Åsa Ångström, Märta Lindqvist and Jens Ødegård met in Tromsø, Göteborg "
    "and Århus; their report on the fjord was written by Sigrún Þórsdóttir and Ærø Kjærgaard "
    "before the summer solstice.",
]

COLUMNS_BEFORE = [
    "Reading order matters on every page that sets text in columns. A reader finishes the left "
    "column before starting the right one, and a figure placed between two paragraphs does not "
    "end the column: the paragraph below it still belongs to the same column and is read next.",
    "Scanned archives hold many such pages: journals, newsletters and reports printed in two "
    "columns, photographed or scanned at modest resolution and stored as compressed pictures, "
    "often slightly turned by the feeder of the scanner.",
]
CAPTION = "Figure 1: Measured reading order of the sample pages."
COLUMNS_AFTER = [
    "After the figure the left column goes on with this paragraph, which must be read before "
    "anything in the right column. Programs that cut the page into horizontal bands at the "
    "figure read it too late, after the first paragraph on the right.",
    "The right column starts here and continues with plain prose about the same subject, so "
    "that recognition errors and order errors can be told apart by the scores: recall and "
    "precision count words, order counts words in sequence.",
    "Engines report their own structure as blocks, paragraphs and lines. A layout that keeps "
    "each block whole and orders the blocks by columns reads such a page the way a person does, "
    "from the top of the left column to the foot of the right one.",
    "The last paragraph closes the right column with a few more sentences of ordinary text, "
    "long enough to fill the column to about the height of the left one, figure included, "
    "without leaving the page looking empty at the bottom.",
]

THREE = [
    "Three narrow columns are harder to read than two: the gutters are thin, and a line of one "
    "column often sits level with lines of both others.",
    "Sigríður Ólafsdóttir chaired the meeting in Reykjavík, where Þorsteinn Guðmundsson read the "
    "minutes of the winter session aloud.",
    "From Tromsø came Ørjan Ødegård and Kåre Bjørnstad, who had travelled south by the coastal "
    "steamer through the long dark weeks.",
    "Göran Wallström and Märta Åkesson spoke for the delegation of Jönköping and Växjö on the "
    "matter of the shared ferries.",
    "Ævar Þórarinsson asked whether the fishing quotas of Ísafjörður would be reviewed before "
    "the spring, and nobody could say.",
    "Jyväskylä and Hämeenlinna sent Päivi Mäkelä, whose report on the lakes and their "
    "frozen roads filled the afternoon.",
    "The last word went to Søren Kierkegaard Hansen of Aalborg, who thanked the hosts and closed "
    "the session before dinner.",
]

TABLE_INTRO = ("The table lists the delegates who met in Zürich, with their towns, the number of "
               "sessions each attended and the share of votes they received.")
TABLE_ROWS = [
    ("Name", "Town", "Sessions", "Share"),
    ("Élodie Garnier", "Besançon", "12", "31.5"),
    ("Jürgen Weiß", "München", "9", "22.0"),
    ("Ana Núñez", "Málaga", "14", "18.25"),
    ("Søren Kjær", "Århus", "7", "12.75"),
    ("Åsa Lindström", "Västerås", "11", "15.5"),
]

LATEX = r"""\documentclass[11pt%(columns)s]{article}
\usepackage[margin=2.2cm]{geometry}
\usepackage[T1]{fontenc}
\usepackage{lmodern}  %% vector Type1 fonts: Ghostscript turns their glyphs into paths
\pagestyle{empty}
\hyphenpenalty=10000 \exhyphenpenalty=10000
\setlength{\parskip}{0.6em}
\begin{document}
\raggedright
%(body)s
\end{document}
"""

FIGURE = r"""
\par\medskip\noindent
\begin{minipage}{\linewidth}\centering
\setlength{\unitlength}{1mm}\begin{picture}(60,32)
\put(0,0){\framebox(60,32){}}\put(5,4){\line(1,1){24}}\put(29,28){\line(1,-1){24}}
\put(10,4){\circle*{2}}\put(30,20){\circle*{2}}\put(48,8){\circle*{2}}
\end{picture}\par\smallskip
%s
\end{minipage}\par\medskip
"""


def _escape(text: str) -> str:
    return text.replace("&", r"\&").replace("%", r"\%")


def documents() -> dict[str, tuple[str, str]]:
    """label -> (LaTeX source, known text in reading order)."""
    accents = "\n\n".join(_escape(p) for p in ACCENTS)
    columns = ("\n\n".join(_escape(p) for p in COLUMNS_BEFORE) + FIGURE % _escape(CAPTION)
               + "\n\n".join(_escape(p) for p in COLUMNS_AFTER))
    rows = " \\\\\n".join(" & ".join(row) for row in TABLE_ROWS)
    table = (_escape(TABLE_INTRO) + "\n\n\\medskip\\noindent\\begin{tabular}{|l|l|r|r|}\\hline\n"
             + rows.replace(" \\\\\n", " \\\\ \\hline\n", 1) + " \\\\ \\hline\n\\end{tabular}\n")
    three = ("\\begin{multicols}{3}\n" + "\n\n".join(_escape(p) for p in THREE) + "\n\\end{multicols}\n")
    return {
        "accents": (LATEX % {"columns": "", "body": accents}, "\n".join(ACCENTS)),
        "three": (LATEX.replace(r"\usepackage{lmodern}", r"\usepackage{lmodern}\usepackage{multicol}")
                  % {"columns": "", "body": three}, "\n".join(THREE)),
        "columns": (LATEX % {"columns": ",twocolumn", "body": columns},
                    "\n".join([*COLUMNS_BEFORE, CAPTION, *COLUMNS_AFTER])),
        "table": (LATEX % {"columns": "", "body": table},
                  TABLE_INTRO + "\n" + "\n".join(" ".join(row) for row in TABLE_ROWS)),
    }


def typeset(name: str, source: str) -> Path:
    """A one-page PDF typeset by pdflatex."""
    work = OUT / "tex"
    work.mkdir(parents=True, exist_ok=True)
    (work / f"{name}.tex").write_text(source, encoding="utf-8")
    subprocess.run(["pdflatex", "-interaction=batchmode", "-halt-on-error", f"{name}.tex"], cwd=work,
                   check=True, stdout=subprocess.DEVNULL, timeout=120)
    return work / f"{name}.pdf"


@dataclass(frozen=True)
class Scan:
    """How one scan is made from a typeset page."""

    document: str
    dpi: int
    store: str  # "jpeg60".."jpeg80" or "bitonal"
    skew: float = 0.0
    noise: bool = False

    @property
    def label(self) -> str:
        return (f"{self.document}-{self.dpi}-{self.store}" + (f"-skew{self.skew:g}" if self.skew else "")
                + ("-noise" if self.noise else ""))


SCANS = [
    Scan("accents", 300, "jpeg80"),
    Scan("accents", 200, "jpeg70"),
    Scan("accents", 150, "jpeg60"),
    Scan("accents", 300, "bitonal"),
    Scan("accents", 200, "bitonal", skew=2),
    Scan("columns", 300, "jpeg80"),
    Scan("columns", 200, "jpeg70", skew=1),
    Scan("columns", 150, "jpeg60", noise=True),
    Scan("columns", 300, "bitonal", skew=3),
    Scan("table", 200, "jpeg80"),
    Scan("table", 300, "bitonal", noise=True),
    Scan("table", 150, "jpeg70", skew=1.5),
    Scan("three", 200, "jpeg70", skew=1),
    Scan("three", 300, "bitonal", noise=True),
]


def render(source: Path, scan: Scan):  # type: ignore[no-untyped-def]
    """The page as the scanner stored it: (PIL image, the image's bytes as stored, PDF filter)."""
    import pypdfium2
    from PIL import Image

    page = pypdfium2.PdfDocument(str(source))[0]
    picture = page.render(scale=scan.dpi / 72, grayscale=True).to_pil().convert("L")
    rng = random.Random(scan.label)
    if scan.skew:
        picture = picture.rotate(scan.skew, resample=Image.Resampling.BICUBIC, fillcolor=255)
    if scan.noise:  # grain everywhere, and dark specks (dust) on 0.3% of the pixels
        w, h = picture.size
        grain = Image.effect_noise((w, h), 18)
        picture = Image.blend(picture, grain, 0.15).point(lambda v: min(255, v + 19))
        pixels = picture.load()
        for _ in range(int(w * h * 0.003)):
            pixels[rng.randrange(w), rng.randrange(h)] = rng.randrange(0, 60)
    if scan.store == "bitonal":
        picture = picture.point(lambda v: 255 if v >= 140 else 0).convert("1", dither=Image.Dither.NONE)
        return picture, zlib.compress(picture.tobytes()), "flate"
    out = io.BytesIO()
    picture.save(out, format="JPEG", quality=int(scan.store.removeprefix("jpeg")), dpi=(scan.dpi, scan.dpi))
    return Image.open(io.BytesIO(out.getvalue())), out.getvalue(), "dct"


def scan_pdf(picture, stored: bytes, how: str, dpi: float) -> bytes:  # type: ignore[no-untyped-def]
    """A PDF page holding only the stored image, sized by ``dpi``."""
    pdf = pikepdf.new()
    width, height = picture.size
    image = pikepdf.Stream(pdf, stored)
    image.Type, image.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
    image.Width, image.Height = width, height
    image.BitsPerComponent = 1 if how == "flate" else 8
    image.ColorSpace = pikepdf.Name.DeviceGray
    image.Filter = pikepdf.Name.FlateDecode if how == "flate" else pikepdf.Name.DCTDecode
    w, h = width * 72 / dpi, height * 72 / dpi
    page = pdf.add_blank_page(page_size=(w, h))
    page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
    page.Contents = pdf.make_stream(f"q {w:.3f} 0 0 {h:.3f} 0 0 cm /Im0 Do Q".encode())
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


@dataclass
class Input:
    label: str
    pdf: Path
    image: Path | None
    dpi: int
    known: str
    document: str


def make_inputs(only: str) -> tuple[list[Input], list[Input]]:
    """The scans and the outlined pages."""
    docs = documents()
    typeset_pdfs = {name: typeset(name, source) for name, (source, _) in docs.items()}
    scans = []
    for scan in SCANS:
        if only not in scan.label:
            continue
        picture, stored, how = render(typeset_pdfs[scan.document], scan)
        pdf = OUT / f"{scan.label}.pdf"
        pdf.write_bytes(scan_pdf(picture, stored, how, scan.dpi))
        image = OUT / f"{scan.label}.{'jpg' if how == 'dct' else 'png'}"
        if how == "dct":
            image.write_bytes(stored)
        else:
            picture.save(image, dpi=(scan.dpi, scan.dpi))
        scans.append(Input(scan.label, pdf, image, scan.dpi, docs[scan.document][1], scan.document))
    outlined = []
    for name, path in typeset_pdfs.items():
        if only not in name:
            continue
        target = OUT / f"outlined-{name}.pdf"
        subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite", "-dNoOutputFonts",
                        f"-sOutputFile={target}", str(path)], check=True, timeout=300)
        outlined.append(Input(f"outlined-{name}", target, None, 300, docs[name][1], name))
    return scans, outlined


def timed(fn):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    text = fn()
    return text, time.perf_counter() - start


def read_pagelift(path: Path, **options: object) -> tuple[str, float, list[str]]:
    """pagelift's text of the file, seconds, and the warnings' codes."""
    start = time.perf_counter()
    doc = pagelift.open(path, ocr="auto", **options)  # type: ignore[arg-type]
    text = doc.text()
    return text, time.perf_counter() - start, [f"{w.code}: {w.message}" for w in doc.warnings]


def read_tesseract_cli(item: Input) -> tuple[str, float]:
    """Tesseract's own CLI on the stored image."""
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    return timed(lambda: subprocess.run(["tesseract", str(item.image), "-", "-l", LANG, "--dpi", str(item.dpi)],
                                        capture_output=True, check=True, env=env, timeout=600).stdout.decode())


def read_ocrmypdf(item: Input) -> tuple[str, float]:
    """OCRmyPDF's sidecar text of the scan PDF (its default options, our language)."""
    with tempfile.TemporaryDirectory() as tmp:
        sidecar = Path(tmp) / "out.txt"

        def run() -> str:
            # --tesseract-timeout: its default (180 s) skips the page on this loaded machine ("[skipped page]").
            subprocess.run(["ocrmypdf", "-q", "-l", LANG, "--tesseract-timeout", "1200", "--sidecar", str(sidecar),
                            str(item.pdf),
                            str(Path(tmp) / "out.pdf")], check=True, capture_output=True, timeout=900)
            return sidecar.read_text(encoding="utf-8")

        return timed(run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="", help="only the inputs whose label holds this")
    parser.add_argument("--no-rapidocr", action="store_true")
    parser.add_argument("--no-outlined", action="store_true")
    parser.add_argument("--no-peers", action="store_true", help="pagelift alone")
    parser.add_argument("--steps", action="store_true", help="also pagelift with each pre-processing step off")
    parser.add_argument("--show", action="store_true", help="print each reading's text")
    args = parser.parse_args()
    for program in ("pdflatex", "gs", "tesseract", "ocrmypdf"):
        if not shutil.which(program):
            sys.exit(f"{program} is needed (apt-get install texlive-latex-base ghostscript tesseract-ocr "
                     "tesseract-ocr-script-latn ocrmypdf)")
    OUT.mkdir(parents=True, exist_ok=True)
    scans, outlined = make_inputs(args.only)
    pagelift.open(scans[0].pdf, ocr="auto").text()  # plugins discovered, engine found: not one file's cost

    variants: list[tuple[str, dict[str, object]]] = [("pagelift", {})]
    if args.steps:
        for step in pagelift.Options().ocr_prepare:
            kept = tuple(s for s in pagelift.Options().ocr_prepare if s != step)
            variants.append((f"pagelift without {step}", {"ocr_prepare": kept}))
        variants.append(("pagelift without pre-processing", {"ocr_prepare": ()}))
    readers = [name for name, _ in variants] + ([] if args.no_peers else ["tesseract-cli", "ocrmypdf"])
    rows: dict[str, dict[str, tuple[float, float, float, float]]] = {r: {} for r in readers}
    for item in scans:
        for name, options in variants:
            text, seconds, said = read_pagelift(item.pdf, **options)
            rows[name][item.label] = (*scores(item.known, text), seconds)
            if args.show:
                print(f"--- {name} {item.label} {said}\n{text}\n", file=sys.stderr)
        if not args.no_peers:
            for name, reader in (("tesseract-cli", read_tesseract_cli), ("ocrmypdf", read_ocrmypdf)):
                text, seconds = reader(item)
                rows[name][item.label] = (*scores(item.known, text), seconds)
                if args.show:
                    print(f"--- {name} {item.label}\n{text}\n", file=sys.stderr)
        print(f"{item.label}: " + "  ".join(f"{r} {rows[r][item.label][0]:.3f}/{rows[r][item.label][1]:.3f}/"
                                            f"{rows[r][item.label][2]:.3f} {rows[r][item.label][3]:.1f}s"
                                            for r in readers), file=sys.stderr)
    extra: dict[str, tuple[float, float, float, float]] = {}
    if not args.no_rapidocr:
        for item in scans:
            first = not any(k.startswith(f"rapidocr {item.document}") for k in extra)
            if first and (item.dpi == 300 or (item.document == "table" and item.dpi == 200)):
                text, seconds, said = read_pagelift(item.pdf, ocr_engine="rapidocr")
                extra[f"rapidocr {item.label}"] = (*scores(item.known, text), seconds)
                if args.show:
                    print(f"--- rapidocr {item.label} {said}\n{text}\n", file=sys.stderr)
    if not args.no_outlined:
        for item in outlined:
            text, seconds, said = read_pagelift(item.pdf)
            extra[f"pagelift {item.label}"] = (*scores(item.known, text), seconds)
            if args.show:
                print(f"--- outlined {item.label} {said}\n{text}\n", file=sys.stderr)

    print("| scan | " + " | ".join(f"{r} R / P / O | s" for r in readers) + " |")
    print("|---|" + "---|---:|" * len(readers))
    for item in scans:
        cells = [f"{rows[r][item.label][0]:.3f} / {rows[r][item.label][1]:.3f} / {rows[r][item.label][2]:.3f} | "
                 f"{rows[r][item.label][3]:.1f}" for r in readers]
        print(f"| {item.label} | " + " | ".join(cells) + " |")
    means = []
    for r in readers:
        values = list(rows[r].values())
        means.append(" / ".join(f"{sum(v[i] for v in values) / len(values):.3f}" for i in range(3))
                     + f" | {sum(v[3] for v in values) / len(values):.1f}")
    print("| **mean** | " + " | ".join(means) + " |")
    if not args.no_peers:
        worse = [item.label for item in scans for i in range(3)
                 if rows["pagelift"][item.label][i] < rows["tesseract-cli"][item.label][i]]
        ratio = (sum(v[3] for v in rows["pagelift"].values()) / sum(v[3] for v in rows["ocrmypdf"].values()))
        cli_ratio = (sum(v[3] for v in rows["pagelift"].values()) / sum(v[3] for v in rows["tesseract-cli"].values()))
        print(f"\npagelift below Tesseract's CLI on: {', '.join(sorted(set(worse))) or 'no document'}")
        print(f"pagelift's time a page over OCRmyPDF's: {ratio:.2f}; over Tesseract's CLI: {cli_ratio:.2f}")
    if extra:
        print("\n| reading | recall | precision | order | s |\n|---|---:|---:|---:|---:|")
        for label, (recall, precision, order, seconds) in extra.items():
            print(f"| {label} | {recall:.3f} | {precision:.3f} | {order:.3f} | {seconds:.1f} |")


if __name__ == "__main__":
    main()
