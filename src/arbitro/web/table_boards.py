"""A carte uguali table's count of its boards from the phone (Bridge Law 13, the model for
prepared deals; FIBAS art. 6: 11 cards in each hand and each pozzetto): before play, for each
board of the table's plan, "board checked" or "wrong count" with the count of each pocket.
Sent once (the form's one-time key, as the sheet's form; a board is checked once), refused
once the table's sheet is in or the round's standings are published."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from arbitro.errors import ArbitroError
from arbitro.tournament.boards import POCKETS
from arbitro.tournament.commands import values
from arbitro.web.context import Web, web_of
from arbitro.web.csrf import same_origin
from arbitro.web.table import (
    RoundClosed,
    _check_rate,
    _form,
    _load,
    _page_url,
    _posted_round,
    _refused,
    device_of,
    private,
)
from arbitro.web.tokens import TokenError

router = APIRouter()


def read_counts(form: dict[str, str]) -> dict[str, int] | None:
    """The board's verdict: None for "board checked", else the count of each pocket (N, E,
    S, W, P1, P2) typed; a wrong count whose pockets all hold 11 is refused (Law 13: a wrong
    count says which pocket is wrong)."""
    verdict = form.get("verdict", "")
    if verdict == "ok":
        return None
    if verdict != "wrong":
        raise ArbitroError("say whether the board is checked or has a wrong count")
    counts: dict[str, int] = {}
    for pocket in POCKETS:
        raw = form.get(pocket, "").strip()
        if not raw.isdigit() or len(raw) > 3:
            raise ArbitroError("pocket {pocket}: write how many cards it holds", pocket=pocket)
        counts[pocket] = int(raw)
    if all(n == 11 for n in counts.values()):
        raise ArbitroError("every pocket holds 11 cards: the board is right, press «Board checked»")
    return counts


def _check(
    web: Web, token: str, posted: int, board: int, counts: dict[str, int] | None, device: str | None
) -> None:
    """Record the count under the service's lock, after the round's checks."""
    with web.locked():
        view = _load(web, token, None, device)
        article = view.state.code.cite("corrections")
        if view.round_number is None or posted != view.round_number or view.closed:
            raise RoundClosed(
                "round {round} is not under way: the boards are checked before play",
                round=posted,
                article=article,
            )
        r = view.state.round(posted)
        if view.table_number in r.sheets:
            raise RoundClosed(
                "table {table}'s sheet is in: the boards are counted before play; tell the arbiter",
                table=view.table_number,
                article=view.state.code.cite("vp"),
            )
        web.service.run(
            view.event_id,
            values.CheckBoard(
                posted, view.table_number, board, counts, actor=f"tavolo {view.table_number}"
            ),
        )


@router.post("/t/{token}/boards", include_in_schema=False)
async def check_board(request: Request, token: str) -> Response:
    """A board counted before play (Law 13 model): "board checked" or "wrong count" with
    the pockets' counts; back to the table's page, which shows it (a wrong count goes to the
    arbiter as a Law 13 case)."""
    web = web_of(request)
    try:
        if not same_origin(request):
            raise TokenError("cross-site request refused")
        _check_rate(request, web, token)
        form = await _form(request)
        posted = _posted_round(form)
        raw = form.get("board", "").strip()
        if not raw.isdigit() or len(raw) > 4:
            raise ArbitroError("the form does not say the board: reload the table page")
        counts = read_counts(form)
        await run_in_threadpool(_check, web, token, posted, int(raw), counts, device_of(request))
    except ArbitroError as exc:
        return _refused(request, exc, _page_url(token, None, request.query_params.get("lang")))
    line = form.get("line")
    target = _page_url(
        token, line if line in ("ns", "ew") else None, request.query_params.get("lang")
    )
    sep = "&" if "?" in target else "?"
    return private(RedirectResponse(f"{target}{sep}board={raw}#boards", status_code=303))
