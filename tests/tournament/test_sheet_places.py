"""How a table is seated is the kind of sheet's answer (issue 30), not a branch of the web's
seating form: two lines of one competitor (FIBAS art. 4, Parole), of two players in an
individual event, or four players in seat order at Scala 40's tables (art. 2)."""

from __future__ import annotations

import pytest

from arbitro.codes.ids import GameId
from arbitro.tournament.model import EventFormat
from arbitro.tournament.sheets import sheet_kind


@pytest.mark.parametrize("game", [GameId.BURRACO, GameId.PAROLE])
def test_two_lines_each_of_one_competitor_or_two_players_art4(game: GameId) -> None:
    """FIBAS art. 4: N-S and E-W; a line is one pair, one team, or two players drawn
    together in an individual event."""
    kind = sheet_kind(game)
    assert kind.places(EventFormat.PAIRS) == (("ns", 1), ("ew", 1))
    assert kind.places(EventFormat.TEAMS) == (("ns", 1), ("ew", 1))
    assert kind.places(EventFormat.INDIVIDUAL) == (("ns", 2), ("ew", 2))


def test_scala40_seats_four_players_in_order_art2() -> None:
    """Scala 40 art. 2: "ad ogni tavolo siedono quattro giocatori", whatever the format."""
    kind = sheet_kind(GameId.SCALA40)
    for event_format in EventFormat:
        assert kind.places(event_format) == (("p", 4),)
