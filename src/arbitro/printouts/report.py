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
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from enum import Enum
from typing import TYPE_CHECKING, Final

from arbitro.codes.citation import Citation, sole_citation
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, message, render
from arbitro.lazy_names import lazy_module
from arbitro.tournament.zone import local_text, zone

if TYPE_CHECKING:
    from reportlab import platypus
    from reportlab.lib import colors, pagesizes, units
    from reportlab.lib import styles as rl_styles

    from arbitro.printouts import style as printouts_style
else:
    printouts_style = lazy_module("arbitro.printouts.style")
    platypus = lazy_module("reportlab.platypus")
    units = lazy_module("reportlab.lib.units")
    rl_styles = lazy_module("reportlab.lib.styles")
    colors = lazy_module("reportlab.lib.colors")
    pagesizes = lazy_module("reportlab.lib.pagesizes")

REPORT_DEADLINE: Final = timedelta(hours=24)
"""The report reaches the sports justice body within 24 hours of the event's end (art. 14.2)."""


def arbiter_report_article() -> Citation:
    """The article of the arbiter's report (Parole UISP art. 14.2), from the one code that
    writes the rule (the registry's: no code named here, issue 30)."""
    return sole_citation("arbiter_report")


class Sanction(Enum):
    """The arbiter's measures in order of gravity (Parole art. 14.2; FIBAS art. 22, 40)."""

    NONE = "none"
    REPRIMAND = "reprimand"
    WARNING = "warning"
    EXPULSION = "expulsion"
    PENALTY = "penalty"

    @property
    def label(self) -> Message:
        """The measure's name (richiamo, ammonizione, espulsione ufficiale, penalità)."""
        return {
            "none": message("no measure"),
            "reprimand": message("official reprimand"),
            "warning": message("official warning"),
            "expulsion": message("official expulsion"),
            "penalty": message("penalty"),
        }[self.value]

    @property
    def italian(self) -> str:
        """The Italian name (richiamo, ammonizione, espulsione, penalità)."""
        return render(self.label, "it")

    @property
    def english(self) -> str:
        """The English name."""
        return render(self.label, "en")


@dataclass(frozen=True, slots=True)
class Person:
    """Someone named in a report: name, membership card (*tessera*) and role at the table."""

    name: str
    card: str = ""
    role: str = ""

    def label(self, lang: str = "it") -> str:
        """``Name (tessera X, role)`` as printed, in ``lang``."""
        card = render(message("card {card}", card=self.card), lang) if self.card else ""
        extra = [x for x in (card, self.role) if x]
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
    timezone: str | None = None  # the venue's zone of the times given with an offset (Rome)
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
            "the report must name the player",
            article=arbiter_report_article(),
            key="report.no_player",
        )
    if not report.arbiter.name.strip():
        raise ArbitroError(
            "the report must name the arbiter who writes it",
            article=arbiter_report_article(),
            key="report.no_arbiter",
        )
    if not report.incidents:
        raise ArbitroError(
            "the report must record at least one incident",
            article=arbiter_report_article(),
            key="report.no_incident",
        )
    for n, inc in enumerate(report.incidents, 1):
        if not inc.reason.strip() or not inc.intervention.strip():
            raise ArbitroError(
                "incident {number}: the reasons or the arbiter's intervention are missing",
                number=n,
                article=arbiter_report_article(),
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
    timezone: str | None = None,
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
            timezone=timezone,
        )
        _check(report)
        out.append(report)
    return out


def _when(t: datetime | None, where: str | None = None) -> str:
    """A time of the report as the venue's clock showed it: a time given with its offset (or
    in UTC) in the zone ``where`` (the report's; Europe/Rome by default), a time given
    without one as it was written."""
    if t is None:
        return "—"
    return (
        local_text(t, zone(where), "%d/%m/%Y %H:%M") if t.tzinfo else t.strftime("%d/%m/%Y %H:%M")
    )


def _people(people: Sequence[Person], lang: str) -> str:
    return "; ".join(p.label(lang) for p in people) if people else "—"


def _header_rows(report: ArbiterReport, lang: str) -> list[tuple[Message, str]]:
    """(label, value in ``lang``) of the report's heading fields."""
    return [
        (message("Sporting event"), report.event),
        (message("Date"), report.event_date.strftime("%d/%m/%Y")),
        (message("Venue"), report.venue or "—"),
        (message("Competition code"), report.code or "—"),
        (message("Arbiter"), report.arbiter.label(lang)),
        (message("Player"), report.player.label(lang)),
        (message("Gravest measure"), render(report.gravest.label, lang)),
        (message("Recipient"), report.recipient),
        (message("Send by"), _when(report.send_by, report.timezone)),
        (message("Written on"), _when(report.written_at, report.timezone)),
    ]


def _incident_rows(
    inc: Incident, lang: str, measure: str, timezone: str | None = None
) -> list[tuple[Message, str]]:
    """(label, value in ``lang``) of one incident's fields; ``measure`` is the sanction as
    printed."""
    where = ", ".join(
        render(m, lang)
        for m in (
            message("table {table}", table=inc.table) if inc.table else None,
            message("round {round}", round=inc.round) if inc.round is not None else None,
            message("deal {deal}", deal=inc.deal) if inc.deal is not None else None,
        )
        if m is not None
    )
    return [
        (message("Time of the facts"), _when(inc.occurred_at, timezone)),
        (message("Arbiter called"), _when(inc.called_at, timezone)),
        (message("Where"), where or "—"),
        (message("Reasons"), inc.reason),
        (message("Article"), inc.article or "—"),
        (message("Intervention"), inc.intervention),
        (message("Measure"), measure),
        (message("Present"), _people(inc.present, lang)),
        (message("Witnesses"), _people(inc.witnesses, lang)),
    ]


def report_text(report: ArbiterReport, lang: str = "it") -> str:
    """The report as plain text, wholly in ``lang`` (``it`` or ``en``), every field of
    art. 14.2."""
    _check(report)
    title = render(message("ARBITER'S REPORT ({article})", article=arbiter_report_article()), lang)
    lines = [title, ""]
    for name, value in _header_rows(report, lang):
        lines.append(f"{render(name, lang)}: {value}")
    for n, inc in enumerate(report.incidents, 1):
        lines += ["", render(message("Incident {number}", number=n), lang)]
        for name, value in _incident_rows(
            inc, lang, render(inc.sanction.label, lang), report.timezone
        ):
            lines.append(f"  {render(name, lang)}: {value}")
    if report.notes:
        lines += ["", f"{render(message('Notes'), lang)}: {report.notes}"]
    sign = render(message("Signature of the arbiter"), lang)
    lines += ["", f"{sign}: ____________"]
    return "\n".join(lines) + "\n"


def report_file_name(number: int, report: ArbiterReport) -> str:
    """The report's PDF file name, «referto-1-łukasz-dąbrowski.pdf»: the player's name with
    its letters kept, accented or not, the rest as hyphens (art. 14.2: one report per
    player, so the name tells the files apart)."""
    slug = re.sub(r"[\W_]+", "-", report.player.name).strip("-").lower()
    return f"referto-{number}-{slug}.pdf"


def report_pdf(report: ArbiterReport) -> bytes:
    """The report as a printable A4 PDF (ReportLab): heading, one table per incident, signature
    (art. 14.2). It goes to the Italian sports justice body: values and labels in Italian,
    each label with its English below."""
    _check(report)
    # The same embedded font as every other printout: ReportLab's Helvetica is not embedded and
    # has no «Ł» or «ą» (issue 28: "Łukasz Dąbrowski" printed as "■ukasz D■browski").
    regular, bold = printouts_style.register_fonts()
    sample = rl_styles.getSampleStyleSheet()
    styles = {
        name: rl_styles.ParagraphStyle(
            name, parent=sample[name], fontName=regular if name in ("Italic", "BodyText") else bold
        )
        for name in ("Title", "Italic", "Heading3", "BodyText")
    }
    cell = rl_styles.ParagraphStyle("cell", parent=styles["BodyText"], fontSize=9, leading=11)
    label = rl_styles.ParagraphStyle("label", parent=cell, fontName=bold)

    def esc(text: str) -> str:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    def both(msg: Message) -> tuple[str, str]:
        return render(msg, "it"), render(msg, "en")

    def table(rows: list[tuple[Message, str]]) -> platypus.Table:
        data = [
            [
                platypus.Paragraph(
                    "{}<br/><font size=7 color='#555555'>{}</font>".format(*map(esc, both(name))),
                    label,
                ),
                platypus.Paragraph(esc(value).replace("\n", "<br/>"), cell),
            ]
            for name, value in rows
        ]
        t = platypus.Table(data, colWidths=[45 * units.mm, 125 * units.mm])
        t.setStyle(
            platypus.TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#eeeeee")),
                ]
            )
        )
        return t

    buf = io.BytesIO()
    doc = platypus.SimpleDocTemplate(
        buf,
        pagesize=pagesizes.A4,
        title=render(message("Arbiter's report — {player}", player=report.player.name), "it"),
        author=report.arbiter.name,
        leftMargin=20 * units.mm,
        rightMargin=20 * units.mm,
        topMargin=18 * units.mm,
        bottomMargin=18 * units.mm,
    )
    story: list[object] = [
        platypus.Paragraph(esc(render(message("ARBITER'S REPORT"), "it")), styles["Title"]),
        platypus.Paragraph(
            esc(
                render(
                    message("Arbiter's report — {article}", article=arbiter_report_article()), "en"
                )
            ),
            styles["Italic"],
        ),
        platypus.Spacer(1, 4 * units.mm),
        table(_header_rows(report, "it")),
    ]
    for n, inc in enumerate(report.incidents, 1):
        measure = " / ".join(both(inc.sanction.label))
        story += [
            platypus.Spacer(1, 5 * units.mm),
            platypus.KeepTogether(
                [
                    platypus.Paragraph(
                        " / ".join(both(message("Incident {number}", number=n))),
                        styles["Heading3"],
                    ),
                    table(_incident_rows(inc, "it", measure, report.timezone)),
                ]
            ),
        ]
    if report.notes:
        notes = " / ".join(both(message("Notes")))
        story += [
            platypus.Spacer(1, 4 * units.mm),
            platypus.Paragraph(f"{notes}: {esc(report.notes)}", cell),
        ]
    story += [
        platypus.Spacer(1, 14 * units.mm),
        platypus.Paragraph(
            esc(" / ".join(both(message("Signature of the arbiter")))) + ": ______________________",
            cell,
        ),
    ]
    doc.build(story, canvasmaker=printouts_style.PdfCanvas)  # no bidi control printed (issue 29)
    return buf.getvalue()
