"""The event's results out to the world, from the desk (issue 17; docs/results-format.md):
the open results format (JSON, and its CSV files in a zip), the static results site in a zip
a club uploads anywhere, and the arbiter's verbale di gara (PDF) ready to sign. The same
files as ``arbitro results export|site|verbale``; the arbiter and the place are asked on the
event's page (the arbiter defaults to who created the event)."""

from __future__ import annotations

import io
import zipfile

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response

from arbitro.export.site import site_files
from arbitro.printouts.verbale import verbale_date, verbale_pdf
from arbitro.services.results import ResultsFile, csv_files, export, to_json
from arbitro.web import auth
from arbitro.web.context import request_lang, web_of
from arbitro.web.desk.common import Director, event_id_of
from arbitro.web.downloads import download_headers
from arbitro.web.unverified import printout_mark

router = APIRouter()

KINDS = ("json", "csv", "site", "verbale")


def _zip(files: dict[str, str | bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files.items()):
            archive.writestr(name, data)
    return buffer.getvalue()


def _site(results: ResultsFile, lang: str, folder: str) -> bytes:

    return _zip({f"{folder}/{name}": data for name, data in site_files(results, lang).items()})


@router.get("/desk/e/{event_id}/results/{kind}", include_in_schema=False)
def download(
    request: Request,
    event_id: str,
    kind: str,
    arbiter: str = Query("", max_length=200),
    place: str = Query("", max_length=200),
    on: str = Query("", max_length=20),
    session: auth.Session = Director,
) -> Response:
    """The event's results as ``kind``: ``json`` (the results file), ``csv`` (standings.csv
    and rounds.csv in a zip), ``site`` (the static site in a zip), ``verbale`` (the PDF), in
    the page's language."""
    if kind not in KINDS:
        raise HTTPException(status_code=404)
    web = web_of(request)
    lang = request_lang(request)
    event_id = event_id_of(request, event_id)

    with web.locked():
        results = export(
            web.service,
            event_id,
            arbiter=arbiter.strip() or None,
            place=place.strip() or None,
            on=verbale_date(on),  # «04/12/2026» the Italian way, or ISO
            lang=lang,
        )
    if kind == "json":
        body, media, name = to_json(results).encode(), "application/json", f"{event_id}.json"
    elif kind == "csv":
        body, media, name = _zip(dict(csv_files(results))), "application/zip", f"{event_id}-csv.zip"
    elif kind == "site":
        body, media, name = (
            _site(results, lang, event_id),
            "application/zip",
            f"{event_id}-sito.zip",
        )
    else:
        with printout_mark(request):  # an event imported unverified says so on every page
            body = verbale_pdf(results, lang=lang)
        media, name = "application/pdf", f"{event_id}-verbale.pdf"
    return Response(body, media_type=media, headers=download_headers(name, "attachment"))
