"""The new-event form follows the game chosen (Scala 40: individual, 5 deals a round, tables
of four; Briscola: the knockout desk) and reports every wrong field at once (FIBAS art. 4, 7,
39)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import new_event_form, post, text_of, txt


def test_choosing_scala40_sets_individual_and_five_deals(director_client: TestClient) -> None:
    """Choosing Scala 40 (the htmx refresh of the form) selects the individual format and 5
    deals in every round, and says the tables are of four (Scala 40 art. 2)."""
    page = director_client.get(
        "/desk/new", params={"code": "scala40", "rounds": "3", "changed": "code", "name": "Sc"}
    )
    html = txt(page)
    assert '<option value="individual" selected>' in html
    for i in (1, 2, 3):
        # art. 22: difference tables for 3-4 and 5 deals only (issue 27)
        assert f'<select name="deals_{i}" id="deals_{i}"><option value="3" >3</option>' in html
        row = html[html.index(f'name="deals_{i}"') :]
        assert '<option value="5" selected>' in row[: row.index("</select>")]
    assert "tavoli da quattro giocatori (Scala 40 art. 2" in text_of(html)
    back = txt(
        director_client.get(
            "/desk/new", params={"code": "burraco-fibas", "rounds": "3", "changed": "code"}
        )
    )
    assert '<option value="pairs" selected>' in back


def test_briscola_leads_to_the_knockout_desk(director_client: TestClient) -> None:
    """Briscola is played by knockout (Briscola art. 9): choosing it leads the director to the
    knockout's own form (issue 27), the name typed kept; nothing is created as rounds."""
    changed = director_client.get(
        "/desk/new",
        params={"code": "briscola", "rounds": "2", "changed": "code", "name": "Coppa"},
        headers={"HX-Request": "true"},
    )
    assert changed.headers["HX-Redirect"] == "/desk/k?name=Coppa#new"
    r = post(director_client, "/desk/new", new_event_form(code="briscola", name="Coppa Careni"))
    assert r.status_code == 303 and r.headers["location"] == "/desk/k?name=Coppa+Careni#new"
    page = txt(director_client.get(r.headers["location"]))
    assert 'id="new-knockout"' in page and 'value="Coppa Careni"' in page


def test_every_error_reported_at_once_art4_art39(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """A form with an empty name, an unknown movement and a negative complaints window
    (art. 39) gets back all three messages, each next to its field, and nothing created."""
    form = new_event_form(name="", rounds=2, complaints_window_minutes="-5")
    form["movement_2"] = "zigzag"
    r = post(director_client, "/desk/new", form)
    assert r.status_code == 400
    page = txt(r)
    assert "3 campi da correggere" in page
    assert "zigzag" in page
    text = text_of(page)
    assert "il nome della gara è vuoto" in text and "movimento «zigzag» sconosciuto" in text
    assert "finestra reclami (minuti): -5 fuori dall'intervallo" in text
    assert '<details id="more-settings" open>' in page  # the window's message is not hidden
    assert web_app.state.web.store.list_events() == []
