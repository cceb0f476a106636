"""arbitro imports at module level only (issue 30): a module it loads on first use (for the
start-up's sake, or to close an import circle) is a :func:`~arbitro.lazy_names.lazy_module`,
typed under ``TYPE_CHECKING``, never an ``import`` inside a function (the 215 of the command
line were replaced first, then the 145 of the rest of ``src/arbitro``; an AST walk keeps them
from coming back)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from arbitro.lazy_names import _LazyModule, lazy_module
from arbitro.tournament import zone

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "arbitro"
CLI = PACKAGE / "cli"

ALLOWED: dict[str, int] = {}
"""The files of ``src/arbitro`` that still import inside a function, with how many: none. A
module a command's start-up does without is a ``lazy_module`` at module level, its calls
through it."""


def imports_in_functions(source: str) -> list[int]:
    """The lines of the ``import`` statements of ``source`` inside a function (or a lambda)."""
    found: list[int] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if inside and isinstance(child, ast.Import | ast.ImportFrom):
                found.append(child.lineno)
            functions = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
            visit(child, inside or isinstance(child, functions))

    visit(ast.parse(source), False)
    return found


def test_no_import_inside_a_function_of_the_command_line() -> None:
    found = {
        p.name: len(lines)
        for p in sorted(CLI.glob("*.py"))
        if (lines := imports_in_functions(p.read_text("utf-8")))
    }
    assert found == {}, "import at module level: lazy_module for what loads on first use"


def test_no_import_inside_a_function_anywhere_in_arbitro() -> None:
    """Every module of ``src/arbitro`` (services, codes, tournament, store, games, printouts,
    web...) imports at module level; :data:`ALLOWED` lists the exceptions left."""
    found = {
        p.relative_to(PACKAGE).as_posix(): len(lines)
        for p in sorted(PACKAGE.rglob("*.py"))
        if (lines := imports_in_functions(p.read_text("utf-8")))
    }
    assert found == ALLOWED, "import at module level: lazy_module for what loads on first use"


def test_the_walk_finds_an_import_in_a_nested_function_and_not_at_module_level() -> None:
    source = """
import json
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from arbitro.services import events
def f() -> None:
    def g() -> None:
        from arbitro.store import RecordStore
    import re
"""
    assert imports_in_functions(source) == [8, 9]


PROBE = """
import sys
from arbitro.lazy_names import lazy_module
m = lazy_module("arbitro.tournament.zone")
before = "arbitro.tournament.zone" in sys.modules or "arbitro.tournament" in sys.modules
key = m.event_zone.__module__
print(before, "arbitro.tournament.zone" in sys.modules, key)
"""


def test_a_lazy_module_imports_nothing_until_an_attribute_is_read() -> None:
    """Neither the module nor its package is imported when the stand-in is made (the start-up
    of issue 14); the first attribute read imports it and answers with the real module's."""
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True", "arbitro.tournament.zone"]


def test_a_lazy_module_reads_the_module_as_it_is_now(monkeypatch: pytest.MonkeyPatch) -> None:
    """An attribute is read from the real module at each use, never copied: a name the module
    rebinds after the first read is seen (a test's patch too); a module already imported is
    given as itself."""
    assert lazy_module("arbitro.tournament.zone") is zone
    stand_in = _LazyModule("arbitro.tournament.zone")
    assert stand_in.event_zone is zone.event_zone
    monkeypatch.setattr(zone, "event_zone", str)
    assert stand_in.event_zone is str  # type: ignore[comparison-overlap]
