"""The arbiter's records: lateness (FIBAS art. 37), sanctions (art. 22, 40, 41), arbitral
scores (art. 40), abandon (art. 36), Law 13 rulings on prepared boards — each citing the
article of the event's own code."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message
from arbitro.tournament.boards import assignment_of, comparison_method
from arbitro.tournament.commands.common import (
    make_record,
    need_reason,
    playing_table,
    seated_table,
)
from arbitro.tournament.event import EventState, SanctionKind
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import (
    AbandonRecorded,
    AbandonScore,
    ArbitralScore,
    BoardRuling,
    LatenessRecorded,
    PenaltyGiven,
    Record,
    SanctionGiven,
)

if TYPE_CHECKING:  # the CLI starts without the games' modules (issue 14)
    from arbitro.games.prepared_deals import Law13Ruling


def record_lateness(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    seconds: int,
    now: datetime,
    actor: str = "arbiter",
) -> Record:
    """Record a lateness (FIBAS art. 37; Parole art. 13): up to 5 minutes a warning;
    5:01-10 minutes -100 MP; over 10 minutes the match is lost, the opponents getting the
    rest score."""
    seated_table(state, round_number, competitor)
    article = state.code.cite_if("lateness")
    if article is None:
        raise ArbitroError(
            "the {code} code has no lateness penalties in rounds", code=state.code.code_id
        )
    if seconds <= 0:
        raise ArbitroError("lateness must be positive", article=article)
    return make_record(LatenessRecorded(round_number, competitor, seconds), now, actor)


# The sanctions as a message names them ("the event's code has no warning").
SANCTION_WORDS = {
    "reprimand": N_("reprimand"),
    "warning": N_("warning"),
    "expulsion": N_("expulsion"),
}


def give_sanction(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    kind: SanctionKind,
    reason: str | None,
    now: datetime,
    *,
    article: str | None = None,
    player: str | None = None,
    actor: str = "arbiter",
) -> Record:
    """A sanction in the ledger, with its article of the event's code (by default the code's
    article for that sanction: FIBAS 41/40, Parole 14.4, Scala 40 10/25), who gives it, when
    and why: a reprimand ("richiamo"); a warning ("ammonizione": under FIBAS every two cost
    1 VP and 100 MP in the overall standings, art. 22 note 1, art. 41); an expulsion (the
    arbiter stops the competitor from continuing, art. 40: it plays no later round; its
    results so far stand). ``player`` names the player of a pair or team who was sanctioned."""
    seated_table(state, round_number, competitor)
    reason = need_reason(reason, N_("sanction"))
    comp = state.competitor(competitor)
    if player is not None and comp.players and player not in comp.players:
        raise ArbitroError(
            "«{player}» does not play in «{name}» ({players})",
            player=player,
            name=comp.name,
            players=", ".join(comp.players),
        )
    found = state.code.cite_if(kind.value)
    if article is None and found is None:  # e.g. Scala 40: no reprimand nor warning
        raise ArbitroError(
            "the event's code has no {sanction}: it penalises irregularities at the table",
            sanction=Message(SANCTION_WORDS.get(kind.value, kind.value)),
            article=state.code.cite_if("penalty_forfeited"),
        )
    cited = article or (found.article if found else "")
    body = SanctionGiven(round_number, competitor, kind.value, cited, player)
    return make_record(body, now, actor, reason)


def give_warning(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    reason: str | None,
    now: datetime,
    *,
    article: str | None = None,
    actor: str = "arbiter",
) -> Record:
    """A warning ("ammonizione"), citing the event's code (FIBAS: every two cost 1 VP and
    100 MP in the overall standings, art. 22 note 1, art. 41; Parole art. 14.4)."""
    return give_sanction(
        state,
        round_number,
        competitor,
        SanctionKind.WARNING,
        reason,
        now,
        article=article,
        actor=actor,
    )


def penalty_defaults(state: EventState) -> tuple[int, int]:
    """The M.P. and V.P. a penalty in points takes off by default: the code's penalty of its
    warnings where it has one (FIBAS art. 22 note 1, art. 41: 100 M.P. and 1 V.P.), else 0."""
    code = state.code
    if not code.warnings_per_penalty:
        return 0, 0
    return abs(code.warning_mp_penalty), abs(code.warning_vp_penalty)


def give_penalty(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    reason: str | None,
    now: datetime,
    *,
    mp: int | None = None,
    vp: int | None = None,
    article: str | None = None,
    player: str | None = None,
    actor: str = "arbiter",
) -> Record:
    """A penalty in points (FIBAS art. 22: the arbiter "determina la ripresa del gioco anche
    assegnando penalità e/o sanzioni"; the conduct rules: "ammonizioni o penalità, secondo la
    gravità"): ``mp`` M.P. and ``vp`` V.P. taken off the competitor's standings, both
    non-negative and not both 0. Neither given: the code's penalty of two warnings (FIBAS
    art. 41: 100 M.P. and 1 V.P.). The article defaults to the code's article for penalties;
    a code without penalties in points (Parole: none "non previste", premessa; Scala 40: its
    penalties are on cards) is refused, citing its sanctions."""
    found = state.code.cite_if("points_penalty")
    if found is None:
        raise ArbitroError(
            "the {code} code gives no penalty in points at the arbiter's judgement",
            code=state.code.code_id,
            article=state.code.cite_if("sanction") or state.code.cite_if("expulsion"),
        )
    seated_table(state, round_number, competitor)
    if mp is None and vp is None:
        mp, vp = penalty_defaults(state)
    mp = mp or 0
    vp = vp or 0
    if mp < 0 or vp < 0:
        raise ArbitroError(
            "a penalty's M.P. and V.P. are not negative: a penalty takes them off",
            article=found,
        )
    if mp == 0 and vp == 0:
        raise ArbitroError("a penalty takes off some M.P. or V.P.", article=found)
    reason = need_reason(reason, N_("penalty"))
    comp = state.competitor(competitor)
    if player is not None and comp.players and player not in comp.players:
        raise ArbitroError(
            "«{player}» does not play in «{name}» ({players})",
            player=player,
            name=comp.name,
            players=", ".join(comp.players),
        )
    cited = (article or "").strip() or found.article
    body = PenaltyGiven(round_number, competitor, mp, vp, cited, player)
    return make_record(body, now, actor, reason)


def arbitral_score(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    mp: int,
    vp: int,
    reason: str | None,
    now: datetime,
    actor: str = "arbiter",
) -> Record:
    """An arbitral score (FIBAS art. 40, and art. 36 when the rest score would penalise): it
    replaces the competitor's result of the round."""
    seated_table(state, round_number, competitor)
    reason = need_reason(reason, N_("arbitral score"))
    total = state.code.vp_total
    if not 0 <= vp <= total:
        raise ArbitroError(
            "VP {vp} out of range (0-{total})",
            vp=vp,
            total=total,
            article=state.code.cite("arbitral"),
        )
    return make_record(ArbitralScore(round_number, competitor, mp, vp), now, actor, reason)


def record_abandon(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    justified: bool,
    reason: str | None,
    now: datetime,
    actor: str = "arbiter",
    score: AbandonScore | None = None,
) -> Record:
    """An abandon (FIBAS art. 36): the opponents win with the rest score; the line that left
    gets the rest score's counterpart if justified, zero if not; both lines leaving get zero;
    later opponents rest. The competitor plays no further round.

    Where the code lets the arbiter choose the leaving side's score (Parole art. 13.4: zero,
    the table's score, or the score acquired so far), ``score`` is that choice; a code without
    the choice refuses it."""
    t = seated_table(state, round_number, competitor)
    if t.is_incomplete:
        raise ArbitroError(
            "a resting competitor has no match to abandon", article=state.code.cite("abandon")
        )
    if score is not None and score.value not in state.code.abandon_choices:
        raise ArbitroError(
            "this code gives the abandoning side no choice of score: it follows from whether "
            "the abandon is justified",
            article=state.code.cite("abandon"),
        )
    reason = need_reason(reason, N_("abandon"))
    body = AbandonRecorded(round_number, competitor, justified, score)
    return make_record(body, now, actor, reason)


def record_board_ruling(
    state: EventState,
    round_number: int,
    table: int,
    ruling: Law13Ruling,
    reason: str | None,
    now: datetime,
    actor: str = "arbiter",
) -> Record:
    """Record against a prepared board the outcome of Bridge Law 13 (wrong number of cards:
    play on, correct, play and record, arbitral score), the model for prepared deals. An
    arbitral score it calls for is recorded with :func:`arbitral_score`."""
    playing_table(state, round_number, table)
    if comparison_method(state) is not None:  # carte uguali: a board the table plays
        assignment_of(state, round_number, table, ruling.board)
    reason = need_reason(reason, N_("wrong number of cards"))
    body = BoardRuling(round_number, table, dict(ruling.as_payload()))
    return make_record(body, now, actor, reason)
