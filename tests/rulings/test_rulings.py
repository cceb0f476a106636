"""One arbiter for every code, recorded at the event (issue 31): a Scala 40, a Parole, a Law 13
and a FIBAS ruling recorded through the service, in the ledger with their articles and
cancellable; a ruling of one code refused on an event of another; the ruling and its warnings
appended in one transaction."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.rulings.events import (
    NOW,
    briscola_communication,
    event,
    fibas_two_warnings,
    knockout,
    law13_board,
    parole_wrong_word,
    scala40_late_meld,
    service,
)

from arbitro.codes.ids import CodeId
from arbitro.codes.registry import code_specs
from arbitro.errors import ArbitroError
from arbitro.games.core.code_arbiter import effect_message
from arbitro.i18n import render, use_lang
from arbitro.services.knockout import KnockoutService
from arbitro.services.rulings import arbiter_of, record_game_ruling, record_ruling
from arbitro.store import RecordStore, record_store
from arbitro.tournament.commands import values
from arbitro.tournament.records import RulingGiven


def test_scala40_art11_wrong_meld_found_late_is_recorded_and_cancellable(tmp_path: Path) -> None:
    """Scala 40 art. 11: "la combinazione errata ... viene congelata": the ruling is in the
    ledger citing art. 11 with the position before and after; a cancellation folds it away."""
    svc = service(tmp_path)
    event(svc, "s", CodeId.SCALA40)
    seq, ruling = record_ruling(svc, "s", 1, 1, scala40_late_meld())
    assert str(ruling.article) == "Scala 40 art. 11"
    assert ruling.effects[0] == {"kind": "freeze", "side": "W", "what": ["KH KD KC"]}
    assert "table=*W:KH,KD,KC" in ruling.after and "table=W:KH" in ruling.before
    (line,) = [e for e in svc.state("s").ledger if e.kind == "ruling-given"]
    assert (line.seq, line.article.article, line.cancelled_by) == (seq, "11", None)
    body = svc.state("s").actions[seq].body
    assert isinstance(body, RulingGiven) and body.after == ruling.after
    svc.run("s", values.Cancel(seq, "decisione data per errore"))
    (cancelled,) = [e for e in svc.state("s").ledger if e.kind == "ruling-given"]
    assert cancelled.cancelled_by == "director" and seq not in svc.state("s").actions
    fresh = type(svc)(svc.store)  # folded again from the log
    assert [e.cancelled_by for e in fresh.state("s").ledger] == ["director"]


def test_parole_art10_2_wrong_word_healed_recorded_in_a_parole_event(tmp_path: Path) -> None:
    """Parole art. 10.2: CNAE put right as CANE; the ruling cites 10.x, S does not play yet:
    E discards at once (10.10)."""
    svc = service(tmp_path)
    event(svc, "p", CodeId.BURRACO_PAROLE)
    _, ruling = record_ruling(svc, "p", 1, 1, parole_wrong_word())
    assert ruling.article.code == CodeId.BURRACO_PAROLE and ruling.article.article.startswith("10")
    assert "East discards now" in effect_message(ruling.effects[0]).render("en")
    assert "CANE" in ruling.after and "CANE" not in ruling.before
    assert [e.kind for e in svc.state("p").ledger] == ["ruling-given"]


def test_law13_d1_board_ruling_recorded_in_an_event_of_rounds(tmp_path: Path) -> None:
    """Law 13D1: a wrong count, no call made, nobody saw: correct and play normally. Law 13
    has no events of its own: its ruling is recorded in the event whose board it was."""
    svc = service(tmp_path)
    event(svc, "b")
    _, ruling = record_ruling(svc, "b", 1, 1, law13_board(), code=CodeId.BRIDGE_LAW_13)
    assert ruling.article.article == "13D1" and ruling.before == "N 14/13 E 12/13"
    (line,) = svc.state("b").ledger
    assert str(line.article) == "Bridge art. 13D1"


def test_a_ruling_of_another_code_is_refused_in_both_languages(tmp_path: Path) -> None:
    """A Scala 40 ruling on a FIBAS event is refused, nothing recorded, citing no article."""
    svc = service(tmp_path)
    event(svc, "f")
    before = svc.store.records("f")
    with pytest.raises(ArbitroError) as err:
        record_ruling(svc, "f", 1, 1, scala40_late_meld(), code=CodeId.SCALA40)
    assert err.value.article is None
    assert "non si può registrare in una gara di «burraco-fibas»" in err.value.it
    assert "cannot be recorded in an event of «burraco-fibas»" in err.value.en
    assert svc.store.records("f") == before


def test_fibas_art22_two_warnings_appended_with_the_ruling_in_one_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FIBAS art. 22: a ruling giving two warnings is three records of one append; a store
    whose second insert fails leaves nothing (neither the ruling nor a warning)."""
    svc = service(tmp_path)
    event(svc, "w")
    before = svc.store.records("w")
    real = record_store._insert_rows

    def second_fails(connection: Any, rows: Any) -> None:
        rows = list(rows)
        real(connection, rows[:1])
        if len(rows) > 1:
            raise RuntimeError("disk full")

    monkeypatch.setattr(record_store, "_insert_rows", second_fails)
    with pytest.raises(RuntimeError):
        record_ruling(svc, "w", 1, 1, fibas_two_warnings())
    assert svc.store.records("w") == before
    monkeypatch.setattr(record_store, "_insert_rows", real)
    fresh = type(svc)(svc.store)
    _, ruling = record_ruling(fresh, "w", 1, 1, fibas_two_warnings())
    assert [w.article for w in ruling.warnings] == ["22", "22"]
    added = fresh.store.records("w")[len(before) :]
    assert [r.kind for r in added] == ["ruling-given", "sanction-given", "sanction-given"]
    assert [(e.kind, e.competitor) for e in fresh.state("w").ledger] == [
        ("ruling-given", None),
        ("warning", 2),
        ("warning", 2),
    ]


def test_every_code_with_an_arbiter_lists_its_irregularities_with_articles() -> None:
    """Each code's spec names its arbiter; each lists its irregularities, each citing its own
    code's article and described in Italian (Briscola art. 10 in the code's words)."""
    codes = [s.id for s in code_specs() if s.arbiter]
    assert codes == ["burraco-fibas", "burraco-parole-uisp", "scala40", "briscola", "bridge-law-13"]
    for code in codes:
        kinds = arbiter_of(code).irregularities()
        assert kinds and all(k.article.code == code for k in kinds), code
        with use_lang("it"):
            assert all(render(k.label) for k in kinds)
    with use_lang("it"):
        labels = {k.kind: render(k.label) for k in arbiter_of("briscola").irregularities()}
    assert (
        labels["out-of-turn"]
        == "Un giocatore non rispetta il proprio turno nel giocare la propria carta"
    )


def test_briscola_art10_communication_loses_the_game_in_a_knockout(tmp_path: Path) -> None:
    """Briscola art. 10: "scambia sguardi d'accordo col compagno": the offending pair loses the
    game; recorded as the knockout's game lost by irregularity, in its ledger."""
    svc = KnockoutService(RecordStore(f"sqlite:///{tmp_path / 'k.sqlite3'}"), lambda: NOW)
    match = knockout(svc, "k")
    seq, ruling = record_game_ruling(svc, "k", match, 1, briscola_communication())
    assert str(ruling.article) == "Briscola art. 10" and ruling.offender == "E"
    assert any(e["kind"] == "arbitral-score" for e in ruling.effects)
    state = svc.state("k")
    assert state.bracket is not None
    (played,) = state.bracket.match(match).games
    found = state.bracket.match(match)
    assert played.winner == found.first and played.irregularity == "communication"
    assert [e.seq for e in state.ledger] == [seq]
    with pytest.raises(ArbitroError) as err:
        record_game_ruling(svc, "k", match, 2, scala40_late_meld(), code=CodeId.SCALA40)
    assert "«briscola»" in err.value.en


def test_an_event_file_with_rulings_replays_and_keeps_them(tmp_path: Path) -> None:
    """The event file holds the ``ruling-given`` records (its schema knows them); imported,
    each is decided again (the table, the code) and the ledger is the same."""
    import jsonschema  # type: ignore[import-untyped]  # types-jsonschema is no dev dependency

    from arbitro.services.event_file import event_file_schema, export_event, import_event

    svc = service(tmp_path)
    event(svc, "f")
    record_ruling(svc, "f", 1, 1, fibas_two_warnings())
    record_ruling(svc, "f", 1, 1, law13_board(), code=CodeId.BRIDGE_LAW_13)
    data = export_event(svc, "f")
    jsonschema.Draft202012Validator(event_file_schema()).validate(data)
    import_event(svc, data, "copia")
    seen = [(e.kind, str(e.article)) for e in svc.state("copia").ledger]
    assert seen == [(e.kind, str(e.article)) for e in svc.state("f").ledger]
    assert ("ruling-given", "Bridge art. 13D1") in seen
