"""The standings printout (art. 19: VP, then MP; art. 39: provisional until the complaints
window closes, then final): rank, competitor, VP, MP and the penalties that are included in
them (warnings, art. 22 and 41; lateness, art. 37)."""

from __future__ import annotations

from reportlab.platypus import Flowable

from arbitro.printouts.labels import check_lang, label
from arbitro.printouts.style import INK, MARGIN, PAGE
from arbitro.printouts.tables import build_document, cell, heading, list_table, note
from arbitro.tournament.event import EventState
from arbitro.tournament.standings.standings import standings

WIDTH = PAGE[0] - 2 * MARGIN


def _signed(value: int) -> str:
    return f"{value:+d}" if value else ""


def standings_pdf(state: EventState, after_round: int, *, lang: str = "it", final: bool) -> bytes:
    """The standings after ``after_round`` on A4, marked PROVVISORIA or DEFINITIVA (art. 39):
    rank, number, competitor, V.P., M.P., warnings, the warnings' VP and MP penalties and the
    lateness MP (arts. 22, 37, 41), best first by VP then MP (art. 19)."""
    check_lang(lang)
    state.round(after_round)  # refuses a round the event does not have
    rows = standings(state, after_round)
    code = state.code
    kind = label("final" if final else "provisional", lang)
    title = f"{label('standings_title', lang, n=after_round)} — {kind}"
    story: list[Flowable] = [note(state.config.name, 12), heading(title, 20)]
    table: list[list[object]] = [
        [
            label("rank", lang),
            label("number_short", lang),
            label("competitor", lang),
            label("vp", lang),
            label("mp", lang),
            label("warnings", lang),
            label("penalty_vp", lang),
            label("penalty_mp", lang),
            label("lateness_mp", lang),
        ]
    ]
    for row in rows:
        name = row.name + (f" ({label('withdrawn', lang)})" if row.withdrawn else "")
        table.append(
            [
                str(row.rank),
                str(row.competitor),
                cell(name, 12, bold=True),
                str(row.vp),
                str(row.mp),
                str(row.warnings) if row.warnings else "",
                _signed(row.penalty_vp),
                _signed(row.penalty_mp),
                _signed(row.lateness_mp),
            ]
        )
    numbers = [42.0, 30.0, 0.0, 44.0, 54.0, 46.0, 44.0, 48.0, 50.0]
    numbers[2] = WIDTH - sum(numbers)
    story.append(
        list_table(
            table, numbers, size=12, right_columns=[0, 1, 3, 4, 5, 6, 7, 8], bold_columns=[3]
        )
    )
    rules = [label("includes_penalties", lang)]
    if code.warnings_per_penalty:
        rules.append(
            label(
                "warnings_rule",
                lang,
                warnings=code.warnings_per_penalty,
                vp=code.warning_vp_penalty,
                mp=code.warning_mp_penalty,
                article=code.sanction_articles.get("warning", ""),
            )
        )
    if code.lateness_mp_penalty:
        rules.append(
            label(
                "lateness_rule",
                lang,
                late_from=code.lateness_sanction_up_to_s // 60,
                late_to=code.lateness_mp_penalty_up_to_s // 60,
                late_mp=code.lateness_mp_penalty,
                article=code.lateness_article,
            )
        )
    story.append(note(" ".join(rules)))
    if final:
        story.append(note(label("final_note", lang), 10, INK))
    else:
        minutes = state.config.complaints_window_minutes
        story.append(note(label("provisional_note", lang, minutes=minutes), 10, INK))
    return build_document(f"{state.config.name} — {title}", story, lang=lang, footer=title)
