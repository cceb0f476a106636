"""The serving process's garbage collector (issue 32: a move reaches the other phones at once).

CPython's cyclic collector stops the whole process while it scans a generation, and its full
collection scans every tracked object. A server holding a room's phones keeps hundreds of
thousands of them alive for the whole evening (each WebSocket's coroutines, closures and
buffers, every table's log): measured on 250 digital tables (1,000 sockets), a full
collection took 270-450 ms of CPU, every 25-30 s of play, and every update under way waited
for it (bench/RESULTS.md, "Session 17"). The long-lived objects need no scanning: a full
collection finds none of them unreachable.

So the serving process freezes its heap once it has started (``gc.freeze()``: the modules,
the app, the store's caches) and again after every full collection, whose survivors are by
then long-lived: the next full collection scans only what was made since. A cycle among
frozen objects that becomes garbage (a socket closed after it was frozen) is not freed by
the scans that skip it; so every :data:`FULL_SCAN_SECONDS` the frozen objects are given back
to the collector (``gc.unfreeze()``) and the next full collection scans and frees everything,
once. The process's memory thus holds at most that period's cyclic garbage.

Only a serving process installs it (:func:`install`, from :mod:`arbitro.web.factory` and
``arbitro serve``): the terminal's commands and the tests' apps keep Python's collector as it is.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI

FULL_SCAN_SECONDS = 600.0
"""How often the frozen heap is given back to the collector for one full scan (docs/workers.md):
one pause of the whole heap every ten minutes, instead of every half minute."""

OLDEST = 2  # CPython's oldest generation: its collection is the full one


class LongLivedHeap:
    """The freezing of the long-lived heap after each full collection, and its thawing every
    ``full_scan_seconds`` (the clock is injectable for the tests)."""

    def __init__(
        self,
        full_scan_seconds: float = FULL_SCAN_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.full_scan_seconds = full_scan_seconds
        self.clock = clock
        self.last_full_scan = clock()
        self.thawed = 0  # how many times the frozen heap was given back (for the tests, docs)

    def start(self) -> None:
        """Freeze the heap as it is now (the started process's modules and caches, after one
        full collection) and freeze the survivors of every later full collection."""
        gc.collect()
        gc.freeze()
        self.last_full_scan = self.clock()
        gc.callbacks.append(self.after_collection)

    def stop(self) -> None:
        """Give the collector back its usual behaviour: no more freezing, the frozen heap
        scanned again from the next full collection."""
        if self.after_collection in gc.callbacks:
            gc.callbacks.remove(self.after_collection)
        gc.unfreeze()

    def after_collection(self, phase: str, info: dict[str, Any]) -> None:
        """The collector's callback: after a full collection, freeze its survivors; or, once
        the period is over, thaw the frozen heap so that the next full collection scans it."""
        if phase != "stop" or info["generation"] != OLDEST:
            return
        now = self.clock()
        if now - self.last_full_scan >= self.full_scan_seconds:
            self.last_full_scan = now
            self.thawed += 1
            gc.unfreeze()
        else:
            gc.freeze()


def install(app: FastAPI, heap: LongLivedHeap | None = None) -> LongLivedHeap:
    """Keep ``app``'s serving process's long-lived heap out of the collector's scans from its
    start to its shutdown (see the module's text); the policy, for the caller to inspect."""
    policy = heap or LongLivedHeap()
    app.router.on_startup.append(policy.start)
    app.router.on_shutdown.append(policy.stop)
    return policy
