"""Seating individuals at tables of four (Scala 40 code, art. 2): the first round by free
seating (the arbiter's list), registration order or draw; later rounds by the Danish system
(the 1st to 4th at table 1, and so on) or a Mitchell-style movement (players move between
tables regardless of standings). When the field is not a multiple of four the last tables
seat three (art. 25-26: "giocare in tre")."""

from __future__ import annotations

import random
from collections.abc import Sequence

from arbitro.errors import ArbitroError
from arbitro.i18n import ngettext
from arbitro.tournament.model import CompetitorId, Movement, Seating, TableSeating
from arbitro.tournament.movements.request import tables_article

SEATS = 4  # art. 2: "ad ogni tavolo siedono quattro giocatori"
MIN_SEATS = 3  # art. 25-26: an incomplete table plays with three
MOVEMENTS = (
    Movement.ARBITER_CHOICE,
    Movement.REGISTRATION_ORDER,
    Movement.DRAW,
    Movement.DANISH,
    Movement.MITCHELL,
)


def table_sizes(players: int) -> list[int]:
    """Players per table, tables of four first and tables of three last (art. 2, 25)."""
    tables = -(-players // SEATS)
    threes = tables * SEATS - players
    if players < MIN_SEATS or threes > tables:
        raise ArbitroError(
            ngettext(
                "{players} player: tables of four (or three) cannot be formed",
                "{players} players: tables of four (or three) cannot be formed",
                players,
                players=players,
            ),
            article=tables_article(),
        )
    return [SEATS] * (tables - threes) + [MIN_SEATS] * threes


def _deal_out(order: Sequence[CompetitorId]) -> Seating:
    tables, start = [], 0
    for n, size in enumerate(table_sizes(len(order)), start=1):
        tables.append(TableSeating(n, None, None, tuple(order[start : start + size])))
        start += size
    return Seating(tuple(tables))


def scattering_step(count: int, step: int) -> int:
    """The step, from ``step`` on, that sends the four seats of a table to four different
    tables (seat k moves k × step tables): art. 2 "l'accoppiamento cambia ad ogni turno".
    With fewer than four tables none can: ``step`` itself (:func:`repeated_tablemates` then
    names those who meet again)."""
    candidates: list[int] = [step, *range(1, count)]
    for candidate in candidates:
        if len({(k * candidate) % count for k in range(SEATS)}) == SEATS:
            return candidate
    return step


def repeated_tablemates(previous: Seating, seating: Seating) -> list[tuple[CompetitorId, ...]]:
    """The players seated together again at a table of ``seating`` who sat at one table of
    ``previous`` (art. 2: the pairing changes every round), one tuple per such group."""
    before = {p: t.table for t in previous.tables for p in t.players or ()}
    out = []
    for t in seating.tables:
        groups: dict[int, list[CompetitorId]] = {}
        for p in t.players or ():
            if p in before:
                groups.setdefault(before[p], []).append(p)
        out += [tuple(g) for g in groups.values() if len(g) > 1]
    return out


def _mitchell(players: Sequence[CompetitorId], previous: Seating, step: int) -> Seating:
    """Seat 1 stays; the player at seat k moves (k - 1) × step tables on, with the step that
    sends a table's four players to four tables (:func:`scattering_step`), so that tablemates
    scatter; newcomers and the seats left by withdrawn players are filled in order."""
    active = set(players)
    sizes = table_sizes(len(players))
    count = len(sizes)
    step = scattering_step(count, step)
    seats: list[list[CompetitorId | None]] = [[None] * size for size in sizes]
    movers: list[CompetitorId] = []
    for t in previous.tables:
        for k, p in enumerate(t.players or ()):
            if p not in active:
                continue
            target = (t.table - 1 + k * step) % count
            if k < len(seats[target]) and seats[target][k] is None:
                seats[target][k] = p
            else:
                movers.append(p)
    seated = {p for row in seats for p in row if p is not None}
    seated.update(movers)
    movers += [p for p in players if p not in seated]
    # The others fill the empty seats, each where none of his last tablemates sits if it can.
    before = {p: t.table for t in previous.tables for p in t.players or ()}
    empty = [(r, k) for r, row in enumerate(seats) for k, p in enumerate(row) if p is None]
    for p in movers:

        def clash(slot: tuple[int, int], player: CompetitorId = p) -> bool:
            mates = seats[slot[0]]
            return player in before and any(
                q is not None and before.get(q) == before[player] for q in mates
            )

        slot = next((e for e in empty if not clash(e)), empty[0])
        empty.remove(slot)
        seats[slot[0]][slot[1]] = p
        if clash(slot):
            _swap_apart(seats, slot, before)
    return _deal_out([p for row in seats for p in row if p is not None])


def _swap_apart(
    seats: list[list[CompetitorId | None]], slot: tuple[int, int], before: dict[CompetitorId, int]
) -> None:
    """Swap the player at ``slot``, seated with a tablemate of the round before, with one at
    another table so that neither meets a former tablemate (art. 2), where such a one is."""

    def meets(player: CompetitorId, row: int, without: CompetitorId) -> bool:
        return any(
            q is not None and q != without and q in before and before.get(player) == before[q]
            for q in seats[row]
        )

    r, k = slot
    p = seats[r][k]
    assert p is not None
    for r2, row in enumerate(seats):
        for k2, q in enumerate(row):
            if r2 == r or q is None:
                continue
            if not meets(p, r2, q) and not meets(q, r, p):
                seats[r][k], seats[r2][k2] = q, p
                return


def seat_fours(
    movement: Movement,
    round_number: int,
    players: Sequence[CompetitorId],
    ranking: Sequence[CompetitorId],
    previous: Seating | None,
    *,
    seed: int = 0,
    step: int = 1,
    arbiter_tables: Sequence[TableSeating] | None = None,
) -> Seating:
    """Seat a round of individuals at tables of four (Scala 40 art. 2)."""
    if movement not in MOVEMENTS:
        raise ArbitroError(
            "movement «{movement}» is not available for tables of four",
            movement=movement.value,
            article=tables_article(),
        )
    if movement in (Movement.DANISH, Movement.MITCHELL) and (round_number == 1 or previous is None):
        raise ArbitroError(
            "the first round is seated freely, by registration order or by draw",
            article=tables_article(),
        )
    if movement is Movement.ARBITER_CHOICE:
        if arbiter_tables is None:
            raise ArbitroError("give the tables", article=tables_article())
        given = [p for t in arbiter_tables for p in (t.players or ())]
        if sorted(given) != sorted(players) or len(set(given)) != len(given):
            raise ArbitroError("every player must sit exactly once", article=tables_article())
        if sorted(len(t.players or ()) for t in arbiter_tables) != sorted(
            table_sizes(len(players))
        ):
            raise ArbitroError(
                "tables of four players (of three only when the field requires it)",
                article=tables_article(),
            )
        return Seating(
            tuple(
                TableSeating(n, None, None, tuple(t.players or ()))
                for n, t in enumerate(arbiter_tables, 1)
            )
        )
    if movement is Movement.REGISTRATION_ORDER:
        return _deal_out(players)
    if movement is Movement.DRAW:
        order = list(players)
        random.Random(seed).shuffle(order)
        return _deal_out(order)
    if movement is Movement.DANISH:
        playing = set(players)
        return _deal_out([p for p in ranking if p in playing])
    assert previous is not None
    return _mitchell(players, previous, step)
