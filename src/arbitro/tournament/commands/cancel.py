"""Cancelling an action: every director's and arbiter's action — a sanction, a lateness, an
abandon, an arbitral score, a correction, a withdrawal, a board ruling, a knockout game — can
be undone by a new record that says who cancelled it and why; the log keeps both, and the
standings are computed again without it (the codes' corrections: FIBAS art. 21, 38;
Briscola art. 9)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import N_
from arbitro.lazy_names import lazy_module
from arbitro.tournament.commands.common import make_record, need_reason
from arbitro.tournament.event import EventState

if TYPE_CHECKING:
    from arbitro.tournament.digital import commands as digital
    from arbitro.tournament.knockout_event import KnockoutState
else:  # imported when an abandon is cancelled (the package imports this module at once)
    digital = lazy_module("arbitro.tournament.digital.commands")
from arbitro.tournament.records import (
    AbandonRecorded,
    CompetitorWithdrawn,
    Record,
    RecordCancelled,
    SeatingEdited,
)


def cancel(
    state: EventState, seq: int, reason: str | None, now: datetime, actor: str = "director"
) -> Record:
    """Cancel the action recorded as ``seq``: refused for a record that is not an action of
    the director or the arbiter, or is already cancelled; a withdrawal or an abandon only
    while the round from which the competitor no longer plays is not seated yet (after
    that the seating stands: a withdrawn competitor comes back only as the code lets a
    latecomer in, FIBAS art. 37, see ``setup.readmit``; an abandon stands, art. 36)."""
    reason = need_reason(reason, N_("cancellation"))
    if seq in state.cancellations:
        raise ConflictError("record #{seq} is already cancelled", seq=seq)
    target = state.actions.get(seq)
    if target is None:
        raise NotFoundError("record #{seq} is not an action that can be cancelled", seq=seq)
    body = target.body
    if isinstance(body, CompetitorWithdrawn | AbandonRecorded):
        back = body.from_round if isinstance(body, CompetitorWithdrawn) else body.round + 1
        if back <= state.config.rounds and state.round(back).seating is not None:
            raise ArbitroError(
                "round {round} is already seated without this competitor: the seating stands",
                round=back,
                article=state.code.cite(
                    "late_registration" if isinstance(body, CompetitorWithdrawn) else "abandon"
                ),
            )
    if isinstance(body, AbandonRecorded):
        _abandon_not_played_on(state, body)
    if isinstance(body, SeatingEdited):  # a hand edit: only of the seating not yet published
        _edit_in_force(state, seq, body)
    return make_record(RecordCancelled(seq), now, actor, reason)


def _abandon_not_played_on(state: EventState, body: AbandonRecorded) -> None:
    """Refuse cancelling an abandon once a deal of its round was dealt at a digital table
    without the player (Scala 40 art. 25: the three play on; docs/rulings.md, digital 25):
    the deals dealt to three cannot be dealt again to four, so the abandon stands, as once
    the next round is seated."""
    found = digital.dealt_without(state, body.round, body.competitor)
    if found is not None:
        table, deal = found
        raise ConflictError(
            "deal {deal} of table {table} was dealt without this player at a digital table: "
            "the abandon stands",
            deal=deal,
            table=table,
            article=state.code.cite("abandon"),
            key="digital.abandon_stands",
        )


def _edit_in_force(state: EventState, seq: int, body: SeatingEdited) -> None:
    """Refuse cancelling a hand edit of a seating published since (FIBAS art. 21 b: it
    stands) or drawn again since (the edit no longer belongs to the round's seating)."""
    r = state.round(body.round)
    if r.seating_published_at is not None:
        raise ConflictError(
            "round {round}'s seating is already published: it stands",
            round=body.round,
            article=state.code.cite("corrections"),
        )
    if all(e.seq != seq for e in r.edits):
        raise ConflictError(
            "round {round} was seated again after this edit: it no longer applies",
            round=body.round,
        )


def cancel_game(
    state: KnockoutState, seq: int, reason: str | None, now: datetime, actor: str = "arbiter"
) -> Record:
    """Cancel a knockout game (a result entered by mistake): only the last game of its match,
    and only while no game of a later round is recorded (Briscola art. 9)."""
    reason = need_reason(reason, N_("cancellation"))
    if seq in state.cancellations:
        raise ConflictError("record #{seq} is already cancelled", seq=seq)
    target = state.games.get(seq)
    if target is None or state.bracket is None:
        raise NotFoundError("record #{seq} is not a game that can be cancelled", seq=seq)
    match_id = getattr(target.body, "match", "")
    later = [
        r.seq
        for r in state.games.values()
        if r.seq > seq
        and r.seq not in state.cancellations
        and (getattr(r.body, "match", "") == match_id or _fed_by(state, match_id, r))
    ]
    if later:
        raise ArbitroError(
            "games recorded after this one depend on it (records {later}): cancel them first",
            later=", ".join(f"#{n}" for n in later),
        )
    return make_record(RecordCancelled(seq), now, actor, reason)


def _fed_by(state: KnockoutState, match_id: str, later: Record) -> bool:
    """True when ``later`` is a game of a later round than ``match_id``'s."""
    assert state.bracket is not None
    source = state.bracket.match(match_id)
    match = state.bracket.match(getattr(later.body, "match", ""))
    return match.round > source.round
