"""A login flood does not stall the room (issue 13 §3): the whole process spends a bounded
budget of time checking passwords, every login beyond it is answered 429 at once (without a
password check), a director who retries after the flood gets in, and a login for an unknown
account hashes no password once a check has been measured. No timing is asserted."""

from __future__ import annotations

from typing import TypeVar

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.store import users as user_store
from arbitro.web import guard
from arbitro.web.throttle import ACCOUNT_FAILURES, HashingBudget

T = TypeVar("T")


class Ticks:
    """A monotonic clock standing still until advanced."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Held:
    """The holds given to refused logins (instead of waiting them)."""

    def __init__(self) -> None:
        self.seconds: list[float] = []

    async def append_async(self, seconds: float) -> None:
        self.seconds.append(seconds)


@pytest.fixture
def held() -> Held:
    return Held()


@pytest.fixture
def ticks(web_app: FastAPI, monkeypatch: pytest.MonkeyPatch, held: Held) -> Ticks:
    """The app's hashing budget on a still clock: 2 s of checking at once, refilled at 1 s a
    second, each check costing at least 1 s (so: two checks, then 429); every client claims
    its own address (``X-Forwarded-For`` behind a trusted proxy), as a spread-out flood does."""
    monkeypatch.setenv("ARBITRO_TRUST_PROXY", "1")
    monkeypatch.setattr(guard, "hold_refused_login", held.append_async)
    clock = Ticks()
    web_app.state.web.hashing_budget = HashingBudget(share=1.0, burst=2.0, floor=1.0, clock=clock)
    return clock


def login(client: TestClient, user: str, password: str, address: str) -> int:
    reply = client.post(
        "/login",
        data={"username": user, "password": password},
        headers={"X-Forwarded-For": address},
    )
    status: int = reply.status_code
    return status


def _note(seen: list[str], what: str, answer: T) -> T:
    """Note ``what`` in ``seen`` and answer ``answer`` (a spy's body)."""
    seen.append(what)
    return answer


def test_logins_over_the_hashing_budget_are_refused_at_once(
    client: TestClient, ticks: Ticks, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over the budget a login is answered 429 with ``Retry-After`` and no password is
    checked, whatever address or account it claims."""
    assert login(client, "intruso1", "sbagliata", "10.0.0.1") == 401
    assert login(client, "intruso2", "sbagliata", "10.0.0.2") == 401
    checked: list[str] = []
    monkeypatch.setattr(user_store, "verify_password", lambda *a: _note(checked, "v", False))
    monkeypatch.setattr(user_store, "hash_password", lambda *a: _note(checked, "h", ""))
    for i in range(3, 10):
        reply = client.post(
            "/login",
            data={"username": f"intruso{i}", "password": "sbagliata"},
            headers={"X-Forwarded-For": f"10.0.0.{i}"},
        )
        assert reply.status_code == 429
        assert int(reply.headers["retry-after"]) >= 1
    assert checked == []


def test_a_director_retrying_after_the_flood_gets_in(
    client: TestClient, director: tuple[str, str], ticks: Ticks
) -> None:
    """During the flood even the director's right password is answered 429 (the room comes
    first); once the budget refills the director logs in, and the flood did not lock the
    director's account (its addresses and accounts were others)."""
    for i in range(1, 8):
        login(client, f"intruso{i}", "sbagliata", f"10.0.1.{i}")
    assert login(client, director[0], director[1], "192.168.1.10") == 429
    ticks.now += 2.0
    assert login(client, director[0], director[1], "192.168.1.10") == 303


def test_the_per_account_throttle_still_holds_within_the_budget(
    client: TestClient, director: tuple[str, str], ticks: Ticks
) -> None:
    """Wrong passwords for one account from fresh addresses pace it (429) with budget to
    spare: 20 free in 15 minutes, one more check, then the account's next turn (issue 29)."""
    for i in range(ACCOUNT_FAILURES + 1):
        ticks.now += 2.0
        assert login(client, director[0], "sbagliata", f"10.0.2.{i}") == 401
    ticks.now += 2.0
    assert login(client, director[0], director[1], "10.0.2.99") == 429


def test_an_unknown_account_hashes_no_password_once_a_check_was_measured(
    web_app: FastAPI,
    client: TestClient,
    director: tuple[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After one real check, logins for unknown accounts are answered 401 like a wrong
    password, without hashing (they wait the typical check time, asleep)."""
    monkeypatch.setenv("ARBITRO_TRUST_PROXY", "1")
    assert login(client, director[0], "sbagliata", "10.0.3.1") == 401
    assert web_app.state.web.hashing_budget.typical is not None
    hashed: list[str] = []
    real_hash, real_verify = user_store.hash_password, user_store.verify_password
    monkeypatch.setattr(user_store, "hash_password", lambda p: _note(hashed, p, real_hash(p)))
    monkeypatch.setattr(
        user_store, "verify_password", lambda h, p: _note(hashed, p, real_verify(h, p))
    )
    for i in range(3):
        assert login(client, f"nessuno{i}", "sbagliata", f"10.0.3.{10 + i}") == 401
    assert hashed == []
    assert login(client, director[0], director[1], "10.0.3.20") == 303
    assert hashed == [director[1]]


def test_a_refused_login_is_held_before_its_answer(
    client: TestClient, ticks: Ticks, held: Held
) -> None:
    """A login refused over the budget waits a moment (at most its ``Retry-After``, at most
    a second) before the 429: a flooding client sends one login a second, not hundreds."""
    for i in range(1, 3):
        assert login(client, f"intruso{i}", "sbagliata", f"10.0.4.{i}") == 401
    assert held.seconds == []
    reply = client.post(
        "/login",
        data={"username": "intruso3", "password": "sbagliata"},
        headers={"X-Forwarded-For": "10.0.4.3"},
    )
    assert reply.status_code == 429
    assert held.seconds == [min(float(reply.headers["retry-after"]), guard.LOGIN_REFUSAL_HOLD)]
