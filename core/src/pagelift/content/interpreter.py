"""Interpret a page's content streams into runs of positioned text and placed images.

Operators are dispatched through one table (operator bytes -> handler), as pdf.js does;
the handler receives the raw operand tokens (see :mod:`pagelift.content.lexer`) and
converts only what it needs. Only the graphics state that decides where text and images
land is tracked: the CTM, the text state and matrices, marked content. Operators outside
the table (paths, colours, clipping, shading) cost one dict lookup.

Positions follow ISO 32000-1 §9.4.4: a glyph moves the pen by
``tx = ((w0 − Tj/1000) · Tfs + Tc + Tw) · Th`` horizontally and
``ty = (w1 − Tj/1000) · Tfs + Tc + Tw`` in vertical writing, in text space, where w0/w1
are the glyph's displacement already mapped through the font matrix (1/1000 for most fonts,
a Type3 font's /FontMatrix otherwise) and the TJ number is always thousandths of a text
space unit. Text space goes to the page through ``Tm × CTM``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import pikepdf

from ..builds.purepython import c_extension
from ..caching.cachekeys import done, filling
from ..errors import PdfError
from ..fonts import FontCache, GlyphCode, LoadedFont
from ..fonts.geometry import word_space
from ..model.matrices import IDENTITY, Matrix, multiply
from ..model.runs import GlyphOffsets, Offsets, Run
from ..model.values import Image, Rect, WarningCode
from ..objects.page_tree import inherited_resources
from ..objects.streams import read_stream
from ..options import Limits
from .images import image_template, inline_length, inline_params, place, xobject_params
from .lexer import InlineImageData, Name, name_value, parse_objects, string_value, token_chunks

Warn = Callable[[str, str], None]

# Every operator of ISO 32000-1 annex A: the ones without a handler still end an operand list.
_ALL_OPERATORS = (
    b"b b* B B* BDC BI BMC BT BX c cm CS cs d d0 d1 Do DP EI EMC ET EX f F f* G g gs h i ID j J K k l m M "
    b"MP n q Q re RG rg ri s S SC sc SCN scn sh T* Tc Td TD Tf Tj TJ TL Tm Tr Ts Tw Tz v w W W* y ' \""
).split()
_MISSING: Any = object()
_FORM_CACHE_TOKENS = 4_000_000  # parsed forms kept per document (about 200 MB at worst)
_LOOKUP_CACHE_SIZE = 4096
"""Resource dictionaries, image templates and font up-vectors kept per document: a frame holds
its fonts, so an unbounded frame cache would keep every font of a long document loaded past
the font cache's own bound. Past the cap a cache starts over (they are cheap to rebuild)."""
_NUMBERS_KEPT = 4096
"""Operand tokens kept with their numbers (``Interpreter._number``); past this the cache starts over."""
_MAX_OPERANDS = 100_000  # the longest TJ array or BDC dictionary in real files is far shorter
_CLOCK_EVERY = 4096
"""Operators between two looks at the page's processor time (``Limits.max_seconds_per_page``):
a look costs about a microsecond, 4096 operators a millisecond or more."""
_HEAVY = 10
"""What an image or a form drawn counts against ``Limits.max_operators_per_page``."""
_BLACK: tuple[float, ...] = (0.0,)
_INITIAL_FILL: dict[Any, tuple[float, ...]] = {
    b"/DeviceGray": (0.0,), b"/DeviceRGB": (0.0, 0.0, 0.0), b"/DeviceCMYK": (0.0, 0.0, 0.0, 1.0),
    b"/G": (0.0,), b"/RGB": (0.0, 0.0, 0.0), b"/CMYK": (0.0, 0.0, 0.0, 1.0),
}
_Place = tuple[float, float, float, float, float, float, float, float, float, Any, Any, float, float]
"""What the runs of one show share (see ``Interpreter._placement``): Tm × CTM (six numbers), the
scale along the baseline, the direction (dx, dy) as numbers and as the tuple its runs share,
the ascent vector, the space and the height. The tuples are typed Any so that, compiled, they
stay the one Python tuple every run of the show holds instead of a new one per run."""
_NATIVE = c_extension("pagelift.content._tokenize")
_native_show: Any = getattr(_NATIVE, "show", None) if _NATIVE is not None else None
"""``_tokenize.c``'s ``show``: :meth:`Interpreter._show`'s loop for a single-byte font, its runs in
bulk (None where it is not built, or built from an older ``_tokenize.c``: then the Python loop,
which stays the reference, draws every show)."""
_QUIET = (TypeError, ValueError, IndexError, KeyError, ZeroDivisionError, AttributeError, OverflowError)


class WorkLimitReached(Exception):
    """Raised inside the interpreter when a page's budget runs out; the page keeps what it read."""


@dataclass(slots=True)
class PageContent:
    """What interpreting one page produced."""

    runs: list[Run] = field(default_factory=list)
    images: list[Image] = field(default_factory=list)
    operators: int = 0
    glyphs: int = 0
    unreadable: dict[LoadedFont, int] = field(default_factory=dict)
    """Glyphs no decoder could read, per font (what the ``unreadable`` warning counts)."""


@dataclass(slots=True)
class _ResourceScope:
    """A resource dictionary as the interpreter uses it, with its lookups cached."""

    res: Any
    key: Any = None
    """What the interpreter's scope cache keys it by (None: not cached)."""
    fonts: dict[bytes, tuple[LoadedFont | None, str]] = field(default_factory=dict)
    xobjects: dict[bytes, tuple[str, Any, Any]] = field(default_factory=dict)


@dataclass(slots=True)
class _Form:
    """A Form XObject, parsed once per document however often it is drawn."""

    tokens: list[list[Any]]
    matrix: Matrix
    resources: Any
    size: int


@dataclass(slots=True)
class _Marked:
    """One open marked-content sequence."""

    mcid: int | None
    artifact: bool
    actual_text: str | None
    first_run: int
    first_image: int


def _key(obj: Any) -> Any:
    return obj.objgen if obj.is_indirect else None


_REGULAR = frozenset(range(33, 127)) - frozenset(b"/[]()<>{}%")
_OPERATOR_SET = frozenset(_ALL_OPERATORS)


def _whole(word: bytes) -> bool:
    if word in _OPERATOR_SET or word in (b"true", b"false", b"null"):
        return True
    try:
        float(word)
    except ValueError:
        return False
    return True


def join_segments(chunks: list[bytes]) -> bytes:
    """Join the streams of a /Contents array into the one stream they are read as.

    A token may be cut between two streams (``(Hel`` | ``lo) Tj``), so streams are joined
    as they are — except where each side ends in a whole token of its own and together
    they would make a different word (``Q`` | ``q``): then a line break keeps them apart.
    """
    if len(chunks) == 1:
        return chunks[0]
    out = bytearray(chunks[0])
    for nxt in chunks[1:]:
        if out and nxt and out[-1] in _REGULAR and nxt[0] in _REGULAR:
            i = len(out)
            while i > 0 and out[i - 1] in _REGULAR:
                i -= 1
            left = bytes(out[i:])
            j = 0
            while j < len(nxt) and nxt[j] in _REGULAR:
                j += 1
            right = nxt[:j]
            is_name = i > 0 and out[i - 1] == 0x2F
            if not is_name and _whole(left) and _whole(right) and not _whole(left + right):
                out += b"\n"
        out += nxt
    return bytes(out)


class Interpreter:
    """Reads the content of one page (and the forms and annotations it draws) into runs.

    One interpreter serves a whole document: parsed forms and resource lookups are kept
    between pages.
    """

    def __init__(self, fonts: FontCache, limits: Limits, warn: Warn, *, ignore_annotations: bool = False) -> None:
        self.fonts = fonts
        self.limits = limits
        self.warn = warn
        self.ignore_annotations = ignore_annotations
        self.max_states = limits.max_saved_states
        self._forms: dict[Any, _Form] = {}
        self._forms_tokens = 0
        self.forms_parsed = 0
        """How many Form XObjects were parsed so far (a form drawn on many pages is parsed once)."""
        self._scopes: dict[Any, _ResourceScope] = {}
        self._images: dict[Any, dict[str, Any]] = {}
        self._ups: dict[int, Any] = {}
        self._numbers: dict[Any, float] = {}
        self.lookup_cache_size = _LOOKUP_CACHE_SIZE
        """How many resource dictionaries, image templates and font up-vectors are kept (each)."""
        handlers: dict[bytes, Callable[[list[Any]], None]] = {
            b"q": self._q, b"Q": self._Q, b"cm": self._cm,
            b"BT": self._BT, b"ET": self._ET,
            b"Tf": self._Tf, b"Tc": self._Tc, b"Tw": self._Tw, b"Tz": self._Tz, b"TL": self._TL,
            b"Ts": self._Ts, b"Tr": self._Tr,
            b"Td": self._Td, b"TD": self._TD, b"Tm": self._Tm, b"T*": self._Tstar,
            b"Tj": self._Tj, b"TJ": self._TJ, b"'": self._quote, b'"': self._dquote,
            b"Do": self._Do, b"EI": self._EI,
            b"BMC": self._BMC, b"BDC": self._BDC, b"EMC": self._EMC,
            b"g": self._g, b"rg": self._fill_numbers, b"k": self._fill_numbers,
            b"sc": self._fill_numbers, b"scn": self._fill_numbers, b"cs": self._cs,
        }
        # Operators without a handler map to None: they only end the operand list. "ID" is
        # not here: the inline image's parameters stay operands until EI.
        self._ops: dict[bytes, Callable[[list[Any]], None] | None] = {
            op: None for op in _ALL_OPERATORS if op != b"ID"
        }
        self._ops.update(handlers)
        self._operand_use: dict[bytes, bool] | None = None
        self._reset()

    def _operators(self) -> dict[bytes, bool]:
        """Each operator of the table and whether its handler reads operands (the native scan
        leaves out the operands of the rest); made on first use, after a subclass's table is set."""
        found = self._operand_use
        if found is None:
            found = self._operand_use = {op: handler is not None for op, handler in self._ops.items()}
        return found

    # -- state -----------------------------------------------------------------------------

    def _reset(self, ctm: Matrix = IDENTITY) -> None:
        self.ctm: Matrix = ctm
        self.font: LoadedFont | None = None
        self.font_name = ""
        self.font_up: tuple[float, float] | None = None
        self.size = 0.0
        self.tc = 0.0
        self.tw = 0.0
        self.th = 1.0
        self.tl = 0.0
        self.rise = 0.0
        self.mode = 0
        self.fill: tuple[float, ...] | None = _BLACK
        self.tm: Matrix = IDENTITY
        self.tlm: Matrix = IDENTITY
        self.stack: list[tuple[Any, ...]] = []
        self.floor = 0
        self.dropped_states = 0  # q past Limits.max_saved_states, not kept: as many Q restore nothing

    # -- entry -----------------------------------------------------------------------------

    def run_page(self, page_obj: Any, page_number: int) -> PageContent:
        """Interpret one page: its /Contents, then its annotations' appearance streams."""
        self.page_number = page_number
        self.out = PageContent()
        self._reset()
        self.marked: list[_Marked] = []
        self.mcid: int | None = None
        self.artifact = False
        self.form_stack: list[Any] = []
        self.scopes: list[_ResourceScope] = [self._scope(inherited_resources(page_obj), ("page", _key(page_obj)))]
        self.reported_error = False
        self.reported_nonfinite = False
        self.reported_images = False  # the images-per-page limit is told once
        self.weighted = 0  # what images and forms cost beyond one operator each (see _charge)
        # Read per show and per run: Limits is a plain (interpreted) dataclass, a lookup in it costs.
        self.max_glyphs = self.limits.max_glyphs_per_page
        self.max_runs = self.limits.max_runs_per_page
        self.max_states = self.limits.max_saved_states
        self.told_states = False
        self.deadline = time.thread_time() + self.limits.max_seconds_per_page
        self.next_clock = _CLOCK_EVERY
        try:
            self._run_stream(self._page_content(page_obj))
            self._close_marked(0)
            if not self.ignore_annotations:
                self._run_annotations(page_obj)
        except WorkLimitReached as limit:
            # (Each clause names its exception differently: compiled, one name has one type.)
            self._close_marked(0)
            self.warn(WarningCode.WORK_LIMIT, str(limit))
        except PdfError:
            raise  # strict mode's first warning
        except Exception as exc:  # an object pikepdf cannot resolve: keep what was read before it
            self._close_marked(0)
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            self.warn(WarningCode.MALFORMED_PAGE, f"the page could not be read to the end: {reason}")
        drop_overprinted_spaces(self.out.runs)
        return self.out

    def _scope(self, res: Any, owner: Any) -> _ResourceScope:
        if not isinstance(res, pikepdf.Dictionary):
            return _ResourceScope(None)
        key = _key(res) or (owner if owner[-1] is not None else None)
        scope = self._scopes.get(key) if key is not None else None
        if scope is None:
            scope = _ResourceScope(res, key)
            if key is not None:
                if len(self._scopes) >= self.lookup_cache_size:
                    self._scopes.clear()
                self._scopes[key] = scope
        return scope

    def _read(self, stream: Any, what: str) -> bytes:
        result = read_stream(stream, self.limits.max_stream_bytes, what)
        if result.problem is not None:
            self.warn(*result.problem)
        return result.data

    def _page_content(self, page_obj: Any) -> Iterable[list[Any]]:
        contents = page_obj.get("/Contents")
        if contents is None:
            return []
        parts = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        chunks = [self._read(p, "page content") for p in parts if isinstance(p, pikepdf.Stream)]
        chunks = [c for c in chunks if c]
        if not chunks:
            return []
        return token_chunks(join_segments(chunks), self._inline_length, operators=self._operators())

    def _run_stream(self, chunks: Iterable[list[Any]]) -> None:
        """Interpret token lists (one stream, cut in chunks); operands carry over between chunks."""
        # Plain method calls on typed locals, no bound-method aliases: compiled, a call on a
        # typed list or dict is a direct C call, an alias a generic Python one.
        table = self._ops
        missing: Any = _MISSING
        operands: list[Any] = []
        out = self.out
        # One comparison per operator covers both budgets: past ``stop`` _budget looks at
        # which (the operator count, or the time to read the clock) and says where to stop next.
        stop = self._budget(out.operators)
        for tokens in chunks:
            if len(operands) > _MAX_OPERANDS:
                # No operator takes this many operands: a hostile or broken stream.
                operands.clear()
                self._report(b"(operands)", ValueError(f"more than {_MAX_OPERANDS} operands without an operator"))
            count = out.operators
            for tok in tokens:
                handler = table.get(tok, missing)
                if handler is missing:
                    operands.append(tok)
                    continue
                count += 1
                if handler is not None:
                    if count > stop:
                        out.operators = count
                        stop = self._budget(count)
                    out.operators = count
                    try:
                        handler(operands)
                    except _QUIET:
                        pass  # malformed operands: the operator is skipped, as viewers do
                    except (WorkLimitReached, PdfError):
                        raise  # a limit, or strict mode's first warning
                    except Exception as exc:  # pikepdf raises lazily on broken objects: keep reading
                        self._report(tok, exc)
                    count = out.operators
                elif count > stop:
                    out.operators = count
                    stop = self._budget(count)
                operands.clear()
            out.operators = count

    def _budget(self, count: int) -> int:
        """Raise :class:`WorkLimitReached` when ``count`` operators pass the page's operator limit
        or its processor time is spent; else the count at which to look again."""
        limit = self.limits.max_operators_per_page
        if count > limit:
            raise WorkLimitReached(f"more than {limit} operators on the page; the rest was not read")
        if count >= self.next_clock:
            self.next_clock = count + _CLOCK_EVERY
            if time.thread_time() > self.deadline:
                raise WorkLimitReached(f"more than {self.limits.max_seconds_per_page:g} s of processor time on "
                                       f"the page (Limits.max_seconds_per_page); the rest was not read")
        return min(limit, self.next_clock - 1)

    def _number(self, tok: Any) -> float:
        """``float(tok)`` for a TJ kern, remembered: a content stream repeats its kerns, and the
        token's hash is known already (the operator lookup made it), so a repeat is one lookup
        instead of parsing. Raises as ``float`` does. (Moves and matrices are seldom written
        twice: through this cache they would only fill it.)"""
        numbers = self._numbers
        value = numbers.get(tok)
        if value is None:
            value = float(tok)
            if len(numbers) >= _NUMBERS_KEPT:
                numbers.clear()
            numbers[tok] = value
        return value

    def _report(self, tok: Any, exc: Exception) -> None:
        if not self.reported_error:
            self.reported_error = True
            op = tok.decode("latin-1") if isinstance(tok, bytes) else "?"
            self.warn(WarningCode.MALFORMED_PAGE, f"operator {op} could not be applied ({type(exc).__name__}: "
                      f"{str(exc).strip().splitlines()[0] if str(exc).strip() else ''}); skipped")

    # -- graphics state --------------------------------------------------------------------

    def _q(self, ops: list[Any]) -> None:
        if len(self.stack) >= self.max_states:
            # Unbalanced q by the million cost a tuple each: past the limit they are counted, not kept.
            self.dropped_states += 1
            if not self.told_states:
                self.told_states = True
                self.warn(WarningCode.WORK_LIMIT, f"more than {self.max_states} graphics states saved (q) and "
                          "not restored; the deeper ones are not kept (Limits.max_saved_states), the page is read on")
            return
        self.stack.append((self.ctm, self.font, self.font_name, self.font_up, self.size, self.tc, self.tw,
                           self.th, self.tl, self.rise, self.mode, self.fill))

    def _Q(self, ops: list[Any]) -> None:
        if self.dropped_states:
            self.dropped_states -= 1  # the Q of a q not kept: the state stays as it is
            return
        if len(self.stack) > self.floor:
            (self.ctm, self.font, self.font_name, self.font_up, self.size, self.tc, self.tw,
             self.th, self.tl, self.rise, self.mode, self.fill) = self.stack.pop()

    def _cm(self, ops: list[Any]) -> None:
        m = (float(ops[-6]), float(ops[-5]), float(ops[-4]), float(ops[-3]), float(ops[-2]), float(ops[-1]))
        self.ctm = multiply(m, self.ctm)

    # -- fill colour (what words report; stroking colour is not tracked) ---------------------

    def _g(self, ops: list[Any]) -> None:
        self.fill = (float(ops[-1]),)

    def _fill_numbers(self, ops: list[Any]) -> None:
        # rg, k, sc, scn: the components are the numeric operands; scn may end in a pattern name.
        values = []
        for tok in ops:
            try:
                values.append(float(tok))
            except (TypeError, ValueError):
                self.fill = None  # a pattern: no single colour
                return
        self.fill = tuple(values) if values else None

    def _cs(self, ops: list[Any]) -> None:
        # Each colour space starts at its initial colour (ISO 32000-1 §8.6.8); other spaces'
        # initial colour depends on their definition, and sc/scn follow at once in practice.
        self.fill = _INITIAL_FILL.get(ops[-1]) if ops else None

    # -- text state ------------------------------------------------------------------------

    def _BT(self, ops: list[Any]) -> None:
        self.tm = self.tlm = IDENTITY

    def _ET(self, ops: list[Any]) -> None:
        pass

    def _Tf(self, ops: list[Any]) -> None:
        tok = ops[-2]
        self.size = float(ops[-1])
        scope = self.scopes[-1]
        cached = scope.fonts.get(tok)
        if cached is None:
            # What the lookup says is said once per resource dictionary (pagelift.document.parallel keeps
            # the first); a dictionary the cache no longer holds names no entry.
            key = scope.key if scope.key is not None and self._scopes.get(scope.key) is scope else None
            entry = filling(("resources", key) if key is not None else None)
            try:
                cached = self._load_font(scope, tok)
            finally:
                done(entry)
            scope.fonts[tok] = cached
        self.font, self.font_name = cached
        font = self.font
        if font is not None:
            up = self._ups.get(id(font), self)
            if up is self:
                if len(self._ups) >= self.lookup_cache_size:
                    self._ups.clear()
                up = self._ups[id(font)] = _up_vector(font.matrix)
            self.font_up = up

    def _load_font(self, scope: _ResourceScope, tok: Any) -> tuple[LoadedFont | None, str]:
        name = name_value(tok) if isinstance(tok, bytes) else None
        if name is None:
            return None, ""
        fonts = scope.res.get("/Font") if scope.res is not None else None
        font_obj = fonts.get("/" + name) if isinstance(fonts, pikepdf.Dictionary) else None
        if font_obj is None:
            self.warn(WarningCode.FONT, f"font /{name} is not in the resources; its text is left out")
            return None, name
        return self.fonts.get(font_obj, name), name

    def _Tc(self, ops: list[Any]) -> None:
        self.tc = float(ops[-1])

    def _Tw(self, ops: list[Any]) -> None:
        self.tw = float(ops[-1])

    def _Tz(self, ops: list[Any]) -> None:
        self.th = float(ops[-1]) / 100.0

    def _TL(self, ops: list[Any]) -> None:
        self.tl = float(ops[-1])

    def _Ts(self, ops: list[Any]) -> None:
        self.rise = float(ops[-1])

    def _Tr(self, ops: list[Any]) -> None:
        self.mode = int(float(ops[-1]))

    def _Td(self, ops: list[Any]) -> None:
        self._move(float(ops[-2]), float(ops[-1]))

    def _move(self, tx: float, ty: float) -> None:
        a, b, c, d, e, f = self.tlm
        self.tm = self.tlm = (a, b, c, d, tx * a + ty * c + e, tx * b + ty * d + f)

    def _TD(self, ops: list[Any]) -> None:
        ty = float(ops[-1])
        self._move(float(ops[-2]), ty)
        self.tl = -ty

    def _Tm(self, ops: list[Any]) -> None:
        self.tm = self.tlm = (float(ops[-6]), float(ops[-5]), float(ops[-4]), float(ops[-3]),
                              float(ops[-2]), float(ops[-1]))

    def _Tstar(self, ops: list[Any]) -> None:
        self._move(0.0, -self.tl)

    # -- showing text ----------------------------------------------------------------------

    def _Tj(self, ops: list[Any]) -> None:
        self._show((ops[-1],))

    def _TJ(self, ops: list[Any]) -> None:
        self._show(ops)

    def _quote(self, ops: list[Any]) -> None:
        self._move(0.0, -self.tl)
        self._show((ops[-1],))

    def _dquote(self, ops: list[Any]) -> None:
        self.tw = float(ops[-3])
        self.tc = float(ops[-2])
        self._quote(ops)

    def _show(self, items: Any) -> None:
        """Draw strings (raw tokens) and TJ adjustments; emit runs; move the text matrix on.

        The per-glyph loop does only what differs per glyph (its advance, its offset); what
        every run of the show shares — where text space lands on the page, the run's
        direction, ascent, space and height — is worked out once, at its first run
        (:meth:`_placement`).
        """
        font = self.font
        if font is None:
            return
        size = self.size
        th = self.th
        tc = self.tc
        tcw = tc + self.tw
        vertical = font.vertical
        out = self.out
        max_glyphs = self.max_glyphs
        budget = max_glyphs - out.glyphs
        place: _Place | None = None
        unit = 1.0  # text space to the page along the baseline (place's scale), once placed
        base = 0.0  # where the current run starts, along the baseline from where this show started
        pen = 0.0  # the pen, from ``base``
        # The current run: its strings' glyphs and where the pen stood at each (its offsets are
        # worked out from these when asked for, see GlyphOffsets), and its characters.
        segments: list[Any] = []
        texts: list[str] = []
        pieces = 0  # glyphs with text: the run's offsets
        drawn = 0
        unreadable = False
        # Glyphs recognised from their shapes (LoadedFont.learn): None for every other font.
        learned = font.learned_glyphs
        recognised = False
        lost = 0  # glyphs of this show that no decoder could read
        first_vx = 0.0
        over = False
        scale = size if vertical else size * th
        # Vertical pens move by the advance plus spacing; horizontal ones scale both by Th.
        spacing = 1.0 if vertical else th
        # A TJ gap that could be a word break ends the run, so that join() — the one rule —
        # decides. The bound follows the font's space (as join's threshold does), not only
        # the size: a font with a narrow space writes its word gaps narrower than 0.15 em.
        font_space = word_space(font.space_width * size, size)
        split_gap = min(0.15 * size, 0.45 * font_space) * (1.0 if vertical else th)
        spread = not vertical and tc * th >= split_gap > 0
        native = _native_show
        if native is not None and not spread:
            tables = font.native_tables()
            if tables is not None:
                # The same loop in C, for a single-byte font's glyphs read before; None: it is
                # a show the loop below must draw (see _tokenize.c).
                asked = not vertical and len(items) > 6
                result = native(items, tables[0], tables[1], scale, tc, tcw, spacing, split_gap, budget, asked, -1)
                if result is True:  # letter spacing: whether the font has a space decides
                    result = native(items, tables[0], tables[1], scale, tc, tcw, spacing, split_gap, budget, asked,
                                    1 if font.has_space else 0)
                if result is not None:
                    self._drawn(font, result, scale, tc, tcw, spacing)
                    return
        if not vertical and len(items) > 6:
            tracking = letter_spacing(items, font)
            if tracking is not None and font.has_space:
                # Letter-spaced text ("V i n s  a u"): one TJ sets every glyph apart by the
                # same amount and writes its word breaks as space glyphs. Those even gaps are
                # no word breaks, so they stay inside the run; a wider one still splits it.
                split_gap = max(split_gap, 1.25 * tracking * 0.001 * scale)
        for tok in items:
            if type(tok) is not bytes:
                continue  # the lexer makes no other token a show could hold
            raw: bytes = tok
            c = raw[0]
            if c == 40 or c == 60:  # ( or <
                found = _glyphs_of(font, raw)
                if found is None:
                    continue
                glyphs = found
                if len(glyphs) > budget:
                    glyphs = glyphs[:budget] if budget > 0 else ()
                    over = True
                budget -= len(glyphs)
                if not glyphs:
                    if over:
                        break
                    continue
                if place is None:
                    place = self._placement(font)
                    unit = place[6]
                if spread:
                    # Character spacing wide enough to be a word break (or to interleave
                    # with another string's glyphs, as some table producers do): every
                    # glyph is a run of its own, so the line rule orders and joins them.
                    if drawn:
                        self._emit(font, place, base, pen, texts[0] if len(texts) == 1 else "".join(texts),
                                   self._offsets(segments, scale, unit, tc, tcw, spacing, pieces), unreadable, first_vx, recognised)
                        segments = []
                        texts = []
                        pieces = 0
                        drawn = 0
                        unreadable = False
                        recognised = False
                    for text, width, space, vx, _vy in glyphs:
                        adv = width * scale
                        base += pen
                        pen = adv
                        if text:
                            self._emit(font, place, base, adv, text, ((text, 0.0 * unit, adv * unit),), False, vx,
                                       learned is not None and (text, width, space, vx, _vy) in learned)
                        elif text is None:
                            lost += 1
                            self._emit(font, place, base, adv, "", (), True, vx, False)
                        pen += (tcw if space else tc) * th
                    if over:
                        break
                    continue
                if not drawn:
                    base += pen
                    pen = 0.0
                    first_vx = glyphs[0][3]
                drawn += len(glyphs)
                if learned is not None and not recognised and not learned.isdisjoint(glyphs):
                    recognised = True
                segments.append(glyphs)
                segments.append(pen)
                for text, width, space, _vx, _vy in glyphs:
                    adv = width * scale
                    if text is None:
                        unreadable = True
                        lost += 1
                    elif text:
                        texts.append(text)
                        pieces += 1
                    pen += adv + (tcw if space else tc) * spacing
                if over:
                    break
            elif c == 91 or c == 93:  # [ ]
                continue
            else:
                try:
                    shift = -self._number(raw) * 0.001 * scale
                except (TypeError, ValueError):
                    continue
                if drawn and (shift > split_gap or shift < -split_gap):
                    # A wide TJ gap ends the run, so the line rule decides whether it is a space.
                    assert place is not None  # drawn: a string placed the show
                    self._emit(font, place, base, pen, texts[0] if len(texts) == 1 else "".join(texts),
                               self._offsets(segments, scale, unit, tc, tcw, spacing, pieces), unreadable, first_vx, recognised)
                    segments = []
                    texts = []
                    pieces = 0
                    drawn = 0
                    unreadable = False
                    recognised = False
                pen += shift
        if drawn:
            assert place is not None
            self._emit(font, place, base, pen, texts[0] if len(texts) == 1 else "".join(texts),
                       self._offsets(segments, scale, unit, tc, tcw, spacing, pieces), unreadable, first_vx, recognised)
        if lost:
            out.unreadable[font] = out.unreadable.get(font, 0) + lost
        out.glyphs = max_glyphs - budget
        pen += base
        a, b, c2, d, e, f = self.tm
        if vertical:
            self.tm = (a, b, c2, d, pen * c2 + e, pen * d + f)
        else:
            self.tm = (a, b, c2, d, pen * a + e, pen * b + f)
        if over:
            raise WorkLimitReached(f"more than {max_glyphs} glyphs on the page; the rest was not read")

    def _drawn(self, font: LoadedFont, result: Any, scale: float, tc: float, tcw: float, spacing: float) -> None:
        """Emit the runs the native show-text found and move the text matrix on, as the end of
        :meth:`_show` does: ``result`` is (seven items per run, the pen after the show, the
        unreadable glyphs, the glyphs drawn)."""
        flat: list[Any] = result[0]
        place: _Place | None = None
        unit = 1.0
        for i in range(0, len(flat), 7):
            if place is None:
                place = self._placement(font)
                unit = place[6]
            offsets = self._offsets(flat[i + 3], scale, unit, tc, tcw, spacing, flat[i + 4])
            self._emit(font, place, flat[i], flat[i + 1], flat[i + 2], offsets, flat[i + 5], flat[i + 6], False)
        out = self.out
        lost: int = result[2]
        if lost:
            out.unreadable[font] = out.unreadable.get(font, 0) + lost
        out.glyphs += result[3]
        pen: float = result[1]
        a, b, c, d, e, f = self.tm
        if font.vertical:
            self.tm = (a, b, c, d, pen * c + e, pen * d + f)
        else:
            self.tm = (a, b, c, d, pen * a + e, pen * b + f)

    def _placement(self, font: LoadedFont) -> _Place:
        """What every run of the show being drawn shares: Tm × CTM, the scale from text space
        along the baseline to the page (negative when the pen runs backwards or down a
        vertical line), the baseline's direction, the ascent vector, the space and the height."""
        a, b, c, d, e, f = multiply(self.tm, self.ctm)
        size = self.size
        if font.vertical:
            unit = math.hypot(c, d)
            dx, dy = (-c / unit, -d / unit) if unit else (0.0, -1.0)
            em = size * self.th
            ascent = (a * em, b * em)
            space = abs(font.space_width * size) * unit
            height = unit * abs(size)
            return (a, b, c, d, e, f, -unit, dx, dy, (dx, dy), ascent, space, height)
        unit = math.hypot(a, b)
        # A negative size or horizontal scale turns the glyphs round: the pen runs backwards.
        if size * self.th < 0:
            unit = -unit
        dx, dy = (a / unit, b / unit) if unit else (1.0, 0.0)
        up = self.font_up
        if up is None:
            ascent = (c * size, d * size)
        else:
            ux, uy = up
            ascent = ((a * ux + c * uy) * size, (b * ux + d * uy) * size)
        space = abs(font.space_width * size * self.th * unit)
        height = math.hypot(ascent[0], ascent[1])
        return (a, b, c, d, e, f, unit, dx, dy, (dx, dy), ascent, space, height)

    @staticmethod
    def _offsets(segments: list[Any], scale: float, unit: float, tc: float, tcw: float, spacing: float,
                 pieces: int) -> Offsets:
        """A run's glyph offsets: worked out from its strings when first read (see
        :class:`GlyphOffsets`: the same arithmetic as ``_show``'s loop), () when none has text."""
        return GlyphOffsets(segments, scale, unit, tc, tcw, spacing, pieces) if pieces else ()

    def _emit(self, font: LoadedFont, place: _Place, start: float, end: float, text: str,
              offsets: Offsets, unreadable: bool, first_vx: float, recognised: bool) -> None:
        """Append a run: ``start`` is where it begins along the baseline (text space, from where
        the show began), ``end`` is measured from ``start``; ``offsets`` are the run's glyph
        offsets (their start from ``start`` and their advance, in page units); ``recognised``
        says some glyph's text was recognised from its shape (the run is flagged ``ocr``)."""
        a, b, c, d, e, f, scale, dx, dy, direction, ascent, space, height = place
        if font.vertical:
            # The pen stands on the glyphs' vertical origin; the run starts at their left edge.
            tx, ty = -first_vx * self.size, start + self.rise
        else:
            tx, ty = start, self.rise
        width = end * scale
        x = a * tx + c * ty + e
        y = b * tx + d * ty + f
        check = x + b * tx + d * ty + f + width + height + space + dx + dy
        if check - check != 0.0:  # not finite (inf - inf and nan - nan are nan); no math.isfinite lookup per run
            # float() reads "nan" and "inf", which no PDF number is; and huge values overflow.
            if not self.reported_nonfinite:
                self.reported_nonfinite = True
                self.warn(WarningCode.MALFORMED_PAGE, "text placed at a non-finite position was left out")
            return
        runs = self.out.runs
        if len(runs) >= self.max_runs:
            # Lines, layouts and tables take time growing with the runs: bound them here.
            raise WorkLimitReached(f"more than {self.limits.max_runs_per_page} text runs on the page "
                                   "(Limits.max_runs_per_page); the rest was not read")
        mode = self.mode
        run = Run(
            text=text, x=x, y=y, width=width,
            size=height, font=self.font_name, space_width=space, direction=direction, ascent=ascent,
            vertical=font.vertical, invisible=mode == 3 or mode == 7, unreadable=unreadable,
            artifact=self.artifact, mcid=self.mcid, seq=len(runs), glyph_offsets=offsets,
            face=font.face, color=self.fill, fake_bold=mode == 2,
        )
        if recognised:
            # Set after, not passed: one keyword more makes CPython 3.11 give every run of the
            # pure build a dictionary of its own (+20% peak memory on the corpus budgets).
            run.ocr = True
        runs.append(run)

    # -- marked content --------------------------------------------------------------------

    def _BMC(self, ops: list[Any]) -> None:
        tag = name_value(ops[-1]) if ops else None
        self._open_marked(tag, {})

    def _BDC(self, ops: list[Any]) -> None:
        values = parse_objects(ops)
        tag = values[0] if values and isinstance(values[0], Name) else None
        props = values[-1] if len(values) >= 2 else None
        if isinstance(props, Name):
            res = self.scopes[-1].res
            known = res.get("/Properties") if res is not None else None
            obj = known.get("/" + props) if isinstance(known, pikepdf.Dictionary) else None
            props = {str(k)[1:]: v for k, v in obj.items()} if isinstance(obj, pikepdf.Dictionary) else {}
        self._open_marked(tag, props if isinstance(props, dict) else {})

    def _open_marked(self, tag: str | None, props: dict[str, Any]) -> None:
        mcid = props.get("MCID")
        mcid = int(mcid) if isinstance(mcid, (int, float)) and not isinstance(mcid, bool) else self.mcid
        actual = props.get("ActualText")
        actual_text = pdf_text(actual) if isinstance(actual, (bytes, pikepdf.String)) else None
        artifact = self.artifact or tag == "Artifact"
        self.marked.append(_Marked(mcid, artifact, actual_text, len(self.out.runs), len(self.out.images)))
        self.mcid = mcid
        self.artifact = artifact

    def _EMC(self, ops: list[Any]) -> None:
        floor = self.form_stack[-1][2] if self.form_stack else 0
        if len(self.marked) > floor:
            self._close_marked(len(self.marked) - 1)

    def _close_marked(self, depth: int) -> None:
        """Close the marked-content sequences above ``depth``, applying their /ActualText."""
        while len(self.marked) > depth:
            span = self.marked.pop()
            if span.actual_text is not None:
                self._replace(span.first_run, span.actual_text, span.first_image, span)
        top = self.marked[-1] if self.marked else None
        self.mcid = top.mcid if top else None
        self.artifact = top.artifact if top else False

    def _replace(self, first: int, text: str, first_image: int, span: _Marked) -> None:
        """/ActualText replaces the glyphs it covers: the runs from ``first`` on become one run.

        The replacement run starts where the first covered run starts and reaches as far
        along its baseline as the covered runs on that baseline go; runs on other lines
        (a span broken across lines) are folded into it. An empty /ActualText removes them.
        A span that drew no text but images (a formula or a symbol set as a picture) becomes
        a run over the images' box.
        """
        runs = self.out.runs
        covered = runs[first:]
        if not covered:
            images = self.out.images[first_image:]
            if text and images:
                box = Rect.around([p for im in images for p in ((im.bbox.x0, im.bbox.y0), (im.bbox.x1, im.bbox.y1))])
                h = box.height
                runs.append(Run(text=text, x=box.x0, y=box.y0, width=box.width, size=h, font="",
                                space_width=word_space(0.0, h), direction=(1.0, 0.0), ascent=(0.0, h),
                                artifact=span.artifact, mcid=span.mcid, seq=len(runs),
                                glyph_offsets=((text, 0.0, box.width),)))
            return
        del runs[first:]
        if not text:
            return
        head = covered[0]
        dx, dy = head.direction
        # A span that drew only space glyphs (InDesign tags a list's "–" on the space after
        # it) has no ink standing for its replacement: the replacement takes no room, so the
        # gap the spaces made stays a gap between the words around it.
        blank = bool(text.strip()) and all(r.text.isspace() for r in covered)
        far = 0.0 if blank else head.width
        for r in [] if blank else covered[1:]:
            # Where this run ends, measured along the head's baseline; only runs on the same line count.
            ox, oy = r.x - head.x, r.y - head.y
            across = abs(ox * -dy + oy * dx)
            if across <= max(head.size, r.size) * 0.5:
                ex, ey = r.end
                far = max(far, (ex - head.x) * dx + (ey - head.y) * dy)
        runs.append(Run(
            text=text, x=head.x, y=head.y, width=far, size=head.size, font=head.font, space_width=head.space_width,
            direction=head.direction, ascent=head.ascent, vertical=head.vertical,
            invisible=all(r.invisible for r in covered), artifact=head.artifact, mcid=head.mcid, seq=head.seq,
            glyph_offsets=((text, 0.0, far),),
            face=head.face, color=head.color, fake_bold=head.fake_bold,
        ))

    # -- XObjects and images ---------------------------------------------------------------

    def _Do(self, ops: list[Any]) -> None:
        tok = ops[-1]
        scope = self.scopes[-1]
        entry = scope.xobjects.get(tok)
        if entry is None:
            entry = self._lookup_xobject(scope, tok)
            scope.xobjects[tok] = entry
        kind, xobj, name = entry
        if kind == "image":
            if self._room_for_image():
                self._charge()
                self._image(name, xobj)
        elif kind == "form":
            self._charge()
            self._form(xobj, name)

    def _charge(self) -> None:
        """Count a drawn image or form as ``_HEAVY`` operators against the operator limit: each
        costs about ten times another operator (a placement, an Image, a form's state)."""
        self.weighted += _HEAVY - 1
        limit = self.limits.max_operators_per_page
        if self.out.operators + self.weighted > limit:
            raise WorkLimitReached(f"more than {limit} operators on the page (an image or form drawn counts "
                                   f"{_HEAVY}); the rest was not read")

    def _lookup_xobject(self, scope: _ResourceScope, tok: Any) -> tuple[str, Any, Any]:
        name = name_value(tok) if isinstance(tok, bytes) else None
        if name is None or scope.res is None:
            return "", None, name
        xobjects = scope.res.get("/XObject")
        xobj = xobjects.get("/" + name) if isinstance(xobjects, pikepdf.Dictionary) else None
        if not isinstance(xobj, pikepdf.Stream):
            return "", None, name
        subtype = xobj.get("/Subtype")
        if subtype == "/Image":
            return "image", xobj, name
        if subtype == "/Form":
            return "form", xobj, name
        return "", None, name

    def _image(self, name: str, xobj: Any) -> None:
        key = _key(xobj)
        template = self._images.get(key) if key is not None else None
        if template is None:
            template = image_template(xobject_params(xobj))
            if key is not None:
                if len(self._images) >= self.lookup_cache_size:
                    self._images.clear()
                self._images[key] = template
        self._add_image(place(template, name, self.ctm, inline=False, stream=xobj))

    def _add_image(self, image: Image) -> None:
        if image.width < 0 or image.height < 0:
            self.warn(WarningCode.MALFORMED_PAGE, f"image {image.name or '(inline)'} claims an infinite size; "
                      "it was left out")
            return
        if not all(math.isfinite(v) for v in image.bbox):
            if not self.reported_nonfinite:
                self.reported_nonfinite = True
                self.warn(WarningCode.MALFORMED_PAGE, "an image placed at a non-finite position was left out")
            return
        pixels = image.width * image.height
        if pixels > self.limits.max_image_pixels:
            self.warn(WarningCode.WORK_LIMIT, f"image {image.name or '(inline)'} of {image.width}×{image.height} "
                      f"pixels is over the limit of {self.limits.max_image_pixels}; it is listed but will not be decoded")
        self.out.images.append(image)

    def _room_for_image(self) -> bool:
        """Whether one more image may be listed; past ``Limits.max_images_per_page`` it is
        skipped (said once), at the cost of an ordinary operator, and the page's text goes on."""
        limit = self.limits.max_images_per_page
        if len(self.out.images) < limit:
            return True
        if not self.reported_images:
            self.reported_images = True
            self.warn(WarningCode.WORK_LIMIT, f"more than {limit} images on the page (Limits.max_images_per_page); "
                      "the rest are not listed")
        return False

    def _inline_length(self, params: list[Any]) -> int | None:
        # Past the image limit the parameters are not parsed: the data's end is found by EI.
        return inline_length(params) if len(self.out.images) < self.limits.max_images_per_page else None

    def _EI(self, ops: list[Any]) -> None:
        if not self._room_for_image():
            return
        self._charge()
        data = ops[-1] if ops and isinstance(ops[-1], InlineImageData) else None
        try:
            cut = ops.index(b"ID")
        except ValueError:
            cut = len(ops)
        template = image_template(inline_params(ops[:cut]))
        # The raw parameter tokens are kept for an image plugin (/DecodeParms, /Decode, a palette).
        self._add_image(place(template, "", self.ctm, inline=True, data=data.data if data is not None else b"",
                              params=b" ".join(t for t in ops[:cut] if isinstance(t, bytes))))

    def _form(self, xobj: Any, name: str) -> None:
        key = _key(xobj)
        if key is None:
            key = ("direct", id(xobj))
        if any(entry[0] == key for entry in self.form_stack):
            self.warn(WarningCode.MALFORMED_PAGE, f"form XObject /{name} draws itself; the cycle was cut")
            return
        if len(self.form_stack) >= self.limits.max_form_depth:
            self.warn(WarningCode.WORK_LIMIT, f"form XObjects nested deeper than {self.limits.max_form_depth}; "
                      f"/{name} was not read")
            return
        form = self._forms.get(key)
        if form is None:
            # What parsing says is said once per form object (pagelift.document.parallel keeps the first).
            entry = filling(("form", key) if key[0] != "direct" else None)
            lost = ""
            try:
                form = self._parse_form(xobj, name)
            except (WorkLimitReached, PdfError):
                raise
            except Exception as exc:  # swallowed by the Do handler otherwise: say the form is lost
                form = None
                lost = f"form XObject /{name} could not be read ({type(exc).__name__}: {exc}); its content is missing"
            finally:
                done(entry)
            if form is None:
                self.warn(WarningCode.MALFORMED_PAGE, lost)
                return
            if key[0] != "direct":
                self._keep(key, form)
        self._draw_form(form, key)

    def _keep(self, key: Any, form: _Form) -> None:
        """Cache a parsed form, forgetting the oldest ones past a budget of tokens.

        Forms drawn many times (logos, headers, repeated symbols) are small; a document of
        a thousand pages each with its own large form must not keep them all in memory."""
        self._forms[key] = form
        self._forms_tokens += form.size
        while self._forms_tokens > _FORM_CACHE_TOKENS and len(self._forms) > 1:
            oldest = next(iter(self._forms))
            self._forms_tokens -= self._forms.pop(oldest).size

    def _parse_form(self, xobj: Any, name: str) -> _Form:
        self.forms_parsed += 1
        data = self._read(xobj, f"form /{name}")
        matrix = IDENTITY
        m = xobj.get("/Matrix")
        if isinstance(m, pikepdf.Array) and len(m) == 6:
            try:
                matrix = tuple(float(v) for v in m)  # type: ignore[assignment]
            except (TypeError, ValueError):
                matrix = IDENTITY
        chunks = list(token_chunks(data, self._inline_length, operators=self._operators())) if data else []
        return _Form(chunks, matrix, xobj.get("/Resources"), sum(len(c) for c in chunks))

    def _draw_form(self, form: _Form, key: Any) -> None:
        self._q([])
        dropped = self.dropped_states
        self.ctm = multiply(form.matrix, self.ctm)
        scope = self._scope(form.resources, ("form", key)) if form.resources is not None else self.scopes[-1]
        self.scopes.append(scope)
        self.form_stack.append((key, self.floor, len(self.marked)))
        saved_tm, saved_tlm = self.tm, self.tlm
        self.floor = len(self.stack)
        try:
            self._run_stream(form.tokens)
        finally:
            _, floor, marked = self.form_stack.pop()
            self._close_marked(marked)
            self.scopes.pop()
            del self.stack[self.floor :]
            self.dropped_states = dropped  # the form's unbalanced q end with it
            self.floor = floor
            self._Q([])
            self.tm, self.tlm = saved_tm, saved_tlm

    # -- annotations -----------------------------------------------------------------------

    def _run_annotations(self, page_obj: Any) -> None:
        annots = page_obj.get("/Annots")
        if not isinstance(annots, pikepdf.Array):
            return
        for annot in annots:
            if not isinstance(annot, pikepdf.Dictionary):
                continue
            # The appearance first: most annotations (a manual's 24,611 links) have none, and
            # each lookup in a pikepdf dictionary costs a few microseconds.
            # (``in`` first: a miss by ``in`` costs half a ``get``, which makes an object.)
            ap = annot.get("/AP") if "/AP" in annot else None
            if not isinstance(ap, pikepdf.Dictionary):
                continue
            flags = annot.get("/F", 0)
            flags = int(flags) if isinstance(flags, int) else 0
            if flags & 2 or flags & 32:  # Hidden, NoView
                continue
            if annot.get("/Subtype") == "/Popup":
                continue
            normal = ap.get("/N")
            if isinstance(normal, pikepdf.Dictionary) and not isinstance(normal, pikepdf.Stream):
                state = annot.get("/AS")
                normal = normal.get(str(state)) if isinstance(state, pikepdf.Name) else None
            if not isinstance(normal, pikepdf.Stream):
                continue
            rect: Any = annot.get("/Rect")
            try:
                x0, y0, x1, y1 = (float(v) for v in rect)
            except (TypeError, ValueError):
                continue
            self._draw_appearance(normal, Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))

    def _draw_appearance(self, stream: Any, rect: Rect) -> None:
        """Map the appearance's bbox (through its /Matrix) onto the annotation's /Rect (ISO 32000-1 §12.5.5)."""
        try:
            bbox = [float(v) for v in stream.get("/BBox")]
            m = stream.get("/Matrix")
            matrix = tuple(float(v) for v in m) if m is not None else IDENTITY
        except (TypeError, ValueError):
            return
        if len(bbox) != 4 or len(matrix) != 6:
            return
        a, b, c, d, e, f = matrix
        pts = [(bbox[0], bbox[1]), (bbox[2], bbox[1]), (bbox[0], bbox[3]), (bbox[2], bbox[3])]
        box = Rect.around([(a * x + c * y + e, b * x + d * y + f) for x, y in pts])
        sx = rect.width / box.width if box.width else 1.0
        sy = rect.height / box.height if box.height else 1.0
        self._reset((sx, 0.0, 0.0, sy, rect.x0 - box.x0 * sx, rect.y0 - box.y0 * sy))
        # _form puts the stream's own /Matrix in front of the CTM set here.
        self._form(stream, "annotation appearance")


def _glyphs_of(font: LoadedFont, token: bytes) -> tuple[GlyphCode, ...] | None:
    """The glyphs of a string token (``(Hello)``, ``<48>``) shown with ``font``, None for a token
    that is no string. Looked up by the token as written: a string shown before costs one
    lookup, and its escapes are resolved (:func:`string_value`) only the first time."""
    found = font.shown(token)
    if found is None:
        data = string_value(token)
        if data is None:
            return None
        found = font.read_token(token, data)
    return found


TRACKING_MAX = 250
"""The widest even gap (thousandths of an em) :func:`letter_spacing` reads as letter spacing."""


def letter_spacing(items: Any, font: LoadedFont) -> float | None:
    """The letter spacing of a TJ array that sets each of its glyphs apart evenly, else None.

    Letter-spaced text is written one glyph per string with the same gap after each:
    ``[(i)-172(n)-162(s)-173( )-166(a)-163(u)]``. It is read as such when every string
    holds one glyph, at least three gaps separate them, each within 15% of their median,
    and the median (thousandths of an em) is narrower than ``TRACKING_MAX``. Kerning
    varies from pair to pair and words set apart by gaps leave several glyphs in a string,
    so neither looks like this. Returns the median gap in thousandths of an em. The strings
    are read with ``font`` (and kept by it, as :meth:`Interpreter._show` reads them next).
    """
    gaps: list[float] = []
    pending: float | None = None
    strings = 0
    for tok in items:
        c = tok[0] if type(tok) is bytes else 0
        if c == 40 or c == 60:  # ( or <
            glyphs = _glyphs_of(font, tok)
            if glyphs is None or len(glyphs) != 1:
                return None
            if strings:
                if pending is None:
                    return None  # two glyphs with no gap between them
                gaps.append(pending)
            strings += 1
            pending = None
        elif c == 91 or c == 93:  # [ ]
            continue
        else:
            try:
                value = -float(tok)
            except (TypeError, ValueError):
                return None
            pending = value if pending is None else pending + value
    if len(gaps) < 3:
        return None
    gaps.sort()
    median = gaps[len(gaps) // 2]
    if not 0 < median < TRACKING_MAX or gaps[0] < 0.85 * median or gaps[-1] > 1.15 * median:
        return None
    return median


def drop_overprinted_spaces(runs: list[Run]) -> None:
    """Take out space glyphs that leave no gap on the page, in place.

    Some producers (InDesign after an "ﬁ" ligature: ``(ﬁ)241( )-51(n)``) draw a space back
    over the glyph before it and then go on exactly where that glyph's ink ended: the word
    on the page is unbroken ("définir"), though a space glyph was drawn. A run that starts
    with such a space, right after the run before it in content order on the same baseline,
    loses the space and starts at the next glyph; the line rule then joins the two runs as
    the page shows them. A space drawn in place (a real word gap) is kept, and so is any
    space in invisible text (an OCR layer's spaces are its word breaks, whatever its glyphs
    overlap).
    """
    for i in range(1, len(runs)):
        run = runs[i]
        if not run.text[:1].isspace() or run.invisible or len(run.glyph_offsets) < 2:
            continue
        (space, start, advance), (nxt, next_start, _) = run.glyph_offsets[0], run.glyph_offsets[1]
        prev = runs[i - 1]
        if not space.isspace() or nxt.isspace() or advance <= 0 or prev.invisible or prev.direction != run.direction:
            continue
        ink_end = next((s + a for t, s, a in reversed(prev.glyph_offsets) if not t.isspace()), None)
        if ink_end is None:
            continue
        dx, dy = prev.direction
        ox, oy = run.x - prev.x, run.y - prev.y
        if abs(oy * dx - ox * dy) > 0.1 * max(prev.size, run.size):
            continue  # another baseline
        along = ox * dx + oy * dy  # where ``run`` starts, along ``prev``'s baseline
        drawn_back = along + start < ink_end - 0.5 * advance
        gap = along + next_start - ink_end
        if drawn_back and -0.5 * advance < gap < 0.25 * advance:
            shift = next_start
            runs[i] = replace(
                run, text=run.text[len(space):], x=run.x + dx * shift, y=run.y + dy * shift, width=run.width - shift,
                glyph_offsets=tuple([(t, s - shift, a) for t, s, a in run.glyph_offsets[1:]]),
            )


def _up_vector(fm: Matrix) -> tuple[float, float] | None:
    """A font's "up" in text space at size 1, or None for the usual upright 1/1000 matrix.

    A Type3 font's /FontMatrix maps its glyph space, whose unit along the baseline is
    ``hypot(a, b)``; one such unit straight up is ``(c, d)`` over that length. A flipped
    matrix (d < 0, glyph procedures drawn upside down to match) still has its glyphs upright.
    """
    fa, fb, fc, fd = fm[0], fm[1], fm[2], fm[3]
    if fb == 0 and fc == 0 and fa == fd:
        return None
    scale = math.hypot(fa, fb) or 1.0
    return (fc / scale, abs(fd) / scale)


def pdf_text(value: Any) -> str:
    """Decode a PDF text string (UTF-16BE with BOM, UTF-8 with BOM, or PDFDocEncoding)."""
    raw = bytes(value)
    if raw.startswith(b"\xfe\xff"):
        return raw[2:].decode("utf-16-be", "ignore")
    if raw.startswith(b"\xff\xfe"):
        return raw[2:].decode("utf-16-le", "ignore")
    if raw.startswith(b"\xef\xbb\xbf"):
        return raw[3:].decode("utf-8", "ignore")
    try:
        return str(pikepdf.String(raw))
    except Exception:
        return raw.decode("latin-1")
