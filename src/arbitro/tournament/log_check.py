"""An event's log read from outside (an imported event file) is checked like the actions
that made it: each record is decided again by the command that makes it, on the state of
the records before it, and the log is refused whole, naming the first record that a live
action would have refused (a sheet for a table that does not exist, a round not seated, a
competitor seated twice, a time in the future...)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from arbitro.errors import ArbitroError
from arbitro.lazy_names import lazy_module
from arbitro.tournament import commands
from arbitro.tournament.boards import assignment_of, comparison_method
from arbitro.tournament.clock import correct_start, start_round
from arbitro.tournament.commands.boards import check_board
from arbitro.tournament.commands.common import playing_table
from arbitro.tournament.commands.fees import pay, set_fee
from arbitro.tournament.commands.prizes import check_prize_plan
from arbitro.tournament.commands.rulings import check_ruling
from arbitro.tournament.commands.seating_edit import edit_seating
from arbitro.tournament.commands.setup import LateEntry, check_in, refuse_absent
from arbitro.tournament.commands.sheets import check_entry, decide_sheet
from arbitro.tournament.commands.tiebreaks import check_tiebreaks
from arbitro.tournament.commands.words import judge_word
from arbitro.tournament.digital import rounds as digital_rounds
from arbitro.tournament.digital.commands import check_record
from arbitro.tournament.event import EventState, SanctionKind
from arbitro.tournament.knockout import GameReport
from arbitro.tournament.knockout_event import (
    KnockoutState,
    cancel_withdrawal,
    draw_bracket,
    enter_game,
    pay_fee,
    record_game,
    register_pair,
    withdraw_pair,
)
from arbitro.tournament.records import (
    AbandonRecorded,
    ArbitralScore,
    BoardChecked,
    BoardRuling,
    BracketDrawn,
    ClockCorrected,
    CompetitorCheckedIn,
    CompetitorRegistered,
    CompetitorRenamed,
    CompetitorWithdrawn,
    ComplaintLodged,
    ComplaintResolved,
    ConstraintAdded,
    DigitalAnswered,
    DigitalCalled,
    DigitalDealt,
    DigitalMove,
    DigitalPaused,
    DigitalRound,
    DigitalSettings,
    EntryFeeSet,
    EventCreated,
    EventImported,
    FeePaid,
    GameEntered,
    GameResult,
    Irregularity,
    KnockoutCreated,
    LatenessRecorded,
    PenaltyGiven,
    PrizePlanRecorded,
    Record,
    RecordCancelled,
    RoundSeated,
    RoundStarted,
    RulingGiven,
    SanctionGiven,
    SeatingEdited,
    SeatingPublished,
    SheetCorrected,
    SheetEntered,
    StandingsPublished,
    TiebreaksChosen,
    WordJudged,
    body_to_json,
    unknown_record,
)

if TYPE_CHECKING:
    from arbitro.tournament import knockout_digital
else:  # it imports this module's knockout folds: read on first use
    knockout_digital = lazy_module("arbitro.tournament.knockout_digital")

# A record dated later than this after the moment of the import is refused.
FUTURE = timedelta(days=1)


def check_log(
    event_id: str, records: Sequence[Record], now: datetime
) -> EventState | KnockoutState:
    """The state after ``records``, each checked as the live action that made it; an
    ArbitroError naming the first record refused."""
    first = records[0].body
    state: EventState | KnockoutState
    if isinstance(first, KnockoutCreated):
        _at(records[0], now)
        state = KnockoutState.replay(event_id, records[:1])
        check: Callable[[Any, Record], Checked] = _check_knockout
    elif isinstance(first, EventCreated):
        _at(records[0], now)
        _decide(records[0], lambda _s, r: ([commands.create_event(first, r.at)], None), None)
        state = EventState.replay(event_id, records[:1])
        check = _check_rounds
    else:
        raise ArbitroError("the event's log does not start with its creation")
    following: list[Record] = []  # the other records one action made, still to come
    rounds = isinstance(state, EventState)
    limit = now + FUTURE
    parse = state.sheet_kind.parse if isinstance(state, EventState) else None
    for rec in records[1:]:
        if rec.at > limit:
            _at(rec, now)
        body = rec.body
        if type(body) is SheetEntered and parse is not None and not following:
            # Most of a log, in one step: parsed, decided as the live entry, folded as parsed.
            assert isinstance(state, EventState)
            try:
                entry = parse(body.entry)
                decide_sheet(state, body.round, body.table, entry, body.line)
            except ArbitroError as exc:
                raise _refused(rec, exc) from None
            state.apply(rec, parsed=entry)
            continue
        entry = None
        if following:
            expected = following.pop(0)
            if not _same_body(expected.body, rec.body):
                raise ArbitroError(
                    "record {seq} ({kind}) is not what the action before it makes",
                    seq=rec.seq,
                    kind=rec.kind.value,
                )
        else:
            made, entry = _decide(rec, check, state)
            following = made[1:]
        if rounds:  # a sheet's entry, parsed to check it, is folded as parsed
            state.apply(rec, parsed=entry)  # type: ignore[call-arg]  # EventState.apply takes it
        else:
            state.apply(rec)
            if state.stale:  # a knockout's cancellation: the next record sees the state without
                state = type(state).replay(event_id, records[: records.index(rec) + 1])
    if state.stale:
        state = type(state).replay(event_id, records)
    return state


def _same_body(made: Any, read: Any) -> bool:
    """True when two bodies have the same JSON form: equal bodies do (compared first, no
    serialising); unequal ones may still (a list where a tuple is typed), so their JSON forms
    decide."""
    return bool(made == read) or body_to_json(made) == body_to_json(read)


def _at(rec: Record, now: datetime) -> None:
    if rec.at > now + FUTURE:
        raise ArbitroError(
            "record {seq} ({kind}) is dated {at}, after the moment of the import",
            seq=rec.seq,
            kind=rec.kind.value,
            at=rec.at.isoformat(),
        )


Checked = tuple[list[Record], Any]
"""The records the live action makes (the checked record first), and the sheet's entry the
check parsed (None for other records)."""


def _decide(rec: Record, check: Callable[[Any, Record], Checked], state: Any) -> Checked:
    try:
        return check(state, rec)
    except ArbitroError as exc:
        raise _refused(rec, exc) from None


def _refused(rec: Record, exc: ArbitroError) -> ArbitroError:
    """The error naming the record a live action would have refused, and why."""
    return ArbitroError(
        "record {seq} ({kind}) would be refused: {problem}",
        seq=rec.seq,
        kind=rec.kind.value,
        problem=exc.msg,
        article=exc.article,
    )


def _same(rec: Record, made: list[Record]) -> list[Record]:
    """The command, given the record's inputs, must make the same record (the others it
    makes must follow it in the log)."""
    if not _same_body(made[0].body, rec.body):
        raise ArbitroError(
            "it differs from what the action makes: {made}", made=str(body_to_json(made[0].body))
        )
    return made


def _check_rounds(state: EventState, rec: Record) -> Checked:
    at, who, why = rec.at, rec.actor, rec.reason
    entry = None
    match rec.body:
        case SheetEntered() as b:  # first: most of a log
            entry = state.sheet_kind.parse(b.entry)
            decide_sheet(state, b.round, b.table, entry, b.line)
        case CompetitorRegistered() as b:
            return _same(rec, _registered(state, b, at, who)), None
        case CompetitorRenamed() as b:
            made = [commands.rename(state, b.competitor, b.name, at, who, b.players)]
            return _same(rec, made), None
        case CompetitorCheckedIn() as b:
            return _same(rec, check_in(state, [b.competitor], at, b.present, who)), None
        case EntryFeeSet() as b:
            return _same(rec, [set_fee(state, b.entry_fee_cents, at, who)]), None
        case FeePaid() as b:
            made = pay(state, [b.competitor], at, b.amount_cents, b.method, who)
            return _same(rec, made), None
        case CompetitorWithdrawn() as b:
            return _same(rec, [commands.withdraw(state, b.competitor, at, why, who)]), None
        case RoundSeated() as b:
            _seated(state, b)
        case SeatingEdited() as b:
            return _same(rec, [edit_seating(state, b, at, who)]), None
        case ConstraintAdded() as b:
            made = [commands.add_constraint(state, b.first, b.second, b.reason, at, who, b.note)]
            return _same(rec, made), None
        case SeatingPublished() as b:
            commands.publish_seating(state, b.round, at, who)
        case RoundStarted() as b:
            start_round(state, b.round, at, started_at=b.started_at, actor=who)
        case ClockCorrected() as b:
            correct_start(state, b.round, at, b.started_at, why, actor=who)
        case SheetCorrected() as b:
            entry = state.sheet_kind.parse(b.entry)
            check_entry(state, b.round, b.table, entry)
        case LatenessRecorded() as b:
            commands.record_lateness(state, b.round, b.competitor, b.seconds, at, who)
        case SanctionGiven() as b:
            kind = SanctionKind(b.sanction)
            commands.give_sanction(
                state, b.round, b.competitor, kind, why, at, article=b.article, player=b.player
            )
        case PenaltyGiven() as b:
            commands.give_penalty(
                state,
                b.round,
                b.competitor,
                why,
                at,
                mp=b.mp,
                vp=b.vp,
                article=b.article,
                player=b.player,
            )
        case ArbitralScore() as b:
            commands.arbitral_score(state, b.round, b.competitor, b.mp, b.vp, why, at, who)
        case AbandonRecorded() as b:
            commands.record_abandon(state, b.round, b.competitor, b.justified, why, at, who)
        case StandingsPublished() as b:
            commands.publish_standings(state, b.round, at, who)
        case PrizePlanRecorded() as b:
            check_prize_plan(state, b)
        case TiebreaksChosen() as b:
            check_tiebreaks(state, b)
        case ComplaintLodged() as b:
            if b.competitor is not None:
                commands.lodge_complaint(state, b.round, b.competitor, b.text, at, who)
        case ComplaintResolved() as b:
            commands.resolve_complaint(state, b.round, b.complaint, why, at, who)
        case BoardRuling() as b:
            playing_table(state, b.round, b.table)
            board = b.ruling.get("board")
            if comparison_method(state) is not None and isinstance(board, int):
                assignment_of(state, b.round, b.table, board)
        case BoardChecked() as b:
            made = [check_board(state, b.round, b.table, b.board, b.counts, at, who)]
            return _same(rec, made), None
        case WordJudged() as b:
            made = [judge_word(state, b.word, b.approved, b.round, why, at, who)]
            return _same(rec, made), None
        case RecordCancelled() as b:
            target = state.actions.get(b.target)
            if target is not None and isinstance(target.body, CompetitorWithdrawn):
                # A re-admission (art. 37): it may seat a late pair in round 1.
                made = commands.readmit(state, target.body.competitor, why, at, who)
                return _same(rec, made), None
            commands.cancel(state, b.target, why, at, who)
        case RulingGiven() as b:
            check_ruling(state, b.code, b.round, b.table)
        case (
            DigitalDealt()
            | DigitalMove()
            | DigitalPaused()
            | DigitalCalled()
            | DigitalAnswered()
            | DigitalSettings()
        ):
            # issue 32: decided again by its own module
            return _same(rec, [check_record(state, rec)]), None
        case DigitalRound():  # issue 32: the round's tables chosen digital
            return _same(rec, [digital_rounds.check_record(state, rec)]), None
        case EventImported():
            pass
        case _:
            raise unknown_record(rec.kind, state.event_id)
    return [rec], entry


def _registered(state: EventState, b: CompetitorRegistered, at: datetime, who: str) -> list[Record]:
    # A director's late admission (its ``missed`` recorded) is decided again as one (rulings).
    late = (
        None
        if b.missed is None
        else LateEntry(b.joined_round, b.missed, b.missed_vp, b.missed_mp, b.ranked)
    )
    return commands.register(state, b.name, b.players, at, who, late)


def _seated(state: EventState, b: RoundSeated) -> None:
    """A seating read from a file: its round exists and may be seated now; every competitor
    seated exists, plays that round and sits once (FIBAS art. 4)."""
    if state.round(b.round).seating_published_at is not None:
        raise ArbitroError(
            "round {round}'s seating is already published: it stands",
            round=b.round,
            article=state.code.cite("corrections"),
        )
    if b.round > 1 and state.round(b.round - 1).standings_published_at is None:
        raise ArbitroError("publish round {round}'s standings first", round=b.round - 1)
    refuse_absent(state, b.round)
    numbers = [t.table for t in b.tables]
    if numbers != list(range(1, len(numbers) + 1)):
        raise ArbitroError("tables must be numbered 1, 2, 3... ({tables})", tables=str(numbers))
    seen: set[int] = set()
    competitors, number = state.competitors, b.round
    for t in b.tables:
        # TableSeating.lines, flattened in its order: the players, or N-S then E-W
        for line in (t.ns, t.ew) if t.players is None else (t.players,):
            for c in line or ():
                comp = competitors.get(c) or state.competitor(c)
                if c in seen:
                    raise ArbitroError("competitor {competitor} is seated twice", competitor=c)
                seen.add(c)
                if (
                    comp.withdrawn_from_round is None and comp.joined_round <= number
                ):  # active_in(number), the common case at a glance
                    continue
                if not comp.active_in(number) and not comp.joined_round > number:
                    raise ArbitroError(
                        "competitor {competitor} does not play in round {round}",
                        competitor=c,
                        round=b.round,
                    )


def _check_knockout(state: KnockoutState, rec: Record) -> Checked:
    at, who = rec.at, rec.actor
    match rec.body:
        case CompetitorRegistered() as b:
            paid = bool(b.entry_fee_cents)
            made = [register_pair(state, b.name, b.players, at, paid=paid, actor=who)]
            return _same(rec, made), None
        case FeePaid() as b:
            pay_fee(state, b.competitor, at, who)
        case CompetitorWithdrawn() as b:
            withdraw_pair(state, b.competitor, at, who)
        case GameEntered() as b:  # and the game-result it makes when both pairs agree
            pts = {int(p): n for p, n in b.points.items()}
            made = enter_game(state, b.match, b.pair, pts, b.last_trick, b.device, at)
            return _same(rec, made), None
        case BracketDrawn() as b:
            present = sorted(n for n, p in state.pairs.items() if not p.withdrawn)
            if sorted(p for p in b.order if p is not None) != present:
                raise ArbitroError("the bracket does not hold every registered pair once")
            draw_bracket(state, at, who, seed=b.seed)
        case GameResult() as b if knockout_digital.digital_result(state, b):  # issue 33
            return knockout_digital.check_result(state, rec), None
        case GameResult() | Irregularity():
            record_game(state, GameReport.from_payload(body_to_json(rec.body)), at, who, rec.reason)
        case RecordCancelled() as b if b.target in state.withdrawals:
            cancel_withdrawal(state, b.target, rec.reason, at, who)
        case RecordCancelled() as b:
            commands.cancel_game(state, b.target, rec.reason, at, who)
        case EventImported():
            pass
        case DigitalDealt() | DigitalMove():  # issue 32: a match at a digital table
            return knockout_digital.check_record(state, rec), None
        case _:
            raise unknown_record(rec.kind, state.event_id)
    return [rec], None
