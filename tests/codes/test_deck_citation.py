"""The cards' own refusals cite the code of their deck, read from the registry (issue 30:
``cards/`` names no code): FIBAS for the French deck (art. 2 cut, art. 3 cards, art. 6 deal),
Briscola for the Italian one (art. 2 cut, art. 3 deck)."""

from __future__ import annotations

import pytest

from arbitro.cards import italian
from arbitro.cards.card import parse_card
from arbitro.cards.deck import cut, deal_one_at_a_time, french_deck
from arbitro.codes.citation import FRENCH, ITALIAN, deck_citation
from arbitro.errors import ArbitroError


def test_each_deck_cites_its_own_code() -> None:
    """A cut is art. 2 in both codes: the deck chooses which code is cited."""
    assert str(deck_citation(FRENCH, "cut")) == "FIBAS art. 2"
    assert str(deck_citation(ITALIAN, "cut")) == "Briscola art. 2"
    assert str(deck_citation(ITALIAN, "deck")) == "Briscola art. 3"
    assert deck_citation(ITALIAN, "cards") is None  # no Italian-deck code has the topic
    assert deck_citation("tarot", "cut") is None


def test_the_french_cards_refusals_cite_fibas() -> None:
    """A bad card (art. 3), a cut leaving no card (art. 2), a deal beyond the deck (art. 6)."""
    with pytest.raises(ArbitroError) as card:
        parse_card("11Z")
    assert str(card.value.article) == "FIBAS art. 3"
    deck = french_deck()
    with pytest.raises(ArbitroError) as cutting:
        cut(deck, 0)
    assert str(cutting.value.article) == "FIBAS art. 2"
    with pytest.raises(ArbitroError) as dealing:
        deal_one_at_a_time(deck, 5, 11)
    assert str(dealing.value.article) == "FIBAS art. 6"


def test_an_italian_cut_cites_briscola() -> None:
    """Briscola art. 2: the cutter leaves cards on both sides."""
    with pytest.raises(ArbitroError) as cutting:
        italian.cut(italian.italian_deck(), 0)
    assert str(cutting.value.article) == "Briscola art. 2"
