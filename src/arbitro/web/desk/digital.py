"""The desk's pages of a round's digital tables (issue 32): the round's tables (deal k of
n, whose turn, moves played, each seat connected, empty or a robot, paused, the arbiter's
calls) with the round clock's time left (FIBAS art. 7), a table's page with the full position
in the notation (the director sees everything), both polled live by htmx like the round's
panel; the forms pause and resume a table and mark a call answered (the ruling itself goes
through the rulings' form, the table chosen)."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from arbitro.i18n import N_, Message
from arbitro.i18n.seats import named, seat_or_line
from arbitro.lazy_names import lazy_module
from arbitro.services.digital_desk import DigitalDesk, moves_version, replay, round_tables
from arbitro.tournament.digital.commands import digital_table, settings_of
from arbitro.tournament.event import EventState
from arbitro.web import auth, digital_presence
from arbitro.web.context import Web, request_lang, web_of
from arbitro.web.desk.common import (
    POLL_SECONDS,
    Director,
    event_id_of,
    round_common,
    round_state,
)
from arbitro.web.desk.rounds import round_form
from arbitro.web.digital_table import seat_path, wake_table
from arbitro.web.downloads import download_headers
from arbitro.web.forms import checked, int_field, text_field
from arbitro.web.replay_words import moves_said
from arbitro.web.snapshot import state_snapshot

if TYPE_CHECKING:
    from arbitro.printouts import hand_records
else:  # the PDF's machinery (reportlab), loaded by the first hand records asked for
    hand_records = lazy_module("arbitro.printouts.hand_records")

router = APIRouter()

SEAT_STATES = {
    "connected": N_("connected"),
    "empty": N_("empty"),
    "robot": N_("robot"),
    "unknown": N_("unknown"),
}
"""Each seat's state as the desk names it."""

CALL_REASONS = {
    "player": N_("called from the table"),
    "time": N_("the move's time limit exceeded"),
    "wait": N_("a seat awaited too long"),
}
"""Why the arbiter was called, as the desk says it."""


POSITION_FIELDS: dict[str, Message] = {
    "dealer": Message("Dealer", context="position field"),
    "turn": Message("To play", context="position field"),
    "phase": Message("Phase", context="position field"),
    "turns": Message("Turns ended", context="position field"),
    "seats": Message("Seats", context="position field"),
    "N": Message("Hand of North", context="position field"),
    "E": Message("Hand of East", context="position field"),
    "S": Message("Hand of South", context="position field"),
    "W": Message("Hand of West", context="position field"),
    "hands": Message("Hands", context="position field"),
    "NS": Message("Melds of North-South", context="position field"),
    "EW": Message("Melds of East-West", context="position field"),
    "table": Message("Melds on the table", context="position field"),
    "words": Message("Words", context="position field"),
    "pile": Message("Discard pile", context="position field"),
    "stock": Message("Stock", context="position field"),
    "pozzetti": Message("Pozzetti", context="position field"),
    "taken": Message("Pozzetti taken", context="position field"),
    "unplayed": Message("Pozzetto not played yet", context="position field"),
    "single": Message("One-card pile picked up", context="position field"),
    "timeout": Message("Rounds after time was called", context="position field"),
    "end": Message("End of the deal", context="position field"),
    "flags": Message("Flags", context="position field"),
    "opened": Message("Opened", context="position field"),
    "picked": Message("Discard picked up", context="position field"),
    "closer": Message("Closed by", context="position field"),
    "reshuffles": Message("Reshuffles of the pile", context="position field"),
    "seed": Message("Seed of the reshuffle", context="position field"),
    "penalties": Message("Penalties", context="position field"),
    "penalized": Message("Penalized cards", context="position field"),
    "foreign": Message("Foreign letters", context="position field"),
    "last": Message("Last turn", context="position field"),
    "discard": Message("Discard at once", context="position field"),
    "burned": Message("Cards out of the deal", context="position field"),
    "freezes": Message("Frozen words", context="position field"),
    "undrawn": Message("Turn begun without a draw", context="position field"),
    "missed": Message("Turns without a draw ended", context="position field"),
    "late": Message("Plays after the late draw", context="position field"),
    "stop": Message("Draws now and discards at once", context="position field"),
    "several": Message("Cards discarded at once", context="position field"),
    "played": Message("Moves of the turn in progress", context="position field"),
    "position": Message("Position", context="position field"),
}
"""What each field of the engines' position notations is (docs/notation-*.md), as the
desk names it in its language; a field not listed is shown by its notation's key."""

PHASE_NAMES: dict[str, Message] = {
    "draw": Message("draw or pick up", context="position phase"),
    "play": Message("melds, lay-offs, discard", context="position phase"),
    "over": Message("deal over", context="position phase"),
}
"""The phases of a turn as the notations write them (``draw``, ``play``, ``over``)."""

SEAT_FIELDS = frozenset({"dealer", "turn", "closer"})
"""The fields of the notations whose value is a seat (named in the page's language)."""

_SEAT_PHASE = re.compile(r"(?P<turn>[NESW]):(?P<phase>[a-z]+)")


def position_fields(text: str) -> list[dict[str, Any]]:
    """The position's notation ``text`` read as its fields, for the desk to show each with
    its name in the page's language (:data:`POSITION_FIELDS`) and its value as the notation
    writes it (``-``: empty): sections ``key value`` joined by `` | ``, or ``key=value``
    fields with a leading ``seat:phase`` (the seat to play and its phase); a bare leading
    word (the notation's name) is left out; the moves of the turn in progress written after
    `` ; `` are one field. Read by the notation's shape, never by the game
    (docs/architecture.md: shared code asks the engine); a notation of unnamed fields is one
    field, the whole position. Each field: ``key``, ``name`` (a :class:`Message`, or None
    for a key not listed), ``value``, ``gloss`` (a phase's meaning, else None) and ``seat``
    (a seat field's value named, :data:`SEAT_FIELDS`: «Ovest» for ``W`` in Italian, else
    None: :func:`arbitro.i18n.seats.seat_or_line`)."""
    head, *played = text.split(" ; ")  # the moves of the turn in progress, after " ; "
    pairs: list[tuple[str, str]] = []
    if " | " in head:
        for section in head.split(" | "):
            key, _, value = section.strip().partition(" ")
            pairs.append((key, value))
    else:
        for i, token in enumerate(head.split()):
            key, eq, value = token.partition("=")
            found = _SEAT_PHASE.fullmatch(token)
            if eq:
                pairs.append((key, value))
            elif found is not None:
                pairs.extend([("turn", found["turn"]), ("phase", found["phase"])])
            elif i:  # an unnamed field after the first: not a notation of named fields
                pairs = []
                break
    if not pairs:
        pairs, played = [("position", text)], []
    if played:
        pairs.append(("played", " ; ".join(played)))
    out = []
    for key, value in pairs:
        gloss = PHASE_NAMES.get(value) if key == "phase" else None
        shown = value if value not in ("", "-") else "—"
        seat = seat_or_line(value) if key in SEAT_FIELDS else None
        name = POSITION_FIELDS.get(key)
        out.append({"key": key, "name": name, "value": shown, "gloss": gloss, "seat": seat})
    return out


def _version(request: Request, web: Web, state: EventState, connected: Any, n: int) -> str:
    """The live part's version: every record, the phones connected, the language, and the
    clock's minute (the round's time left)."""
    minute = int(web.service.clock().timestamp() // 60)
    seats = hash(repr(sorted(connected.items())))
    moves = moves_version(state, n)  # a move is a record of its table's log (issue 33)
    return f"{state.last_seq}.{moves}.{seats}.{minute}.{request_lang(request)}"


def _clock(web: Web, event_id: str, n: int) -> dict[str, Any] | None:
    """The round clock (FIBAS art. 7): started, played, and the time left when the round
    has a length; None before it is started."""
    clock = web.service.round_clock(event_id, n)
    if clock is None:
        return None
    left = None
    if clock.round_time is not None:
        left = max(clock.round_time - clock.played, timedelta(0))
    return {"clock": clock, "left": left}


def tick(web: Web, event_id: str, n: int, table: int | None = None) -> None:
    """The time checks of the round's digital tables (or of one), made whenever the desk's
    or a phone's page asks (every few seconds): the arbiter called for a seat over the move's
    time limit or a disconnected seat awaited too long (:meth:`DigitalDesk.check_time`)."""
    desk = DigitalDesk(web.service)
    state = web.service.state(event_id)
    for t in round_tables(state, n):
        if table is None or t.table == table:
            desk.check_time(event_id, n, t.table, _empty_since(event_id, n, t.table))


def _empty_since(event_id: str, n: int, table: int) -> Callable[[str], datetime | None]:
    """When a seat's last phone left the table (this process's sockets)."""
    key = (event_id, n, table)
    return lambda seat: digital_presence.empty_since(key, seat)


def _round_context(
    request: Request, session: auth.Session, event_id: str, n: int
) -> dict[str, Any]:
    web = web_of(request)
    state = round_state(web, event_id, n)
    connected = digital_presence.connected(event_id, n)
    rows = DigitalDesk(web.service).round(event_id, n, connected)
    return round_common(
        request,
        session,
        event_id,
        state,
        n,
        rows=rows,
        settings=settings_of(state, n),
        own_settings=n in state.digital_settings,
        waiting=sum(len(r["calls"]) for r in rows),
        round_clock=_clock(web, event_id, n),
        SEAT_STATES=SEAT_STATES,
        named=named,
        CALL_REASONS=CALL_REASONS,
        poll=POLL_SECONDS,
        version=_version(request, web, state, connected, n),
    )


@router.get("/desk/e/{event_id}/r/{n}/digital", include_in_schema=False)
def digital_round(
    request: Request, event_id: str, n: int, session: auth.Session = Director
) -> Response:
    """The round's digital tables: progress, seats, pauses, calls, the round clock."""
    event_id = event_id_of(request, event_id)
    web = web_of(request)
    with web.locked():
        round_state(web, event_id, n)
        tick(web, event_id, n)
        ctx = _round_context(request, session, event_id, n)
    return web.render(request, "desk/digital.html", **ctx)


@router.get("/desk/e/{event_id}/r/{n}/digital/live", include_in_schema=False)
def digital_round_live(
    request: Request, event_id: str, n: int, session: auth.Session = Director
) -> Response:
    """The round's digital tables' live part, polled by htmx: 204 while its ``?v=`` is
    still the version (nothing changed)."""
    event_id = event_id_of(request, event_id)
    web = web_of(request)
    with web.locked():
        round_state(web, event_id, n)
        tick(web, event_id, n)
        state = web.service.state(event_id)
        connected = digital_presence.connected(event_id, n)
        if request.query_params.get("v") == _version(request, web, state, connected, n):
            return Response(status_code=204, headers={"Cache-Control": "no-cache"})
        ctx = _round_context(request, session, event_id, n)
    return web.render(request, "desk/digital_live.html", **ctx)


@router.get("/desk/e/{event_id}/r/{n}/digital/hand-records.pdf", include_in_schema=False)
def digital_hand_records(
    request: Request, event_id: str, n: int, session: auth.Session = Director
) -> Response:
    """The hand records of the round's digital tables (PDF, the desk's language)."""
    event_id = event_id_of(request, event_id)
    web = web_of(request)
    with web.locked():
        snapshot = state_snapshot(round_state(web, event_id, n))
    pdf = hand_records.hand_records_pdf(snapshot, n, lang=request_lang(request))
    return Response(
        pdf,
        media_type="application/pdf",
        headers=download_headers(f"{event_id}-r{n}-hand-records.pdf", "inline"),
    )


def _table_context(
    request: Request, session: auth.Session, event_id: str, n: int, table: int
) -> dict[str, Any]:
    web = web_of(request)
    state = round_state(web, event_id, n)
    t = digital_table(state, n, table)
    connected = digital_presence.connected(event_id, n)
    row = DigitalDesk(web.service).table(event_id, n, table, connected.get((n, table), {}))
    base = str(request.base_url).rstrip("/")
    links = {
        s.value: base + seat_path(web.secret, event_id, table, n, s.value)
        for s in t.seats
        if s.value not in t.current.robots
    }
    return round_common(
        request,
        session,
        event_id,
        state,
        n,
        row=row,
        fields=position_fields(row["position"]),
        table=table,
        calls_all=t.calls,
        links=links,
        round_clock=_clock(web, event_id, n),
        SEAT_STATES=SEAT_STATES,
        named=named,
        CALL_REASONS=CALL_REASONS,
        poll=POLL_SECONDS,
        version=_version(request, web, state, connected, n),
    )


@router.get("/desk/e/{event_id}/r/{n}/digital/{table}", include_in_schema=False)
def digital_table_page(
    request: Request, event_id: str, n: int, table: int, session: auth.Session = Director
) -> Response:
    """A digital table: its progress, the full position in the notation (FIBAS art. 7: the
    director sees everything), its calls, the pause, the seats' links."""
    event_id = event_id_of(request, event_id)
    web = web_of(request)
    with web.locked():
        round_state(web, event_id, n)
        tick(web, event_id, n, table)
        ctx = _table_context(request, session, event_id, n, table)
    return web.render(request, "desk/digital_table.html", **ctx)


@router.get("/desk/e/{event_id}/r/{n}/digital/{table}/live", include_in_schema=False)
def digital_table_live(
    request: Request, event_id: str, n: int, table: int, session: auth.Session = Director
) -> Response:
    """A digital table's live part (progress, position, calls), polled by htmx."""
    event_id = event_id_of(request, event_id)
    web = web_of(request)
    with web.locked():
        round_state(web, event_id, n)
        tick(web, event_id, n, table)
        state = web.service.state(event_id)
        connected = digital_presence.connected(event_id, n)
        if request.query_params.get("v") == _version(request, web, state, connected, n):
            return Response(status_code=204, headers={"Cache-Control": "no-cache"})
        ctx = _table_context(request, session, event_id, n, table)
    return web.render(request, "desk/digital_table_live.html", **ctx)


@router.get("/desk/e/{event_id}/r/{n}/digital/{table}/replay", include_in_schema=False)
def digital_replay(
    request: Request,
    event_id: str,
    n: int,
    table: int,
    session: auth.Session = Director,
) -> Response:
    """A deal of a digital table (``?deal=d``, default 1) replayed move by move (``&at=k``:
    the position after move k in the notation; previous and next), the director's replay
    of every card; each move said in words in the page's language, its notation beside it
    (:func:`arbitro.web.replay_words.moves_said`)."""
    event_id = event_id_of(request, event_id)
    web = web_of(request)
    at_text = request.query_params.get("at", "")
    at = int(at_text) if at_text.isdigit() else None
    deal_text = request.query_params.get("deal", "")
    deal = int(deal_text) if deal_text.isdigit() and len(deal_text) < 6 else 1
    with web.locked():
        state = round_state(web, event_id, n)
        t = digital_table(state, n, table)
        shown = replay(t, deal, at)
        ctx = round_common(
            request,
            session,
            event_id,
            state,
            n,
            table=table,
            replay=shown,
            said=moves_said(t, shown["deal"], request_lang(request)),
            fields=position_fields(shown["position"]),
            named=named,
        )
        ctx["deal_count"] = len(t.deals)
    return web.render(request, "desk/digital_replay.html", **ctx)


def _table_field(form: FormData) -> int:
    return int_field(form, "table", Message("table"), low=1, high=100_000)


def _back(event_id: str, n: int, form: FormData, table: int) -> str:
    """Back to the table's page when the form was sent from it, else to the round's list."""
    page = f"/desk/e/{event_id}/r/{n}/digital"
    return f"{page}/{table}" if text_field(form, "back", 10) == "table" else page


@round_form(router, "digital-pause")
def _pause(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Pause a digital table (FIBAS art. 7): its phones show «Tavolo sospeso dall'arbitro»
    and no move is taken."""
    table = _table_field(form)
    DigitalDesk(web.service).pause(event_id, n, table, actor=session.user)
    wake_table((event_id, n, table))  # the phones read «sospeso» now, as after a move
    return _back(event_id, n, form, table)


@round_form(router, "digital-resume")
def _resume(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Resume a paused digital table: the play goes on."""
    table = _table_field(form)
    DigitalDesk(web.service).resume(event_id, n, table, actor=session.user)
    wake_table((event_id, n, table))
    return _back(event_id, n, form, table)


@round_form(router, "digital-answer")
def _answer(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Mark a call of the arbiter to a digital table answered."""
    table = _table_field(form)
    call = int_field(form, "call", Message("call"), low=1, high=100_000)
    DigitalDesk(web.service).answer(event_id, n, table, call, actor=session.user)
    return _back(event_id, n, form, table)


@round_form(router, "digital-settings")
def _settings(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Set the digital tables' per-move time limit and wait for a disconnected seat (in
    seconds, 0: off) and whether robots may take empty seats, for this round or (``scope``
    ``event``) for the event."""
    scope = 0 if text_field(form, "scope", 10) == "event" else n
    move = int_field(form, "move_seconds", Message("seconds"), low=0, high=86_400)
    wait = int_field(form, "wait_seconds", Message("seconds"), low=0, high=86_400)
    desk = DigitalDesk(web.service)
    desk.settings(event_id, scope, move, wait, checked(form, "robots"), actor=session.user)
    return f"/desk/e/{event_id}/r/{n}/digital"
