"""Security of the table-side entry: a table token writes only its own table's sheet of the
round under way (art. 21: once the round's standings are out, only the arbiter corrects);
forged, altered or cross-site requests are refused; a malformed form gets a 4xx with a
message, never a 500 — and in every refused case nothing is stored."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.web.lines import proof

from arbitro.services.registering import Register
from arbitro.tournament import commands
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.app import Web
from arbitro.web.tokens import TokenError, make_token, read_token

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
EVENT = "sicurezza"


def make_event(web: Web, competitors: int = 8) -> str:
    """A pairs event of 2 rounds of 2 deals, round 1 seated and published."""
    config = EventConfig(
        "Torneo", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW, Movement.MITCHELL), seed=3
    )
    web.service.create_event(EVENT, config)
    for i in range(1, competitors + 1):
        web.service.run(EVENT, Register(f"Coppia {i}"))
    web.service.seat(EVENT, 1, publish=True)
    return EVENT


def app_web(app: FastAPI) -> Web:
    web: Web = app.state.web
    return web


def stored(web: Web) -> int:
    return web.store.last_seq(EVENT)


def send(client: TestClient, token: str, **extra: str) -> Any:
    return client.post(
        f"/t/{token}",
        data={
            **SHEET,
            "line": "ns",
            "round": "1",
            "proof": proof(client, f"/t/{token}", extra.get("line", "ns")),
            **extra,
        },
    )


def test_a_token_writes_only_its_own_table_art_19(web_app: FastAPI, client: TestClient) -> None:
    """Art. 19: a sheet belongs to its table. Table 1's token writes table 1 whatever the form
    says about tables; table 2 stays without a sheet."""
    web = app_web(web_app)
    make_event(web)
    token = make_token(web.secret, EVENT, 1)
    reply = client.post(
        f"/t/{token}",
        data={
            **SHEET,
            "line": "ns",
            "round": "1",
            "table": "2",
            "proof": proof(client, f"/t/{token}", "ns"),
        },
    )
    assert reply.status_code == 303
    state = web.service.state(EVENT)
    assert commands.sheet_status(state, 1, 1) == "pending"
    assert commands.sheet_status(state, 1, 2) == "missing"


def test_forged_and_altered_tokens_are_refused(web_app: FastAPI, client: TestClient) -> None:
    """A token signed with another secret, one whose table was changed, a truncated or
    garbled one, and one for an event that does not exist are all refused with a message
    (403), on the page and on every endpoint, and nothing is stored."""
    web = app_web(web_app)
    make_event(web)
    before = stored(web)
    good = make_token(web.secret, EVENT, 1)
    body, signature = good.split(".")
    other_table = base64.urlsafe_b64encode(f"{EVENT}\x002".encode()).rstrip(b"=").decode()
    forged = [
        make_token(b"another installation's secret", EVENT, 1),
        f"{other_table}.{signature}",
        f"{body}.{signature[:-2]}",
        *(f"{body}.{signature[:-1]}{c}" for c in "ABCD" if c != signature[-1]),
        *(f"{body}.{c}{signature[1:]}" for c in "AB" if c != signature[0]),
        body,
        "....",
        "%00%ff",
        "x" * 500,
        make_token(web.secret, "nessuna-gara", 1),
    ]
    for token in forged:
        page = client.get(f"/t/{token}?line=ns")
        assert page.status_code == 403, token
        assert "codice del tavolo non valido" in page.text or "non esiste più" in page.text
        assert client.post(f"/t/{token}/preview", data=SHEET).status_code == 403
        assert client.get(f"/t/{token}/status?line=ns").status_code == 403
        reply = send(client, token)
        assert reply.status_code == 403
    assert stored(web) == before


def test_a_past_round_is_refused_art_21(web_app: FastAPI, client: TestClient) -> None:
    """Art. 21: once a round's standings are published its sheets are valid and final; a
    phone still showing round 1's form cannot write it (409, with a message) — neither while
    no round is under way nor after round 2's seating is published; the round-1 card shows
    the round closed, read-only."""
    web = app_web(web_app)
    make_event(web, competitors=4)
    for table in (1, 2):
        token = make_token(web.secret, EVENT, table)
        for line in ("ns", "ew"):
            assert send(client, token, line=line).status_code == 303
    web.service.run(EVENT, values.PublishStandings(1))
    token = make_token(web.secret, EVENT, 1)
    before = stored(web)
    late = send(client, token, o2_ew_points="125")
    assert late.status_code == 409
    assert "la classifica del turno 1 è pubblicata" in late.text
    page = client.get(f"/t/{token}?line=ns")
    assert page.status_code == 200 and "chiuso ai telefoni" in page.text
    assert 'type="number"' not in page.text and 'class="send' not in page.text
    web.service.seat(EVENT, 2, publish=True)
    before = stored(web)
    late = send(client, token, o2_ew_points="125")
    assert late.status_code == 409
    assert "la classifica del turno 1 è pubblicata" in late.text
    wrong_round = send(client, token, round="2")
    assert wrong_round.status_code == 409 and "il turno in corso è il 1" in wrong_round.text
    assert stored(web) == before
    history = web.service.sheet_history(EVENT, 1, 1)
    assert all(v.entry.deals[1].ew.points == 120 for v in history)


def test_cross_site_posts_are_refused(web_app: FastAPI, client: TestClient) -> None:
    """A form posted from another site's page (Origin of another host) is refused even with a
    valid token: the token is a capability of the table's phones, not of any page."""
    web = app_web(web_app)
    make_event(web)
    token = make_token(web.secret, EVENT, 1)
    before = stored(web)
    reply = client.post(
        f"/t/{token}",
        data={**SHEET, "line": "ns", "round": "1"},
        headers={"Origin": "https://evil.example"},
    )
    assert reply.status_code == 403 and "altro sito" in reply.text
    assert stored(web) == before
    same = client.post(
        f"/t/{token}",
        data={**SHEET, "line": "ns", "round": "1", "proof": proof(web, token, "ns")},
        headers={"Origin": "http://testserver"},
    )
    assert same.status_code == 303


def test_malformed_posts_get_a_4xx_with_a_message(web_app: FastAPI, client: TestClient) -> None:
    """Bodies that are not forms, broken multipart, files, missing or bogus round and line,
    huge numbers: a 4xx with a message each, never a 500, nothing stored."""
    web = app_web(web_app)
    make_event(web)
    token = make_token(web.secret, EVENT, 1)
    url = f"/t/{token}"
    before = stored(web)
    cases = [
        client.post(url, content=b"\xff\xfe\x00garbage", headers={"Content-Type": "text/plain"}),
        client.post(url, json={"o1_ns_base": 300}),
        client.post(
            url,
            content=b'--x\r\nContent-Disposition: form-data; name="line"\r\n\r\nns',
            headers={"Content-Type": "multipart/form-data; boundary=x"},
        ),
        client.post(
            url,
            data={"line": "ns", "round": "1"},
            files={"f": ("a.txt", b"x"), "proof": proof(web, url, "ns")},
        ),
        client.post(url, data={**SHEET, "round": "1"}),
        client.post(
            url, data={**SHEET, "line": "nord", "round": "1", "proof": proof(web, url, "nord")}
        ),
        client.post(url, data={**SHEET, "line": "ns", "proof": proof(web, url, "ns")}),
        client.post(
            url, data={**SHEET, "line": "ns", "round": "uno", "proof": proof(web, url, "ns")}
        ),
        client.post(
            url,
            data={**SHEET, "line": "ns", "round": "99999999999", "proof": proof(web, url, "ns")},
        ),
        client.post(
            url,
            data={
                **SHEET,
                "line": "ns",
                "round": "1",
                "o1_ns_base": "9" * 40,
                "proof": proof(web, url, "ns"),
            },
        ),
        client.post(
            url,
            data={
                **SHEET,
                "line": "ns",
                "round": "1",
                "o1_ns_base": "1e3",
                "proof": proof(web, url, "ns"),
            },
        ),
        client.post(
            url,
            data={
                **SHEET,
                "line": "ns",
                "round": "1",
                "o1_ns_points": "",
                "proof": proof(web, url, "ns"),
            },
        ),
        client.post(url + "/preview", content=b"%%%", headers={"Content-Type": "x/y"}),
        client.get(url + "?line=" + "z" * 300),
    ]
    for reply in cases:
        assert 400 <= reply.status_code < 500, (reply.status_code, reply.text[:200])
        assert "error" in reply.text or "errore" in reply.text or "alert" in reply.text
    assert stored(web) == before


FIELDS = [
    *SHEET,
    "line",
    "round",
    "table",
    "o3_ns_base",
    "c1_ns_base",
    "",
]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    form=st.dictionaries(
        st.sampled_from(FIELDS) | st.text(max_size=8),
        st.text(max_size=12) | st.integers(-(10**9), 10**9).map(str),
        max_size=14,
    )
)
def test_fuzzed_forms_never_cause_a_500(
    web_app: FastAPI, client: TestClient, form: dict[str, str]
) -> None:
    """Whatever a phone posts, the answer is a redirect (a valid sheet) or a 4xx with a
    message; never a server error."""
    web = app_web(web_app)
    if not web.store.has_event(EVENT):
        make_event(web)
    token = make_token(web.secret, EVENT, 1)
    reply = client.post(f"/t/{token}", data=form)
    assert reply.status_code == 303 or 400 <= reply.status_code < 500, reply.text[:300]
    preview = client.post(f"/t/{token}/preview", data=form)
    assert preview.status_code == 200 or 400 <= preview.status_code < 500, preview.text[:300]


@settings(max_examples=200, deadline=None)
@given(
    event_id=st.text(min_size=1, max_size=30).filter(lambda s: "\x00" not in s),
    table=st.integers(1, 500),
    position=st.integers(0, 10_000),
    char=st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."),
)
def test_every_altered_token_is_refused(
    event_id: str, table: int, position: int, char: str
) -> None:
    """A token reads back as its (event, table, round); changing any one character of it
    makes it invalid (the HMAC covers the body, and each token has one spelling only)."""
    secret = b"s" * 32
    token = make_token(secret, event_id, table, 1 + table % 7)
    assert read_token(secret, token) == (event_id, table, 1 + table % 7)
    i = position % len(token)
    altered = token[:i] + char + token[i + 1 :]
    if altered != token:
        with pytest.raises(TokenError):
            read_token(secret, altered)


def test_table_pages_are_not_cached_nor_leak_their_token(
    web_app: FastAPI, client: TestClient
) -> None:
    """The table page carries its token: never stored by caches, never sent to another site
    as a referrer (same-origin, so that the form's own Origin check still works)."""
    web = app_web(web_app)
    make_event(web)
    token = make_token(web.secret, EVENT, 1)
    for reply in (
        client.get(f"/t/{token}?line=ns"),
        client.post(f"/t/{token}/preview", data=SHEET),
        send(client, token),
        client.get(f"/t/{token}x"),
    ):
        assert reply.headers["Cache-Control"] == "no-store"
        assert reply.headers["Referrer-Policy"] == "same-origin"
