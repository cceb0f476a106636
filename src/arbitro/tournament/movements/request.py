"""What a round's seating is asked for, and the checks every movement shares (FIBAS art. 4).

A :class:`SeatingRequest` names the movement, the round, the active competitors in registration
order and their current ranking, and the seatings of the previous rounds. The helpers here
refuse bad input with an :class:`~arbitro.errors.ArbitroError` citing the seating article of
the code in force (FIBAS art. 4, Scala 40 art. 2...): the event's, set by the command that
seats (:func:`citing_code`), the registry's default code when none is (issue 30: the movements
name no code).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import NoReturn

from arbitro.codes.citation import Citation, cite
from arbitro.codes.registry import DEFAULT_CODE
from arbitro.errors import ArbitroError
from arbitro.i18n import Message
from arbitro.tournament.model import (
    PLAYERS_PER_LINE,
    CompetitorId,
    EventFormat,
    Movement,
    Seating,
    TableSeating,
)

_CODE: ContextVar[str] = ContextVar("arbitro_seating_code", default=DEFAULT_CODE)


@contextmanager
def citing_code(code: str) -> Iterator[None]:
    """Seat under ``code`` for the block: the movements' refusals cite its articles (the
    event's code, given by the command that seats the round)."""
    token = _CODE.set(str(code))
    try:
        yield
    finally:
        _CODE.reset(token)


def tables_article() -> Citation:
    """The seating article of the code in force (FIBAS art. 4 "Tavoli": lines, tables and
    their assignment; Scala 40 art. 2)."""
    return cite(_CODE.get(), "seating")


def rest_article() -> Citation:
    """The rest article of the code in force (FIBAS art. 37 "Tavolo incompleto - riposo":
    who rests at the incomplete table)."""
    return cite(_CODE.get(), "rest")


LINES_PER_TABLE = 2
"""Two lines at a table, North-South and East-West (art. 4: "due coppie o linee avversarie")."""


@dataclass(frozen=True, slots=True)
class SeatingRequest:
    """Everything needed to seat one round (FIBAS art. 4 "Assegnazione del tavolo").

    ``competitors`` are the active competitors in registration order; ``ranking`` the same
    competitors best first (an empty ranking means registration order); ``history`` the
    seatings of rounds 1..round_number-1, in order. ``seed`` feeds ``random.Random`` for draws.
    ``avoid``: the pairs that must not meet (same club, family, the director's list), kept
    apart where the movement can (see :mod:`~arbitro.tournament.movements.constraints`).
    ``mitchell_step`` 0 lets the Mitchell movement choose its step, looking ahead
    ``mitchell_rounds`` rounds (this one and the Mitchell rounds that follow it).
    """

    movement: Movement
    round_number: int
    total_rounds: int
    event_format: EventFormat
    competitors: tuple[CompetitorId, ...]
    ranking: tuple[CompetitorId, ...]
    history: tuple[Seating, ...] = ()
    session_start_round: int = 1
    seed: int = 0
    mitchell_step: int = 1
    arbiter_tables: tuple[TableSeating, ...] | None = None
    avoid: tuple[tuple[CompetitorId, CompetitorId], ...] = ()
    mitchell_rounds: int = 1

    @property
    def is_individual(self) -> bool:
        """True for individual events: a line is two players, changing every round (art. 4)."""
        return self.event_format is EventFormat.INDIVIDUAL

    @property
    def line_size(self) -> int:
        """Competitors per line: one pair or team, or two players in individual events."""
        return PLAYERS_PER_LINE if self.is_individual else 1

    @property
    def is_last_round(self) -> bool:
        """True in the event's last round (modified Danish allows rematches there, art. 4)."""
        return self.round_number == self.total_rounds

    @property
    def ranked(self) -> tuple[CompetitorId, ...]:
        """The competitors best first: ``ranking``, or registration order if it is empty."""
        return self.ranking or self.competitors

    @property
    def previous(self) -> Seating | None:
        """The seating of the previous round, if any."""
        return self.history[-1] if self.history else None


def refuse(text: Message, article: Citation | None = None) -> NoReturn:
    """Raise the :class:`ArbitroError` saying ``text`` for a seating that cannot be made
    (the seating article of the code in force by default: FIBAS art. 4)."""
    raise ArbitroError(text, article=article or tables_article())


def names(ids: Sequence[CompetitorId]) -> str:
    """The competitors' numbers, comma-separated, for messages."""
    return ", ".join(str(c) for c in ids)
