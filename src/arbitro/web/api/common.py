"""The API's dependency (issue 30): every route works through :class:`Api`, the service
read and written under its lock; the reading routes are open to anyone, the writing ones to a
logged-in director (a bearer token from ``POST /api/token``, or the desk's session cookie with
its CSRF token in ``X-CSRF-Token``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from arbitro.errors import NotFoundError
from arbitro.services.events import EventService
from arbitro.tournament.commands.command import Command
from arbitro.tournament.event import EventState
from arbitro.web import auth, csrf
from arbitro.web.api.models import Done, ErrorOut
from arbitro.web.context import Web, web_of
from arbitro.web.errors import Unauthorized

T = TypeVar("T")


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 403, 404, 409, 413, 422, 503)
}
bearer = HTTPBearer(auto_error=False, description="Token from POST /api/token")


def api_router() -> APIRouter:
    """A resource's router: tagged ``api``, its routes documented with the API's refusals
    (:data:`ERRORS`); the package includes it under ``/api``."""
    return APIRouter(tags=["api"], responses=ERRORS)


@dataclass(frozen=True, slots=True)
class Api:
    """What every API route works with: the service, whose lock a route holds while it reads
    a state (changed in place by the service) or checks and writes; and the director, for
    the writing routes."""

    web: Web
    user: str | None = None

    @property
    def service(self) -> EventService:
        """The events' service."""
        return self.web.service

    def state(self, event_id: str) -> EventState:
        """The event's state (404 if there is no such event); under the lock."""
        if not self.web.store.has_event(event_id):
            raise NotFoundError("no event «{event_id}»", event_id=event_id)
        return self.web.service.state(event_id)

    def read(self, event_id: str, view: Callable[[EventState], T]) -> T:
        """``view`` of the event's state, under the service's lock."""
        with self.web.locked():
            return view(self.state(event_id))

    def write(self, event_id: str, act: Callable[[EventService, str], T]) -> T:
        """Run ``act(service, director)`` on an existing event under the service's lock."""
        with self.web.locked():
            self.state(event_id)
            return act(self.web.service, self.director)

    def run(self, event_id: str, command: Callable[[str], Command[EventState, T]]) -> T:
        """Run the command value ``command(director)`` (:mod:`arbitro.tournament.commands.
        values`) on an existing event with the service's one way to run a command
        (:meth:`EventService.run`, issue 30); answers the command's outcome."""
        return self.write(event_id, lambda svc, user: svc.run(event_id, command(user)))

    def run_done(
        self, event_id: str, command: Callable[[str], Command[EventState, object]]
    ) -> Done:
        """:meth:`run`, answering :class:`Done` (a command with nothing else to return)."""
        self.run(event_id, command)
        return Done()

    @property
    def director(self) -> str:
        """The logged-in director's name (writing routes only)."""
        assert self.user is not None
        return self.user


def reader(request: Request) -> Api:
    """The dependency of the reading routes."""
    return Api(web_of(request))


def writer(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)] = None,
) -> Api:
    """The dependency of the writing routes: a valid bearer token, or the session cookie with
    the session's CSRF token in ``X-CSRF-Token`` from this site; else 401 (403 cross-site)."""
    web = web_of(request)
    if credentials is not None:
        session = auth.live_session(web, credentials.credentials)
        if session is None:
            raise Unauthorized("token not valid or expired")
        return Api(web, session.user)
    session = auth.live_session(web, request.cookies.get(auth.SESSION_COOKIE))
    if session is None:
        raise Unauthorized("director login required")
    csrf.check_origin(request)
    csrf.check_token(web.secret, session.nonce, request.headers.get(csrf.CSRF_HEADER))
    return Api(web, session.user)


Reader = Annotated[Api, Depends(reader)]
Writer = Annotated[Api, Depends(writer)]


def director_of(request: Request, credentials: HTTPAuthorizationCredentials | None) -> str | None:
    """The director reading (a valid bearer token or desk session), or None for anyone."""
    web = web_of(request)
    token = credentials.credentials if credentials is not None else None
    session = auth.live_session(web, token or request.cookies.get(auth.SESSION_COOKIE))
    return None if session is None else session.user
