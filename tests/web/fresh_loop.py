"""Run a coroutine function to its end on a fresh event loop in a thread of its own.

The browser tests' session-wide Playwright keeps an event loop running in the main thread of
the pytest worker for the rest of the session, so ``asyncio.run``/``anyio.run`` called there by
a later test fails ("cannot be called from a running event loop"): a test that drives ASGI
code by hand runs it here instead, wherever it is scheduled."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import anyio

T = TypeVar("T")


def run_fresh(func: Callable[[], Awaitable[T]]) -> T:
    """``anyio.run(func)`` in a new thread, its result or its exception returned here."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(anyio.run, func).result()
