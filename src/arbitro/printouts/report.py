"""The arbiter's report (*referto arbitrale*, Burraco Parole UISP art. 14.2) as text and PDF.

Art. 14.2: the report is written at the end of every event and sent to the sports justice body
within 24 hours; it is "singolo per ciascun giocatore" (one per player: several measures
against several players need as many reports) and it must be detailed and clear, "riportando i
soggetti, i tempi, i motivi, gli interventi, le presenze e i testimoni" (people, times, reasons,
interventions, those present and the witnesses). :func:`reports_by_player` splits the arbiter's
incidents into one :class:`ArbiterReport` per sanctioned player; :func:`report_text` and
:func:`report_pdf` print it (the PDF with ReportLab, A4, Italian labels with English below).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from enum import Enum
from typing import Final

from arbitro.errors import ArbitroError

REPORT_DEADLINE: Final = timedelta(hours=24)
"""The report reaches the sports justice body within 24 hours of the event's end (art. 14.2)."""


class Sanction(Enum):
    """The arbiter's measures in order of gravity (Parole art. 14.2; FIBAS art. 22, 40)."""

    NONE = "none"
    REPRIMAND = "reprimand"
    WARNING = "warning"
    EXPULSION = "expulsion"
    PENALTY = "penalty"

    @property
    def italian(self) -> str:
        """The Italian name (richiamo, ammonizione, espulsione, penalità)."""
        return {
            "none": "nessuna",
            "reprimand": "richiamo ufficiale",
            "warning": "ammonizione ufficiale",
            "expulsion": "espulsione ufficiale",
            "penalty": "penalità",
        }[self.value]

    @property
    def english(self) -> str:
        """The English name."""
        return {
            "none": "none",
            "reprimand": "official reprimand",
            "warning": "official warning",
            "expulsion": "official expulsion",
            "penalty": "penalty",
        }[self.value]


@dataclass(frozen=True, slots=True)
class Person:
    """Someone named in a report: name, membership card (*tessera*) and role at the table."""

    name: str
    card: str = ""
    role: str = ""

    def label(self) -> str:
        """``Name (tessera X, role)`` as printed."""
        extra = [x for x in (f"tessera {self.card}" if self.card else "", self.role) if x]
        return f"{self.name} ({', '.join(extra)})" if extra else self.name


@dataclass(frozen=True, slots=True)
class Incident:
    """One fact the arbiter dealt with (art. 14.2: times, reasons, interventions, presences).

    ``occurred_at``: when it happened; ``called_at``: when the arbiter was called (optional);
    ``reason``: the facts (*motivi*); ``intervention``: what the arbiter did; ``article``: the
    article applied; ``present``: the people at the table (*presenze*); ``witnesses``.
    """

    occurred_at: datetime
    reason: str
    intervention: str
    article: str = ""
    sanction: Sanction = Sanction.NONE
    table: str = ""
    round: int | None = None
    deal: int | None = None
    called_at: datetime | None = None
    present: tuple[Person, ...] = ()
    witnesses: tuple[Person, ...] = ()


@dataclass(frozen=True, slots=True)
class ArbiterReport:
    """A *referto arbitrale* for one player (art. 14.2: "singolo per ciascun giocatore")."""

    event: str
    event_date: date
    arbiter: Person
    player: Person
    incidents: tuple[Incident, ...]
    venue: str = ""
    code: str = ""
    event_end: datetime | None = None
    written_at: datetime | None = None
    notes: str = ""
    recipient: str = "Organo di Giustizia Sportiva"
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def send_by(self) -> datetime | None:
        """The deadline: 24 hours after the end of the event (art. 14.2), if the end is known."""
        return self.event_end + REPORT_DEADLINE if self.event_end else None

    @property
    def gravest(self) -> Sanction:
        """The gravest measure taken against the player in this report."""
        order = list(Sanction)
        return max((i.sanction for i in self.incidents), key=order.index, default=Sanction.NONE)


def _check(report: ArbiterReport) -> None:
    if not report.player.name.strip():
        raise ArbitroError(
            it="il referto deve indicare il giocatore",
            en="the report must name the player",
            article="14.2",
            key="report.no_player",
        )
    if not report.arbiter.name.strip():
        raise ArbitroError(
            it="il referto deve indicare l'arbitro che lo redige",
            en="the report must name the arbiter who writes it",
            article="14.2",
            key="report.no_arbiter",
        )
    if not report.incidents:
        raise ArbitroError(
            it="il referto deve riportare almeno un fatto",
            en="the report must record at least one incident",
            article="14.2",
            key="report.no_incident",
        )
    for n, inc in enumerate(report.incidents, 1):
        if not inc.reason.strip() or not inc.intervention.strip():
            raise ArbitroError(
                it=f"fatto {n}: mancano i motivi o l'intervento dell'arbitro",
                en=f"incident {n}: the reasons or the arbiter's intervention are missing",
                article="14.2",
                key="report.incomplete",
            )


def reports_by_player(
    incidents: Iterable[tuple[Person, Incident]],
    *,
    event: str,
    event_date: date,
    arbiter: Person,
    venue: str = "",
    code: str = "",
    event_end: datetime | None = None,
    written_at: datetime | None = None,
) -> list[ArbiterReport]:
    """One report per sanctioned player (art. 14.2), incidents in time order, players by name.

    ``incidents`` pairs each incident with the player it concerns; the same person (same name
    and card) gets one report with all their incidents.
    """
    grouped: dict[tuple[str, str], tuple[Person, list[Incident]]] = {}
    for person, inc in incidents:
        key = (person.name.strip().casefold(), person.card.strip())
        grouped.setdefault(key, (person, []))[1].append(inc)
    out = []
    for key in sorted(grouped):
        person, incs = grouped[key]
        report = ArbiterReport(
            event=event,
            event_date=event_date,
            arbiter=arbiter,
            player=person,
            incidents=tuple(sorted(incs, key=lambda i: i.occurred_at)),
            venue=venue,
            code=code,
            event_end=event_end,
            written_at=written_at,
        )
        _check(report)
        out.append(report)
    return out


def _when(t: datetime | None) -> str:
    return t.strftime("%d/%m/%Y %H:%M") if t else "—"


def _people(people: Sequence[Person]) -> str:
    return "; ".join(p.label() for p in people) if people else "—"


def _header_rows(report: ArbiterReport) -> list[tuple[str, str, str]]:
    """(Italian label, English label, value) of the report's heading fields."""
    return [
        ("Manifestazione", "Event", report.event),
        ("Data", "Date", report.event_date.strftime("%d/%m/%Y")),
        ("Sede", "Venue", report.venue or "—"),
        ("Codice di gara", "Code", report.code or "—"),
        ("Arbitro", "Arbiter", report.arbiter.label()),
        ("Giocatore", "Player", report.player.label()),
        ("Provvedimento più grave", "Gravest measure", report.gravest.italian),
        ("Destinatario", "Recipient", report.recipient),
        ("Da inviare entro", "Send by", _when(report.send_by)),
        ("Redatto il", "Written on", _when(report.written_at)),
    ]


def _incident_rows(inc: Incident) -> list[tuple[str, str, str]]:
    where = ", ".join(
        x
        for x in (
            f"tavolo {inc.table}" if inc.table else "",
            f"turno {inc.round}" if inc.round is not None else "",
            f"smazzata {inc.deal}" if inc.deal is not None else "",
        )
        if x
    )
    return [
        ("Ora del fatto", "Time of the facts", _when(inc.occurred_at)),
        ("Chiamata dell'arbitro", "Arbiter called", _when(inc.called_at)),
        ("Luogo", "Where", where or "—"),
        ("Motivi", "Reasons", inc.reason),
        ("Articolo", "Article", inc.article or "—"),
        ("Intervento", "Intervention", inc.intervention),
        ("Provvedimento", "Measure", f"{inc.sanction.italian} / {inc.sanction.english}"),
        ("Presenze", "Present", _people(inc.present)),
        ("Testimoni", "Witnesses", _people(inc.witnesses)),
    ]


def report_text(report: ArbiterReport, lang: str = "it") -> str:
    """The report as plain text (labels in ``lang``: ``it`` or ``en``), every field of art. 14.2."""
    _check(report)
    pick = 1 if lang == "en" else 0
    title = "ARBITER'S REPORT" if pick else "REFERTO ARBITRALE"
    lines = [f"{title} (art. 14.2)", ""]
    for row in _header_rows(report):
        lines.append(f"{row[pick]}: {row[2]}")
    for n, inc in enumerate(report.incidents, 1):
        lines += ["", f"{'Incident' if pick else 'Fatto'} {n}"]
        for row in _incident_rows(inc):
            lines.append(f"  {row[pick]}: {row[2]}")
    if report.notes:
        lines += ["", f"{'Notes' if pick else 'Note'}: {report.notes}"]
    sign = "Signature of the arbiter" if pick else "Firma dell'arbitro"
    lines += ["", f"{sign}: ____________"]
    return "\n".join(lines) + "\n"


def report_pdf(report: ArbiterReport) -> bytes:
    """The report as a printable A4 PDF (ReportLab): heading, one table per incident, signature."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import (
        KeepTogether,
        Paragraph,
        SimpleDocTemplate,
        Spacer,
        Table,
        TableStyle,
    )

    _check(report)
    styles = getSampleStyleSheet()
    cell = ParagraphStyle("cell", parent=styles["BodyText"], fontSize=9, leading=11)
    label = ParagraphStyle("label", parent=cell, fontName="Helvetica-Bold")

    def esc(text: str) -> str:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    def table(rows: list[tuple[str, str, str]]) -> Table:
        data = [
            [
                Paragraph(f"{esc(it)}<br/><font size=7 color='#555555'>{esc(en)}</font>", label),
                Paragraph(esc(value).replace("\n", "<br/>"), cell),
            ]
            for it, en, value in rows
        ]
        t = Table(data, colWidths=[45 * mm, 125 * mm])
        t.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#eeeeee")),
                ]
            )
        )
        return t

    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf,
        pagesize=A4,
        title=f"Referto arbitrale — {report.player.name}",
        author=report.arbiter.name,
        leftMargin=20 * mm,
        rightMargin=20 * mm,
        topMargin=18 * mm,
        bottomMargin=18 * mm,
    )
    story: list[object] = [
        Paragraph("REFERTO ARBITRALE", styles["Title"]),
        Paragraph("Arbiter's report — art. 14.2", styles["Italic"]),
        Spacer(1, 4 * mm),
        table(_header_rows(report)),
    ]
    for n, inc in enumerate(report.incidents, 1):
        story += [
            Spacer(1, 5 * mm),
            KeepTogether(
                [
                    Paragraph(f"Fatto {n} / Incident {n}", styles["Heading3"]),
                    table(_incident_rows(inc)),
                ]
            ),
        ]
    if report.notes:
        story += [Spacer(1, 4 * mm), Paragraph(f"Note / Notes: {esc(report.notes)}", cell)]
    story += [
        Spacer(1, 14 * mm),
        Paragraph("Firma dell'arbitro / Arbiter's signature: ______________________", cell),
    ]
    doc.build(story)
    return buf.getvalue()
