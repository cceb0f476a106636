"""The remedies of FIBAS arts. 24-35 (melds healed or discarded, equal sets, closings, points
not counted, ghost, exposed, thrown and penalized cards) checked as a whole (issue 26, "Tests
that notice"): each case is a situation an article describes, and asserts the whole ruling and
every field of the position the ruling changed (the position's text, docs/notation-burraco.md),
so that everything else is asserted unchanged."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from arbitro.cards import Card, parse_card, parse_cards
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Seat
from arbitro.games.burraco.arbiter import ArbiterDeal, Found, Irregularity, TurnLimit
from arbitro.games.burraco.arbiter.deal import Play
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.remedies import REMEDIES, irregularity
from arbitro.games.burraco.errors import fibas
from arbitro.games.core import arbiter as core
from arbitro.i18n import Message, message

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS_BURRACO = "3C 4C 5C 6C 7C 8C 9C"
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
POZ = "AH AD AC AS KH KD KC KS QH QD QC"


def deal(
    e: str = "5H 6H 7D 9C KS QS 3C",
    *,
    w: str = "8S 8S 4D",
    ew: Sequence[str] = ("3H 4H 5H",),
    stock: str = STOCK,
    taken: Sequence[Line] = (Line.NS,),
    turn: Seat = E,
    turns: int = 8,
    hands: Mapping[Seat, str] | None = None,
) -> ArbiterDeal:
    """N-S hold a clean burraco and their pozzetto; E plays after ``turns`` turns."""
    h = {E: P(e), W: P(w), N: P("JH JH"), S: P("QH")}
    for s, cards in (hands or {}).items():
        h[s] = P(cards)
    return ArbiterDeal.from_layout(
        h,
        pile=P("8C"),
        stock=P(stock),
        pozzetti=[P(POZ)],
        melds={Line.NS: [P(NS_BURRACO), P("QC QD QS")], Line.EW: [P(m) for m in ew]},
        taken=taken,
        turn=turn,
        turns_played=turns,
    )


def fields(d: ArbiterDeal) -> dict[str, str]:
    """The position's fields (``str(d)``: ``key value | key value ...``) by key."""
    out: dict[str, str] = {}
    for part in str(d).split(" | "):
        key, _, value = part.partition(" ")
        out[key] = value
    return out


def changed(before: Mapping[str, str], d: ArbiterDeal) -> dict[str, str]:
    """The fields of ``d``'s position that differ from ``before``, with their new values."""
    return {k: v for k, v in fields(d).items() if before.get(k) != v}


def cards(text: str) -> tuple[Card, ...]:
    return P(text)


def ruling(
    kind: Irregularity,
    seat: Seat | None,
    found: Found | None,
    at: int,
    text: Message,
    **fields: Any,
) -> Ruling:
    """The ruling expected, every field not given at its default."""
    return Ruling(kind, seat, found, at, text, **fields)


def refused(d: ArbiterDeal, kind: Irregularity, article: str, **details: Any) -> ArbitroError:
    """The refusal of a ruling on ``kind`` (the arbiter's key, the article cited); the
    position is left as it was."""
    before = str(d)
    with pytest.raises(ArbitroError) as caught:
        d.rule(kind, **details)
    assert caught.value.key == "arbiter.bad_ruling" and caught.value.article is not None
    assert caught.value.article.article == article
    assert str(d) == before
    return caught.value


def unnamed(d: ArbiterDeal, kind: Irregularity, article: str, **details: Any) -> None:
    """No offender named (the core's irregularity with ``named`` false): refused, citing the
    irregularity's article, the position unchanged."""
    before = str(d)
    with pytest.raises(ArbitroError) as caught:
        REMEDIES.rule(d, irregularity(kind, E, named=False, **details))
    assert caught.value.key == "arbiter.bad_ruling" and caught.value.article is not None
    assert caught.value.article.article == article
    assert str(d) == before


# ------------------------------------------------------------------ arts. 28-29 (melds.py)


def test_art_28_incomplete_meld_healed_records_the_healed_play() -> None:
    """FIBAS art. 28 example: 8-6-4 of hearts healed with the 5 and the 7: the player goes on;
    the healed meld is recorded as one play of the five cards (so that a later remedy, e.g.
    art. 33, takes the whole play back), at the moment of the meld it heals (action 1), so
    that plays made after it stay after it (art. 35 point 2)."""
    d = deal("8H 6H 4H 5H 7H KS 3C", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    before = fields(d)
    r = d.rule(Irregularity.INCOMPLETE_MELD, E, healing=P("5H 7H"))
    text = message("meld healed with {cards}: the player goes on", cards="5H 7H")
    assert r == ruling(Irregularity.INCOMPLETE_MELD, E, Found.AT_ONCE, 2, text, next_to_act=E)
    assert changed(before, d) == {"E": "3C 4S KS", "EW": "2 E 4H 5H 6H 7H 8H / touched E@-1"}
    assert d.plays[-1] == Play(1, E, 8, 2, P("8H 6H 4H 5H 7H"), True)


def test_art_28_healing_cards_that_do_not_fit_go_back_and_the_meld_is_discarded() -> None:
    """FIBAS art. 28: the 9S does not heal 8-6-4 of hearts: it stays in the hand and the
    incomplete meld is discarded at once, highest first (art. 2 "Scarto immediato")."""
    d = deal("8H 6H 4H 5H 9S KS 3C", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    before = fields(d)
    r = d.rule(Irregularity.INCOMPLETE_MELD, E, healing=P("9S"))
    text = message("meld not healed: immediate discard of {cards}", cards="8H 6H 4H")
    expected = ruling(
        Irregularity.INCOMPLETE_MELD,
        E,
        Found.AT_ONCE,
        2,
        text,
        discarded=P("8H 6H 4H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "-",
        "pile": "8C 8H 6H 4H",
    }


def test_art_28_with_art_25_2_2_incomplete_meld_found_after_the_discard() -> None:
    """FIBAS art. 28 read with art. 25.2.2: found after the discard, before S draws, the cards
    of the incomplete meld go to the side of the table as the next turns' discards."""
    d = deal("8H 6H 4H 5H 9S KS 3C", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    d.discard(E, C("KS"))
    before = fields(d)
    r = d.rule(Irregularity.INCOMPLETE_MELD, E)
    text = message(
        "found after the discard: {cards} at the side of the table, the obligatory discard of "
        "the next turn; the meld stands",
        cards="8H 6H 4H",
    )
    expected = ruling(
        Irregularity.EXCESS_CARD,
        E,
        Found.AFTER_DISCARD,
        3,
        text,
        aside=P("8H 6H 4H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {"EW": "-", "aside": "E 8H 6H 4H"}


def test_art_28_incomplete_meld_found_later_by_the_arbiters_word() -> None:
    """FIBAS art. 28 with art. 25.2.3: the arbiter says it was found later: the meld is frozen
    for good and its cards count negative."""
    d = deal("8H 6H 4H 5H 9S KS 3C", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    before = fields(d)
    r = d.rule(Irregularity.INCOMPLETE_MELD, E, found=Found.LATER)
    text = message(
        "found later: meld frozen for good; {cards} count negative at the end", cards="8H 6H 4H"
    )
    expected = ruling(
        Irregularity.EXCESS_CARD,
        E,
        Found.LATER,
        2,
        text,
        negative=P("8H 6H 4H"),
        frozen=(2,),
        next_to_act=E,
    )
    assert r == expected
    assert changed(before, d) == {"EW": "2 E 8H 6H 4H / wrong / definitive - - / touched E@-1"}


def test_art_29_wrong_meld_healed_with_one_card_the_excess_discarded() -> None:
    """FIBAS art. 29: 5H 6H 7D healed with the 7H ("una sola carta"): the run 5-6-7 of hearts
    stays and the 7D is discarded at once."""
    d = deal("5H 6H 7D 7H KS 3C 9C", ew=())
    d.draw(E)
    d.meld(E, P("5H 6H 7D"))
    before = fields(d)
    r = d.rule(Irregularity.WRONG_MELD, E, healing=[C("7H")])
    text = message(
        "meld healed with {cards}; immediate discard of the excess {excess}",
        cards="7H",
        excess="7D",
    )
    expected = ruling(
        Irregularity.WRONG_MELD, E, Found.AT_ONCE, 2, text, discarded=P("7D"), next_to_act=S
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "E": "3C 9C 4S KS",
        "EW": "2 E 5H 6H 7H / touched E@-1",
        "pile": "8C 7D",
    }


def test_art_29_wrong_lay_off_not_healed_only_the_card_added_is_discarded() -> None:
    """FIBAS art. 29 "aggiunge carte in modo errato": the 7D laid on 4-5-6 of hearts is
    discarded at once; the run stays as it was."""
    d = deal("7D 9S KS 3C", ew=("4H 5H 6H",))
    d.draw(E)
    d.lay_off(E, 0, [C("7D")])
    before = fields(d)
    r = d.rule(Irregularity.WRONG_MELD, E)
    text = message("meld not healed: immediate discard of {cards}", cards="7D")
    expected = ruling(
        Irregularity.WRONG_MELD, E, Found.AT_ONCE, 2, text, discarded=P("7D"), next_to_act=S
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E 4H 5H 6H / touched E@-1",
        "pile": "8C 7D",
    }


def test_arts_28_29_the_offender_must_be_named() -> None:
    """FIBAS arts. 28-29: a remedy needs the offender: refused, citing the article."""
    d = deal("8H 6H 4H 5H 9S KS 3C", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    unnamed(d, Irregularity.INCOMPLETE_MELD, "28")
    unnamed(d, Irregularity.WRONG_MELD, "29")


# ------------------------------------------------------------------ art. 32 (closings.py)

MERGED = message("sets merged and frozen for good; the offender's turn ends with the discard")


def _kings(e: str, first: str, second: str, **kw: Any) -> ArbiterDeal:
    d = deal(e, ew=(first, *kw.pop("ew", ())), **kw)
    d.draw(E)
    d.meld(E, P(second))
    return d


def test_art_32_equal_sets_merged_turn_cut_to_the_discard_play_recorded_on_the_first() -> None:
    """FIBAS art. 32: "l'Arbitro consente l'aggiunta delle carte sulla combinazione esistente
    congelandola definitivamente ... L'errore comunque pone fine al turno": the kings join the
    first set (sorted as a set), frozen for good with every card positive; E may only discard;
    the play is recorded as a lay-off on the first set."""
    d = _kings("KH KC KC 5S 9D", "KS KS KD", "KH KC KC")
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E)
    expected = ruling(
        Irregularity.EQUAL_SETS,
        E,
        Found.AT_ONCE,
        2,
        MERGED,
        frozen=(2,),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=E,
    )
    assert r == expected
    assert changed(before, d) == {
        "EW": "2 E KH KD KC KC KS KS / definitive KH KD KC KC KS KS -",
        "limits": "E discard_only now equal_sets",
    }
    assert d.plays[-1] == Play(1, E, 8, 2, P("KH KC KC"), False)
    assert [t.id for t in d.melds(Line.EW)] == [2] and d.melds(Line.EW)[0].valid


def test_art_32_only_the_first_set_holds_a_wild_nothing_is_discarded() -> None:
    """FIBAS art. 32: a wild in only one of the two sets: all the cards join, the turn ends
    with the discard ("qualora in entrambe ... una matta": not the case)."""
    d = _kings("KH KC KC 5S 9D", "KS KD JK", "KH KC KC")
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E)
    expected = ruling(
        Irregularity.EQUAL_SETS,
        E,
        Found.AT_ONCE,
        2,
        MERGED,
        frozen=(2,),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=E,
    )
    assert r == expected
    assert changed(before, d) == {
        "EW": "2 E KH KD KC KC KS JK / definitive KH KD KC KC KS JK -",
        "limits": "E discard_only now equal_sets",
    }


def test_art_32_only_the_second_set_holds_a_wild_it_joins_the_first() -> None:
    """FIBAS art. 32: the 2S of the second set joins the first, which had no wild."""
    d = _kings("KH KC 2S 5S 9D", "KS KD KD", "KH KC 2S")
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E)
    expected = ruling(
        Irregularity.EQUAL_SETS,
        E,
        Found.AT_ONCE,
        2,
        MERGED,
        frozen=(2,),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=E,
    )
    assert r == expected
    assert changed(before, d) == {
        "EW": "2 E KH KD KD KC KS 2S / definitive KH KD KD KC KS 2S -",
        "limits": "E discard_only now equal_sets",
    }
    assert d.plays[-1] == Play(1, E, 8, 2, P("KH KC 2S"), False)


def test_art_32_both_sets_with_a_wild_the_second_discarded_the_first_a_burraco_already() -> None:
    """FIBAS art. 32: both sets hold a wild: the second (2S) is discarded at once and the turn
    ends; the first set was already a dirty burraco: frozen for good, it keeps that burraco
    (art. 2 "Congelamento definitivo")."""
    d = _kings("KC KC 2S 5S 9D", "KS KS KD KD KH KH JK", "KC KC 2S")
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E)
    text = message(
        "sets merged and frozen for good; the second wild {card} is discarded at once", card="2S"
    )
    expected = ruling(
        Irregularity.EQUAL_SETS,
        E,
        Found.AT_ONCE,
        2,
        text,
        discarded=P("2S"),
        frozen=(2,),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E KH KH KD KD KC KC KS KS JK / definitive KH KH KD KD KC KC KS KS JK dirty",
        "pile": "8C 2S",
    }
    assert d.plays[-1] == Play(1, E, 8, 2, P("KC KC"), False)


def test_art_32_equal_sets_ruled_after_the_discard_no_limit_is_left() -> None:
    """FIBAS art. 32: ruled once E has discarded: the sets are merged and frozen; the turn is
    over already, so no limit is left on E's next turn."""
    d = _kings("KH KC KC 5S 9D", "KS KS KD", "KH KC KC")
    d.discard(E, C("9D"))
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E)
    expected = ruling(
        Irregularity.EQUAL_SETS,
        E,
        Found.AT_ONCE,
        3,
        MERGED,
        frozen=(2,),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {"EW": "2 E KH KD KC KC KS KS / definitive KH KD KC KC KS KS -"}


def _closing_with_kings(first: str, second: str) -> ArbiterDeal:
    d = deal(
        second,
        ew=(first, "3S 4S 5S 6S 7S 8S 9S"),
        taken=(Line.NS, Line.EW),
        stock="9C " + STOCK,
    )
    d.draw(E)
    d.meld(E, P(second))
    d.discard(E, C("9C"))
    assert d.is_over and d.closer is E
    return d


def test_art_32_nb_equal_sets_at_the_closing_with_one_wild_the_closing_is_validated() -> None:
    """FIBAS art. 32 NB: made at the closing, "la chiusura sarà convalidata ... se ... vi sia
    la presenza di massimo UNA MATTA": no wild here: merged, frozen, the deal is over."""
    d = _closing_with_kings("KS KS KD", "KH KC KC")
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E)
    text = message(
        "equal sets at the closing: merged and frozen for good with at most one wild; "
        "the closing is validated"
    )
    assert r == ruling(Irregularity.EQUAL_SETS, E, Found.AT_ONCE, 3, text, frozen=(2,))
    assert changed(before, d) == {
        "EW": "2 E KH KD KC KC KS KS / definitive KH KD KC KC KS KS -, 3 E 3S 4S 5S 6S 7S 8S 9S"
    }
    assert d.is_over and d.closer is E


def test_art_32_nb_equal_sets_at_the_closing_with_two_wilds_the_closing_is_not_valid() -> None:
    """FIBAS art. 32 NB: two wilds at the closing: not validated; the second wild is
    discarded and play goes on with S."""
    d = _closing_with_kings("KS KD JK", "KH KC 2S")
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E)
    text = message(
        "equal sets at the closing with two wilds: the closing is not validated; the second "
        "wild {card} is discarded, play goes on",
        card="2S",
    )
    expected = ruling(
        Irregularity.EQUAL_SETS,
        E,
        Found.AT_ONCE,
        3,
        text,
        discarded=P("2S"),
        frozen=(2,),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "EW": "2 E KH KD KC KS JK / definitive KH KD KC KS JK -, 3 E 3S 4S 5S 6S 7S 8S 9S",
        "pile": "8C 9C 2S",
        "end": "-",
    }


def test_art_32_refused_without_two_equal_sets_or_an_offender() -> None:
    """FIBAS art. 32 "combinazioni uguali": a run, or a set with no equal one, is not the
    case; nor a ruling without the offender."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, [C("6H")])
    refused(d, Irregularity.EQUAL_SETS, "32", offender=E)
    d = _kings("KH KC KC 5S 9D", "3H 4H 5H", "KH KC KC")
    refused(d, Irregularity.EQUAL_SETS, "32", offender=E)
    unnamed(d, Irregularity.EQUAL_SETS, "32")


# ------------------------------------------------------------------ art. 33 (closings.py)

INVALID_CLOSING = (
    "invalid closing: the last play {cards} is penalized and put at the side; the discard "
    "stays; play goes on"
)


def _closes(e: str, ew: Sequence[str], drawn: str, *plays: str, discard: str | None) -> ArbiterDeal:
    """E draws ``drawn``, lays ``plays`` off on the first meld (or melds them, ``+`` first),
    discards ``discard`` if any: the deal is over by E's closing."""
    d = deal(e, w="4D", ew=ew, taken=(Line.NS, Line.EW), stock=f"{drawn} {STOCK}")
    d.draw(E)
    for play in plays:
        if play.startswith("+"):
            d.meld(E, P(play[1:]))
        else:
            d.lay_off(E, 0, P(play))
    if discard is not None:
        d.discard(E, C(discard))
    assert d.is_over and d.closer is E
    return d


def test_art_33_closing_without_burraco_with_the_discard_turn_already_counted() -> None:
    """FIBAS art. 33 A-C: the last play (6H) is penalized at the side, the discard 9C stays,
    play goes on with S; the discard counted E's turn already."""
    d = _closes("6H", ("3H 4H 5H",), "9C", "6H", discard="9C")
    before = fields(d)
    r = d.rule(Irregularity.CLOSING_WITHOUT_BURRACO, E)
    text = message(INVALID_CLOSING, cards="6H")
    expected = ruling(
        Irregularity.CLOSING_WITHOUT_BURRACO,
        E,
        Found.AT_ONCE,
        3,
        text,
        aside=P("6H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "EW": "2 E 3H 4H 5H / touched E@-2",
        "end": "-",
        "aside": "E 6H",
    }


def test_art_33_closing_without_burraco_and_without_discard_counts_the_turn() -> None:
    """FIBAS art. 33 NB "chiusura senza scarto (al volo) in assenza di burraco": the same
    procedure: the last play (6-7-8 of hearts) at the side highest first; with no discard the
    turn is counted by the ruling."""
    d = _closes("6H 7H", ("3H 4H 5H",), "8H", "6H 7H 8H", discard=None)
    before = fields(d)
    r = d.rule(Irregularity.CLOSING_WITHOUT_BURRACO, E)
    text = message(INVALID_CLOSING, cards="8H 7H 6H")
    expected = ruling(
        Irregularity.CLOSING_WITHOUT_BURRACO,
        E,
        Found.AT_ONCE,
        2,
        text,
        aside=P("8H 7H 6H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E 3H 4H 5H / touched E@-1",
        "end": "-",
        "aside": "E 8H 7H 6H",
    }


def test_art_33_nb_a_closing_with_a_wild_and_no_burraco_is_ruled_as_without_burraco() -> None:
    """FIBAS art. 33 NB: no burraco on the line: whatever the closing, the "Senza Burraco"
    procedure applies: the last play aside, the wild stays as the discard."""
    d = _closes("7H 2C", ("3H 4H 5H 6H",), "8H", "7H 8H", discard="2C")
    before = fields(d)
    r = d.rule(Irregularity.CLOSING_WITH_WILD, E)
    text = message(INVALID_CLOSING, cards="8H 7H")
    expected = ruling(
        Irregularity.CLOSING_WITHOUT_BURRACO,
        E,
        Found.AT_ONCE,
        3,
        text,
        aside=P("8H 7H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "EW": "2 E 3H 4H 5H 6H / touched E@-2",
        "end": "-",
        "aside": "E 8H 7H",
    }


def test_art_33_closing_in_the_first_round_with_a_burraco_last_play_aside() -> None:
    """FIBAS art. 33: "si può chiudere solo a partire dal secondo giro": with a burraco too,
    the last play goes to the side and play goes on; the offender is the closer."""
    d = deal(
        "6H",
        w="4D",
        ew=("3H 4H 5H", "3S 4S 5S 6S 7S 8S 9S"),
        taken=(Line.NS, Line.EW),
        stock="9C " + STOCK,
        turns=1,
    )
    d.draw(E)
    d.lay_off(E, 0, [C("6H")])
    d.discard(E, C("9C"))
    before = fields(d)
    r = d.rule(Irregularity.CLOSING_FIRST_ROUND)
    text = message(INVALID_CLOSING, cards="6H")
    expected = ruling(
        Irregularity.CLOSING_FIRST_ROUND,
        E,
        Found.AT_ONCE,
        3,
        text,
        aside=P("6H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "EW": "2 E 3H 4H 5H / touched E@-2, 3 E 3S 4S 5S 6S 7S 8S 9S",
        "end": "-",
        "aside": "E 6H",
    }


def test_art_33_closing_discarding_a_wild_the_last_play_back_in_hand() -> None:
    """FIBAS art. 33 "Con Burraco, scartando una matta": the last play (8H) back in hand, the
    wild stays as the discard; S plays."""
    d = _closes("2C", ("3H 4H 5H 6H 7H", "3S 4S 5S 6S 7S 8S 9S"), "8H", "8H", discard="2C")
    before = fields(d)
    r = d.rule(Irregularity.CLOSING_WITH_WILD, E)
    text = message(
        "closing with a wild: {cards} taken back, the wild stays discarded; closing next round",
        cards="8H",
    )
    expected = ruling(
        Irregularity.CLOSING_WITH_WILD,
        E,
        Found.AT_ONCE,
        3,
        text,
        returned=P("8H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "E": "8H",
        "EW": "2 E 3H 4H 5H 6H 7H / touched E@-2, 3 E 3S 4S 5S 6S 7S 8S 9S",
        "end": "-",
    }


def test_art_33_closing_without_discard_by_a_meld_back_in_hand_barred_and_the_discard() -> None:
    """FIBAS art. 33 "Senza scarto - calando": the last meld (9s) back in hand; the discard
    must be one of them; they may not go on the partner's new melds (barred)."""
    d = _closes("9S 9D", ("3S 4S 5S 6S 7S 8S 9S",), "9C", "+9S 9D 9C", discard=None)
    before = fields(d)
    r = d.rule(Irregularity.CLOSING_WITHOUT_DISCARD, E)
    text = message(
        "closing without discard: {cards} back in hand; the discard is one of them",
        cards="9D 9C 9S",
    )
    expected = ruling(
        Irregularity.CLOSING_WITHOUT_DISCARD,
        E,
        Found.AT_ONCE,
        2,
        text,
        returned=P("9D 9C 9S"),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=E,
    )
    assert r == expected
    assert changed(before, d) == {
        "phase": "play",
        "E": "9D 9C 9S",
        "EW": "2 E 3S 4S 5S 6S 7S 8S 9S",
        "end": "-",
        "barred": "E 9D@0 9C@0 9S@0",
        "must": "E 9D 9C 9S",
        "limits": "E discard_only now closing_without_discard",
    }


def test_art_33_closing_by_laying_off_the_discard_the_play_before_back_in_hand() -> None:
    """FIBAS art. 33 "legando anche la carta di scarto": the play before (the 9s) back in
    hand, the 6H laid off last discarded; S plays."""
    d = _closes(
        "9S 9D 6H", ("3H 4H 5H", "3S 4S 5S 6S 7S 8S 9S"), "9C", "+9S 9D 9C", "6H", discard=None
    )
    before = fields(d)
    r = d.rule(Irregularity.CLOSING_WITHOUT_DISCARD, E)
    text = message(
        "closing by laying off the discard too: the play before {cards} taken back, "
        "{discarded} discarded",
        cards="9D 9C 9S",
        discarded="6H",
    )
    expected = ruling(
        Irregularity.CLOSING_WITHOUT_DISCARD,
        E,
        Found.AT_ONCE,
        3,
        text,
        discarded=P("6H"),
        returned=P("9D 9C 9S"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "E": "9D 9C 9S",
        "EW": "2 E 3H 4H 5H / touched E@-1, 3 E 3S 4S 5S 6S 7S 8S 9S",
        "pile": "8C 6H",
        "end": "-",
    }


def test_art_33_unnamed_offender_is_the_closer_and_no_closing_is_refused() -> None:
    """FIBAS art. 33: the ruling concerns the player who closed (named or not); with no
    closing, or naming another seat, it is refused."""
    refused(deal(), Irregularity.CLOSING_WITHOUT_BURRACO, "33", offender=E)
    d = _closes("6H", ("3H 4H 5H",), "9C", "6H", discard="9C")
    refused(d, Irregularity.CLOSING_WITHOUT_BURRACO, "33", offender=W)
    out = REMEDIES.rule(d, irregularity(Irregularity.CLOSING_WITHOUT_BURRACO, W, named=False))
    assert out.position.rulings[-1].offender is E and out.position.aside(E) == P("6H")
    assert out.position.next_to_act is S


# ------------------------------------------------------------------ arts. 24-26 (exposed.py)


def test_art_24_exposed_card_laid_on_the_partners_new_meld_is_discarded_at_once() -> None:
    """FIBAS art. 24: "Il giocatore colpevole non potrà legare la carta esposta, pena lo scarto
    immediato della stessa, a nuovi giochi aperti ... dal compagno": the 8H comes off W's run
    and is discarded at once; S plays."""
    d = deal("8H KS QS", w="5H 6H 7H 4D", turn=W)
    d.expose(E, [C("8H")])
    d.draw(W)
    d.meld(W, P("5H 6H 7H"))
    d.discard(W, C("4D"))
    x = d.draw(N).cards[0]
    d.discard(N, x)
    d.draw(E)
    d.lay_off(E, 1, [C("8H")])
    before = fields(d)
    r = d.rule(Irregularity.EXPOSED_ON_PARTNER_MELD, E)
    text = message(
        "exposed card laid on the partner's meld: immediate discard of {cards}", cards="8H"
    )
    expected = ruling(
        Irregularity.EXPOSED_ON_PARTNER_MELD,
        E,
        Found.AT_ONCE,
        8,
        text,
        discarded=P("8H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "11",
        "EW": "2 E 3H 4H 5H, 3 W 5H 6H 7H / touched W@-6 E@-1",
        "pile": "8C 4D 10D 8H",
    }


def test_art_24_cards_named_exposed_in_the_own_turn_are_discarded_at_once() -> None:
    """FIBAS art. 24: the KS shown before and the QS the arbiter names now, in E's own turn and
    not played first: both discarded at once, highest first; none stays exposed."""
    d = deal("5D 6D 7D 9C KS QS 3C")
    d.draw(E)
    d.expose(E, [C("KS")])
    before = fields(d)
    r = d.rule(Irregularity.EXPOSED_CARD, E, cards=P("KS QS"))
    text = message("exposed card not played first: immediate discard of {cards}", cards="KS QS")
    expected = ruling(
        Irregularity.EXPOSED_CARD,
        E,
        Found.AT_ONCE,
        2,
        text,
        discarded=P("KS QS"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "E": "5D 6D 7D 3C 9C 4S",
        "pile": "8C KS QS",
        "exposed": "-",
    }


def test_art_24_2_card_dropped_by_a_player_not_in_turn_stays_exposed() -> None:
    """FIBAS art. 24 point 2: W's 8S fell while E plays: "Al proprio turno deve essere subito
    giocata altrimenti immediatamente scartata": it is recorded exposed, nothing else."""
    d = deal()
    d.draw(E)
    before = fields(d)
    r = d.rule(Irregularity.EXPOSED_CARD, W, cards=P("8S"))
    text = message(
        "{cards} exposed: to be played first in the own turn or discarded; not on melds the "
        "partner opens or extends",
        cards="8S",
    )
    assert r == ruling(Irregularity.EXPOSED_CARD, W, None, 1, text, next_to_act=E)
    assert changed(before, d) == {"exposed": "W 8S@0"}


def test_art_24_card_shown_before_drawing_is_played_first_in_the_turn() -> None:
    """FIBAS art. 24: E shows the KS before drawing: not its playing phase yet, so it is
    recorded exposed, to be played first once E has drawn."""
    d = deal()
    before = fields(d)
    r = d.rule(Irregularity.EXPOSED_CARD, E, cards=P("KS"))
    text = message(
        "{cards} exposed: to be played first in the own turn or discarded; not on melds the "
        "partner opens or extends",
        cards="KS",
    )
    assert r == ruling(Irregularity.EXPOSED_CARD, E, None, 0, text, next_to_act=E)
    assert changed(before, d) == {"exposed": "E KS@0"}


def test_arts_24_26_refused_without_cards_or_an_offender() -> None:
    """FIBAS arts. 24, 26: the exposed or thrown cards must be named, and the offender."""
    d = deal()
    refused(d, Irregularity.EXPOSED_CARD, "24", offender=E)
    refused(d, Irregularity.THROWN_CARDS, "26", offender=E)
    unnamed(d, Irregularity.EXPOSED_CARD, "24", cards=P("KS"))
    unnamed(d, Irregularity.THROWN_CARDS, "26", cards=P("KS"))


def test_art_26_cards_passed_out_of_turn_go_to_the_side_as_penalized_cards() -> None:
    """FIBAS art. 26: W passes 8S and 4D to E without declaring where, during E's turn: they
    are penalized (art. 25): at W's side, discarded at W's next turns highest first."""
    d = deal()
    d.draw(E)
    before = fields(d)
    r = d.rule(Irregularity.THROWN_CARDS, W, cards=P("4D 8S"))
    text = message(
        "throw not allowed: {cards} penalized, discarded in the next turns", cards="8S 4D"
    )
    expected = ruling(Irregularity.THROWN_CARDS, W, None, 1, text, aside=P("8S 4D"), next_to_act=E)
    assert r == expected
    assert changed(before, d) == {"W": "8S", "aside": "W 8S 4D"}


def test_art_26_card_thrown_before_drawing_goes_to_the_side() -> None:
    """FIBAS art. 26 with art. 25: E throws the KS before drawing (not its playing phase): the
    card is penalized at E's side."""
    d = deal()
    before = fields(d)
    r = d.rule(Irregularity.THROWN_CARDS, E, cards=P("KS"), found=Found.AT_ONCE)
    text = message("throw not allowed: {cards} penalized, discarded in the next turns", cards="KS")
    expected = ruling(
        Irregularity.THROWN_CARDS, E, Found.AT_ONCE, 0, text, aside=P("KS"), next_to_act=E
    )
    assert r == expected
    assert changed(before, d) == {"E": "5H 6H 7D 3C 9C QS", "aside": "E KS"}


def test_art_25_2_1_two_excess_cards_named_the_meld_falls_and_its_rest_goes_back() -> None:
    """FIBAS art. 25.2.1: the arbiter names 7D and 9C in excess in 5D 6D 7D 9C: discarded at
    once (9C first, art. 2); the two cards left make no meld and go back to the hand."""
    d = deal("5D 6D 7D 9C KS QS 3C")
    d.draw(E)
    d.meld(E, P("5D 6D 7D 9C"))
    before = fields(d)
    r = d.rule(Irregularity.EXCESS_CARD, E, cards=P("7D 9C"))
    text = message("found at once: immediate discard of {cards}", cards="9C 7D")
    expected = ruling(
        Irregularity.EXCESS_CARD,
        E,
        Found.AT_ONCE,
        2,
        text,
        discarded=P("9C 7D"),
        returned=P("5D 6D"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "E": "5D 6D 3C 4S QS KS",
        "EW": "2 E 3H 4H 5H",
        "pile": "8C 9C 7D",
    }


def test_art_25_2_excess_card_of_the_wrong_meld_not_of_the_later_lay_off() -> None:
    """FIBAS art. 25.2.1: E opens 5D 6D 7D 9C, then lays the 6H off rightly: the ruling
    concerns the meld that is not valid (the 9C discarded at once), the lay-off stands."""
    d = deal("5D 6D 7D 9C 6H KS 3C")
    d.draw(E)
    d.meld(E, P("5D 6D 7D 9C"))
    d.lay_off(E, 0, [C("6H")])
    before = fields(d)
    r = d.rule(Irregularity.EXCESS_CARD, E)
    text = message("found at once: immediate discard of {cards}", cards="9C")
    expected = ruling(
        Irregularity.EXCESS_CARD, E, Found.AT_ONCE, 3, text, discarded=P("9C"), next_to_act=S
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E 3H 4H 5H 6H / touched E@-1, 3 E 5D 6D 7D / touched E@-2",
        "pile": "8C 9C",
    }


def test_art_25_2_2_excess_card_after_the_discard_the_meld_stands() -> None:
    """FIBAS art. 25.2.2: found after the discard, before S draws: the 9C to the side of the
    table, the meld 5D 6D 7D stands, not frozen."""
    d = deal("5D 6D 7D 9C KS QS 3C")
    d.draw(E)
    d.meld(E, P("5D 6D 7D 9C"))
    d.discard(E, C("KS"))
    before = fields(d)
    r = d.rule(Irregularity.EXCESS_CARD, E)
    text = message(
        "found after the discard: {cards} at the side of the table, the obligatory discard of "
        "the next turn; the meld stands",
        cards="9C",
    )
    expected = ruling(
        Irregularity.EXCESS_CARD,
        E,
        Found.AFTER_DISCARD,
        3,
        text,
        aside=P("9C"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "EW": "2 E 3H 4H 5H, 3 E 5D 6D 7D / touched E@-2",
        "aside": "E 9C",
    }


def test_art_25_2_3_excess_card_the_arbiter_finds_later_freezes_the_meld_for_good() -> None:
    """FIBAS art. 25.2.3 "Errore rilevato nelle fasi successive", by the arbiter's word though
    S has not drawn yet: the meld is frozen for good, the 9C counts negative."""
    d = deal("5D 6D 7D 9C KS QS 3C")
    d.draw(E)
    d.meld(E, P("5D 6D 7D 9C"))
    d.discard(E, C("KS"))
    before = fields(d)
    r = d.rule(Irregularity.EXCESS_CARD, E, found=Found.LATER)
    text = message(
        "found later: meld frozen for good; {cards} count negative at the end", cards="9C"
    )
    expected = ruling(
        Irregularity.EXCESS_CARD,
        E,
        Found.LATER,
        3,
        text,
        negative=P("9C"),
        frozen=(3,),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "EW": "2 E 3H 4H 5H, 3 E 5D 6D 7D 9C / wrong / definitive 5D 6D 7D - / touched E@-2"
    }


def test_art_25_refused_without_an_excess_card_or_an_offender() -> None:
    """FIBAS art. 25: a right lay-off has no excess card: refused; so is a ruling without
    the offender (art. 25.1)."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, [C("6H")])
    refused(d, Irregularity.EXCESS_CARD, "25", offender=E)
    unnamed(d, Irregularity.WRONG_LAY_OFF, "25.1")


# ------------------------------------------------------------------ arts. 34-35 (scores.py)


def _closed() -> ArbiterDeal:
    d = deal()
    x = d.draw(E).cards[0]
    d.discard(E, x)
    y = d.draw(S).cards[0]
    d.lay_off(S, 1, [C("QH")])
    d.discard(S, y)
    assert d.is_over
    return d


def test_art_34_hand_rebuilt_nothing_changes() -> None:
    """FIBAS art. 34: "questi tenta di costruire la mano preesistente": rebuilt from the
    record, the scores stand; the ruling says when it was found."""
    d = _closed()
    before = fields(d)
    totals = d.totals()
    r = d.rule(Irregularity.POINTS_NOT_COUNTED, W, found=Found.LATER)
    text = message("the hand is rebuilt from the record of the deal")
    assert r == ruling(Irregularity.POINTS_NOT_COUNTED, W, Found.LATER, 5, text)
    assert changed(before, d) == {} and d.totals() == totals


def test_art_34_hand_not_rebuilt_arbitral_score_to_the_offenders_line() -> None:
    """FIBAS art. 34: "Nel caso che ciò sia impossibile assegna un punteggio arbitrario":
    -150 replaces E-W's total; N-S keep theirs. The ruling gives the score (``arbitral``) and
    the core records it (``ArbitralScore``): before the fix neither did (issue 26, bug 5)."""
    d = _closed()
    before = fields(d)
    totals = d.totals()
    r = d.rule(
        Irregularity.POINTS_NOT_COUNTED, W, found=Found.LATER, rebuilt=False, arbitral_score=-150
    )
    text = message("hand cannot be rebuilt: arbitral score {score} to the line", score=-150)
    assert r == ruling(Irregularity.POINTS_NOT_COUNTED, W, Found.LATER, 5, text, arbitral=-150)
    assert d.records[-1] == (core.ArbitralScore({Line.EW: -150}),)
    assert changed(before, d) == {"arbitral": "EW -150"}
    assert d.totals() == {Line.NS: totals[Line.NS], Line.EW: -150}


def test_art_34_refused_without_the_arbitral_score_or_an_offender() -> None:
    """FIBAS art. 34: not rebuilt, the arbiter must give the score; and name the offender."""
    d = _closed()
    refused(d, Irregularity.POINTS_NOT_COUNTED, "34", offender=W, rebuilt=False)
    unnamed(d, Irregularity.POINTS_NOT_COUNTED, "34")


def test_art_35_1_ghost_card_healed_in_the_meld_just_opened() -> None:
    """FIBAS art. 35 point 1: the ghost 9H in the run just opened, healed (art. 28) with the
    8H from the hand: the run is 5-9 of hearts and E goes on."""
    d = deal("5H 6H 7H 9H 8H QS 3C", ew=())
    d.draw(E)
    d.meld(E, P("5H 6H 7H 9H"))
    before = fields(d)
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9H")], healing=[C("8H")])
    text = message("ghost card healed with {cards}: play goes on", cards="8H")
    assert r == ruling(Irregularity.GHOST_CARD, E, Found.AT_ONCE, 2, text, next_to_act=E)
    assert changed(before, d) == {"E": "3C 4S QS", "EW": "2 E 5H 6H 7H 8H 9H / touched E@-1"}


def test_art_35_1_a_card_that_does_not_heal_the_ghost_is_kept_the_ghost_discarded() -> None:
    """FIBAS art. 35 point 1: "qualora non fosse possibile sanare, il gioco va interrotto e la
    carta oggetto della contestazione va immediatamente scartata": the QS does not heal the
    run; it stays in the hand, the 9H is discarded."""
    d = deal("5H 6H 7H 9H 8H QS 3C", ew=())
    d.draw(E)
    d.meld(E, P("5H 6H 7H 9H"))
    before = fields(d)
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9H")], healing=[C("QS")])
    text = message("ghost card cannot be healed: immediate discard of {cards}", cards="9H")
    expected = ruling(
        Irregularity.GHOST_CARD, E, Found.AT_ONCE, 2, text, discarded=P("9H"), next_to_act=S
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E 5H 6H 7H / touched E@-1",
        "pile": "8C 9H",
    }


def test_art_35_2_ghost_found_in_the_meld_that_holds_it_later_melds_frozen() -> None:
    """FIBAS art. 35 point 2: the meld is not named: the arbiter finds the one holding the
    ghost 9H (not the kings opened after); not healable: 9H discarded at once and the kings
    frozen until E's next turn."""
    d = deal("5H 6H 7H 9H KD KC KC", ew=())
    d.draw(E)
    d.meld(E, P("5H 6H 7H 9H"))
    d.meld(E, P("KD KC KC"))
    before = fields(d)
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9H")])
    text = message(
        "ghost card cannot be healed: immediate discard of {cards}; melds opened after it "
        "frozen until the next turn",
        cards="9H",
    )
    expected = ruling(
        Irregularity.GHOST_CARD,
        E,
        Found.AT_ONCE,
        3,
        text,
        discarded=P("9H"),
        frozen=(3,),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E 5H 6H 7H / touched E@-2, 3 E KD KC KC / temporary E KD KC KC / touched E@-1",
        "pile": "8C 9H",
    }


def test_art_35_2_melds_opened_before_the_ghosts_meld_are_not_frozen() -> None:
    """FIBAS art. 35 point 2 "tutti i giochi aperti successivamente": the kings opened before
    the run with the ghost stay in play."""
    d = deal("5H 6H 7H 9H KD KC KC", ew=())
    d.draw(E)
    d.meld(E, P("KD KC KC"))
    d.meld(E, P("5H 6H 7H 9H"))
    before = fields(d)
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9H")])
    text = message("ghost card cannot be healed: immediate discard of {cards}", cards="9H")
    expected = ruling(
        Irregularity.GHOST_CARD, E, Found.AT_ONCE, 3, text, discarded=P("9H"), next_to_act=S
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E KD KC KC / touched E@-2, 3 E 5H 6H 7H / touched E@-1",
        "pile": "8C 9H",
    }


def test_art_35_3_ghost_found_after_the_turn_freezes_the_meld_for_good() -> None:
    """FIBAS art. 35 point 3 "rinvenuta nelle fasi successive": once E has discarded, the
    meld is frozen for good and the 9H counts negative (found later by the state)."""
    d = deal("5H 6H 7H 9H KS QS 3C", ew=())
    d.draw(E)
    d.meld(E, P("5H 6H 7H 9H"))
    d.discard(E, C("KS"))
    before = fields(d)
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9H")])
    text = message(
        "ghost card {cards} found later: meld frozen for good, the card counts negative",
        cards="9H",
    )
    expected = ruling(
        Irregularity.GHOST_CARD,
        E,
        Found.LATER,
        3,
        text,
        negative=P("9H"),
        frozen=(2,),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "EW": "2 E 5H 6H 7H 9H / wrong / definitive 5H 6H 7H - / touched E@-2"
    }


def test_art_35_3_ghost_in_a_meld_of_an_earlier_turn_named_by_the_arbiter() -> None:
    """FIBAS art. 35 point 3: E holds two 9H; the arbiter names the run of an earlier turn as
    the one with the ghost, during E's new turn: found later, that run is frozen for good;
    the run just opened is untouched."""
    d = deal("6H 7H 8H 9H 9H 10H JH KS QS 3C", ew=())
    d.draw(E)
    d.meld(E, P("6H 7H 8H 9H"))
    d.discard(E, C("KS"))
    for s in (S, W, N):
        x = d.draw(s).cards[0]
        d.discard(s, x)
    d.draw(E)
    d.meld(E, P("9H 10H JH"))
    first, _ = d.melds(Line.EW)
    before = fields(d)
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9H")], meld=first.id)
    text = message(
        "ghost card {cards} found later: meld frozen for good, the card counts negative",
        cards="9H",
    )
    expected = ruling(
        Irregularity.GHOST_CARD,
        E,
        Found.LATER,
        11,
        text,
        negative=P("9H"),
        frozen=(first.id,),
        next_to_act=E,
    )
    assert r == expected
    assert changed(before, d) == {
        "EW": "2 E 6H 7H 8H 9H / definitive 6H 7H 8H - / touched E@-10, 3 E 9H 10H JH / touched E@-1"
    }


def test_art_35_ghost_card_with_the_discard_back_as_an_exposed_card() -> None:
    """FIBAS art. 35 "rinvenuta insieme alla carta di scarto": art. 24 point 2: the 9C hidden
    under the KS goes back to E as an exposed card; the KS stays discarded."""
    d = deal()
    d.draw(E)
    d.discard(E, C("KS"), hidden=[C("9C")])
    before = fields(d)
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9C")])
    text = message(
        "ghost card {cards} with the discard: back to the player as an exposed card "
        "({article} point 2)",
        cards="9C",
        article=fibas("exposed_card"),
    )
    assert r == ruling(Irregularity.GHOST_CARD, E, None, 2, text, returned=P("9C"), next_to_act=S)
    assert changed(before, d) == {
        "E": "5H 6H 7D 3C 9C 4S QS",
        "pile": "8C KS",
        "exposed": "E 9C@0",
    }


def test_art_35_refused_without_the_ghost_card_where_it_is_or_an_offender() -> None:
    """FIBAS art. 35: the ghost card must be named, be in a meld of the offender (W has
    played nothing), and the offender named."""
    d = deal()
    d.draw(E)
    refused(d, Irregularity.GHOST_CARD, "35", offender=E)
    refused(d, Irregularity.GHOST_CARD, "35", offender=E, cards=[C("9C")])
    refused(d, Irregularity.GHOST_CARD, "35", offender=W, cards=[C("8S")])
    unnamed(d, Irregularity.GHOST_CARD, "35", cards=P("9C"))


# ---------------------------------------------- the deal's own code object (not the default)


def _coded(code: BurracoFibasCode, e: str, ew: Sequence[str] = ()) -> ArbiterDeal:
    """E to play under ``code``; N-S hold melds of four cards or more."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P("8S 8S 4D"), N: P("JH JH"), S: P("QH")},
        pile=P("8C"),
        stock=P(STOCK),
        pozzetti=[P(POZ)],
        melds={Line.NS: [P(NS_BURRACO), P("QC QD QS QS")], Line.EW: [P(m) for m in ew]},
        taken=(Line.NS,),
        turn=E,
        turns_played=8,
        code=code,
    )


FOUR = dataclasses.replace(burraco_fibas(), meld_min_cards=4)
"""A code whose melds need four cards (FIBAS art. 11 asks three): the remedies must judge a
healed meld by the deal's code, not by the default one."""


def test_art_28_healing_is_judged_by_the_deals_code() -> None:
    """FIBAS art. 28 with art. 11 ("tre o più carte"), under a code asking four: 4H 6H healed
    with the 5H makes three cards, still incomplete: the 5H stays in the hand and the two
    cards are discarded at once."""
    d = _coded(FOUR, "4H 6H 5H KS 3C")
    d.draw(E)
    d.meld(E, P("4H 6H"))
    before = fields(d)
    r = d.rule(Irregularity.INCOMPLETE_MELD, E, healing=P("5H"))
    text = message("meld not healed: immediate discard of {cards}", cards="6H 4H")
    expected = ruling(
        Irregularity.INCOMPLETE_MELD,
        E,
        Found.AT_ONCE,
        2,
        text,
        discarded=P("6H 4H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "-",
        "pile": "8C 6H 4H",
    }


def test_art_29_the_valid_part_of_a_wrong_meld_is_judged_by_the_deals_code() -> None:
    """FIBAS art. 29 with art. 11, under a code asking four cards: in 5H 6H 7H 7D no valid
    meld is left without the 7D, so all four cards are discarded at once, highest first."""
    d = _coded(FOUR, "5H 6H 7H 7D KS 3C")
    d.draw(E)
    d.meld(E, P("5H 6H 7H 7D"))
    before = fields(d)
    r = d.rule(Irregularity.WRONG_MELD, E)
    text = message("meld not healed: immediate discard of {cards}", cards="7H 6H 5H 7D")
    expected = ruling(
        Irregularity.WRONG_MELD,
        E,
        Found.AT_ONCE,
        2,
        text,
        discarded=P("7H 6H 5H 7D"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "-",
        "pile": "8C 7H 6H 5H 7D",
    }


def test_art_35_1_healing_a_ghost_is_judged_by_the_deals_code() -> None:
    """FIBAS art. 35 point 1 with art. 11, under a code asking four cards: the ghost 7H in
    5H 7H, healed with the 6H, makes three cards: not healed; the 7H is discarded and the 5H
    (the meld cannot stand) comes back to the hand with the 6H."""
    d = _coded(FOUR, "5H 7H 6H KS 3C")
    d.draw(E)
    d.meld(E, P("5H 7H"))
    before = fields(d)
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("7H")], healing=[C("6H")])
    text = message("ghost card cannot be healed: immediate discard of {cards}", cards="7H")
    expected = ruling(
        Irregularity.GHOST_CARD, E, Found.AT_ONCE, 2, text, discarded=P("7H"), next_to_act=S
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "E": "5H 6H 3C 4S KS",
        "EW": "-",
        "pile": "8C 7H",
    }


def test_art_32_the_burraco_kept_by_the_frozen_set_is_judged_by_the_deals_code() -> None:
    """FIBAS art. 32 with art. 2 "Congelamento definitivo", under a code whose burraco needs
    eight cards (art. 15 asks seven): the seven kings were no burraco before the merge, so
    the frozen set keeps none."""
    eight = dataclasses.replace(burraco_fibas(), burraco_min_cards=8)
    d = _coded(eight, "KC KC 2S 5S 9D", ("KS KS KD KD KH KH JK",))
    d.draw(E)
    d.meld(E, P("KC KC 2S"))
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E)
    text = message(
        "sets merged and frozen for good; the second wild {card} is discarded at once", card="2S"
    )
    expected = ruling(
        Irregularity.EQUAL_SETS,
        E,
        Found.AT_ONCE,
        2,
        text,
        discarded=P("2S"),
        frozen=(2,),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E KH KH KD KD KC KC KS KS JK / definitive KH KH KD KD KC KC KS KS JK -",
        "pile": "8C 2S",
    }


def test_art_28_incomplete_meld_not_healed_goes_whole_though_part_of_it_is_valid() -> None:
    """FIBAS art. 28: "il gioco incompleto ... va interrotto con la modalità dello scarto
    immediato": 4H 5H 6H 8H (the 7 missing) not healed: all four cards are discarded, the
    valid 4-5-6 too."""
    d = deal("4H 5H 6H 8H KS 3C", ew=())
    d.draw(E)
    d.meld(E, P("4H 5H 6H 8H"))
    before = fields(d)
    r = d.rule(Irregularity.INCOMPLETE_MELD, E)
    text = message("meld not healed: immediate discard of {cards}", cards="8H 6H 5H 4H")
    expected = ruling(
        Irregularity.INCOMPLETE_MELD,
        E,
        Found.AT_ONCE,
        2,
        text,
        discarded=P("8H 6H 5H 4H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "-",
        "pile": "8C 8H 6H 5H 4H",
    }


def test_art_29_wrong_meld_not_healed_its_valid_part_stands_the_excess_discarded() -> None:
    """FIBAS art. 29 read with art. 25.2.1: 5H 6H 7H 7D not healed: the run 5-6-7 of hearts
    stands and the 7D is discarded at once."""
    d = deal("5H 6H 7H 7D KS 3C", ew=())
    d.draw(E)
    d.meld(E, P("5H 6H 7H 7D"))
    before = fields(d)
    r = d.rule(Irregularity.WRONG_MELD, E)
    text = message("meld not healed: immediate discard of {cards}", cards="7D")
    expected = ruling(
        Irregularity.WRONG_MELD, E, Found.AT_ONCE, 2, text, discarded=P("7D"), next_to_act=S
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E 5H 6H 7H / touched E@-1",
        "pile": "8C 7D",
    }


# ------------------------------------------------- more cases of arts. 28-29, 32 and 26


def test_art_28_the_meld_named_by_the_arbiter_not_the_last_one() -> None:
    """FIBAS art. 28: E opens 8-6-4 of hearts, then K-K (incomplete too); the arbiter rules on
    the hearts: having passed to another meld, the K-K opened after it is frozen until E's
    next turn and the hearts are discarded at once."""
    d = deal("8H 6H 4H KD KC 3C", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    d.meld(E, P("KD KC"))
    hearts = d.melds(Line.EW)[0]
    before = fields(d)
    r = d.rule(Irregularity.INCOMPLETE_MELD, E, meld=hearts.id)
    text = message("meld not healed: immediate discard of {cards}", cards="8H 6H 4H")
    expected = ruling(
        Irregularity.INCOMPLETE_MELD,
        E,
        Found.AT_ONCE,
        3,
        text,
        discarded=P("8H 6H 4H"),
        frozen=(3,),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "3 E KD KC / wrong / temporary E KD KC / touched E@-1",
        "pile": "8C 8H 6H 4H",
    }


def test_art_28_a_meld_opened_before_the_incomplete_one_is_not_frozen() -> None:
    """FIBAS art. 28 "i giochi successivamente aperti": the kings opened before 8-6-4 of
    hearts stay in play; the hearts are discarded at once."""
    d = deal("8H 6H 4H KD KC KC 3C", ew=())
    d.draw(E)
    d.meld(E, P("KD KC KC"))
    d.meld(E, P("8H 6H 4H"))
    before = fields(d)
    r = d.rule(Irregularity.INCOMPLETE_MELD, E)
    text = message("meld not healed: immediate discard of {cards}", cards="8H 6H 4H")
    expected = ruling(
        Irregularity.INCOMPLETE_MELD,
        E,
        Found.AT_ONCE,
        3,
        text,
        discarded=P("8H 6H 4H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E KD KC KC / touched E@-2",
        "pile": "8C 8H 6H 4H",
    }


def test_art_28_left_for_another_meld_it_is_wrong_healed_with_one_card_only() -> None:
    """FIBAS art. 28 "Un gioco incompleto diventa Gioco errato ... nel momento in cui il
    giocatore passi ad altro gioco" and art. 29 "una sola carta": two cards refused; with the
    7H, 6-7-8 of hearts stands, the 4H is discarded at once and the kings opened after are
    frozen until E's next turn."""
    d = deal("8H 6H 4H 5H 7H KD KC KC", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    d.meld(E, P("KD KC KC"))
    with pytest.raises(ArbitroError) as two:
        REMEDIES.rule(d, irregularity(Irregularity.INCOMPLETE_MELD, E, healing=P("5H 7H")))
    assert two.value.article is not None and two.value.article.article == "28"
    before = fields(d)
    r = d.rule(Irregularity.INCOMPLETE_MELD, E, healing=P("7H"))
    text = message(
        "meld healed with {cards}; immediate discard of the excess {excess}",
        cards="7H",
        excess="4H",
    )
    expected = ruling(
        Irregularity.INCOMPLETE_MELD,
        E,
        Found.AT_ONCE,
        3,
        text,
        discarded=P("4H"),
        frozen=(3,),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "E": "5H 4S",
        "EW": "2 E 6H 7H 8H / touched E@-2, 3 E KD KC KC / temporary E KD KC KC / touched E@-1",
        "pile": "8C 4H",
    }


def test_art_29_wrong_lay_off_healed_with_one_card_the_wrong_card_discarded() -> None:
    """FIBAS art. 29 "aggiunge carte in modo errato ... potrà sanare l'errore con una sola
    carta": the 7D laid on 4-5-6 of hearts, healed with the 7H: the run is 4-7 of hearts and
    the 7D is discarded at once."""
    d = deal("7D 7H KS 3C", ew=("4H 5H 6H",))
    d.draw(E)
    d.lay_off(E, 0, [C("7D")])
    before = fields(d)
    r = d.rule(Irregularity.WRONG_MELD, E, healing=P("7H"))
    text = message(
        "meld healed with {cards}; immediate discard of the excess {excess}",
        cards="7H",
        excess="7D",
    )
    expected = ruling(
        Irregularity.WRONG_MELD, E, Found.AT_ONCE, 2, text, discarded=P("7D"), next_to_act=S
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "E": "3C 4S KS",
        "EW": "2 E 4H 5H 6H 7H / touched E@-1",
        "pile": "8C 7D",
    }


def test_art_29_of_two_cards_laid_off_only_the_wrong_one_is_discarded() -> None:
    """FIBAS art. 29 with art. 25.1: 6H and 9C laid on 3-4-5 of hearts: the 6H fits and stays,
    the 9C is discarded at once."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, P("6H 9C"))
    before = fields(d)
    r = d.rule(Irregularity.WRONG_MELD, E)
    text = message("meld not healed: immediate discard of {cards}", cards="9C")
    expected = ruling(
        Irregularity.WRONG_MELD, E, Found.AT_ONCE, 2, text, discarded=P("9C"), next_to_act=S
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E 3H 4H 5H 6H / touched E@-1",
        "pile": "8C 9C",
    }


def test_arts_24_25_28_32_35_a_meld_the_offender_did_not_play_on_is_refused() -> None:
    """FIBAS arts. 24, 25.2, 28, 32, 35: the meld named must be one the offender played on (N-S
    opened meld 0): refused, citing each article."""
    d = deal("8H 6H 4H KD KC 3C", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    for kind, article in (
        (Irregularity.INCOMPLETE_MELD, "28"),
        (Irregularity.EQUAL_SETS, "32"),
        (Irregularity.EXPOSED_ON_PARTNER_MELD, "24"),
        (Irregularity.EXCESS_CARD, "25.2"),
        (Irregularity.GHOST_CARD, "35"),
    ):
        refused(d, kind, article, offender=E, meld=0, cards=P("8H"))


def test_art_32_the_second_set_named_by_the_arbiter_after_a_later_lay_off() -> None:
    """FIBAS art. 32: E opens a second set of kings, then lays the 6H off; the arbiter names
    the kings: merged into the first set, frozen for good; E may only discard."""
    d = _kings("KH KC KC 6H 9D", "KS KS KD", "KH KC KC", ew=("3H 4H 5H",))
    d.lay_off(E, 1, [C("6H")])
    second = d.melds(Line.EW)[2]
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E, meld=second.id)
    expected = ruling(
        Irregularity.EQUAL_SETS,
        E,
        Found.AT_ONCE,
        3,
        MERGED,
        frozen=(2,),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=E,
    )
    assert r == expected
    assert changed(before, d) == {
        "EW": "2 E KH KD KC KC KS KS / definitive KH KD KC KC KS KS -, 3 E 3H 4H 5H 6H / touched E@-1",
        "limits": "E discard_only now equal_sets",
    }


def test_art_32_a_meld_that_is_not_valid_is_not_an_equal_set() -> None:
    """FIBAS art. 32 concerns two valid sets: 8-6-4 of hearts is refused."""
    d = deal("8H 6H 4H KD KC 3C", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    refused(d, Irregularity.EQUAL_SETS, "32", offender=E)


def test_art_32_equal_sets_ruled_once_the_partner_side_closed_the_closing_stands() -> None:
    """FIBAS art. 32 and its NB: the equal sets were E's, S closed afterwards: not a closing by
    the offender, so the NB does not apply; the sets are merged and frozen, the deal stays
    over."""
    d = _kings("KH KC KC 5S 9D", "KS KS KD", "KH KC KC")
    d.discard(E, C("9D"))
    x = d.draw(S).cards[0]
    d.lay_off(S, 1, [C("QH")])
    d.discard(S, x)
    assert d.is_over and d.closer is S
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E)
    expected = ruling(
        Irregularity.EQUAL_SETS,
        E,
        Found.AT_ONCE,
        6,
        MERGED,
        frozen=(2,),
        limit=TurnLimit.DISCARD_ONLY,
    )
    assert r == expected
    assert changed(before, d) == {"EW": "2 E KH KD KC KC KS KS / definitive KH KD KC KC KS KS -"}
    assert d.is_over and d.closer is S


def test_art_32_equal_sets_ruled_in_the_next_players_turn_put_no_limit_on_it() -> None:
    """FIBAS art. 32: ruled while S plays (S has drawn): merged and frozen; S's turn is not
    limited, nor E's next one."""
    d = _kings("KH KC KC 5S 9D", "KS KS KD", "KH KC KC")
    d.discard(E, C("9D"))
    d.draw(S)
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E)
    expected = ruling(
        Irregularity.EQUAL_SETS,
        E,
        Found.AT_ONCE,
        4,
        MERGED,
        frozen=(2,),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {"EW": "2 E KH KD KC KC KS KS / definitive KH KD KC KC KS KS -"}


def test_art_32_the_merged_set_is_judged_by_the_deals_code() -> None:
    """FIBAS art. 32 with art. 14, under a code whose sets hold at most six naturals (art. 14
    allows eight): the eight kings and the joker merged are not a valid set; the cards stay
    as laid, frozen for good, the dirty burraco before the merge kept (art. 2)."""
    six = dataclasses.replace(burraco_fibas(), set_max_naturals=6)
    d = ArbiterDeal.from_layout(
        {E: P("KC KC 2S 5S 9D"), W: P("8S 8S 4D"), N: P("JH JH"), S: P("QH")},
        pile=P("8C"),
        stock=P(STOCK),
        pozzetti=[P(POZ)],
        melds={Line.NS: [P(NS_BURRACO), P("QC QD QS")], Line.EW: [P("KS KS KD KD KH KH JK")]},
        taken=(Line.NS,),
        turn=E,
        turns_played=8,
        code=six,
    )
    d.draw(E)
    d.meld(E, P("KC KC 2S"))
    before = fields(d)
    r = d.rule(Irregularity.EQUAL_SETS, E)
    text = message(
        "sets merged and frozen for good; the second wild {card} is discarded at once", card="2S"
    )
    expected = ruling(
        Irregularity.EQUAL_SETS,
        E,
        Found.AT_ONCE,
        2,
        text,
        discarded=P("2S"),
        frozen=(2,),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E KH KH KD KD KS KS JK KC KC / wrong / definitive KH KH KD KD KS KS JK KC KC dirty",
        "pile": "8C 2S",
    }


def test_art_26_card_thrown_onto_another_meld_in_the_own_turn_discarded_at_once() -> None:
    """FIBAS art. 26: the KS thrown falls on the kings (reasonable doubt): it comes off the
    meld and is discarded at once "secondo l'art. 25"; S plays."""
    d = deal(ew=("3H 4H 5H", "KD KC KC"))
    d.draw(E)
    d.lay_off(E, 1, [C("KS")])
    kings = d.melds(Line.EW)[1]
    before = fields(d)
    r = d.rule(Irregularity.THROWN_CARDS, E, cards=[C("KS")], meld=kings.id)
    text = message(
        "throw not allowed: immediate discard of {cards} ({article})",
        cards="KS",
        article=fibas("penalized_cards"),
    )
    expected = ruling(
        Irregularity.THROWN_CARDS, E, Found.AT_ONCE, 2, text, discarded=P("KS"), next_to_act=S
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E 3H 4H 5H, 3 E KD KC KC / touched E@-1",
        "pile": "8C KS",
    }


def test_art_24_the_partners_meld_named_after_a_later_lay_off() -> None:
    """FIBAS art. 24: E lays the exposed 8H on W's new run, then the 6H on its own run; the
    arbiter names W's run: the 8H comes off it and is discarded at once, the 6H stands."""
    d = deal("8H 6H KS QS", w="5H 6H 7H 4D", turn=W)
    d.expose(E, [C("8H")])
    d.draw(W)
    d.meld(W, P("5H 6H 7H"))
    d.discard(W, C("4D"))
    x = d.draw(N).cards[0]
    d.discard(N, x)
    d.draw(E)
    d.lay_off(E, 1, [C("8H")])
    d.lay_off(E, 0, [C("6H")])
    partners = d.melds(Line.EW)[1]
    before = fields(d)
    r = d.rule(Irregularity.EXPOSED_ON_PARTNER_MELD, E, meld=partners.id)
    text = message(
        "exposed card laid on the partner's meld: immediate discard of {cards}", cards="8H"
    )
    expected = ruling(
        Irregularity.EXPOSED_ON_PARTNER_MELD,
        E,
        Found.AT_ONCE,
        9,
        text,
        discarded=P("8H"),
        next_to_act=S,
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "11",
        "EW": "2 E 3H 4H 5H 6H / touched E@-1, 3 W 5H 6H 7H / touched W@-7 E@-2",
        "pile": "8C 4D 10D 8H",
    }


def test_arts_24_35_the_ruling_keeps_when_the_arbiter_says_it_was_found() -> None:
    """FIBAS art. 24 point 2 (a card dropped out of turn) and art. 35 (a ghost with the
    discard): the moment of the finding the arbiter gives is kept in the ruling."""
    d = deal()
    d.draw(E)
    r = d.rule(Irregularity.EXPOSED_CARD, W, cards=P("8S"), found=Found.LATER)
    text = message(
        "{cards} exposed: to be played first in the own turn or discarded; not on melds the "
        "partner opens or extends",
        cards="8S",
    )
    assert r == ruling(Irregularity.EXPOSED_CARD, W, Found.LATER, 1, text, next_to_act=E)
    d = deal()
    d.draw(E)
    d.discard(E, C("KS"), hidden=[C("9C")])
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9C")], found=Found.AFTER_DISCARD)
    text = message(
        "ghost card {cards} with the discard: back to the player as an exposed card "
        "({article} point 2)",
        cards="9C",
        article=fibas("exposed_card"),
    )
    expected = ruling(
        Irregularity.GHOST_CARD,
        E,
        Found.AFTER_DISCARD,
        2,
        text,
        returned=P("9C"),
        next_to_act=S,
    )
    assert r == expected
    assert d.exposed(E) == P("9C") and d.discard_pile == P("8C KS")


def test_art_29_the_meld_kept_of_a_wrong_meld_is_the_one_worth_most_by_the_deals_code() -> None:
    """FIBAS art. 29 with art. 2 "Carta eccedente" (the largest valid meld stays, the one
    keeping the most points, arbitro's reading) and art. 3's card values, under a code where
    the 7s are worth 10: of 5H 6H 7H 7D 7C the three 7s (30) stay, not the run 5-6-7 (20);
    the 6H and 5H are discarded at once. (By FIBAS values the two are worth 15 each and the
    run, laid first, stays.)"""
    sevens = dataclasses.replace(
        burraco_fibas(), card_values=burraco_fibas().card_values | {"7": 10}
    )
    d = _coded(sevens, "5H 6H 7H 7D 7C KS 3C")
    d.draw(E)
    d.meld(E, P("5H 6H 7H 7D 7C"))
    before = fields(d)
    r = d.rule(Irregularity.WRONG_MELD, E)
    text = message("meld not healed: immediate discard of {cards}", cards="6H 5H")
    expected = ruling(
        Irregularity.WRONG_MELD, E, Found.AT_ONCE, 2, text, discarded=P("6H 5H"), next_to_act=S
    )
    assert r == expected
    assert changed(before, d) == {
        "turn": "S",
        "phase": "draw",
        "turns": "9",
        "EW": "2 E 7H 7D 7C / touched E@-1",
        "pile": "8C 6H 5H",
    }
    fibas_values = deal("5H 6H 7H 7D 7C KS 3C", ew=())
    fibas_values.draw(E)
    fibas_values.meld(E, P("5H 6H 7H 7D 7C"))
    assert fibas_values.rule(Irregularity.WRONG_MELD, E).discarded == P("7D 7C")
    assert fibas_values.melds(Line.EW)[0].cards == P("5H 6H 7H")
