"""Fixtures for the image plugin's tests: builder-made documents read back by pagelift, images decoded."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pikepdf
import pytest
from pdfbuilder import Document

import pagelift
import pagelift_images


def custom_image(doc: Document, width: int, height: int, encoded: bytes, *, filter: str | None = None,
                 **entries: object) -> object:
    """An image XObject with stream data and dictionary entries the builder's ``image()`` does not offer.

    The builder makes the handle (its name, its place in the document); the stream then
    gets ``encoded`` as its already-filtered data and each entry as given (a string that
    starts with ``/`` becomes a name).
    """
    handle = doc.image(1, 1, b"\x00", filter="raw")
    handle.obj.write(encoded, filter=pikepdf.Name(filter) if filter else None)
    handle.obj.Width, handle.obj.Height = width, height
    for key, value in entries.items():
        handle.obj[f"/{key}"] = pikepdf.Name(value) if isinstance(value, str) and value.startswith("/") else value
    return handle


@pytest.fixture
def make_image() -> Callable[..., object]:
    """:func:`custom_image`, for tests (test modules cannot import conftest)."""
    return custom_image


@pytest.fixture
def images_of() -> Iterator[Callable[[Document], list[list[pagelift.Image]]]]:
    """Save a builder Document and return, per page, the images pagelift lists (the document stays open)."""
    opened: list[pagelift.Document] = []

    def read(doc: Document) -> list[list[pagelift.Image]]:
        plugins = pagelift.PluginManager(load_entry_points=False)
        plugins.register(pagelift_images, name="images")
        pdf = pagelift.open(doc.to_bytes(), plugins=plugins)
        opened.append(pdf)
        return [page.images for page in pdf.pages]

    yield read
    for pdf in opened:
        pdf.close()


@pytest.fixture
def pixels_of(images_of: Callable[[Document], list[list[pagelift.Image]]]) -> Callable[..., list[object]]:
    """Save a builder Document and decode every image of its first page through the plugin's hook."""

    def decode(doc: Document, limits: pagelift.Limits | None = None) -> list[object]:
        (images, *_) = images_of(doc)
        return [pagelift_images.pagelift_decode_image(image=image, limits=limits or pagelift.Limits())
                for image in images]

    return decode
