"""What a director or arbiter may do at each step of an event, and the record each action
makes (FIBAS arts. 4, 7, 19-21, 36-40). Every function checks the action against the state
and returns the record to append, or raises an ArbitroError saying why it is refused."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.games.prepared_deals import Law13Ruling
from arbitro.tournament.event import EventConfig, EventState, SanctionKind, seating_to_payload
from arbitro.tournament.model import (
    CompetitorId,
    EventFormat,
    Line,
    Movement,
    Seating,
    TableSeating,
)
from arbitro.tournament.movements import SeatingRequest, seat_round
from arbitro.tournament.records import Record, RecordKind, utc
from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring.sheet import DealScore, SheetEntry, check_sheet
from arbitro.tournament.standings.standings import ranking

FIRST_ROUND_MOVEMENTS = (Movement.DRAW, Movement.REGISTRATION_ORDER, Movement.ARBITER_CHOICE)
PLAYERS_PER_COMPETITOR = {EventFormat.PAIRS: (2, 2), EventFormat.INDIVIDUAL: (1, 1)}
MIN_TEAM_PLAYERS = 4  # art. 2 "Concorrente": a team is four or more players


def _rec(
    kind: RecordKind, payload: dict[str, Any], now: datetime, actor: str, reason: str | None = None
) -> Record:
    return Record(kind, payload, utc(now), actor, reason)


def _need_reason(reason: str | None, what_it: str, what_en: str) -> str:
    if not reason or not reason.strip():
        raise ArbitroError(f"{what_it}: indicare il motivo", f"{what_en}: a reason is required")
    return reason.strip()


# ---------------------------------------------------------------------- event set-up
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
        if d not in code.round_minutes:
            raise ArbitroError(
                f"turno {i}: {d} smazzate; il codice prevede turni da 1 a 4 smazzate",
                f"round {i}: {d} deals; the code has rounds of 1 to 4 deals",
                article="7",
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
    if config.event_format is EventFormat.INDIVIDUAL and any(
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
    return _rec(RecordKind.EVENT_CREATED, config.to_payload(), now, actor)


def _first_unpublished_round(state: EventState) -> int:
    for n in range(1, state.config.rounds + 1):
        if state.round(n).seating_published_at is None:
            return n
    return state.config.rounds + 1


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
    rec = _rec(
        RecordKind.COMPETITOR_REGISTERED,
        {"competitor": number, "name": name, "players": players},
        now,
        actor,
    )
    first = state.round(1)
    if first.seating_published_at is None:
        return [rec]
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
    seated = _rec(
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
    published = _rec(RecordKind.SEATING_PUBLISHED, {"round": 1}, now, actor)
    return [rec, seated, published]


def rename(
    state: EventState, competitor: CompetitorId, name: str, now: datetime, actor: str = "director"
) -> Record:
    """Rename a competitor; the number and every result stay."""
    state.competitor(competitor)
    if not name.strip():
        raise ArbitroError("il nome del concorrente è vuoto", "the competitor's name is empty")
    return _rec(
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
    return _rec(
        RecordKind.COMPETITOR_WITHDRAWN,
        {"competitor": competitor, "from_round": _first_unpublished_round(state)},
        now,
        actor,
        reason,
    )


# ---------------------------------------------------------------------- rounds
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
    seating is published. Later rounds need the previous round's standings published."""
    r = state.round(round_number)
    if r.seating_published_at is not None:
        raise ConflictError(
            f"la posizione ai tavoli del turno {round_number} è già affissa: resta quella",
            f"round {round_number}'s seating is already published: it stands",
            article="21",
        )
    if round_number > 1 and state.round(round_number - 1).standings_published_at is None:
        raise ArbitroError(
            f"prima pubblicare la classifica del turno {round_number - 1}",
            f"publish round {round_number - 1}'s standings first",
            article="4",
        )
    movement = movement or state.config.movements[round_number - 1]
    if movement is Movement.ARBITER_CHOICE and arbiter_tables is None:
        raise ArbitroError(
            "scelta dell'arbitro: indicare i tavoli",
            "arbiter's choice: give the tables",
            article="4",
        )
    seed = state.config.seed * 1000 + round_number if seed is None else seed
    active = tuple(state.active(round_number))
    rank = (
        tuple(c for c in ranking(state, round_number - 1) if c in set(active))
        if round_number > 1
        else active
    )
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
        mitchell_step=state.config.mitchell_step,
        arbiter_tables=arbiter_tables,
    )
    previous = state.round(round_number - 1).seating if round_number > 1 else None
    gone = set(previous.competitors()) - set(active) if previous else set()
    if movement is Movement.MITCHELL and previous is not None and gone:
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
    payload = {
        "round": round_number,
        "movement": movement.value,
        "seed": seed,
        "tables": seating_to_payload(seating),
    }
    return _rec(RecordKind.ROUND_SEATED, payload, now, actor)


def _present(line: Line | None, gone: set[CompetitorId]) -> Line | None:
    return None if line is None or gone & set(line) else line


def publish_seating(
    state: EventState, round_number: int, now: datetime, actor: str = "director"
) -> Record:
    """Publish ("affiggere") a round's seating: from now on it stands (art. 21 b)."""
    r = state.round(round_number)
    if r.seating is None:
        raise ArbitroError(
            f"il turno {round_number} non è ancora assegnato",
            f"round {round_number} is not seated yet",
        )
    if r.seating_published_at is not None:
        raise ConflictError(
            f"turno {round_number} già affisso", f"round {round_number} already published"
        )
    return _rec(RecordKind.SEATING_PUBLISHED, {"round": round_number}, now, actor)


def _playing_table(state: EventState, round_number: int, table: int) -> TableSeating:
    r = state.round(round_number)
    if r.seating is None or r.seating_published_at is None:
        raise ArbitroError(
            f"il turno {round_number} non è in corso (posizione ai tavoli non affissa)",
            f"round {round_number} is not under way (seating not published)",
        )
    t = r.seating.table(table)
    if t is None:
        n = len(r.seating.tables)
        raise NotFoundError(
            f"il tavolo {table} non esiste nel turno {round_number} (tavoli 1-{n})",
            f"table {table} does not exist in round {round_number} (tables 1-{n})",
        )
    if t.is_incomplete:
        raise ArbitroError(
            f"il tavolo {table} è incompleto: la linea presente riposa, nessuno score",
            f"table {table} is incomplete: the line present rests, no sheet",
            article="37",
        )
    return t


LINES = ("ns", "ew")


def enter_sheet(
    state: EventState,
    round_number: int,
    table: int,
    entry: SheetEntry,
    now: datetime,
    actor: str = "director",
    line: str | None = None,
) -> Record:
    """Enter a table's sheet (art. 19-20). ``line`` ("ns"/"ew") when a line submits it from
    the table: the sheet is confirmed when both lines submitted the same numbers, as both sign
    the paper sheet (art. 20); without ``line`` the director transcribes the signed sheet. The
    same numbers again are harmless; a different entry is kept as a conflict for the director,
    never an overwrite."""
    if line is not None and line not in LINES:
        raise ArbitroError(
            f"linea «{line}» sconosciuta (ns, ew)", f"unknown line «{line}» (ns, ew)"
        )
    _playing_table(state, round_number, table)
    if state.round(round_number).standings_published_at is not None:
        raise ArbitroError(
            f"la classifica del turno {round_number} è pubblicata: lo score si può solo correggere",
            f"round {round_number}'s standings are published: the sheet can only be corrected",
            article="21",
        )
    check_sheet(
        state.code,
        entry,
        deals=state.deals(round_number),
        teams=state.config.event_format is EventFormat.TEAMS,
    )
    payload: dict[str, Any] = {"round": round_number, "table": table, "entry": entry.to_payload()}
    if line is not None:
        payload["line"] = line
    return _rec(RecordKind.SHEET_ENTERED, payload, now, actor)


def confirm_sheet(
    state: EventState, round_number: int, table: int, now: datetime, actor: str = "director"
) -> Record:
    """The director confirms a sheet submitted by one line only (e.g. after seeing the paper
    sheet signed by both): the accepted numbers, entered again by the director."""
    sheet = state.round(round_number).sheets.get(table)
    if sheet is None or sheet.accepted is None:
        raise ArbitroError(
            f"tavolo {table}: nessuno score da confermare", f"table {table}: no sheet to confirm"
        )
    entry = sheet.entry_as_of(round_number)
    assert entry is not None
    return enter_sheet(state, round_number, table, entry, now, actor)


def sheet_status(state: EventState, round_number: int, table: int) -> str:
    """A table's sheet: ``missing``; ``pending`` (one line only submitted it); ``confirmed``
    (both lines, or the director); ``conflict`` (different entries); ``rest`` for a resting
    table."""
    r = state.round(round_number)
    t = r.seating.table(table) if r.seating else None
    if t is not None and t.is_incomplete:
        return "rest"
    sheet = r.sheets.get(table)
    if sheet is None or sheet.accepted is None:
        return "missing"
    if sheet.conflicts:
        return "conflict"
    return "confirmed" if sheet.confirmed else "pending"


def _inverted(entry: SheetEntry) -> SheetEntry:
    def swap(deals: tuple[DealScore, ...]) -> tuple[DealScore, ...]:
        return tuple(DealScore(d.ew, d.ns) for d in deals)

    return SheetEntry(
        swap(entry.deals), None if entry.closed_room is None else swap(entry.closed_room)
    )


CORRECTION_KINDS = ("sum", "inverted", "conflict", "arbiter")


def correct_sheet(
    state: EventState,
    round_number: int,
    table: int,
    now: datetime,
    *,
    kind: str,
    reason: str | None,
    entry: SheetEntry | None = None,
    table_agrees: bool = False,
    by_arbiter: bool = False,
    actor: str = "director",
) -> Record:
    """Correct a sheet by art. 21, as a new record with who, when and why:

    - ``sum``: an evident sum error, only before the round's standings and the next seating
      are published;
    - ``inverted``: scores written on the wrong lines, when the whole table agrees, even later;
      if the round's standings or the next seating are already published the result changes
      from the next round on and the seating stands;
    - ``conflict``: the director settles two different entries of the same sheet;
    - ``arbiter``: during the last round only the arbiter corrects, signing the sheet.
    """
    _playing_table(state, round_number, table)
    reason = _need_reason(reason, "correzione", "correction")
    if kind not in CORRECTION_KINDS:
        raise ArbitroError(
            f"tipo di correzione «{kind}» sconosciuto ({', '.join(CORRECTION_KINDS)})",
            f"unknown correction kind «{kind}» ({', '.join(CORRECTION_KINDS)})",
            article="21",
        )
    r = state.round(round_number)
    sheet = r.sheets.get(table)
    current = sheet.entry_as_of(state.config.rounds) if sheet else None
    last = state.config.rounds
    next_published = (
        round_number < last and state.round(round_number + 1).seating_published_at is not None
    )
    closed = r.standings_published_at is not None or next_published
    in_last_round = (
        state.round(last).seating_published_at is not None
        and state.round(last).standings_published_at is None
    )
    if in_last_round and not by_arbiter and kind != "conflict":
        raise ArbitroError(
            "durante l'ultimo turno gli score si correggono solo con l'intervento dell'arbitro",
            "during the last round only the arbiter corrects sheets",
            article="21",
        )
    if kind == "inverted":
        if current is None:
            raise ArbitroError("nessuno score da correggere", "no sheet to correct", article="21")
        if not table_agrees:
            raise ArbitroError(
                "punteggi invertiti: si correggono solo se il tavolo riconosce l'errore",
                "inverted scores are corrected only when the table agrees",
                article="21",
            )
        entry = _inverted(current)
    elif entry is None:
        raise ArbitroError("indicare lo score corretto", "give the corrected sheet", article="21")
    if kind == "sum" and closed:
        raise ArbitroError(
            "l'errore di somma si corregge solo prima della classifica del turno e "
            "dell'accoppiamento del successivo: lo score resta valido",
            "a sum error is corrected only before the round's standings and the next seating "
            "are published: the sheet stands",
            article="21",
        )
    if kind == "conflict" and (sheet is None or not sheet.conflicts):
        raise ArbitroError("nessun conflitto da risolvere", "no conflict to settle")
    if kind == "arbiter" and not by_arbiter:
        raise ArbitroError(
            "correzione dell'arbitro: firmata dall'arbitro",
            "arbiter's correction: the arbiter signs it",
            article="21",
        )
    check_sheet(
        state.code,
        entry,
        deals=state.deals(round_number),
        teams=state.config.event_format is EventFormat.TEAMS,
    )
    effective = min(round_number + 1, last) if closed else round_number
    payload = {
        "round": round_number,
        "table": table,
        "entry": entry.to_payload(),
        "correction": kind,
        "effective_round": effective,
        "table_agrees": table_agrees,
        "by_arbiter": by_arbiter,
    }
    return _rec(RecordKind.SHEET_CORRECTED, payload, now, actor, reason)


# ---------------------------------------------------------------------- penalties
def _seated(state: EventState, round_number: int, competitor: CompetitorId) -> TableSeating:
    state.competitor(competitor)
    r = state.round(round_number)
    if r.seating_published_at is None:
        raise ArbitroError(
            f"il turno {round_number} non è in corso", f"round {round_number} is not under way"
        )
    t = state.table_of(round_number, competitor)
    if t is None:
        raise ArbitroError(
            f"il concorrente {competitor} non gioca nel turno {round_number}",
            f"competitor {competitor} does not play in round {round_number}",
        )
    return t


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
    _seated(state, round_number, competitor)
    if seconds <= 0:
        raise ArbitroError("ritardo non positivo", "lateness must be positive", article="37")
    return _rec(
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
    _seated(state, round_number, competitor)
    reason = _need_reason(reason, "sanzione", "sanction")
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
    return _rec(RecordKind.SANCTION_GIVEN, payload, now, actor, reason)


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
    _seated(state, round_number, competitor)
    reason = _need_reason(reason, "punteggio arbitrale", "arbitral score")
    total = state.code.vp_total
    if not 0 <= vp <= total:
        raise ArbitroError(
            f"V.P. {vp} fuori scala (0-{total})", f"VP {vp} out of range (0-{total})", article="40"
        )
    return _rec(
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
    t = _seated(state, round_number, competitor)
    if t.is_incomplete:
        raise ArbitroError(
            "un concorrente a riposo non può abbandonare l'incontro",
            "a resting competitor has no match to abandon",
            article="36",
        )
    reason = _need_reason(reason, "abbandono", "abandon")
    return _rec(
        RecordKind.ABANDON_RECORDED,
        {"round": round_number, "competitor": competitor, "justified": justified},
        now,
        actor,
        reason,
    )


# ---------------------------------------------------------------------- standings
def missing_sheets(state: EventState, round_number: int) -> list[int]:
    """Tables of the round still without a usable result: no sheet, a sheet submitted by one
    line only, or a conflict."""
    from arbitro.tournament.scoring.results import ScoreSource, round_scores

    scores = round_scores(state, round_number, as_of=round_number)
    r = state.round(round_number)
    tables = {s.table for s in scores.values() if s.source is ScoreSource.PENDING}
    tables |= {n for n, sh in r.sheets.items() if sh.conflicts or not sh.confirmed}
    return sorted(tables)


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
    _playing_table(state, round_number, table)
    reason = _need_reason(reason, "numero errato di carte", "wrong number of cards")
    payload = {"round": round_number, "table": table, "ruling": ruling.as_payload()}
    return _rec(RecordKind.BOARD_RULING, payload, now, actor, reason)


def publish_standings(
    state: EventState, round_number: int, now: datetime, actor: str = "director"
) -> Record:
    """Publish the round's standings: provisional until the complaints window closes
    (art. 39). Every table needs its result, and conflicts must be settled."""
    r = state.round(round_number)
    if r.seating_published_at is None:
        raise ArbitroError(
            f"il turno {round_number} non è stato giocato",
            f"round {round_number} has not been played",
        )
    if r.standings_published_at is not None:
        raise ConflictError(
            f"classifica del turno {round_number} già pubblicata",
            f"round {round_number}'s standings already published",
        )
    missing = missing_sheets(state, round_number)
    if missing:
        tables = ", ".join(str(t) for t in missing)
        raise ArbitroError(
            f"turno {round_number}: score mancanti, da confermare o in conflitto ai tavoli {tables}",
            f"round {round_number}: sheets missing, unconfirmed or in conflict at tables {tables}",
            article="19",
        )
    return _rec(RecordKind.STANDINGS_PUBLISHED, {"round": round_number}, now, actor)


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
    if r.standings_published_at is None:
        raise ArbitroError(
            "classifica non ancora esposta", "standings not displayed yet", article="39"
        )
    closes = r.standings_published_at + timedelta(minutes=state.config.complaints_window_minutes)
    if utc(now) >= closes:
        raise ArbitroError(
            "i 15 minuti per i reclami sono passati: la classifica è definitiva",
            "the complaints window has closed: the standings are final",
            article="39",
        )
    return _rec(
        RecordKind.COMPLAINT_LODGED,
        {"round": round_number, "competitor": competitor, "text": text},
        now,
        actor,
    )


def resolve_complaint(
    state: EventState,
    round_number: int,
    complaint: int,
    decision: str | None,
    now: datetime,
    actor: str = "director",
) -> Record:
    """The tournament director settles a complaint, immediately and finally (art. 38)."""
    if complaint not in state.round(round_number).open_complaints:
        raise NotFoundError(
            f"reclamo {complaint} non aperto", f"complaint {complaint} is not open", article="38"
        )
    decision = _need_reason(decision, "reclamo", "complaint")
    return _rec(
        RecordKind.COMPLAINT_RESOLVED,
        {"round": round_number, "complaint": complaint},
        now,
        actor,
        decision,
    )
