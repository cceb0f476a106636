"""Standings after a round (FIBAS art. 19: VP, then MP), with the penalties shown apart:
two warnings cost 1 VP and 100 MP in the overall standings (art. 22 note 1, art. 41), and a
lateness up to 5 minutes is a warning (art. 37).

Order: VP, then MP (art. 19); competitors equal on both share the rank and are listed by
registration number (docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.penalties import earlier_lateness, lateness_sanctions
from arbitro.tournament.scoring.results import RoundScore, ScoreSource, memo_scores


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


def all_round_scores(
    state: EventState, after_round: int
) -> dict[int, dict[CompetitorId, RoundScore]]:
    """Every round's scores up to ``after_round``, with the corrections in force then
    (memoized per round in the state: shared dicts, read only)."""
    return {rnd: memo_scores(state, rnd, after_round) for rnd in range(1, after_round + 1)}


def standings(state: EventState, after_round: int | None = None) -> list[StandingRow]:
    """The standings after ``after_round`` (default: the current round): VP then MP;
    computed once per record (the state's views)."""
    if after_round is None:
        after_round = state.current_round()
    last = after_round
    return list(state.view("standings", last, lambda: _standings(state, last)))


def _standings(state: EventState, after_round: int) -> list[StandingRow]:
    rounds = all_round_scores(state, after_round)
    code = state.code
    warn = warning_counts(state, after_round)
    rows: list[tuple[int, int, CompetitorId, StandingRow]] = []
    for comp in state.competitors.values():
        per_vp: list[int | None] = []
        per_mp: list[int | None] = []
        late_mp = 0
        for rnd in range(1, after_round + 1):
            s = rounds[rnd].get(comp.number)
            if s is None or s.source is ScoreSource.PENDING:
                per_vp.append(None)
                per_mp.append(None)
            else:
                per_vp.append(s.vp)
                per_mp.append(s.mp + s.mp_penalty)
                late_mp += s.mp_penalty
        per = code.warnings_per_penalty
        penalties = warn.get(comp.number, 0) // per if per else 0
        pen_vp = penalties * code.warning_vp_penalty
        pen_mp = penalties * code.warning_mp_penalty
        vp = sum(v for v in per_vp if v is not None) + pen_vp
        mp = sum(m for m in per_mp if m is not None) + pen_mp
        row = StandingRow(
            0,
            comp.number,
            comp.name,
            vp,
            mp,
            tuple(per_vp),
            tuple(per_mp),
            warn.get(comp.number, 0),
            pen_vp,
            pen_mp,
            late_mp,
            not comp.active_in(after_round + 1),
        )
        rows.append((vp, mp, comp.number, row))
    # Scala 40: MP are negative points, the fewer the better (art. 22).
    mp_sign = 1 if state.sheet_kind.mp_lower_is_better else -1
    rows.sort(key=lambda r: (-r[0], mp_sign * r[1], r[2]))
    out: list[StandingRow] = []
    for i, (vp, mp, _, row) in enumerate(rows):
        rank = i + 1
        if out and (out[-1].vp, out[-1].mp) == (vp, mp):
            rank = out[-1].rank
        out.append(replace(row, rank=rank))
    return out


def ranking(state: EventState, after_round: int) -> list[CompetitorId]:
    """Competitors best first after ``after_round`` (for Danish seating, art. 4)."""
    return [row.competitor for row in standings(state, after_round)]
