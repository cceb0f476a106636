"""Plain-text renderings of seatings, standings and sheets for the terminal."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arbitro.cli.common import t
from arbitro.tournament.event import EventState, SheetVersion
from arbitro.tournament.model import Line
from arbitro.tournament.standings.standings import StandingRow, standings


def line_name(state: EventState, line: Line | None) -> str:
    """A line's names (``—`` for a missing line)."""
    if line is None:
        return "—"
    return " + ".join(f"{state.competitors[c].name} ({c})" for c in line)


def seating_text(state: EventState, round_number: int) -> str:
    """The seating of a round, table by table."""
    r = state.round(round_number)
    if r.seating is None:
        return t(
            f"Turno {round_number}: non ancora assegnato", f"Round {round_number}: not seated yet"
        )
    status = t("affisso", "published") if r.seating_published_at else t("bozza", "draft")
    out = [
        t(
            f"Turno {round_number} ({r.movement}, {status})",
            f"Round {round_number} ({r.movement}, {status})",
        )
    ]
    for tab in r.seating.tables:
        rest = t("  [riposo]", "  [rest]") if tab.is_incomplete else ""
        out.append(
            f"  {t('Tavolo', 'Table')} {tab.table:>3}: N-S {line_name(state, tab.ns)}  v  E-O {line_name(state, tab.ew)}{rest}"
        )
    return "\n".join(out)


def standings_text(
    state: EventState, rows: list[StandingRow], round_number: int, final: bool
) -> str:
    """The standings as a table: rank, competitor, VP, MP, penalties."""
    kind = t("definitiva", "final") if final else t("provvisoria", "provisional")
    head = t(
        f"Classifica dopo il turno {round_number} ({kind})",
        f"Standings after round {round_number} ({kind})",
    )
    out = [
        head,
        f"{'#':>3}  {t('Concorrente', 'Competitor'):<32} {'V.P.':>5} {'M.P.':>7}  {t('Penalità', 'Penalties')}",
    ]
    for row in rows:
        pens = []
        if row.warnings:
            pens.append(t(f"{row.warnings} amm.", f"{row.warnings} warn."))
            if row.penalty_vp:
                pens[-1] += f" ({row.penalty_vp} V.P., {row.penalty_mp} M.P.)"
        if row.lateness_mp:
            pens.append(t(f"ritardo {row.lateness_mp} M.P.", f"lateness {row.lateness_mp} MP"))
        pen = "; ".join(pens)
        name = row.name + (t(" (ritirato)", " (withdrawn)") if row.withdrawn else "")
        out.append(f"{row.rank:>3}  {name[:32]:<32} {row.vp:>5} {row.mp:>7}  {pen}")
    return "\n".join(out)


def history_text(versions: list[SheetVersion]) -> str:
    """A sheet's history: every entry and correction with who, when and why."""
    if not versions:
        return t("Nessuno score registrato", "No sheet recorded")
    out = []
    for v in versions:
        deals = "; ".join("/".join(str(x) for x in d.to_list()) for d in v.entry.deals)
        why = f" — {v.reason}" if v.reason else ""
        out.append(f"#{v.seq} {v.at:%Y-%m-%d %H:%M:%S} {v.actor}: {v.kind} [{deals}]{why}")
    return "\n".join(out)


def standings_data(state: EventState, rnd: int, final: bool) -> dict[str, Any]:
    """The standings after ``rnd`` as JSON-ready data."""
    return {"round": rnd, "final": final, "rows": standings(state, rnd)}


ScoreRow = tuple[str, str, Callable[[Any], object]]
"""One row of a hand's score table: the Italian label, the English one, how to read it."""


def score_table_text(scores: Mapping[Any, Any], rows: Sequence[ScoreRow], width: int = 12) -> str:
    """A hand's score per line as a table (columns: the lines; rows: bonuses, points,
    totals), labelled in the user's language."""
    out = [f"{'':16}" + "".join(f"{line.value:>{width}}" for line in scores)]
    for it, en, get in rows:
        out.append(f"{t(it, en):16}" + "".join(f"{get(s)!s:>{width}}" for s in scores.values()))
    return "\n".join(out)
