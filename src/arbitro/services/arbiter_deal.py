"""A deal played in arbiter mode carried into the event: the warnings the arbiter gave go to
the sanctions ledger (two cost 1 VP and 100 MP, FIBAS art. 22, 41) and the deal's score, with
its freezes and penalized cards, becomes the sheet's row for that deal (art. 19)."""

from __future__ import annotations

from arbitro.errors import ArbitroError
from arbitro.games.burraco import Seat
from arbitro.games.burraco.arbiter import ArbiterDeal
from arbitro.services.deal_check import deal_score
from arbitro.services.events import EventService
from arbitro.tournament.event import SanctionKind
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.scoring.sheet import DealScore


def seat_competitor(
    svc: EventService, event_id: str, round_number: int, table: int, seat: Seat
) -> CompetitorId:
    """The competitor sitting at ``seat`` of a table: the line's pair or team (N-S for North
    and South), or in individual events the line's first (N, E) or second (S, W) player."""
    seating = svc.state(event_id).round(round_number).seating
    at = seating.table(table) if seating else None
    line = None if at is None else (at.ns if seat in (Seat.N, Seat.S) else at.ew)
    if not line:
        raise ArbitroError(
            "nobody sits at seat {seat} of table {table}", seat=seat.value, table=table
        )
    return line[0] if len(line) == 1 or seat in (Seat.N, Seat.E) else line[1]


def carry_into_event(
    svc: EventService,
    event_id: str,
    round_number: int,
    table: int,
    deal: ArbiterDeal,
    *,
    actor: str = "arbiter",
) -> DealScore:
    """Record the deal's warnings in the event's ledger and return its row for the sheet."""
    for seat, article, reason in deal.warnings:
        competitor = seat_competitor(svc, event_id, round_number, table, seat)
        svc.give_sanction(
            event_id,
            round_number,
            competitor,
            SanctionKind.WARNING,
            reason,
            article=article,
            actor=actor,
        )
    return deal_score(deal.scores())
