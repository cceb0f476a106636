"""The desk's entry fees: the fee per pair set in the new-event form and changed while
checking in (FIBAS art. 4), one "Pagato" click per pair beside "Presente" with the count
"Pagato: 1 di 4 · incassati € 10,00", undone by a cancellation of the payment, and the cash
summary page and PDF, in Italian and English (docs/rulings.md "Entry fees": the fee is per
competitor, as the Briscola premessa's "€ 4 a coppia")."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import new_event_form, post, service, text_of, txt


def _page(client: TestClient, event_id: str, lang: str = "it") -> str:
    return txt(client.get(f"/desk/e/{event_id}", params={"lang": lang}))


def _fee(client: TestClient, event_id: str, fee: str) -> None:
    r = post(client, f"/desk/e/{event_id}/fee", {"fee": fee})
    assert r.status_code == 303, txt(r)


def test_new_event_form_records_the_fee(director_client: TestClient, web_app: FastAPI) -> None:
    """The new-event form's fee in euros («4,00») is the event's fee per pair, in cents; a
    fee that is not an amount is refused next to its field."""
    r = post(director_client, "/desk/new", new_event_form("Quota", event_id="quota", fee="4,00"))
    assert r.status_code == 303
    assert service(web_app).state("quota").entry_fee_cents == 400
    bad = post(director_client, "/desk/new", new_event_form("Male", event_id="male", fee="4,5,0"))
    assert bad.status_code == 400 and "importo «4,5,0» non valido" in txt(bad)
    form = text_of(txt(director_client.get("/desk/new")))
    assert "Quota d'iscrizione per concorrente in euro (facoltativa)" in form


def test_paid_click_per_pair_with_the_count_and_undo(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """With a fee each row has a "Pagato" button beside "Presente"; a click records the fee
    of the pair (€ 10,00) taken by the director; the count follows; "Annulla" cancels the
    payment's record, which stays in the log; the English page has no Italian word."""
    event_id = make_event(pairs=4, seat=False)
    html = _page(director_client, event_id)
    assert 'class="inline pay-form"' not in html  # no fee, no column
    _fee(director_client, event_id, "10")
    html = _page(director_client, event_id)
    assert html.count('class="inline pay-form"') == 4
    assert html.count('class="inline check-in-form"') == 4
    assert "Pagato: 0 di 4 · incassati € 0,00" in text_of(html)
    assert "Quota d'iscrizione: € 10,00 a coppia" in text_of(html)
    r = post(director_client, f"/desk/e/{event_id}/pay", {"competitor": "2", "paid": "1"})
    assert r.status_code == 303 and r.headers["location"].endswith("#competitor-2")
    html = _page(director_client, event_id)
    assert "Pagato: 1 di 4 · incassati € 10,00" in text_of(html)
    row = html[html.index('id="competitor-2"') : html.index('id="competitor-3"')]
    assert "✓\xa0€\xa010,00" in row and 'name="paid" value="0"' in row
    state = service(web_app).state(event_id)
    (payment,) = state.payments.values()
    assert payment.amount_cents == 1000 and payment.actor == "direttore"
    twice = post(director_client, f"/desk/e/{event_id}/pay", {"competitor": "2", "paid": "1"})
    assert twice.status_code == 409 and "ha già pagato € 10,00" in txt(twice)
    english = text_of(_page(director_client, event_id, "en"))
    assert "Paid: 1 of 4 · collected € 10,00" in english and "€ 10,00 per pair" in english
    assert "Pagato" not in english and "Quota" not in english
    undo = post(director_client, f"/desk/e/{event_id}/pay", {"competitor": "2", "paid": "0"})
    assert undo.status_code == 303
    records = service(web_app).store.records(event_id)
    assert [r.kind for r in records[-2:]] == ["fee-paid", "record-cancelled"]
    assert "Pagato: 0 di 4" in text_of(_page(director_client, event_id))


def test_fee_changed_while_checking_in_then_closed_art4(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The fee form shows while round 1 is not seated; once seated it goes, and a change is
    refused citing art. 4; payments are still taken (a late arrival, art. 37)."""
    event_id = make_event(pairs=4, seat=False)
    _fee(director_client, event_id, "8,50")
    assert 'id="fee-form"' in _page(director_client, event_id)
    post(director_client, f"/desk/e/{event_id}/check-in-all", {})
    assert post(director_client, f"/desk/e/{event_id}/r/1/seat", {}).status_code == 303
    html = _page(director_client, event_id)
    assert 'id="fee-form"' not in html and html.count('class="inline pay-form"') == 4
    closed = post(director_client, f"/desk/e/{event_id}/fee", {"fee": "9"})
    assert closed.status_code == 400 and "art. 4" in txt(closed)
    assert post(director_client, f"/desk/e/{event_id}/pay", {"competitor": "1"}).status_code == 303


def test_cash_summary_page_and_pdf(
    director_client: TestClient, web_app: FastAPI, make_event: Any, tmp_path: Path
) -> None:
    """The cash summary lists who paid what and how, who took it, who did not, and the
    totals; the withdrawn absent owe nothing (art. 36); its PDF reads the same (pdftotext),
    in Italian and English."""
    event_id = make_event(pairs=4, seat=False)
    _fee(director_client, event_id, "10")
    for c in (1, 2, 3):
        post(director_client, f"/desk/e/{event_id}/check-in", {"competitor": str(c)})
    post(director_client, f"/desk/e/{event_id}/withdraw-absent", {})
    post(director_client, f"/desk/e/{event_id}/pay", {"competitor": "1"})
    post(
        director_client,
        f"/desk/e/{event_id}/pay",
        {"competitor": "2", "amount": "4", "other": "on"},
    )
    page = text_of(txt(director_client.get(f"/desk/e/{event_id}/cash")))
    assert "Pagato: 1 di 3 · incassati € 14,00" in page
    assert "Previsto (3 concorrenti in gara) € 30,00" in page
    assert "Incassato in altro modo € 4,00" in page and "Ancora da incassare € 16,00" in page
    assert "Non hanno pagato: Coppia 2, Coppia 3" in page and "(ritirato)" in page
    en = text_of(txt(director_client.get(f"/desk/e/{event_id}/cash", params={"lang": "en"})))
    assert "Still owed € 16,00" in en and "Incassato" not in en
    pdf = director_client.get(f"/desk/e/{event_id}/cash.pdf", params={"lang": "it"})
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    path = tmp_path / "cash.pdf"
    path.write_bytes(pdf.content)
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Riepilogo di cassa — quote d'iscrizione" in text
    assert "Coppia 4 (ritirato)" in text and "mancano € 6,00" in text
    assert "Incassato in altro modo" in text and "4,00" in text


def test_api_fee_at_creation_and_payments(client: TestClient, director: tuple[str, str]) -> None:
    """``POST /api/events`` takes ``entry_fee_cents`` and shows it; ``POST
    /api/events/{id}/payments`` records what a pair owes (or the amount given); a second
    payment of a pair that has paid is a 409 carrying its message."""
    issued = client.post("/api/token", json={"username": director[0], "password": director[1]})
    client.headers["Authorization"] = f"Bearer {issued.json()['access_token']}"
    made = client.post(
        "/api/events",
        json={
            "event_id": "api-quota",
            "name": "Quota API",
            "rounds": 1,
            "deals": [2],
            "movements": ["draw"],
            "entry_fee_cents": 400,
        },
    )
    assert made.status_code == 201 and made.json()["config"]["entry_fee_cents"] == 400
    for name in ("Coppia 1", "Coppia 2"):
        assert client.post("/api/events/api-quota/competitors", json={"name": name}).is_success
    paid = client.post("/api/events/api-quota/payments", json={"competitor": 1})
    assert paid.status_code == 200 and paid.json() == {"ok": True}
    other = {"competitor": 2, "amount_cents": 250, "method": "other"}
    assert client.post("/api/events/api-quota/payments", json=other).status_code == 200
    twice = client.post("/api/events/api-quota/payments", json={"competitor": 1})
    assert twice.status_code == 409 and "already paid" in twice.json()["error"]["msgid"]
