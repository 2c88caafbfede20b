"""The core has no import loop, type-only imports included (issue 25; docs/architecture.md).

The layers contract (root pyproject.toml) keeps the folders in order; this keeps the modules
inside a folder from importing each other in a circle, which the contract cannot see.
"""

from __future__ import annotations

import pytest

# import-linter's graph builder, a dev tool: the installed-wheel check (scripts/check_wheels.sh)
# runs tests/core without the dev tools, and skips this module there.
grimp = pytest.importorskip("grimp")


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two or more modules that import each other, directly or around a loop (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a deep import chain cannot reach the recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return groups


def test_the_finder_sees_a_loop() -> None:
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert strongly_connected({"a": {"b"}, "b": set()}) == []


def test_no_module_of_the_core_imports_itself_around_a_loop() -> None:
    built = grimp.build_graph("pagelift", exclude_type_checking_imports=False)
    graph = {module: set(built.find_modules_directly_imported_by(module)) & built.modules for module in built.modules}
    assert strongly_connected(graph) == []
