"""How competitors and lines are named on the printouts, and the checks every printout
shares (the round exists and is seated)."""

from __future__ import annotations

from arbitro.codes.citation import cite_if
from arbitro.collation import name_key
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, message
from arbitro.printouts.labels import tr
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId, EventFormat, Line, Seating


def competitor_name(state: EventState, number: CompetitorId) -> str:
    """A competitor as printed: its name and number, e.g. ``Rossi / Bianchi (1)``."""
    return f"{state.competitor(number).name} ({number})"


def line_name(state: EventState, line: Line | None, lang: str) -> str:
    """A line as printed: its competitors' names joined, or «Riposo» for a missing line
    (art. 37)."""
    if line is None:
        return tr(message("Rest"), lang)
    return " – ".join(competitor_name(state, c) for c in line)


def table_lines(state: EventState, round_number: int) -> dict[int, tuple[str, str]]:
    """Each table of the round where two lines play → (N-S names, E-W names), two values: a
    pair's own name may hold " / " («Conti / De Luca»), so the two lines are never joined
    into one text (FIBAS art. 20, the travellers; art. 7, the board plan)."""
    seating = state.round(round_number).seating
    out: dict[int, tuple[str, str]] = {}
    for t in seating.tables if seating else ():
        if t.ns is not None and t.ew is not None:
            ns = ", ".join(state.competitor(c).name for c in t.ns)
            ew = ", ".join(state.competitor(c).name for c in t.ew)
            out[t.table] = (ns, ew)
    return out


def unit_label(state: EventState, lang: str) -> str:
    """«Coppia», «Squadra» or «Giocatore»: what one competitor is in this event (art. 2)."""
    fmt = state.config.event_format
    unit = {EventFormat.PAIRS: message("Pair"), EventFormat.TEAMS: message("Team")}
    return tr(unit.get(fmt, message("Player")), lang)


def rest_note(state: EventState) -> Message:
    """The note under an incomplete table: the line present rests (the code's rest article,
    FIBAS art. 37)."""
    return message(
        "Incomplete table: the line present rests ({article})",
        article=state.code.cite("rest"),
    )


def sort_key(text: str) -> tuple[tuple[int, ...], ...]:
    """The alphabetical key of a name on the printouts: :func:`arbitro.collation.name_key`,
    the one every list of names shares (``Àlfa`` sorts with ``alfa``, ``Coppia 2`` before
    ``Coppia 10``; art. 4)."""
    return name_key(text)


def seated_round(state: EventState, round_number: int) -> Seating:
    """The seating of ``round_number``, or an ArbitroError if the round is not seated yet
    (art. 4: tables are assigned round by round)."""
    seating = state.round(round_number).seating
    if seating is None:
        raise ArbitroError(
            "round {round}: the seating has not been made yet",
            round=round_number,
            article=cite_if(state.code.code_id, "table_assignment"),
        )
    return seating
