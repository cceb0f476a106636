"""Round 1 seated by the arbiter's choice at the desk (FIBAS art. 4: "L'assegnazione del
tavolo al primo turno di gioco può essere effettuata: a scelta dell'Arbitro, in base
all'ordine di iscrizione, per sorteggio"): chosen in the movement select, a form with a row
per table and a select per line (N-S, E-O), every competitor exactly once, then the seating
reviewed and published as any other (issue 26, item H)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, service, text_of, txt

from arbitro.codes.ids import CodeId, GameId
from arbitro.services.registering import Register
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement, TableSeating

# 8 pairs at 4 tables, as an arbiter might place them (art. 4): the strongest apart.
CHOICE = {1: (8, 1), 2: (2, 7), 3: (6, 3), 4: (4, 5)}


def _form(choice: Mapping[int, tuple[int | None, int | None]]) -> dict[str, str]:
    data = {}
    for table, (ns, ew) in choice.items():
        data[f"t{table}_ns_1"] = "" if ns is None else str(ns)
        data[f"t{table}_ew_1"] = "" if ew is None else str(ew)
    return data


def test_movement_select_leads_to_the_arbiters_form_art_4(
    director_client: TestClient, make_event: Any
) -> None:
    """Round 1's movement select offers the arbiter's choice; choosing it opens the form: a
    row per table (4 for 8 pairs), an N-S and an E-O select listing every pair."""
    event = make_event("serata", pairs=8, seat=False)
    page = txt(director_client.get(f"/desk/e/{event}/r/1"))
    assert '<option value="arbiter"' in page
    assert "Scelta dell'arbitro: collocare ogni concorrente" in page
    chosen = post(director_client, f"/desk/e/{event}/r/1/seat", {"movement": "arbiter"})
    assert chosen.status_code == 303
    assert chosen.headers["location"] == f"/desk/e/{event}/r/1/arbiter-seating"
    form = txt(director_client.get(chosen.headers["location"]))
    assert "a scelta dell'arbitro (FIBAS art. 4)" in form
    rows = re.findall(r'<tr id="arbiter-table-(\d+)">', form)
    assert rows == ["1", "2", "3", "4"]
    assert "<th>N-S</th><th>E-O</th>" in form
    assert form.count('<option value="5"') == 8  # pair 5 in each of the 8 selects
    english = txt(director_client.get(f"{chosen.headers['location']}?lang=en"))
    assert "<th>N-S</th><th>E-W</th>" in english and "by the arbiter's choice" in english


def test_arbiters_seating_is_recorded_reviewed_and_published_art_4(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The seating placed by hand is recorded as the arbiter's choice, shown for review on
    the round page and published as any other seating (art. 4; from then on it stands,
    art. 21)."""
    event = make_event("serata", pairs=8, seat=False)
    done = post(director_client, f"/desk/e/{event}/r/1/arbiter-seating", _form(CHOICE))
    assert done.status_code == 303, txt(done)
    assert done.headers["location"] == f"/desk/e/{event}/r/1?ok=seat#seating"
    r = service(web_app).state(event).round(1)
    assert r.movement is Movement.ARBITER_CHOICE and r.seating_published_at is None
    assert r.seating.tables == tuple(
        TableSeating(t, (ns,), (ew,)) for t, (ns, ew) in CHOICE.items()
    )
    review = txt(director_client.get(f"/desk/e/{event}/r/1"))
    assert "<td>Coppia 8 (8)</td><td>Coppia 1 (1)</td>" in review
    assert "Scelta dell'arbitro: collocare" in text_of(review)  # the select shows the choice
    assert post(director_client, f"/desk/e/{event}/r/1/publish-seating").status_code == 303
    assert service(web_app).state(event).round(1).seating_published_at is not None
    # the form again after the seating is published: it stands (art. 21)
    again = txt(director_client.get(f"/desk/e/{event}/r/1/arbiter-seating"))
    assert "già affissa" in again and 'id="arbiter-seating-form"' not in again


def test_a_pair_placed_twice_or_not_placed_is_refused_by_name_art_4(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Every competitor exactly once (art. 4): pair 1 chosen at table 1 and again at table 3
    is refused next to its second place, pair 3 left out is named; the choices are kept on
    the page; nothing is recorded. The same in English."""
    event = make_event("serata", pairs=8, seat=False)
    wrong = _form({**CHOICE, 3: (6, 1)})
    refused = post(director_client, f"/desk/e/{event}/r/1/arbiter-seating", wrong)
    assert refused.status_code == 400
    page = txt(refused)
    assert "1 — Coppia 1 è già collocato al tavolo 1, E-O" in page
    assert "ancora da collocare: 3 — Coppia 3" in page
    assert re.search(r'<select name="t3_ew_1"[^>]*>.*?<option value="1" selected>', page, re.S)
    assert service(web_app).state(event).round(1).seating is None
    english = txt(post(director_client, f"/desk/e/{event}/r/1/arbiter-seating?lang=en", wrong))
    assert "1 — Coppia 1 is already placed at table 1, E-W" in english
    assert "not placed yet: 3 — Coppia 3" in english


def test_seven_pairs_one_line_rests_at_an_incomplete_table_art_2_37(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """7 pairs: the form offers 4 tables; one line alone at a table rests (FIBAS art. 2 "tavolo
    incompleto", art. 37). Two lines alone leave a pair out: refused, naming it; a field of a
    table the form does not offer is no place."""
    event = make_event("serata", pairs=7, seat=False)
    form = txt(director_client.get(f"/desk/e/{event}/r/1/arbiter-seating"))
    assert re.findall(r'<tr id="arbiter-table-(\d+)">', form) == ["1", "2", "3", "4"]
    two_alone = _form({1: (1, 2), 2: (3, None), 3: (4, 5), 4: (6, None)})
    two_alone["t5_ns_1"] = "7"
    refused = post(director_client, f"/desk/e/{event}/r/1/arbiter-seating", two_alone)
    assert refused.status_code == 400
    assert "ancora da collocare: 7 — Coppia 7" in txt(refused)
    one_alone = _form({1: (1, 2), 2: (3, 7), 3: (4, 5), 4: (6, None)})
    done = post(director_client, f"/desk/e/{event}/r/1/arbiter-seating", one_alone)
    assert done.status_code == 303
    seating = service(web_app).state(event).round(1).seating
    assert seating is not None and seating.tables[3] == TableSeating(4, (6,), None)
    assert seating.resting == ((6,),)


def test_scala_40_players_placed_in_seat_order_at_tables_of_four_art_2(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Scala 40 art. 2 ("ad ogni tavolo siedono quattro giocatori"; three at one table when
    the field requires it): the form has a row per table and its four seats; 7 players sit
    4 and 3 in the order chosen."""
    svc = service(web_app)
    config = EventConfig(
        "Scala 40 del martedì",
        EventFormat.INDIVIDUAL,
        1,
        (5,),
        (Movement.REGISTRATION_ORDER,),
        code=CodeId.SCALA40,
        game=GameId.SCALA40,
    )
    svc.create_event("scala", config)
    for i in range(1, 8):
        svc.run("scala", Register(f"Giocatore {i}"))
    form = txt(director_client.get("/desk/e/scala/r/1/arbiter-seating"))
    assert re.findall(r'<tr id="arbiter-table-(\d+)">', form) == ["1", "2"]
    assert 'name="t2_p_4"' in form and "Giocatori (in ordine di posto)" in form
    seats = {"t1_p_1": "7", "t1_p_2": "1", "t1_p_3": "2", "t1_p_4": "3"}
    seats |= {"t2_p_1": "4", "t2_p_2": "5", "t2_p_3": "6"}
    short = post(director_client, "/desk/e/scala/r/1/arbiter-seating", {**seats, "t2_p_3": ""})
    assert short.status_code == 400 and "ancora da collocare: 6 — Giocatore 6" in txt(short)
    done = post(director_client, "/desk/e/scala/r/1/arbiter-seating", seats)
    assert done.status_code == 303, txt(done)
    seating = svc.state("scala").round(1).seating
    assert seating is not None
    assert [t.players for t in seating.tables] == [(7, 1, 2, 3), (4, 5, 6)]
