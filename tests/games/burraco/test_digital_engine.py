"""FIBAS's engine at a digital table (issue 32, games/burraco/digital.py): in a position where
the engine's list of moves holds a lay-off its own check refuses (an ace laid on a run that
already has its ace low: two aces, FIBAS art. 13), the phone is offered only moves the
server accepts, and the robot plays one the server accepts (it played the refused one, and
the table stalled, before)."""

from __future__ import annotations

import random

from arbitro.games.burraco import parse_move
from arbitro.games.burraco.digital import ENGINE
from arbitro.games.core import Seat

# Found by robots playing 8 tables of 4 deals through the service (random.Random(1)).
POSITION = (
    "dealer W | turn E | phase play | turns 41 | N QD QC | E AH AC AS 10S | S 5C | W 6D 10D"
    " | NS 9C 9S 2H, 10D 10C 10S JK, JD JD JC JS 2C, KH KC KS KS 2C, 8H 8D 8D 8C 8C 8S 2S,"
    " 4D 4D 4C 4S, 6D 6C 6C 6S 6S | EW AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH JK KH,"
    " 3H 3D 3C 3C 3S 3S JK, 9H 9D 9C 9S 2D, 7H 7D 7D 7C 7C 7S 7S JK, 5H 5D 5D 5C 5S 2S"
    " | pile - | stock KD 6H AD 10H KD KC 2D 4S QS QH QH 9D AD AS AC QD"
    " | pozzetti 4C JC JS 10C 5S QS JH 4H 8S QC 3D | taken EW | unplayed - | single -"
    " | timeout 0 | end - | flags -"
)


def test_every_move_offered_and_the_robots_move_are_accepted_art13() -> None:
    game = ENGINE.start({"position": POSITION})
    offered = ENGINE.moves(game)
    assert offered and "layoff 0 AH" not in offered  # two aces on the run (art. 13)
    for text in offered:
        game.copy().push(parse_move(text))  # none refused
    robot = ENGINE.robot(game, random.Random(0))
    game.copy().push(robot)
    assert str(robot) in offered


def test_the_view_is_the_phones_generic_shape_only() -> None:
    """docs/digital-tables.md (the view's shape): FIBAS's view holds the generic keys and no
    older one of its own (``melds``, ``pozzetto_taken``, ``stock``, ``pozzetti``,
    ``result``); in the position above (art. 13: E to play, E-W has taken its pozzetto) the
    seat's line's melds come first, numbered as ``layoff N`` names them, the other line's
    without a target; the stock and the pozzetti are counters; the phone's help is the
    game's."""
    game = ENGINE.start({"position": POSITION})
    view = ENGINE.view(game, Seat.E)
    assert set(view) == {
        *("seat", "dealer", "turn", "phase", "over", "hand", "hand_sizes", "pile"),
        *("areas", "counters", "scores", "labels"),
    }
    own, other = view["areas"]
    assert own["own"] and own["args"] == {"line": "EW"} and not other["own"]
    assert [m["target"] for m in own["melds"]] == list(range(5))
    assert own["melds"][0]["cards"][:3] == ["AH", "2H", "3H"]
    assert all(m["target"] is None for m in other["melds"]) and len(other["melds"]) == 7
    assert [(c["title"], c["value"]) for c in view["counters"]] == [("Stock", 16), ("Pozzetti", 1)]
    assert view["scores"] is None and view["pile"] == []
    assert "drag" in view["labels"]["help"] and "meld" in view["labels"]["help"]
