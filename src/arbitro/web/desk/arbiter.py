"""The arbiter's forms of the round page: lateness (FIBAS art. 37), warnings (art. 41; the
article of the event's code), abandons (art. 36) and arbitral scores (art. 40)."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter
from starlette.datastructures import FormData

from arbitro.i18n import N_, Message
from arbitro.tournament.records import AbandonScore
from arbitro.tournament.zone import event_zone, parse_local_time
from arbitro.web import auth
from arbitro.web.app import Web
from arbitro.web.desk.rounds import competitor_field, round_form
from arbitro.web.forms import FieldError, checked, int_field, required_field, text_field

router = APIRouter()


def _reason(form: FormData) -> str | None:
    return text_field(form, "reason", 1000) or None


@round_form(router, "lateness")
def _lateness(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Record a competitor's lateness (FIBAS art. 37, Parole art. 13: the event's code)."""
    minutes = int_field(form, "minutes", Message("minutes"), low=0, high=600, default=0)
    seconds = int_field(form, "seconds", Message("seconds"), low=0, high=59, default=0)
    web.service.record_lateness(
        event_id, n, competitor_field(form), minutes * 60 + seconds, session.user
    )
    return "penalties"


@round_form(router, "warning")
def _warning(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Give a warning (FIBAS art. 41, Parole art. 14.4: the article of the event's code)."""
    web.service.give_warning(event_id, n, competitor_field(form), _reason(form), actor=session.user)
    return "penalties"


@round_form(router, "abandon")
def _abandon(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Record an abandon, justified or not (FIBAS art. 36, Scala 40 art. 25), with the
    arbiter's choice of the leaving side's score where the code has one (Parole art. 13.4)."""
    justified = checked(form, "justified")
    raw = text_field(form, "score", 20)
    try:
        score = AbandonScore(raw) if raw else None
    except ValueError:
        raise FieldError("score", "«{raw}» is not a choice of score", raw=raw) from None
    state = web.service.state(event_id)
    if score is None and state.code.abandon_choices:  # Parole art. 13.4: a), b) or c)
        raise FieldError(
            "score",
            "choose a), b) or c): the score of the side that left",
            article=state.code.cite("abandon"),
        )
    web.service.record_abandon(
        event_id, n, competitor_field(form), justified, _reason(form), session.user, score
    )
    return "penalties"


@round_form(router, "arbitral")
def _arbitral(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Assign an arbitral score (FIBAS art. 40)."""
    mp = int_field(form, "mp", Message("MP"), low=-100_000, high=100_000)
    vp = int_field(form, "vp", Message("VP"), low=-100, high=100)
    web.service.arbitral_score(
        event_id, n, competitor_field(form), mp, vp, _reason(form), session.user
    )
    return "penalties"


def _local_time_field(form: FormData, name: str, web: Web, event_id: str) -> datetime | None:
    """A time of day typed at the desk, in the event's time zone (its setting), or None if
    left empty."""
    raw = text_field(form, name, 10)
    if not raw:
        return None
    where = event_zone(web.service.state(event_id).config)
    at = parse_local_time(raw, web.service.clock(), where)
    if at is None:
        raise FieldError(name, "«{raw}»: write the time as HH:MM", raw=raw)
    return at


@round_form(router, "start")
def _start(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Start the round's clock, now or at the time typed (FIBAS art. 7)."""
    started_at = _local_time_field(form, "started_at", web, event_id)
    web.service.start_round(event_id, n, started_at=started_at, actor=session.user)
    return "clock"


@round_form(router, "correct-start")
def _correct_start(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Correct the start of the round's clock to the time typed, with the reason (FIBAS
    art. 7): the time played, the time-out (art. 17) and the lateness (art. 37) follow."""
    started_at = _local_time_field(form, "started_at", web, event_id)
    if started_at is None:
        raise FieldError("started_at", "write the round's real start as HH:MM")
    reason = required_field(form, "reason", 1000, N_("write why the start is corrected"))
    web.service.correct_start(event_id, n, started_at, reason, actor=session.user)
    return "clock"


@round_form(router, "arrival")
def _arrival(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """A late competitor arrived, now or at the time typed: show the lateness measured from
    the round's start and its cost, to confirm before it is recorded (FIBAS art. 37)."""
    competitor = competitor_field(form)
    arrived = _local_time_field(form, "arrived", web, event_id) or web.service.clock()
    web.service.lateness_of_arrival(event_id, n, competitor, arrived)  # refuses early
    stamp = int(arrived.timestamp())
    return f"late={competitor}&arrived={stamp}#lateness-preview"


@round_form(router, "cancel")
def _cancel(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    """Cancel a director's action of the ledger, with its reason (the record stays)."""
    seq = int_field(form, "seq", Message("action"), low=1)
    reason = required_field(form, "reason", 1000, N_("write why the action is cancelled"))
    web.service.cancel(event_id, seq, reason, actor=session.user)
    return "penalties"
