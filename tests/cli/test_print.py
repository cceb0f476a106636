"""``arbitro print``: the printouts as PDF files from the command line — table cards with a
QR code of ``{base_url}/t/{token}`` (art. 4, 7), score sheets in the FIBAS layout
(art. 19-20), seating (art. 4) and standings (art. 19, 39), in Italian or English."""

from __future__ import annotations

import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest
import typer
from tests.printouts.pdfcheck import qr_matrix
from typer.testing import CliRunner

from arbitro.cli.print import register
from arbitro.printouts.table_cards import qr_box, table_card_qr
from arbitro.services.demo import run_demo
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

runner = CliRunner()


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A database holding the demo event ``demo`` (4 rounds, 9 pairs), played to the end."""
    url = f"sqlite:///{tmp_path_factory.mktemp('print_cli') / 'demo.sqlite3'}"
    store = RecordStore(url)
    run_demo(store, "demo")
    # "passata": an event played in 2020: round 1's standings were published long ago (final
    # by art. 39), round 2's never (provisional).
    svc = EventService(store, lambda: datetime(2020, 5, 1, 21, 0, tzinfo=UTC))
    svc.create_event(
        "passata",
        EventConfig(
            name="Serata passata",
            event_format=EventFormat.PAIRS,
            rounds=2,
            deals=(2, 2),
            movements=(Movement.REGISTRATION_ORDER, Movement.DANISH),
        ),
    )
    for name in ("Alfa", "Beta", "Gamma", "Delta"):
        svc.run("passata", Register(name, []))
    for rnd in (1, 2):
        state = svc.seat("passata", rnd, publish=True)
        for table in state.round(rnd).seating.tables:  # type: ignore[union-attr]  # every round here is seated
            svc.enter_sheet("passata", rnd, table.table, SheetEntry((deal(), deal())))
        if rnd == 1:
            svc.run("passata", values.PublishStandings(1))
    return url


def deal() -> DealScore:
    return DealScore(LineDeal(300, 120), LineDeal(100, 45))


@pytest.fixture
def app(demo_db: str, monkeypatch: pytest.MonkeyPatch) -> typer.Typer:
    monkeypatch.setenv("ARBITRO_DATABASE_URL", demo_db)
    application = typer.Typer()
    register(application)
    return application


def text_of(pdf: Path) -> str:
    out = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    )
    return out.stdout


def test_table_cards_carry_base_url_and_table_token(
    app: typer.Typer, tmp_path: Path, demo_db: str
) -> None:
    """The table's URL is ``{base_url}`` and the table page's token path, the one the web app
    opens (art. 4): printed under the QR code, and the QR code's modules are its encoding."""
    from arbitro.store import RecordStore
    from arbitro.web.base_url import cli_table_urls

    out = tmp_path / "cards.pdf"
    result = runner.invoke(
        app,
        ["print", "table-cards", "demo", "1", "-o", str(out), "--base-url", "https://gara.it/"],
    )
    assert result.exit_code == 0, result.output
    assert f"Scritto {out}" in result.stdout
    text = text_of(out)
    url = cli_table_urls(RecordStore.open(demo_db), "https://gara.it/", "demo", [1], 1)[1]
    assert url.startswith("https://gara.it/t/") and "/t/demo/1" not in url
    assert url in re.sub(r"\s+", "", text)
    assert "TAVOLO" in text and "Turno 1" in text
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", str(out), str(tmp_path / "p")],
        check=True,
    )
    (png,) = tmp_path.glob("p-*.png")
    widget = table_card_qr(url)
    widget.qr.make()
    want = [[bool(m) for m in row] for row in widget.qr.modules]
    assert qr_matrix(png, qr_box(0), 150, len(want)) == want


def test_score_sheets_seating_and_standings_files(app: typer.Typer, tmp_path: Path) -> None:
    """Each command writes its PDF: score sheets with "Firma" and the 2-deal scale (art.
    19-20), the seating by table and by name (art. 4), the standings."""
    files = {kind: tmp_path / f"{kind}.pdf" for kind in ("score-sheets", "seating", "standings")}
    for kind, path in files.items():
        where = ["--round", "2"] if kind == "standings" else ["2"]
        result = runner.invoke(app, ["print", kind, "demo", *where, "-o", str(path)])
        assert result.exit_code == 0, result.output
    sheets = text_of(files["score-sheets"])
    assert "Firma" in sheets and re.search(r"Da 125 a 200\s+12-8", sheets)
    assert "Per nome (ordine alfabetico)" in text_of(files["seating"])
    assert "Classifica dopo il turno 2 —" in text_of(files["standings"])


def test_standings_final_once_the_complaints_window_passed_art_39(
    app: typer.Typer, tmp_path: Path
) -> None:
    """Art. 39: standings published more than 15 minutes ago without complaints are final;
    standings never published are provisional."""
    texts = {}
    for rnd in (1, 2):
        out = tmp_path / f"standings{rnd}.pdf"
        args = ["print", "standings", "passata", "--round", str(rnd), "-o", str(out)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert result.stderr == ""
        texts[rnd] = text_of(out)
    assert "Classifica dopo il turno 1 — DEFINITIVA" in texts[1]
    assert "Classifica dopo il turno 2 — PROVVISORIA" in texts[2]


def test_print_standings_takes_the_round_as_arbitro_standings_does(
    app: typer.Typer, tmp_path: Path
) -> None:
    """``print standings`` takes ``--round`` as ``arbitro standings`` does, the current round
    by default (art. 39: the standings after the last round seated); the old form (the round
    as an argument, in directors' scripts) still prints, with a notice saying the new one; two
    different rounds are refused."""
    out = tmp_path / "standings.pdf"
    latest = runner.invoke(app, ["print", "standings", "demo", "-o", str(out)])
    assert latest.exit_code == 0, latest.output
    assert "Classifica dopo il turno 4 —" in text_of(out)
    old = runner.invoke(app, ["print", "standings", "passata", "1", "-o", str(out)])
    assert old.exit_code == 0, old.output
    assert "Classifica dopo il turno 1 — DEFINITIVA" in text_of(out)
    assert "scrivere --round 1" in old.stderr
    both = runner.invoke(app, ["print", "standings", "demo", "2", "--round", "3", "-o", "x.pdf"])
    assert both.exit_code == 1
    assert "due turni indicati (2 e --round 3)" in both.stderr
    shown = runner.invoke(app, ["print", "standings", "--help"], terminal_width=200)
    assert "--round" in shown.stdout and "old_round" not in shown.stdout.lower()


def test_filled_sheets_and_english(app: typer.Typer, tmp_path: Path) -> None:
    """``--filled`` writes the recorded sheets in; ``--lang en`` prints in English."""
    out = tmp_path / "sheets.pdf"
    result = runner.invoke(
        app, ["print", "score-sheets", "demo", "1", "-o", str(out), "--filled", "--lang", "en"]
    )
    assert result.exit_code == 0, result.output
    text = text_of(out)
    assert "SCORE SHEET — PAIRS EVENT" in text and "Signature" in text
    assert re.search(r"VP\s+\d+\s+\d+", text)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["print", "seating", "nessuna", "1"], "Errore: gara"),
        (["print", "standings", "demo", "--round", "7"], "turno 7 inesistente"),
        (["print", "seating", "demo", "1", "--lang", "fr"], "lingua «fr» non disponibile"),
    ],
)
def test_errors_are_clear(app: typer.Typer, tmp_path: Path, args: list[str], message: str) -> None:
    """An unknown event, a round the event does not have, an unknown language: a clear
    message and exit status 1, no file written."""
    out = tmp_path / "x.pdf"
    result = runner.invoke(app, [*args, "-o", str(out)])
    assert result.exit_code == 1
    assert message in result.stderr
    assert not out.exists()


def test_table_cards_that_lead_to_localhost_are_announced(
    app: typer.Typer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12 §1: with no address for the phones (no --base-url, none configured, no LAN
    address found) the cards lead to localhost: the command says so, and how to fix it."""
    from arbitro.web import base_url

    monkeypatch.setattr(base_url, "lan_addresses", lambda: [])
    monkeypatch.delenv(base_url.BASE_URL_ENV, raising=False)
    result = runner.invoke(
        app, ["print", "table-cards", "demo", "1", "-o", str(tmp_path / "cards.pdf")]
    )
    assert result.exit_code == 0, result.output
    assert (
        "Attenzione: i codici QR portano a http://localhost:8000, che nessun telefono può "
        "aprire" in result.output
    )
    assert "--base-url" in result.output


def test_print_standings_before_any_round_is_seated_says_so(
    app: typer.Typer, demo_db: str, tmp_path: Path
) -> None:
    """Before round 1 is seated there are no standings (art. 39: after a round): the refusal
    says so, not «nessun turno 0»."""
    svc = EventService(RecordStore(demo_db))
    config = EventConfig("Vuota", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW, Movement.DANISH))
    svc.create_event("vuota", config)
    result = runner.invoke(app, ["print", "standings", "vuota", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1
    assert "nessun turno è ancora assegnato ai tavoli" in result.stderr
