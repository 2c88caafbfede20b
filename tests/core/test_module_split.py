"""document.py split by job: the old import paths still work, a page talks to its document only
through :class:`pagelift.document.page.PageHost`, and no pagelift module hides a builtin."""

from __future__ import annotations

import ast
import builtins
import threading
from pathlib import Path
from typing import Any

import pdfbuilder
import pytest

import pagelift
import pagelift.document
from pagelift.content.cycles import cycles_paused
from pagelift.document.page import Page, PageHost
from pagelift.objects.qpdf_messages import is_repair, reason, summary

CORE = Path(pagelift.__file__).parent


def _one_page(text: str = "Hello page") -> bytes:
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 10, 72, 700, text)
    return doc.to_bytes()


def test_the_old_import_paths_still_work() -> None:
    from pagelift.document import Document, open, parse_pages

    assert open is pagelift.open and Document is pagelift.Document and parse_pages is pagelift.parse_pages
    assert pagelift.document.Page is Page is pagelift.Page
    assert pagelift.Warning is pagelift.PdfWarning
    with pytest.raises(AttributeError):
        _ = pagelift.document.no_such_name


def test_a_run_is_built_with_keywords_only() -> None:
    with pytest.raises(TypeError):
        pagelift.Run("a", 0.0, 0.0, 5.0, 10.0, "F", 2.5)  # type: ignore[misc]
    run = pagelift.Run(text="a", x=0.0, y=0.0, width=5.0, size=10.0, font="F", space_width=2.5)
    assert run.text == "a"


def test_no_core_module_hides_a_builtin() -> None:
    """``open``, ``Warning`` and the other builtins keep their meaning inside every module;
    only the public ``pagelift.open`` and ``pagelift.Warning`` carry the names, for users."""
    hidden = []
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # module level: what the module's own code would see
            names: list[str] = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [alias.asname or alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            for name in names:
                if name in vars(builtins) and not name.startswith("__"):
                    hidden.append(f"{path.relative_to(CORE)}: {name}")
    assert hidden == []
    # The package's public names are bound on first use (pagelift.__getattr__): its table is where they are.
    assert sorted(name for name in pagelift._PUBLIC if name in vars(builtins)) == ["Warning", "open"]


def test_a_page_reaches_its_document_only_through_its_host_interface() -> None:
    source = (CORE / "document" / "page.py").read_text(encoding="utf-8")
    assert "document._" not in source
    protocol = {name for name in vars(PageHost) if not name.startswith("_")}
    assert protocol == {"destinations", "forget", "interpret", "lock", "ocr_reader", "page_labels",
                        "page_object", "read_shapes", "warn"}


class CountingHost:
    """A document that counts what its page asks for: proves the page needs only PageHost."""

    def __init__(self, doc: pagelift.Document) -> None:
        self.doc = doc
        self.name, self.options, self.plugins = doc.name, doc.options, doc.plugins
        self.inherited_values = doc.inherited_values  # a plain attribute of the interface, as these are
        self.lock = threading.RLock()
        self.asked: list[str] = []

    def __getattr__(self, name: str) -> Any:
        self.asked.append(name)
        return getattr(self.doc, name)


def test_a_page_reads_its_text_through_any_host() -> None:
    with pagelift.open(_one_page("Narrow interface")) as doc:
        host = CountingHost(doc)
        page = Page(host, 1)
        assert page.text() == "Narrow interface"
        page.release()
        assert set(host.asked) <= {"page_object", "interpret", "forget", "warn"}
        assert {"page_object", "interpret", "forget"} <= set(host.asked)


def test_qpdf_messages_drop_the_name_and_count_the_rest() -> None:
    assert reason(Exception("doc.pdf: file is damaged\nmore"), "doc.pdf") == "file is damaged"
    assert reason(Exception(""), "x") == "Exception"
    assert is_repair(["xref not found"]) and not is_repair(["odd token"])
    assert summary(["a: odd token", "b"], "a") == "qpdf: odd token (and 1 more)"
    assert summary(["file is damaged"], "f").startswith("the file was damaged and repaired as qpdf does")


def test_the_cycle_collector_is_paused_and_restored() -> None:
    import gc

    assert gc.isenabled()
    with cycles_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with cycles_paused():
            pass
        assert not gc.isenabled()  # a collector the caller stopped stays stopped
    finally:
        gc.enable()


def test_threads_share_one_pause_of_the_cycle_collector() -> None:
    """The collector restarts when the last thread leaves, not when the first does, and
    never stays stopped after threads entered and left at once (the race the thread test
    once hit: a thread asked isenabled() while another was inside, then disabled it after
    the other restarted it)."""
    import gc
    import sys
    import threading

    inside, leave = threading.Event(), threading.Event()

    def hold() -> None:
        with cycles_paused():
            inside.set()
            leave.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert inside.wait(10)
        with cycles_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the other thread is still inside
    finally:
        leave.set()
        holder.join(10)
    assert gc.isenabled()

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(10):
            start = threading.Barrier(4)

            def churn(start: threading.Barrier = start) -> None:
                start.wait()
                for _ in range(2000):
                    with cycles_paused():
                        pass

            workers = [threading.Thread(target=churn) for _ in range(4)]
            for w in workers:
                w.start()
            for w in workers:
                w.join(60)
            assert gc.isenabled()
    finally:
        sys.setswitchinterval(old)
        gc.enable()
