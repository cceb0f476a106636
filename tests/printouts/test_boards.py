"""The printouts of a carte uguali round (issue 16): dealing sheets (FIBAS art. 6 pockets, art.
3 order), board labels, hand records and travellers (art. 20 "carte uguali": three decimals,
differences summing to zero); rendered with pdftoppm, read back with pdftotext."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from tests.printouts.pdfcheck import PageCheck, in_memory_event, pdf_text

from arbitro.cards import parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco.boards import BOARDS as MAKER
from arbitro.games.burraco.boards import round_boards
from arbitro.printouts.boards import (
    board_labels_pdf,
    dealing_sheets_pdf,
    hand_records_pdf,
    sorted_art3,
    suit_rows,
    travellers_pdf,
)
from arbitro.printouts.names import table_lines
from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring.comparison import BoardResult, Comparison, compare_round

EVENT = "Campionato a carte uguali"
BOARDS = round_boards(2026, 2, 3)
RULES = rules_for("burraco-fibas")  # the event's code: its articles


def squeeze(text: str) -> str:
    """The text with every run of blanks as one space (pdftotext lays columns out)."""
    return re.sub(r"[ \t]+", " ", text)


def test_art_3_order_jolly_hearts_diamonds_clubs_spades_and_2_a_k_to_3() -> None:
    """Art. 3: suits hearts, diamonds, clubs, spades; ranks jolly, 2, A, K ... 3."""
    cards = parse_cards("3S AS 2S KH 2H JK 10D 3D AD QC 7H AH")
    assert tuple(sorted_art3(cards, MAKER)) == parse_cards("JK 2H AH KH 7H AD 10D 3D QC 2S AS 3S")
    rows = suit_rows(cards, MAKER)
    assert [(s.value if s else None, r) for s, r in rows] == [
        (None, ["JK"]),
        ("H", ["2", "A", "K", "7"]),
        ("D", ["A", "10", "3"]),
        ("C", ["Q"]),
        ("S", ["2", "A", "3"]),
    ]


def test_dealing_sheets_show_every_pocket_in_art_3_order_art_6(
    tmp_path: Path, pages: PageCheck
) -> None:
    """Art. 6: per board the pockets N, E, S, W and the two pozzetti of 11, the up-card and
    the stock in playing order; each pocket's suits in the art. 3 order; two boards a page."""
    pdf = dealing_sheets_pdf(BOARDS, EVENT, 2, maker=MAKER)
    assert len(pages(pdf)) == 2
    text = pdf_text(pdf, tmp_path)
    sheets = [squeeze(p) for p in text.split("\f") if p.strip()]
    assert len(sheets) == 2
    assert all(EVENT in s and "Turno 2" in s and "Schede di preparazione" in s for s in sheets)
    flat = squeeze(text)
    tight = re.sub(r"\s+", "", text)  # pdftotext may drop the narrow gaps between ranks
    for b in BOARDS:
        assert f"Board {b.number}" in flat
        assert flat.count("Tallone sotto la prima carta, dall'alto (41 carte)") == 3
        pockets = [*(b.hands[s] for s in b.hands), *b.pozzetti]
        for cards in pockets:
            for suit, ranks in suit_rows(cards, MAKER):
                if suit is not None and ranks:
                    assert f"{suit.symbol}{''.join(ranks)}" in tight
    for label in ("Nord", "Est", "Sud", "Ovest", "Pozzetto 1", "Pozzetto 2", "11 carte"):
        assert label in flat
    assert "Mazziere: Nord" in flat and "Mazziere: Est" in flat and "Mazziere: Sud" in flat
    assert flat.count("Prima carta del tallone (scoperta al via dell'arbitro)") == 3


def test_dealing_sheet_stock_in_playing_order(tmp_path: Path) -> None:
    """Art. 6 b: the stock under the up-card must be the same at every table: the sheet
    lists it top first, ten cards a row."""
    b = BOARDS[0]
    text = squeeze(
        pdf_text(dealing_sheets_pdf(BOARDS[:1], EVENT, 2, maker=MAKER, lang="en"), tmp_path)
    )
    row = re.search(r"1–10 (.+)", text)
    assert row is not None
    expected = ["Joker" if c.is_joker else c.unicode for c in b.stock[:10]]
    assert row.group(1).split() == expected
    assert "41–41" in text
    assert b.up_card.unicode in text


def test_board_labels_one_per_board_and_copy(tmp_path: Path, pages: PageCheck) -> None:
    """One cut-out label for each board and copy: board number, round, copy, dealer."""
    pdf = board_labels_pdf(BOARDS, 4, EVENT, 2)
    assert len(pages(pdf)) == 2  # 12 labels, ten to a page
    text = squeeze(pdf_text(pdf, tmp_path))
    assert text.count("BOARD") == 12
    assert text.count("Turno 2") == 12
    for k in range(1, 5):
        assert text.count(f"Copia {k} di 4") == 3
    assert text.count("Mazziere: Nord") == 4 and text.count("Mazziere: Sud") == 4
    with pytest.raises(ValueError):
        board_labels_pdf(BOARDS, 0, EVENT, 2)


def test_hand_records_four_hands_pozzetti_and_up_card(tmp_path: Path, pages: PageCheck) -> None:
    """Each board as dealt (art. 6): the four hands around the square, the pozzetti and the
    up-card beside; English on request."""
    pdf = hand_records_pdf(BOARDS, EVENT, 2, maker=MAKER, lang="en")
    assert len(pages(pdf)) == 2
    text = squeeze(pdf_text(pdf, tmp_path))
    assert "Hand records" in text and "Round 2" in text
    for seat in ("North", "East", "South", "West"):
        assert text.count(seat) >= 3
    assert text.count("Pozzetto 1") == 3 and text.count("Up-card") == 3
    assert "Dealer: North" in text and "Dealer: East" in text and "Dealer: South" in text
    for b in BOARDS:
        assert f"Board {b.number}" in text
        assert b.up_card.unicode in text or b.up_card.is_joker


def _travellers() -> dict[int, list[Comparison]]:
    mps = (120, -45, 300, 80, 0, -210, 95, 15)
    results = [BoardResult(b, t, mp * b) for b in (1, 2) for t, mp in enumerate(mps, start=1)]
    return compare_round(results)


def test_travellers_three_decimals_and_zero_sum_art_20(tmp_path: Path, pages: PageCheck) -> None:
    """Art. 20 (carte uguali): every table's N-S MP, the datum, both lines' differences with
    three decimals; the differences of a board add up to zero."""
    travellers = _travellers()
    names = {t: (f"Alberti-Bassi T{t}", f"Conti-Dini T{t}") for t in range(1, 9)}
    pdf = travellers_pdf(travellers, names, EVENT, 2, rules=RULES)
    pages(pdf)
    text = squeeze(pdf_text(pdf, tmp_path))
    assert "Score viaggianti — Turno 2" in text
    assert text.count("Somma delle differenze: 0,000 (corretta)") == 2  # "0,001" (art. 20)
    for t in range(1, 9):
        assert f"Alberti-Bassi T{t}" in text and f"Conti-Dini T{t}" in text
    # Table 1, board 1: 120 against the others' average (235/7 = 33.571): +86.429.
    assert re.search(r"1 Alberti-Bassi T1 Conti-Dini T1 120 33,571 \+86,429 -86,429", text)
    assert "FIBAS art. 20" in text


def test_travellers_flag_a_sum_that_is_not_zero(tmp_path: Path) -> None:
    """The sum check shows a traveller whose differences do not add up to zero."""
    bad = {1: [Comparison(1, 1, 100, Fraction(0), Fraction(100))]}
    text = squeeze(pdf_text(travellers_pdf(bad, {}, EVENT, 1, rules=RULES, lang="en"), tmp_path))
    assert "Sum of the differences: 100.000 (NOT zero)" in text


def test_printouts_refuse_an_unknown_language() -> None:
    """Only Italian and English printouts."""
    with pytest.raises(ArbitroError):
        dealing_sheets_pdf(BOARDS, EVENT, 1, maker=MAKER, lang="fr")
    with pytest.raises(ArbitroError):
        travellers_pdf({}, {}, EVENT, 1, rules=RULES, lang="fr")


def test_travellers_keep_a_pair_name_that_holds_a_slash_art_20(tmp_path: Path) -> None:
    """Issue 28: a pair's own name may hold " / " («Conti / De Luca»); the traveller's table 1
    prints N-S «Conti / De Luca» and E-W «Fabbri / Gàlvez», never N-S «Conti» and E-W «De
    Luca / Fabbri / Gàlvez» (FIBAS art. 20, each line's names beside its difference)."""
    state = in_memory_event(["Conti / De Luca", "Fabbri / Gàlvez"])
    names = table_lines(state, 1)
    assert names == {1: ("Conti / De Luca", "Fabbri / Gàlvez")}
    rows = {1: [Comparison(1, 1, 120, Fraction(0), Fraction(0))]}
    text = squeeze(pdf_text(travellers_pdf(rows, names, EVENT, 1, rules=RULES), tmp_path))
    assert re.search(r"\s1 Conti / De Luca Fabbri / Gàlvez 120 ", text)
