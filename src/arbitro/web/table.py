from __future__ import annotations

import re
import secrets
import threading
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from limits import RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from markupsafe import escape
from starlette.concurrency import run_in_threadpool

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import Message, render, verbatim
from arbitro.tournament import commands
from arbitro.tournament.boards import FieldVp, field_vp
from arbitro.tournament.commands.sheets import SignedAlready
from arbitro.tournament.event import EventState, TableSheet
from arbitro.tournament.model import EventFormat, TableSeating
from arbitro.tournament.sheets import SheetForm
from arbitro.tournament.sheets.kind import SheetTexts
from arbitro.tournament.sheets.labels import LINE_LABELS
from arbitro.web import auth
from arbitro.web.board_views import phone_boards
from arbitro.web.context import Web, request_lang, web_of
from arbitro.web.csrf import same_origin
from arbitro.web.errors import WebError, status_for
from arbitro.web.names import line_names
from arbitro.web.results_pages import card_path
from arbitro.web.sheet_form import form_values, read_sheet_form, template
from arbitro.web.tokens import (
    TokenError,
    TokenExpired,
    check_line_code,
    open_round,
    read_token,
    signing_source,
)

router = APIRouter()

MAX_FORM_FIELDS = 200
SEATED_DEFAULT = "sheets/lines/seated.html"
"""Who sits at a table on its phone page for a kind of sheet without its own ``seated.html``:
two lines, N-S and E-W (FIBAS art. 20)."""
PLAYER = re.compile(r"^\d{1,6}$")  # a player's number: their "line" at a table of individuals


class RoundClosed(WebError):
    """The posted round is not the round the tables may enter now (FIBAS art. 21): 409."""

    status = 409


class NotAtTable(WebError):
    """The line or player named is not seated at the token's table (403)."""

    status = 403


class NotAForm(WebError):
    """A POST whose body is not an HTML form (415)."""

    status = 415


class OtherLine(WebError):
    """This phone already signed the sheet for another line or player (409)."""

    status = 409


class TooManySubmissions(WebError):
    """More sheet submissions with one table token than a table ever needs (429)."""

    status = 429


# ---------------------------------------------------------------------- the phone's identity
DEVICE_COOKIE = "arbitro_device"
DEVICE_MAX_AGE = 400 * 24 * 3600  # as long as browsers keep a cookie: a whole season
DEVICE_ID = re.compile(r"[A-Za-z0-9_-]{20,64}")


def device_of(request: Request) -> str | None:
    """The phone's device id, from its cookie; None when it has none (or a malformed one)."""
    value = request.cookies.get(DEVICE_COOKIE)
    return value if value and DEVICE_ID.fullmatch(value) else None


def new_device() -> str:
    """A fresh, unguessable device id."""
    return secrets.token_urlsafe(18)


def with_device(request: Request, response: Response, device: str) -> Response:
    """Give the phone its device id (long-lived, HttpOnly, SameSite=Lax) if it does not have it yet:
    a phone that signed for a line is bound to it (FIBAS art. 20: each line signs once)."""
    if request.cookies.get(DEVICE_COOKIE) != device:
        response.set_cookie(
            DEVICE_COOKIE,
            device,
            max_age=DEVICE_MAX_AGE,
            path="/t/",
            httponly=True,
            samesite="lax",
            secure=auth.is_https(request),
        )
    return response


# ---------------------------------------------------------------------- the line's proof
class NoLineProof(WebError):
    """A send or confirmation without its line's code, or with a wrong one (403): the table's
    QR opens the page to anyone at the table; only the line's half of the card signs."""

    status = 403


PROOF_COOKIE = "arbitro_line_"  # + the line: the line's code, kept by the phone for the card


def _proof_cookie(line: str) -> str:
    return PROOF_COOKIE + line


def held_proof(request: Request, web: Web, token: str, line: str | None) -> str | None:
    """The line's code this phone holds for the token's table (its cookie), if it is right."""
    if line is None:
        return None
    code = request.cookies.get(_proof_cookie(line))
    return code if check_line_code(web.secret, token, line, code) else None


def keep_proof(request: Request, response: Response, token: str, line: str, code: str) -> None:
    """Keep the line's code on the phone (HttpOnly, for this table's card only): asked once."""
    if request.cookies.get(_proof_cookie(line)) != code:
        response.set_cookie(
            _proof_cookie(line),
            code,
            max_age=DEVICE_MAX_AGE,
            path=f"/t/{token}",
            httponly=True,
            samesite="lax",
            secure=auth.is_https(request),
        )


WRONG_CODES_PER_LINE = RateLimitItemPerMinute(5)  # a typo or two; never a search of 10^6
WRONG_CODES_PER_ADDRESS = RateLimitItemPerMinute(20)  # one phone guessing at many tables


def _check_proof(request: Request, web: Web, token: str, line: str, typed: str | None) -> str:
    """The line's code sent with the form (else the one the phone keeps), checked: a wrong or
    missing code is refused (403) and counted; too many wrong codes for a line, or from one
    address, in a minute are refused 429 before any check (FIBAS art. 20: the line signs)."""
    limiter = _limiter(request)
    address = auth.client_address(request)
    keys = (("line", token, line), ("address", address))
    items = (WRONG_CODES_PER_LINE, WRONG_CODES_PER_ADDRESS)
    if any(not limiter.test(item, *key) for item, key in zip(items, keys, strict=True)):
        raise TooManySubmissions(
            "too many wrong line codes in a minute: wait a minute, then type the code printed "
            "on your half of the table card"
        )
    code = typed.strip() if typed and typed.strip() else request.cookies.get(_proof_cookie(line))
    if check_line_code(web.secret, token, line, code):
        assert code is not None
        return code
    for item, key in zip(items, keys, strict=True):
        limiter.hit(item, *key)
    if not code:
        raise NoLineProof(
            "type your line's code, printed on your half of the table card: only your line "
            "signs its sheet"
        )
    raise NoLineProof(
        "wrong code for this line: type the code printed on your own half of the table card"
    )


# ---------------------------------------------------------------------- rate limit
SUBMITS = RateLimitItemPerMinute(20)  # a table sends its sheet once per line; 20 is generous
SUBMITS_PER_LINE = RateLimitItemPerMinute(6)  # a line sends once, confirms once, resends...
_limiter_lock = threading.Lock()


def _limiter(request: Request) -> MovingWindowRateLimiter:
    """The app's limiter of sheet submissions per table token (in memory)."""
    state = request.app.state
    with _limiter_lock:
        limiter: MovingWindowRateLimiter | None = getattr(state, "table_limiter", None)
        if limiter is None:
            limiter = MovingWindowRateLimiter(MemoryStorage())
            state.table_limiter = limiter
        return limiter


def _check_rate(request: Request, web: Web, token: str) -> None:
    """Refuse the submission when this (valid) token sent too many in the last minute."""
    read_token(web.secret, token)  # only valid tokens take room in the limiter
    if not _limiter(request).hit(SUBMITS, token):
        raise TooManySubmissions(
            "too many submissions from this table in a minute: wait a minute and try again"
        )


def _check_line_rate(request: Request, token: str, line: str) -> None:
    """Refuse the submission when this line of the token's table sent too many in the last
    minute: one phone cannot sweep a table's lines, nor one line's sheet, by resending."""
    if not _limiter(request).hit(SUBMITS_PER_LINE, token, line):
        raise TooManySubmissions(
            "too many submissions for this line in a minute: wait a minute and try again"
        )


def line_name(state: EventState, line: tuple[int, ...] | None) -> str:
    """The names of the competitors forming a line."""
    return line_names(state, line)


# ---------------------------------------------------------------------- the table's view
@dataclass
class TableView:
    """Everything the table page shows."""

    token: str
    event_id: str
    table_number: int
    state: EventState
    round_number: int | None
    seating: TableSeating | None
    line: str | None
    status: str = "missing"
    mine_sent: bool = False
    shown: Any = None  # the entry shown, of the event's kind of sheet
    teams: bool = False
    individuals: bool = False  # a table of individuals (Scala 40): four (or three) players
    confirmed_by: frozenset[str] = frozenset()
    closed: bool = False  # the round's standings are published: the sheet is read-only
    device_line: str | None = None  # the line (or player) this phone signed for
    differ: bool = False  # the line says the numbers sent are not its own
    current_round: int | None = None  # the round under way, when it is not the card's
    departed: frozenset[str] = frozenset()  # players who abandoned in the round (art. 25)
    proof: str | None = None  # the line's code this phone holds (it signs with it)
    resign: bool = False  # another phone signed this line into a conflict: this one may sign

    def freeze(self) -> TableView:
        """Read now (under the service's lock) what the page shows of the live state: the
        players' and lines' names and the deals, kept; the page is rendered outside the lock
        from these copies (the rest it reads of ``state`` is the event's fixed code and
        configuration)."""
        for name in ("players", "deals", "ns_name", "ew_name", "boards", "field_vp", "cards"):
            getattr(self, name)
        return self

    @property
    def mode(self) -> str:
        """What the line can do with the sheet (FIBAS art. 20-21): ``form`` (type and send
        it), ``confirm`` (the numbers another line sent, read-only, to confirm or to say they
        differ) or ``done`` (signed by this line, confirmed, or the round closed: read-only,
        changes go through the director)."""
        if self.resign and not self.closed:
            return "form"  # issue 29: the line's own phone after another device's signature
        if self.closed or self.mine_sent or self.status in ("confirmed", "conflict"):
            # in conflict no version is in force: nothing to confirm, the director settles it
            # from the signed paper (Scala 40 art. 23-24; FIBAS art. 21)
            return "done"
        if self.status == "pending" and not self.differ:
            return "confirm"
        return "form"

    @property
    def start_from(self) -> Any:
        """The numbers the page starts from: the sheet as it stands while it is read-only;
        the numbers the other line sent when this line says they differ (it corrects those,
        rather than typing the sheet again: issue 28); none for a line typing its own."""
        if self.mode != "form" or self.resign:
            return self.shown
        if self.differ and self.status in ("pending", "conflict") and not self.mine_sent:
            return self.shown
        return None

    @property
    def texts(self) -> SheetTexts:
        """What the phone says of this table's kind of sheet (who signs, with which code)."""
        return self.state.sheet_kind.texts

    @property
    def two_lines(self) -> bool:
        """A table of two lines (Burraco, Burraco Parole), not of individuals."""
        return not self.individuals

    @cached_property
    def players(self) -> list[tuple[str, str]]:
        """At a table of individuals, (number as text, name) of each player in seat order."""
        if self.seating is None or self.seating.players is None:
            return []
        comps = self.state.competitors
        return [(str(p), comps[p].name if p in comps else str(p)) for p in self.seating.players]

    @property
    def abandoned(self) -> int | None:
        """The player whose column is closed: he abandoned in this round (Scala 40 art. 25)."""
        return next((int(n) for n, _ in self.players if n in self.departed), None)

    @property
    def signing(self) -> list[tuple[str, str]]:
        """The players who sign the sheet: those at the table but one who abandoned (art. 23,
        25)."""
        return [(n, name) for n, name in self.players if n not in self.departed]

    @property
    def line_label(self) -> Message:
        """The chosen line (N-S / E-W) or, at a table of individuals, the player's name."""
        if self.line in LINE_LABELS:
            return LINE_LABELS[self.line]
        return verbatim(next((name for number, name in self.players if number == self.line), ""))

    @cached_property
    def deals(self) -> int:
        """Deals of the round."""
        return self.state.deals(self.round_number) if self.round_number else 0

    @cached_property
    def boards(self) -> dict[str, Any] | None:
        """At a carte uguali table, its boards' counts before play and, after the round's
        standings, its travellers and the lines' cards (FIBAS art. 20; Law 13)."""
        if self.round_number is None or self.seating is None or self.individuals:
            return None

        return phone_boards(self.state, self.round_number, self.table_number, closed=self.closed)

    @cached_property
    def field_vp(self) -> FieldVp | None:
        """At a carte uguali table, how its sheet takes its VP: the comparison's with the
        field once the round is complete, none before (FIBAS art. 20); None elsewhere."""
        if self.round_number is None or self.seating is None or self.individuals:
            return None

        return field_vp(self.state, self.round_number, self.round_number)

    @cached_property
    def cards(self) -> list[tuple[str, str]]:
        """Once the round's standings are published (FIBAS art. 39): (name, address) of the
        card of each competitor at the table, in the event's live results, round by round."""
        if not self.closed or self.seating is None:
            return []

        t = self.seating
        numbers = list(t.players) if t.players is not None else [*(t.ns or ()), *(t.ew or ())]
        comps = self.state.competitors
        return [(comps[c].name, card_path(self.event_id, c)) for c in numbers if c in comps]

    @cached_property
    def ns_name(self) -> str:
        """N-S line's names."""
        return line_name(self.state, self.seating.ns if self.seating else None)

    @cached_property
    def ew_name(self) -> str:
        """E-W line's names."""
        return line_name(self.state, self.seating.ew if self.seating else None)


def _check_line_at_table(view: TableView) -> None:
    """Refuse a line or player that does not sit at the token's table this round (Scala 40
    art. 23: the table's four players sign its sheet; FIBAS art. 20: its two lines)."""
    line = view.line
    if line is None or view.seating is None:
        return
    if line in view.departed:
        raise NotAtTable(
            "{player} abandoned the event in this round: the other players sign the sheet",
            player=next((name for n, name in view.players if n == line), line),
            article=view.state.code.cite("abandon"),
        )
    if line in view.state.sheet_kind.signers(view.seating):  # who signs: the kind's answer
        return
    raise NotAtTable(  # the kind's words: a line of the table, or a player at it
        view.state.sheet_kind.texts.not_at_table,
        line=line[:10],
        table=view.table_number,
        article=view.state.code.cite("sheet_signed"),
    )


def _load(web: Web, token: str, line: str | None, device: str | None = None) -> TableView:
    """Read the token and the event (under the service's lock); raise TokenError, or
    TokenExpired for a card of a round whose standings are final."""
    event_id, table, rnd = read_token(web.secret, token)
    with web.locked():
        return _read(web, token, event_id, table, rnd, line, device).freeze()


def _read(
    web: Web,
    token: str,
    event_id: str,
    table: int,
    rnd: int,
    line: str | None,
    device: str | None,
) -> TableView:
    """The table's view of the event (called under the service's lock)."""
    try:
        state = web.service.state(event_id)
    except NotFoundError:
        raise TokenError("this table's event no longer exists") from None
    if not 1 <= rnd <= state.config.rounds:
        raise TokenError("invalid table code: scan the QR code on the table card again")
    if state.standings_final(rnd, web.service.clock()):
        raise TokenExpired(
            "this table card is for round {round}, which is over: use the card on the "
            "table for the round under way",
            round=rnd,
            article=state.code.cite_if("complaints"),
        )
    r = state.rounds.get(rnd)
    published = r is not None and r.seating_published_at is not None
    view = TableView(token, event_id, table, state, rnd if published else None, None, line)
    view.teams = state.config.event_format is EventFormat.TEAMS
    view.individuals = state.sheet_kind.individual_tables
    if r is None or not published:
        return view
    view.closed = r.standings_published_at is not None
    current = open_round(state)
    view.current_round = current if current != rnd else None
    view.seating = r.seating.table(table) if r.seating else None
    if view.seating is None:
        return view
    if view.seating.players is not None and state.abandons:
        gone = (str(p) for p in view.seating.players if (rnd, p) in state.abandons)
        view.departed = frozenset(gone)
    sheet = r.sheets.get(table)
    view.device_line = sheet.devices.get(device) if sheet is not None and device else None
    if view.line is None and view.device_line is not None:
        view.line = view.device_line  # the phone goes back to the line it signed for
    _check_line_at_table(view)
    _check_device(view)
    view.status = commands.sheet_status(state, rnd, table)
    if sheet is not None:
        _fill_from_sheet(view, sheet, rnd)
        view.resign = view.line is not None and sheet.may_resign(view.line, device)
        if view.resign:  # start from the others' numbers, never from the other phone's
            others = [v for v in sheet.history if v.line not in (None, view.line)]
            view.shown = others[0].entry if others else None
    return view


def _check_device(view: TableView) -> None:
    """Refuse a phone that signed for one line (or player) acting for another (FIBAS art. 20:
    each line signs the sheet; Scala 40 art. 23: each player)."""
    if view.device_line is None or view.line is None or view.device_line == view.line:
        return
    bound = view.device_line
    if view.individuals:
        raise OtherLine(
            "this phone already signed table {table}'s sheet for {bound}: every player signs "
            "with their own phone",
            table=view.table_number,
            bound=next((name for n, name in view.players if n == bound), bound),
            article=view.state.code.cite("sheet_signed"),
        )
    raise OtherLine(
        "this phone already signed table {table}'s sheet for {bound}: the other line signs "
        "with its own phone",
        table=view.table_number,
        bound=LINE_LABELS.get(bound) or verbatim(bound),
        article=view.state.code.cite("sheet_signed"),
    )


def _fill_from_sheet(view: TableView, sheet: TableSheet, rnd: int) -> None:
    mine = [v for v in sheet.history if v.line == view.line] if view.line else []
    view.mine_sent = bool(mine) or (view.line in sheet.confirmed_by and sheet.accepted is not None)
    if view.status == "confirmed" or (view.status == "conflict" and not mine):
        shown = sheet.entry_as_of(rnd)
    elif mine:
        shown = mine[-1].entry
    else:
        shown = sheet.entry_as_of(rnd)
    view.shown = shown
    view.confirmed_by = frozenset(sheet.confirmed_by) if not sheet.conflicts else frozenset()


def status_text(view: TableView) -> Message:
    """The sheet's status as this line (or player) sees it (FIBAS art. 20)."""
    if view.individuals:
        return _players_status_text(view)
    if view.status == "confirmed":
        return Message("Sheet confirmed by both lines.")
    if view.status == "conflict":
        return Message("Conflict: the two lines sent different numbers. The director will decide.")
    if view.status == "pending" and view.mine_sent:
        return Message("Sent: waiting for the other line.")
    if view.status == "pending":
        return Message("The other line sent the sheet: check it against the paper and confirm.")
    return Message("Sheet not sent yet.")


def _players_status_text(view: TableView) -> Message:
    """A Scala 40 sheet's status as one player sees it (art. 23: the four players sign
    the sheet)."""
    everyone = len(view.signing)
    signed = len(view.confirmed_by & {n for n, _ in view.signing})
    waiting = ", ".join(name for n, name in view.signing if n not in view.confirmed_by)
    counts = {"everyone": everyone, "signed": signed}
    if view.status == "confirmed":
        return Message("Sheet confirmed by all {everyone} players.", counts)
    if view.status == "conflict":
        return Message("Conflict: the players sent different numbers. The director will decide.")
    if view.status == "pending" and view.mine_sent:
        return Message(
            "Sent: confirmed by {signed} of {everyone}; waiting for {waiting}.",
            {**counts, "waiting": waiting},
        )
    if view.status == "pending":
        return Message(
            "Sheet sent (confirmed by {signed} of {everyone}): check it against the paper "
            "and confirm.",
            counts,
        )
    return Message("Sheet not sent yet.")


def _status_context(view: TableView) -> dict[str, Any]:
    """What the status fragment reads (``table/status.html``), no more."""
    return {"v": view, "status_text": status_text(view), "page_url": _page_url}


def _context(view: TableView, parsed: SheetForm[Any] | None, lang: str) -> dict[str, Any]:
    """The table page's names: the view, the sheet as typed (``parsed``; else as it stands,
    read again by the event's kind of sheet) and what the kind's templates show of it."""
    state = view.state
    kind = state.sheet_kind
    seat = view.seating
    if parsed is None and view.round_number and seat is not None and not seat.is_incomplete:
        shown = view.start_from
        values = {} if shown is None else form_values(kind, shown)
        parsed = read_sheet_form(
            kind, state, view.round_number, seat, values, lang, abandoned=view.abandoned
        )
    return {
        **_status_context(view),
        "event_name": state.config.name,
        "values": parsed.values if parsed else {},
        "line_labels": LINE_LABELS,
        "sheet_phone": template(kind, "phone.html"),
        # Who sits at the table, as the kind lays it out (issue 30): its own seated.html, else
        # the two lines' (a kind of another shape gives its own).
        "sheet_seated": [template(kind, "seated.html"), SEATED_DEFAULT],
        **(parsed.context(state, seat) if parsed is not None and seat is not None else {}),
    }


def _page_url(
    token: str, line: str | None = None, lang: str | None = None, differ: bool = False
) -> str:
    pairs = (("line", line), ("lang", lang), ("differ", "1" if differ else None))
    query = {k: v for k, v in pairs if v}
    return f"/t/{token}" + (f"?{urlencode(query)}" if query else "")


def private(response: Response) -> Response:
    """Table pages carry the table's token: never cached, never sent to another site as a
    referrer (``same-origin``: ``no-referrer`` would make browsers send ``Origin: null`` on
    the form posts, which the cross-site check refuses)."""
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "same-origin"
    return response


def _refused(request: Request, err: ArbitroError, back: str | None = None) -> Response:
    """A refusal on the table's page: the page with the message, or, for htmx, the totals'
    fragment replaced by the message."""
    lang = request_lang(request)
    status = status_for(err)
    if request.headers.get("HX-Request"):
        return private(
            Response(
                f'<p class="error" id="totals" role="alert">{escape(err.message(lang))}</p>',
                status_code=status,
                media_type="text/html",
            )
        )
    web = web_of(request)
    return private(
        web.render(
            request,
            "table/refused.html",
            status_code=status,
            message=err.message(lang),
            back=back,
        )
    )


def _line_param(line: str | None) -> str | None:
    if line in (None, ""):
        return None
    assert line is not None
    if line not in LINE_LABELS and not PLAYER.match(line):
        raise ArbitroError(
            "unknown line «{line}»: choose N-S (ns), E-W (ew) or, at Scala 40, your own name",
            line=str(line)[:10],
        )
    return line


def _shown(
    request: Request, web: Web, token: str, line: str | None, device: str | None
) -> TableView | Response:
    """The table's view for a GET of the line ``line``, or the refusal's page."""
    try:
        return _load(web, token, _line_param(line), device)
    except OtherLine as exc:  # back to the line this phone signed for
        return _refused(request, exc, _page_url(token, None, request.query_params.get("lang")))
    except ArbitroError as exc:
        return _refused(request, exc)


# ---------------------------------------------------------------------- routes
SERVICE_WORKER = Path(__file__).resolve().parent / "static" / "sw.js"


@router.get("/sw.js", include_in_schema=False)
def service_worker() -> Response:
    """The table pages' service worker (``static/sw.js``, scope ``/t/``): a phone without
    network reopens its table's page from its cache (issue 28). Served from the site's root
    so that its scope may be ``/t/``; never cached by HTTP, so a new version is picked up."""
    return Response(
        SERVICE_WORKER.read_bytes(),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/t/{token}", include_in_schema=False)
def table_page(
    request: Request, token: str, line: str | None = None, differ: str | None = None
) -> Response:
    """The table's page: choose the line, then the sheet form (or the numbers the other line
    sent, to confirm) and its status. The phone gets its device id here."""
    web = web_of(request)
    lang = request_lang(request)
    device = device_of(request) or new_device()
    typed = request.query_params.get("proof")
    if typed is not None and line:  # the line's own QR on its half of the card: kept, then
        return with_device(request, _proof_link(request, web, token, line, typed), device)
    view = _shown(request, web, token, line, device)
    if isinstance(view, Response):
        return with_device(request, view, device)
    view.differ = differ == "1"
    view.proof = held_proof(request, web, token, view.line)
    return with_device(request, _render_view(request, web, view, None, lang), device)


def _proof_link(request: Request, web: Web, token: str, line: str, typed: str) -> Response:
    """The page opened from a line's own QR code (its code in the address): the phone keeps
    the code and goes to the line's page without it in the address; a wrong code is refused
    and counted as a typed one."""
    lang = request.query_params.get("lang")
    try:
        read_token(web.secret, token)
        checked = _line_param(line)
        assert checked is not None
        code = _check_proof(request, web, token, checked, typed)
    except ArbitroError as exc:
        refused = _refused(request, exc, _page_url(token, None, lang))
        if isinstance(exc, TooManySubmissions):
            refused.headers["Retry-After"] = "60"
        return refused
    page = private(RedirectResponse(_page_url(token, checked, lang), status_code=303))
    keep_proof(request, page, token, checked, code)
    return page


def _render_view(
    request: Request,
    web: Web,
    view: TableView,
    parsed: SheetForm[Any] | None,
    lang: str,
    code: int = 200,
) -> Response:
    if view.round_number is not None and view.seating is None:
        err = NotFoundError(
            "table {table} is not in play in round {round}",
            table=view.table_number,
            round=view.round_number,
        )
        return _refused(request, err)
    return private(
        web.render(request, "table/table.html", status_code=code, **_context(view, parsed, lang))
    )


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


async def _form(request: Request) -> dict[str, str]:
    """The posted form as plain strings; a 4xx-worthy ArbitroError if it cannot be read."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in FORM_TYPES:
        if kind:
            raise NotAForm("the request body is not a form ({kind})", kind=kind[:40])
        raise NotAForm("the request body is not a form (no type)")
    try:
        form = await request.form(max_files=0, max_fields=MAX_FORM_FIELDS)
    except Exception as exc:  # malformed multipart or urlencoded body
        raise ArbitroError("unreadable form: {error}", error=type(exc).__name__) from None
    out: dict[str, str] = {}
    for key, value in form.multi_items():
        if not isinstance(value, str):
            raise ArbitroError("the form takes no files")
        out[key] = value
    return out


def _posted_round(form: dict[str, str]) -> int:
    text = form.get("round", "").strip()
    if not text.isdigit() or len(text) > 4:
        raise ArbitroError("the form does not say the round: reload the table page")
    return int(text)


def _check_round(view: TableView, posted: int) -> None:
    """Refuse a sheet for a round that is not the open one (FIBAS art. 21)."""
    article = view.state.code.cite("corrections")  # a sheet stands once its round is closed
    if view.round_number is None:
        raise RoundClosed(
            "round {round} is closed: no round is under way to send a sheet for",
            round=posted,
            article=article,
        )
    if posted != view.round_number:
        raise RoundClosed(
            "the form is for round {round}, but round {current} is under way: reload the page",
            round=posted,
            current=view.round_number,
            article=article,
        )
    if view.closed:
        raise RoundClosed(
            "round {round}'s standings are published: the sheet can only be corrected",
            round=posted,
            article=article,
        )


@router.post("/t/{token}/preview", include_in_schema=False)
async def table_preview(request: Request, token: str) -> Response:
    """The totals, difference and VP of what is typed so far (htmx fragment, FIBAS
    art. 19-20), with each impossible number's message next to its deal and line."""
    web = web_of(request)
    lang = request_lang(request)
    try:
        form = await _form(request)
        line = _line_param(form.get("line"))
        view = await run_in_threadpool(_load, web, token, line, device_of(request))
        view.differ = True  # the preview is of numbers typed in the form
        if view.round_number is None or view.seating is None or view.seating.is_incomplete:
            closed = view.state.code.cite("corrections")
            raise RoundClosed("no sheet to fill in", article=closed)
        kind = view.state.sheet_kind
        parsed = await run_in_threadpool(
            read_sheet_form,
            kind,
            view.state,
            view.round_number,
            view.seating,
            form,
            lang,
            abandoned=view.abandoned,
        )
    except ArbitroError as exc:
        return _refused(request, exc)
    ctx = _context(view, parsed, lang)
    return private(web.render(request, template(kind, "totals.html"), oob=True, **ctx))


@router.post("/t/{token}", include_in_schema=False)
async def table_submit(request: Request, token: str) -> Response:
    """Submit the sheet for one line (FIBAS art. 19-20): ``pending`` until the other line
    sends (or confirms) the same numbers, then ``confirmed``; different numbers make a
    ``conflict``. Each line signs once, from its own phone: a second submission of a line,
    or a phone that signed for the other line, is refused (art. 20-21)."""
    web = web_of(request)
    lang = request_lang(request)
    # The phone got its device id with the table page; a client that kept no cookie is bound
    # to nothing (it proves nothing either way: the binding keeps honest phones to one line).
    device = device_of(request)
    line: str | None = None
    try:
        if not same_origin(request):
            raise TokenError("cross-site request refused")
        _check_rate(request, web, token)
        form = await _form(request)
        line = _line_param(form.get("line"))
        if line is None:
            raise ArbitroError("say which line you are (N-S or E-W) or, at Scala 40, which player")
        proof = _check_proof(request, web, token, line, form.get("proof"))
        _check_line_rate(request, token, line)  # a proven line's sends: one line's budget
        posted = _posted_round(form)
        source = signing_source(
            web.secret, auth.client_address(request), request.headers.get("user-agent", "")
        )
        view, parsed = await run_in_threadpool(
            _submit, web, token, line, posted, form, lang, device, source
        )
        if view.seating is None:
            return _render_view(request, web, view, None, lang)
        if parsed is not None:
            view.differ = True
            return _render_view(request, web, view, parsed, lang, 422)
    except SignedAlready:
        # A resend of what this phone signed (its first answer lost): answered as the first.
        return _sent(request, token, line)
    except ArbitroError as exc:
        back = None
        if isinstance(exc, NoLineProof) and line is not None:
            back = _page_url(token, line, request.query_params.get("lang"))
        refused = _refused(request, exc, back)
        if isinstance(exc, TooManySubmissions):
            refused.headers["Retry-After"] = "60"
        return refused
    sent = _sent(request, token, line)
    keep_proof(request, sent, token, line, proof)
    return sent


def _sent(request: Request, token: str, line: str | None) -> Response:
    """The answer to a sheet sent: back to the line's page, which says it was sent."""
    target = _page_url(token, line, request.query_params.get("lang"))
    return private(
        RedirectResponse(target + ("&" if "?" in target else "?") + "sent=1", status_code=303)
    )


def _submit(
    web: Web,
    token: str,
    line: str,
    posted: int,
    form: dict[str, str],
    lang: str,
    device: str | None = None,
    source: str | None = None,
) -> tuple[TableView, SheetForm[Any] | None]:
    """Check and enter the sheet under the service's lock (one state read for the checks and
    the write), read by the event's kind of sheet: returns the view, and the parsed form when
    it must be shown again (422)."""
    with web.locked():
        view = _load(web, token, line, device)
        _check_round(view, posted)
        seat = view.seating
        if seat is None:
            return view, None
        if view.individuals:
            _check_player_may_sign(view)
        if seat.is_incomplete:
            raise RoundClosed(
                "the table is incomplete: the line present rests, no sheet",
                article=view.state.code.cite("rest"),
            )
        kind = view.state.sheet_kind
        parsed = read_sheet_form(
            kind, view.state, posted, seat, form, lang, abandoned=view.abandoned
        )
        if parsed.entry is None:
            if parsed.blanks and not parsed.errors and not parsed.general_error:
                parsed.general_error = render(kind.missing_numbers(parsed.blanks), lang)
            return view, parsed
        name = next((name for number, name in view.players if number == line), None)
        view.status = web.service.enter_sheet(
            view.event_id,
            posted,
            view.table_number,
            parsed.entry,
            actor=f"tavolo {view.table_number} {name} ({line})"
            if name
            else f"tavolo {view.table_number} {line}",
            line=line,
            device=device,
            source=source,
            seal=web.secret,  # issue 29: the line's signature carries the installation's proof
        )
        return view, None


def _check_player_may_sign(view: TableView) -> None:
    """At a table of individuals each player signs once (Scala 40 art. 23): refuse a player
    who signed, or a sheet in conflict, which the director settles (art. 24)."""
    # issue 29: the player's own phone may sign after another device signed for them
    # (view.resign): neither refusal below applies to it.
    if not view.resign and (view.mine_sent or view.status == "confirmed"):
        raise ConflictError(
            "table {table}'s sheet is already signed by this player: changes go through the "
            "director",
            table=view.table_number,
            article=view.state.code.cite("corrections"),
        )
    if not view.resign and view.status == "conflict":  # the director settles it
        raise ConflictError(
            "table {table}'s sheet is in conflict: the director settles it from the signed paper",
            table=view.table_number,
            article=view.state.code.cite("corrections"),
        )


@router.get("/t/{token}/status", include_in_schema=False)
def table_status(request: Request, token: str, line: str | None = None) -> Response:
    """The sheet's status as this line sees it (htmx fragment, polled while pending); 204
    while it is still the status the phone shows (``seen``), as the room's displays do."""
    web = web_of(request)
    view = _shown(request, web, token, line, device_of(request))
    if isinstance(view, Response):
        return view
    same_round = request.query_params.get("round", str(view.round_number)) == str(view.round_number)
    if same_round and request.query_params.get("seen") == view.status:
        return private(Response(status_code=204))  # nothing changed: the phone keeps its status
    response = private(web.render(request, "table/status.html", **_status_context(view)))
    if not same_round:
        response.headers["HX-Refresh"] = "true"  # a new round is under way: reload the page
    elif request.query_params.get("reload") and request.query_params.get("seen") != view.status:
        # the sheet changed under a read-only view (confirmed, conflict): show it as it is now,
        # never a button of the old status (a form being typed is never reloaded)
        response.headers["HX-Refresh"] = "true"
    return response
