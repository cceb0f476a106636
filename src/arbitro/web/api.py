"""The JSON API under ``/api/`` (OpenAPI schema at ``/api/openapi.json``; no docs page, which would load Swagger UI from a CDN).

Reading is open to anyone (the same facts the room displays show): events, an event, a round's
seating, its sheets' status, the standings. Writing is for a logged-in director, who
authenticates with a bearer token from ``POST /api/token`` (``Authorization: Bearer <token>``,
valid ``SESSION_HOURS`` hours), or with the desk's session cookie plus the session's CSRF token
in the ``X-CSRF-Token`` header. A refused request gets a 4xx with
``{"error": {"it": ..., "en": ..., "article": ...}}``: 400 bad input, 401 not logged in, 403
cross-site, 404 not found, 409 conflicts with what is recorded, 422 malformed request.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, HTTPException, Path, Query, Request, Response
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from arbitro.errors import ArbitroError, NotFoundError
from arbitro.store import users as user_store
from arbitro.tournament import commands
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring.scala40_sheet import Scala40Entry
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry, score_sheet
from arbitro.web import auth, csrf
from arbitro.web.app import Web, web_of
from arbitro.web.desk import EVENT_ID_PATTERN, MAX_ROUNDS, status_for

MAX_POINTS = 100_000
MAX_COMPETITOR = 100_000
MAX_TABLE = 10_000


# ---------------------------------------------------------------------- errors
class ErrorBody(BaseModel):
    """A refusal in Italian and English, with the article of the code it enforces."""

    it: str
    en: str
    article: str | None = None


class ErrorOut(BaseModel):
    """The body of every 4xx answer."""

    error: ErrorBody


def error_response(status: int, it: str, en: str, article: str | None = None) -> JSONResponse:
    """A 4xx JSON answer in the API's error form."""
    body = {"error": {"it": it, "en": en, "article": article}}
    return JSONResponse(body, status_code=status)


HTTP_MESSAGES: dict[int, tuple[str, str]] = {
    401: ("accesso del direttore richiesto", "director login required"),
    403: ("richiesta rifiutata", "request refused"),
    404: ("non trovato", "not found"),
}


class ApiRoute(APIRoute):
    """An API route whose refusals are 4xx JSON in the API's error form, never a 500."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """Wrap FastAPI's handler."""
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except ArbitroError as exc:
                return error_response(status_for(exc), exc.it, exc.en, exc.article)
            except RequestValidationError as exc:
                problems = "; ".join(
                    f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}"
                    for e in exc.errors()
                )[:2000]
                body = {
                    "error": {
                        "it": f"richiesta non valida — {problems}",
                        "en": f"invalid request — {problems}",
                        "article": None,
                    },
                    "detail": jsonable_encoder(
                        [{"loc": e.get("loc"), "msg": e.get("msg")} for e in exc.errors()]
                    ),
                }
                return JSONResponse(body, status_code=422)
            except StarletteHTTPException as exc:
                it, en = HTTP_MESSAGES.get(exc.status_code, ("richiesta rifiutata", "refused"))
                if isinstance(exc.detail, str) and " / " in exc.detail:
                    it, en = exc.detail.split(" / ", 1)
                response = error_response(exc.status_code, it, en)
                for key, value in (exc.headers or {}).items():
                    response.headers[key] = value
                return response

        return route


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 403, 404, 409, 422)
}
router = APIRouter(prefix="/api", tags=["api"], route_class=ApiRoute, responses=ERRORS)
bearer = HTTPBearer(auto_error=False, description="Token from POST /api/token")


# ---------------------------------------------------------------------- models
class Strict(BaseModel):
    """Request bodies refuse unknown fields."""

    model_config = ConfigDict(extra="forbid")


class TokenIn(Strict):
    """A director's name and password."""

    username: str = Field(min_length=1, max_length=200)
    password: str = Field(min_length=1, max_length=1000)


class TokenOut(BaseModel):
    """A bearer token for the write endpoints."""

    access_token: str
    token_type: Literal["bearer"] = "bearer"
    expires_in: int


class EventSummaryOut(BaseModel):
    """An event in the list."""

    event_id: str
    name: str
    created_at: datetime
    record_count: int


EventId = Annotated[str, Path(min_length=1, max_length=100, description="The event's id")]
RoundNo = Annotated[int, Path(ge=1, le=MAX_ROUNDS, description="Round number")]
TableNo = Annotated[int, Path(ge=1, le=MAX_TABLE, description="Table number")]
Points = Annotated[int, Field(ge=-MAX_POINTS, le=MAX_POINTS)]
CompetitorNo = Annotated[int, Field(ge=1, le=MAX_COMPETITOR)]
Reason = Annotated[str, Field(min_length=1, max_length=1000)]


class EventConfigIn(Strict):
    """An event's configuration (art. 4 movements, art. 7 deals, art. 39 complaints)."""

    event_id: str = Field(pattern=EVENT_ID_PATTERN.pattern, max_length=64)
    name: str = Field(min_length=1, max_length=200)
    code: Literal["burraco-fibas", "burraco-parole-uisp", "scala40"] = "burraco-fibas"
    format: EventFormat = EventFormat.PAIRS
    rounds: int = Field(ge=1, le=MAX_ROUNDS)
    deals: list[Annotated[int, Field(ge=1, le=10)]] = Field(min_length=1, max_length=MAX_ROUNDS)
    movements: list[Movement] = Field(min_length=1, max_length=MAX_ROUNDS)
    seed: int = Field(0, ge=0, le=2**31 - 1)
    mitchell_step: int = Field(1, ge=1, le=99)
    duplicate: bool = False
    complaints_window_minutes: Annotated[
        int | None, Field(ge=0, le=24 * 60, description="Default: the code's window")
    ] = None


class EventConfigOut(BaseModel):
    """An event's configuration as recorded."""

    name: str
    game: str
    code: str
    format: EventFormat
    rounds: int
    deals: list[int]
    movements: list[Movement]
    seed: int
    mitchell_step: int
    duplicate: bool
    complaints_window_minutes: int


class CompetitorOut(BaseModel):
    """A registered competitor."""

    number: int
    name: str
    players: list[str]
    withdrawn_from_round: int | None


class RoundOut(BaseModel):
    """A round's progress."""

    number: int
    deals: int
    movement: Movement
    seated: bool
    seating_published: bool
    standings_published: bool
    standings_final: bool


class EventOut(BaseModel):
    """An event: configuration, competitors, rounds."""

    event_id: str
    config: EventConfigOut
    competitors: list[CompetitorOut]
    rounds: list[RoundOut]
    current_round: int


class TableOut(BaseModel):
    """One table of a seating: the competitors of each line (``null`` for a missing line)."""

    table: int
    ns: list[int] | None
    ew: list[int] | None


class SeatingOut(BaseModel):
    """A round's seating."""

    round: int
    movement: Movement | None
    published: bool
    tables: list[TableOut]


class SheetStatusOut(BaseModel):
    """A table's sheet: status and, once entered, the totals and VP in force."""

    table: int
    status: Literal["missing", "pending", "confirmed", "conflict", "rest"]
    ns_total: int | None = None
    ew_total: int | None = None
    ns_vp: int | None = None
    ew_vp: int | None = None
    players: Annotated[
        list[int] | None, Field(description="Scala 40: the table's players, in sheet order")
    ] = None
    player_totals: Annotated[
        list[int] | None, Field(description="Scala 40: each player's negative points")
    ] = None


class SheetsOut(BaseModel):
    """The sheets of a round, table by table, and the tables still without a usable result."""

    round: int
    sheets: list[SheetStatusOut]
    missing: list[int]


class StandingOut(BaseModel):
    """A line of the standings (art. 19: VP, then MP)."""

    rank: int
    competitor: int
    name: str
    vp: int
    mp: int
    warnings: int
    penalty_vp: int
    penalty_mp: int
    withdrawn: bool


class StandingsOut(BaseModel):
    """The standings after a round; ``final`` once the complaints window passed (art. 39)."""

    after_round: int
    published: bool
    final: bool
    rows: list[StandingOut]


class CompetitorIn(Strict):
    """A competitor to register (art. 2): name and, optionally, its players."""

    name: str = Field(min_length=1, max_length=200)
    players: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list, max_length=30
    )


class CompetitorCreated(BaseModel):
    """The number given to a new competitor."""

    competitor: int


class SeatIn(Strict):
    """Seat a round (art. 4): movement and seed default to the event's; publish at once?"""

    movement: Movement | None = None
    seed: int | None = Field(None, ge=0, le=2**62)
    publish: bool = False


class DealIn(Strict):
    """One deal of a sheet: base and card points of each line (art. 19)."""

    ns_base: Points
    ns_points: Points
    ew_base: Points
    ew_points: Points


class SheetIn(Strict):
    """A sheet: the deals (for teams the open room's) and, for teams, the closed room's."""

    deals: list[DealIn] = Field(min_length=1, max_length=10)
    closed_room: list[DealIn] | None = Field(None, min_length=1, max_length=10)

    def entry(self) -> SheetEntry:
        """The domain's SheetEntry."""

        def rows(deals: list[DealIn]) -> tuple[DealScore, ...]:
            return tuple(
                DealScore(LineDeal(d.ns_base, d.ns_points), LineDeal(d.ew_base, d.ew_points))
                for d in deals
            )

        return SheetEntry(
            rows(self.deals), None if self.closed_room is None else rows(self.closed_room)
        )


class CorrectionIn(Strict):
    """A correction of a sheet (art. 21), always with a reason."""

    kind: Literal["sum", "inverted", "conflict", "arbiter"]
    reason: Reason
    entry: SheetIn | None = None
    table_agrees: bool = False


class LatenessIn(Strict):
    """A lateness (art. 37)."""

    competitor: CompetitorNo
    seconds: int = Field(ge=1, le=36_000)


class WarningIn(Strict):
    """A warning (art. 41)."""

    competitor: CompetitorNo
    reason: Reason


class AbandonIn(Strict):
    """An abandon (art. 36), justified or not."""

    competitor: CompetitorNo
    justified: bool
    reason: Reason


class ArbitralScoreIn(Strict):
    """An arbitral score (art. 40)."""

    competitor: CompetitorNo
    mp: Points
    vp: int = Field(ge=-100, le=100)
    reason: Reason


class SheetStatusChange(BaseModel):
    """A sheet's status after an entry, confirmation or correction."""

    table: int
    status: str


class Done(BaseModel):
    """An action was recorded."""

    ok: bool = True


# ---------------------------------------------------------------------- helpers
def api_director(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)] = None,
) -> auth.Session:
    """The director of a write request: a valid bearer token, or the session cookie with the
    session's CSRF token in ``X-CSRF-Token`` from this site; else 401 (403 cross-site)."""
    secret = web_of(request).secret
    if credentials is not None:
        session = auth.read_session(secret, credentials.credentials)
        if session is None:
            raise HTTPException(
                401,
                "token non valido o scaduto / token not valid or expired",
                headers={"WWW-Authenticate": "Bearer"},
            )
        return session
    session = auth.read_session(secret, request.cookies.get(auth.SESSION_COOKIE))
    if session is None:
        raise HTTPException(401, headers={"WWW-Authenticate": "Bearer"})
    csrf.check_origin(request)
    csrf.check_token(secret, session.nonce, request.headers.get(csrf.CSRF_HEADER))
    return session


DirectorDep = Annotated[auth.Session, Depends(api_director)]


def state_of(web: Web, event_id: str) -> EventState:
    """The event's state (404 if there is no such event)."""
    if not web.store.has_event(event_id):
        raise NotFoundError(f"gara «{event_id}» inesistente", f"no event «{event_id}»")
    return web.service.state(event_id)


def event_out(web: Web, state: EventState) -> EventOut:
    """An event as the API returns it."""
    now = web.service.clock()
    config = state.config.to_payload()
    config.pop("session_starts", None)
    return EventOut(
        event_id=state.event_id,
        config=EventConfigOut(**config),
        competitors=[
            CompetitorOut(
                number=c.number,
                name=c.name,
                players=list(c.players),
                withdrawn_from_round=c.withdrawn_from_round,
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


# ---------------------------------------------------------------------- auth
@router.post("/token", response_model=TokenOut)
def token(request: Request, body: TokenIn) -> TokenOut:
    """Exchange a director's name and password for a bearer token (valid 24 hours)."""
    web = web_of(request)
    if not user_store.authenticate(web.store, body.username, body.password):
        raise HTTPException(
            401,
            "nome utente o password errati / wrong user name or password",
            headers={"WWW-Authenticate": "Bearer"},
        )
    return TokenOut(
        access_token=auth.make_session(web.secret, body.username),
        expires_in=auth.SESSION_HOURS * 3600,
    )


# ---------------------------------------------------------------------- reading
@router.get("/events", response_model=list[EventSummaryOut])
def list_events(request: Request) -> list[EventSummaryOut]:
    """Every event of the installation."""
    return [
        EventSummaryOut(
            event_id=e.event_id, name=e.name, created_at=e.created_at, record_count=e.record_count
        )
        for e in web_of(request).store.list_events()
    ]


@router.get("/events/{event_id}", response_model=EventOut)
def get_event(request: Request, event_id: EventId) -> EventOut:
    """One event: configuration, competitors and rounds."""
    web = web_of(request)
    with web.lock:
        return event_out(web, state_of(web, event_id))


@router.get("/events/{event_id}/rounds/{round_number}/seating", response_model=SeatingOut)
def get_seating(request: Request, event_id: EventId, round_number: RoundNo) -> SeatingOut:
    """A round's seating (before publication only the director sees it on the desk; here it
    is given once published)."""
    web = web_of(request)
    with web.lock:
        state = state_of(web, event_id)
        r = state.round(round_number)
        published = r.seating_published_at is not None
        tables = r.seating.tables if r.seating and published else ()
        return SeatingOut(
            round=round_number,
            movement=r.movement if published else None,
            published=published,
            tables=[
                TableOut(
                    table=t.table,
                    ns=None if t.ns is None else list(t.ns),
                    ew=None if t.ew is None else list(t.ew),
                )
                for t in tables
            ],
        )


@router.get("/events/{event_id}/rounds/{round_number}/sheets", response_model=SheetsOut)
def get_sheets(request: Request, event_id: EventId, round_number: RoundNo) -> SheetsOut:
    """The status of each table's sheet in a round: missing, pending (one line only),
    confirmed, conflict, rest."""
    web = web_of(request)
    with web.lock:
        state = state_of(web, event_id)
        r = state.round(round_number)
        rows = []
        if r.seating is not None and r.seating_published_at is not None:
            for t in r.seating.tables:
                status = commands.sheet_status(state, round_number, t.table)
                sheet = r.sheets.get(t.table)
                entry = sheet.entry_as_of(round_number) if sheet else None
                row = SheetStatusOut(table=t.table, status=status)  # type: ignore[arg-type]
                if isinstance(entry, Scala40Entry):
                    row.players = list(entry.players)
                    row.player_totals = [
                        sum(r[i] or 0 for r in entry.deals if i < len(r))
                        for i in range(len(entry.players))
                    ]
                elif entry is not None:
                    result = score_sheet(
                        state.code,
                        entry,
                        deals=state.deals(round_number),
                        teams=state.config.event_format is EventFormat.TEAMS,
                        duplicate=state.config.duplicate,
                    )
                    row.ns_total, row.ew_total = result.ns_total, result.ew_total
                    row.ns_vp, row.ew_vp = result.ns_vp, result.ew_vp
                rows.append(row)
            missing = commands.missing_sheets(state, round_number)
        else:
            missing = []
        return SheetsOut(round=round_number, sheets=rows, missing=missing)


@router.get("/events/{event_id}/standings", response_model=StandingsOut)
def get_standings(
    request: Request,
    event_id: EventId,
    after_round: Annotated[int | None, Query(ge=1, le=MAX_ROUNDS)] = None,
) -> StandingsOut:
    """The published standings after a round (default: the last published one); ``final``
    once the complaints window has passed with no complaint open (art. 39)."""
    web = web_of(request)
    with web.lock:
        state = state_of(web, event_id)
        if after_round is None:
            published = [n for n, r in state.rounds.items() if r.standings_published_at is not None]
            after_round = max(published, default=1)
        r = state.round(after_round)
        if r.standings_published_at is None:
            return StandingsOut(after_round=after_round, published=False, final=False, rows=[])
        rows = web.service.standings(event_id, after_round)
        return StandingsOut(
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
                )
                for s in rows
            ],
        )


# ---------------------------------------------------------------------- writing
@router.post("/events", response_model=EventOut, status_code=201)
def create_event(request: Request, director: DirectorDep, body: EventConfigIn) -> EventOut:
    """Create an event (director)."""
    web = web_of(request)
    if len(body.deals) != body.rounds or len(body.movements) != body.rounds:
        raise ArbitroError(
            f"indicare smazzate e movimento per ognuno dei {body.rounds} turni",
            f"give the deals and the movement of each of the {body.rounds} rounds",
        )
    config = EventConfig(
        name=body.name,
        code=body.code,
        game=rules_for(body.code).game,
        event_format=body.format,
        rounds=body.rounds,
        deals=tuple(body.deals),
        movements=tuple(body.movements),
        mitchell_step=body.mitchell_step,
        seed=body.seed,
        duplicate=body.duplicate,
        complaints_window_minutes=rules_for(body.code).complaints_window_minutes
        if body.complaints_window_minutes is None
        else body.complaints_window_minutes,
    )
    with web.lock:
        commands.create_event(config, web.service.clock())
        state = web.service.create_event(body.event_id, config, actor=director.user)
        return event_out(web, state)


@router.post("/events/{event_id}/competitors", response_model=CompetitorCreated, status_code=201)
def register(
    request: Request, event_id: EventId, director: DirectorDep, body: CompetitorIn
) -> CompetitorCreated:
    """Register a competitor (director; art. 2, 4, late entries art. 37)."""
    web = web_of(request)
    with web.lock:
        state_of(web, event_id)
        number = web.service.register(event_id, body.name, body.players, actor=director.user)
    return CompetitorCreated(competitor=number)


@router.post("/events/{event_id}/rounds/{round_number}/seat", response_model=SeatingOut)
def seat(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    director: DirectorDep,
    body: Annotated[SeatIn | None, Body()] = None,
) -> SeatingOut:
    """Seat a round (director; art. 4), again if needed until its seating is published; with
    ``publish`` the seating is published at once. Returns the seating (even unpublished)."""
    web = web_of(request)
    with web.lock:
        state_of(web, event_id)
        body = body or SeatIn(movement=None, seed=None, publish=False)
        state = web.service.seat(
            event_id,
            round_number,
            movement=body.movement,
            seed=body.seed,
            publish=body.publish,
            actor=director.user,
        )
        r = state.round(round_number)
        assert r.seating is not None
        return SeatingOut(
            round=round_number,
            movement=r.movement,
            published=r.seating_published_at is not None,
            tables=[
                TableOut(
                    table=t.table,
                    ns=None if t.ns is None else list(t.ns),
                    ew=None if t.ew is None else list(t.ew),
                )
                for t in r.seating.tables
            ],
        )


@router.post("/events/{event_id}/rounds/{round_number}/publish-seating", response_model=Done)
def publish_seating(
    request: Request, event_id: EventId, round_number: RoundNo, director: DirectorDep
) -> Done:
    """Publish a round's seating (director; from then on it stands, art. 21)."""
    web = web_of(request)
    with web.lock:
        state_of(web, event_id)
        web.service.publish_seating(event_id, round_number, actor=director.user)
    return Done()


@router.post(
    "/events/{event_id}/rounds/{round_number}/tables/{table}/sheet",
    response_model=SheetStatusChange,
)
def enter_sheet(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    table: TableNo,
    director: DirectorDep,
    body: SheetIn,
) -> SheetStatusChange:
    """The director transcribes a table's signed sheet (art. 19-20)."""
    web = web_of(request)
    with web.lock:
        state_of(web, event_id)
        status = web.service.enter_sheet(
            event_id, round_number, table, body.entry(), actor=director.user
        )
    return SheetStatusChange(table=table, status=status)


@router.post(
    "/events/{event_id}/rounds/{round_number}/tables/{table}/confirm",
    response_model=SheetStatusChange,
)
def confirm_sheet(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    table: TableNo,
    director: DirectorDep,
) -> SheetStatusChange:
    """The director confirms a sheet submitted by one line only."""
    web = web_of(request)
    with web.lock:
        state = state_of(web, event_id)
        web.service.confirm_sheet(event_id, round_number, table, actor=director.user)
        status = commands.sheet_status(state, round_number, table)
    return SheetStatusChange(table=table, status=status)


@router.post(
    "/events/{event_id}/rounds/{round_number}/tables/{table}/correct",
    response_model=SheetStatusChange,
)
def correct_sheet(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    table: TableNo,
    director: DirectorDep,
    body: CorrectionIn,
) -> SheetStatusChange:
    """Correct a sheet with a reason (art. 21): sum, inverted (the table agrees), conflict,
    arbiter."""
    web = web_of(request)
    with web.lock:
        state_of(web, event_id)
        web.service.correct_sheet(
            event_id,
            round_number,
            table,
            kind=body.kind,
            reason=body.reason,
            entry=None if body.entry is None else body.entry.entry(),
            table_agrees=body.table_agrees,
            by_arbiter=body.kind == "arbiter",
            actor=director.user,
        )
        status = commands.sheet_status(web.service.state(event_id), round_number, table)
    return SheetStatusChange(table=table, status=status)


@router.post("/events/{event_id}/rounds/{round_number}/lateness", response_model=Done)
def lateness(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    director: DirectorDep,
    body: LatenessIn,
) -> Done:
    """Record a lateness (art. 37)."""
    web = web_of(request)
    with web.lock:
        state_of(web, event_id)
        web.service.record_lateness(
            event_id, round_number, body.competitor, body.seconds, actor=director.user
        )
    return Done()


@router.post("/events/{event_id}/rounds/{round_number}/warnings", response_model=Done)
def warning(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    director: DirectorDep,
    body: WarningIn,
) -> Done:
    """Give a warning (art. 41)."""
    web = web_of(request)
    with web.lock:
        state_of(web, event_id)
        web.service.give_warning(
            event_id, round_number, body.competitor, body.reason, actor=director.user
        )
    return Done()


@router.post("/events/{event_id}/rounds/{round_number}/abandons", response_model=Done)
def abandon(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    director: DirectorDep,
    body: AbandonIn,
) -> Done:
    """Record an abandon (art. 36)."""
    web = web_of(request)
    with web.lock:
        state_of(web, event_id)
        web.service.record_abandon(
            event_id,
            round_number,
            body.competitor,
            body.justified,
            body.reason,
            actor=director.user,
        )
    return Done()


@router.post("/events/{event_id}/rounds/{round_number}/arbitral-scores", response_model=Done)
def arbitral(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    director: DirectorDep,
    body: ArbitralScoreIn,
) -> Done:
    """Assign an arbitral score (art. 40)."""
    web = web_of(request)
    with web.lock:
        state_of(web, event_id)
        web.service.arbitral_score(
            event_id,
            round_number,
            body.competitor,
            body.mp,
            body.vp,
            body.reason,
            actor=director.user,
        )
    return Done()


@router.post("/events/{event_id}/rounds/{round_number}/publish-standings", response_model=Done)
def publish_standings(
    request: Request, event_id: EventId, round_number: RoundNo, director: DirectorDep
) -> Done:
    """Publish the round's standings (provisional during the complaints window, art. 39)."""
    web = web_of(request)
    with web.lock:
        state_of(web, event_id)
        web.service.publish_standings(event_id, round_number, actor=director.user)
    return Done()


@router.get("/events/{event_id}/export")
def export(request: Request, event_id: EventId, director: DirectorDep) -> dict[str, Any]:
    """The event file (director): every record, to back up, move or replay the event."""
    from arbitro.services.event_file import export_event

    web = web_of(request)
    with web.lock:
        state_of(web, event_id)
        return export_event(web.service, event_id)


class ImportedOut(BaseModel):
    """The event stored from an event file."""

    event_id: str
    name: str
    records: int


@router.post("/events/import", response_model=ImportedOut, status_code=201)
def import_event_file(
    request: Request,
    director: DirectorDep,
    body: Annotated[dict[str, Any], Body(description="An event file (format arbitro-event-file)")],
    event_id: Annotated[str | None, Query(pattern=EVENT_ID_PATTERN.pattern, max_length=64)] = None,
) -> ImportedOut:
    """Import an event file as a new event (director); ``event_id`` overrides the file's."""
    from arbitro.services.event_file import import_event

    web = web_of(request)
    with web.lock:
        state = import_event(web.service, body, event_id)
        stored = state.event_id
        return ImportedOut(
            event_id=stored,
            name=str(body.get("name", stored)),
            records=web.store.last_seq(stored),
        )
