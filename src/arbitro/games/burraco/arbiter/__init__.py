"""Arbiter mode for Burraco (FIBAS Section C, arts. 22-35, and arts. 6, 9, 10, 18): the table's
real actions, legal or not, the irregularities the arbiter names, and the remedies the engine
applies, in the core's shape (:mod:`arbitro.games.core.arbiter`): a core ``Irregularity`` whose
kind is an :class:`IrregularityKind`, ruled by :data:`REMEDIES` into a core ``Ruling``.

``Irregularity`` is the former name of :class:`IrregularityKind`, kept for the callers.

>>> from arbitro.games.burraco.arbiter import ArbiterDeal, IrregularityKind, REMEDIES
"""

from arbitro.games.burraco.arbiter.deal import (
    ArbiterDeal,
    ArbiterWarning,
    Play,
    full_deck_difference,
)
from arbitro.games.burraco.arbiter.irregularities import (
    Found,
    Freeze,
    Irregularity,
    IrregularityKind,
    PozzettoStage,
    TurnLimit,
)
from arbitro.games.burraco.arbiter.records import (
    Action,
    ActionKind,
    Problem,
    Ruling,
    message_json,
)
from arbitro.games.burraco.arbiter.remedies import REMEDIES, irregularity
from arbitro.games.burraco.arbiter.score import meld_points, score_arbiter_deal
from arbitro.games.burraco.arbiter.script import deal_from_layout, run_line, run_script
from arbitro.games.burraco.arbiter.table import TableMeld, discard_order, largest_valid

__all__ = [
    "REMEDIES",
    "Action",
    "ActionKind",
    "ArbiterDeal",
    "ArbiterWarning",
    "Found",
    "Freeze",
    "Irregularity",
    "IrregularityKind",
    "Play",
    "PozzettoStage",
    "Problem",
    "Ruling",
    "TableMeld",
    "TurnLimit",
    "deal_from_layout",
    "discard_order",
    "full_deck_difference",
    "irregularity",
    "largest_valid",
    "meld_points",
    "message_json",
    "run_line",
    "run_script",
    "score_arbiter_deal",
]
