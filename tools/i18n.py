"""The message catalogue's upkeep (Babel).

python tools/i18n.py check     # list msgids without an Italian or English text (exit 1)
python tools/i18n.py update    # write messages.pot; add the new msgids to both .po files
                               # (English filled with the msgid, Italian left to translate)
python tools/i18n.py merge     # fold the branches' fragments into messages.po (exit 1 if a
                               # fragment's msgid is not found in the code: it was dropped)
python tools/i18n.py compile   # messages.mo for the run time (fragments included)
"""

from __future__ import annotations

import sys
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from arbitro.i18n.extract import LOCALE, missing, template


def _po(lang: str) -> Catalog:
    path = LOCALE / lang / "LC_MESSAGES" / "messages.po"
    if path.exists():
        with path.open("rb") as handle:
            return read_po(handle, locale=lang)
    return Catalog(locale=lang, project="arbitro", charset="utf-8")


def update() -> None:
    pot = template()
    (LOCALE / "messages.pot").parent.mkdir(parents=True, exist_ok=True)
    with (LOCALE / "messages.pot").open("wb") as handle:
        write_po(handle, pot, omit_header=False, sort_output=True, no_location=True)
    for lang in ("it", "en"):
        cat = _po(lang)
        cat.update(pot, no_fuzzy_matching=True)
        if lang == "en":
            for m in cat:
                if m.id and not m.string:
                    m.string = m.id
        path = LOCALE / lang / "LC_MESSAGES" / "messages.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, cat, sort_output=True, no_location=True, ignore_obsolete=True)
    compile_mo()


def _put(cat: Catalog, msgid: Any, text: Any, context: str | None) -> None:
    """``msgid``'s text in ``cat`` set to ``text``: a fragment's entry wins over the one
    already there (Babel's ``Catalog.add`` keeps the old text of an existing msgid)."""
    found = cat.get(msgid, context=context)
    if found is None:
        cat.add(msgid, text, context=context)
    else:
        found.string = text


def merge() -> int:
    """Fold every branch's fragment (``LC_MESSAGES/<branch>.po``) into ``messages.po``, the
    fragment's text winning (as at run time: a fragment may reword an existing entry), delete
    the fragments, then ``update``. A fragment's msgid that the extractor does not find in the
    code is dropped by ``update``: those are listed and the exit status is 1, so that a msgid
    built at run time is seen and made extractable rather than lost."""
    folded: set[tuple[str, str | None]] = set()
    for lang in ("it", "en"):
        folder = LOCALE / lang / "LC_MESSAGES"
        cat = _po(lang)
        for part in sorted(folder.glob("*.po")):
            if part.name == "messages.po":
                continue
            with part.open("rb") as handle:
                for m in read_po(handle, locale=lang):
                    if m.id and m.string:
                        _put(cat, m.id, m.string, m.context)
                        folded.add((str(m.id), m.context))
            part.unlink()
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / "messages.po").open("wb") as handle:
            write_po(handle, cat, sort_output=True, no_location=True)
    update()
    kept = _po("it")
    dropped = sorted(
        (msgid, context) for msgid, context in folded if not kept.get(msgid, context=context)
    )
    for msgid, context in dropped:
        print(f"dropped (not found in the code): {msgid!r}" + (f" [{context}]" if context else ""))
    return 1 if dropped else 0


def compile_mo() -> None:
    """Write ``messages.mo`` beside each language's ``messages.po``, read at run time: every
    ``.po`` file of the language in one (a branch's fragment added to ``messages.po``, its
    entries winning, as when the run time reads the ``.po`` files directly)."""
    from babel.messages.mofile import write_mo

    for lang in ("it", "en"):
        folder = LOCALE / lang / "LC_MESSAGES"
        cat = _po(lang)
        for part in sorted(folder.glob("*.po")):
            if part.name == "messages.po":
                continue
            with part.open("rb") as handle:
                for m in read_po(handle, locale=lang):
                    if m.id and m.string and not m.fuzzy:
                        _put(cat, m.id, m.string, m.context)
        with (folder / "messages.mo").open("wb") as handle:
            write_mo(handle, cat)


def check() -> int:
    bad = 0
    for lang in ("it", "en"):
        for f in missing(lang):
            print(f"{lang}: {f.where}: {f.msgid!r}")
            bad += 1
    print(f"{bad} msgid(s) without a translation")
    return 1 if bad else 0


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "merge":
        sys.exit(merge())
    elif command == "compile":
        compile_mo()
    else:
        sys.exit(check())
