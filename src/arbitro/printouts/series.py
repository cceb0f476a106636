"""The series standings printout (a club's season, a circuit of stages): rank, player, the
points of each event (those not counted, best N of M, in brackets), the total; the scheme in
words, the events with the round their results are from, and why players equal on points are
ranked as they are (docs/rulings.md, "Series")."""

from __future__ import annotations

from reportlab.platypus import Flowable

from arbitro.i18n import message
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.style import INK, MARGIN, PAGE
from arbitro.printouts.tables import build_document, cell, heading, list_table, note
from arbitro.services.series import SeriesEvent, SeriesStandings
from arbitro.tournament.series import SeriesResult

WIDTH = PAGE[0] - 2 * MARGIN
RANK, TOTAL, NAME_MIN, EVENT_MAX = 34.0, 44.0, 110.0, 46.0
NARROW = 34.0
"""Below this width an event's column ("(58)") is printed at the smaller size."""


def result_text(result: SeriesResult | None) -> str:
    """A result's points: ``10``, ``(6)`` when not counted, ``—`` when not played."""
    if result is None:
        return "—"
    return str(result.points) if result.counted else f"({result.points})"


def event_line(number: int, event: SeriesEvent, lang: str) -> str:
    """An event in the legend: its number, name and id, and where its results are."""
    if event.round is None:
        state = message("no standings published yet")
    elif event.final:
        state = message("final standings")
    else:
        state = message(
            "provisional: after round {round} of {rounds}", round=event.round, rounds=event.rounds
        )
    return f"{number}. {event.name} ({event.event_id}): {tr(state, lang)}"


def series_pdf(result: SeriesStandings, *, lang: str = "it") -> bytes:
    """The series standings on A4, marked PROVVISORIA until every event's standings are
    final: rank, player, points per event (bracketed when dropped), total."""
    check_lang(lang)
    kind = tr(message("FINAL") if result.final else message("PROVISIONAL"), lang)
    title = tr(message("Series standings — {kind}", kind=kind), lang)
    story: list[Flowable] = [note(result.series.name, 12), heading(title, 20)]
    story.append(note(tr(result.scheme.describe(), lang), 10, INK))
    count = len(result.events)
    event_width = min(EVENT_MAX, (WIDTH - RANK - TOTAL - NAME_MIN) / max(count, 1))
    size = 11 if event_width >= NARROW else 8.5
    header: list[object] = [
        tr(message("Rank"), lang),
        tr(message("Player"), lang),
        *[str(n) for n in range(1, count + 1)],
        tr(message("Total"), lang),
    ]
    table: list[list[object]] = [header]
    ties: list[str] = []
    for row in result.rows:
        name = row.name + (" *" if row.tie is not None else "")
        table.append(
            [
                str(row.rank),
                cell(name, size, bold=True),
                *[result_text(r) for r in row.results],
                str(row.total),
            ]
        )
        if row.tie is not None:
            ties.append(f"* {row.name}: {tr(row.tie, lang)}")
    widths = [RANK, WIDTH - RANK - TOTAL - event_width * count, *[event_width] * count, TOTAL]
    right = [0, *range(2, count + 3)]
    story.append(
        list_table(table, widths, size=size, right_columns=right, bold_columns=[count + 2])
    )
    if not result.rows:
        story.append(note(tr(message("No results yet."), lang), 11, INK))
    story.append(note(tr(message("Points in brackets do not count (best results only)."), lang)))
    for line in ties:
        story.append(note(line))
    story.append(note(tr(message("Events"), lang), 11, INK))
    for n, event in enumerate(result.events, start=1):
        story.append(note(event_line(n, event, lang)))
        if event.unlinked:
            unlinked = message(
                "not in the players registry, no series points: {names}",
                names=", ".join(event.unlinked),
            )
            story.append(note("   " + tr(unlinked, lang)))
    return build_document(f"{result.series.name} — {title}", story, lang=lang, footer=title)
