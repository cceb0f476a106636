"""Carte uguali in the web app (FIBAS art. 6-7 "a carte preparate", art. 20 "carte uguali";
Bridge Law 13 as the model for a board with a wrong number of cards): the new-event form's
option and comparison, the round page's board plan, printouts and board checks, the Law 13
ruling, the travellers page, a line's card, and the phone's count of its boards and its
travellers after the standings."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import new_event_form, post, txt

from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
from arbitro.web.tokens import make_token

EVENT = "cu"
ELEVEN = dict.fromkeys(("N", "E", "S", "W", "P1", "P2"), "11")


def service(app: FastAPI) -> Any:
    return app.state.web.service


def make_cu(app: FastAPI, comparison: str = "others", pairs: int = 8) -> str:
    """A carte uguali pairs event, 2 rounds of 2 boards, round 1 seated and published."""
    config = EventConfig(
        "Carte uguali del circolo",
        EventFormat.PAIRS,
        2,
        (2, 2),
        (Movement.REGISTRATION_ORDER, Movement.MITCHELL),
        seed=16,
        duplicate=True,
        comparison=comparison,  # type: ignore[arg-type]
    )
    svc = service(app)
    svc.create_event(EVENT, config)
    for i in range(1, pairs + 1):
        svc.run(EVENT, Register(f"Coppia {i:02d}"))
    svc.seat(EVENT, 1, publish=True)
    return EVENT


def sheet(table: int) -> SheetEntry:
    """A plausible sheet, different at each table (art. 19)."""
    a = LineDeal(100 * (table % 3), 5 * (table * 7 % 20))
    b = LineDeal(100 * ((table + 1) % 3), 5 * (table * 3 % 20))
    return SheetEntry((DealScore(a, b), DealScore(b, LineDeal(0, 5 * table))))


def play_round(app: FastAPI, n: int = 1, tables: int = 4) -> None:
    """Both lines of every table send the same sheet; the standings are published."""
    svc = service(app)
    for t in range(1, tables + 1):
        svc.enter_sheet(EVENT, n, t, sheet(t), line="ns")
        svc.enter_sheet(EVENT, n, t, sheet(t), line="ew")
    svc.run(EVENT, values.PublishStandings(n))


def phone(client: TestClient, app: FastAPI, table: int, n: int = 1) -> str:
    """The token of a table card's QR code, as the table's phone reads it."""
    return str(make_token(app.state.web.secret, EVENT, table, n))


# ---------------------------------------------------------------------- the new-event form
def test_new_event_offers_carte_uguali_and_the_comparison_art_20(
    director_client: TestClient, web_app: FastAPI
) -> None:
    page = txt(director_client.get("/desk/new"))
    assert 'name="duplicate"' in page and 'name="comparison"' in page
    assert "against the other tables" in page or "contro gli altri tavoli" in page
    made = post(
        director_client,
        "/desk/new",
        new_event_form("Carte uguali", event_id="cuf", duplicate="on", comparison="field"),
        follow_redirects=False,
    )
    assert made.status_code == 303, made.text
    config = service(web_app).state("cuf").config
    assert config.duplicate and config.comparison == "field"


def test_individual_carte_uguali_is_accepted_art_20(
    director_client: TestClient, web_app: FastAPI
) -> None:
    form = new_event_form("Individuale", event_id="cui", duplicate="on", comparison="others")
    form.update({"format": "individual", "movement_2": "draw"})
    made = post(director_client, "/desk/new", form, follow_redirects=False)
    assert made.status_code == 303, made.text
    assert service(web_app).state("cui").config.comparison == "others"


def test_teams_carte_uguali_is_refused_with_the_article_art_20(
    director_client: TestClient, web_app: FastAPI
) -> None:
    form = new_event_form("Squadre", event_id="cut", duplicate="on", comparison="others")
    form.update({"format": "teams", "movement_1": "draw", "movement_2": "draw"})
    refused = post(director_client, "/desk/new", form, follow_redirects=False)
    assert refused.status_code in (400, 409, 422)
    assert "art. 20" in txt(refused)
    assert not web_app.state.web.store.has_event("cut")


def test_a_comparison_without_carte_uguali_is_refused_art_20(
    director_client: TestClient, web_app: FastAPI
) -> None:
    form = new_event_form("Senza", event_id="cun", comparison="others")
    refused = post(director_client, "/desk/new", form, follow_redirects=False)
    assert refused.status_code in (400, 409, 422)
    assert "art. 20" in txt(refused)
    bad = post(director_client, "/desk/new", new_event_form("X", comparison="nope"))
    assert bad.status_code == 400


# ---------------------------------------------------------------------- the round page
def test_round_page_shows_the_board_plan_printouts_and_checks_art_7(
    director_client: TestClient, web_app: FastAPI
) -> None:
    make_cu(web_app)
    page = txt(director_client.get(f"/desk/e/{EVENT}/r/1?lang=en"))
    assert 'id="boards"' in page and 'id="board-plan"' in page
    plan = service(web_app).board_plan(EVENT, 1)
    first = plan.at(1)[0]
    row = re.search(r"<tr><th scope=\"row\">1</th>(.*?)</tr>", page, re.S)
    assert row and f"board {first.board}" in row.group(1)
    assert f"table {plan.passes_to(1)}" in row.group(1)
    for kind in ("dealing-sheets", "board-labels", "travellers"):
        assert f"/boards/{kind}.pdf" in page
    assert "/boards/hand-records.pdf" not in page  # only after the round
    assert page.count("not checked yet") == 8  # 4 tables x 2 boards
    assert "built-in method" not in page and "(copy 1)" in page


def test_board_pdfs_are_served_and_hand_records_wait_for_the_round_art_6(
    director_client: TestClient, web_app: FastAPI
) -> None:
    make_cu(web_app)
    for kind in ("dealing-sheets", "board-labels", "travellers"):
        r = director_client.get(f"/desk/e/{EVENT}/r/1/boards/{kind}.pdf")
        assert r.status_code == 200 and r.content.startswith(b"%PDF"), kind
        assert r.headers["content-type"] == "application/pdf"
    early = director_client.get(f"/desk/e/{EVENT}/r/1/boards/hand-records.pdf")
    assert early.status_code >= 400
    play_round(web_app)
    late = director_client.get(f"/desk/e/{EVENT}/r/1/boards/hand-records.pdf")
    assert late.status_code == 200 and late.content.startswith(b"%PDF")
    assert director_client.get(f"/desk/e/{EVENT}/r/1/boards/other.pdf").status_code == 404


def test_boards_pages_are_refused_in_an_ordinary_event_art_20(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    event = make_event()
    assert director_client.get(f"/desk/e/{event}/r/1/travellers").status_code >= 400
    assert director_client.get(f"/desk/e/{event}/r/1/boards/dealing-sheets.pdf").status_code >= 400
    assert 'id="boards"' not in director_client.get(f"/desk/e/{event}/r/1").text


# ---------------------------------------------------------------------- the phone's count
def test_phone_checks_its_boards_once_law_13(client: TestClient, web_app: FastAPI) -> None:
    make_cu(web_app)
    token = phone(client, web_app, 2)
    page = txt(client.get(f"/t/{token}?lang=en"))
    plan = service(web_app).board_plan(EVENT, 1)
    boards = [a.board for a in plan.at(2)]
    for b in boards:
        assert f'id="ok-{b}"' in page and f'id="wrong-{b}"' in page
    assert "<details open>\n  <summary><h2>" in page  # boards to count: shown open
    key = "k" * 32
    sent = client.post(
        f"/t/{token}/boards",
        data={"_key": key, "round": "1", "board": str(boards[0]), "verdict": "ok"},
        follow_redirects=False,
    )
    assert sent.status_code == 303
    again = client.post(  # the same form resent: answered as the first, recorded once
        f"/t/{token}/boards",
        data={"_key": key, "round": "1", "board": str(boards[0]), "verdict": "ok"},
        follow_redirects=False,
    )
    assert again.status_code == 303
    checks = service(web_app).board_checks(EVENT, 1)
    assert checks[(2, boards[0])].status == "checked"
    twice = client.post(
        f"/t/{token}/boards", data={"round": "1", "board": str(boards[0]), "verdict": "ok"}
    )
    assert twice.status_code == 400 and "already checked" in txt(twice)
    wrong = client.post(
        f"/t/{token}/boards?lang=en",
        data={"round": "1", "board": str(boards[1]), "verdict": "wrong", **ELEVEN, "N": "10"},
    )
    assert wrong.status_code == 303
    shown = txt(client.get(wrong.headers["location"]))
    assert "wrong count" in shown and "N: 10 cards instead of 11" in shown
    assert service(web_app).board_checks(EVENT, 1)[(2, boards[1])].wrong == {"N": (10, 11)}
    line = txt(client.get(f"/t/{token}?line=ns"))  # every board counted: folded for the sheet
    assert "<details open>\n  <summary><h2>" not in line and 'id="boards"' in line


def test_phone_refusals_law_13(client: TestClient, web_app: FastAPI) -> None:
    make_cu(web_app)
    token = phone(client, web_app, 1)
    board = service(web_app).board_plan(EVENT, 1).at(1)[0].board
    other = next(
        b
        for b in range(1, 5)
        if b not in {a.board for a in service(web_app).board_plan(EVENT, 1).at(1)}
    )
    right = client.post(
        f"/t/{token}/boards?lang=en",
        data={"round": "1", "board": str(board), "verdict": "wrong", **ELEVEN},
    )
    assert right.status_code == 400 and "press «Board checked»" in txt(right)
    missing = client.post(
        f"/t/{token}/boards?lang=en",
        data={"round": "1", "board": str(board), "verdict": "wrong", **ELEVEN, "P2": ""},
    )
    assert missing.status_code == 400 and "P2" in txt(missing)
    not_mine = client.post(
        f"/t/{token}/boards", data={"round": "1", "board": str(other), "verdict": "ok"}
    )
    assert not_mine.status_code >= 400
    stale = client.post(
        f"/t/{token}/boards", data={"round": "2", "board": str(board), "verdict": "ok"}
    )
    assert stale.status_code == 409
    service(web_app).enter_sheet(EVENT, 1, 1, sheet(1), line="ns")
    late = client.post(
        f"/t/{token}/boards?lang=en", data={"round": "1", "board": str(board), "verdict": "ok"}
    )
    assert late.status_code == 409 and "sheet is in" in txt(late)
    assert 'id="ok-' not in txt(client.get(f"/t/{token}"))
    assert client.post(f"/t/{token}/boards", json={"board": 1}).status_code == 415
    foreign = client.post(
        f"/t/{token}/boards",
        data={"round": "1", "board": str(board), "verdict": "ok"},
        headers={"Origin": "https://elsewhere.example"},
    )
    assert foreign.status_code >= 400
    assert (1, board) not in {
        k for k, v in service(web_app).board_checks(EVENT, 1).items() if v.status != "unchecked"
    }


# ---------------------------------------------------------------------- Law 13 at the desk
def test_wrong_count_reaches_the_desk_and_is_ruled_law_13(
    director_client: TestClient, web_app: FastAPI
) -> None:
    make_cu(web_app)
    board = service(web_app).board_plan(EVENT, 1).at(3)[0].board
    counts = {"N": 12, "E": 11, "S": 10, "W": 11, "P1": 11, "P2": 11}
    service(web_app).run(EVENT, values.CheckBoard(1, 3, board, counts))
    page = txt(director_client.get(f"/desk/e/{EVENT}/r/1?lang=en"))
    assert f'id="law13-3-{board}"' in page
    assert f'href="#law13-3-{board}"' in page  # the checks' table links to the case
    assert "N: 12 cards instead of 11" in page and "S: 10 cards instead of 11" in page
    live = txt(director_client.get(f"/desk/e/{EVENT}/r/1/live?lang=en"))  # the polled panel
    assert f'href="#law13-3-{board}">table 3, board {board}' in live
    event_page = txt(director_client.get(f"/desk/e/{EVENT}?lang=en"))
    assert "carte uguali, comparison against the other tables" in event_page
    no_reason = post(
        director_client, f"/desk/e/{EVENT}/r/1/board-ruling", {"table": "3", "board": str(board)}
    )
    assert no_reason.status_code == 400
    ruled = post(
        director_client,
        f"/desk/e/{EVENT}/r/1/board-ruling",
        {"table": "3", "board": str(board), "reason": "carta passata da N a S"},
        follow_redirects=False,
    )
    assert ruled.status_code == 303, ruled.text
    assert service(web_app).board_checks(EVENT, 1)[(3, board)].status == "ruled"
    after = txt(director_client.get(f"/desk/e/{EVENT}/r/1?lang=en"))
    assert f'id="law13-3-{board}"' not in after and "ruled (FIBAS art. 6)" in after
    none = post(
        director_client,
        f"/desk/e/{EVENT}/r/1/board-ruling",
        {"table": "1", "board": str(board), "reason": "x"},
    )
    assert none.status_code == 400


# ---------------------------------------------------------------------- travellers, cards
def test_travellers_page_shows_every_board_with_three_decimals_and_zero_sum_art_20(
    director_client: TestClient, web_app: FastAPI
) -> None:
    make_cu(web_app)
    play_round(web_app)
    page = txt(director_client.get(f"/desk/e/{EVENT}/r/1/travellers?lang=en"))
    travellers = service(web_app).travellers(EVENT, 1)
    for board, rows in travellers.items():
        assert f'id="traveller-{board}"' in page
        assert len(rows) == 4
    assert "Coppia 01" in page
    sums = re.findall(r"Sum of the N-S differences</th><td[^>]*>([^<]*)<", page)
    assert sums == ["0.000"] * len(travellers)
    assert re.search(r"[+-]\d+\.\d{3}<", page)
    card = txt(director_client.get(f"/desk/e/{EVENT}/card/1?lang=en"))
    rows = service(web_app).line_card(EVENT, 1)
    assert len(rows) == 2 and card.count("<tr><td>1</td>") == 2
    assert str(rows[0].round_vp) in card
    assert director_client.get(f"/desk/e/{EVENT}/card/99").status_code == 404


def test_phone_shows_its_travellers_and_cards_after_the_standings_art_20(
    client: TestClient, web_app: FastAPI
) -> None:
    make_cu(web_app)
    token = phone(client, web_app, 4)
    assert 'id="travellers"' not in client.get(f"/t/{token}").text
    play_round(web_app)
    page = txt(client.get(f"/t/{token}?lang=en"))
    played = {a.board for a in service(web_app).board_plan(EVENT, 1).at(4)}
    for b in range(1, 5):
        assert (f'id="traveller-{b}"' in page) == (b in played)
    assert "Line card N-S" in page and "Line card E-W" in page  # English (issue 30)
    assert 'id="ok-' not in page  # the counts are before play: no form once published
    board = min(played)
    after = client.post(
        f"/t/{token}/boards?lang=en", data={"round": "1", "board": str(board), "verdict": "ok"}
    )
    assert after.status_code == 409 and "not under way" in txt(after)
    assert 'class="me"' in page
    italian = txt(client.get(f"/t/{token}?lang=it"))
    assert "Line card" not in italian


def test_round_page_flags_a_score_the_board_makes_impossible_art_19(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS arts. 3, 19: the two lines of table 1 claim 1,060 card points each on a deal
    whose cards cannot give both: the round page asks the director to check that sheet."""
    make_cu(web_app)
    svc = service(web_app)
    both = DealScore(LineDeal(0, 1060), LineDeal(0, 1060))
    svc.enter_sheet(EVENT, 1, 1, SheetEntry((both, both)))
    svc.enter_sheet(EVENT, 1, 2, sheet(2))
    page = txt(director_client.get(f"/desk/e/{EVENT}/r/1?lang=en"))
    assert 'id="entry-flags"' in page
    assert 'id="flag-1-1"' in page and 'id="flag-1-2"' in page
    assert 'id="flag-2-' not in page
    assert "Scores the prepared boards make impossible" in page
    italian = txt(director_client.get(f"/desk/e/{EVENT}/r/1?lang=it"))
    assert "Punteggi impossibili con i board preparati" in italian
