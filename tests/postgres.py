"""A throw-away PostgreSQL server for the test session, and fresh databases on it.

``PostgresServer.start()`` finds the newest PostgreSQL under ``/usr/lib/postgresql/*/bin``, runs
``initdb`` in a new directory (as the ``postgres`` user when we are root: ``initdb`` refuses
root) and starts the server on a free port of 127.0.0.1 with its socket in its own directory,
so that several pytest-xdist workers each run their own. ``stop()`` stops it and removes its
files. Durability settings are off (unless ``durable``): the server only lives for the session.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import sql

PG_ROOT_GLOB = "/usr/lib/postgresql/*/bin"
SUPERUSER = "app"
START_ATTEMPTS = 5


class PostgresUnavailable(RuntimeError):
    """PostgreSQL is not installed or could not be started."""


def find_postgres_bin() -> Path:
    """The newest ``/usr/lib/postgresql/<version>/bin`` that holds ``initdb`` and ``pg_ctl``."""
    candidates = [
        Path(path)
        for path in glob.glob(PG_ROOT_GLOB)
        if (Path(path) / "initdb").exists() and (Path(path) / "pg_ctl").exists()
    ]
    if not candidates:
        raise PostgresUnavailable(
            "PostgreSQL is not installed: no initdb/pg_ctl under /usr/lib/postgresql/*/bin. "
            "The project's set-up installs it (Debian package 'postgresql'); or set "
            "ARBITRO_TEST_POSTGRES_URL to a server where the tests may create databases."
        )

    def version(path: Path) -> tuple[int, ...]:
        name = path.parent.name
        return tuple(int(part) for part in name.split(".") if part.isdigit())

    return max(candidates, key=version)


def free_port() -> int:
    """A TCP port of 127.0.0.1 that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class PostgresServer:
    """A running PostgreSQL server (``admin_url``: a psycopg URL to its ``postgres`` database)."""

    admin_url: str
    base_dir: Path | None = None
    bin_dir: Path | None = None
    options: str = ""
    """The ``postgres`` options it was started with (its port among them): :meth:`restart`."""

    @classmethod
    def external(cls, url: str) -> PostgresServer:
        """A server run by someone else (``ARBITRO_TEST_POSTGRES_URL``); never stopped here."""
        for prefix in ("postgresql+psycopg://", "postgresql://", "postgres://"):
            if url.startswith(prefix):
                url = "postgresql://" + url[len(prefix) :]
        return cls(admin_url=url)

    @classmethod
    def start(cls, durable: bool = False) -> PostgresServer:
        """Initialise and start a private server on a free port; stop it with :meth:`stop`.
        ``durable``: keep PostgreSQL's durability settings (``fsync``, ``synchronous_commit``,
        ``full_page_writes`` on), for a server that :meth:`restart` crashes on purpose: with
        ``synchronous_commit=off`` an immediate stop loses the last acknowledged commits."""
        bin_dir = find_postgres_bin()
        base_dir = Path(tempfile.mkdtemp(prefix="arbitro-pg-"))
        as_root = os.geteuid() == 0
        if as_root:
            shutil.chown(base_dir, user="postgres", group="postgres")
        data_dir = base_dir / "data"
        server = cls(admin_url="", base_dir=base_dir, bin_dir=bin_dir)
        try:
            server._run(
                "initdb",
                "-D",
                str(data_dir),
                "-U",
                SUPERUSER,
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            )
            last_error = ""
            for _ in range(START_ATTEMPTS):
                port = free_port()
                options = (
                    f"-c listen_addresses=127.0.0.1 -p {port} -k {base_dir} -c max_connections=200"
                )
                if not durable:
                    options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
                try:
                    server._run(
                        "pg_ctl",
                        "-D",
                        str(data_dir),
                        "-l",
                        str(base_dir / "server.log"),
                        "-o",
                        options,
                        "-w",
                        "-t",
                        "30",
                        "start",
                    )
                except PostgresUnavailable as exc:  # most likely the port was taken meanwhile
                    last_error = str(exc)
                    continue
                server.admin_url = f"postgresql://{SUPERUSER}@127.0.0.1:{port}/postgres"
                server.options = options
                return server
            raise PostgresUnavailable(f"PostgreSQL did not start: {last_error}")
        except BaseException:
            server.stop()
            raise

    def _run(self, program: str, *args: str) -> None:
        assert self.bin_dir is not None
        command = [str(self.bin_dir / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        result = subprocess.run(
            command, capture_output=True, text=True, check=False, cwd=self.base_dir
        )
        if result.returncode != 0:
            log = ""
            if self.base_dir is not None and (self.base_dir / "server.log").exists():
                log = (self.base_dir / "server.log").read_text(errors="replace")[-2000:]
            raise PostgresUnavailable(
                f"{' '.join(command)} failed ({result.returncode}):\n"
                f"{result.stdout}{result.stderr}{log}"
            )

    def restart(self, immediate: bool = True) -> None:
        """Stop the private server (``immediate``: as a crash would, no checkpoint; the next
        start recovers from the WAL) and start it again on the same data directory and port."""
        if self.base_dir is None:
            raise PostgresUnavailable("only a server started here can be restarted")
        data_dir = str(self.base_dir / "data")
        mode = "immediate" if immediate else "fast"
        self._run("pg_ctl", "-D", data_dir, "-m", mode, "-w", "stop")
        self._run(
            "pg_ctl",
            "-D",
            data_dir,
            "-l",
            str(self.base_dir / "server.log"),
            "-o",
            self.options,
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop(self) -> None:
        """Stop the private server (immediately: its data is thrown away) and remove its files."""
        if self.base_dir is None:
            return
        data_dir = self.base_dir / "data"
        if (data_dir / "postmaster.pid").exists():
            with contextlib.suppress(PostgresUnavailable):
                self._run("pg_ctl", "-D", str(data_dir), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.base_dir, ignore_errors=True)
        self.base_dir = None

    def create_database(self) -> str:
        """Create a new, empty database; return its psycopg URL (``postgresql://``)."""
        name = f"arbitro_tests_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self.admin_url, autocommit=True) as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.admin_url.rsplit("/", 1)[0] + "/" + name

    def drop_database(self, url: str) -> None:
        """Drop a database made by :meth:`create_database`, closing its leftover connections."""
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.admin_url, autocommit=True) as connection:
            connection.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def create_schema(database_url: str) -> str:
    """Create a new, empty schema in the database; return a SQLAlchemy URL that works in it.

    The URL (``postgresql+psycopg://``) sets ``search_path`` to the schema (so that, to whoever
    connects with it, the schema is a database of its own) and ``application_name`` to the
    schema's name (so that :func:`drop_schema` can close connections a test left open). A schema
    costs about a millisecond, a ``CREATE DATABASE`` about 160 ms.
    """
    name = f"t_{uuid.uuid4().hex[:20]}"
    with psycopg.connect(database_url, autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(name)))
    base = database_url.split("://", 1)[1]
    return f"postgresql+psycopg://{base}?options=-csearch_path%3D{name}&application_name={name}"


def drop_schema(schema_url: str) -> None:
    """Drop a schema made by :func:`create_schema`, with everything in it."""
    base, query = schema_url.split("?", 1)
    name = query.rsplit("application_name=", 1)[1]
    with psycopg.connect("postgresql://" + base.split("://", 1)[1], autocommit=True) as connection:
        connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = %s AND pid <> pg_backend_pid()",
            (name,),
        )
        connection.execute("SET lock_timeout = '10s'")
        connection.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(name)))
