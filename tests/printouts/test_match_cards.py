"""The knockout's printouts for the evening (issue 27): the match cards (a card per match to
play, its QR code opening the match's phone page, both pairs' signatures, the 3 games' grid,
Briscola art. 8-9) and the bracket's walkover for a pair that did not show up (art. 9,
ruling Briscola 11) with the real draw number."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from tests.printouts.pdfcheck import pdf_text

from arbitro.printouts.bracket import bracket_pdf
from arbitro.printouts.match_cards import match_cards_pdf
from arbitro.services.knockout import KnockoutService
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.knockout_event import KnockoutConfig

NAMES = ["Rossi-Bianchi", "Esposito-Romano", "Colombo-Ricci", "Marino-Greco", "Bruno-Gallo"]


@pytest.fixture
def service(tmp_path: Path) -> Iterator[KnockoutService]:
    store = RecordStore.open(f"sqlite:///{tmp_path / 'ko.sqlite3'}")
    try:
        yield KnockoutService(store)
    finally:
        store.close()


def test_art9_a_card_per_match_with_its_qr_and_both_signatures(
    service: KnockoutService, tmp_path: Path
) -> None:
    """5 seeded pairs: 3 byes, one first-round match (4 v 5): one card, its QR code the match
    page's URL, the pairs, 3 games' rows and a signature line for each pair."""
    import zxingcpp

    service.create("coppa", KnockoutConfig("1° Torneo di Briscola", seeded=True))
    for name in NAMES:
        service.run("coppa", values.RegisterPair(name))
    service.run("coppa", values.DrawBracket(seed=11))
    state = service.state("coppa")
    url = "http://sala.local:8000/km/abc.def"
    pdf = match_cards_pdf(state, {"R1M2": url})
    text = pdf_text(pdf, tmp_path)
    assert "INCONTRO R1M2" in text and "Quarti di finale" in text
    assert "4. Marino-Greco" in text and "5. Bruno-Gallo" in text
    assert "Partita 3" in text and "Firma: 4. Marino-Greco" in text
    assert "Firma: 5. Bruno-Gallo" in text
    (tmp_path / "c.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "150", "-png", "c.pdf", "c"], cwd=tmp_path, check=True)
    with Image.open(next(tmp_path.glob("c*.png"))) as image:
        assert [r.text for r in zxingcpp.read_barcodes(image)] == [url]


def test_art9_the_printed_bracket_shows_the_walkover_and_the_draw_number(
    service: KnockoutService, tmp_path: Path
) -> None:
    """The pair that did not show up is printed as such, its opponent goes on, the footer
    explains "vinta a tavolino"; the heading gives the number the bracket was drawn with."""
    service.create("coppa", KnockoutConfig("1° Torneo di Briscola", seeded=False))
    for name in NAMES:
        service.run("coppa", values.RegisterPair(name))
    service.run("coppa", values.DrawBracket(seed=424242))
    state = service.state("coppa")
    assert state.bracket is not None
    m = state.bracket.pending()[0]
    assert m.second is not None
    service.run("coppa", values.WithdrawPair(m.second))
    text = pdf_text(bracket_pdf(service.state("coppa")), tmp_path)
    absent = NAMES[m.second - 1]
    assert f"{absent} ({m.second}) — non presentata" in text
    assert "vinta a tavolino" in text and "numero del sorteggio 424242" in text
