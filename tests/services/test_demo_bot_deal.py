"""The demo's deals are played by the bots its code's spec names (``CodeSpec.bot_deal``,
issue 30: the services name no game), and the demo evening is the one it was before the
move: the same final standings for the same seed (FIBAS art. 19's rows, the VP of art. 20)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from arbitro.codes.registry import DEFAULT_CODE, bot_deal, built_in, code_spec
from arbitro.games.burraco import Deal, GreedyBot, play_deal
from arbitro.services.deal_check import deal_score, played_deal
from arbitro.services.demo import run_demo
from arbitro.store import RecordStore
from arbitro.tournament.standings.standings import standings

# `arbitro demo` (seed 2026) on 449cabf, before the services stopped naming Burraco:
# its final standings after round 4 (name, V.P., M.P.; Giordano / Rizzo's lateness -100).
BEFORE = [
    ("Lombardi / Moretti", 65, 2465),
    ("Marino / Greco", 62, 1995),
    ("Mancini / Costa", 49, 705),
    ("Conti / De Luca", 46, 605),
    ("Rossi / Bianchi", 44, 235),
    ("Giordano / Rizzo", 37, -430),
    ("Bruno / Gallo", 29, -1015),
    ("Esposito / Romano", 25, -1395),
    ("Colombo / Ricci", 19, -2045),
]


def test_the_demo_evening_is_unchanged(tmp_path: Path) -> None:
    """The demo played through the registry gives the standings it gave before."""
    store = RecordStore.open(f"sqlite:///{tmp_path / 'demo.sqlite3'}")
    state = run_demo(store, "demo").state
    assert [(r.name, r.vp, r.mp) for r in standings(state, 4)] == BEFORE


def test_a_bot_deal_is_the_games_engine_played_by_greedy_bots() -> None:
    """The spec's ``bot_deal`` of the demo's code is Burraco's deal played to its end by four
    greedy bots from the same random numbers: the same sheet row (art. 19)."""
    for seed in (1, 7, 2026):
        rng = random.Random(seed)
        direct = play_deal(Deal.shuffled(rng), [GreedyBot()] * 4, rng)
        assert played_deal(random.Random(seed), DEFAULT_CODE) == deal_score(direct.scores())


def test_a_code_without_bots_has_no_bot_deal() -> None:
    """A code whose spec names no ``bot_deal`` is refused: asking it is a programming error."""
    without = [c for c in built_in() if not code_spec(c).bot_deal]
    assert without, "some built-in code plays no deal by bots"
    with pytest.raises(LookupError):
        bot_deal(without[0])
