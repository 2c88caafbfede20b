"""How many corpus files hold metadata, XMP, outlines, forms, attachments, page labels,
annotations and links — read through pagelift's document-level API, every file, with
any exception other than PdfError counted (there should be none).

    .venv/bin/python benchmarks/extras/survey.py [CORPUS_DIR]

Prints a Markdown table; tests/corpus/test_corpus_extras.py runs the same survey.
"""

from __future__ import annotations

import csv
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

import pagelift

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"

FEATURES = ("opened", "info", "xmp", "dates", "outline", "outline_resolved", "forms", "need_appearances",
            "attachments", "labels", "annotations", "links")


def survey_file(path: Path, password: str | None) -> tuple[set[str], str | None]:
    """The features one file has, and the unexpected exception (a traceback's last line), if any."""
    found: set[str] = set()
    try:
        with pagelift.open(path, password=password) as doc:
            found.add("opened")
            meta = doc.metadata
            if any((meta.title, meta.author, meta.subject, meta.keywords, meta.creator, meta.producer, meta.custom)):
                found.add("info")
            if meta.xmp:
                found.add("xmp")
            if meta.created or meta.modified:
                found.add("dates")
            items = [i for top in doc.outline for i in top.walk()]
            if items:
                found.add("outline")
                if any(i.page is not None for i in items):
                    found.add("outline_resolved")
            if doc.form_fields:
                found.add("forms")
                from pagelift.catalog.forms import needs_appearances
                if needs_appearances(doc._pdf):
                    found.add("need_appearances")
            if doc.attachments:
                found.add("attachments")
                for attachment in doc.attachments:
                    try:
                        attachment.data()
                    except pagelift.PdfError:
                        pass
            labels = doc.page_labels
            if labels != [str(i + 1) for i in range(doc.page_count)]:
                found.add("labels")
            for page in doc.pages:
                if page.annotations:
                    found.add("annotations")
                if page.links:
                    found.add("links")
    except pagelift.PdfError:
        pass
    except Exception:  # what the survey is looking for: there should be none
        return found, traceback.format_exc().strip().splitlines()[-1]
    return found, None


def survey(corpus: Path) -> tuple[Counter[str], int, list[tuple[str, str]], float]:
    """Counts per feature, files read, unexpected exceptions (file, error) and seconds taken."""
    with (corpus / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        rows: list[dict[str, Any]] = list(csv.DictReader(f, delimiter="\t"))
    counts: Counter[str] = Counter()
    failures = []
    start = time.perf_counter()
    for row in rows:
        found, error = survey_file(corpus / row["file"], row["password"] or None)
        counts.update(found)
        if error:
            failures.append((row["file"], error))
    return counts, len(rows), failures, time.perf_counter() - start


def main() -> None:
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    counts, files, failures, seconds = survey(corpus)
    print(f"| feature | files (of {files}) |\n|---|---|")
    for feature in FEATURES:
        print(f"| {feature} | {counts[feature]} |")
    print(f"\nunexpected exceptions: {len(failures)}; {seconds:.1f} s")
    for file, error in failures:
        print(f"  {file}: {error}")


if __name__ == "__main__":
    main()
