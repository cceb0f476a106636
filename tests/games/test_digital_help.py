"""The help under a digital table's hand is the game's (issue 32): each engine's view says
its phone's gestures (``labels.help``, a catalogue msgid rendered at the socket), so that
Briscola's phone no longer shows the meld games' drag help (art. 4: a move is one card
played, there is no meld and no discard pile)."""

from __future__ import annotations

import random

import pytest

from arbitro.codes.registry import code_specs
from arbitro.i18n import render
from arbitro.tournament.digital.engine import engine_of, rendered


@pytest.mark.parametrize("code", sorted(s.id for s in code_specs() if s.digital))
def test_every_engine_says_its_phones_gestures(code: str) -> None:
    engine = engine_of(code)
    game = engine.start(engine.layout(random.Random(1), None))
    seat = engine.seats[0]
    view = engine.view(game, seat)
    helps = rendered(view, "it")["labels"]["help"]
    assert helps and helps != view["labels"]["help"]  # rendered in Italian at the socket
    assert "Alt+" in helps  # the keyboard's reordering is said everywhere


def test_briscolas_help_is_one_tap_a_card_not_the_meld_games_drag() -> None:
    """Briscola art. 4: a card played is the whole move; FIBAS art. 8-13: select, meld, lay
    off, discard onto the pile."""
    briscola = engine_of("briscola")
    fibas = engine_of("burraco-fibas")
    b = briscola.view(briscola.start(briscola.layout(random.Random(2), None)), briscola.seats[0])
    f = fibas.view(fibas.start(fibas.layout(random.Random(2), None)), fibas.seats[0])
    assert b["labels"]["help"] != f["labels"]["help"]
    assert "meld" not in b["labels"]["help"] and "pile" not in b["labels"]["help"]
    assert render(b["labels"]["help"], "it").startswith("Tocca una carta per giocarla")
    assert "combinazione" in render(f["labels"]["help"], "it")
