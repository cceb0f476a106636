"""nginx in front of a test's (or a bench's) arbitro processes, from the production template
(``scripts/nginx-arbitro.conf.template``) with the upstream lines ``scripts/production.sh``
writes: what the processes' tests go through (issue 33).

``Proxy.start(directory, ports)`` writes the configuration into ``directory``, runs Debian's
``nginx`` in the foreground on a free port of 127.0.0.1 (its own process group) and returns
once it listens; ``stop()`` ends it (its process only). nginx missing makes the test fail,
never skip. Each answer names the arbitro process that gave it (``X-Arbitro-Worker``,
:class:`arbitro.web.factory.NameTheProcess`), a WebSocket's handshake included.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.scale.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "scripts" / "nginx-arbitro.conf.template"
READY_WITHIN = 30.0


def upstream_lines(ports: list[int]) -> str:
    """The template's ``@UPSTREAMS@``: one line a process, as ``scripts/production.sh``
    writes them (a process that fails is left alone 5 s, its requests going to the next)."""
    return "".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in ports)


def nginx_conf(directory: Path, listen: int, ports: list[int]) -> Path:
    """The production template for the processes on ``ports``, written into ``directory``."""
    text = TEMPLATE.read_text().replace("@DIR@", str(directory)).replace("@LISTEN@", str(listen))
    text = text.replace("@UPSTREAMS@\n", upstream_lines(ports))
    directory.mkdir(parents=True, exist_ok=True)
    conf = directory / "nginx.conf"
    conf.write_text(text)
    return conf


@dataclass
class Proxy:
    """A running nginx (``url``: ``http://127.0.0.1:<port>``) in front of ``ports``."""

    port: int
    directory: Path
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @classmethod
    def start(cls, directory: Path, ports: list[int]) -> Proxy:
        """nginx on a free port in front of ``ports``, once it accepts connections."""
        program = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(program).exists():
            raise RuntimeError(
                "nginx is not installed (Debian package 'nginx', scripts/debian-packages.txt)"
            )
        proxy = cls(port=free_port(), directory=directory)
        conf = nginx_conf(directory, proxy.port, ports)
        proxy.process = subprocess.Popen(
            [program, "-c", str(conf)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + READY_WITHIN
        while True:
            if proxy.process.poll() is not None:
                log = directory / "error.log"
                raise RuntimeError(log.read_text() if log.exists() else "nginx exited")
            try:
                with socket.create_connection(("127.0.0.1", proxy.port), timeout=1):
                    return proxy
            except OSError:
                if time.monotonic() > deadline:
                    proxy.stop()
                    raise RuntimeError("nginx did not listen") from None
                time.sleep(0.05)

    def stop(self) -> None:
        """End nginx (its process group: the master and its worker)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.process = None
