"""The Scala 40 arbiter in the core's shape (:mod:`arbitro.games.core.arbiter`): each
irregularity the code names is a kind with its article, its remedy a function of the position
(a copy of the :class:`~arbitro.games.scala40.deal.Deal`, changed through its public mutators
only) returning the new position and what the ruling records. :data:`REMEDIES` holds them all;
:func:`irregularity` builds one citing its article.

=========================  ========  =====================================================
kind                       article   remedy
=========================  ========  =====================================================
``misdeal``                4         before play: a new deal; once play began: results stand
``face_up_in_stock``       4         the card is turned down where it lies; play goes on
``exposed_card``           11        the cards are penalized: played or discarded first
``wrong_lay_off``          11        found at once: the card is discarded, turn interrupted
``excess_card``            11        the meld stands, the extra card is discarded at once
``wrong_meld_found_late``  11        the meld is frozen: no lay-off, no joker taken
``stuck_card``             11        unseen: back to the hand; seen: a dropped card
``wrong_meld``             12        the cards are penalized, the turn ends with a discard
``missing_or_extra_cards`` 13        the deal goes on and its result stands
``cards_mixed``            14        the arbiter's score
``missed_draw``            15        draw from the stock, discard that card, turn over
``discard_without_draw``   15        draw now; next turn only the discard of that card
``out_of_turn_draw``       16 A      pile or stock restored; next turn draw and discard it,
                                     no closing for a round
``out_of_turn_play``       16 B      last play penalized; next turn a penalized discard
``out_of_turn_passed``     16 C      the next player played: the irregularity is passed
``drawn_card_forgotten``   16        the card drawn not remembered: the highest-value card
                                     back on the stock (or discarded)
``equal_runs``             17        two equal runs of six or more: five cards each
``no_card_to_discard``     20        the last play taken back, the smallest card discarded
=========================  ========  =====================================================

Art. 10: a penalty is forfeited when a player took an initiative before the arbiter was
called, or the arbiter was not called (``details["initiative_taken"]`` or
``details["arbiter_not_called"]``): the ruling leaves the position unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, Final

from arbitro.cards import Card, parse_cards
from arbitro.codes.ids import CodeId
from arbitro.games.core import arbiter as core
from arbitro.games.core.code_arbiter import Fact, FactKind, RemediesArbiter
from arbitro.games.core.game import Side
from arbitro.games.core.seats import SEATS, Seat
from arbitro.games.scala40.deal import DISCARD_DRAWN, DISCARD_PENALIZED, Deal
from arbitro.games.scala40.errors import article
from arbitro.games.scala40.moves import DRAW, parse_move
from arbitro.games.scala40.rules import highest, strength
from arbitro.i18n import Message

TOPICS: Final[Mapping[str, str]] = {
    "misdeal": "misdeal",
    "face_up_in_stock": "face_up_in_stock",
    "exposed_card": "exposed_cards",
    "wrong_lay_off": "exposed_cards",
    "excess_card": "exposed_cards",
    "wrong_meld_found_late": "frozen_melds",
    "stuck_card": "exposed_cards",
    "wrong_meld": "wrong_melds",
    "missing_or_extra_cards": "missing_cards",
    "cards_mixed": "cards_mixed",
    "missed_draw": "missed_draw",
    "discard_without_draw": "missed_draw",
    "out_of_turn_draw": "out_of_turn",
    "out_of_turn_play": "out_of_turn",
    "out_of_turn_passed": "out_of_turn",
    "drawn_card_forgotten": "out_of_turn",
    "equal_runs": "equal_runs",
    "no_card_to_discard": "no_discard",
}
"""Each kind's topic in the ``[articles]`` table of scala40.toml."""

RUN_SPLIT: Final = 5
"""Art. 17: equal runs of six or more cards are split at five cards each."""


def irregularity(kind: str, offender: Seat, **details: Any) -> core.Irregularity:
    """The irregularity ``kind`` by ``offender``, citing its Scala 40 article."""
    return core.Irregularity(kind, article(TOPICS[kind]), offender, details)


def _cards(details: Mapping[str, Any], key: str = "cards") -> tuple[Card, ...]:
    value = details[key]
    return parse_cards(value) if isinstance(value, str) else parse_cards(" ".join(value))


def _unchanged(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    return core.Ruling(irr, deal)


def misdeal(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 4: a card seen while dealing, or a deal in the wrong direction or number, found
    before play begins (the first draw): the whole operation is repeated. Once play began
    the error can no longer be put right and the results stand."""
    if deal.moves:
        return core.Ruling(irr, deal)
    return core.Ruling(irr, deal, (core.NewDeal(str(irr.details.get("what", "misdeal"))),))


def face_up_in_stock(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 4: a card found face up in the stock is turned down where it lies; play goes on."""
    return core.Ruling(irr, deal)


def _discard_penalty(deal: Deal, seat: Seat) -> Card:
    """Arts. 11-12: the penalized card the offender discards now (the lowest; if it lays off,
    the smallest card in hand), the turn interrupted."""
    held = deal.penalized(seat)
    low = held[0]
    if deal.lays_off(low):
        low = min(
            (x for x in deal.hand(seat) if not x.is_joker), key=lambda x: strength(x, deal.code)
        )
    deal.penalty_discard(low)
    return low


def _penalized(deal: Deal, irr: core.Irregularity, cards: tuple[Card, ...]) -> core.Ruling[Deal]:
    """The ruling that penalizes ``cards`` of the offender and interrupts the turn."""
    records = (
        core.PenalizedCards(irr.offender, tuple(map(str, cards))),
        core.InterruptedTurn(irr.offender),
    )
    return core.Ruling(irr, deal, records)


def exposed_card(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 11: exposed cards (drawn out of the fan and seen, or dropped) must be played, by a
    lay-off or a new meld, or else discarded: they become penalized cards, discarded first."""
    cards = _cards(irr.details)
    deal.penalize(irr.offender, cards)
    return core.Ruling(irr, deal, (core.PenalizedCards(irr.offender, tuple(map(str, cards))),))


def stuck_card(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 11: "La carta che è rimasta attaccata sotto un'altra carta calata in sequenza o
    combinazione, se non vista da alcun giocatore, può tornare in mano al giocatore; se vista
    deve essere considerata come una carta caduta accidentalmente". The cards
    ``details["cards"]`` came down stuck under a played card (in the position they are still
    the offender's: the play did not include them). Seen by nobody, they go back to the hand
    and nothing else changes; seen (``details["seen"]``), they are dropped cards: penalized,
    played in a meld or a lay-off, else discarded first (:func:`exposed_card`)."""
    if not irr.details.get("seen"):
        return core.Ruling(irr, deal)
    return exposed_card(deal, irr)


def wrong_lay_off(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 11, found at once: the card wrongly laid off must be discarded, interrupting the
    player's turn (art. 12: if it lays off, the smallest card in hand instead)."""
    cards = _cards(irr.details)
    deal.penalize(irr.offender, cards)
    _discard_penalty(deal, irr.offender)
    return _penalized(deal, irr, cards)


def excess_card(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 11, found at once: the meld (``details["move"]``, without the extra card) stands,
    the extra ``card`` must be discarded, interrupting the turn."""
    deal.push(parse_move(str(irr.details["move"])))
    cards = _cards(irr.details)
    deal.penalize(irr.offender, cards)
    _discard_penalty(deal, irr.offender)
    return _penalized(deal, irr, cards)


def wrong_meld_found_late(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 11, not found at once: the meld ``details["meld"]`` is frozen; no player lays a
    card off on it nor takes its jokers."""
    target = int(irr.details["meld"])
    deal.freeze(target)
    return core.Ruling(irr, deal, (core.Freeze(deal.owner(target), (str(deal.table[target]),)),))


def wrong_meld(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 12: a wrong run or set ends the player's activity until the next turn: its cards
    are penalized and the offender discards the lowest now (the smallest card in hand if it
    lays off); the others are discarded first in the next turns, no closing before."""
    cards = _cards(irr.details)
    deal.penalize(irr.offender, cards)
    _discard_penalty(deal, irr.offender)
    return _penalized(deal, irr, cards)


def missing_or_extra_cards(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 13: cards missing from the deck or extra, found once play began or after a
    result: the deal goes on (or stands) with its result; the deck is replaced afterwards."""
    return core.Ruling(irr, deal)


def cards_mixed(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 14: a player mixed the cards before counting them: failing a reconstruction, the
    arbiter assigns a score (``details["points"]``, by seat letter)."""
    points: dict[Side, int] = {Seat(s): int(p) for s, p in dict(irr.details["points"]).items()}
    return core.Ruling(irr, deal, (core.ArbitralScore(points),))


def missed_draw(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 15: the offender played without drawing; the plays made before the warning
    (``details["plays"]``) stand; the offender draws from the stock (not the pile) and
    discards that same card, and waits for the next turn."""
    before = Counter(deal.hand(irr.offender))
    deal.push(DRAW)
    (drawn,) = Counter(deal.hand(irr.offender)) - before
    for text in irr.details.get("plays", ()):
        deal.push(parse_move(str(text)))
    deal.penalty_discard(drawn)
    return core.Ruling(irr, deal, (core.InterruptedTurn(irr.offender),))


def discard_without_draw(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 15: the offender only discarded (``details["card"]``), without drawing: found
    before the next player began, the offender draws now and at the next turn only discards
    the card drawn."""
    (card,) = _cards(irr.details, "card")
    deal.penalty_discard(card)
    drawn = deal.penalty_draw(irr.offender)
    deal.restrict(irr.offender, no_draw=True, must_discard=drawn)
    return core.Ruling(irr, deal, (core.PenalizedCards(irr.offender, (str(drawn),)),))


def _turns_until(deal: Deal, seat: Seat) -> int:
    order = deal.order
    return (order.index(seat) - order.index(deal.turn)) % len(order)


def out_of_turn_draw(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 16 A: a draw or pick-up out of turn with no play: the pile or stock is restored
    (the position is the one before it); at the offender's turn only the compulsory draw
    from the stock and the discard of that card; no closing for a whole round."""
    rounds = _turns_until(deal, irr.offender) + 2 * len(deal.order)
    deal.restrict(irr.offender, draw_only=DISCARD_DRAWN, no_close_turns=rounds)
    return core.Ruling(irr, deal)


def drawn_card_forgotten(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 16: "In tutti i casi di cui sopra, se il giocatore non ricorda la carta pescata,
    l'arbitro farà scartare o ricollocare sul tallone la carta di valore più alto in mano al
    giocatore". The offender drew the stock's top card out of turn (the position is the one
    before that draw) and does not remember which it was: the card drawn joins its hand, and
    the card of highest value there (art. 22's points: joker, ace, then K-10; equal values by
    rank and suit) goes back on top of the stock, or with ``details["discard"]`` on the
    discard pile. In case A (no play made: ``details["case"]`` "A", the default) art. 16 A's
    remedy follows (:func:`out_of_turn_draw`); in cases B and C the arbiter rules them apart
    (``out_of_turn_play``, ``out_of_turn_passed``)."""
    deal.penalty_draw(irr.offender)
    back = highest(deal.hand(irr.offender), deal.code)
    deal.put_back(irr.offender, back, on_pile=bool(irr.details.get("discard")))
    if str(irr.details.get("case", "A")) == "A":
        return out_of_turn_draw(deal, irr)
    return core.Ruling(irr, deal)


def out_of_turn_play(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 16 B: a play out of turn (``details["cards"]``, still in the offender's hand: the
    play is taken back): those cards are penalized; at the offender's turn, without drawing
    (after drawing, if the offender had not drawn: ``details["drew"]`` false), the lowest is
    discarded; then the others, lowest first, and no closing before they are all gone."""
    cards = _cards(irr.details)
    deal.penalize(irr.offender, cards)
    if irr.details.get("drew", True):
        deal.restrict(irr.offender, no_draw=True)
    else:
        deal.restrict(irr.offender, draw_only=DISCARD_PENALIZED)
    return _penalized(deal, irr, cards)


def equal_runs(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 17: two equal runs may be opened, but of six or more cards they are split at
    five cards each: each of the runs ``details["melds"]`` longer than five keeps five, the
    other cards go back to the hand of the player who laid it."""
    for target in irr.details["melds"]:
        if len(deal.table[int(target)]) > RUN_SPLIT:
            deal.split_run(int(target), RUN_SPLIT)
    return core.Ruling(irr, deal)


def no_card_to_discard(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """Art. 20: the play ``details["move"]`` would leave no card to discard: the last play
    (of one card: that card and the play before) goes back into the hand and the smallest
    card taken back that does not lay off is discarded (art. 12)."""
    deal.push(parse_move(str(irr.details["move"])))
    taken = deal.remedies[-1]
    return core.Ruling(
        irr,
        deal,
        (
            core.PenalizedCards(taken.seat, (str(taken.discarded),)),
            core.InterruptedTurn(taken.seat),
        ),
    )


def _forfeitable(
    remedy: Callable[[Deal, core.Irregularity], core.Ruling[Deal]],
) -> Callable[[Deal, core.Irregularity], core.Ruling[Deal]]:
    """Art. 10: the penalty is forfeited if a player took an initiative before calling the
    arbiter, or the arbiter was not called."""

    def rule(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
        if irr.details.get("initiative_taken") or irr.details.get("arbiter_not_called"):
            return _unchanged(deal, irr)
        return remedy(deal, irr)

    rule.__doc__ = remedy.__doc__
    return rule


def _registry() -> core.Remedies[Deal]:
    out: core.Remedies[Deal] = core.Remedies()
    penalties = {
        "exposed_card": exposed_card,
        "wrong_lay_off": wrong_lay_off,
        "excess_card": excess_card,
        "wrong_meld_found_late": wrong_meld_found_late,
        "stuck_card": stuck_card,
        "wrong_meld": wrong_meld,
        "missed_draw": missed_draw,
        "discard_without_draw": discard_without_draw,
        "out_of_turn_draw": out_of_turn_draw,
        "out_of_turn_play": out_of_turn_play,
        "drawn_card_forgotten": drawn_card_forgotten,
    }
    for kind, remedy in penalties.items():
        out.add(kind, _forfeitable(remedy))
    out.add("misdeal", misdeal)
    out.add("face_up_in_stock", face_up_in_stock)
    out.add("missing_or_extra_cards", missing_or_extra_cards)
    out.add("cards_mixed", cards_mixed)
    out.add("out_of_turn_passed", _unchanged)
    out.add("equal_runs", equal_runs)
    out.add("no_card_to_discard", no_card_to_discard)
    return out


REMEDIES: Final[core.Remedies[Deal]] = _registry()
"""Every Scala 40 remedy by irregularity kind."""


def rule(deal: Deal, irr: core.Irregularity) -> core.Ruling[Deal]:
    """The arbiter's ruling on ``irr`` (on a copy of ``deal``, which is left unchanged)."""
    return REMEDIES.rule(deal, irr)


_FORFEIT = ("initiative_taken", "arbiter_not_called")  # art. 10, for every penalty

LABELS: Final[Mapping[str, Message]] = {
    "misdeal": Message("A misdeal (a card seen, wrong direction or number)"),
    "face_up_in_stock": Message("A card face up in the stock"),
    "exposed_card": Message("Cards exposed or dropped"),
    "wrong_lay_off": Message("A wrong lay-off"),
    "excess_card": Message("A meld with an extra card"),
    "wrong_meld_found_late": Message("A wrong meld found late"),
    "stuck_card": Message("A card stuck under a played card"),
    "wrong_meld": Message("A wrong meld"),
    "missing_or_extra_cards": Message("Missing or extra cards"),
    "cards_mixed": Message("Cards mixed up"),
    "missed_draw": Message("A play without drawing"),
    "discard_without_draw": Message("A discard without drawing"),
    "out_of_turn_draw": Message("A draw out of turn"),
    "out_of_turn_play": Message("A play out of turn"),
    "out_of_turn_passed": Message("An irregularity passed: the next player played"),
    "drawn_card_forgotten": Message("The card drawn out of turn is not remembered"),
    "equal_runs": Message("Two equal runs of six or more cards"),
    "no_card_to_discard": Message("A play that leaves no card to discard"),
}
"""What each irregularity is, in the arbiter's words."""

FIELDS: Final[Mapping[str, tuple[str, ...]]] = {
    "misdeal": ("what",),
    "exposed_card": ("cards", *_FORFEIT),
    "wrong_lay_off": ("cards", *_FORFEIT),
    "excess_card": ("move", "cards", *_FORFEIT),
    "wrong_meld_found_late": ("meld", *_FORFEIT),
    "stuck_card": ("cards", "seen", *_FORFEIT),
    "wrong_meld": ("cards", *_FORFEIT),
    "cards_mixed": ("points", "deal"),
    "missed_draw": ("plays", *_FORFEIT),
    "discard_without_draw": ("card", *_FORFEIT),
    "out_of_turn_draw": ("cards", "discard", "case", *_FORFEIT),
    "out_of_turn_play": ("cards", "drew", *_FORFEIT),
    "drawn_card_forgotten": ("cards", "discard", *_FORFEIT),
    "equal_runs": ("melds",),
    "no_card_to_discard": ("move",),
}
"""The details each remedy reads (see each remedy's docstring)."""


def sheet_row(deal: Deal, points: Mapping[Side, int]) -> tuple[int, ...]:
    """Art. 14's arbitral score as the deal's row of the table's sheet: each occupied seat's
    negative points in seat order (N, E, S, W: the sheet's players' order, art. 22-23), the
    arbiter's where given, else the cards left in that player's hand (art. 22)."""
    counted = deal.scores()
    return tuple(int(points.get(s, counted[s])) for s in SEATS if s in deal.order)


DESCRIBED: Final[Mapping[str, Fact]] = {
    f.name: f
    for f in (
        Fact("what", FactKind.TEXT, Message("What went wrong"), Message("e.g. a card seen")),
        Fact("cards", FactKind.CARDS, Message("The cards"), Message("e.g. 7H 8H JK")),
        Fact("move", FactKind.TEXT, Message("The play"), Message("e.g. open KH KD KC | QH QD QS")),
        Fact(
            "meld",
            FactKind.NUMBER,
            Message("The meld's number"),
            Message("from 0, in the order laid"),
        ),
        Fact("seen", FactKind.YES_NO, Message("The cards were seen")),
        Fact(
            "points",
            FactKind.POINTS,
            Message("The arbiter's score"),
            Message("each seat's points (art. 14)"),
            False,
            ("N", "E", "S", "W"),
        ),
        Fact(
            "plays",
            FactKind.LINES,
            Message("The plays made"),
            Message("one play a line, e.g. meld 5C 6C 7C"),
        ),
        Fact("card", FactKind.CARDS, Message("The card discarded"), Message("e.g. KS")),
        Fact("discard", FactKind.YES_NO, Message("The card goes back on the discard pile")),
        Fact("case", FactKind.CHOICE, Message("The case of art. 16"), None, False, ("A", "B"), "A"),
        Fact("drew", FactKind.YES_NO, Message("The offender had drawn"), None, False, (), True),
        Fact("melds", FactKind.NUMBERS, Message("The runs' numbers"), Message("e.g. 0 2")),
        Fact(
            "initiative_taken",
            FactKind.YES_NO,
            Message("A player took an initiative before the arbiter was called"),
        ),
        Fact("arbiter_not_called", FactKind.YES_NO, Message("The arbiter was not called")),
    )
}
"""How the desk asks each field of :data:`FIELDS` (issue 31), typed."""

ARBITER: Final = RemediesArbiter(
    CodeId.SCALA40,
    Deal.from_position,
    REMEDIES,
    lambda kind: article(TOPICS[kind]),
    LABELS,
    FIELDS,
    row=sheet_row,
    described=DESCRIBED,
    notation=Message(
        "One line, as docs/notation-scala40.md writes it: scala40 seats=… turn=… hands=…"
    ),
)
"""The Scala 40 arbiter behind the protocol of every code (``CodeSpec.arbiter``)."""


__all__ = ["ARBITER", "REMEDIES", "RUN_SPLIT", "TOPICS", "irregularity", "rule", "sheet_row"]
