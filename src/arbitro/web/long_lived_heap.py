"""The serving process's garbage collector (issue 32: a move reaches the other phones at once).

CPython's cyclic collector stops the whole process while it scans a generation, and its full
collection scans every tracked object. A server holding a room's phones keeps hundreds of
thousands of them alive for the whole evening (each WebSocket's coroutines, closures and
buffers, every table's log): measured on 250 digital tables (1,000 sockets), a full
collection took 270-450 ms of CPU, every 25-30 s of play, and every update under way waited
for it (bench/RESULTS.md, "Session 17"). The long-lived objects need no scanning: a full
collection finds none of them unreachable.

So the serving process freezes its heap once it has started (``gc.freeze()``: the modules,
the app, the store's caches) and again after every collection, young ones included: whatever
survived a collection is frozen, so that no later collection scans it again. A move's
objects that are still alive at a young collection (a socket's message under way, its task)
were moved to the middle generation, and the middle generation's collections, about one and
a half a second at 250 tables, took up to 25-30 ms each (bench/RESULTS.md, "Session 19"):
frozen, they cost nothing more, and most of them are freed by their reference counts when
their update is sent. A cycle among frozen objects that becomes garbage (a socket closed
after it was frozen) is not freed by the scans that skip it; so every
:data:`FULL_SCAN_SECONDS` the frozen objects are given back to the collector
(``gc.unfreeze()``) and one full collection scans and frees everything, from a task of the
process's event loop. The process's memory thus holds at most that period's cyclic garbage.

Only a serving process installs it (:func:`install`, from :mod:`arbitro.web.factory` and
``arbitro serve``): the terminal's commands and the tests' apps keep Python's collector as it is.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from fastapi import FastAPI

FULL_SCAN_SECONDS = 600.0
"""How often the frozen heap is given back to the collector for one full scan (docs/workers.md):
one pause of the whole heap every ten minutes, instead of every half minute."""


class LongLivedHeap:
    """The freezing of the heap after every collection, and one full scan of it every
    ``full_scan_seconds`` (by a task of the serving process's event loop)."""

    def __init__(self, full_scan_seconds: float = FULL_SCAN_SECONDS) -> None:
        self.full_scan_seconds = full_scan_seconds
        self.scans = 0  # how many full scans were made (for the tests, docs)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Freeze the heap as it is now (the started process's modules and caches, after one
        full collection), freeze the survivors of every later collection, and scan the whole
        heap every period (when called on a running event loop: the app's start-up)."""
        gc.collect()
        gc.freeze()
        gc.callbacks.append(self.after_collection)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test): the caller scans with full_scan()
            return
        self._task = loop.create_task(self._scan_forever())

    def stop(self) -> None:
        """Give the collector back its usual behaviour: no more freezing or full scans, the
        frozen heap scanned again from the next full collection."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self.after_collection in gc.callbacks:
            gc.callbacks.remove(self.after_collection)
        gc.unfreeze()

    def after_collection(self, phase: str, info: dict[str, Any]) -> None:
        """The collector's callback: at the end of any collection, freeze its survivors."""
        if phase == "stop":
            gc.freeze()

    def full_scan(self) -> None:
        """Give the frozen heap back to the collector and collect everything once: the
        cyclic garbage among frozen objects is freed, and the survivors are frozen again."""
        gc.unfreeze()
        gc.collect()
        self.scans += 1

    async def _scan_forever(self) -> None:
        while True:
            await asyncio.sleep(self.full_scan_seconds)
            self.full_scan()


def install(app: FastAPI, heap: LongLivedHeap | None = None) -> LongLivedHeap:
    """Keep ``app``'s serving process's long-lived heap out of the collector's scans from its
    start to its shutdown (see the module's text); the policy, for the caller to inspect."""
    policy = heap or LongLivedHeap()
    app.router.on_startup.append(policy.start)
    app.router.on_shutdown.append(policy.stop)
    return policy
