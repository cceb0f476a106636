"""The login throttle, the hashing budget and the phones' submission limits shared through a
real Redis (``$ARBITRO_REDIS_URL``, docs/workers.md): two instances stand for two processes,
and what one counted the other refuses (docs/security.md: 5 wrong passwords per source, then
a wait; an account's pacing; the hashing budget of the installation). Without Redis, or with
Redis gone, each process counts alone (and never fails a login for it)."""

from __future__ import annotations

import time

import pytest
from limits import RateLimitItemPerMinute
from tests.scale.redis_server import RedisServer, free_port

from arbitro.web import throttle
from arbitro.web.throttle import (
    SOURCE_FAILURES,
    HashingBudget,
    LoginThrottle,
    RedisHashingBudget,
    RedisLoginThrottle,
    SharedRateLimiter,
    login_guards,
    redis_client,
    submission_limiter,
)


def two_processes(url: str, **options: float) -> tuple[RedisLoginThrottle, RedisLoginThrottle]:
    return (
        RedisLoginThrottle(redis_client(url), **options),  # type: ignore[arg-type]
        RedisLoginThrottle(redis_client(url), **options),  # type: ignore[arg-type]
    )


def test_a_sources_failures_in_two_processes_add_up(redis: RedisServer) -> None:
    first, second = two_processes(redis.url)
    for _ in range(3):
        first.failed("10.0.0.9", "direttore")
    for _ in range(SOURCE_FAILURES - 4):
        second.failed("10.0.0.9", "direttore")
    assert first.retry_after("10.0.0.9", "direttore") == 0  # four: it may try again
    second.failed("10.0.0.9", "direttore")  # the fifth: the source waits a minute
    assert 55 <= first.admit("10.0.0.9", "direttore") <= 60
    assert 55 <= second.retry_after("10.0.0.9", None) <= 60
    assert first.admit("10.0.0.10", "direttore") == 0  # only that source waits
    # The same five failures in one memory each: neither process would refuse.
    alone = LoginThrottle()
    for _ in range(3):
        alone.failed("10.0.0.9", "direttore")
    assert alone.admit("10.0.0.9", "direttore") == 0


def test_a_right_password_forgets_the_sources_failures_everywhere(redis: RedisServer) -> None:
    first, second = two_processes(redis.url)
    for _ in range(SOURCE_FAILURES + 1):
        first.failed("10.0.0.9", "direttore")
    assert second.retry_after("10.0.0.9", "direttore") > 0
    first.succeeded("10.0.0.9", "direttore")
    assert second.retry_after("10.0.0.9", "direttore") == 0


def test_a_paced_accounts_turn_is_given_once_across_processes(redis: RedisServer) -> None:
    first, second = two_processes(redis.url, account_failures=3, account_spacing=30.0)
    for n in range(3):  # a guess spread over three addresses
        second.failed(f"10.0.1.{n}", "direttore")
    assert first.admit("10.0.2.1", "direttore") == 0  # the paced account's turn...
    assert 25 <= second.admit("10.0.2.2", "direttore") <= 30  # ...taken for both processes
    assert second.admit("10.0.2.2", "direttore", known=True) == 0  # a known device goes on
    assert first.admit("10.0.2.3", "altro") == 0  # another account is not paced


def test_the_command_lines_reset_clears_the_shared_counts(redis: RedisServer) -> None:
    resets: dict[str, float] = {}
    first, second = two_processes(redis.url)
    first.resets_from = second.resets_from = lambda: resets
    for _ in range(SOURCE_FAILURES + 1):
        first.failed("10.0.0.9", "direttore")
    assert second.admit("10.0.0.9", "direttore") > 0
    resets["direttore"] = time.time()  # arbitro user unlock direttore
    second._polled = first._polled = -1e9  # due to read the settings again
    assert second.admit("10.0.0.9", "direttore") == 0
    assert first.retry_after("10.0.0.9", "direttore") == 0


def test_the_hashing_budget_is_one_bucket_for_every_process(redis: RedisServer) -> None:
    first = RedisHashingBudget(redis_client(redis.url), share=0.01, burst=1.0, guess=0.5)
    second = RedisHashingBudget(redis_client(redis.url), share=0.01, burst=1.0, guess=0.5)
    assert first.take() == 0
    assert second.take() == 0  # the bucket's second check
    assert second.wait() > 0
    assert first.take() > 0  # spent, whichever process asks
    assert first.take(force=True) == 0  # a known device still goes, into debt
    # Two buckets of their own would have let four checks through.
    alone = [HashingBudget(share=0.01, burst=1.0, guess=0.5) for _ in range(2)]
    assert [b.take() for b in alone for _ in range(2)] == [0, 0, 0, 0]


def test_the_phones_submission_limit_is_shared(redis: RedisServer) -> None:
    per_minute = RateLimitItemPerMinute(3)
    first, second = SharedRateLimiter(redis.url), SharedRateLimiter(redis.url)
    assert [first.hit(per_minute, "token"), second.hit(per_minute, "token")] == [True, True]
    assert first.hit(per_minute, "token")
    assert not second.hit(per_minute, "token")  # the fourth in a minute, on either process


def test_without_redis_each_process_counts_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(throttle.REDIS_URL_ENV, raising=False)
    login, budget = login_guards()
    assert type(login) is LoginThrottle and type(budget) is HashingBudget
    assert not isinstance(submission_limiter(), SharedRateLimiter)


def test_redis_configured_by_the_environment(
    redis: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(throttle.REDIS_URL_ENV, redis.url)
    login, budget = login_guards()
    assert isinstance(login, RedisLoginThrottle) and isinstance(budget, RedisHashingBudget)
    assert isinstance(submission_limiter(), SharedRateLimiter)


def test_redis_unreachable_the_process_counts_alone() -> None:
    gone = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    login = RedisLoginThrottle(redis_client(gone))
    for _ in range(SOURCE_FAILURES - 1):
        login.failed("10.0.0.9", "direttore")
    assert login.admit("10.0.0.9", "direttore") == 0
    login.failed("10.0.0.9", "direttore")
    assert login.admit("10.0.0.9", "direttore") > 0  # its own memory still refuses
    budget = RedisHashingBudget(redis_client(gone), share=0.01, burst=1.0, guess=0.5)
    assert [budget.take(), budget.take(), budget.take()][:2] == [0, 0]
    assert budget.take() > 0
    limiter = SharedRateLimiter(gone)
    per_minute = RateLimitItemPerMinute(1)
    assert limiter.hit(per_minute, "token") and not limiter.hit(per_minute, "token")


def test_after_a_restart_of_redis_the_throttle_recovers(redis: RedisServer) -> None:
    first, second = two_processes(redis.url)
    redis.restart()  # the counts are gone with it (nothing saved): documented
    for _ in range(SOURCE_FAILURES + 1):
        first.failed("10.0.0.9", "direttore")
    assert second.retry_after("10.0.0.9", "direttore") > 0  # shared again at once
