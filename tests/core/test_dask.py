"""pagelift.apps.dask on a LocalCluster the test starts (two worker processes), a failing file among the inputs.

One cluster serves every test of the module (starting it is most of the few seconds they take).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pdfbuilder
import pytest
from click.testing import CliRunner

from pagelift.apps import batch
from pagelift.commands import cli

distributed = pytest.importorskip("dask.distributed", reason="pip install 'pagelift[dask]'")

pytestmark = pytest.mark.dask


def pdf(words: str, pages: int) -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for n in range(1, pages + 1):
        doc.add_page().text(font, 10, 72, 700, f"{words} {n}")
    return doc.to_bytes()


def long_pdf(pages: int) -> bytes:
    """Pages that each say a warning of their own, and a shared form whose warning is said once per document."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    logo = doc.form((0, 0, 200, 20))
    logo.content("BT /Missing 9 Tf 0 5 Td (logo) Tj ET")
    for n in range(1, pages + 1):
        page = doc.add_page()
        if n % 4:
            page.text(font, 10, 72, 700, f"Long page {n}")
        page.content("BT /Gone 10 Tf 72 600 Td (lost) Tj ET")
        page.draw(logo, 72, 760)
    return doc.to_bytes()


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("archive")
    (folder / "a.pdf").write_bytes(pdf("Alpha", 2))
    (folder / "b.pdf").write_bytes(pdf("Bravo", 3))
    (folder / "c.pdf").write_bytes(pdf("Charlie", 1))
    (folder / "broken.pdf").write_bytes(b"this is no PDF at all\n")
    (folder / "long.pdf").write_bytes(long_pdf(23))
    return folder


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as local, distributed.Client(local) as client:
        yield client


def same(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k != "seconds"}


def test_read_bag_gives_the_records_of_pagelift_batch(cluster: Any, archive: Path) -> None:
    import pagelift.apps.dask

    bag = pagelift.apps.dask.read_bag([str(archive)], format="json")
    found = {Path(r["path"]).name: r for r in bag.compute()}
    assert sorted(found) == ["a.pdf", "b.pdf", "broken.pdf", "c.pdf", "long.pdf"]
    for path in sorted(archive.glob("*.pdf")):
        assert same(found[path.name]) == same(batch.read_record(str(path), batch.Job(format="json")))
    # pagelift json's page records, the schema's fields among them
    assert [(p["page"], p["text"], [line["text"] for line in p["lines"]]) for p in found["b.pdf"]["pages"]] == [
        (n, f"Bravo {n}", [f"Bravo {n}"]) for n in (1, 2, 3)]
    assert {"width", "height", "rotation", "tables", "images", "annotations", "warnings"} <= set(
        found["b.pdf"]["pages"][0])
    assert found["broken.pdf"]["status"] == "error" and "no %PDF header" in found["broken.pdf"]["error"]
    assert set(cluster.run(lambda: True)) and len(cluster.scheduler_info()["workers"]) == 2


def test_to_dataframe_has_a_row_per_file(cluster: Any, archive: Path) -> None:
    import pagelift.apps.dask

    frame = pagelift.apps.dask.to_dataframe(str(archive / "*.pdf"), format="text").compute().set_index("path")
    assert list(frame.columns) == ["status", "error", "error_type", "page_count", "pages_read", "seconds",
                                   "warnings", "text"]
    assert frame.loc[str(archive / "a.pdf"), "text"] == "Alpha 1\n\nAlpha 2"
    assert frame.loc[str(archive / "broken.pdf"), "status"] == "error"
    assert (frame["status"] == "ok").sum() == 4
    assert json.loads(frame.loc[str(archive / "c.pdf"), "warnings"]) == []


def test_batch_runs_on_a_cluster_given_its_scheduler(cluster: Any, archive: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(cli.main, ["batch", str(archive), "--out", str(out), "--no-progress",
                                           "--scheduler", cluster.scheduler.address])
    assert result.exit_code == 1, result.output  # broken.pdf failed; the rest were read
    found = {Path(r["path"]).name: r for r in map(json.loads, out.read_text().splitlines())}
    assert [found[n]["status"] for n in sorted(found)] == ["ok", "ok", "error", "ok", "ok"]
    assert same(found["a.pdf"]) == same(batch.read_record(str(archive / "a.pdf"), batch.Job()))


def test_json_and_markdown_read_a_long_file_whole_for_its_page_warnings_in_order(archive: Path) -> None:
    import pagelift.apps.dask

    for format in ("json", "markdown"):
        assert pagelift.apps.dask._plan(str(archive / "long.pdf"), batch.Job(format=format), 5) is None
    assert pagelift.apps.dask._plan(str(archive / "long.pdf"), batch.Job(format="text"), 5) is not None


def test_the_pages_of_a_long_file_are_spread_and_merged_into_its_one_record(cluster: Any, archive: Path) -> None:
    import pagelift.apps.dask

    format = "text"
    found = {Path(r["path"]).name: r for r in
             pagelift.apps.dask.read_bag([str(archive)], format=format, pages_per_task=5).compute()}
    whole = batch.read_record(str(archive / "long.pdf"), batch.Job(format=format))
    plan = pagelift.apps.dask._plan(str(archive / "long.pdf"), batch.Job(format=format), 5)
    assert plan is not None and plan[0] == list(range(1, 24))  # read in 5 tasks, not whole
    assert pagelift.apps.dask._plan(str(archive / "b.pdf"), batch.Job(format=format), 5) is None
    assert same(found["long.pdf"]) == same(whole)
    said = [(w["page"], w["message"].split()[1]) for w in whole["warnings"]]
    assert said.count((1, "/Missing")) == 1 and len([s for s in said if s[1] == "/Missing"]) == 1  # once
    assert [p for p, what in said if what == "/Gone"] == list(range(1, 24))  # on every page
    assert found["broken.pdf"]["status"] == "error" and same(found["a.pdf"]) == same(
        batch.read_record(str(archive / "a.pdf"), batch.Job(format=format)))
