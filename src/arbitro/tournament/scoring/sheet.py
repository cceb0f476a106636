"""Score sheets ("score", art. 19-21): per deal, the base and card points of each line; the
totals, the MP difference and the VP by the table for the round's number of deals.

Team matches are played in an open and a closed room (art. 19, "fac simile score a squadre"):
the team seated North-South in the open room sits East-West in the closed room; the two
rooms' totals are added and the difference goes through the teams table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from arbitro.codes.citation import cite
from arbitro.codes.registry import DEFAULT_CODE
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, msg, ngettext
from arbitro.tournament.rules import EventRules
from arbitro.tournament.scoring.vp import vp_pair


@dataclass(frozen=True, slots=True)
class LineDeal:
    """One line's score in one deal: ``base`` (burraco and closing bonuses) and card ``points``."""

    base: int
    points: int

    @property
    def total(self) -> int:
        """Base plus points: the line's MP for the deal (art. 19 a)."""
        return self.base + self.points


# (base, points) → its LineDeal: a line's score in a deal is one of a few thousand, shared
# (frozen) by every sheet that holds it instead of one object per sheet; bounded.
_LINES: dict[tuple[int, int], LineDeal] = {}
_LINES_MAX = 65_536


def _line(base: int, points: int) -> LineDeal:
    key = (base, points)
    found = _LINES.get(key)
    if found is None:
        found = LineDeal(base, points)
        if len(_LINES) < _LINES_MAX:
            _LINES[key] = found
    return found


class DealScore(NamedTuple):
    """One deal of a score sheet: the North-South and the East-West line. A named pair (a
    tuple): made in one step, the two deals of each of a replay's sheets (issue 14)."""

    ns: LineDeal
    ew: LineDeal

    def to_list(self) -> list[int]:
        """``[ns_base, ns_points, ew_base, ew_points]``, the event file's form."""
        return [self.ns.base, self.ns.points, self.ew.base, self.ew.points]

    @classmethod
    def from_list(cls, row: Sequence[Any]) -> DealScore:
        """Parse ``[ns_base, ns_points, ew_base, ew_points]``."""
        if len(row) == 4:
            a, b, c, d = row
            if type(a) is int and type(b) is int and type(c) is int and type(d) is int:
                lines = _LINES  # the shared LineDeals, looked up here (most are known)
                return cls(lines.get((a, b)) or _line(a, b), lines.get((c, d)) or _line(c, d))
        raise ArbitroError(  # bool is no number here
            "invalid deal row: {row} (4 integers needed: N-S base and points, E-W base and points)",
            row=repr(list(row)),
            article=cite(DEFAULT_CODE, "sheet_scores"),  # a lines game's sheet re-cites its own
        )


# A frozen class's ``__init__`` sets each field through ``object.__setattr__``, a named
# tuple's ``__new__`` takes its arguments in Python first: the parse of a replay's sheets
# (issue 14) makes a SheetEntry with its slots set directly and its deals in one step.
_new = object.__new__
_tuple_new = tuple.__new__


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """What is written on a table's sheet: the deals (for teams, the open room's) and, for
    team matches, the closed room's deals."""

    deals: tuple[DealScore, ...]
    closed_room: tuple[DealScore, ...] | None = None

    def to_payload(self) -> dict[str, Any]:
        """The entry as JSON-ready data."""
        return {
            "deals": [d.to_list() for d in self.deals],
            "closed_room": None
            if self.closed_room is None
            else [d.to_list() for d in self.closed_room],
        }

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> SheetEntry:
        """Parse the JSON form written by :meth:`to_payload`."""
        closed = data.get("closed_room")
        parse = deals_of
        deals = parse(data.get("deals", []))
        room = None if closed is None else parse(closed)
        if cls is not SheetEntry:
            return cls(deals, room)
        return entry_of(deals, room)


def entry_of(deals: tuple[DealScore, ...], room: tuple[DealScore, ...] | None) -> SheetEntry:
    """``SheetEntry(deals, room)``, its slots set directly (issue 14: one per sheet of a
    replay). Same type, equal to the one ``__init__`` makes."""
    entry = _new(SheetEntry)
    _SET_DEALS(entry, deals)
    _SET_ROOM(entry, room)
    return entry


def deals_of(rows: Sequence[Any]) -> tuple[DealScore, ...]:
    """``tuple(DealScore.from_list(r) for r in rows)``, the rows of four integers read here
    (one call per sheet, not per deal); any other row goes through ``from_list``, which
    names it."""
    out = []
    lines = _LINES
    for row in rows:
        if type(row) is list and len(row) == 4:
            a, b, c, d = row
            if type(a) is int and type(b) is int and type(c) is int and type(d) is int:
                ns, ew = lines.get((a, b)) or _line(a, b), lines.get((c, d)) or _line(c, d)
                out.append(_tuple_new(DealScore, (ns, ew)))  # DealScore(ns, ew), one step
                continue
        out.append(DealScore.from_list(row))
    return tuple(out)


_SET_DEALS = SheetEntry.__dict__["deals"].__set__
_SET_ROOM = SheetEntry.__dict__["closed_room"].__set__


@dataclass(frozen=True, slots=True)
class SheetResult:
    """A sheet's outcome for the two lines of the table (for teams: the two teams)."""

    ns_total: int
    ew_total: int
    ns_vp: int
    ew_vp: int

    @property
    def ns_mp(self) -> int:
        """N-S MP: its total minus the opponents' (art. 19 b)."""
        return self.ns_total - self.ew_total

    @property
    def ew_mp(self) -> int:
        """E-W MP: its total minus the opponents' (art. 19 b)."""
        return self.ew_total - self.ns_total


def _where(room: Message | None, deal_no: int, side: Message) -> Message:
    where = msg("deal {deal}, {side} line", deal=deal_no, side=side)
    return where if room is None else msg("{room}, {text}", room=room, text=where)


def _in_room(room: Message | None, text: Message) -> Message:
    return text if room is None else msg("{room}, {text}", room=room, text=text)


_NS, _EW = Message("N-S"), Message("E-W")


def _check_line(
    code: EventRules, room: Message | None, deal_no: int, side: Message, line: LineDeal
) -> None:
    base_ok = (
        0 <= line.base <= code.base_max
        and line.base % code.base_step == 0
        and (line.base == 0 or line.base >= code.base_min)
    )
    points_ok = (
        line.points % code.mp_step == 0 and code.points_min <= line.points <= code.points_max
    )
    if base_ok and points_ok:
        return
    where = _where(room, deal_no, side)
    if not base_ok:
        raise ArbitroError(
            "{where}: impossible base {base} (the base adds up the bonuses: {bonuses})",
            where=where,
            base=line.base,
            bonuses=code.bonuses,
            article=code.cite("sheet_scores"),
        )
    if line.points % code.mp_step != 0:
        raise ArbitroError(
            "{where}: points {points} are not a multiple of {step}",
            where=where,
            points=line.points,
            step=code.mp_step,
            article=code.cite("sheet_points"),
        )
    if not code.points_min <= line.points <= code.points_max:
        raise ArbitroError(
            "{where}: impossible points {points} (the whole deck is worth {deck})",
            where=where,
            points=line.points,
            deck=code.points_max,
            article=code.cite("sheet_points"),
        )


def check_room(
    code: EventRules, deals: Sequence[DealScore], expected: int, room: Message | None
) -> None:
    """Refuse a room's deals (the open room's, or a sheet's without rooms when ``room`` is
    None) that are not the round's number of deals or hold an impossible line (art. 19)."""
    if len(deals) != expected:
        text = ngettext(
            "the sheet has {count} deal, the round has {expected}",
            "the sheet has {count} deals, the round has {expected}",
            len(deals),
            expected=expected,
        )
        raise ArbitroError(_in_room(room, text), article=code.cite("sheet_scores"))
    # The bounds read once; a line out of them goes through _check_line, which names it.
    b_max, b_step, b_min = code.base_max, code.base_step, code.base_min
    step, p_min, p_max = code.mp_step, code.points_min, code.points_max
    for i, deal in enumerate(deals, start=1):
        ns, ew = deal.ns, deal.ew
        base, points, base2, points2 = ns.base, ns.points, ew.base, ew.points
        if not (
            0 <= base <= b_max
            and base % b_step == 0
            and (base == 0 or base >= b_min)
            and points % step == 0
            and p_min <= points <= p_max
            and 0 <= base2 <= b_max
            and base2 % b_step == 0
            and (base2 == 0 or base2 >= b_min)
            and points2 % step == 0
            and p_min <= points2 <= p_max
        ):
            # the first line out of bounds, named by _check_line (N-S before E-W)
            _check_line(code, room, i, _NS, ns)
            _check_line(code, room, i, _EW, ew)


def check_sheet(code: EventRules, entry: SheetEntry, *, deals: int, teams: bool) -> None:
    """Refuse an impossible sheet with a message naming the deal, line and number (art. 19):
    wrong number of deals, a base that no burraco and closing bonuses add up to, points that
    are not multiples of 5 or exceed the deck's value, a missing or unexpected closed room."""
    if teams and entry.closed_room is None:
        raise ArbitroError(
            "team match: the closed room's sheet is missing", article=code.cite("sheet_scores")
        )
    if not teams and entry.closed_room is not None:
        raise ArbitroError(
            "a closed room exists only in team matches", article=code.cite("sheet_scores")
        )
    check_room(code, entry.deals, deals, msg("open room") if teams else None)
    if entry.closed_room is not None:
        check_room(code, entry.closed_room, deals, msg("closed room"))


def sheet_totals(entry: SheetEntry) -> tuple[int, int]:
    """MP totals of the table's N-S and E-W lines; for teams, of the team seated N-S in the
    open room (E-W in the closed room) and of the other team (art. 19 sample sheets)."""
    ns = ew = 0
    for d in entry.deals:
        ns += d.ns.base + d.ns.points
        ew += d.ew.base + d.ew.points
    if entry.closed_room is not None:
        for d in entry.closed_room:
            ns += d.ew.base + d.ew.points
            ew += d.ns.base + d.ns.points
    return ns, ew


def sheet_result(
    code: EventRules, entry: SheetEntry, *, deals: int, teams: bool, duplicate: bool = False
) -> SheetResult:
    """Check the sheet, then total it and convert the difference with the table for ``deals``
    deals, or the teams table (art. 19 b, art. 20). The two lines' VP always add up to 20."""
    check_sheet(code, entry, deals=deals, teams=teams)
    return score_sheet(code, entry, deals=deals, teams=teams, duplicate=duplicate)


def score_sheet(
    code: EventRules, entry: SheetEntry, *, deals: int, teams: bool, duplicate: bool = False
) -> SheetResult:
    """Total an already checked sheet and convert it to VP (art. 19 b, art. 20)."""
    ns, ew = sheet_totals(entry)
    table = code.vp_table(deals=deals, teams=teams)
    ns_vp, ew_vp = vp_pair(ns, ew, table, duplicate=duplicate and not teams)
    return SheetResult(ns, ew, ns_vp, ew_vp)
