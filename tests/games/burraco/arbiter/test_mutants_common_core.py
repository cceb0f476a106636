"""The shared machinery of the FIBAS remedies, case by case (issue 26, mutants of
``remedies/__init__.py``, ``common.py``, ``conduct.py``, ``deck.py``): the arbiter's details in
the script's notation, the core records a ruling gives (art. 2 freezes, art. 25 penalized cards,
art. 2 immediate discard, art. 34 arbitral score, art. 27 new deal), the remedy a core
irregularity goes to (art. 22: the table acted first, the penalty is lost), art. 22's warning and
art. 27's missing or excess cards. Each test compares the whole ruling, not one field.

The remedies are registered when the package is imported (``_BY_KIND``): the tests that check
how a handler is wrapped call :func:`_core_remedy` themselves, so that the wrapping is built under
the test, not once at import."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from arbitro.cards import burraco_deck, parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Phase, Seat
from arbitro.games.burraco.arbiter import ArbiterDeal, Found, Irregularity, TurnLimit
from arbitro.games.burraco.arbiter.irregularities import PozzettoStage
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.remedies import (
    HANDLERS,
    REMEDIES,
    _core_remedy,
    irregularity,
    rule,
    rule_in_place,
)
from arbitro.games.burraco.arbiter.remedies.common import (
    Details,
    core_records,
    details_json,
    parse_details,
)
from arbitro.games.burraco.errors import fibas
from arbitro.games.core import arbiter as core
from arbitro.i18n import message

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
K = Irregularity
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
LOST = "the table acted before calling the arbiter: the right to the penalty is lost"


def deal(e: str = "5H 6H 7D 9C KS QS 3C", *, ew: Sequence[str] = ("3H 4H 5H",)) -> ArbiterDeal:
    """E to play after eight turns; N-S hold a clean burraco and their pozzetto."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P("8S 8S 4D"), N: P("JH JH"), S: P("QH")},
        pile=P("8C"),
        stock=P(STOCK),
        pozzetti=[P("AH AD AC AS KH KD KC KS QH QD QC")],
        melds={Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")], Line.EW: [P(m) for m in ew]},
        taken=(Line.NS,),
        turn=E,
        turns_played=8,
    )


def wrong_lay_off_discarded() -> ArbiterDeal:
    """E draws, lays the 9C off on the run of hearts (a wrong lay-off, art. 25.1) and
    discards: the error is found after the discard."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, [C("9C")])
    d.discard(E, C("KS"))
    return d


# ------------------------------------------------------------------ details (art. 22)


def test_art_22_the_arbiters_details_read_from_the_scripts_notation() -> None:
    """FIBAS art. 22 "determina la ripresa del gioco": what the arbiter says, typed in a script
    line (all text), is read as the remedy needs it: cards, a card, numbers, enums, seats and
    yes/no flags ("1", "true", "yes" in any case are yes; anything else is no)."""
    got = parse_details(
        {
            "found": "later",
            "meld": "2",
            "cards": "9C 9C",
            "healing": "JK",
            "reminded_by": "S",
            "stage": "played",
            "seen": "yes",
            "prepared": "QH KS",
            "pozzetto": "1",
            "used": "TRUE",
            "rebuilt": "no",
            "arbitral_score": "-150",
            "information": "1",
            "table_acted": "True",
            "what": "cards_seen",
            "named": "0",
        }
    )
    assert got == Details(
        found=Found.LATER,
        meld=2,
        cards=P("9C 9C"),
        healing=P("JK"),
        reminded_by=S,
        stage=PozzettoStage.PLAYED,
        seen=True,
        prepared=C("QH"),
        pozzetto=1,
        used=True,
        rebuilt=False,
        arbitral_score=-150,
        information=True,
        table_acted=True,
        what="cards_seen",
        named=False,
    )
    flags = parse_details({"seen": "Yes", "used": "no", "information": "true", "rebuilt": "1"})
    assert flags == Details(seen=True, used=False, information=True, rebuilt=True)
    assert parse_details({"seen": "YES", "information": "x"}) == Details(seen=True)


def test_art_22_typed_details_are_taken_as_they_are_cards_as_a_tuple() -> None:
    """FIBAS art. 22: details given typed (by the desk, not a script) are kept; cards given as a
    list become the tuple the remedies compare."""
    got = parse_details(
        {
            "cards": [C("9C"), C("KS")],
            "healing": [C("JK")],
            "found": Found.AT_ONCE,
            "meld": 0,
            "seen": True,
            "named": False,
            "what": "wrong_deal",
        }
    )
    assert got == Details(
        found=Found.AT_ONCE,
        meld=0,
        cards=(C("9C"), C("KS")),
        healing=(C("JK"),),
        seen=True,
        named=False,
        what="wrong_deal",
    )
    assert type(got.cards) is tuple and type(got.healing) is tuple
    with pytest.raises(ArbitroError) as err:
        parse_details({"colour": "red"})
    assert err.value.key == "arbiter.bad_ruling" and err.value.article == fibas("arbiter")
    assert err.value.msg == message("unknown key {key!r}", key="colour")


def test_art_22_details_written_json_ready_without_the_defaults() -> None:
    """FIBAS art. 22: the details are stored JSON-ready in the script's notation (cards and a
    card as text, enums by value); what is not said (None, no cards, a default) is left out."""
    got = details_json(
        found=Found.AFTER_DISCARD,
        prepared=C("QH"),
        cards=(C("9C"), C("KS")),
        healing=[C("JK")],
        reminded_by=S,
        meld=0,
        seen=True,
        rebuilt=False,
        what="cards_seen",
    )
    assert got == {
        "found": "after_discard",
        "prepared": "QH",
        "cards": "9C KS",
        "healing": "JK",
        "reminded_by": "S",
        "meld": 0,
        "seen": True,
        "rebuilt": False,
        "what": "cards_seen",
    }
    nothing = details_json(
        found=None, cards=(), seen=False, rebuilt=True, named=True, used=None, information=None
    )
    assert nothing == {}
    assert parse_details(got) == Details(
        found=Found.AFTER_DISCARD,
        prepared=C("QH"),
        cards=P("9C KS"),
        healing=P("JK"),
        reminded_by=S,
        meld=0,
        seen=True,
        rebuilt=False,
        what="cards_seen",
    )


# ------------------------------------------------------------------ core records


def _ruling(offender: Seat | None, **fields: object) -> Ruling:
    """A ruling on a missing draw (art. 30) by ``offender`` with ``fields`` set."""
    text = message(
        "turn stopped: draw or pick up and discard; the melds made are frozen until the next "
        "turn (negative if someone closes)"
    )
    r = Ruling(K.MISSING_DRAW, offender, Found.AT_ONCE, 3, text)
    return replace(r, **fields)  # type: ignore[arg-type]


def test_art_2_30_34_the_core_records_of_a_ruling() -> None:
    """FIBAS art. 2 (freezes, immediate discard), art. 25 (penalized cards at the side), art. 30
    (a turn cut to drawing and discarding), art. 34 (arbitral score), art. 27 (a new deal): one
    core record each, the offender's line or seat named."""
    r = _ruling(
        E,
        frozen=(3, 12),
        aside=P("9C KS"),
        limit=TurnLimit.DISCARD_ONLY,
        arbitral=-150,
        redeal=True,
    )
    assert core_records(r) == (
        core.Freeze(Line.EW, ("3", "12")),
        core.PenalizedCards(E, ("9C", "KS")),
        core.InterruptedTurn(E),
        core.ArbitralScore({Line.EW: -150}),
        core.NewDeal("missing_draw"),
    )
    # without an offender nothing is said of a line or a seat
    assert core_records(replace(r, offender=None)) == (core.NewDeal("missing_draw"),)


@pytest.mark.parametrize(
    ("fields", "interrupted"),
    [
        ({"limit": TurnLimit.DISCARD_ONLY}, True),  # art. 23: the turn cut to its discard
        ({"limit": TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD}, True),  # art. 30
        ({"limit": TurnLimit.DRAW_AND_DISCARD}, False),  # art. 31: a turn still to play
        ({"discarded": P("9C")}, True),  # art. 2 "Scarto immediato"
        ({"interrupted": True}, True),  # art. 10: the pick-up's card left is the discard
        ({}, False),
    ],
)
def test_art_2_the_turn_interrupted_is_a_core_record(
    fields: dict[str, object], interrupted: bool
) -> None:
    """FIBAS art. 22 "INTERRUZIONE DEL GIOCO" and art. 2 "Scarto immediato": a turn stopped or
    cut to its discard is the core's InterruptedTurn, each cause alone."""
    r = _ruling(W, **fields)
    assert core_records(r) == ((core.InterruptedTurn(W),) if interrupted else ())


# ------------------------------------------------------------------ the core's dispatch


def test_art_25_2_2_a_core_irregularity_goes_to_its_remedy_on_a_copy() -> None:
    """FIBAS art. 25.2.2 through the core: :func:`rule` applies the remedy to a copy (the
    table's position is unchanged), keeps the ruling in the copy's rulings and returns the core
    records: the 9C laid off wrongly, found after the discard, goes to the side of the table."""
    d = wrong_lay_off_discarded()
    irr = irregularity(K.WRONG_LAY_OFF, E, found=Found.AFTER_DISCARD)
    ruling = rule(d, irr)
    assert ruling.irregularity is irr
    assert ruling.records == (core.PenalizedCards(E, ("9C",)),)
    assert d.rulings == [] and d.aside(E) == () and C("9C") in d.melds(Line.EW)[0].cards
    copy = ruling.position
    assert (
        copy is not d and copy.aside(E) == P("9C") and copy.melds(Line.EW)[0].cards == P("3H 4H 5H")
    )
    entry = copy.rulings[-1]
    assert entry == Ruling(
        K.WRONG_LAY_OFF,
        E,
        Found.AFTER_DISCARD,
        len(d.log),
        entry.text,
        aside=P("9C"),
        next_to_act=S,
    )


def test_art_22_the_wrapped_remedy_names_the_offender_only_when_named() -> None:
    """FIBAS art. 27 may have no offender ("E' possibile che una o più carte siano mancante"):
    the core irregularity carries the seat on turn, the remedy sees None unless the offender
    was named (``named``); a named one is the ruling's offender."""
    remedy = _core_remedy(HANDLERS[K.DECK_MISSING_OR_EXCESS])
    d = deal()
    unnamed = irregularity(K.DECK_MISSING_OR_EXCESS, E, named=False, found=Found.LATER)
    ruling = remedy(d, unnamed)
    assert ruling.position is d and ruling.irregularity is unnamed and ruling.records == ()
    first = d.rulings[-1]
    assert first.offender is None and first.irregularity is K.DECK_MISSING_OR_EXCESS
    assert first.found is Found.LATER and first.at == 0 and not first.redeal
    named = irregularity(K.DECK_MISSING_OR_EXCESS, N, found=Found.LATER)
    remedy(d, named)
    assert d.rulings == [
        first,
        Ruling(K.DECK_MISSING_OR_EXCESS, N, Found.LATER, 0, first.text, next_to_act=E),
    ]


def test_art_25_1_the_wrapped_remedy_applies_the_kinds_handler_in_place() -> None:
    """FIBAS art. 25.1 through a wrapped handler: the 9C laid off wrongly, found at once, is
    discarded immediately (art. 2): the deal itself changes, the ruling is its last, the core
    record is the turn interrupted."""
    remedy = _core_remedy(HANDLERS[K.WRONG_LAY_OFF])
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, [C("9C")])
    at = len(d.log)
    irr = irregularity(K.WRONG_LAY_OFF, E)
    ruling = remedy(d, irr)
    assert ruling.position is d and ruling.irregularity is irr
    assert ruling.records == (core.InterruptedTurn(E),)
    entry = d.rulings[-1]
    assert entry == Ruling(
        K.WRONG_LAY_OFF, E, Found.AT_ONCE, at, entry.text, discarded=P("9C"), next_to_act=S
    )
    assert d.discard_pile == P("8C 9C") and d.melds(Line.EW)[0].cards == P("3H 4H 5H")
    assert d.next_to_act is S and d.phase is Phase.DRAW


def test_art_22_table_acted_the_wrapped_remedy_loses_the_penalty() -> None:
    """FIBAS art. 22 "PERDITA DEL DIRITTO ALLA PENALITÀ": the table acted before calling the
    arbiter: whatever the kind, nothing is moved; the ruling names the kind, the offender, when
    it was found and the article."""
    remedy = _core_remedy(HANDLERS[K.WRONG_LAY_OFF])
    d = wrong_lay_off_discarded()
    at = len(d.log)
    irr = irregularity(K.WRONG_LAY_OFF, E, found=Found.AFTER_DISCARD, table_acted=True)
    ruling = remedy(d, irr)
    assert ruling.position is d and ruling.records == ()
    assert d.rulings == [
        Ruling(
            K.WRONG_LAY_OFF,
            E,
            Found.AFTER_DISCARD,
            at,
            message(LOST + " ({article})", article=fibas("table_acted")),
            next_to_act=S,
            forfeited=True,
        )
    ]
    assert C("9C") in d.melds(Line.EW)[0].cards and d.aside(E) == ()
    # the same table, not acting first: the remedy of art. 25.2.2
    again = wrong_lay_off_discarded()
    remedy(again, irregularity(K.WRONG_LAY_OFF, E, found=Found.AFTER_DISCARD))
    assert not again.rulings[-1].forfeited and again.aside(E) == P("9C")


def test_art_22_an_unknown_kind_is_refused_in_place_and_on_a_copy() -> None:
    """FIBAS art. 22: the arbiter applies "le penalità stabilite dal codice": a kind the code
    does not know has no remedy, refused with the registry's error in place and on a copy."""
    d = deal()
    irr = core.Irregularity("card_eaten", fibas("arbiter"), E)
    for apply in (rule_in_place, rule, REMEDIES.rule):
        with pytest.raises(ArbitroError) as err:
            apply(d, irr)
        assert err.value.key == "arbiter.unknown_irregularity"
    assert d.rulings == [] and d.turn is E


# ------------------------------------------------------------------ art. 22


def test_art_22_table_acted_called_by_its_own_kind_loses_the_penalty() -> None:
    """FIBAS art. 22 "Il diritto alla penalizzazione ... può essere annullato qualora il
    tavolo prenda una qualsiasi iniziativa prima di chiamare l'Arbitro": ruled as its own kind,
    nothing changes and the ruling says the penalty is lost."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, [C("9C")])
    at = len(d.log)
    r = d.rule(K.TABLE_ACTED, W, found=Found.AT_ONCE)
    assert r == Ruling(
        K.TABLE_ACTED, W, Found.AT_ONCE, at, message(LOST), next_to_act=E, forfeited=True
    )
    assert d.rulings == [r] and C("9C") in d.melds(Line.EW)[0].cards and d.turn is E


def test_art_22_played_on_before_the_ruling_warns_the_named_player() -> None:
    """FIBAS art. 22 "Nessun giocatore ha la facoltà di continuare a giocare se prima l'Arbitro
    non ha spiegato come provvedere alla rettifica ... il giocatore inosservante sarà ammonito":
    the warning goes to the named player; without one named the arbiter is asked to name him."""
    d = deal()
    at = len(d.log)
    r = d.rule(K.PLAYED_BEFORE_RULING, W, found=Found.LATER)
    assert r == Ruling(
        K.PLAYED_BEFORE_RULING,
        W,
        Found.LATER,
        at,
        message("{seat} played on before the ruling: warned", seat="W"),
        warned=(W,),
        next_to_act=E,
    )
    assert d.warnings == [(W, "22", K.PLAYED_BEFORE_RULING.italian)]
    with pytest.raises(ArbitroError) as err:
        d.rule(K.PLAYED_BEFORE_RULING)
    assert err.value.key == "arbiter.bad_ruling" and err.value.msg == message("name the offender")
    assert err.value.article == K.PLAYED_BEFORE_RULING.citation
    assert d.warnings == [(W, "22", K.PLAYED_BEFORE_RULING.italian)]


# ------------------------------------------------------------------ art. 27


def full_layout(missing: str, extra: str, *, turns: int) -> ArbiterDeal:
    """Every card of the 108-card deck dealt (art. 3), but ``missing`` replaced by ``extra``."""
    cards = list(burraco_deck())
    cards.remove(C(missing))
    cards.append(C(extra))
    hands = {s: cards[11 * i : 11 * i + 11] for i, s in enumerate((N, E, S, W))}
    rest = cards[44:]
    return ArbiterDeal.from_layout(
        hands,
        pile=rest[:1],
        stock=rest[23:],
        pozzetti=[rest[1:12], rest[12:23]],
        melds={},
        taken=(),
        turn=E,
        turns_played=turns,
    )


def test_art_27_missing_card_before_play_starts_the_deck_is_restored() -> None:
    """FIBAS art. 27 "Prima che inizi il gioco Il mazzo viene ripristinato": the 7H missing and
    a second JC in its place, found before anyone drew: a new deal, nobody to act."""
    d = full_layout("7H", "JC", turns=0)
    assert not d.is_over
    r = d.rule(K.DECK_MISSING_OR_EXCESS, N, found=Found.AT_ONCE)
    assert r == Ruling(
        K.DECK_MISSING_OR_EXCESS,
        N,
        Found.AT_ONCE,
        0,
        message(
            "before play started (missing {missing}; extra {extra}): the deck is restored "
            "and dealt again",
            missing="7H",
            extra="JC",
        ),
        redeal=True,
        next_to_act=None,
    )
    assert d.void and d.next_to_act is None
    assert core_records(r) == (core.NewDeal("deck_missing_or_excess"),)


def test_art_27_missing_card_during_the_deal_the_result_stands() -> None:
    """FIBAS art. 27 "Durante il corso di una smazzata ... la smazzata continua sino al
    raggiungimento di un risultato che viene convalidato": found after a draw, play goes on."""
    d = full_layout("7H", "JC", turns=0)
    d.draw(E)
    at = len(d.log)
    r = d.rule(K.DECK_MISSING_OR_EXCESS, S, found=Found.LATER)
    assert r == Ruling(
        K.DECK_MISSING_OR_EXCESS,
        S,
        Found.LATER,
        at,
        message(
            "during or after the deal (missing {missing}; extra {extra}): the result stands; the "
            "deck will be replaced",
            missing="7H",
            extra="JC",
        ),
        next_to_act=E,
    )
    assert not d.void and d.turn is E and d.phase is Phase.PLAY
    with pytest.raises(ArbitroError) as err:
        deal_complete = full_layout("7H", "7H", turns=0)
        deal_complete.rule(K.DECK_MISSING_OR_EXCESS, N)
    assert err.value.key == "arbiter.bad_ruling" and err.value.msg == message(
        "the deck is complete"
    )
    assert err.value.article == K.DECK_MISSING_OR_EXCESS.citation
