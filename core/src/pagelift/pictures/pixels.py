"""The pixels of an image a page paints: the one place callers (and OCR) ask the image plugins.

The core decodes no image itself — that is the ``pagelift_decode_image`` hook's job
(``pagelift-images`` implements it with pikepdf and Pillow) — and does not import Pillow.
What it owns is the asking: the pixel limit, a plugin's exception turned into a
``plugin`` warning, and an ``unsupported`` warning when nothing could decode the image.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import StrictError
from ..model.values import Image, WarningCode
from ..options import Limits
from ..plugins.manager import PluginManager, answers_of

Warn = Callable[[str, str], None]
"""``warn(code, message)``: where a warning goes (a page's list, or the caller's)."""


def image_pixels(image: Image, plugins: PluginManager, limits: Limits, warn: Warn) -> Any | None:
    """Ask the image plugins for ``image``'s pixels; a PIL image, or None with a warning.

    The first plugin that answers wins, in pluggy's order (the last registered first). An
    image over ``limits.max_image_pixels`` is not offered to any plugin (``work_limit``).
    A plugin that raises is a bug in that plugin: ``plugin`` warning naming it, and the
    next plugin is asked. When none answers — no image plugin installed, or the filter or
    data is beyond them all — the result is None with an ``unsupported`` warning.
    """
    label = f"image {image.name}" if image.name else "inline image"
    size = f"{image.width}×{image.height}"
    if image.width * image.height > limits.max_image_pixels:
        warn(WarningCode.WORK_LIMIT, f"{label} of {size} pixels is over the limit of "
             f"{limits.max_image_pixels}; it was not decoded")
        return None
    caller = plugins.hook.pagelift_decode_image
    impls = caller.get_hookimpls()
    if any(impl.hookwrapper or impl.wrapper for impl in impls):
        # A wrapper (a cache, a tracer) only works through pluggy's own call; a failure
        # then cannot be pinned on one plugin, nor can the next one be asked.
        try:
            answer = caller(image=image, limits=limits)
        except StrictError:
            raise
        except Exception as exc:  # a plugin's bug must not reach the caller as a traceback
            warn(WarningCode.PLUGIN, f"an image plugin failed on {label}: {type(exc).__name__}: {exc}")
            answer = None
        if answer is None:
            _unsupported(image, label, size, any(not (i.hookwrapper or i.wrapper) for i in impls), warn)
        return answer
    # pluggy calls the last registered first; the first usable answer wins.
    reasons: list[str] = []
    for _impl, answer in answers_of(reversed(impls), {"image": image, "limits": limits}, role="image plugin",
                                    subject=label, expected="a PIL image",
                                    accepts=lambda a: hasattr(a, "mode") and hasattr(a, "size"), warn=warn,
                                    declined=reasons):
        return answer
    _unsupported(image, label, size, bool(impls), warn, reasons)
    return None


def _unsupported(image: Image, label: str, size: str, any_plugin: bool, warn: Warn,
                 reasons: list[str] | None = None) -> None:
    if not any_plugin:
        warn(WarningCode.UNSUPPORTED, f"{label} was not decoded: no image plugin is installed "
             "(pip install pagelift-images)")
        return
    filters = "+".join(image.filters) or "no filter"
    space = image.color_space or ("image mask" if image.image_mask else "no colour space")
    why = f" ({'; '.join(reasons)})" if reasons else ""
    warn(WarningCode.UNSUPPORTED, f"{label} ({size}, {filters}, {space}) could not be decoded by any image plugin{why}")
