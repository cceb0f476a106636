"""The garbage collector's pauses in an ``arbitro serve`` started by a bench
(``bench/digital_tables.py --gc-pauses``): this folder is put first on the server's
``PYTHONPATH``, so Python imports this module at start-up. Every collection of the middle or
oldest generation, and every young one over 2 ms, is written to
``$ARBITRO_BENCH_GC_DIR/gc-<pid>.log`` as ``<generation> <wall ms> <cpu ms>``: the wall time
is what the updates under way waited, the thread's CPU time what the collection cost."""

import gc
import os
import sys
import time

_folder = os.environ.get("ARBITRO_BENCH_GC_DIR")
if _folder and "serve" in sys.argv:
    _log = open(os.path.join(_folder, f"gc-{os.getpid()}.log"), "a", buffering=1)  # noqa: SIM115
    _started = [0.0, 0.0]

    def _pause(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            _started[:] = [time.perf_counter(), time.thread_time()]
            return
        wall = (time.perf_counter() - _started[0]) * 1000
        cpu = (time.thread_time() - _started[1]) * 1000
        if info["generation"] >= 1 or wall > 2:
            _log.write(f"{info['generation']} {wall:.2f} {cpu:.2f}\n")

    gc.callbacks.insert(0, _pause)
