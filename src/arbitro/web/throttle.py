"""Login throttling: wrong passwords counted per client address and per account in a sliding
window (in this process's memory; a restart forgets them).

``MAX_FAILURES`` failures within ``WINDOW_SECONDS`` from one address, or for one account,
close the door to it until the oldest failure leaves the window; a good password clears the
account's count (not the address's).
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable

MAX_FAILURES = 5
WINDOW_SECONDS = 60.0
MAX_TRACKED = 10_000
"""Addresses and accounts remembered at most (the oldest are forgotten first)."""


class LoginThrottle:
    """Failures per address and per account; ``retry_after`` says how long to wait (0: go)."""

    def __init__(
        self,
        max_failures: int = MAX_FAILURES,
        window: float = WINDOW_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_failures = max_failures
        self.window = window
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._failures.get(key)
        if times is None:
            return deque()
        while times and now - times[0] >= self.window:
            times.popleft()
        if not times:
            del self._failures[key]
        return times

    def retry_after(self, address: str, account: str | None) -> int:
        """Seconds before ``address`` may try ``account`` (any, if None) again (0: now)."""
        now = self.clock()
        keys = [f"a:{address}"] + ([] if account is None else [f"u:{account}"])
        with self._lock:
            wait = 0.0
            for key in keys:
                times = self._recent(key, now)
                if len(times) >= self.max_failures:
                    wait = max(wait, times[-self.max_failures] + self.window - now)
        return max(1, math.ceil(wait)) if wait > 0 else 0

    def failed(self, address: str, account: str) -> None:
        """Count a wrong password from ``address`` for ``account``."""
        now = self.clock()
        with self._lock:
            if len(self._failures) >= MAX_TRACKED:
                oldest = min(self._failures, key=lambda k: self._failures[k][-1])
                del self._failures[oldest]
            for key in (f"a:{address}", f"u:{account}"):
                self._recent(key, now)
                self._failures.setdefault(key, deque(maxlen=self.max_failures)).append(now)

    def succeeded(self, address: str, account: str) -> None:
        """A good password: the account's failures are forgotten."""
        with self._lock:
            self._failures.pop(f"u:{account}", None)
