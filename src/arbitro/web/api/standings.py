"""The API's standings: published after a round, or of one session's rounds (FIBAS art. 2
"Sessione", 39), and their publication by the director."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from arbitro.tournament.commands import values
from arbitro.tournament.event import EventState
from arbitro.tournament.standings.standings import session_rounds, session_standings
from arbitro.web.api.common import Reader, Writer, api_router
from arbitro.web.api.models import (
    Done,
    EventId,
    RoundNo,
    StandingOut,
    StandingsOut,
)
from arbitro.web.context import Web
from arbitro.web.forms import MAX_ROUNDS

router = api_router()


def standings_out(
    web: Web, state: EventState, after_round: int | None, session: int | None = None
) -> StandingsOut:
    """The published standings after a round (default: the last published one); with
    ``session``, those of that session's rounds only (FIBAS art. 2 "Sessione")."""
    if after_round is None:
        published = [n for n, r in state.rounds.items() if r.standings_published_at is not None]
        after_round = max(published, default=1)
    if session is not None:
        session_rounds(state, session)  # refuses a session the event does not have
    if state.round(after_round).standings_published_at is None:
        return StandingsOut(
            after_round=after_round, published=False, final=False, rows=[], session=session
        )
    if session is None:
        rows = web.service.standings(state.event_id, after_round)
    else:
        rows = session_standings(state, session, after_round)
    return StandingsOut(
        session=session,
        after_round=after_round,
        published=True,
        final=state.standings_final(after_round, web.service.clock()),
        rows=[
            StandingOut(
                rank=s.rank,
                competitor=s.competitor,
                name=s.name,
                vp=s.vp,
                mp=s.mp,
                warnings=s.warnings,
                penalty_vp=s.penalty_vp,
                penalty_mp=s.penalty_mp,
                withdrawn=s.withdrawn,
                joined_from=s.joined_from,
                unranked=s.unranked,
            )
            for s in rows
        ],
    )


@router.get("/events/{event_id}/standings", response_model=StandingsOut)
def get_standings(
    event_id: EventId,
    api: Reader,
    after_round: Annotated[int | None, Query(ge=1, le=MAX_ROUNDS)] = None,
    session: Annotated[int | None, Query(ge=1, le=MAX_ROUNDS)] = None,
) -> StandingsOut:
    """The published standings after a round (default: the last published one); ``final``
    once the complaints window has passed with no complaint open (FIBAS art. 39); with
    ``session``, the standings of that session's rounds only (art. 2 "Sessione")."""
    return api.read(event_id, lambda state: standings_out(api.web, state, after_round, session))


@router.post("/events/{event_id}/rounds/{round_number}/publish-standings", response_model=Done)
def publish_standings(event_id: EventId, round_number: RoundNo, api: Writer) -> Done:
    """Publish the round's standings (provisional during the complaints window, FIBAS
    art. 39)."""
    return api.run_done(event_id, lambda user: values.PublishStandings(round_number, user))
