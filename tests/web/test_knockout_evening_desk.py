"""The Briscola knockout evening at the desk (issue 27): the fee marked paid after
registration (premessa), a pair that does not show up (art. 9, Briscola ruling 11), the draw number
shown as the one drawn, a 60-60 game that says who won it (art. 8), the legend of the marks."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import text_of, txt
from tests.web.test_knockout_web import EVENT, make_knockout, post, state, svc

from arbitro.tournament.commands import values
from arbitro.tournament.knockout import GameReport
from arbitro.tournament.knockout_event import KnockoutConfig


def test_premessa_fee_marked_paid_after_registration(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Premessa ("Quota di iscrizione € 4 a coppia"): a pair registered without its fee pays
    later; the desk's «Pagato» records it and the fees collected grow by € 4."""
    make_knockout(web_app, 4, draw=False, paid=3)
    page = txt(director_client.get(f"/desk/k/{EVENT}"))
    assert "Pagato" in page and "pay-form" in page
    r = post(director_client, f"/desk/k/{EVENT}/pay", {"pair": "4"})
    assert r.status_code == 303
    assert state(web_app).pairs[4].fee_paid_cents == 400
    assert state(web_app).fees_collected_cents == 1600
    again = post(director_client, f"/desk/k/{EVENT}/pay", {"pair": "4"})
    assert again.status_code == 409 and "ha già pagato" in text_of(txt(again))


def test_art9_a_pair_that_does_not_show_up_loses_by_walkover(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Art. 9: the pair that did not show up loses its match "a tavolino"; the bracket says
    so, with no invented 120-0 games, and its opponent goes on."""
    st = make_knockout(web_app, 5)
    assert st.bracket is not None
    m = st.bracket.pending()[0]
    assert m.first is not None and m.second is not None
    r = post(director_client, f"/desk/k/{EVENT}/withdraw", {"pair": str(m.second)})
    assert r.status_code == 303
    after = state(web_app)
    assert after.bracket is not None
    done = after.bracket.match(m.id)
    assert done.games == () and done.winner == m.first
    page = text_of(txt(director_client.get(f"/desk/k/{EVENT}")))
    assert "vinta a tavolino: Coppia" in page and "non presentata" in page
    assert "120-0" not in page
    projector = text_of(txt(director_client.get(f"/k/{EVENT}")))
    assert "vinta a tavolino" in projector


def test_the_draw_number_shown_is_the_one_drawn_not_the_form_default(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """The bracket was drawn with a number from a secure source (the form left empty): the
    page shows that number, called «numero del sorteggio», never «seme 0»."""
    s = svc(web_app)
    s.create(EVENT, KnockoutConfig("B"))
    for i in range(1, 4):
        s.run(EVENT, values.RegisterPair(f"Coppia {i}"))
    s.run(EVENT, values.DrawBracket(seed=987654))
    page = text_of(txt(director_client.get(f"/desk/k/{EVENT}")))
    assert "numero del sorteggio 987654" in page and "seme" not in page


def test_art8_a_60_60_game_says_who_won_it_and_art10_mark_has_a_legend(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Art. 8: at 60-60 the pair that won the last trick wins: the games shown say so. Art. 10:
    the «*» of a game won by the opponents' irregularity is explained under the bracket."""
    st = make_knockout(web_app, 2)
    s = svc(web_app)
    s.run(EVENT, values.RecordGame(GameReport("R1M1", 1, {1: 60, 2: 60}, last_trick=2)))
    s.run(
        EVENT,
        values.RecordGame(
            GameReport("R1M1", 2, irregularity="communication", offender=2), reason="segni"
        ),
    )
    assert st.bracket is not None
    page = text_of(txt(director_client.get(f"/desk/k/{EVENT}")))
    assert "60 – Coppia 2 60, ultima mano a Coppia 2" in page
    projector = text_of(txt(director_client.get(f"/k/{EVENT}")))
    assert "* partita vinta per irregolarità degli avversari (Briscola art. 10)" in projector


def test_a_pair_marked_absent_by_mistake_plays_again_once_cancelled(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """The wrong pair marked as not shown up (ruling Briscola 11): the director cancels it
    with a reason and the match is to play again (art. 9); once a game of a later match is
    recorded after it, the cancellation is refused (that game depends on it)."""
    st = make_knockout(web_app, 4)
    assert st.bracket is not None
    r1 = st.bracket.match("R1M1")
    assert r1.first is not None and r1.second is not None
    post(director_client, f"/desk/k/{EVENT}/withdraw", {"pair": str(r1.second)})
    seq = max(state(web_app).withdrawals)
    page = text_of(txt(director_client.get(f"/desk/k/{EVENT}")))
    assert f"vinta a tavolino: Coppia {r1.second} non presentata" in page
    r = post(director_client, f"/desk/k/{EVENT}/cancel", {"seq": str(seq), "reason": "sbaglio"})
    assert r.status_code == 303
    again = state(web_app)
    assert again.bracket is not None and again.bracket.match("R1M1").is_ready
    assert not again.pairs[r1.second].withdrawn
    post(director_client, f"/desk/k/{EVENT}/withdraw", {"pair": str(r1.second)})
    seq = max(state(web_app).withdrawals)
    r2 = state(web_app).bracket.match("R1M2")  # type: ignore[union-attr]
    assert r2.first is not None and r2.second is not None
    svc(web_app).run(EVENT, values.WithdrawPair(r2.second))
    r = post(director_client, f"/desk/k/{EVENT}/cancel", {"seq": str(seq), "reason": "sbaglio"})
    assert r.status_code == 409 and "annullarle prima" in text_of(txt(r))
