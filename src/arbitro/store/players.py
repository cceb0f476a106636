"""The club's registry of players in the store (migration 0005): one row per player (name,
federation card number unique when given, club, category, contact), the links that say which
competitor of which event a player played in, and the audit log of who imported, exported or
deleted what.

Unlike an event's records these rows are personal data kept on the club's machine: they are
changed by a new import and deleted on request (GDPR art. 17). The use cases (import, the
player's page, export, deletion with the events' anonymisation) are in
:mod:`arbitro.services.players`; here are only the queries.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from arbitro.collation import name_key
from arbitro.errors import ConflictError
from arbitro.store.record_store import RecordStore
from arbitro.store.schema import player_audit, player_entries, players


@dataclass(frozen=True, slots=True)
class Player:
    """A player of the club's registry: its registry number (``id``), name, federation card
    number (None if not given), club, category, contact, when it was first recorded, and
    what prize categories ask (migration 0007): sex ("F"/"M"), birth year, first season."""

    id: int
    name: str
    card: str | None = None
    club: str | None = None
    category: str | None = None
    contact: str | None = None
    created_at: datetime | None = None
    sex: str | None = None
    birth_year: int | None = None
    first_season: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerFields:
    """What a registry entry says of a player (everything but its number and creation)."""

    name: str
    card: str | None = None
    club: str | None = None
    category: str | None = None
    contact: str | None = None
    sex: str | None = None
    birth_year: int | None = None
    first_season: int | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """A link: the registry player played as competitor ``competitor`` of ``event_id``."""

    player_id: int
    event_id: str
    competitor: int
    linked_at: datetime


@dataclass(frozen=True, slots=True)
class AuditLine:
    """One line of the registry's audit log: when, who, what (``import``, ``export``,
    ``delete``, ``register``, ``link``), which player (its registry number), why, and a
    detail without personal data."""

    at: datetime
    actor: str
    action: str
    player_id: int | None
    reason: str | None
    detail: str | None


def fold(text: str) -> str:
    """``text`` folded for searching: accents removed, lower case, spaces collapsed
    (``"Nicolò  D'Amico"`` → ``"nicolo d'amico"``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def search_key(fields: PlayerFields) -> str:
    """The folded text a search looks in: the name, the card number and the club."""
    return " | ".join(fold(t) for t in (fields.name, fields.card or "", fields.club or ""))


def _engine(store: RecordStore) -> Engine:
    engine: Engine = store.engine
    return engine


_COLUMNS = (
    players.c.id,
    players.c.name,
    players.c.card,
    players.c.club,
    players.c.category,
    players.c.contact,
    players.c.created_at,
    players.c.sex,
    players.c.birth_year,
    players.c.first_season,
)


_KEY = len(_COLUMNS)  # the search key's index in a row selected as (*_COLUMNS, search_key)


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _int(value: object) -> int | None:
    return None if value is None else int(str(value))


def _player(row: Sequence[Any]) -> Player:
    return Player(
        int(row[0]),
        str(row[1]),
        _text(row[2]),
        _text(row[3]),
        _text(row[4]),
        _text(row[5]),
        row[6],
        _text(row[7]),
        _int(row[8]),
        _int(row[9]),
    )


def _values(fields: PlayerFields) -> dict[str, object]:
    return {
        "name": fields.name,
        "card": fields.card,
        "club": fields.club,
        "category": fields.category,
        "contact": fields.contact,
        "sex": fields.sex,
        "birth_year": fields.birth_year,
        "first_season": fields.first_season,
        "search_key": search_key(fields),
    }


def _card_taken(card: str | None) -> ConflictError:
    return ConflictError(
        "the card number {card} is already in the registry", card=card, key="players.card_taken"
    )


def add_player(store: RecordStore, fields: PlayerFields, now: datetime) -> Player:
    """Add a player to the registry; ConflictError if its card number is already there."""
    try:
        with _engine(store).begin() as connection:
            result = connection.execute(insert(players), {**_values(fields), "created_at": now})
            key = result.inserted_primary_key
    except IntegrityError as exc:
        raise _card_taken(fields.card) from exc
    assert key is not None
    return Player(
        int(key[0]),
        fields.name,
        fields.card,
        fields.club,
        fields.category,
        fields.contact,
        now,
        fields.sex,
        fields.birth_year,
        fields.first_season,
    )


def update_player(store: RecordStore, player_id: int, fields: PlayerFields) -> None:
    """Replace what the registry says of player ``player_id`` (a new members list)."""
    try:
        with _engine(store).begin() as connection:
            connection.execute(
                update(players).where(players.c.id == player_id).values(**_values(fields))
            )
    except IntegrityError as exc:
        raise _card_taken(fields.card) from exc


def get_player(store: RecordStore, player_id: int) -> Player | None:
    """The player with registry number ``player_id`` (None if there is none)."""
    with _engine(store).connect() as connection:
        row = connection.execute(select(*_COLUMNS).where(players.c.id == player_id)).first()
    return None if row is None else _player(row)


def player_by_card(store: RecordStore, card: str) -> Player | None:
    """The player whose federation card number is ``card`` (None if there is none)."""
    with _engine(store).connect() as connection:
        row = connection.execute(select(*_COLUMNS).where(players.c.card == card)).first()
    return None if row is None else _player(row)


def players_named(store: RecordStore, name: str) -> list[Player]:
    """The players whose name, folded, is ``name`` folded."""
    wanted = fold(name)
    prefix = wanted + " | "
    with _engine(store).connect() as connection:
        rows = connection.execute(
            select(*_COLUMNS)
            .where(players.c.search_key.startswith(prefix, autoescape=True))
            .order_by(players.c.id)
        ).all()
    return [_player(row) for row in rows]


def list_players(store: RecordStore) -> list[Player]:
    """Every player of the registry, alphabetically by name (:func:`name_key`), then number."""
    with _engine(store).connect() as connection:
        rows = list(connection.execute(select(*_COLUMNS, players.c.search_key)).all())
    rows.sort(key=lambda r: (name_key(str(r[1])), int(r[0])))
    return [_player(row) for row in rows]


def search_players(store: RecordStore, text: str, limit: int | None = None) -> list[Player]:
    """The players matching ``text`` as the desk's search as you type: every word of it,
    folded (case and accents ignored), is found in the player's name, card number or club.
    Players whose name starts with the text come first, then those with a word of the name
    starting with it, then the others; by name within each group."""
    words = fold(text).split()
    query = select(*_COLUMNS, players.c.search_key)
    if words:
        query = query.where(
            and_(*(players.c.search_key.contains(w, autoescape=True) for w in words))
        )
    with _engine(store).connect() as connection:
        rows = list(connection.execute(query).all())
    wanted = " ".join(words)

    def rank(row: Sequence[Any]) -> tuple[int, tuple[tuple[int, ...], ...], int]:
        name = str(row[_KEY]).split(" | ", 1)[0]
        if name.startswith(wanted):
            group = 0
        elif words and any(part.startswith(words[0]) for part in name.split()):
            group = 1
        else:
            group = 2
        return group, name_key(str(row[1])), int(row[0])

    rows.sort(key=rank)
    found = [_player(row) for row in rows]
    return found if limit is None else found[:limit]


def delete_player(store: RecordStore, player_id: int) -> None:
    """Delete player ``player_id`` and its links to events from the registry (one
    transaction). The events' own records are not touched here."""
    with _engine(store).begin() as connection:
        connection.execute(delete(player_entries).where(player_entries.c.player_id == player_id))
        connection.execute(delete(players).where(players.c.id == player_id))


def link(store: RecordStore, entry: Entry) -> bool:
    """Record that a player played as a competitor of an event; False if already recorded."""
    try:
        with _engine(store).begin() as connection:
            connection.execute(
                insert(player_entries),
                {
                    "player_id": entry.player_id,
                    "event_id": entry.event_id,
                    "competitor": entry.competitor,
                    "linked_at": entry.linked_at,
                },
            )
    except IntegrityError:
        return False
    return True


def entries_of(store: RecordStore, player_id: int) -> list[Entry]:
    """The events (and competitors) player ``player_id`` is linked to, oldest link first."""
    with _engine(store).connect() as connection:
        rows = connection.execute(
            select(
                player_entries.c.player_id,
                player_entries.c.event_id,
                player_entries.c.competitor,
                player_entries.c.linked_at,
            )
            .where(player_entries.c.player_id == player_id)
            .order_by(player_entries.c.linked_at, player_entries.c.event_id)
        ).all()
    return [Entry(int(r[0]), str(r[1]), int(r[2]), r[3]) for r in rows]


def audit(store: RecordStore, line: AuditLine) -> None:
    """Append a line to the registry's audit log."""
    with _engine(store).begin() as connection:
        connection.execute(
            insert(player_audit),
            {
                "at": line.at,
                "actor": line.actor,
                "action": line.action,
                "player_id": line.player_id,
                "reason": line.reason,
                "detail": line.detail,
            },
        )


def audit_lines(store: RecordStore, player_id: int | None = None) -> list[AuditLine]:
    """The audit log (of one player if ``player_id`` is given), oldest first."""
    query = select(
        player_audit.c.at,
        player_audit.c.actor,
        player_audit.c.action,
        player_audit.c.player_id,
        player_audit.c.reason,
        player_audit.c.detail,
    ).order_by(player_audit.c.id)
    if player_id is not None:
        query = query.where(player_audit.c.player_id == player_id)
    with _engine(store).connect() as connection:
        rows = connection.execute(query).all()
    return [
        AuditLine(r[0], str(r[1]), str(r[2]), None if r[3] is None else int(r[3]), r[4], r[5])
        for r in rows
    ]


def clubs_of_event(store: RecordStore, event_id: str) -> list[tuple[int, str]]:
    """The competitors of ``event_id`` linked to registry players who have a club, as
    ``(competitor, club)`` rows (one per linked player), in competitor order."""
    return [
        (competitor, player.club)
        for competitor, player in players_of_event(store, event_id)
        if player.club and player.club.strip()
    ]


def players_of_event(store: RecordStore, event_id: str) -> list[tuple[int, Player]]:
    """The registry players linked to the competitors of ``event_id``: (competitor, player)
    pairs by competitor, then registry number."""
    with _engine(store).connect() as connection:
        rows = connection.execute(
            select(player_entries.c.competitor, *_COLUMNS)
            .join(players, players.c.id == player_entries.c.player_id)
            .where(player_entries.c.event_id == event_id)
            .order_by(player_entries.c.competitor, players.c.id)
        ).all()
    return [(int(r[0]), _player(r[1:])) for r in rows]
