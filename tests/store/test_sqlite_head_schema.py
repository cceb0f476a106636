"""A new SQLite database is created from ``schema_head.sql`` in one ``executescript`` (issue 14:
no Alembic migration, no SQLAlchemy, for every installation's first command, an import into a
new file, the demo). The script is generated from the migrations (``tools/sqlite_schema.py``)
and the database it makes is the one Alembic makes: same ``sqlite_master``, same stamp, the
same append-only triggers (DESIGN.md, "Architecture": records are append-only), and it is
upgraded and downgraded by Alembic like any other."""

from __future__ import annotations

import importlib.util
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from arbitro.store import NewRecord, RecordStore, migrate
from arbitro.store.engine import make_engine

REPO = Path(__file__).resolve().parents[2]
TOOL = REPO / "tools" / "sqlite_schema.py"

Master = list[tuple[str, str, str, str | None]]


def master_and_stamp(path: Path) -> tuple[Master, list[str]]:
    """The ``sqlite_master`` rows (type, name, tbl_name, sql) of the file at ``path``, in the
    order they were made, and its ``alembic_version`` rows."""
    connection = sqlite3.connect(path)
    try:
        master = [
            (str(t), str(n), str(tn), None if s is None else str(s))
            for t, n, tn, s in connection.execute(
                "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid"
            )
        ]
        stamp = [str(r[0]) for r in connection.execute("SELECT version_num FROM alembic_version")]
    finally:
        connection.close()
    return master, stamp


def migrated_by_alembic(path: Path) -> Path:
    """A new SQLite file at ``path`` brought to head by Alembic's migrations (the tool's own
    function: the file the script is generated from)."""
    spec = importlib.util.spec_from_file_location("arbitro_tools_sqlite_schema", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    migrated: Path = tool.migrated_by_alembic(path)
    return migrated


def test_the_committed_script_is_the_one_the_migrations_give(tmp_path: Path) -> None:
    """``schema_head.sql`` is current: regenerated from the migrations, it is the same text
    (run ``python tools/sqlite_schema.py`` after adding a migration)."""
    out = tmp_path / "schema_head.sql"
    subprocess.run([sys.executable, str(TOOL), "--out", str(out)], check=True, capture_output=True)
    assert out.read_text("utf-8") == migrate.SQLITE_HEAD_SCHEMA.read_text("utf-8")


def test_a_new_file_is_created_by_the_script_as_alembic_creates_it(tmp_path: Path) -> None:
    """The store's new file and Alembic's have the same tables, indexes and triggers, in the
    same order, with the same SQL, and the same stamp: the head revision."""
    path = tmp_path / "new.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        assert migrate.sqlite_is_empty(connection)
        assert migrate.create_sqlite(connection) is True
        assert not connection.in_transaction
    finally:
        connection.close()
    created, stamp = master_and_stamp(path)
    expected, expected_stamp = master_and_stamp(migrated_by_alembic(tmp_path / "alembic.sqlite3"))
    assert created == expected
    assert stamp == expected_stamp == [migrate.newest_revision()]
    triggers = {name for kind, name, _, _ in created if kind == "trigger"}
    assert {"records_refuse_update", "records_refuse_delete", "events_refuse_delete"} <= triggers


def test_records_of_a_new_file_are_append_only(tmp_path: Path) -> None:
    """The script's triggers work: a stored record can be neither changed nor deleted, an event
    never deleted (records are append-only; corrections are new records, FIBAS art. 21)."""
    path = tmp_path / "arbitro.sqlite3"
    with RecordStore(f"sqlite:///{path}") as store:
        store.create_event("e", "Torneo", records=[NewRecord("note", {"n": 1}, "director")])
    connection = sqlite3.connect(path)
    try:
        for statement in (
            "UPDATE records SET actor = 'x'",
            "DELETE FROM records",
            "DELETE FROM events",
        ):
            with pytest.raises(sqlite3.IntegrityError, match=r"arbitro: .* refused"):
                connection.execute(statement)
    finally:
        connection.close()


@pytest.mark.parametrize("down_to", ["0006", "base"])
def test_a_file_created_by_the_script_is_migrated_by_alembic(tmp_path: Path, down_to: str) -> None:
    """A file created at head by the script is downgraded and upgraded again by Alembic (as when
    a later migration is added), ending as Alembic's own file, its records kept."""
    path = tmp_path / "arbitro.sqlite3"
    url = f"sqlite:///{path}"
    with RecordStore(url) as store:
        store.create_event("e", "Torneo", records=[NewRecord("note", {"n": 1}, "director")])
    by_alembic = migrated_by_alembic(tmp_path / "alembic.sqlite3")
    for database in (path, by_alembic):  # the same steps on the file Alembic made
        engine = make_engine(f"sqlite:///{database}")
        try:
            migrate.downgrade(engine, down_to)
            assert migrate.current_revisions(engine) == (
                frozenset() if down_to == "base" else {down_to}
            )
            migrate.upgrade(engine)
            assert migrate.current_revisions(engine) == migrate.head_revisions()
        finally:
            engine.dispose()
    assert master_and_stamp(path) == master_and_stamp(by_alembic)
    if down_to != "base":
        with RecordStore(url) as store:
            assert [r.payload for r in store.records("e")] == [{"n": 1}]


def test_the_script_does_not_touch_a_database_already_made(tmp_path: Path) -> None:
    """Run on a file another program already created, the script fails on the tables there,
    is rolled back and says so; the file is as that program left it."""
    path = tmp_path / "arbitro.sqlite3"
    with RecordStore(f"sqlite:///{path}") as store:
        store.create_event("e", "Torneo")
    before = master_and_stamp(path)
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        assert migrate.create_sqlite(connection) is False
        assert not connection.in_transaction
    finally:
        connection.close()
    assert master_and_stamp(path) == before
    with RecordStore(f"sqlite:///{path}") as store:
        assert store.has_event("e")


def test_a_program_finding_the_file_created_while_it_waited_uses_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two programs creating the same new file: the second finds it empty, waits for the
    first's write lock, then finds the schema the first committed and uses it (its own
    script rolled back): one schema, one stamp."""
    created: list[bool] = []
    create_sqlite = migrate.create_sqlite

    def spied(connection: sqlite3.Connection) -> bool:
        created.append(create_sqlite(connection))
        return created[-1]

    monkeypatch.setattr(migrate, "create_sqlite", spied)
    path = tmp_path / "arbitro.sqlite3"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("PRAGMA journal_mode=WAL")
    other.execute("BEGIN IMMEDIATE")  # the first program's creation under way
    script = migrate.SQLITE_HEAD_SCHEMA.read_text("utf-8")

    def first_program_commits() -> None:
        statement = ""
        for line in script.splitlines(keepends=True):
            statement += line
            if sqlite3.complete_statement(statement):
                other.execute(statement)
                statement = ""
        other.execute("COMMIT")

    finished = threading.Timer(1.0, first_program_commits)
    finished.start()
    try:
        with RecordStore(f"sqlite:///{path}") as store:
            store.create_event("e", "Torneo")
            assert store.has_event("e")
    finally:
        finished.join()
        other.close()
    assert created == [False]  # it waited, then left the file to the first program
    expected = master_and_stamp(migrated_by_alembic(tmp_path / "alembic.sqlite3"))
    assert master_and_stamp(path) == expected
