"""The desk's events: the list, the new-event form (FIBAS art. 4 movements, art. 7 deals,
art. 39 complaints window), the event's page, and the event file (export and import)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from arbitro.codes.citation import Citation, cite_if, code_table
from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import DEFAULT_CODE, EventKind, code_spec, codes_of, known_code
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message, message, ngettext
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.services.event_file import export_event, import_event
from arbitro.tournament import commands
from arbitro.tournament.commands.setup import late_window
from arbitro.tournament.digital import rounds as digital_rounds
from arbitro.tournament.digital.engine import has_engine
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.fees import STATUS_NAMES, cash_summary, fee_phrase
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.pairing_constraints import REASON_NAMES, constraints
from arbitro.tournament.records import CompetitorWithdrawn
from arbitro.tournament.rules import rules_for
from arbitro.tournament.zone import DEFAULT_TIMEZONE, check_timezone
from arbitro.web import auth
from arbitro.web.bodies import import_limit
from arbitro.web.context import Web, request_lang, web_of
from arbitro.web.desk.common import (
    FIRST_ROUND_MOVEMENTS,
    LATER_MOVEMENTS,
    Director,
    DirectorPost,
    common,
    event_id_of,
)
from arbitro.web.desk.paging import matches, page_of
from arbitro.web.desk.rounds import complaint_rows
from arbitro.web.desk.series import series_of_event
from arbitro.web.desk.tiebreak_form import tiebreak_form
from arbitro.web.downloads import download_headers
from arbitro.web.forms import (
    MAX_ROUNDS,
    Errors,
    FieldCollector,
    FieldError,
    act,
    checked,
    event_id_field,
    fee_field,
    int_field,
    new_event_id,
    required_field,
    text_field,
    upload_bytes,
)
from arbitro.web.knockout_views import to_knockout_form
from arbitro.web.names import CODE_NAMES
from arbitro.web.snapshot import frozen

router = APIRouter()


def by_knockout(code: object) -> bool:
    """Whether ``code`` is played by knockout (Briscola): its events are created from the
    knockout desk, with their own form."""
    return code in codes_of(EventKind.KNOCKOUT)


@router.get("/desk", include_in_schema=False)
def desk_home(request: Request, session: auth.Session = Director) -> Response:
    """The desk's home: the events, a link to create one, and the event-file import."""
    return home_page(request, session)


def home_page(
    request: Request,
    session: auth.Session,
    status_code: int = 200,
    errors: Errors | None = None,
    values: Mapping[str, str] | None = None,
) -> Response:
    """The desk's home: the events in rounds (a knockout's link leads to its own page), each
    with its number of competitors (not of records)."""
    web = web_of(request)
    events = web.store.list_events()
    counts: dict[str, int] = {}
    with web.locked():
        for e in events:
            if e.kind == "knockout":
                counts[e.event_id] = len(web.knockout.state(e.event_id).pairs)
            else:
                counts[e.event_id] = len(web.service.state(e.event_id).competitors)
    return web.render(
        request,
        "desk/home.html",
        status_code=status_code,
        **common(
            request,
            session,
            events=events,
            competitor_counts=counts,
            errors=errors or {},
            values=values or {},
        ),
    )


@router.get("/desk/logout", include_in_schema=False)
def logout_page(request: Request, session: auth.Session = Director) -> Response:
    """A page with the logout button (logging out is a POST)."""
    return web_of(request).render(request, "desk/logout.html", **common(request, session))


# ---------------------------------------------------------------------- new event


def form_code(values: Mapping[str, str]) -> str:
    """The code the new-event form is for: the one chosen, the default code (FIBAS) for any
    other value."""
    code = values.get("code", DEFAULT_CODE)
    return code if code in CODE_NAMES else DEFAULT_CODE


def default_deals(code: str) -> str:
    """The deals a round of the form starts with: 2 where the code allows it, else the
    fewest the code allows (Parole art. 3: 3 or 4; FIBAS art. 7: 1 to 4)."""
    allowed = rules_for(code).deals_allowed
    return "2" if 2 in allowed else str(min(allowed))


def code_options(code: str) -> dict[str, Any]:
    """What the new-event form offers for ``code``, from the code's data: the deals a round
    may have, carte uguali where the code has its continuous scale (FIBAS art. 20), the
    complaints window (FIBAS art. 39, Parole art. 14.1) and the sessions' article."""
    rules = rules_for(code)
    scale = code_table(code, "duplicate_scale")
    return {
        "deals_allowed": rules.deals_allowed,
        "default_deals": default_deals(code),
        "duplicate_article": Citation(rules.code, str(scale["article"])) if scale else None,
        "code_complaints": rules.cite_if("complaints"),
        "code_window": rules.complaints_window_minutes,
        "code_session": rules.cite_if("session"),
    }


def knockout_options() -> list[tuple[str, Message]]:
    """The codes played by knockout the new-event form's list offers after those of rounds,
    each with its option (the spec's ``desk_option``, else its name; Briscola art. 9): the
    form leads to the knockouts' own."""
    return [
        (c, Message(code_spec(c).desk_option) if code_spec(c).desk_option else code_spec(c).name)
        for c in codes_of(EventKind.KNOCKOUT)
    ]


def game_hint(code: object) -> dict[str, Any]:
    """What the new-event form says under the list of codes for the code chosen, from its
    spec: its hint (Scala 40 art. 2, 5: individual, tables of four, 5 deals; Briscola art. 9:
    played by knockout), the article the hint cites and whether it leads to the knockouts'
    form; the formats the form offers (Scala 40: individual only, art. 2)."""
    known = code in codes_of(EventKind.ROUNDS) or by_knockout(code)
    spec = code_spec(str(code)) if known else None
    hint: dict[str, Any] = {"game_hint": "", "game_hint_article": None, "game_hint_knockout": False}
    if spec is not None and spec.desk_hint:
        topic = spec.desk_hint_topic
        hint = {
            "game_hint": spec.desk_hint,
            "game_hint_article": cite_if(spec.id, topic) if topic else None,
            "game_hint_knockout": spec.events is EventKind.KNOCKOUT,
        }
    allowed = spec.desk_formats if spec is not None else ()
    return {**hint, "formats": [f for f in EventFormat if not allowed or f.value in allowed]}


def game_defaults(values: dict[str, str], rounds: int) -> dict[str, str]:
    """``values`` with the format and deals of the game chosen (``values["code"]``)."""
    code = form_code(values)
    defaults = code_spec(code).desk_defaults  # Scala 40: individual, 5 deals (art. 2, 5)
    out = dict(values)
    out["format"] = defaults.get("format", EventFormat.PAIRS.value)
    for i in range(1, rounds + 1):
        out[f"deals_{i}"] = defaults.get("deals", default_deals(code))
    if not code_table(code, "duplicate_scale"):  # no carte uguali in this code
        out.pop("duplicate", None)
        out["comparison"] = "table"
    return out


def new_event_values(rounds: int = 4, code: str = DEFAULT_CODE) -> dict[str, str]:
    """The defaults of the new-event form (for the game of ``code``)."""
    values = {
        "name": "",
        "event_id": "",
        "format": EventFormat.PAIRS.value,
        "code": code,
        "rounds": str(rounds),
        "seed": "0",
        "complaints_window_minutes": "",
        "mitchell_step": "1",
        "sessions": "1",
        "comparison": "table",
        "fee": "",
        "timezone": DEFAULT_TIMEZONE,
    }
    for i in range(1, rounds + 1):
        values[f"deals_{i}"] = default_deals(form_code({"code": code}))
        values[f"movement_{i}"] = (Movement.DRAW if i == 1 else Movement.MITCHELL).value
    return game_defaults(values, rounds)


def _round_count(values: Mapping[str, str]) -> int:
    try:
        return max(1, min(MAX_ROUNDS, int(values.get("rounds", "4"))))
    except ValueError:
        return 4


def new_event_page(
    request: Request,
    session: auth.Session,
    values: Mapping[str, str],
    status_code: int = 200,
    errors: Mapping[str, Any] | None = None,
) -> Response:
    """The new-event form."""
    rounds = _round_count(values)
    return web_of(request).render(
        request,
        "desk/new.html",
        status_code=status_code,
        **common(
            request,
            session,
            values={**new_event_values(rounds, values.get("code", DEFAULT_CODE)), **values},
            round_count=rounds,
            codes=list(CODE_NAMES),
            knockout_codes=knockout_options(),
            first_movements=FIRST_ROUND_MOVEMENTS,
            later_movements=LATER_MOVEMENTS,
            fibas_complaints=rules_for(DEFAULT_CODE).cite("complaints"),
            fibas_window=rules_for(DEFAULT_CODE).complaints_window_minutes,
            fibas_vp=rules_for(DEFAULT_CODE).cite("vp"),
            fibas_session=rules_for(DEFAULT_CODE).cite("session"),
            **code_options(form_code(values)),
            **game_hint(values.get("code", DEFAULT_CODE)),
            errors=errors or {},
        ),
    )


@router.get("/desk/new", include_in_schema=False)
def new_event_form(request: Request, session: auth.Session = Director) -> Response:
    """The form to create an event (``?rounds=N`` gives N per-round rows)."""
    if by_knockout(request.query_params.get("code")):  # a knockout: its own form
        return to_knockout_form(request, request.query_params.get("name", ""))
    values = new_event_values()
    if "rounds" in request.query_params:
        values.update(
            {k: v for k, v in request.query_params.items() if k != "lang"}  # htmx refresh
        )
    if request.query_params.get("changed") == "code":  # a game chosen: its format, deals
        values = game_defaults(values, _round_count(values))
    return new_event_page(request, session, values)


@router.get("/desk/new/rounds", include_in_schema=False)
def new_event_rounds(request: Request, session: auth.Session = Director) -> Response:
    """The per-round rows of the new-event form for ``?rounds=N`` (htmx refresh)."""
    values = {**new_event_values(), **dict(request.query_params.items())}
    rounds = _round_count(values)
    values = {**new_event_values(rounds, values.get("code", DEFAULT_CODE)), **values}
    return web_of(request).render(
        request,
        "desk/new_rounds.html",
        **common(
            request,
            session,
            values=values,
            round_count=rounds,
            first_movements=FIRST_ROUND_MOVEMENTS,
            later_movements=LATER_MOVEMENTS,
            **code_options(form_code(values)),
        ),
    )


def _event_format(form: FormData) -> EventFormat:
    try:
        return EventFormat(text_field(form, "format", 20))
    except ValueError:
        raise FieldError("format", "unknown format") from None


def _code(form: FormData) -> str:
    code = text_field(form, "code", 40) or DEFAULT_CODE
    if by_knockout(code):  # its hint leads to the knockouts' form (Briscola art. 9)
        raise FieldError("code", code_spec(code).desk_hint or "unknown code «{code}»", code=code)
    if code not in CODE_NAMES:
        raise FieldError("code", "unknown code «{code}»", code=code)
    return code


def _movement(form: FormData, i: int, movements: list[Movement]) -> Movement:
    raw = text_field(form, f"movement_{i}", 30)
    if not raw:
        raw = Movement.DRAW.value if i == 1 else (movements[-1].value if i > 2 else "mitchell")
    try:
        return Movement(raw)
    except ValueError:
        raise FieldError(f"movement_{i}", "unknown movement «{raw}»", raw=raw) from None


def _comparison(form: FormData) -> Literal["table", "others", "field"] | None:
    """The comparison chosen (FIBAS art. 20): with the carte uguali box, "others" or
    "field" compare each table with the field; "table" (or nothing) keeps each table's own
    difference. Without the box a comparison with the field is refused by the event's
    checks, with the article."""
    raw = text_field(form, "comparison", 10) or "table"
    if raw == "others":
        return "others"
    if raw == "field":
        return "field"
    if raw == "table":
        return None
    raise FieldError("comparison", "unknown comparison «{raw}»", raw=raw)


def _timezone(form: FormData) -> str | None:
    """The event's time zone typed (an IANA name such as Europe/London; empty: Europe/Rome):
    the desk, the terminal and the printouts show and read its times in it."""
    raw = text_field(form, "timezone", 64)
    if not raw:
        return None
    try:
        return check_timezone(raw)
    except ArbitroError as exc:
        raise FieldError("timezone", exc.msg) from None


def _sessions(form: FormData, rounds: int) -> tuple[int, ...]:
    """The first round of each session (FIBAS art. 2 "Sessione": the rounds played
    consecutively), as typed: ``1`` (one session, the default) or ``1, 4``; they start at
    round 1, in increasing order, within the event's rounds."""
    raw = text_field(form, "sessions", 200) or "1"
    try:
        starts = tuple(int(x) for x in raw.replace(";", ",").split(",") if x.strip())
    except ValueError:
        raise FieldError(
            "sessions", "«{raw}»: the first round of each session, e.g. 1, 4", raw=raw
        ) from None
    if not starts or starts[0] != 1 or list(starts) != sorted(set(starts)) or starts[-1] > rounds:
        raise FieldError(
            "sessions",
            ngettext(
                "sessions start at round 1, in increasing order, within the {rounds} round",
                "sessions start at round 1, in increasing order, within the {rounds} rounds",
                rounds,
                rounds=rounds,
            ),
        )
    return starts


def config_from_form(form: FormData) -> EventConfig:
    """The configuration typed in the new-event form (FIBAS art. 4, 7, 39); every field's
    error is reported at once (:class:`FieldErrors`)."""
    c = FieldCollector()
    name = c.take(lambda: required_field(form, "name", 200, N_("the event's name is empty")), "")
    event_format = c.take(lambda: _event_format(form), EventFormat.PAIRS)
    code = c.take(lambda: _code(form), DEFAULT_CODE)
    rounds = c.take(lambda: int_field(form, "rounds", Message("rounds"), low=1, high=MAX_ROUNDS), 1)
    deals: list[int] = []
    movements: list[Movement] = []
    for i in range(1, rounds + 1):
        default = deals[-1] if deals else None
        what = message("deals of round {round}", round=i)
        read = partial(int_field, form, f"deals_{i}", what, low=1, high=10, default=default)
        deals.append(c.take(read, default or 1))
        movements.append(c.take(partial(_movement, form, i, movements), Movement.DRAW))
    step = c.take(
        lambda: int_field(
            form, "mitchell_step", Message("Mitchell step"), low=0, high=99, default=1
        ),
        1,
    )
    seed = c.take(
        lambda: int_field(form, "seed", Message("seed"), low=0, high=2**31 - 1, default=0), 0
    )
    window = c.take(
        lambda: int_field(
            form,
            "complaints_window_minutes",
            Message("complaints window (minutes)"),
            low=0,
            high=24 * 60,
            default=rules_for(code).complaints_window_minutes,
        ),
        0,
    )
    comparison = c.take(lambda: _comparison(form), None)
    fee = c.take(lambda: fee_field(form, "fee"), None)
    timezone = c.take(lambda: _timezone(form), None)
    one: tuple[int, ...] = (1,)
    sessions = c.take(lambda: _sessions(form, rounds), one)
    c.check()
    return EventConfig(
        name=name,
        code=CodeId(code),
        game=GameId(rules_for(code).game),
        event_format=event_format,
        rounds=rounds,
        deals=tuple(deals),
        movements=tuple(movements),
        mitchell_step=step,
        seed=seed,
        duplicate=checked(form, "duplicate"),
        comparison=comparison,
        complaints_window_minutes=window,
        entry_fee_cents=fee or None,
        session_starts=sessions,
        timezone=timezone,
    )


def _digital_choice(form: FormData) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """The new event's default of digital tables (issue 32): "all", "none" or the tables'
    numbers ("1-5"); a code without an engine for digital tables refuses any but none."""
    try:
        mode, tables, who = digital_rounds.parse_choice(text_field(form, "digital", 200))
    except ArbitroError as err:
        raise FieldError("digital", err.msg) from None
    code = str(form.get("code") or DEFAULT_CODE)
    if mode != "paper" and known_code(code) and not has_engine(code):
        raise FieldError(
            "digital",
            N_("the code {code} has no digital table yet"),
            code=code_spec(code).short_name,
        )
    return mode, tables, who


@router.post("/desk/new", include_in_schema=False)
async def create_event(request: Request, session: auth.Session = DirectorPost) -> Response:
    """Create an event from the form; back to the form with the message if refused."""
    form = await request.form()
    web = web_of(request)
    if by_knockout(form.get("code")):  # a knockout: its own form, the name kept
        return to_knockout_form(request, str(form.get("name") or ""))

    def action() -> str:
        event_id_field(form)  # a wrong id is refused before the rest of the form
        config = config_from_form(form)
        digital = _digital_choice(form)
        with web.locked():
            event_id = new_event_id(form, config.name, web.store.has_event)
            commands.create_event(config, web.service.clock())  # check before creating
            web.service.create_event(event_id, config, actor=session.user)
            if digital[0] != "paper":  # issue 32: the rounds' default (round 0)
                DigitalRounds(web.service).choose(event_id, 0, *digital, actor=session.user)
        return f"/desk/e/{event_id}"

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return new_event_page(request, session, values, status, errors)

    return act(form, "new", request_lang(request), action, refused)


# ---------------------------------------------------------------------- event file
@router.post("/desk/import", include_in_schema=False)
async def import_event_file(request: Request, session: auth.Session = DirectorPost) -> Response:
    """Import an event file (JSON) as a new event."""
    form = await request.form()
    web = web_of(request)

    def action() -> str:
        data = upload_bytes(form, "file", import_limit())  # the route's one limit (bodies.py)
        try:
            document = json.loads(data.decode("utf-8-sig"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise FieldError(
                "file", "the file is not valid JSON ({error})", error=str(exc)
            ) from None
        new_id = event_id_field(form)
        # Not under the service's lock: the file is read and checked on its own fold, then
        # stored as a new event in one transaction (import_event); phones are not kept waiting.
        state = import_event(
            web.service, document, new_id, session.user, unverified=checked(form, "unverified")
        )
        if not isinstance(state, EventState):  # a knockout event: not run from this desk
            return f"/desk?ok=imported-{state.event_id}"
        return f"/desk/e/{state.event_id}"

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return home_page(request, session, status, errors, values)

    # In a worker thread: reading and checking a file of tens of thousands of records takes
    # seconds, which on the event loop would stall every page.
    return await run_in_threadpool(act, form, "import", request_lang(request), action, refused)


@router.get("/desk/e/{event_id}/export", include_in_schema=False)
def export(request: Request, event_id: str, session: auth.Session = Director) -> Response:
    """Download the event file (JSON)."""
    web = web_of(request)
    with web.locked():
        data = export_event(web.service, event_id_of(request, event_id))
    body = json.dumps(data, ensure_ascii=False, indent=2)
    return Response(
        body,
        media_type="application/json",
        headers=download_headers(f"{event_id}.arbitro.json", "attachment"),
    )


# ---------------------------------------------------------------------- the event's page
def round_rows(web: Web, state: EventState) -> list[dict[str, Any]]:
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


def withdrawal_records(state: EventState) -> dict[int, int]:
    """The withdrawn competitors whose withdrawal can still be cancelled (re-admitted): the
    competitor → the seq of its withdrawal (FIBAS art. 36)."""
    return {
        rec.body.competitor: seq
        for seq, rec in state.actions.items()
        if isinstance(rec.body, CompetitorWithdrawn)
    }


@dataclass(frozen=True)
class CheckIn:
    """The check-in before round 1 as the event page shows it (FIBAS art. 4): whether it is
    open and in use, who plays round 1, who is marked present or absent."""

    open: bool
    used: bool
    playing: frozenset[int]
    present: tuple[int, ...]
    absent: tuple[int, ...]
    marked: dict[int, bool]

    @classmethod
    def of(cls, state: EventState) -> CheckIn:
        """The check-in of ``state``, copied out of the fold."""
        return cls(
            state.check_in_open,
            state.check_in_used,
            frozenset(state.active(1)),
            tuple(state.present()),
            tuple(state.absent()),
            dict(state.check_in),
        )


def event_page(
    request: Request,
    session: auth.Session,
    event_id: str,
    status_code: int = 200,
    template: str = "desk/event.html",
    **extra: Any,
) -> Response:
    """The event's page: configuration, competitors, rounds, the series it is in, event
    file, printouts; or, with another ``template``, a part of it drawn from the same context
    (one competitor's row after a check-in click, FIBAS art. 4)."""
    web = web_of(request)
    in_series = series_of_event(web.store, event_id)
    # What the page shows is taken under the lock (:func:`frozen`: copies of what a fold
    # changes in place, the competitors above all) and rendered after it.
    with web.locked():
        state = web.service.state(event_id)
        fees = cash_summary(state)
        # the competitors' table one page at a time (issue 29; web/desk/paging.py)
        shown, paging = page_of(request, list(state.competitors.values()), matches)
        ctx = common(
            request,
            session,
            event_id=event_id,
            config=state.config,
            competitors=list(state.competitors.values()),
            shown=shown,
            paging=paging,
            editable=state.round(1).seating_published_at is None,
            withdrawals=withdrawal_records(state),
            rounds=round_rows(web, state),
            current=state.current_round(),
            check_in=CheckIn.of(state),
            constraints=constraints(state),
            reasons=REASON_NAMES,
            fees=fees,
            fee_rows={r.competitor: r for r in fees.rows},
            fee=fee_phrase(state.config.event_format, state.entry_fee_cents),
            fee_status_names=STATUS_NAMES,
            in_series=in_series,
            complaints=complaint_rows(state),
            # The language judge's dictionary, where the code has one (Parole art. 2, 4.1).
            dictionary_article=state.code.cite_if("language_judge"),
            tiebreaks=tiebreak_form(state),  # issue 34
            late=late_window(state),  # the late admission's form (rulings "Late entries")
            late_article=state.code.cite("late_registration"),
            **extra,
        )
        ctx = frozen(ctx)
    return web.render(request, template, status_code=status_code, **ctx)


@router.get("/desk/e/{event_id}", include_in_schema=False)
def event_view(request: Request, event_id: str, session: auth.Session = Director) -> Response:
    """The event's page."""
    return event_page(request, session, event_id_of(request, event_id))
