"""The event service's penalty in points (issue 26; FIBAS art. 22): recorded in the store,
in the standings, cancelled by a later record, kept by the event file's export and import,
and folded alike by a fresh service."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.services.test_cancellations import Clock, four_pairs, last_seq, row

from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.tournament.commands import values


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RecordStore]:
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as s:
        yield s


def test_art22_penalty_in_the_standings_then_cancelled(store: RecordStore) -> None:
    """FIBAS art. 22: 1 V.P. and 100 M.P. by default (the warnings' penalty, art. 41) taken
    off pair 1's standings; cancelled, they are given back."""
    svc = four_pairs(store)
    before = row(svc, 1)
    svc.run("ev", values.GivePenalty(1, 1, "carte mostrate", player="G1a"))
    after = row(svc, 1)
    assert (after.vp, after.mp) == (before.vp - 1, before.mp - 100)
    assert (after.penalty_vp, after.penalty_mp) == (-1, -100)
    (record,) = [r for r in store.records("ev") if r.kind == "penalty-given"]
    assert record.reason == "carte mostrate" and record.actor == "arbiter"
    svc.run("ev", values.Cancel(last_seq(svc), "coppia sbagliata"))
    assert row(svc, 1) == before


def test_penalty_survives_export_and_import(store: RecordStore, tmp_path: Path) -> None:
    """The event file keeps the penalty (kind "penalty-given"): imported, and folded by a
    fresh service, the standings are the same."""
    svc = four_pairs(store)
    svc.run("ev", values.GivePenalty(1, 2, "commenti", mp=60, vp=0, article="41"))
    data = export_event(svc, "ev")
    assert any(r["kind"] == "penalty-given" for r in data["records"])
    with RecordStore.open(f"sqlite:///{tmp_path / 'b.sqlite3'}") as other:
        target = EventService(other, Clock())
        import_event(target, data)
        assert target.standings("ev", 1) == svc.standings("ev", 1)
        assert EventService(other).standings("ev", 1) == svc.standings("ev", 1)
        assert row(target, 2).penalty_mp == -60
