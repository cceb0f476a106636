"""The arbiter's rulings (arts. 11-17) are moves of the stack (kind RULING): ``pop`` keeps a
ruling when it takes back a later move and takes the ruling back when it is the last move;
the position string and the deal record replay them."""

from __future__ import annotations

import pytest

from arbitro.cards import parse_card, parse_cards
from arbitro.games.core import IllegalMoveError
from arbitro.games.scala40 import Deal, MoveKind, Seat, arrange_deck, parse_move
from arbitro.games.scala40.arbiter import irregularity, rule
from arbitro.games.scala40.record import DealRecord

KINGS_QUEENS = "KH KD KC QH QD QS"


def _opened() -> Deal:
    """W has opened with kings and queens (melds 0 and 1) and discarded 2C; S to draw."""
    hands = {Seat.W: parse_cards(KINGS_QUEENS + " 2C 3H 5H 9C 7S 4D KS")}
    deal = Deal(arrange_deck(hands, stock=parse_cards("JH 9D 8D 10S 6C 4S")), Seat.N)
    for text in ("draw", "open KH KD KC | QH QD QS", "discard 2C"):
        deal.push(parse_move(text))
    return deal


def _walk_back(deal: Deal, strings: list[str]) -> None:
    """Pop every move pushed after ``strings[0]`` was taken, checking each position."""
    while len(strings) > 1:
        strings.pop()
        deal.pop()
        assert str(deal) == strings[-1]


def test_art11_a_frozen_meld_stays_frozen_when_a_later_move_is_taken_back() -> None:
    """Art. 11: "Il gioco contenente la/e carta/e errata/e sarà congelato": the freeze is a
    move of the stack, so pop replays it; popping the ruling itself unfreezes the meld."""
    deal = _opened()
    before = str(deal)
    d = rule(deal, irregularity("wrong_meld_found_late", Seat.W, meld=0)).position
    ruling = d.move_stack[-1][1]
    assert ruling.kind is MoveKind.RULING and str(ruling) == "ruling freeze 0"
    d.push(parse_move("draw"))
    assert d.pop() == parse_move("draw")
    assert d.frozen == {0}
    assert d.pop() == ruling
    assert d.frozen == frozenset() and str(d) == before


def test_art15_the_penalty_draw_and_restriction_survive_pop() -> None:
    """Art. 15: "egli dovrà pescare e la carta pescata verrà scartata il giro successivo":
    the penalty discard, the penalty draw and the restriction are replayed by pop."""
    deal = _opened()
    for text in ("draw", "discard 9D", "draw", "discard 8D", "draw", "discard 10S"):
        deal.push(parse_move(text))
    d = rule(deal, irregularity("discard_without_draw", Seat.W, card="9C")).position
    kinds = [str(m).split()[:2] for _, m in d.move_stack[-3:]]
    assert kinds == [["ruling", "discard"], ["ruling", "draw"], ["ruling", "restrict"]]
    strings = [str(d)]
    for _ in range(3):
        for text in ("draw", "discard"):
            if text == "discard":
                d.push(next(m for m in d.legal_moves() if m.kind is MoveKind.DISCARD))
            else:
                d.push(parse_move(text))
            strings.append(str(d))
    assert d.turn is Seat.W
    assert [str(m) for m in d.legal_moves()] == ["discard 6C"]
    d.push(parse_move("discard 6C"))
    strings.append(str(d))
    _walk_back(d, strings)
    assert str(d.move_stack[-1][1]).startswith("ruling restrict W")
    assert Deal.from_position(str(d)).penalized(Seat.W) == d.penalized(Seat.W)


def test_art16b_penalized_cards_are_replayed_by_the_record() -> None:
    """Art. 16 B: "l'ultimo gioco effettuato sarà penalizzato": the record written after the
    ruling replays it (the penalized cards, the turn without drawing)."""
    hands = {
        Seat.W: parse_cards(KINGS_QUEENS + " 2C 3H 5H 9C 7S 4D KS"),
        Seat.E: parse_cards("7H 8H 9H"),
    }
    deal = Deal(arrange_deck(hands, stock=parse_cards("JH 9D 8D 10S 6C 4S")), Seat.N)
    for text in ("draw", "open KH KD KC | QH QD QS", "discard 2C"):
        deal.push(parse_move(text))
    d = rule(deal, irregularity("out_of_turn_play", Seat.E, cards="7H 8H 9H")).position
    for text in ("draw", "discard 9D"):
        d.push(parse_move(text))
    again = DealRecord.from_json(DealRecord.from_deal(d).to_json()).replay()
    assert str(again) == str(d)
    assert again.penalized(Seat.E) == parse_cards("7H 8H 9H")
    assert [str(m) for m in again.legal_moves()] == ["discard 7H"]
    assert d.pop() == parse_move("discard 9D")
    assert d.penalized(Seat.E) == parse_cards("7H 8H 9H")


def test_art17_a_split_run_is_replayed_by_pop() -> None:
    """Art. 17: runs of six or more cards equal to another are split at five cards: the
    split is a ruling move; a later move taken back leaves the run split."""
    hands = {Seat.W: parse_cards("3H 4H 5H 6H 7H 8H KS KD KC 2C 9S 4D 6S")}
    deal = Deal(arrange_deck(hands, stock=parse_cards("JH 9D 8D 10S 6C 4S")), Seat.N)
    for text in ("draw", "open 3H 4H 5H 6H 7H 8H | KS KD KC", "discard 2C"):
        deal.push(parse_move(text))
    d = rule(deal, irregularity("equal_runs", Seat.W, melds=[0])).position
    assert str(d.move_stack[-1][1]) == "ruling split 0 5"
    d.push(parse_move("draw"))
    d.pop()
    assert len(d.table[0]) == 5 and parse_card("8H") in d.hand(Seat.W)


def test_a_malformed_ruling_is_refused_and_the_position_unchanged() -> None:
    """A ruling move that names no mutator, or a meld not on the table (art. 11), is refused."""
    deal = _opened()
    before = str(deal)
    for text in ("ruling melt 0", "ruling freeze 9", "ruling penalize E AS"):
        with pytest.raises(IllegalMoveError):
            deal.push(parse_move(text))
        assert str(deal) == before
