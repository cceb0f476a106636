"""What a round's seating, drawn or edited by hand, should be looked at for before it is
published (docs/rulings.md, "Seating by hand"): warnings, never refusals (the director may
publish anyway, FIBAS art. 4 "a scelta dell'Arbitro"; art. 40 the arbiter's powers).

- ``rematch``: two competitors who met in the previous round meet again while the round is
  seated by modified Danish and is not the last (art. 4 "Sistema DANESE modificato: non si
  possono incontrare le coppie [...] che si siano affrontate nel turno precedente, salvo
  all'ultimo turno");
- ``met-before``: two competitors meet again who met in an earlier round of the event (any
  other movement, or earlier than the previous round): a note, the code forbids none of it;
- ``constraint``: a pair that must not meet seated together (art. 4, the constraints);
- ``rest-twice``: a competitor resting again in the same session (art. 37 "una coppia non
  può riposare due volte nella stessa sessione");
- ``missing-line``: more than one incomplete table (art. 2 "Tavolo incompleto", art. 37: one
  line rests where the field is odd; two half tables could be one table).

Pure functions of the state and a seating: computed at every look, never stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.codes.citation import Citation
from arbitro.i18n import Message, msg, ngettext
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId, Movement, Seating
from arbitro.tournament.pairing_constraints import unkept_in

KINDS = ("rematch", "met-before", "constraint", "rest-twice", "missing-line")
"""The kinds of warnings, in the order they are listed."""


@dataclass(frozen=True, slots=True)
class SeatingWarning:
    """One warning on a seating: its kind, the table it concerns, the competitors named,
    the message (rendered at the edge) and the article it cites, if any."""

    kind: str
    table: int
    competitors: tuple[CompetitorId, ...]
    message: Message
    article: Citation | None = None


def _name(state: EventState, c: CompetitorId) -> str:
    # As the seating's tables name a competitor: «Verdi – Neri (2)».
    found = state.competitors.get(c)
    return f"{found.name} ({c})" if found is not None else str(c)


def meetings(state: EventState, before: int) -> dict[frozenset[CompetitorId], int]:
    """Every two competitors who sat on opposite lines of a table in a round before
    ``before``, with the last round they met in (pairs and teams: a line is one
    competitor)."""
    met: dict[frozenset[CompetitorId], int] = {}
    for n in range(1, before):
        seating = state.round(n).seating
        for t in seating.tables if seating is not None else ():
            if t.players is None and t.ns is not None and t.ew is not None:
                for a in t.ns:
                    for b in t.ew:
                        met[frozenset((a, b))] = n
    return met


def rests_before(state: EventState, round_number: int) -> dict[CompetitorId, list[int]]:
    """The rounds of the session of ``round_number`` before it in which each competitor
    rested at an incomplete table (FIBAS art. 2 "Sessione", art. 37)."""
    rests: dict[CompetitorId, list[int]] = {}
    for n in range(state.config.session_start(round_number), round_number):
        seating = state.round(n).seating
        for line in seating.resting if seating is not None else ():
            for c in line:
                rests.setdefault(c, []).append(n)
    return rests


def seating_warnings(
    state: EventState, round_number: int, seating: Seating | None = None
) -> list[SeatingWarning]:
    """The warnings of round ``round_number``'s seating (``seating``: another one to judge,
    e.g. the one an edit would make), by table then kind (see the module)."""
    seating = seating if seating is not None else state.round(round_number).seating
    if seating is None:
        return []
    code = state.code
    found: list[SeatingWarning] = []
    movement = state.round(round_number).movement
    last = round_number == state.config.rounds
    met = meetings(state, round_number)
    for t in seating.tables:
        if t.players is not None or t.ns is None or t.ew is None:
            continue
        for a in t.ns:
            for b in t.ew:
                when = met.get(frozenset((a, b)))
                if when is None:
                    continue
                names = {"first": _name(state, a), "second": _name(state, b), "table": t.table}
                if movement is Movement.MODIFIED_DANISH and not last and when == round_number - 1:
                    article = code.cite_if("seating")
                    text = msg(
                        "Table {table}: {first} and {second} met in the previous round: "
                        "modified Danish forbids it but in the last round ({article})",
                        article=article or "",
                        **names,
                    )
                    found.append(SeatingWarning("rematch", t.table, (a, b), text, article))
                else:
                    text = msg(
                        "Table {table}: {first} and {second} already met in round {round}",
                        round=when,
                        **names,
                    )
                    found.append(SeatingWarning("met-before", t.table, (a, b), text))
    if state.constraints:
        article = code.cite_if("seating")
        for u in unkept_in(state, seating):
            pair = (u.constraint.first, u.constraint.second)
            found.append(SeatingWarning("constraint", u.table, pair, u.message, article))
    rests = rests_before(state, round_number)
    rest_article = code.cite_if("rest")
    incomplete = [t for t in seating.tables if t.is_incomplete]
    for t in incomplete:
        for line in t.lines:
            for c in line:
                if c in rests:
                    text = ngettext(
                        "Table {table}: {name} rests again in this session (it rested in "
                        "round {rounds}): a pair may not rest twice in the same session "
                        "({article})",
                        "Table {table}: {name} rests again in this session (it rested in "
                        "rounds {rounds}): a pair may not rest twice in the same session "
                        "({article})",
                        len(rests[c]),
                        table=t.table,
                        name=_name(state, c),
                        rounds=", ".join(str(n) for n in rests[c]),
                        article=rest_article or "",
                    )
                    found.append(SeatingWarning("rest-twice", t.table, (c,), text, rest_article))
    if len(incomplete) > 1:
        for t in incomplete:
            text = msg(
                "Table {table}: one line only ({names}), and {count} tables are incomplete: "
                "two half tables could be one ({article})",
                table=t.table,
                names=", ".join(_name(state, c) for line in t.lines for c in line),
                count=len(incomplete),
                article=rest_article or "",
            )
            found.append(
                SeatingWarning(
                    "missing-line",
                    t.table,
                    tuple(c for line in t.lines for c in line),
                    text,
                    rest_article,
                )
            )
    order = {k: i for i, k in enumerate(KINDS)}
    return sorted(found, key=lambda w: (w.table, order[w.kind]))
