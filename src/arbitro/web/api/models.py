"""The JSON API's request and response models (pydantic): what each endpoint takes and
answers, with the limits of each field (FIBAS art. 4 movements, art. 7 deals, art. 19 sheets,
art. 36-41 penalties), and the body of a refusal."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo
from pydantic_core import PydanticCustomError

from arbitro.codes.registry import DEFAULT_CODE, EventKind, codes_of
from arbitro.money import MAX_FEE_CENTS
from arbitro.text_rules import EVENT_ID_MAX, EVENT_ID_PATTERN, NAME_MAX, TEXT_MAX, clean_text
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.forms import MAX_ROUNDS

MAX_POINTS = 100_000
MAX_COMPETITOR = 100_000
MAX_TABLE = 10_000


# ---------------------------------------------------------------------- errors
class CitationOut(BaseModel):
    """The article of a competition code that a refusal enforces."""

    code: str | None = None
    article: str


class ErrorBody(BaseModel):
    """A refusal: the message in the request's language, its msgid, a stable key, and the
    article of the code it enforces."""

    message: str
    msgid: str
    key: str | None = None
    article: CitationOut | None = None


class ErrorOut(BaseModel):
    """The body of every 4xx answer."""

    error: ErrorBody


# ---------------------------------------------------------------------- models
class Strict(BaseModel):
    """Request bodies refuse unknown fields."""

    model_config = ConfigDict(extra="forbid")


def _login_name(value: str, info: ValidationInfo) -> str:
    """A login name that text can hold (no control character, no lone surrogate: no director
    has one), else a 422 naming the field, never a 500 from the database; kept as typed."""
    clean_text(value, info.field_name or "username", name=False)
    return value


class TokenIn(Strict):
    """A director's name and password."""

    username: Annotated[str, AfterValidator(_login_name)] = Field(min_length=1, max_length=200)
    password: str = Field(min_length=1, max_length=1000)


class TokenOut(BaseModel):
    """A bearer token for the write endpoints."""

    access_token: str
    token_type: Literal["bearer"] = "bearer"
    expires_in: int


class EventSummaryOut(BaseModel):
    """An event in the list."""

    event_id: str
    name: str
    created_at: datetime
    record_count: int


EventId = Annotated[str, Path(min_length=1, max_length=100, description="The event's id")]
RoundNo = Annotated[int, Path(ge=1, le=MAX_ROUNDS, description="Round number")]
TableNo = Annotated[int, Path(ge=1, le=MAX_TABLE, description="Table number")]
Points = Annotated[int, Field(ge=-MAX_POINTS, le=MAX_POINTS)]
CompetitorNo = Annotated[int, Field(ge=1, le=MAX_COMPETITOR)]


def _name(value: str, info: ValidationInfo) -> str:
    """A name as every way in takes it (:func:`arbitro.text_rules.clean_text`): a 422
    naming the field, never a 500 from the database (issue 29)."""
    return clean_text(value, info.field_name or "name", max_length=NAME_MAX)


def _text(value: str, info: ValidationInfo) -> str:
    """A free text (a reason), newlines and tabs allowed (see :func:`_name`)."""
    return clean_text(value, info.field_name or "text", max_length=TEXT_MAX, multiline=True)


_LITERAL_ERROR = "literal_error"  # pydantic's type of error, as its Literal answers


def _code_of_rounds(value: str) -> str:
    """A code of events of rounds in the registry (pydantic's own refusal of a value not in
    the list, as for a ``Literal``)."""
    known = codes_of(EventKind.ROUNDS)
    if value not in known:
        expected = ", ".join(repr(c) for c in known)
        raise PydanticCustomError(
            _LITERAL_ERROR, "Input should be {expected}", {"expected": expected}
        )
    return value


def _codes_enum(schema: dict[str, Any]) -> None:
    """The codes of events of rounds as the schema's enum, read when the schema is made."""
    schema["enum"] = list(codes_of(EventKind.ROUNDS))


RoundsCode = Annotated[str, AfterValidator(_code_of_rounds), Field(json_schema_extra=_codes_enum)]
UserName = Annotated[str, Field(min_length=1, max_length=NAME_MAX), AfterValidator(_name)]
Reason = Annotated[str, Field(min_length=1, max_length=1000), AfterValidator(_text)]


class EventConfigIn(Strict):
    """An event's configuration (art. 4 movements, art. 7 deals, art. 39 complaints)."""

    event_id: str = Field(pattern=EVENT_ID_PATTERN.pattern, max_length=EVENT_ID_MAX)
    name: UserName
    code: RoundsCode = DEFAULT_CODE
    format: EventFormat = EventFormat.PAIRS
    rounds: int = Field(ge=1, le=MAX_ROUNDS)
    deals: list[Annotated[int, Field(ge=1, le=10)]] = Field(min_length=1, max_length=MAX_ROUNDS)
    movements: list[Movement] = Field(min_length=1, max_length=MAX_ROUNDS)
    seed: int = Field(0, ge=0, le=2**31 - 1)
    mitchell_step: int = Field(1, ge=0, le=99)  # 0: chosen by the constraints (art. 4)
    duplicate: bool = False
    carte_uguali: bool = Field(
        False,
        description="Carte uguali (FIBAS art. 20): prepared boards, each line compared with "
        "the field; implies duplicate, comparison «others» unless given",
    )
    comparison: Literal["table", "others", "field"] | None = None
    complaints_window_minutes: Annotated[
        int | None, Field(ge=0, le=24 * 60, description="Default: the code's window")
    ] = None
    entry_fee_cents: Annotated[
        int | None,
        Field(ge=0, le=MAX_FEE_CENTS, description="Entry fee per competitor, in cents"),
    ] = None
    session_starts: list[Annotated[int, Field(ge=1, le=MAX_ROUNDS)]] = Field(
        default_factory=lambda: [1],
        min_length=1,
        max_length=MAX_ROUNDS,
        description="The first round of each session (FIBAS art. 2 «Sessione»: the rounds "
        "played consecutively), e.g. [1, 4]; a pair does not rest twice in a session (art. 37)",
    )
    timezone: Annotated[
        str | None,
        Field(
            max_length=64,
            description="The venue's time zone (IANA, e.g. Europe/London): times are shown "
            "and typed in it. Default: Europe/Rome",
        ),
    ] = None


class EventConfigOut(BaseModel):
    """An event's configuration as recorded."""

    name: str
    game: str
    code: str
    format: EventFormat
    rounds: int
    deals: list[int]
    movements: list[Movement]
    seed: int
    mitchell_step: int
    duplicate: bool
    complaints_window_minutes: int
    comparison: Literal["table", "others", "field"] | None = None
    entry_fee_cents: int = 0
    session_starts: list[int] = Field(
        default_factory=lambda: [1],
        description="The first round of each session (FIBAS art. 2 «Sessione»)",
    )
    timezone: str | None = Field(
        default=None, description="The venue's time zone (IANA); None: Europe/Rome"
    )


class CompetitorOut(BaseModel):
    """A registered competitor."""

    number: int
    name: str
    players: list[str]
    withdrawn_from_round: int | None
    joined_round: int = 1  # a late entry's first round (docs/rulings.md "Late entries")


class RoundOut(BaseModel):
    """A round's progress."""

    number: int
    deals: int
    movement: Movement
    seated: bool
    seating_published: bool
    standings_published: bool
    standings_final: bool


class EventOut(BaseModel):
    """An event: configuration, competitors, rounds."""

    event_id: str
    config: EventConfigOut
    competitors: list[CompetitorOut]
    rounds: list[RoundOut]
    current_round: int


class TableOut(BaseModel):
    """One table of a seating: the competitors of each line (``null`` for a missing line)."""

    table: int
    ns: list[int] | None
    ew: list[int] | None


class SeatingOut(BaseModel):
    """A round's seating."""

    round: int
    movement: Movement | None
    published: bool
    tables: list[TableOut]
    version: int = 0  # the round's version: a publish may carry it as ``seen`` (issue 29)
    digital_tables: list[int] = Field(
        default_factory=list,
        description="The tables of the seating played on the phones (issue 32); the rest on paper",
    )


class FlagOut(BaseModel):
    """A deal of a carte uguali sheet that its prepared board makes impossible (FIBAS arts.
    3, 19-20): flagged for the director, who corrects the sheet (art. 21) or lets it stand."""

    table: int
    deal: int = Field(description="The deal of the table's sheet")
    board: int = Field(description="The board the table played at that deal")
    problems: list[str] = Field(description="What the board's cards make impossible")


class SheetStatusOut(BaseModel):
    """A table's sheet: status and, once entered, the totals and VP in force (carte uguali:
    the comparison's VP once the round is complete, FIBAS art. 20), and its flags."""

    table: int
    status: Literal["missing", "pending", "confirmed", "conflict", "rest"]
    ns_total: int | None = None
    ew_total: int | None = None
    ns_vp: int | None = None
    ew_vp: int | None = None
    awaiting_comparison: bool = Field(
        False,
        description="Carte uguali (FIBAS art. 20): the VP come from the comparison with the "
        "field, made once every sheet of the round is in; no VP before",
    )
    flags: list[FlagOut] = Field(
        default_factory=list, description="Deals its prepared boards make impossible"
    )
    players: Annotated[
        list[int] | None, Field(description="Scala 40: the table's players, in sheet order")
    ] = None
    player_totals: Annotated[
        list[int] | None, Field(description="Scala 40: each player's negative points")
    ] = None
    third_device: list[str] = Field(
        default_factory=list,
        description="Lines (or Scala 40 players) that signed the sheet from two phones: a "
        "third device signed for them into a conflict, then their own phone signed (issue 29)",
    )
    same_source: list[str] = Field(
        default_factory=list,
        description="Lines (or Scala 40 players) whose signatures came from the same network "
        "address and browser within 30 seconds: one phone may have signed for both (issue 29)",
    )


class SheetsOut(BaseModel):
    """The sheets of a round, table by table, and the tables still without a usable result."""

    round: int
    sheets: list[SheetStatusOut]
    missing: list[int]


class StandingOut(BaseModel):
    """A line of the standings (art. 19: VP, then MP)."""

    rank: int
    competitor: int
    name: str
    vp: int
    mp: int
    warnings: int
    penalty_vp: int
    penalty_mp: int
    withdrawn: bool
    joined_from: int | None = None  # a late entry's first round (rulings "Late entries")
    unranked: bool = False  # a late entry admitted out of the ranking, listed last


class StandingsOut(BaseModel):
    """The standings after a round; ``final`` once the complaints window passed (art. 39)."""

    after_round: int
    published: bool
    final: bool
    rows: list[StandingOut]
    session: int | None = Field(
        None, description="The session whose rounds alone are ranked (FIBAS art. 2), if asked"
    )


class CompetitorIn(Strict):
    """A competitor to register (art. 2): name and, optionally, its players."""

    name: UserName
    players: list[Annotated[str, Field(max_length=200), AfterValidator(_name)]] = Field(
        default_factory=list, max_length=30
    )


class LateEntryIn(CompetitorIn):
    """A latecomer admitted after the start (docs/rulings.md "Late entries"; FIBAS art. 37,
    Scala 40 art. 26), as ``arbitro register --from-round N --missed ... [--vp V --mp M]
    [--unranked]``: the round it plays from, what each round it missed scores where the code
    does not fix it (the rest score of art. 37, an arbitral score of art. 40 with its V.P. and
    M.P., or nothing), and whether it plays out of the ranking."""

    from_round: int = Field(ge=2, le=MAX_ROUNDS, description="The first round it plays")
    missed: Literal["rest", "arbitral", "none"] | None = Field(
        None,
        description="What each missed round scores: rest (FIBAS art. 37), arbitral (art. 40: "
        "vp and mp), none; null where the code fixes it (Scala 40 art. 26: 3 V.P., 80 M.P.)",
    )
    vp: Points = Field(0, description="V.P. of each missed round (arbitral)")
    mp: Points = Field(0, description="M.P. of each missed round (arbitral)")
    unranked: bool = Field(False, description="It plays out of the ranking, listed last")


class CompetitorCreated(BaseModel):
    """The number given to a new competitor."""

    competitor: int


class SeatIn(Strict):
    """Seat a round (art. 4): movement and seed default to the event's; publish at once?
    With ``digital`` and ``online`` the round's tables chosen digital, paper or mixed
    (issue 32, as ``arbitro seat --digital/--online`` and the desk choose them)."""

    movement: Movement | None = None
    seed: int | None = Field(None, ge=0, le=2**62)
    publish: bool = False
    digital: str | None = Field(
        None,
        max_length=200,
        description=(
            "The round's digital tables (issue 32): 'all', 'none' (every table on paper) or "
            "their numbers ('1-5, 8': a mixed round); left out: the choice in force (the "
            "round's, else the event's). The tables open once the seating is published."
        ),
        examples=["all", "none", "1-3, 8"],
    )
    online: list[CompetitorNo] = Field(
        default_factory=list,
        max_length=1000,
        description=(
            "The competitors playing online (their tables digital: a mixed round), e.g. "
            "[3, 7]; with 'digital' left out, the other tables stay on paper."
        ),
    )


class PublishSeatingIn(Strict):
    """Publish a round's seating: ``seen``, the seating's ``version`` the director looked at
    (refused with the tables that changed if another seating stands now, issue 29)."""

    seen: int | None = Field(None, ge=0, le=2**62)


class CorrectionIn(Strict):
    """A correction of a sheet (art. 21), always with a reason."""

    kind: Literal["sum", "inverted", "conflict", "arbiter"]
    reason: Reason
    entry: dict[str, Any] | None = Field(
        None, description="The corrected sheet, in the JSON form of the event's kind of sheet"
    )
    table_agrees: bool = False


class LatenessIn(Strict):
    """A lateness (art. 37)."""

    competitor: CompetitorNo
    seconds: int = Field(ge=1, le=36_000)


class PaymentIn(Strict):
    """An entry fee paid: by whom, how much (default: what the competitor owes), how."""

    competitor: CompetitorNo
    amount_cents: int | None = Field(None, ge=1, le=MAX_FEE_CENTS)
    method: Literal["cash", "other"] = "cash"


class WarningIn(Strict):
    """A warning (art. 41)."""

    competitor: CompetitorNo
    reason: Reason


class AbandonIn(Strict):
    """An abandon (art. 36), justified or not; ``score``: the leaving side's score where the
    code lets the arbiter choose (Parole art. 13.4)."""

    competitor: CompetitorNo
    justified: bool
    reason: Reason
    score: Literal["zero", "rest_score", "score_so_far"] | None = None


class ArbitralScoreIn(Strict):
    """An arbitral score (art. 40)."""

    competitor: CompetitorNo
    mp: Points
    vp: int = Field(ge=-100, le=100)
    reason: Reason


class SheetStatusChange(BaseModel):
    """A sheet's status after an entry, confirmation or correction, and the deals of the
    sheet in force that its prepared boards make impossible (carte uguali, FIBAS art. 20)."""

    table: int
    status: str
    flags: list[FlagOut] = Field(default_factory=list)


class Done(BaseModel):
    """An action was recorded."""

    ok: bool = True


class ImportedOut(BaseModel):
    """The event stored from an event file."""

    event_id: str
    name: str
    records: int


class CancelIn(Strict):
    """Why a record is cancelled (FIBAS art. 21: a correction says why; the ledger shows it)."""

    reason: Reason


class RulingIn(Strict):
    """A code's arbiter's ruling to record at a table (``round`` and ``table``) or a knockout's
    game (``match`` and ``game``) (issue 31): the ``situation`` as ``arbitro arbiter rule``
    reads it (a position or the facts, the irregularity, its fields); ``code`` the event's by
    default (or a law the codes read: Bridge Law 13)."""

    round: int | None = Field(default=None, ge=1, le=MAX_ROUNDS)
    table: int | None = Field(default=None, ge=1, le=MAX_TABLE)
    match: str | None = Field(default=None, min_length=1, max_length=20)
    game: int | None = Field(default=None, ge=1, le=100)
    situation: dict[str, Any]
    code: str | None = Field(default=None, max_length=100)
    reason: Reason | None = None


class RulingOut(BaseModel):
    """The ruling recorded: its record's seq, its article, the positions before and after,
    its effects (data, and as text in the request's language), warnings and score row."""

    seq: int
    code: str
    irregularity: str
    article: dict[str, str]
    offender: str | None
    before: str
    after: str
    effects: list[dict[str, Any]]
    text: list[str]
    warnings: list[list[str]]
    score_row: list[int] | None


class FactChoiceOut(BaseModel):
    """One value a fact allows, and its words in the request's language."""

    value: str
    label: str


class FactOut(BaseModel):
    """One fact the arbiter asks to rule (issue 31), as a client builds its field: ``type``
    says how it is typed — ``position`` (the game's notation, ``hint`` shows it), ``seat``
    (one of ``choices``), ``number`` (whole), ``numbers`` (whole, apart), ``yes-no``,
    ``text``, ``cards``, ``lines`` (one a line), ``choice`` (one of ``choices``), ``points``
    (points per seat of ``choices``, written ``N=10 E=-5``); ``label`` and ``hint`` in the
    request's language; ``default`` when left empty."""

    name: str
    type: Literal[
        "position",
        "seat",
        "number",
        "numbers",
        "yes-no",
        "text",
        "cards",
        "lines",
        "choice",
        "points",
    ]
    label: str
    hint: str | None
    required: bool
    default: str | int | bool | None
    choices: list[FactChoiceOut]


class IrregularityOut(BaseModel):
    """An irregularity a code's arbiter rules on: its name, article, label, the names of its
    fields (beside the position) and every fact a ruling on it asks, typed (``facts``)."""

    kind: str
    article: dict[str, str]
    label: str
    fields: list[str]
    facts: list[FactOut]
