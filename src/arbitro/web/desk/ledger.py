"""The round's ledger as the desk shows it: each director's action with what it did to the
competitor's M.P. and V.P. (lateness, FIBAS art. 37; warnings, art. 22 and 41; arbitral
scores, art. 40) or to its event (an expulsion, art. 40: no later round), whether it can
still be cancelled, and who cancelled it and why."""

from __future__ import annotations

from typing import Any

from arbitro.i18n import Message, msg
from arbitro.tournament.event import EventState, LedgerEntry
from arbitro.tournament.penalties import forfeits_match, lateness_mp_penalty
from arbitro.tournament.records import ArbitralScore, LatenessRecorded, PenaltyGiven


def _lateness_effect(state: EventState, e: LedgerEntry, seconds: int) -> list[Message]:
    rules = state.code
    earlier = sum(
        1
        for x in state.ledger
        if x.kind == "lateness"
        and x.competitor == e.competitor
        and x.round < e.round
        and x.cancelled_by is None
    )
    mp = lateness_mp_penalty(rules, seconds, earlier)
    if forfeits_match(rules, seconds):
        return [Message("match lost")]
    if mp:
        return [msg("{mp} M.P.", mp=-abs(mp))]
    return [Message("no points lost")]


def _warning_effect(state: EventState, e: LedgerEntry) -> list[Message]:
    rules = state.code
    if not rules.warnings_per_penalty:
        return []
    count = sum(
        1
        for x in state.ledger
        if x.kind == "warning"
        and x.competitor == e.competitor
        and x.seq <= e.seq
        and x.cancelled_by is None
    )
    ordinal = msg("warning no. {count}", count=count)
    if count % rules.warnings_per_penalty:
        return [ordinal]
    return [
        ordinal,
        msg(
            "{vp} V.P., {mp} M.P.",
            vp=-abs(rules.warning_vp_penalty),
            mp=-abs(rules.warning_mp_penalty),
        ),
    ]


def effect(state: EventState, e: LedgerEntry) -> list[Message]:
    """What the ledger line did to the competitor's points (empty if nothing, or cancelled)."""
    if e.cancelled_by is not None:
        return []
    rec = state.actions.get(e.seq)
    body = rec.body if rec else None
    if e.kind == "lateness" and isinstance(body, LatenessRecorded):
        return _lateness_effect(state, e, body.seconds)
    if e.kind == "warning":
        return _warning_effect(state, e)
    if e.kind == "expulsion":  # art. 40: stopped from continuing, its results so far stand
        return [msg("plays no round after round {round}", round=e.round)]
    if isinstance(body, PenaltyGiven):  # FIBAS art. 22: taken off the standings
        return [msg("{vp} V.P., {mp} M.P.", vp=-body.vp, mp=-body.mp)]
    if isinstance(body, ArbitralScore):
        return [msg("{vp} V.P., {mp} M.P.", vp=body.vp, mp=body.mp)]
    return []


def ledger_rows(state: EventState, n: int) -> list[dict[str, Any]]:
    """The round's ledger lines, oldest first, with their effect and whether they can be
    cancelled (a record still in ``state.actions``, not cancelled yet)."""
    return [
        {
            "entry": e,
            "effect": effect(state, e),
            "cancellable": e.cancelled_by is None and e.seq in state.actions,
        }
        for e in state.ledger
        if e.round == n
    ]
