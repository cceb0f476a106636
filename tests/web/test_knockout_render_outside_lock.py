"""The room never waits on the knockout desk (issue 14): the knockout desk's pages (the list of
knockout events, one event's page, a refused form's page) and the bracket's PDF (Briscola
art. 9) are read under the knockout service's lock and rendered, or drawn, after releasing it.

Each test holds the render (or the drawing) in progress (it waits on an Event the test sets)
and meanwhile tries, from another thread, to take the lock without waiting: taken proves the
lock is not held while the page is rendered; no timing is measured."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk_render_outside_lock import hold_render
from tests.web.test_director_lock import WAIT, Held, in_background
from tests.web.test_knockout_web import EVENT, first_ready, make_knockout, post, svc

from arbitro.tournament.commands import values
from arbitro.web.app import Web


def free_meanwhile(
    lock: threading.RLock,
    held: Held,
    ask: Callable[[], Any],
    meanwhile: Callable[[], object] = lambda: None,
) -> tuple[Any, bool]:
    """Ask for a page (``ask``) and, while its render is held, try to take ``lock`` from this
    thread without waiting (and, if it was free, do ``meanwhile``). The page, and whether the
    lock was free during the render."""
    thread, out = in_background(ask)
    try:
        assert held.started.wait(WAIT)
        free = lock.acquire(blocking=False)
        if free:
            lock.release()
            meanwhile()
    finally:
        held.release.set()
        thread.join(WAIT)
    return out[0], free


@pytest.mark.parametrize(
    ("template", "status", "ask", "shown"),
    [
        ("knockout/home.html", 200, lambda c: c.get("/desk/k"), ["Torneo di Briscola"]),
        ("knockout/event.html", 200, lambda c: c.get(f"/desk/k/{EVENT}"), ["Coppia 1"]),
        (
            "knockout/home.html",
            400,
            lambda c: post(c, "/desk/k/new", {"name": ""}),
            ["il nome della gara è vuoto", "Torneo di Briscola"],
        ),
        (
            "knockout/event.html",
            400,
            lambda c: post(c, f"/desk/k/{EVENT}/game", {"match": "R1M1", "points_first": "68"}),
            ['id="game-form"', "Coppia 1"],
        ),
    ],
    ids=["knockout-list", "knockout-page", "refused-create", "refused-game-form"],
)
def test_a_knockout_desk_page_renders_outside_the_lock_art_9(
    web_app: FastAPI,
    director_client: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    template: str,
    status: int,
    ask: Callable[[TestClient], Any],
    shown: list[str],
) -> None:
    """The list of knockout events, an event's page (its pairs and bracket, art. 9), a refused
    creation (no name) and a refused game (points missing, art. 8) are rendered while the
    knockout service's lock is free, and still show the event as it is."""
    make_knockout(web_app, 4)
    web: Web = web_app.state.web
    held = hold_render(web, monkeypatch, template)
    page, free = free_meanwhile(svc(web_app).lock, held, lambda: ask(director_client))
    assert free, "the knockout service's lock was held while the page rendered"
    assert page.status_code == status, page.text
    for text in shown:
        assert text in page.text


def test_the_bracket_pdf_is_drawn_outside_the_lock_from_a_snapshot_art_9(
    web_app: FastAPI, director_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bracket's PDF (art. 9) is drawn while the knockout service's lock is free, from a
    copy of the event's state taken under it (the live state is changed in place by the
    next record): a game recorded meanwhile (art. 8) is not in the bracket drawn."""
    from arbitro.printouts import bracket
    from arbitro.tournament.knockout import GameReport

    st = make_knockout(web_app, 4)
    m = first_ready(st)
    assert m.first is not None and m.second is not None
    game = GameReport(m.id, 1, {m.first: 68, m.second: 52})  # recorded while the PDF is drawn
    held = Held()
    drawn: list[Any] = []
    real = bracket.bracket_pdf

    def slow(state: Any, *args: Any, **kwargs: Any) -> bytes:
        held.hold()
        drawn.append(state)
        return real(state, *args, **kwargs)

    monkeypatch.setattr(bracket, "bracket_pdf", slow)
    pdf, free = free_meanwhile(
        svc(web_app).lock,
        held,
        lambda: director_client.get(f"/desk/k/{EVENT}/bracket.pdf"),
        lambda: svc(web_app).run(EVENT, values.RecordGame(game)),
    )
    assert free, "the knockout service's lock was held while the PDF was drawn"
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    (state,) = drawn
    assert state.pairs[1].name == "Coppia 1"
    assert state.bracket.match(m.id).games == ()
    live = svc(web_app).state(EVENT).bracket
    assert live is not None and live.match(m.id).games != ()
