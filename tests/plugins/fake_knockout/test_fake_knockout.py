"""A second code played by knockout, in one folder (issue 30): the fake code of this folder,
registered by a fixture, draws a bracket, records its games, lets its bots play, prints the
bracket and answers at the terminal with ITS numbers (matches best of 5, 100 points a game, 51
win, its own irregularity) and ITS articles (fake arts. K1-K7); no file of arbitro names it.
An event file of Briscola written before the registry (no code in its creation) still reads
as Briscola's."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.printouts.pdfcheck import pdf_text
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import CodeSpec, knockout_code
from arbitro.errors import ArbitroError
from arbitro.printouts.bracket import bracket_pdf
from arbitro.services.event_file import import_event
from arbitro.services.knockout import KnockoutService
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.knockout import GameReport
from arbitro.tournament.knockout_event import KnockoutConfig, KnockoutState

runner = CliRunner()


@pytest.fixture
def service(tmp_path: Path) -> Iterator[KnockoutService]:
    store = RecordStore.open(f"sqlite:///{tmp_path / 'ko.sqlite3'}")
    try:
        yield KnockoutService(store)
    finally:
        store.close()


def fake_event(service: KnockoutService, pairs: int = 4) -> KnockoutState:
    """A knockout of the fake code, ``pairs`` pairs registered and the bracket seeded."""
    fee = knockout_code("fake-knockout").entry_fee_cents
    config = KnockoutConfig(
        "Coppa finta",
        seeded=True,
        entry_fee_cents=fee,
        game=GameId("fake-knockout"),
        code=CodeId("fake-knockout"),
    )
    service.create("finta", config)
    for i in range(1, pairs + 1):
        service.run("finta", values.RegisterPair(f"Coppia {i}", (f"A{i}", f"B{i}")))
    service.run("finta", values.DrawBracket())
    return service.state("finta")


def test_the_bracket_and_its_games_follow_the_fake_code(
    fake_knockout: CodeSpec, service: KnockoutService
) -> None:
    """Fake art. K5: a match is won with 3 games of 5 (Briscola's 2 of 3 would have decided it
    after two); art. K4: 100 points a game, 51 win; art. K1: the fee is € 2,50."""
    state = fake_event(service)
    assert state.code.match_wins == 3 and state.fees_collected_cents == 4 * 250
    assert state.bracket is not None and state.bracket.match_games == 5
    m = state.bracket.pending()[0]
    assert m.first is not None and m.second is not None
    for game in (1, 2):
        report = GameReport(m.id, game, {m.first: 60, m.second: 40})
        service.run("finta", values.RecordGame(report))
    bracket = service.state("finta").bracket
    assert bracket is not None and bracket.match(m.id).winner is None  # 2 of 3 would be won
    service.run("finta", values.RecordGame(GameReport(m.id, 3, {m.first: 51, m.second: 49})))
    bracket = service.state("finta").bracket
    assert bracket is not None and bracket.match(m.id).winner == m.first


def test_a_refusal_cites_the_fake_codes_article(
    fake_knockout: CodeSpec, service: KnockoutService
) -> None:
    """Briscola's 120 points (art. 8) are refused by fake art. K4; Briscola's own
    irregularity by fake art. K7, whose "slow-play" is recorded, citing K7 in the ledger."""
    state = fake_event(service)
    assert state.bracket is not None
    m = state.bracket.pending()[0]
    assert m.first is not None and m.second is not None
    with pytest.raises(ArbitroError) as wrong_total:
        service.run("finta", values.RecordGame(GameReport(m.id, 1, {m.first: 70, m.second: 50})))
    assert wrong_total.value.article is not None
    assert wrong_total.value.article.render() == "Fake KO art. K4"
    briscola_kind = GameReport(m.id, 1, irregularity="out-of-turn", offender=m.second)
    with pytest.raises(ArbitroError) as unknown:
        service.run("finta", values.RecordGame(briscola_kind, reason="fuori turno"))
    assert unknown.value.article is not None and unknown.value.article.render() == "Fake KO art. K7"
    slow = GameReport(m.id, 1, irregularity="slow-play", offender=m.second)
    service.run("finta", values.RecordGame(slow, reason="gioco lento"))
    ledger = service.state("finta").ledger
    assert [line.article.render() for line in ledger] == ["Fake KO art. K7"]
    with pytest.raises(ArbitroError) as pair:
        service.run("finta", values.RegisterPair("Coppia tarda"))
    assert "bracket drawn" in pair.value.message("en")


def test_the_fake_codes_bots_play_to_the_champion_and_the_bracket_prints_its_articles(
    fake_knockout: CodeSpec, service: KnockoutService, tmp_path: Path
) -> None:
    """The bots are the code's (its ``bot_game``): every match ends 3 games to at most 2;
    the printed bracket says best of 5, 3 won, fake art. K5, in Italian and English."""
    fake_event(service, pairs=3)
    state = service.play_all("finta", seed=5)
    assert state.bracket is not None and state.bracket.champion is not None
    assert all(max(m.score) == 3 and min(m.score) <= 2 for m in state.bracket.matches())
    italian = " ".join(pdf_text(bracket_pdf(state), tmp_path, "it").split())
    assert "al meglio di 5 partite: passa il turno chi ne vince 3 (Fake KO art. K5)" in italian
    assert "Briscola" not in italian
    english = " ".join(pdf_text(bracket_pdf(state, lang="en"), tmp_path, "en").split())
    assert "matches best of 5 games: 3 won go through (Fake KO art. K5)" in english


def test_the_terminal_runs_a_knockout_of_the_fake_code(
    fake_knockout: CodeSpec, tmp_path: Path
) -> None:
    """``arbitro knockout create --code fake-knockout``: the fee is the code's, a game of
    Briscola's points is refused citing fake art. K4, the bracket prints."""
    db = ["--db", f"sqlite:///{tmp_path / 'k.sqlite3'}", "--lang", "en"]
    made = runner.invoke(
        app, [*db, "knockout", "create", "c", "--name", "Coppa", "--code", "fake-knockout"]
    )
    assert made.exit_code == 0, made.output
    for i in (1, 2):
        assert runner.invoke(app, [*db, "knockout", "register", "c", f"S{i}"]).exit_code == 0
    assert runner.invoke(app, [*db, "knockout", "draw", "c"]).exit_code == 0
    refused = runner.invoke(app, [*db, "knockout", "game", "c", "R1M1", "--points", "1=70,2=50"])
    assert refused.exit_code != 0 and "Fake KO art. K4" in refused.output
    for _ in range(3):
        won = runner.invoke(app, [*db, "knockout", "game", "c", "R1M1", "--points", "1=60,2=40"])
        assert won.exit_code == 0, won.output
    shown = runner.invoke(app, [*db, "knockout", "show", "c", "--json"])
    data = json.loads(shown.stdout)
    assert data["champion"] == 1 and data["fees_collected_cents"] == 2 * 250
    pdf = tmp_path / "b.pdf"
    printed = runner.invoke(app, [*db, "knockout", "print", "c", "-o", str(pdf), "--lang", "en"])
    assert printed.exit_code == 0, printed.output
    assert "(Fake KO art. K5)" in " ".join(pdf_text(pdf.read_bytes(), tmp_path).split())


def test_a_code_not_played_by_knockout_is_refused_at_the_terminal(tmp_path: Path) -> None:
    """``--code scala40``: Scala 40 runs events of rounds, not a bracket."""
    db = ["--db", f"sqlite:///{tmp_path / 'k.sqlite3'}", "--lang", "en"]
    made = runner.invoke(app, [*db, "knockout", "create", "c", "--name", "C", "--code", "scala40"])
    assert made.exit_code != 0 and "not played by knockout" in made.output


LEGACY = Path(__file__).resolve().parents[2] / "regressions" / "legacy" / "briscola-knockout.json"


@pytest.mark.parametrize("named", [True, False], ids=["as-written", "without-code"])
def test_an_old_briscola_event_file_imports_unchanged(
    fake_knockout: CodeSpec, service: KnockoutService, named: bool
) -> None:
    """The legacy Briscola knockout (tests/regressions/legacy: champion pair 2) imports with a
    second knockout code registered, as written and with its creation naming no code nor game
    (the records' defaults): Briscola's 2 games of 3 (art. 9), its articles."""
    data = json.loads(LEGACY.read_text(encoding="utf-8"))
    if not named:
        created = data["records"][0]["payload"]
        del created["code"], created["game"]
    state = import_event(service, data, None)
    assert isinstance(state, KnockoutState)
    assert state.config.code == "briscola" and state.bracket is not None
    assert state.bracket.champion == 2 and state.bracket.match_wins == 2
    with pytest.raises(ArbitroError) as refused:
        state.bracket.match("R9M9")
    assert refused.value.article is not None
    assert re.fullmatch(r"Briscola art\. \d+", refused.value.article.render())
