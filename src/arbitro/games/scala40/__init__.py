"""The Scala 40 rules engine (arts. 1-9, 17-20, 22) on the engine core (:mod:`arbitro.games.core`):
melds, deal, moves, position notation, solver, bots, record, and the arbiter's remedies
(arts. 4, 10-17, 20: :mod:`arbitro.games.scala40.arbiter`).

Pure and typed; numbers come from :mod:`arbitro.codes.scala40`.
"""

from arbitro.games.core import Remedy
from arbitro.games.scala40.bots import Bot, GreedyBot, RandomBot, greedy_value, play_deal
from arbitro.games.scala40.deal import SEATS, Deal, Phase, Seat, TakenBack, arrange_deck
from arbitro.games.scala40.errors import IllegalMoveError
from arbitro.games.scala40.melds import (
    Meld,
    MeldKind,
    Token,
    format_tokens,
    make_meld,
    parse_meld,
    parse_token,
    parse_tokens,
)
from arbitro.games.scala40.moves import (
    DRAW,
    PICK_UP,
    LayOff,
    Move,
    MoveKind,
    discard,
    lay_off,
    meld,
    open_move,
    parse_move,
    swap,
)
from arbitro.games.scala40.record import RULES, DealRecord, Scala40Rules
from arbitro.games.scala40.rules import (
    opening_value,
    penalty_points,
    place_value,
    scala40_deck,
    seat_draw_key,
    smallest,
)
from arbitro.games.scala40.seating import SeatDraw, seat_draw
from arbitro.games.scala40.solver import Opening, best_opening, can_open

__all__ = [
    "DRAW",
    "PICK_UP",
    "RULES",
    "SEATS",
    "Bot",
    "Deal",
    "DealRecord",
    "GreedyBot",
    "IllegalMoveError",
    "LayOff",
    "Meld",
    "MeldKind",
    "Move",
    "MoveKind",
    "Opening",
    "Phase",
    "RandomBot",
    "Remedy",
    "Scala40Rules",
    "Seat",
    "SeatDraw",
    "TakenBack",
    "Token",
    "arrange_deck",
    "best_opening",
    "can_open",
    "discard",
    "format_tokens",
    "greedy_value",
    "lay_off",
    "make_meld",
    "meld",
    "open_move",
    "opening_value",
    "parse_meld",
    "parse_move",
    "parse_token",
    "parse_tokens",
    "penalty_points",
    "place_value",
    "play_deal",
    "scala40_deck",
    "seat_draw",
    "seat_draw_key",
    "smallest",
    "swap",
]
