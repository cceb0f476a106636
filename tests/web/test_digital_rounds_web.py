"""The desk's choice of a round's digital tables (issue 32: "an event's tables are digital,
paper, or mixed per round ... the director chooses when creating the event or the round"):
the new-event form's default, the seating form's tables and competitors online (prefilled
with the choice in force, recorded only when changed), the seating marked "digitale", the
digital tables opened when the seating is published and linked from the round's sheets;
a malformed choice refused next to its field."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_api import api as api  # the director's client (a fixture)
from tests.web.test_api import create
from tests.web.test_desk import new_event_form, post, service, text_of, txt

from arbitro.services.digital_rounds import DigitalRounds


def _round(client: TestClient, event_id: str, lang: str = "it") -> str:
    return txt(client.get(f"/desk/e/{event_id}/r/1", params={"lang": lang}))


def test_the_new_event_forms_default_opens_every_table_at_publication(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """«tutti» in the new-event form is the rounds' default (a ``digital-round`` record for
    round 0); the seating form shows it («tutti» on the Italian page); once published every
    table is digital and the round's sheets link each to its desk page."""
    r = post(
        director_client, "/desk/new", new_event_form("Ibrida", event_id="ibrida", digital="tutti")
    )
    assert r.status_code == 303, txt(r)
    svc = service(web_app)
    assert svc.state("ibrida").digital_rounds[0].mode == "digital"
    from arbitro.services.registering import Register

    for i in range(1, 5):
        svc.run("ibrida", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    post(director_client, "/desk/e/ibrida/check-in-all", {})
    form = _round(director_client, "ibrida")
    assert 'id="digital-tables"' in form and 'value="tutti"' in form  # the page's word
    seated = post(director_client, "/desk/e/ibrida/r/1/seat", {"digital": "all", "online": ""})
    assert seated.status_code == 303, txt(seated)
    assert [r.kind for r in svc.store.records("ibrida")].count("digital-round") == 1  # unchanged
    page = _round(director_client, "ibrida")
    assert 'id="digital-planned-1"' in page and 'id="digital-planned-2"' in page
    assert not svc.state("ibrida").digital
    published = post(director_client, "/desk/e/ibrida/r/1/publish-seating", {})
    assert published.status_code == 303, txt(published)
    assert sorted(svc.state("ibrida").digital) == [(1, 1), (1, 2)]
    page = _round(director_client, "ibrida", "en")
    assert 'href="/desk/e/ibrida/r/1/digital/1"' in page and 'id="digital-table-2"' in page
    assert "Digital tables of the round (2)" in text_of(page)


def test_the_seating_form_mixes_by_table_and_by_competitor_online(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A paper event: the seating form's «2» and competitor 1 online make table 2 and the
    table of pair 1 digital (recorded for round 1), the others on paper; only they open."""
    event_id = make_event("misto", pairs=8, seat=False)
    post(director_client, f"/desk/e/{event_id}/check-in-all", {})
    r = post(director_client, f"/desk/e/{event_id}/r/1/seat", {"digital": "2", "online": "1"})
    assert r.status_code == 303, txt(r)
    state = service(web_app).state(event_id)
    choice = state.digital_rounds[1]
    assert (choice.mode, choice.tables, choice.competitors) == ("mixed", (2,), (1,))
    seating = state.round(1).seating
    assert seating is not None
    home = next(t.table for t in seating.tables if 1 in (t.ns or ()) + (t.ew or ()))
    expected = sorted({2, home})
    post(director_client, f"/desk/e/{event_id}/r/1/publish-seating", {})
    assert sorted(t for _, t in service(web_app).state(event_id).digital) == expected
    page = _round(director_client, event_id)
    for table in range(1, 5):
        assert (f'id="digital-table-{table}"' in page) == (table in expected)


def test_a_malformed_choice_is_refused_next_to_its_field(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """«5-2» is no list of tables, «tre» no competitor: refused (400) next to the field, in
    Italian, nothing recorded nor seated; the new-event form refuses «5-2» too."""
    event_id = make_event("sbagli", pairs=4, seat=False)
    post(director_client, f"/desk/e/{event_id}/check-in-all", {})
    bad = post(director_client, f"/desk/e/{event_id}/r/1/seat", {"digital": "5-2"})
    assert bad.status_code == 400 and "«5-2» non è un elenco di tavoli" in text_of(txt(bad))
    worse = post(director_client, f"/desk/e/{event_id}/r/1/seat", {"online": "tre"})
    assert worse.status_code == 400 and "non è un elenco di concorrenti" in text_of(txt(worse))
    state = service(web_app).state(event_id)
    assert not state.digital_rounds and state.round(1).seating is None
    new = post(director_client, "/desk/new", new_event_form("No", event_id="no", digital="5-2"))
    assert new.status_code == 400 and "non è un elenco di tavoli" in text_of(txt(new))


def test_the_api_opens_the_chosen_tables_when_it_publishes_the_seating(
    api: TestClient, web_app: FastAPI
) -> None:
    """The JSON API publishes a seating as the desk does: the event's choice (round 0:
    table 1 digital) opens table 1 once ``publish-seating`` is called, not at the seating."""
    create(api, "via-api", pairs=4)
    DigitalRounds(service(web_app)).choose("via-api", 0, "mixed", tables=(1,))
    assert api.post("/api/events/via-api/rounds/1/seat", json={"seed": 1}).status_code == 200
    assert not service(web_app).state("via-api").digital
    assert api.post("/api/events/via-api/rounds/1/publish-seating").json() == {"ok": True}
    assert sorted(service(web_app).state("via-api").digital) == [(1, 1)]
