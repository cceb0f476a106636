"""Series of events on the desk (issue 17; docs/rulings.md "Sessions and series of events"):
the series listed, a series created (its id, name, points scheme by placement or by VP, best N
of M, and the events it ranks), a series' standings by player (FIBAS art. 2: a pair is two
players, each earning the pair's points), an event added or taken out, and the links to the
projector page (``/s/<series>``) and to the standings' PDF.

The use cases are :mod:`arbitro.services.series`, the same the CLI (``arbitro series``) runs;
a refused form shows its message next to the field, in the page's language."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from arbitro.codes.registry import DEFAULT_CODE
from arbitro.errors import ArbitroError, ConflictError
from arbitro.i18n import N_, Message
from arbitro.printouts.series import series_pdf
from arbitro.services import players, series
from arbitro.store.record_store import RecordStore
from arbitro.store.series import SeriesRecord
from arbitro.tournament.rules import rules_for
from arbitro.tournament.series import MAX_TABLE, PointsScheme, SchemeKind
from arbitro.web import auth
from arbitro.web.context import request_lang, web_of
from arbitro.web.desk.common import Director, DirectorPost, add_post, common
from arbitro.web.downloads import download_headers
from arbitro.web.errors import status_for
from arbitro.web.forms import (
    Errors,
    FieldCollector,
    FieldError,
    act,
    int_field,
    names_field,
    required_field,
    slugify,
    text_field,
)

router = APIRouter()

KINDS = {SchemeKind.PLACEMENT: N_("by placement"), SchemeKind.VP: N_("by VP")}
"""The points schemes the creation form offers, with their names."""


def round_events(request: Request) -> list[tuple[str, str]]:
    """The events a series may rank (events played in rounds, oldest first): (id, name)."""
    return [
        (e.event_id, e.name) for e in web_of(request).store.list_events() if e.kind != "knockout"
    ]


def series_of_event(store: RecordStore, event_id: str) -> list[SeriesRecord]:
    """The series ``event_id`` belongs to, by id (the event's desk page lists them)."""
    found = (series.get_series(store, s.id) for s in series.list_series(store))
    return [s for s in found if event_id in s.events]


# ---------------------------------------------------------------------- the list
def list_page(
    request: Request,
    session: auth.Session,
    status: int = 200,
    errors: Errors | None = None,
    values: dict[str, str] | None = None,
    picked: list[str] | None = None,
) -> Response:
    """The series page: every series (name, id, scheme, events, links) and the creation
    form; ``picked`` are the events ticked when a creation is refused."""
    web = web_of(request)
    kept = [series.get_series(web.store, s.id) for s in series.list_series(web.store)]
    events = round_events(request)
    names = dict(events)
    return web.render(
        request,
        "desk/series_list.html",
        status_code=status,
        **common(
            request,
            session,
            found=[(s, PointsScheme.from_json(s.scheme)) for s in kept],
            events=events,
            names=names,
            kinds=KINDS,
            picked=set(picked or ()),
            max_table=MAX_TABLE,
            errors=errors or {},
            values=values or {},
        ),
    )


@router.get("/desk/series", include_in_schema=False)
def series_list(request: Request, session: auth.Session = Director) -> Response:
    """The series (a club's season, a circuit of stages) and the form to create one."""
    return list_page(request, session)


def scheme_from_form(form: FormData) -> PointsScheme:
    """The points scheme typed in a form: by placement (its points table, first place first,
    and the points of a place beyond it) or by VP; best N of M when N is given. Each
    refusal goes next to its field."""
    fields = FieldCollector()
    kind_text = text_field(form, "kind", 20) or SchemeKind.PLACEMENT.value
    table = fields.take(lambda: text_field(form, "table", 2000), "")
    best_text = fields.take(lambda: text_field(form, "best", 30), "")
    best = (
        fields.take(lambda: int_field(form, "best", Message("best N"), low=1, high=999), None)
        if best_text
        else None
    )
    beyond = fields.take(
        lambda: int_field(
            form, "beyond", Message("points beyond the table"), low=0, high=99_999, default=0
        ),
        0,
    )
    fields.check()
    try:
        kind = SchemeKind(kind_text)
    except ValueError:
        raise FieldError(
            "kind", "«{text}» is not a points scheme: vp, or placement:25,18,15,...", text=kind_text
        ) from None
    if kind is SchemeKind.PLACEMENT and not table:
        raise FieldError(
            "table", "write the points of each place, 1st place first (e.g. 25, 18, 15)"
        )
    try:
        return PointsScheme.parse(f"{kind.value}:{table}", best, beyond)
    except ArbitroError as exc:
        raise FieldError("table", exc.msg) from None


async def _create(request: Request, session: auth.Session = DirectorPost) -> Response:
    form = await request.form()
    web = web_of(request)
    picked = [str(e) for e in form.getlist("event")]

    def action() -> str:
        fields = FieldCollector()
        name = fields.take(
            lambda: required_field(form, "name", series.NAME_LENGTH, N_("the name is empty")), ""
        )
        typed = fields.take(lambda: text_field(form, "series_id", 64).lower(), "")
        scheme = fields.take(lambda: scheme_from_form(form), None)
        fields.check()
        assert scheme is not None  # fields.check() raised otherwise
        series_id = typed or slugify(name)
        try:
            series.check_series_id(series_id)
        except ArbitroError as exc:
            raise FieldError("series_id", exc.msg) from None
        try:
            made = series.create_series(web.store, series_id, name, scheme, tuple(picked))
        except ConflictError as exc:
            raise FieldError("series_id", exc.msg, status=409) from None
        return f"/desk/series/{made.id}?ok=created"

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return list_page(request, session, status, errors, values, picked)

    return act(form, "create", request_lang(request), action, refused)


add_post(
    router,
    "/desk/series",
    "create_series",
    "Create a series: id, name, points scheme, best N, its events in order.",
    _create,
)


# ---------------------------------------------------------------------- one series
def series_page(
    request: Request,
    session: auth.Session,
    series_id: str,
    status: int = 200,
    errors: Errors | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    """A series' page: its standings by player (rank, player, each event's points with the
    dropped ones in brackets, total, the ties explained; provisional until every event's
    standings are final), its events with the forms to add and take out one and to link
    the competitors not in the registry to their players, the links to the projector page
    and the PDF."""
    web = web_of(request)
    unlinked: dict[str, list[tuple[int, str, tuple[str, ...]]]] = {}
    with web.locked():
        result = series.standings(web.store, series_id, web.service)
        for event in result.events:
            if event.unlinked:
                names = set(event.unlinked)
                competitors = web.service.state(event.event_id).competitors.values()
                unlinked[event.event_id] = [
                    (c.number, c.name, tuple(c.players)) for c in competitors if c.name in names
                ]
        # "a pair is two players": the article of the code of its events (FIBAS art. 2)
        first = result.events[0].event_id if result.events else None
        code = web.service.state(first).code if first else rules_for(DEFAULT_CODE)
    inside = set(result.series.events)
    return web.render(
        request,
        "desk/series.html",
        status_code=status,
        **common(
            request,
            session,
            series_id=series_id,
            result=result,
            addable=[e for e in round_events(request) if e[0] not in inside],
            ties=[r for r in result.rows if r.tie is not None],
            unlinked=unlinked,
            dropped=any(x is not None and not x.counted for r in result.rows for x in r.results),
            article=code.cite("competitor"),
            errors=errors or {},
            values=values or {},
        ),
    )


@router.get("/desk/series/{series_id}", include_in_schema=False)
def series_view(request: Request, series_id: str, session: auth.Session = Director) -> Response:
    """A series' standings and events (404 if there is no such series)."""
    return series_page(request, session, series_id)


@router.get("/desk/series/{series_id}/pdf", include_in_schema=False)
def series_print(request: Request, series_id: str, session: auth.Session = Director) -> Response:
    """The series standings as an A4 PDF in the page's language (:mod:`arbitro.printouts.series`)."""
    web = web_of(request)
    with web.locked():
        result = series.standings(web.store, series_id, web.service)
    pdf = series_pdf(result, lang=request_lang(request))
    return Response(
        pdf,
        media_type="application/pdf",
        headers=download_headers(f"{result.series.id}.pdf", "inline"),
    )


def _event_field(form: FormData) -> str:
    return required_field(form, "event", 64, N_("choose an event"))


async def _add(request: Request, series_id: str, session: auth.Session = DirectorPost) -> Response:
    form = await request.form()
    web = web_of(request)
    series.get_series(web.store, series_id)  # 404 before anything else

    def action() -> str:
        event_id = _event_field(form)
        try:
            series.add_event(web.store, series_id, event_id)
        except ArbitroError as exc:
            raise FieldError("event", exc.msg, status=status_for(exc)) from None
        return f"/desk/series/{series_id}?ok=added#events"

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return series_page(request, session, series_id, status, errors, values)

    return act(form, "add", request_lang(request), action, refused)


async def _remove(
    request: Request, series_id: str, session: auth.Session = DirectorPost
) -> Response:
    form = await request.form()
    web = web_of(request)
    series.get_series(web.store, series_id)

    def action() -> str:
        series.remove_event(web.store, series_id, _event_field(form))
        return f"/desk/series/{series_id}?ok=removed#events"

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return series_page(request, session, series_id, status, errors, values)

    return act(form, "remove", request_lang(request), action, refused)


add_post(
    router,
    "/desk/series/{series_id}/add",
    "add_series_event",
    "Add an event at the end of the series.",
    _add,
)
add_post(
    router,
    "/desk/series/{series_id}/remove",
    "remove_series_event",
    "Take an event out of the series (the later events move up).",
    _remove,
)


async def _link(request: Request, series_id: str, session: auth.Session = DirectorPost) -> Response:
    form = await request.form()
    web = web_of(request)
    series.get_series(web.store, series_id)

    def action() -> str:
        event_id = _event_field(form)
        competitor = int_field(form, "competitor", Message("competitor"), low=1)
        refs = names_field(form, "players", 500)
        if not refs:
            raise FieldError("players", "write the card number or registry number of each player")
        try:
            for ref in refs:  # every player found before any is linked
                players.find_player(web.store, ref)
        except ArbitroError as exc:
            raise FieldError("players", exc.msg, status=status_for(exc)) from None
        with web.locked():
            for ref in refs:
                players.link_player(web.store, ref, event_id, competitor, session.user)
        return f"/desk/series/{series_id}?ok=linked#events"

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return series_page(request, session, series_id, status, errors, values)

    return act(form, "link", request_lang(request), action, refused)


add_post(
    router,
    "/desk/series/{series_id}/link",
    "link_series_players",
    "Link a competitor not in the registry to its players (card or registry numbers), so "
    "that each earns the competitor's series points (FIBAS art. 2: a pair is two players).",
    _link,
)
