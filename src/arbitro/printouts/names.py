"""How competitors and lines are named on the printouts, and the checks every printout
shares (the round exists and is seated)."""

from __future__ import annotations

import unicodedata

from arbitro.errors import ArbitroError
from arbitro.printouts.labels import label
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId, EventFormat, Line, Seating


def competitor_name(state: EventState, number: CompetitorId) -> str:
    """A competitor as printed: its name and number, e.g. ``Rossi / Bianchi (1)``."""
    return f"{state.competitor(number).name} ({number})"


def line_name(state: EventState, line: Line | None, lang: str) -> str:
    """A line as printed: its competitors' names joined, or «Riposo» for a missing line
    (art. 37)."""
    if line is None:
        return label("rest", lang)
    return " – ".join(competitor_name(state, c) for c in line)


def unit_label(state: EventState, lang: str) -> str:
    """«Coppia», «Squadra» or «Giocatore»: what one competitor is in this event (art. 2)."""
    fmt = state.config.event_format
    key = {EventFormat.PAIRS: "pair", EventFormat.TEAMS: "team"}.get(fmt, "player")
    return label(key, lang)


def sort_key(text: str) -> tuple[str, str]:
    """An alphabetical key that ignores case and accents (``Àlfa`` sorts with ``alfa``)."""
    plain = "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )
    return plain.casefold(), text


def seated_round(state: EventState, round_number: int) -> Seating:
    """The seating of ``round_number``, or an ArbitroError if the round is not seated yet
    (art. 4: tables are assigned round by round)."""
    seating = state.round(round_number).seating
    if seating is None:
        raise ArbitroError(
            f"turno {round_number}: la posizione ai tavoli non è ancora stata assegnata",
            f"round {round_number}: the seating has not been made yet",
            article="4",
        )
    return seating
