"""The desk's *carte uguali* pages (FIBAS art. 6-7 "a carte preparate", art. 20 "carte
uguali"): the boards' printouts (dealing sheets, board labels, hand records after the round,
travellers), the travellers page of a round, a line's card, and the arbiter's Bridge Law 13
ruling on a board a table counted wrong (Law 13 as the model for prepared deals).

The PDFs are drawn outside the service's lock, as the other printouts
(:mod:`arbitro.web.desk.printouts`): under the lock the route only reads what it draws."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from arbitro.errors import ArbitroError
from arbitro.games.prepared_deals import BoardCheck, HandCount, law13_outcome
from arbitro.i18n import N_, Message
from arbitro.printouts import boards as prints
from arbitro.printouts.names import table_lines
from arbitro.tournament.boards import (
    board_checks,
    board_maker,
    board_plan,
    boards_of,
    plan_digital_tables,
    travellers,
)
from arbitro.tournament.commands import values
from arbitro.tournament.commands.boards import wrong_count_rule
from arbitro.tournament.model import CompetitorId
from arbitro.web import auth
from arbitro.web.board_views import (
    METHOD_NAMES,
    card_rows,
    is_carte_uguali,
    traveller_rows,
)
from arbitro.web.context import Web, request_lang, web_of
from arbitro.web.desk.common import Director, common, event_id_of, round_state
from arbitro.web.desk.rounds import round_form
from arbitro.web.downloads import download_headers
from arbitro.web.forms import FieldError, checked, int_field, required_field
from arbitro.web.snapshot import frozen
from arbitro.web.unverified import printout_mark

router = APIRouter()

BOARD_PRINTOUTS = ("dealing-sheets", "board-labels", "board-plan", "hand-records", "travellers")


def _carte_uguali(state_ok: bool) -> None:
    if not state_ok:
        raise ArbitroError("this event is not played with carte uguali (prepared boards)")


@router.get("/desk/e/{event_id}/r/{n}/boards/{kind}.pdf", include_in_schema=False)
def boards_printout(
    request: Request, event_id: str, n: int, kind: str, session: auth.Session = Director
) -> Response:
    """A printout of the round's boards as PDF (FIBAS art. 6-7, 20): dealing sheets, board
    labels, the board plan, hand records (only after the round's standings are published: the deals stay
    secret while any table may still play them) and travellers."""
    if kind not in BOARD_PRINTOUTS:
        raise HTTPException(status_code=404)
    web = web_of(request)
    lang = request_lang(request)
    event_id = event_id_of(request, event_id)
    with web.locked():
        state = round_state(web, event_id, n)
        _carte_uguali(is_carte_uguali(state))
        r = state.round(n)
        if r.seating is None:
            raise ArbitroError("round {round} is not seated", round=n)
        if kind == "hand-records" and r.standings_published_at is None:
            raise ArbitroError(
                "round {round}'s hand records are printed after its standings are published",
                round=n,
                article=state.code.cite("vp"),
            )
        name = state.config.name
        dealt = boards_of(state, n)
        plan = board_plan(state, n)
        digital = plan_digital_tables(state, n)  # issue 32: no board goes to them
        copies = prints.paper_copies(plan, digital)  # none that only digital tables play
        rows = travellers(state, n) if kind == "travellers" else {}
        names = table_lines(state, n)  # two values: a pair's name may hold " / "
        maker, rules = board_maker(state), state.code  # the game's cards, the code's articles
    with printout_mark(request):  # an event imported unverified says so on every page
        if kind == "dealing-sheets":
            pdf = prints.dealing_sheets_pdf(dealt, name, n, maker=maker, lang=lang)
        elif kind == "board-labels":
            pdf = prints.board_labels_pdf(dealt, copies, name, n, lang=lang)
        elif kind == "board-plan":  # art. 7: the plan alone, the lines' names beside
            pdf = prints.board_plan_pdf(
                plan, name, n, names, rules=rules, lang=lang, digital=digital
            )
        elif kind == "hand-records":
            pdf = prints.hand_records_pdf(dealt, name, n, maker=maker, lang=lang)
        else:
            pdf = prints.travellers_pdf(rows, names, name, n, rules=rules, lang=lang)
    return Response(
        bytes(pdf),
        media_type="application/pdf",
        headers=download_headers(f"{event_id}-r{n}-{kind}.pdf", "inline"),
    )


@router.get("/desk/e/{event_id}/r/{n}/travellers", include_in_schema=False)
def travellers_page(
    request: Request, event_id: str, n: int, session: auth.Session = Director
) -> Response:
    """The round's travellers (FIBAS art. 20): every board, each table's names, N-S MP, the
    datum, the differences with three decimals, and their sum."""
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.locked():
        state = round_state(web, event_id, n)
        _carte_uguali(is_carte_uguali(state))
        if state.round(n).seating is None:
            raise ArbitroError("round {round} is not seated", round=n)
        boards = traveller_rows(state, n)
        method = METHOD_NAMES[str(state.config.comparison)]
        ctx = frozen(
            common(
                request,
                session,
                event_id=event_id,
                config=state.config,
                n=n,
                # Only the rounds seated have travellers: a later round's link would be refused.
                seated_rounds=[
                    i
                    for i in range(1, state.config.rounds + 1)
                    if state.round(i).seating is not None
                ],
                boards=boards,
                method=method,
                article=state.code.cite("vp"),
                competitors=sorted(state.competitors.values(), key=lambda c: c.number),
            )
        )
    return web.render(request, "desk/travellers.html", **ctx)


@router.get("/desk/e/{event_id}/card/{competitor}", include_in_schema=False)
def card_page(
    request: Request, event_id: str, competitor: int, session: auth.Session = Director
) -> Response:
    """A line's card (FIBAS art. 20, carte uguali): per round and board, table, direction,
    own MP, the datum, the difference and the round's VP."""
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.locked():
        state = web.service.state(event_id)
        _carte_uguali(is_carte_uguali(state))
        who = state.competitor(CompetitorId(competitor))
        rows = card_rows(state, CompetitorId(competitor))
        ctx = frozen(
            common(
                request,
                session,
                event_id=event_id,
                config=state.config,
                who=who,
                rows=rows,
                article=state.code.cite("vp"),
            )
        )
    return web.render(request, "desk/card.html", **ctx)


LAW13_OPTIONS = (
    "call_made",
    "play_completed",
    "cannot_correct",
    "card_seen",
    "significant",
    "foreign",
)
"""The facts the arbiter ticks for a Law 13 ruling (13A-13F), as the CLI's options."""


@round_form(router, "board-ruling")
def _board_ruling(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Rule on a board a table counted wrong (Bridge Law 13, the model for prepared deals):
    the outcome Law 13 prescribes for the facts ticked, recorded against the board."""
    table = int_field(form, "table", Message("table"), low=1, high=1000)
    board = int_field(form, "board", Message("board"), low=1, high=1000)
    reason = required_field(form, "reason", 1000, N_("write the facts of the wrong count"))
    state = web.service.state(event_id)
    check = board_checks(state, n).get((table, board))
    if check is None or not check.wrong:
        raise FieldError(
            "board", "table {table} has no wrong count of board {board}", table=table, board=board
        )
    if wrong_count_rule(state) is not None:  # the event's code rules it (FIBAS art. 6)
        web.service.run(
            event_id,
            values.RuleWrongCount(
                n,
                table,
                board,
                play_begun=checked(form, "play_begun"),
                reason=reason,
                actor=session.user,
            ),
        )
        return "boards"
    wrong = tuple(HandCount(p, found, want) for p, (found, want) in check.wrong.items())
    ticked = {k: checked(form, k) for k in LAW13_OPTIONS}
    ruling = law13_outcome(
        BoardCheck(board, wrong),
        call_made=ticked["call_made"],
        play_completed=ticked["play_completed"],
        can_correct=not ticked["cannot_correct"],
        card_seen=ticked["card_seen"],
        information_significant=ticked["significant"],
        excess_card_foreign=ticked["foreign"],
    )
    web.service.run(
        event_id, values.RecordBoardRuling(n, table, ruling, reason, actor=session.user)
    )
    return "boards"
