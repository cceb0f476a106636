"""Tie-breaks among competitors level on V.P. (issue 34; docs/rulings.md, "Tie-breaks").

No code names a tie-break for the standings: FIBAS art. 19 ranks by V.P. (the sheet's
conversion, art. 20), Parole art. 6.1 by the "maggior sommatoria di punti", Scala 40 art. 22
by V.P. with fewer M.P. better. The director chooses, per event, an ordered list of criteria
from :data:`CRITERIA` (a ``tiebreaks-chosen`` record); without a choice the default is
:data:`DEFAULT`, V.P. then M.P. (our ruling for FIBAS, docs/rulings.md).

Each criterion gives each competitor of a tied group a key, the lower the better; the
criteria split the group in turn, each one within the groups the earlier ones left. Those
level on every criterion share the rank and are listed by registration number. Whether fewer
M.P. is better comes from the game's sheet (``mp_lower_is_better``: Scala 40 art. 22), never
from a test on the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from arbitro.errors import ArbitroError
from arbitro.i18n import LANGUAGES, Message, msg
from arbitro.tiebreak_names import (
    CRITERION_WORDS,
    DRAW,
    HEAD_TO_HEAD,
    MATCHES_WON,
    MP,
    MP_SCORED,
    OPPONENTS_VP,
)
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.scoring.results import ScoreSource, memo_scores

if TYPE_CHECKING:
    from arbitro.tournament.event import EventState

Key = tuple[int, ...]


@dataclass(slots=True)
class Meeting:
    """One competitor's round: its V.P. and M.P., its opponents (the other lines of its
    table) and each opponent's V.P. in the round, and the points its line made on the
    sheet (None without a sheet: a rest, a forfeit, an arbitral score)."""

    vp: int
    mp: int
    opponents: tuple[CompetitorId, ...]
    opponents_vp: tuple[int, ...]
    scored: int | None


@dataclass(slots=True)
class TieContext:
    """What the criteria read: the totals of the standings (penalties included), each
    competitor's rounds from ``first_round`` to ``after_round`` (a session's standings read
    their own), whether fewer M.P. rank better, and the seed of the draw."""

    vp: Mapping[CompetitorId, int]
    mp: Mapping[CompetitorId, int]
    meetings: Mapping[CompetitorId, Sequence[Meeting]]
    mp_lower_is_better: bool = False
    seed: int = 0
    _drawn: dict[CompetitorId, int] = field(default_factory=dict)

    @property
    def mp_sign(self) -> int:
        """1 where fewer M.P. rank better (Scala 40 art. 22), else -1: ``sign * mp`` is a key."""
        return 1 if self.mp_lower_is_better else -1

    def drawn(self, competitor: CompetitorId) -> int:
        """The competitor's place in the recorded draw: every competitor of the event
        shuffled once with the record's seed, so that a draw does not change from one
        round's standings to the next (docs/rulings.md, "Tie-breaks")."""
        if not self._drawn:
            order = sorted(self.vp)
            random.Random(self.seed).shuffle(order)
            self._drawn.update({c: i for i, c in enumerate(order)})
        return self._drawn.get(competitor, len(self._drawn))


KeyFunction = Callable[[TieContext, Sequence[CompetitorId]], dict[CompetitorId, Key]]


@dataclass(frozen=True, slots=True)
class Criterion:
    """One tie-break: its name in the record, its words (the standings' line and the
    forms), what it does, and its key function (the lower the better)."""

    name: str
    label: Message
    help: Message
    key: KeyFunction


def _mp(ctx: TieContext, group: Sequence[CompetitorId]) -> dict[CompetitorId, Key]:
    """The standings' M.P. (FIBAS art. 19-20: the sheet's difference), more is better; fewer
    where the sheet says so (Scala 40 art. 22)."""
    sign = ctx.mp_sign
    return {c: (sign * ctx.mp.get(c, 0),) for c in group}


def _head_to_head(ctx: TieContext, group: Sequence[CompetitorId]) -> dict[CompetitorId, Key]:
    """V.P., then M.P., of the rounds played against the others of the group. Only when
    every one of the group met every other one: otherwise it separates nobody (ruling)."""
    members = set(group)
    met: set[tuple[CompetitorId, CompetitorId]] = set()
    totals: dict[CompetitorId, tuple[int, int]] = {}
    for c in group:
        vp = mp = 0
        for m in ctx.meetings.get(c, ()):
            among = [o for o in m.opponents if o in members]
            if among:
                vp += m.vp
                mp += m.mp
                met.update((min(c, o), max(c, o)) for o in among)
        totals[c] = (vp, mp)
    n = len(group)
    everyone = len(met) == n * (n - 1) // 2  # ``met`` holds pairs of the group only
    if not everyone:
        return {c: (0,) for c in group}
    sign = ctx.mp_sign
    return {c: (-totals[c][0], sign * totals[c][1]) for c in group}


def _opponents_vp(ctx: TieContext, group: Sequence[CompetitorId]) -> dict[CompetitorId, Key]:
    """The sum of the V.P. of the opponents met (each opponent once per meeting, its total
    in these standings): more is better."""
    return {
        c: (-sum(ctx.vp.get(o, 0) for m in ctx.meetings.get(c, ()) for o in m.opponents),)
        for c in group
    }


def _matches_won(ctx: TieContext, group: Sequence[CompetitorId]) -> dict[CompetitorId, Key]:
    """The rounds won: more V.P. than every opponent of the table (a rest, or a table alone,
    wins nothing); more is better."""
    return {
        c: (
            -sum(
                1
                for m in ctx.meetings.get(c, ())
                if m.opponents_vp and all(m.vp > v for v in m.opponents_vp)
            ),
        )
        for c in group
    }


def _mp_scored(ctx: TieContext, group: Sequence[CompetitorId]) -> dict[CompetitorId, Key]:
    """The points the competitor's line made on its sheets (FIBAS art. 19 b: base and
    points of every deal), more is better; fewer where the sheet says so (Scala 40 art. 22).
    Rests, forfeits and arbitral scores made no points (ruling)."""
    sign = ctx.mp_sign
    return {c: (sign * sum(m.scored or 0 for m in ctx.meetings.get(c, ())),) for c in group}


def _draw(ctx: TieContext, group: Sequence[CompetitorId]) -> dict[CompetitorId, Key]:
    """The recorded draw (Parole art. 6.1 c, "sorteggio", as the prizes draw): separates
    every tie, so it can only be the last criterion."""
    return {c: (ctx.drawn(c),) for c in group}


_KEYS: Mapping[str, KeyFunction] = {
    MP: _mp,
    HEAD_TO_HEAD: _head_to_head,
    OPPONENTS_VP: _opponents_vp,
    MATCHES_WON: _matches_won,
    MP_SCORED: _mp_scored,
    DRAW: _draw,
}

CRITERIA: Mapping[str, Criterion] = {
    name: Criterion(name, label, help_text, _KEYS[name])
    for name, (label, help_text) in CRITERION_WORDS.items()
}
"""The documented tie-breaks, by their name in the record (docs/rulings.md, "Tie-breaks")."""

DEFAULT: tuple[str, ...] = (MP,)
"""V.P., then M.P.: the codes' order (FIBAS art. 19-20; Parole ruling 7; Scala 40 art. 22),
our ruling where no choice is recorded."""


def _folded(word: str) -> str:
    """``word`` as compared: case, dots, and the difference of spaces and hyphens ignored."""
    return "-".join(word.casefold().replace(".", "").replace("_", " ").replace("-", " ").split())


def criterion_named(word: str) -> str:
    """The name of the criterion ``word`` names: its name in the record, or its words in
    either language (``scontro diretto``, ``head-to-head``), case and dots ignored; an
    ArbitroError listing the criteria otherwise."""
    key = _folded(word)
    for name, c in CRITERIA.items():
        if key == name or any(key == _folded(c.label.render(lang)) for lang in LANGUAGES):
            return name
    raise ArbitroError(
        "unknown tie-break «{word}» (one of: {criteria})",
        word=word,
        criteria=", ".join(CRITERIA),
    )


def check_criteria(criteria: Sequence[str]) -> tuple[str, ...]:
    """The criteria as recorded: each a known name, none twice, the draw last (it separates
    every tie); an ArbitroError saying which otherwise. An empty list ranks by V.P. alone."""
    out = tuple(criterion_named(c) for c in criteria)
    if len(set(out)) != len(out):
        raise ArbitroError("a tie-break is given twice")
    if DRAW in out[:-1]:
        raise ArbitroError("the draw separates every tie: it can only be the last tie-break")
    return out


def order_tied(
    ctx: TieContext, group: Sequence[CompetitorId], criteria: Sequence[str]
) -> list[list[CompetitorId]]:
    """The competitors of ``group`` (level on V.P.) in the order of ``criteria``, as groups
    still level on every criterion (they share a rank), each listed by number."""
    groups = [sorted(group)]
    for name in criteria:
        if all(len(g) == 1 for g in groups):
            break
        key = CRITERIA[name].key
        split: list[list[CompetitorId]] = []
        for g in groups:
            if len(g) == 1:
                split.append(g)
                continue
            keys = key(ctx, g)
            ordered = sorted(g, key=lambda c: (keys[c], c))
            current = [ordered[0]]
            for c in ordered[1:]:
                if keys[c] == keys[current[0]]:
                    current.append(c)
                else:
                    split.append(current)
                    current = [c]
            split.append(current)
        groups = split
    return groups


def tie_context(
    state: EventState,
    first_round: int,
    after_round: int,
    vp: Mapping[CompetitorId, int],
    mp: Mapping[CompetitorId, int],
    seed: int,
    tied: Collection[CompetitorId] | None = None,
    scored: bool = True,
) -> TieContext:
    """The context of the criteria for the standings of rounds ``first_round`` to
    ``after_round``: each competitor's rounds read from the rounds' scores and seatings;
    only those of ``tied`` (default: everyone), and the points made on the sheets only if
    ``scored`` (the criterion M.P. scored is chosen)."""
    meetings: dict[CompetitorId, list[Meeting]] = {}
    pending = ScoreSource.PENDING
    for rnd in range(first_round, after_round + 1):
        scores = memo_scores(state, rnd, after_round)
        seating = state.round(rnd).seating
        if seating is None:
            continue
        for table in seating.tables:
            lines = table.lines
            if tied is not None and not any(c in tied for line in lines for c in line):
                continue
            outcome = None
            if (
                scored
                and len(lines) > 1
                and all(
                    (s := scores.get(c)) is not None and s.source is ScoreSource.SHEET
                    for line in lines
                    for c in line
                )
            ):
                outcome = state.sheet_result(rnd, table.table, after_round, seat=table)
            # each line's V.P. in the round, read once per table
            line_vp = [
                tuple(
                    o.vp
                    for o in (scores.get(c) for c in line)
                    if o is not None and o.source is not pending
                )
                for line in lines
            ]
            for i, line in enumerate(lines):
                others = tuple(c for j, other in enumerate(lines) if j != i for c in other)
                other_vp = tuple(v for j, vps in enumerate(line_vp) if j != i for v in vps)
                made = (
                    outcome.totals[i] if outcome is not None and i < len(outcome.totals) else None
                )
                for c in line:
                    s = scores.get(c)
                    if s is None or s.source is pending or (tied is not None and c not in tied):
                        continue
                    meetings.setdefault(c, []).append(
                        Meeting(s.vp, s.mp + s.mp_penalty, others, other_vp, made)
                    )
    return TieContext(
        vp, mp, meetings, mp_lower_is_better=state.sheet_kind.mp_lower_is_better, seed=seed
    )


def chosen(state: EventState) -> tuple[tuple[str, ...], int]:
    """The event's tie-breaks and the seed of their draw: the last ``tiebreaks-chosen``
    record's, else :data:`DEFAULT` (docs/rulings.md, "Tie-breaks")."""
    rec = state.tiebreaks
    if rec is None:
        return DEFAULT, 0
    return tuple(rec.criteria), rec.seed


def tiebreak_line(criteria: Sequence[str], fewer_is_better: bool = False) -> Message:
    """The standings' line naming the tie-breaks: «a parità di V.P.: M.P., poi scontro
    diretto» (English: «on equal V.P.: M.P., then head-to-head»); «a parità di V.P.: stesso
    posto» when none is chosen. Where the sheet's M.P. are negative points, the fewer the
    better (Scala 40 art. 22: ``fewer_is_better``), the M.P. criterion says so: «meno punti
    negativi»."""
    if not criteria:
        return msg("on equal V.P.: the same place")

    def label(name: str) -> Message:
        if name == MP and fewer_is_better:
            return Message("fewer negative points", context="tie-break")
        return CRITERIA[name].label

    joined: Message = label(criteria[0])
    for name in criteria[1:]:
        joined = msg("{earlier}, then {next}", earlier=joined, next=label(name))
    return msg("on equal V.P.: {criteria}", criteria=joined)
