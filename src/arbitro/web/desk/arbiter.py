"""The arbiter's forms of the round page: lateness (FIBAS art. 37), sanctions (reprimands,
warnings, expulsions: art. 40-41; the article of the event's code unless the arbiter cites
another), penalties in points (art. 22), abandons (art. 36) and arbitral scores (art. 40)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from arbitro.i18n import N_, Message, msg
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventState, SanctionKind
from arbitro.tournament.model import Movement, TableSeating
from arbitro.tournament.records import AbandonScore
from arbitro.tournament.zone import event_zone, parse_local_time
from arbitro.web import auth
from arbitro.web.context import Web, request_lang, web_of
from arbitro.web.desk.common import (
    Director,
    DirectorPost,
    Refusal,
    add_post,
    event_id_of,
    round_common,
    round_state,
)
from arbitro.web.desk.paging import PAGE_SIZE
from arbitro.web.desk.rounds import competitor_field, round_form
from arbitro.web.forms import (
    Errors,
    FieldError,
    FieldErrors,
    act,
    checked,
    int_field,
    required_field,
    text_field,
)
from arbitro.web.names import line_label
from arbitro.web.snapshot import frozen

router = APIRouter()


def _reason(form: FormData) -> str | None:
    return text_field(form, "reason", 1000) or None


@round_form(router, "lateness")
def _lateness(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Record a competitor's lateness (FIBAS art. 37, Parole art. 13: the event's code)."""
    minutes = int_field(form, "minutes", Message("minutes"), low=0, high=600, default=0)
    seconds = int_field(form, "seconds", Message("seconds"), low=0, high=59, default=0)
    web.service.run(
        event_id,
        values.RecordLateness(n, competitor_field(form), minutes * 60 + seconds, session.user),
    )
    return "penalties"


@round_form(router, "warning")
def _warning(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Give a warning (FIBAS art. 41, Parole art. 14.4: the article of the event's code)."""
    web.service.run(
        event_id,
        values.GiveSanction(
            n, competitor_field(form), SanctionKind.WARNING, _reason(form), actor=session.user
        ),
    )
    return "penalties"


_ARTICLE = re.compile(r"[0-9A-Za-z][0-9A-Za-z .,\-]{0,29}")


def _article(form: FormData) -> str | None:
    """The article the arbiter cites instead of the code's, if one (a number: "41", "13.4")."""
    article = text_field(form, "article", 30) or None
    if article is not None and _ARTICLE.fullmatch(article) is None:
        raise FieldError("article", "«{raw}»: write the article's number, e.g. 41", raw=article)
    return article


def _player(form: FormData, competitor: int) -> str | None:
    """The player of the pair or team chosen, if one: the player select lists every seated
    competitor's players as "number:name"; past a page of competitors the name is typed
    (issue 29), and the command checks that the player plays for the competitor."""
    player = text_field(form, "player", 200) or None
    if player is None:
        return None
    number, sep, name = player.partition(":")
    if not sep:
        return player
    if number != str(competitor):
        raise FieldError(
            "player", "«{player}» does not play for the competitor chosen", player=name
        )
    return name


@round_form(router, "sanction")
def _sanction(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Give a reprimand, a warning or an expulsion, as ``arbitro sanction`` does: the article
    of the event's code for that sanction unless the arbiter cites another (FIBAS art. 41
    "ammonizioni o penalità, secondo la gravità"; art. 40 the expulsion; Parole art. 14.4;
    Scala 40 art. 10), and the player of the pair or team who was sanctioned, if one."""
    raw = text_field(form, "kind", 20) or SanctionKind.WARNING.value
    try:
        kind = SanctionKind(raw)
    except ValueError:
        raise FieldError("kind", "«{raw}» is not a kind of sanction", raw=raw) from None
    article = _article(form)
    competitor = competitor_field(form)
    player = _player(form, competitor)
    web.service.run(
        event_id,
        values.GiveSanction(
            n, competitor, kind, _reason(form), article=article, player=player, actor=session.user
        ),
    )
    return "penalties"


@round_form(router, "penalty")
def _penalty(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Give a penalty in points, as ``arbitro penalty`` does (FIBAS art. 22: "assegnando
    penalità e/o sanzioni"): M.P. and V.P. taken off the competitor's standings (the form
    shows the code's penalty of two warnings, art. 41, as the default), the code's article
    unless the arbiter cites another, the player penalised if one, and why."""
    competitor = competitor_field(form)
    mp = _points(form, "mp", Message("M.P."))
    vp = _points(form, "vp", Message("V.P."))
    if mp == 0 and vp == 0:
        raise FieldError("mp", "a penalty takes off some M.P. or V.P.")
    article = _article(form)
    player = _player(form, competitor)
    reason = _reason(form)
    if reason is None:
        raise FieldError("reason", "{what}: a reason is required", what=Message(N_("penalty")))
    web.service.run(
        event_id,
        values.GivePenalty(
            n, competitor, reason, mp=mp, vp=vp, article=article, player=player, actor=session.user
        ),
    )
    return "penalties"


def _points(form: FormData, name: str, what: Message) -> int | None:
    """A penalty's M.P. or V.P. (a whole number, not negative: a penalty takes them off),
    None when left empty (the code's default, where the other is empty too)."""
    if not text_field(form, name, 30):
        return None
    return int_field(form, name, what, low=0, high=100_000)


@round_form(router, "abandon")
def _abandon(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Record an abandon, justified or not (FIBAS art. 36, Scala 40 art. 25), with the
    arbiter's choice of the leaving side's score where the code has one (Parole art. 13.4)."""
    justified = checked(form, "justified")
    raw = text_field(form, "score", 20)
    try:
        score = AbandonScore(raw) if raw else None
    except ValueError:
        raise FieldError("score", "«{raw}» is not a choice of score", raw=raw) from None
    state = web.service.state(event_id)
    if score is None and state.code.abandon_choices:  # Parole art. 13.4: a), b) or c)
        raise FieldError(
            "score",
            "choose a), b) or c): the score of the side that left",
            article=state.code.cite("abandon"),
        )
    web.service.run(
        event_id,
        values.RecordAbandon(
            n, competitor_field(form), justified, _reason(form), session.user, score
        ),
    )
    DigitalRounds(web.service).go_on(event_id, n)  # Scala 40 art. 25: the three go on
    return "penalties"


@round_form(router, "arbitral")
def _arbitral(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Assign an arbitral score (FIBAS art. 40)."""
    mp = int_field(form, "mp", Message("MP"), low=-100_000, high=100_000)
    vp = int_field(form, "vp", Message("VP"), low=-100, high=100)
    web.service.run(
        event_id,
        values.ArbitralScore(n, competitor_field(form), mp, vp, _reason(form), session.user),
    )
    return "penalties"


# ---------------------------------------------------------------- seating by the arbiter's choice
def _places(state: EventState) -> tuple[tuple[str, int], ...]:
    """The places of one table on the arbiter's seating form: the N-S and E-O lines of one
    competitor each (two players in individual events, FIBAS art. 4), or the four seats of a
    table of individuals (Scala 40 art. 2)."""
    return state.sheet_kind.places(state.config.event_format)  # the kind seats its table


def _table_count(state: EventState, n: int) -> int:
    """How many tables the round's active competitors fill (an incomplete table included,
    FIBAS art. 2, 37; tables of three, Scala 40 art. 2, 25); at least the tables of a seating
    already made."""
    active = len(state.active(n))
    seating = state.round(n).seating
    made = len(seating.tables) if seating is not None else 0
    per_table = sum(size for _side, size in _places(state))
    return max(made, 1, -(-active // per_table))


_PLACE_FIELD = re.compile(r"t\d+_(ns|ew|p)_\d+")


def _place_name(side: str, table: int, slot: int) -> str:
    """The form field of one place: ``t3_ns_1`` (table 3, N-S, its first competitor)."""
    return f"t{table}_{side}_{slot}"


def _seated_values(state: EventState, n: int) -> dict[str, str]:
    """The form's values showing the round's seating not yet published (to adjust a draw or
    an earlier choice by hand), or none."""
    seating = state.round(n).seating
    if seating is None:
        return {}
    values = {}
    for t in seating.tables:
        lines = {"p": t.players or (), "ns": t.ns or (), "ew": t.ew or ()}
        for side, members in lines.items():
            for i, c in enumerate(members, start=1):
                values[_place_name(side, t.table, i)] = str(c)
    return values


def _where(side: str, table: int) -> Message:
    """A place as a message says it: "table 3, N-S" (or "table 3" at a table of four)."""
    if side == "p":
        return Message("table {table}", {"table": table})
    return msg("table {table}, {line}", table=table, line=line_label(side))


def arbiter_tables(state: EventState, n: int, form: FormData) -> tuple[TableSeating, ...]:
    """The arbiter's seating typed on the desk's form (FIBAS art. 4 "a scelta dell'Arbitro";
    Scala 40 art. 2): a row per table, a select per place. Each competitor placed once: one
    placed twice is refused next to its second place, one not placed by name; the domain
    then checks the rest (tables 1..n, at most one incomplete table, art. 2, 37)."""
    active = state.active(n)
    placed: dict[int, Message] = {}
    errors: list[FieldError] = []
    tables = []
    for table in range(1, _table_count(state, n) + 1):
        lines: dict[str, tuple[int, ...]] = {}
        for side, size in _places(state):
            chosen = []
            for slot in range(1, size + 1):
                name = _place_name(side, table, slot)
                raw = text_field(form, name, 10)
                if not raw:
                    continue
                number = int(raw) if raw.isdigit() else 0
                if number not in active:
                    errors.append(FieldError(name, "«{raw}» does not play this round", raw=raw))
                elif number in placed:
                    errors.append(
                        FieldError(
                            name,
                            "{competitor} is already placed at {place}",
                            competitor=f"{number} — {state.competitors[number].name}",
                            place=placed[number],
                        )
                    )
                else:
                    placed[number] = _where(side, table)
                    chosen.append(number)
            lines[side] = tuple(chosen)
        # the players in seat order ("p") or the two lines, as the kind's places name them
        players = lines.get("p")
        tables.append(
            TableSeating(table, lines.get("ns") or None, lines.get("ew") or None, players)
        )
    missing = [c for c in active if c not in placed]
    if missing:
        errors.append(
            FieldError(
                "unplaced",
                "not placed yet: {competitors}",
                competitors=", ".join(f"{c} — {state.competitors[c].name}" for c in missing),
            )
        )
    if errors:
        raise FieldErrors(errors)
    # Empty rows at the end (the form offers a table more than a seating made) are no table.
    while tables and not (tables[-1].lines or tables[-1].players):
        tables.pop()
    return tuple(tables)


def _arbiter_seating_context(
    request: Request, session: auth.Session, event_id: str, n: int, **extra: Any
) -> dict[str, Any]:
    """What the arbiter's seating form shows: a row per table, each place a select of the
    round's active competitors (read under the service's lock)."""
    web = web_of(request)
    state = round_state(web, event_id, n)
    r = state.round(n)
    values = extra.pop("values", None) or _seated_values(state, n)
    return frozen(
        round_common(
            request,
            session,
            event_id,
            state,
            n,
            rnd=r,
            places=_places(state),
            tables=list(range(1, _table_count(state, n) + 1)),
            competitors=[state.competitors[c] for c in state.active(n)],
            # past a page, a place's competitor is typed: 1,000 tables' lists of all 2,000
            # made 198 MB of HTML (issue 29)
            by_number=len(state.active(n)) > PAGE_SIZE,
            can_seat=r.seating_published_at is None
            and (n == 1 or state.round(n - 1).standings_published_at is not None),
            article=state.code.cite("seating"),
            placed=len({v for k, v in values.items() if _PLACE_FIELD.fullmatch(k) and v.isdigit()}),
            values=values,
            **extra,
        )
    )


@router.get("/desk/e/{event_id}/r/{n}/arbiter-seating", include_in_schema=False)
def arbiter_seating_page(
    request: Request, event_id: str, n: int, session: auth.Session = Director
) -> Response:
    """The form of a round seated by the arbiter's choice (FIBAS art. 4): a row per table,
    N-S and E-O (the seats at a table of four, Scala 40 art. 2), each competitor once."""
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.locked():
        ctx = _arbiter_seating_context(request, session, event_id, n)
    return web.render(request, "desk/arbiter_seating.html", **ctx)


async def _arbiter_seat(
    request: Request, event_id: str, n: int, session: auth.Session = DirectorPost
) -> Response:
    form = await request.form(max_fields=auth.desk_form_fields())
    web = web_of(request)
    event_id = event_id_of(request, event_id)

    def run() -> str:
        state = round_state(web, event_id, n)
        tables = arbiter_tables(state, n, form)
        web.service.seat(
            event_id, n, movement=Movement.ARBITER_CHOICE, arbiter_tables=tables, actor=session.user
        )
        return f"/desk/e/{event_id}/r/{n}?ok=seat#seating"

    refusal = Refusal()

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        ctx = _arbiter_seating_context(request, session, event_id, n, errors=errors, values=values)
        return refusal.keep(status, ctx)

    def decide() -> Response:
        with web.locked():
            round_state(web, event_id, n)
            response = act(form, "arbiter-seat", request_lang(request), run, refused)
        return refusal.page(web, request, "desk/arbiter_seating.html", response)

    return await run_in_threadpool(decide)


add_post(
    router,
    "/desk/e/{event_id}/r/{n}/arbiter-seating",
    "arbiter_seat",
    "Seat the round by the arbiter's choice (FIBAS art. 4), to review and publish.",
    _arbiter_seat,
)


def _local_time_field(form: FormData, name: str, web: Web, event_id: str) -> datetime | None:
    """A time of day typed at the desk, in the event's time zone (its setting), or None if
    left empty."""
    raw = text_field(form, name, 10)
    if not raw:
        return None
    where = event_zone(web.service.state(event_id).config)
    at = parse_local_time(raw, web.service.clock(), where)
    if at is None:
        raise FieldError(name, "«{raw}»: write the time as HH:MM", raw=raw)
    return at


@round_form(router, "start")
def _start(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Start the round's clock, now or at the time typed (FIBAS art. 7)."""
    started_at = _local_time_field(form, "started_at", web, event_id)
    web.service.run(event_id, values.StartRound(n, started_at=started_at, actor=session.user))
    return "clock"


@round_form(router, "correct-start")
def _correct_start(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Correct the start of the round's clock to the time typed, with the reason (FIBAS
    art. 7): the time played, the time-out (art. 17) and the lateness (art. 37) follow."""
    started_at = _local_time_field(form, "started_at", web, event_id)
    if started_at is None:
        raise FieldError("started_at", "write the round's real start as HH:MM")
    reason = required_field(form, "reason", 1000, N_("write why the start is corrected"))
    web.service.run(event_id, values.CorrectStart(n, started_at, reason, actor=session.user))
    return "clock"


@round_form(router, "arrival")
def _arrival(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """A late competitor arrived, now or at the time typed: show the lateness measured from
    the round's start and its cost, to confirm before it is recorded (FIBAS art. 37)."""
    competitor = competitor_field(form)
    arrived = _local_time_field(form, "arrived", web, event_id) or web.service.clock()
    web.service.lateness_of_arrival(event_id, n, competitor, arrived)  # refuses early
    stamp = int(arrived.timestamp())
    return f"late={competitor}&arrived={stamp}#lateness-preview"


@round_form(router, "cancel")
def _cancel(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Cancel a director's action of the ledger, with its reason (the record stays)."""
    seq = int_field(form, "seq", Message("action"), low=1)
    reason = required_field(form, "reason", 1000, N_("write why the action is cancelled"))
    web.service.run(event_id, values.Cancel(seq, reason, actor=session.user))
    return "penalties"
