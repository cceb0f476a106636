"""A knockout event of pairs (the Briscola regulation, shared/seeds/001): registration with
the entry fee (premessa), the bracket drawn or seeded, each match's games best of 3 (art. 9),
games lost by an art. 10 irregularity in the ledger, the champion. The state is the fold of
the event's records, like a line event's. A fee is paid later (``fee-paid``); a pair that does
not show up is withdrawn (``competitor-withdrawn``: out of the draw, or its match lost "a
tavolino"); the pairs' phones enter a match's games (``game-entered``), recorded once both
pairs agree."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Generic, TypeVar

from arbitro.codes.citation import Citation, cite
from arbitro.codes.registry import KnockoutCode, knockout_code
from arbitro.errors import ArbitroError, ConflictError
from arbitro.i18n import N_, msg
from arbitro.tournament.commands.common import make_record, need_reason
from arbitro.tournament.knockout import (
    Bracket,
    GameReport,
    apply_game,
    bracket_from_payload,
    bracket_payload,
    current_match,
    withdraw,
)
from arbitro.tournament.ledger import LedgerEntry
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import (
    BracketDrawn,
    CompetitorRegistered,
    CompetitorWithdrawn,
    EventImported,
    FeePaid,
    GameEntered,
    GameResult,
    Irregularity,
    KnockoutCreated,
    Record,
    RecordCancelled,
    RecordKind,
    body_from_json,
    body_to_json,
    fold_log,
    fold_log_record,
    unknown_record,
    utc,
)

KNOCKOUT = "knockout"

B = TypeVar("B")


KnockoutConfig = KnockoutCreated
"""A knockout event's configuration: the ``event-created`` record's body."""


def is_knockout(payload: Mapping[str, Any]) -> bool:
    """True when an ``event-created`` payload describes a knockout event."""
    return payload.get("competition") == KNOCKOUT


@dataclass(slots=True)
class Pair:
    """A registered pair, the fee it paid (in cents), and whether it withdrew (did not show
    up: left out of the draw, or its match lost without playing)."""

    number: CompetitorId
    name: str
    players: tuple[str, ...]
    fee_paid_cents: int
    withdrawn: bool = False


@dataclass(slots=True)
class KnockoutState:
    """Everything recorded about a knockout event."""

    event_id: str
    config: KnockoutConfig
    created_at: datetime
    pairs: dict[CompetitorId, Pair] = field(default_factory=dict)
    bracket: Bracket | None = None
    ledger: list[LedgerEntry] = field(default_factory=list)
    last_seq: int = 0
    cancellations: dict[int, Record] = field(default_factory=dict)  # target seq → its cancel
    stale: bool = False  # a cancellation came after its target: fold the log again
    unverified: tuple[int, ...] = ()  # records imported unverified (issue 29), by seq
    games: dict[int, Record] = field(default_factory=dict)  # the games recorded, by seq
    withdrawals: dict[int, Record] = field(default_factory=dict)  # pairs not shown up, by seq
    names: set[str] = field(default_factory=set)  # the pairs' names, casefolded
    next_number: CompetitorId = 1  # the next pair's number: one more than the highest
    draw_number: int | None = None  # the number the bracket was drawn with (its record's)
    bracket_seq: int = 0  # the seq of the bracket's record
    # The phones' entries of a game still to record: (match, game) → pair → its latest entry.
    entries: dict[tuple[str, int], dict[CompetitorId, GameEntered]] = field(default_factory=dict)
    # Each phone enters for one pair of a match, each pair from one phone: (match, device) →
    # pair and (match, pair) → device.
    device_pair: dict[tuple[str, str], CompetitorId] = field(default_factory=dict)
    pair_device: dict[tuple[str, CompetitorId], str] = field(default_factory=dict)
    digital: dict[tuple[int, int], Any] = field(default_factory=dict)  # knockout_digital
    # The game of its match each digital table's current game is (round, table) → game
    # number, until a result of that game is recorded (its result is due once it is over).
    digital_due: dict[tuple[int, int], int] = field(default_factory=dict)
    # The digital tables' own logs' reader (tournament.digital.table), not compared (a state
    # folded again equals the one kept).
    table_log: Any = field(default=None, compare=False, repr=False)

    @classmethod
    def replay(cls, event_id: str, records: Iterable[Record]) -> KnockoutState:
        """Rebuild the state from the event's records, in order."""

        def start(rec: Record) -> KnockoutState:
            if not isinstance(rec.body, KnockoutCreated):
                raise ArbitroError("the log does not start with the creation of a knockout event")
            return cls(event_id, rec.body, utc(rec.at))

        return fold_log(event_id, records, start)

    def apply(self, rec: Record) -> None:
        """Apply one record (already validated when it was made) by its kind's fold
        (:data:`KNOCKOUT_FOLDS`); a cancelled record has no effect but what its kind declares
        (a cancelled game's ledger line says who cancelled it and why)."""
        self.last_seq = max(self.last_seq, rec.seq)
        body = rec.body
        fold = KNOCKOUT_FOLDS.get(type(body))
        cancel = self.cancellations.get(rec.seq)
        if cancel is not None:
            if fold is not None and fold.cancelled is not None:
                fold.cancelled(self, body, rec, cancel)
            return
        if fold is None:
            raise unknown_record(rec.kind, self.event_id)
        fold.step(self, body, rec)

    @property
    def code(self) -> KnockoutCode:
        """The numbers and articles of the code the event plays (its ``event-created``
        record's ``code``: Briscola for every event file before issue 30)."""
        return knockout_code(self.config.code)

    def cite(self, topic: str) -> Citation:
        """The article of ``topic`` in the code the event plays (its ``[event_articles]``)."""
        return cite(self.config.code, topic)

    @property
    def fees_collected_cents(self) -> int:
        """The entry fees recorded (premessa)."""
        return sum(p.fee_paid_cents for p in self.pairs.values())


KnockoutStep = Callable[[KnockoutState, B, Record], None]
"""A kind's step in a knockout event: ``step(state, body, record)``."""

KnockoutCancelled = Callable[[KnockoutState, B, Record, Record], None]
"""What a kind's record cancelled by a later one still does: ``(state, body, record,
cancellation)``."""


@dataclass(frozen=True, slots=True)
class KnockoutFold(Generic[B]):
    """How one record kind folds into a knockout event's state: its step, and what the record
    does when a later one cancels it (None: nothing)."""

    step: KnockoutStep[B]
    cancelled: KnockoutCancelled[B] | None = None


def _every_log(state: KnockoutState, b: RecordCancelled | EventImported, rec: Record) -> None:
    fold_log_record(state, rec)  # a cancellation after its target makes the state stale


def _registered(state: KnockoutState, b: CompetitorRegistered, rec: Record) -> None:
    state.pairs[b.competitor] = Pair(b.competitor, b.name, b.players, b.entry_fee_cents or 0)
    state.names.add(b.name.casefold())
    state.next_number = max(state.next_number, b.competitor + 1)


def _fee_paid(state: KnockoutState, b: FeePaid, rec: Record) -> None:
    # A new Pair, never one changed in place: a snapshot may share the old one.
    p = state.pairs[b.competitor]
    state.pairs[b.competitor] = replace(p, fee_paid_cents=p.fee_paid_cents + b.amount_cents)


def _withdrawn(state: KnockoutState, b: CompetitorWithdrawn, rec: Record) -> None:
    state.withdrawals[rec.seq] = rec
    state.pairs[b.competitor] = replace(state.pairs[b.competitor], withdrawn=True)
    if state.bracket is not None:
        state.bracket = withdraw(state.bracket, b.competitor, state.code)


def _drawn(state: KnockoutState, b: BracketDrawn, rec: Record) -> None:
    state.bracket = bracket_from_payload(body_to_json(b), state.code)
    state.draw_number = b.seed
    state.bracket_seq = rec.seq


def _game_entered(state: KnockoutState, b: GameEntered, rec: Record) -> None:
    state.entries.setdefault((b.match, b.game), {})[b.pair] = b
    state.device_pair[(b.match, b.device)] = b.pair
    state.pair_device[(b.match, b.pair)] = b.device


def _irregularity_line(
    state: KnockoutState, b: Irregularity, rec: Record, match_round: int
) -> LedgerEntry:
    """The ledger line of a game lost by an irregularity (Briscola art. 10: the code's)."""
    return LedgerEntry(
        rec.seq,
        match_round,
        b.offender,
        "irregularity",
        state.cite("irregularity"),
        rec.actor,
        utc(rec.at),
        rec.reason or "",
        msg(
            "{match} game {game}: {irregularity}",
            match=b.match,
            game=b.game,
            irregularity=b.kind,
        ),
    )


def _digital_game_recorded(state: KnockoutState, b: GameResult | Irregularity) -> None:
    """A game of a match played at a digital table recorded (issue 32), even if cancelled
    since: its table's game waits for no result (a cancelled result is not made again from
    the table: the arbiter records the game, art. 10)."""
    if state.bracket is None or not state.digital_due:
        return
    m = state.bracket.match(b.match)
    due = state.digital_due.get((m.round, m.number))
    if due is not None and b.game >= due:
        del state.digital_due[(m.round, m.number)]


def _game_cancelled(
    state: KnockoutState, b: GameResult | Irregularity, rec: Record, cancel: Record
) -> None:
    """A cancelled game: the phones enter it again; an irregularity's ledger line stays, with
    who cancelled it and why."""
    _digital_game_recorded(state, b)
    if isinstance(b, GameResult):
        state.entries.pop((b.match, b.game), None)
    elif state.bracket is not None:
        entry = _irregularity_line(state, b, rec, state.bracket.match(b.match).round)
        state.ledger.append(replace(entry, cancelled_by=cancel.actor, cancel_reason=cancel.reason))


def _game(state: KnockoutState, b: GameResult | Irregularity, rec: Record) -> None:
    state.entries.pop((b.match, b.game), None)
    if state.bracket is None:
        raise ConflictError("a result before the bracket", article=state.cite("match_wins"))
    _digital_game_recorded(state, b)
    state.games[rec.seq] = rec
    report = GameReport.from_payload(body_to_json(b), state.code)
    match_round = state.bracket.match(report.match).round
    state.bracket = apply_game(state.bracket, report, state.code)
    if isinstance(b, Irregularity):
        state.ledger.append(_irregularity_line(state, b, rec, match_round))


KNOCKOUT_FOLDS: dict[type[Any], KnockoutFold[Any]] = {
    RecordCancelled: KnockoutFold(_every_log),
    EventImported: KnockoutFold(_every_log),
    CompetitorRegistered: KnockoutFold(_registered),
    FeePaid: KnockoutFold(_fee_paid),
    CompetitorWithdrawn: KnockoutFold(_withdrawn),
    BracketDrawn: KnockoutFold(_drawn),
    GameEntered: KnockoutFold(_game_entered),
    GameResult: KnockoutFold(_game, _game_cancelled),
    Irregularity: KnockoutFold(_game, _game_cancelled),
}
"""Each record kind's body class → its fold in a knockout event; the others (an event of
rounds', a second creation) are refused."""


def create_knockout(config: KnockoutConfig, now: datetime, actor: str = "director") -> Record:
    """The first record of a knockout event."""
    if not config.name.strip():
        raise ArbitroError("the event's name is empty")
    if config.entry_fee_cents < 0:
        raise ArbitroError("negative entry fee")
    return make_record(config, now, actor)


def register_pair(
    state: KnockoutState,
    name: str,
    players: Sequence[str],
    now: datetime,
    *,
    paid: bool = True,
    actor: str = "director",
) -> Record:
    """Register a pair with its entry fee (premessa), before the bracket is drawn."""
    if state.bracket is not None:
        raise ConflictError("bracket drawn: registration closed")
    name = name.strip()
    if not name:
        raise ArbitroError("the pair's name is empty")
    if name.casefold() in state.names:
        raise ConflictError("«{name}» is already registered", name=name)
    players = [p.strip() for p in players if p.strip()]
    per_pair = state.code.players_per_pair
    if players and len(players) != per_pair:
        raise ArbitroError("a pair has {count} players", count=per_pair)
    number = state.next_number
    fee = state.config.entry_fee_cents if paid else 0
    return make_record(CompetitorRegistered(number, name, tuple(players), 1, fee), now, actor)


def pay_fee(
    state: KnockoutState, pair: CompetitorId, now: datetime, actor: str = "director"
) -> Record:
    """The pair pays its entry fee at the desk after registering (premessa: "Quota di
    iscrizione € 4 a coppia"): the fee still owed is recorded as paid."""
    p = state.pairs.get(pair)
    if p is None:
        raise ArbitroError("no pair {pair}", pair=pair, article=state.cite("registration"))
    owed = state.config.entry_fee_cents - p.fee_paid_cents
    if owed <= 0:
        raise ConflictError(
            "pair {pair} has already paid", pair=pair, article=state.cite("registration")
        )
    return make_record(FeePaid(pair, owed), now, actor)


def withdraw_pair(
    state: KnockoutState, pair: CompetitorId, now: datetime, actor: str = "director"
) -> Record:
    """A pair does not show up or leaves: before the draw it is left out of the bracket;
    after it, it loses its current match without playing and the other pair goes on, "vinta a
    tavolino" (Briscola art. 9, Briscola ruling 11). A pair already out is refused."""
    article = state.cite("match_wins")
    p = state.pairs.get(pair)
    if p is None:
        raise ArbitroError("no pair {pair}", pair=pair, article=article)
    if p.withdrawn:
        raise ConflictError("pair {pair} has already withdrawn", pair=pair, article=article)
    from_round = 1
    if state.bracket is not None:
        m = current_match(state.bracket, pair)
        if m is None:
            raise ConflictError("pair {pair} plays no match any more", pair=pair, article=article)
        from_round = m.round
    return make_record(CompetitorWithdrawn(pair, from_round), now, actor)


def enter_game(
    state: KnockoutState,
    match_id: str,
    pair: CompetitorId,
    points: Mapping[CompetitorId, int],
    last_trick: CompetitorId | None,
    device: str,
    now: datetime,
) -> list[Record]:
    """A pair enters the points of its match's next game from its phone (Briscola art. 8:
    120 in all, 61 win, at 60-60 the last trick). When the other pair entered the same, the
    game is recorded too (a ``game-result``), as a sheet's two lines sign it; else it waits
    for the other pair. Each phone enters for one pair of the match and each pair from one
    phone (ruling Briscola 12)."""
    article = state.cite("match_wins")
    if state.bracket is None:
        raise ConflictError("draw the bracket first", article=article)
    m = state.bracket.match(match_id)
    if m.first is None or m.second is None or m.winner is not None:
        raise ConflictError("{match}: no game to enter now", match=m.id, article=article)
    if pair not in (m.first, m.second):
        raise ArbitroError(
            "{match}: pair {pair} does not play this match", match=m.id, pair=pair, article=article
        )
    if (m.round, m.number) in state.digital:  # issue 32: the engine records its games
        raise ConflictError(
            "{match} is played at a digital table: its games are recorded as they end",
            match=m.id,
            article=article,
        )
    if not device:
        raise ArbitroError("open the match's page from the QR code on its card")
    bound = state.device_pair.get((m.id, device))
    if bound is not None and bound != pair:
        raise ConflictError(
            "this phone entered for the other pair: the other pair uses its own phone",
            article=article,
        )
    their_phone = state.pair_device.get((m.id, pair))
    if their_phone is not None and their_phone != device:
        raise ConflictError(
            "another phone already entered for this pair: use that one, or ask the arbiter",
            article=article,
        )
    game = len(m.games) + 1
    pts = {m.first: points.get(m.first, -1), m.second: points.get(m.second, -1)}
    tie = pts[m.first] == pts[m.second]
    report = GameReport(m.id, game, pts, last_trick if tie else None)
    apply_game(
        state.bracket, report, state.code
    )  # the points checked (art. 8) before anything is recorded
    entry = GameEntered(
        m.id, game, pair, {str(p): n for p, n in pts.items()}, report.last_trick, device
    )
    actor = f"{m.id} coppia {pair}"
    records = [make_record(entry, now, actor)]
    other = m.second if pair == m.first else m.first
    theirs = state.entries.get((m.id, game), {}).get(other)
    if (
        theirs is not None
        and theirs.points == entry.points
        and theirs.last_trick == entry.last_trick
    ):
        body = body_from_json(RecordKind.GAME_RESULT, report.to_payload(state.code))
        records.append(make_record(body, now, f"{m.id} coppie {m.first}+{m.second}"))
    return records


def cancel_withdrawal(
    state: KnockoutState, seq: int, reason: str | None, now: datetime, actor: str = "director"
) -> Record:
    """Cancel a withdrawal recorded by mistake (the wrong pair marked as not shown up), with
    the reason: the pair plays again. Only while nothing recorded after it depends on it: no
    draw after a withdrawal before the draw, no game nor other withdrawal after it (Briscola
    art. 9, ruling Briscola 11)."""
    reason = need_reason(reason, N_("cancellation"))
    if seq in state.cancellations:
        raise ConflictError("record #{seq} is already cancelled", seq=seq)
    if seq not in state.withdrawals:
        raise ArbitroError("record #{seq} is not a withdrawal", seq=seq)
    later = sorted(
        n for n in (*state.games, *state.withdrawals) if n > seq and n not in state.cancellations
    )
    if later:
        raise ConflictError(
            "games recorded after this one depend on it (records {later}): cancel them first",
            later=", ".join(f"#{n}" for n in later),
        )
    if state.bracket is not None and state.bracket_seq > seq:
        raise ConflictError(
            "the bracket was drawn without this pair: the draw stands",
            article=state.cite("match_wins"),
        )
    return make_record(RecordCancelled(seq), now, actor, reason)


def draw_bracket(
    state: KnockoutState, now: datetime, actor: str = "director", *, seed: int | None = None
) -> Record:
    """Draw the bracket (or seed it by registration order): byes in round 1 when the field is
    not a power of two, to the top seeds or to the first drawn (art. 9). The draw uses
    ``seed`` (the service gives a fresh one from a secure source), else the event's; the
    record keeps it, so the draw can be checked and replayed."""
    seed = state.config.seed if seed is None else seed
    article = state.cite("match_wins")
    if state.bracket is not None:
        raise ConflictError("bracket already drawn", article=article)
    if len(state.pairs) < 2:
        raise ArbitroError("at least two pairs are needed", article=article)
    pairs = sorted(n for n, p in state.pairs.items() if not p.withdrawn)
    if len(pairs) < 2:
        raise ArbitroError("at least two pairs are needed", article=article)
    bracket = (
        Bracket.seeded(pairs, state.code)
        if state.config.seeded
        else Bracket.drawn(pairs, random.Random(seed), state.code)
    )
    body = body_from_json(RecordKind.BRACKET_DRAWN, bracket_payload(bracket, seed))
    return make_record(body, now, actor)


def record_game(
    state: KnockoutState,
    report: GameReport,
    now: datetime,
    actor: str = "arbiter",
    reason: str | None = None,
) -> Record:
    """Record a game of a match: played out (points, art. 8) or lost by an art. 10
    irregularity (with a reason). Checked against the bracket before it is recorded; a
    result typed while the match's digital table has a game to record is refused
    (:func:`~arbitro.tournament.knockout_digital.refuse_hand_result`, issue 32)."""
    if state.bracket is None:
        raise ConflictError("draw the bracket first", article=state.cite("match_wins"))
    _digital.refuse_hand_result(state, report)
    apply_game(state.bracket, report, state.code)
    if report.irregularity is not None:
        reason = need_reason(reason, N_("irregularity"))
        kind = RecordKind.IRREGULARITY
        return make_record(body_from_json(kind, report.to_payload(state.code)), now, actor, reason)
    body = body_from_json(RecordKind.GAME_RESULT, report.to_payload(state.code))
    return make_record(body, now, actor)


from arbitro.tournament import knockout_digital as _digital  # noqa: E402  (issue 32)
