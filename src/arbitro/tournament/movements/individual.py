"""Tables of four for individual events (FIBAS art. 4 "Formazione delle linee").

"Nei tornei individuali ogni giocatore si iscrive personalmente e l'accoppiamento cambia ad ogni
turno": a line is two players and nobody partners the player they partnered in the previous
round. Four players fill a table; with a number of players that leaves two over, those two form
the line resting at the incomplete table (art. 37).
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.i18n import msg
from arbitro.tournament.model import PLAYERS_PER_LINE, CompetitorId, Line, Movement, Seating
from arbitro.tournament.movements.constraints import apart, group_apart
from arbitro.tournament.movements.grouping import SearchLimitReached, group_top_down
from arbitro.tournament.movements.request import (
    LINES_PER_TABLE,
    SeatingRequest,
    names,
    refuse,
)
from arbitro.tournament.movements.rest import choose_resting
from arbitro.tournament.movements.tables import (
    partners,
    seating_from_lines,
    table_of,
    tablemates,
)

PLAYERS_PER_TABLE = LINES_PER_TABLE * PLAYERS_PER_LINE
"""Four players at a table (art. 4: "Il quattro giocatori al tavolo...")."""

Split = tuple[tuple[int, int], tuple[int, int]]

DANISH_SPLITS: tuple[Split, ...] = (((0, 3), (1, 2)), ((0, 2), (1, 3)), ((0, 1), (2, 3)))
"""Danish: the group's 1st and 4th North-South v 2nd and 3rd; then the other two splits."""

ORDER_SPLITS: tuple[Split, ...] = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))
"""Registration order and draw: 1st and 2nd North-South v 3rd and 4th; then the others."""


def split_four(
    group: Sequence[CompetitorId],
    splits: Sequence[Split],
    previous_partners: dict[CompetitorId, set[CompetitorId]],
) -> tuple[Line, Line]:
    """Split four players into NS and EW lines, nobody with last round's partner (art. 4).

    The first split of ``splits`` with no repeated partnership is used. One always exists:
    each player had one partner, so at most one of the three splits repeats a partnership.
    """
    for (a, b), (c, d) in splits:
        ns, ew = (group[a], group[b]), (group[c], group[d])
        if all(line[1] not in previous_partners.get(line[0], set()) for line in (ns, ew)):
            return ns, ew
    refuse(  # only reachable with an invalid previous seating (a player in two lines)
        msg(
            "Players {players}: every split repeats a partnership of the previous round",
            players=names(group),
        )
    )


def seat_fours(
    request: SeatingRequest,
    groups: Sequence[Sequence[CompetitorId]],
    splits: Sequence[Split],
    resting: Line | None,
) -> Seating:
    """Seat each group of four at its table, split by ``splits`` (art. 4), resting line last."""
    previous = partners(request.previous) if request.previous else {}
    matches = [split_four(group, splits, previous) for group in groups]
    return seating_from_lines(matches, resting)


def fours(order: Sequence[CompetitorId]) -> list[tuple[CompetitorId, ...]]:
    """``order`` cut into consecutive groups of four."""
    return [
        tuple(order[i : i + PLAYERS_PER_TABLE]) for i in range(0, len(order), PLAYERS_PER_TABLE)
    ]


def resting_players(request: SeatingRequest, ranked: Sequence[CompetitorId]) -> Line | None:
    """The two players resting together this round (art. 37), or ``None`` with full tables.

    The lowest-ranked player who has not rested in the session, and the next by the same rule
    who was not their partner (modified Danish: not at their table) in the previous round.
    """
    if len(ranked) % PLAYERS_PER_TABLE == 0:
        return None
    previous = request.previous
    if previous is None:
        return choose_resting(request, ranked)
    strict = request.movement is Movement.MODIFIED_DANISH and not request.is_last_round
    avoid = tablemates(previous) if strict else partners(previous)
    return choose_resting(request, ranked, lambda a, b: b not in avoid.get(a, set()))


def individual_danish(request: SeatingRequest) -> Seating:
    """Danish for individual events (art. 4): groups of four by ranking, 1st+4th v 2nd+3rd.

    Nobody partners last round's partner: another split of the four is used if needed.
    Players who must not meet sit at different tables where possible (the groups closest to
    the ranking that keep them apart).
    """
    resting = resting_players(request, request.ranked)
    field = [c for c in request.ranked if resting is None or c not in resting]
    groups = group_apart(field, PLAYERS_PER_TABLE, request.avoid) or fours(field)
    return seat_fours(request, groups, DANISH_SPLITS, resting)


def individual_modified_danish(request: SeatingRequest) -> Seating:
    """Modified Danish for individual events (art. 4).

    As :func:`individual_danish`, but nobody sits at a table with a player they sat with in
    the previous round, except in the last round; groups as close to the ranking as possible,
    keeping apart the players who must not meet where it can.
    """
    if request.is_last_round or request.previous is None:
        return individual_danish(request)
    resting = resting_players(request, request.ranked)
    field = [c for c in request.ranked if resting is None or c not in resting]
    classes = table_of(request.previous)
    groups = group_apart(field, PLAYERS_PER_TABLE, request.avoid, classes)
    if groups is None and apart(request.avoid, field):  # the constraints cannot be kept
        try:
            groups = group_top_down(field, PLAYERS_PER_TABLE, classes)
        except SearchLimitReached:
            groups = None
    if groups is None:
        refuse(
            msg(
                "Individual modified Danish: no seating keeps apart the players who sat at the "
                "same table in the previous round; use Danish, a draw or the arbiter's choice"
            )
        )
    return seat_fours(request, groups, DANISH_SPLITS, resting)


def individual_in_order(request: SeatingRequest, order: Sequence[CompetitorId]) -> Seating:
    """Seat individuals in ``order`` (registration or draw): 1st+2nd v 3rd+4th at table 1...

    The last two in ``order`` rest when two are left over (art. 37); nobody partners last
    round's partner.
    """
    resting: Line | None = None
    field = list(order)
    if len(field) % PLAYERS_PER_TABLE:
        resting = (field[-2], field[-1])
        field = field[:-2]
    return seat_fours(request, fours(field), ORDER_SPLITS, resting)
