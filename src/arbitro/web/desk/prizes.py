"""The desk's prize page (Parole art. 6.1): after the final standings the director writes the
prize categories (a row each, overall first: name, rule, parameter, prizes, numbers; or as
text, one a line, ``NAME:RULE[=PARAM]:PRIZES[:NUMBERS]``), chooses the rule for ties and
records the plan; the page lists the prizes by category and links the ceremony's printout. A
tie cites the event's own code, or the director's ruling where the code is silent on prizes
(docs/rulings.md "Prizes" 7)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message
from arbitro.printouts.prizes import prizes_pdf as render_pdf
from arbitro.services import prizes
from arbitro.tournament.event import EventState
from arbitro.tournament.rules import EventRules
from arbitro.tournament.standings.prizes import (
    RULE_WORDS,
    CategoryRequest,
    Eligibility,
    TieRule,
    WordList,
    named,
    rule_word,
)
from arbitro.web import auth
from arbitro.web.context import request_lang, web_of
from arbitro.web.desk.common import (
    Director,
    DirectorPost,
    Refusal,
    add_post,
    common,
    event_id_of,
)
from arbitro.web.downloads import download_headers
from arbitro.web.forms import (
    Errors,
    FieldError,
    FieldErrors,
    act,
    form_values,
    int_field,
    required_field,
    text_field,
)
from arbitro.web.snapshot import frozen
from arbitro.web.unverified import printout_mark

router = APIRouter()


EXAMPLE_ROWS = (
    (Message("Overall"), Eligibility.OVERALL, "", "100/60/40"),
    (Message("Ladies"), Eligibility.LADIES, "", "50"),
    (Message("Over 65"), Eligibility.SENIORS, "1961", "30"),
)
"""The placeholders of the form's first rows: an example of a plan (Parole art. 6.1)."""

ROW_FIELDS = ("name", "rule", "param", "prizes", "numbers")
_ROW = re.compile(r"(name|rule|param|prizes|numbers)_(\d+)")


def plan_rows(state: EventState, values: dict[str, str] | None, extra: int = 0) -> list[int]:
    """The row numbers of the form: the rows typed (a refused form shown again), else the
    recorded plan's categories, at least three and one empty row more (``extra`` more when
    the director asked for a row)."""
    typed = [int(m[2]) for k in (values or {}) if (m := _ROW.fullmatch(k))]
    plan = state.prize_plan
    filled = max(typed) if typed else len(plan.categories) if plan is not None else 0
    return list(range(1, max(3, filled + 1) + extra + 1))


def plan_values(state: EventState) -> dict[str, str]:
    """The recorded plan as the form's values (a row per category, Parole art. 6.1)."""
    plan = state.prize_plan
    values: dict[str, str] = {}
    for i, cat in enumerate(plan.categories if plan is not None else (), start=1):
        values[f"name_{i}"] = cat.name
        values[f"rule_{i}"] = cat.rule
        values[f"param_{i}"] = cat.param or ""
        values[f"prizes_{i}"] = prizes.prizes_line(cat.prizes)
        values[f"numbers_{i}"] = (
            ",".join(str(c) for c in cat.eligible)
            if cat.rule == Eligibility.LISTED.value and cat.eligible
            else ""
        )
    return values


def _context(state: EventState, lang: str, now: datetime) -> dict[str, Any]:
    plan = state.prize_plan
    last = state.round(state.config.rounds)
    found = None
    if plan is not None:
        found = prizes.prize_list(state)
    return {
        "eligibilities": [(rule, rule_word(rule, lang)) for rule in Eligibility],
        "example_rows": EXAMPLE_ROWS,
        "tie_article": prizes.tie_article(state.code),
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
    }


def _page(
    request: Request, session: auth.Session, event_id: str, status_code: int = 200, **extra: Any
) -> Response:
    web = web_of(request)
    with web.locked():
        ctx = _shown(request, session, event_id, **extra)
    return web.render(request, "desk/prizes.html", status_code=status_code, **ctx)


def _shown(request: Request, session: auth.Session, event_id: str, **extra: Any) -> dict[str, Any]:
    """What the prize page shows, as values no later record changes (read under the lock,
    rendered after it)."""
    web = web_of(request)
    with web.locked():
        state = web.service.state(event_id)
        values = extra.pop("values", None)
        rows = plan_rows(state, values, extra.pop("more_rows", 0))
        return frozen(
            common(
                request,
                session,
                event_id=event_id,
                **_context(state, request_lang(request), web.service.clock()),
                rows=rows,
                values=values if values is not None else plan_values(state),
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
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.locked():
        state = web.service.state(event_id)
        found = prizes.prize_list(state)
        final = state.standings_final(state.config.rounds, web.service.clock())
    with printout_mark(request):  # an event imported unverified says so on every page
        pdf = render_pdf(found, lang=request_lang(request), provisional=not final)
    return Response(
        pdf,
        media_type="application/pdf",
        headers=download_headers(f"{event_id}-prizes.pdf", "inline"),
    )


def _requests(form: FormData, code: EventRules) -> list[CategoryRequest]:
    raw = required_field(form, "categories", 5000, N_("write one prize category a line"))
    found = []
    for line in raw.splitlines():
        if line.strip():
            try:
                found.append(prizes.parse_category(line, code))
            except ArbitroError as exc:
                raise FieldError("categories", exc.msg) from None
    return found


def row_requests(form: FormData, code: EventRules) -> list[CategoryRequest]:
    """The categories of the form's rows, in order (Parole art. 6.1: overall first, then as
    announced): an empty row is skipped; a row with anything typed needs a name, a known rule
    and its prizes; each refusal goes next to its field, all at once."""
    numbers = sorted({int(m[2]) for k in form if (m := _ROW.fullmatch(k))})
    found: list[CategoryRequest] = []
    errors: list[FieldError] = []
    for i in numbers:
        typed = {f: text_field(form, f"{f}_{i}", 500) for f in ROW_FIELDS}
        if not (typed["name"] or typed["param"] or typed["prizes"] or typed["numbers"]):
            continue
        if not typed["name"]:
            errors.append(FieldError(f"name_{i}", "write the category's name"))
            continue
        if ":" in typed["name"]:
            errors.append(FieldError(f"name_{i}", "a category's name has no «:»"))
            continue
        rule = named(RULE_WORDS, typed["rule"] or Eligibility.OVERALL.value)
        if rule is None:
            errors.append(
                FieldError(f"rule_{i}", "«{raw}» is not a rule of prizes", raw=typed["rule"])
            )
            continue
        if not typed["prizes"]:
            errors.append(FieldError(f"prizes_{i}", "write the category's prizes"))
            continue
        try:
            found.append(
                prizes.category(
                    typed["name"], rule, typed["param"], typed["prizes"], typed["numbers"], code
                )
            )
        except ArbitroError as exc:
            field = "numbers" if rule is Eligibility.LISTED or typed["numbers"] else "prizes"
            errors.append(FieldError(f"{field}_{i}", exc.msg))
    if errors:
        raise FieldErrors(errors)
    if not found:
        raise FieldError("name_1", "write one prize category a line")
    return found


async def _record(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)

    def run() -> str:
        code = web.service.state(event_id).code
        if text_field(form, "from", 10) == "text" or (
            "categories" in form and not text_field(form, "from", 10)
        ):
            requests = _requests(form, code)  # the plan as typed in the syntax
        else:
            requests = row_requests(form, code)
        rule = prizes.parse_tie_rule(text_field(form, "tie", 30) or TieRule.DRAW.value, code)
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
        if "add_row" in form:  # a row more for another category (the page again, nothing recorded)
            ctx = _shown(request, session, event_id, values=form_values(form), more_rows=1)
            return web.render(request, "desk/prizes.html", **ctx)
        with web.locked():
            response = act(form, "prizes", request_lang(request), run, refused)
        return refusal.page(web, request, "desk/prizes.html", response)

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
