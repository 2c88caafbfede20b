"""The logical structure tree of a tagged PDF (ISO 32000-2 §14.7): ``Document.structure``.

A tagged PDF states its structure outright in the catalog's /StructTreeRoot: headings and
their levels, paragraphs, lists, tables, figures with their descriptions, in logical
reading order and not bound to pages, so a section running over several pages is one
subtree. Walking it beats guessing structure from font sizes. Untagged files have no tree
(``Document.structure`` is None), which is not an error: they take a layout path.

The tree is data read from the file, so it lives in the core. Each element's content is a
list of marked-content references (page, MCID); runs carry their MCID
(:attr:`pagelift.Run.mcid`), and an element's text is the text of its runs put together by
the one line rule, so the structure and ``Page.text()`` never disagree about what a line
says. A broken tree costs warnings (``structure``), never the page's text.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pikepdf

from ..errors import StrictError
from ..model.runs import Run
from ..text.lines import join, lines

if TYPE_CHECKING:
    from ..options import Limits

PageRuns = Callable[[int], "list[Run] | None"]
"""The visible runs of page N (one-based), or None for a page the caller did not select:
how the tree reads its elements' text without importing the document layer above it."""
Warn = Callable[[int, str, str], None]
"""Records a warning: ``warn(page, code, message)`` (page 0 for the document)."""

STRUCTURE_WARNING = "structure"
"""The warning code of everything odd about a structure tree (a cycle, a RoleMap loop, a limit)."""

_HEADING = re.compile(r"H([1-6])")

GROUPING_ROLES = frozenset({"Document", "DocumentFragment", "Part", "Art", "Sect", "Div", "Aside", "NonStruct"})
"""Roles that only group other elements; a bare H takes its level from how many enclose it."""


class Role(str):
    """A structure type after /RoleMap normalisation (``"H1"``, ``"P"``, ``"Table"``...).

    Documents may define their own element names and map them onto the standard ones
    through /RoleMap, so the raw /S cannot be trusted; an unmapped custom name stays as
    written. A Role compares equal to its plain string.
    """

    __slots__ = ()

    @property
    def heading_level(self) -> int:
        """1-6 for H1..H6; 0 for anything else, including a bare H (whose level needs the tree: :attr:`Elem.heading_level`)."""
        m = _HEADING.fullmatch(self)
        return int(m.group(1)) if m else 0

    @property
    def is_heading(self) -> bool:
        """True for H1..H6 and for a bare H."""
        return self == "H" or self.heading_level > 0


@dataclass(frozen=True, slots=True)
class MarkedRef:
    """A marked-content reference: the content tagged ``MCID`` on one page.

    ``page`` is one-based, or 0 when neither the reference nor any enclosing element names
    a page (an MCID is unique only within a page, so such content cannot be joined).
    ``in_form`` says the content lies in a Form XObject (/Stm), whose MCIDs are its own.
    """

    mcid: int
    page: int
    in_form: bool = False


@dataclass(frozen=True, slots=True)
class ObjectRef:
    """An object reference (/OBJR): an annotation, link or form field that belongs to an element.

    ``subtype`` is the object's /Subtype (``Link``, ``Widget``...) or /FT for a field;
    ``contents`` its /Contents or /TU text when it has one; ``uri`` a link's URI action.
    """

    page: int
    subtype: str
    contents: str = ""
    uri: str = ""


Content = MarkedRef | ObjectRef


@dataclass(eq=False)
class Elem:
    """One element of the structure tree.

    ``role`` is the normalised type and ``raw_type`` the /S as written; ``title`` (/T),
    ``lang`` (/Lang), ``actual_text`` (/ActualText) and ``alt`` (/Alt) are the element's
    own entries ("" when absent). ``page`` is its own /Pg or, absent that, the nearest
    ancestor's (§14.7.4.3), 0 when none names one. ``content`` lists its marked-content
    and object references in order, each with its own page; ``kids`` are child elements in
    logical reading order. ``attributes`` holds the /A entries read (``ListNumbering``,
    ``Scope``, ``ColSpan``...).
    """

    role: Role
    raw_type: str
    title: str = ""
    lang: str = ""
    actual_text: str = ""
    alt: str = ""
    page: int = 0
    content: list[Content] = field(default_factory=list)
    kids: list[Elem] = field(default_factory=list)
    parent: Elem | None = field(default=None, repr=False)
    attributes: dict[str, Any] = field(default_factory=dict)
    _children: list[Content | Elem] = field(default_factory=list, repr=False)

    @property
    def children(self) -> list[Content | Elem]:
        """Kids and content references interleaved, in the order /K gives them (for text assembly)."""
        return self._children

    @property
    def heading_level(self) -> int:
        """The heading level: H1..H6 their own; a bare H (§14.8.4.4) the number of sections (Part, Art, Sect, Div, Aside) enclosing it, 1 to 6; 0 for a non-heading."""
        level = self.role.heading_level
        if level or self.role != "H":
            return level
        groups = 0
        node = self.parent
        while node is not None:
            if node.role in GROUPING_ROLES and node.role not in ("Document", "DocumentFragment", "NonStruct"):
                groups += 1
            node = node.parent
        return max(1, min(6, groups))

    @property
    def depth(self) -> int:
        """How many elements enclose this one (a top-level element: 0)."""
        depth, node = 0, self.parent
        while node is not None and node.role != "StructTreeRoot":
            depth, node = depth + 1, node.parent
        return depth

    def walk(self) -> Iterator[Elem]:
        """This element and every element below it, depth first in logical order."""
        stack = [self]
        while stack:
            elem = stack.pop()
            yield elem
            stack.extend(reversed(elem.kids))

    def mcids(self) -> list[int]:
        """The MCIDs of this element's own marked content, in order (without its kids')."""
        return [ref.mcid for ref in self.content if isinstance(ref, MarkedRef)]


@dataclass(frozen=True, slots=True)
class StructureStats:
    """What a tree holds: to tell a substantive tree from the near-empty stub some producers write."""

    elements: int
    roles: dict[str, int]
    headings: int
    marked_refs: int
    object_refs: int
    pages: tuple[int, ...]
    max_depth: int


class Structure:
    """A document's structure tree: its elements, the /RoleMap, and the text of each element.

    ``root`` is a synthetic element of role ``StructTreeRoot`` whose kids are the tree's
    top-level elements. Made by ``Document.structure``; an element's text is read from the
    document's pages on demand.
    """

    def __init__(self, root: Elem, role_map: dict[str, str], page_runs: PageRuns) -> None:
        self.root = root
        self.role_map = role_map
        self._page_runs_of = page_runs
        self._runs: dict[int, dict[int, list[Run]]] = {}

    def walk(self) -> Iterator[Elem]:
        """Every element (not the synthetic root), depth first in logical reading order."""
        for kid in self.root.kids:
            yield from kid.walk()

    def mcids(self) -> set[tuple[int, int]]:
        """Every (page, MCID) the tree references, for checking which content it covers."""
        return {(ref.page, ref.mcid) for elem in self.walk() for ref in elem.content
                if isinstance(ref, MarkedRef) and not ref.in_form}

    def stats(self) -> StructureStats:
        """Count the elements by role, the references and the pages they touch."""
        roles: Counter[str] = Counter()
        marked = objects = headings = max_depth = 0
        pages: set[int] = set()
        for elem in self.walk():
            roles[elem.role] += 1
            headings += elem.role.is_heading
            max_depth = max(max_depth, elem.depth)
            for ref in elem.content:
                if isinstance(ref, MarkedRef):
                    marked += 1
                else:
                    objects += 1
                if ref.page:
                    pages.add(ref.page)
        return StructureStats(sum(roles.values()), dict(roles), headings, marked, objects, tuple(sorted(pages)),
                              max_depth)

    def headings(self) -> list[tuple[int, str]]:
        """The document's heading outline: (level, text) of every heading element, in order."""
        return [(elem.heading_level, self.text(elem)) for elem in self.walk() if elem.role.is_heading]

    # -- text --------------------------------------------------------------------------------

    def _page_runs(self, number: int) -> dict[int, list[Run]]:
        """The runs of a selected page by MCID (artifacts left out); {} for a page not selected."""
        if number in self._runs:
            return self._runs[number]
        by_mcid: dict[int, list[Run]] = {}
        for run in self._page_runs_of(number) or ():
            if run.mcid is not None and not run.artifact:
                by_mcid.setdefault(run.mcid, []).append(run)
        self._runs[number] = by_mcid
        return by_mcid

    def refs(self, elem: Elem, *, deep: bool = True) -> list[MarkedRef]:
        """The element's marked-content references in order, with its kids' when ``deep``."""
        return list(self._refs(elem, deep))

    def runs(self, refs: Iterable[MarkedRef]) -> list[tuple[int, list[Run]]]:
        """The runs of these marked-content references (artifacts left out), grouped by page in order."""
        groups: list[tuple[int, list[Run]]] = []
        for ref in refs:
            if not ref.page or ref.in_form:
                continue
            found = self._page_runs(ref.page).get(ref.mcid, [])
            if not found:
                continue
            if groups and groups[-1][0] == ref.page:
                groups[-1][1].extend(found)
            else:
                groups.append((ref.page, list(found)))
        return groups

    def _refs(self, elem: Elem, deep: bool) -> Iterator[MarkedRef]:
        stack: list[Content | Elem] = [elem]
        while stack:
            item = stack.pop()
            if isinstance(item, MarkedRef):
                yield item
            elif isinstance(item, Elem):
                if item is not elem and not deep:
                    continue
                stack.extend(reversed(item.children))

    def lines_of(self, refs: Iterable[MarkedRef]) -> list[str]:
        """The text of these references line by line, as the line rule joins their runs on each page."""
        out: list[str] = []
        for _, runs in self.runs(refs):
            # The line rule says what each line reads; the lines follow the content stream, whose
            # order is the logical one in a tagged file (a paragraph continued at the top of the
            # next column comes after its start, though it sits higher on the page). Read in that
            # order, a line ends where the baseline changes: the continuation's lines, on the
            # same baselines as the start's in the other column, are never joined to them.
            found = lines(_ordered(runs), content_order=True)
            out.extend(line.text or join(line) for line in found)
        return [text for text in out if text.strip()]

    def lines(self, elem: Elem, *, deep: bool = True) -> list[str]:
        """The element's text line by line, as the line rule joins its runs (its /ActualText when it has one)."""
        if elem.actual_text:
            return [elem.actual_text]
        out: list[str] = []
        pending: list[MarkedRef] = []
        stack: list[Content | Elem] = list(reversed(elem.children))
        while stack:
            item = stack.pop()
            if isinstance(item, MarkedRef):
                pending.append(item)
            elif isinstance(item, Elem) and deep:
                if item.actual_text:  # a kid's replacement text stands for its content (a ligature, a logo)
                    out.extend(self.lines_of(pending))
                    pending.clear()
                    out.append(item.actual_text)
                else:
                    stack.extend(reversed(item.children))
        out.extend(self.lines_of(pending))
        return out

    def text(self, elem: Elem, *, deep: bool = True, separator: str = " ") -> str:
        """The element's text: its lines joined by ``separator`` (a space: a paragraph reads as one line)."""
        return separator.join(self.lines(elem, deep=deep)).strip()


def _ordered(runs: list[Run]) -> list[Run]:
    # The same run can be referenced twice (a kid and its parent both naming an MCID).
    seen: set[int] = set()
    unique = []
    for run in runs:
        if id(run) not in seen:
            seen.add(id(run))
            unique.append(run)
    return unique


# -- reading the tree -------------------------------------------------------------------------


def _text(value: Any) -> str:
    if isinstance(value, pikepdf.String):
        return str(value).replace("\x00", "")
    return ""


def _name(value: Any) -> str:
    return str(value)[1:] if isinstance(value, pikepdf.Name) else ""


def _key(obj: Any) -> tuple[int, int] | None:
    try:
        objgen: tuple[int, int] = obj.objgen
    except Exception:
        return None
    return objgen if objgen != (0, 0) else None


class _Reader:
    """One reading of /StructTreeRoot, bounded by ``Limits`` and recording warnings."""

    def __init__(self, pdf: pikepdf.Pdf, max_elements: int, max_depth: int,
                 warn: Callable[[str], None]) -> None:
        self.max_elements = max_elements
        self.max_depth = max_depth
        self.warn = warn
        self.count = 0
        self.seen: set[tuple[int, int]] = set()
        self.said: set[str] = set()
        self.pages: dict[tuple[int, int], int] = {}
        for number, page in enumerate(pdf.pages, 1):
            key = _key(page.obj)
            if key is not None:
                self.pages[key] = number
        self.role_map: dict[str, str] = {}
        self.roles: dict[str, str] = {}
        self.pending: dict[int, Any] = {}  # an element's /K, read when the element's turn comes

    def warn_once(self, kind: str, message: str) -> None:
        if kind not in self.said:
            self.said.add(kind)
            self.warn(message)

    def page_of(self, value: Any) -> int:
        key = _key(value) if isinstance(value, pikepdf.Dictionary) else None
        return self.pages.get(key, 0) if key else 0

    def read_role_map(self, value: Any) -> None:
        if not isinstance(value, pikepdf.Dictionary):
            return
        for key, entry in value.items():
            target = _name(entry)
            if target:
                self.role_map[key[1:]] = target

    def role(self, raw: str) -> Role:
        """Follow /RoleMap from ``raw`` to a standard type; a loop stops with a warning."""
        if raw in self.roles:
            return Role(self.roles[raw])
        chain = [raw]
        current = raw
        while current in self.role_map and not _is_standard(current):
            current = self.role_map[current]
            if current in chain:
                self.warn_once(f"rolemap {raw}", f"the /RoleMap maps {raw!r} in a loop "
                               f"({' -> '.join([*chain, current])}); kept as written")
                current = raw
                break
            chain.append(current)
            if len(chain) > 64:
                current = raw
                break
        self.roles[raw] = current
        return Role(current)

    def read(self, root_dict: pikepdf.Dictionary) -> Elem:
        root = Elem(Role("StructTreeRoot"), "StructTreeRoot")
        self.read_role_map(root_dict.get("/RoleMap"))
        # Iterative, so a deep tree cannot exhaust Python's stack: (pdf object, parent, depth, page).
        stack: list[tuple[Any, Elem, int, int]] = [(k, root, 1, 0) for k in reversed(_kids(root_dict.get("/K")))]
        while stack:
            obj, parent, depth, page = stack.pop()
            child = self.child(obj, parent, depth, page)
            if isinstance(child, Elem):
                parent.kids.append(child)
                parent._children.append(child)
                stack.extend((k, child, depth + 1, child.page) for k in reversed(_kids(self.pending.pop(id(child)))))
            elif child is not None:
                parent.content.append(child)
                parent._children.append(child)
        return root

    def child(self, obj: Any, parent: Elem, depth: int, page: int) -> Elem | Content | None:
        """One item of a /K: an MCID, an MCR or OBJR dictionary, or a structure element."""
        if isinstance(obj, int) and not isinstance(obj, bool):
            return MarkedRef(int(obj), page) if obj >= 0 else None
        if not isinstance(obj, pikepdf.Dictionary):
            return None
        kind = _name(obj.get("/Type"))
        if kind == "MCR" or ("/MCID" in obj and "/S" not in obj):
            mcid = obj.get("/MCID")
            if not isinstance(mcid, int) or mcid < 0:
                return None
            own = self.page_of(obj.get("/Pg"))
            return MarkedRef(int(mcid), own or page, in_form="/Stm" in obj)
        if kind == "OBJR":
            return _object_ref(obj, self.page_of(obj.get("/Pg")) or page)
        if "/S" not in obj:
            return None
        key = _key(obj)
        if key is not None:
            if key in self.seen:
                self.warn_once("cycle", "the structure tree refers to an element twice (a kid that is its own "
                               "ancestor, or a shared one); read once")
                return None
            self.seen.add(key)
        if depth > self.max_depth:
            self.warn_once("depth", f"the structure tree is nested deeper than Limits.max_structure_depth="
                           f"{self.max_depth}; the elements below were left out")
            return None
        if self.count >= self.max_elements:
            self.warn_once("count", f"the structure tree has more than Limits.max_structure_elements="
                           f"{self.max_elements} elements; the rest were left out")
            return None
        self.count += 1
        raw = _name(obj.get("/S"))
        elem = Elem(self.role(raw), raw, title=_text(obj.get("/T")), lang=_text(obj.get("/Lang")),
                    actual_text=_text(obj.get("/ActualText")), alt=_text(obj.get("/Alt")),
                    page=self.page_of(obj.get("/Pg")) or page, parent=parent,
                    attributes=_attributes(obj.get("/A")))
        self.pending[id(elem)] = obj.get("/K")
        return elem


def _is_standard(role: str) -> bool:
    return role in _STANDARD


_STANDARD = frozenset({
    "Document", "DocumentFragment", "Part", "Art", "Sect", "Div", "Aside", "BlockQuote", "Caption", "TOC", "TOCI",
    "Index", "NonStruct", "Private", "P", "H", "H1", "H2", "H3", "H4", "H5", "H6", "L", "LI", "Lbl", "LBody",
    "Table", "TR", "TH", "TD", "THead", "TBody", "TFoot", "Span", "Quote", "Note", "Reference", "BibEntry", "Code",
    "Link", "Annot", "Ruby", "RB", "RT", "RP", "Warichu", "WT", "WP", "Figure", "Formula", "Form", "Title",
    "FENote", "Sub", "Em", "Strong", "Artifact",
})


def _kids(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, pikepdf.Array):
        return list(value)
    return [value]


def _attributes(value: Any) -> dict[str, Any]:
    """The plain entries of /A (a dictionary, or an array of them with revision numbers)."""
    found: dict[str, Any] = {}
    for item in _kids(value):
        if not isinstance(item, pikepdf.Dictionary):
            continue
        for key, entry in item.items():
            if key in ("/O", "/NS"):
                continue
            if isinstance(entry, pikepdf.Name):
                found[key[1:]] = str(entry)[1:]
            elif isinstance(entry, (int, float, bool)):
                found[key[1:]] = entry
            elif isinstance(entry, pikepdf.String):
                found[key[1:]] = str(entry)
    return found


def _object_ref(obj: pikepdf.Dictionary, page: int) -> ObjectRef:
    target = obj.get("/Obj")
    if not isinstance(target, pikepdf.Dictionary):
        return ObjectRef(page, "")
    subtype = _name(target.get("/Subtype")) or _name(target.get("/FT"))
    contents = _text(target.get("/Contents")) or _text(target.get("/TU"))
    uri = ""
    action = target.get("/A")
    if isinstance(action, pikepdf.Dictionary):
        uri = _text(action.get("/URI"))
    return ObjectRef(page, subtype, contents, uri)


def read_structure(pdf: pikepdf.Pdf, limits: Limits, record: Warn, page_runs: PageRuns) -> Structure | None:
    """The document's structure tree, or None when it has none (an untagged file: not an error).

    Reading is bounded by ``Limits.max_structure_elements`` and ``max_structure_depth``; a
    cycle, a /RoleMap loop or a limit is a ``structure`` warning on the document, and a tree
    that cannot be read at all is a warning and None, never an exception. ``record`` takes the
    warnings, ``page_runs`` gives an element's page its runs when its text is asked for.
    """

    def warn(message: str) -> None:
        record(0, STRUCTURE_WARNING, message)

    try:
        root_dict = pdf.Root.get("/StructTreeRoot")
    except Exception:
        root_dict = None
    if not isinstance(root_dict, pikepdf.Dictionary):
        return None
    reader = _Reader(pdf, limits.max_structure_elements, limits.max_structure_depth, warn)
    try:
        root = reader.read(root_dict)
    except StrictError:
        raise
    except Exception as exc:  # pikepdf raises lazily and variously on broken objects
        warn(f"the structure tree could not be read: {type(exc).__name__}: {exc}")
        return None
    return Structure(root, reader.role_map, page_runs)
