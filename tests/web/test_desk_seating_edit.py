"""The desk's seating editor (issue 34, "Seating by hand"): before publishing, swap two
competitors or move one to a table and line, each change listed with "Annulla"; the warnings
beside the tables they concern (FIBAS art. 4 modified Danish, art. 37 rests); plain forms
(redirects) and htmx (the editor swapped in place); refused once published (art. 21 b); in
Italian and English."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, service, text_of, txt

from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement, Seating
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

SHEET = SheetEntry(
    (
        DealScore(LineDeal(300, 120), LineDeal(0, -45)),
        DealScore(LineDeal(100, 85), LineDeal(200, 90)),
    )
)
HTMX = {"HX-Request": "true"}


def seven_pairs(web_app: FastAPI) -> str:
    """Seven pairs, a draw then modified Danish (art. 4): round 1 played and its standings
    published, round 2 seated, not published; one pair rests in each round (art. 37)."""
    svc = service(web_app)
    config = EventConfig(
        name="Serata del circolo",
        event_format=EventFormat.PAIRS,
        rounds=3,
        deals=(2, 2, 2),
        movements=(Movement.DRAW, Movement.MODIFIED_DANISH, Movement.MODIFIED_DANISH),
        seed=5,
    )
    svc.create_event("circolo", config)
    for i in range(1, 8):
        svc.run("circolo", Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    seating = svc.seat("circolo", 1, publish=True).round(1).seating
    for t in seating.tables:
        if not t.is_incomplete:
            svc.enter_sheet("circolo", 1, t.table, SHEET)
    svc.run("circolo", values.PublishStandings(1))
    svc.seat("circolo", 2)
    return "circolo"


def seating(web_app: FastAPI, n: int = 2) -> Seating:
    found: Seating = service(web_app).state("circolo").round(n).seating
    return found


def rematch(web_app: FastAPI) -> tuple[int, int, int]:
    """A pair ``a`` playing round 2, its round-1 opponent ``was`` and its round-2 opponent
    ``mate``: swapping ``mate`` and ``was`` seats ``a`` against ``was`` again."""
    first, second = seating(web_app, 1), seating(web_app, 2)

    def opponent(s: Seating, c: int) -> int | None:
        for t in s.tables:
            if t.ns == (c,):
                return t.ew[0] if t.ew else None
            if t.ew == (c,):
                return t.ns[0] if t.ns else None
        return None

    for t in second.tables:
        if t.ns and t.ew:
            a = t.ns[0]
            was = opponent(first, a)
            if was is not None and was != t.ew[0]:
                return a, was, t.ew[0]
    raise AssertionError("no pair to swap")


def page(client: TestClient, lang: str = "it") -> str:
    return txt(client.get(f"/desk/e/circolo/r/2/seating-edit?lang={lang}"))


def test_the_round_page_links_the_editor_and_it_shows_the_tables(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """The round page, before publishing, links the editor; the editor lists every table
    with its N-S and E-O lines (names and numbers), the resting one marked, the forms with
    their labels, and no change yet; in English with ``?lang=en``."""
    e = seven_pairs(web_app)
    round_page = txt(director_client.get(f"/desk/e/{e}/r/2"))
    assert f'href="/desk/e/{e}/r/2/seating-edit"' in round_page
    shown = page(director_client)
    text = text_of(shown)
    for t in seating(web_app).tables:
        assert f'id="edit-table-{t.table}"' in shown
        for c in t.ns or ():
            assert f"Coppia {c} ({c})" in text
    assert "Posizione ai tavoli a mano" in text and "riposa" in text
    assert "Scambia due concorrenti" in text and "Sposta un concorrente" in text
    assert "Nessuna modifica: la posizione ai tavoli è quella assegnata." in text
    assert '<label for="swap-first">' in shown and '<label for="move-line">' in shown
    english = text_of(page(director_client, "en"))
    assert "Seating by hand" in english and "Swap two competitors" in english
    assert "E-W" in english and "E-O" not in english


def test_a_swap_by_plain_form_is_listed_and_warns_of_the_rematch_art4(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 4 (modified Danish, "non si possono incontrare le coppie [...] che si siano
    affrontate nel turno precedente, salvo all'ultimo turno"): a swap that seats ``a``
    against its round-1 opponent is recorded (303 back to the editor), listed with its
    number and "Annulla", and warned beside its table and above the publish button."""
    e = seven_pairs(web_app)
    a, was, mate = rematch(web_app)
    done = post(
        director_client, f"/desk/e/{e}/r/2/seating-edit/swap", {"first": mate, "second": was}
    )
    assert done.status_code == 303
    assert done.headers["location"] == f"/desk/e/{e}/r/2/seating-edit?ok=swap#seating-editor"
    (edit,) = service(web_app).seating_edits(e, 2)
    shown = page(director_client)
    text = text_of(shown)
    assert f"#{edit.seq} Coppia {mate} ({mate}) ⇄ Coppia {was} ({was})" in text
    assert f'id="cancel-edit-{edit.seq}"' in shown and "Annulla" in text
    table = next(t.table for t in seating(web_app).tables if a in (t.ns or ()) + (t.ew or ()))
    row = shown.split(f'id="edit-table-{table}"')[1].split("</tr>")[0]
    assert 'class="warned"' in shown.split(f'id="edit-table-{table}"')[1][:20]
    assert "si sono affrontate nel turno precedente" in row and "(FIBAS art. 4)" in row
    assert "1 avviso: la posizione ai tavoli si può affiggere comunque." in text
    assert 'data-confirm="Affiggere la posizione ai tavoli con 1 avviso?"' in shown


def test_a_move_by_htmx_swaps_the_editor_and_a_refusal_shows_in_place(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """With htmx the answer is the editor itself (200), the change made; a move to where the
    competitor sits already is refused with the message in the editor (200, htmx swaps only
    a 2xx), and without htmx the same refusal is a 400 page with the message."""
    e = seven_pairs(web_app)
    s = seating(web_app)
    resting = next(t for t in s.tables if t.is_incomplete)
    line = "ew" if resting.ns else "ns"
    mover = s.tables[0].ns
    assert mover is not None
    url = f"/desk/e/{e}/r/2/seating-edit/move"
    form = {"competitor": mover[0], "table": resting.table, "line": line}
    done = post(director_client, url, form, headers=HTMX)
    assert done.status_code == 200 and 'id="seating-editor"' in done.text
    assert "Fatto." in txt(done)
    there = seating(web_app).table(resting.table)
    assert there is not None and getattr(there, line) == mover
    same = {"competitor": mover[0], "table": resting.table, "line": line}
    refused = post(director_client, url, same, headers=HTMX)
    assert refused.status_code == 200
    assert f"{mover[0]} siede già lì: niente da spostare" in txt(refused)
    plain = post(director_client, url + "?lang=en", same)
    assert plain.status_code == 400 and "already sits there: nothing to move" in txt(plain)
    no_line = post(
        director_client, url + "?lang=it", {"competitor": mover[0], "table": 1, "line": "x"}
    )
    assert no_line.status_code == 400 and "scegliere la linea: N-S o E-O" in txt(no_line)


def test_annulla_cancels_one_change_and_the_published_seating_is_not_edited_art21(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """ "Annulla" cancels one change (a cancellation record with the default reason, the
    change stays in the log): the seating is folded again without it. Once published
    (FIBAS art. 21 b: it stands) the editor says so and offers no form; a swap posted
    anyway is refused."""
    e = seven_pairs(web_app)
    drawn = seating(web_app)
    _a, was, mate = rematch(web_app)
    post(director_client, f"/desk/e/{e}/r/2/seating-edit/swap", {"first": mate, "second": was})
    (edit,) = service(web_app).seating_edits(e, 2)
    undone = post(
        director_client, f"/desk/e/{e}/r/2/seating-edit/cancel", {"seq": edit.seq}, headers=HTMX
    )
    assert undone.status_code == 200 and "Nessuna modifica" in txt(undone)
    assert seating(web_app) == drawn
    state: Any = service(web_app).state(e)
    assert state.cancellations[edit.seq].reason == "annullata nella modifica dei tavoli"
    service(web_app).run(e, values.PublishSeating(2))
    shown = text_of(page(director_client))
    assert "la posizione ai tavoli del turno 2 è già affissa: resta quella (FIBAS art. 21)" in shown
    assert "swap-form" not in page(director_client)
    late = post(
        director_client, f"/desk/e/{e}/r/2/seating-edit/swap", {"first": mate, "second": was}
    )
    assert late.status_code == 409
