"""Registrations from a CSV file (as exported by a spreadsheet, ``,`` or ``;`` separated)."""

from __future__ import annotations

import csv
import io

from arbitro.errors import ArbitroError

NAME_HEADERS = ("nome", "name", "coppia", "pair", "squadra", "team", "concorrente", "competitor")
PLAYER_PREFIXES = ("giocatore", "player")


def parse_registrations_csv(text: str) -> list[tuple[str, list[str]]]:
    """Parse registrations: a header row with a name column (``nome``/``name``...) and
    optional player columns (``giocatore1``, ``giocatore2``... or ``player1``...); one
    competitor per row, blank rows ignored. Returns ``(name, players)`` in file order."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise ArbitroError("empty CSV file")
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(
            text.split("\n", 1)[0], ";,\t"
        )
    except csv.Error:
        dialect = csv.excel
    rows = list(csv.reader(io.StringIO(text), dialect))
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
        if name_col >= len(row) or not row[name_col].strip():
            raise ArbitroError("line {line}: missing name", line=line_no)
        players = [row[i].strip() for i in player_cols if i < len(row) and row[i].strip()]
        out.append((row[name_col].strip(), players))
    return out
