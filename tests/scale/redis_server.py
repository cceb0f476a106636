"""A throw-away Redis server for a test, as ``tests/postgres.py`` is for PostgreSQL.

``RedisServer.start()`` runs Debian's ``redis-server`` (``scripts/debian-packages.txt``) in the
foreground on a free port of 127.0.0.1, its files in a new temporary directory, nothing saved
to disk, and returns once it answers ``PING``; ``stop()`` ends it (its process only) and
removes its files; ``restart()`` stops it and starts it again on the same port, empty (what a
crash of Redis does to the counts). Redis missing makes the test fail, never skip.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import redis

START_ATTEMPTS = 5
READY_WITHIN = 30.0


def free_port() -> int:
    """A TCP port of 127.0.0.1 that is free right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class RedisServer:
    """A running ``redis-server`` of the test (``url``: ``redis://127.0.0.1:<port>/0``)."""

    port: int
    base_dir: Path
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @classmethod
    def start(cls) -> RedisServer:
        """Start a private server on a free port, once it answers."""
        program = shutil.which("redis-server") or "/usr/bin/redis-server"
        if not Path(program).exists():
            raise RuntimeError(
                "redis-server is not installed (Debian package 'redis-server', "
                "scripts/debian-packages.txt)"
            )
        base_dir = Path(tempfile.mkdtemp(prefix="arbitro-redis-"))
        last = ""
        for _ in range(START_ATTEMPTS):
            server = cls(port=free_port(), base_dir=base_dir)
            try:
                server._launch()
                return server
            except RuntimeError as error:  # most likely the port was taken meanwhile
                last = str(error)
                server._end()
        shutil.rmtree(base_dir, ignore_errors=True)
        raise RuntimeError(f"redis-server did not start: {last}")

    def _launch(self) -> None:
        program = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.process = subprocess.Popen(
            [
                program,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.base_dir),
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "no",
                "--logfile",
                str(self.base_dir / "redis.log"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port, socket_timeout=1, socket_connect_timeout=1)
        deadline = time.monotonic() + READY_WITHIN
        try:
            while True:
                if self.process.poll() is not None:
                    log = self.base_dir / "redis.log"
                    raise RuntimeError(log.read_text() if log.exists() else "exited")
                try:
                    if client.ping():
                        return
                except redis.RedisError:
                    if time.monotonic() > deadline:
                        raise RuntimeError("redis-server did not answer") from None
                    time.sleep(0.05)
        finally:
            client.close()

    def _end(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self) -> None:
        """Stop the server and start it again, empty, on the same port."""
        self._end()
        self._launch()

    def stop(self) -> None:
        """Stop the server and remove its files."""
        self._end()
        shutil.rmtree(self.base_dir, ignore_errors=True)
