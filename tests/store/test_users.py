"""The desk's users and the installation's settings in the store (migration 0002): passwords
kept only as argon2id hashes, names unique, settings written once; on SQLite and PostgreSQL.
Also ``arbitro user add`` (cli/users.py)."""

from __future__ import annotations

import pytest
import typer
from argon2 import PasswordHasher
from typer.testing import CliRunner

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.store import RecordStore, migrate, users
from arbitro.store.engine import make_engine


@pytest.fixture(autouse=True)
def _fast_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        users, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )


def test_add_and_authenticate_a_user(record_store: RecordStore) -> None:
    """A user logs in with the right password only; the stored hash is argon2id."""
    users.add_user(record_store, "direttore", "una password lunga")
    assert users.authenticate(record_store, "direttore", "una password lunga")
    assert not users.authenticate(record_store, "direttore", "una password lung")
    assert not users.authenticate(record_store, "nessuno", "una password lunga")
    stored = users.password_hash_of(record_store, "direttore")
    assert stored is not None and stored.startswith("$argon2id$")
    assert "una password lunga" not in stored
    assert [u.name for u in users.list_users(record_store)] == ["direttore"]


def test_the_same_password_gets_different_hashes(record_store: RecordStore) -> None:
    """Each hash has its own random salt."""
    users.add_user(record_store, "a", "stessa-password")
    users.add_user(record_store, "b", "stessa-password")
    assert users.password_hash_of(record_store, "a") != users.password_hash_of(record_store, "b")


def test_user_names_are_unique_and_checked(record_store: RecordStore) -> None:
    """A name already taken is a conflict; a bad name or a short password is refused."""
    users.add_user(record_store, "direttore", "password-1")
    with pytest.raises(ConflictError, match="Esiste già un utente «direttore»"):
        users.add_user(record_store, "direttore", "password-2")
    with pytest.raises(ArbitroError, match="non valido"):
        users.add_user(record_store, "con spazio", "password-3")
    with pytest.raises(ArbitroError, match="almeno 8 caratteri"):
        users.add_user(record_store, "breve", "corta")
    assert users.authenticate(record_store, "direttore", "password-1")


def test_change_a_password(record_store: RecordStore) -> None:
    """A new password replaces the old one; an unknown user is NotFound."""
    users.add_user(record_store, "direttore", "vecchia-password")
    users.set_password(record_store, "direttore", "nuova-password")
    assert users.authenticate(record_store, "direttore", "nuova-password")
    assert not users.authenticate(record_store, "direttore", "vecchia-password")
    with pytest.raises(NotFoundError):
        users.set_password(record_store, "nessuno", "nuova-password")


def test_a_setting_is_written_once(record_store: RecordStore) -> None:
    """The first value stored for a setting stays (two processes racing agree on it)."""
    assert users.get_setting(record_store, "secret") is None
    assert users.setting_or_create(record_store, "secret", "primo") == "primo"
    assert users.setting_or_create(record_store, "secret", "secondo") == "primo"
    assert users.get_setting(record_store, "secret") == "primo"


def test_migration_0002_adds_users_and_settings(database_url: str) -> None:
    """Migration 0002 creates the two tables; downgrading to 0001 removes them and keeps
    the events."""
    from sqlalchemy import inspect

    store = RecordStore(database_url)
    store.create_event("e", "Torneo")
    store.close()
    engine = make_engine(database_url)
    try:
        assert migrate.current_revisions(engine) == migrate.head_revisions()
        assert {"users", "settings"} <= set(inspect(engine).get_table_names())
        migrate.downgrade(engine, "0001")
        assert not {"users", "settings"} & set(inspect(engine).get_table_names())
        migrate.upgrade(engine)
        assert {"users", "settings"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
    with RecordStore(database_url) as again:
        assert again.has_event("e")


def test_cli_user_add(tmp_path: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """``arbitro user add NAME`` asks for the password twice and stores its hash; a taken
    name exits with status 1 and a message."""
    from arbitro.cli.users import register

    url = f"sqlite:///{tmp_path}/cli.sqlite3"
    monkeypatch.setenv("ARBITRO_DATABASE_URL", url)
    monkeypatch.delenv("ARBITRO_PASSWORD", raising=False)
    monkeypatch.setenv("ARBITRO_LANG", "it")
    app = typer.Typer()
    register(app)

    @app.command("noop")
    def noop() -> None:  # a second command keeps "user" a sub-command
        """Nothing."""

    runner = CliRunner()
    result = runner.invoke(
        app, ["user", "add", "direttore"], input="segreto-lungo\nsegreto-lungo\n"
    )
    assert result.exit_code == 0, result.output
    assert "Utente «direttore» creato." in result.output
    again = runner.invoke(app, ["user", "add", "direttore", "--password", "altro-segreto"])
    assert again.exit_code == 1 and "Esiste già un utente «direttore»" in again.output
    listed = runner.invoke(app, ["user", "list"])
    assert listed.output.startswith("direttore ")
    with RecordStore(url) as store:
        assert users.authenticate(store, "direttore", "segreto-lungo")


def test_sessions_are_kept_on_the_server_and_revoked(record_store: RecordStore) -> None:
    """Issue 13 §4: a session lives in the store (only its id's hash); a logout revokes it, a
    password change revokes every session of that user, and an old one expires."""
    from datetime import UTC, datetime, timedelta

    day = timedelta(hours=24)
    users.add_user(record_store, "direttore", "password-1")
    users.create_session(record_store, "id-uno", "direttore", "nonce-1")
    users.create_session(record_store, "id-due", "direttore", "nonce-2")
    found = users.live_session(record_store, "id-uno", day)
    assert found is not None and found.nonce == "nonce-1"
    users.revoke_session(record_store, "id-uno")
    assert users.live_session(record_store, "id-uno", day) is None
    assert users.live_session(record_store, "id-due", day) is not None
    users.set_password(record_store, "direttore", "password-2")
    assert users.live_session(record_store, "id-due", day) is None
    old = datetime.now(UTC) - timedelta(hours=25)
    users.create_session(record_store, "id-vecchio", "direttore", "n", old)
    assert users.live_session(record_store, "id-vecchio", day) is None


def test_an_idempotency_key_is_claimed_once(record_store: RecordStore) -> None:
    """Issue 13 §2: the first claim of a key wins; a repeat sees PENDING, then the settled
    first answer; a released key may be claimed again; keys are per sender."""
    assert users.claim_key(record_store, "user:a", "chiave-0001") is None
    pending = users.claim_key(record_store, "user:a", "chiave-0001")
    assert pending is not None and pending.status == users.PENDING
    assert users.claim_key(record_store, "user:b", "chiave-0001") is None
    users.settle_key(record_store, "user:a", "chiave-0001", 303, "/desk/e/x", None)
    first = users.claim_key(record_store, "user:a", "chiave-0001")
    assert first == users.FirstAnswer(303, "/desk/e/x", None)
    users.release_key(record_store, "user:b", "chiave-0001")
    assert users.claim_key(record_store, "user:b", "chiave-0001") is None
    with pytest.raises(ArbitroError):
        users.check_idempotency_key("corta")
