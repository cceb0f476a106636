"""Setting an event up: its configuration (FIBAS art. 4, 7), registrations (art. 2, 37),
renames and withdrawals (art. 36)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from arbitro.codes.citation import code_table
from arbitro.errors import ArbitroError, ConflictError
from arbitro.i18n import N_, ngettext
from arbitro.lazy_names import lazy_module
from arbitro.money import MAX_FEE_CENTS, euros
from arbitro.text_rules import text_problem
from arbitro.tournament.commands.common import (
    FIRST_ROUND_MOVEMENTS,
    MIN_TEAM_PLAYERS,
    PLAYERS_PER_COMPETITOR,
    first_unpublished_round,
    make_record,
)
from arbitro.tournament.event import EventConfig, EventState, seating_tables
from arbitro.tournament.model import (
    CompetitorId,
    EventFormat,
    Movement,
    Seating,
    TableSeating,
)
from arbitro.tournament.records import (
    CompetitorCheckedIn,
    CompetitorRegistered,
    CompetitorRenamed,
    CompetitorWithdrawn,
    Record,
    RecordCancelled,
    RoundSeated,
    SeatingPublished,
)
from arbitro.tournament.rules import rules_for
from arbitro.tournament.sheets import sheet_kind
from arbitro.tournament.zone import check_timezone

if TYPE_CHECKING:
    from arbitro.tournament.movements import constraints as movement_constraints
    from arbitro.tournament.movements import fours
else:
    # The movements package (every seating algorithm) is loaded only to create an event, not
    # by each registration (issue 14).
    fours = lazy_module("arbitro.tournament.movements.fours")
    movement_constraints = lazy_module("arbitro.tournament.movements.constraints")

MAX_ROUNDS = 100  # more than any championship of several sessions plays
MAX_NAME = 200  # a competitor's or a player's name, as the desk's form fields


def create_event(config: EventConfig, now: datetime, actor: str = "director") -> Record:
    """Check an event's configuration (art. 4 movements, art. 7 deals) and make its first
    record."""
    code = rules_for(config.code)
    if config.game != code.game:
        raise ArbitroError(
            "the {code} code is for {game}, not {other}",
            code=code.code.short_name,
            game=code.game,
            other=config.game,
        )
    if config.rounds < 1:
        raise ArbitroError("at least one round is needed")
    if config.rounds > MAX_ROUNDS:
        raise ArbitroError(
            "{rounds} rounds: an event has at most {limit}", rounds=config.rounds, limit=MAX_ROUNDS
        )
    if len(config.deals) != config.rounds or len(config.movements) != config.rounds:
        raise ArbitroError(
            ngettext(
                "give the deals and the movement of the {rounds} round",
                "give the deals and the movement of each of the {rounds} rounds",
                config.rounds,
                rounds=config.rounds,
            )
        )
    for i, d in enumerate(config.deals, start=1):
        if d not in code.deals_allowed:
            raise ArbitroError(
                ngettext(
                    "round {round}: {count} deal; the {code} code has rounds of {allowed}",
                    "round {round}: {count} deals; the {code} code has rounds of {allowed}",
                    d,
                    round=i,
                    code=code.code.short_name,
                    allowed=", ".join(map(str, code.deals_allowed)),
                ),
                article=code.cite_if("round_time") or code.cite("vp"),
            )
        if d == 1 and code.one_deal_rounds_need_duplicate and not config.duplicate:
            raise ArbitroError(
                "round {round}: 1-deal rounds are only for prepared-deals events",
                round=i,
                article=code.cite("round_time"),
            )
    if config.movements[0] not in FIRST_ROUND_MOVEMENTS:
        raise ArbitroError(
            "the first round is seated by draw, registration order, the arbiter's choice or "
            "the round robin's calendar",
            article=code.cite("seating"),
        )
    for i, m in enumerate(config.movements[1:], start=2):
        if m is Movement.REGISTRATION_ORDER:
            raise ArbitroError(
                "round {round}: registration order is for the first round only",
                round=i,
                article=code.cite("seating"),
            )
    if sheet_kind(config.game).individual_tables:
        if config.event_format is not EventFormat.INDIVIDUAL:
            raise ArbitroError(
                "{game} is played by individuals, four at a table",
                game=code.title,
                article=code.cite("seating"),
            )
        wrong = [m.value for m in config.movements if m not in fours.MOVEMENTS]
        if wrong:
            raise ArbitroError(
                "movements the code does not have for tables of four: {movements}",
                movements=", ".join(wrong),
                article=code.cite("seating"),
            )
    elif config.event_format is EventFormat.INDIVIDUAL and any(
        m in (Movement.MITCHELL, Movement.ROUND_ROBIN) for m in config.movements
    ):
        raise ArbitroError(
            "in individual events partnerships change every round: Mitchell and round robin "
            "do not apply",
            article=code.cite("seating"),
        )
    if config.event_format is EventFormat.TEAMS and not code.teams:
        raise ArbitroError("the {code} code has no team events", code=code.code.short_name)
    if config.duplicate and not code_table(code.code, "duplicate_scale"):
        # Carte uguali are a FIBAS art. 20 event: a code without their scale has none.
        raise ArbitroError(
            "the {code} code has no carte uguali (prepared boards)",
            code=code.code.short_name,
            article=code.cite("vp"),
        )
    if config.duplicate and config.event_format is EventFormat.TEAMS:
        raise ArbitroError(
            "the duplicate continuous scale is for individual and pairs events",
            article=code.cite("vp"),
        )
    if config.comparison not in (None, "table"):
        if not config.duplicate:
            raise ArbitroError(
                "a comparison with the field is for carte uguali events (duplicate cards)",
                article=code.cite("vp"),
            )
        if sheet_kind(config.game).individual_tables:
            raise ArbitroError(
                "{game} is not played by two lines: no comparison with the field",
                game=code.title,
                article=code.cite("vp"),
            )
    starts = config.session_starts
    if (
        not starts
        or starts[0] != 1
        or list(starts) != sorted(set(starts))
        or starts[-1] > config.rounds
    ):
        raise ArbitroError("sessions must start at round 1 and in increasing order")
    # 0: the step is chosen by the constraints (art. 4)
    if config.mitchell_step < movement_constraints.AUTO_STEP:
        raise ArbitroError("the Mitchell step must be at least 1 (0: chosen automatically)")
    if config.entry_fee_cents is not None and not 0 <= config.entry_fee_cents <= MAX_FEE_CENTS:
        raise ArbitroError(
            "the entry fee must be between € 0 and € {most}", most=euros(MAX_FEE_CENTS)
        )
    check_timezone(config.timezone)  # the zone times are shown and typed in (rulings)
    return make_record(config, now, actor)


MISSED_CHOICES = ("rest", "arbitral", "none")
"""What a late entry's missed rounds score where the code does not say (docs/rulings.md "Late
entries"): the rest score (FIBAS art. 37), an arbitral score (art. 40), nothing."""


def register(
    state: EventState,
    name: str,
    players: Sequence[str],
    now: datetime,
    actor: str = "director",
    late: LateEntry | None = None,
) -> list[Record]:
    """Register a competitor (art. 2 "Concorrente", art. 4). Before round 1 is published any
    number may enter; afterwards only a late pair that completes round 1's incomplete table,
    while round 1 is being played (art. 37 "Ritardo alla presentazione del torneo"), or, where
    tables seat individuals, a late entry from the next round (Scala 40 art. 26). With
    ``late`` the director admits it from a later round (:func:`admit_late`)."""
    name, players = _checked_names(state, name, players)
    if name.casefold() in state.names:
        raise ConflictError("«{name}» is already registered", name=name)
    number = state.next_number
    if late is not None:
        return [
            admit_late(state, CompetitorRegistered(number, name, tuple(players)), late, now, actor)
        ]
    rec = make_record(CompetitorRegistered(number, name, tuple(players)), now, actor)
    first = state.round(1)
    if first.seating_published_at is None:
        return [rec]
    if state.sheet_kind.individual_tables and _table_of_three(state) is None:
        return [late_entry(state, rec, number)]
    return [rec, *_seat_late(state, number, now, actor)]


@dataclass(frozen=True, slots=True)
class LateEntry:
    """The director's admission of a latecomer from round ``from_round``: what its missed
    rounds score (None: the code's own score, Scala 40 art. 26; else one of
    :data:`MISSED_CHOICES`), the arbitral VP and MP, and whether it is ranked."""

    from_round: int
    missed: str | None = None
    vp: int = 0
    mp: int = 0
    ranked: bool = True


@dataclass(frozen=True, slots=True)
class LateWindow:
    """The rounds a latecomer may be admitted from (``first`` to ``last``) and the score the
    code fixes for its missed rounds (VP, MP; None: the director chooses)."""

    first: int
    last: int
    fixed: tuple[int, int] | None


def late_window(state: EventState) -> LateWindow | None:
    """When the director may admit a latecomer from a later round (docs/rulings.md "Late
    entries"; FIBAS art. 37, Scala 40 art. 26): once round 1's seating is published, from the
    first round after it that is not yet seated, until the last; None before the start (a
    plain registration) or when no round is left."""
    if state.round(1).seating_published_at is None:
        return None
    rounds = state.config.rounds
    if state.round(rounds).standings_published_at is not None:
        return None
    first = max(2, first_unpublished_round(state))
    while first <= rounds and state.round(first).seating is not None:
        first += 1
    if first > rounds:
        return None
    return LateWindow(first, rounds, state.code.late_entry_score)


def admit_late(
    state: EventState, body: CompetitorRegistered, late: LateEntry, now: datetime, actor: str
) -> Record:
    """Admit a latecomer from round ``late.from_round`` (docs/rulings.md "Late entries";
    FIBAS art. 37 refuses it after round 1, many organisers admit it): the round must be
    after every published round and not yet seated, the event not finished. Where the code
    fixes the missed rounds' score (Scala 40 art. 26) that score stands; else the director
    chooses the rest score of art. 37 (the code must print one for those rounds' deals), an
    arbitral score (art. 40) within the code's V.P., or nothing."""
    code = state.code
    article = code.cite("late_registration")
    rounds = state.config.rounds
    if state.round(rounds).standings_published_at is not None:
        raise ArbitroError("the event is finished: nobody can be admitted", article=article)
    first = first_unpublished_round(state)
    n = late.from_round
    if not max(2, first) <= n <= rounds:
        raise ArbitroError(
            "a late entry joins from a round between {low} and {high}, not {round}",
            low=max(2, first),
            high=rounds,
            round=n,
            article=article,
        )
    if state.round(n).seating is not None:
        raise ArbitroError(
            "round {round} is already seated without the latecomer: admit it from round {next}",
            round=n,
            next=n + 1,
            article=article,
        )
    missed = late.missed
    vp = mp = 0
    if code.late_entry_score is not None:
        if missed not in (None, "code"):
            raise ArbitroError(
                "the code fixes what a late entry's missed rounds score: no other choice",
                article=code.cite_if("late_entry") or article,
            )
        missed = "code"  # recorded: an imported file decides it again as an admission
    elif missed not in MISSED_CHOICES:
        raise ArbitroError(
            "choose what the missed rounds score: the rest score, an arbitral score or nothing",
            article=article,
        )
    elif missed == "rest":
        lacking = [r for r in range(1, n) if code.rest_score(state.deals(r)) is None]
        if lacking:
            raise ArbitroError(
                "the code has no rest score for round {round}: choose an arbitral score",
                round=lacking[0],
                article=code.cite_if("rest") or article,
            )
    elif missed == "arbitral":
        vp, mp = late.vp, late.mp
        if not 0 <= vp <= code.vp_total or abs(mp) > MAX_ARBITRAL_MP:
            raise ArbitroError(
                "an arbitral score has 0 to {vp} V.P. and at most {mp} M.P. either way",
                vp=code.vp_total,
                mp=MAX_ARBITRAL_MP,
                article=code.cite_if("arbitral") or article,
            )
    return make_record(
        CompetitorRegistered(
            body.competitor,
            body.name,
            body.players,
            n,
            None,
            missed,
            vp,
            mp,
            late.ranked,
        ),
        now,
        actor,
        N_("late entry admitted by the director"),
    )


MAX_ARBITRAL_MP = 10_000  # beyond any round's M.P. (a deck is worth a few hundred points)


def _seat_late(state: EventState, number: CompetitorId, now: datetime, actor: str) -> list[Record]:
    """Seat a latecomer in round 1 while it is played: a pair at round 1's incomplete table,
    before round 1's standings and round 2's seating (FIBAS art. 37 "Ritardo alla
    presentazione del torneo"), a player at a table of three (Scala 40 art. 26); round 1's
    seating is recorded again and published. Refused, citing the code's article, when the
    code does not allow it any more."""
    first = state.round(1)
    assert first.seating is not None
    if state.sheet_kind.individual_tables:
        three = _table_of_three(state)
        if three is None:
            raise ArbitroError(
                "registration closed: round 1 has started and there is no table of three to "
                "complete",
                article=state.code.cite("late_registration"),
            )
        assert three.players is not None
        if (1, three.table) in state.digital:
            _refuse_digital_three(state, three.table)
        filled = TableSeating(three.table, None, None, (*three.players, number))
        tables = tuple(filled if t.table == three.table else t for t in first.seating.tables)
        reason = N_("latecomer seated at a table of three during round 1")
        seated = make_record(
            RoundSeated(1, Movement.ARBITER_CHOICE, seating_tables(Seating(tables)), first.seed),
            now,
            actor,
            reason,
        )
        return [seated, make_record(SeatingPublished(1), now, actor)]
    if first.standings_published_at is not None or (
        state.round(min(2, state.config.rounds)).seating is not None and state.config.rounds > 1
    ):
        raise ArbitroError(
            "registration closed: round 1 standings or round 2 seating already exist",
            article=state.code.cite("late_registration"),
        )
    hole = next((t for t in first.seating.tables if t.is_incomplete), None)
    if hole is None or state.config.event_format is EventFormat.INDIVIDUAL:
        raise ArbitroError(
            "registration closed: round 1 has started and there is no incomplete table to fill",
            article=state.code.cite("late_registration"),
        )
    filled = TableSeating(hole.table, hole.ns or (number,), hole.ew or (number,))
    tables = tuple(filled if t.table == hole.table else t for t in first.seating.tables)
    seated = make_record(
        RoundSeated(1, Movement.ARBITER_CHOICE, seating_tables(Seating(tables)), first.seed),
        now,
        actor,
        N_("late pair seated at the incomplete table"),
    )
    published = make_record(SeatingPublished(1), now, actor)
    return [seated, published]


def _checked_names(state: EventState, name: str, players: Sequence[str]) -> tuple[str, list[str]]:
    """A competitor's name and players as registered: no empty name, no name longer than
    the forms allow, as many players as the event's format gives a competitor (art. 2
    "Concorrente"); blank players are left out."""
    name = name.strip()
    if not name:
        raise ArbitroError("the competitor's name is empty")
    players = [p.strip() for p in players if p.strip()]
    long = next((t for t in (name, *players) if len(t) > MAX_NAME), None)
    if long is not None:
        raise ArbitroError(
            "«{text}…» is too long ({length} characters, at most {limit})",
            text=long[:30],
            length=len(long),
            limit=MAX_NAME,
        )
    for text in (name, *players):  # the one text rule (issue 29): whatever the way in
        problem = text_problem(text, name=True)
        if problem is not None:
            raise ArbitroError("«{text}»: {problem}", text=ascii(text)[1:-1][:30], problem=problem)
    fmt = state.config.event_format
    low, high = PLAYERS_PER_COMPETITOR.get(fmt, (MIN_TEAM_PLAYERS, 99))
    count = len(players)
    if players and not low <= count <= high:
        article = state.code.cite("competitor")
        if fmt is EventFormat.PAIRS:
            wrong = ngettext(
                "«{name}»: {count} player, a pair has 2",
                "«{name}»: {count} players, a pair has 2",
                count,
                name=name,
            )
        elif fmt is EventFormat.INDIVIDUAL:
            wrong = ngettext(
                "«{name}»: {count} player, in an individual event a competitor is one player",
                "«{name}»: {count} players, in an individual event a competitor is one player",
                count,
                name=name,
            )
        else:
            wrong = ngettext(
                "«{name}»: {count} player, a team has at least {low}",
                "«{name}»: {count} players, a team has at least {low}",
                count,
                name=name,
                low=low,
            )
        raise ArbitroError(wrong, article=article)
    return name, players


def _table_of_three(state: EventState) -> TableSeating | None:
    """Round 1's first table of three still without a sheet, while round 1 is played: a
    latecomer completes it (Scala 40 art. 26). One played at a digital table comes after
    the others: its deals are dealt to its three already (docs/rulings.md, digital 24)."""
    first = state.round(1)
    if first.seating is None or first.standings_published_at is not None:
        return None
    threes = [
        t
        for t in first.seating.tables
        if t.players is not None and len(t.players) == 3 and t.table not in first.sheets
    ]
    threes.sort(key=lambda t: (1, t.table) in state.digital)
    return threes[0] if threes else None


def _refuse_digital_three(state: EventState, table: int) -> None:
    """Refuse seating a latecomer at round 1's table of three ``table`` once it is played at
    a digital table: its deals are dealt to its three players (Scala 40 art. 26, "completare
    il tavolo", only a table that has not started; docs/rulings.md, digital 24). The
    director is told the round to admit him from instead."""
    article = state.code.cite("late_registration")
    window = late_window(state)
    if window is None:
        raise ConflictError(
            "table {table} of three is already dealt at a digital table: nobody can join "
            "it, and no round is left to admit the latecomer from",
            table=table,
            article=article,
            key="late.digital_three",
        )
    raise ConflictError(
        "table {table} of three is already dealt at a digital table: nobody can join it; "
        "admit the latecomer from round {round} (the code's score for the rounds missed)",
        table=table,
        round=window.first,
        article=article,
        key="late.digital_three",
    )


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
            "registration closed: latecomers enter after round 1's standings, before the last round",
            article=state.code.cite("late_registration"),
        )
    body = rec.body
    assert isinstance(body, CompetitorRegistered)
    return make_record(
        CompetitorRegistered(body.competitor, body.name, body.players, joined),
        rec.at,
        rec.actor,
        N_("late entry with the arbitral score of the rounds missed"),
    )


def rename(
    state: EventState,
    competitor: CompetitorId,
    name: str,
    now: datetime,
    actor: str = "director",
    players: Sequence[str] | None = None,
) -> Record:
    """Rename a competitor and, if ``players`` is given, change its players, with the checks
    of a registration (art. 2 "Concorrente"); the number and every result stay."""
    state.competitor(competitor)
    name, checked = _checked_names(state, name, players or ())
    other = state.names.get(name.casefold())
    if other is not None and other != competitor:
        raise ConflictError("«{name}» is already registered", name=name)
    return make_record(
        CompetitorRenamed(competitor, name, None if players is None else tuple(checked)),
        now,
        actor,
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
        raise ConflictError("«{name}» already withdrew", name=comp.name)
    return make_record(
        CompetitorWithdrawn(competitor, first_unpublished_round(state)), now, actor, reason
    )


def readmit(
    state: EventState,
    competitor: CompetitorId,
    reason: str | None,
    now: datetime,
    actor: str = "director",
) -> list[Record]:
    """Re-admit a withdrawn competitor: its withdrawal cancelled by a new record with the
    reason (FIBAS art. 36). While the round it was withdrawn from is not seated, nothing else
    changes. A pair withdrawn from round 1 (absent at the check-in) that arrives while round 1
    is played is a late pair (art. 37 "Ritardo alla presentazione del torneo"): it is seated
    at round 1's incomplete table, if there is one, before round 1's standings and round 2's
    seating ("Non è possibile alcun accomodamento" after them); a player at a table of three
    (Scala 40 art. 26). Otherwise refused, citing the code's article on late arrivals."""
    comp = state.competitor(competitor)
    if not reason or not reason.strip():
        raise ArbitroError(
            "write why «{name}» is re-admitted (e.g. «arrived late»)", name=comp.name
        )
    seq = next(
        (
            n
            for n, rec in state.actions.items()
            if isinstance(rec.body, CompetitorWithdrawn) and rec.body.competitor == competitor
        ),
        None,
    )
    if seq is None or seq in state.cancellations:
        raise ConflictError("«{name}» has not withdrawn", name=comp.name)
    gone = state.actions[seq].body
    assert isinstance(gone, CompetitorWithdrawn)
    back = gone.from_round
    cancel = make_record(RecordCancelled(seq), now, actor, reason.strip())
    if back > state.config.rounds or state.round(back).seating is None:
        return [cancel]
    if back == 1 == comp.joined_round and state.round(1).seating_published_at is not None:
        return [cancel, *_seat_late(state, competitor, now, actor)]
    raise ArbitroError(
        "round {round} is already seated without «{name}»: the seating stands",
        round=back,
        name=comp.name,
        article=state.code.cite("late_registration"),
    )


def check_in(
    state: EventState,
    competitors: Sequence[CompetitorId],
    now: datetime,
    present: bool = True,
    actor: str = "director",
) -> list[Record]:
    """Mark competitors present (or absent again) at the check-in, one record each: only
    before round 1 is seated (art. 4: round 1 is seated with those present), only
    competitors who play round 1."""
    if not state.check_in_open:
        raise ArbitroError(
            "the check-in is closed: round 1 is already seated", article=state.code.cite("seating")
        )
    if not competitors:
        raise ArbitroError("give the competitors to check in")
    out: list[Record] = []
    for number in dict.fromkeys(competitors):
        comp = state.competitor(number)
        if comp.withdrawn_from_round is not None:
            raise ConflictError(
                "«{name}» has withdrawn: re-admit it before checking it in",
                name=comp.name,
                article=state.code.cite("withdrawal"),
            )
        if not comp.active_in(1):
            raise ArbitroError(
                "«{name}» does not play round 1", name=comp.name, article=state.code.cite("seating")
            )
        out.append(make_record(CompetitorCheckedIn(number, present), now, actor))
    return out


def check_in_all(state: EventState, now: datetime, actor: str = "director") -> list[Record]:
    """The "all present" action: one record for each competitor playing round 1 not yet checked in."""
    missing = [c for c in state.active(1) if not state.check_in.get(c, False)]
    if state.check_in_open and not missing:
        raise ConflictError("every competitor is already checked in")
    return check_in(state, missing, now, True, actor)


def withdraw_absent(state: EventState, now: datetime, actor: str = "director") -> list[Record]:
    """Withdraw every competitor not checked in, one withdrawal each, from round 1 (art. 36),
    so that round 1 can be seated with those present (art. 4)."""
    if not state.check_in_open:
        raise ArbitroError(
            "the check-in is closed: round 1 is already seated", article=state.code.cite("seating")
        )
    absent = state.absent()
    if not absent:
        raise ConflictError("nobody is absent at the check-in")
    reason = N_("absent at check-in")
    return [withdraw(state, c, now, reason, actor) for c in absent]


def absent_names(state: EventState, numbers: Sequence[CompetitorId]) -> str:
    """Competitors by number and name, as the refusals name them: "3 Rossi, 7 Bianchi"."""
    return ", ".join(f"{n} {state.competitor(n).name}" for n in numbers)


SEATING_ABSENT = "seating.absent"
"""The key of the refusal to seat round 1 while competitors are not checked in."""


def refuse_absent(state: EventState, round_number: int) -> None:
    """Refuse seating round 1 while the check-in is in use and some competitor playing it
    is not checked in as present (art. 4): name them and say what to do."""
    if round_number != 1:
        return
    absent = state.absent()
    if absent:
        raise ArbitroError(
            "not checked in: {competitors}. Check them in, or withdraw them («Withdraw the "
            "absent» on the event's page), before seating round 1",
            competitors=absent_names(state, absent),
            article=state.code.cite("seating"),
            key=SEATING_ABSENT,  # the terminal names its own commands
        )
