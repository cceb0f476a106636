"""Table-side score entry from a phone (FIBAS art. 19-21): the QR code on the table card
carries a token for that table (web/tokens.py); the page asks which line the phone belongs
to, mirrors the paper sheet (base and points per deal for each line; for teams, the open and
the closed room), shows the totals, the difference and the VP as they are typed, and submits
the sheet for that line. The sheet is confirmed when both lines sent the same numbers, as
both sign the paper sheet (art. 20); different numbers are a conflict for the director.

At a Scala 40 table (seed 004, art. 22-23) the page asks which player the phone belongs to
(the table's four, or three, players), mirrors the sheet of negative points per deal and
player in seat order, shows each player's total, place and VP as they are typed (the
domain's ``score_table``), and submits the sheet for that player (``line`` = the player's
number): confirmed when every player at the table sent the same numbers, as they all sign
the paper sheet (art. 23). Burraco Parole tables (UISP code, art. 12) use the two-line form.

Works without JavaScript (plain form posts); with htmx the totals update as one types.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from arbitro.errors import ArbitroError, NotFoundError
from arbitro.tournament import commands
from arbitro.tournament.event import EventState, TableSheet
from arbitro.tournament.model import EventFormat, Line, TableSeating
from arbitro.tournament.scoring.scala40 import TableResult, score_table
from arbitro.tournament.scoring.scala40_sheet import Scala40Entry
from arbitro.tournament.scoring.sheet import (
    DealScore,
    LineDeal,
    SheetEntry,
    SheetResult,
    check_sheet,
    score_sheet,
    sheet_totals,
)
from arbitro.web.app import Web, request_lang, web_of
from arbitro.web.csrf import same_origin
from arbitro.web.tokens import TokenError, open_round, read_token

router = APIRouter()

SIDES = ("ns", "ew")
SIDE_LABEL = {"ns": "N-S", "ew": "E-O"}
PARTS = ("base", "points")
ROOMS = ("o", "c")  # open room (or the only one), closed room (team matches)
NUMBER = re.compile(r"^[+-]?\d{1,6}$")
PLAYER = re.compile(r"^\d{1,6}$")  # a Scala 40 player's number, their "line" at the table
MAX_FORM_FIELDS = 200


class RoundClosed(ArbitroError):
    """The posted round is not the round the tables may enter now (art. 21)."""


class NotAtTable(ArbitroError):
    """The line or player named is not seated at the token's table (403)."""


def field_name(room: str, deal: int, side: str, part: str) -> str:
    """The form field of one number of the sheet, e.g. ``o1_ns_base``."""
    return f"{room}{deal}_{side}_{part}"


def line_name(state: EventState, line: Line | None) -> str:
    """The names of the competitors forming a line."""
    if line is None:
        return ""
    return " – ".join(state.competitors[c].name for c in line if c in state.competitors)


# ---------------------------------------------------------------------- the form
@dataclass
class ParsedSheet:
    """What was typed on the form: raw values (shown again), the numbers read so far (blanks
    and unreadable numbers as 0, for the running totals), the errors per deal and line, and
    the entry when everything is filled in and possible."""

    values: dict[str, str] = field(default_factory=dict)
    partial: SheetEntry = field(default_factory=lambda: SheetEntry(()))
    errors: dict[str, str] = field(default_factory=dict)
    blanks: int = 0
    entry: SheetEntry | None = None
    result: SheetResult | None = None
    general_error: str | None = None


def _zero() -> DealScore:
    return DealScore(LineDeal(0, 0), LineDeal(0, 0))


def _read_number(text: str, where_it: str, where_en: str, part: str) -> int | None:
    """A typed whole number, or None when blank; an ArbitroError naming the deal and line
    for anything else (art. 19)."""
    text = text.strip().replace(" ", "")
    if not text:
        return None
    if not NUMBER.match(text):
        name_it = "base" if part == "base" else "punti"
        raise ArbitroError(
            f"{where_it}: {name_it} «{text[:20]}» non è un numero intero",
            f"{where_en}: {part} «{text[:20]}» is not a whole number",
            article="19",
        )
    return int(text)


def parse_sheet(
    state: EventState, round_number: int, form: dict[str, str], lang: str
) -> ParsedSheet:
    """Read the sheet's numbers from the form and check each deal and line with the domain's
    rules (art. 19), so that every impossible number gets its message next to it."""
    deals = state.deals(round_number)
    teams = state.config.event_format is EventFormat.TEAMS
    rooms = ROOMS if teams else ROOMS[:1]
    code = state.code
    parsed = ParsedSheet()
    rows: dict[str, list[DealScore]] = {}
    for room in rooms:
        room_it = ("sala aperta, " if room == "o" else "sala chiusa, ") if teams else ""
        room_en = ("open room, " if room == "o" else "closed room, ") if teams else ""
        rows[room] = []
        for deal in range(1, deals + 1):
            lines: dict[str, LineDeal] = {}
            for side in SIDES:
                where_it = f"{room_it}smazzata {deal}, linea {SIDE_LABEL[side]}"
                where_en = f"{room_en}deal {deal}, {SIDE_LABEL[side].replace('O', 'W')} line"
                numbers: dict[str, int] = {}
                complete = True
                key = f"{room}{deal}_{side}"
                for part in PARTS:
                    name = field_name(room, deal, side, part)
                    raw = form.get(name, "")
                    parsed.values[name] = raw
                    try:
                        value = _read_number(raw, where_it, where_en, part)
                    except ArbitroError as exc:
                        parsed.errors.setdefault(key, exc.message(lang))
                        value = None
                        complete = False
                    if value is None:
                        if not raw.strip():
                            parsed.blanks += 1
                        complete = False
                        value = 0
                    numbers[part] = value
                lines[side] = LineDeal(numbers["base"], numbers["points"])
                if complete and key not in parsed.errors:
                    err = _line_error(state, round_number, room, deal, side, lines[side])
                    if err is not None:
                        parsed.errors[key] = err.message(lang)
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
            parsed.general_error = exc.message(lang)
    return parsed


def _line_error(
    state: EventState, round_number: int, room: str, deal: int, side: str, line: LineDeal
) -> ArbitroError | None:
    """The domain's objection to one line of one deal (art. 19), or None: the sheet is checked
    with every other number at zero, so the message names that deal and line."""
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


def entry_values(entry: SheetEntry) -> dict[str, str]:
    """A stored entry as the form's values (to show it again)."""
    values: dict[str, str] = {}
    for room, deals in (("o", entry.deals), ("c", entry.closed_room or ())):
        for i, d in enumerate(deals, start=1):
            for side, ld in (("ns", d.ns), ("ew", d.ew)):
                values[field_name(room, i, side, "base")] = str(ld.base)
                values[field_name(room, i, side, "points")] = str(ld.points)
    return values


# ---------------------------------------------------------------------- Scala 40
def player_field(deal: int, player: str) -> str:
    """The form field of one player's negative points in one deal, e.g. ``s2_7``."""
    return f"s{deal}_{player}"


@dataclass
class ParsedPlayers:
    """A Scala 40 sheet as typed (art. 22-23): raw values (shown again), each player's
    negative points per deal (blanks and unreadable numbers as 0, for the running totals),
    the errors per field, the places and VP of what is typed, and the entry when complete."""

    values: dict[str, str] = field(default_factory=dict)
    partial: Scala40Entry = field(default_factory=lambda: Scala40Entry((), ()))
    errors: dict[str, str] = field(default_factory=dict)
    blanks: int = 0
    result: TableResult | None = None
    entry: Scala40Entry | None = None
    general_error: str | None = None

    def deal_errors(self, deal: int) -> list[str]:
        """The messages about the numbers of deal ``deal``, in seat order."""
        prefix = f"s{deal}_"
        return [msg for name, msg in self.errors.items() if name.startswith(prefix)]


def parse_players_sheet(
    state: EventState, round_number: int, seating: TableSeating, form: dict[str, str], lang: str
) -> ParsedPlayers:
    """Read a Scala 40 sheet from the form: each player's negative points per deal in the
    table's seat order (art. 22: whole numbers, 0 for the player who closes). The places and
    VP of the numbers typed so far are computed by the domain's ``score_table`` (art. 22, 26:
    a table of three counts the rested seat)."""
    players = seating.players or ()
    deals = state.deals(round_number)
    parsed = ParsedPlayers()
    rows: list[tuple[int | None, ...]] = []
    for deal in range(1, deals + 1):
        row: list[int | None] = []
        for p in players:
            name = player_field(deal, str(p))
            raw = form.get(name, "")
            parsed.values[name] = raw
            text = raw.strip().replace(" ", "")
            if not text:
                parsed.blanks += 1
                row.append(0)
                continue
            if not PLAYER.match(text):
                who = state.competitors[p].name if p in state.competitors else str(p)
                err = ArbitroError(
                    f"smazzata {deal}, {who}: i punti negativi sono un intero da 0 in su "
                    f"(«{text[:20]}»)",
                    f"deal {deal}, {who}: negative points are a whole number from 0 up "
                    f"(«{text[:20]}»)",
                    article="22",
                )
                parsed.errors[name] = err.message(lang)
                row.append(0)
                continue
            row.append(int(text))
        rows.append(tuple(row))
    parsed.partial = Scala40Entry(tuple(players), tuple(rows))
    if parsed.errors or not players or parsed.blanks == deals * len(players):
        return parsed  # places and VP once something possible is typed
    try:
        parsed.result = score_table(parsed.partial.sheet(), deals=deals)
    except ArbitroError as exc:
        parsed.general_error = exc.message(lang)
        return parsed
    if not parsed.blanks:
        parsed.entry = parsed.partial
    return parsed


def players_values(entry: Scala40Entry) -> dict[str, str]:
    """A stored Scala 40 entry as the form's values (to show it again)."""
    values: dict[str, str] = {}
    for deal, row in enumerate(entry.deals, start=1):
        for p, points in zip(entry.players, row, strict=False):
            values[player_field(deal, str(p))] = "" if points is None else str(points)
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


def players_figures(view: TableView, parsed: ParsedPlayers) -> list[PlayerFigure]:
    """Each player's totals, and places and VP when the numbers typed so far are possible."""
    totals = parsed.partial.sheet().totals() if parsed.partial.players else {}
    by_player = parsed.result.by_player() if parsed.result else {}
    out = []
    for number, name in view.players:
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


# ---------------------------------------------------------------------- the table's view
@dataclass
class TableView:
    """Everything the table page shows."""

    token: str
    event_id: str
    table_number: int
    state: EventState
    round_number: int | None
    seating: TableSeating | None
    line: str | None
    status: str = "missing"
    mine_sent: bool = False
    shown: SheetEntry | Scala40Entry | None = None
    teams: bool = False
    individuals: bool = False  # a table of individuals (Scala 40): four (or three) players
    confirmed_by: frozenset[str] = frozenset()

    @property
    def two_lines(self) -> bool:
        """A table of two lines (Burraco, Burraco Parole), not of individuals."""
        return not self.individuals

    @property
    def players(self) -> list[tuple[str, str]]:
        """At a table of individuals, (number as text, name) of each player in seat order."""
        if self.seating is None or self.seating.players is None:
            return []
        comps = self.state.competitors
        return [(str(p), comps[p].name if p in comps else str(p)) for p in self.seating.players]

    @property
    def line_label(self) -> str:
        """The chosen line (N-S / E-O) or, at a table of individuals, the player's name."""
        if self.line in SIDE_LABEL:
            return SIDE_LABEL[self.line]
        return next((name for number, name in self.players if number == self.line), "")

    @property
    def deals(self) -> int:
        """Deals of the round."""
        return self.state.deals(self.round_number) if self.round_number else 0

    @property
    def ns_name(self) -> str:
        """N-S line's names."""
        return line_name(self.state, self.seating.ns if self.seating else None)

    @property
    def ew_name(self) -> str:
        """E-W line's names."""
        return line_name(self.state, self.seating.ew if self.seating else None)


SCALA40_GAME = "scala40"
PAROLE_GAME = "parole"


def _check_line_at_table(view: TableView) -> None:
    """Refuse a line or player that does not sit at the token's table this round (Scala 40
    art. 23: the table's four players sign its sheet; FIBAS art. 20: its two lines)."""
    line = view.line
    if line is None or view.seating is None:
        return
    if view.individuals:
        if line not in {number for number, _ in view.players}:
            raise NotAtTable(
                f"il giocatore «{line[:10]}» non siede al tavolo {view.table_number} in questo "
                "turno: scegliere il proprio nome",
                f"player «{line[:10]}» does not sit at table {view.table_number} in this round: "
                "choose your own name",
                article="23",
            )
    elif line not in SIDES:
        raise NotAtTable(
            f"«{line[:10]}» non è una linea di questo tavolo: scegliere N-S o E-O",
            f"«{line[:10]}» is not a line of this table: choose N-S or E-W",
            article="20",
        )


def _load(web: Web, token: str, line: str | None) -> TableView:
    """Read the token and the event (under the web lock); raise TokenError/NotFoundError."""
    event_id, table = read_token(web.secret, token)
    with web.lock:
        try:
            state = web.service.state(event_id)
        except NotFoundError:
            raise TokenError(
                "la gara di questo tavolo non esiste più", "this table's event no longer exists"
            ) from None
        rnd = open_round(state)
        view = TableView(token, event_id, table, state, rnd, None, line)
        view.teams = state.config.event_format is EventFormat.TEAMS
        view.individuals = state.config.game == SCALA40_GAME
        if rnd is None:
            return view
        seating = state.round(rnd).seating
        view.seating = seating.table(table) if seating else None
        if view.seating is None:
            return view
        _check_line_at_table(view)
        view.status = commands.sheet_status(state, rnd, table)
        sheet = state.round(rnd).sheets.get(table)
        if sheet is not None:
            _fill_from_sheet(view, sheet, rnd)
        return view


def _fill_from_sheet(view: TableView, sheet: TableSheet, rnd: int) -> None:
    mine = [v for v in sheet.history if v.line == view.line] if view.line else []
    view.mine_sent = bool(mine) or (view.line in sheet.confirmed_by and sheet.accepted is not None)
    if view.status == "confirmed" or (view.status == "conflict" and not mine):
        shown = sheet.entry_as_of(rnd)
    elif mine:
        shown = mine[-1].entry
    else:
        shown = sheet.entry_as_of(rnd)
    view.shown = shown
    view.confirmed_by = frozenset(sheet.confirmed_by) if not sheet.conflicts else frozenset()


def _status_text(view: TableView) -> tuple[str, str]:
    """(it, en) of the sheet's status as this line (or player) sees it."""
    if view.individuals:
        return _players_status_text(view)
    if view.status == "confirmed":
        return ("Score confermato da entrambe le linee.", "Sheet confirmed by both lines.")
    if view.status == "conflict":
        return (
            "Conflitto: le due linee hanno inviato numeri diversi. Deciderà il direttore.",
            "Conflict: the two lines sent different numbers. The director will decide.",
        )
    if view.status == "pending" and view.mine_sent:
        return ("Inviato: in attesa dell'altra linea.", "Sent: waiting for the other line.")
    if view.status == "pending":
        return (
            "L'altra linea ha inviato lo score: controllalo con il foglio e conferma.",
            "The other line sent the sheet: check it against the paper and confirm.",
        )
    return ("Score non ancora inviato.", "Sheet not sent yet.")


def _players_status_text(view: TableView) -> tuple[str, str]:
    """(it, en) of a Scala 40 sheet's status as one player sees it (art. 23: the four
    players sign the sheet)."""
    everyone = len(view.players)
    signed = len(view.confirmed_by & {n for n, _ in view.players})
    waiting = ", ".join(name for n, name in view.players if n not in view.confirmed_by)
    if view.status == "confirmed":
        return (
            f"Score confermato da tutti i {everyone} giocatori.",
            f"Sheet confirmed by all {everyone} players.",
        )
    if view.status == "conflict":
        return (
            "Conflitto: i giocatori hanno inviato numeri diversi. Deciderà il direttore.",
            "Conflict: the players sent different numbers. The director will decide.",
        )
    if view.status == "pending" and view.mine_sent:
        return (
            f"Inviato: confermato da {signed} di {everyone}; in attesa di {waiting}.",
            f"Sent: confirmed by {signed} of {everyone}; waiting for {waiting}.",
        )
    if view.status == "pending":
        return (
            f"Score inviato (confermato da {signed} di {everyone}): controllalo con il foglio "
            "e conferma.",
            f"Sheet sent (confirmed by {signed} of {everyone}): check it against the paper "
            "and confirm.",
        )
    return ("Score non ancora inviato.", "Sheet not sent yet.")


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
    possible sheet. For teams, the totals are of the team seated N-S in the open room (E-O in
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
        else sheet_totals(SheetEntry(entry.closed_room))[::-1]  # team A sits E-O there
    )
    totals = sheet_totals(entry)
    vp = (parsed.result.ns_vp, parsed.result.ew_vp) if parsed.result else None
    return Figures(
        per_deal,
        open_totals,
        closed_totals,
        totals,
        abs(totals[0] - totals[1]),
        vp,
    )


def _players_context(view: TableView, parsed: ParsedPlayers | None, lang: str) -> dict[str, Any]:
    if parsed is None and view.round_number and view.seating:
        values = players_values(view.shown) if isinstance(view.shown, Scala40Entry) else {}
        parsed = parse_players_sheet(view.state, view.round_number, view.seating, values, lang)
    status_it, status_en = _status_text(view)
    return {
        "v": view,
        "event_name": view.state.config.name,
        "pp": parsed,
        "pfig": players_figures(view, parsed) if parsed else [],
        "values": parsed.values if parsed else {},
        "status_it": status_it,
        "status_en": status_en,
        "player_field": player_field,
        "page_url": _page_url,
        "rested_points": parsed.result.rested_points if parsed and parsed.result else None,
    }


def _context(view: TableView, parsed: Any, lang: str) -> dict[str, Any]:
    if view.individuals:
        return _players_context(view, parsed, lang)
    state = view.state
    if parsed is None:
        values = entry_values(view.shown) if isinstance(view.shown, SheetEntry) else {}
        if view.round_number and view.seating and not view.seating.is_incomplete:
            parsed = parse_sheet(state, view.round_number, values, lang)
    status_it, status_en = _status_text(view)
    return {
        "v": view,
        "event_name": state.config.name,
        "parsed": parsed,
        "fig": figures(parsed) if parsed else None,
        "values": parsed.values if parsed else {},
        "status_it": status_it,
        "status_en": status_en,
        "parole": state.config.game == PAROLE_GAME,
        "bonus_names": state.code.bonus_names_en if lang == "en" else state.code.bonus_names,
        "rooms": ROOMS if view.teams else ROOMS[:1],
        "sides": SIDES,
        "side_label": SIDE_LABEL,
        "field_name": field_name,
        "page_url": _page_url,
    }


def _page_url(token: str, line: str | None = None, lang: str | None = None) -> str:
    query = {k: v for k, v in (("line", line), ("lang", lang)) if v}
    return f"/t/{token}" + (f"?{urlencode(query)}" if query else "")


def private(response: Response) -> Response:
    """Table pages carry the table's token: never cached, never sent to another site as a referrer
    (``same-origin``: ``no-referrer`` would make browsers send ``Origin: null`` on the form
    posts, which the cross-site check refuses)."""
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "same-origin"
    return response


def _refused(request: Request, err: ArbitroError, status: int) -> Response:
    web = web_of(request)
    lang = request_lang(request)
    if request.headers.get("HX-Request"):
        return private(
            Response(
                f'<p class="error" id="totals" role="alert">{_escape(err.message(lang))}</p>',
                status_code=status,
                media_type="text/html",
            )
        )
    return private(
        web.render(request, "table_refused.html", status_code=status, message=err.message(lang))
    )


def _escape(text: str) -> str:
    from markupsafe import escape

    return str(escape(text))


def _line_param(line: str | None) -> str | None:
    if line in (None, ""):
        return None
    if line not in SIDES and not PLAYER.match(line):
        raise ArbitroError(
            f"linea «{str(line)[:10]}» sconosciuta: scegliere N-S (ns), E-O (ew) o, a Scala 40, "
            "il proprio nome",
            f"unknown line «{str(line)[:10]}»: choose N-S (ns), E-W (ew) or, at Scala 40, "
            "your own name",
        )
    return line


# ---------------------------------------------------------------------- routes
@router.get("/t/{token}", include_in_schema=False)
def table_page(request: Request, token: str, line: str | None = None) -> Response:
    """The table's page: choose the line, then the sheet form and its status."""
    web = web_of(request)
    lang = request_lang(request)
    try:
        chosen = _line_param(line)
        view = _load(web, token, chosen)
    except (TokenError, NotAtTable) as exc:
        return _refused(request, exc, 403)
    except ArbitroError as exc:
        return _refused(request, exc, 400)
    return _render_view(request, web, view, None, lang)


def _render_view(
    request: Request,
    web: Web,
    view: TableView,
    parsed: ParsedSheet | ParsedPlayers | None,
    lang: str,
    code: int = 200,
) -> Response:
    if view.round_number is not None and view.seating is None:
        n = view.round_number
        err = NotFoundError(
            f"il tavolo {view.table_number} non è in gioco nel turno {n}",
            f"table {view.table_number} is not in play in round {n}",
        )
        return _refused(request, err, 404)
    return private(
        web.render(request, "table.html", status_code=code, **_context(view, parsed, lang))
    )


class NotAForm(ArbitroError):
    """A POST whose body is not an HTML form (415)."""


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


async def _form(request: Request) -> dict[str, str]:
    """The posted form as plain strings; a 4xx-worthy ArbitroError if it cannot be read."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in FORM_TYPES:
        raise NotAForm(
            f"il corpo della richiesta non è un modulo ({kind[:40] or 'nessun tipo'})",
            f"the request body is not a form ({kind[:40] or 'no type'})",
        )
    try:
        form = await request.form(max_files=0, max_fields=MAX_FORM_FIELDS)
    except Exception as exc:  # malformed multipart or urlencoded body
        raise ArbitroError(
            f"modulo illeggibile: {type(exc).__name__}", f"unreadable form: {type(exc).__name__}"
        ) from None
    out: dict[str, str] = {}
    for key, value in form.multi_items():
        if not isinstance(value, str):
            raise ArbitroError("il modulo non accetta file", "the form takes no files")
        out[key] = value
    return out


def _posted_round(form: dict[str, str]) -> int:
    text = form.get("round", "").strip()
    if not text.isdigit() or len(text) > 4:
        raise ArbitroError(
            "modulo senza il turno: ricaricare la pagina del tavolo",
            "the form does not say the round: reload the table page",
        )
    return int(text)


def _check_round(view: TableView, posted: int) -> None:
    if view.round_number is None:
        raise RoundClosed(
            f"il turno {posted} è chiuso: nessun turno in corso per cui inviare lo score",
            f"round {posted} is closed: no round is under way to send a sheet for",
            article="21",
        )
    if posted != view.round_number:
        raise RoundClosed(
            f"il modulo è del turno {posted}, ma il turno in corso è il {view.round_number}: "
            "ricaricare la pagina",
            f"the form is for round {posted}, but round {view.round_number} is under way: "
            "reload the page",
            article="21",
        )


@router.post("/t/{token}/preview", include_in_schema=False)
async def table_preview(request: Request, token: str) -> Response:
    """The totals, difference and VP of what is typed so far (htmx fragment, art. 19-20),
    with each impossible number's message next to its deal and line."""
    web = web_of(request)
    lang = request_lang(request)
    try:
        form = await _form(request)
        line = _line_param(form.get("line"))
        view = await run_in_threadpool(_load, web, token, line)
        if view.round_number is None or view.seating is None or view.seating.is_incomplete:
            raise RoundClosed("nessuno score da compilare", "no sheet to fill in", article="21")
        parsed: Any
        if view.individuals:
            parsed = parse_players_sheet(view.state, view.round_number, view.seating, form, lang)
        else:
            parsed = await run_in_threadpool(parse_sheet, view.state, view.round_number, form, lang)
    except (TokenError, NotAtTable) as exc:
        return _refused(request, exc, 403)
    except RoundClosed as exc:
        return _refused(request, exc, 409)
    except NotAForm as exc:
        return _refused(request, exc, 415)
    except ArbitroError as exc:
        return _refused(request, exc, 400)
    ctx = _context(view, parsed, lang)
    fragment = "table_scala40_totals.html" if view.individuals else "table_totals.html"
    return private(web.render(request, fragment, oob=True, **ctx))


@router.post("/t/{token}", include_in_schema=False)
async def table_submit(request: Request, token: str) -> Response:
    """Submit the sheet for one line (art. 19-20): ``pending`` until the other line sends the
    same numbers, then ``confirmed``; different numbers make a ``conflict``. Sending the
    same numbers again is harmless."""
    web = web_of(request)
    lang = request_lang(request)
    try:
        if not same_origin(request):
            raise TokenError("richiesta da un altro sito rifiutata", "cross-site request refused")
        form = await _form(request)
        line = _line_param(form.get("line"))
        if line is None:
            raise ArbitroError(
                "indicare la linea (N-S o E-O) o, a Scala 40, il giocatore",
                "say which line you are (N-S or E-W) or, at Scala 40, which player",
            )
        posted = _posted_round(form)
        view, parsed = await run_in_threadpool(_submit, web, token, line, posted, form, lang)
        if view.seating is None:
            return _render_view(request, web, view, None, lang)
        if parsed is not None:
            return _render_view(request, web, view, parsed, lang, 422)
    except (TokenError, NotAtTable) as exc:
        return _refused(request, exc, 403)
    except RoundClosed as exc:
        return _refused(request, exc, 409)
    except NotAForm as exc:
        return _refused(request, exc, 415)
    except ArbitroError as exc:
        return _refused(request, exc, 400)
    target = _page_url(token, line, request.query_params.get("lang"))
    return private(
        RedirectResponse(target + ("&" if "?" in target else "?") + "sent=1", status_code=303)
    )


def _submit(
    web: Web, token: str, line: str, posted: int, form: dict[str, str], lang: str
) -> tuple[TableView, ParsedSheet | ParsedPlayers | None]:
    """Check and enter the sheet under the web lock (one state read for the checks and the
    write): returns the view, and the parsed form when it must be shown again (422)."""
    with web.lock:
        view = _load(web, token, line)
        _check_round(view, posted)
        if view.seating is None:
            return view, None
        if view.individuals:
            return view, _submit_players(web, view, line, posted, form, lang)
        if view.seating.is_incomplete:
            raise RoundClosed(
                "il tavolo è incompleto: la linea presente riposa, nessuno score",
                "the table is incomplete: the line present rests, no sheet",
                article="37",
            )
        parsed = parse_sheet(view.state, posted, form, lang)
        if parsed.entry is None:
            if parsed.blanks and not parsed.errors and not parsed.general_error:
                parsed.general_error = (
                    f"mancano {parsed.blanks} numeri: compilare base e punti di ogni smazzata"
                    if lang == "it"
                    else f"{parsed.blanks} numbers missing: fill in base and points of every deal"
                )
            return view, parsed
        view.status = web.service.enter_sheet(
            view.event_id,
            posted,
            view.table_number,
            parsed.entry,
            actor=f"tavolo {view.table_number} {line}",
            line=line,
        )
        return view, None


def _submit_players(
    web: Web, view: TableView, line: str, posted: int, form: dict[str, str], lang: str
) -> ParsedPlayers | None:
    """Enter a Scala 40 sheet for one player (art. 23: the four players sign it); called
    under the web lock. Returns the parsed form when it must be shown again."""
    assert view.seating is not None
    parsed = parse_players_sheet(view.state, posted, view.seating, form, lang)
    if parsed.entry is None:
        if parsed.blanks and not parsed.errors and not parsed.general_error:
            parsed.general_error = (
                f"mancano {parsed.blanks} numeri: compilare i punti negativi di ogni giocatore "
                "in ogni smazzata"
                if lang == "it"
                else f"{parsed.blanks} numbers missing: fill in every player's negative points "
                "in every deal"
            )
        return parsed
    name = view.line_label or line
    view.status = web.service.enter_sheet(
        view.event_id,
        posted,
        view.table_number,
        parsed.entry,
        actor=f"tavolo {view.table_number} {name} ({line})",
        line=line,
    )
    return None


@router.get("/t/{token}/status", include_in_schema=False)
def table_status(request: Request, token: str, line: str | None = None) -> Response:
    """The sheet's status as this line sees it (htmx fragment, polled while pending)."""
    web = web_of(request)
    lang = request_lang(request)
    try:
        view = _load(web, token, _line_param(line))
    except (TokenError, NotAtTable) as exc:
        return _refused(request, exc, 403)
    except ArbitroError as exc:
        return _refused(request, exc, 400)
    ctx = _context(view, ParsedPlayers() if view.individuals else ParsedSheet(), lang)
    response = private(web.render(request, "table_status.html", **ctx))
    if request.query_params.get("round", str(view.round_number)) != str(view.round_number):
        response.headers["HX-Refresh"] = "true"  # a new round is under way: reload the page
    return response
