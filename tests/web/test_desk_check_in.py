"""The desk's check-in before round 1 (FIBAS art. 4: round 1 is seated with those present;
art. 36: the absent are withdrawn) and the players edited in place (art. 2), in Italian and
English."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, service, text_of, txt


def _page(client: TestClient, event_id: str, lang: str = "it") -> str:
    return txt(client.get(f"/desk/e/{event_id}", params={"lang": lang}))


def test_check_in_one_click_per_pair_with_the_count_art4(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Before round 1 each row has one "Presente" button; the count "Presenze: 1 presente
    di 4" follows each click, "Annulla" takes it back; the page is wholly English with
    ``lang=en`` (art. 4)."""
    event_id = make_event(pairs=4, seat=False)
    html = _page(director_client, event_id)
    assert html.count('class="inline check-in-form"') == 4
    assert "Presenze: 0 presenti di 4" in text_of(html)
    r = post(director_client, f"/desk/e/{event_id}/check-in", {"competitor": "2", "present": "1"})
    assert r.status_code == 303 and r.headers["location"].endswith("#competitor-2")
    html = _page(director_client, event_id)
    assert "Presenze: 1 presente di 4" in text_of(html)
    assert "non segnati: 3" in text_of(html)
    row = html[html.index('id="competitor-2"') : html.index('id="competitor-3"')]
    assert "✓\xa0presente" in row and 'name="present" value="0"' in row
    english = text_of(_page(director_client, event_id, "en"))
    assert "Check-in: 1 present of 4" in english and "Withdraw the absent" in english
    assert "Presenze" not in english
    post(director_client, f"/desk/e/{event_id}/check-in", {"competitor": "2", "present": "0"})
    assert service(web_app).state(event_id).absent() == [1, 2, 3, 4]


def test_seating_refused_then_withdraw_the_absent_art36(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Round 1 is refused while a pair is not checked in, naming it (art. 4); "Ritira gli
    assenti" asks to confirm and withdraws it (art. 36); then round 1 is seated."""
    event_id = make_event(pairs=4, seat=False)
    for c in (1, 2, 3):
        post(director_client, f"/desk/e/{event_id}/check-in", {"competitor": str(c)})
    refused = post(director_client, f"/desk/e/{event_id}/r/1/seat", {})
    assert refused.status_code == 400
    assert "non segnati presenti: 4 Coppia 4" in text_of(txt(refused))
    html = _page(director_client, event_id)
    form = html[html.index('id="withdraw-absent-form"') :]
    # One absent: the singular ("Ritirare i 1 concorrenti" was a grammar error).
    assert re.match(r'id="withdraw-absent-form" data-confirm="Ritirare il concorrente non', form)
    ok = post(director_client, f"/desk/e/{event_id}/withdraw-absent", {})
    assert ok.status_code == 303
    state = service(web_app).state(event_id)
    assert state.competitors[4].withdrawn_from_round == 1 and state.absent() == []
    assert post(director_client, f"/desk/e/{event_id}/r/1/seat", {}).status_code == 303
    html = _page(director_client, event_id)
    assert "check-in-form" not in html and 'id="check-in"' not in html
    closed = post(director_client, f"/desk/e/{event_id}/check-in", {"competitor": "1"})
    assert closed.status_code == 400 and "le presenze sono chiuse" in txt(closed)


def test_all_present_button_art4(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """ "Tutti presenti" checks in the whole field in one batch; the button then goes away."""
    event_id = make_event(pairs=6, seat=False)
    assert "Tutti presenti" in _page(director_client, event_id)
    assert post(director_client, f"/desk/e/{event_id}/check-in-all", {}).status_code == 303
    assert len(service(web_app).state(event_id).present()) == 6
    html = _page(director_client, event_id)
    assert "Presenze: 6 presenti di 6" in text_of(html) and "check-in-all-form" not in html
    again = post(director_client, f"/desk/e/{event_id}/check-in-all", {})
    assert again.status_code == 409


def test_players_edited_in_place_art2(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Each row edits the name and the players together (a substitute partner, art. 2); a
    pair of three players is refused with the article, in Italian and in English."""
    event_id = make_event(pairs=3, seat=False)
    html = _page(director_client, event_id)
    assert 'name="players" form="rename-2" value="Giocatore 2A, Giocatore 2B"' in html
    ok = post(
        director_client,
        f"/desk/e/{event_id}/rename",
        {"competitor": "2", "name": "Rossi - Verdi", "players": "Rossi, Verdi"},
    )
    assert ok.status_code == 303
    comp = service(web_app).state(event_id).competitors[2]
    assert (comp.name, comp.players) == ("Rossi - Verdi", ("Rossi", "Verdi"))
    three = {"competitor": "2", "name": "Rossi", "players": "a, b, c"}
    refused = post(director_client, f"/desk/e/{event_id}/rename", three)
    assert refused.status_code == 400
    assert "3 giocatori, una coppia ne ha 2" in txt(refused)
    english = post(director_client, f"/desk/e/{event_id}/rename?lang=en", three)
    assert "3 players, a pair has 2" in txt(english)
    assert service(web_app).state(event_id).competitors[2].players == ("Rossi", "Verdi")
