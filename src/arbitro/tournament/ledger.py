"""The event's sanctions ledger as folded from its records: sanctions, penalties in points
and the ledger's lines (FIBAS arts. 22, 40, 41; Parole art. 14; Briscola art. 10)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from arbitro.codes.citation import Citation
from arbitro.i18n import Message, verbatim
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import AbandonScore

# The arbiter's choices of an abandoning side's score, as the ledger and the forms name them
# (Parole art. 13.4 a-c).
ABANDON_SCORE_NAMES = {
    AbandonScore.ZERO: Message("zero"),
    AbandonScore.REST_SCORE: Message("the table's score"),
    AbandonScore.SCORE_SO_FAR: Message("the score acquired so far"),
}

# The remedies of a code's own rule for a board with a wrong number of cards, as the ledger
# names them (FIBAS art. 6: a new deal before play, the result stands once play has begun).
WRONG_COUNT_OUTCOMES = {
    "redeal": Message("board dealt again from its dealing sheet"),
    "result_stands": Message("the result stands"),
}


class SanctionKind(StrEnum):
    """The sanctions of the codes: reprimand ("richiamo"), warning ("ammonizione"),
    expulsion ("espulsione") (FIBAS art. 22, 40, 41; Parole art. 14)."""

    REPRIMAND = "reprimand"
    WARNING = "warning"
    EXPULSION = "expulsion"


@dataclass(frozen=True, slots=True)
class Sanction:
    """One entry of the sanctions ledger: what, to whom, by which article, who, when, why."""

    seq: int
    round: int
    competitor: CompetitorId
    kind: SanctionKind
    article: Citation
    actor: str
    at: datetime
    reason: str
    player: str | None = None


@dataclass(frozen=True, slots=True)
class PointsPenalty:
    """A penalty in points as recorded (FIBAS art. 22): ``mp`` M.P. and ``vp`` V.P. off the
    competitor's standings (both non-negative), its article, who gave it, when and why."""

    seq: int
    round: int
    competitor: CompetitorId
    mp: int
    vp: int
    article: Citation
    actor: str
    at: datetime
    reason: str
    player: str | None = None


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One line of the event's sanctions ledger: sanctions, lateness, abandons, arbitral
    scores and board rulings, each with its article, who recorded it, when and why;
    ``detail`` is a message rendered at the edge."""

    seq: int
    round: int
    competitor: CompetitorId | None  # None for a board ruling (it concerns a board)
    kind: str  # reprimand | warning | expulsion | lateness | abandon | arbitral-score | ...
    article: Citation
    actor: str
    at: datetime
    reason: str
    detail: Message = field(default_factory=lambda: verbatim(""))
    cancelled_by: str | None = None  # who cancelled the action (a later record), if anyone
    cancel_reason: str | None = None
