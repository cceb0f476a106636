"""Rounds: seating (art. 4, 21 b, 36), publication of the seating and of the standings
(art. 19), the complaints window (art. 38-39)."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.tournament.commands.common import (
    make_record,
    need_reason,
)
from arbitro.tournament.event import EventState, seating_to_payload
from arbitro.tournament.model import (
    CompetitorId,
    Line,
    Movement,
    Seating,
    TableSeating,
)
from arbitro.tournament.movements import SeatingRequest, seat_round
from arbitro.tournament.movements.fours import seat_fours
from arbitro.tournament.records import Record, RecordKind, utc
from arbitro.tournament.standings.standings import ranking


def seat(
    state: EventState,
    round_number: int,
    now: datetime,
    *,
    movement: Movement | None = None,
    seed: int | None = None,
    arbiter_tables: tuple[TableSeating, ...] | None = None,
    actor: str = "director",
) -> Record:
    """Seat round ``round_number`` by its movement (art. 4); it may be seated again until its
    seating is published. Later rounds need the previous round's standings published."""
    r = state.round(round_number)
    if r.seating_published_at is not None:
        raise ConflictError(
            f"la posizione ai tavoli del turno {round_number} è già affissa: resta quella",
            f"round {round_number}'s seating is already published: it stands",
            article="21",
        )
    if round_number > 1 and state.round(round_number - 1).standings_published_at is None:
        raise ArbitroError(
            f"prima pubblicare la classifica del turno {round_number - 1}",
            f"publish round {round_number - 1}'s standings first",
            article="4",
        )
    movement = movement or state.config.movements[round_number - 1]
    if movement is Movement.ARBITER_CHOICE and arbiter_tables is None:
        raise ArbitroError(
            "scelta dell'arbitro: indicare i tavoli",
            "arbiter's choice: give the tables",
            article="4",
        )
    seed = state.config.seed * 1000 + round_number if seed is None else seed
    active = tuple(state.active(round_number))
    rank = (
        tuple(c for c in ranking(state, round_number - 1) if c in set(active))
        if round_number > 1
        else active
    )
    history = tuple(state.round(n).seating or Seating(()) for n in range(1, round_number))
    request = SeatingRequest(
        movement=movement,
        round_number=round_number,
        total_rounds=state.config.rounds,
        event_format=state.config.event_format,
        competitors=active,
        ranking=rank,
        history=history,
        session_start_round=state.config.session_start(round_number),
        seed=seed,
        mitchell_step=state.config.mitchell_step,
        arbiter_tables=arbiter_tables,
    )
    previous = state.round(round_number - 1).seating if round_number > 1 else None
    gone = set(previous.competitors()) - set(active) if previous else set()
    if state.config.game == "scala40":  # tables of four individuals (Scala 40 art. 2)
        seating = seat_fours(
            movement,
            round_number,
            active,
            rank,
            previous,
            seed=seed,
            step=state.config.mitchell_step,
            arbiter_tables=arbiter_tables,
        )
    elif movement is Movement.MITCHELL and previous is not None and gone:
        # Art. 36: a Mitchell movement keeps turning after a withdrawal or an abandon; the
        # lines that would have met the missing one rest and get the rest score (art. 37).
        field = tuple(sorted(previous.competitors()))
        whole = seat_round(dataclasses.replace(request, competitors=field, ranking=field))
        seating = Seating(
            tuple(
                TableSeating(t.table, _present(t.ns, gone), _present(t.ew, gone))
                for t in whole.tables
                if _present(t.ns, gone) or _present(t.ew, gone)
            )
        )
    else:
        seating = seat_round(request)
    payload = {
        "round": round_number,
        "movement": movement.value,
        "seed": seed,
        "tables": seating_to_payload(seating),
    }
    return make_record(RecordKind.ROUND_SEATED, payload, now, actor)


def _present(line: Line | None, gone: set[CompetitorId]) -> Line | None:
    return None if line is None or gone & set(line) else line


def publish_seating(
    state: EventState, round_number: int, now: datetime, actor: str = "director"
) -> Record:
    """Publish ("affiggere") a round's seating: from now on it stands (art. 21 b)."""
    r = state.round(round_number)
    if r.seating is None:
        raise ArbitroError(
            f"il turno {round_number} non è ancora assegnato",
            f"round {round_number} is not seated yet",
        )
    if r.seating_published_at is not None:
        raise ConflictError(
            f"turno {round_number} già affisso", f"round {round_number} already published"
        )
    return make_record(RecordKind.SEATING_PUBLISHED, {"round": round_number}, now, actor)


def missing_sheets(state: EventState, round_number: int) -> list[int]:
    """Tables of the round still without a usable result: no sheet, a sheet submitted by one
    line only, or a conflict."""
    from arbitro.tournament.scoring.results import ScoreSource, round_scores

    scores = round_scores(state, round_number, as_of=round_number)
    r = state.round(round_number)
    tables = {s.table for s in scores.values() if s.source is ScoreSource.PENDING}
    tables |= {n for n, sh in r.sheets.items() if sh.conflicts or not sh.confirmed}
    return sorted(tables)


def publish_standings(
    state: EventState, round_number: int, now: datetime, actor: str = "director"
) -> Record:
    """Publish the round's standings: provisional until the complaints window closes
    (art. 39). Every table needs its result, and conflicts must be settled."""
    r = state.round(round_number)
    if r.seating_published_at is None:
        raise ArbitroError(
            f"il turno {round_number} non è stato giocato",
            f"round {round_number} has not been played",
        )
    if r.standings_published_at is not None:
        raise ConflictError(
            f"classifica del turno {round_number} già pubblicata",
            f"round {round_number}'s standings already published",
        )
    missing = missing_sheets(state, round_number)
    if missing:
        tables = ", ".join(str(t) for t in missing)
        raise ArbitroError(
            f"turno {round_number}: score mancanti, da confermare o in conflitto ai tavoli {tables}",
            f"round {round_number}: sheets missing, unconfirmed or in conflict at tables {tables}",
            article="19",
        )
    return make_record(RecordKind.STANDINGS_PUBLISHED, {"round": round_number}, now, actor)


def lodge_complaint(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    text: str,
    now: datetime,
    actor: str = "director",
) -> Record:
    """A complaint about the standings, within 15 minutes of their display (art. 39)."""
    state.competitor(competitor)
    r = state.round(round_number)
    if r.standings_published_at is None:
        raise ArbitroError(
            "classifica non ancora esposta", "standings not displayed yet", article="39"
        )
    closes = r.standings_published_at + timedelta(minutes=state.config.complaints_window_minutes)
    if utc(now) >= closes:
        raise ArbitroError(
            "i 15 minuti per i reclami sono passati: la classifica è definitiva",
            "the complaints window has closed: the standings are final",
            article="39",
        )
    return make_record(
        RecordKind.COMPLAINT_LODGED,
        {"round": round_number, "competitor": competitor, "text": text},
        now,
        actor,
    )


def resolve_complaint(
    state: EventState,
    round_number: int,
    complaint: int,
    decision: str | None,
    now: datetime,
    actor: str = "director",
) -> Record:
    """The tournament director settles a complaint, immediately and finally (art. 38)."""
    if complaint not in state.round(round_number).open_complaints:
        raise NotFoundError(
            f"reclamo {complaint} non aperto", f"complaint {complaint} is not open", article="38"
        )
    decision = need_reason(decision, "reclamo", "complaint")
    return make_record(
        RecordKind.COMPLAINT_RESOLVED,
        {"round": round_number, "complaint": complaint},
        now,
        actor,
        decision,
    )
