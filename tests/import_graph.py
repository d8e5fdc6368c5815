"""The import graph of one of our packages and its circles, for the layout tests of app/
and engines/ (tests/app/test_layout.py, tests/engines/test_layout.py).

The graph is grimp's (import-linter's own library), with the imports made only for type
checking counted: a circle through ``if TYPE_CHECKING:`` is a circle all the same.
"""

from __future__ import annotations

import grimp


def imports_of(package: str) -> dict[str, set[str]]:
    """Every module of ``package`` and the modules of ``package`` it imports."""
    graph = grimp.build_graph(package, include_external_packages=False,
                              exclude_type_checking_imports=False, cache_dir=None)
    return {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph`` (module -> modules it imports): every strongly
    connected set of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found
