"""The club's players on the desk (issue 17): a members list imported, the registry searched
as you type, a competitor registered from it (FIBAS art. 2: a pair is two players), the
player's page with the events played and the results, the export of a player's data and
the deletion on request (GDPR art. 15, 17, 20)."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, service, text_of, txt

MEMBERS = (
    "Cognome;Nome;Tessera;Circolo;Categoria\n"
    "Rossi;Mario;FB1001;Circolo Aurora;Prima\n"
    "Bianchi;Anna;FB1002;Circolo Aurora;Seconda\n"
    "Verdi;Luca;FB1003;Burraco Club;Prima\n"
    "Nerì;Lucia;FB1004;Burraco Club;Terza\n"
    ";;FB1005;;\n"
).encode("cp1252")


def _import(client: TestClient, data: bytes = MEMBERS, **extra: str) -> Any:
    return post(
        client,
        "/desk/players/import",
        {**extra},
        files={"file": ("soci.csv", data, "text/csv")},
    )


def _ids(page: str) -> list[str]:
    return re.findall(r'<a href="/desk/players/(\d+)">', page)


def test_import_then_search_as_you_type(director_client: TestClient) -> None:
    checked = _import(director_client, dry_run="1")
    assert checked.status_code == 200
    text = text_of(txt(checked))
    assert "nulla è stato scritto" in text
    assert "4 aggiunti" in text and "1 riga rifiutata" in text
    assert _ids(txt(director_client.get("/desk/players"))) == []  # the dry run wrote nothing

    done = text_of(txt(_import(director_client)))
    assert "4 aggiunti" in done and "riga 6:" in done
    page = txt(director_client.get("/desk/players"))
    assert len(_ids(page)) == 4
    assert 'hx-get="/desk/players/search"' in page
    rows = txt(director_client.get("/desk/players/search", params={"q": "aurora"}))
    assert "Rossi Mario" in rows or "Mario Rossi" in rows
    assert "Verdi" not in rows and len(_ids(rows)) == 2
    accents = txt(director_client.get("/desk/players/search", params={"q": "neri"}))
    assert len(_ids(accents)) == 1  # accents ignored: «Nerì»
    nobody = text_of(txt(director_client.get("/desk/players/search", params={"q": "zzz"})))
    assert "Nessun giocatore trovato" in nobody


def test_add_by_hand_with_what_prize_categories_ask(director_client: TestClient) -> None:
    """Sex, birth year and first season (the ladies', seniors' and newcomers' prizes, Parole
    art. 6.1 for the ties) are kept and shown on the player's page; a bad year is refused."""
    made = post(
        director_client,
        "/desk/players/add",
        {"name": "Ada Neri", "sex": "F", "birth_year": "1950", "first_season": "2026"},
    )
    assert made.status_code == 303
    page = text_of(txt(director_client.get(made.headers["location"])))
    assert "Sesso donna" in page and "Anno di nascita 1950" in page
    assert "Prima stagione 2026" in page
    bad = post(director_client, "/desk/players/add", {"name": "Ugo Bo", "birth_year": "19x0"})
    assert bad.status_code == 400 and "Ugo Bo" in txt(bad)


def test_add_by_hand_refuses_a_card_number_twice(director_client: TestClient) -> None:
    first = post(director_client, "/desk/players/add", {"name": "Carla Gialli", "card": "X9"})
    assert first.status_code == 303 and first.headers["location"].startswith("/desk/players/")
    again = post(director_client, "/desk/players/add", {"name": "Carlo Gialli", "card": "X9"})
    assert again.status_code == 409
    assert "Carlo Gialli" in txt(again)  # what was typed is kept beside the message


def test_register_from_the_registry_and_the_players_page_art2(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    _import(director_client)
    event_id = make_event(pairs=4, seat=False)
    page = txt(director_client.get(f"/desk/e/{event_id}"))
    assert 'id="registry-form"' in page and f'hx-get="/desk/e/{event_id}/registry"' in page
    choices = txt(director_client.get(f"/desk/e/{event_id}/registry", params={"q": "aurora"}))
    ids = re.findall(r'name="player" value="(\d+)"', choices)
    assert len(ids) == 2
    nobody = post(director_client, f"/desk/e/{event_id}/register-players", {})
    assert nobody.status_code == 400 and "spunta almeno un giocatore" in txt(nobody)
    done = director_client.post(
        f"/desk/e/{event_id}/register-players",
        data={"csrf": director_client.csrf, "player": ids},
    )
    assert done.status_code == 303
    state = service(web_app).state(event_id)
    number = max(state.competitors)
    assert len(state.competitors[number].players) == 2  # art. 2: the pair's two players
    twice = director_client.post(
        f"/desk/e/{event_id}/register-players",
        data={"csrf": director_client.csrf, "player": ids[:1]},
    )
    assert twice.status_code == 409 and "gioca già" in txt(twice)

    service(web_app).seat(event_id, 1, publish=True)
    player = text_of(txt(director_client.get(f"/desk/players/{ids[0]}")))
    assert "Gare giocate (1)" in player
    assert state.config.name in player


def test_export_and_deletion_on_request_gdpr(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    _import(director_client)
    event_id = make_event(pairs=4, seat=False)
    choices = txt(director_client.get(f"/desk/e/{event_id}/registry", params={"q": "FB100"}))
    ids = re.findall(r'name="player" value="(\d+)"', choices)
    pid = re.findall(r'name="player" value="(\d+)"> Verdi', choices)[0]
    alone = director_client.post(
        f"/desk/e/{event_id}/register-players",
        data={"csrf": director_client.csrf, "player": [pid], "name": "Verdi solo"},
    )
    assert alone.status_code == 400  # FIBAS art. 2: a pair is two players
    assert "1 giocatore, una coppia ne ha 2" in txt(alone)
    pair = [pid, next(i for i in ids if i != pid)]
    alone = director_client.post(
        f"/desk/e/{event_id}/register-players",
        data={"csrf": director_client.csrf, "player": pair},  # named after its players
    )
    assert alone.status_code == 303, re.findall(r'role="alert">([^<]*)<', txt(alone))
    export = director_client.get(f"/desk/players/{pid}/export")
    assert export.status_code == 200 and export.headers["content-type"] == "application/json"
    data = json.loads(export.text)
    assert data["player"]["card"] == "FB1003"
    assert [e["event"] for e in data["events"]] == [event_id]

    no_reason = post(director_client, f"/desk/players/{pid}/delete", {"reason": " "})
    assert no_reason.status_code == 400
    gone = post(director_client, f"/desk/players/{pid}/delete", {"reason": "richiesta del 27/11"})
    assert gone.status_code == 303 and gone.headers["location"] == "/desk/players?ok=deleted-1"
    assert director_client.get(f"/desk/players/{pid}").status_code == 404
    comps = service(web_app).state(event_id).competitors.values()
    names = [c.name + " " + " ".join(c.players) for c in comps]
    assert not any("Verdi" in n for n in names)
    assert sum("anonimo" in n for n in names) == 1  # the partner keeps the name


def test_the_registry_needs_a_director(client: TestClient) -> None:
    assert client.get("/desk/players").status_code in (303, 401)
    assert client.get("/desk/players/1/export").status_code in (303, 401)
