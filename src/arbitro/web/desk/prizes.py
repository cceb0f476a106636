"""The desk's prize page (Parole art. 6.1): after the final standings the director writes the
prize categories (one a line, overall first), chooses the rule for ties and records the plan;
the page lists the prizes by category and links the ceremony's printout."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message
from arbitro.services import prizes
from arbitro.tournament.event import EventState
from arbitro.tournament.standings.prizes import RULE_WORDS, CategoryRequest, TieRule, WordList
from arbitro.web import auth
from arbitro.web.app import request_lang, web_of
from arbitro.web.desk.common import (
    Director,
    DirectorPost,
    Refusal,
    add_post,
    common,
    event_id_of,
)
from arbitro.web.forms import Errors, FieldError, act, int_field, required_field, text_field
from arbitro.web.snapshot import frozen

router = APIRouter()


def _context(state: EventState, lang: str, now: datetime) -> dict[str, Any]:
    plan = state.prize_plan
    last = state.round(state.config.rounds)
    found = None
    if plan is not None:
        found = prizes.prize_list(state)
    return {
        "state": state,
        "config": state.config,
        "plan": plan,
        "found": found,
        "final_published": last.standings_published_at is not None,
        # The list is provisional while the last standings may still change (art. 14.1, 39).
        "standings_final": state.standings_final(state.config.rounds, now),
        "lines": "\n".join(prizes.category_line(c, lang) for c in plan.categories)
        if plan is not None
        else prizes.example(lang),
        "TIE_RULE_NAMES": prizes.TIE_RULE_NAMES,
        "tie_rules": list(TieRule),
        "rules": WordList(RULE_WORDS).render(lang),
        "prize_text": prizes.prize_text,
        "places_text": prizes.places_text,
        "article": prizes.article(),
    }


def _page(
    request: Request, session: auth.Session, event_id: str, status_code: int = 200, **extra: Any
) -> Response:
    web = web_of(request)
    with web.locked():
        ctx = _shown(request, session, event_id, **extra)
    return web.render(request, "desk_prizes.html", status_code=status_code, **ctx)


def _shown(request: Request, session: auth.Session, event_id: str, **extra: Any) -> dict[str, Any]:
    """What the prize page shows, as values no later record changes (read under the lock,
    rendered after it)."""
    web = web_of(request)
    with web.locked():
        state = web.service.state(event_id)
        return frozen(
            common(
                request,
                session,
                event_id=event_id,
                **_context(state, request_lang(request), web.service.clock()),
                **extra,
            )
        )


@router.get("/desk/e/{event_id}/prizes", include_in_schema=False)
def prizes_view(request: Request, event_id: str, session: auth.Session = Director) -> Response:
    """The prize page: the recorded prize list by category, and the plan's form."""
    return _page(request, session, event_id_of(request, event_id))


@router.get("/desk/e/{event_id}/prizes.pdf", include_in_schema=False)
def prizes_pdf(request: Request, event_id: str, session: auth.Session = Director) -> Response:
    """The prize list for the ceremony as PDF, in the page's language."""
    from arbitro.printouts.prizes import prizes_pdf as render_pdf

    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.locked():
        state = web.service.state(event_id)
        found = prizes.prize_list(state)
        final = state.standings_final(state.config.rounds, web.service.clock())
    pdf = render_pdf(found, lang=request_lang(request), provisional=not final)
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{event_id}-prizes.pdf"'},
    )


def _requests(form: FormData) -> list[CategoryRequest]:
    raw = required_field(form, "categories", 5000, N_("write one prize category a line"))
    found = []
    for line in raw.splitlines():
        if line.strip():
            try:
                found.append(prizes.parse_category(line))
            except ArbitroError as exc:
                raise FieldError("categories", exc.msg) from None
    return found


async def _record(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)

    def run() -> str:
        requests = _requests(form)
        rule = prizes.parse_tie_rule(text_field(form, "tie", 30) or TieRule.DRAW.value)
        seed_text = text_field(form, "seed", 20)
        seed = int_field(form, "seed", Message("seed"), low=0, high=2**62) if seed_text else None
        prizes.record_plan(web.service, event_id, requests, rule, seed=seed, actor=session.user)
        return f"/desk/e/{event_id}/prizes?ok=prizes#list"

    refusal = Refusal()

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return refusal.keep(
            status, _shown(request, session, event_id, errors=errors, values=values)
        )

    def decide() -> Response:
        with web.locked():
            response = act(form, "prizes", request_lang(request), run, refused)
        return refusal.page(web, request, "desk_prizes.html", response)

    # In a worker thread, as the pages: waiting for the lock or rendering the refused page on
    # the event loop would stall every other request.
    return await run_in_threadpool(decide)


add_post(
    router,
    "/desk/e/{event_id}/prizes",
    "record_prizes",
    "Record the prize plan: categories, tie rule, seed (Parole art. 6.1).",
    _record,
)
