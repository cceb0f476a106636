"""The desk's pairs that must not meet (FIBAS art. 4): added on the event's page, listed,
cancelled with a reason; the round's page and the seating PDF say which one the seating could
not keep, in Italian and English."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.printouts.pdfcheck import pdf_text
from tests.web.test_desk import new_event_form, post, service, text_of, txt

from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

UNKEPT_IT = "Vincolo non rispettato: Coppia 1–Coppia 2 si incontrano al tavolo 1 (familiari)"
UNKEPT_EN = "Constraint not kept: Coppia 1–Coppia 2 meet at table 1 (family)"


def _event(web_app: FastAPI, movement: Movement = Movement.REGISTRATION_ORDER) -> str:
    svc = service(web_app)
    config = EventConfig(
        name="Serata del circolo",
        event_format=EventFormat.PAIRS,
        rounds=2,
        deals=(2, 2),
        movements=(movement, Movement.MITCHELL),
    )
    svc.create_event("circolo", config)
    for i in range(1, 7):
        svc.run("circolo", Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    return "circolo"


def test_add_list_and_cancel_a_constraint_on_the_event_page_art4(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """The form records the pair and the reason; the list shows it; a pair with itself is
    refused next to the form; the cancel form (with a reason) takes it away."""
    e = _event(web_app)
    page = txt(director_client.get(f"/desk/e/{e}"))
    assert "Coppie che non devono incontrarsi (0)" in page and 'id="constraint-form"' in page
    form = {"first": "2", "second": "1", "reason": "family", "note": "fratelli"}
    done = post(director_client, f"/desk/e/{e}/constraint", form)
    assert done.status_code == 303 and done.headers["location"].endswith("#constraints")
    page = text_of(txt(director_client.get(f"/desk/e/{e}")))
    assert "Coppie che non devono incontrarsi (1)" in page
    assert "1 Coppia 1 – 2 Coppia 2 familiari fratelli" in page
    refused = post(director_client, f"/desk/e/{e}/constraint", {"first": "3", "second": "3"})
    assert refused.status_code == 400
    assert "un concorrente non può essere tenuto separato da sé stesso" in txt(refused)
    english = post(director_client, f"/desk/e/{e}/constraint?lang=en", form)
    assert english.status_code == 409 and "are already kept apart" in txt(english)
    [c] = service(web_app).constraints(e)
    no_reason = post(director_client, f"/desk/e/{e}/constraint-cancel", {"seq": str(c.seq)})
    assert no_reason.status_code == 400
    gone = post(
        director_client, f"/desk/e/{e}/constraint-cancel", {"seq": str(c.seq), "reason": "errore"}
    )
    assert gone.status_code == 303
    assert service(web_app).constraints(e) == []
    back = txt(director_client.get(f"/desk/e/{e}?lang=it"))  # the desk kept English since
    assert "Coppie che non devono incontrarsi (0)" in back


def test_round_page_reports_the_constraint_not_kept_and_the_seating_pdf_keeps_it_private_art4(
    director_client: TestClient, web_app: FastAPI, tmp_path: Path
) -> None:
    """Round 1 by registration order (art. 4 "in base all'ordine di iscrizione") seats the
    family 1–2 together at table 1: the round page says so before and after publishing, in
    Italian and English; the seating PDF, posted in the hall, does not (who must not meet whom,
    and why, is the director's to know)."""
    e = _event(web_app)
    service(web_app).run(e, values.AddConstraint(1, 2, "family"))
    service(web_app).run(
        e, values.AddConstraint(3, 5, "club")
    )  # kept: 3 and 5 sit at different tables
    service(web_app).seat(e, 1)
    page = text_of(txt(director_client.get(f"/desk/e/{e}/r/1")))
    assert UNKEPT_IT in page and "Coppia 3–Coppia 5" not in page
    assert "(FIBAS art. 4)" in page
    service(web_app).run(e, values.PublishSeating(1))
    english = text_of(txt(director_client.get(f"/desk/e/{e}/r/1?lang=en")))
    assert UNKEPT_EN in english
    pdf = director_client.get(f"/desk/e/{e}/r/1/pdf/seating?lang=it")
    assert pdf.status_code == 200
    printed = " ".join(pdf_text(pdf.content, tmp_path).split())
    assert "Coppia 1" in printed and "Vincolo" not in printed and "familiari" not in printed


def test_draw_keeps_the_pair_apart_and_the_round_page_reports_nothing(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Round 1 by draw (art. 4 "per sorteggio") with the pair to avoid: no report."""
    e = _event(web_app, Movement.DRAW)
    service(web_app).run(e, values.AddConstraint(1, 2, "family"))
    post(director_client, f"/desk/e/{e}/r/1/seat", {"movement": "draw", "seed": "5"})
    page = txt(director_client.get(f"/desk/e/{e}/r/1"))
    assert 'id="seating-table"' in page and "unkept-constraints" not in page


def test_new_event_form_accepts_the_automatic_mitchell_step_art4(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Step 0 on the new-event form asks for the automatic step (art. 4 "di uno o più
    tavoli"); a negative step is refused next to its field."""
    form = new_event_form(mitchell_step="0")
    assert post(director_client, "/desk/new", form).status_code == 303
    assert service(web_app).state("serata-del-giovedi").config.mitchell_step == 0
    refused = post(director_client, "/desk/new", new_event_form(name="Altra", mitchell_step="-1"))
    assert refused.status_code == 400
