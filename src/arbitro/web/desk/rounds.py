"""The desk's rounds: the round page (seat and review the seating, FIBAS art. 4; the sheets
as they arrive, art. 19-20; the penalties; the standings and the complaints window,
art. 38-39), its live panel, and its forms."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.tournament import commands
from arbitro.tournament.boards import field_vp, flagged_entries
from arbitro.tournament.commands import values
from arbitro.tournament.commands.boards import wrong_count_citation, wrong_count_rule
from arbitro.tournament.commands.rounds import stale_seating
from arbitro.tournament.digital import rounds as digital_rounds
from arbitro.tournament.digital.engine import has_engine
from arbitro.tournament.event import SAME_SOURCE_SECONDS, EventState, TableSheet
from arbitro.tournament.model import Movement
from arbitro.tournament.pairing_constraints import unkept_constraints
from arbitro.tournament.records import utc
from arbitro.tournament.sheets.individuals import repeated_meetings
from arbitro.web import auth
from arbitro.web.board_hands import dealt_hands
from arbitro.web.board_views import (
    METHOD_NAMES,
    POCKET_NAMES,
    check_rows,
    is_carte_uguali,
    plan_rows,
)
from arbitro.web.context import Web, request_lang, web_of
from arbitro.web.desk.common import (
    FIRST_ROUND_MOVEMENTS,
    LATER_MOVEMENTS,
    POLL_SECONDS,
    Director,
    DirectorPost,
    Refusal,
    add_post,
    complaints_deadline,
    event_id_of,
    round_common,
    round_state,
    table_urls,
)
from arbitro.web.desk.ledger import ledger_rows
from arbitro.web.desk.paging import PAGE_SIZE, page_of, spans, table_matches
from arbitro.web.desk.sheets import naming_button
from arbitro.web.desk.views import EntryView, entry_view
from arbitro.web.digital_words import choice_said
from arbitro.web.errors import ErrorText
from arbitro.web.forms import (
    Errors,
    FieldError,
    act,
    checked,
    int_field,
    required_field,
    text_field,
)
from arbitro.web.names import STATUS_NAMES, line_names
from arbitro.web.public import standings_tiebreaks
from arbitro.web.snapshot import frozen

router = APIRouter()

RoundAction = Callable[[Web, auth.Session, str, int, FormData], str]


def sheet_rows(state: EventState, n: int) -> list[dict[str, Any]]:
    """The round's tables with their sheet status, for the sheets panel."""
    r = state.round(n)
    rows = []
    compared = field_vp(state, n, n)  # carte uguali: the comparison's VP (FIBAS art. 20)
    for table in r.seating.tables if r.seating else ():
        sheet: TableSheet | None = r.sheets.get(table.table)
        accepted = sheet.entry_as_of(n) if sheet else None
        view = entry_view(state, n, accepted)
        own = (view.ns_vp or 0, view.ew_vp or 0) if isinstance(view, EntryView) else None
        rows.append(
            {
                "vp": own if own is None or compared is None else compared.of(table.table, own),
                "table": table.table,
                "ns": line_names(state, table.ns, numbers=True),
                "ew": line_names(state, table.ew, numbers=True),
                "players": ", ".join(line_names(state, (p,), numbers=True) for p in table.players)
                if table.players
                else None,
                "status": commands.sheet_status(state, n, table.table),
                "view": view,
                "confirmed_by": sorted(sheet.confirmed_by) if sheet else [],
                "signers": len(table.players) if table.players else 2,
                "conflicts": [
                    {"version": c, "view": entry_view(state, n, c.entry)}
                    for c in (sheet.conflicts if sheet else [])
                ],
                "corrected": bool(sheet and sheet.corrections),
                "resigned": sorted(sheet.resigned) if sheet else [],  # issue 29: third device
                "same_source": sheet.same_source_lines if sheet else [],  # issue 29: one phone
                "same_source_seconds": SAME_SOURCE_SECONDS,
            }
        )
    return rows


def complaint_rows(state: EventState, round_number: int | None = None) -> list[dict[str, Any]]:
    """The open complaints (of one round, or of every round), oldest first: their number (the
    seq of their record, which the terminal's ``resolve`` takes), round, text, who lodged it
    and the round's tables, whose inverted sheet the decision may correct (FIBAS art. 21,
    38-39)."""
    rows = []
    for n, r in sorted(state.rounds.items()):
        if round_number is not None and n != round_number:
            continue
        # Tables of individuals name the two players whose points were swapped: corrected
        # on the sheet's page (Scala 40 art. 24), while the complaint keeps the round open.
        seating = None if state.sheet_kind.individual_tables else r.seating
        tables = [t.table for t in seating.tables if not t.is_incomplete] if seating else []
        for seq, text in sorted(r.open_complaints.items()):
            by = r.complainants.get(seq)
            rows.append(
                {
                    "number": seq,
                    "round": n,
                    "text": text,
                    "by": None
                    if by is None or by not in state.competitors
                    else f"{by} — {state.competitors[by].name}",
                    "tables": tables,
                }
            )
    return rows


def _lateness_preview(request: Request, web: Web, event_id: str, n: int) -> dict[str, Any] | None:
    """The lateness of the competitor who arrived (``?late=<number>&arrived=<epoch>``, where
    the arrival form sends the director): its minutes and cost, shown before it is recorded
    (FIBAS art. 37)."""
    late, arrived = request.query_params.get("late"), request.query_params.get("arrived")
    if not (late and arrived and late.isdigit() and arrived.isdigit()):
        return None
    at = datetime.fromtimestamp(int(arrived), UTC)
    try:
        preview = web.service.lateness_of_arrival(event_id, n, int(late), at)
    except ArbitroError:
        return None
    return {"competitor": int(late), "arrived": at, "preview": preview}


def boards_panel(state: EventState, n: int) -> dict[str, Any] | None:
    """The boards of a carte uguali round for the round page (FIBAS art. 7, 20; Bridge Law
    13): its plan, the tables' counts, the comparison; None for any other event or before
    the seating."""
    if not is_carte_uguali(state) or state.round(n).seating is None:
        return None
    plan = plan_rows(state, n)
    if plan is None:
        return None
    checks = check_rows(state, n)
    return {
        "plan": plan,
        "checks": checks,
        "wrong": [c for c in checks if c["status"] == "wrong"],
        "checked": sum(1 for c in checks if c["status"] in ("checked", "ruled")),
        "flags": flagged_entries(state, n),
        "method": METHOD_NAMES[str(state.config.comparison)],
        "article": state.code.cite("vp"),
        # The event code's own rule for a wrong count (FIBAS art. 6), else Law 13's choices,
        # and the boards' correct hands from the dealing sheet to make them again.
        "rule": wrong_count_rule(state),
        "pocket_names": POCKET_NAMES,
        "rule_article": wrong_count_citation(state),
        "hands": dealt_hands(state, n, {c["board"] for c in checks if c["status"] == "wrong"}),
    }


def live_version(request: Request, web: Web, state: EventState, n: int) -> str:
    """The version of the round's live panel: it changes with every record, when the
    standings become final, when the complaints window runs out, and with the language
    (the countdown in between runs in the browser)."""
    now = web.service.clock()
    deadline = complaints_deadline(state, n)
    running = deadline is not None and deadline > utc(now)
    final = state.standings_final(n, now)
    return f"{state.last_seq}.{int(final)}.{int(running)}.{request_lang(request)}"


def round_context(
    request: Request, session: auth.Session, event_id: str, n: int, **extra: Any
) -> dict[str, Any]:
    """Everything the round page and its polled panels show (read under the service's lock
    by the caller)."""
    web = web_of(request)
    state = web.service.state(event_id)
    r = state.round(n)
    now = web.service.clock()
    previous_done = n == 1 or state.round(n - 1).standings_published_at is not None
    deadline = complaints_deadline(state, n)
    standings = web.service.standings(event_id, n) if r.standings_published_at else []
    seated = sorted(r.seating.competitors()) if r.seating else []
    missing = commands.missing_sheets(state, n) if r.seating_published_at else []
    # The tables still owing a sheet or in conflict come first (in table order), then the rest.
    every = sorted(sheet_rows(state, n), key=lambda row: (row["table"] not in missing,))
    # The counts and the missing tables are the whole round's; the tables are shown a page at
    # a time (issue 29: 1.7 MB of HTML at 2,000 pairs), a table found by its number or a name.
    counts = {s: sum(1 for row in every if row["status"] == s) for s in STATUS_NAMES}
    sheets, paging = page_of(request, every, table_matches)
    return round_common(
        request,
        session,
        event_id,
        state,
        n,
        rnd=r,
        can_seat=r.seating_published_at is None and previous_done,
        previous_done=previous_done,
        movement=r.movement or state.config.movements[n - 1],
        movements=FIRST_ROUND_MOVEMENTS if n == 1 else LATER_MOVEMENTS,
        sheets=sheets,
        paging=paging,
        tables=len(every),
        counts=counts,
        missing=missing,
        missing_said=spans(missing),  # the whole round's, in runs past 30 tables
        standings=standings[:PAGE_SIZE],  # the rest in the printout and on the public page
        ranked=len(standings),
        tiebreaks=standings_tiebreaks(state),  # issue 34: «a parità di V.P.: ...»
        final=state.standings_final(n, now),
        deadline=deadline,
        seconds_left=max(0, int((deadline - utc(now)).total_seconds())) if deadline else 0,
        seated=[state.competitors[c] for c in seated],
        by_number=len(seated) > PAGE_SIZE,  # a number to type, not a list of the whole field
        competitor_count=len(state.competitors),
        absent=state.absent() if n == 1 and r.seating is None else [],
        ledger=ledger_rows(state, n),
        clock=web.service.round_clock(event_id, n) if r.seating_published_at else None,
        time_out=state.code.cite_if("time_out"),
        lateness_preview=_lateness_preview(request, web, event_id, n),
        complaints=complaint_rows(state, n),
        stale=stale_seating(state, n),
        gone=seats_gone(state, n),  # FIBAS art. 36, 40: a draft seating a pair withdrawn since
        stale_next=n < state.config.rounds and stale_seating(state, n + 1),
        table_urls=table_urls(web, request, event_id, [row["table"] for row in sheets], n),
        poll=POLL_SECONDS,
        live_version=live_version(request, web, state, n),
        cu=boards_panel(state, n),
        unkept=[u.message for u in unkept_constraints(state, n)],
        unkept_article=state.code.cite_if("seating"),  # the event's code (FIBAS art. 4)
        repeated=repeated_meetings(state, n),  # Scala 40 art. 2
        digital_count=sum(1 for r, _ in state.digital if r == n),  # issue 32: its desk page
        # issue 32: the tables the round's choice makes digital, those opened, the choice typed
        digital_tables=set(digital_rounds.digital_tables(state, n)),
        digital_open={t for r, t in state.digital if r == n},
        digital_choice=choice_said(digital_rounds.choice_of(state, n), request_lang(request)),
        digital_engine=has_engine(str(state.config.code)),
        **extra,
    )


def round_page(
    request: Request,
    session: auth.Session,
    event_id: str,
    n: int,
    status_code: int = 200,
    template: str = "desk/round.html",
    **extra: Any,
) -> Response:
    """The round page (seat / review / sheets / penalties / standings), or its live panel."""
    web = web_of(request)
    with web.locked():
        round_state(web, event_id, n)
        ctx = round_shown(request, session, event_id, n, **extra)
    return web.render(request, template, status_code=status_code, **ctx)


def round_shown(
    request: Request, session: auth.Session, event_id: str, n: int, **extra: Any
) -> dict[str, Any]:
    """What the round page shows, as values no later record changes (:func:`frozen`): read
    under the service's lock, rendered after it, so that no phone's sheet waits on the
    render (issue 14)."""
    return frozen(round_context(request, session, event_id, n, **extra))


@router.get("/desk/e/{event_id}/r/{n}", include_in_schema=False)
def round_view(
    request: Request, event_id: str, n: int, session: auth.Session = Director
) -> Response:
    """The round page."""
    return round_page(request, session, event_id_of(request, event_id), n)


@router.get("/desk/e/{event_id}/r/{n}/go", include_in_schema=False)
def go_to_table(
    request: Request, event_id: str, n: int, session: auth.Session = Director
) -> Response:
    """Go to table N (issue 29): the table's sheet (FIBAS art. 19-20) when the round has it,
    else the round page's tables searched for what was typed."""
    event_id = event_id_of(request, event_id)
    web = web_of(request)
    typed = request.query_params.get("table", "").strip()
    with web.locked():
        seating = round_state(web, event_id, n).round(n).seating
        known = seating is not None and any(str(t.table) == typed for t in seating.tables)
    if known:
        return RedirectResponse(f"/desk/e/{event_id}/r/{n}/t/{int(typed)}", status_code=303)
    query = urlencode({"q": typed[:200]})
    return RedirectResponse(f"/desk/e/{event_id}/r/{n}?{query}#sheets", status_code=303)


@router.get("/desk/e/{event_id}/r/{n}/live", include_in_schema=False)
def round_live(
    request: Request, event_id: str, n: int, session: auth.Session = Director
) -> Response:
    """The round's live panel (sheets and complaints window), polled by htmx every 3 s:
    204 while its ``?v=`` is still the panel's version (nothing changed)."""
    event_id = event_id_of(request, event_id)
    web = web_of(request)
    with web.locked():
        state = round_state(web, event_id, n)
        if request.query_params.get("v") == live_version(request, web, state, n):
            return Response(status_code=204, headers={"Cache-Control": "no-cache"})
        ctx = round_shown(request, session, event_id, n)
    return web.render(request, "desk/round_live.html", **ctx)


async def run_round_form(
    request: Request,
    session: auth.Session,
    event_id: str,
    n: int,
    ok: str,
    form_name: str,
    action: RoundAction,
) -> Response:
    """Run one of the round page's forms under the service's lock and go back to the page's
    part it names; the page with the message next to the form (4xx) if refused (read under
    the lock, rendered after it)."""
    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)

    def run() -> str:
        anchor = action(web, session, event_id, n, form)
        if anchor.startswith("/"):  # another page of the round (the arbiter's seating form)
            return anchor
        if "#" in anchor:  # "query#anchor": the page shows something first (a preview)
            return f"/desk/e/{event_id}/r/{n}?{anchor}"
        return f"/desk/e/{event_id}/r/{n}?ok={ok}#{anchor}"

    refusal = Refusal()

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        ctx = round_shown(request, session, event_id, n, errors=errors, values=values)
        return refusal.keep(status, ctx)

    def decide() -> Response:
        with web.locked():
            round_state(web, event_id, n)
            response = act(form, form_name, request_lang(request), run, refused)
        return refusal.page(web, request, "desk/round.html", response)

    # In a worker thread, as the pages: waiting for the lock or rendering the refused page on
    # the event loop would stall every other request, the phones' sheets too.
    return await run_in_threadpool(decide)


def round_form(
    on: APIRouter, path: str, form_name: str | None = None
) -> Callable[[RoundAction], RoundAction]:
    """Make ``action`` the round page's form ``path``: POST /desk/e/{event_id}/r/{n}/{path} on
    the router ``on``, run by :func:`run_round_form` (the action's docstring is the route's)."""

    def register(action: RoundAction) -> RoundAction:
        async def route(
            request: Request, event_id: str, n: int, session: auth.Session = DirectorPost
        ) -> Response:
            return await run_round_form(
                request, session, event_id, n, path, form_name or path, action
            )

        name = path.replace("-", "_")
        add_post(on, f"/desk/e/{{event_id}}/r/{{n}}/{path}", name, action.__doc__, route)
        return action

    return register


def competitor_field(form: FormData) -> int:
    """The competitor chosen in a penalty or complaint form."""
    return int_field(form, "competitor", Message("competitor"), low=1, high=100_000)


@round_form(router, "seat")
def _seat(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Seat the round (FIBAS art. 4), again if needed until its seating is published."""
    raw = text_field(form, "movement", 30)
    try:
        movement = Movement(raw) if raw else None
    except ValueError:
        raise FieldError("movement", "unknown movement") from None
    if movement is Movement.ARBITER_CHOICE:  # the arbiter places each competitor (art. 4)
        return f"/desk/e/{event_id}/r/{n}/arbiter-seating"
    seed_text = text_field(form, "seed", 20)
    seed = int_field(form, "seed", Message("seed"), low=0, high=2**62) if seed_text else None
    if "digital" in form or "online" in form:  # issue 32: the round's tables chosen
        choose_tables(web, session, event_id, n, form)
    web.service.seat(event_id, n, movement=movement, seed=seed, actor=session.user)
    return "seating"


def choose_tables(
    web: Web, session: auth.Session, event_id: str, round_number: int, form: FormData
) -> None:
    """The seating form's choice of the round's digital tables (issue 32): ``digital`` "all",
    "none" or the tables' numbers ("1-5"), ``online`` the competitors playing online;
    recorded for the round only when it differs from the choice in force (a new record is
    a correction)."""
    tables, online = text_field(form, "digital", 200), text_field(form, "online", 200)
    try:
        who = tuple(int(x) for x in online.replace(",", " ").split())
    except ValueError:
        raise FieldError(
            "online", N_("«{text}» is not a list of competitors (3,7)"), text=online
        ) from None
    try:
        mode, numbers, who = digital_rounds.parse_choice(tables, who)
    except ArbitroError as err:
        raise FieldError("digital", err.msg) from None
    now = digital_rounds.choice_of(web.service.state(event_id), round_number)
    chosen = (mode, tuple(sorted(set(numbers))), tuple(sorted(set(who))))
    if (now.mode, now.tables, now.competitors) != chosen:
        DigitalRounds(web.service).choose(
            event_id, round_number, mode, numbers, who, actor=session.user
        )


SEAT_AGAIN = N_("Seat again")
SEAT_AGAIN_HERE = N_("{refusal} (the button «{button}» on this page)")


def with_seat_button(refusal: ArbitroError) -> ArbitroError:
    """The refusal to publish a seating that seats competitors withdrawn or expelled since it
    was drawn (FIBAS art. 36, 40: :func:`commands.seats_gone_refusal`), naming the round
    page's button that seats the round again («Assegna di nuovo»)."""
    return naming_button(refusal, SEAT_AGAIN_HERE, SEAT_AGAIN)


def seats_gone(state: EventState, n: int) -> ErrorText | None:
    """What the round page says above a draft seating that seats competitors who no longer
    play (withdrawn or expelled since it was drawn, FIBAS art. 36, 40): the refusal
    publishing it would give, with the button; None when there is none or it is published."""
    if state.round(n).seating_published_at is not None:
        return None
    refusal = commands.seats_gone_refusal(state, n)
    return None if refusal is None else ErrorText(with_seat_button(refusal))


@round_form(router, "publish-seating", "publish")
def _publish(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Publish the round's seating (from then on it stands, FIBAS art. 21): the version the
    page showed (``seen``), refused with the tables that changed since (issue 29)."""
    seen = (
        int_field(form, "seen", Message("version"), low=0, high=2**62) if "seen" in form else None
    )
    try:
        web.service.run(event_id, values.PublishSeating(n, actor=session.user, seen=seen))
    except ArbitroError as exc:
        if exc.key != commands.PUBLISH_GONE:
            raise
        raise with_seat_button(exc) from None
    DigitalRounds(web.service).open_round(event_id, n, actor=session.user)  # issue 32
    return "sheets"


@round_form(router, "publish-standings", "standings")
def _standings(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Publish the round's standings (provisional during the complaints window, art. 39)."""
    web.service.run(event_id, values.PublishStandings(n, actor=session.user))
    return "standings"


@round_form(router, "complaint")
def _complaint(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Lodge a competitor's complaint about the round (FIBAS art. 38-39)."""
    text = required_field(form, "text", 2000, N_("write the complaint"))
    web.service.run(event_id, values.LodgeComplaint(n, competitor_field(form), text, session.user))
    return "complaints"


@round_form(router, "resolve")
def _resolve(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Record the director's decision on a complaint (FIBAS art. 38-39): accepted or rejected
    (``outcome``), accepted with the correction of a table's inverted scores (``table``, the
    table agreeing, art. 21), which counts in this round's standings."""
    complaint = int_field(form, "complaint", Message("complaint"), low=1)
    decision = text_field(form, "decision", 2000) or None
    outcome = text_field(form, "outcome", 10)
    if outcome not in ("accept", "reject"):
        web.service.run(event_id, values.ResolveComplaint(n, complaint, decision, session.user))
        return "complaints"
    table = (
        int_field(form, "table", Message("table"), low=1) if text_field(form, "table", 10) else None
    )
    web.service.run(
        event_id,
        values.DecideComplaint(
            n,
            complaint,
            decision,
            accepted=outcome == "accept",
            table=table if outcome == "accept" else None,
            by_arbiter=checked(form, "by_arbiter"),
            actor=session.user,
        ),
    )
    return "complaints"


@round_form(router, "redraw", "seat")
def _redraw(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Draw the round's unpublished seating again, with its movement and seed, on the
    standings a correction changed (FIBAS art. 21 a), once the director confirms."""
    web.service.run(event_id, values.Redraw(n, actor=session.user))
    return "seating"
