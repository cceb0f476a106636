"""The arbiter's round clock (FIBAS art. 7, 17, 37): when the round started, the time played,
the round's time by its number of deals, when to call the time-out, and the lateness of a
line that arrives, measured from the start. The clock is the arbiter's: nothing here is
shown to the players (art. 7: "Non è consentita nessuna informazione ai giocatori riguardo
al tempo di gioco residuo")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.i18n import N_
from arbitro.tournament.commands.common import make_record, need_reason, seated_table
from arbitro.tournament.event import EventState, RoundState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.penalties import (
    earlier_lateness,
    forfeits_match,
    lateness_mp_penalty,
    lateness_sanctions,
)
from arbitro.tournament.records import ClockCorrected, Record, RoundStarted, utc
from arbitro.tournament.zone import SHORT, event_zone, local_text


@dataclass(frozen=True, slots=True)
class RoundClock:
    """The clock of a round under way: start, time played, the round's time (None where the
    code sets none), and whether the time-out is due (art. 17)."""

    round: int
    started_at: datetime
    played: timedelta
    round_time: timedelta | None
    article: Citation | None

    @property
    def time_out_due(self) -> bool:
        """True once the round's time has run: the arbiter calls the time-out (art. 17)."""
        return self.round_time is not None and self.played >= self.round_time


def clock_text(delta: timedelta | int) -> str:
    """A duration (or seconds) as minutes and seconds (``12:30``; ``75:05`` past the hour),
    as the arbiter's clock shows the time played (art. 7)."""
    seconds = max(0, int(delta.total_seconds() if isinstance(delta, timedelta) else delta))
    return f"{seconds // 60}:{seconds % 60:02d}"


@dataclass(frozen=True, slots=True)
class LatenessPreview:
    """What a lateness costs, shown before it is recorded (FIBAS art. 37; Parole art. 13)."""

    seconds: int
    mp_penalty: int
    sanctions: tuple[str, ...]
    forfeit: bool
    article: Citation | None


def start_round(
    state: EventState,
    round_number: int,
    now: datetime,
    *,
    started_at: datetime | None = None,
    actor: str = "arbiter",
) -> Record:
    """Start the round's clock (art. 7), now or at the time the arbiter gives; once the
    seating is published and until the standings are. A clock started already is corrected
    (:func:`correct_start`), with the reason, never started again."""
    r = _open_round(state, round_number)
    if r.started_at is not None:
        raise ArbitroError(
            "round {round}'s clock is already started: correct its start, with the reason",
            round=round_number,
            article=state.code.cite_if("round_time"),
        )
    if started_at is not None:
        _check_start(state, round_number, started_at, now)
    body = RoundStarted(round_number, None if started_at is None else utc(started_at))
    return make_record(body, now, actor)


def correct_start(
    state: EventState,
    round_number: int,
    now: datetime,
    started_at: datetime,
    reason: str | None,
    *,
    actor: str = "arbiter",
) -> Record:
    """Correct the start of the round's clock (art. 7) to ``started_at``, a start typed wrong:
    a new record with who, when and why (the reason is required); the time played, the
    time-out (art. 17) and the lateness (art. 37) then count from the corrected start. Refused
    before the clock is started, once the standings are published, for a start in the future
    or before the seating was published."""
    r = _open_round(state, round_number)
    if r.started_at is None:
        raise ArbitroError(
            "round {round}'s clock is not started: start it first",
            round=round_number,
            article=state.code.cite_if("round_time"),
        )
    why = need_reason(reason, N_("correcting the round's start"))
    _check_start(state, round_number, started_at, now)
    if utc(started_at) == r.started_at:
        raise ArbitroError("the round's clock already started at that time: nothing to correct")
    return make_record(ClockCorrected(round_number, utc(started_at)), now, actor, why)


def _open_round(state: EventState, round_number: int) -> RoundState:
    """The round, refused before its seating is published and once its standings are."""
    r = state.round(round_number)
    if r.seating_published_at is None:
        raise ArbitroError("round {round} is not under way", round=round_number)
    if r.standings_published_at is not None:
        raise ArbitroError("round {round}'s standings are published", round=round_number)
    return r


def _check_start(state: EventState, round_number: int, started_at: datetime, now: datetime) -> None:
    """Refuse a start in the future, or before the round's seating was published (art. 7: the
    round starts with its tables seated)."""
    if utc(started_at) > utc(now):
        raise ArbitroError("the round cannot start in the future")
    published = state.round(round_number).seating_published_at
    if published is not None and utc(started_at) < published:
        raise ArbitroError(
            "the round cannot start before its seating was published, at {time}",
            time=local_text(published, event_zone(state.config), SHORT),
            article=state.code.cite_if("round_time"),
        )


def round_clock(state: EventState, round_number: int, now: datetime) -> RoundClock | None:
    """The round's clock, or None before the arbiter starts it."""
    r = state.round(round_number)
    if r.started_at is None:
        return None
    minutes = state.code.round_minutes.get(state.deals(round_number))
    return RoundClock(
        round_number,
        r.started_at,
        max(timedelta(0), utc(now) - r.started_at),
        None if minutes is None else timedelta(minutes=minutes),
        state.code.cite_if("round_time"),
    )


def lateness_seconds(
    state: EventState, round_number: int, competitor: CompetitorId, arrived: datetime
) -> int:
    """How late a competitor arriving at ``arrived`` is, from the round's start (art. 37)."""
    seated_table(state, round_number, competitor)
    r = state.round(round_number)
    if r.started_at is None:
        raise ArbitroError(
            "start round {round}'s clock first: lateness counts from the start",
            round=round_number,
            article=state.code.cite_if("lateness"),
        )
    seconds = int((utc(arrived) - r.started_at).total_seconds())
    if seconds <= 0:
        raise ArbitroError(
            "arrived before the round started: no lateness", article=state.code.cite_if("lateness")
        )
    return seconds


def lateness_preview(
    state: EventState, round_number: int, competitor: CompetitorId, seconds: int
) -> LatenessPreview:
    """The MP penalty, sanctions and forfeit a lateness of ``seconds`` carries, by the code
    (FIBAS art. 37: up to 5 minutes a warning, 5:01-10 -100 MP, beyond the match lost;
    Parole art. 13.1-13.3)."""
    rules = state.code
    earlier = earlier_lateness(state, competitor, round_number)
    return LatenessPreview(
        seconds,
        lateness_mp_penalty(rules, seconds, earlier),
        tuple(lateness_sanctions(rules, seconds, earlier)),
        forfeits_match(rules, seconds),
        rules.cite_if("lateness"),
    )
