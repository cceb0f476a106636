"""The check every test of a ruling's obligation makes (issue 31): an action that ignores
what the ruling obliges the player to do is refused, citing the article of the ruling, and
the deal is left as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from arbitro.errors import ArbitroError
from arbitro.games.burraco.arbiter import ArbiterDeal
from arbitro.games.burraco.errors import fibas


def against_ruling(d: ArbiterDeal, action: Callable[[ArbiterDeal], object], topic: str) -> str:
    """``action`` on ``d`` is refused by the ruling of ``topic``'s FIBAS article and changes
    nothing; returns the refusal in Italian."""
    before, script = str(d), d.script()
    with pytest.raises(ArbitroError) as err:
        action(d)
    assert err.value.key == "arbiter.obligation"
    assert err.value.article == fibas(topic)
    assert str(d) == before and d.script() == script
    return str(err.value)
