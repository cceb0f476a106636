"""What every desk page shares: the login dependencies, the page context (user, CSRF token,
the names of things, the form errors), and the checks of the URL's event and round."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime, timedelta
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from arbitro.errors import NotFoundError
from arbitro.i18n import actor_label
from arbitro.tournament.clock import clock_text
from arbitro.tournament.event import ABANDON_SCORE_NAMES, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.zone import CLOCK, STAMP, event_zone, local_text
from arbitro.web import auth, base_url
from arbitro.web.context import Web, web_of
from arbitro.web.names import (
    CODE_NAMES,
    COUNT_NAMES,
    FORMAT_NAMES,
    HISTORY_NAMES,
    LEDGER_NAMES,
    MOVEMENT_NAMES,
    STATUS_NAMES,
    line_label,
    sheet_actor,
)

POLL_SECONDS = 3


def local_time(at: datetime, where: ZoneInfo | None = None) -> str:
    """``at`` as the clock on the wall of the venue shows it (``21:05:30``), in the event's
    zone ``where`` (the pages get it bound to their event's: :func:`common`)."""
    return local_text(at, where, CLOCK)


def local_datetime(at: datetime, where: ZoneInfo | None = None) -> str:
    """``at`` as the venue's date and time (``2026-11-24 21:05``) in the zone ``where``."""
    return local_text(at, where, STAMP)


def page_zone(context: Mapping[str, Any]) -> ZoneInfo:
    """The zone a page shows its times in: its event's setting (its ``config``, or its
    ``state``'s), Europe/Rome on a page of no one event."""
    config = context.get("config")
    if config is None and context.get("state") is not None:
        config = getattr(context["state"], "config", None)
    return event_zone(config)


Director = Depends(auth.require_director)
DirectorPost = Depends(auth.require_director_post)


def common(request: Request, session: auth.Session, **context: Any) -> dict[str, Any]:
    """What every desk page needs: the user, the CSRF token, the names of things, the times
    written in the event's zone (docs/rulings.md, "The round's clock")."""
    where = page_zone(context)
    return {
        "user": session.user,
        "csrf": auth.csrf_token(request),
        "MOVEMENT_NAMES": MOVEMENT_NAMES,
        "FORMAT_NAMES": FORMAT_NAMES,
        "CODE_NAMES": CODE_NAMES,
        "STATUS_NAMES": STATUS_NAMES,
        "COUNT_NAMES": COUNT_NAMES,
        "HISTORY_NAMES": HISTORY_NAMES,
        "LEDGER_NAMES": LEDGER_NAMES,
        "ABANDON_SCORE_NAMES": ABANDON_SCORE_NAMES,
        "line_label": line_label,
        "sheet_actor": sheet_actor,
        "actor_label": actor_label,
        "local_time": partial(local_time, where=where),
        "local_datetime": partial(local_datetime, where=where),
        "clock_text": clock_text,
        "errors": {},
        "values": {},
        "notice": request.query_params.get("ok"),
        **context,
    }


class Refusal:
    """A refused form's page (issue 14): its context is read under the service's lock, where
    the form was checked, and the page rendered once the lock is released."""

    def __init__(self) -> None:
        self.context: dict[str, Any] | None = None

    def keep(self, status: int, context: dict[str, Any]) -> Response:
        """Keep the refused page's ``context`` (taken under the lock, :func:`frozen`); a
        stand-in answer with the refusal's ``status``, replaced by :meth:`page`."""
        self.context = context
        return Response(status_code=status)

    def page(self, web: Web, request: Request, template: str, response: Response) -> Response:
        """``response``, or the refused page rendered with the context kept (call after the
        lock is released)."""
        if self.context is None:
            return response
        return web.render(request, template, status_code=response.status_code, **self.context)


def event_id_of(request: Request, event_id: str) -> str:
    """The event id of the URL, checked to exist (404 otherwise)."""
    if not web_of(request).store.has_event(event_id):
        raise NotFoundError("no event «{event_id}»", event_id=event_id)
    return event_id


def round_number(state: EventState, n: int) -> int:
    """Check the round exists (404 otherwise)."""
    state.round(n)
    return n


def round_state(web: Web, event_id: str, n: int) -> EventState:
    """The event's state, its round ``n`` checked to exist (404 otherwise); read under the
    service's lock."""
    state = web.service.state(event_id)
    round_number(state, n)
    return state


def round_common(
    request: Request,
    session: auth.Session,
    event_id: str,
    state: EventState,
    n: int,
    **context: Any,
) -> dict[str, Any]:
    """What every page of one round needs (:func:`common`, the event, the round, its deals
    and whether teams play)."""
    return common(
        request,
        session,
        event_id=event_id,
        state=state,
        config=state.config,
        n=n,
        deals=state.deals(n),
        teams=state.config.event_format is EventFormat.TEAMS,
        individuals=state.sheet_kind.individual_tables,
        sheet_texts=state.sheet_kind.texts,
        **context,
    )


def table_url(
    web: Web, request: Request, event_id: str, table: int, round_number: int | None = None
) -> str:
    """The table-side entry URL of a table in a round (the QR code on its card), at the
    public base URL."""
    return base_url.table_url(web, request, event_id, table, round_number)


def table_urls(
    web: Web, request: Request, event_id: str, tables: list[int], round_number: int
) -> dict[int, str]:
    """The table-side entry URLs of ``tables`` in a round, at the public base URL (read once;
    the signed paths kept per event and round)."""
    return base_url.table_urls(web, request, event_id, tables, round_number)


def complaints_deadline(state: EventState, n: int) -> datetime | None:
    """When the round's complaints window closes (FIBAS art. 39), if its standings are
    published."""
    published = state.round(n).standings_published_at
    if published is None:
        return None
    return published + timedelta(minutes=state.config.complaints_window_minutes)


FIRST_ROUND_MOVEMENTS = (Movement.DRAW, Movement.REGISTRATION_ORDER)
LATER_MOVEMENTS = (
    Movement.MITCHELL,
    Movement.DANISH,
    Movement.MODIFIED_DANISH,
    Movement.ROUND_ROBIN,
    Movement.DRAW,
)


def add_post(
    on: APIRouter, path: str, name: str, doc: str | None, route: Callable[..., Awaitable[Response]]
) -> None:
    """Add the form handler ``route`` at ``path`` (POST, outside the API's schema), named
    ``name`` and documented by ``doc`` (the action's docstring)."""
    route.__name__ = route.__qualname__ = name
    route.__doc__ = doc
    on.add_api_route(path, route, methods=["POST"], include_in_schema=False)
