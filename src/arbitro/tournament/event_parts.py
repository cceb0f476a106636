"""The parts of an event's state folded from its records: a competitor, a round, a payment
at the desk, a table's count of a board (FIBAS arts. 4, 7, 39; Scala 40 arts. 25-26)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from arbitro.tournament.model import CompetitorId, Movement, Seating
from arbitro.tournament.records import PaymentMethod, Record
from arbitro.tournament.table_sheets import TableSheet


@dataclass(slots=True)
class Competitor:
    """A pair, team or player as registered; never removed, only withdrawn."""

    number: CompetitorId
    name: str
    players: tuple[str, ...]
    withdrawn_from_round: int | None = None
    joined_round: int = 1  # a late entry plays from this round (Scala 40 art. 26)
    # what its missed rounds score, and whether it is ranked (CompetitorRegistered)
    missed: str | None = None
    missed_vp: int = 0
    missed_mp: int = 0
    ranked: bool = True

    def active_in(self, round_number: int) -> bool:
        """True from the round it joined, unless it withdrew or abandoned before."""
        if round_number < self.joined_round:
            return False
        return self.withdrawn_from_round is None or round_number < self.withdrawn_from_round


@dataclass(frozen=True, slots=True)
class Payment:
    """An entry fee paid at the desk, as recorded: who paid, how much, how, who took it."""

    seq: int
    competitor: CompetitorId
    amount_cents: int
    method: PaymentMethod
    actor: str
    at: datetime


@dataclass(frozen=True, slots=True)
class BoardCount:
    """A table's count of a prepared board's pockets before play, as recorded (Law 13
    model): ``counts`` None when every pocket held its cards."""

    seq: int
    round: int
    table: int
    board: int
    copy: int
    counts: Mapping[str, int] | None
    actor: str
    at: datetime


@dataclass(slots=True)
class RoundState:
    """One round: seating, sheets, and when its seating and standings were published."""

    number: int
    seating: Seating | None = None
    movement: Movement | None = None
    seed: int | None = None
    mitchell_step: int | None = None  # the step chosen for an automatic Mitchell (art. 4)
    seating_published_at: datetime | None = None
    sheets: dict[int, TableSheet] = field(default_factory=dict)
    standings_published_at: datetime | None = None
    open_complaints: dict[int, str] = field(default_factory=dict)
    # complaint seq → who lodged it (the competitor, None when not recorded), art. 39
    complainants: dict[int, CompetitorId | None] = field(default_factory=dict)
    seated_seq: int = 0  # the seq of the round-seated record of the seating in force
    # the seating as the movement drew it, before the hand edits (``seating`` holds them)
    drawn: Seating | None = None
    # the hand edits in force of the drawn seating, in order (not cancelled; a new draw
    # starts from none): docs/rulings.md, "Seating by hand"
    edits: list[Record] = field(default_factory=list)
    version: int = 0  # the seq of the last record that changed the round (what a director saw)
    started_at: datetime | None = None  # the arbiter's clock (FIBAS art. 7)
    start_corrected: Record | None = None  # the last correction of that start, who and why
