"""The sheet of games played by two lines, N-S and E-W (Burraco FIBAS art. 19-20, Burraco
Parole art. 5, 12): per deal, each line's base and card points; teams add a closed room."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import msgspec

from arbitro.codes.citation import cite
from arbitro.codes.ids import GameId
from arbitro.codes.registry import DEFAULT_CODE, game_code
from arbitro.codes.vp_table import VpTable
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, ngettext
from arbitro.tournament.model import PLAYERS_PER_LINE, CompetitorId, EventFormat, TableSeating
from arbitro.tournament.rules import EventRules
from arbitro.tournament.scoring.sheet import (
    DealScore,
    LineDeal,
    SheetEntry,
    check_room,
    check_sheet,
    deals_of,
    entry_of,
    sheet_totals,
)
from arbitro.tournament.scoring.vp import _VP_MEMO, vp_pair
from arbitro.tournament.sheets.form import CliSheet, SheetFields, comma_numbers
from arbitro.tournament.sheets.kind import (
    LINES_TEXTS,
    SheetContext,
    SheetOutcome,
    SheetScore,
    SheetTable,
    SheetTexts,
    outcome,
)
from arbitro.tournament.sheets.lines_form import ParsedSheet, entry_values, parse_sheet

if TYPE_CHECKING:
    from arbitro.tournament.event import EventState

LINES = ("ns", "ew")
MAX_POINTS = 100_000  # a number of the API's sheet, far beyond any deal's (art. 19)
_ApiPoints = Annotated[int, msgspec.Meta(ge=-MAX_POINTS, le=MAX_POINTS)]


class _ApiDeal(msgspec.Struct, forbid_unknown_fields=True):
    """One deal of the API's sheet: base and card points of each line (art. 19)."""

    ns_base: _ApiPoints
    ns_points: _ApiPoints
    ew_base: _ApiPoints
    ew_points: _ApiPoints

    def score(self) -> DealScore:
        """The deal as the domain holds it."""
        return DealScore(
            LineDeal(self.ns_base, self.ns_points), LineDeal(self.ew_base, self.ew_points)
        )


_ApiDeals = Annotated[list[_ApiDeal], msgspec.Meta(min_length=1, max_length=10)]


class _ApiSheet(msgspec.Struct, forbid_unknown_fields=True):
    """The API's sheet: the deals (for teams the open room's) and the closed room's."""

    deals: _ApiDeals
    closed_room: _ApiDeals | None = None


# (MP, VP) → its SheetScore: one shared frozen object per score (a few thousand), not two per
# sheet; bounded.
_SCORES: dict[tuple[int, int], SheetScore] = {}


def _sheet_score(mp: int, vp: int) -> SheetScore:
    key = (mp, vp)
    found = _SCORES.get(key)
    if found is None:
        found = SheetScore(mp, vp)
        if len(_SCORES) < 65_536:
            _SCORES[key] = found
    return found


# (id of the rules, deals, teams) → (the rules, their VP table): a replay scores 5,000 sheets
# of a handful of rounds; the rules kept so that a reused id is never mistaken; bounded.
_VP_TABLES: dict[tuple[int, int, bool], tuple[EventRules, VpTable]] = {}


def _vp_table(rules: EventRules, deals: int, teams: bool) -> VpTable:
    """``rules.vp_table(deals=deals, teams=teams)``, looked up once per rules and round size."""
    key = (id(rules), deals, teams)
    found = _VP_TABLES.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    table = rules.vp_table(deals=deals, teams=teams)
    if len(_VP_TABLES) < 1024:
        _VP_TABLES[key] = (rules, table)
    return table


def line_places(event_format: EventFormat) -> tuple[tuple[str, int], ...]:
    """A table of two lines on a seating form: N-S and E-W, each one competitor, or two
    players in an individual event (FIBAS art. 4)."""
    size = PLAYERS_PER_LINE if event_format is EventFormat.INDIVIDUAL else 1
    return (("ns", size), ("ew", size))


@dataclass(frozen=True, slots=True)
class LinesSheet:
    """The :class:`~arbitro.tournament.sheets.kind.SheetKind` of a game of two lines."""

    game: GameId
    individual_tables: bool = False
    mp_lower_is_better: bool = False
    texts: SheetTexts = LINES_TEXTS
    folder: str = "lines"
    printed: str = "fibas"

    def parse(self, data: Mapping[str, Any]) -> SheetEntry:
        """The recorded ``{"deals": [[nsb, nsp, ewb, ewp], ...], "closed_room": ...}``."""
        plain = type(data) is dict  # the JSON form: read as it is, not copied
        if not plain and not isinstance(data, Mapping):
            raise ArbitroError("invalid score sheet: {data!r}", data=data)
        deals = data.get("deals", [])
        if type(deals) is not list and not isinstance(deals, list):
            raise ArbitroError("invalid score sheet: {data!r}", data=data)
        try:
            if plain and data.get("closed_room") is None:  # from_payload of one room, its steps
                return entry_of(deals_of(deals), None)
            return SheetEntry.from_payload(data if plain else dict(data))  # type: ignore[arg-type]
        except ArbitroError as err:
            raise self._own_article(err) from None

    def _own_article(self, err: ArbitroError) -> ArbitroError:
        """``err`` citing the game's code where it cites the default code's sheet (a row of
        the wrong shape: FIBAS art. 19 for Burraco, Parole art. 5, 12 for Parole)."""
        if err.article != cite(DEFAULT_CODE, "sheet_scores"):
            return err
        return ArbitroError(
            err.msg, article=cite(game_code(self.game), "sheet_scores"), key=err.key
        )

    def payload(self, entry: SheetEntry) -> dict[str, Any]:
        """The entry's JSON form."""
        return entry.to_payload()

    def places(self, event_format: EventFormat) -> tuple[tuple[str, int], ...]:
        """N-S and E-W (FIBAS art. 4): :func:`line_places`."""
        return line_places(event_format)

    def signers(self, seat: TableSeating) -> tuple[str, ...]:
        """Both lines sign the sheet (FIBAS art. 20)."""
        return LINES

    def check(self, ctx: SheetContext, entry: SheetEntry) -> None:
        """Refuse an impossible sheet (FIBAS art. 19; Parole art. 5, 12)."""
        if ctx.seat.players is not None:
            raise ArbitroError(
                "a table of individuals: the sheet holds each player's negative points",
                article=ctx.rules.cite("sheet"),
            )
        if not isinstance(entry, SheetEntry):
            raise ArbitroError("invalid score sheet: {data!r}", data=entry)
        if ctx.teams or entry.closed_room is not None:
            check_sheet(ctx.rules, entry, deals=ctx.deals, teams=ctx.teams)
        else:  # check_sheet of a sheet of one room, its one step
            check_room(ctx.rules, entry.deals, ctx.deals, None)

    def score(self, ctx: SheetContext, entry: SheetEntry) -> SheetOutcome:
        """Totals, MP difference and VP by the round's table (FIBAS art. 19 b, 20)."""
        # score_sheet's totals and VP, without its SheetResult (issue 14: a replay scores
        # every sheet of the event once)
        ns_total, ew_total = sheet_totals(entry)
        teams = ctx.teams
        table = _vp_table(ctx.rules, ctx.deals, teams)
        ns_vp, ew_vp = vp_pair(ns_total, ew_total, table, duplicate=ctx.duplicate and not teams)
        scores_of = _SCORES
        ns = scores_of.get((ns_total - ew_total, ns_vp)) or _sheet_score(ns_total - ew_total, ns_vp)
        ew = scores_of.get((ew_total - ns_total, ew_vp)) or _sheet_score(ew_total - ns_total, ew_vp)
        scores: dict[CompetitorId, SheetScore] = {}  # the (frozen) scores shared by a line
        seat = ctx.seat
        for c in seat.ns or ():
            scores[c] = ns
        for c in seat.ew or ():
            scores[c] = ew
        return outcome(scores, (ns_total, ew_total), (ns, ew))

    def score_round(
        self,
        rules: EventRules,
        deals: int,
        teams: bool,
        duplicate: bool,
        tables: Sequence[tuple[TableSeating, SheetEntry]],
    ) -> list[tuple[SheetScore, ...]]:
        """:meth:`score` of each table of a round (FIBAS art. 19 b, 20), the VP table found
        once: each competitor's score, N-S then E-W."""
        table = _vp_table(rules, deals, teams)
        dup = duplicate and not teams
        scores_of, memo, table_id = _SCORES, _VP_MEMO, id(table)
        out: list[tuple[SheetScore, ...]] = []
        add = out.append
        for seat, entry in tables:
            ns_total = ew_total = 0  # sheet_totals, inline
            for d in entry.deals:
                ns_total += d.ns.base + d.ns.points
                ew_total += d.ew.base + d.ew.points
            if entry.closed_room is not None:
                for d in entry.closed_room:
                    ns_total += d.ew.base + d.ew.points
                    ew_total += d.ns.base + d.ns.points
            diff = ns_total - ew_total
            # vp_pair's memo read here: most differences were met before
            found = memo.get((table_id, diff if diff >= 0 else -diff, dup))
            if found is not None and found[0] is table and type(diff) is int:
                winner, loser = found[1]
                ns_vp, ew_vp = (winner, loser) if diff >= 0 else (loser, winner)
            else:
                ns_vp, ew_vp = vp_pair(ns_total, ew_total, table, duplicate=dup)
            ns = scores_of.get((diff, ns_vp)) or _sheet_score(diff, ns_vp)
            ew = scores_of.get((-diff, ew_vp)) or _sheet_score(-diff, ew_vp)
            n_ns, n_ew = len(seat.ns or ()), len(seat.ew or ())
            add((ns, ew) if n_ns == 1 and n_ew == 1 else (ns,) * n_ns + (ew,) * n_ew)
        return out

    def abandoned(self, entry: SheetEntry) -> tuple[CompetitorId, ...]:
        """A two-line sheet records no abandon (FIBAS art. 36 is an arbiter's record)."""
        return ()

    def inverted(self, entry: SheetEntry, swap: Sequence[CompetitorId] | None) -> SheetEntry:
        """The lines' scores exchanged in every deal (FIBAS art. 21, "punteggi invertiti")."""

        def flip(deals: tuple[DealScore, ...]) -> tuple[DealScore, ...]:
            return tuple(DealScore(d.ew, d.ns) for d in deals)

        return SheetEntry(
            flip(entry.deals), None if entry.closed_room is None else flip(entry.closed_room)
        )

    def with_deal(
        self, seat: TableSeating, entry: SheetEntry | None, deal: int, row: Sequence[int]
    ) -> SheetEntry:
        """The entry with deal ``deal``'s row (N-S base and points, E-W base and points) put
        in, as an arbiter's ruling decides it (FIBAS art. 19, 22; issue 31); a sheet not
        entered yet is that row alone (the open room's, for teams)."""
        score = DealScore.from_list(list(row))
        deals = list(entry.deals) if entry is not None else []
        if not deals and deal == 1:
            deals.append(score)
        elif 1 <= deal <= len(deals):
            deals[deal - 1] = score
        else:
            raise ArbitroError("the sheet has no deal {deal}", deal=deal)
        return SheetEntry(tuple(deals), None if entry is None else entry.closed_room)

    def layout(self, seat: TableSeating, entry: SheetEntry) -> SheetTable:
        """Deal, then N-S base and points, E-W base and points (FIBAS art. 19 sample sheet)."""
        headings = (
            Message("Deal"),
            Message("N-S base"),
            Message("N-S points"),
            Message("E-W base"),
            Message("E-W points"),
        )
        rows = [
            (str(i), *(str(v) for v in d.to_list())) for i, d in enumerate(entry.deals, start=1)
        ]
        if entry.closed_room is not None:
            rows += [
                (f"{i}*", *(str(v) for v in d.to_list()))
                for i, d in enumerate(entry.closed_room, start=1)
            ]
        return SheetTable(headings, tuple(rows))

    def blank_layout(self, seat: TableSeating, deals: int) -> SheetTable:
        """:meth:`layout`'s headings, a blank row per deal."""
        headings = self.layout(seat, SheetEntry(())).headings
        return SheetTable(headings, tuple((str(d), "", "", "", "") for d in range(1, deals + 1)))

    def read_form(
        self,
        state: EventState,
        round_number: int,
        seat: TableSeating,
        form: Mapping[str, str],
        lang: str,
        fields: SheetFields,
        abandoned: CompetitorId | None = None,
    ) -> ParsedSheet:
        """Per deal each line's base and points, each line checked as it is read (FIBAS
        art. 19; Parole art. 5, 12); a line abandons no deal here (``abandoned`` unused)."""
        return parse_sheet(state, round_number, form, lang, fields)

    def form_values(self, entry: SheetEntry, fields: SheetFields) -> dict[str, str]:
        """The entry's numbers in the form's inputs."""
        return entry_values(entry, fields)

    def missing_numbers(self, count: int) -> Message:
        """A sheet sent with blanks: every deal needs each line's base and points (art. 19)."""
        return ngettext(
            "{count} number missing: fill in base and points of every deal",
            "{count} numbers missing: fill in base and points of every deal",
            count,
        )

    def read_cli(self, seat: TableSeating, sheet: CliSheet, rules: EventRules) -> SheetEntry:
        """``--deal N-S base,points,E-W base,points`` per deal, ``--closed`` the same for a
        team match's closed room (FIBAS art. 19)."""
        if not sheet.deals:
            raise ArbitroError("give the deals (--deal)", article=rules.cite_if("score_sheet"))

        def deal(text: str) -> DealScore:
            values = comma_numbers(text, Message("deal"))
            if len(values) != 4:
                raise ArbitroError(
                    "deal «{text}»: 4 numbers needed: N-S base,points and E-W base,points",
                    text=text,
                    article=rules.cite_if("score_sheet"),
                )
            return DealScore.from_list(values)

        closed = tuple(deal(d) for d in sheet.closed) if sheet.closed else None
        return SheetEntry(tuple(deal(d) for d in sheet.deals), closed)

    def read_api(self, data: Mapping[str, Any]) -> SheetEntry:
        """``{"deals": [{"ns_base", "ns_points", "ew_base", "ew_points"}, ...],
        "closed_room": [...]}``: one to ten deals of whole numbers (art. 19)."""
        try:
            sheet = msgspec.convert(data, _ApiSheet, strict=False)  # "300" as 300, as before
        except msgspec.ValidationError as err:
            raise ArbitroError("malformed score sheet: {problem}", problem=str(err)) from None
        closed = sheet.closed_room
        return SheetEntry(
            tuple(d.score() for d in sheet.deals),
            None if closed is None else tuple(d.score() for d in closed),
        )

    def summary(self, result: SheetOutcome) -> dict[str, int] | None:
        """Each line's total, MP and VP, N-S then E-W (art. 19 b, 20)."""
        (ns_total, ew_total), (ns, ew) = result.totals, result.sides
        return {
            "ns_total": ns_total,
            "ew_total": ew_total,
            "ns_mp": ns.mp,
            "ew_mp": ew.mp,
            "ns_vp": ns.vp,
            "ew_vp": ew.vp,
        }

    def printed_columns(self, seat: TableSeating) -> tuple[tuple[CompetitorId, ...], ...]:
        """The two lines, N-S then E-W."""
        return (seat.ns or (), seat.ew or ())

    def api_figures(self, entry: SheetEntry, result: SheetOutcome) -> dict[str, Any]:
        """Each line's total and VP, as the table's sheet gives them (art. 19 b, 20)."""
        (ns_total, ew_total), (ns, ew) = result.totals, result.sides
        return {"ns_total": ns_total, "ew_total": ew_total, "ns_vp": ns.vp, "ew_vp": ew.vp}
