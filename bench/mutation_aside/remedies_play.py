"""Surviving mutants of the target remedies-play (arbiter/remedies/draws.py, pozzetti.py,
deal.py) read and left alive, by mutmut's name, with the reason (see ``ASIDE`` in
bench/mutation.py, which loads this file)."""

from __future__ import annotations

_D = "arbitro.games.burraco.arbiter.remedies.deal."
_DR = "arbitro.games.burraco.arbiter.remedies.draws."
_P = "arbitro.games.burraco.arbiter.remedies.pozzetti."
_EQ = "equivalent"

ASIDE: dict[str, tuple[str, str]] = {
    _D + "x_misdeal__mutmut_42": (
        _EQ,
        "declare_void ends the deal: the deal's own next_to_act is None already",
    ),
    _D + "x_two_cards_drawn__mutmut_20": (
        _EQ,
        "read only when the last two draws share their turn: draws[-2].turn is draws[-1].turn",
    ),
    **{
        _DR + f"x_{f}__mutmut_{n}": (
            _EQ,
            "a play's action is its own log entry, after the draw's: never equal to act.index",
        )
        for f, n in (("out_of_turn", 16), ("after_pozzetto", 16))
    },
    **{
        _DR + f"x_{f}__mutmut_{n}": (_EQ, "a draw takes one card: cards[:2] is cards[:1]")
        for f, n in (("out_of_turn", 27), ("after_pozzetto", 35))
    },
    **{
        _DR + f"x_out_of_turn__mutmut_{n}": (
            _EQ,
            "active=None reads as False everywhere (`if active`, `lim[1]`, the position's next)",
        )
        for n in (31, 93)
    },
}
