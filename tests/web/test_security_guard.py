"""Issue 13 §2, §3, §4, §9: every write done once (idempotency keys), no one stalls the room
(login throttling, bounded password hashing, request size limits), sessions that end
(logout and password changes revoke them), security headers, and a page saying to retry when
the server fails. The tests of the limits start the real app (uvicorn on loopback)."""

from __future__ import annotations

import concurrent.futures
import json
import socket
import threading
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from argon2.exceptions import VerifyMismatchError
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from arbitro.store import users
from arbitro.web import auth, bodies, throttle

WRONG = "not-the-password"


def records_of(app: FastAPI, event_id: str) -> int:
    """How many records the event's log holds."""
    return len(app.state.web.store.records(event_id))


def login(client: TestClient | httpx.Client, name: str, password: str, **kw: Any) -> Any:
    return client.post("/login", data={"username": name, "password": password}, **kw)


# ---------------------------------------------------------------- §3 login throttling


def test_five_wrong_passwords_a_minute_close_the_door_with_retry_after(
    client: TestClient, director: tuple[str, str]
) -> None:
    """Issue 13 §3: after 5 wrong passwords from one address within a minute the login
    answers 429 with ``Retry-After`` (the right password too), without hashing anything."""
    for _ in range(5):
        assert login(client, director[0], WRONG).status_code == 401
    refused = login(client, director[0], director[1])
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert "Troppi tentativi" in refused.text
    api = client.post("/api/token", json={"username": director[0], "password": director[1]})
    assert api.status_code == 429 and "retry-after" in api.headers


def test_the_throttle_counts_per_account_across_addresses(
    client: TestClient, director: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 §3, issue 29: 20 wrong passwords for one account from 20 addresses (behind
    the trusted proxy, ``X-Forwarded-For``) pace that account, not the others: one more check,
    then 429 from every address until the account's next turn."""
    monkeypatch.setenv(auth.TRUST_PROXY_ENV, "1")
    for i in range(throttle.ACCOUNT_FAILURES + 1):
        reply = login(client, director[0], WRONG, headers={"X-Forwarded-For": f"10.0.0.{i}"})
        assert reply.status_code == 401
    other = login(client, director[0], director[1], headers={"X-Forwarded-For": "10.0.0.99"})
    assert other.status_code == 429
    unknown = login(client, "altro", WRONG, headers={"X-Forwarded-For": "10.0.0.98"})
    assert unknown.status_code == 401


class GateHasher:
    """A password hasher whose every check waits at a gate the test opens: while it is shut,
    each hashing thread the server has is busy, as under a flood of real argon2 checks."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.busy = threading.Semaphore(0)

    def verify(self, password_hash: str, password: str) -> bool:
        self.busy.release()
        self.gate.wait(120)
        raise VerifyMismatchError

    def hash(self, password: str) -> str:
        self.busy.release()
        self.gate.wait(120)
        return "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g"


def test_a_login_flood_does_not_stall_the_pages(
    live_server: str, director: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 §3: 30 concurrent wrong-password logins (from 30 addresses) on the real
    server while every hashing thread is held busy: the pool's queue is bounded (the excess
    is answered 429 at once, without waiting for a thread), and pages asked meanwhile are
    answered while the checks still hang (hashing runs in its own pool of threads, off the
    event loop). The figures with real argon2 costs are bench/login_flood.py's."""
    hasher = GateHasher()
    monkeypatch.setattr(users, "_hasher", hasher)
    monkeypatch.setenv(auth.TRUST_PROXY_ENV, "1")
    threads, queue = auth.HASHING_THREADS, auth.HASHING_QUEUE

    def wrong(i: int) -> int:
        with httpx.Client(base_url=live_server, timeout=120) as c:
            headers = {"X-Forwarded-For": f"10.1.0.{i}"}
            return int(login(c, director[0], WRONG, headers=headers).status_code)

    with concurrent.futures.ThreadPoolExecutor(max_workers=30) as pool:
        flood = [pool.submit(wrong, i) for i in range(30)]
        try:
            for _ in range(threads):  # every hashing thread is in a check, held at the gate
                assert hasher.busy.acquire(timeout=60)
            refused = concurrent.futures.wait(
                flood, timeout=60, return_when=concurrent.futures.FIRST_COMPLETED
            ).done
            assert refused and {f.result() for f in refused} == {429}
            with httpx.Client(base_url=live_server, timeout=60) as c:
                for path in ("/", "/login", "/", "/login", "/"):
                    assert c.get(path).status_code == 200  # answered: the checks still hang
            assert not hasher.gate.is_set() and sum(not f.done() for f in flood) >= threads
        finally:
            hasher.gate.set()
        statuses = [f.result() for f in flood]
    assert set(statuses) <= {401, 429}, statuses
    assert threads <= statuses.count(401) <= threads + queue  # at most the pool and its queue
    assert statuses.count(429) >= 30 - threads - queue


# ---------------------------------------------------------------- §4 sessions


def test_logout_revokes_the_cookie_and_the_bearer_token(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Issue 13 §4: after logout the old cookie neither opens the desk nor acts as an API
    bearer token."""
    old = director_client.cookies.get(auth.SESSION_COOKIE)
    assert old and director_client.get("/desk").status_code == 200
    out = director_client.post("/logout", data={"csrf": director_client.csrf})
    assert out.status_code == 303
    with TestClient(web_app, follow_redirects=False) as thief:
        thief.cookies.set(auth.SESSION_COOKIE, old)
        assert thief.get("/desk").status_code == 303
        thief.cookies.clear()
        body = {"name": "X", "event_format": "pairs", "rounds": 1, "deals": [2]}
        api = thief.post("/api/events", json=body, headers={"Authorization": f"Bearer {old}"})
        assert api.status_code == 401


def test_a_password_change_revokes_every_session(
    director_client: TestClient, client: TestClient, web_app: FastAPI, director: tuple[str, str]
) -> None:
    """Issue 13 §4: a password change ends the user's sessions (the desk's cookie and the
    API's tokens)."""
    token = client.post("/api/token", json={"username": director[0], "password": director[1]})
    bearer = {"Authorization": f"Bearer {token.json()['access_token']}"}
    assert client.get("/desk", headers=bearer).status_code == 200
    users.set_password(web_app.state.web.store, director[0], "una-nuova-password")
    assert director_client.get("/desk").status_code == 303
    assert client.get("/desk", headers=bearer).status_code == 303


def test_the_cookie_is_secure_over_https_and_behind_a_trusted_proxy(
    web_app: FastAPI, director: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 §4: ``Secure`` session cookies over HTTPS (the request's scheme, or
    ``X-Forwarded-Proto`` from a proxy the installation declares); plain HTTP without."""
    with TestClient(web_app, base_url="https://arbitro.test", follow_redirects=False) as tls:
        cookie = login(tls, *director).headers["set-cookie"]
        assert "Secure" in cookie and "HttpOnly" in cookie
    proxied = {"X-Forwarded-Proto": "https"}
    with TestClient(web_app, follow_redirects=False) as plain:
        assert "Secure" not in login(plain, *director, headers=proxied).headers["set-cookie"]
        monkeypatch.setenv(auth.TRUST_PROXY_ENV, "1")
        assert "Secure" in login(plain, *director, headers=proxied).headers["set-cookie"]


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    """Issue 13 §4: CSP (no framing), X-Frame-Options, Referrer-Policy, nosniff on pages,
    the API, static files and refusals (crashes: the outage test)."""
    for path in ("/", "/login", "/api/events", "/static/arbitro.css", "/nowhere", "/desk"):
        headers = client.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert "script-src 'self'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY", path
        assert headers["referrer-policy"] == "same-origin", path
        assert headers["x-content-type-options"] == "nosniff", path


# ---------------------------------------------------------------- §3 request sizes


def raw_request(base: str, head: str) -> bytes:
    """Send only a request's head (no body) and read the answer: a limit that holds answers
    without waiting for the body."""
    url = urlsplit(base)
    with socket.create_connection((url.hostname, url.port), timeout=10) as sock:
        sock.sendall(head.encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    return data


def bearer(base: str, director: tuple[str, str]) -> str:
    """A director's API token from the live server (``POST /api/token``)."""
    reply = httpx.post(
        f"{base}/api/token", json={"username": director[0], "password": director[1]}, timeout=30
    )
    assert reply.status_code == 200, reply.text
    token: str = reply.json()["access_token"]
    return token


def test_an_oversized_body_is_refused_413_before_it_is_read(
    live_server: str, director: tuple[str, str]
) -> None:
    """Issue 13 §3: a form or API body declared over 2 MiB (an import over 20 MiB) is
    answered 413 from its head alone; the body is never waited for. Sent by a director: a
    stranger's write to the desk or the API is refused before its size matters (issue 29,
    tests/web/test_security_bodies.py)."""
    token = bearer(live_server, director)
    for path, size in (
        ("/login", bodies.MAX_BODY_BYTES + 1),
        ("/api/events", bodies.MAX_BODY_BYTES + 1),
        ("/api/events/import", bodies.body_limit("/api/events/import") + 1),
        ("/desk/import", bodies.body_limit("/desk/import") + 1),
    ):
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {size}\r\n\r\n"
        )
        answer = raw_request(live_server, head)
        assert answer.startswith(b"HTTP/1.1 413"), (path, answer[:200])


def test_a_body_without_length_is_cut_at_the_limit(
    live_server: str, director: tuple[str, str]
) -> None:
    """Issue 13 §3: a chunked body (no ``Content-Length``) passing the limit is answered
    413 (the four 200 MiB bodies of the probe never reach the app)."""
    token = bearer(live_server, director)

    def chunks() -> Any:
        for _ in range(40):
            yield b"x" * (64 * 1024)

    with httpx.Client(base_url=live_server, timeout=30) as c:
        reply = c.post(
            "/api/events",
            content=chunks(),
            headers={"content-type": "text/plain", "authorization": f"Bearer {token}"},
        )
    assert reply.status_code == 413
    assert reply.json()["error"]["message"].startswith("La richiesta è troppo grande")


def test_an_import_may_be_larger_than_a_form(director_client: TestClient) -> None:
    """Issue 13 §3: an event file up to 20 MiB reaches the import (refused there for what it
    holds, not for its size)."""
    big = json.dumps({"padding": "x" * (3 * 1024 * 1024)})
    reply = director_client.post(
        "/api/events/import", content=big, headers={"content-type": "application/json"}
    )
    assert reply.status_code not in (413, 500)


def test_deeply_nested_json_is_400_never_a_traceback(
    director_client: TestClient, client: TestClient
) -> None:
    """Issue 13 §7/§9: a deeply nested JSON body (API) or event file (desk upload) is
    refused 400 with a message, never a 500."""
    nested = "[" * 100_000 + "]" * 100_000
    api = director_client.post(
        "/api/events/import", content=nested, headers={"content-type": "application/json"}
    )
    assert api.status_code in (400, 422) and "error" in api.json()
    desk = director_client.post(
        "/desk/import",
        data={"csrf": director_client.csrf, "event_id": "annidato"},
        files={"file": ("e.json", nested.encode(), "application/json")},
    )
    assert desk.status_code == 400 and "Traceback" not in desk.text


# ---------------------------------------------------------------- §2 idempotency


def test_an_api_write_with_the_same_idempotency_key_is_done_once(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Issue 13 §2 (FIBAS art. 41, warnings): the same warning sent twice with one
    ``Idempotency-Key`` records one warning; the second answer is the first one's."""
    event = make_event("once")
    before = records_of(web_app, event)
    url = f"/api/events/{event}/rounds/1/warnings"
    body = {"competitor": 1, "reason": "parla al compagno"}
    key = {"Idempotency-Key": "warning-0001-abcdef"}
    first = director_client.post(url, json=body, headers=key)
    second = director_client.post(url, json=body, headers=key)
    assert first.status_code == second.status_code == 200, first.text
    assert second.json() == first.json()
    assert second.headers["idempotent-replayed"] == "true"
    assert records_of(web_app, event) == before + 1
    other = director_client.post(url, json=body, headers={"Idempotency-Key": "warning-0002-xyz"})
    assert other.status_code == 200 and records_of(web_app, event) == before + 2


def test_a_desk_form_sent_twice_with_its_key_records_once(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Issue 13 §2 (FIBAS art. 41): a double submission of the desk's warning form (same
    hidden ``_key``) is answered with the first redirect and records nothing more."""
    event = make_event("desk-once")
    before = records_of(web_app, event)
    form = {"csrf": director_client.csrf, "_key": "form-key-0001-abc", "competitor": "2"}
    form["reason"] = "ritardo nel gioco"
    url = f"/desk/e/{event}/r/1/warning"
    first = director_client.post(url, data=form)
    second = director_client.post(url, data=form)
    assert first.status_code == 303, first.text
    assert second.status_code == 303 and second.headers["location"] == first.headers["location"]
    assert records_of(web_app, event) == before + 1


def test_a_refused_write_forgets_its_key_and_a_bad_key_is_refused(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Issue 13 §2: a write refused (nothing recorded) may be sent again with the same key;
    a key that is not 8-200 printable characters is refused 400."""
    event = make_event("again")
    url = f"/api/events/{event}/rounds/1/warnings"
    key = {"Idempotency-Key": "retry-key-0001"}
    refused = director_client.post(url, json={"competitor": 99, "reason": "x"}, headers=key)
    assert refused.status_code >= 400
    ok = director_client.post(url, json={"competitor": 1, "reason": "x"}, headers=key)
    assert ok.status_code == 200
    bad = director_client.post(url, json={"competitor": 1}, headers={"Idempotency-Key": "a"})
    assert bad.status_code == 400


def test_the_form_macro_gives_a_fresh_key(web_app: FastAPI) -> None:
    """Issue 13 §2: ``{{ once() }}`` from templates/idempotency.html is a hidden ``_key``
    field, different at every render."""
    env = web_app.state.web.templates.env
    template = env.from_string('{% from "idempotency.html" import once %}{{ once() }}')
    first, second = template.render(), template.render()
    assert 'type="hidden" name="_key"' in first and first != second


# ---------------------------------------------------------------- §9 failures


def test_a_database_outage_shows_a_page_that_says_to_retry(
    web_app: FastAPI, make_event: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 §9: with PostgreSQL (or any database) unreachable, pages answer 503 with
    ``Retry-After`` and a page saying to try again (never a bare "Internal Server Error");
    the API answers JSON."""
    event = make_event("outage")

    def unreachable(event_id: str) -> Any:
        raise OperationalError("SELECT 1", {}, Exception("connection refused"))

    monkeypatch.setattr(web_app.state.web.service, "state", unreachable)
    with TestClient(web_app, raise_server_exceptions=False) as c:
        page = c.get(f"/e/{event}")
        assert page.status_code == 503 and page.headers["retry-after"] == "5"
        assert "riprovare" in page.text and "Internal Server Error" not in page.text
        assert 'href="/e/outage"' in page.text  # the "Try again" link
        assert page.headers["x-frame-options"] == "DENY"
        api = c.get(f"/api/events/{event}")
        assert api.status_code == 503 and api.json()["error"]["msgid"].startswith("The database")
