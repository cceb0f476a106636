"""The desk's entry fees (docs/rulings.md, "Entry fees"): the fee per competitor set or
changed while checking in before round 1 (FIBAS art. 4), one click per pair when it pays
(undone by a cancellation of the payment), and the cash summary at the end as a page and a
PDF printout."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from arbitro.i18n import Message
from arbitro.printouts.cash import cash_pdf as draw
from arbitro.tournament.commands import values
from arbitro.tournament.fees import (
    METHOD_NAMES,
    STATUS_NAMES,
    FeeRow,
    cash_summary,
    fee_phrase,
)
from arbitro.tournament.records import PaymentMethod
from arbitro.web import auth
from arbitro.web.context import request_lang, web_of
from arbitro.web.desk.common import Director, DirectorPost, common, event_id_of
from arbitro.web.desk.paging import PAGE_SIZE, contains, page_of, whole_number
from arbitro.web.desk.registrations import event_form
from arbitro.web.downloads import download_headers
from arbitro.web.forms import checked, fee_field, int_field, text_field
from arbitro.web.snapshot import frozen, state_snapshot
from arbitro.web.unverified import printout_mark

router = APIRouter()


@router.post("/desk/e/{event_id}/fee", include_in_schema=False)
async def set_fee(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Set or change the entry fee per competitor (in euros; empty or 0: no fee) before
    round 1 is seated (FIBAS art. 4)."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        cents = fee_field(form, "fee", 0)
        assert cents is not None
        web.service.run(event_id, values.SetFee(cents, actor=session.user))
        return f"/desk/e/{event_id}#check-in"

    return await event_form(request, session, event_id, "fee", action)


@router.post("/desk/e/{event_id}/pay", include_in_schema=False)
async def pay(request: Request, event_id: str, session: auth.Session = DirectorPost) -> Response:
    """One click per pair: ``paid=1`` records what it owes (or ``amount`` euros; ``other``
    when not in cash); ``paid=0`` undoes its last payment (a cancellation, the desk's
    reason)."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        competitor = int_field(form, "competitor", Message("competitor"), low=1)
        if text_field(form, "paid", 1) == "0":
            web.service.run(event_id, values.Unpay(competitor, actor=session.user))
        else:
            amount = fee_field(form, "amount")
            method = PaymentMethod.OTHER if checked(form, "other") else PaymentMethod.CASH
            web.service.run(event_id, values.Pay([competitor], amount, method, actor=session.user))
        return f"/desk/e/{event_id}#competitor-{competitor}"

    return await event_form(request, session, event_id, "pay", action)


def fee_row_matches(row: FeeRow, q: str) -> bool:
    """Whether the cash summary's ``row`` is the competitor ``q`` names: its number, or a
    part of its name or of a player's."""
    if whole_number(q):
        return row.competitor == int(q)
    return contains([row.name, *row.players], q)


@router.get("/desk/e/{event_id}/cash", include_in_schema=False)
def cash_page(request: Request, event_id: str, session: auth.Session = Director) -> Response:
    """The cash summary: who paid what and how, who took it, who did not, the totals (of the
    whole event); its rows a page at a time (issue 29), found by number or name."""
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.locked():
        state = web.service.state(event_id)
        summary = cash_summary(state)
        rows, paging = page_of(request, summary.rows, fee_row_matches)
        ctx = common(
            request,
            session,
            event_id=event_id,
            config=state.config,
            summary=summary,
            rows=rows,
            paging=paging,
            many_unpaid=len(summary.unpaid) > PAGE_SIZE,
            fee=fee_phrase(state.config.event_format, summary.fee_cents),
            fee_status_names=STATUS_NAMES,
            method_names=METHOD_NAMES,
            cash=summary.collected_by(PaymentMethod.CASH),
            other=summary.collected_by(PaymentMethod.OTHER),
        )
        ctx = frozen(ctx)
    return web.render(request, "desk/cash.html", **ctx)


@router.get("/desk/e/{event_id}/cash.pdf", include_in_schema=False)
def cash_pdf(request: Request, event_id: str, session: auth.Session = Director) -> Response:
    """The cash summary printout (A4), in the page's language; drawn from a snapshot taken
    under the lock, outside it."""
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.locked():
        snapshot = state_snapshot(web.service.state(event_id))
    with printout_mark(request):  # an event imported unverified says so on every page
        pdf = draw(snapshot, lang=request_lang(request))
    return Response(
        pdf,
        media_type="application/pdf",
        headers=download_headers(f"{event_id}-cash.pdf", "inline"),
    )
