"""Knockout events (Briscola regulation) on the web: the director's desk pages and the public
projector page of the bracket.

Desk (login required, every form CSRF-protected, Italian first): create a knockout event
(name, seeded or drawn, the draw's seed, the entry fee of the premessa), register pairs with
"fee paid", draw the bracket (byes in round 1 when the field is not a power of two, art. 9),
record a game of a match (points per pair, art. 8; the last trick decides a 60-60), record an
art. 10 irregularity (the offending pair loses the game; a reason is required), mark a fee
paid after registration, withdraw a pair that did not show up (its match lost "a tavolino",
ruling Briscola 11), let the bots play the pending games (for demos), see the ledger and the
fees collected, print the bracket and the match cards with their QR codes (the pairs enter the
games from their phones: :mod:`arbitro.web.knockout_match`).
A refused action re-renders the page with the message next to its form (4xx), never a 500.

Projector (``/k/{event_id}``, public, GET/HEAD only): the bracket round by round, each match's
pairs and games won, the byes, the champion when known; it refreshes itself (htmx polls a
fragment that answers 204 when nothing changed; a meta refresh without JavaScript) and shows no
time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from arbitro.codes.citation import cite
from arbitro.codes.registry import default_knockout, knockout_code
from arbitro.errors import NotFoundError
from arbitro.i18n import N_, Message, msg, verbatim
from arbitro.money import euros
from arbitro.printouts import bracket as bracket_printouts
from arbitro.printouts.match_cards import match_cards_pdf
from arbitro.services.event_log import to_domain
from arbitro.services.knockout import KnockoutService
from arbitro.store.record_store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.knockout import GameReport, Match, current_match
from arbitro.tournament.knockout_event import KnockoutConfig, KnockoutState
from arbitro.tournament.records import (
    CompetitorWithdrawn,
    GameResult,
    Irregularity,
    body_to_json,
)
from arbitro.web import auth
from arbitro.web.context import request_lang, web_of
from arbitro.web.desk.common import Director, DirectorPost, Refusal, add_post, common
from arbitro.web.downloads import download_headers
from arbitro.web.errors import ErrorText
from arbitro.web.forms import (
    Errors,
    FieldError,
    act,
    checked,
    event_id_field,
    fee_field,
    int_field,
    is_test_event,
    names_field,
    new_event_id,
    required_field,
    text_field,
)
from arbitro.web.knockout_match import card_matches, match_urls
from arbitro.web.knockout_match import router as match_router
from arbitro.web.knockout_views import knockout_state, match_view, pair_name, service_of, tie_text
from arbitro.web.live import add_display, display
from arbitro.web.snapshot import frozen, state_snapshot
from arbitro.web.unverified import printout_mark

router = APIRouter()
public_router = APIRouter()

POLL_SECONDS = 2
REFRESH_SECONDS = 5
MAX_SEED = 2**31 - 1
BOT_SEED_FIELD = "seed"
HOME_TEMPLATE = "knockout/home.html"
EVENT_TEMPLATE = "knockout/event.html"


# ---------------------------------------------------------------------- service
def knockout_events(request: Request) -> list[dict[str, Any]]:
    """The knockout events of the store, oldest first, with their pairs and champion."""
    web = web_of(request)
    svc = service_of(request)
    out = []
    for e in web.store.list_events():
        if e.kind != "knockout":
            continue  # an event in rounds: run from the events' desk
        state = svc.state(e.event_id)
        bracket = state.bracket
        out.append(
            {
                "event_id": e.event_id,
                "name": e.name,
                "pairs": len(state.pairs),
                "drawn": bracket is not None,
                "champion": None
                if bracket is None or bracket.champion is None
                else pair_name(state, bracket.champion),
            }
        )
    return out


# ---------------------------------------------------------------------- views
def parse_fee(form: FormData) -> int:
    """The entry fee typed in euros as cents; the code's fee (premessa: € 4) when empty."""
    fee = fee_field(form, "fee", knockout_code(default_knockout()).entry_fee_cents)
    assert fee is not None
    return fee


def bracket_view(state: KnockoutState) -> dict[str, Any]:
    """The bracket round by round (round names of :meth:`Bracket.round_label`), the byes, the
    pending matches and the champion; empty before the draw."""
    b = state.bracket
    if b is None:
        return {"rounds": [], "byes": [], "pending": [], "champion": None, "size": 0}
    return {
        "rounds": [
            {
                "number": r,
                "name": b.round_label(r),
                "matches": [match_view(state, m) for m in rnd],
            }
            for r, rnd in enumerate(b.rounds, start=1)
        ],
        "byes": [pair_name(state, p) for p in b.byes],
        "pending": [match_view(state, m) for m in b.pending()],
        "champion": None if b.champion is None else pair_name(state, b.champion),
        "irregular": any(g.irregularity for m in b.matches() for g in m.games),
        "walkovers": any(m.is_walkover for m in b.matches()),
        "size": b.size,
        "method": b.method,
    }


def ledger_view(state: KnockoutState) -> list[dict[str, Any]]:
    """The ledger of art. 10 irregularities: who, what (the code's name of the kind), when,
    why."""
    code = knockout_code(state.config.code)

    def kind(detail: Message) -> Message:
        key = str(detail.params.get("irregularity", ""))
        found = code.irregularity(key)
        return found.text if found is not None else verbatim(key)

    return [
        {
            "seq": e.seq,
            "round": e.round,
            "pair": pair_name(state, e.competitor),
            "article": e.article,
            "actor": e.actor,
            "at": e.at,
            "reason": e.reason,
            "detail": f"{e.detail.params.get('match', '')} · {e.detail.params.get('game', '')}",
            "kind": kind(e.detail),
        }
        for e in state.ledger
    ]


def games_view(state: KnockoutState, store: RecordStore) -> list[dict[str, Any]]:
    """The games recorded, newest first, each with its points (or the irregularity), who
    recorded it, and who cancelled it and why (a game entered by mistake, Briscola art. 9;
    the cancelled ones are read back from the log: the state forgets them)."""
    games = {**state.games, **state.withdrawals}
    if state.cancellations:
        first = min(state.cancellations)
        for stored in store.records(state.event_id, after_seq=first - 1):
            if stored.seq in state.cancellations:
                rec = to_domain(stored)
                if isinstance(rec.body, GameResult | Irregularity | CompetitorWithdrawn):
                    games[stored.seq] = rec
    rows = []
    for seq, rec in sorted(games.items(), reverse=True):
        cancel = state.cancellations.get(seq)
        if isinstance(rec.body, CompetitorWithdrawn):  # a walkover (ruling Briscola 11)
            pair = rec.body.competitor
            matches = state.bracket.matches() if state.bracket else ()
            forfeited = [m.id for m in matches if m.walkover == pair]
            rows.append(
                {
                    "seq": seq,
                    "match": forfeited[0] if forfeited else "",
                    "game": "",
                    "points": msg(
                        "walkover: {pair} did not show up", pair=pair_name(state, pair)
                    ).render(),
                    "offender": "",
                    "actor": rec.actor,
                    "cancelled_by": cancel.actor if cancel else None,
                    "cancel_reason": (cancel.reason or "") if cancel else "",
                }
            )
            continue
        report = GameReport.from_payload(body_to_json(rec.body))
        points = (
            " – ".join(f"{pair_name(state, p)} {v}" for p, v in report.points.items())
            if report.points
            else ""
        )
        if report.points and len(set(report.points.values())) == 1:
            points = tie_text(points, pair_name(state, report.last_trick))
        rows.append(
            {
                "seq": seq,
                "match": report.match,
                "game": report.game,
                "points": points,
                "offender": pair_name(state, report.offender) if report.offender else "",
                "actor": rec.actor,
                "cancelled_by": cancel.actor if cancel else None,
                "cancel_reason": (cancel.reason or "") if cancel else "",
            }
        )
    return rows


def bots_allowed(event_id: str) -> bool:
    """The bots play only on a demonstration or test event (id ``demo…`` or ``prova-…``),
    never on a real competition's results."""
    return is_test_event(event_id)


def event_shown(
    request: Request,
    session: auth.Session,
    event_id: str,
    errors: Mapping[str, Any] | None = None,
    values: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """What the desk page of a knockout event shows, as values no later record changes
    (:func:`frozen`): read under the knockout service's lock, rendered (``EVENT_TEMPLATE``)
    after it, so that no one waits on the render (issue 14)."""
    web = web_of(request)
    state = knockout_state(request, event_id)
    pairs = [
        {
            "number": p.number,
            "name": p.name,
            "players": ", ".join(p.players),
            "paid": p.fee_paid_cents > 0,
            "fee": euros(p.fee_paid_cents),
            "round_out": None if state.bracket is None else state.bracket.eliminated_in(p.number),
            "withdrawn": p.withdrawn,
            "playing": not p.withdrawn
            and (state.bracket is None or current_match(state.bracket, p.number) is not None),
        }
        for p in sorted(state.pairs.values(), key=lambda p: p.number)
    ]
    bots = bots_allowed(event_id)
    shown = (
        (
            {"register", "draw"}
            if state.bracket is None
            else {"game", "irregularity"} | ({"play"} if bots else set())
            if state.bracket.pending()
            else set()
        )
        | ({"cancel"} if state.games or state.withdrawals else set())
        | {"pay", "withdraw"}
    )
    orphans = [m for f, errs in (errors or {}).items() if f not in shown for m in errs.values()]
    return frozen(
        common(
            request,
            session,
            ko_id=event_id,
            ko_code=state.config.code,
            state=state,
            config=state.config,
            pairs=pairs,
            fee=euros(state.config.entry_fee_cents),
            fees_collected=euros(state.fees_collected_cents),
            unpaid=sum(1 for p in state.pairs.values() if p.fee_paid_cents == 0),
            bracket=bracket_view(state),
            ledger=ledger_view(state),
            games=games_view(state, web.store),
            bots=bots,
            kinds=knockout_code(state.config.code).irregularities,
            errors=errors or {},
            orphan_errors=orphans,
            values=values or {},
        )
    )


def home_shown(
    request: Request,
    session: auth.Session,
    errors: Mapping[str, Any] | None = None,
    values: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """What the page of the knockout events and the form to create one shows, as values no
    later record changes (:func:`frozen`): read under the knockout service's lock, rendered
    (``HOME_TEMPLATE``) after it (issue 14)."""
    fee = knockout_code(default_knockout()).entry_fee_cents
    defaults = {"fee": euros(fee), "seed": "", "method": "draw"}
    return frozen(
        common(
            request,
            session,
            events=knockout_events(request),
            ko_code=default_knockout(),
            errors=errors or {},
            values={**defaults, **(values or {})},
        )
    )


# ---------------------------------------------------------------------- desk routes
@router.get("/desk/k", include_in_schema=False)
def desk_knockouts(request: Request, session: auth.Session = Director) -> Response:
    """The knockout events and the form to create one."""
    name = request.query_params.get("name", "")[:200]  # from the new-event form
    with service_of(request).lock:
        ctx = home_shown(request, session, values={"name": name} if name else None)
    return web_of(request).render(request, HOME_TEMPLATE, **ctx)


@router.post("/desk/k/new", include_in_schema=False)
async def create_knockout(request: Request, session: auth.Session = DirectorPost) -> Response:
    """Create a knockout event: name, seeded or drawn, the draw's seed, the entry fee
    (premessa)."""
    form = await request.form()
    web = web_of(request)
    svc = service_of(request)

    def action() -> str:
        name = required_field(form, "name", 200, N_("the event's name is empty"))
        event_id_field(form)  # a wrong id is refused before the rest of the form
        method = text_field(form, "method", 20) or "draw"
        if method not in ("draw", "seeded"):
            raise FieldError("method", "unknown method")
        seed = int_field(form, "seed", Message("draw number"), low=0, high=MAX_SEED, default=0)
        config = KnockoutConfig(name, method == "seeded", seed, parse_fee(form))
        event_id = new_event_id(form, name, web.store.has_event)
        svc.create(event_id, config, actor=session.user)
        return f"/desk/k/{event_id}"

    refusal = Refusal()

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return refusal.keep(status, home_shown(request, session, errors, values))

    def decide() -> Response:
        with svc.lock:
            response = act(form, "new", request_lang(request), action, refused)
        return refusal.page(web, request, HOME_TEMPLATE, response)

    # In a worker thread, as the desk's forms: waiting for the lock or rendering the refused
    # page on the event loop would stall every other request.
    return await run_in_threadpool(decide)


@router.get("/desk/k/{event_id}", include_in_schema=False)
def desk_knockout(request: Request, event_id: str, session: auth.Session = Director) -> Response:
    """The knockout event's desk page."""
    with service_of(request).lock:
        ctx = event_shown(request, session, event_id)
    return web_of(request).render(request, EVENT_TEMPLATE, **ctx)


def _match_of(state: KnockoutState, form: FormData) -> Match:
    match_id = text_field(form, "match", 20)
    if not match_id:
        raise FieldError("match", "choose the match")
    if state.bracket is None:
        raise FieldError("match", "draw the bracket first", status=409)
    try:
        return state.bracket.match(match_id)
    except NotFoundError as exc:
        raise FieldError("match", "{error}", error=ErrorText(exc)) from None


KnockoutAction = Callable[[KnockoutService, auth.Session, str, FormData, KnockoutState], str]
"""A form of a knockout's desk page: ``(service, session, event_id, form, state)`` → the
page's anchor to go back to."""


def knockout_form(path: str, ok: str) -> Callable[[KnockoutAction], KnockoutAction]:
    """Make ``action`` the knockout page's form ``path`` (POST /desk/k/{event_id}/{path}):
    run under the knockout service's lock, then back to the page's anchor it returns (with
    ``?ok=``); the page with the message next to the form (4xx) if refused (read under the
    lock, rendered after it)."""

    def register(action: KnockoutAction) -> KnockoutAction:
        async def route(
            request: Request, event_id: str, session: auth.Session = DirectorPost
        ) -> Response:
            form = await request.form()
            svc = service_of(request)
            refusal = Refusal()

            def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
                ctx = event_shown(request, session, event_id, errors=errors, values=values)
                return refusal.keep(status, ctx)

            def decide() -> Response:
                with svc.lock:
                    state = knockout_state(request, event_id)

                    def run() -> str:
                        anchor = action(svc, session, event_id, form, state)
                        return f"/desk/k/{event_id}?ok={ok}#{anchor}"

                    response = act(form, path, request_lang(request), run, refused)
                return refusal.page(web_of(request), request, EVENT_TEMPLATE, response)

            # In a worker thread, as create_knockout: never wait for the lock on the event loop.
            return await run_in_threadpool(decide)

        add_post(router, f"/desk/k/{{event_id}}/{path}", f"knockout_{path}", action.__doc__, route)
        return action

    return register


@knockout_form("register", ok="registered")
def _register(
    svc: KnockoutService, session: auth.Session, event_id: str, form: FormData, state: KnockoutState
) -> str:
    """Register a pair, with its entry fee when paid (premessa)."""
    name = required_field(form, "name", 200, N_("the pair's name is empty"))
    players = names_field(form, "players", 400)
    svc.run(event_id, values.RegisterPair(name, players, paid=checked(form, "paid")))
    return "pairs"


@knockout_form("pay", ok="paid")
def _pay(
    svc: KnockoutService, session: auth.Session, event_id: str, form: FormData, state: KnockoutState
) -> str:
    """Mark a registered pair's entry fee as paid (premessa: € 4 a coppia)."""
    pair = int_field(form, "pair", Message("pair"), low=1)
    svc.run(event_id, values.PayFee(pair, actor=session.user))
    return "pairs"


@knockout_form("withdraw", ok="withdrawn")
def _withdraw(
    svc: KnockoutService, session: auth.Session, event_id: str, form: FormData, state: KnockoutState
) -> str:
    """A pair does not show up: left out of the draw, or its match lost without playing,
    "vinta a tavolino" (Briscola art. 9, Briscola ruling 11)."""
    pair = int_field(form, "pair", Message("pair"), low=1)
    svc.run(event_id, values.WithdrawPair(pair, actor=session.user))
    return "pairs"


@knockout_form("draw", ok="drawn")
def _draw(
    svc: KnockoutService, session: auth.Session, event_id: str, form: FormData, state: KnockoutState
) -> str:
    """Draw (or seed) the bracket: byes in round 1 when the field is not a power of 2
    (Briscola art. 9)."""
    svc.run(event_id, values.DrawBracket())
    return "bracket"


@knockout_form("game", ok="game")
def _game(
    svc: KnockoutService, session: auth.Session, event_id: str, form: FormData, state: KnockoutState
) -> str:
    """Record the next game of a match: each pair's card points (120 in all, 61 win; at 60-60
    the pair that won the last trick, Briscola art. 8); 2 games of 3 decide the match
    (art. 9)."""
    total = knockout_code(state.config.code).total_points
    m = _match_of(state, form)
    if m.first is None or m.second is None:
        raise FieldError("match", "{match}: the pairs are not known yet", match=m.id, status=409)
    a = int_field(form, "points_first", Message("points"), low=0, high=total)
    b = int_field(form, "points_second", Message("points"), low=0, high=total)
    last = text_field(form, "last_trick", 10)
    if last not in ("", "first", "second"):
        raise FieldError("last_trick", "not a valid choice")
    last_trick = {"first": m.first, "second": m.second}.get(last)
    report = GameReport(m.id, len(m.games) + 1, {m.first: a, m.second: b}, last_trick)
    svc.run(event_id, values.RecordGame(report, actor=session.user))
    return "bracket"


@knockout_form("irregularity", ok="irregularity")
def _irregularity(
    svc: KnockoutService, session: auth.Session, event_id: str, form: FormData, state: KnockoutState
) -> str:
    """Record a Briscola art. 10 irregularity found by the arbiter: the offending pair loses
    the match's next game; the kind (from the code's list) and a reason are required."""
    article = cite(state.config.code, "irregularities")
    m = _match_of(state, form)
    offender = int_field(form, "offender", Message("offending pair"), low=1)
    if offender not in (m.first, m.second):
        raise FieldError(
            "offender",
            "{match}: pair {pair} does not play this match",
            match=m.id,
            pair=offender,
            article=article,
        )
    kind = text_field(form, "kind", 40)
    if knockout_code(state.config.code).irregularity(kind) is None:
        raise FieldError("kind", "choose the irregularity", article=article)
    missing = N_("irregularity: a reason is required")
    reason = required_field(form, "reason", 500, missing, article=article)
    report = GameReport(m.id, len(m.games) + 1, irregularity=kind, offender=offender)
    svc.run(event_id, values.RecordGame(report, reason=reason, actor=session.user))
    return "ledger"


@knockout_form("play", ok="played")
def _play(
    svc: KnockoutService, session: auth.Session, event_id: str, form: FormData, state: KnockoutState
) -> str:
    """Let the bots play every pending game up to the champion (for demonstrations)."""
    if not bots_allowed(event_id):
        raise FieldError(BOT_SEED_FIELD, "the bots play only on a demonstration event", status=403)
    seed = int_field(
        form, BOT_SEED_FIELD, Message("shuffle number"), low=0, high=MAX_SEED, default=0
    )
    svc.play_all(event_id, seed)
    return "bracket"


@knockout_form("cancel", ok="cancelled")
def _cancel(
    svc: KnockoutService, session: auth.Session, event_id: str, form: FormData, state: KnockoutState
) -> str:
    """Cancel a game recorded by mistake, with the reason (the last of its match, Briscola
    art. 9); the record stays and says who cancelled it and why."""
    seq = int_field(form, "seq", Message("game"), low=1)
    reason = required_field(form, "reason", 500, N_("write why the game is cancelled"))
    svc.run(event_id, values.CancelGame(seq, reason, actor=session.user))
    return "games"


@router.get("/desk/k/{event_id}/bracket.pdf", include_in_schema=False)
def bracket_printout(request: Request, event_id: str, session: auth.Session = Director) -> Response:
    """The bracket as a PDF (A4 landscape), in the page's language; drawn from a snapshot
    taken under the knockout service's lock, outside it."""
    with service_of(request).lock:
        snapshot = state_snapshot(knockout_state(request, event_id))
    with printout_mark(request):  # an event imported unverified says so on every page
        pdf = bracket_printouts.bracket_pdf(snapshot, lang=request_lang(request))
    return Response(
        pdf,
        media_type="application/pdf",
        headers=download_headers(f"{event_id}-tabellone.pdf", "inline"),
    )


@router.get("/desk/k/{event_id}/cards.pdf", include_in_schema=False)
def match_cards_printout(
    request: Request, event_id: str, session: auth.Session = Director
) -> Response:
    """The cards of the matches to play now, each with the QR code of its phone page (both
    pairs enter and confirm the games there, Briscola art. 8-9), in the page's language."""
    web = web_of(request)
    with service_of(request).lock:
        state = knockout_state(request, event_id)
        snapshot = state_snapshot(state)
        urls = match_urls(web, request, event_id, [m.id for m in card_matches(state)])
    with printout_mark(request):  # an event imported unverified says so on every page
        pdf = match_cards_pdf(snapshot, urls, lang=request_lang(request))
    return Response(
        pdf,
        media_type="application/pdf",
        headers=download_headers(f"{event_id}-incontri.pdf", "inline"),
    )


# ---------------------------------------------------------------------- projector
def _display(request: Request, event_id: str, template: str) -> Response:
    def version() -> str:
        return str(knockout_state(request, event_id).last_seq)

    def context() -> dict[str, Any]:
        state = knockout_state(request, event_id)
        return {
            "ko_id": event_id,
            "ko_code": state.config.code,
            "event_name": state.config.name,
            "pair_count": len(state.pairs),
            "refresh": REFRESH_SECONDS,
            **bracket_view(state),
        }

    lock = service_of(request).lock
    return display(request, template, lock, version, context, POLL_SECONDS)


add_display(
    public_router,
    "/k/{event_id}",
    "knockout/display",
    _display,
    "The projector page: the bracket round by round, the scores, the byes, the champion.",
)

router.include_router(public_router)

router.include_router(match_router)
