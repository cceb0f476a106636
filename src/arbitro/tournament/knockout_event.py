"""A knockout event of pairs (the Briscola regulation, shared/seeds/001): registration with
the entry fee (premessa), the bracket drawn or seeded, each match's games best of 3 (art. 9),
games lost by an art. 10 irregularity in the ledger, the champion. The state is the fold of
the event's records, like a line event's."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from arbitro.codes.briscola import briscola
from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.tournament.event import LedgerEntry
from arbitro.tournament.knockout import (
    Bracket,
    GameReport,
    apply_game,
    bracket_from_payload,
    bracket_payload,
)
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import Record, RecordKind, utc

KNOCKOUT = "knockout"


@dataclass(frozen=True, slots=True)
class KnockoutConfig:
    """A knockout event: its name, whether the bracket is seeded (registration order) or
    drawn, the draw's seed and the entry fee per pair (premessa: € 4)."""

    name: str
    seeded: bool = False
    seed: int = 0
    entry_fee_cents: int = field(default_factory=lambda: briscola().entry_fee_cents)
    game: str = "briscola"
    code: str = "briscola"

    def to_payload(self) -> dict[str, Any]:
        """The ``event-created`` payload."""
        return {
            "name": self.name,
            "game": self.game,
            "code": self.code,
            "format": "pairs",
            "competition": KNOCKOUT,
            "seeded": self.seeded,
            "seed": self.seed,
            "entry_fee_cents": self.entry_fee_cents,
        }

    @classmethod
    def from_payload(cls, p: Mapping[str, Any]) -> KnockoutConfig:
        """Parse an ``event-created`` payload of a knockout event."""
        return cls(
            str(p["name"]),
            bool(p.get("seeded", False)),
            int(p.get("seed", 0)),
            int(p.get("entry_fee_cents", briscola().entry_fee_cents)),
        )


def is_knockout(payload: Mapping[str, Any]) -> bool:
    """True when an ``event-created`` payload describes a knockout event."""
    return payload.get("competition") == KNOCKOUT


@dataclass(slots=True)
class Pair:
    """A registered pair and the fee it paid (in cents)."""

    number: CompetitorId
    name: str
    players: tuple[str, ...]
    fee_paid_cents: int


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

    @classmethod
    def replay(cls, event_id: str, records: Iterable[Record]) -> KnockoutState:
        """Rebuild the state from the event's records, in order."""
        state: KnockoutState | None = None
        for rec in records:
            if state is None:
                if rec.kind is not RecordKind.EVENT_CREATED or not is_knockout(rec.payload):
                    raise ArbitroError(
                        "il registro non inizia con la creazione di una gara a eliminazione",
                        "the log does not start with the creation of a knockout event",
                    )
                state = cls(event_id, KnockoutConfig.from_payload(rec.payload), utc(rec.at))
                state.last_seq = rec.seq
            else:
                state.apply(rec)
        if state is None:
            raise NotFoundError(
                f"gara {event_id} senza registrazioni", f"event {event_id} is empty"
            )
        return state

    def apply(self, rec: Record) -> None:
        """Apply one record (already validated when it was made)."""
        p = rec.payload
        if rec.kind is RecordKind.COMPETITOR_REGISTERED:
            n = int(p["competitor"])
            self.pairs[n] = Pair(
                n, str(p["name"]), tuple(p.get("players", [])), int(p.get("entry_fee_cents", 0))
            )
        elif rec.kind is RecordKind.BRACKET_DRAWN:
            self.bracket = bracket_from_payload(p)
        elif rec.kind in (RecordKind.GAME_RESULT, RecordKind.IRREGULARITY):
            if self.bracket is None:
                raise ConflictError(
                    "risultato prima del tabellone", "a result before the bracket", article="9"
                )
            report = GameReport.from_payload(p)
            match_round = self.bracket.match(report.match).round
            self.bracket = apply_game(self.bracket, report)
            if report.irregularity is not None and report.offender is not None:
                entry = LedgerEntry(
                    rec.seq,
                    match_round,
                    report.offender,
                    "irregularity",
                    "10",
                    rec.actor,
                    utc(rec.at),
                    rec.reason or "",
                    f"{report.match} partita/game {report.game}: {report.irregularity}",
                )
                self.ledger.append(entry)
        else:
            raise ArbitroError(
                f"registrazione «{rec.kind}» non prevista in una gara a eliminazione",
                f"record «{rec.kind}» does not belong to a knockout event",
            )
        self.last_seq = max(self.last_seq, rec.seq)

    @property
    def fees_collected_cents(self) -> int:
        """The entry fees recorded (premessa)."""
        return sum(p.fee_paid_cents for p in self.pairs.values())


def _rec(
    kind: RecordKind, payload: dict[str, Any], now: datetime, actor: str, reason: str | None = None
) -> Record:
    return Record(kind, payload, utc(now), actor, reason)


def create_knockout(config: KnockoutConfig, now: datetime, actor: str = "director") -> Record:
    """The first record of a knockout event."""
    if not config.name.strip():
        raise ArbitroError("il nome della gara è vuoto", "the event's name is empty")
    if config.entry_fee_cents < 0:
        raise ArbitroError("quota di iscrizione negativa", "negative entry fee")
    return _rec(RecordKind.EVENT_CREATED, config.to_payload(), now, actor)


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
        raise ConflictError(
            "tabellone già sorteggiato: iscrizioni chiuse", "bracket drawn: registration closed"
        )
    name = name.strip()
    if not name:
        raise ArbitroError("il nome della coppia è vuoto", "the pair's name is empty")
    if any(p.name.casefold() == name.casefold() for p in state.pairs.values()):
        raise ConflictError(f"«{name}» è già iscritta", f"«{name}» is already registered")
    players = [p.strip() for p in players if p.strip()]
    per_pair = briscola().players_per_pair
    if players and len(players) != per_pair:
        raise ArbitroError(f"una coppia ha {per_pair} giocatori", f"a pair has {per_pair} players")
    number = max(state.pairs, default=0) + 1
    payload = {
        "competitor": number,
        "name": name,
        "players": players,
        "entry_fee_cents": state.config.entry_fee_cents if paid else 0,
    }
    return _rec(RecordKind.COMPETITOR_REGISTERED, payload, now, actor)


def draw_bracket(state: KnockoutState, now: datetime, actor: str = "director") -> Record:
    """Draw the bracket (or seed it by registration order): byes in round 1 when the field is
    not a power of two, to the top seeds or to the first drawn (art. 9)."""
    if state.bracket is not None:
        raise ConflictError("tabellone già sorteggiato", "bracket already drawn", article="9")
    if len(state.pairs) < 2:
        raise ArbitroError(
            "servono almeno due coppie", "at least two pairs are needed", article="9"
        )
    pairs = sorted(state.pairs)
    bracket = (
        Bracket.seeded(pairs)
        if state.config.seeded
        else Bracket.drawn(pairs, random.Random(state.config.seed))
    )
    return _rec(RecordKind.BRACKET_DRAWN, bracket_payload(bracket, state.config.seed), now, actor)


def record_game(
    state: KnockoutState,
    report: GameReport,
    now: datetime,
    actor: str = "arbiter",
    reason: str | None = None,
) -> Record:
    """Record a game of a match: played out (points, art. 8) or lost by an art. 10
    irregularity (with a reason). Checked against the bracket before it is recorded."""
    if state.bracket is None:
        raise ConflictError("prima sorteggiare il tabellone", "draw the bracket first", article="9")
    apply_game(state.bracket, report)
    if report.irregularity is not None:
        if not reason or not reason.strip():
            raise ArbitroError(
                "irregolarità: indicare il motivo",
                "irregularity: a reason is required",
                article="10",
            )
        return _rec(RecordKind.IRREGULARITY, report.to_payload(), now, actor, reason.strip())
    return _rec(RecordKind.GAME_RESULT, report.to_payload(), now, actor)
