"""Each competitor's MP and VP in a round, from the table's sheet or, when the code says so,
from the rest score (art. 37), lateness (art. 37), abandon (art. 36) or an arbitral score
(art. 40)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from arbitro.errors import ArbitroError
from arbitro.tournament.boards import comparison_method, line_scores
from arbitro.tournament.event import Competitor, EventState
from arbitro.tournament.model import CompetitorId, Line, TableSeating
from arbitro.tournament.penalties import earlier_lateness, forfeits_match, lateness_mp_penalty
from arbitro.tournament.records import AbandonScore


class ScoreSource(StrEnum):
    """Where a round score comes from."""

    SHEET = "sheet"
    REST = "rest"  # incomplete table, or opponents late over 10 minutes / abandoned (art. 36-37)
    REST_AVERAGE = "rest-average"  # last-round rest: the line's average, rounded down (art. 37)
    FORFEIT = "forfeit"  # the late or justified-abandoning line: the rest score's counterpart
    ZERO = "zero"  # both lines late over 10 minutes, unjustified abandon, both abandon
    ARBITRAL = "arbitral"  # art. 40
    PENDING = "pending"  # nothing to score yet (no sheet; no rest score for 1-deal rounds)


class RoundScore(NamedTuple):
    """A competitor's score in one round; ``mp_penalty`` is the 5:01-10 minutes lateness. A
    named tuple: made in one step, two per sheet of a replay (issue 14)."""

    competitor: CompetitorId
    round: int
    table: int
    mp: int
    vp: int
    source: ScoreSource
    mp_penalty: int = 0


def _score(
    line: Line, rnd: int, table: int, mp: int, vp: int, src: ScoreSource
) -> list[RoundScore]:
    return [_round_score(c, rnd, table, mp, vp, src) for c in line]


_tuple_new = tuple.__new__


def _round_score(
    c: CompetitorId, rnd: int, table: int, mp: int, vp: int, src: ScoreSource
) -> RoundScore:
    """``RoundScore(c, rnd, table, mp, vp, src)`` in one step (the class's ``__new__`` takes
    its arguments in Python first)."""
    return _tuple_new(RoundScore, (c, rnd, table, mp, vp, src, 0))


def _rest(state: EventState, rnd: int) -> tuple[int, int, int, int] | None:
    rest = state.code.rest_score(state.deals(rnd))
    if rest is None:
        return None
    return rest.present_mp, rest.present_vp, rest.absent_mp, rest.absent_vp


def missed_round_score(state: EventState, entrant: Competitor, rnd: int) -> RoundScore:
    """What a late entry scores in round ``rnd``, a round it missed (docs/rulings.md "Late
    entries"): the code's own score where it fixes one (Scala 40 art. 26: 3 VP and 80 MP),
    else the director's choice recorded with the entry: the rest score of the round's deals
    (FIBAS art. 37 "punteggio per riposo"), an arbitral score (art. 40), or nothing."""
    number = entrant.number
    fixed = state.code.late_entry_score
    choice = entrant.missed
    if fixed is not None and choice in (None, "code"):
        return RoundScore(number, rnd, 0, fixed[1], fixed[0], ScoreSource.ARBITRAL)
    if choice == "rest":
        rest = _rest(state, rnd)
        if rest is not None:
            return RoundScore(number, rnd, 0, rest[0], rest[1], ScoreSource.REST)
    if choice == "arbitral":
        return RoundScore(
            number, rnd, 0, entrant.missed_mp, entrant.missed_vp, ScoreSource.ARBITRAL
        )
    return RoundScore(number, rnd, 0, 0, 0, ScoreSource.ZERO)


def _resting_line(
    state: EventState, rnd: int, table: TableSeating, history: dict[CompetitorId, list[RoundScore]]
) -> list[RoundScore]:
    (line,) = table.lines
    rest = _rest(state, rnd)
    if rest is None:
        return _score(line, rnd, table.table, 0, 0, ScoreSource.PENDING)
    mp, vp = rest[0], rest[1]
    if rnd == state.config.rounds:
        # Art. 37: an incomplete table in the last round gives the line its average, rounded
        # down, when that is higher than the rest score (MP and VP considered separately).
        out = []
        for c in line:
            past = history.get(c, [])
            if past:
                avg_mp = sum(s.mp for s in past) // len(past)
                avg_vp = sum(s.vp for s in past) // len(past)
                if avg_mp > mp or avg_vp > vp:
                    out.append(
                        RoundScore(
                            c,
                            rnd,
                            table.table,
                            max(mp, avg_mp),
                            max(vp, avg_vp),
                            ScoreSource.REST_AVERAGE,
                        )
                    )
                    continue
            out.append(RoundScore(c, rnd, table.table, mp, vp, ScoreSource.REST))
        return out
    return _score(line, rnd, table.table, mp, vp, ScoreSource.REST)


def _forfeits(
    state: EventState, rnd: int, table: TableSeating, ns: Line, ew: Line
) -> list[RoundScore] | None:
    """Scores when a line abandoned (art. 36) or was late over 10 minutes (art. 37)."""
    code = state.code

    def abandoned(line: Line) -> bool | None:
        flags = [state.abandons[(rnd, c)] for c in line if (rnd, c) in state.abandons]
        return None if not flags else all(flags)  # justified only if every player's was

    def forfeited(line: Line) -> bool:
        return any(forfeits_match(code, state.lateness.get((rnd, c), 0)) for c in line)

    def chosen(line: Line) -> AbandonScore | None:
        """The arbiter's choice for a line that abandoned (Parole art. 13.4), if made."""
        return next(
            (state.abandon_scores[(rnd, c)] for c in line if (rnd, c) in state.abandon_scores),
            None,
        )

    ab_ns, ab_ew = abandoned(ns), abandoned(ew)
    late_ns, late_ew = forfeited(ns), forfeited(ew)
    if ab_ns is None and ab_ew is None and not late_ns and not late_ew:
        return None
    leavers = [line for line, ab in ((ns, ab_ns), (ew, ab_ew)) if ab is not None]
    if (
        not late_ns
        and not late_ew
        and all(chosen(line) is AbandonScore.SCORE_SO_FAR for line in leavers)
    ):
        return None  # Parole art. 13.4 c): the sheet of the deals played so far is the score
    t = table.table
    if (ab_ns is not None and ab_ew is not None) or (late_ns and late_ew):
        return _score(ns, rnd, t, 0, 0, ScoreSource.ZERO) + _score(
            ew, rnd, t, 0, 0, ScoreSource.ZERO
        )
    rest = _rest(state, rnd)
    if rest is None:
        return _score(ns, rnd, t, 0, 0, ScoreSource.PENDING) + _score(
            ew, rnd, t, 0, 0, ScoreSource.PENDING
        )
    p_mp, p_vp, a_mp, a_vp = rest
    guilty, present = (ns, ew) if (ab_ns is not None or late_ns) else (ew, ns)
    justified = abandoned(guilty)
    out = _score(present, rnd, t, p_mp, p_vp, ScoreSource.REST)
    choice = chosen(guilty) if justified is not None else None
    if choice is AbandonScore.ZERO:  # Parole art. 13.4 a): zero
        return out + _score(guilty, rnd, t, 0, 0, ScoreSource.ZERO)
    if choice is AbandonScore.REST_SCORE:  # Parole art. 13.4 b): the table's score
        return out + _score(guilty, rnd, t, a_mp, a_vp, ScoreSource.FORFEIT)
    if justified is False:  # unjustified abandon: the match is lost at zero (art. 36)
        return out + _score(guilty, rnd, t, 0, 0, ScoreSource.ZERO)
    if justified is None and code.late_line_forfeit == "zero":  # Parole art. 13.3
        return out + _score(guilty, rnd, t, 0, 0, ScoreSource.ZERO)
    return out + _score(guilty, rnd, t, a_mp, a_vp, ScoreSource.FORFEIT)


def _compare_with_field(
    state: EventState, rnd: int, as_of: int, scores: dict[CompetitorId, RoundScore]
) -> None:
    """Carte uguali (FIBAS art. 20, docs/rulings.md): the lines scored from their sheet take
    the VP of their difference against the field; all PENDING until every sheet is in."""
    try:
        compared = line_scores(state, rnd, as_of)
    except ArbitroError:  # no board plan for this seating: nothing to compare yet
        compared = None
    for comp, s in list(scores.items()):
        if s.source is not ScoreSource.SHEET:
            continue
        if compared is None:
            scores[comp] = RoundScore(comp, rnd, s.table, 0, 0, ScoreSource.PENDING)
            continue
        found = compared.get(comp)
        if found is not None:  # else a table outside the comparison keeps its own sheet
            scores[comp] = RoundScore(comp, rnd, s.table, found[0], found[1], s.source)


def round_scores(
    state: EventState,
    rnd: int,
    *,
    as_of: int,
    history: dict[CompetitorId, list[RoundScore]] | None = None,
) -> dict[CompetitorId, RoundScore]:
    """Every seated competitor's score in round ``rnd`` with the corrections in force after
    round ``as_of`` (art. 21). ``history`` holds the earlier rounds' scores (for the
    last-round average of art. 37). A table without a sheet yet scores PENDING."""
    history = history or {}
    r = state.round(rnd)
    if r.seating is None:
        return {}
    code = state.code
    # Who may forfeit this round (an abandon, a lateness losing the match): the other tables
    # need no look at _forfeits, which would find nothing there.
    forfeiting: set[CompetitorId] | None = None
    if not forfeits_match(code, 0):
        forfeiting = {c for (a_rnd, c) in state.abandons if a_rnd == rnd}
        forfeiting.update(
            c
            for (l_rnd, c), sec in state.lateness.items()
            if l_rnd == rnd and forfeits_match(code, sec)
        )
    # Each table's scores in table order; a table scored from its sheet holds its place by
    # the index of its sheet among those the game's sheet scores at once (issue 14).
    parts: list[list[RoundScore] | int] = []
    to_score: list[tuple[TableSeating, Any]] = []
    seats: list[Line] = []
    sheets = r.sheets
    for table in r.seating.tables:
        players, ns, ew = table.players, table.ns, table.ew
        if players is not None:
            seated: Line = players
        elif ns is None or ew is None:  # table.is_incomplete
            parts.append(_resting_line(state, rnd, table, history))
            continue
        else:
            seated = ns + ew
            forfeits = (
                None
                if forfeiting is not None and forfeiting.isdisjoint(seated)
                else _forfeits(state, rnd, table, ns, ew)
            )
            if forfeits is not None:
                parts.append(forfeits)
                continue
        sheet = sheets.get(table.table)
        if sheet is None:
            entry = None
        elif sheet.corrections:
            entry = sheet.entry_as_of(as_of)
        else:  # entry_as_of without corrections: the accepted entry
            entry = None if sheet.accepted is None else sheet.accepted.entry
        if entry is None:
            parts.append(_score(seated, rnd, table.table, 0, 0, ScoreSource.PENDING))
            continue
        parts.append(len(to_score))
        to_score.append((table, entry))
        seats.append(seated)
    _, rules, deals, teams, duplicate = state.round_context(rnd)
    scored = state.sheet_kind.score_round(rules, deals, teams, duplicate, to_score)
    scores: dict[CompetitorId, RoundScore] = {}
    source = ScoreSource.SHEET
    new = _tuple_new
    for part in parts:
        if isinstance(part, int):
            number = to_score[part][0].table
            for c, sc in zip(seats[part], scored[part], strict=True):
                # _round_score, inline: two per sheet
                scores[c] = new(RoundScore, (c, rnd, number, sc.mp, sc.vp, source, 0))
        else:
            for made in part:
                scores[made.competitor] = made
    if comparison_method(state) is not None:
        _compare_with_field(state, rnd, as_of, scores)
    for entrant in state.competitors.values():
        if rnd < entrant.joined_round:  # a late entry's missed round (Scala 40 art. 26)
            scores[entrant.number] = missed_round_score(state, entrant, rnd)
    for (a_rnd, comp), (mp, vp) in state.arbitral.items():
        if a_rnd == rnd and comp in scores:
            s = scores[comp]
            scores[comp] = RoundScore(comp, rnd, s.table, mp, vp, ScoreSource.ARBITRAL)
    for (l_rnd, comp), seconds in state.lateness.items():
        s2 = scores.get(comp)
        if l_rnd != rnd or s2 is None:
            continue
        penalty = lateness_mp_penalty(code, seconds, earlier_lateness(state, comp, rnd))
        if penalty:
            scores[comp] = RoundScore(comp, rnd, s2.table, s2.mp, s2.vp, s2.source, penalty)
    return scores


def memo_scores(state: EventState, rnd: int, as_of: int) -> dict[CompetitorId, RoundScore]:
    """:func:`round_scores` of round ``rnd`` after round ``as_of``, with the earlier rounds'
    scores as history, memoized in the state (:meth:`EventState.scores_memo`): a published
    round's scores are computed once, not again at every later standings. The dict is shared:
    read it, never change it."""
    r = state.round(rnd)
    # Without corrections in the round its scores are the same whatever ``as_of``; the last
    # round reads the earlier ones (its rest average), so it keeps ``as_of``.
    key = as_of
    if rnd < state.config.rounds and rnd not in state.corrected_rounds:
        key = 0

    def compute() -> dict[CompetitorId, RoundScore]:
        history: dict[CompetitorId, list[RoundScore]] = {}
        # Only a line resting in the last round reads the earlier rounds (art. 37's average).
        if (
            rnd == state.config.rounds
            and r.seating is not None
            and any(t.is_incomplete for t in r.seating.tables)
        ):
            for earlier in range(1, rnd):
                for comp, s in memo_scores(state, earlier, as_of).items():
                    if s.source is not ScoreSource.PENDING:
                        history.setdefault(comp, []).append(s)
        scores = round_scores(state, rnd, as_of=as_of, history=history)
        state.forget_outcomes(rnd)  # the scores now hold what the sheets' outcomes gave
        return scores

    return state.scores_memo(rnd, key, compute)
