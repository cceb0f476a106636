"""The Scala 40 rules engine (arts. 1-9, 17-20, 22): melds, deal, moves, solver, bots.

Pure and typed; numbers come from :mod:`arbitro.codes.scala40`.
"""

from arbitro.games.scala40.bots import Bot, GreedyBot, RandomBot, play_deal
from arbitro.games.scala40.deal import SEATS, Deal, Phase, Remedy, Seat, arrange_deck
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
from arbitro.games.scala40.record import DealRecord
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
    "Seat",
    "SeatDraw",
    "Token",
    "arrange_deck",
    "best_opening",
    "can_open",
    "discard",
    "format_tokens",
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
