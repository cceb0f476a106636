"""The desk's sheets: one table's sheet (what counts, the conflicting entries side by side,
the history) and its forms: the director transcribes the signed paper sheet (FIBAS
art. 19-20), confirms a sheet sent by one line only, or corrects it with a reason (art. 21).
The numbers are read by the same sheet form as the phones' (:mod:`arbitro.web.sheet_form`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import N_, Message
from arbitro.services.event_log import to_domain
from arbitro.services.events import EventService
from arbitro.store.record_store import RecordStore
from arbitro.tournament import commands
from arbitro.tournament.boards import field_vp
from arbitro.tournament.commands import values
from arbitro.tournament.commands.common import playing_table
from arbitro.tournament.event import AnyEntry, EventState
from arbitro.tournament.records import SheetCorrected
from arbitro.web import auth
from arbitro.web.context import request_lang, web_of
from arbitro.web.desk.common import (
    Director,
    DirectorPost,
    Refusal,
    event_id_of,
    round_common,
    round_state,
)
from arbitro.web.desk.views import EntryView, entry_fields, entry_view
from arbitro.web.errors import ErrorText
from arbitro.web.forms import (
    MAX_COMPETITOR,
    Errors,
    FieldError,
    act,
    checked,
    int_field,
    required_field,
    text_field,
)
from arbitro.web.names import line_names
from arbitro.web.sheet_form import desk_fields, read_sheet_form
from arbitro.web.snapshot import frozen

router = APIRouter()

CORRECTION_KINDS = ("sum", "inverted", "arbiter", "conflict")
SHEET_ACTIONS = ("enter", "confirm", "correct", "cancel")


def _texts(form: FormData) -> dict[str, str]:
    return {k: str(v) for k, v in form.items() if not isinstance(v, UploadFile)}


def _refuse(
    problems: list[tuple[str, ArbitroError]],
    general: ArbitroError | None,
    first_blank: str | None,
    blank_error: ArbitroError | None,
) -> None:
    """Refuse the form with its first problem, next to its input: a number that is not
    possible, then a blank, then what the domain objects to the whole sheet."""
    if problems:
        name, exc = problems[0]
        raise FieldError(name, "{error}", error=ErrorText(exc)) from exc
    if first_blank is not None and blank_error is not None:
        raise FieldError(first_blank, "{error}", error=ErrorText(blank_error))
    if general is not None:
        raise general


SETTLE_BUTTON = N_("Settle the conflict")
SETTLE_HERE = N_("{refusal}: type them in «{button}» on this page, with the reason")


def naming_button(refusal: ArbitroError, said: str, button: str) -> ArbitroError:
    """A domain's refusal as a desk page says it: ``said`` (a msgid with ``{refusal}`` and
    ``{button}``) naming the page's ``button`` that does what the refusal asks (FIBAS art.
    20-21: settle a conflict; art. 36, 40: seat the round again); its article and key kept,
    and its kind (a conflict with what is recorded stays one: answered 409)."""
    kind = ConflictError if isinstance(refusal, ConflictError) else ArbitroError
    return kind(
        said,
        refusal=refusal.msg,
        button=Message(button),
        article=refusal.article,
        key=refusal.key,
    )


def confirm_here(svc: EventService, event_id: str, confirm: values.ConfirmSheet) -> None:
    """Confirm a sheet sent by one line (FIBAS art. 19); the domain's refusal of a sheet in
    conflict (art. 20, :data:`commands.CONFIRM_CONFLICT`) names the button of this page that
    settles it («Risolvi il conflitto», a correction of the conflict, art. 21)."""
    try:
        svc.run(event_id, confirm)
    except ArbitroError as exc:
        if exc.key != commands.CONFIRM_CONFLICT:
            raise
        raise naming_button(exc, SETTLE_HERE, SETTLE_BUTTON) from None


def parse_entry(
    form: FormData, state: EventState, n: int, prefix: str, table: int, lang: str
) -> AnyEntry:
    """A sheet typed in the desk's form (``e_`` to transcribe, ``c_`` to correct), read by
    the event's kind of sheet: per deal the base and points of each line, for teams the
    closed room too (FIBAS art. 19); at a table of individuals each player's negative points
    (Scala 40 art. 22), blanks allowed for the deals a player did not finish after the
    abandon the form names (art. 25)."""
    fields = desk_fields(prefix)
    values = _texts(form)
    at = playing_table(state, n, table)
    abandoned = None
    if text_field(form, fields.abandoned, 10):
        abandoned = int_field(
            form, fields.abandoned, Message("abandon"), low=1, high=MAX_COMPETITOR
        )
    parsed = read_sheet_form(state.sheet_kind, state, n, at, values, lang, fields, abandoned)
    _refuse(parsed.problems, parsed.general, parsed.first_blank, parsed.blank_error)
    assert parsed.entry is not None
    return parsed.entry


def sheet_page(
    request: Request,
    session: auth.Session,
    event_id: str,
    n: int,
    table: int,
    status_code: int = 200,
    **extra: Any,
) -> Response:
    """One table's sheet: what counts, the conflicting entries side by side, the history,
    and the forms to confirm, settle and correct it (read under the service's lock, rendered
    after it)."""
    web = web_of(request)
    with web.locked():
        ctx = sheet_shown(request, session, event_id, n, table, **extra)
    return web.render(request, "desk/sheet.html", status_code=status_code, **ctx)


def sheet_shown(
    request: Request, session: auth.Session, event_id: str, n: int, table: int, **extra: Any
) -> dict[str, Any]:
    """What the sheet page shows, as values no later record changes (call under the
    service's lock)."""
    web = web_of(request)
    with web.locked():
        state = round_state(web, event_id, n)
        r = state.round(n)
        seating = r.seating.table(table) if r.seating else None
        if seating is None:
            raise NotFoundError(
                "table {table} does not exist in round {round}", table=table, round=n
            )
        sheet = r.sheets.get(table)
        accepted = sheet.entry_as_of(state.config.rounds) if sheet else None
        values = extra.pop("values", None) or {
            **entry_fields(state, accepted, "c_"),
            **entry_fields(state, accepted, "e_"),
        }
        ctx = round_common(
            request,
            session,
            event_id,
            state,
            n,
            table=table,
            seating=seating,
            ns=line_names(state, seating.ns, numbers=True),
            ew=line_names(state, seating.ew, numbers=True),
            players=[state.competitors[p] for p in seating.players] if seating.players else None,
            status=commands.sheet_status(state, n, table),
            # A side that left (FIBAS art. 36, Parole art. 13.4) cannot sign: the director
            # closes the sheet of the side that remains.
            abandoned=[
                c
                for c in (*(c for line in seating.lines for c in line), *(seating.players or ()))
                if (n, c) in state.abandons
            ],
            sheet=sheet,
            accepted=entry_view(state, n, accepted),
            conflicts=[
                {"version": c, "view": entry_view(state, n, c.entry)}
                for c in (sheet.conflicts if sheet else [])
            ],
            first=(
                entry_view(state, n, sheet.accepted.entry) if sheet and sheet.accepted else None
            ),
            history=[
                {
                    "version": v,
                    "view": entry_view(state, n, v.entry),
                    "cancellable": v.kind.startswith("correction") and v.seq in state.actions,
                }
                for v in (sheet.history if sheet else [])
            ],
            cancelled=cancelled_corrections(web.store, state, n, table),
            kinds=CORRECTION_KINDS,
            values=values,
            **extra,
        )
        compared = field_vp(state, n, n)
        shown = ctx["accepted"]
        if compared is not None and isinstance(shown, EntryView):
            # Carte uguali: one V.P. per round, the comparison's once the round is complete
            # (FIBAS art. 20), never a version's own.
            own = (shown.ns_vp or 0, shown.ew_vp or 0)
            ctx.update(_compared_views(ctx, compared.of(table, own)))
        return frozen(ctx)


def _compared_views(ctx: dict[str, Any], vp: tuple[int, int] | None) -> dict[str, Any]:
    """The sheet page's views with the comparison's VP on the sheet in force and none on the
    other versions (FIBAS art. 20, carte uguali)."""

    def blank(view: Any, shown: tuple[int, int] | None = None) -> Any:
        if not isinstance(view, EntryView):
            return view
        ns, ew = shown if shown is not None else (None, None)
        return replace(view, ns_vp=ns, ew_vp=ew)

    return {
        "accepted": blank(ctx["accepted"], vp),
        "first": blank(ctx["first"]),
        "conflicts": [{**c, "view": blank(c["view"])} for c in ctx["conflicts"]],
        "history": [{**h, "view": blank(h["view"])} for h in ctx["history"]],
    }


def cancelled_corrections(
    store: RecordStore, state: EventState, n: int, table: int
) -> list[dict[str, Any]]:
    """The corrections of this table cancelled by the director, read back from the log (the
    state forgets them): which, who cancelled it and why."""
    if not state.cancellations:
        return []
    rows = []
    for stored in store.records(state.event_id, after_seq=min(state.cancellations) - 1):
        cancel = state.cancellations.get(stored.seq)
        if cancel is None:
            continue
        body = to_domain(stored).body
        if isinstance(body, SheetCorrected) and body.round == n and body.table == table:
            rows.append(
                {
                    "seq": stored.seq,
                    "actor": stored.actor,
                    "reason": stored.reason or "",
                    "cancelled_by": cancel.actor,
                    "cancel_reason": cancel.reason or "",
                }
            )
    return rows


@router.get("/desk/e/{event_id}/r/{n}/t/{table}", include_in_schema=False)
def sheet_view(
    request: Request, event_id: str, n: int, table: int, session: auth.Session = Director
) -> Response:
    """One table's sheet."""
    return sheet_page(request, session, event_id_of(request, event_id), n, table)


@router.post("/desk/e/{event_id}/r/{n}/t/{table}/{action}", include_in_schema=False)
async def sheet_action(
    request: Request,
    event_id: str,
    n: int,
    table: int,
    action: str,
    session: auth.Session = DirectorPost,
) -> Response:
    """A form of the sheet page: ``enter`` (the director transcribes the signed paper sheet),
    ``confirm`` (a sheet submitted by one line only), ``correct`` (FIBAS art. 21, with a
    reason)."""
    if action not in SHEET_ACTIONS:
        raise HTTPException(status_code=404)
    form = await request.form()
    web = web_of(request)
    lang = request_lang(request)
    event_id = event_id_of(request, event_id)

    def run() -> str:
        state = web.service.state(event_id)  # under the lock (decide)
        if action == "enter":
            entry = parse_entry(form, state, n, "e_", table, lang)
            web.service.enter_sheet(event_id, n, table, entry, actor=session.user)
        elif action == "confirm":
            confirm_here(web.service, event_id, values.ConfirmSheet(n, table, actor=session.user))
        elif action == "cancel":  # a correction made by mistake (FIBAS art. 21)
            seq = int_field(form, "seq", Message("action"), low=1)
            reason = required_field(form, "reason", 1000, N_("write why the action is cancelled"))
            web.service.run(event_id, values.Cancel(seq, reason, actor=session.user))
            return f"/desk/e/{event_id}/r/{n}/t/{table}?ok=cancel#history"
        else:
            kind = text_field(form, "kind", 20)
            if kind not in CORRECTION_KINDS:
                raise FieldError("kind", "choose the kind of correction")
            missing = N_("give the reason for the correction")
            article = state.code.cite("corrections")
            reason = required_field(form, "reason", 1000, missing, article=article)
            correction = (
                None if kind == "inverted" else parse_entry(form, state, n, "c_", table, lang)
            )
            swap = None
            if kind == "inverted" and text_field(form, "swap_a", 10):
                swap = (
                    int_field(form, "swap_a", Message("player"), low=1),
                    int_field(form, "swap_b", Message("player"), low=1),
                )
            web.service.run(
                event_id,
                values.CorrectSheet(
                    n,
                    table,
                    kind=kind,
                    reason=reason,
                    entry=correction,
                    table_agrees=checked(form, "table_agrees"),
                    by_arbiter=kind == "arbiter" or checked(form, "by_arbiter"),
                    swap=swap,
                    actor=session.user,
                ),
            )
            if n < state.config.rounds and web.service.stale_seating(event_id, n + 1):
                # FIBAS art. 21 a: the next round's seating, drawn on the standings before
                # this correction, is shown stale with the button that draws it again
                return f"/desk/e/{event_id}/r/{n + 1}?ok=correct#seating"
        return f"/desk/e/{event_id}/r/{n}/t/{table}?ok={action}"

    refusal = Refusal()

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        ctx = sheet_shown(request, session, event_id, n, table, errors=errors, values=values)
        return refusal.keep(status, ctx)

    def decide() -> Response:
        with web.locked():
            round_state(web, event_id, n)
            response = act(form, action, lang, run, refused)
        return refusal.page(web, request, "desk/sheet.html", response)

    # In a worker thread, as the pages: waiting for the lock or rendering the refused page on
    # the event loop would stall every other request, the phones' sheets too.
    return await run_in_threadpool(decide)
