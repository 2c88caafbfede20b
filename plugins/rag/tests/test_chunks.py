"""The chunks exporter on builder documents: heading paths, page breaks, tables across the limit, furniture."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

import pagelift
from pagelift_rag.tokens import count_words, tokenizer

BODY = ("The river runs slowly through the valley and the people who live along its banks "
        "have fished in it for many generations.")


def chunks(doc: pagelift.Document, **options: Any) -> list[dict[str, Any]]:
    return [json.loads(line) for line in doc.export("chunks", tokenizer="words", **options).splitlines()]


def three_levels(w: Any) -> Any:
    w.heading("Annual Report", 20)
    w.paragraph("This report looks back on the year.")
    w.heading("Methods", 16)
    w.paragraph("We describe how the figures were gathered.")
    w.heading("Sampling", 13)
    w.paragraph(BODY)
    w.heading("Results", 16)
    w.paragraph("Sales rose in every region.")
    return w


def test_heading_path_three_levels_deep(writer: Any) -> None:
    out = chunks(three_levels(writer).open())
    by_text = {c["text"].splitlines()[0]: c for c in out}
    assert by_text["# Annual Report"]["headings"] == ["Annual Report"]
    assert by_text["## Methods"]["headings"] == ["Annual Report", "Methods"]
    assert by_text["### Sampling"]["headings"] == ["Annual Report", "Methods", "Sampling"]
    assert by_text["## Results"]["headings"] == ["Annual Report", "Results"]  # the level-3 section is closed
    assert all(c["kinds"][0] == "heading" for c in out)
    assert BODY in by_text["### Sampling"]["text"]


def test_a_section_with_only_its_heading_joins_its_first_subsection(writer: Any) -> None:
    w = writer
    w.heading("Guide", 20)
    w.heading("Setup", 16)
    w.paragraph("Plug it in and switch it on.")
    out = chunks(w.open())
    assert len(out) == 1
    assert out[0]["text"].startswith("# Guide\n\n## Setup\n\nPlug it in")
    assert out[0]["headings"] == ["Guide", "Setup"]


def test_a_page_break_inside_a_section_gives_the_chunk_both_pages_and_a_box_on_each(writer: Any) -> None:
    w = writer
    w.heading("Travels", 20)
    w.paragraph("The journey began in spring.")
    w.heading("The Coast", 16)
    for _ in range(30):
        w.paragraph(BODY)
    out = chunks(w.open(), max_tokens=2000)
    coast = [c for c in out if c["headings"] == ["Travels", "The Coast"]]
    assert len(coast) == 1
    assert coast[0]["pages"] == [1, 2]
    pages = {box["page"] for box in coast[0]["boxes"]}
    assert pages == {1, 2}
    for box in coast[0]["boxes"]:
        x0, y0, x1, y1 = box["bbox"]
        assert 60 <= x0 < x1 <= 560 and 80 <= y0 < y1 <= 760


def test_chunks_stay_within_the_limit_and_cut_between_sentences(writer: Any) -> None:
    w = writer
    w.heading("Notes", 20)
    sentences = [f"Sentence number {i} tells of the river and the valley." for i in range(40)]
    w.paragraph(" ".join(sentences))
    out = chunks(w.open(), max_tokens=60)
    assert len(out) > 3
    assert all(c["tokens"] <= 60 and count_words(c["text"]) == c["tokens"] for c in out)
    body = " ".join(c["text"].removeprefix("# Notes\n\n") for c in out)
    assert body == " ".join(sentences)  # every sentence once, in order
    for c in out:
        assert c["text"].endswith("valley.")  # no chunk stops mid-sentence
        assert c["headings"] == ["Notes"]


def test_a_table_longer_than_a_chunk_repeats_its_header_and_never_splits_a_row(writer: Any) -> None:
    w = writer
    w.heading("Stations", 20)
    w.paragraph("The stations along the line, with their distances and platforms.")
    rows = [["Station", "Miles", "Platforms"]] + [[f"Halt {i}", f"{i * 1.5:.1f}", str(i % 4 + 1)] for i in range(40)]
    w.table(rows)
    out = chunks(w.open(), max_tokens=80)
    tables = [c for c in out if "table" in c["kinds"]]
    assert len(tables) >= 3
    seen = []
    for c in tables:
        lines = [line for line in c["text"].split("\n") if line.startswith("|")]
        assert lines[0] == "| Station | Miles | Platforms |"
        assert lines[1] == "| --- | --- | --- |"
        for line in lines[2:]:
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            assert len(cells) == 3  # a whole row
            seen.append(cells)
        assert c["tokens"] <= 80
    assert seen == [row for row in rows[1:]]


def test_running_headers_footers_and_page_numbers_never_enter_a_chunk(writer: Any) -> None:
    w = writer
    w.heading("Chapter One", 20)
    for _ in range(45):
        w.paragraph(BODY)
    for number, page in enumerate(w.pages, 1):
        page.text(w.font, 9, 72, 770, "ACME Quarterly Review")
        page.text(w.font, 9, 300, 40, str(number))
    doc = w.open()
    assert len(doc.pages) >= 3
    assert "ACME Quarterly Review" in doc.pages[1].text()
    out = chunks(doc, max_tokens=120)
    for c in out:
        assert "ACME" not in c["text"]
        assert all(not line.strip().isdigit() for line in c["text"].splitlines())


def test_overlap_repeats_the_end_of_the_previous_chunk(writer: Any) -> None:
    w = writer
    w.heading("Notes", 20)
    w.paragraph(" ".join(f"Point {i} is short." for i in range(30)))
    plain = chunks(w.open(), max_tokens=40)
    overlapped = chunks(w.open(), max_tokens=40, overlap=10)
    assert len(overlapped) > len(plain) >= 2
    for first, second in itertools.pairwise(overlapped):
        last_sentence = first["text"].split(". ")[-1]
        assert last_sentence in second["text"]


def test_tokenizer_auto_names_what_counted(writer: Any) -> None:
    w = three_levels(writer)
    out = chunks(w.open())
    assert {c["tokenizer"] for c in out} == {"words"}
    auto = [json.loads(line) for line in w.open().export("chunks").splitlines()]
    assert {c["tokenizer"] for c in auto} == {tokenizer().name}
    assert tokenizer().name in ("cl100k_base", "words")


def test_bad_options_are_clear_errors(writer: Any) -> None:
    doc = three_levels(writer).open()
    with pytest.raises(ValueError, match="has no option 'size'"):
        doc.export("chunks", size=3)
    with pytest.raises(ValueError, match="too small"):
        doc.export("chunks", max_tokens=4)
    with pytest.raises(ValueError, match="cannot be loaded"):
        doc.export("chunks", tokenizer="no-such-encoding")
