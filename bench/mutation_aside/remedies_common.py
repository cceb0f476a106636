"""Surviving mutants of the remedies-common target (remedies/common.py, conduct.py, deck.py,
__init__.py) read and left alive, with the reason (bench/mutation.py loads this file)."""

_R = "arbitro.games.burraco.arbiter.remedies."
_C = _R + "common."
_EQ = "equivalent"

ASIDE: dict[str, tuple[str, str]] = {
    _R + "x_rule_in_place__mutmut_2": (
        _EQ,
        "the registry is asked only for an unknown kind: it refuses before reading the deal",
    ),
    **{
        _C + f"x_found_when__mutmut_{n}": (
            _EQ,
            "a play's action is the index of its own log entry (Play made with len(log) just "
            "before the entry is logged): always < len(log)",
        )
        for n in (4, 5)
    },
    **{
        _C + f"x_immediate_discard__mutmut_{n}": (
            _EQ,
            "the card discarded is read by _end_turn only to claim a closing, which "
            "penalty=True never does",
        )
        for n in (26, 31)
    },
    _C + "x_immediate_discard__mutmut_32": (
        _EQ,
        "every caller discards at least one card (issue 26: art. 23 refuses a pozzetto taken "
        "after a valid play, arts. 28-29 end a healing with nothing in excess by a free "
        "discard): order is never empty",
    ),
    _C + "x_freeze_plays__mutmut_9": (
        _EQ,
        "a new meld's pending cards are set to all its cards just below, whatever was added",
    ),
    "arbitro.games.burraco.arbiter.remedies.deck.x_deck__mutmut_39": (
        _EQ,
        "declare_void ends the deal just above: d.next_to_act is None already",
    ),
}
