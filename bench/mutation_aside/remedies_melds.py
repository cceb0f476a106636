"""Survivors of the target remedies-melds (arbiter/remedies/melds.py, closings.py, scores.py,
exposed.py) read and left alive, with the reason (see bench/mutation.py, ``ASIDE``)."""

_EQ = "equivalent"
_R = "arbitro.games.burraco.arbiter.remedies."
_SET_WILD = (
    "a set's wild stands after its naturals (index = naturals >= 1; a set of wilds only is "
    "refused): > 0, >= 1 and >= 0 agree"
)

ASIDE: dict[str, tuple[str, str]] = {
    _R + "melds.x_incomplete__mutmut_12": (
        _EQ,
        "the default limit applies only when no healing card is given: 0 cards exceed neither "
        "1 nor 2 (and a meld left for another gets the limit 1 anyway)",
    ),
    _R + "melds.x__heal__mutmut_41": (
        _EQ,
        "penalized finds the same play (play_of with the same meld, invalid=True) and computes "
        "the same finding moment from it when found is not passed",
    ),
    _R + "melds.x__heal__mutmut_125": (
        _EQ,
        "with a valid meld among the cards, the cards without the excess and the cards "
        "themselves are both non-empty: the test is true either way",
    ),
    **{
        _R + name: (
            _EQ,
            "a play's action is its own log entry; the only plays recorded at another play's "
            "moment are on the same meld (a healing, issue 26) or a merged set whose meld is "
            "gone (freeze_plays skips it): > and >= pick the same melds",
        )
        for name in ("melds.x__heal__mutmut_48", "scores.x_ghost__mutmut_182")
    },
    **{_R + f"closings.x_equal_sets__mutmut_{n}": (_EQ, _SET_WILD) for n in (51, 52, 53, 54)},
    _R + "closings.x_equal_sets__mutmut_60": (
        _EQ,
        "taking None out of the second set's cards leaves them as they are",
    ),
}
