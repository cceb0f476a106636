"""What every command shares: making a record, requiring a reason, finding the table a
round is played at."""

from __future__ import annotations

from datetime import datetime

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError, NotFoundError
from arbitro.i18n import Message
from arbitro.tournament.event import EventState, RoundState
from arbitro.tournament.model import (
    CompetitorId,
    EventFormat,
    Movement,
    TableSeating,
)
from arbitro.tournament.records import Body, Record, utc

FIRST_ROUND_MOVEMENTS = (
    Movement.DRAW,
    Movement.REGISTRATION_ORDER,
    Movement.ARBITER_CHOICE,
    Movement.ROUND_ROBIN,  # the calendar is set in advance (art. 4)
)
PLAYERS_PER_COMPETITOR = {EventFormat.PAIRS: (2, 2), EventFormat.INDIVIDUAL: (1, 1)}
MIN_TEAM_PLAYERS = 4  # art. 2 "Concorrente": a team is four or more players


# The highest competitor number of the states registrations were last decided on, by the
# identity of their ``competitors`` dict: (that dict, how many it held, the highest number).
# The dict only grows (a competitor is never removed from the fold), so the numbers added
# since are its last entries: a list of thousands of registrations is numbered in linear time.
def make_record(body: Body, now: datetime, actor: str, reason: str | None = None) -> Record:
    """A new record (its seq is given by the store)."""
    return Record(body, utc(now), actor, reason)


REASON_MISSING = "reason.missing"
"""The key of the refusal of an action without its reason (the terminal names ``--reason``)."""


def need_reason(reason: str | None, what: str, article: Citation | None = None) -> str:
    """The reason stripped; an error naming ``what`` (a msgid marked with ``N_``) if empty,
    citing ``article`` (the rule that asks for it, e.g. FIBAS art. 21 for a correction)."""
    if not reason or not reason.strip():
        raise ArbitroError(
            "{what}: a reason is required", what=Message(what), article=article, key=REASON_MISSING
        )
    return reason.strip()


def first_unpublished_round(state: EventState) -> int:
    """The first round whose seating is not published yet (rounds + 1 when all are)."""
    for n in range(1, state.config.rounds + 1):
        if state.round(n).seating_published_at is None:
            return n
    return state.config.rounds + 1


def playing_table(state: EventState, round_number: int, table: int) -> TableSeating:
    """The table ``table`` of a round under way, where two lines (or players) play."""
    return playing_round_table(state, round_number, table)[1]


def playing_round_table(
    state: EventState, round_number: int, table: int
) -> tuple[RoundState, TableSeating]:
    """:func:`playing_table`, with the round it found (a sheet's decision reads both)."""
    r = state.round(round_number)
    if r.seating is None or r.seating_published_at is None:
        raise ArbitroError(
            "round {round} is not under way (seating not published)", round=round_number
        )
    t = r.seating.table(table)
    if t is None:
        raise NotFoundError(
            "table {table} does not exist in round {round} (tables 1-{count})",
            table=table,
            round=round_number,
            count=len(r.seating.tables),
        )
    if t.is_incomplete:
        raise ArbitroError(
            "table {table} is incomplete: the line present rests, no sheet",
            table=table,
            article=state.code.cite("rest"),
        )
    return r, t


def seated_table(state: EventState, round_number: int, competitor: CompetitorId) -> TableSeating:
    """The table of a competitor in a round under way."""
    state.competitor(competitor)
    r = state.round(round_number)
    if r.seating_published_at is None:
        raise ArbitroError("round {round} is not under way", round=round_number)
    t = state.table_of(round_number, competitor)
    if t is None:
        raise ArbitroError(
            "competitor {competitor} does not play in round {round}",
            competitor=competitor,
            round=round_number,
        )
    return t
