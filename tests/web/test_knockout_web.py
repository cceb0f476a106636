"""Knockout events on the web (Briscola regulation): the desk's flows (create with the entry
fee of the premessa, register pairs with "fee paid", draw with byes, record games of art. 8,
matches won 2 games of 3 by art. 9, irregularities of art. 10 with a reason, the bots, the
champion), security (login, CSRF, the public page read-only) and the projector page."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

from arbitro.services.knockout import KnockoutService
from arbitro.tournament.commands import values
from arbitro.tournament.knockout import GameReport, Match
from arbitro.tournament.knockout_event import KnockoutConfig, KnockoutState

EVENT = "briscola"
TEST_EVENT = "prova-briscola"  # a test event ("gara di prova"): the bots may play on it


def svc(web_app: FastAPI) -> KnockoutService:
    """The app's knockout service (the same one the pages use)."""
    service: KnockoutService = web_app.state.web.knockout
    return service


def state(web_app: FastAPI, event_id: str = EVENT) -> KnockoutState:
    return svc(web_app).state(event_id)


def make_knockout(
    web_app: FastAPI,
    pairs: int = 5,
    *,
    seeded: bool = True,
    draw: bool = True,
    paid: int = 0,
    event_id: str = EVENT,
) -> KnockoutState:
    """A knockout event through the service: ``pairs`` pairs, all paid unless ``paid`` says
    how many; seeded in registration order; drawn."""
    s = svc(web_app)
    s.create(event_id, KnockoutConfig("Torneo di Briscola", seeded=seeded, seed=3))
    for i in range(1, pairs + 1):
        s.run(event_id, values.RegisterPair(f"Coppia {i}", paid=paid == 0 or i <= paid))
    if draw:
        s.run(event_id, values.DrawBracket())
    return s.state(event_id)


def post(client: TestClient, url: str, data: dict[str, str]) -> Any:
    """A desk form POST with the session's CSRF token in the form."""
    return client.post(url, data={"csrf": client.csrf, **data})


def first_ready(st: KnockoutState) -> Match:
    assert st.bracket is not None
    return st.bracket.pending()[0]


# ---------------------------------------------------------------------- desk flows
def test_create_register_with_fee_and_draw_with_byes_premessa_art_9(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Premessa (fee € 4 a pair) and art. 9: the director creates the event, registers 5 pairs
    (one without the fee), sees € 16 collected, draws: 3 byes in a bracket of 8."""
    c = director_client
    r = post(c, "/desk/k/new", {"name": "1° Torneo di Briscola", "method": "seeded", "fee": "4"})
    assert r.status_code == 303 and r.headers["location"] == "/desk/k/1-torneo-di-briscola"
    eid = "1-torneo-di-briscola"
    for i in range(1, 6):
        data = {"name": f"Coppia {i}", "players": f"Anna {i}, Bruno {i}"}
        if i != 5:
            data["paid"] = "on"
        r = post(c, f"/desk/k/{eid}/register", data)
        assert r.status_code == 303, r.text
    page = c.get(f"/desk/k/{eid}")
    assert page.status_code == 200
    assert "€ 16,00" in page.text and "non versata" in page.text
    assert "Anna 1, Bruno 1" in page.text
    st = svc(web_app).state(eid)
    assert st.fees_collected_cents == 1600 and st.pairs[5].fee_paid_cents == 0
    r = post(c, f"/desk/k/{eid}/draw", {})
    assert r.status_code == 303
    st = svc(web_app).state(eid)
    assert st.bracket is not None and st.bracket.size == 8
    assert set(st.bracket.byes) == {1, 2, 3}
    page = c.get(f"/desk/k/{eid}").text
    assert "Quarti di finale" in page and "Semifinali" in page and "Finale" in page
    assert "riposo" in page and 'id="game-form"' in page
    # registration is closed once the bracket is drawn
    r = post(c, f"/desk/k/{eid}/register", {"name": "Tardiva", "paid": "on"})
    assert r.status_code == 409 and "iscrizioni chiuse" in r.text


def test_knockout_list_and_create_errors_shown_next_to_the_form(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """A refused creation (empty name, bad fee, an id taken) is a 4xx page with the message
    next to the field, never a 500; the list shows the knockout events only."""
    c = director_client
    r = post(c, "/desk/k/new", {"name": ""})
    assert r.status_code == 400 and "il nome della gara è vuoto" in r.text
    r = post(c, "/desk/k/new", {"name": "Coppa", "fee": "quattro"})
    assert r.status_code == 400 and "importo «quattro» non valido" in r.text
    assert post(c, "/desk/k/new", {"name": "Coppa", "fee": "4,50"}).status_code == 303
    assert state(web_app, "coppa").config.entry_fee_cents == 450
    r = post(c, "/desk/k/new", {"name": "Coppa"})
    assert r.status_code == 409 and "esiste già una gara «coppa»" in r.text
    listing = c.get("/desk/k")
    assert listing.status_code == 200 and "/desk/k/coppa" in listing.text


def test_game_points_art_8_and_best_of_three_art_9(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Art. 8: 68-52 wins the game; points not adding up to 120 are refused next to the form
    (400); a 60-60 needs the last trick; art. 9: the second game won decides the match and
    the winner goes on to the next round."""
    st = make_knockout(web_app, 4)
    m = first_ready(st)
    url = f"/desk/k/{EVENT}/game"
    r = post(
        c := director_client, url, {"match": m.id, "points_first": "68", "points_second": "50"}
    )
    assert r.status_code == 400 and "non fanno 120" in r.text and 'id="game-form"' in r.text
    r = post(c, url, {"match": m.id, "points_first": "60", "points_second": "60"})
    assert r.status_code == 400 and "ultima mano" in r.text
    r = post(c, url, {"match": m.id, "points_first": "abc", "points_second": "60"})
    assert r.status_code == 400 and "non è un numero intero" in r.text
    r = post(c, url, {"match": "R9M9", "points_first": "60", "points_second": "60"})
    assert r.status_code == 400 and "R9M9" in r.text
    assert (
        post(c, url, {"match": m.id, "points_first": "68", "points_second": "52"}).status_code
        == 303
    )
    r = post(
        c, url, {"match": m.id, "points_first": "60", "points_second": "60", "last_trick": "first"}
    )
    assert r.status_code == 303
    st = state(web_app)
    assert st.bracket is not None
    done = st.bracket.match(m.id)
    assert done.score == (2, 0) and done.winner == m.first
    assert st.bracket.rounds[1][0].first == m.first  # on to the final
    r = post(c, url, {"match": m.id, "points_first": "70", "points_second": "50"})
    assert r.status_code == 409 and "già deciso" in r.text  # 2 of 3 won: no third game


def test_irregularity_needs_a_reason_and_loses_the_game_art_10(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Art. 10: the offending pair loses the game; the kind comes from the code's list and a
    reason is required; the ledger shows it with the reason."""
    st = make_knockout(web_app, 4)
    m = first_ready(st)
    url = f"/desk/k/{EVENT}/irregularity"
    base = {"match": m.id, "offender": str(m.first), "kind": "communication"}
    r = post(director_client, url, {**base, "reason": "  "})
    assert r.status_code == 400 and "indicare il motivo" in r.text
    r = post(director_client, url, {**base, "kind": "cheating", "reason": "x"})
    assert r.status_code == 400 and "scegliere l'irregolarità" in unescape(r.text)
    r = post(director_client, url, {**base, "offender": "99", "reason": "x"})
    assert r.status_code == 400 and "non gioca questo incontro" in r.text
    r = post(director_client, url, {**base, "reason": "sguardi d'intesa col compagno"})
    assert r.status_code == 303
    st = state(web_app)
    assert st.bracket is not None
    game = st.bracket.match(m.id).games[0]
    assert game.winner == m.second and game.offender == m.first
    assert len(st.ledger) == 1 and st.ledger[0].reason == "sguardi d'intesa col compagno"
    page = director_client.get(f"/desk/k/{EVENT}").text
    assert "sguardi d&#39;intesa col compagno" in page and "communication" in page


def test_bots_play_to_the_champion_art_9(director_client: TestClient, web_app: FastAPI) -> None:
    """Art. 9: the bots play every pending game; the champion is declared on the desk, on the
    projector page and in the list; nothing is left to play."""
    make_knockout(web_app, 6, event_id=TEST_EVENT)
    r = post(director_client, f"/desk/k/{TEST_EVENT}/play", {"seed": "5"})
    assert r.status_code == 303
    st = state(web_app, TEST_EVENT)
    assert st.bracket is not None and st.bracket.champion is not None
    assert st.bracket.pending() == ()
    champion = st.pairs[st.bracket.champion].name
    page = director_client.get(f"/desk/k/{TEST_EVENT}").text
    assert f"Campione: <strong>{champion}</strong>" in page
    assert 'id="game-form"' not in page
    assert champion in director_client.get("/desk/k").text
    display = director_client.get(f"/k/{TEST_EVENT}").text
    assert f"<strong>{champion}</strong>" in display


def test_bots_before_the_draw_refused(director_client: TestClient, web_app: FastAPI) -> None:
    """Art. 9: nothing to play before the bracket is drawn: a 4xx with the message."""
    make_knockout(web_app, 3, draw=False, event_id=TEST_EVENT)
    r = post(director_client, f"/desk/k/{TEST_EVENT}/play", {})
    assert r.status_code == 400 and "prima sorteggiare il tabellone" in r.text
    make_knockout(web_app, 3, draw=False)
    r = post(director_client, f"/desk/k/{EVENT}/draw", {})
    assert r.status_code == 303
    r = post(director_client, f"/desk/k/{EVENT}/draw", {})
    assert r.status_code == 409 and "già sorteggiato" in r.text


def test_bracket_pdf_from_the_desk_art_9(director_client: TestClient, web_app: FastAPI) -> None:
    """The desk links the bracket's PDF; it is a PDF in the page's language."""
    make_knockout(web_app, 5)
    page = director_client.get(f"/desk/k/{EVENT}").text
    assert f"/desk/k/{EVENT}/bracket.pdf" in page
    r = director_client.get(f"/desk/k/{EVENT}/bracket.pdf?lang=en")
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.content.startswith(b"%PDF")


def test_desk_pages_in_english(director_client: TestClient, web_app: FastAPI) -> None:
    """English is available on every page: round names and forms in English."""
    make_knockout(web_app, 8)
    page = director_client.get(f"/desk/k/{EVENT}?lang=en").text
    assert "Quarterfinals" in page and "Record the game" in page and "Fees collected" in page


def test_unknown_or_line_event_is_404(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A missing event, or a line (Burraco) event, is not a knockout: 404, never a 500."""
    make_event("serata", pairs=4, seat=False)
    assert director_client.get("/desk/k/nessuna").status_code == 404
    assert director_client.get("/desk/k/serata").status_code == 404
    assert director_client.get("/k/serata").status_code == 404
    assert "/desk/k/serata" not in director_client.get("/desk/k").text


# ---------------------------------------------------------------------- security
@pytest.mark.parametrize("path", ["/desk/k", f"/desk/k/{EVENT}", f"/desk/k/{EVENT}/bracket.pdf"])
def test_desk_pages_need_login(client: TestClient, web_app: FastAPI, path: str) -> None:
    """The desk's knockout pages redirect to the login page when not logged in."""
    make_knockout(web_app, 4)
    r = client.get(path)
    assert r.status_code == 303 and r.headers["location"].startswith("/login")


@pytest.mark.parametrize("action", ["register", "draw", "game", "irregularity", "play"])
def test_desk_forms_need_login_and_csrf(
    client: TestClient, director_client: TestClient, web_app: FastAPI, action: str
) -> None:
    """Every form POST needs a session and its CSRF token, and a same-site origin; refused
    POSTs change nothing."""
    make_knockout(web_app, 4, draw=False)
    before = state(web_app).last_seq
    url = f"/desk/k/{EVENT}/{action}"
    r = client.post(url, data={"name": "X"})
    assert r.status_code == 303 and r.headers["location"].startswith("/login")
    del director_client.headers["x-csrf-token"]
    assert director_client.post(url, data={"name": "X"}).status_code == 403
    assert director_client.post(url, data={"name": "X", "csrf": "forged"}).status_code == 403
    r = director_client.post(
        url,
        data={"name": "X", "csrf": director_client.csrf},
        headers={"origin": "https://evil.example"},
    )
    assert r.status_code == 403
    assert director_client.post("/desk/k/new", data={"name": "Y"}).status_code == 403
    assert state(web_app).last_seq == before


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
def test_projector_page_is_read_only(client: TestClient, web_app: FastAPI, method: str) -> None:
    """The public pages accept only GET and HEAD: writes get 405 and change nothing."""
    make_knockout(web_app, 4)
    before = state(web_app).last_seq
    for path in (f"/k/{EVENT}", f"/k/{EVENT}/live"):
        assert client.request(method, path).status_code == 405
    assert client.head(f"/k/{EVENT}").status_code == 200
    assert state(web_app).last_seq == before


# ---------------------------------------------------------------------- projector
def test_projector_shows_rounds_byes_scores_art_9(client: TestClient, web_app: FastAPI) -> None:
    """Art. 9: the projector page (public, no login) shows the bracket round by round with
    the round names, the byes, each match's games won; it polls a fragment, has the
    meta-refresh fallback and no form, no time."""
    st = make_knockout(web_app, 5)
    m = first_ready(st)
    assert m.first is not None and m.second is not None
    svc(web_app).run(EVENT, values.RecordGame(GameReport(m.id, 1, {m.first: 70, m.second: 50})))
    r = client.get(f"/k/{EVENT}")
    assert r.status_code == 200
    html = r.text
    assert '<body class="display">' in html
    assert "Quarti di finale" in html and "Semifinali" in html and "Finale" in html
    assert "Passano il primo turno senza giocare: Coppia 1, Coppia 2, Coppia 3" in html
    assert 'hx-trigger="every 2s"' in html and 'http-equiv="refresh" content="5"' in html
    assert "<form" not in html and "/static/htmx.min.js" in html
    assert not re.search(r"\b\d{1,2}:\d{2}\b", html)  # no clock, no countdown
    box = re.search(rf'id="match-{m.id}".*?</div>\s*</div>', html, re.S)
    assert box is not None and ">1<" in box.group(0) and ">0<" in box.group(0)
    assert "Campione" in html and "da definire" in html


def test_projector_fragment_answers_204_when_unchanged(
    client: TestClient, web_app: FastAPI
) -> None:
    """The polled fragment answers 204 while nothing changed, the new bracket after a game."""
    st = make_knockout(web_app, 4)
    version = str(st.last_seq)
    assert client.get(f"/k/{EVENT}/live?v={version}").status_code == 204
    svc(web_app).play_all(EVENT, 1)
    r = client.get(f"/k/{EVENT}/live?v={version}")
    assert r.status_code == 200 and 'id="champion-banner"' in r.text
    new = re.search(r"v=(\d+)", r.text)
    assert new is not None and client.get(f"/k/{EVENT}/live?v={new.group(1)}").status_code == 204


def test_projector_before_the_draw_and_in_english(client: TestClient, web_app: FastAPI) -> None:
    """Before the draw the projector says so; ``?lang=en`` gives English."""
    make_knockout(web_app, 3, draw=False)
    assert "non è ancora sorteggiato" in client.get(f"/k/{EVENT}").text
    svc(web_app).run(EVENT, values.DrawBracket())
    en = client.get(f"/k/{EVENT}?lang=en").text
    assert "Semifinals" in en and "Final" in en and "bye" in en


_ANY_TEXT = hst.text(max_size=12) | hst.integers(-300, 300).map(str)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    match=hst.sampled_from(["R1M1", "R1M2", "R2M1", "", "R0M0", "x"]),
    first=_ANY_TEXT,
    second=_ANY_TEXT,
    last=hst.sampled_from(["", "first", "second", "third"]),
    offender=_ANY_TEXT,
    kind=hst.sampled_from(["", "communication", "out-of-turn", "nope"]),
)
def test_any_form_values_get_a_page_never_a_500_art_8_10(
    director_client: TestClient,
    web_app: FastAPI,
    match: str,
    first: str,
    second: str,
    last: str,
    offender: str,
    kind: str,
) -> None:
    """Arts. 8-10: whatever is typed in the game and irregularity forms, the answer is the
    page (303 after a recorded game, else a 4xx with the message), never a 500."""
    if not web_app.state.web.store.has_event(EVENT):
        make_knockout(web_app, 6)
    r = post(
        director_client,
        f"/desk/k/{EVENT}/game",
        {"match": match, "points_first": first, "points_second": second, "last_trick": last},
    )
    assert r.status_code in (303, 400, 404, 409), r.text
    r = post(
        director_client,
        f"/desk/k/{EVENT}/irregularity",
        {"match": match, "offender": offender, "kind": kind, "reason": first},
    )
    assert r.status_code in (303, 400, 404, 409), r.text


def test_links_to_a_knockout_event_lead_to_its_pages(client: Any, web_app: Any) -> None:
    """The desk's list links every event as /desk/e/{id} and the home page as /e/{id}: for a
    knockout event both lead to its own pages (/desk/k/{id}, /k/{id})."""
    from arbitro.services.knockout import KnockoutService
    from arbitro.tournament.knockout_event import KnockoutConfig

    KnockoutService(web_app.state.web.store).create("coppa-link", KnockoutConfig("Coppa"))
    public = client.get("/e/coppa-link", follow_redirects=False)
    assert public.status_code == 303 and public.headers["location"] == "/k/coppa-link"
    desk = client.get("/desk/e/coppa-link", follow_redirects=False)
    assert desk.status_code == 303 and desk.headers["location"] == "/desk/k/coppa-link"


# ---------------------------------------------------------------------- bots, cancellations
def test_bots_only_on_a_test_event(director_client: TestClient, web_app: FastAPI) -> None:
    """The bots never play a real competition: no "let the bots play" on its page and the
    form refused (403, nothing recorded); an event created as a test ("gara di prova",
    id ``prova-…``) shows it."""
    make_knockout(web_app, 4)
    assert 'id="play-form"' not in director_client.get(f"/desk/k/{EVENT}").text
    before = state(web_app).last_seq
    r = post(director_client, f"/desk/k/{EVENT}/play", {"seed": "1"})
    assert r.status_code == 403 and "i bot giocano solo" in unescape(r.text)
    assert state(web_app).last_seq == before
    r = post(director_client, "/desk/k/new", {"name": "Briscola del venerdì", "test_event": "on"})
    assert r.status_code == 303 and r.headers["location"] == "/desk/k/prova-briscola-del-venerdi"
    for i in range(1, 5):
        svc(web_app).run("prova-briscola-del-venerdi", values.RegisterPair(f"Coppia {i}"))
    svc(web_app).run("prova-briscola-del-venerdi", values.DrawBracket())
    assert 'id="play-form"' in director_client.get("/desk/k/prova-briscola-del-venerdi").text


def test_cancel_a_game_with_its_reason_art_9(director_client: TestClient, web_app: FastAPI) -> None:
    """A game recorded by mistake is cancelled from the desk with a reason (Briscola art. 9):
    the form asks to confirm, a missing reason is refused, and the line then reads "annullato
    da X perché Y" while the match is back to no game."""
    st = make_knockout(web_app, 4)
    m = first_ready(st)
    r = post(
        director_client,
        f"/desk/k/{EVENT}/game",
        {"match": m.id, "points_first": "70", "points_second": "50"},
    )
    assert r.status_code == 303
    page = unescape(director_client.get(f"/desk/k/{EVENT}").text)
    assert 'id="games-table"' in page and 'data-confirm="Annullare questa azione?"' in page
    assert re.search(r'id="game-form"[^>]*|data-confirm="Registrare questa partita\?"', page)
    seq = max(state(web_app).games)
    r = post(director_client, f"/desk/k/{EVENT}/cancel", {"seq": str(seq)})
    assert r.status_code == 400 and "scrivi perché annulli la partita" in unescape(r.text)
    r = post(
        director_client, f"/desk/k/{EVENT}/cancel", {"seq": str(seq), "reason": "tavolo sbagliato"}
    )
    assert r.status_code == 303
    assert seq in state(web_app).cancellations
    page = unescape(director_client.get(f"/desk/k/{EVENT}").text)
    assert "annullato da direttore perché tavolo sbagliato" in page
    st = state(web_app)
    assert st.bracket is not None and st.bracket.match(m.id).games == ()
