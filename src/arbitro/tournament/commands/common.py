"""What every command shares: making a record, requiring a reason, finding the table a
round is played at."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from arbitro.errors import ArbitroError, NotFoundError
from arbitro.tournament.event import EventState
from arbitro.tournament.model import (
    CompetitorId,
    EventFormat,
    Movement,
    TableSeating,
)
from arbitro.tournament.records import Record, RecordKind, utc

FIRST_ROUND_MOVEMENTS = (Movement.DRAW, Movement.REGISTRATION_ORDER, Movement.ARBITER_CHOICE)
PLAYERS_PER_COMPETITOR = {EventFormat.PAIRS: (2, 2), EventFormat.INDIVIDUAL: (1, 1)}
MIN_TEAM_PLAYERS = 4  # art. 2 "Concorrente": a team is four or more players


def make_record(
    kind: RecordKind, payload: dict[str, Any], now: datetime, actor: str, reason: str | None = None
) -> Record:
    return Record(kind, payload, utc(now), actor, reason)


def need_reason(reason: str | None, what_it: str, what_en: str) -> str:
    if not reason or not reason.strip():
        raise ArbitroError(f"{what_it}: indicare il motivo", f"{what_en}: a reason is required")
    return reason.strip()


def first_unpublished_round(state: EventState) -> int:
    for n in range(1, state.config.rounds + 1):
        if state.round(n).seating_published_at is None:
            return n
    return state.config.rounds + 1


def playing_table(state: EventState, round_number: int, table: int) -> TableSeating:
    r = state.round(round_number)
    if r.seating is None or r.seating_published_at is None:
        raise ArbitroError(
            f"il turno {round_number} non è in corso (posizione ai tavoli non affissa)",
            f"round {round_number} is not under way (seating not published)",
        )
    t = r.seating.table(table)
    if t is None:
        n = len(r.seating.tables)
        raise NotFoundError(
            f"il tavolo {table} non esiste nel turno {round_number} (tavoli 1-{n})",
            f"table {table} does not exist in round {round_number} (tables 1-{n})",
        )
    if t.is_incomplete:
        raise ArbitroError(
            f"il tavolo {table} è incompleto: la linea presente riposa, nessuno score",
            f"table {table} is incomplete: the line present rests, no sheet",
            article="37",
        )
    return t


def seated_table(state: EventState, round_number: int, competitor: CompetitorId) -> TableSeating:
    state.competitor(competitor)
    r = state.round(round_number)
    if r.seating_published_at is None:
        raise ArbitroError(
            f"il turno {round_number} non è in corso", f"round {round_number} is not under way"
        )
    t = state.table_of(round_number, competitor)
    if t is None:
        raise ArbitroError(
            f"il concorrente {competitor} non gioca nel turno {round_number}",
            f"competitor {competitor} does not play in round {round_number}",
        )
    return t
