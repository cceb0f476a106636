"""``redis``: a real ``redis-server`` for the module (tests/scale/redis_server.py), emptied
before each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis as redis_lib
from tests.scale.redis_server import RedisServer


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def redis(redis_server: RedisServer) -> RedisServer:
    client = redis_lib.Redis.from_url(redis_server.url)
    client.flushdb()
    client.close()
    return redis_server
