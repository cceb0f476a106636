"""The catalogue's upkeep: extract every msgid from the code and the templates (Babel), and
check that the Italian and English catalogues translate each of them. Used by
``tools/i18n.py`` and by the test suite; nothing here runs in the app."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from arbitro.i18n import PLURAL

PACKAGE = Path(__file__).resolve().parents[1]
LOCALE = Path(__file__).resolve().parent / "locale"

# Calls whose first argument is a msgid: the markers, and every error class (their first
# argument is the message); FieldError names its field first.
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "_": None,
    "N_": None,
    "gettext": None,
    "msg": None,
    "message": None,
    "Message": None,
    "ArbitroError": None,
    "NotFoundError": None,
    "ConflictError": None,
    "ConcurrencyError": None,
    "IllegalMoveError": None,
    "TokenError": None,
    "RoundClosed": None,
    "NotAtTable": None,
    "NotAForm": None,
    "FieldError": (2,),
    "ngettext": (1, 2),  # the singular and the plural form, each an entry
}

METHODS = [("**/templates/**.html", "jinja2.ext.babel_extract")]
OPTIONS = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true"}}


@dataclass(frozen=True, slots=True)
class Found:
    """One msgid found in the sources, with where."""

    msgid: str
    context: str | None
    where: str


def _error_classes(trees: dict[Path, ast.Module]) -> set[str]:
    """The names of ArbitroError and of every class deriving from it (their first argument
    is a msgid), found in the sources."""
    bases: dict[str, set[str]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {
                    b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases
                }
    found = {"ArbitroError"}
    while True:
        more = {name for name, up in bases.items() if up & found} - found
        if not more:
            return found
        found |= more


def _python() -> Iterator[Found]:
    """The msgids of the Python sources: the first text argument of ``_``, ``N_``,
    ``gettext``, ``msg``, ``message``, ``Message`` and of every error class (``FieldError``:
    the second), with ``context=`` when given."""
    trees = {p: ast.parse(p.read_text("utf-8")) for p in sorted(PACKAGE.rglob("*.py"))}
    calls = set(KEYWORDS) | _error_classes(trees)
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name == "__init__" and isinstance(getattr(node.func, "value", None), ast.Call):
                name = "ArbitroError"  # ``super().__init__(msgid, ...)`` of an error class
            if name not in calls:
                continue
            if isinstance(node.func, ast.Attribute) and name == "message":
                continue  # ``exc.message("it")``: a language, not a msgid
            context = next(
                (
                    k.value.value
                    for k in node.keywords
                    if k.arg == "context"
                    and isinstance(k.value, ast.Constant)
                    and isinstance(k.value.value, str)
                ),
                None,
            )
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            positions = KEYWORDS.get(name) or (1,)
            for form, position in enumerate(positions):  # ngettext: both forms
                if len(node.args) < position:
                    continue
                arg = node.args[position - 1]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value:
                    # ngettext's plural form is looked up with the plural context
                    yield Found(arg.value, PLURAL if form else context, where)


def extracted() -> Iterator[Found]:
    """Every msgid in ``src/arbitro`` (Python and Jinja templates)."""
    yield from _python()
    for filename, lineno, msg, _comments, context in extract_from_dir(
        str(PACKAGE),
        method_map=METHODS,
        options_map=OPTIONS,
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
    ):
        # A plural call (ngettext) gives its two forms: the plural one has the plural context.
        forms = (msg,) if isinstance(msg, str) else msg
        for form, msgid in enumerate(forms):
            if isinstance(msgid, str) and msgid:
                yield Found(msgid, PLURAL if form else context, f"{filename}:{lineno}")


@cache
def extracted_once() -> tuple[Found, ...]:
    """:func:`extracted`, read once a process: the catalogue's checks (tests/test_plurals.py,
    tests/test_catalogue.py, …) read it several times, each a parse of every source."""
    return tuple(extracted())


def template() -> Catalog:
    """The catalogue template (``messages.pot``) of the current sources."""
    cat = Catalog(project="arbitro", charset="utf-8")
    for f in extracted():
        cat.add(
            f.msgid,
            context=f.context,
            locations=[(f.where.rsplit(":", 1)[0], int(f.where.rsplit(":", 1)[1]))],
        )
    return cat


def translations(lang: str) -> dict[tuple[str, str | None], str]:
    """The non-empty, non-fuzzy translations of every ``.po`` file of ``lang``."""
    out: dict[tuple[str, str | None], str] = {}
    for path in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            for m in read_po(handle, locale=lang):
                if not m.id or m.fuzzy:
                    continue
                text = m.string if isinstance(m.string, str) else (m.string or ("",))[0]
                key = m.id if isinstance(m.id, str) else m.id[0]
                if text:
                    out[(key, m.context)] = text
    return out


def missing(lang: str) -> list[Found]:
    """The msgids of the sources that ``lang`` does not translate (English needs no entry:
    the msgid is the English text, which ``en/messages.po`` may reword)."""
    if lang == "en":
        return []
    have = translations(lang)
    seen: set[tuple[str, str | None]] = set()
    out = []
    for f in extracted():
        key = (f.msgid, f.context)
        if key not in have and key not in seen:
            seen.add(key)
            out.append(f)
    return out


def placeholders(text: str) -> set[str]:
    """The names of the ``{placeholders}`` of a text (``{{`` is a literal brace)."""
    try:
        return {
            name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(text) if name
        }
    except ValueError:
        return {"<malformed>"}


def clashes(lang: str) -> list[str]:
    """The msgids given two different texts by the files of ``lang``."""
    seen: dict[tuple[str, str | None], tuple[str, str]] = {}
    out = []
    for path in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            for m in read_po(handle, locale=lang):
                if not m.id or not m.string:
                    continue
                key = (m.id if isinstance(m.id, str) else m.id[0], m.context)
                text = m.string if isinstance(m.string, str) else m.string[0]
                if key in seen and seen[key][1] != text:
                    out.append(
                        f"{key[0]!r}: {seen[key][0]} {seen[key][1]!r} / {path.name} {text!r}"
                    )
                seen.setdefault(key, (path.name, text))
    return out
