"""The arbiter's remedies of arts. 9-11 as rulings on a deal (arbiter mode).

An irregularity happens at the table; the engine never plays one. The arbiter enters what
happened as a *ruling* (a :class:`Move` of kind ``ruling``, recorded with the deal so that the
record replays) and the engine applies the code's remedy:

=========================  ==============  ===================================================
remedy                     articles        effect
=========================  ==============  ===================================================
``wrong_word``             10.1-10.4       the cards of a wrong opening or lay-off: the healed
                                           play (if any) is made, the cards it does not use
                                           become penalized; the culprit discards at once
``penalize``               10.7, 10.8      cards of a hand become penalized
``freeze``                 10.3, 10.11,    a word frozen until the end of the deal, counted
                           10.18           negative
``freeze_round``           9.1, 10.7,      a word frozen for one round; if the deal ends
                           10.12           meanwhile the cards laid by the irregular play
                                           count negative, the word as it was positive
``discard_no_closing``     11.2, 11.3      the culprit's discard stands, even of his last
                                           card, but it is no closing (with ``freeze_round``
                                           for 11.2, ``penalize`` for 11.3's cards)
``burn``                   10.9            a card found away from the table is out of the
                                           deal (taken from the stock)
``closing_no_discard``     11.1            the last play goes back as penalized cards
``closing_no_burraco``     11.4            the last play becomes penalized; the last card is
                                           discarded (no closing)
``closing_first_round``    11.5            the last play stays, frozen for one round; the
                                           discard stands (no closing)
``closing_wild``           11.7            the last play becomes penalized; the wild discard
                                           stands (no closing)
=========================  ==============  ===================================================

Penalized cards are held apart and discarded highest value first, one at the end of each of
the culprit's turns; at the end of the deal they count negative (art. 10.8).

A play without a draw (10.13), a closing without a draw (11.6), a draw or pick-up out of turn
(10.14) and a multiple discard (10.17) are positions the engine never reaches by itself: the
arbiter records the irregular action and then its remedy as rulings too
(:mod:`arbitro.games.parole.irregular`, :data:`~arbitro.games.parole.irregular.IRREGULAR`,
merged into :data:`REMEDIES`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.games.core.arbiter import (
    ArbiterRecord,
    InterruptedTurn,
    Irregularity,
    PenalizedCards,
    Remedies,
    Ruling,
)
from arbitro.games.core.arbiter import Freeze as FreezeRecord
from arbitro.games.core.code_arbiter import Fact, FactKind, RemediesArbiter
from arbitro.games.core.seats import LINES, SEATS, Seat
from arbitro.games.core.table import Phase
from arbitro.games.parole.deal import PLAYERS, Deal, Freeze
from arbitro.games.parole.errors import IllegalMoveError, article, articles
from arbitro.games.parole.irregular import IRREGULAR, apply_irregular
from arbitro.games.parole.letters import WILDS, Card, seat_draw_key
from arbitro.games.parole.moves import Move, MoveKind
from arbitro.games.parole.ruling_text import explain
from arbitro.games.parole.words import Word, added_cards, lay_off, make_word, readings
from arbitro.i18n import Message, message

if TYPE_CHECKING:
    from arbitro.games.parole.lexicon import Lexicon

REMEDIES: Final[dict[str, Citation]] = (
    articles(
        "wrong_word",
        "penalize",
        "freeze",
        "freeze_round",
        "discard_no_closing",
        "burn",
        "closing_no_discard",
        "closing_no_burraco",
        "closing_first_round",
        "closing_wild",
    )
    | IRREGULAR
)
"""Every remedy and the articles it applies (each name is a topic of the code's articles)."""


def ruling(
    remedy: str,
    seat: str,
    *,
    target: int = -1,
    cards: Sequence[Card] = (),
    extra: Sequence[Card] = (),
) -> Move:
    """A ruling move: ``remedy`` (see :data:`REMEDIES`) for ``seat`` (N, E, S, W).

    ``target`` and ``cards`` describe the irregular play (``target`` -1 for an opening, else
    the number of the word laid on, and ``cards`` then its whole new spelling); ``extra`` is
    the healed spelling (``wrong_word``) or the discard of an invalid closing.
    """
    return Move(MoveKind.RULING, tuple(cards), target, remedy, seat.upper(), tuple(extra))


def penalty_order(cards: Sequence[Card], values: dict[str, int]) -> list[Card]:
    """Penalized cards in discard order: highest value first, then by the order of art. 3.3
    ("scartare secondo norma", definitions)."""
    return sorted(cards, key=lambda x: (-values[x], -seat_draw_key(x)))


def _bad(msg: Message, rule: str | Citation) -> IllegalMoveError:
    """A ruling that does not fit the position; ``rule`` is a topic or a remedy's citation."""
    cited = article(rule) if isinstance(rule, str) else rule
    return IllegalMoveError(msg, article=cited, key="parole.bad_ruling")


def _play_cards(deal: Deal, move: Move, li: int) -> tuple[tuple[Card, ...], Word | None]:
    """The hand cards an (irregular) play takes, and the word it makes if valid."""
    if move.target < 0:
        cards = tuple(move.cards)
        try:
            return cards, make_word(cards, deal.lexicon, deal.code)
        except IllegalMoveError:
            return cards, None
    words = deal.words(LINES[li])
    if not 0 <= move.target < len(words):
        raise _bad(
            message("the line has no word number {number}", number=move.target), "word_number"
        )
    old = words[move.target]
    used = added_cards(old, move.cards)
    try:
        return used, lay_off(old, move.cards, deal.lexicon, deal.code)
    except IllegalMoveError:
        return used, None


def _take(deal: Deal, s: int, cards: Sequence[Card]) -> None:
    deal.take_from_hand(SEATS[s], cards)


def _penalize(deal: Deal, s: int, cards: Sequence[Card]) -> None:
    _take(deal, s, cards)
    pen = deal.penalized(SEATS[s])
    deal.set_penalized(SEATS[s], penalty_order([*pen, *cards], deal.code.letter_values))


def apply_ruling(deal: Deal, move: Move) -> None:
    """Apply the ruling ``move`` to ``deal`` (called by :meth:`Deal.push`).

    Raises :class:`IllegalMoveError` naming the article when the ruling does not fit the
    position (unknown remedy, cards not in hand, a healed word that is not valid...).
    """
    if deal.is_over:
        raise _bad(message("the deal is over"), "deal_end")
    if move.remedy not in REMEDIES:
        raise _bad(
            message(
                "unknown remedy: {remedy} (known: {known})",
                remedy=move.remedy,
                known=", ".join(REMEDIES),
            ),
            "irregularities",
        )
    if move.remedy in IRREGULAR:
        apply_irregular(deal, move)
        return
    if deal.pending_irregularity:
        raise _bad(
            message("rule the multiple discard or make the late draw first"), "pending_irregularity"
        )
    s = SEATS.index(Seat(move.seat))
    li = s & 1
    on_turn = SEATS[s] is deal.turn and deal.phase is Phase.PLAY
    remedy = move.remedy
    if remedy in ("penalize",):
        _penalize(deal, s, move.cards)
        if on_turn:
            deal.require_discard()
        return
    if remedy == "burn":
        if len(move.cards) != 1 or not deal.in_stock(move.cards[0]):
            raise _bad(message("the burned card must be one of the stock's"), "burn")
        deal.burn(move.cards[0])
        return
    if remedy in ("freeze", "freeze_round"):
        words = deal.words(LINES[li])
        if not 0 <= move.target < len(words):
            raise _bad(
                message("the line has no word number {number}", number=move.target),
                REMEDIES[remedy],
            )
        frozen = words[move.target]
        if remedy == "freeze":
            deal.set_freeze(LINES[li], move.target, Freeze(True))
            return
        before = _before(deal, frozen, move.cards)
        deal.set_freeze(LINES[li], move.target, Freeze(False, deal.turns_played + PLAYERS, before))
        return
    if not on_turn:
        raise _bad(
            message("the remedy concerns the player on turn, after the draw"), REMEDIES[remedy]
        )
    if remedy == "wrong_word":
        _wrong_word(deal, s, li, move)
        return
    if remedy == "discard_no_closing":
        if len(move.extra) != 1 or deal.hand_count(SEATS[s], move.extra[0]) == 0:
            raise _bad(
                message("name the discarded card, which must be in hand"), "discard_no_closing"
            )
        deal.discard_as_ruled(move.extra[0])
        return
    used, last = _play_cards(deal, move, li)
    if last is None:
        raise _bad(
            message("the closing's last play is not a valid word: use wrong_word"),
            "invalid_closing_word",
        )
    left = Counter(deal.hand(SEATS[s]))
    left.subtract(used)
    rest = sorted(left.elements())
    if any(n < 0 for n in left.values()):
        raise _bad(message("cards not in hand"), REMEDIES[remedy])
    if remedy == "closing_no_discard":
        if rest:
            raise _bad(
                message("a closing without discard uses every card in hand"), "closing_no_discard"
            )
        _penalize(deal, s, used)
        deal.require_discard()
        return
    discard = tuple(move.extra)
    if rest != sorted(discard) or len(discard) != 1:
        raise _bad(
            message("after the last play only the discarded card is left in hand"),
            REMEDIES[remedy],
        )
    if remedy == "closing_wild" and discard[0] not in WILDS:
        raise _bad(message("the discard is not a wild"), "closing_wild")
    if remedy == "closing_first_round":
        old = _apply_word(deal, s, li, move, used, last)
        n = move.target if move.target >= 0 else len(deal.words(LINES[li])) - 1
        deal.set_freeze(LINES[li], n, Freeze(False, deal.turns_played + PLAYERS, old))
    else:  # closing_no_burraco, closing_wild: the last play becomes penalized
        _penalize(deal, s, used)
    deal.discard_as_ruled(discard[0])


def _apply_word(
    deal: Deal, s: int, li: int, move: Move, used: Sequence[Card], word: Word
) -> Word | None:
    """Put the play on the table; return the word it changed (None for an opening)."""
    _take(deal, s, used)
    return deal.put_word(LINES[li], move.target if move.target >= 0 else None, word)


def _before(deal: Deal, word: Word, laid: Sequence[Card]) -> Word | None:
    """The word as it was before ``laid`` were added (art. 10.12), None if nothing is left."""
    left = Counter(word.cards)
    left.subtract(laid)
    if any(n < 0 for n in left.values()):
        raise _bad(message("the cards named are not in the word"), "temporary_freeze")
    kept: list[Card] = []
    for x in reversed(word.cards):
        if left[x] > 0:
            left[x] -= 1
            kept.append(x)
    kept.reverse()
    if not kept:
        return None
    cards = tuple(kept)
    found = readings(cards, deal.lexicon, deal.code) if sum(x in WILDS for x in cards) < 2 else ()
    return Word(cards, found or ("".join(cards),))


def _wrong_word(deal: Deal, s: int, li: int, move: Move) -> None:
    """Arts. 10.1-10.4: heal the play with the hand's cards; the rest is penalized."""
    used, word = _play_cards(deal, move, li)
    if word is not None:
        raise _bad(
            message("the play named is valid: there is nothing to put right"), "heal_wrong_word"
        )
    _take(deal, s, used)  # the wrong play's cards are off the hand
    healed: Sequence[Card] = move.extra
    if healed:
        pool = Counter(deal.hand(SEATS[s])) + Counter(used)
        if move.target < 0:
            new = make_word(tuple(healed), deal.lexicon, deal.code)
            need = Counter(healed)
        else:
            old = deal.words(LINES[li])[move.target]
            new = lay_off(old, tuple(healed), deal.lexicon, deal.code)
            need = Counter(added_cards(old, tuple(healed)))
        if any(pool[x] < n for x, n in need.items()):
            raise _bad(
                message("only the wrong play's cards and those in hand may put it right"),
                "heal_cards",
            )
        from_used = need & Counter(used)
        from_hand = need - from_used
        _take(deal, s, list(from_hand.elements()))
        deal.put_word(LINES[li], move.target if move.target >= 0 else None, new)
        rest = Counter(used) - from_used
    else:
        rest = Counter(used)
    pen = deal.penalized(SEATS[s])
    deal.set_penalized(SEATS[s], penalty_order([*pen, *rest.elements()], deal.code.letter_values))
    deal.require_discard()


def irregularity(move: Move) -> Irregularity:
    """The core's :class:`~arbitro.games.core.arbiter.Irregularity` of a ruling ``move``
    (:func:`ruling`): its kind (a name of :data:`REMEDIES`, citing its article), the offender,
    and in ``details`` the ``target``, ``cards`` and ``extra`` in the letter notation."""
    if move.kind is not MoveKind.RULING or move.remedy not in REMEDIES:
        raise _bad(
            message(
                "unknown remedy: {remedy} (known: {known})",
                remedy=move.remedy or str(move),
                known=", ".join(REMEDIES),
            ),
            "irregularities",
        )
    details = {"target": move.target, "cards": "".join(move.cards), "extra": "".join(move.extra)}
    return Irregularity(move.remedy, REMEDIES[move.remedy], Seat(move.seat), details)


def _remedy(deal: Deal, irr: Irregularity) -> Ruling[Deal]:
    """The code's remedy of ``irr`` on ``deal`` (the registry's copy): the ruling is pushed as a
    move, so that the record replays it; the records say what it changed."""
    d = irr.details
    move = ruling(
        irr.kind,
        irr.offender.value,
        target=int(d.get("target", -1)),
        cards=tuple(str(d.get("cards", ""))),
        extra=tuple(str(d.get("extra", ""))),
    )
    before = deal.copy()
    deal.push(move)
    return Ruling(irr, deal, _records(before, deal, irr.offender))


def _records(before: Deal, after: Deal, offender: Seat) -> tuple[ArbiterRecord, ...]:
    out: list[ArbiterRecord] = []
    for line in LINES:
        old, new = before.freezes(line), after.freezes(line)
        changed = [n for n, f in new.items() if old.get(n) != f]
        if changed:
            words = after.words(line)
            out.append(FreezeRecord(line, tuple(str(words[n]) for n in changed)))
    for seat in SEATS:
        if after.penalized(seat) != before.penalized(seat):
            out.append(PenalizedCards(seat, after.penalized(seat)))
    was_on_turn = before.turn is offender and before.phase is Phase.PLAY
    if was_on_turn and not after.is_over and after.turn is not offender:
        out.append(InterruptedTurn(offender))
    return tuple(out)


ARBITER: Final[Remedies[Deal]] = Remedies(dict.fromkeys(REMEDIES, _remedy))
"""The core's registry of Burraco Parole's remedies, one a kind of :data:`REMEDIES`:
``ARBITER.rule(deal, irregularity(kind, seat, ...))`` gives the :class:`Ruling` (the new
position, ``deal`` itself unchanged) and its records."""


LABELS: Final[dict[str, Message]] = {
    "wrong_word": Message("A wrong opening or lay-off"),
    "penalize": Message("Cards to penalize"),
    "freeze": Message("A word frozen until the end of the deal"),
    "freeze_round": Message("A word frozen for one round"),
    "discard_no_closing": Message("A discard that is no closing"),
    "burn": Message("A card found away from the table"),
    "closing_no_discard": Message("A closing without a discard"),
    "closing_no_burraco": Message("A closing without a burraco"),
    "closing_first_round": Message("A closing in the first round"),
    "closing_wild": Message("A closing with a wild card discarded"),
    "play_no_draw": Message("A play without drawing"),
    "missed_draw": Message("A missed draw"),
    "closing_no_draw": Message("A closing without drawing"),
    "draw_out_of_turn": Message("A draw out of turn"),
    "pickup_out_of_turn": Message("A pick-up out of turn"),
    "play_out_of_turn": Message("A play out of turn"),
    "put_back": Message("Cards put back"),
    "discard_several": Message("Several cards discarded"),
    "multiple_discard": Message("A multiple discard"),
}
"""What each remedy rules on, in the arbiter's words."""


def code_arbiter(lexicon: Lexicon) -> RemediesArbiter[Deal]:
    """The Parole arbiter behind the protocol of every code, reading positions with
    ``lexicon`` (the engine opens no dictionary: the edge gives it, see
    :mod:`arbitro.games.parole.code_arbiter`). The situation's fields are a ruling's ``target``,
    ``cards`` and ``extra`` (:func:`ruling`)."""
    return RemediesArbiter(
        CodeId.BURRACO_PAROLE,
        lambda text: Deal.from_position(text, lexicon=lexicon),
        ARBITER,
        REMEDIES.__getitem__,
        LABELS,
        dict.fromkeys(REMEDIES, ("target", "cards", "extra")),
        described=DESCRIBED,
        notation=Message("One line, as docs/notation-parole.md writes it: E:play dealer=N …"),
        explain=explain,
    )


DESCRIBED: Final = {
    "target": Fact(
        "target",
        FactKind.NUMBER,
        Message("The word laid on"),
        Message("its number from 0; -1 for an opening"),
        False,
        (),
        -1,
    ),
    "cards": Fact(
        "cards", FactKind.TEXT, Message("The word as laid"), Message("its letters, e.g. CNAE")
    ),
    "extra": Fact(
        "extra",
        FactKind.TEXT,
        Message("The word put right, or the closing's discard"),
        Message("its letters, e.g. CANE"),
    ),
}
"""How the desk asks the fields of a ruling (issue 31), typed."""


__all__ = [
    "ARBITER",
    "REMEDIES",
    "apply_ruling",
    "code_arbiter",
    "irregularity",
    "penalty_order",
    "ruling",
]
