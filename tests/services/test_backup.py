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
from arbitro.store import RecordStore
from arbitro.store.users import add_user, authenticate
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
            ko.register("coppa", f"Coppia {i}", [f"A{i}", f"B{i}"])
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
