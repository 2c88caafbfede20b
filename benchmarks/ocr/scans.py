#!/usr/bin/env python3
"""OCR engines side by side on scans we make ourselves from known text, and on outlined pages.

    python3 benchmarks/ocr/scans.py                     # both engines, serial and 2 workers (~15 min)
    python3 benchmarks/ocr/scans.py --engines tesseract --workers 1

It typesets known text with pdflatex (one column, and two columns; no hyphenation, so every
word is whole on the page), then makes from each page:

* scans: the page rendered by PDFium at 200 and 300 dpi, grey (8 bit) and bitonal (1 bit,
  thresholded at the middle), one of them turned by 1.5 degrees as a sloppy scanner does,
  each wrapped as a PDF page holding only that image (a Flate image, as scanners write);
* outlined pages: the typeset PDF run through Ghostscript with ``-dNoOutputFonts``, which
  turns every glyph into a filled path (no font, no text, no image).

Every file is read with ``pagelift.open(path, ocr="auto", ocr_engine=ENGINE)``: scans by
OCRing their image, outlined pages by rendering them (``pagelift-render-pdfium``) and
OCRing the picture. The score compares pagelift's text with the known text: token recall
and precision (bags of lowercase words) and order (the longest common subsequence of words
over the known text's length). Seconds per page are wall time per file, serial (one
process) and with N worker processes (one engine per process, files spread over them).
Generated files go to bench-out/ocr/ (git-ignored).
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import sys
import textwrap
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pikepdf

import pagelift

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import scores  # the corpus benchmark's scoring, shared

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "bench-out" / "ocr"

# Known text: plain English prose (the opening of the GNU GPL's preamble and of the Apache
# licence's definitions), letters, digits and simple punctuation only.
TEXT_ONE = textwrap.dedent("""\
    The licenses for most software and other practical works are designed to take away your
    freedom to share and change the works. By contrast, the General Public License is intended
    to guarantee your freedom to share and change all versions of a program, to make sure it
    remains free software for all its users. When we speak of free software, we are referring
    to freedom, not price. Our General Public Licenses are designed to make sure that you have
    the freedom to distribute copies of free software and charge for them if you wish, that
    you receive source code or can get it if you want it, that you can change the software or
    use pieces of it in new free programs, and that you know you can do these things. To
    protect your rights, we need to prevent others from denying you these rights or asking you
    to surrender the rights. Therefore, you have certain responsibilities if you distribute
    copies of the software, or if you modify it: responsibilities to respect the freedom of
    others. For example, if you distribute copies of such a program, whether gratis or for a
    fee, you must pass on to the recipients the same freedoms that you received. You must make
    sure that they, too, receive or can get the source code. And you must show them these
    terms so they know their rights.""")
TEXT_TWO = textwrap.dedent("""\
    Legal Entity shall mean the union of the acting entity and all other entities that control,
    are controlled by, or are under common control with that entity. For the purposes of this
    definition, control means the power, direct or indirect, to cause the direction or
    management of such entity, whether by contract or otherwise, or ownership of fifty percent
    or more of the outstanding shares, or beneficial ownership of such entity. You shall mean an
    individual or Legal Entity exercising permissions granted by this License. Source form
    shall mean the preferred form for making modifications, including but not limited to
    software source code, documentation source, and configuration files. Object form shall
    mean any form resulting from mechanical transformation or translation of a Source form,
    including but not limited to compiled object code, generated documentation, and
    conversions to other media types. Work shall mean the work of authorship, whether in
    Source or Object form, made available under the License, as indicated by a copyright
    notice that is included in or attached to the work. Derivative Works shall mean any work,
    whether in Source or Object form, that is based on or derived from the Work and for which
    the editorial revisions, annotations, elaborations, or other modifications represent, as a
    whole, an original work of authorship.""")

LATEX = r"""\documentclass[11pt%(columns)s]{article}
\usepackage[margin=2.2cm]{geometry}
\usepackage[T1]{fontenc}
\usepackage{lmodern}  %% vector Type1 fonts: Ghostscript turns their glyphs into paths
\pagestyle{empty}
\hyphenpenalty=10000 \exhyphenpenalty=10000
\begin{document}
\raggedright
%(body)s
\end{document}
"""


def typeset(name: str, text: str, *, two_columns: bool) -> Path:
    """A one-page PDF of ``text`` typeset by pdflatex."""
    work = OUT / "tex"
    work.mkdir(parents=True, exist_ok=True)
    body = "\n\n".join(p.replace("\n", " ") for p in text.split("\n\n"))
    (work / f"{name}.tex").write_text(LATEX % {"columns": ",twocolumn" if two_columns else "", "body": body},
                                      encoding="utf-8")
    subprocess.run(["pdflatex", "-interaction=batchmode", "-halt-on-error", f"{name}.tex"], cwd=work,
                   check=True, stdout=subprocess.DEVNULL, timeout=120)
    return work / f"{name}.pdf"


def scan_pdf(picture, dpi: float) -> bytes:  # type: ignore[no-untyped-def]
    """A PDF page holding only ``picture`` (a PIL image, mode L or 1), sized by ``dpi``."""
    pdf = pikepdf.new()
    width, height = picture.size
    bits = 1 if picture.mode == "1" else 8
    data = picture.tobytes()
    image = pikepdf.Stream(pdf, zlib.compress(data))
    image.Type, image.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
    image.Width, image.Height, image.BitsPerComponent = width, height, bits
    image.ColorSpace, image.Filter = pikepdf.Name.DeviceGray, pikepdf.Name.FlateDecode
    w, h = width * 72 / dpi, height * 72 / dpi
    page = pdf.add_blank_page(page_size=(w, h))
    page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
    page.Contents = pdf.make_stream(f"q {w:.3f} 0 0 {h:.3f} 0 0 cm /Im0 Do Q".encode())
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def make_inputs() -> list[tuple[str, Path, str]]:
    """(label, file, known text) for every page the benchmark reads."""
    import pypdfium2
    from PIL import Image

    one = typeset("one-column", TEXT_ONE, two_columns=False)
    two = typeset("two-column", TEXT_ONE + "\n\n" + TEXT_TWO, two_columns=True)
    inputs: list[tuple[str, Path, str]] = []

    def scan(label: str, source: Path, text: str, dpi: int, bitonal: bool, skew: float = 0.0) -> None:
        page = pypdfium2.PdfDocument(str(source))[0]
        picture = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        if skew:
            picture = picture.rotate(skew, resample=Image.Resampling.BICUBIC, fillcolor=255)
        if bitonal:
            picture = picture.point(lambda v: 255 if v >= 128 else 0).convert("1", dither=Image.Dither.NONE)
        path = OUT / f"{label}.pdf"
        path.write_bytes(scan_pdf(picture, dpi))
        inputs.append((label, path, text))

    for dpi in (200, 300):
        for bitonal in (False, True):
            scan(f"scan-{dpi}-{'bitonal' if bitonal else 'gray'}", one, TEXT_ONE, dpi, bitonal)
    scan("scan-300-gray-skew1.5", one, TEXT_ONE, 300, False, skew=1.5)
    scan("scan-300-gray-two-column", two, TEXT_ONE + "\n" + TEXT_TWO, 300, False)
    for label, source, text in (("outlined-one-column", one, TEXT_ONE),
                                ("outlined-two-column", two, TEXT_ONE + "\n" + TEXT_TWO)):
        path = OUT / f"{label}.pdf"
        subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite", "-dNoOutputFonts",
                        f"-sOutputFile={path}", str(source)], check=True, timeout=300)
        inputs.append((label, path, text))
    return inputs


def read(job: tuple[str, str, str]) -> tuple[str, str, float, list[str]]:
    """Read one file with one engine: (label, text, seconds, warning codes). Runs in a worker too."""
    label, path, engine = job
    start = time.perf_counter()
    doc = pagelift.open(path, ocr="auto", ocr_engine=engine)
    text = doc.text()
    return label, text, time.perf_counter() - start, [w.code for w in doc.warnings]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engines", default="tesseract,rapidocr")
    parser.add_argument("--workers", type=int, default=2, help="worker processes for the parallel run (1: none)")
    args = parser.parse_args()
    for program in ("pdflatex", "gs"):
        if not shutil.which(program):
            sys.exit(f"{program} is needed (apt-get install texlive-latex-base ghostscript)")
    OUT.mkdir(parents=True, exist_ok=True)
    inputs = make_inputs()
    known = {label: text for label, _, text in inputs}
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    results: dict[tuple[str, str], tuple[float, float, float, float, list[str]]] = {}
    parallel: dict[str, tuple[float, bool]] = {}
    for engine in engines:
        jobs = [(label, str(path), engine) for label, path, _ in inputs]
        serial_start = time.perf_counter()
        serial = [read(job) for job in jobs]
        serial_total = time.perf_counter() - serial_start
        for label, text, seconds, codes in serial:
            results[(engine, label)] = (*scores(known[label], text), seconds, codes)
        if args.workers > 1:
            start = time.perf_counter()
            with ProcessPoolExecutor(args.workers) as pool:
                spread = list(pool.map(read, jobs))
            same = [t for _, t, _, _ in spread] == [t for _, t, _, _ in serial]
            parallel[engine] = ((time.perf_counter() - start) / len(jobs), same)
        parallel.setdefault(engine, (0.0, True))
        print(f"{engine}: {len(jobs)} pages, serial {serial_total / len(jobs):.1f} s a page", file=sys.stderr)
    print("| page | " + " | ".join(f"{e} recall | precision | order | s/page" for e in engines) + " |")
    print("|---|" + "---:|---:|---:|---:|" * len(engines))
    for label, _, _ in inputs:
        cells = []
        for engine in engines:
            recall, precision, order, seconds, codes = results[(engine, label)]
            cells.append(f"{recall:.3f} | {precision:.3f} | {order:.3f} | {seconds:.1f}"
                         + (f" ({', '.join(sorted(set(codes)))})" if codes else ""))
        print(f"| {label} | " + " | ".join(cells) + " |")
    for engine in engines:
        per_page, same = parallel[engine]
        if per_page:
            print(f"\n{engine} with {args.workers} worker processes: {per_page:.1f} s a page (wall), "
                  f"text {'identical to' if same else 'DIFFERENT from'} the serial run")


if __name__ == "__main__":
    main()
