"""The one message catalogue (issue #11): every text a user can read is a msgid of the code or
of the templates with an Italian text in the catalogue; the Italian keeps the msgid's
placeholders; one text per msgid; no (italiano, English) pairs left in the code."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from arbitro.i18n import render, use_lang
from arbitro.i18n.extract import LOCALE, PACKAGE, clashes, extracted_once, missing, placeholders


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
    found = {f.msgid for f in extracted_once()}
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


def _po_entries(lang: str) -> dict[str, str]:
    """The translated entries of ``lang``'s ``.po`` files as Babel reads them."""
    from arbitro.i18n import read_po_files

    folder = LOCALE / lang / "LC_MESSAGES"
    parts = sorted(folder.glob("*.po"), key=lambda p: (p.name != "messages.po", p.name))
    return read_po_files(parts, lang)


def test_the_compiled_mo_holds_what_the_po_files_say() -> None:
    """The run time reads the ``.mo`` (issue 14): the same texts as the ``.po`` files."""
    from arbitro.i18n import read_mo

    for lang in ("it", "en"):
        mo = LOCALE / lang / "LC_MESSAGES" / "messages.mo"
        assert read_mo(mo) == _po_entries(lang)


def test_the_mo_is_read_as_gettext_reads_it() -> None:
    import gettext

    from arbitro.i18n import read_mo

    mo = LOCALE / "it" / "LC_MESSAGES" / "messages.mo"
    with mo.open("rb") as handle:
        table = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    expected = {k: v for k, v in table.items() if isinstance(k, str) and k and v}
    assert read_mo(mo) == expected


def _copy_locale(tmp: Path, *, with_mo: bool) -> Path:
    import shutil

    for lang in ("it", "en"):
        folder = tmp / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        shutil.copy(LOCALE / lang / "LC_MESSAGES" / "messages.po", folder)
        if with_mo:
            shutil.copy(LOCALE / lang / "LC_MESSAGES" / "messages.mo", folder)
    return tmp


def test_without_a_compiled_mo_the_po_files_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh clone, never set up: the catalogue still renders Italian, from the ``.po``."""
    import arbitro.i18n as i18n

    monkeypatch.setattr(i18n, "LOCALE", _copy_locale(tmp_path, with_mo=False))
    i18n.catalogue.cache_clear()
    try:
        assert i18n.catalogue("it") == _po_entries("it")
        with use_lang("it"):
            assert render("Output as JSON.") == "Uscita in JSON."
    finally:
        i18n.catalogue.cache_clear()


def test_compile_puts_a_branch_fragment_in_the_mo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``tools/i18n.py compile`` writes one ``.mo`` of every ``.po`` file of a language (a
    branch's fragment included), and the run time then reads the ``.mo``."""
    import importlib.util

    import arbitro.i18n as i18n

    spec = importlib.util.spec_from_file_location(
        "i18n_tool", Path(__file__).resolve().parents[1] / "tools" / "i18n.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    locale = _copy_locale(tmp_path, with_mo=False)
    (locale / "it" / "LC_MESSAGES" / "zz-branch.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "A text of a branch"\nmsgstr "Un testo di un ramo"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(tool, "LOCALE", locale)
    tool.compile_mo()
    mo = locale / "it" / "LC_MESSAGES" / "messages.mo"
    assert i18n.read_mo(mo)["A text of a branch"] == "Un testo di un ramo"
    monkeypatch.setattr(i18n, "LOCALE", locale)
    monkeypatch.setattr(i18n, "read_po_files", None)  # the .mo only: no .po read
    i18n.catalogue.cache_clear()
    try:
        assert i18n.catalogue("it")["A text of a branch"] == "Un testo di un ramo"
    finally:
        i18n.catalogue.cache_clear()


def test_compile_lets_a_fragment_reword_an_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A branch's fragment may reword an entry of ``messages.po`` (as the run time reads the
    ``.po`` files, a later file winning): ``tools/i18n.py compile`` put the old text in the
    ``.mo`` (Babel's ``Catalog.add`` keeps an existing msgid's text)."""
    import importlib.util

    import arbitro.i18n as i18n

    spec = importlib.util.spec_from_file_location(
        "i18n_tool", Path(__file__).resolve().parents[1] / "tools" / "i18n.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    locale = _copy_locale(tmp_path, with_mo=False)
    (locale / "it" / "LC_MESSAGES" / "zz-branch.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Output as JSON."\nmsgstr "Risultato in JSON."\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(tool, "LOCALE", locale)
    tool.compile_mo()
    assert i18n.read_mo(locale / "it" / "LC_MESSAGES" / "messages.mo")["Output as JSON."] == (
        "Risultato in JSON."
    )
