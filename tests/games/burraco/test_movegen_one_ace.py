"""The engine's list of moves never offers a second natural ace on a run (FIBAS art. 13: a run
holds one ace, before the 2 or after the K; docs/rulings.md): a run that already has its ace
low is not offered the ace high, and every move offered is one its check accepts. Found by
robots at a digital table (issue 32), where the list offered ``layoff 0 AH`` and the move was
then refused."""

from __future__ import annotations

from tests.games.burraco.test_digital_engine import POSITION

from arbitro.games.burraco import parse_move
from arbitro.games.burraco.record import RULES


def test_art13_a_run_with_its_ace_low_is_not_offered_the_ace_high() -> None:
    deal = RULES.start({"position": POSITION})
    offered = [str(m) for m in deal.legal_moves()]
    assert "layoff 0 AH" not in offered
    assert "layoff 0 AC" not in offered  # not its suit
    for text in offered:
        assert deal.is_legal(parse_move(text)), text


def test_art13_a_run_of_2_to_k_with_no_ace_is_still_offered_an_ace() -> None:
    # The same position with the run's ace low taken away: 2H..KH takes the ace at either end.
    without = POSITION.replace("EW AH 2H 3H", "EW 2H 3H")
    deal = RULES.start({"position": without})
    offered = [str(m) for m in deal.legal_moves()]
    assert "layoff 0 AH" in offered
    assert deal.is_legal(parse_move("layoff 0 AH"))
