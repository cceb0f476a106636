"""Write src/arbitro/store/schema_head.sql: the script that creates a new SQLite database at the
head revision without Alembic (issue 14), generated from the migrations, never written by hand.

It migrates a scratch SQLite file with Alembic (``arbitro.store.migrate.upgrade``) and writes
every statement of its ``sqlite_master`` (tables, indexes, triggers, in that table's order: the
order they were made in) and every row the migrations left (the ``alembic_version`` stamp).
Run it after adding a migration (the suite fails while the committed file is stale)::

    .venv/bin/python tools/sqlite_schema.py [--out PATH]
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
from pathlib import Path

from arbitro.store import migrate
from arbitro.store.engine import make_engine

OUT = migrate.SQLITE_HEAD_SCHEMA

HEADER = """\
-- The schema of a new arbitro SQLite database at revision {revision}, with its alembic_version
-- stamp: run by arbitro.store.migrate.create_sqlite in one BEGIN IMMEDIATE transaction.
-- Generated from the Alembic migrations by tools/sqlite_schema.py: do not edit, regenerate.
"""


def migrated_by_alembic(path: Path) -> Path:
    """A new SQLite file at ``path`` brought to head by Alembic's migrations."""
    engine = make_engine(f"sqlite:///{path}")
    try:
        migrate.upgrade(engine)
    finally:
        engine.dispose()
    return path


def schema_script(path: Path) -> str:
    """The statements that make a database like the SQLite file at ``path``: its schema in
    ``sqlite_master`` order (SQLite's own objects, made with their tables, left out), then
    the rows of its tables as ``INSERT`` statements."""
    connection = sqlite3.connect(path)
    try:
        objects = connection.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"
        ).fetchall()
        statements = [f"{sql};" for _type, name, sql in objects if not name.startswith("sqlite_")]
        for kind, name, _sql in objects:
            if kind != "table" or name.startswith("sqlite_"):
                continue
            table = _quote(name)
            columns = [str(c[1]) for c in connection.execute(f"PRAGMA table_info({table})")]
            listed = ", ".join(_quote(c) for c in columns)
            quoted = ", ".join(f"quote({_quote(c)})" for c in columns)
            for row in connection.execute(f"SELECT {quoted} FROM {table} ORDER BY rowid"):
                statements.append(f"INSERT INTO {table} ({listed}) VALUES ({', '.join(row)});")
        (revision,) = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    finally:
        connection.close()
    return HEADER.format(revision=revision) + "\n".join(statements) + "\n"


def _quote(identifier: str) -> str:
    """An SQL identifier in double quotes."""
    return '"' + identifier.replace('"', '""') + '"'


def generate() -> str:
    """The head schema's script, from a scratch database migrated by Alembic."""
    with tempfile.TemporaryDirectory() as directory:
        return schema_script(migrated_by_alembic(Path(directory) / "scratch.sqlite3"))


def main(argv: list[str] | None = None) -> None:
    """Write the script to ``--out`` (default: the store's ``schema_head.sql``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=OUT)
    out: Path = parser.parse_args(argv).out
    out.write_text(generate(), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
