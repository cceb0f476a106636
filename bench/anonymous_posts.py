"""Anonymous big posts (issue 29, "Strangers and big inputs"): what do strangers' 20 MiB
posts to the import endpoints cost the server's memory?

Method:
  1. A fresh SQLite database in a temporary directory (no event, no director logged in).
  2. The app served by uvicorn in a subprocess (one worker) on 127.0.0.1.
  3. For each import endpoint (``/desk/import``, a multipart form; ``/api/events/import``,
     JSON), ``--clients`` (default 30) threads at once each open a connection and post a
     ``--mib`` (default 20) MiB body without logging in, in 256 KiB pieces, stopping as soon
     as the server answers or closes the connection (a refusal before the body is read).
  4. The server's resident memory (``VmRSS`` from ``/proc/<pid>/status``) before, its peak
     (sampled every 20 ms while the posts run) and after (2 s after the last post); the
     answers' statuses, how many MiB the clients managed to send, and the wall time.

Only loopback addresses; bounded in time and clients.
``--director`` posts the same bodies as a logged-in director (a bearer token): then they
are read, and what the server holds is the bodies themselves (spooled to disk, or not).

Run: .venv/bin/python bench/anonymous_posts.py [--clients 30] [--mib 20] [--director]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from arbitro.store import RecordStore, users

PIECE = 256 * 1024
ENDPOINTS = (
    ("/desk/import", "multipart/form-data; boundary=bench"),
    ("/api/events/import", "application/json"),
)
OPENINGS = {
    "/desk/import": b'--bench\r\nContent-Disposition: form-data; name="file"; '
    b'filename="evento.json"\r\nContent-Type: application/json\r\n\r\n{"padding": "',
    "/api/events/import": b'{"padding": "',
}
"""How each body starts (an event file's upload, an event file), then ``x`` to the size."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def serve(url: str) -> Iterator[tuple[int, int]]:
    """The app in a uvicorn subprocess on a free port: yields (port, pid)."""
    port = free_port()
    env = dict(os.environ, ARBITRO_DATABASE_URL=url, ARBITRO_SECRET="bench-" + "s" * 40)
    command = [
        sys.executable, "-m", "uvicorn", "arbitro.web.app:create_app", "--factory",
        "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning", "--no-access-log",
    ]  # fmt: skip
    process = subprocess.Popen(command, env=env)
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/", timeout=2).status_code == 200:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the app did not start")
            time.sleep(0.1)
        yield port, process.pid
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def rss_mib(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def post(
    port: int, path: str, content_type: str, size: int, piece: bytes, token: str = ""
) -> tuple[str, int]:
    """One post of ``size`` bytes, anonymous or with a director's bearer ``token``; returns
    (status, bytes sent)."""
    sent = 0
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: {content_type}\r\n"
        f"{auth}Content-Length: {size}\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
        with contextlib.suppress(OSError):  # closed by the server while sending
            sock.sendall(head)
            opening = OPENINGS[path]
            sock.sendall(opening)
            sent = len(opening)
            while sent < size:
                readable, _, _ = select.select([sock], [], [], 0)
                if readable:  # the server answered (or closed) before the whole body
                    break
                chunk = piece[: size - sent]
                sock.sendall(chunk)
                sent += len(chunk)
        data = b""
        with contextlib.suppress(OSError):
            while b"\r\n" not in data:
                got = sock.recv(4096)
                if not got:
                    break
                data += got
    status = data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/") else "closed"
    return status, sent


def flood(
    port: int, pid: int, path: str, content_type: str, clients: int, size: int, token: str = ""
) -> dict[str, Any]:
    """``clients`` parallel anonymous posts to ``path`` while sampling the server's RSS."""
    piece = b"x" * PIECE
    results: list[tuple[str, int]] = []
    lock = threading.Lock()
    peak = rss_mib(pid)
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, rss_mib(pid))
            time.sleep(0.02)

    def one() -> None:
        result = post(port, path, content_type, size, piece, token)
        with lock:
            results.append(result)

    sampler = threading.Thread(target=sample)
    sampler.start()
    start = time.perf_counter()
    threads = [threading.Thread(target=one) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    time.sleep(0.5)
    done.set()
    sampler.join()
    return {
        "statuses": dict(Counter(s for s, _ in results)),
        "sent_mib": sum(n for _, n in results) / 1024 / 1024,
        "peak": peak,
        "seconds": elapsed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--clients", type=int, default=30)
    parser.add_argument("--mib", type=int, default=20)
    parser.add_argument(
        "--director",
        action="store_true",
        help="post as a logged-in director (bearer token): the bodies are read and spooled",
    )
    args = parser.parse_args()
    size = args.mib * 1024 * 1024
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        store = RecordStore.open(url)
        users.add_user(store, "direttore", "password-del-direttore")
        store.close()
        with serve(url) as (port, pid):
            token = ""
            if args.director:
                token = httpx.post(
                    f"http://127.0.0.1:{port}/api/token",
                    json={"username": "direttore", "password": "password-del-direttore"},
                    timeout=60,
                ).json()["access_token"]
            time.sleep(1)
            before = rss_mib(pid)
            print(f"server RSS before: {before:.0f} MiB")
            peak = before
            for path, content_type in ENDPOINTS:
                out = flood(port, pid, path, content_type, args.clients, size, token)
                peak = max(peak, out["peak"])
                print(
                    f"{path}: {args.clients} x {args.mib} MiB "
                    f"{'director' if token else 'anonymous'} posts in "
                    f"{out['seconds']:.1f} s; answers {out['statuses']}; "
                    f"{out['sent_mib']:.0f} MiB sent; server RSS peak {out['peak']:.0f} MiB"
                )
            time.sleep(2)
            after = rss_mib(pid)
            print(
                f"server RSS: before {before:.0f} MiB, peak {peak:.0f} MiB, after {after:.0f} MiB"
            )


if __name__ == "__main__":
    main()
