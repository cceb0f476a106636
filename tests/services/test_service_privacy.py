"""Nothing outside ``services/`` reaches into a service: the routes, the command line, the
benches and the tests use what the services expose (``run``, ``run_outside``, ``state``,
``peek``, ``lock``: docs/architecture.md, "Services"), never a private attribute (issue 30:
the routes took ``service._lock``, the unverified banner read ``service._cache``). Checked on
the source's syntax trees: an attribute named as one of the services' private members, read
on anything but ``self``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVICES = ROOT / "src" / "arbitro" / "services"
SERVICE_MODULES = ("event_log.py", "events.py", "knockout.py")
SCANNED = ("src", "tests", "bench", "tools")


def private_members() -> set[str]:
    """The private names of the services' classes: their methods and ``self._...``."""
    names: set[str] = set()
    for module in SERVICE_MODULES:
        for node in ast.walk(ast.parse((SERVICES / module).read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and _is_self(node.value):
                names.add(node.attr)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id in {"self", "cls"}


def reaches(source: str, private: set[str]) -> list[tuple[int, str]]:
    """Each line of ``source`` reading one of ``private`` on anything but ``self``."""
    return [
        (node.lineno, node.attr)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr in private and not _is_self(node.value)
    ]


def test_the_scan_sees_a_route_reaching_into_a_service() -> None:
    """The scan finds what the routes did before issue 30 (a scan that finds nothing proves
    nothing)."""
    private = private_members()
    assert {"_lock", "_cache", "_commit", "_refresh"} <= private
    offending = (
        "def peek(service, e):\n    with service._lock:\n        return web.service._cache[e]\n"
    )
    assert reaches(offending, private) == [(2, "_lock"), (3, "_cache")]
    assert reaches("class A:\n    def f(self):\n        return self._lock\n", private) == []


def test_no_module_outside_the_services_reads_a_services_private_attribute() -> None:
    """Every module of src (but services/), of the tests, the benches and the tools."""
    private = private_members()
    found = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for top in SCANNED
        for path in sorted((ROOT / top).rglob("*.py"))
        if SERVICES not in path.parents
        for line, name in reaches(path.read_text(encoding="utf-8"), private)
    ]
    assert found == []
