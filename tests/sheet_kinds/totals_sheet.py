"""A new kind of score sheet, defined here only (issue 30): two lines write just each line's
total of every deal, no base and points apart. It plugs into arbitro through
``register_sheet_kind`` and the :class:`~arbitro.tournament.sheets.SheetKind` protocol, with
no file of arbitro touched: its form, its terminal and API sheets and its printed grid are
read and laid out by the edges' own functions. The winner of the table gets 2 VP, a tie 1
each, the loser 0; the MP are the difference."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.i18n import Message
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId, EventFormat, TableSeating
from arbitro.tournament.rules import EventRules
from arbitro.tournament.sheets import CliSheet, SheetFields
from arbitro.tournament.sheets.form import FormBase, comma_numbers
from arbitro.tournament.sheets.kind import (
    LINES_TEXTS,
    SheetContext,
    SheetOutcome,
    SheetScore,
    SheetTable,
    SheetTexts,
)
from arbitro.tournament.sheets.lines import line_places

LINES = ("ns", "ew")


@dataclass(frozen=True, slots=True)
class TotalsEntry:
    """Per deal, the N-S total and the E-W total."""

    deals: tuple[tuple[int, int], ...]

    def totals(self) -> tuple[int, int]:
        """Each line's sum over the deals."""
        return sum(d[0] for d in self.deals), sum(d[1] for d in self.deals)


@dataclass
class TotalsForm(FormBase):
    """The sheet as typed: the FormBase's fields, the entry once complete."""

    entry: TotalsEntry | None = None

    def context(self, state: EventState, seat: TableSeating) -> dict[str, Any]:
        """Its templates' names: the totals typed so far."""
        return {"parsed": self, "totals": self.entry.totals() if self.entry else None}


def _number(text: object) -> int:
    if type(text) is not int:
        raise ArbitroError("invalid score sheet: {data!r}", data=text)
    return text


@dataclass(frozen=True, slots=True)
class TotalsSheet:
    """The kind: two lines, a total per deal each."""

    game: str
    individual_tables: bool = False
    mp_lower_is_better: bool = False
    texts: SheetTexts = LINES_TEXTS
    folder: str = "totals"
    printed: str = "grid"

    def parse(self, data: Mapping[str, Any]) -> TotalsEntry:
        """``{"totals": [[ns, ew], ...]}``."""
        rows = data.get("totals")
        if not isinstance(rows, list) or not all(isinstance(r, list) and len(r) == 2 for r in rows):
            raise ArbitroError("invalid score sheet: {data!r}", data=dict(data))
        return TotalsEntry(tuple((_number(a), _number(b)) for a, b in rows))

    def payload(self, entry: TotalsEntry) -> dict[str, Any]:
        """The entry's JSON form."""
        return {"totals": [list(d) for d in entry.deals]}

    def places(self, event_format: EventFormat) -> tuple[tuple[str, int], ...]:
        """Two lines, as the built-in lines' kind seats them."""
        return line_places(event_format)

    def signers(self, seat: TableSeating) -> tuple[str, ...]:
        """Both lines sign."""
        return LINES

    def check(self, ctx: SheetContext, entry: TotalsEntry) -> None:
        """A total per deal of the round."""
        if len(entry.deals) != ctx.deals:
            raise ArbitroError(
                "the sheet has {count} deals, the round has {deals}",
                count=len(entry.deals),
                deals=ctx.deals,
            )

    def score(self, ctx: SheetContext, entry: TotalsEntry) -> SheetOutcome:
        """MP the difference; VP 2, 1 or 0."""
        ns_total, ew_total = entry.totals()
        diff = ns_total - ew_total
        ns = SheetScore(diff, 2 if diff > 0 else 1 if diff == 0 else 0)
        ew = SheetScore(-diff, 2 - ns.vp)
        scores = {c: ns for c in ctx.seat.ns or ()} | {c: ew for c in ctx.seat.ew or ()}
        return SheetOutcome(scores, (ns_total, ew_total), (ns, ew))

    def score_round(
        self,
        rules: EventRules,
        deals: int,
        teams: bool,
        duplicate: bool,
        tables: Sequence[tuple[TableSeating, TotalsEntry]],
    ) -> list[tuple[SheetScore, ...]]:
        """:meth:`score` of each table."""
        out = []
        for seat, entry in tables:
            result = self.score(SheetContext(rules, seat, deals, teams, duplicate), entry)
            out.append(tuple(result.scores[c] for c in (*(seat.ns or ()), *(seat.ew or ()))))
        return out

    def abandoned(self, entry: TotalsEntry) -> tuple[CompetitorId, ...]:
        """No abandon on this sheet."""
        return ()

    def inverted(self, entry: TotalsEntry, swap: Sequence[CompetitorId] | None) -> TotalsEntry:
        """The lines' totals exchanged."""
        return TotalsEntry(tuple((b, a) for a, b in entry.deals))

    def layout(self, seat: TableSeating, entry: TotalsEntry) -> SheetTable:
        """Deal, N-S, E-W."""
        rows = [(str(i), str(a), str(b)) for i, (a, b) in enumerate(entry.deals, start=1)]
        return SheetTable((Message("Deal"), Message("N-S"), Message("E-W")), tuple(rows))

    def blank_layout(self, seat: TableSeating, deals: int) -> SheetTable:
        """A blank row per deal."""
        rows = tuple((str(d), "", "") for d in range(1, deals + 1))
        return SheetTable((Message("Deal"), Message("N-S"), Message("E-W")), rows)

    def printed_columns(self, seat: TableSeating) -> tuple[tuple[CompetitorId, ...], ...]:
        """The two lines."""
        return (seat.ns or (), seat.ew or ())

    def read_form(
        self,
        state: EventState,
        round_number: int,
        seat: TableSeating,
        form: Mapping[str, str],
        lang: str,
        fields: SheetFields,
        abandoned: CompetitorId | None = None,
    ) -> TotalsForm:
        """``{room}{deal}_{line}_total`` per deal and line."""
        parsed = TotalsForm()
        rows: list[tuple[int, int]] = []
        for deal in range(1, state.deals(round_number) + 1):
            pair = []
            for line in LINES:
                name = fields.number("o", deal, line, "total")
                raw = parsed.values[name] = form.get(name, "").strip()
                if not raw:
                    parsed.blanks += 1
                    parsed.first_blank = parsed.first_blank or name
                    continue
                try:
                    pair.append(comma_numbers(raw, Message("deal"))[0])
                except ArbitroError as err:
                    parsed.errors[name] = err.message(lang)
                    parsed.problems.append((name, err))
            if len(pair) == 2:
                rows.append((pair[0], pair[1]))
        if not parsed.blanks and not parsed.errors:
            parsed.entry = TotalsEntry(tuple(rows))
        return parsed

    def form_values(self, entry: TotalsEntry, fields: SheetFields) -> dict[str, str]:
        """Each total in its input."""
        return {
            fields.number("o", deal, line, "total"): str(value)
            for deal, row in enumerate(entry.deals, start=1)
            for line, value in zip(LINES, row, strict=True)
        }

    def missing_numbers(self, count: int) -> Message:
        """What is still to fill in."""
        return Message("Still to fill in: {count}", {"count": count})

    def read_cli(self, seat: TableSeating, sheet: CliSheet, rules: EventRules) -> TotalsEntry:
        """``--deal ns,ew`` per deal."""
        rows = [comma_numbers(text, Message("deal")) for text in sheet.deals]
        return self.parse({"totals": rows})

    def read_api(self, data: Mapping[str, Any]) -> TotalsEntry:
        """The recorded form."""
        return self.parse(data)

    def summary(self, result: SheetOutcome) -> dict[str, int] | None:
        """Each line's total and VP."""
        (ns_total, ew_total), (ns, ew) = result.totals, result.sides
        return {"ns_total": ns_total, "ew_total": ew_total, "ns_vp": ns.vp, "ew_vp": ew.vp}

    def api_figures(self, entry: TotalsEntry, result: SheetOutcome) -> dict[str, Any]:
        """Each line's total and VP, as the terminal reports them."""
        figures: dict[str, Any] | None = self.summary(result)
        assert figures is not None
        return figures
