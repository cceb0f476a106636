"""The sheet of two lines typed in a form, read the same way for the desk and for the phones
(Burraco FIBAS art. 19, Burraco Parole art. 5, 12): per deal the base and the card points of
each line, for teams the open and the closed room. Every number is checked as it is read, and
each line of each deal against the domain's rules, so that every impossible number gets its
message next to it; blanks are counted (the phone shows running totals of a half-typed sheet).
The desk and the phones name their inputs differently (:class:`SheetFields`); the reading is
the same."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.i18n import Message
from arbitro.tournament.event import EventState
from arbitro.tournament.model import EventFormat, TableSeating
from arbitro.tournament.scoring.sheet import (
    DealScore,
    LineDeal,
    SheetEntry,
    SheetResult,
    check_sheet,
    score_sheet,
    sheet_totals,
)
from arbitro.tournament.sheets.form import PHONE, FormBase, SheetFields

SIDES = ("ns", "ew")
PARTS = ("base", "points")
ROOMS = ("o", "c")  # open room (or the only one), closed room (team matches)
NUMBER = re.compile(r"^[+-]?\d{1,6}$")
SIDE_NAMES = {"ns": Message("N-S line"), "ew": Message("E-W line")}
PART_NAMES = {"base": Message("base"), "points": Message("points")}


def field_name(room: str, deal: int, side: str, part: str) -> str:
    """The phone form's input of one number, e.g. ``o1_ns_base``."""
    return PHONE.number(room, deal, side, part)


def _zero() -> DealScore:
    return DealScore(LineDeal(0, 0), LineDeal(0, 0))


@dataclass
class ParsedSheet(FormBase):
    """What was typed on the form: raw values (shown again), the numbers read so far (blanks
    and unreadable numbers as 0, for the running totals), the errors per deal and line (key
    ``{room}{deal}_{side}``), the first input of each error, and the entry when everything is
    filled in and possible."""

    partial: SheetEntry = field(default_factory=lambda: SheetEntry(()))
    entry: SheetEntry | None = None
    result: SheetResult | None = None

    def context(self, state: EventState, seat: TableSeating) -> dict[str, Any]:
        """The lines' templates' names: the figures of what is typed, the rooms and lines,
        the code's bases and who fills the sheet in (FIBAS art. 19-20)."""
        teams = state.config.event_format is EventFormat.TEAMS
        return {
            "parsed": self,
            "fig": figures(self),
            "rooms": ROOMS if teams else ROOMS[:1],
            "sides": SIDES,
            "field_name": field_name,
            "bonuses": state.code.bonuses,
            "first_served_fills": state.code.cite_if("sheet_filled_by_first_served"),
        }


def _where(teams: bool, room: str, deal: int, side: str) -> Message:
    params = {"deal": deal, "side": SIDE_NAMES[side]}
    if not teams:
        return Message("deal {deal}, {side}", params)
    if room == "o":
        return Message("open room, deal {deal}, {side}", params)
    return Message("closed room, deal {deal}, {side}", params)


def _read_number(text: str, where: Message, part: str, article: Citation) -> int | None:
    """A typed whole number, or None when blank; an ArbitroError naming the deal and line
    for anything else (FIBAS art. 19)."""
    text = text.strip().replace(" ", "")
    if not text:
        return None
    if not NUMBER.match(text):
        raise ArbitroError(
            "{where}: {part} «{text}» is not a whole number",
            where=where,
            part=PART_NAMES[part],
            text=text[:20],
            article=article,
        )
    return int(text)


def parse_sheet(
    state: EventState,
    round_number: int,
    form: Mapping[str, str],
    lang: str,
    fields: SheetFields = PHONE,
) -> ParsedSheet:
    """Read a two-line sheet from the form and check each deal and line with the domain's
    rules (FIBAS art. 19), so that every impossible number gets its message next to it."""
    deals = state.deals(round_number)
    teams = state.config.event_format is EventFormat.TEAMS
    rooms = ROOMS if teams else ROOMS[:1]
    code = state.code
    parsed = ParsedSheet()
    rows: dict[str, list[DealScore]] = {}
    for room in rooms:
        rows[room] = []
        for deal in range(1, deals + 1):
            lines: dict[str, LineDeal] = {}
            for side in SIDES:
                where = _where(teams, room, deal, side)
                numbers: dict[str, int] = {}
                complete = True
                key = f"{room}{deal}_{side}"
                for part in PARTS:
                    name = fields.number(room, deal, side, part)
                    raw = str(form.get(name, "") or "")
                    parsed.values[name] = raw
                    try:
                        value = _read_number(raw, where, part, code.cite("sheet"))
                    except ArbitroError as exc:
                        if key not in parsed.errors:
                            parsed.errors[key] = exc.message(lang)
                            parsed.problems.append((name, exc))
                        value = None
                        complete = False
                    if value is None:
                        if not raw.strip():
                            parsed.blanks += 1
                            if parsed.first_blank is None:
                                parsed.first_blank = name
                                parsed.blank_error = ArbitroError(
                                    "{where}: {part} missing", where=where, part=PART_NAMES[part]
                                )
                        complete = False
                        value = 0
                    numbers[part] = value
                lines[side] = LineDeal(numbers["base"], numbers["points"])
                if complete and key not in parsed.errors:
                    err = _line_error(state, round_number, room, deal, side, lines[side])
                    if err is not None:
                        parsed.errors[key] = err.message(lang)
                        parsed.problems.append((fields.number(room, deal, side, "base"), err))
            rows[room].append(DealScore(lines["ns"], lines["ew"]))
    parsed.partial = SheetEntry(tuple(rows["o"]), tuple(rows["c"]) if teams else None)
    if not parsed.errors and not parsed.blanks:
        try:
            check_sheet(code, parsed.partial, deals=deals, teams=teams)
            parsed.result = score_sheet(
                code, parsed.partial, deals=deals, teams=teams, duplicate=state.config.duplicate
            )
            parsed.entry = parsed.partial
        except ArbitroError as exc:
            parsed.general = exc
            parsed.general_error = exc.message(lang)
    return parsed


def _line_error(
    state: EventState, round_number: int, room: str, deal: int, side: str, line: LineDeal
) -> ArbitroError | None:
    """The domain's objection to one line of one deal (FIBAS art. 19), or None: the sheet is
    checked with every other number at zero, so the message names that deal and line."""
    deals = state.deals(round_number)
    teams = state.config.event_format is EventFormat.TEAMS
    probe = DealScore(line, LineDeal(0, 0)) if side == "ns" else DealScore(LineDeal(0, 0), line)
    zeros = [_zero() for _ in range(deals)]
    mine = list(zeros)
    mine[deal - 1] = probe
    open_rows = mine if room == "o" else zeros
    closed_rows = (mine if room == "c" else zeros) if teams else None
    entry = SheetEntry(tuple(open_rows), None if closed_rows is None else tuple(closed_rows))
    try:
        check_sheet(state.code, entry, deals=deals, teams=teams)
    except ArbitroError as exc:
        return exc
    return None


def entry_values(entry: SheetEntry, fields: SheetFields = PHONE) -> dict[str, str]:
    """A stored two-line entry as the form's values (to show it again)."""
    values: dict[str, str] = {}
    for room, deals in (("o", entry.deals), ("c", entry.closed_room or ())):
        for i, d in enumerate(deals, start=1):
            for side, ld in (("ns", d.ns), ("ew", d.ew)):
                values[fields.number(room, i, side, "base")] = str(ld.base)
                values[fields.number(room, i, side, "points")] = str(ld.points)
    return values


@dataclass(frozen=True)
class Figures:
    """The running figures of the sheet as typed (art. 19 b, art. 20): per-deal totals of
    each room, each room's totals, the grand totals, the difference and the VP."""

    deal_totals: dict[str, tuple[int, int]]
    open_totals: tuple[int, int]
    closed_totals: tuple[int, int] | None
    totals: tuple[int, int]
    difference: int
    vp: tuple[int, int] | None


def figures(parsed: ParsedSheet) -> Figures:
    """Compute the figures with the domain's sheet functions; the VP only for a complete,
    possible sheet. For teams, the totals are of the team seated N-S in the open room (E-W in
    the closed room) and of the other team, as on the FIBAS team sheet ("riporto sala chiusa")."""
    entry = parsed.partial
    per_deal: dict[str, tuple[int, int]] = {}
    for room, deals in (("o", entry.deals), ("c", entry.closed_room or ())):
        for i, d in enumerate(deals, start=1):
            per_deal[f"{room}{i}"] = (d.ns.total, d.ew.total)
    open_totals = sheet_totals(SheetEntry(entry.deals))
    closed_totals = (
        None
        if entry.closed_room is None
        else sheet_totals(SheetEntry(entry.closed_room))[::-1]  # team A sits E-W there
    )
    totals = sheet_totals(entry)
    vp = (parsed.result.ns_vp, parsed.result.ew_vp) if parsed.result else None
    return Figures(per_deal, open_totals, closed_totals, totals, abs(totals[0] - totals[1]), vp)
