"""A knockout match's page for the players' phones (``/km/{token}``), as the table pages of
events in rounds: each match has a card with a QR code (:mod:`arbitro.printouts.match_cards`);
each pair's phone opens it, enters the points of the match's next game (Briscola art. 8: 120
in all, 61 win, at 60-60 the pair that won the last trick) and the other pair confirms them
(or enters its own): the same numbers from both pairs record the game, 2 games won decide
the match (art. 9). Different numbers wait: each pair corrects its own, or the arbiter
records the game at the desk.

The token names one (event, match) and is signed with the installation's secret (HMAC-SHA256,
another purpose than the table tokens', so neither opens the other's page). The phone gets a
device id (a cookie, as on the table pages): a phone enters for one pair of a match, a pair
from one phone (ruling Briscola 12). Every form carries a one-time key (the guard's
idempotency: a resent form is answered as the first).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from arbitro.errors import ArbitroError, ConflictError
from arbitro.lazy_names import lazy_module
from arbitro.tournament.commands import values
from arbitro.tournament.knockout import Match, PairId
from arbitro.tournament.knockout_event import KnockoutState
from arbitro.web import auth
from arbitro.web.base_url import cli_base_url, public_base_url
from arbitro.web.context import request_lang, web_of
from arbitro.web.csrf import same_origin
from arbitro.web.errors import status_for
from arbitro.web.knockout_views import match_view, pair_name
from arbitro.web.secret import load_secret
from arbitro.web.table import DEVICE_COOKIE, DEVICE_MAX_AGE, device_of, new_device
from arbitro.web.tokens import TokenError

if TYPE_CHECKING:
    from arbitro.store.record_store import RecordStore
    from arbitro.web import knockout_digital
    from arbitro.web.context import Web
else:
    knockout_digital = lazy_module("arbitro.web.knockout_digital")

router = APIRouter()

PURPOSE = b"arbitro-knockout-match-token-v1"
SIGNATURE_BYTES = 16  # 128 bits: unguessable
COOKIE_PATH = "/km/"
REFRESH_SECONDS = 3  # a phone looks every 3 s whether the other pair entered (as the tables)


# ---------------------------------------------------------------------- tokens
def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _signature(secret: bytes, body: bytes) -> bytes:
    return hmac.new(secret, PURPOSE + b"\x00" + body, hashlib.sha256).digest()[:SIGNATURE_BYTES]


def make_match_token(secret: bytes, event_id: str, match_id: str) -> str:
    """The token of match ``match_id`` (``R1M3``) of knockout ``event_id``, signed."""
    body = f"{event_id}\x00{match_id}".encode()
    return f"{_b64(body)}.{_b64(_signature(secret, body))}"


def read_match_token(secret: bytes, token: str) -> tuple[str, str]:
    """The (event, match) a match token names; TokenError if malformed, forged or altered."""
    refused = TokenError("invalid match code: scan the QR code on the match card again")
    if len(token) > 400 or token.count(".") != 1:
        raise refused
    body_text, sig_text = token.split(".")
    try:
        body, sig = _unb64(body_text), _unb64(sig_text)
    except (binascii.Error, ValueError):
        raise refused from None
    if _b64(body) != body_text or _b64(sig) != sig_text:
        raise refused
    if not hmac.compare_digest(sig, _signature(secret, body)):
        raise refused
    try:
        event_id, match_id = body.decode().split("\x00")
    except (UnicodeDecodeError, ValueError):
        raise refused from None
    return event_id, match_id


def match_path(secret: bytes, event_id: str, match_id: str) -> str:
    """The path of a match's phone page, ``/km/{token}``."""
    return f"/km/{make_match_token(secret, event_id, match_id)}"


def match_urls(web: Web, request: Request, event_id: str, matches: Iterable[str]) -> dict[str, str]:
    """The absolute URLs of the matches' phone pages (the QR codes of the desk's cards)."""
    base = public_base_url(web, request)
    return {m: base + match_path(web.secret, event_id, m) for m in matches}


def cli_match_urls(
    store: RecordStore, base_url: str | None, event_id: str, matches: Iterable[str]
) -> dict[str, str]:
    """The URLs of the matches' pages for ``arbitro knockout cards``: the base URL found as
    for the table cards (:func:`arbitro.web.base_url.cli_base_url`: the option, else the
    address ``arbitro serve`` recorded)."""
    base = cli_base_url(store, base_url)
    secret = load_secret(store)
    return {m: base + match_path(secret, event_id, m) for m in matches}


def card_matches(state: KnockoutState) -> list[Match]:
    """The matches that get a card now: both pairs known, not decided (Briscola art. 9)."""
    return [] if state.bracket is None else list(state.bracket.pending())


# ---------------------------------------------------------------------- the page
def _device(request: Request) -> str | None:
    return device_of(request)


def _with_device(request: Request, response: Response, device: str) -> Response:
    if request.cookies.get(DEVICE_COOKIE) != device:
        response.set_cookie(
            DEVICE_COOKIE,
            device,
            max_age=DEVICE_MAX_AGE,
            path=COOKIE_PATH,
            httponly=True,
            samesite="lax",
            secure=auth.is_https(request),
        )
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "same-origin"
    return response


def _pair_param(text: str | None, m: Match) -> PairId | None:
    try:
        pair = int(text or "")
    except ValueError:
        return None
    return pair if pair in (m.first, m.second) else None


def _entry_view(state: KnockoutState, m: Match, pair: PairId) -> dict[str, Any] | None:
    e = state.entries.get((m.id, len(m.games) + 1), {}).get(pair)
    if e is None:
        return None
    return {
        "first": e.points.get(str(m.first)),
        "second": e.points.get(str(m.second)),
        "last_trick": pair_name(state, e.last_trick) if e.last_trick else "",
        "last_trick_side": "first"
        if e.last_trick == m.first
        else "second"
        if e.last_trick == m.second
        else "",
    }


def match_version(state: KnockoutState, match_id: str) -> str:
    """What a match's page shows changes when this does: its pairs, games, winner and the
    pairs' entries of the next game (not the rest of the event's records, so that a phone
    typing its points is not reloaded by another match's game)."""
    assert state.bracket is not None
    m = state.bracket.match(match_id)
    entries = state.entries.get((m.id, len(m.games) + 1), {})
    seen = sorted((p, sorted(e.points.items()), e.last_trick) for p, e in entries.items())
    text = repr((m.first, m.second, len(m.games), m.winner, m.walkover, seen))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def page_context(
    state: KnockoutState, match_id: str, device: str | None, chosen: str | None
) -> dict[str, Any]:
    """What the match's phone page shows: the pairs, the games so far, the score, and for
    the pair this phone entered for (or chose) its entry and the other pair's."""
    assert state.bracket is not None
    m = state.bracket.match(match_id)
    bound = state.device_pair.get((m.id, device or ""))
    pair = bound if bound is not None else _pair_param(chosen, m)
    other = None if pair is None else (m.second if pair == m.first else m.first)
    mine = None if pair is None else _entry_view(state, m, pair)
    theirs = None if other is None else _entry_view(state, m, other)
    return {
        "m": match_view(state, m),
        "round_name": state.bracket.round_label(m.round),
        "event_name": state.config.name,
        "ko_code": state.config.code,
        "ko_id": state.event_id,
        "next_game": len(m.games) + 1,
        "open": m.is_ready,
        "pair": pair,
        "bound": bound is not None,
        "pair_name": pair_name(state, pair),
        "other_name": pair_name(state, other),
        "mine": mine,
        "theirs": theirs,
        "differ": mine is not None and theirs is not None and mine != theirs,
        "refresh": REFRESH_SECONDS,
        "version": match_version(state, m.id),
    }


def _state_of(web: Web, event_id: str) -> KnockoutState:
    if not web.is_knockout(event_id):
        raise TokenError("invalid match code: scan the QR code on the match card again")
    return web.knockout.state(event_id)


def _render(
    request: Request, web: Web, ctx: dict[str, Any], error: str = "", status: int = 200
) -> Response:
    return web.render(request, "knockout/phone.html", status_code=status, error=error, **ctx)


@router.get("/km/{token}", include_in_schema=False)
def match_page(request: Request, token: str, pair: str | None = None) -> Response:
    """A match's page on a pair's phone: the games so far, the form to enter the next game's
    points or to confirm the other pair's (Briscola art. 8-9). The phone gets its device id."""
    web = web_of(request)
    device = _device(request) or new_device()
    try:
        event_id, match_id = read_match_token(web.secret, token)
        with web.knockout.lock:
            state = _state_of(web, event_id)
            if state.bracket is None:
                raise TokenError("invalid match code: scan the QR code on the match card again")
            ctx = page_context(state, match_id, device, pair)
            ctx["digital"] = _digital_seats(web, state, match_id)
    except ArbitroError as exc:
        return _with_device(request, _error_page(request, web, exc), device)
    return _with_device(request, _render(request, web, ctx), device)


@router.get("/km/{token}/live", include_in_schema=False)
def match_live(request: Request, token: str, v: str = "") -> Response:
    """The match page's poll (htmx, every few seconds): 204 while the match's page would
    show the same, else ``HX-Refresh`` so that the phone shows the other pair's entry or the
    game recorded (Briscola art. 8-9)."""
    web = web_of(request)
    try:
        event_id, match_id = read_match_token(web.secret, token)
        with web.knockout.lock:
            state = _state_of(web, event_id)
            current = "" if state.bracket is None else match_version(state, match_id)
    except ArbitroError as exc:
        return Response(status_code=status_for(exc), headers={"Cache-Control": "no-store"})
    if current == v:
        return Response(status_code=204, headers={"Cache-Control": "no-store"})
    return Response(status_code=200, headers={"HX-Refresh": "true", "Cache-Control": "no-store"})


@router.post("/km/{token}", include_in_schema=False)
async def match_enter(request: Request, token: str) -> Response:
    """A pair enters (or confirms) the points of its match's next game: recorded when both
    pairs sent the same (Briscola art. 8-9); a refusal shows the page with the message."""
    web = web_of(request)
    device = _device(request)
    form = await request.form()
    chosen = str(form.get("pair") or "")

    def decide() -> Response:
        event_id, match_id = read_match_token(web.secret, token)
        with web.knockout.lock:
            state = _state_of(web, event_id)
            if state.bracket is None:
                raise ConflictError("draw the bracket first")
            m = state.bracket.match(match_id)
            pair = _pair_param(chosen, m)
            if pair is None or m.first is None or m.second is None:
                raise ArbitroError("say which pair you are")
            points = {
                m.first: _points(form.get("points_first")),
                m.second: _points(form.get("points_second")),
            }
            last = str(form.get("last_trick") or "")
            last_trick = {"first": m.first, "second": m.second}.get(last)
            web.knockout.run(
                event_id, values.EnterGame(match_id, pair, points, last_trick, device or "")
            )
        return RedirectResponse(f"/km/{token}?pair={pair}", status_code=303)

    try:
        if not same_origin(request):
            raise TokenError("cross-site request refused")
        return await run_in_threadpool(decide)
    except ArbitroError as exc:
        err = exc
    return await run_in_threadpool(_refusal, request, web, token, device, chosen, err)


def _digital_seats(web: Web, state: KnockoutState, match_id: str) -> list[dict[str, Any]]:
    """The seats' links when the match is played at a digital table (issue 32)."""
    return knockout_digital.seat_links(web.secret, state, match_id)


def _error_page(request: Request, web: Web, err: ArbitroError) -> Response:
    lang = request_lang(request)
    page = web.render(
        request, "knockout/phone.html", status_code=status_for(err), m=None, error=err.message(lang)
    )
    page.headers["Cache-Control"] = "no-store"
    return page


def _refusal(
    request: Request, web: Web, token: str, device: str | None, chosen: str, err: ArbitroError
) -> Response:
    """The match's page again with the message of the refused entry, what was there kept."""
    try:
        event_id, match_id = read_match_token(web.secret, token)
        with web.knockout.lock:
            state = _state_of(web, event_id)
            if state.bracket is None:
                return _error_page(request, web, err)
            ctx = page_context(state, match_id, device, chosen)
    except ArbitroError as other:
        return _error_page(request, web, other)
    page = _render(request, web, ctx, err.message(request_lang(request)), status_for(err))
    page.headers["Cache-Control"] = "no-store"
    return page


def _points(value: object) -> int:
    """A number of points typed on the phone; anything else is refused (art. 8)."""
    text = str(value or "").strip()
    if not text.isdigit() or len(text) > 3:
        raise ArbitroError("points «{points}»: type a number from 0 to 120", points=text)
    return int(text)


__all__ = [
    "card_matches",
    "cli_match_urls",
    "make_match_token",
    "match_path",
    "match_urls",
    "page_context",
    "read_match_token",
    "router",
]
