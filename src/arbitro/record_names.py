"""The names of a record's values that every edge shows (the desk, the terminal, the
printouts): the kinds of a sheet's versions, of the ledger's entries, and a sheet's statuses,
as catalogue msgids rendered in the reader's language. A module of its own, importing nothing
heavy, so that the command line (issue 14: its start-up) and the pages share one table."""

from __future__ import annotations

from collections.abc import Mapping

from arbitro.i18n import Message

HISTORY_NAMES: Mapping[str, Message] = {
    "entered": Message("entered"),
    "repeated": Message("confirmed (same numbers)"),
    "conflict": Message("conflicting"),
    "correction: sum": Message("correction: sum error"),
    "correction: inverted": Message("correction: inverted scores"),
    "correction: conflict": Message("correction: conflict settled"),
    "correction: arbiter": Message("arbiter's correction"),
}
"""Each kind of a sheet's version (FIBAS art. 21) by its record's value."""

LEDGER_NAMES: Mapping[str, Message] = {
    "reprimand": Message("reprimand"),
    "warning": Message("warning"),
    "expulsion": Message("expulsion"),
    "penalty": Message("penalty in points"),
    "lateness": Message("lateness"),
    "abandon": Message("abandon"),
    "arbitral-score": Message("arbitral score"),
    "board-ruling": Message("board ruling"),
    "ruling-given": Message("arbiter's ruling"),
}
"""Each kind of the ledger's entries (FIBAS art. 36-41) by its record's value."""

STATUS_NAMES: Mapping[str, Message] = {
    "missing": Message("missing"),
    "pending": Message("pending"),
    "confirmed": Message("confirmed"),
    "conflict": Message("in conflict"),
    "rest": Message("rest"),
}
"""Each status of a table's sheet by its value, as the desk names it."""
