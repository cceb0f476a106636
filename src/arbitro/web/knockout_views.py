"""How the knockout's pages show a match and its pairs (the desk's, the projector's and the
phones' pages of :mod:`arbitro.web.knockout` and :mod:`arbitro.web.knockout_match`): the
game's articles cited from the event's own code; and the way from the events' desk to the
knockouts' form and the knockout's state (read by the desk's pages, which the knockout's
pages import: no circle)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import Response

from arbitro.codes.citation import cite
from arbitro.errors import NotFoundError
from arbitro.i18n import msg
from arbitro.services.knockout import KnockoutService
from arbitro.tournament.knockout import Match, PairId
from arbitro.tournament.knockout_event import KnockoutState
from arbitro.web.context import web_of


def service_of(request: Request) -> KnockoutService:
    """The app's :class:`KnockoutService`, on the same store and clock as the events'."""
    return web_of(request).knockout


def knockout_state(request: Request, event_id: str) -> KnockoutState:
    """The knockout event's state; NotFoundError if there is no such knockout event."""
    web = web_of(request)
    if not web.store.has_event(event_id):
        raise NotFoundError("no event «{event_id}»", event_id=event_id)
    if not web.is_knockout(event_id):
        raise NotFoundError("«{event_id}» is not a knockout event", event_id=event_id)
    return service_of(request).state(event_id)


def pair_name(state: KnockoutState, pair: PairId | None) -> str:
    """A pair's name (or its number if unknown; "" for None)."""
    if pair is None:
        return ""
    p = state.pairs.get(pair)
    return p.name if p is not None else str(pair)


def tie_text(points: str, winner: str) -> str:
    """A 60-60 game with its winner: the pair that took the last trick (Briscola art. 8)."""
    return msg("{points}, last trick to {pair}", points=points, pair=winner).render()


def match_view(state: KnockoutState, m: Match) -> dict[str, Any]:
    """A match as the pages show it: pairs' names, games won, winner, games played."""
    first, second = m.score
    games = []
    for g in m.games:
        if g.irregularity is not None:
            games.append(
                {
                    "number": g.number,
                    "winner": pair_name(state, g.winner),
                    "points": "",
                    "irregularity": g.irregularity,
                    "offender": pair_name(state, g.offender),
                }
            )
        else:
            pts = dict(g.points)
            a = pts.get(m.first) if m.first is not None else None
            b = pts.get(m.second) if m.second is not None else None
            games.append(
                {
                    "number": g.number,
                    "winner": pair_name(state, g.winner),
                    "points": tie_text(f"{a}-{b}", pair_name(state, g.winner))
                    if a == b
                    else f"{a}-{b}",
                    "irregularity": None,
                    "offender": "",
                }
            )
    return {
        "id": m.id,
        "round": m.round,
        "number": m.number,
        "first": m.first,
        "second": m.second,
        "first_name": pair_name(state, m.first),
        "second_name": pair_name(state, m.second),
        "bye": m.is_bye,
        "ready": m.is_ready,
        "played": bool(m.games),
        "score": (first, second),
        "winner": m.winner,
        "winner_name": pair_name(state, m.winner),
        "games": games,
        "games_text": " · ".join(
            str(g["points"] or f"{g['winner']} ({cite(state.config.code, 'irregularities')})")
            for g in games
        ),
        "walkover": m.is_walkover,
        "walkover_name": pair_name(state, m.walkover) if m.is_walkover else "",
        "irregular_first": any(g.irregularity and g.winner == m.first for g in m.games),
        "irregular_second": any(g.irregularity and g.winner == m.second for g in m.games),
    }


def to_knockout_form(request: Request, name: str = "") -> Response:
    """Lead the director who chose Briscola on the new-event form to the knockout's own form
    (Briscola art. 9: a knockout, not rounds), the name typed kept: a 303, or for htmx's
    request (the game's select changed) ``HX-Redirect`` so that the whole page goes there."""
    url = "/desk/k?" + urlencode({"name": name[:200]}) + "#new" if name else "/desk/k#new"
    if request.headers.get("HX-Request"):
        return Response(status_code=200, headers={"HX-Redirect": url})
    return Response(status_code=303, headers={"Location": url})
