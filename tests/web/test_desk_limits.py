"""Issue 29, "Strangers and big inputs": an event holds at most ``ARBITRO_MAX_COMPETITORS``
competitors (2,000 unless the installation says otherwise: a 100,000-row file registered
100,000 pairs), refused with a message naming the limit and how to raise it; and the desk's
list of competitors (registrations and check-in, FIBAS art. 4) is shown a page at a time,
so the event page of a 2,000-pair event stays small (it was 126 MiB at 100,000 pairs)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.errors import ArbitroError
from arbitro.services import registrations
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.desk.paging import PAGE_SIZE

LIMIT = registrations.DEFAULT_MAX_COMPETITORS


def new_event(app: FastAPI, event_id: str = "grande") -> str:
    """A two-round pairs event with nobody registered yet (FIBAS art. 2)."""
    config = EventConfig(
        "Grande", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW, Movement.DRAW), seed=1
    )
    app.state.web.service.create_event(event_id, config)
    return event_id


def pairs(count: int, start: int = 1) -> list[tuple[str, tuple[str, str]]]:
    return [(f"Coppia {i}", (f"Rossi {i}", f"Bianchi {i}")) for i in range(start, start + count)]


def csv_of(count: int) -> bytes:
    lines = ["nome,giocatore1,giocatore2"]
    lines += [f"Coppia {i},Rossi {i},Bianchi {i}" for i in range(1, count + 1)]
    return ("\n".join(lines) + "\n").encode()


def upload(client: Any, event_id: str, data: bytes) -> Any:
    return client.post(
        f"/desk/e/{event_id}/upload",
        data={"csrf": client.csrf},
        files={"file": ("iscritti.csv", data, "text/csv")},
    )


def test_an_event_at_the_limit_takes_no_one_more(
    web_app: FastAPI, director_client: TestClient
) -> None:
    """Issue 29: a file of exactly 2,000 pairs is registered; the 2,001st pair, from the
    desk's form or the API, is refused with the limit and the setting that raises it."""
    event_id = new_event(web_app)
    assert upload(director_client, event_id, csv_of(LIMIT)).status_code == 303
    assert len(web_app.state.web.service.state(event_id).competitors) == LIMIT
    reply = director_client.post(
        f"/desk/e/{event_id}/register",
        data={"csrf": director_client.csrf, "name": "Coppia in più"},
    )
    assert reply.status_code >= 400
    assert (
        "una gara ammette al massimo 2000 concorrenti e così sarebbero 2001: per alzare il "
        "limite, impostare ARBITRO_MAX_COMPETITORS nell'ambiente del server e riavviarlo"
    ) in html.unescape(reply.text)
    api = director_client.post(f"/api/events/{event_id}/competitors?lang=en", json={"name": "X"})
    assert api.status_code >= 400
    assert api.json()["error"]["message"].startswith("an event holds at most 2000 competitors")
    assert len(web_app.state.web.service.state(event_id).competitors) == LIMIT


def test_a_file_over_the_limit_is_refused_whole_at_once(
    web_app: FastAPI, director_client: TestClient
) -> None:
    """Issue 29: a 2,001-line file registers nobody (all or nothing, issue 26 F), refused
    before any line is checked, naming the limit."""
    event_id = new_event(web_app)
    reply = upload(director_client, event_id, csv_of(LIMIT + 1))
    assert reply.status_code >= 400
    assert "al massimo 2000 concorrenti e così sarebbero 2001" in reply.text
    assert web_app.state.web.service.state(event_id).competitors == {}


def test_a_file_that_would_pass_the_limit_with_those_registered_is_refused(
    web_app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29: the limit counts those already registered (withdrawn ones too: they stay
    listed), and the installation may raise it (``ARBITRO_MAX_COMPETITORS``)."""
    service = web_app.state.web.service
    event_id = new_event(web_app)
    monkeypatch.setenv(registrations.MAX_COMPETITORS_ENV, "30")
    service.register_many(event_id, pairs(20))
    service.run(event_id, values.Withdraw(20))
    with pytest.raises(ArbitroError) as refused:
        service.register_many(event_id, pairs(11, start=21))
    assert refused.value.msg.params["limit"] == 30
    assert refused.value.msg.params["count"] == 31
    service.register_many(event_id, pairs(10, start=21))
    with pytest.raises(ArbitroError):
        service.run(event_id, Register("Coppia 31"))
    monkeypatch.setenv(registrations.MAX_COMPETITORS_ENV, "31")
    assert service.run(event_id, Register("Coppia 31")) == 31
    monkeypatch.setenv(registrations.MAX_COMPETITORS_ENV, "not a number")
    assert registrations.max_competitors() == LIMIT


def test_the_desk_page_of_a_2000_pair_event_is_a_page_of_it(
    web_app: FastAPI, director_client: TestClient
) -> None:
    """Issue 29: with 2,000 pairs registered (names and players editable, check-in open:
    the largest rows) the event page shows 200 competitors and its HTML stays under 400 KB
    (2.8 MB before); page 3 shows competitors 401-600; the search finds one by number
    or by a player's name; withdrawals and kept-apart pairs take a number, not a list of
    2,000."""
    service = web_app.state.web.service
    event_id = new_event(web_app)
    service.register_many(event_id, pairs(LIMIT))
    page = director_client.get(f"/desk/e/{event_id}", headers={"accept-encoding": "identity"})
    assert page.status_code == 200
    assert len(page.content) < 400_000
    assert len(re.findall(r'id="competitor-\d+"', page.text)) == PAGE_SIZE
    assert "Concorrenti 1–200 di 2000 · pagina 1 di 10" in page.text
    assert '<option value="1999"' not in page.text
    assert 'name="competitor" type="number"' in page.text
    third = director_client.get(f"/desk/e/{event_id}?page=3")
    assert 'id="competitor-401"' in third.text and 'id="competitor-600"' in third.text
    assert 'id="competitor-601"' not in third.text and 'id="competitor-400"' not in third.text
    one = director_client.get(f"/desk/e/{event_id}?q=1234")
    assert 'id="competitor-1234"' in one.text and 'id="competitor-123"' not in one.text
    by_player = director_client.get(f"/desk/e/{event_id}?q=bianchi 777")
    assert 'id="competitor-777"' in by_player.text
    assert "Concorrenti 1–1 di 1" in by_player.text
    past = director_client.get(f"/desk/e/{event_id}?page=999")
    assert "pagina 10 di 10" in past.text and 'id="competitor-2000"' in past.text
    none = director_client.get(f"/desk/e/{event_id}?q=nessuno")
    assert "Nessun concorrente corrisponde a «nessuno»." in none.text


def test_a_small_event_keeps_its_lists(web_app: FastAPI, director_client: TestClient) -> None:
    """Up to a page of competitors nothing changes: no search box, no page links, the
    withdrawal's list of names."""
    event_id = new_event(web_app)
    web_app.state.web.service.register_many(event_id, pairs(PAGE_SIZE))
    page = director_client.get(f"/desk/e/{event_id}")
    assert 'id="competitor-search"' not in page.text
    assert 'id="competitor-pages"' not in page.text
    assert f'id="competitor-{PAGE_SIZE}"' in page.text
    assert f'<option value="{PAGE_SIZE}"' in page.text
