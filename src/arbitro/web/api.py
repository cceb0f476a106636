"""The JSON API under ``/api/`` (OpenAPI schema at ``/api/openapi.json``; no docs page, which
would load Swagger UI from a CDN).

Reading is open to anyone (the same facts the room displays show): events, an event, a round's
seating, its sheets' status, the standings. Writing is for a logged-in director, who
authenticates with a bearer token from ``POST /api/token`` (``Authorization: Bearer <token>``,
valid ``SESSION_HOURS`` hours, revoked by a logout or a password change; logins throttled:
429 with ``Retry-After``), or with the desk's session cookie plus the session's CSRF token in
the ``X-CSRF-Token`` header. Every write accepts an ``Idempotency-Key`` header: the same key
sent again is answered with the first answer and records nothing (:mod:`arbitro.web.guard`).
Bodies over 2 MiB (an import: 20 MiB) are refused 413 before they are read. Every route goes through one dependency (:class:`Api`: the
service, read and written under its lock); a refused request gets a 4xx with
``{"error": {"message", "msgid", "key", "article"}}`` in the request's language
(:mod:`arbitro.web.errors`): 400 bad input, 401 not logged in, 403 cross-site, 404 not found,
409 conflicts with what is recorded, 422 malformed request.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

from fastapi import APIRouter, Body, Depends, FastAPI, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import EventKind, codes_of
from arbitro.errors import ArbitroError, NotFoundError
from arbitro.i18n import render, use_lang
from arbitro.services.events import EventService

if TYPE_CHECKING:
    from arbitro.games.core.code_arbiter import CodeRuling
from arbitro.tournament import commands
from arbitro.tournament.boards import entry_flags, field_vp
from arbitro.tournament.commands.setup import LateEntry
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.records import AbandonScore, PaymentMethod
from arbitro.tournament.rules import rules_for
from arbitro.tournament.sheets import SheetKind
from arbitro.tournament.standings.standings import session_rounds, session_standings
from arbitro.web import auth, csrf
from arbitro.web.api_models import (
    AbandonIn,
    ArbitralScoreIn,
    CompetitorCreated,
    CompetitorIn,
    CompetitorOut,
    CorrectionIn,
    Done,
    ErrorOut,
    EventConfigIn,
    EventConfigOut,
    EventId,
    EventOut,
    EventSummaryOut,
    FlagOut,
    ImportedOut,
    IrregularityOut,
    LateEntryIn,
    LatenessIn,
    PaymentIn,
    PublishSeatingIn,
    RoundNo,
    RoundOut,
    RulingIn,
    RulingOut,
    SeatIn,
    SeatingOut,
    SheetsOut,
    SheetStatusChange,
    SheetStatusOut,
    StandingOut,
    StandingsOut,
    TableNo,
    TableOut,
    TokenIn,
    TokenOut,
    WarningIn,
)
from arbitro.web.app import Web, request_lang, web_of
from arbitro.web.errors import Unauthorized, WebError
from arbitro.web.forms import EVENT_ID_PATTERN, MAX_ROUNDS

T = TypeVar("T")


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 403, 404, 409, 413, 422, 503)
}
router = APIRouter(prefix="/api", tags=["api"], responses=ERRORS)
bearer = HTTPBearer(auto_error=False, description="Token from POST /api/token")


def install(app: FastAPI) -> None:
    """Make the app's OpenAPI schema read the codes' registry when asked (issue 30): FastAPI
    keeps the schema it made first, so a code registered after (a plugin's) would be missing
    from the enum of ``EventConfigIn.code``; the schema is made again when the codes change."""
    make = app.openapi
    made_for: list[tuple[str, ...]] = []

    def openapi() -> dict[str, Any]:
        codes = codes_of(EventKind.ROUNDS)
        if made_for != [codes]:
            app.openapi_schema = None
            made_for[:] = [codes]
        return make()

    app.openapi = openapi  # type: ignore[method-assign]


# ---------------------------------------------------------------------- the dependency
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

    def done(self, event_id: str, act: Callable[[EventService, str], object]) -> Done:
        """:meth:`write`, answering :class:`Done` (a write with nothing else to return)."""
        self.write(event_id, act)
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


def event_out(web: Web, state: EventState) -> EventOut:
    """An event as the API returns it."""
    now = web.service.clock()
    config = state.config.to_payload()
    config["entry_fee_cents"] = state.entry_fee_cents  # as last set (entry-fee-set)
    return EventOut(
        event_id=state.event_id,
        config=EventConfigOut(**config),
        competitors=[
            CompetitorOut(
                number=c.number,
                name=c.name,
                players=list(c.players),
                withdrawn_from_round=c.withdrawn_from_round,
                joined_round=c.joined_round,
            )
            for c in state.competitors.values()
        ],
        rounds=[
            RoundOut(
                number=n,
                deals=state.deals(n),
                movement=state.config.movements[n - 1],
                seated=state.round(n).seating is not None,
                seating_published=state.round(n).seating_published_at is not None,
                standings_published=state.round(n).standings_published_at is not None,
                standings_final=state.standings_final(n, now),
            )
            for n in range(1, state.config.rounds + 1)
        ],
        current_round=state.current_round(),
    )


def seating_out(state: EventState, round_number: int, *, unpublished: bool = False) -> SeatingOut:
    """A round's seating (its tables once published, or always with ``unpublished``)."""
    r = state.round(round_number)
    published = r.seating_published_at is not None
    shown = r.seating is not None and (published or unpublished)
    return SeatingOut(
        round=round_number,
        movement=r.movement if shown else None,
        published=published,
        version=r.version if shown else 0,
        tables=[
            TableOut(
                table=t.table,
                ns=None if t.ns is None else list(t.ns),
                ew=None if t.ew is None else list(t.ew),
            )
            for t in (r.seating.tables if r.seating and shown else ())
        ],
    )


def flags_out(
    state: EventState, round_number: int, lang: str, table: int | None = None
) -> list[FlagOut]:
    """The round's impossible-score flags (carte uguali, FIBAS arts. 3, 19-20), only
    ``table``'s if given, their problems in ``lang``."""
    return [
        FlagOut(
            table=f.table,
            deal=f.deal,
            board=f.board,
            problems=[render(p, lang) for p in f.problems],
        )
        for f in entry_flags(state, round_number, table)
    ]


class MalformedSheet(WebError):
    """A sheet whose JSON form its kind cannot read (422, as any malformed body)."""

    status = 422


# The API's sheet: a JSON object, read by the event's kind of sheet (``api_sheet_entry``).
SheetBody = Annotated[
    dict[str, Any],
    Body(
        description="The sheet in its kind's JSON form. Two lines (FIBAS art. 19): "
        '``{"deals": [{"ns_base", "ns_points", "ew_base", "ew_points"}, ...], '
        '"closed_room": [...]}``; individuals (Scala 40 art. 22): ``{"players": [...], '
        '"points": [[...], ...], "abandoned": null}``',
        examples=[{"deals": [{"ns_base": 300, "ns_points": 120, "ew_base": 100, "ew_points": 45}]}],
    ),
]


def api_sheet_entry(kind: SheetKind[Any], data: Mapping[str, Any]) -> Any:
    """The entry of the API's sheet ``data``, read and validated by ``kind``; a malformed
    one is refused 422 with what is wrong (FIBAS art. 19; Scala 40 art. 22)."""
    try:
        return kind.read_api(data)
    except ArbitroError as err:
        raise MalformedSheet(err.msg, article=err.article, key=err.key) from None


def sheets_out(state: EventState, round_number: int, lang: str = "it") -> SheetsOut:
    """The status of each table's sheet in a published round, with the figures in force: in
    a carte uguali event the comparison's VP once the round is complete, none before (FIBAS
    art. 20), and each sheet's impossible-score flags."""
    r = state.round(round_number)
    if r.seating is None or r.seating_published_at is None:
        return SheetsOut(round=round_number, sheets=[], missing=[])
    compared = field_vp(state, round_number, round_number)
    kind = state.sheet_kind
    flags: dict[int, list[FlagOut]] = {}
    for f in flags_out(state, round_number, lang):
        flags.setdefault(f.table, []).append(f)
    rows = []
    for t in r.seating.tables:
        status = commands.sheet_status(state, round_number, t.table)
        sheet = r.sheets.get(t.table)
        entry = sheet.entry_as_of(round_number) if sheet else None
        figures: dict[str, Any] = {}
        if entry is not None:  # the kind's figures of its sheet in force
            result = kind.score(state.sheet_context(round_number, t), entry)
            figures = kind.api_figures(entry, result)
        row = SheetStatusOut.model_validate({"table": t.table, "status": status, **figures})
        row.third_device = sorted(sheet.resigned) if sheet else []  # issue 29
        row.same_source = sheet.same_source_lines if sheet else []
        if compared is not None and row.ns_vp is not None and row.ew_vp is not None:
            vp = compared.of(t.table, (row.ns_vp, row.ew_vp))
            row.ns_vp, row.ew_vp = vp if vp is not None else (None, None)
            row.awaiting_comparison = vp is None
        row.flags = flags.get(t.table, [])
        rows.append(row)
    return SheetsOut(
        round=round_number, sheets=rows, missing=commands.missing_sheets(state, round_number)
    )


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


def status_out(
    api: Api, event_id: str, round_number: int, table: int, lang: str
) -> SheetStatusChange:
    """A table's sheet status after an action, with the flags of its sheet in force
    (carte uguali, FIBAS art. 20)."""

    def read(state: EventState) -> SheetStatusChange:
        return SheetStatusChange(
            table=table,
            status=commands.sheet_status(state, round_number, table),
            flags=flags_out(state, round_number, lang, table),
        )

    return api.read(event_id, read)


# ---------------------------------------------------------------------- auth
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


# ---------------------------------------------------------------------- reading
@router.get("/events", response_model=list[EventSummaryOut])
def list_events(api: Reader) -> list[EventSummaryOut]:
    """Every event of the installation."""
    return [
        EventSummaryOut(
            event_id=e.event_id, name=e.name, created_at=e.created_at, record_count=e.record_count
        )
        for e in api.web.store.list_events()
    ]


@router.get("/events/{event_id}", response_model=EventOut)
def get_event(event_id: EventId, api: Reader) -> EventOut:
    """One event: configuration, competitors and rounds."""
    return api.read(event_id, lambda state: event_out(api.web, state))


@router.get("/events/{event_id}/rounds/{round_number}/seating", response_model=SeatingOut)
def get_seating(event_id: EventId, round_number: RoundNo, api: Reader) -> SeatingOut:
    """A round's seating (before publication only the director sees it on the desk; here it
    is given once published)."""
    return api.read(event_id, lambda state: seating_out(state, round_number))


def director_of(request: Request, credentials: HTTPAuthorizationCredentials | None) -> str | None:
    """The director reading (a valid bearer token or desk session), or None for anyone."""
    web = web_of(request)
    token = credentials.credentials if credentials is not None else None
    session = auth.live_session(web, token or request.cookies.get(auth.SESSION_COOKIE))
    return None if session is None else session.user


@router.get("/events/{event_id}/rounds/{round_number}/sheets", response_model=SheetsOut)
def get_sheets(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    api: Reader,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)] = None,
) -> SheetsOut:
    """The status of each table's sheet in a round: missing, pending (one line only),
    confirmed, conflict, rest. Until the round's standings are published only the director
    sees them (issue 13 §9: pending and conflicting sheets are the director's to settle)."""

    def read(state: EventState) -> SheetsOut:
        published = state.round(round_number).standings_published_at is not None
        if not published and director_of(request, credentials) is None:
            raise Unauthorized(
                "round {round}'s sheets are shown once its standings are published",
                round=round_number,
            )
        return sheets_out(state, round_number, request_lang(request))

    return api.read(event_id, read)


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


# ---------------------------------------------------------------------- writing
@router.post("/events", response_model=EventOut, status_code=201)
def create_event(body: EventConfigIn, api: Writer) -> EventOut:
    """Create an event (director)."""
    if len(body.deals) != body.rounds or len(body.movements) != body.rounds:
        raise ArbitroError(
            "give the deals and the movement of each of the {rounds} rounds", rounds=body.rounds
        )
    rules = rules_for(body.code)
    config = EventConfig(
        name=body.name,
        code=CodeId(body.code),
        game=GameId(rules.game),
        event_format=body.format,
        rounds=body.rounds,
        deals=tuple(body.deals),
        movements=tuple(body.movements),
        mitchell_step=body.mitchell_step,
        seed=body.seed,
        duplicate=body.duplicate or body.carte_uguali or body.comparison not in (None, "table"),
        comparison=body.comparison or ("others" if body.carte_uguali else None),
        complaints_window_minutes=rules.complaints_window_minutes
        if body.complaints_window_minutes is None
        else body.complaints_window_minutes,
        entry_fee_cents=body.entry_fee_cents,
        session_starts=tuple(body.session_starts),
        timezone=body.timezone,
    )
    service = api.service
    with api.web.locked():
        commands.create_event(config, service.clock())
        state = service.create_event(body.event_id, config, actor=api.director)
        return event_out(api.web, state)


@router.post("/events/{event_id}/competitors", response_model=CompetitorCreated, status_code=201)
def register(event_id: EventId, body: CompetitorIn, api: Writer) -> CompetitorCreated:
    """Register a competitor (director; FIBAS art. 2, 4, late entries art. 37)."""
    number = api.write(
        event_id, lambda svc, user: svc.register(event_id, body.name, body.players, user)
    )
    return CompetitorCreated(competitor=number)


@router.post("/events/{event_id}/late-entries", response_model=CompetitorCreated, status_code=201)
def admit_late(event_id: EventId, body: LateEntryIn, api: Writer) -> CompetitorCreated:
    """Admit a latecomer from a later round (director; docs/rulings.md "Late entries": FIBAS
    art. 37 refuses a plain registration after round 1, Scala 40 art. 26 fixes the score of
    the missed rounds), its missed rounds scored as chosen, ranked or not."""
    late = LateEntry(body.from_round, body.missed, body.vp, body.mp, not body.unranked)
    number = api.write(
        event_id,
        lambda svc, user: svc.register(event_id, body.name, body.players, user, late=late),
    )
    return CompetitorCreated(competitor=number)


@router.post("/events/{event_id}/rounds/{round_number}/seat", response_model=SeatingOut)
def seat(
    event_id: EventId,
    round_number: RoundNo,
    api: Writer,
    body: Annotated[SeatIn | None, Body()] = None,
) -> SeatingOut:
    """Seat a round (director; FIBAS art. 4), again if needed until its seating is
    published; with ``publish`` the seating is published at once. Returns the seating (even
    unpublished)."""
    seat_in = body or SeatIn(movement=None, seed=None, publish=False)

    def act(svc: EventService, user: str) -> SeatingOut:
        state = svc.seat(
            event_id,
            round_number,
            movement=seat_in.movement,
            seed=seat_in.seed,
            publish=seat_in.publish,
            actor=user,
        )
        return seating_out(state, round_number, unpublished=True)

    return api.write(event_id, act)


@router.post("/events/{event_id}/rounds/{round_number}/publish-seating", response_model=Done)
def publish_seating(
    event_id: EventId,
    round_number: RoundNo,
    api: Writer,
    body: Annotated[PublishSeatingIn | None, Body()] = None,
) -> Done:
    """Publish a round's seating (director; from then on it stands, FIBAS art. 21); with
    ``seen`` (the seating's ``version``), only that one: else 409 with the tables that
    changed (``changes``)."""
    seen = body.seen if body else None
    return api.done(
        event_id, lambda svc, user: svc.publish_seating(event_id, round_number, user, seen=seen)
    )


@router.post(
    "/events/{event_id}/rounds/{round_number}/tables/{table}/sheet",
    response_model=SheetStatusChange,
)
def enter_sheet(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    table: TableNo,
    body: SheetBody,
    api: Writer,
) -> SheetStatusChange:
    """The director transcribes a table's signed sheet (FIBAS art. 19-20; Scala 40 art. 22),
    in the JSON form of the event's kind of sheet; in a carte uguali event the answer carries
    the deals its prepared boards make impossible."""
    entry = api.read(event_id, lambda state: api_sheet_entry(state.sheet_kind, body))
    status = api.write(
        event_id,
        lambda svc, user: svc.enter_sheet(event_id, round_number, table, entry, actor=user),
    )
    changed = status_out(api, event_id, round_number, table, request_lang(request))
    return SheetStatusChange(table=table, status=status, flags=changed.flags)


@router.post(
    "/events/{event_id}/rounds/{round_number}/tables/{table}/confirm",
    response_model=SheetStatusChange,
)
def confirm_sheet(
    request: Request, event_id: EventId, round_number: RoundNo, table: TableNo, api: Writer
) -> SheetStatusChange:
    """The director confirms a sheet submitted by one line only (FIBAS art. 20)."""
    api.write(
        event_id, lambda svc, user: svc.confirm_sheet(event_id, round_number, table, actor=user)
    )
    return status_out(api, event_id, round_number, table, request_lang(request))


@router.post(
    "/events/{event_id}/rounds/{round_number}/tables/{table}/correct",
    response_model=SheetStatusChange,
)
def correct_sheet(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    table: TableNo,
    body: CorrectionIn,
    api: Writer,
) -> SheetStatusChange:
    """Correct a sheet with a reason (FIBAS art. 21): sum, inverted (the table agrees),
    conflict, arbiter."""
    entry = (
        None
        if body.entry is None
        else api.read(event_id, lambda state: api_sheet_entry(state.sheet_kind, body.entry or {}))
    )
    api.write(
        event_id,
        lambda svc, user: svc.correct_sheet(
            event_id,
            round_number,
            table,
            kind=body.kind,
            reason=body.reason,
            entry=entry,
            table_agrees=body.table_agrees,
            by_arbiter=body.kind == "arbiter",
            actor=user,
        ),
    )
    return status_out(api, event_id, round_number, table, request_lang(request))


@router.post("/events/{event_id}/payments", response_model=Done)
def payment(event_id: EventId, body: PaymentIn, api: Writer) -> Done:
    """Record an entry fee paid at the desk (director; docs/rulings.md "Entry fees")."""
    method = PaymentMethod(body.method)
    return api.done(
        event_id,
        lambda svc, user: svc.pay(
            event_id, [body.competitor], body.amount_cents, method, actor=user
        ),
    )


@router.post("/events/{event_id}/rounds/{round_number}/lateness", response_model=Done)
def lateness(event_id: EventId, round_number: RoundNo, body: LatenessIn, api: Writer) -> Done:
    """Record a lateness (FIBAS art. 37)."""
    return api.done(
        event_id,
        lambda svc, user: svc.record_lateness(
            event_id, round_number, body.competitor, body.seconds, actor=user
        ),
    )


@router.post("/events/{event_id}/rounds/{round_number}/warnings", response_model=Done)
def warning(event_id: EventId, round_number: RoundNo, body: WarningIn, api: Writer) -> Done:
    """Give a warning (FIBAS art. 41)."""
    return api.done(
        event_id,
        lambda svc, user: svc.give_warning(
            event_id, round_number, body.competitor, body.reason, actor=user
        ),
    )


@router.post("/events/{event_id}/rounds/{round_number}/abandons", response_model=Done)
def abandon(event_id: EventId, round_number: RoundNo, body: AbandonIn, api: Writer) -> Done:
    """Record an abandon (FIBAS art. 36; Parole art. 13.4: the arbiter's choice of score)."""
    score = AbandonScore(body.score) if body.score else None
    return api.done(
        event_id,
        lambda svc, user: svc.record_abandon(
            event_id,
            round_number,
            body.competitor,
            body.justified,
            body.reason,
            actor=user,
            score=score,
        ),
    )


@router.post("/events/{event_id}/rounds/{round_number}/arbitral-scores", response_model=Done)
def arbitral(event_id: EventId, round_number: RoundNo, body: ArbitralScoreIn, api: Writer) -> Done:
    """Assign an arbitral score (FIBAS art. 40)."""
    return api.done(
        event_id,
        lambda svc, user: svc.arbitral_score(
            event_id, round_number, body.competitor, body.mp, body.vp, body.reason, actor=user
        ),
    )


@router.post("/events/{event_id}/rounds/{round_number}/publish-standings", response_model=Done)
def publish_standings(event_id: EventId, round_number: RoundNo, api: Writer) -> Done:
    """Publish the round's standings (provisional during the complaints window, FIBAS
    art. 39)."""
    return api.done(event_id, lambda svc, user: svc.publish_standings(event_id, round_number, user))


@router.post("/events/{event_id}/rulings", response_model=RulingOut, status_code=201)
def give_ruling(event_id: EventId, body: RulingIn, request: Request, api: Writer) -> RulingOut:
    """Rule on a table's situation by the arbiter of the event's code and record the ruling,
    its warnings and its score row in one transaction (issue 31); a ruling of another code
    than the event's is refused."""
    from arbitro.services.rulings import record_game_ruling, record_ruling

    def act(svc: EventService, user: str) -> tuple[int, CodeRuling]:
        if body.round is None or body.table is None:
            raise ArbitroError("give the round and the table, or the match and the game")
        return record_ruling(
            svc,
            event_id,
            body.round,
            body.table,
            body.situation,
            code=body.code,
            actor=user,
            reason=body.reason,
        )

    if body.match is not None and body.game is not None:
        with api.web.locked():
            if not api.web.store.has_event(event_id):
                raise NotFoundError("no event «{event_id}»", event_id=event_id)
            seq, ruling = record_game_ruling(
                api.web.knockout,
                event_id,
                body.match,
                body.game,
                body.situation,
                code=body.code,
                actor=api.director,
                reason=body.reason,
            )
    else:
        seq, ruling = api.write(event_id, act)
    with use_lang(request_lang(request)):
        return RulingOut(seq=seq, **ruling.as_json())


@router.get("/codes/{code}/irregularities", response_model=list[IrregularityOut])
def code_irregularities(code: str, request: Request) -> list[IrregularityOut]:
    """The irregularities the code's arbiter rules on, with their articles and fields."""
    from arbitro.codes.registry import code_spec
    from arbitro.services.rulings import arbiter_of

    kinds = arbiter_of(code_spec(code).id).irregularities()
    with use_lang(request_lang(request)):
        return [IrregularityOut(**k.as_json()) for k in kinds]


@router.get("/events/{event_id}/export")
def export(event_id: EventId, api: Writer) -> dict[str, Any]:
    """The event file (director): every record, to back up, move or replay the event."""
    from arbitro.services.event_file import export_event

    return api.write(event_id, lambda svc, user: export_event(svc, event_id))


@router.post("/events/import", response_model=ImportedOut, status_code=201)
def import_event_file(
    api: Writer,
    body: Annotated[dict[str, Any], Body(description="An event file (format arbitro-event-file)")],
    event_id: Annotated[str | None, Query(pattern=EVENT_ID_PATTERN.pattern, max_length=64)] = None,
    unverified: Annotated[
        bool, Query(description="Import even records a live action would refuse, marked unverified")
    ] = False,
) -> ImportedOut:
    """Import an event file as a new event (director); ``event_id`` overrides the file's.
    Each record is decided as its live action (issue 29): a file with problems is refused
    422 with every problem, unless ``unverified``."""
    from arbitro.services.event_file import import_event

    with api.web.locked():
        state = import_event(api.service, body, event_id, api.director, unverified=unverified)
        stored = state.event_id
        return ImportedOut(
            event_id=stored,
            name=str(body.get("name", stored)),
            records=api.web.store.last_seq(stored),
        )
