"""The desk's sanctions, as the terminal's ``arbitro sanction`` gives them: the kind
(reprimand, warning, expulsion), the article (the code's own by default: FIBAS art. 41 for a
reprimand or a warning, art. 40 for an expulsion; or another the arbiter cites, e.g. art. 22)
and the player of the pair sanctioned (issue 26, item I)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, service, text_of, txt


def _sanctions(web_app: FastAPI, event: str) -> list[tuple[str, str, int | None, str]]:
    """The ledger's sanctions: kind, article, competitor, player."""
    return [
        (e.kind, e.article.article, e.competitor, e.detail.render("it"))
        for e in service(web_app).state(event).ledger
        if e.kind in ("reprimand", "warning", "expulsion")
    ]


def test_form_offers_each_sanction_with_the_codes_article_and_penalty_art_40_41(
    director_client: TestClient, make_event: Any
) -> None:
    """FIBAS art. 41: "ammonizioni o penalità, secondo la gravità"; "la somma di 2 ammonizioni
    comporta la perdita di 1 V.P. e 100 M.P."; art. 40: the arbiter may stop a pair from
    continuing. The form lists each sanction with its article and says the warnings' cost."""
    event = make_event("serata", pairs=8)
    page = txt(director_client.get(f"/desk/e/{event}/r/1"))
    form = page[
        page.index('id="sanction-form"') : page.index("</form>", page.index('id="sanction-form"'))
    ]
    shown = text_of(form)
    assert "ammonizione (FIBAS art. 41)" in shown
    assert "richiamo (FIBAS art. 41)" in shown
    assert "espulsione (FIBAS art. 40)" in shown
    assert 'data-article="40"' in form and 'placeholder="41"' in form
    assert "Ogni 2 ammonizioni: -1 V.P. e -100 M.P. in classifica generale" in shown
    assert "Giocatore 3A" in form  # the players of the pairs, to name the one sanctioned


def test_sanctions_cite_the_codes_article_or_the_arbiters_art_22_40_41(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A reprimand with no article cites art. 41, an expulsion art. 40; a warning for a
    pozzetto seen out of turn cites art. 22 ("l'Arbitro ammonisce il giocatore colpevole"), as
    the arbiter typed; the player named is recorded."""
    event = make_event("serata", pairs=8)
    base = f"/desk/e/{event}/r/1/sanction"
    for data in (
        {"competitor": "1", "kind": "reprimand", "reason": "commenti"},
        {"competitor": "2", "kind": "expulsion", "reason": "grave scorrettezza"},
        {
            "competitor": "3",
            "kind": "warning",
            "article": "22",
            "player": "3:Giocatore 3B",
            "reason": "pozzetto visto prima",
        },
    ):
        assert post(director_client, base, data).status_code == 303, data
    assert _sanctions(web_app, event) == [
        ("reprimand", "41", 1, ""),
        ("expulsion", "40", 2, ""),
        ("warning", "22", 3, "Giocatore 3B"),
    ]
    ledger = text_of(txt(director_client.get(f"/desk/e/{event}/r/1")))
    assert "richiamo FIBAS art. 41" in ledger and "espulsione FIBAS art. 40" in ledger
    assert "ammonizione FIBAS art. 22 Giocatore 3B" in ledger
    # a warning citing art. 22 counts towards its note 1 (two warnings: 1 V.P., 100 M.P.)
    assert [w.competitor for w in service(web_app).state(event).warnings()] == [3]
    # art. 40: "impedire la prosecuzione della gara ad una coppia": it plays no later round
    assert "non gioca alcun turno dopo il turno 1" in ledger
    assert 2 not in service(web_app).state(event).active(2)


def test_refusals_name_the_field_in_italian_and_english(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A kind that is no sanction, an article that is no number, a player of another pair:
    refused next to their field, nothing recorded (FIBAS art. 41)."""
    event = make_event("serata", pairs=8)
    base = f"/desk/e/{event}/r/1/sanction"
    ok = {"competitor": "1", "reason": "commenti"}
    bad_kind = post(director_client, base, {**ok, "kind": "fine"})
    assert bad_kind.status_code == 400 and "«fine» non è un tipo di sanzione" in txt(bad_kind)
    bad_article = post(director_client, base, {**ok, "article": "<b>"})
    assert bad_article.status_code == 400
    assert "scrivere il numero dell'articolo, p. es. 41" in txt(bad_article)
    other = post(director_client, base, {**ok, "player": "2:Giocatore 2A"})
    assert other.status_code == 400
    assert "«Giocatore 2A» non gioca per il concorrente scelto" in txt(other)
    english = post(director_client, f"{base}?lang=en", {**ok, "player": "2:Giocatore 2A"})
    assert "«Giocatore 2A» does not play for the competitor chosen" in txt(english)
    assert _sanctions(web_app, event) == []
