"""The remedies of FIBAS arts. 24-35 (melds healed or discarded, equal sets, closings, points
not counted, ghost, exposed, thrown and penalized cards) checked as a whole (issue 26, "Tests
that notice"): each case is a situation an article describes, and asserts the whole ruling and
every field of the position the ruling changed (the position's text, docs/notation-burraco.md),
so that everything else is asserted unchanged."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from arbitro.cards import Card, parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Seat
from arbitro.games.burraco.arbiter import ArbiterDeal, Found, Irregularity, TurnLimit
from arbitro.games.burraco.arbiter.deal import Play
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.remedies import REMEDIES, irregularity
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
    art. 33, takes the whole play back)."""
    d = deal("8H 6H 4H 5H 7H KS 3C", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    before = fields(d)
    r = d.rule(Irregularity.INCOMPLETE_MELD, E, healing=P("5H 7H"))
    text = message("meld healed with {cards}: the player goes on", cards="5H 7H")
    assert r == ruling(Irregularity.INCOMPLETE_MELD, E, Found.AT_ONCE, 2, text, next_to_act=E)
    assert changed(before, d) == {"E": "3C 4S KS", "EW": "2 E 4H 5H 6H 7H 8H / touched E@-1"}
    assert d.plays[-1] == Play(2, E, 8, 2, P("8H 6H 4H 5H 7H"), True)


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
        "limits": "E discard_only now",
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
        "limits": "E discard_only now",
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
        "limits": "E discard_only now",
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
        "limits": "E discard_only now",
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
