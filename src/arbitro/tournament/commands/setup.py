"""Setting an event up: its configuration (FIBAS art. 4, 7), registrations (art. 2, 37),
renames and withdrawals (art. 36)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from arbitro.errors import ArbitroError, ConflictError
from arbitro.tournament.commands.common import (
    FIRST_ROUND_MOVEMENTS,
    MIN_TEAM_PLAYERS,
    PLAYERS_PER_COMPETITOR,
    first_unpublished_round,
    make_record,
)
from arbitro.tournament.event import EventConfig, EventState, seating_to_payload
from arbitro.tournament.model import (
    CompetitorId,
    EventFormat,
    Movement,
    Seating,
    TableSeating,
)
from arbitro.tournament.movements.fours import MOVEMENTS as FOUR_MOVEMENTS
from arbitro.tournament.records import Record, RecordKind
from arbitro.tournament.rules import FIBAS, SCALA40, rules_for


def create_event(config: EventConfig, now: datetime, actor: str = "director") -> Record:
    """Check an event's configuration (art. 4 movements, art. 7 deals) and make its first
    record."""
    code = rules_for(config.code)
    if config.game != code.game:
        raise ArbitroError(
            f"il codice {code.code_id} è per il gioco {code.game}, non {config.game}",
            f"the {code.code_id} code is for {code.game}, not {config.game}",
        )
    if config.rounds < 1:
        raise ArbitroError("servono almeno un turno", "at least one round is needed")
    if len(config.deals) != config.rounds or len(config.movements) != config.rounds:
        raise ArbitroError(
            f"indicare smazzate e movimento per ognuno dei {config.rounds} turni",
            f"give the deals and the movement of each of the {config.rounds} rounds",
        )
    for i, d in enumerate(config.deals, start=1):
        if d not in code.deals_allowed:
            allowed = ", ".join(map(str, code.deals_allowed))
            raise ArbitroError(
                f"turno {i}: {d} smazzate; il codice {code.code_id} prevede turni da {allowed}",
                f"round {i}: {d} deals; the {code.code_id} code has rounds of {allowed}",
                article="7" if code.code_id == FIBAS else "5" if code.code_id == SCALA40 else "3",
            )
        if d == 1 and code.one_deal_rounds_need_duplicate and not config.duplicate:
            raise ArbitroError(
                f"turno {i}: i turni da 1 smazzata sono solo per gare a carte preparate",
                f"round {i}: 1-deal rounds are only for prepared-deals events",
                article="7",
            )
    if config.movements[0] not in FIRST_ROUND_MOVEMENTS:
        raise ArbitroError(
            "il primo turno si assegna per sorteggio, ordine di iscrizione o scelta dell'arbitro",
            "the first round is seated by draw, registration order or the arbiter's choice",
            article="4",
        )
    for i, m in enumerate(config.movements[1:], start=2):
        if m is Movement.REGISTRATION_ORDER:
            raise ArbitroError(
                f"turno {i}: l'ordine di iscrizione vale solo per il primo turno",
                f"round {i}: registration order is for the first round only",
                article="4",
            )
    if code.code_id == SCALA40:
        if config.event_format is not EventFormat.INDIVIDUAL:
            raise ArbitroError(
                "la Scala 40 si gioca individualmente, quattro giocatori a tavolo",
                "Scala 40 is played by individuals, four at a table",
                article="2",
            )
        wrong = [m.value for m in config.movements if m not in FOUR_MOVEMENTS]
        if wrong:
            raise ArbitroError(
                f"movimenti non previsti dall'art. 2 per la Scala 40: {', '.join(wrong)}",
                f"movements not in Scala 40 art. 2: {', '.join(wrong)}",
                article="2",
            )
    elif config.event_format is EventFormat.INDIVIDUAL and any(
        m in (Movement.MITCHELL, Movement.ROUND_ROBIN) for m in config.movements
    ):
        raise ArbitroError(
            "nei tornei individuali le coppie cambiano a ogni turno: Mitchell e girone "
            "all'italiana non si applicano",
            "in individual events partnerships change every round: Mitchell and round robin "
            "do not apply",
            article="4",
        )
    if config.event_format is EventFormat.TEAMS and not code.teams:
        raise ArbitroError(
            f"il codice {code.code_id} non prevede gare a squadre",
            f"the {code.code_id} code has no team events",
        )
    if config.duplicate and config.event_format is EventFormat.TEAMS:
        raise ArbitroError(
            "la scala continua delle carte uguali vale per individuali e coppie",
            "the duplicate continuous scale is for individual and pairs events",
            article="20",
        )
    starts = config.session_starts
    if (
        not starts
        or starts[0] != 1
        or list(starts) != sorted(set(starts))
        or starts[-1] > config.rounds
    ):
        raise ArbitroError(
            "le sessioni devono iniziare al turno 1 e in ordine crescente",
            "sessions must start at round 1 and in increasing order",
        )
    if config.mitchell_step < 1:
        raise ArbitroError(
            "il passo Mitchell deve essere almeno 1", "the Mitchell step must be at least 1"
        )
    return make_record(RecordKind.EVENT_CREATED, config.to_payload(), now, actor)


def register(
    state: EventState, name: str, players: Sequence[str], now: datetime, actor: str = "director"
) -> list[Record]:
    """Register a competitor (art. 2 "Concorrente", art. 4). Before round 1 is published any
    number may enter; afterwards only a late pair that completes round 1's incomplete table,
    while round 1 is being played (art. 37 "Ritardo alla presentazione del torneo")."""
    name = name.strip()
    if not name:
        raise ArbitroError("il nome del concorrente è vuoto", "the competitor's name is empty")
    players = [p.strip() for p in players if p.strip()]
    fmt = state.config.event_format
    low, high = PLAYERS_PER_COMPETITOR.get(fmt, (MIN_TEAM_PLAYERS, 99))
    if players and not low <= len(players) <= high:
        raise ArbitroError(
            f"«{name}»: {len(players)} giocatori; un concorrente ({fmt.value}) ne ha "
            f"{low if low == high else f'{low} o più'}",
            f"«{name}»: {len(players)} players; a competitor ({fmt.value}) has "
            f"{low if low == high else f'{low} or more'}",
            article="2",
        )
    if any(c.name.casefold() == name.casefold() for c in state.competitors.values()):
        raise ConflictError(f"«{name}» è già iscritto", f"«{name}» is already registered")
    number = max(state.competitors, default=0) + 1
    rec = make_record(
        RecordKind.COMPETITOR_REGISTERED,
        {"competitor": number, "name": name, "players": players},
        now,
        actor,
    )
    first = state.round(1)
    if first.seating_published_at is None:
        return [rec]
    if state.config.game == "scala40":
        return [late_entry(state, rec, number)]
    if first.standings_published_at is not None or (
        state.round(min(2, state.config.rounds)).seating is not None and state.config.rounds > 1
    ):
        raise ArbitroError(
            "iscrizioni chiuse: la classifica del primo turno o gli accoppiamenti del secondo "
            "sono già stati stilati",
            "registration closed: round 1 standings or round 2 seating already exist",
            article="37",
        )
    assert first.seating is not None
    hole = next((t for t in first.seating.tables if t.is_incomplete), None)
    if hole is None or fmt is EventFormat.INDIVIDUAL:
        raise ArbitroError(
            "iscrizioni chiuse: il primo turno è iniziato e non c'è un tavolo incompleto da "
            "completare",
            "registration closed: round 1 has started and there is no incomplete table to fill",
            article="37",
        )
    filled = TableSeating(hole.table, hole.ns or (number,), hole.ew or (number,))
    tables = tuple(filled if t.table == hole.table else t for t in first.seating.tables)
    seated = make_record(
        RecordKind.ROUND_SEATED,
        {
            "round": 1,
            "movement": Movement.ARBITER_CHOICE.value,
            "seed": first.seed,
            "tables": seating_to_payload(Seating(tables)),
        },
        now,
        actor,
        "art. 37: coppia ritardataria al tavolo incompleto / late pair at the incomplete table",
    )
    published = make_record(RecordKind.SEATING_PUBLISHED, {"round": 1}, now, actor)
    return [rec, seated, published]


def late_entry(state: EventState, rec: Record, number: CompetitorId) -> Record:
    """Scala 40 art. 26: once round 1's standings and round 2's seating are made, a latecomer
    enters from the next round with an arbitral score of 3 VP and 80 MP for each round missed;
    while round 1 is played nobody is added (the arbiter seats a latecomer at a table of three
    by re-seating round 1 by hand)."""
    joined = next(
        (
            n
            for n in range(2, state.config.rounds + 1)
            if state.round(n).seating_published_at is None
        ),
        None,
    )
    if state.round(1).standings_published_at is None or joined is None:
        raise ArbitroError(
            "iscrizioni chiuse: si entra solo dopo la classifica del primo turno, e prima "
            "dell'ultimo turno",
            "registration closed: latecomers enter after round 1's standings, before the last round",
            article="26",
        )
    payload = dict(rec.payload) | {"joined_round": joined}
    return make_record(RecordKind.COMPETITOR_REGISTERED, payload, rec.at, rec.actor, "art. 26")


def rename(
    state: EventState, competitor: CompetitorId, name: str, now: datetime, actor: str = "director"
) -> Record:
    """Rename a competitor; the number and every result stay."""
    state.competitor(competitor)
    if not name.strip():
        raise ArbitroError("il nome del concorrente è vuoto", "the competitor's name is empty")
    return make_record(
        RecordKind.COMPETITOR_RENAMED, {"competitor": competitor, "name": name.strip()}, now, actor
    )


def withdraw(
    state: EventState,
    competitor: CompetitorId,
    now: datetime,
    reason: str | None = None,
    actor: str = "director",
) -> Record:
    """Withdraw a competitor from the first round whose seating is not yet published; earlier
    results stay (art. 36: "restano confermati i risultati conseguiti")."""
    comp = state.competitor(competitor)
    if comp.withdrawn_from_round is not None:
        raise ConflictError(f"«{comp.name}» è già ritirato", f"«{comp.name}» already withdrew")
    return make_record(
        RecordKind.COMPETITOR_WITHDRAWN,
        {"competitor": competitor, "from_round": first_unpublished_round(state)},
        now,
        actor,
        reason,
    )
