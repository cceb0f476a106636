"""Plain-text renderings of seatings, standings and sheets for the terminal, in the run's
language."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from arbitro.cli import words
from arbitro.i18n import Message, _, message, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from zoneinfo import ZoneInfo

    from arbitro.tournament import pairing_constraints, zone
    from arbitro.tournament.event import EventState, SheetVersion
    from arbitro.tournament.model import Line, TableSeating
    from arbitro.tournament.standings import standings, tiebreaks
    from arbitro.tournament.standings.standings import StandingRow
    from arbitro.web import names
else:
    # Loaded on first use: the command line's start-up (issue 14).
    pairing_constraints = lazy_module("arbitro.tournament.pairing_constraints")
    standings = lazy_module("arbitro.tournament.standings.standings")
    tiebreaks = lazy_module("arbitro.tournament.standings.tiebreaks")
    zone = lazy_module("arbitro.tournament.zone")
    names = lazy_module("arbitro.web.names")


def line_name(state: EventState, line: Line | None) -> str:
    """A line's names (``—`` for a missing line)."""
    if line is None:
        return "—"
    return " + ".join(f"{state.competitors[c].name} ({c})" for c in line)


def _table_text(state: EventState, tab: TableSeating) -> str:
    if tab.players is not None:
        players = ", ".join(line_name(state, (p,)) for p in tab.players)
        return _("Table {table:>3}: {players}", table=tab.table, players=players)
    text = _(
        "Table {table:>3}: N-S {ns}  v  E-W {ew}",
        table=tab.table,
        ns=line_name(state, tab.ns),
        ew=line_name(state, tab.ew),
    )
    return text + ("  " + _("[rest]") if tab.is_incomplete else "")


def seating_text(state: EventState, round_number: int) -> str:
    """The seating of a round, table by table (art. 4; Scala 40: players in seat order), then
    the pairs that must not meet and meet anyway."""
    r = state.round(round_number)
    if r.seating is None:
        return _("Round {round}: not seated yet", round=round_number)
    status = _("published") if r.seating_published_at else _("draft")
    out = [
        _(
            "Round {round} ({movement}, {status})",
            round=round_number,
            movement=words.named(words.MOVEMENT_NAMES, r.movement or ""),
            status=status,
        )
    ]
    out += ["  " + _table_text(state, tab) for tab in r.seating.tables]
    out += [render(u.message) for u in pairing_constraints.unkept_constraints(state, round_number)]
    return "\n".join(out)


def _penalties(row: StandingRow) -> str:
    pens = []
    if row.warnings:
        pens.append(_("{count} warn.", count=row.warnings))
    if row.penalty_vp or row.penalty_mp:  # the warnings' and the points' (FIBAS art. 22, 41)
        points = _("({vp} VP, {mp} MP)", vp=row.penalty_vp, mp=row.penalty_mp)
        if pens:
            pens[-1] += " " + points
        else:
            pens.append(points)
    if row.lateness_mp:
        pens.append(_("lateness {mp} MP", mp=row.lateness_mp))
    return "; ".join(pens)


def standings_text(
    state: EventState, rows: list[StandingRow], round_number: int, final: bool
) -> str:
    """The standings as a table: rank, competitor, VP, MP, penalties (art. 39), the late
    entries' mark, and the line of the tie-breaks (issue 34)."""
    if final:
        head = _("Standings after round {round} (final)", round=round_number)
    else:
        head = _("Standings after round {round} (provisional)", round=round_number)
    competitor, penalties = _("Competitor"), _("Penalties")
    out = [head, f"{'#':>3}  {competitor:<32} {'V.P.':>5} {'M.P.':>7}  {penalties}"]
    for row in rows:
        name = row.name
        if row.withdrawn_from is not None:  # art. 36: the round it no longer plays from
            gone = row.withdrawn_from
            name = _("{name} (withdrawn from round {round})", name=name, round=gone)
            if len(name) > 32:  # the name is cut, not the round
                short = row.name[: max(4, len(row.name) - (len(name) - 31))] + "…"
                name = _("{name} (withdrawn from round {round})", name=short, round=gone)
        pens = _penalties(row)
        mark = standings.entry_mark(row)
        if mark is not None:  # a late entry: the round it plays from, never cut (rulings)
            pens = "; ".join(p for p in (pens, render(mark)) if p)
        out.append(f"{row.rank:>3}  {name[:32]:<32} {row.vp:>5} {row.mp:>7}  {pens}")
    out.append(render(standings_tiebreaks(state)))  # issue 34: «a parità di V.P.: M.P.»
    return "\n".join(out)


def standings_tiebreaks(state: EventState) -> Message:
    """The standings' line naming the event's tie-breaks (issue 34; docs/rulings.md,
    "Tie-breaks"): «a parità di V.P.: M.P., poi scontro diretto»."""
    return tiebreaks.tiebreak_line(tiebreaks.chosen(state)[0], state.sheet_kind.mp_lower_is_better)


def session_standings_text(
    state: EventState, rows: list[StandingRow], session: int, round_number: int
) -> str:
    """A session's standings as a table (FIBAS art. 2 "Sessione": its rounds only); the
    heading cites the code's session article where it has one (Parole UISP and Scala 40 have
    none)."""
    first, last = standings.session_rounds(state, session)
    shown = max(round_number, first - 1)
    # Parole UISP and Scala 40 have sessions without an article defining them.
    article = state.code.cite_if("session")
    if article is None:
        head = _(
            "Standings of session {session} (rounds {first}-{last}) after round {round}",
            session=session,
            first=first,
            last=last,
            round=shown,
        )
    else:
        head = _(
            "Standings of session {session} (rounds {first}-{last}) after round {round} "
            "({article})",
            session=session,
            first=first,
            last=last,
            round=shown,
            article=article,
        )
    table = standings_text(state, rows, round_number, False).split("\n")[1:]
    return "\n".join([head, *table])


def _entry_text(v: SheetVersion, individuals: bool) -> str:
    entry: Any = v.entry  # the entry of the event's kind of sheet
    if individuals:
        # A sheet of individuals (Scala 40 art. 22): each player's negative points, deal by deal.
        return "; ".join(
            f"{p}: " + "/".join("-" if d[i] is None else str(d[i]) for d in entry.deals)
            for i, p in enumerate(entry.players)
        )
    return "; ".join("/".join(str(x) for x in d.to_list()) for d in entry.deals)


def history_text(
    versions: list[SheetVersion], where: ZoneInfo | None = None, individuals: bool = False
) -> str:
    """A sheet's history: every entry and correction with who, when and why (art. 21), the
    times in the event's zone ``where`` (its setting; default Europe/Rome), as on the desk;
    each entry as its kind of sheet holds it (``individuals``: the event's sheet kind's
    ``individual_tables``, each player's points; else each line's)."""
    if not versions:
        return _("No sheet recorded")
    out = []
    for v in versions:
        why = f" — {v.reason}" if v.reason else ""
        at = zone.local_text(v.at, where, zone.FULL)
        # A phone records itself as "tavolo 3 ns": said "tavolo 3, N-S", as the desk does.
        who = words.actor(v.actor)
        if v.line and v.actor.startswith("tavolo "):
            who = (
                f"{render(names.sheet_actor(v.actor, v.line))}, {render(names.line_label(v.line))}"
            )
        kind = words.named(words.HISTORY_NAMES, v.kind)
        out.append(f"#{v.seq} {at} {who}: {kind} [{_entry_text(v, individuals)}]{why}")
    return "\n".join(out)


def standings_data(state: EventState, rnd: int, final: bool) -> dict[str, Any]:
    """The standings after ``rnd`` as JSON-ready data."""
    return {"round": rnd, "final": final, "rows": standings.standings(state, rnd)}


ScoreRow = tuple[Message, Callable[[Any], object]]
"""One row of a hand's score table: its label, how to read it from a line's score."""


def score_table_text(scores: Mapping[Any, Any], rows: Sequence[ScoreRow], width: int = 12) -> str:
    """A hand's score per line as a table (columns: the lines; rows: bonuses, points,
    totals), labelled in the run's language."""
    out = [f"{'':16}" + "".join(f"{line.value:>{width}}" for line in scores)]
    for label, get in rows:
        out.append(f"{render(label):16}" + "".join(f"{get(s)!s:>{width}}" for s in scores.values()))
    return "\n".join(out)


TOTAL_ROWS: tuple[ScoreRow, ...] = (
    (message("POINTS"), lambda s: s.points),
    (message("TOTAL"), lambda s: s.total),
)
"""The last rows of a score table: the card points and the total."""
