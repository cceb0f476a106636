"""The arbiter's «Decisioni» page at the desk, for every code (issue 31): the arbiter picks the
table (a knockout's match), the code (the event's, or a law every code reads: Bridge Law 13),
then the irregularity; fills its facts, one field each, as the code's arbiter describes them
(:meth:`CodeArbiter.facts`: a position in the game's notation, seats, numbers, yes/no); sees
the ruling in the code's words (article, effects, who plays next); confirms, and it is in the
ledger, cancellable as every action. No branch on a code here: the fields, their types and
their words come from the code's arbiter."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from arbitro.codes.registry import EventKind, code_spec, code_specs
from arbitro.errors import ArbitroError
from arbitro.games.core.code_arbiter import (
    CodeArbiter,
    CodeRuling,
    Fact,
    FactKind,
    IrregularityKind,
)
from arbitro.i18n import Message, verbatim
from arbitro.services.rulings import (
    arbiter_of,
    effects_said_once,
    record_game_ruling,
    record_ruling,
    rule_on,
)
from arbitro.tournament.knockout_event import KnockoutState
from arbitro.tournament.ledger import LedgerEntry
from arbitro.web import auth
from arbitro.web.context import request_lang, web_of
from arbitro.web.desk.common import (
    Director,
    DirectorPost,
    Refusal,
    add_post,
    common,
    event_id_of,
    round_common,
    round_state,
)
from arbitro.web.errors import ErrorText
from arbitro.web.forms import Errors, FieldError, FieldErrors, act, form_values, text_field
from arbitro.web.knockout_views import knockout_state, pair_name, service_of
from arbitro.web.snapshot import frozen

router = APIRouter()

TEMPLATE = "desk/rulings.html"
FORM = "ruling"
PREFIX = "f_"  # a fact's input is named after it: ``f_position``, ``f_offender``


def codes_of(event_code: str, knockout: bool) -> list[str]:
    """The codes whose arbiter the page offers: the event's, then (at an event of rounds) each
    law without events of its own that has an arbiter (Bridge Law 13, read by every code)."""
    if knockout:
        return [event_code]
    laws = [
        str(s.id)
        for s in code_specs()
        if s.events is EventKind.NONE and s.arbiter and str(s.id) != event_code
    ]
    return [event_code, *laws]


def chosen_kind(arbiter: CodeArbiter, raw: str | None) -> IrregularityKind | None:
    """The irregularity chosen among the arbiter's (None if none or unknown)."""
    return next((k for k in arbiter.irregularities() if k.kind == raw), None)


def fact_text(fact: Fact, form: FormData) -> str:
    """A fact's text as typed: its input, a checkbox's "on", or a seat's points (one input a
    seat, written back as ``N=10 E=0``)."""
    if fact.kind is FactKind.POINTS:
        parts = []
        for seat in fact.choices:
            value = text_field(form, f"{PREFIX}{fact.name}_{seat}", 20)
            if value:
                parts.append(f"{seat}={value}")
        return " ".join(parts)
    return text_field(form, PREFIX + fact.name, 20_000)


def read_facts(arbiter: CodeArbiter, kind: str, form: FormData) -> dict[str, Any]:
    """The situation of ``kind`` from the form's fields, each read by its fact's type; every
    field refused is named next to its input at once."""
    values: dict[str, Any] = {}
    errors: list[FieldError] = []
    for fact in arbiter.facts(kind):
        try:
            value = fact.read(fact_text(fact, form))
        except ArbitroError as exc:
            errors.append(FieldError(PREFIX + fact.name, "{error}", error=ErrorText(exc)))
            continue
        if value is not None:
            values[fact.name] = value
    if errors:
        raise FieldErrors(errors)
    return arbiter.situation(kind, values)


def located(arbiter: CodeArbiter, kind: str, form: FormData, exc: ArbitroError) -> FieldError:
    """The ruling's refusal next to the field it is about: the first field of lines (the
    actions since the position) one of whose lines the message quotes, named with the line's
    number ("line 2: …"); else above the form. (A position that does not parse is refused
    when its fact is read: :meth:`Fact.read`.)"""
    text = exc.message(None)
    for fact in arbiter.facts(kind):
        if fact.kind is not FactKind.LINES:
            continue
        lines = fact_text(fact, form).splitlines()
        for number, line in enumerate(lines, start=1):
            if line.strip() and line.strip() in text:
                return FieldError(
                    PREFIX + fact.name, "line {line}: {error}", line=number, error=ErrorText(exc)
                )
    return FieldError("_", "{error}", error=ErrorText(exc))


def facts_view(arbiter: CodeArbiter, kind: IrregularityKind | None) -> list[Fact]:
    """The facts the page asks for the chosen irregularity (none before one is chosen)."""
    return list(arbiter.facts(kind.kind)) if kind is not None else []


def defaults(facts: list[Fact]) -> dict[str, str]:
    """The form's first values: each fact's default."""
    out = {}
    for f in facts:
        if f.default is True:
            out[PREFIX + f.name] = "on"
        elif f.default is not None and f.default is not False:
            out[PREFIX + f.name] = str(f.default)
    return out


def page_context(
    request: Request,
    arbiter_code: str,
    codes: list[str],
    places: list[tuple[str, str]],
    chosen: dict[str, str],
    **extra: Any,
) -> dict[str, Any]:
    """What the page shows beside the event's own context: the codes, the places (tables or
    matches), the irregularities of the code chosen, the facts of the one chosen with their
    values, and the ruling seen."""
    arbiter = arbiter_of(arbiter_code)
    kind = chosen_kind(arbiter, chosen.get("irregularity"))
    facts = facts_view(arbiter, kind)
    values = extra.pop("values", None) or {**defaults(facts), **chosen}
    ruling: CodeRuling | None = extra.get("ruling")
    return {
        "codes": [(c, code_spec(c).name) for c in codes],
        "code": arbiter_code,
        "places": places,
        "kinds": arbiter.irregularities(),
        "kind": kind,
        "facts": facts,
        "FACT": FactKind,
        "prefix": PREFIX,
        "values": values,
        "chosen": chosen,
        "seen": effects_said_once(ruling.effects) if ruling is not None else [],
        **extra,
    }


def recorded_row(entry: LedgerEntry, where: Message) -> dict[str, Any]:
    """A ruling of the ledger as the page lists it: its article, where (the table, the match
    and game), the irregularity in the code's words, the reason when one was written (not the
    irregularity's name, the default), and whether it was cancelled."""
    kind = str(entry.detail.params.get("irregularity", ""))
    labels = {k.kind: k.label for k in arbiter_of(str(entry.article.code)).irregularities()}
    return {
        "seq": entry.seq,
        "article": entry.article,
        "where": where,
        "label": labels.get(kind, verbatim(kind)),
        "reason": entry.reason if entry.reason != kind else "",
        "cancelled": entry.cancelled_by is not None,
    }


def fingerprint(code: str, situation: dict[str, Any]) -> str:
    """What identifies a situation seen (its code and facts): Confirm records only the ruling
    the arbiter saw, not facts changed since without seeing their ruling."""
    text = json.dumps([code, situation], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def chosen_of(params: Any) -> dict[str, str]:
    """The place, code and irregularity chosen (the query's or the form's)."""
    return {k: str(params.get(k) or "") for k in ("place", "code", "irregularity")}


# ------------------------------------------------------------------ an event of rounds
def _round_context(
    request: Request,
    session: auth.Session,
    event_id: str,
    n: int,
    chosen: dict[str, str],
    **extra: Any,
) -> dict[str, Any]:
    """The page of round ``n`` (read under the service's lock): its tables, the rulings it
    recorded with their cancel forms."""
    web = web_of(request)
    state = round_state(web, event_id, n)
    own = str(state.code.code)
    codes = codes_of(own, knockout=False)
    code = chosen["code"] if chosen["code"] in codes else own
    seating = state.round(n).seating
    tables = [t.table for t in seating.tables] if seating else []
    places = [(str(t), str(t)) for t in tables]
    recorded = [e for e in state.ledger if e.round == n and e.kind == "ruling-given"]
    base = f"/desk/e/{event_id}/r/{n}"
    return frozen(
        round_common(
            request,
            session,
            event_id,
            state,
            n,
            **page_context(
                request,
                code,
                codes,
                places,
                {**chosen, "code": code},
                back=(base, Message("Round {number}", {"number": n})),
                where=Message("round {number}", {"number": n}),
                place_label=Message("Table"),
                url=f"{base}/rulings",
                cancel_url=f"{base}/cancel",
                recorded=[
                    recorded_row(
                        e, Message("table {table}", {"table": e.detail.params.get("table", "")})
                    )
                    for e in recorded
                ],
                **extra,
            ),
        )
    )


@router.get("/desk/e/{event_id}/r/{n}/rulings", include_in_schema=False)
def rulings_page(
    request: Request, event_id: str, n: int, session: auth.Session = Director
) -> Response:
    """The arbiter's page of a round (issue 31): choose the table, the code and the
    irregularity, fill its facts, see the ruling, confirm it; the round's rulings, each
    cancellable."""
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.locked():
        ctx = _round_context(request, session, event_id, n, chosen_of(request.query_params))
    return web.render(request, TEMPLATE, **ctx)


def _posted(
    request: Request,
    lock: AbstractContextManager[Any],
    form: FormData,
    context: Callable[..., dict[str, Any]],
    code_of: Callable[[str], str],
    record: Callable[[str, dict[str, Any]], str],
) -> Response:
    """The form posted (``step`` see or confirm), under the lock: the facts read, the ruling
    seen (the page again, 200) or recorded (``record``: where to go next); refused, the page
    with each message next to its field."""
    web = web_of(request)
    refusal = Refusal()
    seen: list[Response] = []
    chosen = chosen_of(form)

    def run() -> str:
        code = code_of(chosen["code"])
        arbiter = arbiter_of(code)
        kind = chosen_kind(arbiter, chosen["irregularity"])
        if kind is None:
            raise FieldError("irregularity", "choose the irregularity")
        situation = read_facts(arbiter, kind.kind, form)
        try:
            ruling = rule_on(code, situation)
        except FieldError:
            raise
        except ArbitroError as exc:
            raise located(arbiter, kind.kind, form, exc) from None
        key = fingerprint(code, situation)
        confirmed = form.get("step") == "confirm"
        if not confirmed or form.get("seen") != key:  # seen, not recorded: shown to confirm
            changed = confirmed  # the facts changed since the ruling was seen
            values = form_values(form)
            ctx = context(chosen, ruling=ruling, values=values, seen_key=key, changed=changed)
            seen.append(refusal.keep(200, ctx))
            return ""
        return record(code, situation)

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return refusal.keep(status, context(chosen, errors=errors, values=values))

    def decide() -> Response:
        with lock:
            context(chosen)  # 404 before anything
            response = act(form, FORM, request_lang(request), run, refused)
        return refusal.page(web, request, TEMPLATE, seen[0] if seen else response)

    return decide()


async def _rule(
    request: Request, event_id: str, n: int, session: auth.Session = DirectorPost
) -> Response:
    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)

    def context(chosen: dict[str, str], **extra: Any) -> dict[str, Any]:
        return _round_context(request, session, event_id, n, chosen, **extra)

    def code_of(raw: str) -> str:
        own = str(round_state(web, event_id, n).code.code)
        return raw if raw in codes_of(own, knockout=False) else own

    def record(code: str, situation: dict[str, Any]) -> str:
        table = text_field(form, "place", 10)
        if not table.isdigit():
            raise FieldError("place", "choose the table")
        seq, _ruling = record_ruling(
            web.service,
            event_id,
            n,
            int(table),
            situation,
            code=code,
            actor=session.user,
            reason=text_field(form, "reason", 1000) or None,
        )
        return f"/desk/e/{event_id}/r/{n}/rulings?ok=ruling#ruling-{seq}"

    return await run_in_threadpool(_posted, request, web.locked(), form, context, code_of, record)


add_post(
    router,
    "/desk/e/{event_id}/r/{n}/rulings",
    "give_ruling",
    "See the ruling of the code's arbiter on a table's situation, and record it (issue 31).",
    _rule,
)


# ------------------------------------------------------------------ a knockout (Briscola)
def _matches(state: KnockoutState) -> list[tuple[str, str]]:
    """The matches being played (both pairs known, not decided): id and pairs."""
    if state.bracket is None:
        return []
    out = []
    for m in state.bracket.matches():
        if m.is_ready:
            label = f"{m.id} — {pair_name(state, m.first)} · {pair_name(state, m.second)}"
            out.append((m.id, label))
    return out


def _knockout_context(
    request: Request, session: auth.Session, event_id: str, chosen: dict[str, str], **extra: Any
) -> dict[str, Any]:
    """The page of a knockout event (read under its service's lock): its matches being
    played, the games lost by an irregularity with their cancel forms."""
    state = knockout_state(request, event_id)
    own = str(state.config.code)
    base = f"/desk/k/{event_id}"
    return frozen(
        common(
            request,
            session,
            event_id=event_id,
            config=state.config,
            **page_context(
                request,
                own,
                [own],
                _matches(state),
                {**chosen, "code": own},
                back=(base, Message("knockout")),
                where=Message("knockout"),
                place_label=Message("Match"),
                place_hint=Message(
                    "N and S play for the match's first pair (as listed), E and W for the second"
                ),
                url=f"{base}/rulings",
                cancel_url=f"{base}/cancel",
                recorded=[
                    recorded_row(
                        e,
                        Message(
                            "{match} · game {game}",
                            {
                                "match": e.detail.params.get("match", ""),
                                "game": e.detail.params.get("game", ""),
                            },
                        ),
                    )
                    for e in state.ledger
                ],
                **extra,
            ),
        )
    )


@router.get("/desk/k/{event_id}/rulings", include_in_schema=False)
def knockout_rulings_page(
    request: Request, event_id: str, session: auth.Session = Director
) -> Response:
    """The arbiter's page of a knockout event (issue 31; Briscola art. 10): choose the match
    and the irregularity, fill its facts, see the ruling, confirm: the offender's pair loses
    the match's next game."""
    with service_of(request).lock:
        ctx = _knockout_context(request, session, event_id, chosen_of(request.query_params))
    return web_of(request).render(request, TEMPLATE, **ctx)


async def _knockout_rule(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    form = await request.form()
    svc = service_of(request)

    def context(chosen: dict[str, str], **extra: Any) -> dict[str, Any]:
        return _knockout_context(request, session, event_id, chosen, **extra)

    def code_of(_raw: str) -> str:
        return str(svc.state(event_id).config.code)

    def record(code: str, situation: dict[str, Any]) -> str:
        state = svc.state(event_id)
        match = text_field(form, "place", 20)
        if match not in {m for m, _label in _matches(state)}:
            raise FieldError("place", "choose the match")
        found = state.bracket.match(match) if state.bracket else None
        game = len(found.games) + 1 if found else 1
        seq, _ruling = record_game_ruling(
            svc,
            event_id,
            match,
            game,
            situation,
            code=code,
            actor=session.user,
            reason=text_field(form, "reason", 500) or None,
        )
        return f"/desk/k/{event_id}/rulings?ok=ruling#ruling-{seq}"

    return await run_in_threadpool(_posted, request, svc.lock, form, context, code_of, record)


add_post(
    router,
    "/desk/k/{event_id}/rulings",
    "give_knockout_ruling",
    "See the ruling of the knockout's code on a match's situation, and record it (issue 31).",
    _knockout_rule,
)
