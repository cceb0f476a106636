"""Prepared deals by Bridge Law 13 (wrong number of cards): the count check before play, the
law's outcomes with their paragraphs, and the correction of a board from its reference."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards import french_deck, parse_card
from arbitro.errors import ArbitroError
from arbitro.games.prepared_deals import (
    Board,
    CardMove,
    Law13Outcome,
    check_board,
    correct_board,
    describe_check,
    law13_outcome,
)

DECK = french_deck(jokers=0)


def _bridge(number: int = 1) -> Board:
    return Board.bridge(number, {p: DECK[i * 13 : (i + 1) * 13] for i, p in enumerate("NESW")})


def _moved(board: Board, source: str, target: str, n: int = 1) -> Board:
    hands = dict(board.hands)
    cards, hands[source] = hands[source][:n], hands[source][n:]
    hands[target] = hands[target] + cards
    return Board(board.number, hands, board.expected)


def test_law_13_count_check_finds_each_wrong_hand_before_play() -> None:
    """Law 13: each hand's count checked before play; N 14 and E 12 are named."""
    assert check_board(_bridge()).ok
    check = check_board(_moved(_bridge(), "E", "N"))
    assert not check.ok
    assert [(w.position, w.count, w.expected) for w in check.wrong] == [
        ("N", 14, 13),
        ("E", 12, 13),
    ]
    assert [w.position for w in check.over] == ["N"] and [w.position for w in check.short] == ["E"]
    assert describe_check(check).render("it") == "board 1: N 14/13, E 12/13"


def test_law_13_burraco_prepared_deal_counts_hands_and_pozzetti() -> None:
    """Law 13 as the model for Burraco prepared deals: hands and pozzetti of 11 (FIBAS art. 6)."""
    from arbitro.cards import burraco_deck

    deck = burraco_deck()
    hands = {p: deck[i * 11 : (i + 1) * 11] for i, p in enumerate("NESW")}
    board = Board.burraco(3, hands, [deck[44:55], deck[55:65]])
    check = check_board(board)
    assert [(w.position, w.count, w.expected) for w in check.wrong] == [("P2", 10, 11)]


@pytest.mark.parametrize(
    ("kwargs", "outcome", "paragraph"),
    [
        ({"call_made": True, "can_correct": True}, Law13Outcome.PLAY_ON, "13A"),
        ({"call_made": True, "can_correct": False}, Law13Outcome.ARBITRAL_SCORE, "13B"),
        ({"play_completed": True}, Law13Outcome.RESULT_CANCELLED, "13C"),
        ({}, Law13Outcome.CORRECT_AND_PLAY, "13D1"),
        ({"card_seen": True}, Law13Outcome.PLAY_AND_RECORD, "13D2a"),
        (
            {"card_seen": True, "information_significant": True},
            Law13Outcome.ARTIFICIAL_SCORE,
            "13D2b",
        ),
        ({"excess_card_foreign": True}, Law13Outcome.EXCESS_CARD_REMOVED, "13F"),
    ],
)
def test_law_13_outcomes_by_paragraph(
    kwargs: dict[str, bool], outcome: Law13Outcome, paragraph: str
) -> None:
    """Law 13 A-F: each situation gets the paragraph's outcome, recorded against the board."""
    check = check_board(_moved(_bridge(5), "E", "N"))
    ruling = law13_outcome(check, note="tasca Est", **kwargs)
    assert ruling.outcome is outcome and ruling.paragraph == paragraph
    payload = ruling.as_payload()
    assert payload["board"] == 5 and payload["paragraph"] == paragraph
    assert payload["counts"] == {"N": 14, "E": 12}
    assert payload["outcome"] == outcome.value
    assert outcome.label.render("it") != outcome.label.msgid
    assert str(outcome.citation) == f"Bridge art. {paragraph}"
    assert outcome.arbitral_score == (paragraph in ("13B", "13C", "13D2b"))


def test_law_13_board_with_right_counts_needs_no_ruling() -> None:
    """Law 13 applies only to a wrong number of cards."""
    with pytest.raises(ArbitroError) as err:
        law13_outcome(check_board(_bridge()))
    assert str(err.value.article) == "Bridge art. 13"


def test_law_13_d1_correct_board_moves_the_card_back() -> None:
    """Law 13 D1: the arbiter corrects the discrepancy: N's extra card goes back to E."""
    ref = _bridge(2)
    wrong = _moved(ref, "E", "N")
    fixed, moves = correct_board(wrong, ref)
    assert check_board(fixed).ok and fixed.hands == ref.hands
    assert moves == (CardMove(ref.hands["E"][0], "N", "E"),)


def test_law_13_f_foreign_card_is_removed() -> None:
    """Law 13 F: an excess card not belonging to the deal is removed when found."""
    ref = _bridge(2)
    hands = dict(ref.hands)
    hands["S"] = hands["S"] + (parse_card("JK"),)
    _, moves = correct_board(Board(2, hands, ref.expected), ref)
    assert moves == (CardMove(parse_card("JK"), "S", "-"),)
    with pytest.raises(ArbitroError):
        correct_board(ref, _bridge(3))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from("NESW"), st.sampled_from("NESW"), st.integers(1, 4))
def test_law_13_property_correction_always_restores_the_reference(
    source: str, target: str, n: int
) -> None:
    """Law 13 D1: whatever cards moved between hands, the correction restores every count."""
    ref = _bridge(9)
    wrong = _moved(ref, source, target, n)
    fixed, moves = correct_board(wrong, ref)
    assert check_board(fixed).ok
    assert len(moves) == (0 if source == target else n)
    assert check_board(wrong).ok == (source == target)
