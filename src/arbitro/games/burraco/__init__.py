"""The Burraco rules engine by the FIBAS code (arts. 2-19, 33): melds, deal, moves, score.

Pure and typed; numbers come from :mod:`arbitro.codes.burraco_fibas`.
"""

from arbitro.games.burraco.bots import GreedyBot, RandomBot, play_deal
from arbitro.games.burraco.deal import Deal
from arbitro.games.burraco.errors import IllegalMoveError
from arbitro.games.burraco.melds import BurracoKind, Meld, MeldKind, make_meld, parse_meld
from arbitro.games.burraco.moves import (
    DRAW,
    PICK_UP,
    TIME_OUT,
    Move,
    MoveKind,
    discard,
    lay_off,
    meld,
    parse_move,
)
from arbitro.games.burraco.record import DealRecord
from arbitro.games.burraco.rules import card_value, is_wild, seat_draw_key
from arbitro.games.burraco.scoring import (
    LinePosition,
    LineScore,
    check_entry,
    score_line,
    score_position,
    score_table,
)
from arbitro.games.core import LINES, SEATS, Line, Outcome, Seat
from arbitro.games.core.table import EndReason, Phase

__all__ = [
    "DRAW",
    "LINES",
    "PICK_UP",
    "SEATS",
    "TIME_OUT",
    "BurracoKind",
    "Deal",
    "DealRecord",
    "EndReason",
    "GreedyBot",
    "IllegalMoveError",
    "Line",
    "LinePosition",
    "LineScore",
    "Meld",
    "MeldKind",
    "Move",
    "MoveKind",
    "Outcome",
    "Phase",
    "RandomBot",
    "Seat",
    "card_value",
    "check_entry",
    "discard",
    "is_wild",
    "lay_off",
    "make_meld",
    "meld",
    "parse_meld",
    "parse_move",
    "play_deal",
    "score_line",
    "score_position",
    "score_table",
    "seat_draw_key",
]
