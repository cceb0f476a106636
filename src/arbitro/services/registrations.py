"""Registrations from a CSV file as clubs export them: any spreadsheet's delimiter (``,``
``;`` tab), any of the encodings they come in (UTF-8 with or without BOM, cp1252, UTF-16),
each row checked against the header and the same length limits as the desk's forms."""

from __future__ import annotations

import csv
import io

from arbitro.errors import ArbitroError

NAME_HEADERS = ("nome", "name", "coppia", "pair", "squadra", "team", "concorrente", "competitor")
PLAYER_PREFIXES = ("giocatore", "player")
MAX_NAME = 200  # as the desk's form fields


def decode_registrations(data: bytes) -> str:
    """The text of an uploaded file, whatever encoding the club's spreadsheet saved it in
    (UTF-8 with or without BOM, UTF-16, cp1252); an error if it is not text."""
    for bom, codec in (
        (b"\xef\xbb\xbf", "utf-8-sig"),
        (b"\xff\xfe", "utf-16"),
        (b"\xfe\xff", "utf-16"),
    ):
        if data.startswith(bom):
            return data.decode(codec)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes  # only for a file that is not UTF-8

    best = from_bytes(data, cp_isolation=["cp1252", "latin_1", "utf_16", "mac_roman"]).best()
    if best is None or "\x00" in str(best):
        raise ArbitroError("the file is not a text (CSV) file")
    return str(best)


def csv_rows(text: str) -> list[list[str]]:
    """The rows of a CSV text, its delimiter found among ``,`` ``;`` and tab from the first
    line (clubs save with any of them); an empty file refused."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise ArbitroError("empty CSV file")
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(
            text.split("\n", 1)[0], ";,\t"
        )
    except csv.Error:
        dialect = csv.excel
    return list(csv.reader(io.StringIO(text), dialect))


def parse_registrations_csv(text: str) -> list[tuple[str, list[str]]]:
    """Parse registrations: a header row with a name column (``nome``/``name``...) and
    optional player columns (``giocatore1``, ``giocatore2``... or ``player1``...); one
    competitor per row, blank rows ignored. Returns ``(name, players)`` in file order."""
    rows = csv_rows(text)
    header = [h.strip().casefold() for h in rows[0]]
    name_col = next((i for i, h in enumerate(header) if h in NAME_HEADERS), None)
    if name_col is None:
        raise ArbitroError(
            "no name column (one of: {names}); header: {header}",
            names=", ".join(NAME_HEADERS),
            header=str(rows[0]),
        )
    player_cols = [i for i, h in enumerate(header) if h.startswith(PLAYER_PREFIXES)]
    out: list[tuple[str, list[str]]] = []
    for line_no, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header) and any(cell.strip() for cell in row[len(header) :]):
            raise ArbitroError(
                "line {line}: {count} values for {columns} columns ({row}): a name with the "
                "delimiter in it must be quoted",
                line=line_no,
                count=len(row),
                columns=len(header),
                row=", ".join(row),
            )
        if name_col >= len(row) or not row[name_col].strip():
            raise ArbitroError("line {line}: missing name", line=line_no)
        cells = [row[name_col], *(row[i] for i in player_cols if i < len(row))]
        long = next((c.strip() for c in cells if len(c.strip()) > MAX_NAME), None)
        if long is not None:
            raise ArbitroError(
                "line {line}: «{text}…» is too long ({length} characters, at most {limit})",
                line=line_no,
                text=long[:30],
                length=len(long),
                limit=MAX_NAME,
            )
        players = [row[i].strip() for i in player_cols if i < len(row) and row[i].strip()]
        out.append((row[name_col].strip(), players))
    return out
