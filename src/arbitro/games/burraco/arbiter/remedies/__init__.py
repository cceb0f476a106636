"""The remedies of FIBAS (Section C, arts. 22-35, and arts. 6, 9, 10, 18, 32 NB) in the core's
shape (:mod:`arbitro.games.core.arbiter`): an irregularity is a core
:class:`~arbitro.games.core.arbiter.Irregularity` whose ``kind`` is an
:class:`~arbitro.games.burraco.arbiter.irregularities.IrregularityKind` value, its remedy a
function of a copy of the :class:`~arbitro.games.burraco.arbiter.deal.ArbiterDeal` (changed
through its public mutators only) returning the core :class:`~arbitro.games.core.arbiter.Ruling`:
the new position (whose :attr:`~ArbiterDeal.rulings` end with what was done, said for the user)
and the core's records (freezes, penalized cards, interrupted turn, arbitral score, new deal).

One module per article group: :mod:`.deal` (arts. 6, 9, 10, 18), :mod:`.conduct` (art. 22),
:mod:`.pozzetti` (art. 23), :mod:`.exposed` (arts. 24-26), :mod:`.deck` (art. 27),
:mod:`.melds` (arts. 28-29), :mod:`.draws` (arts. 30-31), :mod:`.closings` (arts. 32-33),
:mod:`.scores` (arts. 34-35). :data:`REMEDIES` holds them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from arbitro.games.burraco import Seat
from arbitro.games.burraco.arbiter.irregularities import IrregularityKind as K
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.remedies import (
    closings,
    conduct,
    deal,
    deck,
    draws,
    exposed,
    melds,
    pozzetti,
    scores,
)
from arbitro.games.burraco.arbiter.remedies.common import (
    Details,
    core_records,
    decided,
    details_json,
    parse_details,
)
from arbitro.games.burraco.errors import fibas
from arbitro.games.core import arbiter as core
from arbitro.i18n import message

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal

Handler = Callable[["ArbiterDeal", K, "Seat | None", Details], Ruling]

HANDLERS: Final[dict[K, Handler]] = {
    K.MISDEAL: deal.misdeal,
    K.FACE_UP_IN_STOCK: deal.face_up_card,
    K.FACE_UP_ON_STOCK: deal.face_up_card,
    K.TWO_CARDS_DRAWN: deal.two_cards_drawn,
    K.PARTIAL_PICK_UP: deal.partial_pick_up,
    K.PILE_CARD_LIFTED: deal.pile_card_lifted,
    K.CLOSING_AT_PILE: deal.closing_at_pile,
    K.TABLE_ACTED: conduct.art22,
    K.PLAYED_BEFORE_RULING: conduct.art22,
    K.POZZETTO_SHORT: pozzetti.pozzetto_count,
    K.POZZETTO_LONG: pozzetti.pozzetto_count,
    K.POZZETTO_PREVIOUS_DEAL: pozzetti.pozzetto_previous,
    K.POZZETTO_SEEN_EARLY: pozzetti.pozzetto_seen,
    K.WRONG_PLAY_THEN_POZZETTO: pozzetti.wrong_then_pozzetto,
    K.EXPOSED_CARD: exposed.exposed,
    K.EXPOSED_ON_PARTNER_MELD: exposed.exposed,
    K.WRONG_LAY_OFF: exposed.penalized,
    K.EXCESS_CARD: exposed.penalized,
    K.THROWN_CARDS: exposed.thrown,
    K.DECK_MISSING_OR_EXCESS: deck.deck,
    K.INCOMPLETE_MELD: melds.incomplete,
    K.WRONG_MELD: melds.wrong,
    K.MISSING_DRAW: draws.missing_draw,
    K.PARTNER_REMINDER: draws.missing_draw,
    K.OUT_OF_TURN_PICK_UP: draws.out_of_turn,
    K.OUT_OF_TURN_DRAW: draws.out_of_turn,
    K.DRAW_AFTER_POZZETTO: draws.after_pozzetto,
    K.PICK_UP_AFTER_POZZETTO: draws.after_pozzetto,
    K.EQUAL_SETS: closings.equal_sets,
    K.CLOSING_WITHOUT_BURRACO: closings.closing,
    K.CLOSING_FIRST_ROUND: closings.closing,
    K.CLOSING_WITH_WILD: closings.closing,
    K.CLOSING_WITHOUT_DISCARD: closings.closing,
    K.POINTS_NOT_COUNTED: scores.points,
    K.GHOST_CARD: scores.ghost,
}
"""Each kind's remedy, by article group."""


def irregularity(kind: K, offender: Seat, **details: Any) -> core.Irregularity:
    """The core irregularity ``kind`` by ``offender``, citing its FIBAS article; ``details``
    (typed or in the script's notation) are stored JSON-ready (see :class:`Details`)."""
    return core.Irregularity(kind.value, kind.citation, offender, details_json(**details))


def _forfeited(d: ArbiterDeal, kind: K, offender: Seat | None, det: Details) -> Ruling:
    """Art. 22: the table acted before calling the arbiter: the right to the penalty is lost."""
    return decided(
        d,
        kind,
        offender,
        det.found,
        message(
            "the table acted before calling the arbiter: the right to the penalty is lost "
            "({article})",
            article=fibas("table_acted"),
        ),
        forfeited=True,
    )


def _core_remedy(handler: Handler) -> core.Remedy[ArbiterDeal]:
    def remedy(d: ArbiterDeal, irr: core.Irregularity, /) -> core.Ruling[ArbiterDeal]:
        kind = K(irr.kind)
        det = parse_details(irr.details)
        offender = irr.offender if det.named else None
        rule = _forfeited if det.table_acted else handler
        entry = rule(d, kind, offender, det)
        d.rulings.append(entry)
        return core.Ruling(irr, d, core_records(entry))

    return remedy


_BY_KIND: Final[dict[str, core.Remedy[ArbiterDeal]]] = {
    kind.value: _core_remedy(handler) for kind, handler in HANDLERS.items()
}

REMEDIES: Final[core.Remedies[ArbiterDeal]] = core.Remedies(_BY_KIND)
"""Burraco's remedies by kind (every :class:`IrregularityKind` has one)."""


def rule(d: ArbiterDeal, irr: core.Irregularity) -> core.Ruling[ArbiterDeal]:
    """The ruling on ``irr``: the remedy applied to a copy of ``d`` (``d`` is unchanged)."""
    return REMEDIES.rule(d, irr)


def rule_in_place(d: ArbiterDeal, irr: core.Irregularity) -> core.Ruling[ArbiterDeal]:
    """The ruling on ``irr`` applied to ``d`` itself (:meth:`ArbiterDeal.rule`: the table's
    position goes on from the ruling, the melds it shows stay the same objects)."""
    if irr.kind not in _BY_KIND:
        return REMEDIES.rule(d, irr)  # the registry's error for an unknown kind
    return _BY_KIND[irr.kind](d, irr)


__all__ = ["HANDLERS", "REMEDIES", "Details", "irregularity", "rule", "rule_in_place"]
