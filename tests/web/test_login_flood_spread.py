"""A login flood does not stall the room (issue 29, "Login flood: the table page stays
fast"): the password hashing threads run at the lowest CPU priority, and refused logins are
held for a random time around their hold, so that a flood's clients do not come back all
together in waves the table pages queue behind. The figures are bench/login_flood.py's; no
timing is asserted here."""

from __future__ import annotations

import concurrent.futures
import os
import threading
import time

import anyio
import httpx
import pytest
from tests.web.fresh_loop import run_fresh

from arbitro.store import users
from arbitro.web import auth, guard


def test_passwords_are_hashed_at_the_lowest_cpu_priority() -> None:
    """A thread of the hashing pool runs at nice 19 (it was 10: four argon2 threads at nice
    10 weighed nearly as much as the thread serving a table page)."""

    def niceness() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    assert auth._hashing.submit(niceness).result(timeout=60) == 19 == auth.HASHING_NICE


def test_refused_logins_are_held_for_spread_out_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused login is held between half and one and a half times its hold, at random:
    100 refusals held for "1 s" come back over a second, not all at once."""
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(anyio, "sleep", sleep)

    async def hold_many() -> None:
        for _ in range(100):
            await guard.hold_refused_login(1.0)

    run_fresh(hold_many)
    assert len(slept) == 100
    assert all(0.5 <= s <= 1.5 for s in slept)
    assert len(set(slept)) >= 50
    assert min(slept) < 0.8 and max(slept) > 1.2
    assert 0.8 <= sum(slept) / 100 <= 1.2


class GateHasher:
    """A password hasher whose every hash waits at a gate the test opens, counting the
    hashes begun."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.begun = 0
        self.lock = threading.Lock()

    def hash(self, password: str) -> str:
        with self.lock:
            self.begun += 1
        self.gate.wait(120)
        return "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g"

    def verify(self, password_hash: str, password: str) -> bool:
        raise AssertionError("no account exists: nothing to verify")


def _until_all_but_one(
    futures: list[concurrent.futures.Future[int]], timeout: float
) -> tuple[set[concurrent.futures.Future[int]], set[concurrent.futures.Future[int]]]:
    """The futures done and not done once all but one are done, or at ``timeout``: the one
    held at the hasher's gate never finishes before the test opens it, so waiting for them
    all would always last the whole timeout."""
    done: set[concurrent.futures.Future[int]] = set()
    waiting = set(futures)
    deadline = time.monotonic() + timeout
    while len(waiting) > 1 and time.monotonic() < deadline:
        finished, waiting = concurrent.futures.wait(
            waiting,
            timeout=deadline - time.monotonic(),
            return_when=concurrent.futures.FIRST_COMPLETED,
        )
        done |= finished
    return done, waiting


def test_a_floods_first_logins_hash_one_password_not_one_each(
    live_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a flood's start (no check measured yet) 20 logins for unknown accounts from 20
    addresses hash one password to measure a check, not one each: while that hash is held,
    the others are answered (401 after the guessed time, or 429) without hashing. Before,
    every hashing thread and the whole queue hashed, 64 MiB each, while the pages waited."""
    hasher = GateHasher()
    monkeypatch.setattr(users, "_hasher", hasher)
    monkeypatch.setenv(auth.TRUST_PROXY_ENV, "1")

    def wrong(i: int) -> int:
        with httpx.Client(base_url=live_server, timeout=120) as c:
            reply = c.post(
                "/login",
                data={"username": f"intruso{i}", "password": "sbagliata"},
                headers={"X-Forwarded-For": f"10.2.0.{i}"},
            )
            return int(reply.status_code)

    with concurrent.futures.ThreadPoolExecutor(max_workers=20) as pool:
        flood = [pool.submit(wrong, i) for i in range(20)]
        try:
            done, waiting = _until_all_but_one(flood, timeout=60)
            assert len(done) == 19 and len(waiting) == 1  # one is hashing, held at the gate
            assert {f.result() for f in done} <= {401, 429}
            assert hasher.begun == 1
        finally:
            hasher.gate.set()
        assert [f.result() for f in waiting] == [401]
