"""What the pages call things: movements, formats, codes, sheet statuses and the kinds of a
sheet's versions (catalogue msgids, rendered in the page's language), and the names of the
competitors of a line."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from arbitro.bidi import isolated
from arbitro.codes.registry import EventKind, code_spec, codes_of
from arbitro.i18n import Message, actor_label, verbatim
from arbitro.record_names import HISTORY_NAMES as HISTORY_NAMES
from arbitro.record_names import LEDGER_NAMES as LEDGER_NAMES
from arbitro.record_names import STATUS_NAMES as STATUS_NAMES
from arbitro.tournament.event import EventState
from arbitro.tournament.model import EventFormat, Line, Movement
from arbitro.tournament.sheets.labels import line_label as line_label  # the one label

MOVEMENT_NAMES: dict[Movement, Message] = {
    Movement.ARBITER_CHOICE: Message("Arbiter's choice"),
    Movement.REGISTRATION_ORDER: Message("Registration order"),
    Movement.DRAW: Message("Draw"),
    Movement.MITCHELL: Message("Mitchell"),
    Movement.DANISH: Message("Danish"),
    Movement.MODIFIED_DANISH: Message("Modified Danish"),
    Movement.ROUND_ROBIN: Message("Round robin"),
}
# (one, many) of each status, for "4 missing"; Italian has a plural where English has none
COUNT_NAMES: dict[str, tuple[Message, Message]] = {
    "missing": (Message("missing"), Message("missing", context="many")),
    "pending": (Message("pending"), Message("pending", context="many")),
    "confirmed": (Message("confirmed"), Message("confirmed", context="many")),
    "conflict": (Message("in conflict"), Message("in conflict", context="many")),
    "rest": (Message("resting"), Message("resting", context="many")),
}


class _CodeNames(Mapping[str, Message]):
    """The name of each code of events of rounds, read from the registry when asked (a code
    registered at run time included), in the registry's order."""

    def __getitem__(self, code: str) -> Message:
        if code not in codes_of(EventKind.ROUNDS):
            raise KeyError(code)
        return code_spec(code).name

    def __iter__(self) -> Iterator[str]:
        return iter(codes_of(EventKind.ROUNDS))

    def __len__(self) -> int:
        return len(codes_of(EventKind.ROUNDS))


CODE_NAMES: Mapping[str, Message] = _CodeNames()
FORMAT_NAMES: dict[EventFormat, Message] = {
    EventFormat.PAIRS: Message("Pairs"),
    EventFormat.TEAMS: Message("Teams"),
    EventFormat.INDIVIDUAL: Message("Individual"),
}


def competitor_name(state: EventState, number: int) -> str:
    """A competitor's name (its number if unknown)."""
    found = state.competitors.get(number)
    return isolated(found.name) if found is not None else str(number)


def line_names(state: EventState, line: Line | None, *, numbers: bool = False) -> str:
    """The names of a line's competitors: ``Anna – Bruno`` for the room and the phones, or
    ``Anna (3) + Bruno (4)`` with their numbers for the desk ("—" for a missing line). Each
    name holding a bidi control is isolated (:func:`arbitro.bidi.isolated`, issue 29): it
    cannot turn its partner's name or its number around."""
    if line is None:
        return "—" if numbers else ""
    if numbers:
        return " + ".join(f"{isolated(state.competitors[c].name)} ({c})" for c in line)
    return " – ".join(isolated(state.competitors[c].name) for c in line if c in state.competitors)


_PHONE_ACTOR = re.compile(r"tavolo (\d+) (.+)")


def sheet_actor(actor: str, line: str | None) -> Message:
    """Who sent a sheet, as a page shows it (FIBAS art. 19-20): a table's phone records itself
    as ``tavolo 3 ns`` (``tavolo 3 Rossi (12)`` at a table of individuals), shown as "table 3"
    (the line's name follows it on the page, never the record's ``ns``/``ew``); anyone else as
    :func:`arbitro.i18n.actor_label`."""
    m = _PHONE_ACTOR.fullmatch(actor)
    if m is None or line is None:
        return actor_label(actor)
    table, who = m[1], m[2]
    if who == line:
        return Message("table {table}", {"table": table})
    suffix = f" ({line})"
    name = who.removesuffix(suffix) if who.endswith(suffix) else who
    return Message("table {table}, {player}", {"table": table, "player": verbatim(name)})
