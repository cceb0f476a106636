"""A knockout match entered from the pairs' phones (issue 27): the match card's QR URL opens
the match's page, one pair enters the game's points, the other confirms them (as a sheet's
two lines, FIBAS art. 20 read for Briscola art. 8-9, ruling Briscola 12); impossible points
are refused (art. 8); a phone enters for one pair only; 2 games won decide the match (art. 9).
The desk prints the match cards with their QR codes."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import text_of, txt
from tests.web.test_knockout_web import EVENT, make_knockout, state

from arbitro.web.knockout_match import match_path, read_match_token
from arbitro.web.tokens import TokenError

ORIGIN = {"origin": "http://testserver"}


@pytest.fixture
def phones(web_app: FastAPI) -> Iterator[tuple[TestClient, TestClient]]:
    """Two phones: each its own cookies (device id)."""
    with (
        TestClient(web_app, follow_redirects=False) as a,
        TestClient(web_app, follow_redirects=False) as b,
    ):
        yield a, b


def _path(web_app: FastAPI, match: str) -> str:
    return match_path(web_app.state.web.secret, EVENT, match)


def _send(phone: TestClient, path: str, pair: int, a: str, b: str, last: str = "") -> object:
    page = txt(phone.get(path, params={"pair": pair}))
    key = re.search(r'name="_key" value="([^"]+)"', page)
    assert key is not None
    data = {"_key": key.group(1), "pair": str(pair), "points_first": a, "points_second": b}
    return phone.post(path, data={**data, "last_trick": last}, headers=ORIGIN)


def test_art8_art9_two_phones_enter_and_confirm_a_game(
    web_app: FastAPI, phones: tuple[TestClient, TestClient]
) -> None:
    """Art. 8: the points of each game, 120 in all; the first pair's phone sends 70-50, the
    second pair's phone sees them and confirms: the game is recorded. Art. 9: a second game
    the same way decides the match 2-0."""
    make_knockout(web_app, 2)
    one, two = phones
    path = _path(web_app, "R1M1")
    first = txt(one.get(path))
    assert "Quale coppia siete?" in text_of(first) and "Coppia 1" in first
    r = _send(one, path, 1, "70", "50")
    assert r.status_code == 303  # type: ignore[attr-defined]
    waiting = text_of(txt(one.get(path)))
    assert "In attesa della conferma di Coppia 2" in waiting
    assert state(web_app).bracket.match("R1M1").games == ()  # type: ignore[union-attr]
    seen = text_of(txt(two.get(path, params={"pair": 2})))
    assert "Coppia 1 ha inserito: Coppia 1 70 – Coppia 2 50" in seen
    r = _send(two, path, 2, "70", "50")
    assert r.status_code == 303  # type: ignore[attr-defined]
    m = state(web_app).bracket.match("R1M1")  # type: ignore[union-attr]
    assert [g.winner for g in m.games] == [1]
    _send(two, path, 2, "80", "38")  # 82 + 38: the second pair's phone enters first
    _send(one, path, 1, "82", "38")  # different: nothing recorded yet
    assert len(state(web_app).bracket.match("R1M1").games) == 1  # type: ignore[union-attr]
    _send(two, path, 2, "82", "38")  # the second pair corrects its own
    m = state(web_app).bracket.match("R1M1")  # type: ignore[union-attr]
    assert m.score == (2, 0) and m.winner == 1
    assert "Incontro finito: Coppia 1 vince 2-0" in text_of(txt(one.get(path)))


def test_art8_impossible_points_and_a_60_60_without_the_last_trick_refused(
    web_app: FastAPI, phones: tuple[TestClient, TestClient]
) -> None:
    """Art. 8: no card is worth 1 point (119-1 refused); at 60-60 the last trick decides, so
    it must be given."""
    make_knockout(web_app, 2)
    one, _ = phones
    path = _path(web_app, "R1M1")
    r = _send(one, path, 1, "119", "1")
    assert r.status_code == 400  # type: ignore[attr-defined]
    assert "nessuna carta vale 1 punto" in text_of(txt(r))
    r = _send(one, path, 1, "60", "60")
    assert r.status_code == 400  # type: ignore[attr-defined]
    assert "ultima mano" in text_of(txt(r))
    assert state(web_app).entries == {}


def test_a_phone_enters_for_one_pair_and_different_points_wait(
    web_app: FastAPI, phones: tuple[TestClient, TestClient]
) -> None:
    """A phone that entered for pair 1 cannot enter for pair 2 (each line signs from its own
    phone, as the table pages); different points from the two pairs record nothing."""
    make_knockout(web_app, 2)
    one, two = phones
    path = _path(web_app, "R1M1")
    _send(one, path, 1, "70", "50")
    r = _send(one, path, 2, "70", "50")
    assert r.status_code == 409  # type: ignore[attr-defined]
    _send(two, path, 2, "50", "70")
    assert state(web_app).bracket.match("R1M1").games == ()  # type: ignore[union-attr]
    assert "punti diversi" in text_of(txt(two.get(path)))


def test_a_forged_token_is_refused(client: TestClient, web_app: FastAPI) -> None:
    """A match code altered by hand opens nothing."""
    make_knockout(web_app, 2)
    path = _path(web_app, "R1M1")
    assert read_match_token(web_app.state.web.secret, path[4:]) == (EVENT, "R1M1")
    with pytest.raises(TokenError):
        read_match_token(web_app.state.web.secret, path[4:-2] + "xx")
    assert client.get(path[:-2] + "xx").status_code == 403


def test_desk_prints_the_match_cards(director_client: TestClient, web_app: FastAPI) -> None:
    """The desk prints a card per match to play, with its QR code (A4, two to a page)."""
    make_knockout(web_app, 5)
    page = txt(director_client.get(f"/desk/k/{EVENT}"))
    assert "/cards.pdf" in page
    r = director_client.get(f"/desk/k/{EVENT}/cards.pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")


def test_the_waiting_phone_is_told_when_the_other_pair_enters(
    web_app: FastAPI, phones: tuple[TestClient, TestClient]
) -> None:
    """The match page's poll answers 204 while nothing changed for this match, and asks the
    phone to reload (``HX-Refresh``) once the other pair entered its points (art. 8); another
    match's game does not disturb it."""
    make_knockout(web_app, 4)
    one, two = phones
    path = _path(web_app, "R1M1")
    page = txt(two.get(path, params={"pair": 4}))
    version = re.search(r"/live\?v=([0-9a-f]+)", page)
    assert version is not None
    live = f"{path}/live"
    assert two.get(live, params={"v": version.group(1)}).status_code == 204
    other = _path(web_app, "R1M2")
    _send(one, other, 2, "70", "50")
    assert two.get(live, params={"v": version.group(1)}).status_code == 204
    _send(one, path, 1, "70", "50")
    r = two.get(live, params={"v": version.group(1)})
    assert r.status_code == 200 and r.headers["HX-Refresh"] == "true"
