"""The club's players on the desk (issue 17; docs/players.md): the registry kept across
events, searched as you type; a members list imported (CSV or XLSX); a player added by hand;
a player's page with the events played and the results; the export of a player's data and
the deletion on request (GDPR art. 15, 17, 20); and, on an event's page, a competitor
registered from the registry (FIBAS art. 2: a pair is two players).

The use cases are :mod:`arbitro.services.players`, the same the CLI runs; every import,
registration, export and deletion leaves an audit line with the director's name."""

from __future__ import annotations

import json

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from arbitro.errors import ArbitroError
from arbitro.i18n import N_
from arbitro.services import players
from arbitro.store.players import Player, PlayerFields
from arbitro.web import auth
from arbitro.web.context import request_lang, web_of
from arbitro.web.desk.common import Director, DirectorPost, common, event_id_of
from arbitro.web.desk.events import event_page
from arbitro.web.downloads import download_headers
from arbitro.web.forms import Errors, act, required_field, text_field, upload_bytes

router = APIRouter()

SHOWN = 50
"""Players listed at once (the search narrows them)."""


def _list(request: Request, text: str) -> list[Player]:
    return players.search(web_of(request).store, text, SHOWN + 1)


def players_page(
    request: Request,
    session: auth.Session,
    status: int = 200,
    errors: Errors | None = None,
    values: dict[str, str] | None = None,
    report: players.ImportReport | None = None,
) -> Response:
    """The registry's page: the search, the players found, the import and the add forms."""
    text = request.query_params.get("q", "")
    found = _list(request, text)
    return web_of(request).render(
        request,
        "desk/players.html",
        status_code=status,
        **common(
            request,
            session,
            q=text,
            found=found[:SHOWN],
            more=len(found) > SHOWN,
            report=report,
            errors=errors or {},
            values=values or {},
        ),
    )


@router.get("/desk/players", include_in_schema=False)
def registry_page(request: Request, session: auth.Session = Director) -> Response:
    """The club's players, searched as you type (``?q=``: a prefix or part of the name, card
    number or club; case and accents ignored)."""
    return players_page(request, session)


@router.get("/desk/players/search", include_in_schema=False)
def registry_search(
    request: Request, q: str = Query("", max_length=200), session: auth.Session = Director
) -> Response:
    """The rows of the players matching ``q`` (htmx swaps them in as the director types)."""
    found = _list(request, q)
    return web_of(request).render(
        request,
        "desk/players_rows.html",
        **common(request, session, found=found[:SHOWN], more=len(found) > SHOWN, q=q),
    )


@router.post("/desk/players/import", include_in_schema=False)
async def import_list(request: Request, session: auth.Session = DirectorPost) -> Response:
    """Import a members list (CSV or XLSX) into the registry; ``dry_run`` shows what would
    be done without writing. The rows refused are listed with their reason."""
    form = await request.form()
    web = web_of(request)
    report: list[players.ImportReport] = []

    def action() -> str:
        data = upload_bytes(form, "file")
        dry = form.get("dry_run") == "1"
        upload = form.get("file")
        source = str(getattr(upload, "filename", "") or "")
        report.append(players.import_members(web.store, data, session.user, source, dry))
        return ""

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return players_page(request, session, status, errors, values)

    response = await run_in_threadpool(act, form, "import", request_lang(request), action, refused)
    if not report:
        return response
    return players_page(request, session, report=report[0])


def _fields(form: FormData) -> PlayerFields:
    return players.check_fields(
        required_field(form, "name", 200, N_("the name is empty")),
        text_field(form, "card", 40) or None,
        text_field(form, "club", 200) or None,
        text_field(form, "category", 200) or None,
        text_field(form, "contact", 200) or None,
        sex=text_field(form, "sex", 10) or None,
        birth_year=text_field(form, "birth_year", 10) or None,
        first_season=text_field(form, "first_season", 10) or None,
    )


@router.post("/desk/players/add", include_in_schema=False)
async def add(request: Request, session: auth.Session = DirectorPost) -> Response:
    """Add one player by hand (refused if the card number is already in the registry)."""
    form = await request.form()
    web = web_of(request)

    def action() -> str:
        player = players.add_player(web.store, _fields(form), session.user)
        return f"/desk/players/{player.id}"

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return players_page(request, session, status, errors, values)

    return act(form, "add", request_lang(request), action, refused)


def _player(request: Request, number: int) -> Player:
    return players.find_player(web_of(request).store, f"#{number}")


def player_page(
    request: Request,
    session: auth.Session,
    number: int,
    status: int = 200,
    errors: Errors | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    """A player's page: the registry entry, the events played with the results (rank of
    how many, V.P., M.P.), the export and the deletion forms."""
    web = web_of(request)
    page = players.player_page(web.store, _player(request, number))
    return web.render(
        request,
        "desk/player.html",
        status_code=status,
        **common(request, session, page=page, errors=errors or {}, values=values or {}),
    )


@router.get("/desk/players/{number}", include_in_schema=False)
def show(request: Request, number: int, session: auth.Session = Director) -> Response:
    """A player's page (registry number ``number``)."""
    return player_page(request, session, number)


@router.get("/desk/players/{number}/export", include_in_schema=False)
def export(request: Request, number: int, session: auth.Session = Director) -> Response:
    """Everything the club's machine holds about the player as one JSON file (GDPR art. 15,
    20); the export is audited."""
    web = web_of(request)
    data = players.export_player(web.store, _player(request, number), session.user)
    return Response(
        json.dumps(data, ensure_ascii=False, indent=2),
        media_type="application/json",
        headers=download_headers(f"giocatore-{number}.json", "attachment"),
    )


@router.post("/desk/players/{number}/delete", include_in_schema=False)
async def delete(request: Request, number: int, session: auth.Session = DirectorPost) -> Response:
    """Delete the player on request (GDPR art. 17), with the reason: the name becomes
    "anonimo" in every event played, through a new record of each event's log."""
    form = await request.form()
    web = web_of(request)

    def action() -> str:
        reason = players.check_reason(text_field(form, "reason", 500))
        player = _player(request, number)
        with web.locked():
            done = players.delete_player(web.store, player, reason, session.user)
        return f"/desk/players?ok=deleted-{len(done.anonymised)}"

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return player_page(request, session, number, status, errors, values)

    return act(form, "delete", request_lang(request), action, refused)


# ------------------------------------------------------------ an event's registration
@router.get("/desk/e/{event_id}/registry", include_in_schema=False)
def registry_choices(
    request: Request,
    event_id: str,
    q: str = Query("", max_length=200),
    session: auth.Session = Director,
) -> Response:
    """The registry's players matching ``q``, each with a box to tick, for the event's
    "register from the club's players" form (htmx swaps them in as the director types)."""
    event_id = event_id_of(request, event_id)
    found = _list(request, q) if q.strip() else []
    return web_of(request).render(
        request,
        "desk/registry_choices.html",
        **common(request, session, event_id=event_id, found=found[:SHOWN], q=q),
    )


@router.post("/desk/e/{event_id}/register-players", include_in_schema=False)
async def register_players(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Register one competitor made of the players ticked in the registry (their names from
    the registry; each player linked to it, so their pages show the event)."""
    form = await request.form()
    event_id = event_id_of(request, event_id)
    web = web_of(request)

    def action() -> str:
        refs = [f"#{v}" for v in form.getlist("player") if str(v).isdigit()]
        if not refs:
            raise ArbitroError("tick at least one player", key="players.none")
        name = text_field(form, "name", 200) or None
        with web.locked():
            number, _name = players.register_players(
                web.store, event_id, refs, name, actor=session.user
            )
        return f"/desk/e/{event_id}?ok=registered-{number}#competitors"

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return event_page(request, session, event_id, status, errors=errors, values=values)

    return act(form, "registry", request_lang(request), action, refused)
