"""The arbiter's *verbale di gara* (the event's report, ready to sign and send to the
federation): the event, the arbiter, date and place, the participants, the final standings
(FIBAS art. 19), the sanctions of the ledger (art. 22, 36, 37, 40, 41), the rulings (Law 13 on
prepared boards, art. 40 arbitral scores), the complaints and their outcome (art. 38-39), and
a signature line. Printed from the open results format
(:class:`arbitro.services.results.ResultsFile`), A4, Italian or English."""

from __future__ import annotations

import re
from datetime import date

from reportlab.platypus import Flowable, KeepTogether

from arbitro.codes.registry import code_spec, known_code
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, message
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.style import MARGIN, PAGE
from arbitro.printouts.tables import build_document, cell, heading, list_table, note, spacer
from arbitro.services.results import CompetitorInfo, LedgerItem, ResultsFile
from arbitro.tournament.standings.tiebreaks import CRITERIA, tiebreak_line
from arbitro.tournament.zone import SHORT, local_text, zone

WIDTH = PAGE[0] - 2 * MARGIN

KINDS: dict[str, Message] = {
    "reprimand": message("reprimand"),
    "warning": message("warning"),
    "expulsion": message("expulsion"),
    "penalty": message("penalty in points"),
    "lateness": message("lateness"),
    "abandon": message("abandon"),
    "arbitral-score": message("arbitral score"),
    # the article column says which rule: FIBAS art. 6 on a Burraco board, Law 13 elsewhere
    "board-ruling": message("board ruling"),
}
"""The ledger's kinds as the verbale names them."""


_ITALIAN_DATE = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})")
_ISO_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")


def verbale_date(text: str | None) -> date | None:
    """The event's date as the arbiter types it for the verbale: the Italian way, day first
    («04/12/2026», «4-12-2026», «04.12.2026»), or ISO «2026-12-04»; None when empty (the
    day the event was created). An impossible date is refused."""
    if text is None or not text.strip():
        return None
    given = text.strip()
    try:
        if m := _ITALIAN_DATE.fullmatch(given):
            return date(int(m[3]), int(m[2]), int(m[1]))
        if m := _ISO_DATE.fullmatch(given):
            return date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        pass
    raise ArbitroError("date «{date}»: use DD/MM/YYYY, e.g. 04/12/2026", date=text)


def date_text(day: date) -> str:
    """A date printed the Italian way, «04/12/2026» (as the codes and the referto write it)."""
    return day.strftime("%d/%m/%Y")


def code_name(code: str, lang: str) -> str:
    """The competition code's name, «Burraco — codice di gara FIBAS», not its id (its spec's
    name in the registry; an unknown code as it is written)."""
    return tr(code_spec(code).name, lang) if known_code(code) else code


def rulings_title(results: ResultsFile) -> Message:
    """The rulings' heading, named by the articles the rulings apply («Decisioni (FIBAS art.
    6, FIBAS art. 40)»): Law 13 only when a Law 13 ruling is in it (issue 27; FIBAS art. 6
    rules a miscounted Burraco board)."""
    articles = list(dict.fromkeys(item.article.text for item in results.rulings))
    if not articles:
        return message("Rulings")
    return message("Rulings ({articles})", articles=", ".join(articles))


FORMATS: dict[str, Message] = {
    "pairs": message("pairs"),
    "teams": message("teams"),
    "individual": message("individuals"),
}
"""The events' formats as the verbale names them."""


def _widths(*fixed: float) -> list[float]:
    """Column widths: ``fixed``, with the one 0 taking what is left of the page's width."""
    out = list(fixed)
    out[out.index(0)] = WIDTH - sum(out)
    return out


def _name(results: ResultsFile, number: int | None) -> str:
    if number is None:
        return ""
    comp = results.competitor(number)
    return f"{number} {comp.name}" if comp else str(number)


def _played(results: ResultsFile) -> list[CompetitorInfo]:
    """The participants: the competitors who played (those the standings rank), not those
    withdrawn before their first round (absent at the check-in, FIBAS art. 36-37). Before any
    standings, every competitor not withdrawn."""
    if results.standings:
        ranked = {row.competitor for row in results.standings[-1].rows}
        return [c for c in results.competitors if c.number in ranked]
    return [c for c in results.competitors if c.withdrawn_from_round is None]


def _standing_name(results: ResultsFile, name: str, number: int, lang: str) -> str:
    """A ranked competitor's name, with the round it no longer plays from if it withdrew
    after playing (FIBAS art. 36: its results stay)."""
    comp = results.competitor(number)
    if comp is None or comp.withdrawn_from_round is None:
        return name
    return tr(
        message(
            "{name} (withdrawn from round {round})", name=name, round=comp.withdrawn_from_round
        ),
        lang,
    )


def _ledger_table(results: ResultsFile, items: list[LedgerItem], lang: str) -> Flowable:
    where = zone(results.event.timezone)  # the times at the venue (the file keeps UTC)
    rows: list[list[object]] = [
        [
            tr(message("Round"), lang),
            tr(message("Time"), lang),
            tr(message("Competitor"), lang),
            tr(message("Measure"), lang),
            tr(message("Article"), lang),
            tr(message("Reason and detail"), lang),
        ]
    ]
    for item in items:
        what = tr(KINDS.get(item.kind, Message(item.kind)), lang)
        text = "; ".join(t for t in (item.reason, item.detail) if t)
        if item.cancelled:
            text = tr(message("CANCELLED: {text}", text=text), lang)
            if item.cancel_reason:
                text += f" ({item.cancel_reason})"
        rows.append(
            [
                str(item.round),
                local_text(item.at, where, SHORT),
                cell(_name(results, item.competitor), 9),
                cell(what, 9),
                cell(item.article.text, 9),
                cell(text, 9),
            ]
        )
    return list_table(rows, _widths(36, 36, 110, 75, 75, 0), size=9, right_columns=[0])


def _none(lang: str) -> Flowable:
    return note(tr(message("None."), lang), 10)


def verbale_pdf(results: ResultsFile, *, lang: str = "it") -> bytes:
    """The verbale di gara of ``results`` on A4 in ``lang`` (``it`` or ``en``)."""
    check_lang(lang)
    event = results.event
    title = tr(message("Arbiter's report of the event"), lang)
    unknown = "______________________________"
    story: list[Flowable] = [heading(title, 20), note(event.name, 14)]
    played = _played(results)
    facts = [
        (message("Event"), f"{event.name} ({event.id})"),
        (message("Code"), code_name(event.code, lang)),
        (
            message("Format"),
            tr(FORMATS[event.format], lang) if event.format in FORMATS else event.format,
        ),
        (message("Date"), date_text(event.date)),
        (message("Time zone"), event.timezone),
        (message("Place"), event.place or unknown),
        (message("Arbiter"), event.arbiter or unknown),
        (
            message("Rounds"),
            tr(
                message(
                    "{played} of {rounds} played", played=event.rounds_played, rounds=event.rounds
                ),
                lang,
            ),
        ),
        (message("Participants"), str(len(played))),
    ]
    story.append(
        list_table(
            [[tr(k, lang), cell(v, 10) if i else v] for i, (k, v) in enumerate(facts)],
            _widths(120, 0),
            size=10,
            bold_columns=[0],
        )
    )

    story += [spacer(10), heading(tr(message("Participants"), lang), 14)]
    rows: list[list[object]] = [
        [tr(message("No."), lang), tr(message("Competitor"), lang), tr(message("Players"), lang)]
    ]
    # A late entry (Scala 40 art. 26; rulings "Late entries") has the rounds it missed scored
    # at no table: an arbitral score, the rest score or nothing.
    late = {
        r.competitor: rnd.number
        for rnd in results.rounds
        for r in rnd.results
        if r.table == 0 and r.source == "arbitral"
    }
    joined = {
        r.competitor: rnd.number + 1 for rnd in results.rounds for r in rnd.results if r.table == 0
    }
    for comp in played:
        name = comp.name
        if comp.number in joined and comp.number not in late:
            name = tr(
                message("{name} (joined from round {round})", name=name, round=joined[comp.number]),
                lang,
            )
        if comp.number in late:
            name = tr(
                message(
                    "{name} (late entry: an arbitral score up to round {round})",
                    name=name,
                    round=late[comp.number],
                ),
                lang,
            )
        if comp.withdrawn_from_round is not None:
            name = tr(
                message(
                    "{name} (withdrawn from round {round})",
                    name=name,
                    round=comp.withdrawn_from_round,
                ),
                lang,
            )
        rows.append([str(comp.number), cell(name, 9, bold=True), cell(", ".join(comp.players), 9)])
    story.append(list_table(rows, _widths(34, 200, 0), size=9, right_columns=[0]))
    numbers = {c.number for c in played}
    absent = [c for c in results.competitors if c.number not in numbers]
    if absent:
        story.append(
            note(
                tr(
                    message(
                        "Registered but withdrawn before playing (not participants): {competitors}",
                        competitors=", ".join(f"{c.number} {c.name}" for c in absent),
                    ),
                    lang,
                ),
                9,
            )
        )

    final = results.final_standings()
    story += [spacer(10)]
    if final is None:
        story += [heading(tr(message("Final standings"), lang), 14), _none(lang)]
    else:
        story.append(
            heading(tr(message("Standings after round {round}", round=final.after_round), lang), 14)
        )
        known = [t for t in results.event.tiebreaks if t in CRITERIA]  # issue 34
        line = tiebreak_line(known, results.event.mp_lower_is_better)
        story.append(note(tr(line, lang), 9))
        rows = [
            [
                tr(message("Rank"), lang),
                tr(message("No."), lang),
                tr(message("Competitor"), lang),
                tr(message("VP"), lang),
                tr(message("MP"), lang),
                tr(message("Penalties"), lang),
            ]
        ]
        for row in final.rows:
            pens = [
                f"{row.penalty_vp:+d} VP" if row.penalty_vp else "",
                f"{row.penalty_mp:+d} MP" if row.penalty_mp else "",
                tr(message("lateness {mp} M.P.", mp=row.lateness_mp), lang)
                if row.lateness_mp
                else "",
            ]
            name = _standing_name(results, row.name, row.competitor, lang)
            if row.joined_from is not None:  # a late entry (rulings "Late entries")
                mark = message("joined from round {round}", round=row.joined_from)
                if row.unranked:
                    mark = message("joined from round {round}, not ranked", round=row.joined_from)
                name = tr(message("{name} ({mark})", name=name, mark=mark), lang)
            rows.append(
                [
                    str(row.rank),
                    str(row.competitor),
                    cell(name, 9, bold=True),
                    str(row.vp),
                    str(row.mp),
                    cell(" ".join(p for p in pens if p), 8),
                ]
            )
        story.append(
            list_table(rows, _widths(34, 30, 0, 40, 50, 120), size=9, right_columns=[0, 1, 3, 4])
        )

    for title_msg, items, empty in (
        (message("Sanctions"), results.sanctions, message("No sanctions.")),
        (rulings_title(results), results.rulings, message("No rulings.")),
    ):
        story += [
            spacer(10),
            KeepTogether(
                [
                    heading(tr(title_msg, lang), 14),
                    _ledger_table(results, items, lang) if items else note(tr(empty, lang), 10),
                ]
            ),
        ]

    place_date = ", ".join(p for p in (event.place, date_text(event.date)) if p)
    signature: list[Flowable] = [
        spacer(28),
        note(tr(message("Place and date: {where}", where=place_date), lang), 11),
        spacer(34),
        note("_" * 48, 11),
        note(
            tr(message("The arbiter: {name}", name=event.arbiter or ""), lang)
            if event.arbiter
            else tr(message("The arbiter"), lang),
            11,
        ),
    ]
    story += [spacer(10)]
    complaints_title = heading(tr(message("Complaints"), lang), 14)
    if results.complaints:
        rows = [
            [
                tr(message("Round"), lang),
                tr(message("Time"), lang),
                tr(message("Competitor"), lang),
                tr(message("Complaint"), lang),
                tr(message("Outcome"), lang),
            ]
        ]
        where = zone(event.timezone)
        for c in results.complaints:
            outcome = (
                tr(message("resolved: {outcome}", outcome=c.outcome), lang)
                if c.resolved and c.outcome
                else tr(message("resolved"), lang)
                if c.resolved
                else tr(message("OPEN"), lang)
            )
            rows.append(
                [
                    str(c.round),
                    local_text(c.lodged_at, where, SHORT),
                    cell(_name(results, c.competitor), 9),
                    cell(c.text, 9),
                    cell(outcome, 9),
                ]
            )
        table = list_table(rows, _widths(36, 36, 110, 0, 150), size=9, right_columns=[0])
        # the signature never sits alone on a page: it goes with the last section (issue 28)
        story.append(KeepTogether([complaints_title, table, *signature]))
    else:
        story.append(
            KeepTogether(
                [complaints_title, note(tr(message("No complaints."), lang), 10), *signature]
            )
        )

    footer = f"{title} · {event.name} · {date_text(event.date)}"
    return build_document(title, story, lang=lang, footer=footer)
