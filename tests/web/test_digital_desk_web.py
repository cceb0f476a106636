"""The desk's pages of a round's digital tables (issue 32) through the test client: the
round page links them; the list shows each table's deal k of n, whose turn, moves, seats,
the round clock's time left (FIBAS art. 7); a table's page shows the full position; the
director pauses and resumes a table and answers a call; a seat's phone calls the arbiter
and learns that its table is paused («Tavolo sospeso dall'arbitro»), admitted by its seat's
code only."""

from __future__ import annotations

import random
import re
import time
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.digital_phones import Phone, seat_phones

from arbitro.cards.card import parse_card
from arbitro.errors import ConflictError
from arbitro.games.core import Seat
from arbitro.i18n.seats import named
from arbitro.services.digital_desk import DigitalDesk
from arbitro.services.digital_tables import DigitalTables
from arbitro.tournament.commands import values
from arbitro.web import digital_table
from arbitro.web.digital_table import seat_code
from arbitro.web.tokens import make_token


def _post(client: Any, url: str, data: dict[str, str]) -> Any:
    return client.post(url, data={"csrf": client.csrf, **data}, follow_redirects=False)


def test_the_round_links_its_digital_tables_and_the_desk_shows_their_progress(
    web_app: FastAPI, director_client: Any, make_event: Any, clock: Any
) -> None:
    web = web_app.state.web
    event = make_event("desco", pairs=4, rounds=1, deals=2)
    base = f"/desk/e/{event}/r/1"
    assert "round-digital-link" not in director_client.get(base).text
    tables = DigitalTables(web.service, random.Random(3))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.W))
    web.service.run(event, values.StartRound(1))
    clock.advance(minutes=10)
    page = director_client.get(base).text
    assert f'href="{base}/digital"' in page
    listing = director_client.get(f"{base}/digital")
    assert listing.status_code == 200
    t = tables.table(event, 1, 1)
    game = t.position()
    text = listing.text
    assert "smazzata 1 di 2" in text
    assert f"gioca: {game.turn.value}" in text
    assert "robot" in text and "vuoto" in text  # E, W robots; N, S no phone connected
    assert str(game.hand(Seat.N)[0]) not in text.split("digital-tables")[1].split("</table>")[0]
    assert "tempo restante" in text  # the round clock has a length (FIBAS art. 7)
    table_page = director_client.get(f"{base}/digital/1").text
    assert "digital-position" in table_page
    # the director sees everything: each hand of the notation is on the page
    assert all(str(c) in table_page for c in game.hand(Seat.N))
    assert all(str(c) in table_page for c in game.hand(Seat.S))
    # live: the same version answers 204, a new record changes it
    live = director_client.get(f"{base}/digital/live")
    version = live.text.split("live?v=")[1].split('"')[0]
    assert director_client.get(f"{base}/digital/live?v={version}").status_code == 204
    turn = game.turn
    tables.play(event, 1, 1, turn, 1, len(t.current.moves) + 1, "draw")
    assert director_client.get(f"{base}/digital/live?v={version}").status_code == 200


def test_the_director_pauses_a_table_and_its_phone_is_told(
    web_app: FastAPI, director_client: Any, make_event: Any, client: TestClient
) -> None:
    web = web_app.state.web
    event = make_event("pausa", pairs=4, rounds=1, deals=2)
    base = f"/desk/e/{event}/r/1"
    tables = DigitalTables(web.service, random.Random(5))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.W))
    token = make_token(web.secret, event, 1, 1)
    turn = tables.table(event, 1, 1).position().turn
    phone = f"/t/{token}/digital/{turn.value}/desk"
    client.cookies.set(f"arbitro_seat_{turn.value}", seat_code(web.secret, token, turn.value))
    assert client.get(phone).json() == {
        "paused": False,
        "called": False,
        "text": "",
        "signed": "",
    }

    done = _post(director_client, f"{base}/digital-pause", {"table": "1", "back": "table"})
    assert done.status_code == 303 and done.headers["location"] == f"{base}/digital/1"
    assert tables.table(event, 1, 1).paused
    status = client.get(phone).json()
    assert status["paused"] and status["text"] == "Tavolo sospeso dall'arbitro"
    client.cookies.set("lang", "en")
    assert client.get(phone).json()["text"] == "Table paused by the arbiter"
    assert "Riprendi" in director_client.get(f"{base}/digital/1").text
    # pausing twice is refused with the reason, the table unchanged
    again = _post(director_client, f"{base}/digital-pause", {"table": "1"})
    assert again.status_code == 409 and "già sospeso" in again.text
    done = _post(director_client, f"{base}/digital-resume", {"table": "1"})
    assert done.status_code == 303 and done.headers["location"] == f"{base}/digital"
    assert not tables.table(event, 1, 1).paused


def test_a_table_whose_deals_are_over_is_not_offered_the_pause_and_refuses_it(
    web_app: FastAPI, director_client: Any, make_event: Any
) -> None:
    """FIBAS art. 7 (the arbiter stops the play): a table whose every deal is over has no
    play to stop. The desk's list and the table's page offer no «Sospendi»; a pause sent
    anyway is refused with the catalogue's reason, the table not paused."""
    web = web_app.state.web
    event = make_event("finita", pairs=4, rounds=1, deals=2)
    base = f"/desk/e/{event}/r/1"
    tables = DigitalTables(web.service, random.Random(12))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.S, Seat.W))
    assert 'id="pause-1"' in director_client.get(f"{base}/digital").text  # in play: offered
    rng = random.Random(13)
    while len((t := tables.table(event, 1, 1)).finished()) < 2:  # both deals played
        game = t.position()
        move = str(t.engine.robot(game, rng))
        tables.play(event, 1, 1, game.turn, t.current.number, len(t.current.moves) + 1, move)
    assert 'id="pause-1"' not in director_client.get(f"{base}/digital").text
    assert 'id="pause-1"' not in director_client.get(f"{base}/digital/1").text
    refused = _post(director_client, f"{base}/digital-pause", {"table": "1"})
    assert refused.status_code == 409
    assert "le smazzate del tavolo sono finite" in refused.text
    assert not tables.table(event, 1, 1).paused
    with pytest.raises(ConflictError, match="smazzate del tavolo sono finite"):
        DigitalDesk(web.service).pause(event, 1, 1)


def test_the_desks_pause_and_resume_reach_a_phones_socket_at_once(
    web_app: FastAPI,
    director_client: Any,
    make_event: Any,
    live_server: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FIBAS art. 7 (the arbiter stops the play): the desk's «Sospendi» and «Riprendi» wake
    the table's sockets as a move does; the seat's real WebSocket gets the paused view (no
    move offered to the seat to play), then the resumed one with its moves again. The
    sockets' own re-reading is put off beyond the test's reads, so only the wake can bring
    them."""
    monkeypatch.setattr(digital_table, "RECHECK_SECONDS", 600.0)
    web = web_app.state.web
    event = make_event("sveglia", pairs=4, rounds=1, deals=2)
    base = f"/desk/e/{event}/r/1"
    tables = DigitalTables(web.service, random.Random(5))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.W))
    turn = tables.table(event, 1, 1).position().turn.value
    with ExitStack() as stack:
        # once the phone has closed, its socket on the server ends at the wake, not in 600 s
        stack.callback(digital_table.wake_table, (event, 1, 1))
        phone = seat_phones(stack, Phone, live_server, web.secret, event, [turn])[turn]
        assert not phone.view["paused"] and phone.view["moves"]
        _post(director_client, f"{base}/digital-pause", {"table": "1"})
        phone.read_until(lambda v: bool(v["paused"]), timeout=10)
        assert phone.view["moves"] == []
        _post(director_client, f"{base}/digital-resume", {"table": "1"})
        phone.read_until(lambda v: not v["paused"], timeout=10)
        assert phone.view["moves"]


def test_a_phone_learns_that_its_line_has_signed_and_that_the_sheet_is_confirmed(
    web_app: FastAPI, make_event: Any, client: TestClient
) -> None:
    """FIBAS art. 20 (each line signs the sheet): once a line has signed the engine's sheet
    its phones are told so (no «Firma lo score» offered again), the other line's are not;
    once both have, every phone reads «Score confermato»."""
    web = web_app.state.web
    event = make_event("firme", pairs=4, rounds=1, deals=2)
    tables = DigitalTables(web.service, random.Random(12))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.S, Seat.W))
    rng = random.Random(13)
    while len((t := tables.table(event, 1, 1)).finished()) < 2:
        game = t.position()
        move = str(t.engine.robot(game, rng))
        tables.play(event, 1, 1, game.turn, t.current.number, len(t.current.moves) + 1, move)
    token = make_token(web.secret, event, 1, 1)

    def signed(seat: str) -> str:
        client.cookies.set(f"arbitro_seat_{seat}", seat_code(web.secret, token, seat))
        text: str = client.get(f"/t/{token}/digital/{seat}/desk").json()["signed"]
        return text

    assert signed("N") == "" and signed("E") == ""
    tables.sign(event, 1, 1, "ns")
    assert signed("N") == signed("S") == "Firmato: si attende la firma degli altri"
    assert signed("E") == ""
    tables.sign(event, 1, 1, "ew")
    assert signed("N") == signed("E") == "Score confermato"


def test_a_phone_calls_the_arbiter_and_the_director_marks_it_answered(
    web_app: FastAPI, director_client: Any, make_event: Any, client: TestClient
) -> None:
    web = web_app.state.web
    event = make_event("chiama", pairs=4, rounds=1, deals=2)
    base = f"/desk/e/{event}/r/1"
    tables = DigitalTables(web.service, random.Random(7))
    tables.open(event, 1, 1)
    token = make_token(web.secret, event, 1, 1)
    phone = f"/t/{token}/digital/S/desk"
    assert client.post(phone).status_code == 403  # no seat's code: not admitted
    client.cookies.set("arbitro_seat_S", seat_code(web.secret, token, "N"))  # another seat's
    assert client.post(phone).status_code == 403
    client.cookies.set("arbitro_seat_S", seat_code(web.secret, token, "S"))
    called = client.post(phone)
    assert called.status_code == 200 and called.json()["called"] is True
    assert called.json()["text"] == "Arbitro chiamato: attendi al tavolo"
    assert client.post(phone).status_code == 200  # twice: still one call
    other_site = client.post(phone, headers={"Origin": "https://altro.example"})
    assert other_site.status_code == 403  # a call from another site is refused, in Italian
    assert other_site.json()["error"] == "richiesta da un altro sito rifiutata"
    assert len(tables.table(event, 1, 1).calls) == 1
    page = director_client.get(f"{base}/digital").text
    assert "1 chiamata all&#39;arbitro in attesa" in page
    assert "Arbitro chiamato: posto Sud, chiamato dal tavolo" in page  # the seat named
    assert f'href="{base}/rulings?place=1"' in page  # the ruling goes through the rulings form
    done = _post(director_client, f"{base}/digital-answer", {"table": "1", "call": "1"})
    assert done.status_code == 303
    assert tables.table(event, 1, 1).calls[0].answered_at is not None
    assert tables.table(event, 1, 1).calls[0].answered_by == "direttore"
    assert "chiamata all&#39;arbitro" not in director_client.get(f"{base}/digital").text
    assert client.get(phone).json()["called"] is False


def test_the_seat_page_loads_the_call_button_script(
    web_app: FastAPI, make_event: Any, client: TestClient
) -> None:
    """The seat's page loads ``digital_call.js`` (its texts on the script tag, in Italian)."""
    web = web_app.state.web
    event = make_event("bottone", pairs=4, rounds=1, deals=2)
    DigitalTables(web.service, random.Random(1)).open(event, 1, 1)
    token = make_token(web.secret, event, 1, 1)
    client.cookies.set("arbitro_seat_N", seat_code(web.secret, token, "N"))
    page = client.get(f"/t/{token}/digital/N").text
    assert "digital_call.js" in page and 'data-call="Chiama l&#39;arbitro"' in page
    assert f'data-url="/t/{token}/digital/N/desk"' in page
    # the help under the hand is the engine's (its view's labels), none of the page's own
    assert "Tocca per selezionare" not in page and 'id="dt-hand-help" hidden' in page


def test_the_directors_time_limit_calls_the_arbiter_when_a_phone_polls(
    web_app: FastAPI, director_client: Any, make_event: Any, client: TestClient, clock: Any
) -> None:
    """The desk's form sets the round's per-move time limit (FIBAS art. 7, 17); the seat to
    play over it: the arbiter is called (a record) at the next poll of a phone or the desk."""
    web = web_app.state.web
    event = make_event("tempo", pairs=4, rounds=1, deals=2)
    base = f"/desk/e/{event}/r/1"
    tables = DigitalTables(web.service, random.Random(5))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.W))
    form = {"move_seconds": "90", "wait_seconds": "0", "robots": "on", "scope": "round"}
    assert _post(director_client, f"{base}/digital-settings", form).status_code == 303
    page = director_client.get(f"{base}/digital").text
    assert 'id="move-seconds" min="0" max="86400" value="90"' in page
    turn = tables.table(event, 1, 1).position().turn.value
    token = make_token(web.secret, event, 1, 1)
    client.cookies.set(f"arbitro_seat_{turn}", seat_code(web.secret, token, turn))
    phone = f"/t/{token}/digital/{turn}/desk"
    assert client.get(phone).json()["called"] is False
    clock.advance(seconds=91)
    client.get(phone)
    [call] = tables.table(event, 1, 1).calls
    assert (call.seat, call.reason) == (turn, "time")
    assert "superato il tempo della mossa" in director_client.get(f"{base}/digital").text


def _deal_over(web: Any, event: str, tables: Any = None) -> Any:
    """A table of robots on every seat but N, played by the service until deal 1 is over
    and deal 2 is under way (N's moves by the same robot)."""
    if tables is None:
        tables = DigitalTables(web.service, random.Random(12))
        tables.open(event, 1, 1, robots=(Seat.E, Seat.S, Seat.W))
    rng = random.Random(13)
    while tables.table(event, 1, 1).current.number == 1:
        t = tables.table(event, 1, 1)
        game = t.position()
        move = str(t.engine.robot(game, rng))
        tables.play(event, 1, 1, game.turn, 1, len(t.current.moves) + 1, move)
    return tables


def test_the_public_sees_a_deal_only_once_it_is_over(
    web_app: FastAPI, make_event: Any, client: TestClient
) -> None:
    """Issue 32 (kibitzers): the public page of a digital table shows each finished deal
    as a record people read (the hands round the table, the moves in words, the end and the
    score), and nothing of the deal in play: no hand of deal 2, as dealt or now."""
    web = web_app.state.web
    event = make_event("pubblico", pairs=4, rounds=1, deals=2)
    url = f"/e/{event}/r/1/digital/1"
    tables = DigitalTables(web.service, random.Random(12))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.S, Seat.W))
    first = client.get(url)
    assert first.status_code == 200 and "No deal" not in first.text
    assert "Nessuna smazzata di questo tavolo è ancora finita" in first.text
    assert "<pre>" not in first.text  # no position of the deal in play
    tables = _deal_over(web, event, tables)
    t = tables.table(event, 1, 1)
    page = client.get(url).text
    assert "La smazzata 2 è in gioco" in page
    assert 'id="deal-1"' in page and 'id="deal-2"' not in page
    text = re.sub(r"<[^>]+>", "", page)
    engine = t.engine
    start, end = engine.start(t.deals[0].layout), t.position(1)
    for game in (start, end):  # each hand as dealt, and what is left of it at the end
        for seat in engine.seats:
            assert _shown(engine.view(game, seat)["hand"]) in text
    first_seat, first_move = t.deals[0].moves[0]
    said = {"draw": "pesca dal tallone", "pickup": "raccoglie gli scarti"}[first_move]
    names = {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ovest"}
    assert f"{names[first_seat]} {said}" in text  # the moves in words, not the notation
    assert "A fine smazzata" in text and "Linea N-S" in text  # the end and the score
    # deal 2 in play: no hand of it, as dealt or now, is on the page
    for game in (engine.start(t.deals[1].layout), t.position(2)):
        for seat in engine.seats:
            assert _shown(engine.view(game, seat)["hand"]) not in text


def _shown(cards: list[str]) -> str:
    """Cards as the public page shows them: each with its suit's symbol, a space between."""
    return " ".join(parse_card(c).unicode for c in cards)


def _lines(position: str) -> str:
    """A position's notation as the pages show it: a part a line."""
    return position.replace(" | ", "\n")


def test_the_director_replays_a_finished_deal_move_by_move(
    web_app: FastAPI, director_client: Any, make_event: Any
) -> None:
    """Issue 32 (after the session): a deal replayed move by move, the position after each
    move in the notation, previous and next."""
    web = web_app.state.web
    event = make_event("rivedi", pairs=4, rounds=1, deals=2)
    tables = _deal_over(web, event)
    t = tables.table(event, 1, 1)
    engine = t.engine
    base = f"/desk/e/{event}/r/1/digital/1/replay?deal=1"
    start = director_client.get(f"{base}&at=0").text
    assert 'id="replay-next"' in start and 'id="replay-prev"' not in start
    game = engine.start(t.deals[0].layout)
    assert _lines(engine.position(game)) in start
    game.push(engine.parse_move(t.deals[0].moves[0][1]))
    after = director_client.get(f"{base}&at=1").text
    assert _lines(engine.position(game)) in after
    assert "mossa 1 di" in after and 'id="replay-prev"' in after
    end = director_client.get(base).text  # default: every move
    assert f"mossa {len(t.deals[0].moves)} di {len(t.deals[0].moves)}" in end
    assert 'id="replay-next"' not in end


def test_the_hand_records_pdf_of_the_round(
    web_app: FastAPI, director_client: Any, make_event: Any, tmp_path: Any
) -> None:
    """Issue 32: the hand records printed (PDF) from the desk, each finished deal only."""
    web = web_app.state.web
    event = make_event("stampa", pairs=4, rounds=1, deals=2)
    _deal_over(web, event)
    pdf = director_client.get(f"/desk/e/{event}/r/1/digital/hand-records.pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    (tmp_path / "hr.pdf").write_bytes(pdf.content)


def test_the_desk_sees_a_phone_connect_and_leave_and_the_wait_calls_the_arbiter(
    web_app: FastAPI, live_server: str, director_client: Any, make_event: Any, clock: Any
) -> None:
    """Issue 32 (disconnections): the desk shows a seat «collegato» while its phone's socket
    is open and «vuoto» once it closes; with the director's wait for a disconnected seat
    set, the table waiting on that seat longer calls the arbiter (FIBAS art. 36-37)."""
    from websockets.sync.client import connect

    web = web_app.state.web
    event = make_event("rete", pairs=4, rounds=1, deals=2)
    base = f"/desk/e/{event}/r/1"
    tables = DigitalTables(web.service, random.Random(5))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.W))
    turn = tables.table(event, 1, 1).position().turn.value
    token = make_token(web.secret, event, 1, 1)
    url = f"{live_server.replace('http', 'ws')}/t/{token}/digital/{turn}/ws"
    cookie = f"arbitro_seat_{turn}={seat_code(web.secret, token, turn)}"
    row = f"<strong>{named(turn, 'it')}</strong> {{}}</li>"  # the seat named: «Nord»
    with connect(url, additional_headers={"Cookie": cookie}, open_timeout=10) as phone:
        phone.recv(timeout=10)  # its view: the socket is open
        assert row.format("collegato") in director_client.get(f"{base}/digital").text
    for _ in range(200):  # the server notices the socket closed
        if row.format("vuoto") in director_client.get(f"{base}/digital").text:
            break
        time.sleep(0.05)
    assert row.format("vuoto") in director_client.get(f"{base}/digital").text
    DigitalDesk(web.service).settings(event, 1, wait_seconds=60)
    clock.advance(seconds=61)
    director_client.get(f"{base}/digital/live")
    [call] = tables.table(event, 1, 1).calls
    assert (call.seat, call.reason) == (turn, "wait")
