"""Issue 29: ``/t/{token}/boards`` (a carte uguali table's count of its boards before play,
Bridge Law 13 as the model; FIBAS art. 6: 11 cards in each hand and pozzetto) needs no line's
code, decided from what it shows: the count is the table's, made before play by whoever sits
there (as the paper's count is), and its answer is the table's page that the QR already
opens, which shows no other table's result and no card before the round's standings (FIBAS
art. 39). It signs nothing: once the table's sheet is in, a count is refused."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_carte_uguali_web import EVENT, make_cu, phone, service, sheet


def test_a_board_count_needs_no_line_code_and_reveals_nothing_before_signing_law_13(
    client: TestClient, web_app: FastAPI
) -> None:
    """A phone with the table's QR only (no line's code, no cookie) counts a board: recorded,
    answered with the table's page, where no traveller, no line's card and no other table's
    numbers appear before the standings; after the table's sheet is in, a count is refused
    (the count never touches what the lines sign)."""
    make_cu(web_app)
    token = phone(client, web_app, 2)
    boards = [a.board for a in service(web_app).board_plan(EVENT, 1).at(2)]
    client.cookies.clear()
    sent = client.post(
        f"/t/{token}/boards",
        data={"round": "1", "board": str(boards[0]), "verdict": "ok"},
        follow_redirects=False,
    )
    assert sent.status_code == 303
    assert sent.headers["location"].startswith(f"/t/{token}?")
    assert service(web_app).board_checks(EVENT, 1)[(2, boards[0])].status == "checked"
    for t in (1, 3, 4):  # the other tables' sheets are in: their numbers exist
        service(web_app).enter_sheet(EVENT, 1, t, sheet(t))
    shown = client.get(sent.headers["location"]).text
    assert 'id="travellers"' not in shown and 'class="boards-results"' not in shown
    assert 'id="boards"' in shown
    service(web_app).enter_sheet(EVENT, 1, 2, sheet(2))
    late = client.post(
        f"/t/{token}/boards?lang=en",
        data={"round": "1", "board": str(boards[1]), "verdict": "ok"},
        follow_redirects=False,
    )
    assert late.status_code == 409 and "sheet is in" in late.text
