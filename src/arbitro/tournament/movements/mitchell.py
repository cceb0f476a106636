"""Mitchell seating (FIBAS art. 4: "i giocatori identificati come "fissi" giocano sempre allo
stesso tavolo, i giocatori identificati come "mobili" si spostano, avanzando, di uno o più
tavoli").

The North-South lines of the previous round are stationary and keep their tables; the
East-West lines are moving and advance ``mitchell_step`` tables (table t to t + step, wrapping
from the last table to the first).

Incomplete table (art. 37): the incomplete table is the one with no stationary line, so the
moving lines rest there in turn. If the previous round's incomplete table had its North-South
line present and East-West missing (as round 1 by registration order or draw leaves it), that
line becomes a moving line, and its table keeps no stationary line. With T tables and a step
coprime with T, the moving line resting in round r of a Mitchell sequence is the one that
started r - 1 steps behind the empty table: nobody rests twice in T consecutive rounds (the
line at the incomplete table of the round before the first Mitchell round included). Beyond T
rounds the rotation repeats itself: the lines meet the same opponents again and the moving
lines rest a second time, in the same order. With a step not coprime with T the cycle is
T / gcd(step, T) rounds, and only the moving lines whose cycle passes the empty table rest.

Automatic step (``mitchell_step`` 0): among the steps that keep the cycle (coprime with T),
the one that seats fewest pairs that must not meet together over this round and the Mitchell
rounds that follow it (``mitchell_rounds``); the smallest on a tie. The event's later Mitchell
rounds keep the step chosen (the seating record holds it).
"""

from __future__ import annotations

from arbitro.i18n import msg
from arbitro.tournament.model import Line, Seating, TableSeating
from arbitro.tournament.movements.constraints import AUTO_STEP, best_mitchell_step
from arbitro.tournament.movements.request import SeatingRequest, names, refuse


def mitchell_lines(previous: Seating) -> tuple[list[Line | None], list[Line]]:
    """The stationary line of each table (None at the incomplete table) and the moving line
    that sat at each table in ``previous`` (art. 4; the incomplete table's line moves,
    art. 37)."""
    stationary: list[Line | None] = []
    moving: list[Line] = []
    for table in previous.tables:
        if table.ns is not None and table.ew is not None:
            stationary.append(table.ns)
            moving.append(table.ew)
        else:
            # The incomplete table: its line present is (or becomes) a moving line.
            stationary.append(None)
            moving.append(table.lines[0])
    return stationary, moving


def mitchell_step(request: SeatingRequest) -> int:
    """The step the moving lines advance this round (art. 4 "di uno o più tavoli"): the
    request's, or with an automatic step the one keeping the cycle that seats fewest pairs
    that must not meet together over the ``mitchell_rounds`` rounds ahead."""
    if request.mitchell_step != AUTO_STEP or request.previous is None:
        return request.mitchell_step or 1
    stationary, moving = mitchell_lines(request.previous)
    return best_mitchell_step(stationary, moving, max(1, request.mitchell_rounds), request.avoid)


def mitchell(request: SeatingRequest) -> Seating:
    """Seat a round by the Mitchell movement from the previous round (art. 4; rest art. 37)."""
    previous = request.previous
    if previous is None:
        refuse(msg("Mitchell: the previous round's seating is needed"))
    seated = set(previous.competitors())
    active = set(request.competitors)
    if seated != active:
        gone, new = sorted(seated - active), sorted(active - seated)
        refuse(
            msg(
                "Mitchell: the competitors must be those of the previous round (withdrawn: "
                "{withdrawn}; new: {new}); seat this round by draw, Danish or the arbiter's "
                "choice",
                withdrawn=names(gone) or "-",
                new=names(new) or "-",
            )
        )
    count = len(previous.tables)
    stationary, moving = mitchell_lines(previous)
    step = mitchell_step(request)
    tables = tuple(
        TableSeating(t + 1, stationary[t], moving[(t - step) % count]) for t in range(count)
    )
    return Seating(tables)
