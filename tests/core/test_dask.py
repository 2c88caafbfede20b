"""pagelift.dask on a LocalCluster the test starts (two worker processes), a failing file among the inputs.

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

from pagelift import batch, cli

distributed = pytest.importorskip("dask.distributed", reason="pip install 'pagelift[dask]'")

pytestmark = pytest.mark.dask


def pdf(words: str, pages: int) -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for n in range(1, pages + 1):
        doc.add_page().text(font, 10, 72, 700, f"{words} {n}")
    return doc.to_bytes()


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("archive")
    (folder / "a.pdf").write_bytes(pdf("Alpha", 2))
    (folder / "b.pdf").write_bytes(pdf("Bravo", 3))
    (folder / "c.pdf").write_bytes(pdf("Charlie", 1))
    (folder / "broken.pdf").write_bytes(b"this is no PDF at all\n")
    return folder


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as local, distributed.Client(local) as client:
        yield client


def same(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k != "seconds"}


def test_read_bag_gives_the_records_of_pagelift_batch(cluster: Any, archive: Path) -> None:
    import pagelift.dask

    bag = pagelift.dask.read_bag([str(archive)], format="json")
    found = {Path(r["path"]).name: r for r in bag.compute()}
    assert sorted(found) == ["a.pdf", "b.pdf", "broken.pdf", "c.pdf"]
    for path in sorted(archive.glob("*.pdf")):
        assert same(found[path.name]) == same(batch.read_record(str(path), batch.Job(format="json")))
    assert found["b.pdf"]["pages"] == [{"page": n, "text": f"Bravo {n}"} for n in (1, 2, 3)]
    assert found["broken.pdf"]["status"] == "error" and "no %PDF header" in found["broken.pdf"]["error"]
    assert set(cluster.run(lambda: True)) and len(cluster.scheduler_info()["workers"]) == 2


def test_to_dataframe_has_a_row_per_file(cluster: Any, archive: Path) -> None:
    import pagelift.dask

    frame = pagelift.dask.to_dataframe(str(archive / "*.pdf"), format="text").compute().set_index("path")
    assert list(frame.columns) == ["status", "error", "error_type", "page_count", "pages_read", "seconds",
                                   "warnings", "text"]
    assert frame.loc[str(archive / "a.pdf"), "text"] == "Alpha 1\n\nAlpha 2"
    assert frame.loc[str(archive / "broken.pdf"), "status"] == "error"
    assert (frame["status"] == "ok").sum() == 3
    assert json.loads(frame.loc[str(archive / "c.pdf"), "warnings"]) == []


def test_batch_runs_on_a_cluster_given_its_scheduler(cluster: Any, archive: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(cli.main, ["batch", str(archive), "--out", str(out), "--no-progress",
                                           "--scheduler", cluster.scheduler.address])
    assert result.exit_code == 1, result.output  # broken.pdf failed; the rest were read
    found = {Path(r["path"]).name: r for r in map(json.loads, out.read_text().splitlines())}
    assert [found[n]["status"] for n in ("a.pdf", "b.pdf", "broken.pdf", "c.pdf")] == ["ok", "ok", "error", "ok"]
    assert same(found["a.pdf"]) == same(batch.read_record(str(archive / "a.pdf"), batch.Job()))
