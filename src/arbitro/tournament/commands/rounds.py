"""Rounds: seating (art. 4, 21 b, 36), publication of the seating and of the standings
(art. 19), the complaints window (art. 38-39)."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import N_, ngettext, verbatim
from arbitro.tournament.commands.common import make_record, need_reason
from arbitro.tournament.commands.setup import refuse_absent
from arbitro.tournament.event import EventState, seating_tables
from arbitro.tournament.model import (
    CompetitorId,
    Line,
    Movement,
    Seating,
    TableSeating,
)
from arbitro.tournament.movements import SeatingRequest, seat_round
from arbitro.tournament.movements.constraints import AUTO_STEP
from arbitro.tournament.movements.fours import seat_fours
from arbitro.tournament.movements.mitchell import mitchell_step
from arbitro.tournament.movements.request import citing_code
from arbitro.tournament.pairing_constraints import avoid_pairs
from arbitro.tournament.records import (
    ComplaintLodged,
    ComplaintResolved,
    Record,
    RoundSeated,
    SeatingPublished,
    StandingsPublished,
    utc,
)
from arbitro.tournament.scoring.results import ScoreSource, memo_scores
from arbitro.tournament.standings.standings import ranking


def seat(
    state: EventState,
    round_number: int,
    now: datetime,
    *,
    movement: Movement | None = None,
    seed: int | None = None,
    arbiter_tables: tuple[TableSeating, ...] | None = None,
    actor: str = "director",
) -> Record:
    """Seat round ``round_number`` by its movement (art. 4); it may be seated again until its
    seating is published. Later rounds need the previous round's standings published; round 1,
    once the check-in is in use, every competitor playing it checked in as present. The pairs
    that must not meet are kept apart where the movement can (art. 4); with an automatic
    Mitchell step the step is chosen in the movement's first round, recorded with the seating
    and kept by its later rounds."""
    r = state.round(round_number)
    code = state.code
    if r.seating_published_at is not None:
        raise ConflictError(
            "round {round}'s seating is already published: it stands",
            round=round_number,
            article=code.cite("corrections"),
        )
    if round_number > 1 and state.round(round_number - 1).standings_published_at is None:
        raise ArbitroError(
            "publish round {round}'s standings first",
            round=round_number - 1,
            article=code.cite("seating"),
        )
    movement = movement or state.config.movements[round_number - 1]
    refuse_absent(state, round_number)
    if movement is Movement.ARBITER_CHOICE and arbiter_tables is None:
        raise ArbitroError("arbiter's choice: give the tables", article=code.cite("seating"))
    seed = state.config.seed * 1000 + round_number if seed is None else seed
    active = tuple(state.active(round_number))
    present = set(active)
    rank = (
        tuple(c for c in ranking(state, round_number - 1) if c in present)
        if round_number > 1
        else active
    )
    if len(rank) < len(active):  # a late entry unranked so far joins at the bottom (rulings)
        placed = set(rank)
        rank += tuple(c for c in active if c not in placed)
    history = tuple(state.round(n).seating or Seating(()) for n in range(1, round_number))
    request = SeatingRequest(
        movement=movement,
        round_number=round_number,
        total_rounds=state.config.rounds,
        event_format=state.config.event_format,
        competitors=active,
        ranking=rank,
        history=history,
        session_start_round=state.config.session_start(round_number),
        seed=seed,
        mitchell_step=_kept_step(state, round_number, movement),
        arbiter_tables=arbiter_tables,
        avoid=avoid_pairs(state),
        mitchell_rounds=_mitchell_rounds(state, round_number),
    )
    # The movements' refusals cite the event's code (its seating and rest articles).
    with citing_code(state.config.code):
        chosen: int | None = None
        if (
            movement is Movement.MITCHELL
            and state.config.mitchell_step == AUTO_STEP
            and not state.sheet_kind.individual_tables
            and round_number > 1
        ):
            chosen = mitchell_step(request)
            request = dataclasses.replace(request, mitchell_step=chosen)
        previous = state.round(round_number - 1).seating if round_number > 1 else None
        gone = set(previous.competitors()) - present if previous else set()
        if state.sheet_kind.individual_tables:  # tables of four individuals (Scala 40 art. 2)
            seating = seat_fours(
                movement,
                round_number,
                active,
                rank,
                previous,
                seed=seed,
                step=state.config.mitchell_step or 1,
                arbiter_tables=arbiter_tables,
            )
        elif (
            movement is Movement.MITCHELL
            and previous is not None
            and gone
            and present <= set(previous.competitors())  # a late entry: the field is drawn anew
        ):
            # Art. 36: a Mitchell movement keeps turning after a withdrawal or an abandon; the
            # lines that would have met the missing one rest and get the rest score (art. 37).
            field = tuple(sorted(previous.competitors()))
            whole = seat_round(dataclasses.replace(request, competitors=field, ranking=field))
            seating = Seating(
                tuple(
                    TableSeating(t.table, _present(t.ns, gone), _present(t.ew, gone))
                    for t in whole.tables
                    if _present(t.ns, gone) or _present(t.ew, gone)
                )
            )
        else:
            seating = seat_round(request)
    return make_record(
        RoundSeated(round_number, movement, seating_tables(seating), seed, chosen), now, actor
    )


def _kept_step(state: EventState, round_number: int, movement: Movement) -> int:
    """The Mitchell step of this round: the one recorded with the previous round's seating
    when that round was a Mitchell round with a chosen step (the movement keeps its cycle,
    art. 4), else the event's (0: to be chosen)."""
    if round_number > 1 and movement is Movement.MITCHELL:
        before = state.round(round_number - 1)
        if before.movement is Movement.MITCHELL and before.mitchell_step is not None:
            return before.mitchell_step
    return state.config.mitchell_step


def _mitchell_rounds(state: EventState, round_number: int) -> int:
    """This round and the Mitchell rounds that follow it in the event's plan: how far an
    automatic step looks ahead."""
    count = 1
    movements = state.config.movements
    while round_number + count <= len(movements) and (
        movements[round_number + count - 1] is Movement.MITCHELL
    ):
        count += 1
    return count


def _present(line: Line | None, gone: set[CompetitorId]) -> Line | None:
    return None if line is None or gone & set(line) else line


def _check_seen(state: EventState, round_number: int, seen: int | None) -> None:
    """Refuse an action decided on a version of the round that has changed since."""
    if seen is not None and seen != state.round(round_number).version:
        raise ConflictError(
            "round {round} changed after you looked at it (someone else seated it again or "
            "changed a sheet): look at it again before publishing",
            round=round_number,
        )


def publish_seating(
    state: EventState,
    round_number: int,
    now: datetime,
    actor: str = "director",
    *,
    seen: int | None = None,
) -> Record:
    """Publish ("affiggere") a round's seating: from now on it stands (art. 21 b). ``seen``
    is the round's version the director looked at: the seating is published only if it is
    still that one."""
    r = state.round(round_number)
    _check_seen(state, round_number, seen)
    if r.seating is None:
        raise ArbitroError("round {round} is not seated yet", round=round_number)
    if r.seating_published_at is not None:
        raise ConflictError("round {round} already published", round=round_number)
    refusal = seats_gone_refusal(state, round_number)
    if refusal is not None:
        raise refusal
    return make_record(SeatingPublished(round_number), now, actor)


PUBLISH_GONE = "publish.seats_gone"
"""The key of the refusal to publish a seating that seats a competitor withdrawn or expelled
since it was drawn: the terminal names the command that seats the round again, the desk its
button."""


def seats_gone_refusal(state: EventState, round_number: int) -> ArbitroError | None:
    """Why round ``round_number``'s seating cannot be published, when it seats competitors
    who no longer play in it (:func:`seated_but_gone`: withdrawn, FIBAS art. 36, expelled,
    art. 40, or gone after an abandon, Scala 40 art. 25), naming them; keyed
    :data:`PUBLISH_GONE` (the edges add how to seat the round again), a
    :class:`ConflictError` (the request contradicts what is recorded, as editing a seating
    drawn before a correction does). None otherwise: the refusal :func:`publish_seating`
    raises, and what the desk shows before one publishes."""
    gone = seated_but_gone(state, round_number)
    if not gone:
        return None
    return ConflictError(
        ngettext(
            "round {round}'s seating, drawn before it left, seats {competitors}, who no longer "
            "plays in it (withdrawn, expelled or abandoned): seat the round again before "
            "publishing it",
            "round {round}'s seating, drawn before they left, seats {competitors}, who no "
            "longer play in it (withdrawn, expelled or abandoned): seat the round again before "
            "publishing it",
            len(gone),
            round=round_number,
            competitors=verbatim(", ".join(f"{c} {state.competitors[c].name}" for c in gone)),
        ),
        key=PUBLISH_GONE,
        article=state.code.cite_if("withdrawal"),
    )


def seated_but_gone(state: EventState, round_number: int) -> list[CompetitorId]:
    """The competitors round ``round_number``'s seating seats who no longer play in it:
    withdrawn (FIBAS art. 36) or expelled (art. 40) after the seating was drawn, in table
    order; none when the round has no seating."""
    seating = state.round(round_number).seating
    if seating is None:
        return []
    out = []
    for c in seating.competitors():
        gone = state.competitors[c].withdrawn_from_round
        if gone is not None and gone <= round_number:
            out.append(c)
    return out


def missing_sheets(state: EventState, round_number: int) -> list[int]:
    """Tables of the round still without a usable result: no sheet, a sheet submitted by one
    line only, or a conflict."""
    scores = memo_scores(state, round_number, round_number)
    r = state.round(round_number)
    tables = {s.table for s in scores.values() if s.source is ScoreSource.PENDING}
    # TableSheet.confirmed, at a glance when the accepted entry's signers are the sheet's
    # own set of them (the director's entry)
    tables |= {
        n
        for n, sh in r.sheets.items()
        if sh.conflicts
        or not ((sh.accepted is not None and sh.confirmed_by is sh.signers) or sh.confirmed)
    }
    return sorted(tables)


def publish_standings(
    state: EventState,
    round_number: int,
    now: datetime,
    actor: str = "director",
    *,
    seen: int | None = None,
) -> Record:
    """Publish the round's standings: provisional until the complaints window closes
    (art. 39). Every table needs its result, and conflicts must be settled. ``seen`` is the
    round's version the director looked at: refused if a sheet changed since."""
    r = state.round(round_number)
    _check_seen(state, round_number, seen)
    if r.seating_published_at is None:
        raise ArbitroError("round {round} has not been played", round=round_number)
    if r.standings_published_at is not None:
        raise ConflictError("round {round}'s standings already published", round=round_number)
    missing = missing_sheets(state, round_number)
    if missing:
        raise ArbitroError(
            "round {round}: sheets missing, unconfirmed or in conflict at tables {tables}",
            round=round_number,
            tables=", ".join(str(t) for t in missing),
            article=state.code.cite("sheet"),
        )
    return make_record(StandingsPublished(round_number), now, actor)


def lodge_complaint(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    text: str,
    now: datetime,
    actor: str = "director",
) -> Record:
    """A complaint about the standings, within 15 minutes of their display (art. 39)."""
    state.competitor(competitor)
    r = state.round(round_number)
    article = state.code.cite_if("complaints")
    if r.standings_published_at is None:
        raise ArbitroError("standings not displayed yet", article=article)
    closes = r.standings_published_at + timedelta(minutes=state.config.complaints_window_minutes)
    if utc(now) >= closes:
        raise ArbitroError(
            "the complaints window has closed: the standings are final", article=article
        )
    return make_record(ComplaintLodged(round_number, competitor, text), now, actor)


def resolve_complaint(
    state: EventState,
    round_number: int,
    complaint: int,
    decision: str | None,
    now: datetime,
    actor: str = "director",
    *,
    accepted: bool | None = None,
) -> Record:
    """The tournament director settles a complaint, immediately and finally (art. 38):
    ``accepted`` True or False (None: the decision's text alone says it). A correction that
    answers an accepted complaint is recorded before it (``correct_sheet`` with
    ``complaint``), while the complaint keeps the round's standings provisional (art. 39)."""
    if complaint not in state.round(round_number).open_complaints:
        raise NotFoundError(
            "complaint {complaint} is not open",
            complaint=complaint,
            article=state.code.cite_if("complaint_decision"),
        )
    decision = need_reason(decision, N_("complaint"))
    return make_record(ComplaintResolved(round_number, complaint, accepted), now, actor, decision)


def stale_seating(state: EventState, round_number: int) -> bool:
    """True when round ``round_number`` is seated, its seating not yet published, and a
    correction of an earlier round recorded after the draw changed the standings it was
    drawn on so that the same movement and seed now seat it otherwise (FIBAS art. 21 a, "attuerà
    la correzione se non è stata affissa la posizione ai tavoli": the seating is drawn again
    on the corrected standings, once the director confirms). A published seating is never
    stale: it stands (art. 21 b). Computed once per record (the state's views): the desk's
    round page asks at every look."""
    return state.view("stale-seating", round_number, lambda: _stale(state, round_number))


def _stale(state: EventState, round_number: int) -> bool:
    r = state.round(round_number)
    if (
        round_number == 1
        or r.seating is None
        or r.seating_published_at is not None
        or r.movement is None
        or r.movement is Movement.ARBITER_CHOICE
    ):
        return False
    after = r.seated_seq
    corrected_since = any(
        c.seq > after and c.effective_round < round_number
        for n in sorted(state.corrected_rounds)
        if n < round_number
        for sheet in state.round(n).sheets.values()
        for c in sheet.corrections
    )
    if not corrected_since:
        return False
    try:
        redrawn = seat(state, round_number, state.created_at, movement=r.movement, seed=r.seed)
    except ArbitroError:
        return False
    assert isinstance(redrawn.body, RoundSeated)
    # the seating as drawn, its hand edits aside (they are the director's, not the draw's)
    return redrawn.body.tables != seating_tables(r.drawn or r.seating)
