"""The director's desk (login required): create and configure an event, register competitors
(one by one or from a CSV/XLSX file), seat a round and review the seating before publishing it,
watch the sheets arrive table by table, settle conflicts, correct sheets with a reason (FIBAS
art. 21), record lateness (art. 37), warnings (art. 41), abandons (art. 36) and arbitral scores
(art. 40), publish the standings and watch the complaints window (art. 39), export and import
the event file, and reach the printouts.

Every page is Italian first, English via the switch. A refused action re-renders its page with
the message next to the form (4xx), never a 500. Every POST needs the session's CSRF token.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.routing import APIRoute
from starlette.datastructures import FormData, UploadFile

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.tournament import commands
from arbitro.tournament.event import AnyEntry, EventConfig, EventState, TableSheet
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import utc
from arbitro.tournament.rules import FIBAS, PAROLE, SCALA40, rules_for
from arbitro.tournament.scoring.scala40_sheet import Scala40Entry
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry, score_sheet
from arbitro.web import auth
from arbitro.web.app import Web, request_lang, web_of

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
MAX_COMPETITOR = 100_000
MAX_ROUNDS = 50
EVENT_ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
POLL_SECONDS = 3
CORRECTION_KINDS = ("sum", "inverted", "arbiter", "conflict")
FIRST_ROUND_MOVEMENTS = (Movement.DRAW, Movement.REGISTRATION_ORDER)
LATER_MOVEMENTS = (
    Movement.MITCHELL,
    Movement.DANISH,
    Movement.MODIFIED_DANISH,
    Movement.ROUND_ROBIN,
    Movement.DRAW,
)
MOVEMENT_NAMES = {
    Movement.ARBITER_CHOICE: ("Scelta dell'arbitro", "Arbiter's choice"),
    Movement.REGISTRATION_ORDER: ("Ordine di iscrizione", "Registration order"),
    Movement.DRAW: ("Sorteggio", "Draw"),
    Movement.MITCHELL: ("Mitchell", "Mitchell"),
    Movement.DANISH: ("Danese", "Danish"),
    Movement.MODIFIED_DANISH: ("Danese modificato", "Modified Danish"),
    Movement.ROUND_ROBIN: ("Girone all'italiana", "Round robin"),
}
HISTORY_NAMES = {
    "entered": ("registrato", "entered"),
    "repeated": ("confermato (stessi numeri)", "confirmed (same numbers)"),
    "conflict": ("in conflitto", "conflicting"),
    "correction: sum": ("correzione: errore di somma", "correction: sum error"),
    "correction: inverted": ("correzione: punteggi invertiti", "correction: inverted scores"),
    "correction: conflict": ("correzione: conflitto risolto", "correction: conflict settled"),
    "correction: arbiter": ("correzione dell'arbitro", "arbiter's correction"),
}
COUNT_NAMES = {  # (one, many) of each status, for "4 mancanti"
    "missing": (("mancante", "missing"), ("mancanti", "missing")),
    "pending": (("da confermare", "pending"), ("da confermare", "pending")),
    "confirmed": (("confermato", "confirmed"), ("confermati", "confirmed")),
    "conflict": (("in conflitto", "in conflict"), ("in conflitto", "in conflict")),
    "rest": (("a riposo", "resting"), ("a riposo", "resting")),
}
CODE_NAMES = {
    FIBAS: ("Burraco — codice di gara FIBAS", "Burraco — FIBAS competition code"),
    PAROLE: ("Burraco Parole — codice di gara UISP", "Burraco Parole — UISP competition code"),
    SCALA40: ("Scala 40 — codice di gara", "Scala 40 — competition code"),
}
FORMAT_NAMES = {
    EventFormat.PAIRS: ("Coppie", "Pairs"),
    EventFormat.TEAMS: ("Squadre", "Teams"),
    EventFormat.INDIVIDUAL: ("Individuale", "Individual"),
}
STATUS_NAMES = {
    "missing": ("mancante", "missing"),
    "pending": ("da confermare", "pending"),
    "confirmed": ("confermato", "confirmed"),
    "conflict": ("in conflitto", "in conflict"),
    "rest": ("riposo", "rest"),
}


class FieldError(ArbitroError):
    """A form field's value is refused; ``field`` names the input the message goes next to."""

    def __init__(
        self, field: str, it: str, en: str, *, article: str | None = None, status: int = 400
    ) -> None:
        super().__init__(it, en, article=article, key="web.field")
        self.field = field
        self.status = status


def status_for(exc: ArbitroError) -> int:
    """The HTTP status of a refused request: 404 not found, 409 conflict, else 400."""
    if isinstance(exc, FieldError):
        return exc.status
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, ConflictError) or type(exc).__name__ == "ConcurrencyError":
        return 409
    return 400


class DeskRoute(APIRoute):
    """A desk route whose unexpected refusals become a page with the message (never a 500):
    domain errors not handled by the route itself, and malformed requests (422)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """Wrap FastAPI's handler."""
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except ArbitroError as exc:
                response = _error_page(request, exc.message(request_lang(request)), status_for(exc))
            except RequestValidationError as exc:
                fields = ", ".join(
                    str(e.get("loc", ["?"])[-1]) for e in exc.errors() if isinstance(e, dict)
                )
                lang = request_lang(request)
                text = (
                    f"Request not valid (fields: {fields})"
                    if lang == "en"
                    else f"Richiesta non valida (campi: {fields})"
                )
                response = _error_page(request, text, 422)
            return response

        return route


def _error_page(request: Request, message: str, status: int) -> Response:
    response: Response = web_of(request).render(
        request, "desk_error.html", status_code=status, message=message
    )
    return response


router = APIRouter(route_class=DeskRoute)
router.include_router(auth.router)

Director = Depends(auth.require_director)
DirectorPost = Depends(auth.require_director_post)


# ---------------------------------------------------------------------- helpers
def t(lang: str, pair: tuple[str, str]) -> str:
    """One of an ``(it, en)`` pair by language."""
    return pair[1] if lang == "en" else pair[0]


def slugify(name: str) -> str:
    """An event id made from its name: lowercase ASCII letters, digits and dashes."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:48] or "gara"


def text_field(form: FormData, name: str, max_length: int = 200) -> str:
    """A text field of the form, stripped ("" when absent)."""
    value = form.get(name)
    if value is None or isinstance(value, UploadFile):
        return ""
    value = str(value).strip()
    if len(value) > max_length:
        raise FieldError(
            name,
            f"testo troppo lungo ({len(value)} caratteri, massimo {max_length})",
            f"text too long ({len(value)} characters, at most {max_length})",
        )
    return value


def int_field(
    form: FormData,
    name: str,
    what: tuple[str, str],
    *,
    low: int | None = None,
    high: int | None = None,
    default: int | None = None,
) -> int:
    """An integer field of the form, within ``low``..``high``; FieldError naming it if not."""
    raw = text_field(form, name, 30)
    if not raw:
        if default is not None:
            return default
        raise FieldError(name, f"{what[0]}: manca il numero", f"{what[1]}: the number is missing")
    try:
        value = int(raw)
    except ValueError:
        raise FieldError(
            name,
            f"{what[0]}: «{raw}» non è un numero intero",
            f"{what[1]}: «{raw}» is not a whole number",
        ) from None
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low if low is not None else '…'}-{high if high is not None else '…'}"
        raise FieldError(
            name,
            f"{what[0]}: {value} fuori dall'intervallo {span}",
            f"{what[1]}: {value} is out of range {span}",
        )
    return value


def event_id_of(request: Request, event_id: str) -> str:
    """The event id of the URL, checked to exist (404 otherwise)."""
    if not web_of(request).store.has_event(event_id):
        raise NotFoundError(f"gara «{event_id}» inesistente", f"no event «{event_id}»")
    return event_id


def table_url(web: Web, request: Request, event_id: str, table: int) -> str:
    """The table-side entry URL of a table (the QR code on its card): the table engineer's
    ``arbitro.web.tokens.table_url`` when present, else ``/t/{event_id}/{table}``."""
    try:
        from arbitro.web import tokens
    except ImportError:
        return f"/t/{event_id}/{table}"
    make = getattr(tokens, "table_url", None)
    if make is None:
        return f"/t/{event_id}/{table}"
    return str(make(web, request, event_id, table))


def names(state: EventState, line: tuple[int, ...] | None) -> str:
    """The names of a line's competitors (``—`` for a missing line)."""
    if line is None:
        return "—"
    return " + ".join(f"{state.competitors[c].name} ({c})" for c in line)


def complaints_deadline(state: EventState, round_number: int) -> datetime | None:
    """When the round's complaints window closes (art. 39), if its standings are published."""
    published = state.round(round_number).standings_published_at
    if published is None:
        return None
    return published + timedelta(minutes=state.config.complaints_window_minutes)


def parse_players_entry(
    form: FormData, state: EventState, round_number: int, table: int, prefix: str
) -> Scala40Entry:
    """A Scala 40 sheet typed in the desk's form: each player's negative points per deal
    (``{prefix}s{i}_{player}``, in the table's seat order); an empty box is a deal the player
    did not finish after an abandon (``{prefix}abandoned``, Scala 40 art. 25)."""
    seating = state.round(round_number).seating
    at = seating.table(table) if seating else None
    if at is None or at.players is None:
        raise NotFoundError(
            f"il tavolo {table} non è un tavolo di giocatori singoli",
            f"table {table} is not a table of individuals",
        )
    abandoned_raw = text_field(form, f"{prefix}abandoned", 10)
    abandoned = None
    if abandoned_raw:
        abandoned = int_field(
            form, f"{prefix}abandoned", ("abbandono", "abandon"), low=1, high=MAX_COMPETITOR
        )
    rows: list[tuple[int | None, ...]] = []
    for i in range(1, state.deals(round_number) + 1):
        row: list[int | None] = []
        for player in at.players:
            field = f"{prefix}s{i}_{player}"
            name = state.competitors[player].name
            what = (f"smazzata {i}, {name}", f"deal {i}, {name}")
            if abandoned is not None and not text_field(form, field, 30):
                row.append(None)
            else:
                row.append(int_field(form, field, what, low=0, high=100_000))
        rows.append(tuple(row))
    return Scala40Entry(at.players, tuple(rows), abandoned)


def parse_entry(
    form: FormData, state: EventState, round_number: int, prefix: str, table: int = 0
) -> AnyEntry:
    """A sheet typed in the desk's form: per deal the base and points of each line
    (``{prefix}d{i}_ns_base`` ...), and for teams the closed room (``{prefix}c{i}_...``);
    at a table of individuals (Scala 40) each player's negative points."""
    seating = state.round(round_number).seating
    at = seating.table(table) if seating and table else None
    if at is not None and at.players is not None:
        return parse_players_entry(form, state, round_number, table, prefix)
    deals = state.deals(round_number)
    teams = state.config.event_format is EventFormat.TEAMS

    def room(tag: str, label: tuple[str, str]) -> tuple[DealScore, ...]:
        rows = []
        for i in range(1, deals + 1):
            values = []
            for side, side_name in (("ns", "N-S"), ("ew", "E-O")):
                for part, part_name in (
                    ("base", ("base", "base")),
                    ("points", ("punti", "points")),
                ):
                    field = f"{prefix}{tag}{i}_{side}_{part}"
                    what = (
                        f"{label[0]}smazzata {i}, {side_name}, {part_name[0]}",
                        f"{label[1]}deal {i}, {side_name}, {part_name[1]}",
                    )
                    values.append(int_field(form, field, what, low=-100_000, high=100_000))
            rows.append(DealScore(LineDeal(values[0], values[1]), LineDeal(values[2], values[3])))
        return tuple(rows)

    if teams:
        return SheetEntry(
            room("d", ("sala aperta, ", "open room, ")),
            room("c", ("sala chiusa, ", "closed room, ")),
        )
    return SheetEntry(room("d", ("", "")))


def entry_fields(entry: AnyEntry | None, prefix: str) -> dict[str, int]:
    """The form values that show ``entry`` (to pre-fill a correction)."""
    values: dict[str, int] = {}
    if entry is None:
        return values
    if isinstance(entry, Scala40Entry):
        for i, row in enumerate(entry.deals, start=1):
            for player, points in zip(entry.players, row, strict=False):
                if points is not None:
                    values[f"{prefix}s{i}_{player}"] = points
        return values
    for tag, deals in (("d", entry.deals), ("c", entry.closed_room or ())):
        for i, d in enumerate(deals, start=1):
            values[f"{prefix}{tag}{i}_ns_base"] = d.ns.base
            values[f"{prefix}{tag}{i}_ns_points"] = d.ns.points
            values[f"{prefix}{tag}{i}_ew_base"] = d.ew.base
            values[f"{prefix}{tag}{i}_ew_points"] = d.ew.points
    return values


@dataclass(frozen=True, slots=True)
class EntryView:
    """A sheet entry of two lines as the desk shows it: rows, totals and VP of each line."""

    rows: tuple[DealScore, ...]
    closed: tuple[DealScore, ...]
    ns_total: int
    ew_total: int
    ns_vp: int
    ew_vp: int
    kind: str = "lines"

    @property
    def summary(self) -> str:
        """Totals and VP in one line."""
        return f"{self.ns_total}–{self.ew_total} ({self.ns_vp}–{self.ew_vp} V.P.)"


@dataclass(frozen=True, slots=True)
class PlayersView:
    """A Scala 40 sheet as the desk shows it: negative points per deal and player, totals."""

    players: tuple[str, ...]
    rows: tuple[tuple[int | None, ...], ...]
    totals: tuple[int, ...]
    abandoned: str | None
    kind: str = "players"

    @property
    def summary(self) -> str:
        """The players' totals of negative points."""
        return " · ".join(f"{p}: {t}" for p, t in zip(self.players, self.totals, strict=True))


def entry_view(
    state: EventState, round_number: int, entry: AnyEntry | None
) -> EntryView | PlayersView | None:
    """The totals and VP of an entry (as scored by the code's table for the round's deals);
    for Scala 40, the players' negative points and totals."""
    if entry is None:
        return None
    if isinstance(entry, Scala40Entry):
        names_of = [
            state.competitors[p].name if p in state.competitors else str(p) for p in entry.players
        ]
        totals = tuple(
            sum(row[i] or 0 for row in entry.deals if i < len(row))
            for i in range(len(entry.players))
        )
        abandoned = (
            None
            if entry.abandoned is None
            else state.competitors[entry.abandoned].name
            if entry.abandoned in state.competitors
            else str(entry.abandoned)
        )
        return PlayersView(tuple(names_of), entry.deals, totals, abandoned)
    result = score_sheet(
        state.code,
        entry,
        deals=state.deals(round_number),
        teams=state.config.event_format is EventFormat.TEAMS,
        duplicate=state.config.duplicate,
    )
    return EntryView(
        entry.deals,
        entry.closed_room or (),
        result.ns_total,
        result.ew_total,
        result.ns_vp,
        result.ew_vp,
    )


# ---------------------------------------------------------------------- page contexts
def common(request: Request, session: auth.Session, **context: Any) -> dict[str, Any]:
    """What every desk page needs: the user, the CSRF token, the helper names."""
    lang = request_lang(request)
    return {
        "user": session.user,
        "csrf": auth.csrf_token(request),
        "t": lambda pair: t(lang, pair),
        "MOVEMENT_NAMES": MOVEMENT_NAMES,
        "FORMAT_NAMES": FORMAT_NAMES,
        "CODE_NAMES": CODE_NAMES,
        "STATUS_NAMES": STATUS_NAMES,
        "COUNT_NAMES": COUNT_NAMES,
        "HISTORY_NAMES": HISTORY_NAMES,
        "errors": {},
        "values": {},
        "notice": request.query_params.get("ok"),
        **context,
    }


def round_rows(web: Web, request: Request, state: EventState) -> list[dict[str, Any]]:
    """One summary per round for the event page."""
    now = web.service.clock()
    rows = []
    for n in range(1, state.config.rounds + 1):
        r = state.round(n)
        rows.append(
            {
                "number": n,
                "deals": state.deals(n),
                "movement": state.config.movements[n - 1],
                "seated": r.seating is not None,
                "published": r.seating_published_at is not None,
                "standings": r.standings_published_at is not None,
                "final": state.standings_final(n, now),
                "tables": len(r.seating.tables) if r.seating else 0,
            }
        )
    return rows


def event_page(
    request: Request, session: auth.Session, event_id: str, status_code: int = 200, **extra: Any
) -> Any:
    """The event's page: configuration, competitors, rounds, event file, printouts."""
    web = web_of(request)
    state = web.service.state(event_id)
    ctx = common(
        request,
        session,
        event_id=event_id,
        state=state,
        config=state.config,
        competitors=list(state.competitors.values()),
        rounds=round_rows(web, request, state),
        current=state.current_round(),
        **extra,
    )
    return web.render(request, "desk_event.html", status_code=status_code, **ctx)


def sheet_rows(web: Web, request: Request, state: EventState, n: int) -> list[dict[str, Any]]:
    """The round's tables with their sheet status, for the sheets panel."""
    r = state.round(n)
    rows = []
    for table in r.seating.tables if r.seating else ():
        sheet: TableSheet | None = r.sheets.get(table.table)
        status = commands.sheet_status(state, n, table.table)
        accepted = sheet.entry_as_of(n) if sheet else None
        rows.append(
            {
                "table": table.table,
                "ns": names(state, table.ns),
                "ew": names(state, table.ew),
                "players": ", ".join(names(state, (p,)) for p in table.players)
                if table.players
                else None,
                "status": status,
                "view": entry_view(state, n, accepted),
                "confirmed_by": sorted(sheet.confirmed_by) if sheet else [],
                "signers": len(table.players) if table.players else 2,
                "conflicts": [
                    {"version": c, "view": entry_view(state, n, c.entry)}
                    for c in (sheet.conflicts if sheet else [])
                ],
                "corrected": bool(sheet and sheet.corrections),
            }
        )
    return rows


def round_context(
    request: Request, session: auth.Session, event_id: str, n: int, **extra: Any
) -> dict[str, Any]:
    """Everything the round page and its polled panels show."""
    web = web_of(request)
    state = web.service.state(event_id)
    r = state.round(n)
    now = web.service.clock()
    previous_done = n == 1 or state.round(n - 1).standings_published_at is not None
    deadline = complaints_deadline(state, n)
    standings = web.service.standings(event_id, n) if r.standings_published_at else []
    seated = sorted(r.seating.competitors()) if r.seating else []
    sheets = sheet_rows(web, request, state, n)
    counts = {s: sum(1 for row in sheets if row["status"] == s) for s in STATUS_NAMES}
    return common(
        request,
        session,
        event_id=event_id,
        state=state,
        config=state.config,
        n=n,
        rnd=r,
        deals=state.deals(n),
        teams=state.config.event_format is EventFormat.TEAMS,
        can_seat=r.seating_published_at is None and previous_done,
        previous_done=previous_done,
        movement=r.movement or state.config.movements[n - 1],
        movements=FIRST_ROUND_MOVEMENTS if n == 1 else LATER_MOVEMENTS,
        sheets=sheets,
        counts=counts,
        missing=commands.missing_sheets(state, n) if r.seating_published_at else [],
        standings=standings,
        final=state.standings_final(n, now),
        deadline=deadline,
        seconds_left=max(0, int((deadline - utc(now)).total_seconds())) if deadline else 0,
        seated=[state.competitors[c] for c in seated],
        ledger=[e for e in state.ledger if e.round == n],
        complaints=sorted(r.open_complaints.items()),
        table_urls={
            row["table"]: table_url(web, request, event_id, row["table"]) for row in sheets
        },
        poll=POLL_SECONDS,
        **extra,
    )


def round_page(
    request: Request,
    session: auth.Session,
    event_id: str,
    n: int,
    status_code: int = 200,
    **extra: Any,
) -> Any:
    """The round page (seat / review / sheets / penalties / standings)."""
    web = web_of(request)
    ctx = round_context(request, session, event_id, n, **extra)
    return web.render(request, "desk_round.html", status_code=status_code, **ctx)


def sheet_page(
    request: Request,
    session: auth.Session,
    event_id: str,
    n: int,
    table: int,
    status_code: int = 200,
    **extra: Any,
) -> Any:
    """One table's sheet: what counts, the conflicting entries side by side, the history,
    and the forms to confirm, settle and correct it."""
    web = web_of(request)
    state = web.service.state(event_id)
    r = state.round(n)
    seating = r.seating.table(table) if r.seating else None
    if seating is None:
        raise NotFoundError(
            f"il tavolo {table} non esiste nel turno {n}",
            f"table {table} does not exist in round {n}",
        )
    sheet = r.sheets.get(table)
    accepted = sheet.entry_as_of(state.config.rounds) if sheet else None
    values = extra.pop("values", None) or {
        **entry_fields(accepted, "c_"),
        **entry_fields(accepted, "e_"),
    }
    ctx = common(
        request,
        session,
        event_id=event_id,
        state=state,
        config=state.config,
        n=n,
        table=table,
        seating=seating,
        ns=names(state, seating.ns),
        ew=names(state, seating.ew),
        players=[state.competitors[p] for p in seating.players] if seating.players else None,
        status=commands.sheet_status(state, n, table),
        sheet=sheet,
        accepted=entry_view(state, n, accepted),
        conflicts=[
            {"version": c, "view": entry_view(state, n, c.entry)}
            for c in (sheet.conflicts if sheet else [])
        ],
        first=(entry_view(state, n, sheet.accepted.entry) if sheet and sheet.accepted else None),
        history=[
            {"version": v, "view": entry_view(state, n, v.entry)}
            for v in (sheet.history if sheet else [])
        ],
        deals=state.deals(n),
        teams=state.config.event_format is EventFormat.TEAMS,
        kinds=CORRECTION_KINDS,
        values=values,
        **extra,
    )
    return web.render(request, "desk_sheet.html", status_code=status_code, **ctx)


def form_errors(form_name: str, exc: ArbitroError, lang: str) -> dict[str, dict[str, str]]:
    """The errors of one form: under the field's name for a FieldError, else under ``_``."""
    field = exc.field if isinstance(exc, FieldError) else "_"
    return {form_name: {field: exc.message(lang)}}


def redirect(url: str) -> RedirectResponse:
    """After a successful POST, go to the page (303: the browser GETs it)."""
    return RedirectResponse(url, status_code=303)


def form_values(form: FormData) -> dict[str, str]:
    """The posted text values (to fill the form again after an error)."""
    return {k: str(v) for k, v in form.items() if not isinstance(v, UploadFile) and k != "csrf"}


# ---------------------------------------------------------------------- events
@router.get("/desk", include_in_schema=False)
def desk_home(request: Request, session: auth.Session = Director) -> Any:
    """The desk's home: the events, a link to create one, and the event-file import."""
    web = web_of(request)
    return web.render(
        request, "desk_home.html", **common(request, session, events=web.store.list_events())
    )


def new_event_values(rounds: int = 4) -> dict[str, str]:
    """The defaults of the new-event form."""
    values = {
        "name": "",
        "event_id": "",
        "format": EventFormat.PAIRS.value,
        "code": FIBAS,
        "rounds": str(rounds),
        "seed": "0",
        "complaints_window_minutes": "",
        "mitchell_step": "1",
    }
    for i in range(1, rounds + 1):
        values[f"deals_{i}"] = "2"
        values[f"movement_{i}"] = (Movement.DRAW if i == 1 else Movement.MITCHELL).value
    return values


def new_event_page(
    request: Request,
    session: auth.Session,
    values: Mapping[str, str],
    status_code: int = 200,
    errors: Mapping[str, Any] | None = None,
) -> Any:
    """The new-event form."""
    try:
        rounds = max(1, min(MAX_ROUNDS, int(values.get("rounds", "4"))))
    except ValueError:
        rounds = 4
    return web_of(request).render(
        request,
        "desk_new.html",
        status_code=status_code,
        **common(
            request,
            session,
            values={**new_event_values(rounds), **values},
            round_count=rounds,
            formats=list(EventFormat),
            codes=list(CODE_NAMES),
            first_movements=FIRST_ROUND_MOVEMENTS,
            later_movements=LATER_MOVEMENTS,
            errors=errors or {},
        ),
    )


@router.get("/desk/new", include_in_schema=False)
def new_event_form(request: Request, session: auth.Session = Director) -> Any:
    """The form to create an event (``?rounds=N`` gives N per-round rows)."""
    values = new_event_values()
    if "rounds" in request.query_params:
        values.update(
            {k: v for k, v in request.query_params.items() if k != "lang"}  # htmx refresh
        )
    return new_event_page(request, session, values)


@router.get("/desk/new/rounds", include_in_schema=False)
def new_event_rounds(request: Request, session: auth.Session = Director) -> Any:
    """The per-round rows of the new-event form for ``?rounds=N`` (htmx refresh)."""
    values = {**new_event_values(), **{k: v for k, v in request.query_params.items()}}
    try:
        rounds = max(1, min(MAX_ROUNDS, int(values.get("rounds", "4"))))
    except ValueError:
        rounds = 4
    values = {**new_event_values(rounds), **values}
    return web_of(request).render(
        request,
        "desk_new_rounds.html",
        **common(
            request,
            session,
            values=values,
            round_count=rounds,
            first_movements=FIRST_ROUND_MOVEMENTS,
            later_movements=LATER_MOVEMENTS,
        ),
    )


def config_from_form(form: FormData) -> tuple[str, EventConfig]:
    """The event id and configuration typed in the new-event form (art. 4, 7, 39)."""
    name = text_field(form, "name", 200)
    if not name:
        raise FieldError("name", "il nome della gara è vuoto", "the event's name is empty")
    event_id = text_field(form, "event_id", 64).lower() or slugify(name)
    if not EVENT_ID_PATTERN.fullmatch(event_id):
        raise FieldError(
            "event_id",
            f"identificativo «{event_id}» non valido: lettere minuscole, cifre, - e _",
            f"id «{event_id}» is not valid: lowercase letters, digits, - and _",
        )
    try:
        event_format = EventFormat(text_field(form, "format", 20))
    except ValueError:
        raise FieldError("format", "formula sconosciuta", "unknown format") from None
    code = text_field(form, "code", 40) or FIBAS
    if code not in CODE_NAMES:
        raise FieldError("code", f"codice di gara «{code}» sconosciuto", f"unknown code «{code}»")
    rounds = int_field(form, "rounds", ("turni", "rounds"), low=1, high=MAX_ROUNDS)
    deals: list[int] = []
    movements: list[Movement] = []
    for i in range(1, rounds + 1):
        deals.append(
            int_field(
                form,
                f"deals_{i}",
                (f"smazzate del turno {i}", f"deals of round {i}"),
                low=1,
                high=10,
                default=deals[-1] if deals else None,
            )
        )
        raw = text_field(form, f"movement_{i}", 30)
        if not raw:
            raw = Movement.DRAW.value if i == 1 else (movements[-1].value if i > 2 else "mitchell")
        try:
            movements.append(Movement(raw))
        except ValueError:
            raise FieldError(
                f"movement_{i}", f"movimento «{raw}» sconosciuto", f"unknown movement «{raw}»"
            ) from None
    config = EventConfig(
        name=name,
        code=code,
        game=rules_for(code).game,
        event_format=event_format,
        rounds=rounds,
        deals=tuple(deals),
        movements=tuple(movements),
        mitchell_step=int_field(
            form, "mitchell_step", ("passo Mitchell", "Mitchell step"), low=1, high=99, default=1
        ),
        seed=int_field(form, "seed", ("seme", "seed"), low=0, high=2**31 - 1, default=0),
        duplicate=form.get("duplicate") in ("on", "1", "true"),
        complaints_window_minutes=int_field(
            form,
            "complaints_window_minutes",
            ("finestra reclami (minuti)", "complaints window (minutes)"),
            low=0,
            high=24 * 60,
            default=rules_for(code).complaints_window_minutes,
        ),
    )
    return event_id, config


@router.post("/desk/new", include_in_schema=False)
async def create_event(request: Request, session: auth.Session = DirectorPost) -> Any:
    """Create an event from the form; back to the form with the message if refused."""
    form = await request.form()
    web = web_of(request)
    try:
        event_id, config = config_from_form(form)
        with web.lock:
            if web.store.has_event(event_id):
                raise FieldError(
                    "event_id",
                    f"esiste già una gara «{event_id}»: scegliere un altro identificativo",
                    f"an event «{event_id}» already exists: choose another id",
                    status=409,
                )
            commands.create_event(config, web.service.clock())  # check before creating
            web.service.create_event(event_id, config, actor=session.user)
    except ArbitroError as exc:
        errors = form_errors("new", exc, request_lang(request))
        return new_event_page(request, session, form_values(form), status_for(exc), errors)
    return redirect(f"/desk/e/{event_id}")


@router.post("/desk/import", include_in_schema=False)
async def import_event_file(request: Request, session: auth.Session = DirectorPost) -> Any:
    """Import an event file (JSON) as a new event."""
    from arbitro.services.event_file import import_event

    form = await request.form()
    web = web_of(request)
    lang = request_lang(request)
    try:
        data = await upload_bytes(form, "file")
        try:
            document = json.loads(data.decode("utf-8-sig"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise FieldError(
                "file",
                f"il file non è JSON valido ({exc})",
                f"the file is not valid JSON ({exc})",
            ) from None
        new_id = text_field(form, "event_id", 64).lower() or None
        if new_id is not None and not EVENT_ID_PATTERN.fullmatch(new_id):
            raise FieldError(
                "event_id",
                f"identificativo «{new_id}» non valido",
                f"id «{new_id}» is not valid",
            )
        with web.lock:
            state = import_event(web.service, document, new_id)
    except ArbitroError as exc:
        return web.render(
            request,
            "desk_home.html",
            status_code=status_for(exc),
            **common(
                request,
                session,
                events=web.store.list_events(),
                errors=form_errors("import", exc, lang),
                values=form_values(form),
            ),
        )
    if not isinstance(state, EventState):  # a knockout event: not run from this desk
        return redirect(f"/desk?ok=imported-{state.event_id}")
    return redirect(f"/desk/e/{state.event_id}")


async def upload_bytes(form: FormData, field: str) -> bytes:
    """The content of an uploaded file (at most ``MAX_UPLOAD_BYTES``)."""
    upload = form.get(field)
    if not isinstance(upload, UploadFile) or not upload.filename:
        raise FieldError(field, "scegliere un file", "choose a file")
    data = await upload.read(MAX_UPLOAD_BYTES + 1)
    if len(data) > MAX_UPLOAD_BYTES:
        raise FieldError(
            field,
            f"file troppo grande (massimo {MAX_UPLOAD_BYTES // 1024 // 1024} MB)",
            f"file too large (at most {MAX_UPLOAD_BYTES // 1024 // 1024} MB)",
        )
    if not data:
        raise FieldError(field, "il file è vuoto", "the file is empty")
    return data


@router.get("/desk/e/{event_id}", include_in_schema=False)
def event_view(request: Request, event_id: str, session: auth.Session = Director) -> Any:
    """The event's page."""
    with web_of(request).lock:
        return event_page(request, session, event_id_of(request, event_id))


@router.post("/desk/e/{event_id}/register", include_in_schema=False)
async def register(request: Request, event_id: str, session: auth.Session = DirectorPost) -> Any:
    """Register one competitor (art. 2, 4; late entries art. 37)."""
    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.lock:
        try:
            name = text_field(form, "name", 200)
            if not name:
                raise FieldError("name", "il nome è vuoto", "the name is empty")
            players = [
                p.strip()
                for p in re.split(r"[,\n]", text_field(form, "players", 2000))
                if p.strip()
            ]
            number = web.service.register(event_id, name, players, actor=session.user)
        except ArbitroError as exc:
            return event_page(
                request,
                session,
                event_id,
                status_for(exc),
                errors=form_errors("register", exc, request_lang(request)),
                values=form_values(form),
            )
    return redirect(f"/desk/e/{event_id}?ok=registered-{number}#competitors")


@router.post("/desk/e/{event_id}/upload", include_in_schema=False)
async def upload_registrations(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Any:
    """Register competitors from a CSV or XLSX file, all or none: the file is checked first,
    then each row registered in order (a refused row stops the upload and names the row)."""
    from arbitro.services.registrations import parse_registrations_csv
    from arbitro.services.registrations_xlsx import XLSX_MAGIC, parse_registrations_xlsx

    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    lang = request_lang(request)
    try:
        data = await upload_bytes(form, "file")
        if data.startswith(XLSX_MAGIC):
            rows = parse_registrations_xlsx(data)
        else:
            try:
                text = data.decode("utf-8-sig")
            except UnicodeDecodeError:
                text = data.decode("cp1252", errors="replace")
            rows = parse_registrations_csv(text)
        if not rows:
            raise FieldError("file", "nessun concorrente nel file", "no competitor in the file")
        with web.lock:
            state = web.service.state(event_id)
            known = {c.name.casefold() for c in state.competitors.values()}
            seen: set[str] = set()
            for row_no, (name, players) in enumerate(rows, start=2):
                key = name.casefold()
                if key in known or key in seen:
                    raise FieldError(
                        "file",
                        f"riga {row_no}: «{name}» è già iscritto",
                        f"row {row_no}: «{name}» is already registered",
                        status=409,
                    )
                seen.add(key)
                try:  # the domain's checks (players per competitor, registration open)
                    commands.register(state, name, players, web.service.clock())
                except ArbitroError as exc:
                    raise FieldError(
                        "file",
                        f"riga {row_no}: {exc.it}",
                        f"row {row_no}: {exc.en}",
                        article=exc.article,
                        status=status_for(exc),
                    ) from exc
            for row_no, (name, players) in enumerate(rows, start=2):
                try:
                    web.service.register(event_id, name, players, actor=session.user)
                except ArbitroError as exc:
                    raise FieldError(
                        "file",
                        f"riga {row_no}: {exc.it}",
                        f"row {row_no}: {exc.en}",
                        article=exc.article,
                    ) from exc
    except ArbitroError as exc:
        with web.lock:
            return event_page(
                request,
                session,
                event_id,
                status_for(exc),
                errors=form_errors("upload", exc, lang),
            )
    return redirect(f"/desk/e/{event_id}?ok=uploaded-{len(rows)}#competitors")


@router.post("/desk/e/{event_id}/withdraw", include_in_schema=False)
async def withdraw(request: Request, event_id: str, session: auth.Session = DirectorPost) -> Any:
    """Withdraw a competitor from the next unpublished round (art. 36)."""
    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.lock:
        try:
            competitor = int_field(form, "competitor", ("concorrente", "competitor"), low=1)
            reason = text_field(form, "reason", 500) or None
            web.service.withdraw(event_id, competitor, reason, actor=session.user)
        except ArbitroError as exc:
            return event_page(
                request,
                session,
                event_id,
                status_for(exc),
                errors=form_errors("withdraw", exc, request_lang(request)),
                values=form_values(form),
            )
    return redirect(f"/desk/e/{event_id}#competitors")


@router.get("/desk/e/{event_id}/export", include_in_schema=False)
def export(request: Request, event_id: str, session: auth.Session = Director) -> Any:
    """Download the event file (JSON)."""
    from arbitro.services.event_file import export_event

    web = web_of(request)
    with web.lock:
        data = export_event(web.service, event_id_of(request, event_id))
    body = json.dumps(data, ensure_ascii=False, indent=2)
    return Response(
        body,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{event_id}.arbitro.json"'},
    )


# ---------------------------------------------------------------------- rounds
def round_number(state: EventState, n: int) -> int:
    """Check the round exists (404 otherwise)."""
    state.round(n)
    return n


@router.get("/desk/e/{event_id}/r/{n}", include_in_schema=False)
def round_view(request: Request, event_id: str, n: int, session: auth.Session = Director) -> Any:
    """The round page."""
    web = web_of(request)
    with web.lock:
        event_id = event_id_of(request, event_id)
        round_number(web.service.state(event_id), n)
        return round_page(request, session, event_id, n)


@router.get("/desk/e/{event_id}/r/{n}/live", include_in_schema=False)
def round_live(request: Request, event_id: str, n: int, session: auth.Session = Director) -> Any:
    """The round's live panel (sheets and complaints window), polled by htmx every 3 s."""
    web = web_of(request)
    with web.lock:
        event_id = event_id_of(request, event_id)
        round_number(web.service.state(event_id), n)
        ctx = round_context(request, session, event_id, n)
        return web.render(request, "desk_round_live.html", **ctx)


ROUND_ACTIONS: dict[str, str] = {
    "seat": "seat",
    "publish-seating": "publish",
    "publish-standings": "standings",
    "lateness": "lateness",
    "warning": "warning",
    "abandon": "abandon",
    "arbitral": "arbitral",
    "complaint": "complaint",
    "resolve": "resolve",
}


def competitor_field(form: FormData) -> int:
    """The competitor chosen in a penalty form."""
    return int_field(form, "competitor", ("concorrente", "competitor"), low=1, high=100_000)


def do_round_action(
    web: Web, session: auth.Session, event_id: str, n: int, action: str, form: FormData
) -> str:
    """Run one of the round page's forms; returns the fragment to go back to."""
    svc = web.service
    user = session.user
    reason = text_field(form, "reason", 1000) or None
    if action == "seat":
        raw = text_field(form, "movement", 30)
        try:
            movement = Movement(raw) if raw else None
        except ValueError:
            raise FieldError("movement", "movimento sconosciuto", "unknown movement") from None
        seed_text = text_field(form, "seed", 20)
        seed = int_field(form, "seed", ("seme", "seed"), low=0, high=2**62) if seed_text else None
        svc.seat(event_id, n, movement=movement, seed=seed, actor=user)
        return "seating"
    if action == "publish":
        svc.publish_seating(event_id, n, actor=user)
        return "sheets"
    if action == "standings":
        svc.publish_standings(event_id, n, actor=user)
        return "standings"
    if action == "lateness":
        minutes = int_field(form, "minutes", ("minuti", "minutes"), low=0, high=600, default=0)
        seconds = int_field(form, "seconds", ("secondi", "seconds"), low=0, high=59, default=0)
        svc.record_lateness(event_id, n, competitor_field(form), minutes * 60 + seconds, user)
        return "penalties"
    if action == "warning":  # the article of the event's code (FIBAS 41, Parole 14.4, ...)
        article = svc.state(event_id).code.sanction_articles["warning"]
        svc.give_warning(event_id, n, competitor_field(form), reason, article, actor=user)
        return "penalties"
    if action == "abandon":
        justified = form.get("justified") in ("on", "1", "true", "yes")
        svc.record_abandon(event_id, n, competitor_field(form), justified, reason, user)
        return "penalties"
    if action == "arbitral":
        mp = int_field(form, "mp", ("M.P.", "MP"), low=-100_000, high=100_000)
        vp = int_field(form, "vp", ("V.P.", "VP"), low=-100, high=100)
        svc.arbitral_score(event_id, n, competitor_field(form), mp, vp, reason, user)
        return "penalties"
    if action == "complaint":
        text = text_field(form, "text", 2000)
        if not text:
            raise FieldError("text", "scrivere il reclamo", "write the complaint")
        svc.lodge_complaint(event_id, n, competitor_field(form), text, user)
        return "standings"
    if action == "resolve":
        complaint = int_field(form, "complaint", ("reclamo", "complaint"), low=1)
        decision = text_field(form, "decision", 2000) or None
        svc.resolve_complaint(event_id, n, complaint, decision, user)
        return "standings"
    raise NotFoundError(f"azione «{action}» sconosciuta", f"unknown action «{action}»")


@router.post("/desk/e/{event_id}/r/{n}/{action}", include_in_schema=False)
async def round_action(
    request: Request,
    event_id: str,
    n: int,
    action: str,
    session: auth.Session = DirectorPost,
) -> Any:
    """A form of the round page (seat, publish the seating, publish the standings, lateness,
    warning, abandon, arbitral score, complaints)."""
    if action not in ROUND_ACTIONS:
        raise HTTPException(status_code=404)
    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.lock:
        round_number(web.service.state(event_id), n)
        try:
            anchor = do_round_action(web, session, event_id, n, ROUND_ACTIONS[action], form)
        except ArbitroError as exc:
            return round_page(
                request,
                session,
                event_id,
                n,
                status_for(exc),
                errors=form_errors(ROUND_ACTIONS[action], exc, request_lang(request)),
                values=form_values(form),
            )
    return redirect(f"/desk/e/{event_id}/r/{n}?ok={action}#{anchor}")


# ---------------------------------------------------------------------- sheets
@router.get("/desk/e/{event_id}/r/{n}/t/{table}", include_in_schema=False)
def sheet_view(
    request: Request, event_id: str, n: int, table: int, session: auth.Session = Director
) -> Any:
    """One table's sheet."""
    web = web_of(request)
    with web.lock:
        event_id = event_id_of(request, event_id)
        round_number(web.service.state(event_id), n)
        return sheet_page(request, session, event_id, n, table)


@router.post("/desk/e/{event_id}/r/{n}/t/{table}/{action}", include_in_schema=False)
async def sheet_action(
    request: Request,
    event_id: str,
    n: int,
    table: int,
    action: str,
    session: auth.Session = DirectorPost,
) -> Any:
    """A form of the sheet page: ``enter`` (the director transcribes the signed paper sheet),
    ``confirm`` (a sheet submitted by one line only), ``correct`` (art. 21, with a reason)."""
    if action not in ("enter", "confirm", "correct"):
        raise HTTPException(status_code=404)
    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.lock:
        state = web.service.state(event_id)
        round_number(state, n)
        try:
            entry: AnyEntry | None
            if action == "enter":
                entry = parse_entry(form, state, n, "e_", table)
                web.service.enter_sheet(event_id, n, table, entry, actor=session.user)
            elif action == "confirm":
                web.service.confirm_sheet(event_id, n, table, actor=session.user)
            else:
                kind = text_field(form, "kind", 20)
                if kind not in CORRECTION_KINDS:
                    raise FieldError(
                        "kind", "scegliere il tipo di correzione", "choose the kind of correction"
                    )
                reason = text_field(form, "reason", 1000)
                if not reason:
                    raise FieldError(
                        "reason",
                        "indicare il motivo della correzione",
                        "give the reason for the correction",
                        article="21",
                    )
                entry = None if kind == "inverted" else parse_entry(form, state, n, "c_", table)
                swap = None
                if kind == "inverted" and text_field(form, "swap_a", 10):
                    swap = (
                        int_field(form, "swap_a", ("giocatore", "player"), low=1),
                        int_field(form, "swap_b", ("giocatore", "player"), low=1),
                    )
                web.service.correct_sheet(
                    event_id,
                    n,
                    table,
                    kind=kind,
                    reason=reason,
                    entry=entry,
                    table_agrees=form.get("table_agrees") in ("on", "1", "true"),
                    by_arbiter=kind == "arbiter" or form.get("by_arbiter") in ("on", "1", "true"),
                    swap=swap,
                    actor=session.user,
                )
        except ArbitroError as exc:
            return sheet_page(
                request,
                session,
                event_id,
                n,
                table,
                status_for(exc),
                errors=form_errors(action, exc, request_lang(request)),
                values=form_values(form),
            )
    return redirect(f"/desk/e/{event_id}/r/{n}/t/{table}?ok={action}")


# ---------------------------------------------------------------------- printouts
PRINTOUTS = ("table-cards", "score-sheets", "seating", "standings")


@router.get("/desk/e/{event_id}/r/{n}/pdf/{kind}", include_in_schema=False)
def printout(
    request: Request, event_id: str, n: int, kind: str, session: auth.Session = Director
) -> Any:
    """A printout of the round as PDF: table cards with QR codes, score sheets, seating,
    standings (arbitro.printouts)."""
    if kind not in PRINTOUTS:
        raise HTTPException(status_code=404)
    web = web_of(request)
    lang = request_lang(request)
    try:
        from arbitro import printouts
    except ImportError:
        return _error_page(
            request,
            t(lang, ("Stampe non ancora disponibili.", "Printouts not available yet.")),
            503,
        )
    with web.lock:
        event_id = event_id_of(request, event_id)
        state = web.service.state(event_id)
        round_number(state, n)
        r = state.round(n)
        if r.seating is None:
            raise ArbitroError(f"il turno {n} non è assegnato", f"round {n} is not seated")
        if kind == "table-cards":
            urls = {
                tab.table: str(request.base_url).rstrip("/") + u
                if (u := table_url(web, request, event_id, tab.table)).startswith("/")
                else u
                for tab in r.seating.tables
            }
            pdf = printouts.table_cards_pdf(state, n, urls, lang=lang)
        elif kind == "score-sheets":
            pdf = printouts.score_sheets_pdf(state, n, lang=lang)
        elif kind == "seating":
            pdf = printouts.seating_pdf(state, n, lang=lang)
        else:
            if r.standings_published_at is None:
                raise ArbitroError(
                    f"classifica del turno {n} non pubblicata",
                    f"round {n}'s standings not published",
                )
            final = state.standings_final(n, web.service.clock())
            pdf = printouts.standings_pdf(state, n, lang=lang, final=final)
    return Response(
        bytes(pdf),
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{event_id}-r{n}-{kind}.pdf"'},
    )


@router.get("/desk/logout", include_in_schema=False)
def logout_page(request: Request, session: auth.Session = Director) -> HTMLResponse:
    """A page with the logout button (logging out is a POST)."""
    response: HTMLResponse = web_of(request).render(
        request, "desk_logout.html", **common(request, session)
    )
    return response
