"""Backups restore everything (issue #13 §8): a backup of the installation restored into a
new database keeps every event's standings, the directors' accounts and the secret that
signs the table cards, so that a QR code printed before the restore still opens its table."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.services.backup import backup, restore
from arbitro.services.demo import run_demo
from arbitro.services.event_file import export_event
from arbitro.services.events import EventService
from arbitro.services.knockout import KnockoutService
from arbitro.services.players import (
    add_player,
    audit_log,
    find_player,
    link_player,
    player_page,
    search,
)
from arbitro.store import RecordStore
from arbitro.store.players import PlayerFields
from arbitro.store.users import add_user, authenticate
from arbitro.tournament.commands import values
from arbitro.tournament.knockout_event import KnockoutConfig
from arbitro.web.secret import load_secret
from arbitro.web.tokens import make_token, read_token

NOW = datetime(2026, 11, 24, 23, 0, tzinfo=UTC)


def test_a_restored_installation_keeps_events_directors_and_the_cards_secret(
    tmp_path: Path,
) -> None:
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as old:
        run_demo(old, "demo")
        ko = KnockoutService(old)
        ko.create("coppa", KnockoutConfig("Coppa"))
        for i in range(1, 4):
            ko.run("coppa", values.RegisterPair(f"Coppia {i}", [f"A{i}", f"B{i}"]))
        add_user(old, "direttore", "una password lunga")
        secret = load_secret(old)
        card = make_token(secret, "demo", 3)  # a QR code printed before the backup
        data = backup(old, NOW)
        before = EventService(old).standings("demo")
        events = [e.event_id for e in old.list_events()]
        assert "password" not in str(export_event(EventService(old), "demo"))
    assert data["sensitive"] is True
    with RecordStore.open(f"sqlite:///{tmp_path / 'b.sqlite3'}") as new:
        assert restore(new, data) == len(events)
        assert [e.event_id for e in new.list_events()] == events
        assert new.event_kind("coppa") == "knockout"
        assert EventService(new).standings("demo") == before
        assert authenticate(new, "direttore", "una password lunga")
        assert load_secret(new) == secret
        assert read_token(load_secret(new), card) == ("demo", 3, 1)
        with pytest.raises(ArbitroError, match="nuovo database"):
            restore(new, data)


def test_a_restored_installation_keeps_the_clubs_players_registry(tmp_path: Path) -> None:
    """The registry (players, their links to events, the audit of requests) is the club's
    data too: a backup restored into a new database keeps it whole."""
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as old:
        run_demo(old, "demo")
        ada = add_player(old, PlayerFields("Ada Rossi", "FIB123", "Circolo Tre Torri"), "dir")
        add_player(old, PlayerFields("Bruno Neri"), "dir")
        link_player(old, "FIB123", "demo", 1)
        data = backup(old, NOW)
        page = player_page(old, ada)
        audit = audit_log(old)
    with RecordStore.open(f"sqlite:///{tmp_path / 'b.sqlite3'}") as new:
        restore(new, data)
        assert [p.name for p in search(new)] == ["Ada Rossi", "Bruno Neri"]
        again = find_player(new, "FIB123")
        assert again == ada
        played = [(e.event_id, e.competitor, e.rank, e.vp, e.mp) for e in page.events]
        restored = player_page(new, again).events
        assert [(e.event_id, e.competitor, e.rank, e.vp, e.mp) for e in restored] == played
        assert played and played[0][:2] == ("demo", 1)
        assert audit_log(new) == audit
    legacy = {k: v for k, v in data.items() if k != "registry"}  # a backup from before
    with RecordStore.open(f"sqlite:///{tmp_path / 'c.sqlite3'}") as other:
        restore(other, legacy)
        assert search(other) == []
