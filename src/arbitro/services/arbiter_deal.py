"""A deal played in arbiter mode carried into the event: the warnings the arbiter gave go to
the sanctions ledger (two cost 1 VP and 100 MP, FIBAS art. 22, 41) and the deal's score, with
its freezes and penalized cards, becomes the sheet's row for that deal (art. 19)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from arbitro.games.core import Line, Seat
from arbitro.services.deal_check import LineTotals, deal_score
from arbitro.services.events import EventService
from arbitro.services.rulings import record_ruling
from arbitro.tournament.commands.rulings import seat_competitor as competitor_at
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.scoring.sheet import DealScore


class ArbitratedDeal(Protocol):
    """What the event takes of a deal played in arbiter mode (Burraco's ``ArbiterDeal``): its
    layout, everything recorded on it (the ruling's situation) and each line's score (art. 19)
    with the arbiter's freezes and penalized cards."""

    def initial(self) -> object:
        """The same layout with nothing recorded (written as the game's notation)."""
        ...

    def script(self) -> list[str]:
        """Everything recorded, actions and rulings, in the game's notation."""
        ...

    def scores(self) -> Mapping[Line, LineTotals]:
        """Each line's score."""
        ...


def seat_competitor(
    svc: EventService, event_id: str, round_number: int, table: int, seat: Seat
) -> CompetitorId:
    """The competitor sitting at ``seat`` of a table (see
    :func:`arbitro.tournament.commands.rulings.seat_competitor`)."""
    return competitor_at(svc.state(event_id), round_number, table, seat)


def carry_into_event(
    svc: EventService,
    event_id: str,
    round_number: int,
    table: int,
    deal: ArbitratedDeal,
    *,
    actor: str = "arbiter",
) -> DealScore:
    """Record the deal's ruling and its warnings in the event's ledger, in one transaction
    (issue 31: the arbiter of every code's path), and return its row for the sheet."""
    situation = {"position": str(deal.initial()), "script": deal.script()}
    _, ruling = record_ruling(svc, event_id, round_number, table, situation, actor=actor)
    if ruling.score_row is None:  # the deal is not over: the hands' count so far
        return deal_score(deal.scores())
    # The ruling's row: a line's arbitral score (art. 34) replaces its count.
    return DealScore.from_list(list(ruling.score_row))
