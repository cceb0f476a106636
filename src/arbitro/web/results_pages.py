"""The event's results as the players read them on their phones, live: the pages of the
static results site (:mod:`arbitro.export.site`: standings after each round, each round's
tables and sheets, each competitor's card of opponents and results round by round) served
by the app at ``/e/<event>/results/``, up to the last round whose standings the director
published (FIBAS art. 39: before that only the desk sees a round's sheets).

The same pages a club uploads with ``arbitro results site``, so that what a player opens
from the table's phone after a round is what the club publishes at the end. Read-only, no
login; cached per (page, event version, language) with an ETag like the room displays.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, RedirectResponse, Response

from arbitro.errors import NotFoundError
from arbitro.export.site import STYLE_SHEETS, competitor_page, site_page
from arbitro.services.event_log import to_domain
from arbitro.services.results import ResultsFile, results_of
from arbitro.web.context import request_lang, web_of
from arbitro.web.live import READ_ONLY, page_key
from arbitro.web.page_cache import cached
from arbitro.web.public import standings_round

router = APIRouter()


def results_path(event_id: str, page: str = "") -> str:
    """The address of a page of the event's live results (the index when ``page`` is empty)."""
    return f"/e/{event_id}/results/{page}"


def card_path(event_id: str, competitor: int) -> str:
    """The address of competitor ``competitor``'s card in the event's live results."""
    return results_path(event_id, competitor_page(competitor))


def published_results(request: Request, event_id: str) -> tuple[str, ResultsFile | None]:
    """The event's version and its results up to the last round whose standings are
    published (None before any), in the request's language; computed once per version and
    language (a view of the state), read under the service's lock."""
    web = web_of(request)
    lang = request_lang(request)
    if not web.store.has_event(event_id) or web.is_knockout(event_id):
        raise HTTPException(status_code=404)
    with web.locked():
        state = web.service.state(event_id)
        shown = standings_round(state)
        version = f"{state.last_seq}.{shown}"
        if shown is None:
            return version, None

        def compute() -> ResultsFile:
            records = [to_domain(r) for r in web.store.records(event_id)]
            return results_of(state, records, now=web.service.clock(), lang=lang, up_to=shown)

        return version, state.view(f"public_results:{lang}", shown, compute)


@router.api_route("/e/{event_id}/results", methods=READ_ONLY, include_in_schema=False)
def results_root(event_id: str) -> Response:
    """The results' index (the site's relative links need the trailing slash)."""
    return RedirectResponse(results_path(event_id), status_code=307)


@router.api_route("/e/{event_id}/results/static/{name}", methods=READ_ONLY, include_in_schema=False)
def results_style(event_id: str, name: str) -> Response:
    """A style sheet of the results' pages."""
    path = STYLE_SHEETS.get(name)
    if path is None:
        raise HTTPException(status_code=404)
    return FileResponse(path, media_type="text/css", headers={"Cache-Control": "max-age=3600"})


@router.api_route("/e/{event_id}/results/", methods=READ_ONLY, include_in_schema=False)
@router.api_route("/e/{event_id}/results/{page}", methods=READ_ONLY, include_in_schema=False)
def results_page(request: Request, event_id: str, page: str = "index.html") -> Response:
    """A page of the event's live results: the index, the standings after a round, a round's
    tables and sheets, a competitor's card (only rounds with their standings published)."""
    web = web_of(request)
    version, results = published_results(request, event_id)
    lang = request_lang(request)
    if results is None:
        raise NotFoundError(
            "no standings published yet: the results appear here after the first round's",
            key="results.none",
        )
    key = page_key(request, f"results:{page}", version)

    def render() -> Response:
        html = site_page(results, page, lang)
        if html is None:
            raise HTTPException(status_code=404)
        return Response(html, media_type="text/html; charset=utf-8")

    return cached(request, web.pages, key, render)
