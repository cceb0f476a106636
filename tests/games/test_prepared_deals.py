"""Prepared deals by Bridge Law 13 (wrong number of cards): the count check before play, the
law's outcomes with their paragraphs, and the correction of a board from its reference."""

from __future__ import annotations

from typing import Any

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
    kwargs: dict[str, Any], outcome: Law13Outcome, paragraph: str
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


def _short_long(number: int = 6) -> Board:
    """A board where N holds 14 cards and E 12: a long hand beside a short one."""
    return _moved(_bridge(number), "E", "N")


def test_law_13_bridge_board_defaults_to_thirteen_cards_a_hand() -> None:
    """Law 13 C "più di tredici carte": a board given no counts expects 13 in N, E, S, W."""
    hands = {p: DECK[i * 13 : (i + 1) * 13] for i, p in enumerate("NESW")}
    board = Board(1, hands)
    assert board.expected == {"N": 13, "E": 13, "S": 13, "W": 13}
    assert check_board(board).ok
    assert Board(1, hands, {"N": 12}).expected == {"N": 12}


def test_law_13_a_call_made_with_the_wrong_hand_plays_on() -> None:
    """Law 13 A: "un giocatore con una mano non corretta abbia fatto una chiamata, allora,
    quando l'Arbitro ritenga che la smazzata possa essere corretta e giocata, la smazzata sarà
    giocata in questo modo senza che ci sia un cambio di chiamata. Al termine l'Arbitro potrà
    attribuire un punteggio arbitrale." N (14 cards) called: 13A, the caller named."""
    ruling = law13_outcome(check_board(_short_long()), callers=["N", "S"])
    assert ruling.outcome is Law13Outcome.PLAY_ON and ruling.paragraph == "13A"
    assert ruling.callers == ("N",)
    assert ruling.outcome.arbitral_score_possible and not ruling.outcome.arbitral_score
    assert ruling.as_payload()["callers"] == ["N"]


def test_law_13_b_call_made_and_no_correction_gives_an_arbitral_score() -> None:
    """Law 13 B: "quando non ricorra il caso di cui al punto precedente, una volta che sia stata
    effettuata una chiamata l'Arbitro dovrà assegnare un punteggio arbitrale"."""
    ruling = law13_outcome(check_board(_short_long()), callers=["E"], can_correct=False)
    assert ruling.outcome is Law13Outcome.ARBITRAL_SCORE and ruling.paragraph == "13B"
    assert ruling.callers == ("E",) and ruling.outcome.arbitral_score


def test_law_13_d_calls_by_the_other_hands_only_leave_the_board_under_d() -> None:
    """Law 13 D: "se si scopre che un giocatore ha un numero non corretto di carte e che nessuna
    chiamata è stata effettuata con quella mano": S and W called, N and E (the wrong hands) did
    not: the arbiter corrects and the board is played (13D1), not 13A."""
    ruling = law13_outcome(check_board(_short_long()), callers=["S", "W"])
    assert ruling.outcome is Law13Outcome.CORRECT_AND_PLAY and ruling.paragraph == "13D1"
    assert ruling.callers == ()


def test_law_13_c_needs_a_short_hand_beside_the_long_one() -> None:
    """Law 13 C: "la mano di un giocatore conteneva originariamente più di tredici carte, con un
    giocatore con un numero di carte minore (ma vedi ... paragrafo F), il risultato dovrà essere
    cancellato". N 14 and E 12 after play: 13C; N 14 with nobody short: the extra card is not
    of the deal, 13F."""
    cancelled = law13_outcome(check_board(_short_long()), play_completed=True)
    assert cancelled.outcome is Law13Outcome.RESULT_CANCELLED and cancelled.paragraph == "13C"
    hands = dict(_bridge(6).hands)
    hands["N"] = (*hands["N"], parse_card("JK"))
    long_only = check_board(Board(6, hands))
    assert long_only.over and not long_only.short
    excess = law13_outcome(long_only, play_completed=True)
    assert excess.outcome is Law13Outcome.EXCESS_CARD_REMOVED and excess.paragraph == "13F"
    assert law13_outcome(long_only).paragraph == "13F"


def test_law_13_b_a_short_hand_found_after_play_gets_an_arbitral_score() -> None:
    """Law 13 B (C not applying, no hand over 13): E with 12 cards found after play: a call was
    made and the deal cannot be corrected and played, so an arbitral score."""
    hands = dict(_bridge(6).hands)
    hands["E"] = hands["E"][1:]
    ruling = law13_outcome(check_board(Board(6, hands)), play_completed=True)
    assert ruling.outcome is Law13Outcome.ARBITRAL_SCORE and ruling.paragraph == "13B"


def test_law_13_d2a_the_result_is_changed_when_the_information_influenced_it() -> None:
    """Law 13 D2a: "l'Arbitro permetterà allora che il board venga giocato ed il risultato venga
    registrato. Se egli in seguito dovesse giudicare che l'informazione possa avere influenzato
    l'esito del board, l'Arbitro dovrà modificare il risultato e potrebbe penalizzare un
    eventuale colpevole.\""""
    check = check_board(_short_long())
    recorded = law13_outcome(check, card_seen=True)
    assert recorded.outcome is Law13Outcome.PLAY_AND_RECORD and recorded.paragraph == "13D2a"
    assert not recorded.outcome.arbitral_score
    changed = law13_outcome(check, card_seen=True, result_affected=True)
    assert changed.outcome is Law13Outcome.RESULT_ADJUSTED and changed.paragraph == "13D2a"
    assert changed.outcome.arbitral_score
    assert changed.outcome.label.render("it").startswith("l'informazione ha influenzato")
    significant = law13_outcome(
        check, card_seen=True, information_significant=True, result_affected=True
    )
    assert significant.paragraph == "13D2b"


def test_law_13_e_the_correction_is_unauthorized_for_the_partner() -> None:
    """Law 13 E: "la conoscenza della collocazione o dello spostamento di una carta effettuato
    dall'Arbitro rappresenta un'informazione non autorizzata per il compagno di quel giocatore
    la cui mano conteneva un numero erroneo di carte." N and E wrong: S and W are told."""
    check = check_board(_short_long())
    cases: tuple[dict[str, Any], ...] = ({}, {"call_made": True}, {"card_seen": True})
    for kwargs in cases:
        ruling = law13_outcome(check, **kwargs)
        assert ruling.outcome.play_continues
        assert ruling.unauthorized_for == ("S", "W")
        assert str(ruling.unauthorized_information) == "Bridge art. 13E"
        assert ruling.as_payload()["unauthorized_information"] == {
            "paragraph": "13E",
            "partners": ["S", "W"],
        }
    cancelled = law13_outcome(check, play_completed=True)
    assert cancelled.unauthorized_for == () and cancelled.unauthorized_information is None
    assert cancelled.as_payload()["unauthorized_information"] is None


def test_law_13_f_a_foreign_card_played_in_a_completed_trick() -> None:
    """Law 13 F: "La licitazione ed il gioco continueranno senza che ne vengano condizionati. Se
    si dovesse scoprire che tale carta era stata giocata in una presa ormai completata potrebbe
    essere assegnato un punteggio arbitrale.\""""
    hands = dict(_bridge(6).hands)
    hands["S"] = (*hands["S"], parse_card("JK"))
    check = check_board(Board(6, hands))
    removed = law13_outcome(check)
    assert removed.outcome is Law13Outcome.EXCESS_CARD_REMOVED
    assert not removed.outcome.arbitral_score_possible
    played = law13_outcome(check, foreign_card_played=True, play_completed=True)
    assert played.outcome is Law13Outcome.EXCESS_CARD_PLAYED and played.paragraph == "13F"
    assert played.outcome.arbitral_score_possible and not played.outcome.arbitral_score
    assert played.as_payload()["arbitral_score_possible"] is True
    assert played.outcome.label.render("it") != played.outcome.label.msgid
