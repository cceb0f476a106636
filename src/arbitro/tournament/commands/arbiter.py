"""The arbiter's records: lateness (art. 37), sanctions (art. 22, 40, 41), arbitral scores
(art. 40), abandon (art. 36), Law 13 rulings on prepared boards."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.games.prepared_deals import Law13Ruling
from arbitro.tournament.commands.common import (
    make_record,
    need_reason,
    playing_table,
    seated_table,
)
from arbitro.tournament.event import EventState, SanctionKind
from arbitro.tournament.model import (
    CompetitorId,
)
from arbitro.tournament.records import Record, RecordKind


def record_lateness(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    seconds: int,
    now: datetime,
    actor: str = "arbiter",
) -> Record:
    """Record a lateness (art. 37): up to 5 minutes a warning; 5:01-10 minutes -100 MP; over
    10 minutes the match is lost, the opponents getting the rest score."""
    seated_table(state, round_number, competitor)
    if not state.code.lateness_article:
        raise ArbitroError(
            f"il codice {state.code.code_id} non prevede penalità per ritardo nei turni",
            f"the {state.code.code_id} code has no lateness penalties in rounds",
        )
    if seconds <= 0:
        raise ArbitroError("ritardo non positivo", "lateness must be positive", article="37")
    return make_record(
        RecordKind.LATENESS_RECORDED,
        {"round": round_number, "competitor": competitor, "seconds": seconds},
        now,
        actor,
    )


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
    """A sanction in the ledger, with its article, who gives it, when and why: a reprimand
    ("richiamo"); a warning ("ammonizione": every two cost 1 VP and 100 MP in the overall
    standings, art. 22 note 1, art. 41); an expulsion (the arbiter stops the competitor from
    continuing, art. 40: it plays no later round; its results so far stand). ``player`` names
    the player of a pair or team who was sanctioned."""
    seated_table(state, round_number, competitor)
    reason = need_reason(reason, "sanzione", "sanction")
    comp = state.competitor(competitor)
    if player is not None and comp.players and player not in comp.players:
        raise ArbitroError(
            f"«{player}» non gioca in «{comp.name}» ({', '.join(comp.players)})",
            f"«{player}» does not play in «{comp.name}» ({', '.join(comp.players)})",
        )
    payload: dict[str, Any] = {
        "round": round_number,
        "competitor": competitor,
        "sanction": kind.value,
        "article": article or state.code.sanction_articles[kind.value],
    }
    if player is not None:
        payload["player"] = player
    return make_record(RecordKind.SANCTION_GIVEN, payload, now, actor, reason)


def give_warning(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    reason: str | None,
    now: datetime,
    *,
    article: str = "41",
    actor: str = "arbiter",
) -> Record:
    """A warning ("ammonizione"); every two cost 1 VP and 100 MP in the overall standings
    (art. 22 note 1, art. 41)."""
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
    """An arbitral score (art. 40, and art. 36 when the rest score would penalise): it replaces
    the competitor's result of the round."""
    seated_table(state, round_number, competitor)
    reason = need_reason(reason, "punteggio arbitrale", "arbitral score")
    total = state.code.vp_total
    if not 0 <= vp <= total:
        raise ArbitroError(
            f"V.P. {vp} fuori scala (0-{total})", f"VP {vp} out of range (0-{total})", article="40"
        )
    return make_record(
        RecordKind.ARBITRAL_SCORE,
        {"round": round_number, "competitor": competitor, "mp": mp, "vp": vp},
        now,
        actor,
        reason,
    )


def record_abandon(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    justified: bool,
    reason: str | None,
    now: datetime,
    actor: str = "arbiter",
) -> Record:
    """An abandon (art. 36): the opponents win with the rest score; the line that left gets the
    rest score's counterpart if justified, zero if not; both lines leaving get zero; later
    opponents rest. The competitor plays no further round."""
    t = seated_table(state, round_number, competitor)
    if t.is_incomplete:
        raise ArbitroError(
            "un concorrente a riposo non può abbandonare l'incontro",
            "a resting competitor has no match to abandon",
            article="36",
        )
    reason = need_reason(reason, "abbandono", "abandon")
    return make_record(
        RecordKind.ABANDON_RECORDED,
        {"round": round_number, "competitor": competitor, "justified": justified},
        now,
        actor,
        reason,
    )


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
    reason = need_reason(reason, "numero errato di carte", "wrong number of cards")
    payload = {"round": round_number, "table": table, "ruling": ruling.as_payload()}
    return make_record(RecordKind.BOARD_RULING, payload, now, actor, reason)
