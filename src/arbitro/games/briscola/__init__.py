"""The Briscola rules engine by the club regulation (seed 001, arts. 1-10), on the engine core
(:mod:`arbitro.games.core`): the draw for the dealer, the deal, tricks, draws, points, the
result, the position notation, the arbiter's art. 10 remedies; bots and game records.

Pure and typed; numbers come from :mod:`arbitro.codes.briscola`.
"""

from arbitro.games.briscola.arbiter import forfeit, remedies, rule
from arbitro.games.briscola.bots import (
    Bot,
    GreedyBot,
    RandomBot,
    greedy_value,
    play_game,
    play_random_game,
)
from arbitro.games.briscola.game import (
    Forfeit,
    Game,
    GameResult,
    GameView,
    Trick,
    next_dealer,
    winner_by_points,
)
from arbitro.games.briscola.record import BriscolaRules, GameRecord
from arbitro.games.briscola.rules import (
    beats,
    card_points,
    trick_points,
    trick_strength,
    trick_winner,
)
from arbitro.games.briscola.seat_draw import DealerDraw, draw_for_dealer, highest
from arbitro.games.briscola.seats import (
    LINES,
    ORDER,
    PAIRS,
    PLAY_ORDER,
    SEATS,
    Line,
    Pair,
    Seat,
)
from arbitro.games.core import (
    ArbitralScore,
    IllegalMoveError,
    Irregularity,
    Outcome,
    Ruling,
    play_out,
)

__all__ = [
    "LINES",
    "ORDER",
    "PAIRS",
    "PLAY_ORDER",
    "SEATS",
    "ArbitralScore",
    "Bot",
    "BriscolaRules",
    "DealerDraw",
    "Forfeit",
    "Game",
    "GameRecord",
    "GameResult",
    "GameView",
    "GreedyBot",
    "IllegalMoveError",
    "Irregularity",
    "Line",
    "Outcome",
    "Pair",
    "RandomBot",
    "Ruling",
    "Seat",
    "Trick",
    "beats",
    "card_points",
    "draw_for_dealer",
    "forfeit",
    "greedy_value",
    "highest",
    "next_dealer",
    "play_game",
    "play_out",
    "play_random_game",
    "remedies",
    "rule",
    "trick_points",
    "trick_strength",
    "trick_winner",
    "winner_by_points",
]
