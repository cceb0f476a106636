"""Standings after a round (FIBAS art. 19: VP, then MP), with the penalties shown apart:
two warnings cost 1 VP and 100 MP in the overall standings (art. 22 note 1, art. 41), and a
lateness up to 5 minutes is a warning (art. 37).

Order: VP, then the event's tie-breaks (issue 34, :mod:`.tiebreaks`; by default MP, art.
19-20); competitors equal on all share the rank and are listed by registration number
(docs/rulings.md, "Tie-breaks").

Who is ranked: every competitor that plays or has played a round. One withdrawn before its
first round (absent at the check-in, art. 36; a late entry that never came, art. 37) never
played and is not in the standings; one withdrawn later keeps its results (art. 36: "restano
confermati i risultati conseguiti") and its row says from which round it no longer plays.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.errors import ArbitroError
from arbitro.i18n import Message, msg, ngettext
from arbitro.tiebreak_names import MP_SCORED
from arbitro.tournament.event import Competitor, EventState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.penalties import earlier_lateness, lateness_sanctions
from arbitro.tournament.scoring.results import ScoreSource, memo_scores
from arbitro.tournament.standings.tiebreaks import (
    DEFAULT,
    TieContext,
    chosen,
    order_tied,
    tie_context,
)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One competitor's line in the standings."""

    rank: int
    competitor: CompetitorId
    name: str
    vp: int
    mp: int
    round_vp: tuple[int | None, ...]
    round_mp: tuple[int | None, ...]
    warnings: int
    penalty_vp: int
    penalty_mp: int
    lateness_mp: int
    withdrawn: bool
    withdrawn_from: int | None = None  # the first round it no longer plays (art. 36)
    joined_from: int | None = None  # a late entry's first round (rulings "Late entries")
    unranked: bool = False  # a late entry admitted out of the ranking: listed last


def entry_mark(row: StandingRow) -> Message | None:
    """What a late entry's row says (docs/rulings.md "Late entries", like art. 36's
    "ritirato dal turno N"): «iscritto dal turno N», with «fuori classifica» when the director
    admitted it out of the ranking; None for a competitor entered from round 1."""
    if row.joined_from is None:
        return None
    if row.unranked:
        return msg("joined from round {round}, not ranked", round=row.joined_from)
    return msg("joined from round {round}", round=row.joined_from)


def never_played(comp: Competitor) -> bool:
    """True for a competitor withdrawn before the first round it was to play (absent at the
    check-in, FIBAS art. 36; a latecomer who never came, art. 37, Scala 40 art. 26): it has no
    result and is not ranked."""
    gone = comp.withdrawn_from_round
    return gone is not None and gone <= comp.joined_round


def ranked(state: EventState) -> list[Competitor]:
    """The competitors the standings rank, in registration order: all but those that never
    played (:func:`never_played`, FIBAS art. 36)."""
    return [c for c in state.competitors.values() if not never_played(c)]


def warning_counts(state: EventState, after_round: int) -> dict[CompetitorId, int]:
    """Warnings per competitor up to ``after_round``: those given, and those a lateness
    carries by the code (FIBAS art. 37: up to 5 minutes; Parole art. 13: a second lateness)."""
    counts: dict[CompetitorId, int] = {}
    for w in state.warnings():
        if w.round <= after_round:
            counts[w.competitor] = counts.get(w.competitor, 0) + 1
    for (rnd, comp), seconds in state.lateness.items():
        if rnd <= after_round:
            sanctions = lateness_sanctions(state.code, seconds, earlier_lateness(state, comp, rnd))
            counts[comp] = counts.get(comp, 0) + sanctions.count("warning")
    return counts


def points_penalties(
    state: EventState, after_round: int, first_round: int = 1
) -> dict[CompetitorId, tuple[int, int]]:
    """The V.P. and M.P. the penalties in points of rounds ``first_round`` to ``after_round``
    add to each competitor's standings (FIBAS art. 22): V.P. taken off; M.P. taken off, or
    added where fewer M.P. rank better (Scala 40 art. 22), so that a penalty always costs."""
    mp_sign = 1 if state.sheet_kind.mp_lower_is_better else -1
    out: dict[CompetitorId, tuple[int, int]] = {}
    for p in state.penalties:
        if first_round <= p.round <= after_round:
            vp, mp = out.get(p.competitor, (0, 0))
            out[p.competitor] = (vp - p.vp, mp + mp_sign * p.mp)
    return out


def standings(state: EventState, after_round: int | None = None) -> list[StandingRow]:
    """The standings after ``after_round`` (default: the current round): VP then MP;
    computed once per record (the state's views)."""
    if after_round is None:
        after_round = state.current_round()
    last = after_round
    return list(state.view("standings", last, lambda: _standings(state, last)))


# A row's fields but its rank, competitor, VP and MP: name, VP and MP per round, warnings,
# penalty VP and MP, lateness MP, withdrawn, withdrawn from, joined from, unranked.
_Rest = tuple[
    str,
    tuple[int | None, ...],
    tuple[int | None, ...],
    int,
    int,
    int,
    int,
    bool,
    int | None,
    int | None,
    bool,
]


def _standings(state: EventState, after_round: int, first_round: int = 1) -> list[StandingRow]:
    """The standings of rounds ``first_round`` to ``after_round`` (all of them from round 1;
    a session's from its first round): the penalties are those that fell due in these rounds
    (the warnings' penalties up to ``after_round`` less those up to the round before, and
    the penalties in points given in these rounds, FIBAS art. 22)."""
    ordered = [memo_scores(state, rnd, after_round) for rnd in range(first_round, after_round + 1)]
    code = state.code
    warn = warning_counts(state, after_round)
    before = warning_counts(state, first_round - 1) if first_round > 1 else {}
    per = code.warnings_per_penalty
    points = points_penalties(state, after_round, first_round)
    pending = ScoreSource.PENDING
    # (vp, mp, number, the row's other fields): ranked first, each row made once with its rank
    rows: list[tuple[int, int, CompetitorId, _Rest]] = []
    getters = [scores.get for scores in ordered]
    gone_after = after_round + 1
    for comp in ranked(state):
        number = comp.number
        per_vp: list[int | None] = []
        per_mp: list[int | None] = []
        add_vp, add_mp = per_vp.append, per_mp.append
        late_mp = vp = mp = 0
        for get in getters:
            s = get(number)
            if s is None or s.source is pending:
                add_vp(None)
                add_mp(None)
            else:
                s_vp, penalty = s.vp, s.mp_penalty
                round_mp = s.mp + penalty
                add_vp(s_vp)
                add_mp(round_mp)
                if penalty:
                    late_mp += penalty
                vp += s_vp
                mp += round_mp
        warnings = warn.get(number, 0)
        penalties = warnings // per if per else 0
        if before:
            earlier = before.get(number, 0)
            warnings -= earlier
            penalties -= earlier // per if per else 0
        pen_vp = penalties * code.warning_vp_penalty
        pen_mp = penalties * code.warning_mp_penalty
        if points:
            given_vp, given_mp = points.get(number, (0, 0))
            pen_vp += given_vp
            pen_mp += given_mp
        vp += pen_vp
        mp += pen_mp
        rest = (
            comp.name,
            tuple(per_vp),
            tuple(per_mp),
            warnings,
            pen_vp,
            pen_mp,
            late_mp,
            not comp.active_in(gone_after),
            comp.withdrawn_from_round if not comp.active_in(gone_after) else None,
            comp.joined_round if comp.joined_round > 1 else None,
            not comp.ranked,
        )
        rows.append((vp, mp, number, rest))
    # Scala 40: MP are negative points, the fewer the better (art. 22).
    mp_sign = 1 if state.sheet_kind.mp_lower_is_better else -1
    criteria, seed = chosen(state)
    if criteria == DEFAULT:
        rows.sort(key=lambda r: (-r[0], mp_sign * r[1], r[2]))
        tie = {r[2]: mp_sign * r[1] for r in rows}
    else:
        tie = _tie_places(state, rows, criteria, seed, first_round, after_round)
        rows.sort(key=lambda r: (-r[0], tie[r[2]], r[2]))
    if any(r[3][10] for r in rows):  # late entries out of the ranking go last (rulings)
        rows.sort(key=lambda r: r[3][10])
    out: list[StandingRow] = []
    (
        set_rank,
        set_competitor,
        set_name,
        set_vp,
        set_mp,
        set_round_vp,
        set_round_mp,
        set_warnings,
        set_penalty_vp,
        set_penalty_mp,
        set_lateness_mp,
        set_withdrawn,
        set_withdrawn_from,
        set_joined_from,
        set_unranked,
    ) = _ROW_SET
    rank = 0
    previous: tuple[int, int] | None = None
    for i, (vp, mp, number, rest) in enumerate(rows):
        if (vp, tie[number]) != previous or rest[10]:
            rank = i + 1
            previous = (vp, tie[number])
        (
            name,
            per_round_vp,
            per_round_mp,
            warnings,
            pen_vp,
            pen_mp,
            late_mp,
            withdrawn,
            gone,
            joined,
            unranked,
        ) = rest
        row = _new(StandingRow)  # StandingRow(...), its slots set directly: one per row
        set_rank(row, rank)
        set_competitor(row, number)
        set_name(row, name)
        set_vp(row, vp)
        set_mp(row, mp)
        set_round_vp(row, per_round_vp)
        set_round_mp(row, per_round_mp)
        set_warnings(row, warnings)
        set_penalty_vp(row, pen_vp)
        set_penalty_mp(row, pen_mp)
        set_lateness_mp(row, late_mp)
        set_withdrawn(row, withdrawn)
        set_withdrawn_from(row, gone)
        set_joined_from(row, joined)
        set_unranked(row, unranked)
        out.append(row)
    return out


def _tie_places(
    state: EventState,
    rows: list[tuple[int, int, CompetitorId, _Rest]],
    criteria: tuple[str, ...],
    seed: int,
    first_round: int,
    after_round: int,
) -> dict[CompetitorId, int]:
    """Each competitor's place among those level with it on V.P., by the event's tie-breaks
    (:mod:`.tiebreaks`, issue 34): equal places share the rank."""
    vps = {r[2]: r[0] for r in rows}
    mps = {r[2]: r[1] for r in rows}
    ctx: TieContext | None = None
    level: dict[int, list[CompetitorId]] = {}
    for number, vp in vps.items():
        level.setdefault(vp, []).append(number)
    tied = {c for group in level.values() if len(group) > 1 for c in group}
    out: dict[CompetitorId, int] = {}
    for group in level.values():
        if len(group) == 1:
            out[group[0]] = 0
            continue
        if ctx is None:  # each tied competitor's rounds, read once
            scored = MP_SCORED in criteria
            ctx = tie_context(state, first_round, after_round, vps, mps, seed, tied, scored)
        for place, level_group in enumerate(order_tied(ctx, group, criteria)):
            for number in level_group:
                out[number] = place
    return out


_new = object.__new__
_ROW_SET = tuple(StandingRow.__dict__[f].__set__ for f in StandingRow.__dataclass_fields__)


def session_rounds(state: EventState, session: int) -> tuple[int, int]:
    """The first and last round of session ``session`` (1-based) of the event (FIBAS art. 2
    "Sessione": the rounds played consecutively), from the event's ``session_starts``; an
    ArbitroError naming the sessions there are if it has no such session."""
    starts = state.config.session_starts
    if not 1 <= session <= len(starts):
        raise ArbitroError(
            ngettext(
                "the event has {count} session: no session {session}",
                "the event has {count} sessions: no session {session}",
                len(starts),
                count=len(starts),
                session=session,
            ),
            article=state.code.cite_if("session"),
        )
    first = starts[session - 1]
    last = starts[session] - 1 if session < len(starts) else state.config.rounds
    return first, last


def session_of(state: EventState, round_number: int) -> int:
    """The session (1-based) round ``round_number`` belongs to (FIBAS art. 2)."""
    return sum(1 for s in state.config.session_starts if s <= round_number)


def session_standings(
    state: EventState, session: int, after_round: int | None = None
) -> list[StandingRow]:
    """The standings of one session (FIBAS art. 2 "Sessione"): VP then MP of its rounds
    only, up to ``after_round`` (default: the current round, or the session's last round if
    the event is past it), ranked as the event's standings (art. 19). The penalties shown are
    those that fell due in the session, so that the sessions' VP add up to the event's. Empty
    rounds (a session not begun) give every competitor 0."""
    first, last = session_rounds(state, session)
    upto = state.current_round() if after_round is None else after_round
    upto = min(upto, last)
    if upto < first:
        return [
            StandingRow(1, c.number, c.name, 0, 0, (), (), 0, 0, 0, 0, False)
            for c in sorted(ranked(state), key=lambda c: c.number)
        ]
    return list(
        state.view(f"session_standings:{first}", upto, lambda: _standings(state, upto, first))
    )


def ranking(state: EventState, after_round: int) -> list[CompetitorId]:
    """Competitors best first after ``after_round`` (for Danish seating, art. 4): the order of
    :func:`standings`, computed once per record (the state's views) without its rows."""
    last = after_round
    if chosen(state)[0] != DEFAULT:  # the director's tie-breaks: the standings' own order
        return [row.competitor for row in standings(state, last)]
    return list(state.view("ranking", last, lambda: _ranking(state, last)))


def _ranking(state: EventState, after_round: int) -> tuple[CompetitorId, ...]:
    """The order of :func:`_standings` (VP, MP, then registration number, the penalties
    included) from the totals alone: one sort of ``(-VP, ±MP, number)`` tuples, compared
    natively, with neither the rows nor the per-round columns the seating does not read.

    The totals are summed in lists indexed by competitor number, each round's scores read in
    their own order (the order they were made in memory), not looked up competitor by
    competitor: at 16,000 pairs the lookups in registration order missed the CPU caches."""
    numbers = list(state.competitors)
    top = max(numbers, default=0) + 1
    vps = [0] * top
    mps = [0] * top
    pending = ScoreSource.PENDING
    for rnd in range(1, after_round + 1):
        for number, s in memo_scores(state, rnd, after_round).items():
            if s.source is not pending and 0 < number < top:
                vps[number] += s.vp
                mps[number] += s.mp + s.mp_penalty
    code = state.code
    per = code.warnings_per_penalty
    if per:
        for number, warnings in warning_counts(state, after_round).items():
            penalties = warnings // per
            if penalties and 0 < number < top:
                vps[number] += penalties * code.warning_vp_penalty
                mps[number] += penalties * code.warning_mp_penalty
    for number, (given_vp, given_mp) in points_penalties(state, after_round).items():
        if 0 < number < top:
            vps[number] += given_vp
            mps[number] += given_mp
    sign = 1 if state.sheet_kind.mp_lower_is_better else -1
    keys = [(-vps[number], sign * mps[number], number) for number in numbers]
    keys.sort()
    return tuple([key[2] for key in keys])
