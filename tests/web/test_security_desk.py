"""Security of the director's desk and of the API's write endpoints: login required on every
desk page and form, forms protected against cross-site requests (a CSRF token tied to the
session, and the Origin/Referer host), sessions signed and HttpOnly/SameSite=Lax, passwords
kept only as argon2id hashes, the installation's secret persisted."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from arbitro.store import users
from arbitro.web import auth, csrf

PARAMS = {
    "event_id": "serata",
    "n": "1",
    "table": "1",
    "kind": "seating",
    "competitor": "1",
    "number": "1",  # a registry player's page (/desk/players/{number})
    "series_id": "stagione",  # a series' page (/desk/series/{series_id})
}
POST_ACTIONS = {
    "/desk/e/{event_id}/r/{n}/t/{table}/{action}": ["enter", "confirm", "correct"],
}


def all_routes(routes: list[Any]) -> list[APIRoute]:
    """The API routes, looking inside included routers."""
    found: list[APIRoute] = []
    for route in routes:
        if isinstance(route, APIRoute):
            found.append(route)
        elif hasattr(route, "original_router"):
            found.extend(all_routes(route.original_router.routes))
    return found


def desk_routes(app: FastAPI, method: str) -> list[str]:
    """Every desk URL for ``method`` with its path parameters filled in."""
    urls = []
    for route in all_routes(app.routes):
        if method not in (route.methods or set()):
            continue
        path = route.path
        if not path.startswith("/desk"):
            continue
        for action in POST_ACTIONS.get(path, [""]):
            values = {**PARAMS, "action": action}
            urls.append(path.format(**values))
    return urls


def record_count(app: FastAPI, event_id: str = "serata") -> int:
    return len(app.state.web.store.records(event_id))


def test_every_desk_page_requires_login(
    client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Without a session every desk page redirects (303) to the login page, back to it after."""
    make_event("serata")
    urls = desk_routes(web_app, "GET")
    assert len(urls) >= 9
    for url in urls:
        response = client.get(url)
        assert response.status_code == 303, url
        assert response.headers["location"].startswith("/login?next=%2Fdesk"), url


def test_every_desk_form_requires_login_and_records_nothing(
    client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Without a session every desk POST is refused (to the login page) and nothing is
    recorded."""
    make_event("serata")
    before = record_count(web_app)
    urls = desk_routes(web_app, "POST")
    assert len(urls) >= 17
    for url in urls:
        response = client.post(url, data={"name": "X", "competitor": "1", "reason": "r"})
        assert response.status_code == 303, url
        assert response.headers["location"].startswith("/login"), url
    assert record_count(web_app) == before
    assert [e.event_id for e in web_app.state.web.store.list_events()] == ["serata"]


def test_a_form_without_the_csrf_token_is_refused(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A logged-in director's form POST without the session's token, or with another
    session's, is refused with 403 and records nothing."""
    make_event("serata")
    director_client.headers.pop(csrf.CSRF_HEADER)
    before = record_count(web_app)
    url = "/desk/e/serata/r/1/warning"
    form = {"competitor": "1", "reason": "parlava"}
    assert director_client.post(url, data=form).status_code == 403
    assert director_client.post(url, data={**form, "csrf": "0" * 64}).status_code == 403
    other = csrf.token_for(web_app.state.web.secret, "another-session-nonce")
    assert director_client.post(url, data={**form, "csrf": other}).status_code == 403
    assert record_count(web_app) == before
    ok = director_client.post(url, data={**form, "csrf": director_client.csrf})
    assert ok.status_code == 303 and record_count(web_app) == before + 1


@pytest.mark.parametrize("header", ["origin", "referer"])
def test_a_cross_site_post_is_refused(
    director_client: TestClient, web_app: FastAPI, make_event: Any, header: str
) -> None:
    """A POST sent by a page of another site (its Origin, or its Referer, names another host)
    is refused with 403 even though the browser sends the session cookie and the token."""
    make_event("serata")
    before = record_count(web_app)
    evil = {"origin": "https://evil.example", "referer": "https://evil.example/page"}[header]
    response = director_client.post(
        "/desk/e/serata/r/1/warning",
        data={"competitor": "1", "reason": "x", "csrf": director_client.csrf},
        headers={header: evil},
    )
    assert response.status_code == 403
    assert record_count(web_app) == before
    same = director_client.post(
        "/desk/e/serata/r/1/warning",
        data={"competitor": "1", "reason": "x", "csrf": director_client.csrf},
        headers={header: "http://testserver/desk/e/serata/r/1"},
    )
    assert same.status_code == 303


def test_cross_site_login_and_logout_are_refused(
    client: TestClient, director: tuple[str, str]
) -> None:
    """A login form posted from another site is refused (no session planted)."""
    response = client.post(
        "/login",
        data={"username": director[0], "password": director[1]},
        headers={"origin": "https://evil.example"},
    )
    assert response.status_code == 403
    assert auth.SESSION_COOKIE not in client.cookies


def test_login_sets_a_signed_httponly_samesite_cookie(
    client: TestClient, director: tuple[str, str]
) -> None:
    """A right password starts a session: cookie HttpOnly and SameSite=Lax; a wrong one is
    refused with 401 and the message on the login page."""
    wrong = client.post("/login", data={"username": director[0], "password": "sbagliata!"})
    assert wrong.status_code == 401 and "Nome utente o password errati." in wrong.text
    ok = client.post(
        "/login", data={"username": director[0], "password": director[1], "next": "/desk/new"}
    )
    assert ok.status_code == 303 and ok.headers["location"] == "/desk/new"
    cookie = ok.headers["set-cookie"]
    assert cookie.startswith(f"{auth.SESSION_COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie.replace("Lax", "lax")
    assert director[1] not in cookie
    assert client.get("/desk/new").status_code == 200


def test_login_never_redirects_to_another_site(
    client: TestClient, director: tuple[str, str]
) -> None:
    """``next`` is followed only when it is a local path (no open redirect)."""
    for target in ("https://evil.example/", "//evil.example/x", "/\\evil.example"):
        ok = client.post(
            "/login", data={"username": director[0], "password": director[1], "next": target}
        )
        assert ok.headers["location"] == "/desk", target


def test_forged_or_expired_sessions_are_refused(
    client: TestClient, web_app: FastAPI, director: tuple[str, str]
) -> None:
    """A session signed with another secret, tampered with, or older than its lifetime does
    not let anyone in."""
    secret = web_app.state.web.secret
    forged = auth.make_session(b"x" * 32, director[0])
    good = auth.start_session(web_app.state.web, director[0])
    body, signature = good.split(".")
    unrecorded = auth.make_session(secret, director[0])  # signed, never kept by the server
    tampered = auth.make_session(secret, "intruso").split(".")[0] + "." + signature
    expired = auth.make_session(secret, director[0], now=0)
    for value in (forged, tampered, expired, "garbage", body, unrecorded):
        client.cookies.set(auth.SESSION_COOKIE, value)
        assert client.get("/desk").status_code == 303
    client.cookies.set(auth.SESSION_COOKIE, good)
    assert client.get("/desk").status_code == 200


def test_logout_ends_the_session(director_client: TestClient) -> None:
    """Logging out (a POST with the token) clears the session cookie."""
    assert director_client.get("/desk").status_code == 200
    response = director_client.post("/logout", data={"csrf": director_client.csrf})
    assert response.status_code == 303
    assert director_client.get("/desk").status_code == 303


def test_password_is_stored_as_argon2id_never_in_clear(
    web_app: FastAPI, director: tuple[str, str], database_file: Path
) -> None:
    """The password is kept only as an argon2id hash; the clear text appears nowhere in the
    database file."""
    stored = users.password_hash_of(web_app.state.web.store, director[0])
    assert stored is not None and stored.startswith("$argon2id$")
    assert director[1] not in stored
    web_app.state.web.store.close()
    raw = b"".join(
        p.read_bytes() for p in database_file.parent.iterdir() if p.name.startswith("web.sqlite3")
    )
    assert director[1].encode() not in raw
    with sqlite3.connect(database_file) as db:
        rows = db.execute("SELECT name, password_hash FROM users").fetchall()
    assert rows == [(director[0], stored)]


def test_api_writes_need_a_director(
    client: TestClient, web_app: FastAPI, make_event: Any, director: tuple[str, str]
) -> None:
    """The API's write endpoints answer 401 without a token or session, 403 for a session
    cookie without the CSRF header or from another site; a bearer token works."""
    make_event("serata")
    before = record_count(web_app)
    url = "/api/events/serata/rounds/1/warnings"
    body = {"competitor": 1, "reason": "parlava"}
    anonymous = client.post(url, json=body)
    assert anonymous.status_code == 401
    assert anonymous.json()["error"]["msgid"] == "director login required"
    assert client.post(url, json=body, headers={"Authorization": "Bearer nope"}).status_code == 401
    client.post("/login", data={"username": director[0], "password": director[1]})
    assert client.post(url, json=body).status_code == 403
    session = auth.read_session(web_app.state.web.secret, client.cookies.get(auth.SESSION_COOKIE))
    assert session is not None
    token = csrf.token_for(web_app.state.web.secret, session.nonce)
    cross = client.post(
        url, json=body, headers={csrf.CSRF_HEADER: token, "origin": "https://evil.example"}
    )
    assert cross.status_code == 403
    assert record_count(web_app) == before
    assert client.post(url, json=body, headers={csrf.CSRF_HEADER: token}).status_code == 200
    client.cookies.clear()
    issued = client.post("/api/token", json={"username": director[0], "password": director[1]})
    bearer = {"Authorization": f"Bearer {issued.json()['access_token']}"}
    assert client.post(url, json=body, headers=bearer).status_code == 200
    assert record_count(web_app) == before + 2


def test_demo_director_gets_a_working_password(client: TestClient, web_app: FastAPI) -> None:
    """``arbitro serve --demo`` creates the director ``demo`` with a printed password, which
    logs in; calling it again gives a new password (the old one stops working)."""
    store = web_app.state.web.store
    first = auth.ensure_demo_director(store)
    second = auth.ensure_demo_director(store)
    assert first != second and len(second) >= users.MIN_PASSWORD_LENGTH
    assert not users.authenticate(store, auth.DEMO_DIRECTOR, first)
    response = client.post("/login", data={"username": "demo", "password": second})
    assert response.status_code == 303


def test_the_secret_is_random_persisted_and_overridable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The installation's secret is random, the same for every process on one database, and
    ``ARBITRO_SECRET`` overrides it."""
    from arbitro.store import RecordStore
    from arbitro.web.secret import load_secret

    one = RecordStore(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    other = RecordStore(f"sqlite:///{tmp_path / 'b.sqlite3'}")
    try:
        first = load_secret(one)
        assert len(first) == 32 and load_secret(one) == first
        again = RecordStore(one.url)
        assert load_secret(again) == first
        again.close()
        assert load_secret(other) != first
        monkeypatch.setenv("ARBITRO_SECRET", "la-chiave-del-circolo")
        assert load_secret(one) == load_secret(other) != first
    finally:
        one.close()
        other.close()
