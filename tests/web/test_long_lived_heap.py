"""The serving process's long-lived heap (issue 32: a move's update is not held up by a full
scan of every socket's objects; :mod:`arbitro.web.long_lived_heap`)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from arbitro.web.app import create_app
from arbitro.web.factory import share_changes
from arbitro.web.long_lived_heap import LongLivedHeap


class Node:
    """A cycle's member (a socket's task and its coroutine hold each other alike)."""

    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    """A two-object cycle, unreachable once returned: only the collector can free it."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


class Clock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def heap(clock: Clock) -> Iterator[LongLivedHeap]:
    policy = LongLivedHeap(full_scan_seconds=600, clock=clock)
    policy.start()
    try:
        yield policy
    finally:
        policy.stop()


def in_collected_generations(obj: object) -> bool:
    return any(o is obj for generation in range(3) for o in gc.get_objects(generation))


def test_started_heap_is_frozen_and_a_full_collections_survivors_join_it(
    heap: LongLivedHeap,
) -> None:
    assert gc.get_freeze_count() > 0
    held = [Node() for _ in range(50)]  # an evening's socket, made after the start
    assert in_collected_generations(held[0])
    gc.collect()
    assert not in_collected_generations(held[0])  # frozen: the next full scans skip it
    assert heap.thawed == 0


def test_young_collections_freeze_nothing(heap: LongLivedHeap) -> None:
    held = Node()
    gc.collect(0)
    gc.collect(1)
    assert in_collected_generations(held)


def test_cyclic_garbage_among_frozen_objects_is_freed_after_the_period(
    heap: LongLivedHeap, clock: Clock
) -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    gc.collect()  # a and b are long-lived now: frozen
    del a, b  # the socket closes: its cycle is garbage among frozen objects
    gc.collect()
    assert gone() is not None  # not scanned before the period is over: the bound on memory
    clock.now += 600
    gc.collect()  # the period is over: this full collection's end thaws the frozen heap
    assert heap.thawed == 1
    gc.collect()  # the next full collection scans everything, once
    assert gone() is None
    assert gc.get_freeze_count() > 0  # and its survivors are frozen again


def test_garbage_made_since_the_last_freeze_is_freed_at_once(heap: LongLivedHeap) -> None:
    gone = cycle()
    gc.collect()
    assert gone() is None


def test_stop_gives_the_collector_back(clock: Clock) -> None:
    policy = LongLivedHeap(clock=clock)
    policy.start()
    policy.stop()
    assert policy.after_collection not in gc.callbacks
    assert gc.get_freeze_count() == 0
    held = Node()
    gc.collect()
    assert in_collected_generations(held)


def test_a_served_app_keeps_its_heap_from_start_to_shutdown(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """What ``arbitro serve`` and each worker of ``scripts/production.sh`` serve."""
    db = tmp_path_factory.mktemp("heap") / "a.sqlite3"
    app = share_changes(create_app(f"sqlite:///{db}"))
    owners = [getattr(handler, "__self__", None) for handler in app.router.on_startup]
    (policy,) = [owner for owner in owners if isinstance(owner, LongLivedHeap)]
    assert policy.after_collection not in gc.callbacks
    with TestClient(app):
        assert policy.after_collection in gc.callbacks
        assert gc.get_freeze_count() > 0
    assert policy.after_collection not in gc.callbacks
    assert gc.get_freeze_count() == 0
