"""The Burraco Parole rules engine by the UISP code (2020): letters, words, deal, score.

Pure and typed; numbers come from :mod:`arbitro.codes.burraco_parole`; word validity from a
:class:`Lexicon` given by the caller (art. 4.1): Hunspell's Italian dictionary
(:mod:`arbitro.lexicon.hunspell`, an edge) or a fixed :class:`WordList`.
"""

from arbitro.games.core import LINES, SEATS, IllegalMoveError, Line, Outcome, Seat
from arbitro.games.core.table import EndReason, Phase
from arbitro.games.core.words_and_melds import MoveKind
from arbitro.games.parole.arbiter import REMEDIES, penalty_order, ruling
from arbitro.games.parole.bots import GreedyBot, RandomBot, greedy_value, play_deal
from arbitro.games.parole.deal import Deal, Freeze, Selection, arrange_deck
from arbitro.games.parole.irregular import IRREGULAR
from arbitro.games.parole.letters import (
    WILDS,
    Card,
    SeatDraw,
    card_value,
    cards_value,
    deck,
    format_cards,
    is_wild,
    parse_cards,
    seat_draw,
    seat_draw_key,
    shuffled_deck,
)
from arbitro.games.parole.lexicon import Lexicon, Reason, Verdict, WordList
from arbitro.games.parole.moves import (  # the plays of a turn (art. 4)
    DRAW,
    PICK_UP,
    TIME_OUT,
    Move,
    discard,
    lay_off,
    meld,
    parse_move,
)
from arbitro.games.parole.record import (  # the deal record (core format) and its rules
    DealRecord,
    ParoleRules,
)
from arbitro.games.parole.scoring import (
    LinePosition,
    LineScore,
    score_line,
    score_position,
    score_table,
)
from arbitro.games.parole.words import (
    BurracoKind,
    Word,
    make_word,
    parse_word,
    readings,
    wild_letters,
)

__all__ = [
    "DRAW",
    "IRREGULAR",
    "LINES",
    "PICK_UP",
    "REMEDIES",
    "SEATS",
    "TIME_OUT",
    "WILDS",
    "BurracoKind",
    "Card",
    "Deal",
    "DealRecord",
    "EndReason",
    "Freeze",
    "GreedyBot",
    "IllegalMoveError",
    "Lexicon",
    "Line",
    "LinePosition",
    "LineScore",
    "Move",
    "MoveKind",
    "Outcome",
    "ParoleRules",
    "Phase",
    "RandomBot",
    "Reason",
    "Seat",
    "SeatDraw",
    "Selection",
    "Verdict",
    "Word",
    "WordList",
    "arrange_deck",
    "card_value",
    "cards_value",
    "deck",
    "discard",
    "format_cards",
    "greedy_value",
    "is_wild",
    "lay_off",
    "make_word",
    "meld",
    "parse_cards",
    "parse_move",
    "parse_word",
    "penalty_order",
    "play_deal",
    "readings",
    "ruling",
    "score_line",
    "score_position",
    "score_table",
    "seat_draw",
    "seat_draw_key",
    "shuffled_deck",
    "wild_letters",
]
