"""Every command reads the message catalogue from its compiled ``.mo`` (issue 14): read in one
decode when its strings lie one after the other, entry by entry otherwise (a plural entry,
strings out of the table's order); both give what :mod:`gettext` reads."""

from __future__ import annotations

import gettext
import struct
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from arbitro.i18n import _laid_out, read_mo


def _gettext_view(path: Path) -> dict[str, str]:
    """What gettext reads, a plural entry by its singular forms (as arbitro keeps it)."""
    with path.open("rb") as handle:
        table = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    out: dict[str, str] = {}
    for key, text in table.items():
        if isinstance(key, tuple):  # (msgid, n): the singular's form 0
            if key[1] == 0 and key[0]:
                out[key[0]] = text
        elif key and text:
            out[key] = text
    return out


def _mo(tmp: Path, *, plural: bool) -> Path:
    cat = Catalog(locale="it")
    cat.add("Registered {count} competitors", "Iscritti {count} concorrenti")
    cat.add("Standings.", "Classifica.")
    cat.add("round", "turno", context="sheet")  # msgctxt: "sheet\x04round"
    cat.add("Perché «sì»", "Perché «sì»: è così")  # not ASCII
    if plural:
        cat.add(("{n} table", "{n} tables"), ("{n} tavolo", "{n} tavoli"))
    buffer = BytesIO()
    write_mo(buffer, cat)
    path = tmp / ("plural.mo" if plural else "plain.mo")
    path.write_bytes(buffer.getvalue())
    return path


def test_a_catalogue_laid_out_in_order_is_read_at_once(tmp_path: Path) -> None:
    path = _mo(tmp_path, plural=False)
    data = path.read_bytes()
    _magic, _revision, count, originals, _translations = struct.unpack_from("<5I", data, 0)
    assert _laid_out(data, struct.unpack_from(f"<{2 * count}I", data, originals), count)
    read = read_mo(path)
    assert read == _gettext_view(path)
    assert read["sheet\x04round"] == "turno"
    assert read["Perché «sì»"] == "Perché «sì»: è così"


def test_a_plural_entry_is_read_entry_by_entry(tmp_path: Path) -> None:
    path = _mo(tmp_path, plural=True)
    data = path.read_bytes()
    _magic, _revision, count, originals, _translations = struct.unpack_from("<5I", data, 0)
    assert _laid_out(data, struct.unpack_from(f"<{2 * count}I", data, originals), count) is None
    read = read_mo(path)
    assert read == _gettext_view(path)
    assert read["{n} table"] == "{n} tavolo"


def test_strings_out_of_the_tables_order_are_read_entry_by_entry(tmp_path: Path) -> None:
    """A ``.mo`` whose translations lie in the reverse order of its table (legal for GNU
    gettext): the one-decode read would pair them wrongly, so it is not used."""
    entries = {"": "Content-Type: text/plain; charset=UTF-8\n", "a": "uno", "b": "due", "c": "tre"}
    keys = sorted(entries)
    count = len(keys)
    header = 7 * 4
    originals, translations = header, header + 8 * count
    blob = b""
    at = header + 16 * count
    key_table, value_table = [], []
    for k in keys:
        raw = k.encode()
        key_table += [len(raw), at + len(blob)]
        blob += raw + b"\0"
    spots: dict[str, tuple[int, int]] = {}
    for k in reversed(keys):
        raw = entries[k].encode()
        spots[k] = (len(raw), at + len(blob))
        blob += raw + b"\0"
    for k in keys:
        value_table += list(spots[k])
    data = struct.pack("<7I", 0x950412DE, 0, count, originals, translations, 0, 0)
    data += struct.pack(f"<{2 * count}I", *key_table) + struct.pack(f"<{2 * count}I", *value_table)
    path = tmp_path / "reversed.mo"
    path.write_bytes(data + blob)
    assert read_mo(path) == _gettext_view(path) == {"a": "uno", "b": "due", "c": "tre"}
