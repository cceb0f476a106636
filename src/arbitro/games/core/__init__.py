"""What every game's rules engine shares, shaped like python-chess: seats and lines, the turn
order, one :class:`Game` protocol (``turn``, ``legal_moves``, ``push``, ``pop``, ``is_over``,
``outcome``, ``copy``), one :class:`Outcome`, one :class:`Bot` protocol with random and greedy
bots, one deal record with its replay (:mod:`.record`), one illegal-move error, and the
arbiter's typed irregularities and rulings (:mod:`.arbiter`). A game keeps only its rule hooks
(melds, closing, scoring, its moves' and positions' notation)."""

from arbitro.games.core.arbiter import (
    ArbiterRecord,
    ArbitralScore,
    Freeze,
    InterruptedTurn,
    Irregularity,
    NewDeal,
    PenalizedCards,
    Remedies,
    Remedy,
    Ruling,
)
from arbitro.games.core.bots import Bot, GreedyBot, RandomBot, play_out
from arbitro.games.core.errors import IllegalMoveError, illegal, not_legal
from arbitro.games.core.game import Game, Outcome, Side, restore, undo_last
from arbitro.games.core.record import DealRecord, RecordRules, replay
from arbitro.games.core.seats import LINES, SEATS, Line, Seat, TurnOrder

__all__ = [
    "LINES",
    "SEATS",
    "ArbiterRecord",
    "ArbitralScore",
    "Bot",
    "DealRecord",
    "Freeze",
    "Game",
    "GreedyBot",
    "IllegalMoveError",
    "InterruptedTurn",
    "Irregularity",
    "Line",
    "NewDeal",
    "Outcome",
    "PenalizedCards",
    "RandomBot",
    "RecordRules",
    "Remedies",
    "Remedy",
    "Ruling",
    "Seat",
    "Side",
    "TurnOrder",
    "illegal",
    "not_legal",
    "play_out",
    "replay",
    "restore",
    "undo_last",
]
