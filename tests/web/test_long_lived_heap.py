"""The serving process's long-lived heap (issue 32: a move's update is not held up by a full
scan of every socket's objects; :mod:`arbitro.web.long_lived_heap`)."""

from __future__ import annotations

import gc
import time
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


@pytest.fixture
def heap() -> Iterator[LongLivedHeap]:
    policy = LongLivedHeap(full_scan_seconds=600)
    policy.start()  # no event loop here: the test makes the full scans itself
    try:
        yield policy
    finally:
        policy.stop()


def in_collected_generations(obj: object) -> bool:
    return any(o is obj for generation in range(3) for o in gc.get_objects(generation))


def test_started_heap_is_frozen_and_a_young_collections_survivors_join_it(
    heap: LongLivedHeap,
) -> None:
    """A young collection's survivors (a socket's message under way, its task) are frozen:
    no middle or full collection scans them again (bench/RESULTS.md, "Session 19")."""
    assert gc.get_freeze_count() > 0
    held = [Node() for _ in range(50)]  # an evening's socket, made after the start
    assert in_collected_generations(held[0])
    gc.collect(0)
    assert not in_collected_generations(held[0])
    assert heap.scans == 0


def test_cyclic_garbage_among_frozen_objects_is_freed_by_the_full_scan(
    heap: LongLivedHeap,
) -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    gc.collect(0)  # a and b survived a collection: frozen
    del a, b  # the socket closes: its cycle is garbage among frozen objects
    gc.collect()
    assert gone() is not None  # not scanned before the period's scan: the bound on memory
    heap.full_scan()
    assert gone() is None and heap.scans == 1
    assert gc.get_freeze_count() > 0  # and its survivors are frozen again


def test_garbage_made_since_the_last_freeze_is_freed_at_once(heap: LongLivedHeap) -> None:
    gone = cycle()
    gc.collect(0)
    assert gone() is None


def test_stop_gives_the_collector_back() -> None:
    policy = LongLivedHeap()
    policy.start()
    policy.stop()
    assert policy.after_collection not in gc.callbacks
    assert gc.get_freeze_count() == 0
    held = Node()
    gc.collect()
    assert in_collected_generations(held)


def test_a_served_app_keeps_its_heap_from_start_to_shutdown_and_scans_it_every_period(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """What ``arbitro serve`` and each worker of ``scripts/production.sh`` serve: the heap
    frozen from the start, the frozen cyclic garbage freed by the loop's periodic full scan,
    everything given back at the shutdown."""
    db = tmp_path_factory.mktemp("heap") / "a.sqlite3"
    app = share_changes(create_app(f"sqlite:///{db}"))
    owners = [getattr(handler, "__self__", None) for handler in app.router.on_startup]
    (policy,) = [owner for owner in owners if isinstance(owner, LongLivedHeap)]
    policy.full_scan_seconds = 0.05  # the period, short for the test
    assert policy.after_collection not in gc.callbacks
    with TestClient(app):
        assert policy.after_collection in gc.callbacks
        assert gc.get_freeze_count() > 0
        gone = cycle_frozen()
        # the loop's task scans every period; a scan may be under way (or have just ended
        # and not counted yet) when the cycle is made: the second one from now began after it
        due = policy.scans + 2
        deadline = time.monotonic() + 20
        while policy.scans < due:
            assert time.monotonic() < deadline, "no full scan within 20 s"
            time.sleep(0.05)
        assert gone() is None
    assert policy.after_collection not in gc.callbacks
    assert gc.get_freeze_count() == 0


def cycle_frozen() -> weakref.ref[Node]:
    """A two-object cycle frozen while alive (a collection's survivor), then garbage."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    gc.collect(0)
    del a, b
    return gone
