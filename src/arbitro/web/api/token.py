"""The API's bearer tokens: ``POST /api/token`` exchanges a director's name and password for
a token (:mod:`arbitro.web.auth`)."""

from __future__ import annotations

from fastapi import Request

from arbitro.web import auth
from arbitro.web.api.common import Reader, api_router
from arbitro.web.api.models import (
    ErrorOut,
    TokenIn,
    TokenOut,
)
from arbitro.web.errors import Unauthorized

router = api_router()


@router.post("/token", response_model=TokenOut, responses={429: {"model": ErrorOut}})
async def token(body: TokenIn, request: Request, api: Reader) -> TokenOut:
    """Exchange a director's name and password for a bearer token (valid 24 hours, revoked
    by a password change); throttled like the desk's login (429 with ``Retry-After``)."""
    web = api.web
    if not await auth.check_password(request, body.username, body.password):
        raise Unauthorized("wrong user name or password")
    return TokenOut(
        access_token=auth.start_session(web, body.username),
        expires_in=auth.SESSION_HOURS * 3600,
    )
