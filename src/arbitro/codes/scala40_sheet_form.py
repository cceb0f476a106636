"""A sheet of individuals typed in a form, read the same way for the desk and for the phones
(Scala 40 art. 22-23): each player's negative points per deal, in the table's seat order.
Every number is checked as it is read, and the numbers no deal can give are marked next to
their deal; blanks are counted, and the places and VP of what is typed are computed (the phone
shows them as the sheet is typed)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arbitro.codes.scala40_scoring import TableResult, impossible_points, score_table
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.errors import ArbitroError
from arbitro.tournament.event import EventState
from arbitro.tournament.model import TableSeating
from arbitro.tournament.sheets.form import PHONE, FormBase, SheetFields

PLAYER = re.compile(r"^\d{1,6}$")  # a player's negative points: a whole number from 0 up


def player_field(deal: int, player: str) -> str:
    """The phone form's input of one player's negative points in one deal, e.g. ``s2_7``."""
    return PHONE.player(deal, player)


@dataclass
class ParsedPlayers(FormBase):
    """A Scala 40 sheet as typed (art. 22-23): raw values (shown again), each player's
    negative points per deal (blanks and unreadable numbers as 0, for the running totals),
    the errors per input (key: the phone's input name), the places and VP of what is typed,
    and the entry when complete."""

    partial: Scala40Entry = field(default_factory=lambda: Scala40Entry((), ()))
    result: TableResult | None = None
    entry: Scala40Entry | None = None

    def context(self, state: EventState, seat: TableSeating) -> dict[str, Any]:
        """The players' templates' names: each player's figures as typed, the inputs' names
        and the rested seat's points at a table of three (art. 22, 26)."""
        comps = state.competitors
        players = [(str(p), comps[p].name if p in comps else str(p)) for p in seat.players or ()]
        return {
            "pp": self,
            "pfig": players_figures(players, self),
            "player_field": player_field,
            "rested_points": self.result.rested_points if self.result else None,
        }

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


@dataclass(frozen=True)
class PlayerFigure:
    """One player's running figures (art. 22): negative points, place and VP as typed."""

    number: str
    name: str
    total: int
    place: int | None
    placement_vp: int | None
    difference_vp: int | None
    vp: int | None


def players_figures(
    players: Sequence[tuple[str, str]], parsed: ParsedPlayers
) -> list[PlayerFigure]:
    """Each player's totals (``players``: number as text and name, in seat order), and places
    and VP when the numbers typed so far are possible (art. 22, 26)."""
    totals = parsed.partial.sheet().totals() if parsed.partial.players else {}
    by_player = parsed.result.by_player() if parsed.result else {}
    out = []
    for number, name in players:
        r = by_player.get(number)
        out.append(
            PlayerFigure(
                number,
                name,
                totals.get(number, 0),
                r.place if r else None,
                r.placement_vp if r else None,
                r.difference_vp if r else None,
                r.vp if r else None,
            )
        )
    return out
