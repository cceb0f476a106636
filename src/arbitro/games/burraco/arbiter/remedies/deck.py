"""Art. 27: missing or excess cards in the deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.cards import format_cards
from arbitro.games.burraco import Seat
from arbitro.games.burraco.arbiter.irregularities import (
    Irregularity,
)
from arbitro.games.burraco.arbiter.records import ActionKind, Ruling
from arbitro.games.burraco.arbiter.remedies.common import (
    Details,
    bad,
    decided,
)
from arbitro.i18n import message
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter import deal as arbiter_deal
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal
else:
    # a circle: the deal rules through the remedies
    arbiter_deal = lazy_module("arbitro.games.burraco.arbiter.deal")


def deck(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 27: cards missing or in excess: found before play starts, the deck is restored and
    dealt again; during or after the deal, the result stands and the deck is replaced."""
    missing, extra = arbiter_deal.full_deck_difference(d)
    if not missing and not extra:
        raise bad(message("the deck is complete"), irr.citation)
    cards = {
        "missing": format_cards(sorted(missing.elements())),
        "extra": format_cards(sorted(extra.elements())),
    }
    started = any(a.kind in (ActionKind.DRAW, ActionKind.PICK_UP) for a in d.log) or d.turns_played
    if not started:
        d.declare_void()
        return decided(
            d,
            irr,
            offender,
            det.found,
            message(
                "before play started (missing {missing}; extra {extra}): the deck is restored "
                "and dealt again",
                **cards,
            ),
            redeal=True,
            next_to_act=None,
        )
    return decided(
        d,
        irr,
        offender,
        det.found,
        message(
            "during or after the deal (missing {missing}; extra {extra}): the result stands; the "
            "deck will be replaced",
            **cards,
        ),
    )
