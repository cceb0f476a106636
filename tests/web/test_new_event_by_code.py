"""The new-event form adapts to the code chosen (issue 27): the deals a round may have and
carte uguali come from the code's data (FIBAS art. 7, 20; Parole art. 3), and a refusal names
the code, not its id."""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import new_event_form, post, txt


def _deal_options(page: str) -> list[str]:
    select = page.split('id="deals_1"')[1].split("</select>")[0]
    return re.findall(r'<option value="(\d+)"', select)


def test_parole_offers_3_or_4_deals_and_no_carte_uguali(director_client: TestClient) -> None:
    """Parole art. 3: rounds of 3 deals (25-32 minutes) or 4 (32-40); the code has no carte
    uguali (FIBAS art. 20)."""
    page = txt(director_client.get("/desk/new?rounds=2&code=burraco-parole-uisp&changed=code"))
    assert _deal_options(page) == ["3", "4"]
    assert 'id="carte-uguali"' not in page and "FIBAS art. 20" not in page
    assert "Parole UISP art. 14.1: 5" in page  # the code's complaints window (art. 14.1)
    rows = txt(director_client.get("/desk/new/rounds?rounds=3&code=burraco-parole-uisp"))
    assert _deal_options(rows) == ["3", "4"]


def test_fibas_offers_1_to_4_deals_and_carte_uguali_art_20(director_client: TestClient) -> None:
    """FIBAS art. 7: 1 to 4 deals a round (no 5); art. 20 carte uguali."""
    page = txt(director_client.get("/desk/new"))
    assert _deal_options(page) == ["1", "2", "3", "4"]
    assert 'id="carte-uguali"' in page and "Carte uguali (FIBAS art. 20)" in page


def test_a_refusal_names_the_code_not_its_id(director_client: TestClient, web_app: FastAPI) -> None:
    """Parole art. 3: 2 deals refused, the message says "Parole UISP"."""
    reply = post(
        director_client,
        "/desk/new?lang=en",
        new_event_form("Parole a 2", code="burraco-parole-uisp"),
    )
    assert reply.status_code == 400
    assert "the Parole UISP code has rounds of 3, 4" in txt(reply)
    assert "burraco-parole-uisp code" not in txt(reply)


def test_carte_uguali_refused_for_a_code_without_them(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 20's carte uguali are not in the Parole code: a form sent with them anyway
    is refused, naming the code."""
    data = new_event_form("Parole uguali", code="burraco-parole-uisp", duplicate="on")
    for i in (1, 2):
        data[f"deals_{i}"] = "3"
    reply = post(director_client, "/desk/new?lang=en", data)
    assert reply.status_code == 400
    assert "the Parole UISP code has no carte uguali" in txt(reply)
    made = post(
        director_client,
        "/desk/new",
        {**data, "duplicate": "", "event_id": "parole3"},
        follow_redirects=False,
    )
    assert made.status_code == 303, txt(made)
    assert web_app.state.web.service.state("parole3").config.deals == (3, 3)


def test_a_refusal_is_said_at_the_top_of_the_page(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """The page comes back at its top: the refusal is said there, linked to its form (issue
    27, "Everywhere"); Parole art. 3's 2 deals refused."""
    reply = post(
        director_client,
        "/desk/new?lang=en",
        new_event_form("Parole a 2", code="burraco-parole-uisp"),
    )
    page = txt(reply)
    top = page.split('id="refusal"')[1].split("</div>")[0]
    assert 'href="#new-event"' in top and "the Parole UISP code has rounds of 3, 4" in top
    assert page.index('id="refusal"') < page.index('id="new-event"')
