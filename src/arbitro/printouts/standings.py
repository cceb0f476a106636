"""The standings printout (art. 19: VP, then MP; art. 39: provisional until the complaints
window closes, then final): rank, competitor, VP, MP and the penalties that are included in
them (warnings, art. 22 and 41; lateness, art. 37)."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable

from arbitro.codes.citation import cite_if
from arbitro.i18n import Message, message, ngettext
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.style import INK, MARGIN, PAGE
from arbitro.printouts.tables import build_document, cell, heading, list_table, note
from arbitro.tournament.event import EventState
from arbitro.tournament.sheets.individuals import short_tables_note
from arbitro.tournament.standings.standings import StandingRow, entry_mark, standings
from arbitro.tournament.standings.tiebreaks import chosen, tiebreak_line

WIDTH = PAGE[0] - 2 * MARGIN


def _signed(value: int) -> str:
    return f"{value:+d}" if value else ""


def closing_note(state: EventState, *, final: bool) -> Message:
    """The note under the standings (art. 39 of FIBAS): final and valid for all purposes, or
    provisional with the complaints window in minutes; the article is cited when the event's
    code has that rule."""
    article = cite_if(state.code.code_id, "complaints_window")
    minutes = state.config.complaints_window_minutes
    if final:
        if article is None:
            return message("Final standings, valid for all purposes.")
        return message("Final standings, valid for all purposes ({article}).", article=article)
    if article is None:
        return ngettext(
            "Provisional standings: complaints about scores go to the Tournament Director within {minutes} minute of posting.",
            "Provisional standings: complaints about scores go to the Tournament Director within {minutes} minutes of posting.",
            minutes,
            minutes=minutes,
        )
    return ngettext(
        "Provisional standings: complaints about scores go to the Tournament Director within {minutes} minute of posting ({article}).",
        "Provisional standings: complaints about scores go to the Tournament Director within {minutes} minutes of posting ({article}).",
        minutes,
        minutes=minutes,
        article=article,
    )


def standings_pdf(state: EventState, after_round: int, *, lang: str = "it", final: bool) -> bytes:
    """The standings after ``after_round`` on A4, marked PROVVISORIA or DEFINITIVA (art. 39):
    rank, number, competitor, V.P., M.P., warnings, the warnings' VP and MP penalties and the
    lateness MP (arts. 22, 37, 41), best first by VP then MP (art. 19)."""
    check_lang(lang)
    state.round(after_round)  # refuses a round the event does not have
    rows = standings(state, after_round)
    code = state.code
    kind = tr(message("FINAL") if final else message("PROVISIONAL"), lang)
    title = tr(
        message("Standings after round {round} — {kind}", round=after_round, kind=kind), lang
    )
    story: list[Flowable] = [note(state.config.name, 12), heading(title, 20)]
    story.append(
        note(tr(tiebreak_line(chosen(state)[0], state.sheet_kind.mp_lower_is_better), lang), 11)
    )  # issue 34
    # The columns the event's code has: warnings and lateness only where it penalises them
    # (Scala 40 has neither, issue 27); the MP are negative points where fewer is better.
    warns = code.cite_if("warning") is not None
    late = bool(code.lateness_mp_penalty)
    mp_name = message("Negative points") if state.sheet_kind.mp_lower_is_better else message("MP")
    # A penalty column is printed only when some competitor has something in it: empty
    # columns took the names' room and wrapped them ("Sanfilippo / Lo / Presti", issue 28).
    extra: list[tuple[Message, float, Callable[[StandingRow], str]]] = []
    if warns:
        extra += [
            (message("Warn."), 46.0, lambda r: str(r.warnings) if r.warnings else ""),
            (message("Pen. VP"), 44.0, lambda r: _signed(r.penalty_vp)),
            (message("Pen. MP"), 48.0, lambda r: _signed(r.penalty_mp)),
        ]
    if late:
        extra.append((message("Late MP"), 50.0, lambda r: _signed(r.lateness_mp)))
    shown = [column for column in extra if any(column[2](r) for r in rows)]
    head = [message("Rank"), message("No."), message("Competitor"), message("VP"), mp_name]
    head += [h for h, _w, _v in shown]
    table: list[list[object]] = [[tr(h, lang) for h in head]]
    for row in rows:
        name = row.name
        if row.withdrawn_from is not None:
            # Art. 36: its results stay; the row says from which round it no longer plays.
            name = tr(
                message(
                    "{name} (withdrawn from round {round})", name=name, round=row.withdrawn_from
                ),
                lang,
            )
        mark = entry_mark(row)
        if mark is not None:  # a late entry: the round it plays from (rulings)
            name = tr(message("{name} ({mark})", name=row.name, mark=mark), lang)
        line: list[object] = [
            str(row.rank),
            str(row.competitor),
            cell(name, 12, bold=True),
            str(row.vp),
            str(row.mp),
        ]
        line += [value(row) for _h, _w, value in shown]
        table.append(line)
    numbers = [42.0, 30.0, 0.0, 44.0, 54.0 if shown else 110.0]
    numbers += [w for _h, w, _v in shown]
    numbers[2] = WIDTH - sum(numbers)
    story.append(
        list_table(
            table,
            numbers,
            size=12,
            right_columns=[0, 1, *range(3, len(numbers))],
            bold_columns=[3],
        )
    )
    three = short_tables_note(state, after_round)  # Scala 40 art. 26
    if three is not None:
        story.append(note(tr(three, lang)))
    rules = [tr(message("VP and MP include the penalties."), lang)] if shown else []
    if code.warnings_per_penalty:
        rules.append(
            tr(
                message(
                    "Every {warnings} warnings: {vp} VP and {mp} MP ({article}).",
                    warnings=code.warnings_per_penalty,
                    vp=code.warning_vp_penalty,
                    mp=code.warning_mp_penalty,
                    article=code.cite("warning_penalty"),
                ),
                lang,
            )
        )
    if code.lateness_mp_penalty:
        rules.append(
            tr(
                message(
                    "Lateness from {late_from} to {late_to} minutes: {late_mp} MP ({article}).",
                    late_from=code.lateness_sanction_up_to_s // 60,
                    late_to=code.lateness_mp_penalty_up_to_s // 60,
                    late_mp=code.lateness_mp_penalty,
                    article=code.cite("lateness"),
                ),
                lang,
            )
        )
    if rules:
        story.append(note(" ".join(rules)))
    story.append(note(tr(closing_note(state, final=final), lang), 10, INK))
    return build_document(f"{state.config.name} — {title}", story, lang=lang, footer=title)
