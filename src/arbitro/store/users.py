"""The installation's users (the directors who may log in to the desk) and its settings.

Passwords are kept only as argon2id hashes (argon2-cffi's current defaults), never in clear.
Sessions (migration ``0004``) are kept on the server: a login stores the SHA-256 of a random
id, and a logout or a password change revokes them, so an old cookie or bearer token opens
nothing. Idempotency keys (migration ``0004``) keep the first answer to a write.
Settings are an installation's key/value pairs (e.g. the secret that signs sessions and table
tokens), written once and then read. Both tables are created by migration ``0002``; unlike
the records of an event they may change (a password is replaced by a new hash).
"""

from __future__ import annotations

import hashlib
import os
import re
import socket
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.store.record_store import RecordStore
from arbitro.store.schema import (
    IDEMPOTENCY_KEY_LENGTH,
    USER_NAME_LENGTH,
    idempotency_keys,
    sessions,
    settings,
    users,
)

MIN_PASSWORD_LENGTH = 8
USER_NAME_PATTERN = re.compile(r"^[A-Za-z0-9_.@-]+$")

_hasher = PasswordHasher()


@dataclass(frozen=True, slots=True)
class User:
    """A user of the desk: the login name and when the account was created (UTC)."""

    name: str
    created_at: datetime


def hash_password(password: str) -> str:
    """The argon2id hash of ``password`` (with its own random salt)."""
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    """Whether ``password`` matches ``password_hash`` (False for a malformed hash too)."""
    try:
        return _hasher.verify(password_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def _engine(store: RecordStore) -> Engine:
    engine: Engine = store.engine
    return engine


def check_user_name(name: object) -> str:
    """The user name, checked: 1-100 letters, digits or ``_ . @ -``."""
    if not isinstance(name, str) or not USER_NAME_PATTERN.fullmatch(name):
        raise ArbitroError(
            "User name {name} is not valid: use letters, digits and _ . @ - (no spaces).",
            name=repr(name),
            key="users.invalid_name",
        )
    if len(name) > USER_NAME_LENGTH:
        raise ArbitroError(
            "User name too long ({length} characters, at most {max}).",
            length=len(name),
            max=USER_NAME_LENGTH,
            key="users.invalid_name",
        )
    return name


def check_password(password: object) -> str:
    """The password, checked: at least ``MIN_PASSWORD_LENGTH`` characters."""
    if not isinstance(password, str) or len(password) < MIN_PASSWORD_LENGTH:
        raise ArbitroError(
            "The password must have at least {min} characters.",
            min=MIN_PASSWORD_LENGTH,
            key="users.weak_password",
        )
    return password


def add_user(store: RecordStore, name: str, password: str) -> User:
    """Create a user with ``password`` (stored as an argon2 hash); ConflictError if taken."""
    check_user_name(name)
    check_password(password)
    created_at = datetime.now(UTC)
    row = {"name": name, "password_hash": hash_password(password), "created_at": created_at}
    try:
        with _engine(store).begin() as connection:
            connection.execute(insert(users), row)
    except IntegrityError as exc:
        raise ConflictError(
            "A user '{name}' already exists.", name=name, key="users.exists"
        ) from exc
    return User(name, created_at)


def set_password(store: RecordStore, name: str, password: str) -> None:
    """Replace the password of user ``name``; NotFoundError if there is no such user."""
    check_password(password)
    with _engine(store).begin() as connection:
        result = connection.execute(
            update(users).where(users.c.name == name).values(password_hash=hash_password(password))
        )
    if result.rowcount == 0:
        raise NotFoundError("There is no user '{name}'.", name=name, key="users.none")
    revoke_sessions(store, name)


def authenticate(store: RecordStore, name: str, password: str) -> bool:
    """Whether ``name`` is a user whose password is ``password``."""
    with _engine(store).connect() as connection:
        stored = connection.execute(
            select(users.c.password_hash).where(users.c.name == name)
        ).scalar_one_or_none()
    if stored is None:
        hash_password(password)  # spend the same time as for a known user
        return False
    return verify_password(stored, password)


def password_hash_of(store: RecordStore, name: str) -> str | None:
    """The stored hash of ``name``'s password (None if there is no such user)."""
    with _engine(store).connect() as connection:
        value = connection.execute(
            select(users.c.password_hash).where(users.c.name == name)
        ).scalar_one_or_none()
    return None if value is None else str(value)


def list_users(store: RecordStore) -> list[User]:
    """Every user, by name."""
    with _engine(store).connect() as connection:
        rows = connection.execute(
            select(users.c.name, users.c.created_at).order_by(users.c.name)
        ).all()
    return [User(row[0], row[1]) for row in rows]


def has_user(store: RecordStore, name: str) -> bool:
    """Whether a user ``name`` exists."""
    return password_hash_of(store, name) is not None


def get_setting(store: RecordStore, key: str) -> str | None:
    """The installation's setting ``key`` (None if never set)."""
    with _engine(store).connect() as connection:
        value = connection.execute(
            select(settings.c.value).where(settings.c.key == key)
        ).scalar_one_or_none()
    return None if value is None else str(value)


def set_setting(store: RecordStore, key: str, value: str) -> None:
    """Store ``value`` as the installation's setting ``key`` (replacing an earlier value)."""
    with _engine(store).begin() as connection:
        changed = connection.execute(
            update(settings).where(settings.c.key == key).values(value=value)
        ).rowcount
        if not changed:
            connection.execute(insert(settings), {"key": key, "value": value})


def setting_or_create(store: RecordStore, key: str, value: str) -> str:
    """The setting ``key``; if it was never set, store ``value`` first. Two processes racing
    to create it both get the same, first stored value."""
    existing = get_setting(store, key)
    if existing is not None:
        return existing
    try:
        with _engine(store).begin() as connection:
            connection.execute(insert(settings), {"key": key, "value": value})
    except IntegrityError:
        pass
    stored = get_setting(store, key)
    assert stored is not None
    return stored


# --- sessions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A live session: its user, the nonce its CSRF tokens derive from, and when it began."""

    user: str
    nonce: str
    issued_at: datetime


def _session_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


def create_session(
    store: RecordStore, session_id: str, user: str, nonce: str, now: datetime | None = None
) -> None:
    """Record a new session (only the SHA-256 of ``session_id`` is stored)."""
    row = {
        "id_hash": _session_hash(session_id),
        "user_name": user,
        "nonce": nonce,
        "issued_at": now or datetime.now(UTC),
        "revoked_at": None,
    }
    with _engine(store).begin() as connection:
        connection.execute(insert(sessions), row)


def live_session(
    store: RecordStore, session_id: str, max_age: timedelta, now: datetime | None = None
) -> StoredSession | None:
    """The session ``session_id`` if it exists, was not revoked and is younger than
    ``max_age``; else None."""
    with _engine(store).connect() as connection:
        row = connection.execute(
            select(
                sessions.c.user_name, sessions.c.nonce, sessions.c.issued_at, sessions.c.revoked_at
            ).where(sessions.c.id_hash == _session_hash(session_id))
        ).one_or_none()
    if row is None or row[3] is not None:
        return None
    current = now or datetime.now(UTC)
    if not timedelta(0) <= current - row[2] <= max_age:
        return None
    return StoredSession(str(row[0]), str(row[1]), row[2])


def revoke_session(store: RecordStore, session_id: str, now: datetime | None = None) -> None:
    """End one session (a logout)."""
    with _engine(store).begin() as connection:
        connection.execute(
            update(sessions)
            .where(sessions.c.id_hash == _session_hash(session_id))
            .where(sessions.c.revoked_at.is_(None))
            .values(revoked_at=now or datetime.now(UTC))
        )


def revoke_sessions(store: RecordStore, user: str, now: datetime | None = None) -> int:
    """End every session of ``user`` (a password change); returns how many were live."""
    with _engine(store).begin() as connection:
        result = connection.execute(
            update(sessions)
            .where(sessions.c.user_name == user)
            .where(sessions.c.revoked_at.is_(None))
            .values(revoked_at=now or datetime.now(UTC))
        )
    return int(result.rowcount)


# --- idempotency keys -----------------------------------------------------------------------

PENDING = 0
"""The status of a key whose first request is still being answered."""
PENDING_STALE = timedelta(seconds=30)
"""A key PENDING for longer than this was left by a request that died (its server killed or
crashed between claiming the key and settling it): it may be claimed again. Far longer than any
request takes (the slowest, a 30,000-record import, takes seconds), far shorter than a phone
waits: without it the phone's re-sent sheet would be answered "already being recorded"
forever."""


HOLDER_SEPARATOR = "|"
_holder: list[int | str] = [0, ""]


def _read(path: str) -> str:
    """A small /proc file's text, or "" where there is none (not Linux, or no such pid)."""
    try:
        with open(path, encoding="ascii", errors="replace") as file:
            return file.read().strip()
    except OSError:
        return ""


def _pid_namespace() -> str:
    try:
        return os.readlink("/proc/self/ns/pid")
    except OSError:
        return ""


def _start_time(pid: int) -> str:
    """When ``pid`` started (clock ticks since boot, /proc/PID/stat field 22), "" if no such
    process (or no /proc). The pid alone is not enough: a restarted server in a container is
    often given the same pid as the one that died."""
    stat = _read(f"/proc/{pid}/stat")
    fields = stat.rpartition(")")[2].split()
    return fields[19] if len(fields) > 19 else ""


def process_holder() -> str:
    """This server process's name on a pending key: its machine, the machine's boot, its pid
    namespace, its pid and the pid's start time (issue 29: a start-up releases the keys of the
    processes that are gone and never those of a live one)."""
    pid = os.getpid()
    if _holder[0] == pid:  # read once per process (a forked worker has its own)
        return str(_holder[1])
    parts = (
        socket.gethostname(),
        _read("/proc/sys/kernel/random/boot_id"),
        _pid_namespace(),
        str(pid),
        _start_time(pid),
    )
    _holder[:] = [pid, HOLDER_SEPARATOR.join(parts)[:IDEMPOTENCY_KEY_LENGTH]]
    return str(_holder[1])


def holder_is_gone(holder: str, here: str | None = None) -> bool:
    """Whether the process named ``holder`` is surely gone, seen from this process (``here``,
    default :func:`process_holder`): on this machine and in this pid namespace, a process
    whose pid no longer runs or runs another program started since; or a boot of this machine
    before the current one. A process on another machine (or in another container) cannot be
    seen from here: it is never taken for gone (its keys go stale after ``PENDING_STALE``)."""
    mine = (here or process_holder()).split(HOLDER_SEPARATOR)
    theirs = holder.split(HOLDER_SEPARATOR)
    if len(theirs) != len(mine) or theirs[0] != mine[0] or not mine[1]:
        return False
    if theirs[1] != mine[1]:
        return True  # this machine was restarted since: every process of it is gone
    if theirs[2] != mine[2] or not mine[2] or not theirs[3].isdigit():
        return False
    return _start_time(int(theirs[3])) != theirs[4]


def recover_pending_keys(store: RecordStore, here: str | None = None) -> int:
    """At a server's start-up, release the pending keys of the processes that are gone (a
    crash or SIGKILL between claiming a key and settling it): the phone's re-sent submission
    is then answered at once, instead of "already being recorded" until ``PENDING_STALE``
    (issue 29, "Bad luck"). The keys of live processes (several servers on one database) are
    left alone. Returns how many keys were released."""
    with _engine(store).connect() as connection:
        holders = connection.execute(
            select(idempotency_keys.c.holder)
            .where(idempotency_keys.c.status == PENDING, idempotency_keys.c.holder.is_not(None))
            .distinct()
        ).scalars()
        gone = [holder for holder in holders if holder_is_gone(holder, here)]
    released = 0
    for holder in gone:
        with _engine(store).begin() as connection:
            released += int(
                connection.execute(
                    delete(idempotency_keys).where(
                        idempotency_keys.c.status == PENDING, idempotency_keys.c.holder == holder
                    )
                ).rowcount
            )
    return released


@dataclass(frozen=True, slots=True)
class FirstAnswer:
    """The first answer to an idempotency key: its status (``PENDING`` while running), the
    place it sent the browser to (a redirect), its body (JSON or a page) and the body's type."""

    status: int
    location: str | None
    body: str | None
    media_type: str | None = None


def check_idempotency_key(key: object) -> str:
    """The key, checked: 8-200 printable ASCII characters."""
    if (
        not isinstance(key, str)
        or not 8 <= len(key) <= IDEMPOTENCY_KEY_LENGTH
        or not key.isascii()
        or not key.isprintable()
    ):
        raise ArbitroError(
            "Idempotency key not valid: 8 to {max} printable characters.",
            max=IDEMPOTENCY_KEY_LENGTH,
            key="idempotency.invalid",
        )
    return key


def claim_key(
    store: RecordStore, scope: str, key: str, now: datetime | None = None
) -> FirstAnswer | None:
    """Claim ``key`` for a new request in ``scope``: None if it is new (now PENDING), else
    the first answer (or PENDING while the first request runs). A key PENDING for more than
    ``PENDING_STALE`` was left by a request that died: it is claimed again (None), once."""
    at = now or datetime.now(UTC)
    row = {
        "scope": scope[:IDEMPOTENCY_KEY_LENGTH],
        "key": key,
        "status": PENDING,
        "location": None,
        "media_type": None,
        "body": None,
        "created_at": at,
        "holder": process_holder(),
    }
    try:
        with _engine(store).begin() as connection:
            connection.execute(insert(idempotency_keys), row)
        return None
    except IntegrityError:
        pass
    with _engine(store).begin() as connection:  # a claim left by a dead request: take it over
        taken = connection.execute(
            update(idempotency_keys)
            .where(
                idempotency_keys.c.scope == row["scope"],
                idempotency_keys.c.key == key,
                idempotency_keys.c.status == PENDING,
                idempotency_keys.c.created_at < at - PENDING_STALE,
            )
            .values(created_at=at, holder=row["holder"])
        ).rowcount
    if taken:
        return None
    with _engine(store).connect() as connection:
        found = connection.execute(
            select(
                idempotency_keys.c.status,
                idempotency_keys.c.location,
                idempotency_keys.c.body,
                idempotency_keys.c.media_type,
            ).where(idempotency_keys.c.scope == row["scope"], idempotency_keys.c.key == key)
        ).one_or_none()
    if found is None:  # released in between: treat as new next time
        return FirstAnswer(PENDING, None, None)
    return FirstAnswer(int(found[0]), found[1], found[2], found[3])


def settle_key(
    store: RecordStore,
    scope: str,
    key: str,
    status: int,
    location: str | None,
    body: str | None,
    media_type: str | None = None,
) -> None:
    """Keep the first answer to ``key``."""
    with _engine(store).begin() as connection:
        connection.execute(
            update(idempotency_keys)
            .where(
                idempotency_keys.c.scope == scope[:IDEMPOTENCY_KEY_LENGTH],
                idempotency_keys.c.key == key,
            )
            .values(status=status, location=location, body=body, media_type=media_type)
        )


def release_key(store: RecordStore, scope: str, key: str) -> None:
    """Forget ``key`` (its request was refused or failed and recorded nothing: it may be
    sent again)."""
    with _engine(store).begin() as connection:
        connection.execute(
            delete(idempotency_keys).where(
                idempotency_keys.c.scope == scope[:IDEMPOTENCY_KEY_LENGTH],
                idempotency_keys.c.key == key,
            )
        )
