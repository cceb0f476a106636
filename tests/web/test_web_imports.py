"""The web's modules import one another without a circle (issue 30): the routers read what they
need (:class:`~arbitro.web.context.Web`, ``web_of``, the page's language) from
:mod:`arbitro.web.context`, one module (:mod:`arbitro.web.routes`) includes them, and only the
app's entry points import :mod:`arbitro.web.app`, which builds the app from both. At the base of
issue 30, ``app.py`` both held ``Web`` and included every router, each of which imported it.

Read from the source with :mod:`ast`: every import of a module of ``arbitro.web``, those inside
functions included; not those under ``if TYPE_CHECKING:`` (never run) nor the implicit import of
a package by its own submodules (``desk/__init__.py`` including ``desk/events.py``, which
imports ``desk/common.py``: Python's own way to build a package)."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
WEB = "arbitro.web"
APP = "arbitro.web.app"
ENTRY_POINTS = frozenset({"arbitro.web.factory"})
"""The modules of the web that may import the app: uvicorn's workers' factory."""
KNOWN_CIRCLES: list[list[str]] = []
"""The small circles left: this list may only shrink. The last three (``bodies.py`` and the
guard, ``knockout.py`` and ``knockout_match.py``, ``desk/events.py`` and ``desk/tiebreaks.py``)
went with the imports inside functions (issue 30): what both sides read moved to the side
imported (``bodies.py``) or to a module of its own (``knockout_views.py``,
``desk/tiebreak_form.py``)."""


def module_name(path: Path) -> str:
    """The dotted name of the module at ``path`` under ``src``."""
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def web_modules() -> dict[str, Path]:
    """Every module of ``arbitro.web`` by name."""
    return {module_name(p): p for p in sorted((SRC / "arbitro" / "web").rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of ``tree``, at any depth, but not under ``if TYPE_CHECKING``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _type_checking_only(node):
            yield from _imports(ast.Module(body=node.orelse, type_ignores=[]))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        else:
            yield from _imports(node)


def imported(name: str, path: Path, modules: Mapping[str, Path]) -> set[str]:
    """The modules of ``modules`` that the module ``name`` (at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:  # relative: from the package, one level up per extra dot
            anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*anchor, *([base] if base else [])])
        for alias in node.names:
            child = f"{base}.{alias.name}"
            found.add(child if child in modules else base)
    return {m for m in found if m in modules and m != name and not name.startswith(m + ".")}


def import_graph() -> dict[str, set[str]]:
    """Which module of the web imports which."""
    modules = web_modules()
    return {name: imported(name, path, modules) for name, path in modules.items()}


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm): each is a
    circle of imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_finder_sees_the_circle_of_the_base_commit() -> None:
    """The circle issue 30 names: the app includes the routers (``routes``), which import the
    app; a module outside it is not in it."""
    graph = {
        "app": {"routes", "errors"},
        "routes": {"desk", "api"},
        "desk": {"app"},
        "api": {"errors"},
        "errors": set(),
    }
    assert circles(graph) == [["app", "desk", "routes"]]
    assert not any("app" in c for c in KNOWN_CIRCLES)
    assert circles({**graph, "desk": {"context"}, "context": set()}) == []


def test_the_graph_reads_the_routers_imports() -> None:
    """The graph is read from the real source: the routes' assembly imports the desk and the
    API, the desk's routers read the Web from the context (not the app)."""
    graph = import_graph()
    assert {"arbitro.web.desk", "arbitro.web.api", "arbitro.web.table"} <= graph[
        "arbitro.web.routes"
    ]
    assert "arbitro.web.context" in graph["arbitro.web.desk.events"]
    assert graph[APP] >= {"arbitro.web.routes", "arbitro.web.context"}


def test_no_circle_among_the_web_modules() -> None:
    """No module of ``arbitro.web`` imports, through others, a module that imports it, but
    the circles of :data:`KNOWN_CIRCLES`; one of those gone must be struck from the list."""
    found = circles(import_graph())
    assert [c for c in found if c not in KNOWN_CIRCLES] == []
    assert [c for c in KNOWN_CIRCLES if c not in found] == [], "strike it from KNOWN_CIRCLES"


def test_only_the_entry_points_import_the_app() -> None:
    """The routers and every other module of the web never import ``arbitro.web.app``; only
    :data:`ENTRY_POINTS` do."""
    importers = {name for name, targets in import_graph().items() if APP in targets}
    assert importers <= ENTRY_POINTS
