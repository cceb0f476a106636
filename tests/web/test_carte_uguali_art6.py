"""A Burraco board counted wrong before play in a carte uguali event (issue 27): the remedy
is FIBAS art. 6's, from the code's data, not Bridge Law 13's; the desk shows the board's
correct hands from the dealing sheet, the ledger cites FIBAS art. 6, and a board a table
never counted is flagged to the director."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_carte_uguali_web import EVENT, make_cu, phone, service, sheet
from tests.web.test_desk import post, txt

from arbitro.tournament.boards import boards_of, field_vp
from arbitro.tournament.commands import values


def test_art6_wrong_count_is_dealt_again_from_the_dealing_sheet(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 6: "vi sia stata un'errata distribuzione (es. ... errato numero di carte), e
    ciò viene fatto rilevare prima dell'inizio del gioco ... si procede ad una nuova
    distribuzione"."""
    make_cu(web_app)
    svc = service(web_app)
    board = svc.board_plan(EVENT, 1).at(3)[0].board
    svc.run(
        EVENT,
        values.CheckBoard(1, 3, board, {"N": 12, "E": 11, "S": 10, "W": 11, "P1": 11, "P2": 11}),
    )
    page = txt(director_client.get(f"/desk/e/{EVENT}/r/1?lang=en"))
    assert "The code's remedy (FIBAS art. 6)" in page
    assert "13C" not in page and "Law 13 ruling" not in page  # Law 13 is for bridge boards
    dealt = next(b for b in boards_of(svc.state(EVENT), 1) if b.number == board)
    north = dealt.hands[next(s for s in dealt.hands if s.name == "N")]
    hands = page.split(f'id="hands-3-{board}"')[1].split("</div>")[0]
    assert hands.count('class="hand"') == 6  # four hands and two pozzetti
    assert all(c.unicode in hands for c in north if c.unicode != "JK")
    ruled = post(
        director_client,
        f"/desk/e/{EVENT}/r/1/board-ruling?lang=en",
        {"table": "3", "board": str(board), "reason": "Nord 12 carte, Sud 10: nessuno ha pescato"},
        follow_redirects=False,
    )
    assert ruled.status_code == 303, ruled.text
    assert svc.board_checks(EVENT, 1)[(3, board)].status == "ruled"
    entry = [e for e in svc.state(EVENT).ledger if e.kind == "board-ruling"][-1]
    assert str(entry.article) == "FIBAS art. 6"
    italian = txt(director_client.get(f"/desk/e/{EVENT}/r/1?lang=it"))
    assert "conteggio errato, deciso (FIBAS art. 6)" in italian


def test_art6_once_play_has_begun_the_result_stands(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 6: "A gioco iniziato qualsiasi anomalia ... non potrà essere sanata se non al
    termine della smazzata ed il risultato effettuato resterà valido a tutti gli effetti"."""
    make_cu(web_app)
    svc = service(web_app)
    board = svc.board_plan(EVENT, 1).at(2)[0].board
    svc.run(
        EVENT,
        values.CheckBoard(1, 2, board, {"N": 11, "E": 11, "S": 11, "W": 11, "P1": 12, "P2": 10}),
    )
    ruled = post(
        director_client,
        f"/desk/e/{EVENT}/r/1/board-ruling?lang=en",
        {"table": "2", "board": str(board), "reason": "scoperto a fine mano", "play_begun": "on"},
        follow_redirects=False,
    )
    assert ruled.status_code == 303, ruled.text
    ruling = [r for r in svc.state(EVENT).board_rulings if r[1] == 2][-1][2]
    assert (ruling["code"], ruling["paragraph"], ruling["outcome"]) == (
        "burraco-fibas",
        "6",
        "result_stands",
    )


def test_a_board_never_counted_is_flagged_once_the_sheet_is_in(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 6 a): the players count their cards before play; a table whose sheet is in
    without a count of its boards is shown to the director."""
    make_cu(web_app)
    svc = service(web_app)
    assert 'id="boards-uncounted"' not in txt(director_client.get(f"/desk/e/{EVENT}/r/1"))
    svc.enter_sheet(EVENT, 1, 4, sheet(4), line="ns")
    page = txt(director_client.get(f"/desk/e/{EVENT}/r/1?lang=en"))
    flagged = page.split('id="boards-uncounted"')[1].split("</div>")[0]
    for a in svc.board_plan(EVENT, 1).at(4):
        assert f"table 4, board {a.board}" in flagged
    assert "table 1," not in flagged


def test_the_phone_names_west_o_in_italian(client: TestClient, web_app: FastAPI) -> None:
    """FIBAS art. 6: 11 cards in each hand; the Italian phone says "O" (Ovest) for West, as it
    says "E-O" for the East-West line."""
    make_cu(web_app)
    page = txt(client.get(f"/t/{phone(client, web_app, 1)}?lang=it"))
    assert '<label>O <input name="W"' in page
    assert ">W <input" not in page


def test_the_desk_sheet_page_shows_the_comparisons_vp_only_art_20(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 20, carte uguali: one V.P. per round, the comparison with the field's, once
    the round is complete; before, none (issue 27: the table's own 14-6 beside 13-7)."""
    make_cu(web_app)
    svc = service(web_app)
    svc.enter_sheet(EVENT, 1, 1, sheet(1), line="ns")
    svc.enter_sheet(EVENT, 1, 1, sheet(1), line="ew")

    def vp_row(page: str) -> list[str]:
        current = page.split('id="current"')[1].split("</section>")[0]
        found = re.search(r"<th>V.P.</th>(.*?)</tr>", current, re.S)
        assert found is not None
        return re.findall(r">([^<]*)</th>", found.group(1))

    assert vp_row(txt(director_client.get(f"/desk/e/{EVENT}/r/1/t/1"))) == ["—", "—"]
    for t in range(2, 5):
        svc.enter_sheet(EVENT, 1, t, sheet(t), line="ns")
        svc.enter_sheet(EVENT, 1, t, sheet(t), line="ew")
    shown = vp_row(txt(director_client.get(f"/desk/e/{EVENT}/r/1/t/1")))
    fv = field_vp(svc.state(EVENT), 1, 1)
    assert fv is not None and fv.by_table is not None
    assert shown == [str(v) for v in fv.by_table[1]]


def test_the_phones_score_form_names_each_deals_board_art_7(
    client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 7, 20: table 2 plays board 2 first; its form says "1ª mano: board 2", not
    a bare "1ª mano" (issue 27)."""
    make_cu(web_app)
    plan = service(web_app).board_plan(EVENT, 1).at(2)
    page = txt(client.get(f"/t/{phone(client, web_app, 2)}?line=ns&lang=it"))
    for deal, a in enumerate(plan, start=1):
        assert f"{deal}ª mano: board {a.board}" in page


def test_the_signed_verbale_cites_fibas_art_6_not_bridge_13(
    web_app: FastAPI, tmp_path: Path
) -> None:
    """FIBAS art. 6: the ruling on a Burraco board counted wrong reads in the verbale as the
    code's remedy ("Bridge art. 13D1 ... correct_and_play" before, issue 27)."""
    from tests.printouts.pdfcheck import pdf_text

    from arbitro.printouts.verbale import verbale_pdf
    from arbitro.services.results import export

    make_cu(web_app)
    svc = service(web_app)
    board = svc.board_plan(EVENT, 1).at(3)[0].board
    svc.run(
        EVENT,
        values.CheckBoard(1, 3, board, {"N": 12, "E": 11, "S": 10, "W": 11, "P1": 11, "P2": 11}),
    )
    svc.run(
        EVENT, values.RuleWrongCount(1, 3, board, play_begun=False, reason="nessuno ha pescato")
    )
    text = " ".join(pdf_text(verbale_pdf(export(svc, EVENT), lang="it"), tmp_path).split())
    assert "FIBAS art. 6" in text and "distribuito di nuovo" in text
    assert "Bridge art. 13" not in text and "correct_and_play" not in text
