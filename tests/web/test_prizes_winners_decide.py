"""Prizes under Parole art. 6.1 b) ("lasciare facoltà decisionale ai vincitori") and the list
while the standings are provisional (issue 27: "€ 35,00" beside each of two tied pairs read
as 70 paid; the ceremony list said "provvisoria" nowhere)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.printouts.pdfcheck import pdf_text
from tests.web.test_desk import post, service, text_of, txt
from tests.web.test_desk_prizes import played

from arbitro.tournament.commands import values


def test_art6_1_b_the_tied_winners_see_the_prizes_once_in_all(
    director_client: TestClient, web_app: FastAPI, make_event: Any, tmp_path: Path, clock: Any
) -> None:
    """Art. 6.1 b): three pairs level for 90, 60 and 30 decide among themselves: each line
    says the 180 are in all, not 180 each; the list is provisional until the complaints
    window closes (FIBAS art. 39: 15 minutes)."""
    event_id, _north_south = played(web_app, make_event)
    service(web_app).run(event_id, values.PublishStandings(1))
    form = {"categories": "Assoluta:overall:90/60/30", "tie": "winners-decide"}
    assert post(director_client, f"/desk/e/{event_id}/prizes", form).status_code == 303
    page = text_of(txt(director_client.get(f"/desk/e/{event_id}/prizes")))
    assert page.count("€ 180,00 in tutto, da dividere tra i vincitori") == 3
    assert "Provvisoria: la classifica non è ancora definitiva" in page
    pdf = director_client.get(f"/desk/e/{event_id}/prizes.pdf?lang=it")
    text = " ".join(pdf_text(pdf.content, tmp_path).split())
    assert "PROVVISORIA" in text and text.count("€ 180,00 in tutto") == 3
    clock.advance(minutes=16)
    final = text_of(txt(director_client.get(f"/desk/e/{event_id}/prizes")))
    assert "Provvisoria" not in final
    pdf = director_client.get(f"/desk/e/{event_id}/prizes.pdf?lang=it")
    assert "PROVVISORIA" not in " ".join(pdf_text(pdf.content, tmp_path).split())
