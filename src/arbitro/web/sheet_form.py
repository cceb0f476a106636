"""The score sheet typed in a form, read the same way for the desk and for the phones.

A sheet of two lines (Burraco FIBAS art. 19, Burraco Parole): per deal the base and the card
points of each line, for teams the open and the closed room. A sheet of individuals (Scala 40
art. 22): each player's negative points per deal, in the table's seat order. Every number is
checked as it is read, and each line of each deal against the domain's rules, so that every
impossible number gets its message next to it; blanks are counted (the phone shows running
totals of a half-typed sheet). The desk and the phones name their inputs differently
(:class:`SheetFields`); the reading is the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.i18n import Message
from arbitro.tournament.event import EventState
from arbitro.tournament.model import EventFormat, TableSeating
from arbitro.tournament.scoring.scala40 import TableResult, impossible_points, score_table
from arbitro.tournament.scoring.scala40_sheet import Scala40Entry
from arbitro.tournament.scoring.sheet import (
    DealScore,
    LineDeal,
    SheetEntry,
    SheetResult,
    check_sheet,
    score_sheet,
)

SIDES = ("ns", "ew")
PARTS = ("base", "points")
ROOMS = ("o", "c")  # open room (or the only one), closed room (team matches)
NUMBER = re.compile(r"^[+-]?\d{1,6}$")
PLAYER = re.compile(r"^\d{1,6}$")  # a Scala 40 player's number, their "line" at the table
SIDE_NAMES = {"ns": Message("N-S line"), "ew": Message("E-W line")}
PART_NAMES = {"base": Message("base"), "points": Message("points")}


@dataclass(frozen=True, slots=True)
class SheetFields:
    """How a form names the sheet's inputs: ``{prefix}{room}{deal}_{side}_{part}`` (the
    open room's tag differs: ``o`` on the phones, ``d`` on the desk) and
    ``{prefix}s{deal}_{player}``."""

    prefix: str = ""
    open_room: str = "o"

    def number(self, room: str, deal: int, side: str, part: str) -> str:
        """The input of one number of a two-line sheet."""
        tag = self.open_room if room == "o" else room
        return f"{self.prefix}{tag}{deal}_{side}_{part}"

    def player(self, deal: int, player: str) -> str:
        """The input of one player's negative points in one deal."""
        return f"{self.prefix}s{deal}_{player}"

    @property
    def abandoned(self) -> str:
        """The input naming the player who abandoned (Scala 40 art. 25; desk only)."""
        return f"{self.prefix}abandoned"


PHONE = SheetFields()


def desk_fields(prefix: str) -> SheetFields:
    """The desk's naming: ``e_`` (entry) or ``c_`` (correction), open room ``d``."""
    return SheetFields(prefix, "d")


def field_name(room: str, deal: int, side: str, part: str) -> str:
    """The phone form's input of one number, e.g. ``o1_ns_base``."""
    return PHONE.number(room, deal, side, part)


def player_field(deal: int, player: str) -> str:
    """The phone form's input of one player's negative points in one deal, e.g. ``s2_7``."""
    return PHONE.player(deal, player)


def _zero() -> DealScore:
    return DealScore(LineDeal(0, 0), LineDeal(0, 0))


# ---------------------------------------------------------------------- two lines
@dataclass
class ParsedSheet:
    """What was typed on the form: raw values (shown again), the numbers read so far (blanks
    and unreadable numbers as 0, for the running totals), the errors per deal and line (key
    ``{room}{deal}_{side}``), the first input of each error, and the entry when everything is
    filled in and possible."""

    values: dict[str, str] = field(default_factory=dict)
    partial: SheetEntry = field(default_factory=lambda: SheetEntry(()))
    errors: dict[str, str] = field(default_factory=dict)
    problems: list[tuple[str, ArbitroError]] = field(default_factory=list)
    blanks: int = 0
    first_blank: str | None = None
    blank_error: ArbitroError | None = None
    entry: SheetEntry | None = None
    result: SheetResult | None = None
    general_error: str | None = None
    general: ArbitroError | None = None


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


# ---------------------------------------------------------------------- individuals
@dataclass
class ParsedPlayers:
    """A Scala 40 sheet as typed (art. 22-23): raw values (shown again), each player's
    negative points per deal (blanks and unreadable numbers as 0, for the running totals),
    the errors per input (key: the phone's input name), the places and VP of what is typed,
    and the entry when complete."""

    values: dict[str, str] = field(default_factory=dict)
    partial: Scala40Entry = field(default_factory=lambda: Scala40Entry((), ()))
    errors: dict[str, str] = field(default_factory=dict)
    problems: list[tuple[str, ArbitroError]] = field(default_factory=list)
    blanks: int = 0
    first_blank: str | None = None
    blank_error: ArbitroError | None = None
    result: TableResult | None = None
    entry: Scala40Entry | None = None
    general_error: str | None = None
    general: ArbitroError | None = None

    def deal_errors(self, deal: int) -> list[str]:
        """The messages about the numbers of deal ``deal``, in seat order."""
        prefix = f"s{deal}_"
        return [msg for name, msg in self.errors.items() if name.startswith(prefix)]


def parse_players_sheet(
    state: EventState,
    round_number: int,
    seating: TableSeating,
    form: Mapping[str, str],
    lang: str,
    fields: SheetFields = PHONE,
    abandoned: int | None = None,
) -> ParsedPlayers:
    """Read a Scala 40 sheet from the form: each player's negative points per deal in the
    table's seat order (art. 22: whole numbers, 0 for the player who closes). The places and
    VP of the numbers typed so far are computed by the domain's ``score_table`` (art. 22, 26:
    a table of three counts the rested seat). After an abandon (art. 25, ``abandoned``) a
    blank of that player is a deal he did not finish; the others' numbers are all needed,
    and the places and VP are those of the table going on three (art. 25, 26)."""
    players = seating.players or ()
    deals = state.deals(round_number)
    parsed = ParsedPlayers()
    rows: list[tuple[int | None, ...]] = []
    for deal in range(1, deals + 1):
        row: list[int | None] = []
        for p in players:
            name = fields.player(deal, str(p))
            key = player_field(deal, str(p))
            raw = str(form.get(name, "") or "")
            parsed.values[name] = raw
            text = raw.strip().replace(" ", "")
            if not text and p == abandoned:  # his column after he left (art. 25)
                row.append(None)
                continue
            if not text:
                row.append(0)
                parsed.blanks += 1
                if parsed.first_blank is None:
                    parsed.first_blank = name
                    who = state.competitors[p].name if p in state.competitors else str(p)
                    parsed.blank_error = ArbitroError(
                        "deal {deal}, {who}: the number is missing", deal=deal, who=who
                    )
                continue
            if not PLAYER.match(text):
                who = state.competitors[p].name if p in state.competitors else str(p)
                err = ArbitroError(
                    "deal {deal}, {who}: negative points are a whole number from 0 up («{text}»)",
                    deal=deal,
                    who=who,
                    text=text[:20],
                    article=state.code.cite("sheet"),
                )
                parsed.errors[key] = err.message(lang)
                parsed.problems.append((name, err))
                row.append(0)
                continue
            row.append(int(text))
        rows.append(tuple(row))
    parsed.partial = Scala40Entry(tuple(players), tuple(rows), abandoned)
    _impossible(state, parsed, players, deals, fields, lang)
    if parsed.errors or not players or parsed.blanks == deals * len(players):
        return parsed  # places and VP once something possible is typed
    try:
        parsed.result = score_table(parsed.partial.sheet(), deals=deals)
    except ArbitroError as exc:
        parsed.general = exc
        parsed.general_error = exc.message(lang)
        return parsed
    if not parsed.blanks:
        parsed.entry = parsed.partial
    return parsed


def _impossible(
    state: EventState,
    parsed: ParsedPlayers,
    players: Sequence[int],
    deals: int,
    fields: SheetFields,
    lang: str,
) -> None:
    """Mark the numbers no deal can give (Scala 40 art. 19, 22: a second 0, a 1-point hand,
    more than a hand holds) next to their deal, in rows typed in full."""
    if not players:
        return
    complete = {
        d
        for d in range(1, deals + 1)
        if all(
            parsed.values.get(fields.player(d, str(p)), "").strip() or p == parsed.partial.abandoned
            for p in players
        )
    }
    try:
        found = impossible_points(parsed.partial.sheet())
    except ArbitroError:
        return  # the malformed numbers have their own messages
    for deal, column, why in found:
        if deal not in complete:
            continue
        p = players[column]
        key = player_field(deal, str(p))
        if key in parsed.errors:
            continue
        who = state.competitors[p].name if p in state.competitors else str(p)
        err = ArbitroError(
            "deal {deal}, {who}: {why}",
            deal=deal,
            who=who,
            why=why,
            article=state.code.cite("sheet_points"),
        )
        parsed.errors[key] = err.message(lang)
        parsed.problems.append((fields.player(deal, str(p)), err))


def players_values(entry: Scala40Entry, fields: SheetFields = PHONE) -> dict[str, str]:
    """A stored Scala 40 entry as the form's values (to show it again)."""
    values: dict[str, str] = {}
    for deal, row in enumerate(entry.deals, start=1):
        for p, points in zip(entry.players, row, strict=False):
            values[fields.player(deal, str(p))] = "" if points is None else str(points)
    return values
