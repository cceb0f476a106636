"""The prizes of an event (Parole art. 6.1): the director's prize plan and the prize list read
back from the event's records.

- **A category** is written ``NAME:RULE[=PARAM]:PRIZES[:NUMBERS]`` (the CLI's ``--category``,
  one line of the desk's form): ``Assoluta:assoluta:100/60/40``, ``Dame:dame:50/30``,
  ``Over 65:anziani=1961:30``, ``Esordienti:esordienti=2026:Coppa``, ``Cat. B:categoria=B:20``,
  ``Premio del circolo:elenco:Cesto:4,7``; the rule is read in Italian or English
  (``dame`` or ``ladies``: ``RULE_WORDS``). Prizes are separated by ``/``: an amount in euros
  (``50``, ``12,50``) or the text of a prize in kind. ``NUMBERS`` name the competitors who may
  take the category, whatever the registry says (the way without the registry).
- **Eligibility** comes from the registry (sex, birth year, first season, federation category
  of the players linked to each competitor) and is written into the plan's record when it is
  recorded: the ceremony's list is read again from the event file alone.
- **The prize list**: each category's awards with the competitors' names, the tie rule used
  and the competitors tied (:func:`prize_list`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, msg
from arbitro.services.event_log import fresh_seed
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.store import players as registry
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import PrizeCategoryPlan, PrizePlanRecorded
from arbitro.tournament.rules import EventRules
from arbitro.tournament.standings.prizes import (
    RULE_WORDS,
    TIE_WORDS,
    Award,
    CategoryRequest,
    Eligibility,
    PlayerProfile,
    TieRule,
    WordList,
    build_plan,
    named,
    plan_awards,
    rule_word,
)
from arbitro.tournament.standings.standings import standings

AMOUNT = re.compile(r"^€?\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*€?$")
RULE_NAMES = {
    Eligibility.OVERALL: Message("every competitor"),
    Eligibility.LADIES: Message("ladies: every player a woman"),
    Eligibility.MIXED: Message("mixed: a woman and a man"),
    Eligibility.LISTED: Message("competitors named by the director"),
}
TIE_RULE_NAMES = {
    TieRule.SPLIT: Message("(a) the prizes added and divided, if divisible, else drawn"),
    TieRule.WINNERS_DECIDE: Message("(b) the winners decide how to share them"),
    TieRule.DRAW: Message("(c) drawn by lot"),
}


def article(code: EventRules | None = None) -> Citation | None:
    """The article of prize ties and of the director's prize criteria in the event's code
    (``[event_articles] prize_ties``: Parole art. 6.1); None where the code has no prize rule
    (FIBAS, Scala 40: the director's ruling, docs/rulings.md "Prizes" 7) or is not known (a
    line read before the event is)."""
    return None if code is None else code.cite_if("prize_ties")


def tie_article(code: EventRules) -> Citation | Message:
    """What decides a prize tie, as a page or a printout cites it: the event's code's article
    (Parole art. 6.1), or, where the code is silent on prizes (FIBAS, Scala 40), the
    director's ruling announced with the plan (docs/rulings.md "Prizes" 7), never another
    code's article."""
    own = article(code)
    if own is not None:
        return own
    return msg(
        "director's ruling: the {code} code has no prize rule",
        code=CodeId(code.code).short_name,
    )


def parse_prize(text: str, code: EventRules | None = None) -> int | str:
    """A prize as typed: an amount in euros (``50``, ``12,50``, ``€ 8``) as cents, else the
    text of a prize in kind (``Coppa``) (Parole art. 6.1: the direction's prizes)."""
    text = " ".join(text.split())
    found = AMOUNT.fullmatch(text)
    if found is None:
        if not text:
            raise ArbitroError("an empty prize", article=article(code))
        return text
    return int(found.group(1)) * 100 + int((found.group(2) or "0").ljust(2, "0"))


def parse_numbers(name: str, text: str, code: EventRules | None = None) -> tuple[int, ...]:
    """The competitor numbers of a category (``4,7`` or ``4 7``), refused if one is not a
    number (Parole art. 6.1: the competitors the director names)."""
    try:
        return tuple(int(n) for n in re.split(r"[\s,;]+", text) if n)
    except ValueError:
        raise ArbitroError(
            "prize category «{name}»: «{numbers}» are not competitor numbers",
            name=name,
            numbers=text,
            article=article(code),
        ) from None


def category(
    name: str,
    rule: Eligibility,
    param: str | None,
    prizes: str,
    numbers: str = "",
    code: EventRules | None = None,
) -> CategoryRequest:
    """A category from its parts, as the desk's rows give them (name, rule, parameter, prizes
    separated by ``/``, numbers), checked as :func:`parse_category` checks a line (Parole
    art. 6.1: "criteri preannunciati e prestabiliti dalla direzione di gara")."""
    listed = parse_numbers(name, numbers, code) if numbers.strip() else ()
    if rule is Eligibility.LISTED and not listed:
        raise ArbitroError(
            "prize category «{name}»: name its competitors (NAME:listed:PRIZES:4,7)",
            name=name,
            article=article(code),
        )
    won = tuple(parse_prize(p, code) for p in prizes.split("/"))
    return CategoryRequest(name, rule, won, (param or "").strip() or None, listed)


def parse_category(text: str, code: EventRules | None = None) -> CategoryRequest:
    """A category as written ``NAME:RULE[=PARAM]:PRIZES[:NUMBERS]`` (see the module); an
    ArbitroError naming what is wrong, citing the event's ``code`` where it has a prize rule."""
    parts = [p.strip() for p in text.split(":")]
    if len(parts) not in (3, 4) or not parts[0]:
        raise ArbitroError(
            "prize category «{text}»: write NAME:RULE:PRIZES (e.g. Dame:ladies:50/30)",
            text=text,
            article=article(code),
        )
    rule_text, _, param = parts[1].partition("=")
    rule = named(RULE_WORDS, rule_text)
    if rule is None:
        raise ArbitroError(
            "prize category «{name}»: unknown rule «{rule}» (one of: {rules})",
            name=parts[0],
            rule=rule_text,
            rules=WordList(RULE_WORDS),
            article=article(code),
        )
    return category(parts[0], rule, param, parts[2], parts[3] if len(parts) == 4 else "", code)


def prizes_line(prizes: tuple[int | str, ...]) -> str:
    """A category's prizes written back as :func:`parse_prize` reads them, separated by
    ``/``: ``100/60/40``, ``12,50``, ``Coppa`` (Parole art. 6.1)."""
    return "/".join(
        (f"{p // 100}" if p % 100 == 0 else f"{p // 100},{p % 100:02d}")
        if isinstance(p, int)
        else p
        for p in prizes
    )


def category_line(cat: PrizeCategoryPlan, lang: str | None = None) -> str:
    """A recorded category written back as :func:`parse_category` reads it, its rule in
    ``lang`` (the desk's form shows the recorded plan so)."""
    prizes = prizes_line(cat.prizes)
    rule = rule_word(Eligibility(cat.rule), lang) + (f"={cat.param}" if cat.param else "")
    line = f"{cat.name}:{rule}:{prizes}"
    if cat.rule == Eligibility.LISTED.value and cat.eligible:
        line += ":" + ",".join(str(c) for c in cat.eligible)
    return line


def example(lang: str | None = None) -> str:
    """Three category lines in ``lang``: the desk form's text before a plan is recorded."""
    word = partial(rule_word, lang=lang)
    return "\n".join(
        (
            f"{msg('Overall').render(lang)}:{word(Eligibility.OVERALL)}:100/60/40",
            f"{msg('Ladies').render(lang)}:{word(Eligibility.LADIES)}:50",
            f"Over 65:{word(Eligibility.SENIORS)}=1961:{msg('Cup').render(lang)}",
        )
    )


def parse_tie_rule(text: str, code: EventRules | None = None) -> TieRule:
    """The tie rule of art. 6.1 named in either language (``sorteggio`` or ``draw``) or by its
    letter (``a``, ``b``, ``c``)."""
    letters = {"a": TieRule.SPLIT, "b": TieRule.WINNERS_DECIDE, "c": TieRule.DRAW}
    rule = letters.get(text.strip().lower()) or named(TIE_WORDS, text)
    if rule is None:
        raise ArbitroError(
            "unknown tie rule «{rule}» (one of: {rules})",
            rule=text,
            rules=WordList(TIE_WORDS),
            article=article(code),
        )
    return rule


def profiles(store: RecordStore, event_id: str) -> dict[CompetitorId, list[PlayerProfile]]:
    """What the registry says of the players of each competitor of ``event_id`` (the players
    linked when they were registered from the registry)."""
    found: dict[CompetitorId, list[PlayerProfile]] = {}
    for competitor, p in registry.players_of_event(store, event_id):
        found.setdefault(competitor, []).append(
            PlayerProfile(p.sex, p.birth_year, p.first_season, p.category)
        )
    return found


def record_plan(
    service: EventService,
    event_id: str,
    requests: list[CategoryRequest],
    tie_rule: TieRule,
    *,
    seed: int | None = None,
    after_round: int | None = None,
    actor: str = "director",
) -> PrizePlanRecorded:
    """Record the prize plan of ``event_id`` on the standings after ``after_round`` (default:
    the last round): the categories' eligible competitors found in the registry now, the tie
    rule and the seed of the draws (a fresh one if not given). Refused before the round's
    standings are published (Parole art. 6.1)."""
    state = service.state(event_id)
    rnd = after_round or state.config.rounds
    plan = build_plan(
        sorted(state.competitors),
        profiles(service.store, event_id),
        requests,
        tie_rule,
        fresh_seed(seed) or 0,
        rnd,
    )
    service.run(event_id, values.RecordPrizePlan(plan, actor))
    return plan


# ---------------------------------------------------------------------------- the list
@dataclass(frozen=True, slots=True)
class PrizeLine:
    """One line of the prize list: the places, the competitor (number and name), its rank in
    the standings, its prize and how a tie decided it."""

    places: tuple[int, ...]
    competitor: CompetitorId
    name: str
    rank: int
    prize: int | str
    tie: TieRule | None
    tied_with: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CategoryList:
    """A category of the prize list: its name, who may take it, and its lines."""

    name: str
    rule: Message
    lines: tuple[PrizeLine, ...]


@dataclass(frozen=True, slots=True)
class PrizeList:
    """The prize list of an event for the ceremony (Parole art. 6.1)."""

    event_name: str
    after_round: int
    tie_rule: TieRule
    seed: int
    categories: tuple[CategoryList, ...]
    # what decides a tie: the event's code's article, or the director's ruling (tie_article)
    tie_article: Citation | Message

    def to_json(self) -> dict[str, object]:
        """The list as JSON (amounts in cents, prizes in kind as their text)."""
        return {
            "round": self.after_round,
            "tie_rule": self.tie_rule.value,
            "seed": self.seed,
            "categories": [
                {
                    "name": c.name,
                    "rule": c.rule.render(),
                    "prizes": [
                        {
                            "places": list(line.places),
                            "competitor": line.competitor,
                            "name": line.name,
                            "rank": line.rank,
                            "prize": line.prize,
                            "tie": None if line.tie is None else line.tie.value,
                            "tied_with": list(line.tied_with),
                        }
                        for line in c.lines
                    ],
                }
                for c in self.categories
            ],
        }


def rule_text(cat: PrizeCategoryPlan) -> Message:
    """Who may take a category, as the list says it."""
    rule = Eligibility(cat.rule)
    if rule is Eligibility.SENIORS:
        text = msg("seniors: every player born in {year} or earlier", year=cat.param or "")
    elif rule is Eligibility.NEWCOMERS:
        text = msg("newcomers: every player in a first season from {year}", year=cat.param or "")
    elif rule is Eligibility.CATEGORY:
        text = msg("federation category {category}", category=cat.param or "")
    else:
        text = RULE_NAMES[rule]
    if rule is not Eligibility.LISTED and cat.eligible is not None and not cat.eligible:
        return msg("{rule} (no competitor qualifies)", rule=text)
    return text


def prize_text(prize: int | str) -> str:
    """A prize as printed: ``€ 50,00``, or the prize in kind as written."""
    if isinstance(prize, int):
        return f"€ {prize // 100},{prize % 100:02d}"
    return prize


def places_text(places: tuple[int, ...]) -> str:
    """The places of an award: ``1``, or ``2-3`` when tied competitors split two prizes."""
    return str(places[0]) if len(places) == 1 else f"{places[0]}-{places[-1]}"


def prize_list(state: EventState, plan: PrizePlanRecorded | None = None) -> PrizeList:
    """The prize list of the event's recorded plan (or of ``plan``, a preview): the awards of
    :func:`~arbitro.tournament.standings.prizes.allocate` on the standings after the plan's
    round, with names. An ArbitroError if the event has no plan."""
    plan = plan or state.prize_plan
    if plan is None:
        raise ArbitroError("no prize plan recorded for this event", article=article(state.code))
    awards = plan_awards(standings(state, plan.round), plan)
    by_category: dict[str, list[Award]] = {}
    for award in awards:
        by_category.setdefault(award.category, []).append(award)

    def name(c: CompetitorId) -> str:
        return state.competitors[c].name

    return PrizeList(
        state.config.name,
        plan.round,
        TieRule(plan.tie_rule),
        plan.seed,
        tuple(
            CategoryList(
                cat.name,
                rule_text(cat),
                tuple(
                    PrizeLine(
                        a.places,
                        a.competitor,
                        name(a.competitor),
                        a.rank,
                        a.prize,
                        a.tie,
                        tuple(name(c) for c in a.tied_with),
                    )
                    for a in by_category.get(cat.name, [])
                ),
            )
            for cat in plan.categories
        ),
        tie_article(state.code),
    )
