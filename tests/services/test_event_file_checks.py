"""An imported event file is checked like the actions that made it, and refused whole,
naming the record, when a live action would have been refused (FIBAS art. 4, 19, 21)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from arbitro.errors import ArbitroError
from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.store import RecordStore

LEGACY = Path(__file__).resolve().parents[1] / "regressions" / "legacy" / "burraco-pairs.json"
Edit = Callable[[list[dict[str, Any]]], None]


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as store:
        yield EventService(store, lambda: datetime(2026, 11, 25, 12, 0, tzinfo=UTC))


def _first(records: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(r for r in records if r["kind"] == kind)


def _sheet_for_table_99(records: list[dict[str, Any]]) -> None:
    _first(records, "sheet-entered")["payload"]["table"] = 99


def _seated_twice(records: list[dict[str, Any]]) -> None:
    tables = _first(records, "round-seated")["payload"]["tables"]
    tables[1]["ns"] = tables[0]["ns"]


def _sheet_in_a_round_not_seated(records: list[dict[str, Any]]) -> None:
    _first(records, "sheet-entered")["payload"]["round"] = 3


def _dated_9999(records: list[dict[str, Any]]) -> None:
    records[5]["recorded_at"] = "9999-01-01T00:00:00+00:00"


def _duplicate_number(records: list[dict[str, Any]]) -> None:
    registered = [r for r in records if r["kind"] == "competitor-registered"]
    registered[1]["payload"]["competitor"] = registered[0]["payload"]["competitor"]


def _standings_of_a_round_never_played(records: list[dict[str, Any]]) -> None:
    published = _first(records, "standings-published")
    published["payload"]["round"] = 3
    index = records.index(published)
    del records[index + 1 :]


def _hundred_thousand_rounds(records: list[dict[str, Any]]) -> None:
    cfg = records[0]["payload"]
    cfg["rounds"] = 100_000
    cfg["deals"] = [2] * 100_000
    cfg["movements"] = ["draw"] * 100_000


@pytest.mark.parametrize(
    ("edit", "record"),
    [
        (_sheet_for_table_99, None),
        (_seated_twice, None),
        (_sheet_in_a_round_not_seated, None),
        (_dated_9999, 6),
        (_duplicate_number, None),
        (_standings_of_a_round_never_played, None),
        (_hundred_thousand_rounds, 1),
    ],
)
def test_a_file_a_live_action_would_refuse_is_refused_whole(
    service: EventService, edit: Edit, record: int | None
) -> None:
    data = json.loads(LEGACY.read_text("utf-8"))
    bad = copy.deepcopy(data)
    edit(bad["records"])
    with pytest.raises(ArbitroError, match=r"registrazione" + (f" {record} " if record else "")):
        import_event(service, bad, "bad")
    assert not service.store.has_event("bad")
    import_event(service, data, "good")  # the file as exported imports
    assert export_event(service, "good")["records"][-1]["kind"] == "event-imported"


def test_a_record_that_cannot_be_stored_leaves_no_event_behind(service: EventService) -> None:
    """A lone surrogate in a reason cannot be stored as UTF-8: the import is refused and the
    event id stays free (the landed version left an empty event that blocked the id)."""
    data = json.loads(LEGACY.read_text("utf-8"))
    data["records"][3]["reason"] = "\ud800"
    with pytest.raises(ArbitroError):
        import_event(service, data, "surrogate")
    assert not service.store.has_event("surrogate")
    data["records"][3]["reason"] = None
    import_event(service, data, "surrogate")
    assert service.store.has_event("surrogate")
