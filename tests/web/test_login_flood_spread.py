"""A login flood does not stall the room (issue 29, "Login flood: the table page stays
fast"): the password hashing threads run at the lowest CPU priority, and refused logins are
held for a random time around their hold, so that a flood's clients do not come back all
together in waves the table pages queue behind. The figures are bench/login_flood.py's; no
timing is asserted here."""

from __future__ import annotations

import asyncio
import os
import threading

import anyio
import pytest

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

    asyncio.run(hold_many())
    assert len(slept) == 100
    assert all(0.5 <= s <= 1.5 for s in slept)
    assert len(set(slept)) >= 50
    assert min(slept) < 0.8 and max(slept) > 1.2
    assert 0.8 <= sum(slept) / 100 <= 1.2
