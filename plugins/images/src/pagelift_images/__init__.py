"""pagelift plugin: the pixels of the images a page paints.

Implements ``pagelift_decode_image`` with pikepdf's ``PdfImage`` (filters, predictors,
colour spaces, /Decode arrays) and Pillow (the pixels). Callers normally ask the core
(``Page.image_pixels(image)``); :func:`decode_image` is here for an app that wants the
soft mask applied too. See the README for what is decoded and what is refused.
"""

from __future__ import annotations

from typing import Any

import pagelift

__all__ = ["decode_image", "pagelift_decode_image"]


def decode_image(image: pagelift.Image, limits: pagelift.Limits, *, with_mask: bool = False) -> Any | None:
    """The picture's pixels as a PIL image (the soft mask applied with ``with_mask``), or None.

    See :func:`pagelift_images.decode.decode_image`. The codec module (and Pillow with it) is
    imported on the first image, not when plugins are discovered: most processes that load
    pagelift never ask for pixels, and Pillow's import is a quarter of the time a small
    document takes to read.
    """
    from .decode import decode_image as decode

    return decode(image, limits, with_mask=with_mask)


@pagelift.hookimpl
def pagelift_decode_image(image: pagelift.Image, limits: pagelift.Limits) -> Any | None:
    """The picture's own pixels as a PIL image (its mask not applied); None over the pixel limit.

    A codec's failure raises :class:`pagelift.CannotDecode` with its reason, which the core
    passes on in its warning."""
    from .decode import decode_or_say_why

    return decode_or_say_why(image, limits)
