"""``arbitro clock``: the arbiter's round clock from a terminal (FIBAS art. 7, 17, 37): show
it, start it (now or at the time the arbiter gives), or correct a start typed wrong, with the
reason. Times are typed and shown in the event's time zone (its setting)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli import words
from arbitro.cli.common import EventArg, JsonOpt, RoundArg, emit, errors, service
from arbitro.errors import ArbitroError
from arbitro.i18n import _, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from zoneinfo import ZoneInfo

    from arbitro.services.events import EventService
    from arbitro.tournament import clock as tournament_clock
    from arbitro.tournament import zone
    from arbitro.tournament.clock import RoundClock
    from arbitro.tournament.commands import values
    from arbitro.tournament.event import EventState
else:
    # Loaded on first use: the command line's start-up (issue 14).
    tournament_clock = lazy_module("arbitro.tournament.clock")
    zone = lazy_module("arbitro.tournament.zone")
    values = lazy_module("arbitro.tournament.commands.values")


def typed_time(raw: str, now: datetime, where: ZoneInfo) -> datetime:
    """The time of day the arbiter typed (``HH:MM``, in the event's zone ``where``) on the
    venue's date of ``now``; an error if it is not such a time."""
    at = zone.parse_local_time(raw, now, where)
    if at is None:
        raise ArbitroError("«{raw}»: write the time as HH:MM", raw=raw)
    return at


def clock_data(state: EventState, round_number: int, shown: RoundClock | None) -> dict[str, Any]:
    """The round's clock as JSON: the start (UTC and the venue's time), the event's zone,
    the time played and the round's time in seconds, whether the time-out is due (art. 17)."""
    where = zone.event_zone(state.config)
    fixed = state.round(round_number).start_corrected
    return {
        "round": round_number,
        "timezone": where.key,
        "started_at": None if shown is None else shown.started_at,
        "started_local": None
        if shown is None
        else zone.local_text(shown.started_at, where, zone.CLOCK),
        "played_seconds": None if shown is None else int(shown.played.total_seconds()),
        "round_seconds": None
        if shown is None or shown.round_time is None
        else int(shown.round_time.total_seconds()),
        "time_out_due": shown is not None and shown.time_out_due,
        "corrected": None
        if fixed is None
        else {"by": fixed.actor, "at": fixed.at, "reason": fixed.reason},
    }


def clock_lines(state: EventState, round_number: int, shown: RoundClock | None) -> str:
    """The round's clock as the terminal shows it, in the run's language: the start in the
    event's zone, the time played of the round's time (art. 7), the time-out when due."""
    if shown is None:
        return _("Round {round}: the clock is not started.", round=round_number)
    where = zone.event_zone(state.config)
    start = _(
        "Started at {time}",
        time=f"{zone.local_text(shown.started_at, where, zone.CLOCK)} ({where.key})",
    )
    played = (
        _("played {played}", played=tournament_clock.clock_text(shown.played))
        if shown.round_time is None
        else _(
            "played {played} of {total}",
            played=tournament_clock.clock_text(shown.played),
            total=tournament_clock.clock_text(shown.round_time),
        )
    )
    lines = [_("Round {round}", round=round_number) + f": {start} · {played}"]
    fixed = state.round(round_number).start_corrected
    if fixed is not None:
        lines.append(
            _(
                "Start corrected by {who} at {time}: {reason}",
                who=fixed.actor,
                time=zone.local_text(fixed.at, where, zone.SHORT),
                reason=fixed.reason or "",
            )
        )
    if shown.time_out_due:
        cited = state.code.cite_if("time_out")
        lines.append(
            _("Call the TIME OUT ({article})", article=cited) if cited else _("Call the TIME OUT")
        )
    return "\n".join(lines)


def set_clock(
    svc: EventService, event_id: str, round_number: int, start: str, reason: str | None, actor: str
) -> None:
    """Start the round's clock at ``start`` (``now`` or ``HH:MM``), or, once started, correct
    its start to ``start`` with the ``reason`` (FIBAS art. 7)."""
    state = svc.state(event_id)
    now = svc.clock()
    started = state.round(round_number).started_at is not None
    if start.strip().lower() in ("now", "ora", "adesso"):
        at = now
    else:
        at = typed_time(start, now, zone.event_zone(state.config))
    if started:
        svc.run(event_id, values.CorrectStart(round_number, at, reason, actor=actor))
    else:
        svc.run(event_id, values.StartRound(round_number, started_at=at, actor=actor))


def register(app: typer.Typer) -> None:
    """Add the ``clock`` command to ``app``."""

    @app.command(
        "clock",
        help=_(
            "The round's clock: show it, start it (--start now or HH:MM), correct its start "
            "(--start HH:MM --reason ...)."
        ),
    )
    def clock(
        event_id: EventArg,
        round_number: RoundArg,
        start: Annotated[
            str | None,
            typer.Option(
                "--start",
                help=_("The round's start, in the event's time zone: HH:MM, or now"),
            ),
        ] = None,
        reason: Annotated[
            str | None,
            typer.Option("--reason", help=_("Why the start is corrected (required to correct)")),
        ] = None,
        actor: Annotated[
            str,
            typer.Option(
                "--actor",
                help=_("Who starts or corrects"),
                show_default=render(words.TERMINAL_ACTOR),
            ),
        ] = "arbiter",
        json_out: bool = JsonOpt,
    ) -> None:
        """The round's clock (FIBAS art. 7, 17): shown; started at ``--start``; or, once
        started, its start corrected to ``--start`` with the ``--reason`` (a new record)."""
        with errors(json_out):
            svc = service()
            if start is not None:
                set_clock(svc, event_id, round_number, start, reason, actor)
            state = svc.state(event_id)
            shown = svc.round_clock(event_id, round_number)
            emit(
                clock_data(state, round_number, shown),
                clock_lines(state, round_number, shown),
                json_out,
            )
