"""The knockout bracket printout (Briscola regulation): the bracket drawn as a tree on A4
landscape with the round names, the byes of a field that is not a power of two (art. 9), each
match's games won (2 of 3, art. 9), games lost by an art. 10 irregularity marked, and the
champion; the fees of the premessa in the footer. Also printed by ``arbitro knockout print``."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from tests.printouts.pdfcheck import ink, pdf_text, render_pages
from typer.testing import CliRunner

from arbitro.errors import ArbitroError
from arbitro.printouts.bracket import bracket_pdf
from arbitro.services.knockout import KnockoutService
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.knockout import GameReport
from arbitro.tournament.knockout_event import KnockoutConfig, KnockoutState

NAMES = [
    "Rossi-Bianchi",
    "Esposito-Romano",
    "Colombo-Ricci",
    "Marino-Greco",
    "Bruno-Gallo",
    "Conti-De Luca",
    "Mancini-Costa",
    "Giordano-Rizzo",
    "Lombardi-Moretti",
    "Barbieri-Fontana",
    "Santoro-Mariani",
    "Rinaldi-Caruso",
    "Ferrara-Galli",
]


@pytest.fixture
def service(tmp_path: Path) -> Iterator[KnockoutService]:
    store = RecordStore.open(f"sqlite:///{tmp_path / 'ko.sqlite3'}")
    try:
        yield KnockoutService(store)
    finally:
        store.close()


def thirteen(service: KnockoutService, *, play: bool) -> KnockoutState:
    """13 pairs (one without the fee), drawn with seed 7; one art. 10 irregularity; the bots
    play the rest when ``play``."""
    service.create("coppa", KnockoutConfig("1° Torneo di Briscola", seeded=False, seed=7))
    for i, name in enumerate(NAMES, start=1):
        service.run("coppa", values.RegisterPair(name, paid=i != 13))
    service.run("coppa", values.DrawBracket())
    if play:
        st = service.state("coppa")
        assert st.bracket is not None
        m = st.bracket.pending()[0]
        service.run(
            "coppa",
            values.RecordGame(
                GameReport(m.id, 1, irregularity="out-of-turn", offender=m.second),
                reason="carta giocata fuori turno",
            ),
        )
        service.play_all("coppa", 3)
    return service.state("coppa")


def check_pages(pdf: bytes, tmp_path: Path) -> list[Path]:
    """Rendered with ``pdftoppm -r 50 -png``: one A4 landscape page with ink on it."""
    assert pdf.startswith(b"%PDF-")
    files = render_pages(pdf, tmp_path, "bracket", 50)
    assert len(files) == 1
    with Image.open(files[0]) as img:
        w, h = img.size
    assert (round(w / 50 * 25.4), round(h / 50 * 25.4)) == (297, 210)
    assert ink(files[0]) > 0.005  # not blank
    return files


def flat(text: str) -> str:
    return " ".join(text.split())


def test_full_13_pair_bracket_round_names_byes_champion_art_9(
    service: KnockoutService, tmp_path: Path
) -> None:
    """Art. 9: 13 pairs make a bracket of 16 with 3 byes; the printout names the rounds
    (ottavi, quarti, semifinali, finale), every pair, each match's score and the champion."""
    st = thirteen(service, play=True)
    assert st.bracket is not None and st.bracket.champion is not None
    pdf = bracket_pdf(st)
    check_pages(pdf, tmp_path)
    text = pdf_text(pdf, tmp_path)
    for heading in ("OTTAVI DI FINALE", "QUARTI DI FINALE", "SEMIFINALI", "FINALE", "CAMPIONE"):
        assert heading in text
    for n, name in enumerate(NAMES, start=1):
        assert f"{name} ({n})" in text
    assert text.count("riposo (passa il turno)") == 3
    champion = f"{st.pairs[st.bracket.champion].name} ({st.bracket.champion})"
    assert re.search(rf"Campione\s.*{re.escape(champion)}", text, re.S)
    assert "1° Torneo di Briscola" in text and "13 coppie" in text and "sorteggio" in text
    assert "Quote di iscrizione: € 48,00" in flat(text)  # 12 of 13 paid € 4 (premessa)
    assert "partite perse per irregolarità (Briscola art. 10): 1" in flat(text)


def test_scores_and_winners_of_each_match_art_9(service: KnockoutService, tmp_path: Path) -> None:
    """Art. 9: each decided match shows its winner with 2 games and the loser with 0 or 1."""
    st = thirteen(service, play=True)
    assert st.bracket is not None
    text = pdf_text(bracket_pdf(st), tmp_path)
    for m in st.bracket.matches():
        assert m.winner is not None and m.first is not None and m.second is not None
        for pair, won in ((m.first, m.score[0]), (m.second, m.score[1])):
            label = f"{st.pairs[pair].name} ({pair})"
            mark = r"\*?" if any(g.irregularity for g in m.games) else ""
            assert re.search(rf"{re.escape(label)}\s+{won}{mark}(\s|$)", text, re.M), label
        assert max(m.score) == 2 and min(m.score) <= 1


def test_drawn_bracket_before_any_game_in_english(service: KnockoutService, tmp_path: Path) -> None:
    """In English: round of 16 .. final, byes, matches to be decided, no champion yet."""
    st = thirteen(service, play=False)
    pdf = bracket_pdf(st, lang="en")
    check_pages(pdf, tmp_path)
    text = pdf_text(pdf, tmp_path)
    for heading in ("ROUND OF 16", "QUARTERFINALS", "SEMIFINALS", "FINAL", "CHAMPION"):
        assert heading in text
    assert text.count("bye (goes through)") == 3
    assert "to be decided" in text and "Entry fees: € 48,00" in flat(text)


def test_not_drawn_lists_the_pairs_and_bad_language_refused(
    service: KnockoutService, tmp_path: Path
) -> None:
    """Before the draw the printout lists the registered pairs; a language other than it/en
    is refused."""
    service.create("coppa", KnockoutConfig("Coppa"))
    for name in NAMES[:3]:
        service.run("coppa", values.RegisterPair(name))
    st = service.state("coppa")
    pdf = bracket_pdf(st)
    check_pages(pdf, tmp_path)
    text = pdf_text(pdf, tmp_path)
    assert "Tabellone non ancora sorteggiato" in text
    assert all(name in text for name in NAMES[:3])
    with pytest.raises(ArbitroError):
        bracket_pdf(st, lang="fr")


def test_two_pairs_only_a_final_art_9(service: KnockoutService, tmp_path: Path) -> None:
    """Art. 9: two pairs play the final only; 2 games won make the champion."""
    service.create("finale", KnockoutConfig("Finale secca", seeded=True))
    a = service.run("finale", values.RegisterPair("Alfa"))
    b = service.run("finale", values.RegisterPair("Beta"))
    service.run("finale", values.DrawBracket())
    service.run("finale", values.RecordGame(GameReport("R1M1", 1, {a: 61, b: 59})))
    service.run("finale", values.RecordGame(GameReport("R1M1", 2, {a: 60, b: 60}, last_trick=a)))
    text = pdf_text(bracket_pdf(service.state("finale")), tmp_path)
    assert "FINALE" in text and "teste di serie" in text
    assert re.search(r"Campione\s.*Alfa \(1\)", text, re.S)


def test_cli_knockout_print(tmp_path: Path) -> None:
    """``arbitro knockout print EVENT -o FILE`` writes the bracket's PDF (art. 9)."""
    import typer

    from arbitro.cli.knockout import register

    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """The test's CLI root."""

    register(app)
    db = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    store = RecordStore.open(db)
    try:
        thirteen(KnockoutService(store), play=True)
    finally:
        store.close()
    out = tmp_path / "tabellone.pdf"
    result = CliRunner().invoke(
        app,
        ["knockout", "print", "coppa", "-o", str(out), "--lang", "en", "--json"],
        env={"ARBITRO_DATABASE_URL": db},
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["file"] == str(out)
    text = subprocess.run(
        ["pdftotext", "-layout", str(out), "-"], check=True, capture_output=True, text=True
    ).stdout
    assert "CHAMPION" in text and "ROUND OF 16" in text
