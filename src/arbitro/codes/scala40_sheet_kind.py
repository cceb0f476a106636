"""The sheet of games played by individuals at tables of four (Scala 40 art. 22-24): each
player's negative points per deal; VP by placement and differences. Scala 40's kind of sheet,
named by its code's spec (``CodeSpec.sheet``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arbitro.codes.ids import GameId
from arbitro.codes.scala40_scoring import check_possible, score_table
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.codes.scala40_sheet_form import (
    ParsedPlayers,
    parse_players_sheet,
    players_values,
)
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message, msg, ngettext, verbatim
from arbitro.tournament.model import CompetitorId, EventFormat, TableSeating
from arbitro.tournament.movements.fours import SEATS
from arbitro.tournament.rules import EventRules
from arbitro.tournament.sheets.form import CliSheet, SheetFields
from arbitro.tournament.sheets.kind import (
    SheetContext,
    SheetOutcome,
    SheetScore,
    SheetTable,
    SheetTexts,
    sheet_context_of,
)

if TYPE_CHECKING:
    from arbitro.tournament.event import EventState


INDIVIDUALS_TEXTS = SheetTexts(
    not_at_table=N_(
        "player «{line}» does not sit at table {table} in this round: choose your own name"
    ),
    proof_label=N_("Your code, printed next to your name on the table card"),
    proof_hint=N_("Only you can sign your sheet: the phone asks for the code once."),
    score_heading=msg("Negative points"),
    short_score_heading=msg("Neg. points"),
    place_heading=msg("Seat"),
)
"""The texts of a table of individuals, each player signing the sheet (Scala 40 art. 23) and
ranked on negative points (art. 22)."""


@dataclass(frozen=True, slots=True)
class IndividualsSheet:
    """The :class:`~arbitro.tournament.sheets.kind.SheetKind` of Scala 40."""

    game: GameId
    individual_tables: bool = True
    mp_lower_is_better: bool = True
    texts: SheetTexts = INDIVIDUALS_TEXTS
    folder: str = "individuals"
    printed: str = "grid"

    def parse(self, data: Mapping[str, Any]) -> Scala40Entry:
        """The recorded ``{"players": [...], "points": [[...], ...], "abandoned": ...}``."""
        if not isinstance(data, Mapping):
            raise ArbitroError("invalid score sheet: {data!r}", data=data)
        return Scala40Entry.from_payload(data)

    def payload(self, entry: Scala40Entry) -> dict[str, Any]:
        """The entry's JSON form."""
        return entry.to_payload()

    def places(self, event_format: EventFormat) -> tuple[tuple[str, int], ...]:
        """The table's four seats in order (art. 2: "ad ogni tavolo siedono quattro
        giocatori"), whatever the event's format."""
        return (("p", SEATS),)

    def signers(self, seat: TableSeating) -> tuple[str, ...]:
        """Each player at the table signs the sheet (Scala 40 art. 23)."""
        return tuple(str(p) for p in seat.players or ())

    def check(self, ctx: SheetContext, entry: Scala40Entry) -> None:
        """The table's players, the round's deals, whole non-negative points (art. 22-23),
        none that a deal cannot give: two players at 0, a 1-point hand, more than a hand
        can hold (art. 19, 22: :func:`~arbitro.codes.scala40_scoring.check_possible`)."""
        seat = ctx.seat
        if not isinstance(entry, Scala40Entry):
            raise ArbitroError("invalid score sheet: {data!r}", data=entry)
        if seat.players is None or sorted(entry.players) != sorted(seat.players):
            raise ArbitroError(
                "table {table}: the sheet must have the table's players {players}",
                table=seat.table,
                players=", ".join(str(p) for p in seat.players or ()),
                article=ctx.rules.cite("sheet_signed"),
            )
        if len(entry.deals) != ctx.deals:
            raise ArbitroError(
                ngettext(
                    "the sheet has {count} deal, the round has {deals}",
                    "the sheet has {count} deals, the round has {deals}",
                    len(entry.deals),
                    deals=ctx.deals,
                ),
                article=ctx.rules.cite("sheet"),
            )
        check_possible(entry.sheet())

    def score(self, ctx: SheetContext, entry: Scala40Entry) -> SheetOutcome:
        """Placement and difference VP, negative points as MP (art. 22); a table of three
        counts the empty seat as the riposato (art. 26)."""
        result = score_table(entry.sheet(), deals=ctx.deals).by_player()
        scores = {
            c: SheetScore(result[str(c)].negative_points, result[str(c)].vp)
            for c in ctx.seat.players or ()
        }
        sides = tuple(
            SheetScore(result[str(p)].negative_points, result[str(p)].vp) for p in entry.players
        )
        return SheetOutcome(scores, tuple(s.mp for s in sides), sides)

    def score_round(
        self,
        rules: EventRules,
        deals: int,
        teams: bool,
        duplicate: bool,
        tables: Sequence[tuple[TableSeating, Scala40Entry]],
    ) -> list[tuple[SheetScore, ...]]:
        """:meth:`score` of each table of a round (art. 22): each player's score, in seat
        order."""
        out: list[tuple[SheetScore, ...]] = []
        for seat, entry in tables:
            scores = self.score(sheet_context_of(rules, seat, deals, teams, duplicate), entry)
            out.append(tuple(scores.scores[c] for c in seat.players or ()))
        return out

    def abandoned(self, entry: Scala40Entry) -> tuple[CompetitorId, ...]:
        """The player who left the table, as the sheet records (art. 25)."""
        return () if entry.abandoned is None else (entry.abandoned,)

    def inverted(self, entry: Scala40Entry, swap: Sequence[CompetitorId] | None) -> Scala40Entry:
        """The two named players' points exchanged (art. 24)."""
        if swap is None or len(swap) != 2:
            raise ArbitroError(
                "name the two players whose scores were swapped", key="correction.swap"
            )
        return entry.swapped(swap[0], swap[1])

    def with_deal(
        self, seat: TableSeating, entry: Scala40Entry | None, deal: int, row: Sequence[int]
    ) -> Scala40Entry:
        """The entry with deal ``deal``'s row (each player's negative points, in seat order)
        put in, as an arbiter's ruling decides it (Scala 40 art. 14, 22; issue 31); a sheet
        not entered yet is that row alone."""
        players = tuple(seat.players or ())
        if len(row) != len(players):
            raise ArbitroError(
                ngettext(
                    "the ruling's row has {count} number, the table {players} players",
                    "the ruling's row has {count} numbers, the table {players} players",
                    len(row),
                    players=len(players),
                )
            )
        points = dict(zip(players, (int(v) for v in row), strict=True))
        if entry is None and deal == 1:
            return Scala40Entry(players, (tuple(points[p] for p in players),))
        if entry is None or not 1 <= deal <= len(entry.deals):
            raise ArbitroError("the sheet has no deal {deal}", deal=deal)
        rows = list(entry.deals)
        rows[deal - 1] = tuple(points.get(p) for p in entry.players)
        return Scala40Entry(entry.players, tuple(rows), entry.abandoned)

    def layout(self, seat: TableSeating, entry: Scala40Entry) -> SheetTable:
        """Deal, then each player's negative points (art. 22), and the totals."""
        headings = (Message("Deal"), *(verbatim(str(p)) for p in entry.players))
        rows = [
            (str(i), *("—" if v is None else str(v) for v in row))
            for i, row in enumerate(entry.deals, start=1)
        ]
        totals = entry.sheet().totals()
        rows.append(("Σ", *(str(totals[str(p)]) for p in entry.players)))
        return SheetTable(headings, tuple(rows))

    def blank_layout(self, seat: TableSeating, deals: int) -> SheetTable:
        """A blank row per deal and the totals' row, a column per player (art. 22)."""
        players = seat.players or ()
        headings = (Message("Deal"), *(verbatim(str(p)) for p in players))
        blank = ("",) * len(players)
        rows = [(str(d), *blank) for d in range(1, deals + 1)]
        rows.append(("Σ", *blank))
        return SheetTable(headings, tuple(rows))

    def printed_columns(self, seat: TableSeating) -> tuple[tuple[CompetitorId, ...], ...]:
        """Each player, in seat order: every one signs (art. 23)."""
        return tuple((p,) for p in seat.players or ())

    def read_form(
        self,
        state: EventState,
        round_number: int,
        seat: TableSeating,
        form: Mapping[str, str],
        lang: str,
        fields: SheetFields,
        abandoned: CompetitorId | None = None,
    ) -> ParsedPlayers:
        """Each player's negative points per deal in seat order (art. 22), blanks allowed in
        the column of the player who abandoned (art. 25)."""
        return parse_players_sheet(state, round_number, seat, form, lang, fields, abandoned)

    def form_values(self, entry: Scala40Entry, fields: SheetFields) -> dict[str, str]:
        """The entry's points in the form's inputs."""
        return players_values(entry, fields)

    def missing_numbers(self, count: int) -> Message:
        """A sheet sent with blanks: every player's points of every deal (art. 22)."""
        return ngettext(
            "{count} number missing: fill in every player's negative points in every deal",
            "{count} numbers missing: fill in every player's negative points in every deal",
            count,
        )

    def read_cli(self, seat: TableSeating, sheet: CliSheet, rules: EventRules) -> Scala40Entry:
        """``--points`` per deal, the players' negative points in the table's seat order
        (art. 22; ``-`` or blank for the deals after an abandon, art. 25)."""
        if seat.players is None:
            raise ArbitroError(
                "table {table} is not a Scala 40 table",
                table=seat.table,
                article=rules.cite("seating"),
            )

        def row(text: str) -> tuple[int | None, ...]:
            try:
                return tuple(None if v.strip() in ("", "-") else int(v) for v in text.split(","))
            except ValueError:
                raise ArbitroError(
                    "«{text}»: comma-separated negative points",
                    text=text,
                    article=rules.cite("negative_points"),
                ) from None

        return Scala40Entry(seat.players, tuple(row(p) for p in sheet.points), sheet.abandoned)

    def read_api(self, data: Mapping[str, Any]) -> Scala40Entry:
        """``{"players": [...], "points": [[...], ...], "abandoned": n}``, as recorded."""
        return self.parse(data)

    def summary(self, result: SheetOutcome) -> dict[str, int] | None:
        """The terminal reports the status only."""
        return None

    def api_figures(self, entry: Scala40Entry, result: SheetOutcome) -> dict[str, Any]:
        """The players in the sheet's order and each one's negative points (art. 22)."""
        players = entry.players
        return {
            "players": list(players),
            "player_totals": [
                sum(d[i] or 0 for d in entry.deals if i < len(d)) for i in range(len(players))
            ],
        }


def individuals_sheet(game: str) -> IndividualsSheet:
    """The sheet of a table of individuals, each player's negative points (Scala 40 art. 22),
    for ``game``: the maker its code's spec names (``CodeSpec.sheet``)."""
    return IndividualsSheet(GameId(game))
