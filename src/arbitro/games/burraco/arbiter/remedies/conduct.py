"""Art. 22: the table acted before calling the arbiter, or play went on before the ruling."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.games.burraco import Seat
from arbitro.games.burraco.arbiter.irregularities import (
    Irregularity,
)
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.remedies.common import (
    Details,
    decided,
    offender_of,
)
from arbitro.i18n import message

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal


def art22(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 22: the table acted before calling the arbiter (the right to the penalty is lost),
    or a player played on before the ruling (warned)."""
    if irr is Irregularity.TABLE_ACTED:
        return decided(
            d,
            irr,
            offender,
            det.found,
            message("the table acted before calling the arbiter: the right to the penalty is lost"),
            forfeited=True,
        )
    seat = offender_of(offender, irr)
    d.warn(seat, irr)
    return decided(
        d,
        irr,
        seat,
        det.found,
        message("{seat} played on before the ruling: warned", seat=seat.value),
        warned=(seat,),
    )
