"""An event's results in the open results format (``docs/results-format.md``): the typed
models (their JSON Schema is ``docs/results-format.schema.json``), the export from an event's
state and log, the CSV files of the standings and the round results, and the validator
(schema, then consistency: standings add up from the round results, ranks in order, every
competitor known).

The models are the format: :class:`ResultsFile` is what a federation or a ranking reads, and
what the static site (:mod:`arbitro.export`) and the verbale (:mod:`arbitro.printouts.verbale`)
are printed from.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Mapping
from datetime import date as Date
from datetime import datetime
from typing import Annotated, Any, Final, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from arbitro.errors import ArbitroError
from arbitro.i18n import Message, msg, ngettext, render
from arbitro.services.event_log import to_domain
from arbitro.services.events import EventService
from arbitro.tiebreak_names import CRITERION_WORDS, DRAW
from arbitro.tournament.event import Competitor, EventState, LedgerEntry
from arbitro.tournament.records import ComplaintLodged, ComplaintResolved, Record
from arbitro.tournament.scoring.results import ScoreSource, memo_scores
from arbitro.tournament.standings.standings import standings
from arbitro.tournament.standings.tiebreaks import chosen, tiebreak_line
from arbitro.tournament.zone import event_zone

FORMAT: Final = "arbitro-results"
VERSION: Final = 1
SANCTION_KINDS = ("reprimand", "warning", "expulsion", "penalty", "lateness", "abandon")
"""The ledger's kinds that are sanctions (FIBAS art. 22, 36, 37, 40, 41; ``penalty``: a
penalty in points, art. 22); the others
(``arbitral-score``, ``board-ruling``) are the arbiter's rulings (art. 40, Law 13)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Missed = Literal["code", "rest", "arbitral", "none"]
"""What a late entry's missed rounds score (docs/rulings.md "Late entries" 2)."""
MISSED_SOURCE: Final[Mapping[str, str]] = {
    "code": "arbitral",
    "rest": "rest",
    "arbitral": "arbitral",
    "none": "zero",
}
"""The ``source`` of a missed round's result for each choice (``missed_round_score``)."""


class Article(_Model):
    """An article of a competition code."""

    code: str = Field(description="The code's id, e.g. burraco-fibas, bridge-law-13.")
    article: str = Field(description="The article, e.g. 22 or 13A.")
    text: str = Field(description="The citation as printed, e.g. «FIBAS art. 22».")


class EventInfo(_Model):
    """The event."""

    id: str = Field(description="The event's id in arbitro.")
    name: str
    code: str = Field(description="The competition code in force, e.g. burraco-fibas.")
    game: str = Field(description="The game: burraco, parole, scala40, briscola.")
    format: str = Field(description="pairs, teams or individuals.")
    date: Date = Field(
        description="The event's date (ISO 8601, the day it was created, at the venue)."
    )
    timezone: str = Field(
        default="Europe/Rome",
        description="The venue's time zone (IANA name): the times the printouts show are in "
        "it (the file's own times are UTC).",
    )
    arbiter: str | None = Field(default=None, description="The arbiter in charge.")
    place: str | None = Field(default=None, description="Where the event was played.")
    rounds: int = Field(ge=1, description="Rounds planned.")
    rounds_played: int = Field(ge=0, description="Rounds seated (the rounds below).")
    deals: list[int] = Field(description="Deals per table of each planned round.")
    movements: list[str] = Field(description="Movement of each planned round.")
    mp_lower_is_better: bool = Field(
        default=False, description="True when fewer MP rank higher (Scala 40 negative points)."
    )
    tiebreaks: list[str] = Field(
        default_factory=lambda: ["mp"],
        description="The tie-breaks among competitors level on VP, in order (issue 34): mp, "
        "head-to-head, opponents-vp, matches-won, mp-scored, draw; [] for none (the level "
        "share the rank). The default, mp, is VP then MP.",
    )
    tiebreaks_line: str | None = Field(
        default=None,
        description="The standings' line naming the tie-breaks, in the file's language, as "
        "printed: «a parità di V.P.: M.P., poi scontro diretto» (null in files written before "
        "it).",
    )


class CompetitorInfo(_Model):
    """A competitor: a pair, a team or a player."""

    number: int = Field(ge=1, description="The competitor's number in the event.")
    name: str
    players: list[str]
    withdrawn_from_round: int | None = Field(
        default=None, description="The first round the competitor no longer plays."
    )
    joined_round: int = Field(
        default=1, ge=1, description="The first round a late entry plays (1: from the start)."
    )
    missed: Missed | None = Field(
        default=None,
        description="What a late entry's missed rounds scored (docs/rulings.md \"Late "
        "entries\"): code (the code's own score, Scala 40 art. 26), rest (the rest score, "
        "FIBAS art. 37), arbitral (art. 40), none; null from round 1 (and in files written "
        "before it).",
    )
    missed_vp: int | None = Field(
        default=None,
        description="The VP of each missed round when one score for all (code, arbitral, "
        "none: 0); null for rest (each round's deals) and from round 1.",
    )
    missed_mp: int | None = Field(
        default=None, description="The MP of each missed round, as missed_vp."
    )
    ranked: bool = Field(
        default=True,
        description="False: a late entry admitted out of the ranking (listed last, «fuori "
        "classifica»).",
    )


class Line(_Model):
    """A line at a table: N-S, E-W, or a seat of a table of individuals."""

    side: str = Field(description="ns, ew, or the seat (1-4) at a table of individuals.")
    competitors: list[int]


class Result(_Model):
    """A competitor's result in a round."""

    competitor: int
    table: int
    mp: int = Field(description="Match points (Scala 40: negative points) before lateness.")
    vp: int = Field(description="Victory points.")
    mp_penalty: int = Field(default=0, description="Lateness MP (FIBAS art. 37), ≤ 0.")
    source: Literal["sheet", "rest", "rest-average", "forfeit", "zero", "arbitral", "pending"] = (
        Field(description="Where the result comes from (see docs/results-format.md).")
    )


class Sheet(_Model):
    """A table's score sheet as read: column headings and one row per deal, then totals."""

    headings: list[str]
    rows: list[list[str]]


class Table(_Model):
    """A table of a round: its lines and, once entered, its sheet."""

    table: int = Field(ge=1)
    lines: list[Line]
    sheet: Sheet | None = None


class Round(_Model):
    """A round: its seating and each competitor's result."""

    number: int = Field(ge=1)
    deals: int
    movement: str
    tables: list[Table]
    results: list[Result]


class StandingRow(_Model):
    """A competitor's line in the standings after a round (FIBAS art. 19: VP, then MP)."""

    rank: int = Field(ge=1)
    competitor: int
    name: str
    vp: int = Field(description="Total VP, penalties included.")
    mp: int = Field(description="Total MP, penalties and lateness included.")
    round_vp: list[int | None] = Field(description="VP of each round (null: not scored).")
    round_mp: list[int | None] = Field(description="MP of each round, lateness included.")
    warnings: int
    penalty_vp: int = Field(description="VP of the warnings' penalties (art. 22), ≤ 0.")
    penalty_mp: int = Field(description="MP of the warnings' penalties (art. 22), ≤ 0.")
    lateness_mp: int = Field(description="Lateness MP included in mp (art. 37), ≤ 0.")
    withdrawn: bool
    joined_from: int | None = Field(
        default=None, description="A late entry's first round (docs/rulings.md)."
    )
    unranked: bool = Field(
        default=False, description="A late entry admitted out of the ranking, listed last."
    )


class Standings(_Model):
    """The standings after a round."""

    after_round: int = Field(ge=1)
    published: bool
    rows: list[StandingRow]


class LedgerItem(_Model):
    """A sanction or a ruling of the arbiter's ledger."""

    seq: int = Field(description="The record's number in the event's log.")
    round: int
    competitor: int | None
    kind: str = Field(
        description="reprimand, warning, expulsion, penalty, lateness, abandon (sanctions); "
        "arbitral-score, board-ruling (rulings)."
    )
    article: Article
    actor: str
    at: datetime
    reason: str
    detail: str
    cancelled: bool = False
    cancel_reason: str | None = None


class Complaint(_Model):
    """A complaint about a round's standings (FIBAS art. 38-39) and its outcome."""

    seq: int
    round: int
    competitor: int | None
    text: str
    lodged_at: datetime
    resolved: bool
    resolved_at: datetime | None = None
    outcome: str | None = Field(default=None, description="The director's decision.")


class ResultsFile(_Model):
    """An event's results in the open results format."""

    format: Literal["arbitro-results"] = "arbitro-results"
    version: Literal[1] = 1
    lang: Literal["it", "en"] = Field(
        default="it", description="The language of the texts (headings, details)."
    )
    generated_at: datetime
    event: EventInfo
    competitors: list[CompetitorInfo]
    rounds: list[Round]
    standings: list[Standings]
    sanctions: list[LedgerItem]
    rulings: list[LedgerItem]
    complaints: list[Complaint]

    def competitor(self, number: int) -> CompetitorInfo | None:
        """The competitor with that number, if any."""
        return next((c for c in self.competitors if c.number == number), None)

    def final_standings(self) -> Standings | None:
        """The standings after the last round played, if any."""
        return self.standings[-1] if self.standings else None


def schema() -> dict[str, Any]:
    """The JSON Schema of the results format (``docs/results-format.schema.json``)."""
    out = ResultsFile.model_json_schema(mode="serialization")
    out["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    out["$id"] = "https://arbitro.example/results-format.schema.json"
    return out


# ----------------------------------------------------------------------------- export
def _article(entry: LedgerEntry, lang: str) -> Article:
    return Article(
        code=entry.article.code.value,
        article=entry.article.article,
        text=entry.article.render(lang),
    )


def _ledger(state: EventState, lang: str) -> tuple[list[LedgerItem], list[LedgerItem]]:
    sanctions: list[LedgerItem] = []
    rulings: list[LedgerItem] = []
    for e in state.ledger:
        item = LedgerItem(
            seq=e.seq,
            round=e.round,
            competitor=e.competitor,
            kind=e.kind,
            article=_article(e, lang),
            actor=e.actor,
            at=e.at,
            reason=e.reason,
            detail=render(e.detail, lang),
            cancelled=e.cancelled_by is not None,
            cancel_reason=e.cancel_reason,
        )
        (sanctions if e.kind in SANCTION_KINDS else rulings).append(item)
    return sanctions, rulings


def _complaints(state: EventState, records: Iterable[Record]) -> list[Complaint]:
    lodged: dict[int, Record] = {}
    resolved: dict[int, Record] = {}
    for rec in records:
        if rec.seq in state.cancellations:
            continue
        if isinstance(rec.body, ComplaintLodged):
            lodged[rec.seq] = rec
        elif isinstance(rec.body, ComplaintResolved):
            resolved[rec.body.complaint] = rec
    out = []
    for seq, rec in lodged.items():
        body = rec.body
        assert isinstance(body, ComplaintLodged)
        done = resolved.get(seq)
        out.append(
            Complaint(
                seq=seq,
                round=body.round,
                competitor=body.competitor,
                text=body.text,
                lodged_at=rec.at,
                resolved=done is not None,
                resolved_at=done.at if done else None,
                outcome=(done.reason or "") if done else None,
            )
        )
    return out


def _rounds(state: EventState, last: int, lang: str) -> list[Round]:
    kind = state.sheet_kind
    out = []
    for rnd in range(1, last + 1):
        r = state.round(rnd)
        seating = r.seating
        if seating is None:
            continue
        scores = memo_scores(state, rnd, last)
        tables = []
        for t in seating.tables:
            if t.players is not None:
                lines = [Line(side=str(i), competitors=[p]) for i, p in enumerate(t.players, 1)]
            else:
                lines = [
                    Line(side=side, competitors=list(line))
                    for side, line in (("ns", t.ns), ("ew", t.ew))
                    if line is not None
                ]
            sheet = None
            held = r.sheets.get(t.table)
            entry = held.entry_as_of(last) if held is not None else None
            if entry is not None:
                laid = kind.layout(t, entry)
                sheet = Sheet(
                    headings=[render(h, lang) for h in laid.headings],
                    rows=[list(row) for row in laid.rows],
                )
            tables.append(Table(table=t.table, lines=lines, sheet=sheet))
        results = [
            Result(
                competitor=s.competitor,
                table=s.table,
                mp=s.mp,
                vp=s.vp,
                mp_penalty=s.mp_penalty,
                source=s.source.value,
            )
            for s in sorted(scores.values(), key=lambda s: (s.table, s.competitor))
        ]
        out.append(
            Round(
                number=rnd,
                deals=state.deals(rnd),
                movement=str(state.config.movements[rnd - 1]),
                tables=tables,
                results=results,
            )
        )
    return out


def _late_entry(state: EventState, competitor: Competitor) -> dict[str, Any]:
    """A late entry's fields of :class:`CompetitorInfo` (docs/rulings.md "Late entries"): what
    its missed rounds scored, read as ``missed_round_score`` reads the record (the code's own
    score where it fixes one, Scala 40 art. 26; else the director's choice; a choice the round
    cannot take scores nothing), the score of each missed round when it is one for all, and
    whether it is ranked. Nothing for a competitor from round 1."""
    if competitor.joined_round == 1:
        return {}
    fixed = state.code.late_entry_score
    vp: int | None
    mp: int | None
    if fixed is not None and competitor.missed in (None, "code"):
        missed, (vp, mp) = "code", fixed
    elif competitor.missed == "rest":
        missed, vp, mp = "rest", None, None
    elif competitor.missed == "arbitral":
        missed, vp, mp = "arbitral", competitor.missed_vp, competitor.missed_mp
    else:
        missed, vp, mp = "none", 0, 0
    return {"missed": missed, "missed_vp": vp, "missed_mp": mp, "ranked": competitor.ranked}


def results_of(
    state: EventState,
    records: Iterable[Record],
    *,
    now: datetime,
    arbiter: str | None = None,
    place: str | None = None,
    on: Date | None = None,
    lang: str = "it",
    up_to: int | None = None,
) -> ResultsFile:
    """The event's results: ``state`` folded from ``records`` (the log, for the complaints);
    the arbiter, place and date as the director gives them (the date defaults to the day the
    event was created); texts (sheet headings, ledger details) in ``lang``; the rounds up to
    ``up_to`` (all those under way when None: the public pages stop at the last round whose
    standings are published, FIBAS art. 39)."""
    cfg = state.config
    where = event_zone(cfg)
    last = state.current_round() if up_to is None else min(up_to, state.current_round())
    sanctions, rulings = _ledger(state, lang)
    criteria = chosen(state)[0]
    mp_lower = state.sheet_kind.mp_lower_is_better
    event = EventInfo(
        id=state.event_id,
        name=cfg.name,
        code=cfg.code.value,
        game=cfg.game.value,
        format=str(cfg.event_format),
        date=on or state.created_at.astimezone(where).date(),  # the venue's day
        timezone=where.key,
        arbiter=arbiter,
        place=place,
        rounds=cfg.rounds,
        rounds_played=last,
        deals=list(cfg.deals),
        movements=[str(m) for m in cfg.movements],
        mp_lower_is_better=mp_lower,
        tiebreaks=list(criteria),
        tiebreaks_line=render(tiebreak_line(criteria, mp_lower), lang),
    )
    competitors = [
        CompetitorInfo(
            number=c.number,
            name=c.name,
            players=list(c.players),
            withdrawn_from_round=c.withdrawn_from_round,
            joined_round=c.joined_round,
            **_late_entry(state, c),
        )
        for c in state.competitors.values()
    ]
    tables = [
        Standings(
            after_round=rnd,
            published=state.round(rnd).standings_published_at is not None,
            rows=[
                StandingRow(
                    rank=row.rank,
                    competitor=row.competitor,
                    name=row.name,
                    vp=row.vp,
                    mp=row.mp,
                    round_vp=list(row.round_vp),
                    round_mp=list(row.round_mp),
                    warnings=row.warnings,
                    penalty_vp=row.penalty_vp,
                    penalty_mp=row.penalty_mp,
                    lateness_mp=row.lateness_mp,
                    withdrawn=row.withdrawn,
                    joined_from=row.joined_from,
                    unranked=row.unranked,
                )
                for row in standings(state, rnd)
            ],
        )
        for rnd in range(1, last + 1)
    ]
    return ResultsFile(
        lang="en" if lang == "en" else "it",
        generated_at=now,
        event=event,
        competitors=competitors,
        rounds=_rounds(state, last, lang),
        standings=tables,
        sanctions=sanctions,
        rulings=rulings,
        complaints=_complaints(state, records),
    )


def export(
    svc: EventService,
    event_id: str,
    *,
    arbiter: str | None = None,
    place: str | None = None,
    on: Date | None = None,
    lang: str = "it",
) -> ResultsFile:
    """The results of the stored event ``event_id`` (:func:`results_of` on its state and
    log); the arbiter defaults to who created the event when nobody is named."""
    if svc.store.has_event(event_id) and svc.store.event_kind(event_id) != "rounds":
        raise ArbitroError(
            "«{event}» is a knockout: its results are its bracket (arbitro knockout show)",
            event=event_id,
        )
    state = svc.state(event_id)
    records = [to_domain(r) for r in svc.store.records(event_id)]
    if arbiter is None and records and records[0].actor not in ("arbitro", "director"):
        arbiter = records[0].actor
    return results_of(
        state, records, now=svc.clock(), arbiter=arbiter, place=place, on=on, lang=lang
    )


def to_json(results: ResultsFile) -> str:
    """The results file's text (UTF-8 JSON, indented)."""
    return results.model_dump_json(indent=2) + "\n"


# -------------------------------------------------------------------------------- CSV
STANDINGS_CSV = "standings.csv"
ROUNDS_CSV = "rounds.csv"


T = TypeVar("T")
Blank = Annotated[T, BeforeValidator(lambda cell: None if cell == "" else cell)]
"""A cell that may be empty: an empty cell reads as null."""
_TIEBREAK_NAME = "|".join(re.escape(name) for name in CRITERION_WORDS)
_TIEBREAKS_CELL = rf"^(?:(?:{_TIEBREAK_NAME})(?: (?:{_TIEBREAK_NAME}))*)?$"


class StandingsCsvRow(_Model):
    """A row of ``standings.csv``: a competitor in the standings after a round."""

    after_round: int = Field(ge=1)
    rank: int = Field(ge=1)
    competitor: int = Field(ge=1)
    name: str
    vp: int
    mp: int
    warnings: int = Field(ge=0)
    penalty_vp: int
    penalty_mp: int
    lateness_mp: int
    withdrawn: int = Field(ge=0, le=1, description="1: withdrawn (FIBAS art. 36).")
    # The late entry's mark and the tie-breaks (issue 34): optional columns, absent from the
    # files written before them, which still validate.
    joined_from: Blank[int | None] = Field(
        default=None, ge=2, description="A late entry's first round; empty from round 1."
    )
    missed: Blank[Missed | None] = Field(
        default=None,
        description="What a late entry's missed rounds scored: code, rest, arbitral, none; "
        "empty from round 1.",
    )
    unranked: int = Field(
        default=0, ge=0, le=1, description="1: a late entry out of the ranking, listed last."
    )
    tiebreaks: str = Field(
        default="mp",
        pattern=_TIEBREAKS_CELL,
        description="The event's tie-breaks among those level on VP, in order, separated by "
        "a space (event.tiebreaks); empty: none, the level share the rank.",
    )


class RoundsCsvRow(_Model):
    """A row of ``rounds.csv``: a competitor's result in a round."""

    round: int = Field(ge=1)
    table: int
    side: str = Field(description="ns, ew, or the seat (1-4) at a table of individuals.")
    competitor: int = Field(ge=1)
    name: str
    mp: int
    mp_penalty: int = Field(le=0, description="Lateness MP (FIBAS art. 37).")
    vp: int
    source: Literal["sheet", "rest", "rest-average", "forfeit", "zero", "arbitral", "pending"]
    joined_from: Blank[int | None] = Field(
        default=None,
        ge=2,
        description="A late entry's first round (the rounds before it it missed: table 0, no "
        "side); empty from round 1.",
    )


CSV_ROWS: Final[dict[str, type[_Model]]] = {
    STANDINGS_CSV: StandingsCsvRow,
    ROUNDS_CSV: RoundsCsvRow,
}
"""Each CSV file's row: its columns in order and their types (the CSV files' schema)."""
STANDINGS_COLUMNS = tuple(StandingsCsvRow.model_fields)
ROUNDS_COLUMNS = tuple(RoundsCsvRow.model_fields)


def csv_schema() -> dict[str, Any]:
    """The JSON Schema of a row of each CSV file (``docs/results-csv.schema.json``): the
    columns in order, each cell as the JSON value it reads as."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://arbitro.example/results-csv.schema.json",
        "title": "arbitro results, CSV files: one row",
        "files": {
            name: {"columns": list(model.model_fields), "row": model.model_json_schema()}
            for name, model in CSV_ROWS.items()
        },
    }


def _csv(header: Iterable[str], rows: Iterable[Iterable[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def csv_files(results: ResultsFile) -> dict[str, str]:
    """The CSV files (RFC 4180, comma, UTF-8): the standings after each round and each
    round's results, one row per competitor."""
    tiebreaks = " ".join(results.event.tiebreaks)
    joined = {c.number: c for c in results.competitors if c.joined_round > 1}
    standings_rows = [
        (
            s.after_round,
            r.rank,
            r.competitor,
            r.name,
            r.vp,
            r.mp,
            r.warnings,
            r.penalty_vp,
            r.penalty_mp,
            r.lateness_mp,
            int(r.withdrawn),
            r.joined_from,
            late.missed if (late := joined.get(r.competitor)) else None,
            int(r.unranked),
            tiebreaks,
        )
        for s in results.standings
        for r in s.rows
    ]
    names = {c.number: c.name for c in results.competitors}
    round_rows = []
    for rnd in results.rounds:
        side = {c: line.side for t in rnd.tables for line in t.lines for c in line.competitors}
        for res in rnd.results:
            round_rows.append(
                (
                    rnd.number,
                    res.table,
                    side.get(res.competitor, ""),
                    res.competitor,
                    names.get(res.competitor, ""),
                    res.mp,
                    res.mp_penalty,
                    res.vp,
                    res.source,
                    late.joined_round if (late := joined.get(res.competitor)) else None,
                )
            )
    return {
        STANDINGS_CSV: _csv(STANDINGS_COLUMNS, standings_rows),
        ROUNDS_CSV: _csv(ROUNDS_COLUMNS, round_rows),
    }


# -------------------------------------------------------------------------- validator
class Problem:
    """What is wrong in a results file, and where (a JSON path such as
    ``standings[2].rows[0].vp``)."""

    __slots__ = ("message", "path")

    def __init__(self, path: str, message: Message) -> None:
        self.path = path
        self.message = message

    def render(self, lang: str | None = None) -> str:
        """``path: message`` in ``lang``."""
        return f"{self.path or '$'}: {render(self.message, lang)}"


def _path(loc: Iterable[int | str]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def validate(data: object) -> tuple[ResultsFile | None, list[Problem]]:
    """Check ``data`` (a results file's parsed JSON): against the schema, then for
    consistency. The file's model when it matches the schema, and every problem found."""
    if not isinstance(data, Mapping):
        return None, [Problem("", msg("a results file is a JSON object"))]
    try:
        results = ResultsFile.model_validate(data)
    except ValidationError as exc:
        return None, [
            Problem(_path(e["loc"]), msg("not as the schema says: {problem}", problem=e["msg"]))
            for e in exc.errors()
        ]
    return results, consistency(results)


def _header_of(model: type[_Model], header: list[str]) -> bool:
    """True if ``header`` is the columns of ``model``'s file: all of them in order, or those
    up to any optional column (the files written before the optional columns)."""
    fields = model.model_fields
    required = sum(1 for f in fields.values() if f.is_required())
    return len(header) >= required and header == list(fields)[: len(header)]


def validate_csv(name: str, text: str) -> list[Problem]:
    """Check a CSV file of the results format (``standings.csv`` or ``rounds.csv``, known by
    its ``name`` or else by its header): the header's columns in order (the optional ones may
    be left out from the end: the files written before them), then every row's cells against
    the row's schema. Every problem found, each at ``row N.column``."""
    lines = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    if not lines:
        return [Problem("", msg("an empty file: a header row is expected"))]
    header = lines[0]
    model = CSV_ROWS.get(name.rsplit("/", 1)[-1]) or next(
        (m for m in CSV_ROWS.values() if _header_of(m, header)), None
    )
    if model is None:
        wanted = " | ".join(", ".join(m.model_fields) for m in CSV_ROWS.values())
        return [
            Problem(
                "1", msg("not a results CSV file: the header is one of {wanted}", wanted=wanted)
            )
        ]
    if not _header_of(model, header):
        columns = list(model.model_fields)
        return [Problem("1", msg("the columns are {columns}", columns=", ".join(columns)))]
    columns = header
    problems: list[Problem] = []
    for number, row in enumerate(lines[1:], start=2):
        if len(row) != len(columns):
            problems.append(
                Problem(
                    str(number),
                    ngettext(
                        "{count} cell, not {wanted}",
                        "{count} cells, not {wanted}",
                        len(row),
                        wanted=len(columns),
                    ),
                )
            )
            continue
        try:
            model.model_validate(dict(zip(columns, row, strict=True)), strict=False)
        except ValidationError as exc:
            problems.extend(
                Problem(
                    f"{number}:{_path(e['loc'])}",
                    msg("not as the schema says: {problem}", problem=e["msg"]),
                )
                for e in exc.errors()
            )
    return problems


def consistency(results: ResultsFile) -> list[Problem]:
    """What does not add up in a results file that matches the schema: unknown or repeated
    competitors, standings that do not add up from their rounds or from the round results,
    ranks out of order; a late entry's missed rounds not scored as it was admitted, its mark
    in the standings not its entry's, an unranked one not listed last (docs/rulings.md "Late
    entries"); tie-breaks unknown, repeated, the draw not last, or not the line printed
    ("Tie-breaks")."""
    problems: list[Problem] = []
    known: set[int] = set()
    for i, c in enumerate(results.competitors):
        if c.number in known:
            problems.append(
                Problem(f"competitors[{i}].number", msg("competitor {n} twice", n=c.number))
            )
        known.add(c.number)
        if c.joined_round == 1 and (c.missed is not None or not c.ranked):
            problems.append(
                Problem(
                    f"competitors[{i}].joined_round",
                    msg("competitor {n} plays from round 1: it has no late entry", n=c.number),
                )
            )
    entries = {c.number: c for c in results.competitors}
    problems += _tiebreaks(results)

    def check(path: str, number: int | None) -> None:
        if number is not None and number not in known:
            problems.append(Problem(path, msg("unknown competitor {n}", n=number)))

    # Withdrawn before their first round (absent at the check-in, FIBAS art. 36): in no round's
    # results and, rightly, in no standings.
    played = {res.competitor for rnd in results.rounds for res in rnd.results}
    never_played = {
        c.number
        for c in results.competitors
        if c.withdrawn_from_round is not None and c.number not in played
    }
    totals: dict[int, list[int]] = {}
    for ri, rnd in enumerate(results.rounds):
        for ti, t in enumerate(rnd.tables):
            for li, line in enumerate(t.lines):
                for ci, number in enumerate(line.competitors):
                    check(f"rounds[{ri}].tables[{ti}].lines[{li}].competitors[{ci}]", number)
        for xi, res in enumerate(rnd.results):
            check(f"rounds[{ri}].results[{xi}].competitor", res.competitor)
            entry = entries.get(res.competitor)
            if entry is not None and rnd.number < entry.joined_round:
                problems += _missed_round(entry, res, f"rounds[{ri}].results[{xi}]")
            if res.source != ScoreSource.PENDING.value:
                got = totals.setdefault(res.competitor, [0, 0])
                got[0] += res.vp
                got[1] += res.mp + res.mp_penalty
    for kind, items in (("sanctions", results.sanctions), ("rulings", results.rulings)):
        for i, item in enumerate(items):
            check(f"{kind}[{i}].competitor", item.competitor)
    for i, complaint in enumerate(results.complaints):
        check(f"complaints[{i}].competitor", complaint.competitor)

    sign = 1 if results.event.mp_lower_is_better else -1
    by_mp = results.event.tiebreaks == ["mp"]  # VP then MP: the default (issue 34)
    for si, table in enumerate(results.standings):
        base = f"standings[{si}]"
        seen: set[int] = set()
        for ri, row in enumerate(table.rows):
            path = f"{base}.rows[{ri}]"
            check(f"{path}.competitor", row.competitor)
            if row.competitor in seen:
                problems.append(
                    Problem(f"{path}.competitor", msg("competitor {n} twice", n=row.competitor))
                )
            seen.add(row.competitor)
            entry = entries.get(row.competitor)
            if entry is not None:
                problems += _entry_mark(row, entry, path)
            vp = sum(v for v in row.round_vp if v is not None) + row.penalty_vp
            mp = sum(v for v in row.round_mp if v is not None) + row.penalty_mp
            if vp != row.vp:
                problems.append(
                    Problem(
                        f"{path}.vp",
                        msg(
                            "{total} VP, but the rounds and penalties add up to {sum}",
                            total=row.vp,
                            sum=vp,
                        ),
                    )
                )
            if mp != row.mp:
                problems.append(
                    Problem(
                        f"{path}.mp",
                        msg(
                            "{total} MP, but the rounds and penalties add up to {sum}",
                            total=row.mp,
                            sum=mp,
                        ),
                    )
                )
            if ri:
                prev = table.rows[ri - 1]
                # the director's tie-breaks order those level on VP: their MP left out
                key: tuple[int, ...] = (-row.vp, sign * row.mp) if by_mp else (-row.vp,)
                prev_key: tuple[int, ...] = (-prev.vp, sign * prev.mp) if by_mp else (-prev.vp,)
                if prev.unranked and not row.unranked:
                    problems.append(
                        Problem(
                            f"{path}.unranked",
                            msg("listed after a late entry out of the ranking: those go last"),
                        )
                    )
                elif key < prev_key and row.unranked == prev.unranked:
                    problems.append(
                        Problem(f"{path}.rank", msg("ranked below a competitor with fewer points"))
                    )
                # an unranked row has its own rank, never shared (docs/rulings.md "Late
                # entries" 3)
                elif row.unranked or key > prev_key:
                    if row.rank != ri + 1:
                        problems.append(_wrong_rank(path, row.rank, ri + 1))
                elif not by_mp:  # level on VP: the tie-breaks may or may not separate them
                    if row.rank not in (prev.rank, ri + 1):
                        problems.append(_wrong_rank(path, row.rank, ri + 1))
                elif row.rank != prev.rank:
                    problems.append(
                        Problem(f"{path}.rank", msg("equal on VP and MP but not on rank"))
                    )
            elif row.rank != 1:
                problems.append(_wrong_rank(path, row.rank, 1))
        missing = known - seen - never_played
        if missing:
            problems.append(
                Problem(
                    f"{base}.rows",
                    msg(
                        "competitors missing: {numbers}",
                        numbers=", ".join(map(str, sorted(missing))),
                    ),
                )
            )
    final = results.final_standings()
    last_round = results.rounds[-1].number if results.rounds else None
    if final is not None and final.after_round == last_round:
        si = len(results.standings) - 1
        for ri, row in enumerate(final.rows):
            vp, mp = totals.get(row.competitor, [0, 0])
            if vp + row.penalty_vp != row.vp:
                problems.append(
                    Problem(
                        f"standings[{si}].rows[{ri}].vp",
                        msg(
                            "{total} VP, but the round results add up to {sum}",
                            total=row.vp,
                            sum=vp + row.penalty_vp,
                        ),
                    )
                )
            if mp + row.penalty_mp != row.mp:
                problems.append(
                    Problem(
                        f"standings[{si}].rows[{ri}].mp",
                        msg(
                            "{total} MP, but the round results add up to {sum}",
                            total=row.mp,
                            sum=mp + row.penalty_mp,
                        ),
                    )
                )
    return problems


def _wrong_rank(path: str, rank: int, expected: int) -> Problem:
    return Problem(
        f"{path}.rank", msg("rank {rank}, expected {expected}", rank=rank, expected=expected)
    )


def _entry_mark(row: StandingRow, entry: CompetitorInfo, path: str) -> list[Problem]:
    """A standings row's late-entry mark as its competitor's entry says (docs/rulings.md "Late
    entries" 3-4): the first round of a late entry, and out of the ranking or not."""
    out = []
    if row.joined_from != (entry.joined_round if entry.joined_round > 1 else None):
        out.append(
            Problem(
                f"{path}.joined_from",
                msg(
                    "competitor {n} joined from round {round}",
                    n=row.competitor,
                    round=entry.joined_round,
                ),
            )
        )
    if row.unranked == entry.ranked:
        said = (
            msg("competitor {n} is ranked", n=row.competitor)
            if entry.ranked
            else msg("competitor {n} was admitted out of the ranking", n=row.competitor)
        )
        out.append(Problem(f"{path}.unranked", said))
    return out


def _missed_round(entry: CompetitorInfo, res: Result, path: str) -> list[Problem]:
    """A late entry's result in a round it missed: scored as it was admitted
    (docs/rulings.md "Late entries" 2; nothing to check in a file written before ``missed``)."""
    if entry.missed is None:
        return []
    expected = MISSED_SOURCE[entry.missed]
    if res.source != expected:
        return [
            Problem(
                f"{path}.source",
                msg(
                    "a round missed by a late entry admitted with «{missed}» scores «{expected}»",
                    missed=entry.missed,
                    expected=expected,
                ),
            )
        ]
    if entry.missed_vp is not None and (res.vp, res.mp) != (entry.missed_vp, entry.missed_mp):
        return [
            Problem(
                f"{path}.vp",
                msg(
                    "a round missed by a late entry scores {vp} VP and {mp} MP, as admitted",
                    vp=entry.missed_vp,
                    mp=entry.missed_mp,
                ),
            )
        ]
    return []


def _tiebreaks(results: ResultsFile) -> list[Problem]:
    """The event's tie-breaks: each a known criterion, none twice, the draw last, and the
    line naming them as the standings print it in the file's language (docs/rulings.md,
    "Tie-breaks")."""
    problems: list[Problem] = []
    criteria = results.event.tiebreaks
    for i, name in enumerate(criteria):
        path = f"event.tiebreaks[{i}]"
        if name not in CRITERION_WORDS:
            problems.append(
                Problem(
                    path,
                    msg(
                        "unknown tie-break «{word}» (one of: {criteria})",
                        word=name,
                        criteria=", ".join(CRITERION_WORDS),
                    ),
                )
            )
        elif name in criteria[:i]:
            problems.append(Problem(path, msg("a tie-break is given twice")))
        elif name == DRAW and i < len(criteria) - 1:
            problems.append(
                Problem(
                    path, msg("the draw separates every tie: it can only be the last tie-break")
                )
            )
    line = results.event.tiebreaks_line
    if line is not None and not problems:
        expected = render(tiebreak_line(criteria, results.event.mp_lower_is_better), results.lang)
        if line != expected:
            problems.append(
                Problem(
                    "event.tiebreaks_line",
                    msg(
                        "«{line}», but the tie-breaks read «{expected}»",
                        line=line,
                        expected=expected,
                    ),
                )
            )
    return problems
