"""Login throttling: wrong passwords counted per source (the client's network address) and per
account, in this process's memory (a restart forgets them), so that a flood from one source
does not lock the account for the others (docs/security.md, "Directors: passwords, logins,
sessions").

Per source: ``SOURCE_FAILURES`` wrong passwords within ``SOURCE_WINDOW`` seconds are free;
after them the source waits ``SOURCE_FIRST_WAIT`` seconds from its last failure before it
may try again, twice as long after each further failure, at most ``SOURCE_MAX_WAIT``. Only
that source waits.

Per account, across all sources: beyond ``ACCOUNT_FAILURES`` wrong passwords within
``ACCOUNT_WINDOW`` seconds the account is not locked but paced: one check every
``ACCOUNT_SPACING`` seconds for the account, whichever source asks (a guess spread over many
addresses is slowed), except from a browser that logged in to that account before (its
known-device cookie, :mod:`arbitro.web.auth`), which is checked at once.

The command line clears an account's counts in every server process (``arbitro user unlock``,
``arbitro user password``): it writes the time of the reset in the installation's settings
(:func:`request_reset`), which a throttle about to refuse reads at most every
``RESET_POLL`` seconds.

Above them, one :class:`HashingBudget` for the whole process: at most ``HASHING_SHARE``
seconds of password checking a second (a bucket of ``HASHING_BURST`` seconds; each check costs
the time checks typically take, so the budget tightens as the machine slows), every login
beyond it answered 429 at once, however many addresses and accounts a flood spreads over: the
room's table pages come before a login flood. A known device is checked even then (its check
still counts in the budget).

With several processes (``$ARBITRO_REDIS_URL`` set, docs/workers.md) the counts, the paced
turns, the hashing bucket and the phones' submission limits live in Redis, shared by every
process (:func:`login_guards`, :func:`submission_limiter`); each process still counts in its
memory too, and decides on it alone while Redis does not answer.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from limits import RateLimitItem
from limits.storage import MemoryStorage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from redis import Redis
from redis.exceptions import RedisError

from arbitro.i18n import gettext
from arbitro.store import users

if TYPE_CHECKING:
    from arbitro.store import RecordStore

SOURCE_FAILURES = 5
"""Wrong passwords a source may send within ``SOURCE_WINDOW`` before it must wait."""
SOURCE_WINDOW = 3600.0
"""Seconds a source's wrong password is remembered (an hour)."""
SOURCE_FIRST_WAIT = 60.0
"""The wait after a source's ``SOURCE_FAILURES``-th failure; it doubles with each further one."""
SOURCE_MAX_WAIT = 900.0
"""The longest wait of a source (15 minutes)."""
ACCOUNT_FAILURES = 20
"""Wrong passwords for one account, from any sources, within ``ACCOUNT_WINDOW`` before the
account is paced."""
ACCOUNT_WINDOW = 900.0
"""Seconds an account's wrong password is remembered (15 minutes)."""
ACCOUNT_SPACING = 30.0
"""A paced account is checked at most once in this many seconds (known devices apart)."""
RESET_POLL = 2.0
"""A throttle about to refuse reads the command line's resets at most this often."""
RESET_SETTING = "login_throttle_resets"
"""The installation setting holding the resets: JSON, account name -> epoch seconds."""
HASHING_SHARE = 0.5
"""Seconds of password checking a second in the whole process: at most half a core's worth
(argon2id at its default costs takes ~0.1 s of a core idle, ~1 s on a busy 2-core machine)."""
HASHING_BURST = 2.0
"""Seconds of checking that may come at once after a quiet moment (a few directors at 19:00)."""
HASHING_FLOOR = 0.01
"""The least a check costs the budget, however fast the last ones were."""
HASHING_GUESS = 0.5
"""What a check costs the budget before one was measured (argon2id's defaults, a busy
machine)."""
MAX_TRACKED = 10_000
"""Sources and accounts remembered at most (the oldest are forgotten first)."""
SOURCE_MEMORY = 64
"""Failures remembered per source at most (enough for the longest wait)."""


def read_resets(store: RecordStore) -> dict[str, float]:
    """The command line's throttle resets kept in the installation's settings: account name
    -> when (epoch seconds)."""
    try:
        raw = json.loads(users.get_setting(store, RESET_SETTING) or "{}")
    except ValueError:
        return {}
    if not isinstance(raw, dict):
        return {}
    return {str(k): float(v) for k, v in raw.items() if isinstance(v, int | float)}


def request_reset(store: RecordStore, name: str, now: float | None = None) -> None:
    """Ask every server process on ``store`` to forget the wrong passwords counted for
    account ``name`` (its own, and those its sources sent for it): the CLI's way back in."""
    resets = read_resets(store)
    resets[name] = time.time() if now is None else now
    users.set_setting(store, RESET_SETTING, json.dumps(resets, sort_keys=True))


class LoginThrottle:
    """Failures per source and per account (see the module); ``retry_after`` says how long
    to wait (0: go), ``admit`` the same and books a paced account's turn."""

    def __init__(
        self,
        *,
        source_failures: int = SOURCE_FAILURES,
        source_window: float = SOURCE_WINDOW,
        source_first_wait: float = SOURCE_FIRST_WAIT,
        source_max_wait: float = SOURCE_MAX_WAIT,
        account_failures: int = ACCOUNT_FAILURES,
        account_window: float = ACCOUNT_WINDOW,
        account_spacing: float = ACCOUNT_SPACING,
        clock: Callable[[], float] = time.monotonic,
        resets_from: Callable[[], Mapping[str, float]] | None = None,
    ) -> None:
        self.source_failures = source_failures
        self.source_window = source_window
        self.source_first_wait = source_first_wait
        self.source_max_wait = source_max_wait
        self.account_failures = account_failures
        self.account_window = account_window
        self.account_spacing = account_spacing
        self.clock = clock
        self.resets_from = resets_from
        """Where the command line's resets are read (None: nowhere)."""
        self._sources: dict[str, deque[tuple[float, str]]] = {}
        self._accounts: dict[str, deque[float]] = {}
        self._paced: dict[str, float] = {}
        self._resets_seen: dict[str, float] = {}
        self._started = time.time()
        self._polled = -math.inf
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ counting
    def _source_recent(self, source: str, now: float) -> deque[tuple[float, str]]:
        times = self._sources.get(source)
        if times is None:
            return deque()
        while times and now - times[0][0] >= self.source_window:
            times.popleft()
        if not times:
            del self._sources[source]
        return times

    def _account_recent(self, account: str, now: float) -> deque[float]:
        times = self._accounts.get(account)
        if times is None:
            return deque()
        while times and now - times[0] >= self.account_window:
            times.popleft()
        if not times:
            del self._accounts[account]
            self._paced.pop(account, None)
        return times

    def _source_wait(self, source: str, now: float) -> float:
        times = self._source_recent(source, now)
        over = len(times) - self.source_failures
        if over < 0:
            return 0.0
        wait = min(self.source_max_wait, self.source_first_wait * 2.0 ** min(over, 30))
        return times[-1][0] + wait - now

    def _paced_account(self, account: str | None, known: bool, now: float) -> bool:
        return (
            account is not None
            and not known
            and len(self._account_recent(account, now)) >= self.account_failures
        )

    def _wait(self, source: str, account: str | None, known: bool, now: float) -> float:
        wait = self._source_wait(source, now)
        if account is not None and self._paced_account(account, known, now):
            turn = self._paced.get(account, -math.inf) + self.account_spacing
            wait = max(wait, turn - now)
        return wait

    @staticmethod
    def _seconds(wait: float) -> int:
        return max(1, math.ceil(wait)) if wait > 0 else 0

    # ------------------------------------------------------------------ resets
    def _poll_resets(self, now: float) -> bool:
        """Read the command line's resets if due; whether any account was cleared."""
        if self.resets_from is None or now - self._polled < RESET_POLL:
            return False
        self._polled = now
        resets = dict(self.resets_from())
        with self._lock:
            seen, self._resets_seen = self._resets_seen, resets
            # A reset older than this process has nothing to clear (and must clear nothing).
            fresh = [name for name, at in resets.items() if at > seen.get(name, self._started)]
            for name in fresh:
                self._clear(name)
        return bool(fresh)

    def _clear(self, account: str) -> None:
        self._accounts.pop(account, None)
        self._paced.pop(account, None)
        for source in list(self._sources):
            kept = deque((t, a) for t, a in self._sources[source] if a != account)
            if kept:
                self._sources[source] = deque(kept, maxlen=SOURCE_MEMORY)
            else:
                del self._sources[source]

    def reset(self, account: str) -> None:
        """Forget the wrong passwords counted for ``account``, by it and by its sources."""
        with self._lock:
            self._clear(account)

    # ------------------------------------------------------------------ deciding
    def retry_after(self, source: str, account: str | None, known: bool = False) -> int:
        """Seconds before ``source`` may try ``account`` (any, if None) again (0: now);
        ``known``: the browser logged in to that account before. Books nothing."""
        now = self.clock()
        with self._lock:
            wait = self._wait(source, account, known, now)
        if wait > 0 and self._poll_resets(now):
            with self._lock:
                wait = self._wait(source, account, known, now)
        return self._seconds(wait)

    def admit(self, source: str, account: str, known: bool = False) -> int:
        """Like :meth:`retry_after`, and when 0 for a paced account, book its turn (the
        next check of that account waits ``account_spacing``)."""
        now = self.clock()
        for attempt in range(2):
            with self._lock:
                wait = self._wait(source, account, known, now)
                if wait <= 0:
                    if self._paced_account(account, known, now):
                        self._paced[account] = now
                    return 0
            if attempt or not self._poll_resets(now):
                break
        return self._seconds(wait)

    def failed(self, source: str, account: str) -> None:
        """Count a wrong password from ``source`` for ``account``."""
        now = self.clock()
        with self._lock:
            if len(self._sources) + len(self._accounts) >= MAX_TRACKED:
                self._forget_oldest()
            self._source_recent(source, now)
            self._sources.setdefault(source, deque(maxlen=SOURCE_MEMORY)).append((now, account))
            self._account_recent(account, now)
            self._accounts.setdefault(account, deque(maxlen=self.account_failures)).append(now)

    def _forget_oldest(self) -> None:
        if self._sources:
            source = min(self._sources, key=lambda k: self._sources[k][-1][0])
            del self._sources[source]
        if self._accounts:
            account = min(self._accounts, key=lambda k: self._accounts[k][-1])
            del self._accounts[account]
            self._paced.pop(account, None)

    def succeeded(self, source: str, account: str) -> None:
        """A right password: the source's failures are forgotten (a director who mistyped);
        the account's stay, so that a guess spread over many sources stays paced."""
        with self._lock:
            self._sources.pop(source, None)


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
        guess: float = HASHING_GUESS,
    ) -> None:
        self.guess = guess
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
        """What the next check takes from the bucket (seconds of checking): the typical
        time, or ``guess`` before one was measured (issue 29: a flood's first logins then
        cost next to nothing, and a hundred of them passed the budget at once)."""
        typical = self.guess if self.typical is None else self.typical
        return min(self.burst, max(self.floor, typical))

    def _wait(self, tokens: float, cost: float) -> int:
        return 0 if tokens >= cost else max(1, math.ceil((cost - tokens) / self.share))

    def wait(self) -> int:
        """Seconds before a check could be taken (0: now); takes nothing."""
        with self._lock:
            return self._wait(self._fill(), self.cost())

    def take(self, force: bool = False) -> int:
        """Take one check if the budget has it (0); else the seconds to wait, taking none.
        ``force``: take it anyway, into debt (a known device's login, which the flood must
        not keep out)."""
        with self._lock:
            tokens, cost = self._fill(), self.cost()
            wait = 0 if force else self._wait(tokens, cost)
            if not wait:
                self._tokens = tokens - cost
            return wait

    def observe(self, seconds: float) -> None:
        """A password check took ``seconds`` (from arrival to answer): the typical time moves
        towards it."""
        with self._lock:
            old = self.typical
            self.typical = seconds if old is None else 0.8 * old + 0.2 * seconds


# ---------------------------------------------------------------------- shared (Redis)
REDIS_URL_ENV = "ARBITRO_REDIS_URL"
"""The Redis server the processes of one installation share (unset: each process counts in
its own memory, as one process on SQLite does; docs/workers.md)."""
REDIS_PREFIX = "arbitro:"
"""The start of every key arbitro writes in Redis."""
REDIS_TIMEOUT = 0.5
"""Seconds a Redis command may take before the process falls back on its own memory."""
FALLBACK_LOG_EVERY = 60.0
"""Seconds between two log lines saying Redis is unreachable."""

_log = logging.getLogger(__name__)


def redis_url() -> str | None:
    """``$ARBITRO_REDIS_URL``, or None when the installation shares nothing through Redis."""
    return os.environ.get(REDIS_URL_ENV) or None


class _Fallback:
    """Logs, at most every ``FALLBACK_LOG_EVERY`` seconds, that Redis did not answer and the
    process counts alone meanwhile."""

    def __init__(self) -> None:
        self._logged = -math.inf

    def failed(self, error: Exception) -> None:
        now = time.monotonic()
        if now - self._logged >= FALLBACK_LOG_EVERY:
            self._logged = now
            _log.warning(
                gettext(
                    "Redis did not answer ({error}): this process counts the logins and the"
                    " submissions alone until it answers again",
                    error=str(error),
                )
            )


class RedisLoginThrottle(LoginThrottle):
    """The :class:`LoginThrottle` shared by every process through Redis (docs/security.md,
    docs/workers.md): a source's and an account's wrong passwords are sorted sets of their
    times (wall clock, the same on every process), a paced account's turn is a key that
    expires after ``account_spacing`` (taken with ``SET NX``: two processes never both give
    the turn). The command line's resets are read as in one process, and wrong passwords
    counted before an account's reset are ignored. When Redis does not answer, the process
    decides on its own memory (where it counts every failure too) until Redis is back."""

    def __init__(self, client: Redis, prefix: str = REDIS_PREFIX + "login:", **options: Any):
        options.setdefault("clock", time.time)
        super().__init__(**options)
        self.client = client
        self.prefix = prefix
        self._fallback = _Fallback()

    def _key(self, kind: str, name: str) -> str:
        return f"{self.prefix}{kind}:{name}"

    def _shared_wait(
        self, source: str, account: str | None, known: bool, now: float
    ) -> tuple[float, bool]:
        """The wait counted in Redis, and whether the account is paced."""
        resets = self._resets_seen
        pipe = self.client.pipeline(transaction=False)
        src = self._key("src", source)
        pipe.zremrangebyscore(src, "-inf", now - self.source_window)
        pipe.zrange(src, 0, -1, withscores=True)
        if account is not None:
            acct = self._key("acct", account)
            pipe.zremrangebyscore(acct, "-inf", now - self.account_window)
            pipe.zrange(acct, 0, -1, withscores=True)
            pipe.pttl(self._key("paced", account))
        answers = pipe.execute()
        times = [at for member, at in answers[1] if at > resets.get(_account_of(member), -math.inf)]
        wait = 0.0
        over = len(times) - self.source_failures
        if over >= 0:
            wait = (
                max(times)
                + min(self.source_max_wait, self.source_first_wait * 2.0 ** min(over, 30))
                - now
            )
        if account is not None and not known:
            failures = [at for _, at in answers[3] if at > resets.get(account, -math.inf)]
            if len(failures) >= self.account_failures:
                return max(wait, answers[4] / 1000.0), True
        return wait, False

    def _decide(self, source: str, account: str | None, known: bool, book: bool) -> int:
        now = self.clock()
        for attempt in range(2):
            wait, paced = self._shared_wait(source, account, known, now)
            if wait <= 0:
                if not (book and paced and account is not None):
                    return 0
                spacing = max(1, math.ceil(self.account_spacing * 1000))
                if self.client.set(self._key("paced", account), "1", nx=True, px=spacing):
                    return 0
                wait = self.client.pttl(self._key("paced", account)) / 1000.0
            if attempt or not self._poll_resets(now):
                break
        return self._seconds(wait)

    def _clear(self, account: str) -> None:
        super()._clear(account)
        with contextlib.suppress(RedisError):
            self.client.delete(self._key("paced", account))

    def retry_after(self, source: str, account: str | None, known: bool = False) -> int:
        """As :meth:`LoginThrottle.retry_after`, counted across every process."""
        try:
            return self._decide(source, account, known, book=False)
        except RedisError as error:
            self._fallback.failed(error)
            return super().retry_after(source, account, known)

    def admit(self, source: str, account: str, known: bool = False) -> int:
        """As :meth:`LoginThrottle.admit`, counted and booked across every process."""
        try:
            return self._decide(source, account, known, book=True)
        except RedisError as error:
            self._fallback.failed(error)
            return super().admit(source, account, known)

    def failed(self, source: str, account: str) -> None:
        """Count a wrong password from ``source`` for ``account`` for every process."""
        super().failed(source, account)
        now = self.clock()
        member = f"{now!r}|{secrets.token_hex(4)}|{account}"
        src, acct = self._key("src", source), self._key("acct", account)
        pipe = self.client.pipeline(transaction=False)
        pipe.zadd(src, {member: now})
        pipe.zremrangebyrank(src, 0, -SOURCE_MEMORY - 1)
        pipe.expire(src, math.ceil(self.source_window + self.source_max_wait))
        pipe.zadd(acct, {member: now})
        pipe.zremrangebyrank(acct, 0, -self.account_failures - 1)
        pipe.expire(acct, math.ceil(self.account_window))
        try:
            pipe.execute()
        except RedisError as error:
            self._fallback.failed(error)

    def succeeded(self, source: str, account: str) -> None:
        """A right password: the source's failures are forgotten in every process."""
        super().succeeded(source, account)
        try:
            self.client.delete(self._key("src", source))
        except RedisError as error:
            self._fallback.failed(error)


def _account_of(member: bytes | str) -> str:
    text = member.decode() if isinstance(member, bytes) else member
    return text.split("|", 2)[2]


_BUCKET_SCRIPT = """
local now = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local share = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local mode = ARGV[5]
local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens') or burst)
local at = tonumber(redis.call('HGET', KEYS[1], 'at') or now)
tokens = math.min(burst, tokens + math.max(0, now - at) * share)
if mode == 'wait' then
  return tostring(tokens)
end
if mode == 'force' or tokens >= cost then
  tokens = tokens - cost
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', KEYS[1], math.ceil(((burst - tokens) / share + 1) * 1000))
  return 'ok'
end
return tostring(tokens)
"""
"""The hashing budget's bucket, refilled and taken from in one step in Redis (ARGV: now,
burst, share, cost, mode = wait | take | force): ``ok`` when taken, else the tokens left."""


class RedisHashingBudget(HashingBudget):
    """The :class:`HashingBudget` of the whole installation: one bucket in Redis that every
    process takes from (a flood spread over the processes is paced as if it reached one);
    ``typical`` stays what this process measured. When Redis does not answer, the process's
    own bucket decides until Redis is back."""

    def __init__(self, client: Redis, key: str = REDIS_PREFIX + "hashing", **options: Any) -> None:
        options.setdefault("clock", time.time)
        super().__init__(**options)
        self.client = client
        self.key = key
        self._script = client.register_script(_BUCKET_SCRIPT)
        self._fallback = _Fallback()

    def _shared(self, mode: str, cost: float) -> str:
        args = [repr(self.clock()), repr(self.burst), repr(self.share), repr(cost), mode]
        answer = self._script(keys=[self.key], args=args)
        return answer.decode() if isinstance(answer, bytes) else str(answer)

    def wait(self) -> int:
        """Seconds before a check could be taken from the shared bucket (0: now)."""
        cost = self.cost()
        try:
            return self._wait(float(self._shared("wait", cost)), cost)
        except RedisError as error:
            self._fallback.failed(error)
            return super().wait()

    def take(self, force: bool = False) -> int:
        """Take one check from the shared bucket if it has it (0); else the seconds to wait;
        ``force``: take it anyway, into debt."""
        cost = self.cost()
        try:
            answer = self._shared("force" if force else "take", cost)
        except RedisError as error:
            self._fallback.failed(error)
            return super().take(force)
        return 0 if answer == "ok" else self._wait(float(answer), cost)


class SharedRateLimiter(MovingWindowRateLimiter):
    """A moving-window limiter on Redis (the ``limits`` library's Redis storage), that counts
    in this process's memory while Redis does not answer (a restart of Redis must not turn
    the room's sheets into errors)."""

    def __init__(self, url: str) -> None:
        super().__init__(storage_from_string(url, socket_timeout=REDIS_TIMEOUT))
        self._memory = MovingWindowRateLimiter(MemoryStorage())
        self._fallback = _Fallback()

    def hit(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        """Count one hit of ``item`` for ``identifiers``; whether it is within the limit."""
        try:
            return super().hit(item, *identifiers, cost=cost)
        except RedisError as error:
            self._fallback.failed(error)
            return self._memory.hit(item, *identifiers, cost=cost)


def redis_client(url: str) -> Redis:
    """A client (with its pool of connections) of the Redis server at ``url``, whose commands
    give up after ``REDIS_TIMEOUT`` seconds."""
    return Redis.from_url(url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT)


def login_guards(url: str | None = None) -> tuple[LoginThrottle, HashingBudget]:
    """The process's login throttle and hashing budget: shared through Redis at ``url`` (by
    default ``$ARBITRO_REDIS_URL``), else in this process's memory (docs/workers.md)."""
    url = url or redis_url()
    if url is None:
        return LoginThrottle(), HashingBudget()
    client = redis_client(url)
    return RedisLoginThrottle(client), RedisHashingBudget(client)


def submission_limiter(url: str | None = None) -> MovingWindowRateLimiter:
    """The limiter of the phones' sheet submissions (:mod:`arbitro.web.table`): on Redis at
    ``url`` (by default ``$ARBITRO_REDIS_URL``), shared by every process, else in memory."""
    url = url or redis_url()
    if url is None:
        return MovingWindowRateLimiter(MemoryStorage())
    return SharedRateLimiter(url)
