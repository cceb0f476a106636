"""Login throttling: wrong passwords counted per client address and per account in a sliding
window (in this process's memory; a restart forgets them).

``MAX_FAILURES`` failures within ``WINDOW_SECONDS`` from one address, or for one account,
close the door to it until the oldest failure leaves the window; a good password clears the
account's count (not the address's).

Above them, one :class:`HashingBudget` for the whole process: at most ``HASHING_SHARE``
seconds of password checking a second (a bucket of ``HASHING_BURST`` seconds; each check costs
the time checks typically take, so the budget tightens as the machine slows), every login
beyond it answered 429 at once, however many addresses and accounts a flood spreads over: the room's table pages come
before a login flood, and a director who retries after it gets in.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable

MAX_FAILURES = 5
WINDOW_SECONDS = 60.0
HASHING_SHARE = 0.5
"""Seconds of password checking a second in the whole process: at most half a core's worth
(argon2id at its default costs takes ~0.1 s of a core idle, ~1 s on a busy 2-core machine)."""
HASHING_BURST = 2.0
"""Seconds of checking that may come at once after a quiet moment (a few directors at 19:00)."""
HASHING_FLOOR = 0.01
"""The least a check costs the budget, however fast the last ones were."""
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


class HashingBudget:
    """A token bucket of password-checking time for the whole process: each check costs the
    time a check typically takes (at least ``floor``, at most ``burst``), the bucket refills at
    ``share`` seconds a second and holds ``burst`` seconds. ``take``: 0, go; else the seconds
    to wait. ``typical`` is also what a login for an unknown account spends waiting instead of
    hashing, so that both answer alike."""

    def __init__(
        self,
        share: float = HASHING_SHARE,
        burst: float = HASHING_BURST,
        floor: float = HASHING_FLOOR,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.share = share
        self.burst = burst
        self.floor = floor
        self.clock = clock
        self._tokens = burst
        self._at = clock()
        self._lock = threading.Lock()
        self.typical: float | None = None
        """Seconds a password check took lately, from arrival to answer (None until one was
        measured)."""

    def _fill(self) -> float:
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.share)
        self._at = now
        return self._tokens

    def cost(self) -> float:
        """What the next check takes from the bucket (seconds of checking)."""
        return min(self.burst, max(self.floor, self.typical or 0.0))

    def _wait(self, tokens: float, cost: float) -> int:
        return 0 if tokens >= cost else max(1, math.ceil((cost - tokens) / self.share))

    def wait(self) -> int:
        """Seconds before a check could be taken (0: now); takes nothing."""
        with self._lock:
            return self._wait(self._fill(), self.cost())

    def take(self) -> int:
        """Take one check if the budget has it (0); else the seconds to wait, taking none."""
        with self._lock:
            tokens, cost = self._fill(), self.cost()
            wait = self._wait(tokens, cost)
            if not wait:
                self._tokens = tokens - cost
            return wait

    def observe(self, seconds: float) -> None:
        """A password check took ``seconds`` (from arrival to answer): the typical time moves
        towards it."""
        with self._lock:
            old = self.typical
            self.typical = seconds if old is None else 0.8 * old + 0.2 * seconds
