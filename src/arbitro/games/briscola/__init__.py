"""The Briscola rules engine by the club regulation (seed 001, arts. 1-10): the draw for the
dealer, the deal, tricks, draws, points, the result, irregularities; bots and game records.

Pure and typed; numbers come from :mod:`arbitro.codes.briscola`.
"""

from arbitro.games.briscola.bots import Bot, GreedyBot, RandomBot, play_game, play_random_game
from arbitro.games.briscola.errors import IllegalMoveError
from arbitro.games.briscola.game import (
    Game,
    GameResult,
    GameView,
    Irregularity,
    Trick,
    next_dealer,
    winner_by_points,
)
from arbitro.games.briscola.record import GameRecord
from arbitro.games.briscola.rules import (
    beats,
    card_points,
    trick_points,
    trick_strength,
    trick_winner,
)
from arbitro.games.briscola.seat_draw import DealerDraw, draw_for_dealer, highest
from arbitro.games.briscola.seats import PAIRS, PLAY_ORDER, SEATS, Pair, Seat

__all__ = [
    "PAIRS",
    "PLAY_ORDER",
    "SEATS",
    "Bot",
    "DealerDraw",
    "Game",
    "GameRecord",
    "GameResult",
    "GameView",
    "GreedyBot",
    "IllegalMoveError",
    "Irregularity",
    "Pair",
    "RandomBot",
    "Seat",
    "Trick",
    "beats",
    "card_points",
    "draw_for_dealer",
    "highest",
    "next_dealer",
    "play_game",
    "play_random_game",
    "trick_points",
    "trick_strength",
    "trick_winner",
    "winner_by_points",
]
