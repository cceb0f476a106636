"""Shared code never names a particular code or game (issue 30; docs/architecture.md, "A game
plugs in through one protocol"): outside ``codes/`` and ``games/`` no module nor template of
``src/arbitro`` writes a code's or a game's id (``"scala40"``), its constant (``CodeId.SCALA40``,
``GameId.BRISCOLA``, ``FIBAS`` of ``tournament.rules``) or imports a code's or a game's module
(``arbitro.codes.scala40``, ``arbitro.games.burraco``). Comments and docstrings may cite
articles ("FIBAS art. 22"): they are not read.

:data:`ALLOWED` lists the files that still do, each with its count: it may only shrink. A file
not listed that names one fails, a listed file whose count grows fails, and a listed file whose
count falls fails too, asking for the list to be shrunk (so that it never hides a new name).

A code's own terminal commands are an edge of that code, like a healthchecks integration: their
modules live in ``cli/codes/`` and are exempt BECAUSE a code's spec names them
(``CodeSpec.commands``, ``Command.module``); a module there that no spec names is refused, so
the folder cannot hide shared code (docs/architecture.md, "A game's terminal commands")."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import built_in, code_specs

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "arbitro"
EXEMPT = ("codes", "games")  # where codes and games are written, by definition

CODE_IDS = frozenset(built_in())
GAME_IDS = frozenset(g.value for g in GameId)
IDS = CODE_IDS | GAME_IDS
CONSTANTS = frozenset({m.name for m in CodeId} | {m.name for m in GameId} | {"FIBAS", "PAROLE"})
# A code's module is the one beside its TOML (codes/scala40.py and scala40.toml).
_CODES = PACKAGE / "codes"
MODULES = tuple(
    f"arbitro.codes.{p.stem}"
    for p in sorted(_CODES.glob("*.py"))
    if p.with_suffix(".toml").exists()
) + tuple(f"arbitro.games.{g}" for g in sorted(GAME_IDS))

CLI_CODES = PACKAGE / "cli" / "codes"  # the codes' own terminal modules, each named by a spec


def spec_named_modules() -> frozenset[str]:
    """The files of the command modules the codes' specs name (``"codes.scala40"`` is
    ``cli/codes/scala40.py``)."""
    return frozenset(
        f"cli/{c.module.replace('.', '/')}.py" for spec in code_specs() for c in spec.commands
    )


def exempt(relative: Path, named: frozenset[str] | None = None) -> bool:
    """Whether the file ``relative`` (to ``src/arbitro``) may name codes and games: it is in
    ``codes/`` or ``games/``, or it is a module of ``cli/codes/`` that a code's spec names
    (``named``: :func:`spec_named_modules`, read once by a caller scanning many files)."""
    if relative.parts[0] in EXEMPT:
        return True
    if relative.parent != CLI_CODES.relative_to(PACKAGE):
        return False
    return relative.as_posix() in (spec_named_modules() if named is None else named)


# The files that still name a code or a game, with how many times: shrink it, never grow it.
ALLOWED: dict[str, int] = {}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of ``tree`` (module, classes, functions)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _is_named_module(module: str) -> bool:
    return any(module == m or module.startswith(f"{m}.") for m in MODULES)


def python_names(source: str) -> int:
    """How many times ``source`` names a particular code or game (see the module's text)."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            count += id(node) not in skip and node.value in IDS
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            count += node.value.id in ("CodeId", "GameId") and node.attr.isupper()
        elif isinstance(node, ast.Name):
            count += node.id in CONSTANTS
        elif isinstance(node, ast.Import):
            count += sum(_is_named_module(a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            if _is_named_module(node.module):
                count += 1
            else:  # ``from arbitro.games import burraco``, ``import FIBAS``
                count += sum(
                    _is_named_module(f"{node.module}.{a.name}") or a.name in CONSTANTS
                    for a in node.names
                )
    return count


_JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.DOTALL)
_ALTERNATIVES = "|".join(re.escape(i) for i in sorted(IDS))
_QUOTED_ID = re.compile(rf"""(["'])({_ALTERNATIVES})\1""")
_CONSTANT = re.compile(r"\b(?:CodeId|GameId)\.[A-Z_0-9]+\b")


def template_names(source: str) -> int:
    """How many times a template names a particular code or game: a quoted id or a constant,
    outside ``{# comments #}``."""
    text = _JINJA_COMMENT.sub("", source)
    return len(_QUOTED_ID.findall(text)) + len(_CONSTANT.findall(text))


def names_by_file() -> Counter[str]:
    """Each file of ``src/arbitro`` outside ``codes/`` and ``games/`` that names a code or a
    game, with its count."""
    found: Counter[str] = Counter()
    named = spec_named_modules()
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(PACKAGE)
        if exempt(relative, named) or "__pycache__" in relative.parts:
            continue
        if path.suffix == ".py":
            count = python_names(path.read_text("utf-8"))
        elif path.suffix in (".html", ".j2", ".jinja") and "templates" in relative.parts:
            count = template_names(path.read_text("utf-8"))
        else:
            continue
        if count:
            found[relative.as_posix()] = count
    return found


def test_no_file_names_a_code_or_a_game_beyond_the_allowed() -> None:
    """No new file names a particular code or game, and no listed file names more of them
    (issue 30: "shared code never asks which game it is")."""
    found = names_by_file()
    new = {f: n for f, n in found.items() if f not in ALLOWED}
    grown = {f: (ALLOWED[f], n) for f, n in found.items() if f in ALLOWED and n > ALLOWED[f]}
    assert new == {}, "name no code nor game outside codes/ and games/: read the registry"
    assert grown == {}, "(allowed, found): these files name more codes or games than before"


def test_the_allowed_list_is_as_short_as_the_code() -> None:
    """When a file stops naming a code or a game, the list shrinks with it."""
    found = names_by_file()
    fallen = {f: found.get(f, 0) for f, n in ALLOWED.items() if found.get(f, 0) < n}
    assert fallen == {}, "shrink ALLOWED in tests/test_code_names.py to these counts"


def test_the_scan_finds_each_way_of_naming() -> None:
    """The scanner counts a quoted id, a constant, a re-exported name and an import of a
    code's or a game's module, and not a docstring, a comment nor a citation in a text."""
    source = '''"""A docstring naming "scala40" is fine."""
from arbitro.codes.ids import CodeId
from arbitro.tournament.rules import FIBAS
import arbitro.games.burraco.melds
from arbitro.games import parole
# a comment: "briscola"


def f(code: str) -> bool:
    """FIBAS art. 22 in a docstring."""
    text = "FIBAS art. 22"
    return code == "scala40" or code is CodeId.BRISCOLA or code == FIBAS
'''
    # "scala40", CodeId.BRISCOLA, FIBAS (import and use), the two game modules
    assert python_names(source) == 6
    assert python_names("from arbitro.codes.scala40 import scala40") == 1
    template = '{# "scala40" #}<option value="scala40">{{ x == "burraco-fibas" }}</option>'
    assert template_names(template) == 2
    assert template_names("{{ _('Scala 40') }} {{ code }}") == 0


def test_each_module_of_the_codes_terminal_folder_is_named_by_a_spec() -> None:
    """``cli/codes/`` holds only the modules the codes' specs name (the exemption's reason):
    a shared module put there would be scanned, and refused here."""
    modules = {
        p.relative_to(PACKAGE).as_posix() for p in CLI_CODES.glob("*.py") if p.name != "__init__.py"
    }
    assert modules, "the codes' terminal modules are in cli/codes/"
    assert modules <= spec_named_modules(), "a module of cli/codes/ that no code's spec names"
    assert {m for m in spec_named_modules() if m.startswith("cli/codes/")} == modules


def test_the_exemption_is_the_specs_naming() -> None:
    """A file of ``cli/codes/`` is exempt only while a spec names it; the same file elsewhere
    in ``cli/``, or an unnamed one in ``cli/codes/``, is scanned."""
    assert exempt(Path("cli/codes/scala40.py"))
    assert not exempt(Path("cli/scala40.py"))
    assert not exempt(Path("cli/codes/shared_helpers.py"))
    assert not exempt(Path("cli/codes/__init__.py"))
    assert not exempt(Path("web/codes/scala40.py"))
