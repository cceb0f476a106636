"""The banner of an event imported unverified (issue 29): an event file whose records a live
action would not all have accepted, imported on the director's explicit choice, is shown as
such at the top of every page of that event, on the desk and on the public pages."""

from __future__ import annotations

import re
from contextlib import AbstractContextManager

from fastapi import FastAPI, Request

from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message, render
from arbitro.printouts.mark import marked
from arbitro.web.context import request_lang, web_of
from arbitro.web.tokens import read_token

# The event pages' paths: the desk's (an event of rounds, a knockout) and the public ones;
# a table's page names its event in its signed token.
_EVENT_PATH = re.compile(r"^/(?:desk/e|desk/k|e)/([^/]+)")
_TABLE_PATH = re.compile(r"^/t/([^/]+)")


def unverified_records(request: Request) -> tuple[int, ...]:
    """The records (their seq) imported unverified in the event the page is about; () for
    a page of no event or of an event fully verified. Reads the state the page itself just
    read (the services' cache): no query of its own."""
    web = web_of(request)
    found = _EVENT_PATH.match(request.url.path)
    if found is not None:
        event_id = found[1]
    else:
        table = _TABLE_PATH.match(request.url.path)
        if table is None:
            return ()
        try:
            event_id = read_token(web.secret, table[1])[0]
        except (ArbitroError, ValueError):
            return ()
    for service in (web.service, web.knockout):
        state = service.peek(event_id)
        if state is not None:
            return tuple(state.unverified)
    return ()


def printout_mark(request: Request) -> AbstractContextManager[None]:
    """The mark of an unverified event on every page of a printout made in the block (the
    event the request is about; nothing for a verified one)."""
    records = unverified_records(request)
    if not records:
        return marked(None)
    text = Message(
        N_(
            "UNVERIFIED EVENT: imported from a file that live actions would not all have accepted (records {records})"
        ),
        {"records": ", ".join(map(str, records))},
    )
    return marked(render(text, request_lang(request)))


def install(app: FastAPI) -> None:
    """Give the templates :func:`unverified_records` (read by ``common/unverified_banner.html``)."""
    app.state.web.templates.env.globals["unverified_records"] = unverified_records
