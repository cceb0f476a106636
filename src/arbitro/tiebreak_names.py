"""The tie-breaks' names and words (issue 34; docs/rulings.md, "Tie-breaks"): each criterion's
name in the record, its words on the standings' line and what it does, as catalogue msgids.
A module of its own, importing nothing heavy, so that the command line's help (issue 14: its
start-up) lists them without loading the standings; :mod:`arbitro.tournament.standings.
tiebreaks` gives each its key function."""

from __future__ import annotations

from collections.abc import Mapping

from arbitro.i18n import Message, msg

MP = "mp"
HEAD_TO_HEAD = "head-to-head"
OPPONENTS_VP = "opponents-vp"
MATCHES_WON = "matches-won"
MP_SCORED = "mp-scored"
DRAW = "draw"

CRITERION_WORDS: Mapping[str, tuple[Message, Message]] = {
    MP: (Message("M.P.", context="tie-break"), msg("the M.P. of the standings")),
    HEAD_TO_HEAD: (
        Message("head-to-head", context="tie-break"),
        msg("V.P., then M.P., of the matches among the tied, if each met every other"),
    ),
    OPPONENTS_VP: (
        Message("opponents' V.P.", context="tie-break"),
        msg("the sum of the V.P. of the opponents met"),
    ),
    MATCHES_WON: (
        Message("matches won", context="tie-break"),
        msg("the number of matches won (more V.P. than the opponents)"),
    ),
    MP_SCORED: (
        Message("M.P. scored", context="tie-break"),
        msg("the points made on the score sheets"),
    ),
    DRAW: (Message("draw", context="tie-break"), msg("a draw recorded with its seed (last)")),
}
"""Each criterion by its name in the record: its words (the standings' line, the forms) and
what it does (the desk's choices, the command's help)."""
