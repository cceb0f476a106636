"""The one message catalogue (issue #11): every text a user can read is a msgid of the code or
of the templates with an Italian text in the catalogue; the Italian keeps the msgid's
placeholders; one text per msgid; no (italiano, English) pairs left in the code."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from babel.messages.pofile import read_po

from arbitro.i18n import render, use_lang
from arbitro.i18n.extract import LOCALE, PACKAGE, clashes, extracted, missing, placeholders


def test_every_msgid_has_its_italian_text() -> None:
    assert [f"{f.where}: {f.msgid!r}" for f in missing("it")] == []


def test_one_italian_text_per_msgid() -> None:
    assert clashes("it") == []


def test_translations_keep_the_placeholders_of_their_msgid() -> None:
    wrong = []
    for path in sorted((LOCALE / "it" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            for m in read_po(handle, locale="it"):
                if m.id and m.string and placeholders(str(m.id)) != placeholders(str(m.string)):
                    wrong.append((path.name, m.id, m.string))
    assert wrong == []


def test_no_italian_english_pairs_left_in_the_code_or_the_templates() -> None:
    """The transitional forms are gone: no error built from two texts, no template ``_``
    with two strings."""
    pairs = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            texts = [a for a in node.args if isinstance(a, ast.Constant | ast.JoinedStr)]
            # FieldError names its field first, then the message.
            allowed = 2 if name == "FieldError" else 1
            if name.endswith("Error") and len(texts) > allowed:
                pairs.append(f"{path}:{node.lineno}")
            if any(k.arg in ("it", "en") for k in node.keywords) and name.endswith("Error"):
                pairs.append(f"{path}:{node.lineno}")
    two_strings = re.compile(r"""_\(\s*("[^"]*"|'[^']*')\s*,\s*("[^"]*"|'[^']*')""")
    for path in (PACKAGE / "web" / "templates").glob("*.html"):
        pairs += [f"{path}: {m.group(0)}" for m in two_strings.finditer(path.read_text("utf-8"))]
    assert pairs == []


def test_a_message_renders_in_each_language() -> None:
    """The same msgid renders in Italian (the default) and in English, parameters filled."""
    found = {f.msgid for f in extracted()}
    msgid = "table {table} does not exist in round {round} (tables 1-{count})"
    assert msgid in found
    with use_lang("it"):
        assert render(msgid) == "il tavolo {table} non esiste nel turno {round} (tavoli 1-{count})"
    from arbitro.i18n import Message

    message = Message(msgid, {"table": 9, "round": 2, "count": 8})
    assert message.render("it") == "il tavolo 9 non esiste nel turno 2 (tavoli 1-8)"
    assert message.render("en") == "table 9 does not exist in round 2 (tables 1-8)"


def test_the_catalogue_is_one_file_per_language() -> None:
    """One catalogue a translator opens: ``messages.po`` per language (no fragments)."""
    for lang in ("it", "en"):
        files = sorted(p.name for p in (LOCALE / lang / "LC_MESSAGES").glob("*.po"))
        assert files == ["messages.po"], (lang, files)
    assert Path(LOCALE / "messages.pot").exists()
