"""Pages and documents as JSON-ready dictionaries: what ``pagelift json`` and ``pagelift info`` print.

The page record's shape is documented, field by field, in ``docs/schema/page.schema.json``
(a JSON Schema a test validates the output against) and in ``docs/json.md``. Coordinates
are unrotated PDF page space: points (1/72 inch), x to the right, y up, boxes as
``[x0, y0, x1, y1]`` rounded to 0.01 — the same space every pagelift API uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import PluginError
from ..model.runs import Run
from ..model.values import Rect, Table

if TYPE_CHECKING:
    from ..document.document import Document
    from ..document.page import Page

__all__ = ["SCHEMA_VERSION", "document_record", "page_record"]

SCHEMA_VERSION = 1
"""Bumped when a field changes meaning or goes; new fields may appear without a bump."""


def _box(rect: Rect | tuple[float, ...]) -> list[float]:
    return [round(v, 2) for v in rect]


def _color(color: tuple[float, ...] | None) -> list[float] | None:
    return None if color is None else [round(c, 4) for c in color]


def _run(run: Run) -> dict[str, Any]:
    return {"text": run.text, "bbox": _box(run.bbox), "font": run.font_name, "size": round(run.size, 2),
            "color": _color(run.color), "bold": run.bold, "italic": run.italic, "invisible": run.invisible,
            "unreadable": run.unreadable, "artifact": run.artifact, "ocr": run.ocr}


def _table(table: Table) -> dict[str, Any]:
    # Only what every Table has had; detectors may add fields the schema lets through.
    return {"bbox": _box(table.bbox), "detector": table.detector, "rows": table.rows}


def page_tables(page: Page, warn: Callable[[str], None]) -> list[Table]:
    """The tables the default detector finds, or [] with a warning when none is installed."""
    try:
        return list(page.tables())
    except PluginError as exc:
        warn(f"no tables: {exc}")
        return []


def page_record(page: Page, *, words: bool = False, runs: bool = False, tables: bool = True) -> dict[str, Any]:
    """One page as a JSON-ready dictionary (see ``docs/schema/page.schema.json``)."""
    record: dict[str, Any] = {
        "page": page.number,
        "label": page.label,
        "width": round(page.crop_box.width, 2),
        "height": round(page.crop_box.height, 2),
        "rotation": page.rotation,
        "media_box": _box(page.media_box),
        "crop_box": _box(page.crop_box),
        "text": page.text(),
        "lines": [{"text": line.text, "bbox": _box(line.bbox)} for line in page.lines()],
    }
    if words:
        record["words"] = [{"text": w.text, "bbox": _box(w.bbox), "font": w.font_name, "size": round(w.size, 2),
                            "color": _color(w.color), "bold": w.bold, "italic": w.italic, "line": w.line}
                           for w in page.words()]
    if runs:
        record["runs"] = [_run(r) for r in page.runs]
    notes: list[str] = []
    if tables:
        record["tables"] = [_table(t) for t in page_tables(page, notes.append)]
    record["images"] = [{"name": im.name, "inline": im.inline, "width": im.width, "height": im.height,
                         "bbox": _box(im.bbox), "matrix": [round(v, 4) for v in im.matrix]} for im in page.images]
    record["annotations"] = [a.as_dict() for a in page.annotations]
    record["warnings"] = [{"code": w.code, "message": w.message} for w in page.warnings]
    record["warnings"] += [{"code": "plugin", "message": n} for n in notes]
    return record


def document_record(doc: Document) -> dict[str, Any]:
    """What the document holds besides its pages' content, as a JSON-ready dictionary."""
    return {
        "file": doc.name,
        "page_count": doc.page_count,
        "page_labels": doc.page_labels,
        "metadata": doc.metadata.as_dict(),
        "outline": [item.as_dict() for item in doc.outline],
        "form_fields": [f.as_dict() for f in doc.form_fields],
        "attachments": [a.as_dict() for a in doc.attachments],
        "warnings": [{"page": w.page, "code": w.code, "message": w.message} for w in doc.warnings],
    }
