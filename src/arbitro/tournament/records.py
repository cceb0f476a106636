"""The records of an event's append-only log: every change to an event is one record (who,
when, what, why), one frozen body per kind. The event's state and its standings are a fold of
its records (:mod:`arbitro.tournament.event`, :mod:`arbitro.tournament.knockout_event`).

The bodies are frozen ``msgspec.Struct`` classes (issue 14): equal, hashed, matched by class
pattern and refused a change as frozen dataclasses are, but made at import far faster (this
module's own import: 41-52 ms with the 31 bodies as dataclasses, 5-7 ms as Structs, of every
command's start) and decoded faster (an event file's 6,000 bodies: ~27 ms, ~15 ms; measured
2026-11-28). ``dataclasses.replace``/``fields`` do not apply to them: a copy with other values
is ``msgspec.structs.replace``; a changed field is refused with AttributeError (not its
subclass FrozenInstanceError); a field changed in ``__post_init__`` is set with
``msgspec.structs.force_setattr``. The ``Record`` that holds a body stays a dataclass.

Each record's body converts to and from its JSON form (the event file, the store) through one
compiled validator per body class (msgspec: a C decoder that validates JSON, or a dict, straight
into these frozen Structs, calling their ``__post_init__``), and the event file's JSON
Schema is generated from these types (:func:`arbitro.services.event_file.event_file_schema`,
through dataclasses of the same fields: pydantic reads no Struct).
The JSON keys are those of every earlier version: files exported by earlier versions import
unchanged, and a body's JSON form is, key for key, the one earlier versions wrote.

The decoders are not compiled ahead of time, nor at import: building one costs msgspec
~0.1-0.3 ms (all 29 body classes: ~3 ms on a quiet machine, 7-10 ms on a loaded one, measured
2026-11-28; pydantic's adapters cost ~80 ms), so each is built on its first use in the process
and a command pays only for the kinds it reads. A msgspec decoder cannot be stored on disk, and
no compile step is needed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Literal, Protocol, TypeVar

import msgspec

from arbitro.codes.builtin import (
    FORMER_KNOCKOUT_CODE,
    FORMER_KNOCKOUT_GAME,
    FORMER_ROUNDS_CODE,
    FORMER_ROUNDS_GAME,
)
from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import default_knockout, knockout_code
from arbitro.errors import ArbitroError, NotFoundError
from arbitro.tournament.model import EventFormat, Movement

# A body's ``__post_init__`` holds its values in their types (an enum for its name): a frozen
# Struct's fields are set so only.
_force_setattr = msgspec.structs.force_setattr


class RecordKind(StrEnum):
    """What a record says happened."""

    EVENT_CREATED = "event-created"
    COMPETITOR_REGISTERED = "competitor-registered"
    COMPETITOR_RENAMED = "competitor-renamed"
    COMPETITOR_WITHDRAWN = "competitor-withdrawn"
    COMPETITOR_CHECKED_IN = "competitor-checked-in"
    ENTRY_FEE_SET = "entry-fee-set"
    FEE_PAID = "fee-paid"
    ROUND_SEATED = "round-seated"
    SEATING_EDITED = "seating-edited"
    CONSTRAINT_ADDED = "constraint-added"
    SEATING_PUBLISHED = "seating-published"
    SHEET_ENTERED = "sheet-entered"
    SHEET_CORRECTED = "sheet-corrected"
    LATENESS_RECORDED = "lateness-recorded"
    SANCTION_GIVEN = "sanction-given"
    PENALTY_GIVEN = "penalty-given"
    ARBITRAL_SCORE = "arbitral-score"
    ABANDON_RECORDED = "abandon-recorded"
    STANDINGS_PUBLISHED = "standings-published"
    PRIZE_PLAN = "prize-plan"
    TIEBREAKS_CHOSEN = "tiebreaks-chosen"
    COMPLAINT_LODGED = "complaint-lodged"
    COMPLAINT_RESOLVED = "complaint-resolved"
    BOARD_RULING = "board-ruling"
    BRACKET_DRAWN = "bracket-drawn"
    GAME_RESULT = "game-result"
    GAME_ENTERED = "game-entered"
    IRREGULARITY = "irregularity"
    RECORD_CANCELLED = "record-cancelled"
    EVENT_IMPORTED = "event-imported"
    ROUND_STARTED = "round-started"
    CLOCK_CORRECTED = "clock-corrected"
    BOARD_CHECKED = "board-checked"
    WORD_JUDGED = "word-judged"
    RULING_GIVEN = "ruling-given"
    DIGITAL_DEALT = "digital-dealt"
    DIGITAL_MOVE = "digital-move"
    DIGITAL_PAUSED = "digital-paused"
    DIGITAL_CALLED = "digital-called"
    DIGITAL_ANSWERED = "digital-answered"
    DIGITAL_SETTINGS = "digital-settings"
    DIGITAL_ROUND = "digital-round"


# ---------------------------------------------------------------------------- bodies
class EventCreated(msgspec.Struct, frozen=True):
    """An event of rounds is created with its configuration: format, rounds, deals and
    movement of each round (FIBAS art. 4, 7). The event's configuration is this record."""

    name: str
    event_format: EventFormat  # JSON key "format" (see _ALIAS)
    rounds: int
    deals: tuple[int, ...]
    movements: tuple[Movement, ...]
    mitchell_step: int = 1
    seed: int = 0
    duplicate: bool = False
    complaints_window_minutes: int = 15
    session_starts: tuple[int, ...] = (1,)
    code: CodeId = FORMER_ROUNDS_CODE  # a file written before the field: FIBAS's Burraco
    game: GameId = FORMER_ROUNDS_GAME
    # Carte uguali (FIBAS art. 20): what a line's result on a board is compared with
    # ("others": the other tables' average; "field": all the tables'); None or "table": each
    # table's own difference, as every file written before the option.
    comparison: Literal["table", "others", "field"] | None = None
    # The entry fee per competitor in cents (docs/rulings.md, "Fees"); None: no fee, as every
    # file written before fees were recorded.
    entry_fee_cents: int | None = None
    # The event's time zone (an IANA name): times are shown and typed in it (docs/rulings.md,
    # "The round's clock"); None: Europe/Rome, as every file written before the setting.
    timezone: str | None = None

    def __post_init__(self) -> None:
        # Callers may give the names as plain strings ("scala40"): hold the enums.
        _force_setattr(self, "event_format", _named(EventFormat, self.event_format))
        _force_setattr(self, "movements", tuple(_named(Movement, m) for m in self.movements))
        _force_setattr(self, "deals", tuple(self.deals))
        _force_setattr(self, "session_starts", tuple(self.session_starts))
        _force_setattr(self, "code", _named(CodeId, self.code))
        _force_setattr(self, "game", _named(GameId, self.game))

    def session_start(self, round_number: int) -> int:
        """The first round of the session ``round_number`` belongs to (art. 2 "Sessione")."""
        return max(s for s in self.session_starts if s <= round_number)

    def to_payload(self) -> dict[str, Any]:
        """The configuration's JSON form (the record's payload)."""
        return body_to_json(self)


E = TypeVar("E", bound=StrEnum)


def _named(enum: type[E], value: object) -> E:
    """``value`` as a member of ``enum``; an error naming the choices if it is none."""
    try:
        return enum(str(value))
    except ValueError:
        raise ArbitroError(
            "«{value}» is not one of: {choices}",
            value=value,
            choices=", ".join(m.value for m in enum),
        ) from None


def _entry_fee() -> int:
    """A new knockout's entry fee when none is given: the default knockout code's (Briscola
    premessa: € 4), read through the registry."""
    return knockout_code(default_knockout()).entry_fee_cents


class KnockoutCreated(msgspec.Struct, frozen=True):
    """A knockout event is created: its name, whether the bracket is seeded (registration
    order) or drawn, the draw's seed and the entry fee per pair (Briscola premessa: € 4).
    The knockout's configuration is this record."""

    name: str
    seeded: bool = False
    seed: int = 0
    entry_fee_cents: int = msgspec.field(default_factory=_entry_fee)
    competition: Literal["knockout"] = "knockout"
    game: GameId = FORMER_KNOCKOUT_GAME  # a file written before the field: Briscola
    code: CodeId = FORMER_KNOCKOUT_CODE
    event_format: EventFormat = EventFormat.PAIRS  # JSON key "format" (see _ALIAS)

    def __post_init__(self) -> None:
        _force_setattr(self, "code", _named(CodeId, self.code))
        _force_setattr(self, "game", _named(GameId, self.game))

    def to_payload(self) -> dict[str, Any]:
        """The configuration's JSON form (the record's payload)."""
        return body_to_json(self)


class CompetitorRegistered(msgspec.Struct, frozen=True):
    """A competitor (pair, team, player) is registered with its number; a late entry plays
    from ``joined_round`` (Scala 40 art. 26; FIBAS art. 37, docs/rulings.md "Late entries")
    and its missed rounds score ``missed``: None the code's own score (Scala 40 art. 26),
    "rest" the rest score (FIBAS art. 37), "arbitral" ``missed_vp``/``missed_mp`` typed by the
    director, "none" nothing; ``ranked`` False: it plays but is listed out of the ranking. A
    knockout pair pays ``entry_fee_cents``."""

    competitor: int
    name: str
    players: tuple[str, ...] = ()
    joined_round: int = 1
    entry_fee_cents: int | None = None
    missed: str | None = None
    missed_vp: int = 0
    missed_mp: int = 0
    ranked: bool = True


class CompetitorRenamed(msgspec.Struct, frozen=True):
    """A competitor's name is changed, and its players if ``players`` is given (None: the
    players stay); its number and results stay."""

    competitor: int
    name: str
    players: tuple[str, ...] | None = None


class CompetitorCheckedIn(msgspec.Struct, frozen=True):
    """The director marks a competitor present (or absent again) at the check-in before
    round 1 is seated (FIBAS art. 4: round 1 is seated with those present)."""

    competitor: int
    present: bool = True


class PaymentMethod(StrEnum):
    """How an entry fee was paid: cash at the desk, or otherwise (a transfer, a card)."""

    CASH = "cash"
    OTHER = "other"


class EntryFeeSet(msgspec.Struct, frozen=True):
    """The director sets or changes the event's entry fee per competitor (in cents; 0: no
    fee) before round 1 is seated, while the check-in is taken."""

    entry_fee_cents: int


class FeePaid(msgspec.Struct, frozen=True):
    """A competitor pays (part of) its entry fee at the desk: how much, in cents, and how;
    who took it is the record's actor. A payment taken by mistake is cancelled."""

    competitor: int
    amount_cents: int
    method: PaymentMethod = PaymentMethod.CASH

    def __post_init__(self) -> None:
        _force_setattr(self, "method", _named(PaymentMethod, self.method))


class CompetitorWithdrawn(msgspec.Struct, frozen=True):
    """A competitor plays no round from ``from_round`` on (FIBAS art. 36)."""

    competitor: int
    from_round: int


class SeatedTable(msgspec.Struct, frozen=True):
    """One table of a seating: the N-S and E-W lines, or the players of a table of
    individuals (Scala 40 art. 2)."""

    table: int
    ns: tuple[int, ...] | None = None
    ew: tuple[int, ...] | None = None
    players: tuple[int, ...] | None = None


class RoundSeated(msgspec.Struct, frozen=True):
    """A round is seated by a movement (FIBAS art. 4), with the draw's seed."""

    round: int
    movement: Movement
    tables: tuple[SeatedTable, ...]
    seed: int | None = None
    # The step the moving lines advance, when the event lets arbitro choose it (Mitchell with
    # an automatic step, art. 4 "di uno o più tavoli"): the later rounds of the movement keep
    # it. None (every file written before the choice existed): the event's configured step.
    mitchell_step: int | None = None


class SeatingEdited(msgspec.Struct, frozen=True):
    """A hand edit of a round's seating before it is published (FIBAS art. 4: the tables
    "numerati dall'arbitro"; docs/rulings.md, "Seating by hand"): ``swap`` the places of
    ``competitor`` and ``other``, or ``move`` ``competitor`` to ``table`` and ``line``
    ("ns"/"ew"; the table after the last is a new table), the line's occupant, if any, taking
    the mover's place. The round's seating is the drawn one with its edits applied in order;
    an edit is cancelled by a ``record-cancelled``, a new draw starts from none."""

    round: int
    action: Literal["swap", "move"]
    competitor: int
    other: int | None = None
    table: int | None = None
    line: Literal["ns", "ew"] | None = None


class ConstraintReason(StrEnum):
    """Why two competitors must not meet: the same club, a family, the director's list."""

    CLUB = "club"
    FAMILY = "family"
    DIRECTOR = "director"


class ConstraintAdded(msgspec.Struct, frozen=True):
    """Two competitors who must not meet (same club, family, the director's list): the draw,
    the choice of the Mitchell step and (modified) Danish keep them apart where they can
    (FIBAS art. 4 "Assegnazione del tavolo"); a seating that cannot says so."""

    first: int
    second: int
    reason: ConstraintReason = ConstraintReason.DIRECTOR
    note: str = ""

    def __post_init__(self) -> None:
        _force_setattr(self, "reason", _named(ConstraintReason, self.reason))


class SeatingPublished(msgspec.Struct, frozen=True):
    """A round's seating is published ("affissa"): from now on it stands (FIBAS art. 21 b)."""

    round: int


class SheetEntered(msgspec.Struct, frozen=True):
    """A table's sheet as entered by a line from the table (``line``) or by the director
    (FIBAS art. 19-20). ``entry`` is the game's JSON form of the sheet (its SheetKind parses
    it)."""

    round: int
    table: int
    entry: dict[str, Any]
    line: str | None = None
    device: str | None = None  # the phone that signed for ``line`` (bound to it for the round)
    # issue 29: a keyed hash of the signing phone's network address and browser (never the
    # address itself), and the installation's proof bound to this signature's content
    source: str | None = None
    proof: str | None = None


class SheetCorrected(msgspec.Struct, frozen=True):
    """A correction of a table's sheet (FIBAS art. 21; Scala 40 art. 24; Parole 12.2)."""

    round: int
    table: int
    entry: dict[str, Any]
    correction: str
    effective_round: int
    table_agrees: bool = False
    by_arbiter: bool = False
    complaint: int | None = None  # the complaint (its seq) the correction answers (art. 39)


class LatenessRecorded(msgspec.Struct, frozen=True):
    """A competitor arrived late by ``seconds`` (FIBAS art. 37; Parole art. 13)."""

    round: int
    competitor: int
    seconds: int


class SanctionGiven(msgspec.Struct, frozen=True):
    """A reprimand, warning or expulsion, citing ``article`` of the event's code."""

    round: int
    competitor: int
    sanction: str
    article: str
    player: str | None = None


class PenaltyGiven(msgspec.Struct, frozen=True):
    """A penalty in points the arbiter gives a competitor in a round, ``mp`` M.P. and ``vp``
    V.P. taken off its overall standings (both non-negative: a penalty subtracts), citing
    ``article`` of the event's code (FIBAS art. 22: "assegnando penalità e/o sanzioni")."""

    round: int
    competitor: int
    mp: int
    vp: int
    article: str
    player: str | None = None


class ArbitralScore(msgspec.Struct, frozen=True):
    """An arbitral score replacing a competitor's round (FIBAS art. 40)."""

    round: int
    competitor: int
    mp: int
    vp: int


class AbandonScore(StrEnum):
    """The arbiter's choice of the score of a side that abandons or is sent away (Parole
    art. 13.4: "a suo insindacabile giudizio potrà: a) accreditarli zero Punti Partita;
    b) attribuire il punteggio previsto dalla tabella in uso [...]; c) attribuire ai giocatori
    il punteggio acquisito sino a quel momento"). The values are the code's ``[abandon]
    options``."""

    ZERO = "zero"  # a) zero MP and VP; the opponents get the table's rest score
    REST_SCORE = "rest_score"  # b) the table's score: the rest score's counterpart
    SCORE_SO_FAR = "score_so_far"  # c) the sheet of the deals played until the abandon


class AbandonRecorded(msgspec.Struct, frozen=True):
    """A competitor abandoned the match, justified or not (FIBAS art. 36). ``score`` is the
    arbiter's choice where the code offers one (Parole art. 13.4); None (the default, and
    every file written before the choice existed) scores by ``justified``: the rest score's
    counterpart if justified, zero if not."""

    round: int
    competitor: int
    justified: bool
    score: AbandonScore | None = None


class StandingsPublished(msgspec.Struct, frozen=True):
    """A round's standings are published, provisional during the complaints window."""

    round: int


class PrizeCategoryPlan(msgspec.Struct, frozen=True):
    """One prize category of a prize plan: its name, the prize of each place (cents, or the
    text of a prize in kind), its rule of eligibility (``overall``, ``ladies``, ``mixed``,
    ``seniors``, ``newcomers``, ``category``, ``listed``) with its parameter (a year, a
    federation category), and the competitors found eligible when the plan was recorded
    (None: everyone), so the prize list is the same whenever the file is read again."""

    name: str
    prizes: tuple[int | str, ...]
    rule: str = "overall"
    param: str | None = None
    eligible: tuple[int, ...] | None = None


class PrizePlanRecorded(msgspec.Struct, frozen=True):
    """The prizes of the event on the standings after ``round`` (Parole art. 6.1): the
    categories in the order they are given (one competitor takes one prize), the direction's
    rule for ties (``split``, ``winners-decide``, ``draw``) and the seed of its draws. A
    later plan replaces an earlier one."""

    round: int
    categories: tuple[PrizeCategoryPlan, ...]
    tie_rule: str = "draw"
    seed: int = 0


class TiebreaksChosen(msgspec.Struct, frozen=True):
    """The director's tie-breaks among competitors level on V.P., in order (issue 34; the
    names of :data:`arbitro.tournament.standings.tiebreaks.CRITERIA`), and the seed of the
    draw if one is among them. A later choice replaces an earlier one; without one the
    standings break ties by M.P. (docs/rulings.md, "Tie-breaks")."""

    criteria: tuple[str, ...]
    seed: int = 0

    def __post_init__(self) -> None:
        _force_setattr(self, "criteria", tuple(self.criteria))


class ComplaintLodged(msgspec.Struct, frozen=True):
    """A complaint about a round's standings (FIBAS art. 39)."""

    round: int
    competitor: int | None = None
    text: str = ""


class ComplaintResolved(msgspec.Struct, frozen=True):
    """The director settles a complaint (FIBAS art. 38); ``complaint`` is its record's seq;
    ``accepted`` True or False when the decision says so (None in earlier logs)."""

    round: int
    complaint: int
    accepted: bool | None = None


class BoardRuling(msgspec.Struct, frozen=True):
    """A Law 13 ruling on a prepared board (Bridge art. 13, the model for prepared deals)."""

    round: int
    table: int
    ruling: dict[str, Any]


class BoardChecked(msgspec.Struct, frozen=True):
    """A table counted the pockets of a prepared board before play (Bridge Law 13, the model
    for prepared deals): ``counts`` None when every pocket held its cards ("board checked"),
    else the count of each pocket (N, E, S, W, P1, P2) as found."""

    round: int
    table: int
    board: int
    copy: int
    counts: dict[str, int] | None = None


class WordJudged(msgspec.Struct, frozen=True):
    """The language judge's ruling on a disputed word (Parole art. 2, 4.1): ``approved`` adds
    it to the event's list of allowed words, else to the refused ones; a later ruling on the
    same word wins."""

    word: str
    approved: bool
    round: int | None = None


class BracketDrawn(msgspec.Struct, frozen=True):
    """A knockout bracket drawn (or seeded) in ``order`` (Briscola art. 9)."""

    method: str
    order: tuple[int | None, ...]
    seed: int | None = None


class GameResult(msgspec.Struct, frozen=True):
    """A knockout game played out: card points by pair, last trick, winner (Briscola art. 8)."""

    match: str
    game: int
    points: dict[str, int] = msgspec.field(default_factory=dict)
    last_trick: int | None = None
    winner: int | None = None


class GameEntered(msgspec.Struct, frozen=True):
    """A knockout game's points entered from a phone by one pair of the match (``pair``),
    from the phone ``device``; the game is recorded (a ``game-result``) once the other pair
    enters or confirms the same (Briscola art. 8-9, like a sheet's two lines)."""

    match: str
    game: int
    pair: int
    points: dict[str, int] = msgspec.field(default_factory=dict)
    last_trick: int | None = None
    device: str = ""


class Irregularity(msgspec.Struct, frozen=True):
    """A knockout game lost by an irregularity (Briscola art. 10). Recorded from the arbiter's
    ruling on a position (issue 31), it keeps it as a ``ruling-given`` does: the position
    before and after in the game's notation, the seat that offended and the effects
    (JSON-ready, ``games.core.code_arbiter``); empty when the arbiter entered the loss only."""

    match: str
    game: int
    offender: int
    kind: str
    article: str = "10"
    before: str = ""
    after: str = ""
    seat: str | None = None
    effects: tuple[dict[str, Any], ...] = ()


class RecordCancelled(msgspec.Struct, frozen=True):
    """An earlier action (record ``target``) is cancelled: it no longer counts, and the
    standings are computed again; the cancelled record stays in the log (append-only)."""

    target: int


class EventImported(msgspec.Struct, frozen=True):
    """The records before this one were imported from an event file: which file (its
    SHA-256), which event it held, how many records; who imported it and when are the
    record's own."""

    file_sha256: str
    source_event: str
    records: int
    # The records (their seq) that could not be verified as live actions (issue 29): imported
    # on the director's explicit choice, the event is then shown as unverified everywhere.
    unverified: tuple[int, ...] = ()


class RoundStarted(msgspec.Struct, frozen=True):
    """The arbiter starts the round's clock (FIBAS art. 7): at the record's time, or at
    ``started_at`` when the arbiter gives the time the round began. A start typed wrong is
    corrected by a ``clock-corrected`` record, with the reason."""

    round: int
    started_at: datetime | None = None


class ClockCorrected(msgspec.Struct, frozen=True):
    """The arbiter corrects the start of the round's clock (FIBAS art. 7) to ``started_at``:
    a start typed wrong. Why is the record's reason; the earlier start stays in the log."""

    round: int
    started_at: datetime


class RulingGiven(msgspec.Struct, frozen=True):
    """A code's arbiter ruled on a table's situation (issue 31): the code, the irregularity
    and its article, the offender, the position before and after in the game's notation (or
    the board's counts, Law 13), the effects (JSON-ready, ``games.core.code_arbiter``), the
    warnings it gave (their ``sanction-given`` records are appended with it) and the deal's
    score row where the ruling decides it; ``deal``: the deal of the table's sheet that row
    was entered as (a ``sheet-corrected`` record appended with it, signed by the arbiter),
    None when the ruling entered no sheet. A cancellation of the ruling cancels them too."""

    round: int
    table: int
    code: str
    irregularity: str
    article: str
    offender: str | None = None
    before: str = ""
    after: str = ""
    effects: tuple[dict[str, Any], ...] = ()
    warnings: tuple[tuple[str, str, str], ...] = ()
    score_row: tuple[int, ...] | None = None
    deal: int | None = None


class DigitalDealt(msgspec.Struct, frozen=True):
    """A digital table's deal number ``deal`` laid out by the engine (issue 32): the layout in
    the engine's record form (the deck as dealt by a secure random source, or a prepared
    board, and the dealer: FIBAS arts. 5-6), and the seats a robot plays. Deal 1 opens the
    table as digital (docs/digital-tables.md)."""

    round: int
    table: int
    deal: int
    layout: dict[str, Any]
    robots: tuple[str, ...] = ()


class DigitalMove(msgspec.Struct, frozen=True):
    """One move made at a digital table (issue 32): the ``n``-th move of the deal (from 1),
    the seat that made it and the move in the engine's notation (``draw``, ``meld 3H 4H
    5H``...). Appended only on the position of the ``n - 1`` moves before it."""

    round: int
    table: int
    deal: int
    n: int
    seat: str
    move: str


class DigitalPaused(msgspec.Struct, frozen=True):
    """The director paused (``paused`` true) or resumed a digital table (issue 32, FIBAS
    art. 7: the arbiter stops a table): a paused table takes no move."""

    round: int
    table: int
    paused: bool


class DigitalCalled(msgspec.Struct, frozen=True):
    """The arbiter called to a digital table (issue 32): by a seat's phone (``reason``
    ``player``), or by the server when a seat exceeds the move's time limit (``time``) or the
    table waits on a disconnected seat (``wait``); ``seat`` is the seat that called or the
    one awaited."""

    round: int
    table: int
    seat: str
    reason: str = "player"


class DigitalAnswered(msgspec.Struct, frozen=True):
    """The director answered call number ``call`` (from 1, in the table's order) of a digital
    table (issue 32)."""

    round: int
    table: int
    call: int


class DigitalSettings(msgspec.Struct, frozen=True):
    """The director's settings of the digital tables (issue 32) for round ``round``, or for
    the event (``round`` 0, the rounds without their own): the per-move time limit and the
    longest wait for a disconnected seat, in seconds (0: off), after which the arbiter is
    called; whether robots may take empty seats (BBO's "allow robots")."""

    round: int
    move_seconds: int = 0
    wait_seconds: int = 0
    robots: bool = True


class DigitalRound(msgspec.Struct, frozen=True):
    """The director's choice of which tables of round ``round`` are played at digital tables
    (issue 32), or the event's default (``round`` 0, for the rounds without their own):
    ``mode`` "paper" (none), "digital" (all) or "mixed" (the tables numbered in ``tables``
    and those where a competitor of ``competitors`` sits: the players online). A later
    record for the same round replaces it (a correction is a new record)."""

    round: int
    mode: str = "paper"
    tables: tuple[int, ...] = ()
    competitors: tuple[int, ...] = ()


Body = (
    EventCreated
    | KnockoutCreated
    | CompetitorRegistered
    | CompetitorRenamed
    | CompetitorWithdrawn
    | CompetitorCheckedIn
    | EntryFeeSet
    | FeePaid
    | RoundSeated
    | SeatingEdited
    | ConstraintAdded
    | SeatingPublished
    | SheetEntered
    | SheetCorrected
    | LatenessRecorded
    | SanctionGiven
    | PenaltyGiven
    | ArbitralScore
    | AbandonRecorded
    | StandingsPublished
    | PrizePlanRecorded
    | TiebreaksChosen
    | ComplaintLodged
    | ComplaintResolved
    | BoardRuling
    | BracketDrawn
    | GameResult
    | GameEntered
    | Irregularity
    | RecordCancelled
    | EventImported
    | RoundStarted
    | ClockCorrected
    | BoardChecked
    | WordJudged
    | RulingGiven
    | DigitalDealt
    | DigitalMove
    | DigitalPaused
    | DigitalCalled
    | DigitalAnswered
    | DigitalSettings
    | DigitalRound
)
"""Any record's body."""

BODIES: dict[RecordKind, tuple[type[Any], ...]] = {
    RecordKind.EVENT_CREATED: (EventCreated, KnockoutCreated),
    RecordKind.COMPETITOR_REGISTERED: (CompetitorRegistered,),
    RecordKind.COMPETITOR_RENAMED: (CompetitorRenamed,),
    RecordKind.COMPETITOR_WITHDRAWN: (CompetitorWithdrawn,),
    RecordKind.COMPETITOR_CHECKED_IN: (CompetitorCheckedIn,),
    RecordKind.ENTRY_FEE_SET: (EntryFeeSet,),
    RecordKind.FEE_PAID: (FeePaid,),
    RecordKind.ROUND_SEATED: (RoundSeated,),
    RecordKind.SEATING_EDITED: (SeatingEdited,),
    RecordKind.CONSTRAINT_ADDED: (ConstraintAdded,),
    RecordKind.SEATING_PUBLISHED: (SeatingPublished,),
    RecordKind.SHEET_ENTERED: (SheetEntered,),
    RecordKind.SHEET_CORRECTED: (SheetCorrected,),
    RecordKind.LATENESS_RECORDED: (LatenessRecorded,),
    RecordKind.SANCTION_GIVEN: (SanctionGiven,),
    RecordKind.PENALTY_GIVEN: (PenaltyGiven,),
    RecordKind.ARBITRAL_SCORE: (ArbitralScore,),
    RecordKind.ABANDON_RECORDED: (AbandonRecorded,),
    RecordKind.STANDINGS_PUBLISHED: (StandingsPublished,),
    RecordKind.PRIZE_PLAN: (PrizePlanRecorded,),
    RecordKind.TIEBREAKS_CHOSEN: (TiebreaksChosen,),
    RecordKind.COMPLAINT_LODGED: (ComplaintLodged,),
    RecordKind.COMPLAINT_RESOLVED: (ComplaintResolved,),
    RecordKind.BOARD_RULING: (BoardRuling,),
    RecordKind.BRACKET_DRAWN: (BracketDrawn,),
    RecordKind.GAME_RESULT: (GameResult,),
    RecordKind.GAME_ENTERED: (GameEntered,),
    RecordKind.IRREGULARITY: (Irregularity,),
    RecordKind.RECORD_CANCELLED: (RecordCancelled,),
    RecordKind.EVENT_IMPORTED: (EventImported,),
    RecordKind.ROUND_STARTED: (RoundStarted,),
    RecordKind.CLOCK_CORRECTED: (ClockCorrected,),
    RecordKind.BOARD_CHECKED: (BoardChecked,),
    RecordKind.WORD_JUDGED: (WordJudged,),
    RecordKind.RULING_GIVEN: (RulingGiven,),
    RecordKind.DIGITAL_DEALT: (DigitalDealt,),
    RecordKind.DIGITAL_MOVE: (DigitalMove,),
    RecordKind.DIGITAL_PAUSED: (DigitalPaused,),
    RecordKind.DIGITAL_CALLED: (DigitalCalled,),
    RecordKind.DIGITAL_ANSWERED: (DigitalAnswered,),
    RecordKind.DIGITAL_SETTINGS: (DigitalSettings,),
    RecordKind.DIGITAL_ROUND: (DigitalRound,),
}
KIND_OF: dict[type[Any], RecordKind] = {
    cls: kind for kind, classes in BODIES.items() for cls in classes
}


_KIND_BY_VALUE: dict[str, RecordKind] = {k.value: k for k in RecordKind}
_KEEP_NONE = frozenset({"ns", "ew", "seed", "last_trick", "winner"})

# The configuration's field ``event_format`` is written "format" in the JSON of every version:
# the two bodies that have it are renamed here (not by the Struct's ``rename``: a payload that
# holds the key "event_format" is read as every version read it, without it).
_ALIAS = "format"
_ALIASED: frozenset[type[Any]] = frozenset({EventCreated, KnockoutCreated})

DECODERS: dict[type[Any], msgspec.json.Decoder[Any]] = {}
"""The compiled decoder of each body class read so far: JSON text straight into the body,
read laxly as earlier versions read it (a number written as text is the number)."""


def decoder(cls: type[Any]) -> msgspec.json.Decoder[Any]:
    """The compiled decoder of one body class, built on its first use (~0.1-0.3 ms)."""
    found = DECODERS.get(cls)
    if found is None:
        found = DECODERS[cls] = _new_decoder(cls)
    return found


def _new_decoder(cls: type[Any]) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(cls, strict=False)


# A kind's text → the kind and its one body class (event-created has two: the payload decides).
_ONE_CLASS: dict[str, tuple[RecordKind, type[Any]]] = {
    kind.value: (kind, classes[0])
    for kind, classes in BODIES.items()
    if len(classes) == 1 and classes[0] not in _ALIASED
}
_ENCODE = msgspec.json.Encoder().encode
_AS_DICT = msgspec.json.Decoder(dict[str, Any]).decode
_JSON_VALUE = msgspec.json.Decoder().decode


def body_to_json(body: Body | SeatedTable) -> dict[str, Any]:
    """A body's JSON form: the keys earlier versions wrote (None-valued optional keys left
    out), enums as their values, times as ISO 8601 text, tuples as lists."""
    data: dict[str, Any] = _AS_DICT(_ENCODE(body))
    if type(body) in _ALIASED:
        data = {(_ALIAS if k == "event_format" else k): v for k, v in data.items()}
    return {k: v for k, v in data.items() if v is not None or k in _KEEP_NONE}


def body_from_json(kind: RecordKind | str, payload: Any) -> Body:
    """Parse a record's JSON payload (a dict) by its kind; ArbitroError naming the field if it
    does not fit, or if the kind is unknown, or if the payload is not a JSON object."""
    # Most records: a kind of one body class, named by its text, a JSON object: straight to
    # that class's conversion (issue 14: no Enum, no wrapper per record).
    found = _ONE_CLASS.get(kind) if type(payload) is dict else None
    if found is not None:
        try:
            return msgspec.convert(payload, found[1], strict=False)  # type: ignore[no-any-return]
        except msgspec.ValidationError as exc:
            raise _invalid(found[0], exc, payload) from None
    known = _KIND_BY_VALUE.get(kind) if type(kind) is str else None  # no Enum call per record
    if known is None:
        try:
            known = RecordKind(kind)
        except ValueError:
            raise ArbitroError("unknown record kind «{kind}»", kind=kind) from None
    if not isinstance(payload, Mapping):
        raise ArbitroError("record «{kind}»: the data is not a JSON object", kind=known.value)
    classes = BODIES[known]
    if known is RecordKind.EVENT_CREATED:
        classes = (KnockoutCreated,) if payload.get("competition") == "knockout" else classes[:1]
    data = dict(payload)
    if classes[0] in _ALIASED:  # read by its JSON key only, as every version wrote it
        data.pop("event_format", None)
        if _ALIAS in data:
            data["event_format"] = data.pop(_ALIAS)
    try:
        body: Body = msgspec.convert(data, classes[0], strict=False)
    except msgspec.ValidationError as exc:
        raise _invalid(known, exc, payload) from None
    return body


def body_from_raw(kind: str, raw: bytes | msgspec.Raw) -> Body:
    """Parse a record's payload given as its JSON text (as read from an event file) by its
    kind, through the kind's compiled decoder; the same errors as :func:`body_from_json`."""
    found = _ONE_CLASS.get(kind)
    if found is None:  # a kind of two body classes, or none: the dict reading decides
        return body_from_json(kind, _JSON_VALUE(raw))
    cls = found[1]
    try:
        return (DECODERS.get(cls) or decoder(cls)).decode(raw)  # type: ignore[no-any-return]
    except msgspec.ValidationError:
        # Read again as a dict, whose error names the field and the value it holds (the
        # decoder's error has only the path).
        return body_from_json(kind, _JSON_VALUE(raw))


# "$.tables[0].ns[1]": the attribute names and the indexes (``[...]``: a key of a mapping).
_STEP = re.compile(r"\.(\w+)|\[(\d+|\.\.\.)\]")


def _invalid(kind: RecordKind, exc: msgspec.ValidationError, payload: Any) -> ArbitroError:
    """The error of a payload that does not fit its kind's body: the field refused (from
    msgspec's ``$.path``, as ``tables.0.ns``) and the value it holds."""
    text, _, at = str(exc).partition(" - at `")
    path: list[str | int] = [
        int(index) if index.isdigit() else (name or index)
        for name, index in _STEP.findall(at.rstrip("`"))
    ]
    value = _at(payload, path)
    missing = re.match(r"Object missing required field `(\w+)`", text)
    if missing:  # the field is named; its value is the object that lacks it
        path.append(missing.group(1))
    if path and path[0] == "event_format":
        path[0] = _ALIAS
    return ArbitroError(
        "record «{kind}»: field «{field}» is not valid ({value})",
        kind=kind.value,
        field=".".join(str(p) for p in path) or "—",
        value=repr(value)[:80],
    )


def _at(value: Any, path: list[str | int]) -> Any:
    """The value found at ``path`` in ``value`` (as far as the path leads)."""
    for step in path:
        if isinstance(value, Mapping) and step in value:
            value = value[step]
        elif isinstance(value, Mapping) and step == "event_format" and _ALIAS in value:
            value = value[_ALIAS]
        elif isinstance(value, list | tuple) and isinstance(step, int) and step < len(value):
            value = value[step]
        else:
            break
    return value


# ---------------------------------------------------------------------------- record
@dataclass(frozen=True, slots=True)
class Record:
    """One entry of an event's log: its typed ``body``, when, who, why. ``seq`` is 0 until the
    store has appended it."""

    body: Body
    at: datetime
    actor: str = "arbitro"
    reason: str | None = None
    seq: int = 0

    @property
    def kind(self) -> RecordKind:
        """What the record says happened."""
        return KIND_OF[type(self.body)]

    @property
    def payload(self) -> dict[str, Any]:
        """The body's JSON form."""
        return body_to_json(self.body)

    @classmethod
    def from_json(
        cls,
        kind: RecordKind | str,
        payload: Any,
        at: datetime,
        actor: str,
        reason: str | None = None,
        seq: int = 0,
    ) -> Record:
        """A record read back from the store or an event file."""
        return cls(body_from_json(kind, payload), utc(at), actor, reason, seq)


_RECORD_SET = tuple(Record.__dict__[f].__set__ for f in ("body", "at", "actor", "reason", "seq"))


def record_of(body: Body, at: datetime, actor: str, reason: str | None, seq: int) -> Record:
    """``Record(body, at, actor, reason, seq)``, its slots set directly: the frozen class's
    ``__init__`` sets each field through ``object.__setattr__`` (~1.5 µs a record), and
    reading an event file makes one per record (issue 14)."""
    rec = object.__new__(Record)
    set_body, set_at, set_actor, set_reason, set_seq = _RECORD_SET
    set_body(rec, body)
    set_at(rec, at)
    set_actor(rec, actor)
    set_reason(rec, reason)
    set_seq(rec, seq)
    return rec


class Folded(Protocol):
    """A state folded from an event's log (an event of rounds, a knockout)."""

    last_seq: int
    cancellations: dict[int, Record]
    stale: bool
    unverified: tuple[int, ...]

    def apply(self, rec: Record) -> None:
        """Fold one more record."""
        ...


S = TypeVar("S", bound=Folded)


def fold_log(event_id: str, records: Iterable[Record], start: Callable[[Record], S]) -> S:
    """The state after an event's log: ``start`` makes it from the first record (and refuses
    a log that does not begin with the creation of its kind of event); every later record is
    applied in order."""
    log = list(records)
    cancelled = {r.body.target: r for r in log if isinstance(r.body, RecordCancelled)}
    state: S | None = None
    for rec in log:
        if state is None:
            state = start(rec)
            state.last_seq = rec.seq
            state.cancellations.update(cancelled)
        else:
            state.apply(rec)
    if state is not None:
        state.stale = False
    if state is None:
        raise NotFoundError("event {event} is empty", event=event_id)
    return state


def fold_log_record(state: Folded, rec: Record) -> bool:
    """Fold the records every log may hold whatever its kind of event (a cancellation, the
    mark of an import); True if ``rec`` was one of them. A cancellation met after its target
    makes the state stale: it is folded again from the whole log."""
    match rec.body:
        case RecordCancelled() as b:
            if b.target not in state.cancellations:
                state.cancellations[b.target] = rec
                state.stale = True
            return True
        case EventImported() as b:
            if b.unverified:  # imported on the director's choice: shown as such everywhere
                state.unverified = tuple(sorted({*state.unverified, *b.unverified}))
            return True
    return False


def utc(at: datetime) -> datetime:
    """``at`` as an aware UTC datetime (naive values are taken as UTC)."""
    tz = at.tzinfo
    if tz is UTC:  # already UTC (what a stored or exported time reads back as)
        return at
    return at.replace(tzinfo=UTC) if tz is None else at.astimezone(UTC)


def unknown_record(kind: RecordKind, where: str) -> ArbitroError:
    """The error of a fold meeting a record kind it does not know."""
    return ArbitroError("record «{kind}» does not belong to {where}", kind=kind.value, where=where)
