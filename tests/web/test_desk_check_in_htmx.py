"""The check-in at the entrance answers one click with one row (issue 28): under htmx
(``HX-Request``) the desk sends that competitor's row and, out of band, the count, not the
whole event page; without JavaScript the form still posts and is redirected (FIBAS art. 4:
round 1 is seated with those present)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, service, text_of, txt

from arbitro.tournament.commands import values

HTMX = {"HX-Request": "true"}


def test_htmx_click_answers_the_row_and_the_count_out_of_band_art4(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """FIBAS art. 4: pair 2 arrives; the answer is its row (now "✓ presente" with "Annulla")
    and the ``#check-in`` block swapped out of band with "Presenze: 1 presente di 4", nothing
    of the rest of the page (no other row, no registration form)."""
    event_id = make_event(pairs=4, seat=False)
    full = txt(director_client.get(f"/desk/e/{event_id}"))
    r = post(
        director_client,
        f"/desk/e/{event_id}/check-in",
        {"competitor": "2", "present": "1"},
        headers=HTMX,
    )
    assert r.status_code == 200
    html = txt(r)
    assert html.lstrip().startswith('<tr id="competitor-2"')
    assert 'id="competitor-1"' not in html and 'id="competitor-3"' not in html
    assert 'id="register-form"' not in html and "<html" not in html
    assert "✓ presente Annulla" in text_of(html[: html.index("<template>")])
    assert re.search(r'<template>\s*<div id="check-in" class="check-in" hx-swap-oob="true">', html)
    assert "Presenze: 1 presente di 4" in text_of(html)
    assert len(html) * 4 < len(full)
    assert service(web_app).state(event_id).present() == [2]


def test_htmx_undo_gives_the_present_button_back_art4(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """FIBAS art. 4: "Annulla" on a present pair answers its row with "Presente" again and
    the count back to 0."""
    event_id = make_event(pairs=4, seat=False)
    service(web_app).run(event_id, values.CheckIn([3]))
    r = post(
        director_client,
        f"/desk/e/{event_id}/check-in",
        {"competitor": "3", "present": "0"},
        headers=HTMX,
    )
    html = txt(r)
    row = html[: html.index("<template>")]
    assert 'name="present" value="1"' in row and "✓" not in row
    assert 'aria-label="Presente: Coppia 3"' in row
    assert "Presenze: 0 presenti di 4" in text_of(html)


def test_without_javascript_the_form_still_redirects_art4(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """FIBAS art. 4: the same form posted without htmx is answered by a redirect to the
    competitor's row of the page, as before."""
    event_id = make_event(pairs=4, seat=False)
    r = post(director_client, f"/desk/e/{event_id}/check-in", {"competitor": "4"})
    assert r.status_code == 303 and r.headers["location"].endswith("#competitor-4")
    html = txt(director_client.get(f"/desk/e/{event_id}"))
    form = html[html.index('id="competitor-4"') :]
    assert 'hx-post="/desk/e/' in form and 'hx-target="closest tr"' in form


def test_htmx_refusal_shows_the_message_in_the_competitors_section_art4(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """FIBAS art. 4: once round 1 is seated the check-in is closed; a click under htmx is
    answered with the competitors' section and the message, retargeted there (htmx swaps
    only a 2xx answer)."""
    event_id = make_event(pairs=4, seat=False)
    service(web_app).seat(event_id, 1)
    r = post(director_client, f"/desk/e/{event_id}/check-in", {"competitor": "1"}, headers=HTMX)
    assert r.status_code == 200
    assert r.headers["HX-Retarget"] == "#competitors"
    assert r.headers["HX-Reselect"] == "#competitors"
    assert "le presenze sono chiuse" in txt(r)
