"""Interpret a page's content streams into runs of positioned text and placed images.

Operators are dispatched through one table (operator -> handler), as pdf.js does; the
handler receives the operand list. Only the graphics state that matters for where text and
images land is tracked: the CTM, the text state, marked content.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pikepdf

from ..fonts import FontCache, LoadedFont
from ..model import IDENTITY, Image, Matrix, Rect, Run, WarningCode, multiply
from ..options import Limits
from .lexer import InlineImageData, Name, Operator, tokenize

Warn = Callable[[str, str], None]


class WorkLimitReached(Exception):
    """Raised inside the interpreter when a page's budget runs out; the page keeps what it read."""


@dataclass(slots=True)
class TextState:
    """The text state parameters that survive BT/ET (and are saved by q/Q)."""

    font: LoadedFont | None = None
    font_name: str = ""
    size: float = 0.0
    char_spacing: float = 0.0
    word_spacing: float = 0.0
    scale: float = 1.0
    leading: float = 0.0
    rise: float = 0.0
    render_mode: int = 0


@dataclass(slots=True)
class GraphicsState:
    """What q saves and Q restores."""

    ctm: Matrix = IDENTITY
    text: TextState = field(default_factory=TextState)


@dataclass(slots=True)
class PageContent:
    """What interpreting one page produced."""

    runs: list[Run] = field(default_factory=list)
    images: list[Image] = field(default_factory=list)
    operators: int = 0
    glyphs: int = 0


def _f(value: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    raise TypeError("operand is not a number")


def inherited_resources(page_obj: Any) -> Any:
    """The page's /Resources, inherited from the page tree when the page has none (never created)."""
    node = page_obj
    seen = set()
    while isinstance(node, pikepdf.Dictionary):
        res = node.get("/Resources")
        if isinstance(res, pikepdf.Dictionary):
            return res
        key = node.objgen if node.is_indirect else id(node)
        if key in seen:
            break
        seen.add(key)
        node = node.get("/Parent")
    return pikepdf.Dictionary()


class Interpreter:
    """Reads the content of one page (and the forms and annotations it draws) into runs."""

    def __init__(self, fonts: FontCache, limits: Limits, warn: Warn, *, ignore_annotations: bool = False) -> None:
        self.fonts = fonts
        self.limits = limits
        self.warn = warn
        self.ignore_annotations = ignore_annotations
        self._parsed: dict[Any, list[Any]] = {}
        self._ops: dict[str, Callable[[list[Any]], None]] = {
            "q": self._q, "Q": self._Q, "cm": self._cm,
            "BT": self._BT, "ET": self._ET,
            "Tf": self._Tf, "Tc": self._Tc, "Tw": self._Tw, "Tz": self._Tz, "TL": self._TL,
            "Ts": self._Ts, "Tr": self._Tr,
            "Td": self._Td, "TD": self._TD, "Tm": self._Tm, "T*": self._Tstar,
            "Tj": self._Tj, "TJ": self._TJ, "'": self._quote, '"': self._dquote,
            "Do": self._Do, "EI": self._EI,
            "BMC": self._BMC, "BDC": self._BDC, "EMC": self._EMC,
        }

    # -- entry ---------------------------------------------------------------------------

    def run_page(self, page_obj: Any, page_number: int) -> PageContent:
        """Interpret one page: its /Contents, then its annotations' appearance streams."""
        self.page_number = page_number
        self.out = PageContent()
        self.gs = GraphicsState()
        self.stack: list[GraphicsState] = []
        self.tm: Matrix = IDENTITY
        self.tlm: Matrix = IDENTITY
        self.marked: list[tuple[int | None, str | None, bool]] = []
        self.actual_text_run: int | None = None
        self.form_stack: list[Any] = []
        self.resources_stack: list[Any] = [inherited_resources(page_obj)]
        try:
            self._run_stream(self._page_content(page_obj))
            if not self.ignore_annotations:
                self._run_annotations(page_obj)
        except WorkLimitReached as exc:
            self.warn(WarningCode.WORK_LIMIT, str(exc))
        return self.out

    def _page_content(self, page_obj: Any) -> list[Any]:
        contents = page_obj.get("/Contents")
        if contents is None:
            return []
        key = contents.objgen if contents.is_indirect else None
        if key is not None and key in self._parsed:
            return self._parsed[key]
        parts = contents if isinstance(contents, pikepdf.Array) else [contents]
        chunks = []
        total = 0
        for part in parts:
            if not isinstance(part, pikepdf.Stream):
                continue
            data = self._read(part, "page content")
            if data is None:
                continue
            total += len(data)
            chunks.append(data)
        # Segments are joined with white space, so a token split across two of them is
        # whole again and two tokens that merely touch stay apart.
        tokens = list(tokenize(b"\n".join(chunks)))
        return tokens

    def _read(self, stream: Any, what: str) -> bytes | None:
        try:
            length = int(stream.get("/Length", 0))
        except (TypeError, ValueError):
            length = 0
        if length > self.limits.max_stream_bytes:
            self.warn(WarningCode.STREAM_LIMIT, f"{what} stream of {length} bytes is over the limit; skipped")
            return None
        try:
            data = bytes(stream.read_bytes())
        except Exception as exc:  # pikepdf/qpdf raise several types for broken filters
            self.warn(WarningCode.STREAM, f"{what} stream could not be decoded: {exc}")
            return None
        if len(data) > self.limits.max_stream_bytes:
            self.warn(WarningCode.STREAM_LIMIT, f"{what} stream inflates past the limit; truncated")
            data = data[: self.limits.max_stream_bytes]
        return data

    def _run_stream(self, tokens: list[Any]) -> None:
        ops = self._ops
        operands: list[Any] = []
        out = self.out
        limit = self.limits.max_operators_per_page
        for tok in tokens:
            if type(tok) is Operator:
                out.operators += 1
                if out.operators > limit:
                    raise WorkLimitReached(f"more than {limit} operators on the page; the rest was not read")
                handler = ops.get(tok)
                if handler is not None:
                    try:
                        handler(operands)
                    except (TypeError, ValueError, IndexError, KeyError, ZeroDivisionError, AttributeError):
                        pass  # malformed operands: the operator is skipped, as viewers do
                operands = []
            else:
                operands.append(tok)

    # -- graphics state ------------------------------------------------------------------

    def _q(self, ops: list[Any]) -> None:
        gs = self.gs
        self.stack.append(GraphicsState(gs.ctm, TextState(**{k: getattr(gs.text, k) for k in TextState.__slots__})))

    def _Q(self, ops: list[Any]) -> None:
        if len(self.stack) > self._stack_floor():
            self.gs = self.stack.pop()

    def _stack_floor(self) -> int:
        return self.form_stack[-1][1] if self.form_stack else 0

    def _cm(self, ops: list[Any]) -> None:
        m = tuple(_f(v) for v in ops[-6:])
        if len(m) == 6:
            self.gs.ctm = multiply(m, self.gs.ctm)  # type: ignore[arg-type]

    # -- text state ----------------------------------------------------------------------

    def _BT(self, ops: list[Any]) -> None:
        self.tm = self.tlm = IDENTITY

    def _ET(self, ops: list[Any]) -> None:
        pass

    def _Tf(self, ops: list[Any]) -> None:
        name, size = ops[-2], _f(ops[-1])
        ts = self.gs.text
        ts.size = size
        fonts = self.resources_stack[-1].get("/Font")
        font_obj = fonts.get("/" + name) if isinstance(fonts, pikepdf.Dictionary) and isinstance(name, str) else None
        if font_obj is None:
            self.warn(WarningCode.FONT, f"font /{name} is not in the resources; its text is unreadable")
            ts.font = None
            ts.font_name = str(name)
            return
        ts.font = self.fonts.get(font_obj, str(name))
        ts.font_name = str(name)

    def _Tc(self, ops: list[Any]) -> None:
        self.gs.text.char_spacing = _f(ops[-1])

    def _Tw(self, ops: list[Any]) -> None:
        self.gs.text.word_spacing = _f(ops[-1])

    def _Tz(self, ops: list[Any]) -> None:
        self.gs.text.scale = _f(ops[-1]) / 100.0

    def _TL(self, ops: list[Any]) -> None:
        self.gs.text.leading = _f(ops[-1])

    def _Ts(self, ops: list[Any]) -> None:
        self.gs.text.rise = _f(ops[-1])

    def _Tr(self, ops: list[Any]) -> None:
        self.gs.text.render_mode = int(_f(ops[-1]))

    def _Td(self, ops: list[Any]) -> None:
        tx, ty = _f(ops[-2]), _f(ops[-1])
        self.tm = self.tlm = multiply((1.0, 0.0, 0.0, 1.0, tx, ty), self.tlm)

    def _TD(self, ops: list[Any]) -> None:
        self.gs.text.leading = -_f(ops[-1])
        self._Td(ops)

    def _Tm(self, ops: list[Any]) -> None:
        m = tuple(_f(v) for v in ops[-6:])
        if len(m) == 6:
            self.tm = self.tlm = m  # type: ignore[assignment]

    def _Tstar(self, ops: list[Any]) -> None:
        self._Td([0.0, -self.gs.text.leading])

    # -- showing text --------------------------------------------------------------------

    def _Tj(self, ops: list[Any]) -> None:
        s = ops[-1]
        if isinstance(s, bytes):
            self._show([s])

    def _TJ(self, ops: list[Any]) -> None:
        arr = ops[-1]
        if isinstance(arr, list):
            self._show(arr)

    def _quote(self, ops: list[Any]) -> None:
        self._Tstar([])
        self._Tj(ops)

    def _dquote(self, ops: list[Any]) -> None:
        self.gs.text.word_spacing = _f(ops[-3])
        self.gs.text.char_spacing = _f(ops[-2])
        self._quote(ops)

    def _show(self, items: list[Any]) -> None:
        ts = self.gs.text
        font = ts.font
        if font is None:
            return
        size = ts.size
        hscale = ts.scale
        tc, tw = ts.char_spacing, ts.word_spacing
        m = multiply(self.tm, self.gs.ctm)
        vertical = font.vertical
        # Text-space pen position along the baseline, relative to the start of this show.
        pen = 0.0
        pieces: list[tuple[str, float, float]] = []
        drawn = 0  # glyphs in the current run, readable or not
        unreadable = False
        run_start = 0.0
        limit = self.limits.max_glyphs_per_page
        out = self.out

        def flush(end: float) -> None:
            nonlocal pieces, unreadable, drawn
            if drawn:
                self._emit(m, run_start, end, pieces, unreadable, font, size, hscale, vertical)
            pieces = []
            unreadable = False
            drawn = 0

        for item in items:
            if isinstance(item, bytes):
                for text, width, word_space, _vx, _vy in font.decode(item):
                    out.glyphs += 1
                    if out.glyphs > limit:
                        flush(pen)
                        raise WorkLimitReached(f"more than {limit} glyphs on the page; the rest was not read")
                    if not drawn:
                        run_start = pen
                    drawn += 1
                    advance = width * size
                    step = advance + tc + (tw if word_space else 0.0)
                    if not vertical:
                        step *= hscale
                        advance *= hscale
                    if text is None:
                        unreadable = True
                    elif text:
                        pieces.append((text, pen, advance))
                    pen += step if not vertical else -step if step < 0 else step
            elif isinstance(item, (int, float)) and not isinstance(item, bool):
                shift = -item / 1000.0 * size * (1.0 if vertical else hscale)
                if drawn and not vertical and shift > 0.15 * size:
                    # A wide TJ gap: end this run so the line rule decides whether it is a space.
                    flush(pen)
                pen += shift
        flush(pen)
        # Advance the text matrix by the whole pen movement.
        if vertical:
            self.tm = multiply((1.0, 0.0, 0.0, 1.0, 0.0, -pen), self.tm)
        else:
            self.tm = multiply((1.0, 0.0, 0.0, 1.0, pen, 0.0), self.tm)

    def _emit(self, m: Matrix, start: float, end: float, pieces: list[tuple[str, float, float]],
              unreadable: bool, font: LoadedFont, size: float, hscale: float, vertical: bool) -> None:
        a, b, c, d, e, f = m
        ts = self.gs.text
        rise = ts.rise
        if vertical:
            ux, uy = -c, -d  # down the page in text space
        else:
            ux, uy = a, b
        unit = math.hypot(ux, uy) or 1.0
        dx, dy = ux / unit, uy / unit
        ascent_len = math.hypot(c, d) * size
        if vertical:
            ax, ay = (a * size, b * size)
            ascent = (ax, ay)
        else:
            cn = math.hypot(c, d) or 1.0
            ascent = (c / cn * ascent_len, d / cn * ascent_len)
        x0 = e + c * rise + (ux * start)
        y0 = f + d * rise + (uy * start)
        if vertical:
            x0 = e + c * rise - c * start
            y0 = f + d * rise - d * start
        eff_size = ascent_len
        offsets = tuple((text, (p - start) * unit, adv * unit) for text, p, adv in pieces)
        width = abs(end - start) * unit
        mcid, _, artifact = self.marked[-1] if self.marked else (None, None, False)
        run = Run(
            text="".join(p[0] for p in pieces),
            x=x0, y=y0, width=width, size=eff_size,
            font=ts.font_name,
            space_width=abs(font.space_width * size * (hscale if not vertical else 1.0)) * unit,
            direction=(dx, dy), ascent=ascent, vertical=vertical,
            invisible=ts.render_mode in (3, 7),
            unreadable=unreadable, artifact=artifact, mcid=mcid,
            seq=len(self.out.runs), glyph_offsets=offsets,
        )
        self.out.runs.append(run)

    # -- marked content ------------------------------------------------------------------

    def _BMC(self, ops: list[Any]) -> None:
        tag = ops[-1] if ops else ""
        parent = self.marked[-1] if self.marked else (None, None, False)
        self.marked.append((parent[0], None, parent[2] or tag == "Artifact"))

    def _BDC(self, ops: list[Any]) -> None:
        tag = ops[-2] if len(ops) >= 2 else ""
        props = ops[-1] if ops else None
        if isinstance(props, Name):
            res = self.resources_stack[-1].get("/Properties")
            obj = res.get("/" + props) if isinstance(res, pikepdf.Dictionary) else None
            props = {Name(str(k)[1:]): v for k, v in obj.items()} if isinstance(obj, pikepdf.Dictionary) else {}
        if not isinstance(props, dict):
            props = {}
        parent = self.marked[-1] if self.marked else (None, None, False)
        mcid = props.get("MCID")
        mcid = int(mcid) if isinstance(mcid, (int, float)) else parent[0]
        actual = props.get("ActualText")
        actual_text = _pdf_text(actual) if isinstance(actual, (bytes, pikepdf.String)) else None
        self.marked.append((mcid, actual_text, parent[2] or tag == "Artifact"))
        if actual_text is not None:
            self._actual_start = len(self.out.runs)

    def _EMC(self, ops: list[Any]) -> None:
        if not self.marked:
            return
        _mcid, actual_text, _artifact = self.marked.pop()
        if actual_text is None:
            return
        start = getattr(self, "_actual_start", len(self.out.runs))
        covered = self.out.runs[start:]
        if not covered:
            return
        first = covered[0]
        # /ActualText replaces the glyphs it covers: one run carrying the replacement.
        x1 = max(r.x + r.direction[0] * r.width for r in covered)
        first.text = actual_text
        first.width = max(first.width, x1 - first.x)
        first.unreadable = False
        first.glyph_offsets = ((actual_text, 0.0, first.width),)
        del self.out.runs[start + 1 :]

    # -- XObjects and images -------------------------------------------------------------

    def _Do(self, ops: list[Any]) -> None:
        name = ops[-1]
        xobjects = self.resources_stack[-1].get("/XObject")
        xobj = xobjects.get("/" + name) if isinstance(xobjects, pikepdf.Dictionary) else None
        if not isinstance(xobj, pikepdf.Stream):
            return
        subtype = xobj.get("/Subtype")
        if subtype == "/Image":
            self._image(str(name), xobj, dict(xobj.items()), inline=False)
        elif subtype == "/Form":
            self._form(xobj, str(name))

    def _form(self, xobj: Any, name: str) -> None:
        key = xobj.objgen if xobj.is_indirect else id(xobj)
        if any(k == key for k, _ in self.form_stack):
            self.warn(WarningCode.MALFORMED_PAGE, f"form XObject /{name} draws itself; the cycle was cut")
            return
        if len(self.form_stack) >= self.limits.max_form_depth:
            self.warn(WarningCode.WORK_LIMIT, f"form XObjects nested deeper than {self.limits.max_form_depth}; /{name} skipped")
            return
        tokens = self._parsed.get(key)
        if tokens is None:
            data = self._read(xobj, f"form /{name}")
            tokens = list(tokenize(data)) if data is not None else []
            self._parsed[key] = tokens
        self._q([])
        matrix = xobj.get("/Matrix")
        if isinstance(matrix, pikepdf.Array) and len(matrix) == 6:
            try:
                self.gs.ctm = multiply(tuple(float(v) for v in matrix), self.gs.ctm)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                pass
        res = xobj.get("/Resources")
        self.resources_stack.append(res if isinstance(res, pikepdf.Dictionary) else self.resources_stack[-1])
        self.form_stack.append((key, len(self.stack)))
        saved_tm, saved_tlm = self.tm, self.tlm
        try:
            self._run_stream(tokens)
        finally:
            self.form_stack.pop()
            self.resources_stack.pop()
            while len(self.stack) > self._stack_floor() + 1:
                self.stack.pop()
            self._Q([])
            self.tm, self.tlm = saved_tm, saved_tlm

    def _EI(self, ops: list[Any]) -> None:
        data = ops[-1] if ops and isinstance(ops[-1], InlineImageData) else b""
        params = ops[:-1] if ops and isinstance(ops[-1], InlineImageData) else ops
        d = {params[i]: params[i + 1] for i in range(0, len(params) - 1, 2) if isinstance(params[i], Name)}
        self._image("", None, d, inline=True, inline_data=bytes(data))

    def _image(self, name: str, stream: Any, d: dict[Any, Any], *, inline: bool, inline_data: bytes | None = None) -> None:
        def get(*keys: str) -> Any:
            for k in keys:
                for key in (k, "/" + k):
                    if key in d:
                        return d[key]
            return None

        ctm = self.gs.ctm
        a, b, c, dd, e, f = ctm
        corners = [(e, f), (a + e, b + f), (c + e, dd + f), (a + c + e, b + dd + f)]
        filters = get("Filter", "F")
        if not isinstance(filters, (list, pikepdf.Array)):
            filters = [filters] if filters is not None else []
        try:
            width, height = int(get("Width", "W") or 0), int(get("Height", "H") or 0)
        except (TypeError, ValueError):
            width = height = 0
        self.out.images.append(
            Image(
                name=name, width=width, height=height, bbox=Rect.around(corners), matrix=ctm, inline=inline,
                filters=tuple(str(x).lstrip("/") for x in filters),
                color_space=str(get("ColorSpace", "CS") or "").lstrip("/"),
                bits_per_component=int(get("BitsPerComponent", "BPC") or 0) if not isinstance(get("BitsPerComponent", "BPC"), (list, dict)) else 0,
                image_mask=bool(get("ImageMask", "IM")),
                stream=stream, inline_data=inline_data,
            )
        )

    # -- annotations ---------------------------------------------------------------------

    def _run_annotations(self, page_obj: Any) -> None:
        annots = page_obj.get("/Annots")
        if not isinstance(annots, pikepdf.Array):
            return
        for annot in annots:
            if not isinstance(annot, pikepdf.Dictionary):
                continue
            flags = int(annot.get("/F", 0)) if isinstance(annot.get("/F", 0), int) else 0
            if flags & 2 or flags & 32:  # hidden, or NoView
                continue
            if annot.get("/Subtype") == "/Popup":
                continue
            ap = annot.get("/AP")
            normal = ap.get("/N") if isinstance(ap, pikepdf.Dictionary) else None
            if isinstance(normal, pikepdf.Dictionary) and not isinstance(normal, pikepdf.Stream):
                state = annot.get("/AS")
                normal = normal.get(state) if state is not None else None
            if not isinstance(normal, pikepdf.Stream):
                continue
            rect = annot.get("/Rect")
            try:
                x0, y0, x1, y1 = (float(v) for v in rect)
            except (TypeError, ValueError):
                continue
            self._draw_appearance(normal, Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))

    def _draw_appearance(self, stream: Any, rect: Rect) -> None:
        """Map the appearance's bbox (through its /Matrix) onto the annotation's /Rect, as ISO 32000 §12.5.5 says."""
        try:
            bbox = [float(v) for v in stream.get("/BBox")]
            matrix = tuple(float(v) for v in stream.get("/Matrix", [1, 0, 0, 1, 0, 0]))
        except (TypeError, ValueError):
            return
        if len(bbox) != 4 or len(matrix) != 6:
            return
        pts = [(bbox[0], bbox[1]), (bbox[2], bbox[1]), (bbox[0], bbox[3]), (bbox[2], bbox[3])]
        a, b, c, d, e, f = matrix
        tp = [(a * x + c * y + e, b * x + d * y + f) for x, y in pts]
        box = Rect.around(tp)
        sx = rect.width / box.width if box.width else 1.0
        sy = rect.height / box.height if box.height else 1.0
        fit: Matrix = (sx, 0.0, 0.0, sy, rect.x0 - box.x0 * sx, rect.y0 - box.y0 * sy)
        self.gs = GraphicsState(ctm=multiply(fit, IDENTITY))
        self.stack.clear()
        # _form applies the stream's own /Matrix on top of the CTM we set.
        self._form(stream, "annotation appearance")


def _pdf_text(value: Any) -> str:
    """Decode a PDF text string (UTF-16BE with BOM, UTF-8 with BOM, or PDFDocEncoding)."""
    raw = bytes(value) if not isinstance(value, bytes) else value
    if raw.startswith(b"\xfe\xff"):
        return raw[2:].decode("utf-16-be", "replace")
    if raw.startswith(b"\xef\xbb\xbf"):
        return raw[3:].decode("utf-8", "replace")
    try:
        return str(pikepdf.String(raw))
    except Exception:
        return raw.decode("latin-1")
