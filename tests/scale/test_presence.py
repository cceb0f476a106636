"""The connected seats of the digital tables shared by the processes through a real Redis
(web/digital_presence.py, issue 33): two :class:`Presence` on one Redis stand for two
processes (tests/scale/test_processes.py has the desk's page served by another process than
the phone's socket). The desk shows a seat connected whatever process holds its phone, the
wait for a disconnected seat (FIBAS art. 36-37, issue 32) counts from when its last phone
anywhere left, and a dead process's seats expire. Without Redis (a club's one process), or
with Redis gone, each process knows its own sockets, as before."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from tests.scale.redis_server import RedisServer, free_port

from arbitro.web.digital_presence import EXPIRES_SECONDS, REFRESH_SECONDS, Presence
from arbitro.web.throttle import redis_client

TABLE = ("serata", 1, 3)
T0 = 1_800_000_000.0
AT = datetime.fromtimestamp(T0, UTC)


class Clock:
    """Epoch seconds the test moves on."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def made() -> Iterator[list[Presence]]:
    """The test's :class:`Presence`, closed at its end (their refreshing threads stop)."""
    made: list[Presence] = []
    yield made
    for presence in made:
        presence.close()


def two_processes(redis: RedisServer, made: list[Presence]) -> tuple[Presence, Presence, Clock]:
    clock = Clock()
    first = Presence(redis_client(redis.url), "primo", clock, reuse=0)
    second = Presence(redis_client(redis.url), "secondo", clock, reuse=0)
    made += [first, second]
    return first, second, clock


def test_a_seat_connected_to_one_process_is_connected_for_the_other(
    redis: RedisServer, made: list[Presence]
) -> None:
    first, second, clock = two_processes(redis, made)
    first.joined(TABLE, "N")
    first.joined(TABLE, "N")  # the same seat's page open twice
    second.joined(TABLE, "E")
    assert second.connected("serata", 1) == {(1, 3): {"N": 2, "E": 1}}
    assert first.connected("serata", 1) == second.connected("serata", 1)
    assert second.empty_since(TABLE, "N") is None
    assert second.connected("serata", 2) == {} and second.connected("altra", 1) == {}
    first.left(TABLE, "N", AT)  # one of North's two phones: still connected
    assert second.connected("serata", 1) == {(1, 3): {"N": 1, "E": 1}}
    assert second.empty_since(TABLE, "N") is None
    clock.now += 4
    first.left(TABLE, "N", AT + timedelta(seconds=4))
    assert second.connected("serata", 1) == {(1, 3): {"E": 1}}
    assert second.empty_since(TABLE, "N") == AT + timedelta(seconds=4)  # the wait counts
    second.joined(TABLE, "N")  # North back, on the other process
    assert first.empty_since(TABLE, "N") is None
    assert first.connected("serata", 1) == {(1, 3): {"N": 1, "E": 1}}


def test_a_seat_is_empty_only_when_its_last_phone_anywhere_left(
    redis: RedisServer, made: list[Presence]
) -> None:
    first, second, _ = two_processes(redis, made)
    first.joined(TABLE, "S")
    second.joined(TABLE, "S")
    first.left(TABLE, "S", AT)
    assert first.empty_since(TABLE, "S") is None  # its phone on the second process remains
    assert first.connected("serata", 1) == {(1, 3): {"S": 1}}
    second.left(TABLE, "S", AT + timedelta(seconds=9))
    assert first.empty_since(TABLE, "S") == AT + timedelta(seconds=9)


def test_a_dead_process_seats_expire_a_live_one_refreshes_them(
    redis: RedisServer, made: list[Presence]
) -> None:
    first, second, clock = two_processes(redis, made)
    first.joined(TABLE, "W")  # the first process will die (SIGKILL: it never says «left»)
    second.joined(TABLE, "E")
    clock.now += REFRESH_SECONDS
    second.refresh()  # the live process refreshes; the dead one no longer does
    clock.now += EXPIRES_SECONDS - REFRESH_SECONDS + 1
    assert second.connected("serata", 1) == {(1, 3): {"E": 1}}
    # West empty since the dead process last said it had its phone.
    assert second.empty_since(TABLE, "W") == AT
    assert second.empty_since(TABLE, "E") is None


def test_a_restarted_redis_gets_the_seats_back_at_the_next_refresh(
    redis: RedisServer, made: list[Presence]
) -> None:
    first, second, _ = two_processes(redis, made)
    first.joined(TABLE, "N")
    redis.restart()  # empty
    assert second.connected("serata", 1) == {}
    first.refresh()
    assert second.connected("serata", 1) == {(1, 3): {"N": 1}}


def test_without_redis_each_process_knows_its_own_sockets() -> None:
    first, second = Presence(None, "primo"), Presence(None, "secondo")
    first.joined(TABLE, "N")
    assert first.connected("serata", 1) == {(1, 3): {"N": 1}}
    assert second.connected("serata", 1) == {}
    first.left(TABLE, "N", AT)
    assert first.empty_since(TABLE, "N") == AT and second.empty_since(TABLE, "N") is None


def test_redis_gone_a_process_shows_its_own_sockets(made: list[Presence]) -> None:
    gone = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    alone = Presence(redis_client(gone), "solo")
    made.append(alone)
    alone.joined(TABLE, "E")
    assert alone.connected("serata", 1) == {(1, 3): {"E": 1}}
    alone.left(TABLE, "E", AT)
    assert alone.empty_since(TABLE, "E") == AT
