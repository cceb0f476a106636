"""The desk's penalty in points, as ``arbitro penalty`` gives it (issue 26): FIBAS art. 22
("determina la ripresa del gioco anche assegnando penalità e/o sanzioni"), the code's warning
penalty (art. 22 note 1, art. 41: 100 M.P. and 1 V.P.) shown as the default, the article of
the code unless the arbiter cites another, listed in the round's ledger and cancelled there."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, service, text_of, txt


def _form(page: str) -> str:
    start = page.index('id="penalty-form"')
    return page[start : page.index("</form>", start)]


def test_form_shows_the_codes_defaults_with_labelled_fields(
    director_client: TestClient, make_event: Any
) -> None:
    """FIBAS art. 22, 41: the form offers 100 M.P. and 1 V.P. and art. 22 as defaults, every
    field named by its label, in Italian and in English."""
    event = make_event("serata", pairs=8)
    form = _form(txt(director_client.get(f"/desk/e/{event}/r/1")))
    shown = text_of(form)
    assert "Penalità in punti (FIBAS art. 22)" in shown
    assert 'name="mp" id="penalty-mp" type="number" min="0" size="6" value="100"' in form
    assert 'name="vp" id="penalty-vp" type="number" min="0" size="4" value="1"' in form
    assert 'placeholder="22"' in form
    for label in ("Concorrente", "M.P. tolti", "V.P. tolti", "Articolo", "Motivo"):
        assert f"<label>{label} <" in form, label
    assert "Giocatore 3A" in form  # the players of the pairs, to name the one penalised
    english = text_of(_form(txt(director_client.get(f"/desk/e/{event}/r/1?lang=en"))))
    assert "Penalty in points (FIBAS art. 22)" in english and "M.P. taken off" in english


def test_penalty_in_the_ledger_and_the_standings_then_cancelled(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A penalty of 50 M.P. to pair 3's player, citing art. 41: in the ledger (with its
    effect) and the standings; cancelled from the ledger, the standings are as before."""
    event = make_event("serata", pairs=8)
    base = f"/desk/e/{event}/r/1"
    data = {
        "competitor": "3",
        "mp": "50",
        "vp": "0",
        "article": "41",
        "player": "3:Giocatore 3B",
        "reason": "carte mostrate",
    }
    assert post(director_client, f"{base}/penalty", data).status_code == 303
    state = service(web_app).state(event)
    (given,) = state.penalties
    assert (given.competitor, given.mp, given.vp, given.article.article) == (3, 50, 0, "41")
    assert given.player == "Giocatore 3B"
    ledger = text_of(txt(director_client.get(base)))
    assert "penalità in punti FIBAS art. 41 Giocatore 3B: -50 M.P., 0 V.P." in ledger
    assert "0 V.P., -50 M.P." in ledger  # the effect column
    english = text_of(txt(director_client.get(f"{base}?lang=en")))
    assert "penalty in points FIBAS art. 41 Giocatore 3B: -50 MP, 0 VP" in english
    from arbitro.tournament.standings.standings import standings

    row = next(r for r in standings(state, 1) if r.competitor == 3)
    assert (row.penalty_vp, row.penalty_mp) == (0, -50)
    cancel = {"seq": str(given.seq), "reason": "coppia sbagliata"}
    assert post(director_client, f"{base}/cancel", cancel).status_code == 303
    after = service(web_app).state(event)
    assert after.penalties == []
    row = next(r for r in standings(after, 1) if r.competitor == 3)
    assert (row.penalty_vp, row.penalty_mp) == (0, 0)
    assert "annullato da direttore perché coppia sbagliata" in text_of(
        txt(director_client.get(f"{base}?lang=it"))
    )


def test_refusals_next_to_their_field_in_italian_and_english(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Negative M.P., nothing at all, no reason: refused next to their field (art. 22),
    nothing recorded."""
    event = make_event("serata", pairs=8)
    base = f"/desk/e/{event}/r/1/penalty"
    ok = {"competitor": "1", "mp": "100", "vp": "1", "reason": "commenti"}
    negative = post(director_client, base, {**ok, "mp": "-5"})
    assert negative.status_code == 400
    assert "M.P. tolti M.P.: -5 fuori dall'intervallo 0-100000" in text_of(_form(txt(negative)))
    blank = post(director_client, base, {**ok, "reason": ""})
    assert blank.status_code == 400
    assert "Motivo penalità: indicare il motivo" in text_of(_form(txt(blank)))
    nothing = post(director_client, f"{base}?lang=en", {**ok, "mp": "0", "vp": "0"})
    assert nothing.status_code == 400
    assert "M.P. taken off a penalty takes off some M.P. or V.P." in text_of(_form(txt(nothing)))
    assert service(web_app).state(event).penalties == []
