"""Two real signatures from two phones (FIBAS art. 20-21), and table cards that belong to one
round (issue 12 §5, issue 13 §1): each phone gets a device id; a phone that signed for one
line cannot sign for the other; the confirming line sees the numbers read-only and confirms
them, or says they differ; a confirmed sheet is closed to the phones; a card of another round
never enters this round's sheet and expires when the round's standings are final (art. 39);
a token submitting more than a table ever needs is slowed down (429)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.lines import proof

from arbitro.services.registering import Register
from arbitro.tournament import commands
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web.app import Web
from arbitro.web.table import DEVICE_COOKIE
from arbitro.web.tokens import table_path

EVENT = "firme"
SHEET = {
    "o1_ns_base": "300",
    "o1_ns_points": "150",
    "o1_ew_base": "100",
    "o1_ew_points": "35",
    "o2_ns_base": "0",
    "o2_ns_points": "-40",
    "o2_ew_base": "250",
    "o2_ew_points": "120",
}


def event(web: Web, rounds: int = 2) -> str:
    """Eight pairs, two deals a round, round 1 seated and published (art. 4)."""
    movements = (Movement.REGISTRATION_ORDER,) + (Movement.MITCHELL,) * (rounds - 1)
    config = EventConfig("Serata delle firme", EventFormat.PAIRS, rounds, (2,) * rounds, movements)
    web.service.create_event(EVENT, config)
    for i in range(1, 9):
        web.service.run(EVENT, Register(f"Coppia {i:02d}"))
    web.service.seat(EVENT, 1, publish=True)
    return EVENT


@pytest.fixture
def web(web_app: FastAPI) -> Web:
    w: Web = web_app.state.web
    return w


@pytest.fixture
def phones(web_app: FastAPI) -> Iterator[Callable[[], TestClient]]:
    """A new phone per call: its own cookies, hence its own device id."""
    opened: list[TestClient] = []

    def phone() -> TestClient:
        c = TestClient(web_app, follow_redirects=False)
        opened.append(c.__enter__())
        return c

    yield phone
    for c in opened:
        c.__exit__(None, None, None)


def send(phone: TestClient, path: str, line: str, **changes: str) -> Any:
    return phone.post(
        path,
        data={**SHEET, **changes, "line": line, "round": "1", "proof": proof(phone, path, line)},
    )


def refusal(html: str) -> str:
    match = re.search(r'<p class="error refused" role="alert">(.*?)</p>', html, re.S)
    assert match, html
    return match.group(1).replace("&#39;", "'")


def history(web: Web, table: int = 1) -> int:
    return len(web.service.sheet_history(EVENT, 1, table))


def test_a_phone_gets_a_long_lived_private_device_id(
    web: Web, phones: Callable[[], TestClient]
) -> None:
    """The first visit of a table page gives the phone its device id: random, HttpOnly (no
    script reads it), SameSite=Lax, kept for the season; later visits keep the same id."""
    event(web)
    phone = phones()
    path = table_path(web.secret, EVENT, 1)
    first = phone.get(path)
    cookie = first.headers["set-cookie"]
    assert cookie.startswith(f"{DEVICE_COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/t/" in cookie
    max_age = int(re.search(r"Max-Age=(\d+)", cookie).group(1))  # type: ignore[union-attr]
    assert max_age >= 365 * 24 * 3600
    device = phone.cookies[DEVICE_COOKIE]
    assert len(device) >= 20
    assert "set-cookie" not in phone.get(path, params={"line": "ns"}).headers
    assert phones().get(path).cookies[DEVICE_COOKIE] != device  # another phone, another id


def test_one_phone_cannot_sign_for_both_lines_art_20(
    web: Web, phones: Callable[[], TestClient]
) -> None:
    """Art. 20: both lines sign the sheet. A phone that signed for N-S is bound to N-S for
    the round: opening E-O's form, or sending it, is refused with a page in the phone's
    language, and nothing is recorded; the phone that comes back to the table page is shown
    its own line."""
    event(web)
    path = table_path(web.secret, EVENT, 1)
    phone = phones()
    phone.get(path, params={"line": "ns"})
    assert send(phone, path, "ns").status_code == 303
    before = history(web)
    reply = send(phone, path, "ew")
    assert reply.status_code == 409
    said = refusal(reply.text)
    assert said == (
        "questo telefono ha già firmato lo score del tavolo 1 per la linea N-S: l'altra "
        "linea firma con il proprio telefono (FIBAS art. 20)"
    )
    assert history(web) == before
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "pending"
    shown = phone.get(path, params={"line": "ew"})
    assert shown.status_code == 409 and "per la linea N-S" in refusal(shown.text)
    english = phone.get(path, params={"line": "ew", "lang": "en"})
    assert refusal(english.text) == (
        "this phone already signed table 1's sheet for N-S: the other line signs with its own "
        "phone (FIBAS art. 20)"
    )
    back = phone.get(path, params={"lang": "it"}).text
    assert "Quale linea sei?" not in back and "Linea N-S" in back
    assert "cambia linea" not in back  # a phone that signed has no other line to choose


def test_two_phones_sign_and_the_second_confirms_with_one_button_art_20(
    web: Web, phones: Callable[[], TestClient]
) -> None:
    """Art. 20: the confirming line sees the other line's numbers, read-only, and confirms
    them with one button ("Confermo") that sends exactly what it saw: confirmed. After that
    the sheet is closed to both phones: no send button, and the status says confirmed."""
    event(web)
    path = table_path(web.secret, EVENT, 1)
    ns, ew = phones(), phones()
    ns.get(path, params={"line": "ns"})
    assert send(ns, path, "ns").status_code == 303
    page = ew.get(path, params={"line": "ew"}).text
    assert 'type="number"' not in page and ">Confermo</button>" in page
    assert "I numeri sono diversi" in page and "href" in page
    assert re.search(r'name="o1_ns_base"[^>]*value="300" readonly', page)
    sent = dict(
        re.findall(r'<input type="(?:hidden|text)"[^>]*name="([^"]+)"[^>]*value="([^"]*)"', page)
    )
    assert sent.pop("_key")  # the form's idempotency key (issue 13 §2)
    assert sent == {**SHEET, "round": "1", "line": "ew"}
    confirmed = ew.post(path, data={**sent, "confirm": "1", "proof": proof(web, path, "ew")})
    assert confirmed.status_code == 303
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "confirmed"
    for phone, line in ((ns, "ns"), (ew, "ew")):
        done = phone.get(path, params={"line": line}).text
        assert "Score confermato da entrambe le linee." in done
        assert 'class="send' not in done and "Invia di nuovo" not in done
        assert "chiuso ai telefoni" in done and 'type="number"' not in done
    lines = [v.line for v in web.service.sheet_history(EVENT, 1, 1)]
    assert lines == ["ns", "ew"]  # the history agrees with the status


def test_the_numbers_are_different_makes_a_conflict_for_the_director_art_20_21(
    web: Web, phones: Callable[[], TestClient]
) -> None:
    """Art. 20-21: the confirming line that does not find its numbers chooses "I numeri sono
    diversi", gets the numbers sent as a form it can change (it corrects what differs rather
    than typing the sheet again, issue 28), sends its own: a conflict the director settles;
    neither phone can send again."""
    event(web)
    path = table_path(web.secret, EVENT, 2)
    ns, ew = phones(), phones()
    assert send(ns, path, "ns").status_code == 303
    form = ew.get(path, params={"line": "ew", "differ": "1"}).text
    assert (
        'type="number" inputmode="numeric" name="o2_ew_points" id="o2_ew_points" value="120"'
        in form
    )
    assert "Invia lo score" in form
    assert send(ew, path, "ew", o2_ew_points="125").status_code == 303
    assert commands.sheet_status(web.service.state(EVENT), 1, 2) == "conflict"
    before = history(web, 2)
    for phone, line in ((ns, "ns"), (ew, "ew")):
        assert send(phone, path, line).status_code == 409
    assert history(web, 2) == before


def test_a_card_of_another_round_is_refused_and_expires_art_21_39(
    web: Web, clock: Any, phones: Callable[[], TestClient]
) -> None:
    """A table card names its round. Round 2's card before round 2's seating is published
    waits; round 1's card in round 2 cannot enter round 2's sheet (it shows round 1, closed:
    art. 21); once round 1's standings are final (the complaints window of art. 39 passed)
    the round-1 card answers a page that says to use the card of the round under way."""
    event(web)
    phone = phones()
    card1, card2 = table_path(web.secret, EVENT, 1, 1), table_path(web.secret, EVENT, 1, 2)
    waiting = phone.get(card2)
    assert waiting.status_code == 200 and "Nessun turno in corso" in waiting.text
    refused = phone.post(
        card2, data={**SHEET, "line": "ns", "round": "1", "proof": proof(web, card2, "ns")}
    )
    assert refused.status_code == 409
    web.service.enter_sheet(EVENT, 1, 1, _entry(), line="ns")
    web.service.enter_sheet(EVENT, 1, 1, _entry(), line="ew")
    for table in range(2, 5):
        web.service.enter_sheet(EVENT, 1, table, _entry())
    web.service.run(EVENT, values.PublishStandings(1))
    web.service.seat(EVENT, 2, publish=True)
    old = phone.post(
        card1, data={**SHEET, "line": "ns", "round": "2", "proof": proof(web, card1, "ns")}
    )
    assert old.status_code == 409
    assert commands.sheet_status(web.service.state(EVENT), 2, 1) == "missing"
    page = phone.get(card1, params={"line": "ns"})
    assert page.status_code == 200 and "Turno 1" in page.text and "chiuso ai telefoni" in page.text
    assert 'name="round" value="2"' not in page.text
    assert (
        "Questo cartellino è del turno 1; è in corso il turno 2: usate il cartellino sul "
        "tavolo per il turno 2."
    ) in page.text
    new = phone.get(card2, params={"line": "ns"})
    assert "Turno 2" in new.text and 'name="round" value="2"' in new.text
    clock.advance(minutes=web.service.state(EVENT).config.complaints_window_minutes + 1)
    assert web.service.state(EVENT).standings_final(1, clock())
    expired = phone.get(card1, params={"line": "ns"})
    assert expired.status_code == 410
    assert expired.headers["content-type"].startswith("text/html")
    assert refusal(expired.text) == (
        "questo cartellino è del turno 1, che è concluso: usate il cartellino sul tavolo per "
        "il turno in corso (FIBAS art. 39)"
    )
    assert (
        phone.post(
            card1, data={**SHEET, "line": "ns", "round": "1", "proof": proof(web, card1, "ns")}
        ).status_code
        == 410
    )


def _entry() -> SheetEntry:
    return SheetEntry.from_payload({"deals": [[300, 150, 100, 35], [0, -40, 250, 120]]})


def test_submissions_are_rate_limited_per_token(web: Web, phones: Callable[[], TestClient]) -> None:
    """No table needs more than a few submissions a minute: after 20 from one token the next
    is answered 429 with a page (and Retry-After), nothing recorded; another table's token
    is not affected (issue 13: one client must not stall the room)."""
    event(web)
    path = table_path(web.secret, EVENT, 3)
    phone = phones()
    # 20 incomplete forms: 6 a line with its code (shown again, 422; a line's own budget is 6
    # a minute), and 8 without a code (refused, 403): each one a submission of the token
    for i in range(20):
        line = ("ns", "ew")[i % 2]
        code = proof(web, path, line) if i < 12 else ""
        reply = phone.post(path, data={"line": line, "round": "1", "proof": code})
        assert reply.status_code == (422 if i < 12 else 403)
    slowed = phone.post(
        path, data={**SHEET, "line": "ns", "round": "1", "proof": proof(web, path, "ns")}
    )
    assert slowed.status_code == 429 and slowed.headers["Retry-After"] == "60"
    assert refusal(slowed.text).startswith("troppi invii da questo tavolo in un minuto")
    assert commands.sheet_status(web.service.state(EVENT), 1, 3) == "missing"
    other = table_path(web.secret, EVENT, 4)
    assert send(phones(), other, "ns").status_code == 303


def test_a_resend_of_the_same_signature_is_answered_as_the_first_art_20(
    web: Web, phones: Callable[[], TestClient]
) -> None:
    """Art. 20: a line signs once. A phone whose answer was lost (the server killed after
    storing its sheet, bench/chaos.py) sends the same numbers again under a new key: it is
    told its sheet is sent, and nothing more is recorded; other numbers from that line are
    still refused (changes go through the director, art. 21)."""
    event(web)
    path = table_path(web.secret, EVENT, 1)
    phone = phones()
    phone.get(path, params={"line": "ns"})
    assert send(phone, path, "ns").status_code == 303
    before = history(web)
    again = send(phone, path, "ns")
    assert again.status_code == 303 and "sent=1" in again.headers["location"]
    assert history(web) == before
    other = send(phone, path, "ns", o1_ns_points="160")
    assert other.status_code == 409
    assert "già firmato da questa linea" in refusal(other.text)
    assert history(web) == before
