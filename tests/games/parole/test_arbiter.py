"""The arbiter's remedies of arts. 9-11 (arbiter mode): penalized cards, freezes, closings."""

from __future__ import annotations

import pytest

from arbitro.games.parole import (
    DRAW,
    Deal,
    DealRecord,
    IllegalMoveError,
    Line,
    MoveKind,
    Seat,
    arrange_deck,
    cards_value,
    discard,
    parse_cards,
    parse_move,
)
from arbitro.games.parole.arbiter import REMEDIES, penalty_order, ruling

from .words import WORDS


def _deal(hands: dict[Seat, str], *, pile: str = "Z", stock: str = "") -> Deal:
    return Deal(
        arrange_deck(
            {s: parse_cards(h) for s, h in hands.items()}, pile=pile, stock=parse_cards(stock)
        ),
        lexicon=WORDS,
    )


def _pass_turn(deal: Deal) -> None:
    before = list(deal.hand(deal.turn))
    deal.push(DRAW)
    after = list(deal.hand(deal.turn))
    for x in before:
        after.remove(x)
    legal = deal.legal_moves()
    deal.push(discard(after[0]) if discard(after[0]) in legal else legal[-1])


def test_art10_8_penalized_cards_highest_first() -> None:
    """Art. 10.8 and "scartare secondo norma": highest value first, then the order of 3.3."""
    values = Deal(arrange_deck(), lexicon=WORDS).code.letter_values
    assert penalty_order(list("ENCA?"), values) == ["?", "C", "N", "A", "E"]


def test_art10_2_wrong_word_healed_then_discard_at_once() -> None:
    """Art. 10.2, 10.10: CNAE put right as CANE; then the culprit discards at once."""
    d = _deal({Seat.E: "CANEBRT"}, stock="S")
    d.push(DRAW)
    d.push(ruling("wrong_word", "E", cards="CNAE", extra="CANE"))
    assert [w.spelling for w in d.words(Line.EW)] == ["CANE"]
    assert d.penalized(Seat.E) == ()
    assert all(m.kind is MoveKind.DISCARD for m in d.legal_moves())
    with pytest.raises(IllegalMoveError, match="scarta subito") as err:
        d.push(parse_move("meld BRT"))
    assert "10.10" in str(err.value.article)
    d.push(discard("B"))
    assert d.turn is Seat.S


def test_art10_2_wrong_word_not_healed_cards_penalized() -> None:
    """Art. 10.2, 10.8: unhealed cards are penalized, discarded one a turn, highest first."""
    d = _deal({Seat.E: "CANEBRT"}, stock="SOFGH")
    d.push(DRAW)
    d.push(ruling("wrong_word", "E", cards="CNAE"))
    assert d.penalized(Seat.E) == ("C", "N", "A", "E")
    assert d.legal_moves() == [discard("C")]
    with pytest.raises(IllegalMoveError, match="penalizzata") as err:
        d.push(discard("B"))
    assert str(err.value.article) == "Parole UISP art. 10.8"
    d.push(discard("C"))
    for _ in range(3):
        _pass_turn(d)
    d.push(DRAW)  # E's next turn: may play hand cards, the discard is the next penalized
    assert discard("N") in d.legal_moves() and discard("B") not in d.legal_moves()
    d.push(discard("N"))
    assert d.penalized(Seat.E) == ("A", "E")
    ew = d.scores()[Line.EW]
    assert ew.penalized == -10
    assert ew.in_hand == -cards_value(d.hand(Seat.E) + d.hand(Seat.W))


def test_art10_1_two_wilds_healed_with_one() -> None:
    """Art. 10.1: a word with two wilds; put right with one, the other wild penalized."""
    d = _deal({Seat.E: "CA??SRT"}, stock="A")
    d.push(DRAW)
    d.push(ruling("wrong_word", "E", cards="CA??", extra="CA?A"))
    assert d.words(Line.EW)[0].cards == tuple("CA?A")
    assert d.penalized(Seat.E) == ("?",)
    d2 = _deal({Seat.E: "CANEBRT"})
    d2.push(DRAW)
    with pytest.raises(IllegalMoveError, match="nulla da sanare"):
        d2.push(ruling("wrong_word", "E", cards="CANE"))


def test_art10_3_extra_card_on_a_word() -> None:
    """Art. 10.3: a wrong lay-off (CANE -> CANEB) not put right: the card is penalized."""
    d = _deal({Seat.E: "CANEBRT"}, stock="SOFGH")
    d.push(DRAW)
    d.push(parse_move("meld CANE"))
    d.push(ruling("wrong_word", "E", target=0, cards="CANEB"))
    assert d.penalized(Seat.E) == ("B",) and d.words(Line.EW)[0].spelling == "CANE"


def test_art10_11_definitive_freeze_counts_negative() -> None:
    """Arts. 10.11, 10.18: a frozen word takes no cards and counts negative at the end."""
    d = _deal({Seat.E: "CANERTS"}, stock="O")
    d.push(DRAW)
    d.push(parse_move("meld CANE"))
    d.push(ruling("freeze", "E", target=0))
    with pytest.raises(IllegalMoveError, match="congelata"):
        d.push(parse_move("layoff 0 CARNE"))
    assert all(m.kind is not MoveKind.LAY_OFF for m in d.legal_moves())
    ew = d.scores()[Line.EW]
    assert ew.frozen == -30 and ew.melded == 0


def test_art10_12_temporary_freeze_for_one_round() -> None:
    """Art. 10.12: frozen for one round; if the deal ends meanwhile, the laid cards count
    negative and the word as it was positive."""
    d = _deal({Seat.E: "CANERTS"}, stock="OBDFG")
    d.push(DRAW)
    d.push(parse_move("meld CANE"))
    d.push(parse_move("layoff 0 CARNE"))
    d.push(ruling("freeze_round", "E", target=0, cards="R"))
    ew = d.scores()[Line.EW]
    assert ew.melded == 30 and ew.frozen == -10
    d.push(discard("T"))
    _pass_turn(d)  # S
    d.push(DRAW)  # W, E's partner: the word is still frozen
    assert 0 in d.freezes(Line.EW)
    assert all(m.kind is not MoveKind.LAY_OFF for m in d.legal_moves())
    d.push(d.legal_moves()[-1])
    _pass_turn(d)  # N
    assert d.turn is Seat.E and d.freezes(Line.EW) == {}  # a round has passed
    assert d.scores()[Line.EW].melded == 10 + 5 + 10 + 10 + 5


def test_art11_4_invalid_closing_without_burraco() -> None:
    """Art. 11.4: closing without burraco: the last play becomes penalized, the last card is
    discarded, the deal goes on."""
    d = _deal({Seat.E: "CANEBRT"}, pile="Z", stock="OBDFA")
    for m in ("draw", "meld CANE", "discard B"):
        d.push(parse_move(m))
    for _ in range(3):
        _pass_turn(d)
    d.push(DRAW)  # E holds A O R T
    d.push(ruling("closing_no_burraco", "E", cards="ORA", extra="T"))
    assert not d.is_over and d.discard_pile[-1] == "T" and d.hand(Seat.E) == ()
    assert d.penalized(Seat.E) == ("R", "A", "O") and d.turn is Seat.S


def test_art11_7_invalid_closing_with_a_wild() -> None:
    """Art. 11.7: the last play (CASSATE) back as penalized cards; the wild discard stands."""
    d = _deal({Seat.E: "CASSAT?"}, pile="Z", stock="QBDFE")
    for m in ("draw", "meld CASSA", "discard Q"):
        d.push(parse_move(m))
    for _ in range(3):
        _pass_turn(d)
    d.push(DRAW)
    d.push(ruling("closing_wild", "E", target=0, cards="CASSATE", extra="?"))
    assert d.words(Line.EW)[0].spelling == "CASSA" and d.discard_pile[-1] == "?"
    assert d.penalized(Seat.E) == ("T", "E") and not d.is_over
    d2 = _deal({Seat.E: "CASSAT?"}, pile="Z", stock="QBDFE")
    for m in ("draw", "meld CASSA", "discard Q"):
        d2.push(parse_move(m))
    for _ in range(3):
        _pass_turn(d2)
    d2.push(DRAW)
    with pytest.raises(IllegalMoveError, match="matta"):
        d2.push(ruling("closing_wild", "E", target=0, cards="CASSAT?", extra="E"))


def test_art11_5_invalid_closing_in_the_first_round() -> None:
    """Art. 11.5: the last play stays, frozen for one round; the discard stands."""
    d = _deal({Seat.E: "CASSATQ"}, pile="Z", stock="ABDFE")
    d.push(DRAW)
    d.push(ruling("closing_first_round", "E", cards="CASSATA", extra="Q"))
    assert not d.is_over and d.turn is Seat.S and d.hand(Seat.E) == ()
    assert 0 in d.freezes(Line.EW)
    ew = d.scores()[Line.EW]
    assert ew.frozen == -55 and ew.burrachi == ()


def test_art11_1_invalid_closing_without_discard() -> None:
    """Art. 11.1: the last play taken back as penalized cards, then discarded highest first."""
    d = _deal({Seat.E: "CASSATQ"}, pile="Z", stock="ABDFR")
    for m in ("draw", "meld CASSA", "discard Q"):
        d.push(parse_move(m))
    for _ in range(3):
        _pass_turn(d)
    d.push(DRAW)  # E holds A R T
    d.push(ruling("closing_no_discard", "E", cards="TRA"))
    assert d.penalized(Seat.E) == ("R", "T", "A") and d.hand(Seat.E) == ()
    assert d.legal_moves() == [discard("R")]
    d.push(discard("R"))
    assert not d.is_over and d.turn is Seat.S


def test_rulings_replay_in_the_record() -> None:
    """Rulings are recorded with the moves and replay to the same position."""
    d = _deal({Seat.E: "CANEBRT"}, stock="SOFGH")
    d.push(DRAW)
    d.push(ruling("wrong_word", "E", cards="CNAE", extra="CANE"))
    d.push(discard("B"))
    text = DealRecord.from_deal(d).to_json()
    assert "ruling wrong_word E -1 CNAE CANE" in text
    again = DealRecord.from_json(text).replay(WORDS)
    assert again.words(Line.EW) == d.words(Line.EW) and again.turn is d.turn


def test_unknown_remedy_and_bad_rulings() -> None:
    """A ruling that does not fit the position is refused naming the article."""
    d = _deal({Seat.E: "CANEBRT"})
    with pytest.raises(IllegalMoveError, match="sconosciuto"):
        d.push(ruling("magic", "E"))
    with pytest.raises(IllegalMoveError, match="di turno"):
        d.push(ruling("wrong_word", "S", cards="CNAE"))
    d.push(DRAW)
    with pytest.raises(IllegalMoveError, match="non in mano"):
        d.push(ruling("penalize", "E", cards="QQ"))
    assert set(REMEDIES) >= {"wrong_word", "closing_no_burraco", "freeze_round"}


def test_art9_1_forced_discard_of_the_last_card_does_not_close() -> None:
    """Arts. 9.1, 10.10, 11.5: CASSTAA put right as CASSATA in the first round leaves one
    card; the culprit discards it at once, but that is no closing and the deal goes on."""
    d = _deal({Seat.E: "CASSATA"}, stock="Q")
    d.push(DRAW)
    d.push(ruling("wrong_word", "E", cards="CASSTAA", extra="CASSATA"))
    assert d.penalized(Seat.E) == () and d.hand(Seat.E) == ("Q",)
    assert d.legal_moves() == [discard("Q")]
    d.push(discard("Q"))
    assert not d.is_over and d.hand(Seat.E) == () and d.turn is Seat.S


def test_art11_3_incompatible_cards_then_discard_without_closing() -> None:
    """Art. 11.3: cards that fit no word become penalized; the discard made at the error
    stands, and it is no closing."""
    d = _deal({Seat.E: "CASSATQ"}, pile="Z", stock="ABDFR")
    for m in ("draw", "meld CASSA", "discard Q"):
        d.push(parse_move(m))
    for _ in range(3):
        _pass_turn(d)
    d.push(DRAW)  # E holds A R T: laid R and T where they fit nothing, discarded A
    d.push(ruling("penalize", "E", cards="RT"))
    d.push(ruling("discard_no_closing", "E", extra="A"))
    assert not d.is_over and d.discard_pile[-1] == "A" and d.penalized(Seat.E) == ("R", "T")


def test_art10_9_burned_card() -> None:
    """Art. 10.9: a card found on the floor during play is burned for the deal."""
    d = _deal({Seat.E: "CANEBRT"}, stock="SOFGH")
    before = d.stock_size
    d.push(ruling("burn", "E", cards="S"))
    assert (
        d.stock_size == before - 1
        and d.card_counts() == Deal(arrange_deck(), lexicon=WORDS).card_counts()
    )
    d.push(DRAW)  # the stock's only S is out: E draws the next card, O
    assert "S" not in d.hand(Seat.E) and "O" in d.hand(Seat.E)
    with pytest.raises(IllegalMoveError, match="tallone"):
        d.push(ruling("burn", "E", cards="?" * 3))
