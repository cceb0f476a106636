"""Burraco Parole art. 13.4 on the desk's arbiter form: the arbiter chooses the abandoning
side's score ("a) zero Punti Partita; b) il punteggio previsto dalla tabella in uso; c) il
punteggio acquisito sino a quel momento"); a FIBAS event's form offers no such choice
(art. 36 fixes it by whether the abandon is justified)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.lines import signed

from arbitro.codes.ids import CodeId
from arbitro.tournament.records import AbandonScore
from arbitro.web.app import Web

from .test_parole_web import EVENT, parole_event, text

FIBAS: str = CodeId.BURRACO_FIBAS.value


@pytest.fixture
def web(web_app: FastAPI) -> Web:
    w: Web = web_app.state.web
    return w


@pytest.mark.parametrize("choice", list(AbandonScore))
def test_art13_4_the_desk_records_the_arbiters_choice(
    web: Web, director_client: TestClient, choice: AbandonScore
) -> None:
    """Art. 13.4: each of the three choices is offered and recorded with the abandon."""
    parole_event(web)
    page = director_client.get(f"/desk/e/{EVENT}/r/1").text
    assert 'id="abandon-score"' in page
    assert "il punteggio acquisito sino a quel momento" in text(page)
    reply = director_client.post(
        f"/desk/e/{EVENT}/r/1/abandon",
        data={
            "csrf": director_client.csrf,
            "competitor": "1",
            "justified": "on",
            "score": choice.value,
            "reason": "malore",
        },
    )
    assert reply.status_code == 303
    state = web.service.state(EVENT)
    assert state.abandons[(1, 1)] is True
    assert state.abandon_scores == {(1, 1): choice}


def test_art13_4_a_choice_left_empty_is_refused(web: Web, director_client: TestClient) -> None:
    """Art. 13.4: the arbiter "potrà: a) ... b) ... c) ...": the form asks for one of the three
    (issue 27: an ill player was recorded "ingiustificato" for want of a choice)."""
    parole_event(web)
    reply = director_client.post(
        f"/desk/e/{EVENT}/r/1/abandon?lang=en",
        data={"csrf": director_client.csrf, "competitor": "1", "score": "", "reason": "lite"},
    )
    assert reply.status_code == 400
    assert "choose a), b) or c)" in text(reply.text) and "Parole UISP art. 13.4" in text(reply.text)
    assert web.service.state(EVENT).abandons == {}


def test_art13_4_the_form_offers_exactly_a_b_c_and_no_justified_box(
    web: Web, director_client: TestClient
) -> None:
    """Art. 13.4 a) zero Punti Partita, b) the table's score, c) the score acquired so far;
    FIBAS art. 36's "giustificato" is not Parole's."""
    parole_event(web)
    page = director_client.get(f"/desk/e/{EVENT}/r/1?lang=it").text
    form = page.split('id="abandon-form"')[1].split("</form>")[0]
    assert form.count('type="radio" name="score"') == 3
    assert 'name="justified"' not in form
    assert all(f"{x})" in text(form) for x in "abc")


def test_art13_4_the_ledger_records_the_choice_not_unjustified(
    web: Web, director_client: TestClient
) -> None:
    """Art. 13.4 b): an ill player's side gets the table's score; the ledger says so, and says
    nothing of "ingiustificato"."""
    parole_event(web)
    director_client.post(
        f"/desk/e/{EVENT}/r/1/abandon",
        data={
            "csrf": director_client.csrf,
            "competitor": "1",
            "score": "rest_score",
            "reason": "malore",
        },
    )
    entry = [e for e in web.service.state(EVENT).ledger if e.kind == "abandon"][-1]
    assert str(entry.article) == "Parole UISP art. 13.4"
    assert entry.detail is not None
    assert entry.detail.render("it") == "il punteggio della tabella"
    assert "ingiustificat" not in entry.detail.render("it")


def test_art13_4_the_director_closes_the_remaining_sides_sheet(
    web: Web, director_client: TestClient, client: TestClient
) -> None:
    """Art. 13.4: the side that left cannot sign (art. 12.1 "firmato da entrambe le linee"):
    the remaining side's sheet is closed by the director."""
    from arbitro.web.tokens import table_path

    from .test_parole_web import sheet_form

    parole_event(web)
    seating = web.service.state(EVENT).round(1).seating
    assert seating is not None
    t = next(t for t in seating.tables if t.ns is not None and t.ew is not None)
    assert t.ew is not None
    director_client.post(
        f"/desk/e/{EVENT}/r/1/abandon",
        data={
            "csrf": director_client.csrf,
            "competitor": str(t.ew[0]),
            "score": "zero",
            "reason": "malore",
        },
    )
    path = table_path(web.secret, EVENT, t.table, 1)
    sent = client.post(path, data=signed(client, path, sheet_form("ns")), follow_redirects=False)
    assert sent.status_code in (200, 303), sent.text
    page = director_client.get(f"/desk/e/{EVENT}/r/1/t/{t.table}?lang=en").text
    assert 'id="close-abandon"' in page and "paper signed by both lines" not in page
    closed = director_client.post(
        f"/desk/e/{EVENT}/r/1/t/{t.table}/confirm",
        data={"csrf": director_client.csrf},
        follow_redirects=False,
    )
    assert closed.status_code == 303, closed.text
    from arbitro.tournament import commands

    assert commands.sheet_status(web.service.state(EVENT), 1, t.table) == "confirmed"


def test_fibas_art36_the_form_offers_no_choice(web: Web, director_client: TestClient) -> None:
    """FIBAS art. 36: no choice offered; one sent anyway is refused citing the article."""
    parole_event(web, code=FIBAS)
    page = director_client.get(f"/desk/e/{EVENT}/r/1").text
    assert 'id="abandon-score"' not in page
    reply = director_client.post(
        f"/desk/e/{EVENT}/r/1/abandon",
        data={
            "csrf": director_client.csrf,
            "competitor": "1",
            "score": "zero",
            "reason": "malore",
        },
    )
    assert reply.status_code != 303
    assert "FIBAS art. 36" in text(reply.text)
    assert web.service.state(EVENT).abandons == {}


def test_art13_4_a_refused_abandon_is_said_at_the_top_linked_to_its_form(
    web: Web, director_client: TestClient
) -> None:
    """Art. 13.4: the refusal (no choice) is at the top of the round page, where the
    director is looking, with a link to the abandon form (issue 27)."""
    parole_event(web)
    reply = director_client.post(
        f"/desk/e/{EVENT}/r/1/abandon?lang=en",
        data={"csrf": director_client.csrf, "competitor": "1", "score": "", "reason": "x"},
    )
    top = reply.text.split('id="refusal"')[1].split("</div>")[0]
    assert 'href="#abandon-form"' in top and "choose a), b) or c)" in text(top)


def test_art13_4_the_verbale_names_the_choice_not_unjustified(
    web: Web, director_client: TestClient, tmp_path: Path
) -> None:
    """Art. 13.4 b) recorded for an ill player: the signed verbale says "il punteggio della
    tabella" and nothing of "ingiustificato" (issue 27)."""
    from tests.printouts.pdfcheck import pdf_text

    from arbitro.printouts.verbale import verbale_pdf
    from arbitro.services.results import export

    parole_event(web)
    director_client.post(
        f"/desk/e/{EVENT}/r/1/abandon",
        data={
            "csrf": director_client.csrf,
            "competitor": "1",
            "score": "rest_score",
            "reason": "malore",
        },
    )
    text = " ".join(pdf_text(verbale_pdf(export(web.service, EVENT), lang="it"), tmp_path).split())
    assert "malore; il punteggio della tabella" in text and "art. 13.4" in text
    assert "ingiustificat" not in text
